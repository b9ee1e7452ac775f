"""Partly covered hanafuda training crops are drawn as the pipeline crops a card in a pile:
another card laid over part of the face, then all but the rectangle ``cards.visible_band``
keeps painted grey, that rectangle turned to the top where it lies at the far end."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

pytest.importorskip("cv2")
from scorer.training import synth  # noqa: E402


def _card(w: int = 120, h: int = 180) -> np.ndarray:
    """A white BGRA card, opaque everywhere."""
    card = np.full((h, w, 4), 255, np.uint8)
    return card


def _shifted(w: int, h: int, dx: float, dy: float) -> np.ndarray:
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) + [dx, dy]


def test_a_cascades_band_is_the_top_of_the_face() -> None:
    # The card above lies 30 % of the height lower: the top 30 % shows, so the pipeline keeps
    # the whole width from the top down to about 0.3 (the visible centre's error moves it).
    band = synth.shown_band(np.random.default_rng(1), _card(), _shifted(120, 180, 0, 54))
    assert band is not None
    a0, a1, b0, b1 = band
    assert (a0, a1, b0) == (0.0, 1.0, 0.0)
    assert 0.2 < b1 < 0.4


def test_a_fans_band_is_one_side() -> None:
    # The card above reaches 60 % of the way across from the left: the right 40 % shows.
    band = synth.shown_band(np.random.default_rng(2), _card(), _shifted(120, 180, -48, 0))
    assert band is not None
    a0, a1, b0, b1 = band
    assert (a1, b0, b1) == (1.0, 0.0, 1.0)
    assert 0.5 < a0 < 0.7


def test_a_card_showing_under_a_fifth_is_no_training_view() -> None:
    # 10 % shows: the pipeline reports such a card hidden and never reads it.
    assert synth.shown_band(np.random.default_rng(3), _card(), _shifted(120, 180, 0, 18)) is None
    # and one not covered at all is a whole card, not a covered view
    assert synth.shown_band(np.random.default_rng(3), _card(), _shifted(120, 180, 0, 400)) is None


def test_covered_crops_keep_a_band_at_the_top_or_a_side() -> None:
    # Every covered crop is grey outside one rectangle, and that rectangle reaches the top or
    # lies along a side, as pipeline.card_crop hands them to the reader: grey never fills
    # the top rows while the bottom ones show.
    spec = dataclasses.replace(synth.spec_for("hanafuda"), partial=1.0, rot180=0.0,
                               max_rotation=0.0, glare=0.0, restyle=0.0)
    covers = [np.dstack([np.full((180, 120, 3), c, np.uint8), np.full((180, 120), 255, np.uint8)])
              for c in (0, 60)]
    grey_crops = 0
    for seed in range(40):
        crop = synth.render_crop(np.random.default_rng(seed), _card(), spec, covers=covers)
        grey = np.all(crop == synth.HIDDEN_FILL, axis=2)
        if grey.mean() < 0.05:
            continue
        grey_crops += 1
        h = crop.shape[0]
        top, bottom = grey[: h // 6].mean(), grey[-h // 6 :].mean()
        assert top <= bottom + 0.05, seed
    assert grey_crops >= 30  # nearly every draw is covered at partial=1.0
