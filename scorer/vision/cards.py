"""The learned hanafuda/hwatu card detector: an ONNX network run by onnxruntime, and its decoding.

The network (``python -m scorer.vision.train detector --deck hanafuda``, described in
models/README.md) is the tile detector's (``tiles``) with two answers more. Per cell of a grid
``STRIDE`` px apart it gives a score that a card's *visible part* is centred there and, at such
a centre, where the card's whole face lies (its centre, short and long side and direction),
even where other cards cover most of it. A captured pile overlaps: a cascade shows each card's
top band, a fan one side, a heap what the cards above leave; each such part has its own peak,
so touching and overlapping cards stay apart.

``layer`` then says which card lies over which (a card's visible part lies on no card above
it), so that each card's covered part is known: the classifier reads a card's face with that
part painted grey (``pipeline``), and a card showing too little of itself is reported hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from scorer.vision.models import CARD_DETECTOR_MODEL
from scorer.vision.tiles import STRIDE, TileDetector, _overlap, _quad

__all__ = ["CARD_DETECTOR_MODEL", "CardDetector", "CardFace", "decode_cards", "layer"]

# Two peaks are one card seen twice when their whole faces overlap this much (intersection
# over the smaller face) and their visible parts' centres lie within SAME_PART short sides:
# cards of a stack share most of their face, but each shows its own part.
SAME_FACE = 0.85
SAME_PART = 0.3


@dataclass(frozen=True)
class CardFace:
    """One found card: its whole face (TL TR BR BL, input-image px: TL->TR along the short
    side, the top either end), the centre of the part that shows, the peak's score; after
    ``layer``, the cards lying over it (indices) and the share of its face they leave."""

    corners: np.ndarray
    centre: np.ndarray
    score: float
    above: tuple[int, ...] = ()
    fraction: float = 1.0
    # cards this one overlaps with no telling which lies on top (a merge or a misreading)
    tangled: tuple[int, ...] = field(default=())


def decode_cards(maps: np.ndarray, scale: float, threshold: float,
                 size: tuple[int, int] | None = None) -> list[CardFace]:
    """Cards from the network's maps (9, rows, cols) of one image resized by ``scale``: each
    3x3 local maximum of the visible-part score at or above ``threshold``, strongest first,
    a peak dropped where a stronger one is the same card (SAME_FACE, SAME_PART). ``size``
    (w, h): drop parts beyond the photo (its padding)."""
    score = 1.0 / (1.0 + np.exp(-maps[0]))
    pad = np.pad(score, 1, constant_values=0.0)
    rows, cols = score.shape
    neigh = np.max(np.stack([pad[dy:dy + rows, dx:dx + cols]
                             for dy in range(3) for dx in range(3)]), axis=0)
    peaks = np.argwhere((score >= neigh) & (score >= threshold))
    order = np.argsort(-score[peaks[:, 0], peaks[:, 1]])
    cards: list[CardFace] = []
    for iy, ix in peaks[order]:
        px = ix + float(maps[1, iy, ix])
        py = iy + float(maps[2, iy, ix])
        centre = np.array([px, py]) * STRIDE / scale
        if size is not None and not (0 <= centre[0] < size[0] and 0 <= centre[1] < size[1]):
            continue
        short = float(np.exp(np.clip(maps[3, iy, ix], -3, 8))) * STRIDE / scale
        long_ = float(np.exp(np.clip(maps[4, iy, ix], -3, 8))) * STRIDE / scale
        angle = float(np.arctan2(maps[6, iy, ix], maps[5, iy, ix])) / 2
        if short > long_:
            short, long_, angle = long_, short, angle + np.pi / 2
        wx = (px + float(maps[7, iy, ix])) * STRIDE / scale
        wy = (py + float(maps[8, iy, ix])) * STRIDE / scale
        quad = _quad(wx, wy, short, long_, angle)
        if any(_overlap(quad, c.corners) > SAME_FACE
               and float(np.linalg.norm(c.centre - centre)) < SAME_PART * short
               for c in cards):
            continue
        cards.append(CardFace(quad, centre.astype(np.float32), float(score[iy, ix])))
    return cards


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    import cv2

    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32),
                                (float(point[0]), float(point[1])), False) > 0


def covered_share(face: np.ndarray, above: list[np.ndarray], side: int = 48,
                  frame: tuple[int, int] | None = None) -> float:
    """The share of ``face`` (a quad) that the quads ``above`` cover (and, with ``frame``,
    the photo's (w, h), that lies beyond the photo's edge), measured on a ``side``-px-wide
    raster of the face."""
    import cv2

    long_ = int(round(side * np.linalg.norm(face[3] - face[0])
                      / max(1e-6, float(np.linalg.norm(face[1] - face[0])))))
    long_ = max(2, long_)
    dst = np.array([[0, 0], [side, 0], [side, long_], [0, long_]], np.float32)
    m = cv2.getPerspectiveTransform(face.astype(np.float32), dst)
    mask = np.zeros((long_, side), np.uint8)
    for q in above:
        pts = cv2.perspectiveTransform(q.reshape(-1, 1, 2).astype(np.float32), m)
        cv2.fillConvexPoly(mask, np.round(pts.reshape(-1, 2)).astype(np.int32), 1)
    if frame is not None:
        w, h = frame
        photo = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float32)
        inside = np.zeros_like(mask)
        pts = cv2.perspectiveTransform(photo, m).reshape(-1, 2)
        cv2.fillConvexPoly(inside, np.round(pts).astype(np.int32), 1)
        mask |= 1 - inside
    return float(mask.mean())


def layer(cards: list[CardFace]) -> list[CardFace]:
    """Which card lies over which, and the share of each face left in view. Of two cards
    whose faces overlap, the upper one is the one whose visible part lies on the other's face
    (a visible part lies under no card); where both or neither do, the two are ``tangled``:
    one card seen as two, or two cards read as one, and the photo is asked about."""
    above: list[list[int]] = [[] for _ in cards]
    tangled: list[list[int]] = [[] for _ in cards]
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            b = cards[j]
            if _overlap(a.corners, b.corners) <= 0.02:
                continue
            b_on_a, a_on_b = _inside(b.centre, a.corners), _inside(a.centre, b.corners)
            if b_on_a and not a_on_b:
                above[i].append(j)
            elif a_on_b and not b_on_a:
                above[j].append(i)
            elif b_on_a and a_on_b:
                tangled[i].append(j)
                tangled[j].append(i)
    out = []
    for i, c in enumerate(cards):
        share = covered_share(c.corners, [cards[j].corners for j in above[i]]) if above[i] \
            else 0.0
        out.append(CardFace(c.corners, c.centre, c.score, tuple(above[i]), 1.0 - share,
                            tuple(tangled[i])))
    return out


class CardDetector(TileDetector):
    """The shipped card detector (verified against the manifest), or the ONNX file at
    ``path``; ``detect`` answers layered cards."""

    model = CARD_DETECTOR_MODEL

    def detect(self, image: np.ndarray,  # type: ignore[override]
               threshold: float | None = None) -> list[CardFace]:
        maps, scale, size = self.raw(image)
        return layer(decode_cards(maps, scale, self.threshold if threshold is None
                                  else threshold, size))
