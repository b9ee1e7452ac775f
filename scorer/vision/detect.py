"""What the learned detectors' faces become for the pipeline: ``Found`` (one face and its place
among its neighbours), ``DetectResult``, and the shapes faces are cropped to.

Mahjong tiles are found by the learned tile detector (``scorer.vision.tiles``), hanafuda and
hwatu cards by the learned card detector (``scorer.vision.cards``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# The pipeline's warning where the faces the learned detector finds are too small to read.
TOO_SMALL = ("the tiles found are too small to read; photograph them from closer, with "
             "some table around them")

HANAFUDA_ASPECT = 54.0 / 33.0  # long / short side of a physical card
MAHJONG_ASPECT = 4.0 / 3.0  # long / short side of a tile face seen from above


@dataclass(frozen=True)
class CardShape:
    """A card or tile face: a rectangle of this aspect (long / short)."""

    aspect: float
    rows: bool = False  # laid in rows and groups (mahjong)


MAHJONG = CardShape(MAHJONG_ASPECT, rows=True)


@dataclass(frozen=True)
class Found:
    """One detected tile.

    ``corners`` is the face's outline, TL TR BR BL in input-image pixels, ordered so TL->TR
    runs along its short side and TL->BL from its top towards its bottom (the top may be
    either end). ``fraction`` is the share of its length that shows. ``piece`` numbers the
    group of touching faces it belongs to, and ``index`` its place along that piece. ``run``
    numbers the line of side-by-side faces it belongs to (``tiles.arrange``), else -1.
    """

    corners: np.ndarray
    fraction: float = 1.0
    piece: int = 0
    index: int = 0
    run: int = -1


@dataclass
class DetectResult:
    found: list[Found] = field(default_factory=list)
    scale: float = 1.0  # detection image size / input size
    card_width: float = 0.0  # median short side of a face, input pixels
    warnings: list[str] = field(default_factory=list)
