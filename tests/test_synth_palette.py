"""Hanafuda ink reprinting in the training generator (synth.restyle_palette and its parts)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

pytest.importorskip("cv2")
from scorer.training import synth  # noqa: E402


def _card() -> np.ndarray:
    """A 120x180 BGR card: black border, white stock, a green stem and a red flower."""
    img = np.full((180, 120, 3), 245, np.uint8)
    cv2.rectangle(img, (0, 0), (119, 179), (20, 20, 20), 8)
    cv2.line(img, (60, 160), (60, 40), (40, 150, 40), 6)  # green foliage
    cv2.circle(img, (60, 40), 15, (40, 40, 210), -1)  # red flower
    return img


def _region_masks(img: np.ndarray) -> dict[str, np.ndarray]:
    yy, xx = np.mgrid[0:180, 0:120]
    stem = (np.abs(xx - 60) <= 1) & (yy > 70) & (yy < 150)
    flower = (xx - 60) ** 2 + (yy - 40) ** 2 <= 10**2
    inner = (xx > 20) & (xx < 100) & (yy > 20) & (yy < 160) & ~stem & ~flower
    # 7 px clear of the inks: the swap mask is feathered by a few pixels.
    inner &= (np.abs(xx - 60) > 10) & ((xx - 60) ** 2 + (yy - 40) ** 2 > 22**2)
    return {"stem": stem, "flower": flower, "stock": inner}


def test_palette_is_deterministic_with_a_seed() -> None:
    card = _card()
    a = synth.restyle_palette(np.random.default_rng(7), card)
    b = synth.restyle_palette(np.random.default_rng(7), card)
    assert np.array_equal(a, b)


def test_palette_keeps_shape_and_input_and_changes_pixels() -> None:
    card = _card()
    before = card.copy()
    outs = [synth.restyle_palette(np.random.default_rng(s), card) for s in range(20)]
    assert np.array_equal(card, before), "input must not be modified"
    assert all(o.shape == card.shape and o.dtype == np.uint8 for o in outs)
    changed = [float(np.abs(o.astype(int) - card).mean()) for o in outs]
    assert sum(c > 1.0 for c in changed) >= 10, changed


def test_hue_band_swaps_one_ink_and_leaves_the_stock() -> None:
    card = _card()
    m = _region_masks(card)
    for seed in range(10):
        out = synth._recolour_hue_band(np.random.default_rng(seed), card)
        diff = np.abs(out.astype(int) - card).sum(axis=2)
        assert diff[m["stock"]].max() == 0  # white paper is not an ink
        stem_moved = diff[m["stem"]].mean() > 20
        flower_moved = diff[m["flower"]].mean() > 20
        assert stem_moved != flower_moved  # exactly one of the two inks was reprinted


def test_frame_reprint_changes_the_border_only() -> None:
    card = _card()
    m = _region_masks(card)
    for seed in range(10):
        out = synth._recolour_frame(np.random.default_rng(seed), card)
        diff = np.abs(out.astype(int) - card).sum(axis=2)
        assert diff[m["stock"]].max() == 0
        assert diff[m["flower"]].max() == 0
    # The border itself is reprinted, in many different colours across seeds.
    outs = [synth._recolour_frame(np.random.default_rng(s), card)[2, 60] for s in range(10)]
    assert len({tuple(int(v) for v in o) for o in outs}) >= 5


def test_dotted_stock_only_darkens_light_paper() -> None:
    card = _card()
    out = synth._dot_stock(np.random.default_rng(3), card)
    diff = np.abs(out.astype(int) - card).sum(axis=2)
    assert diff.sum() > 0
    grey = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY)
    # Dots are centred on light paper; antialiased rims may touch a pixel or two beside it.
    dark = cv2.erode((grey <= 200).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    assert diff[dark].max() == 0


def test_evaluation_crops_are_not_reprinted() -> None:
    """Benchmarks render with spec_for: palette stays off, so their crops stay comparable."""
    for game in ("hanafuda", "mahjong"):
        assert synth.spec_for(game).palette == 0
    art = np.dstack([_card(), np.full((180, 120), 255, np.uint8)])
    spec = synth.spec_for("hanafuda")
    plain = synth.render_crop(np.random.default_rng(5), art, spec)
    again = synth.render_crop(np.random.default_rng(5), art, dataclasses.replace(spec, palette=0.0))
    reprinted = synth.render_crop(
        np.random.default_rng(5), art, dataclasses.replace(spec, palette=1.0)
    )
    assert np.array_equal(plain, again)
    assert plain.shape == reprinted.shape == (spec.out_h, spec.out_w, 3)
    assert not np.array_equal(plain, reprinted)


def _mean_hsv(img: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(img, cv2.COLOR_BGR2HSV)[mask].astype(float).mean(axis=0)


def test_flowers_change_shade_not_hue_and_foliage_changes_ink() -> None:
    """Red clover stays red in every deck; foliage may go black, brown or another green."""
    card = _card()
    m = _region_masks(card)
    red_hue = _mean_hsv(card, m["flower"])[0]
    foliage_inks = set()
    for seed in range(30):
        out = synth._recolour_hue_band(np.random.default_rng(seed), card)
        h, s, v = _mean_hsv(out, m["flower"])
        hue_gap = min(abs(h - red_hue), 180 - abs(h - red_hue))
        assert hue_gap <= 8 and s > 100, (seed, h, s, v)
        stem = out[m["stem"]].astype(int).mean(axis=0)
        if np.abs(stem - card[m["stem"]].mean(axis=0)).sum() > 20:
            foliage_inks.add(tuple(int(c) // 40 for c in stem))
    assert len(foliage_inks) >= 3  # several different foliage reprints, not one fixed swap
