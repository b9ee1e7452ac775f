"""Synthetic photo-like crops of single cards and tiles, made from flat card art.

Training extra only (numpy + OpenCV). Everything is driven by a `numpy.random.Generator`, so a
seed reproduces the same crops. `make_background` and `photo_augment` are public because the
pipeline helper reuses them to build whole-table scenes.

The art lives outside the repo (../shared/data beside it; see its README for the label schema).
"""

from __future__ import annotations

import csv
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.vision.models import BONUS_MODEL, GAMES

BACKGROUND_KINDS = ("wood", "felt", "cloth", "paper")

# Output crop size (width, height) per game: tiles are about 3:4, hanafuda cards about 2:3.
# The bonus reader sees the tile at 1.5x the first stage's size: at 64x80 a corner numeral is
# about 10 px high after blur and JPEG, and even on fresh synthetic composites the first stage
# named its number only about half the time.
INPUT_SIZE: dict[str, tuple[int, int]] = {
    "mahjong": (64, 80), "hanafuda": (64, 96), BONUS_MODEL: (96, 128),
}  # fmt: skip

HANAFUDA_PLANTS = (
    "pine", "plum", "cherry", "wisteria", "iris", "peony",
    "clover", "pampas", "chrysanthemum", "maple", "willow", "paulownia",
)  # fmt: skip
# Which designed cards each plant has besides its plain junk (README "Label schema").
_HANAFUDA_KINDS = {
    "pine": ("bright", "ribbon"),
    "plum": ("animal", "ribbon"),
    "cherry": ("bright", "ribbon"),
    "wisteria": ("animal", "ribbon"),
    "iris": ("animal", "ribbon"),
    "peony": ("animal", "ribbon"),
    "clover": ("animal", "ribbon"),
    "pampas": ("bright", "animal"),
    "chrysanthemum": ("animal", "ribbon"),
    "maple": ("animal", "ribbon"),
    "willow": ("bright", "animal", "ribbon"),
    "paulownia": ("bright",),
}


def _hanafuda_labels() -> tuple[str, ...]:
    out: list[str] = []
    for plant in HANAFUDA_PLANTS:
        out += [f"{plant}-{kind}" for kind in _HANAFUDA_KINDS[plant]]
        out.append(f"{plant}-junk")  # willow-junk is the lightning card
    out.insert(out.index("paulownia-junk") + 1, "paulownia-junk-double")
    return (*out, "bonus-2", "bonus-3", "back")


HANAFUDA_LABELS = _hanafuda_labels()
MAHJONG_LABELS = (
    *(f"{n}{s}" for s in "mps" for n in range(1, 10)),
    *(f"{n}z" for n in range(1, 8)),
    *(f"{n}f" for n in range(1, 9)),
    "back",
)
# Trained as an explicit class so that table, noise and clutter crops have somewhere to go.
REJECT_LABEL = "none"


def labels_for(game: str) -> tuple[str, ...]:
    """Class labels of a game's model, reject class last; `BONUS_MODEL`: the 8 bonus tiles."""
    if game == BONUS_MODEL:
        return BONUS_LABELS
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    base = HANAFUDA_LABELS if game == "hanafuda" else MAHJONG_LABELS
    return (*base, REJECT_LABEL)


def hanafuda_label(plant: str, kind: str, junk_variant: str) -> str:
    """Class label of one labels.csv row (plant + kind, never the month number)."""
    if kind == "back":
        return "back"
    if kind == "bonus":
        return {"bonus2": "bonus-2", "bonus3": "bonus-3"}[junk_variant]
    if kind == "junk" and junk_variant == "double":
        return "paulownia-junk-double"
    return f"{plant}-{kind}"


def mahjong_label(tile: str) -> str:
    """Red fives are the same tile as the plain five for scoring purposes here."""
    return {"0m": "5m", "0p": "5p", "0s": "5s"}.get(tile, tile)


@dataclass(frozen=True)
class ArtItem:
    label: str
    set: str
    image: np.ndarray  # BGRA uint8, long side <= max_side


def load_art(
    game: str,
    data_dir: Path,
    sets: Sequence[str] | None = None,
    exclude_sets: Sequence[str] = (),
    max_side: int = 256,
) -> list[ArtItem]:
    """Read `<data_dir>/<game>/labels.csv` and its art, shrunk so augmentation stays cheap."""
    root = data_dir / game
    items: list[ArtItem] = []
    with open(root / "labels.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            if row["set"] in exclude_sets or (sets is not None and row["set"] not in sets):
                continue
            if game == "hanafuda":
                label = hanafuda_label(row["plant"], row["kind"], row["junk_variant"])
            else:
                label = mahjong_label(row["tile"])
            img = cv2.imread(str(root / row["file"]), cv2.IMREAD_UNCHANGED)
            if img is None:
                raise FileNotFoundError(root / row["file"])
            items.append(ArtItem(label, row["set"], _to_bgra(img, max_side)))
    return items


def _to_bgra(img: np.ndarray, max_side: int) -> np.ndarray:
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)
    elif img.shape[2] == 3:
        img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    scale = max_side / max(img.shape[:2])
    if scale < 1:
        size = (round(img.shape[1] * scale), round(img.shape[0] * scale))
        img = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
    return img


# ---------------------------------------------------------------------------------------------
# Backgrounds


def _smooth_noise(rng: np.random.Generator, h: int, w: int, cell: float) -> np.ndarray:
    """Value noise in [0, 1]: random grid upsampled, smooth at the scale of `cell` pixels."""
    gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
    grid = rng.random((gh, gw), dtype=np.float32)
    return cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC).clip(0, 1)


def _fractal_noise(rng: np.random.Generator, h: int, w: int, cell: float) -> np.ndarray:
    out = np.zeros((h, w), np.float32)
    amp, total = 1.0, 0.0
    for octave in range(4):
        out += amp * _smooth_noise(rng, h, w, max(2.0, cell / 2**octave))
        total += amp
        amp *= 0.5
    return out / total


def make_background(
    rng: np.random.Generator, h: int, w: int, kind: str | None = None
) -> np.ndarray:
    """A procedural table surface (BGR uint8): wood, felt, cloth or paper; random when None."""
    if kind is None:
        kind = BACKGROUND_KINDS[int(rng.integers(len(BACKGROUND_KINDS)))]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        # Grain: rings along one axis, bent by low-frequency noise.
        angle = rng.uniform(0, math.pi)
        along = xx * math.cos(angle) + yy * math.sin(angle)
        warp = _fractal_noise(rng, h, w, max(h, w) / 3) * rng.uniform(20, 60)
        freq = rng.uniform(0.08, 0.3)
        grain = 0.5 + 0.5 * np.sin((along + warp) * freq)
        grain = grain**3 * 0.6 + _fractal_noise(rng, h, w, 6) * 0.4
        base = np.array([rng.uniform(20, 90), rng.uniform(50, 120), rng.uniform(90, 190)])
        shade = 0.65 + 0.5 * grain[..., None]
        img = base[None, None, :] * shade
    elif kind == "felt":
        hue_colours = ([40, 110, 30], [110, 60, 20], [40, 40, 140], [60, 60, 60], [90, 90, 30])
        base = np.array(hue_colours[int(rng.integers(len(hue_colours)))], np.float32)
        base = base * rng.uniform(0.6, 1.4)
        fine: np.ndarray = rng.normal(0, 1, (h, w)).astype(np.float32)
        fine = cv2.GaussianBlur(fine, (0, 0), 0.8)
        img = base * (0.85 + 0.15 * _fractal_noise(rng, h, w, 30))[..., None]
        img = img + fine[..., None] * rng.uniform(4, 12)
    elif kind == "cloth":
        period = rng.uniform(3, 9)
        weave = np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)
        base = rng.uniform(40, 230, 3)
        second = rng.uniform(40, 230, 3)
        check = rng.random() < 0.5
        if check:  # gingham / tartan-like stripes
            stripe = rng.uniform(10, 40)
            mask = ((xx // stripe + yy // stripe) % 2).astype(np.float32)
            img = base * (1 - mask[..., None]) + second * mask[..., None]
        else:
            img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
        img = img * (0.9 + 0.1 * weave[..., None])
        img = img * (0.85 + 0.3 * _fractal_noise(rng, h, w, 60))[..., None]
    elif kind == "paper":
        base = rng.uniform(190, 250) - np.array([rng.uniform(0, 30), rng.uniform(0, 15), 0])
        fibres = _fractal_noise(rng, h, w, 4)
        img = base * (0.9 + 0.1 * fibres)[..., None] * (
            0.9 + 0.1 * _fractal_noise(rng, h, w, 80)
        )[..., None]
    else:
        raise ValueError(f"unknown background kind {kind!r}; expected one of {BACKGROUND_KINDS}")
    return np.ascontiguousarray(np.clip(img, 0, 255).astype(np.uint8))


# ---------------------------------------------------------------------------------------------
# Photo effects


def photo_augment(rng: np.random.Generator, img: np.ndarray, glare: float = 0.15) -> np.ndarray:
    """Camera and lighting effects on a BGR uint8 image; returns a new BGR uint8 image.

    Lighting gradient, cast shadow, glare spot (probability `glare`: glossy plastic hwatu),
    colour temperature, exposure/gamma, blur, sensor noise, JPEG.
    """
    h, w = img.shape[:2]
    out: np.ndarray = img.astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # Uneven lighting: a linear ramp in a random direction.
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx / max(w, 1) - 0.5) * math.cos(angle) + (yy / max(h, 1) - 0.5) * math.sin(angle)
    out *= (1 + ramp * rng.uniform(0, 0.6))[..., None]
    if rng.random() < 0.3:  # a soft shadow edge, e.g. from a hand or phone
        a2 = rng.uniform(0, 2 * math.pi)
        edge = (xx - rng.uniform(0, w)) * math.cos(a2) + (yy - rng.uniform(0, h)) * math.sin(a2)
        soft = rng.uniform(2, 0.2 * max(h, w))
        shadow = 1 / (1 + np.exp(np.clip(-edge / soft, -50, 50)))
        out *= (1 - rng.uniform(0.2, 0.55) * shadow)[..., None]
    if rng.random() < glare:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sx, sy = rng.uniform(0.05, 0.35) * w, rng.uniform(0.05, 0.35) * h
        spot = np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2))
        out += (spot * rng.uniform(80, 230))[..., None]
    # Colour temperature (warm tungsten to cool shade) and a small random tint.
    temp = rng.uniform(-0.18, 0.18)
    out *= np.array([1 - temp, 1 + rng.uniform(-0.04, 0.04), 1 + temp], np.float32)
    out = out * rng.uniform(0.65, 1.3) + rng.uniform(-25, 25)
    out = np.clip(out, 0, 255)
    gamma = rng.uniform(0.7, 1.4)
    out = 255 * (out / 255) ** gamma
    res: np.ndarray = out.astype(np.uint8)
    r = rng.random()
    if r < 0.35:
        res = cv2.GaussianBlur(res, (0, 0), rng.uniform(0.3, 1.0 + 0.01 * max(h, w)))
    elif r < 0.45:  # motion blur
        k = int(rng.integers(3, 8))
        kern: np.ndarray = np.zeros((k, k), np.float32)
        kern[k // 2, :] = 1 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        kern = cv2.warpAffine(kern, rot, (k, k))
        kern = (kern / max(float(kern.sum()), 1e-6)).astype(np.float32)
        res = cv2.filter2D(res, -1, kern)
    sigma = rng.uniform(0, 10)
    noisy = res.astype(np.float32) + rng.normal(0, sigma, res.shape).astype(np.float32)
    res = np.clip(noisy, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, buf = cv2.imencode(".jpg", res, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(25, 96))])
        if ok:
            res = cv2.imdecode(buf, cv2.IMREAD_COLOR)  # type: ignore[assignment]
    return res


def restyle(rng: np.random.Generator, bgr: np.ndarray, strength: float) -> np.ndarray:
    """Art-style changes that imitate other makers' printing: hue shift, grey, posterise, ink.

    `strength` in [0, 1] scales how often and how far; flowers/seasons get the most, because
    every maker draws them differently.
    """
    out = bgr
    if rng.random() < 0.5 * strength:
        hsv = cv2.cvtColor(out, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180
        sat = hsv[..., 1].astype(np.float32) * rng.uniform(0.5, 1.5)
        hsv[..., 1] = np.clip(sat, 0, 255).astype(np.uint8)
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    r = rng.random()
    if r < 0.15 * strength:
        grey = cv2.cvtColor(out, cv2.COLOR_BGR2GRAY)
        out = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    elif r < 0.25 * strength:  # posterise: flat print with few inks
        levels = int(rng.integers(3, 6))
        step = 256 // levels
        out = ((out // step) * step + step // 2).astype(np.uint8)
    elif r < 0.32 * strength:  # line art: dark strokes on light stock, like pencil decks
        grey = cv2.cvtColor(out, cv2.COLOR_BGR2GRAY)
        edges = cv2.adaptiveThreshold(
            grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, 9, 6
        )
        out = cv2.cvtColor(edges, cv2.COLOR_GRAY2BGR)
    elif r < 0.4 * strength:  # thicker or thinner strokes
        k = np.ones((2, 2), np.uint8)
        out = cv2.erode(out, k) if rng.random() < 0.5 else cv2.dilate(out, k)
    return out


# ---------------------------------------------------------------------------------------------
# Hanafuda print palettes
#
# The same hanafuda drawings are printed by many makers in different inks: foliage green, black
# or brown; reds brighter or darker; frames black, brown-red or red; white or dotted stock
# (compare indygwyn_cards, indygwyn_cards_alt and itsent_hwatu in the data README). A model that
# saw one palette per design reads the drawing by its inks (indygwyn_cards_alt's black-framed,
# dotted clover was read as wisteria, issue #4). `restyle_palette` reprints a card part by part,
# keeping the drawing (shape) unchanged. Flower colours only change shade, never hue: red
# clover vs purple wisteria is the same in every deck, and swapping those teaches the model that
# a red-flowered spray could be wisteria (bench/NOTES.md, "Hanafuda").

# Probability that a hanafuda training crop gets `restyle_palette` (set in classifier.py, like
# PARTIAL_SHARE); the evaluation crops of `spec_for` keep 0, so benchmarks see the art as drawn.
PALETTE_SHARE = 0.4
# Inks a frame may be reprinted in (BGR): black, dark brown, brown-red, red, green, dark blue,
# purple, ochre. Other colours are drawn at random.
_PRINT_INKS = (
    (20, 20, 20), (25, 40, 70), (40, 40, 150), (40, 30, 210), (60, 140, 60), (110, 50, 30),
    (130, 60, 120), (40, 150, 200),
)  # fmt: skip
# Inks foliage is printed in (BGR): black, dark grey, dark green, green, olive, brown, teal.
_FOLIAGE_INKS = (
    (20, 20, 20), (70, 70, 70), (40, 90, 30), (70, 160, 80), (40, 120, 110), (30, 60, 100),
    (110, 120, 40),
)  # fmt: skip
# OpenCV hues (0-180) of foliage: yellow-green to blue-green.
_FOLIAGE_HUES = (30.0, 95.0)


def _ink_colour(rng: np.random.Generator, inks: Sequence[tuple[int, int, int]]) -> np.ndarray:
    if rng.random() < 0.75:
        base = np.array(inks[int(rng.integers(len(inks)))], np.float32)
        return np.clip(base + rng.normal(0, 15, 3), 0, 255).astype(np.float32)
    return rng.uniform(0, 255, 3).astype(np.float32)


def _recolour_hue_band(rng: np.random.Generator, bgr: np.ndarray) -> np.ndarray:
    """Reprint one ink: the pixels of one saturated hue band change, their shading kept.

    Foliage (green hues) gets another foliage ink, black included; any other ink (flowers,
    ribbons, animals) only gets darker or lighter and a little warmer or cooler.
    """
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    hue, sat, val = (hsv[..., i].astype(np.float32) for i in range(3))
    inked = (sat > 70) & (val > 50)
    if not inked.any():
        return bgr.copy()
    # Centre the band on a hue the card really has (a random inked pixel), so the swap shows.
    ys, xs = np.nonzero(inked)
    k = int(rng.integers(len(ys)))
    centre = hue[ys[k], xs[k]]
    dist = np.abs(hue - centre)
    dist = np.minimum(dist, 180 - dist)
    width = rng.uniform(8, 20)
    mask = np.clip((width - dist) / 4, 0, 1) * np.clip((sat - 50) / 40, 0, 1)
    mask = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), 0.7)[..., None]
    if _FOLIAGE_HUES[0] <= centre <= _FOLIAGE_HUES[1]:
        ink = _ink_colour(rng, _FOLIAGE_INKS)
        # Keep the drawing's shading: scale the new ink by how light each pixel was.
        light = (val / max(float(np.percentile(val[inked], 90)), 1.0)).clip(0, 1.3)[..., None]
        new = ink[None, None, :] * light
    else:
        shade = rng.uniform(0.45, 0.85) if rng.random() < 0.7 else rng.uniform(1.1, 1.3)
        shifted = np.stack([
            (hue + rng.uniform(-6, 6)) % 180,
            np.clip(sat * rng.uniform(0.7, 1.2), 0, 255),
            np.clip(val * shade, 0, 255),
        ], axis=2).astype(np.uint8)  # fmt: skip
        new = cv2.cvtColor(shifted, cv2.COLOR_HSV2BGR).astype(np.float32)
    out = bgr.astype(np.float32) * (1 - mask) + new * mask
    return np.clip(out, 0, 255).astype(np.uint8)


def _recolour_frame(rng: np.random.Generator, bgr: np.ndarray) -> np.ndarray:
    """Reprint the card's border: pixels near the edge with the border's colour get a new one."""
    h, w = bgr.shape[:2]
    side = min(h, w)
    d = max(1, int(0.02 * side))
    # The border colour: median along the four edges, corners left out (transparent there).
    cy, cx = int(0.2 * h), int(0.2 * w)
    ring = np.concatenate([
        bgr[d, cx:w - cx], bgr[h - 1 - d, cx:w - cx], bgr[cy:h - cy, d], bgr[cy:h - cy, w - 1 - d],
    ])  # fmt: skip
    border = np.median(ring, axis=0).astype(np.float32)
    band = int(rng.uniform(0.05, 0.1) * side)
    near = np.zeros((h, w), np.float32)
    near[:band], near[-band:], near[:, :band], near[:, -band:] = 1, 1, 1, 1
    close = np.abs(bgr.astype(np.float32) - border).sum(axis=2) < 90
    mask = cv2.GaussianBlur(near * close, (0, 0), 0.7)[..., None]
    ink = (
        np.full(3, rng.uniform(235, 255), np.float32)
        if rng.random() < 0.15
        else _ink_colour(rng, _PRINT_INKS)
    )
    out = bgr.astype(np.float32) * (1 - mask) + ink * mask
    return np.clip(out, 0, 255).astype(np.uint8)


def _dot_stock(rng: np.random.Generator, bgr: np.ndarray) -> np.ndarray:
    """Scatter small dark dots over the light paper, like the dotted grounds of some decks."""
    out = bgr.copy()
    h, w = out.shape[:2]
    light = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY) > 200
    n = int(rng.uniform(0.5, 3) * h * w / 1000)
    colour = tuple(float(c) for c in _ink_colour(rng, _PRINT_INKS) * 0.6)
    radius = max(1, round(min(h, w) / 150))
    for x, y in zip(rng.integers(0, w, n), rng.integers(0, h, n), strict=True):
        if light[y, x]:
            cv2.circle(out, (int(x), int(y)), radius, colour, -1, cv2.LINE_AA)
    return out


def restyle_palette(rng: np.random.Generator, bgr: np.ndarray) -> np.ndarray:
    """Another maker's print of the same hanafuda drawing (BGR uint8 in, new BGR uint8 out).

    Each step is independent: one or two inks swapped (foliage to black, flowers to another
    colour), the border reprinted, saturation changed, dots on the stock. Shape is untouched.
    """
    out = bgr
    if rng.random() < 0.75:
        for _ in range(int(rng.integers(1, 3))):
            out = _recolour_hue_band(rng, out)
    if rng.random() < 0.4:
        out = _recolour_frame(rng, out)
    if rng.random() < 0.3:
        hsv = cv2.cvtColor(out, cv2.COLOR_BGR2HSV)
        sat = hsv[..., 1].astype(np.float32) * rng.uniform(0.3, 1.6)
        hsv[..., 1] = np.clip(sat, 0, 255).astype(np.uint8)
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    if rng.random() < 0.2:
        out = _dot_stock(rng, out)
    return out if out is not bgr else bgr.copy()


# ---------------------------------------------------------------------------------------------
# Crops


@dataclass(frozen=True)
class CropSpec:
    """How a crop is framed; defaults suit a single card handed to the classifier."""

    out_w: int
    out_h: int
    rot180: float = 0.0  # probability of a card upside down
    max_rotation: float = 7.0  # degrees; the detector rectifies, so only residual tilt is left
    glare: float = 0.15
    restyle: float = 0.15
    inset: float = 0.0  # mean extra crop into the face (mahjong photos crop to the face)
    partial: float = 0.0  # probability of a partly covered view, see PARTIAL_SHARE
    palette: float = 0.0  # probability of restyle_palette (hanafuda inks), see PALETTE_SHARE
    faces: bool = False  # framed along a detector's face, as pipeline.card_crop (FACE_ERROR)


# Captured piles overlap: a cascade shows each card's top third, a fan one side (30-50 % of its
# width), a heap whatever the cards above leave. The pipeline crops a card's whole face (the
# learned card detector gives it) and paints all but a rectangle of it HIDDEN_FILL grey: the
# rectangle centred on the visible part's centre and reaching the face's nearer edges
# (cards.visible_band), turned to the top where it lies at the far end (pipeline.card_crop).
# So a share of hanafuda training crops (PARTIAL_SHARE, set in classifier.py) are drawn the
# same way: another card (a card of the art, or a plain back) laid over part of the face as a
# pile lays it, then that same rectangle of what shows kept, its centre a little off as a
# detector's is. Such a crop is read from what shows; where that part does not tell two
# cards apart (the junk cards of a month, paulownia's plain and double junk differ at the
# bottom), the model learns to split its belief between them.
PARTIAL_SHARE = 0.45
# Share of the face left visible: a cascade's top band, a fan's side band, a heap's rest.
PARTIAL_BAND = (0.22, 0.55)
PARTIAL_SIDE = (0.28, 0.55)
PARTIAL_HEAP = (0.2, 0.9)  # share of the face a heap's covering card leaves
PARTIAL_CENTRE_NOISE = 0.03  # sd of the visible centre's error, as a share of each side
HIDDEN_FILL = 128  # grey of a covered part in a crop (pipeline.HIDDEN_FILL reads this)
# A hanafuda crop is framed as the pipeline frames a found card: warped from the card detector's
# whole face, each corner of it off the truth along the short and long side by these standard
# deviations (shares of each side), larger for a partly covered card, whose hidden extent the
# detector infers. Measured on the selection piles (bench/card_piles.py SELECTION_SEEDS, 10 a
# layout, the root mean square of each card's corners): the shipped detector's corners are off
# by 0.061 / 0.041 on whole cards and 0.130 / 0.095 on cards showing 8-95 % (bench/NOTES.md,
# "Framed as the GPU-trained detector frames").
FACE_ERROR = (0.06, 0.04)
COVERED_FACE_ERROR = (0.13, 0.095)


def spec_for(game: str) -> CropSpec:
    w, h = INPUT_SIZE[game]
    if game == "hanafuda":
        return CropSpec(w, h, rot180=0.5, glare=0.35, restyle=0.12, faces=True)
    return CropSpec(w, h, rot180=0.0, glare=0.2, restyle=0.15, inset=0.05)


def _occlude(rng: np.random.Generator, img: np.ndarray, quad: np.ndarray) -> None:
    """Cover part of the card edge with a finger-, coin- or card-like blob, in place."""
    h, w = img.shape[:2]
    i = int(rng.integers(4))
    p0, p1 = quad[i], quad[(i + 1) % 4]
    t = rng.uniform(0.1, 0.9)
    cx, cy = p0 + (p1 - p0) * t
    side = float(np.linalg.norm(quad[2] - quad[0]))
    axes = (int(rng.uniform(0.06, 0.16) * side), int(rng.uniform(0.1, 0.25) * side))
    skin = rng.random() < 0.5
    colour = (
        (rng.uniform(90, 190), rng.uniform(120, 200), rng.uniform(170, 240))
        if skin
        else tuple(rng.uniform(0, 255, 3))
    )
    cv2.ellipse(
        img, (int(cx), int(cy)), axes, rng.uniform(0, 180), 0, 360,
        tuple(float(c) for c in colour), -1, cv2.LINE_AA,
    )  # fmt: skip
    del h, w


def covering_quad(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Where the card laid over a ``w`` x ``h`` face lies, in the face's pixels (4x2, TL TR BR
    BL): below a cascade's top band, beside a fan's side band, both (a fanned cascade), or
    turned anywhere over it (a heap)."""
    r = rng.random()
    shift = np.zeros(2)
    turn = rng.normal(0, 2.5)  # degrees: a pile's cards lie nearly, not exactly, parallel
    if r < 0.35:  # cascade: the top band shows
        shift = np.array([rng.normal(0, 0.04) * w, rng.uniform(*PARTIAL_BAND) * h])
    elif r < 0.65:  # fan: one side shows
        side = rng.uniform(*PARTIAL_SIDE) * w
        shift = np.array([side if rng.random() < 0.5 else -side, rng.normal(0, 0.04) * h])
    elif r < 0.8:  # a cascade fanned too: a top band and one side
        side = rng.uniform(0.3, 0.6) * w
        shift = np.array([side if rng.random() < 0.5 else -side, rng.uniform(0.35, 0.6) * h])
    else:  # heap: another card, turned, lies over part of this one
        turn = rng.uniform(0, 180)
        shift = np.array([rng.uniform(-0.8, 0.8) * w, rng.uniform(-0.8, 0.8) * h])
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) - [w / 2, h / 2]
    a = np.deg2rad(turn)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return corners @ rot.T + [w / 2, h / 2] + shift


def _lay_over(rng: np.random.Generator, card: np.ndarray, cover: np.ndarray | None,
              quad: np.ndarray) -> np.ndarray:
    """``card`` (BGRA) with ``cover`` (another card's BGRA art, or None for a plain back)
    drawn over it at ``quad``; what lies beyond the card's edge is not drawn."""
    h, w = card.shape[:2]
    out = card.copy()
    face: np.ndarray
    mask: np.ndarray
    if cover is None:
        face = np.zeros((h, w, 3), np.uint8)
        face[:] = rng.uniform(0, 255, 3)
        mask = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
    else:
        ch, cw = cover.shape[:2]
        src = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        face = cv2.warpPerspective(np.ascontiguousarray(cover[..., :3]), m, (w, h))
        mask = cv2.warpPerspective(np.ascontiguousarray(cover[..., 3]), m, (w, h))
    f = mask.astype(np.float32)[..., None] / 255
    out[..., :3] = (out[..., :3] * (1 - f) + face * f).astype(np.uint8)
    return out


def visible_centre(rng: np.random.Generator, card: np.ndarray, quad: np.ndarray
                   ) -> np.ndarray | None:
    """The centre (x, y in ``card``'s pixels) of what shows of ``card`` with a card over
    ``quad``, off by a detector's error (PARTIAL_CENTRE_NOISE); None where under a fifth of
    the card shows (the pipeline reports such a card hidden) or nearly all of it."""
    h, w = card.shape[:2]
    covered = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(covered, np.round(quad).astype(np.int32), 1)
    shows = (card[..., 3] > 127) & (covered == 0)
    share = float(shows.mean())
    if share < PARTIAL_HEAP[0] or share > PARTIAL_HEAP[1] + 0.05:
        return None
    ys, xs = np.nonzero(shows)
    return np.array([xs.mean(), ys.mean()]) + rng.normal(0, PARTIAL_CENTRE_NOISE, 2) * [w, h]


def shown_band(rng: np.random.Generator, card: np.ndarray, quad: np.ndarray
               ) -> tuple[float, float, float, float] | None:
    """The rectangle of ``card``'s face (shares: across from, to, down from, to) the pipeline
    keeps of it with a card over ``quad`` (``cards.visible_band`` of ``visible_centre``), the
    face itself exact; None where ``visible_centre`` is."""
    from scorer.vision.cards import snap, visible_band

    centre = visible_centre(rng, card, quad)
    if centre is None:
        return None
    h, w = card.shape[:2]
    face = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    return snap(visible_band(face, centre))


def _face_crop(rng: np.random.Generator, image: np.ndarray, quad: np.ndarray,
               centre: np.ndarray | None, spec: CropSpec) -> np.ndarray:
    """``image``'s card at ``quad`` (TL TR BR BL) as pipeline.card_crop hands it to the reader:
    warped from a face whose corners are off the truth by FACE_ERROR (COVERED_FACE_ERROR with
    a visible ``centre``), all but ``cards.visible_band`` of ``centre`` painted HIDDEN_FILL
    grey, turned round where that band lies at the far end."""
    from scorer.vision.cards import snap, visible_band

    su, sv = FACE_ERROR if centre is None else COVERED_FACE_ERROR
    q = quad.astype(np.float64)
    noise = rng.normal(0, 1, (4, 2)) * [su, sv]
    face = q + noise[:, :1] * (q[1] - q[0]) + noise[:, 1:] * (q[3] - q[0])
    band = (0.0, 1.0, 0.0, 1.0) if centre is None else snap(visible_band(face, centre))
    a0, a1, b0, b1 = band
    if b0 > 0.0 and b1 >= 1.0:  # the band lies at the far end: turn the face round
        face = np.roll(face, 2, axis=0)
        a0, a1, b0, b1 = 1.0 - a1, 1.0 - a0, 0.0, 1.0 - b0
    w, h = 2 * spec.out_w, 2 * spec.out_h
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(face.astype(np.float32), dst)
    crop = cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=(HIDDEN_FILL,) * 3)
    crop = photo_augment(rng, crop, glare=spec.glare)
    crop = cv2.resize(crop, (spec.out_w, spec.out_h), interpolation=cv2.INTER_AREA)
    if centre is not None:
        keep = np.zeros(crop.shape[:2], bool)
        oh, ow = crop.shape[:2]
        rows, cols = slice(round(b0 * oh), round(b1 * oh)), slice(round(a0 * ow), round(a1 * ow))
        keep[rows, cols] = True
        crop[~keep] = HIDDEN_FILL
    return crop


def render_crop(
    rng: np.random.Generator,
    art: np.ndarray,
    spec: CropSpec,
    background: np.ndarray | None = None,
    restyle_strength: float | None = None,
    covers: Sequence[np.ndarray] = (),
) -> np.ndarray:
    """One photo-like crop (BGR uint8, spec size) of a BGRA card image on a table; with
    ``spec.partial``, some of them partly covered by one of ``covers`` (other cards' BGRA
    art) or a plain back."""
    strength = spec.restyle if restyle_strength is None else restyle_strength
    card = art
    if rng.random() < spec.rot180:
        card = cv2.rotate(card, cv2.ROTATE_180)
    bgr = restyle(rng, np.ascontiguousarray(card[..., :3]), strength)
    if spec.palette > 0 and rng.random() < spec.palette:  # no extra draw when 0
        bgr = restyle_palette(rng, bgr)
    alpha = card[..., 3]
    centre = None
    if spec.partial > 0 and rng.random() < spec.partial:  # no extra draw: mahjong crops unchanged
        for _ in range(10):
            over = covering_quad(rng, card.shape[1], card.shape[0])
            centre = visible_centre(rng, card, over)
            if centre is not None:
                break
        if centre is not None:  # what covers it: another card's face, or a plain back
            cover = None
            if covers and rng.random() < 0.7:
                cover = covers[int(rng.integers(len(covers)))]
            if cover is not None and rng.random() < 0.5:
                cover = cv2.rotate(cover, cv2.ROTATE_180)
            bgr = _lay_over(rng, np.dstack([bgr, alpha]), cover, over)[..., :3]
    # Work at about twice the output size, then shrink: keeps warps cheap and sharp enough.
    ch = spec.out_h * 2 * rng.uniform(0.8, 1.1)
    cw = ch * card.shape[1] / card.shape[0]
    margin = 0.3 * ch
    cw_i, ch_i = int(cw + 2 * margin), int(ch + 2 * margin)
    rect = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32) + margin
    jitter = rng.normal(0, 0.025, (4, 2)).astype(np.float32) * np.array([cw, ch], np.float32)
    quad = rect + jitter
    rot = cv2.getRotationMatrix2D(
        (cw_i / 2, ch_i / 2), rng.uniform(-spec.max_rotation, spec.max_rotation), 1.0
    )
    quad = (np.hstack([quad, np.ones((4, 1), np.float32)]) @ rot.T).astype(np.float32)
    src = np.array(
        [[0, 0], [card.shape[1], 0], [card.shape[1], card.shape[0]], [0, card.shape[0]]],
        np.float32,
    )
    m = cv2.getPerspectiveTransform(src, quad)
    if background is None:
        canvas = make_background(rng, ch_i, cw_i)
    else:
        y = int(rng.integers(0, max(1, background.shape[0] - ch_i)))
        x = int(rng.integers(0, max(1, background.shape[1] - cw_i)))
        canvas = background[y : y + ch_i, x : x + cw_i]
        if canvas.shape[:2] != (ch_i, cw_i):
            canvas = cv2.resize(canvas, (cw_i, ch_i))
        canvas = canvas.copy()
    if rng.random() < 0.3:  # low-resolution source: lose detail before the warp
        f = rng.uniform(0.25, 0.6)
        small = cv2.resize(bgr, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        bgr = cv2.resize(small, (bgr.shape[1], bgr.shape[0]), interpolation=cv2.INTER_LINEAR)
    face = cv2.warpPerspective(bgr, m, (cw_i, ch_i), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(alpha, m, (cw_i, ch_i), flags=cv2.INTER_LINEAR)
    mask_f = mask.astype(np.float32)[..., None] / 255
    # Drop shadow under the card.
    off = rng.normal(0, 0.03 * ch, 2)
    shift = np.array([[1, 0, off[0]], [0, 1, off[1]]], np.float32)
    shadow = cv2.warpAffine(mask, shift, (cw_i, ch_i))
    shadow = cv2.GaussianBlur(shadow, (0, 0), 2 + 0.02 * ch).astype(np.float32)[..., None] / 255
    out = canvas.astype(np.float32) * (1 - rng.uniform(0.2, 0.5) * shadow)
    out = out * (1 - mask_f) + face.astype(np.float32) * mask_f
    out_u8 = out.astype(np.uint8)
    if rng.random() < 0.15:
        _occlude(rng, out_u8, quad)
    if spec.faces or centre is not None:  # a covered card is always framed as found
        seen = None if centre is None else cv2.perspectiveTransform(
            centre.reshape(1, 1, 2).astype(np.float32), m)[0, 0].astype(np.float64)
        return _face_crop(rng, out_u8, quad, seen, spec)
    # Frame: the card's bounding box, each side moved in or out a little (imperfect detection).
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    bw, bh = x1 - x0, y1 - y0
    d = rng.normal(spec.inset, 0.035, 4)
    x0, x1 = x0 + d[0] * bw, x1 - d[1] * bw
    y0, y1 = y0 + d[2] * bh, y1 - d[3] * bh
    x0, y0 = int(max(0, x0)), int(max(0, y0))
    x1, y1 = int(min(cw_i, max(x0 + 4, x1))), int(min(ch_i, max(y0 + 4, y1)))
    crop: np.ndarray = photo_augment(rng, out_u8[y0:y1, x0:x1], glare=spec.glare)
    crop = cv2.resize(crop, (spec.out_w, spec.out_h), interpolation=cv2.INTER_AREA)
    return crop


def render_reject(
    rng: np.random.Generator, spec: CropSpec, background: np.ndarray | None = None
) -> np.ndarray:
    """A crop that is not a card: table, blank, noise or clutter."""
    h, w = spec.out_h, spec.out_w
    r = rng.random()
    if r < 0.4:
        if background is not None and background.shape[0] > h * 2 and background.shape[1] > w * 2:
            s = rng.uniform(1, min(background.shape[0] / h, background.shape[1] / w))
            ph, pw = int(h * s), int(w * s)
            y = int(rng.integers(0, background.shape[0] - ph + 1))
            x = int(rng.integers(0, background.shape[1] - pw + 1))
            img = cv2.resize(background[y : y + ph, x : x + pw], (w, h))
        else:
            img = make_background(rng, h, w)
    elif r < 0.6:
        img = np.empty((h, w, 3), np.uint8)
        img[:] = rng.integers(0, 256, 3).astype(np.uint8)
    elif r < 0.8:
        img = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        if rng.random() < 0.5:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 3))
    else:  # clutter: random strokes and blobs
        img = make_background(rng, h, w)
        for _ in range(int(rng.integers(2, 8))):
            colour = tuple(float(c) for c in rng.integers(0, 256, 3))
            p = tuple(int(v) for v in rng.integers(0, [w, h]))
            q = tuple(int(v) for v in rng.integers(0, [w, h]))
            if rng.random() < 0.5:
                cv2.line(img, p, q, colour, int(rng.integers(1, 6)), cv2.LINE_AA)
            else:
                cv2.circle(img, p, int(rng.integers(3, 20)), colour, -1, cv2.LINE_AA)
    return photo_augment(rng, img)


# ---------------------------------------------------------------------------------------------
# Mahjong bonus tiles (flowers 1f-4f, seasons 5f-8f): compositional generator
#
# Every maker draws bonus tiles differently, so a model trained on the art sets' own tiles learns
# those few paintings and fails on real tiles (issue #4). What real makers share is a numeral 1-4
# in a corner (Arabic, or Chinese 一二三四), the characters 梅蘭菊竹 / 春夏秋冬, and for flowers
# the plant. `compose_bonus_tile` builds new tiles out of those parts: a fresh tile body, the
# painting of the same class from some art set (recoloured, rescaled, moved), a numeral drawn in a
# random corner/colour/weight, and often a small character glyph cut from `GLYPH_SET`'s art.

BONUS_LABELS = tuple(f"{n}f" for n in range(1, 9))
# gnome_smooth shows each bonus tile as one large character in a frame (梅蘭菊竹 春夏秋冬).
GLYPH_SET = "gnome_smooth"
# Size the composite is drawn at (width, height); render_crop shrinks it like any art.
BONUS_TILE_SIZE = (150, 200)
# Inks seen on real bonus tiles (BGR): red, blue, green, black, dark gold, purple.
_INKS = (
    (40, 40, 200), (170, 60, 30), (50, 130, 30), (25, 25, 25), (30, 120, 170), (120, 40, 110),
)  # fmt: skip
_HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)  # fmt: skip
# Arabic numerals on real tiles come in many typefaces (serif, bold, brush), and a reader that
# only saw OpenCV's four Hershey stroke fonts read a bold sans "3" on art it never saw as 2. So
# the `fonts` recipe also draws numerals in the TrueType fonts (Pillow, training extra) found in
# these folders; `numeral_fonts` lists what a run used. On its own that recipe read held-out art
# no better, but its networks miss other real tiles than the Hershey ones, so the reader
# averages both (READER_RECIPES).
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
             Path.home() / ".fonts", Path("/Library/Fonts"), Path("C:/Windows/Fonts"))  # fmt: skip
# Share of Arabic numerals drawn in a Hershey font when TrueType fonts are available.
HERSHEY_SHARE = 0.3


def numeral_fonts() -> tuple[str, ...]:
    """TrueType/OpenType font files (sorted) that can draw the digits 1-4, if Pillow is here."""
    try:
        from PIL import ImageFont
    except ImportError:
        return ()
    found = []
    for d in FONT_DIRS:
        if d.is_dir():
            found += [p for p in d.rglob("*") if p.suffix.lower() in (".ttf", ".otf")]
    usable = []
    for path in sorted(set(found)):
        try:
            font = ImageFont.truetype(str(path), 32)
            if font.getbbox("1234")[2] > 0:
                usable.append(str(path))
        except OSError:
            continue
    return tuple(usable)


def bonus_number(label: str) -> int:
    """The numeral 1-4 printed on a bonus tile: flower n is `{n}f`, season n is `{n+4}f`."""
    if label not in BONUS_LABELS:
        raise ValueError(f"{label!r} is not a bonus tile; expected one of {BONUS_LABELS}")
    return (int(label[0]) - 1) % 4 + 1


def _ink_mask(bgr: np.ndarray, alpha: np.ndarray, lo: float = 25, hi: float = 60) -> np.ndarray:
    """Soft mask (float32 0-1) of what is printed on a tile face: distance from the body colour.

    The body colour is the most frequent colour (16 levels a channel): the plain face covers
    more of a tile than any one ink, also on dark faces (kde_jade) and tinted ones
    (gnome_postmodern). A pixel fades from body to ink between colour distances `lo` and `hi`
    (sum of |BGR| differences); the low-resolution scans (xmahjongg_real_sanctuary) keep ~15 of
    noise below `lo`.
    """
    q = (bgr // 16).reshape(-1, 3).astype(np.int32)
    codes = q[:, 0] * 256 + q[:, 1] * 16 + q[:, 2]
    top = int(np.bincount(codes).argmax())
    body = bgr.reshape(-1, 3)[codes == top].mean(axis=0)
    dist = np.abs(bgr.astype(np.float32) - body).sum(axis=2)
    mask = np.clip((dist - lo) / (hi - lo), 0, 1)
    return (mask * (alpha.astype(np.float32) / 255)).astype(np.float32)


def _is_dark(bgr: np.ndarray, mask: np.ndarray) -> bool:
    """Whether the face under the painting is dark (light ink on it would vanish on ivory)."""
    body = bgr[mask < 0.1]
    return bool(len(body) and float(body.mean()) < 110)


# Share of a tile's height at its top and at its bottom where the art sets print their marks.
MARK_BANDS = (0.26, 0.2)


def extract_painting(
    art: np.ndarray, box: float = 0.13, marks: bool = True,
    bands: tuple[float, float] = MARK_BANDS,
) -> tuple[np.ndarray, np.ndarray]:
    """The printed part of a tile face: (BGR crop, soft ink mask), cropped to the ink.

    `box` is the margin cut from each side first: it removes the tile body's rounded edges and
    3-D sides (up to ~12 % on kde_* and gnome_*), which would otherwise count as ink.
    With `marks=False` only the band between `bands` (top and bottom shares of the height,
    `MARK_BANDS` by default) is kept: the art prints its marks above and below the picture
    (numerals top left or right on kde_default, samoheen_hongkong and gnome_postmodern; words
    on top on kde_classic and dorothys, below on kde_traditional).
    """
    h, w = art.shape[:2]
    y0, y1, x0, x1 = int(h * box), int(h * (1 - box)), int(w * box), int(w * (1 - box))
    if not marks:
        y0, y1 = int(h * bands[0]), int(h * (1 - bands[1]))
    bgr = np.ascontiguousarray(art[y0:y1, x0:x1, :3])
    alpha = art[y0:y1, x0:x1, 3] if art.shape[2] == 4 else np.full(bgr.shape[:2], 255, np.uint8)
    mask = _ink_mask(bgr, alpha)
    ys, xs = np.nonzero(mask > 0.3)
    if len(ys) == 0:  # a blank face (e.g. a faint winter tile): keep the whole region
        return bgr, mask
    return bgr[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], mask[
        ys.min() : ys.max() + 1, xs.min() : xs.max() + 1
    ]


def extract_glyph(art: np.ndarray) -> np.ndarray:
    """The large character of a `GLYPH_SET` tile as a soft mask, cropped to its strokes.

    gnome_smooth draws it inside a dark frame (x 22-83, y 12-108 of its 96x132 tiles); the
    inside of that frame, 28-82 % of the width by 13-78 % of the height, holds only the character.
    """
    h, w = art.shape[:2]
    region = art[int(h * 0.13) : int(h * 0.78), int(w * 0.28) : int(w * 0.82)]
    alpha = region[..., 3] if region.shape[2] == 4 else np.full(region.shape[:2], 255, np.uint8)
    mask = _ink_mask(np.ascontiguousarray(region[..., :3]), alpha)
    ys, xs = np.nonzero(mask > 0.3)
    if len(ys) == 0:
        raise ValueError("no character found on the glyph tile")
    return np.ascontiguousarray(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


def bonus_glyphs(items: Sequence[ArtItem]) -> dict[str, np.ndarray]:
    """Character masks per bonus label, from the `GLYPH_SET` items among `items` (may be empty)."""
    return {it.label: extract_glyph(it.image) for it in items
            if it.set == GLYPH_SET and it.label in BONUS_LABELS}


def _chinese_numeral_strokes(n: int, w: float, h: float) -> list[list[tuple[float, float]]]:
    """Polylines of 一二三四 in a w x h box (no CJK font on the build machine, so drawn)."""
    if n == 1:
        return [[(0.05 * w, 0.5 * h), (0.95 * w, 0.47 * h)]]
    if n == 2:
        return [[(0.2 * w, 0.28 * h), (0.8 * w, 0.26 * h)],
                [(0.02 * w, 0.78 * h), (0.98 * w, 0.76 * h)]]
    if n == 3:
        return [[(0.12 * w, 0.12 * h), (0.88 * w, 0.1 * h)],
                [(0.25 * w, 0.5 * h), (0.75 * w, 0.48 * h)],
                [(0.02 * w, 0.9 * h), (0.98 * w, 0.88 * h)]]
    # 四: a box with two legs hanging from its top, the right one hooked.
    return [[(0.05 * w, 0.1 * h), (0.05 * w, 0.95 * h), (0.95 * w, 0.95 * h),
             (0.95 * w, 0.1 * h), (0.05 * w, 0.1 * h)],
            [(0.38 * w, 0.1 * h), (0.34 * w, 0.45 * h), (0.18 * w, 0.68 * h)],
            [(0.62 * w, 0.1 * h), (0.62 * w, 0.6 * h), (0.82 * w, 0.65 * h)]]


def draw_numeral(
    mask: np.ndarray,
    n: int,
    box: tuple[int, int, int, int],
    chinese: bool,
    weight: float,
    font: int | str = cv2.FONT_HERSHEY_SIMPLEX,
) -> None:
    """Draw the numeral `n` (1-4) at 255 inside `box` = (x, y, w, h) of a uint8 mask, in place.

    Arabic numerals use an OpenCV Hershey stroke font (`font` an int, `cv2.FONT_ITALIC` may be
    or-ed in) or a TrueType file (`font` a path, see `numeral_fonts`); Chinese ones are drawn
    stroke by stroke. `weight` in [0, 1] goes from hairline to heavy.
    """
    x, y, w, h = box
    if isinstance(font, str):
        if not chinese:
            _draw_truetype(mask, str(n), box, font, weight)
            return
        font = cv2.FONT_HERSHEY_SIMPLEX  # unused: Chinese numerals are strokes
    thick = max(1, round(h * (0.06 + 0.12 * weight)))
    if chinese:
        for line in _chinese_numeral_strokes(n, w - thick, h - thick):
            pts = np.array([(x + thick / 2 + px, y + thick / 2 + py) for px, py in line])
            cv2.polylines(mask, [pts.round().astype(np.int32)], False, 255, thick, cv2.LINE_AA)
        return
    text = str(n)
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
    scale = min((h - thick) / max(th, 1), (w - thick) / max(tw, 1))
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    org = (int(x + (w - tw) / 2), int(y + (h + th) / 2))
    cv2.putText(mask, text, org, font, scale, 255, thick, cv2.LINE_AA)


@functools.lru_cache(maxsize=512)
def _truetype(path: str, size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(path, size)


def _draw_truetype(
    mask: np.ndarray, text: str, box: tuple[int, int, int, int], path: str, weight: float
) -> None:
    """`text` in the font file `path`, scaled to fit `box` and centred in it, at 255 in `mask`."""
    from PIL import Image, ImageDraw

    x, y, w, h = box
    if w < 2 or h < 2:
        return
    stroke = round(h * 0.06 * weight)
    probe = _truetype(path, 64)
    bx0, by0, bx1, by1 = probe.getbbox(text, stroke_width=round(64 * 0.06 * weight))
    size = max(4, int(64 * min(h / max(by1 - by0, 1), w / max(bx1 - bx0, 1))))
    font = _truetype(path, size)
    bx0, by0, bx1, by1 = font.getbbox(text, stroke_width=stroke)
    canvas = Image.new("L", (w, h), 0)
    org = ((w - (bx1 - bx0)) / 2 - bx0, (h - (by1 - by0)) / 2 - by0)
    ImageDraw.Draw(canvas).text(org, text, fill=255, font=font, stroke_width=stroke,
                                stroke_fill=255)
    glyph = np.asarray(canvas)
    H, W = mask.shape[:2]
    xa, ya, xb, yb = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if xa < xb and ya < yb:
        region = mask[ya:yb, xa:xb]
        np.maximum(region, glyph[ya - y : yb - y, xa - x : xb - x], out=region)


def pick_numeral_font(rng: np.random.Generator, fonts: Sequence[str]) -> int | str:
    """A font for one Arabic numeral: a TrueType file from `fonts` or a Hershey font."""
    if fonts and rng.random() >= HERSHEY_SHARE:
        return fonts[int(rng.integers(len(fonts)))]
    hershey = _HERSHEY[int(rng.integers(len(_HERSHEY)))]
    return hershey | (cv2.FONT_ITALIC if rng.random() < 0.2 else 0)


def _random_ink(rng: np.random.Generator) -> np.ndarray:
    base = np.array(_INKS[int(rng.integers(len(_INKS)))], np.float32)
    return np.clip(base + rng.normal(0, 18, 3), 0, 255).astype(np.float32)


def _tile_body(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray, tuple]:
    """A blank tile (BGR float32, alpha uint8) and its face rectangle (x0, y0, x1, y1).

    Ivory, white or pale stock; often a coloured back layer showing along one or two edges, as
    real tiles photographed slightly from the side show their green/blue/orange backs.
    """
    img = np.zeros((h, w, 3), np.float32)
    alpha = np.zeros((h, w), np.uint8)
    r = rng.random()
    if r < 0.55:  # ivory / cream
        face = np.array([rng.uniform(185, 235), rng.uniform(215, 245), rng.uniform(230, 252)])
    elif r < 0.85:  # white
        face = np.full(3, rng.uniform(225, 252)) + rng.normal(0, 4, 3)
    else:  # pale tinted stock
        face = rng.uniform(170, 245, 3)
    back_w = int(rng.uniform(0, 0.12) * w) if rng.random() < 0.6 else 0
    back_h = int(rng.uniform(0, 0.12) * h) if rng.random() < 0.6 else 0
    back = rng.uniform(20, 220, 3)
    radius = int(rng.uniform(0.03, 0.12) * w)
    x1, y1 = w - 1 - back_w, h - 1 - back_h

    def rounded(canvas: np.ndarray, a: np.ndarray, x0: int, y0: int, xe: int, ye: int,
                colour: np.ndarray) -> None:
        c = tuple(float(v) for v in colour)
        cv2.rectangle(canvas, (x0 + radius, y0), (xe - radius, ye), c, -1)
        cv2.rectangle(canvas, (x0, y0 + radius), (xe, ye - radius), c, -1)
        cv2.rectangle(a, (x0 + radius, y0), (xe - radius, ye), 255, -1)
        cv2.rectangle(a, (x0, y0 + radius), (xe, ye - radius), 255, -1)
        for cx, cy in ((x0 + radius, y0 + radius), (xe - radius, y0 + radius),
                       (x0 + radius, ye - radius), (xe - radius, ye - radius)):
            cv2.circle(canvas, (cx, cy), radius, c, -1, cv2.LINE_AA)
            cv2.circle(a, (cx, cy), radius, 255, -1, cv2.LINE_AA)

    if back_w or back_h:
        rounded(img, alpha, back_w, back_h, w - 1, h - 1, back)
    rounded(img, alpha, 0, 0, x1, y1, face)
    # Soft shading towards the face's edges (a domed or bevelled front).
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, x1 - xx, y1 - yy]) / (0.08 * w)
    shade = 1 - rng.uniform(0, 0.15) * np.exp(-np.clip(edge, 0, 10))
    img *= shade[..., None]
    return img, alpha, (0, 0, x1, y1)


def _paste(img: np.ndarray, colour: np.ndarray, mask: np.ndarray, x: int, y: int) -> None:
    """Alpha-blend `colour` (BGR image or one BGR colour) through `mask` at (x, y), clipped."""
    h, w = mask.shape
    H, W = img.shape[:2]
    xa, ya, xb, yb = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if xa >= xb or ya >= yb:
        return
    m = mask[ya - y : yb - y, xa - x : xb - x, None]
    src = colour[ya - y : yb - y, xa - x : xb - x] if colour.ndim == 3 else colour
    img[ya:yb, xa:xb] = img[ya:yb, xa:xb] * (1 - m) + src * m


# Where makers print the numeral and the character. Shares of each layout among the composites:
# - "paired": the convention most of the art follows. Flowers carry the numeral top right and
#   梅蘭菊竹 top left; seasons the numeral top left and 春夏秋冬 top right (kde_default and
#   kde_jade: flower "1" top right, season "1" top left with 春 top right;
#   xmahjongg_real_sanctuary: 梅 top left, 春 top right).
# - "hongkong": samoheen_hongkong's: flowers an Arabic numeral top left and no character,
#   seasons a Chinese numeral (一二三四) top centre.
# - "free": numeral and character anywhere (other makers; keeps the model reading the marks
#   themselves, not only where they are).
BONUS_LAYOUTS = {"paired": 0.5, "hongkong": 0.2, "free": 0.3}


def _bonus_layout(
    rng: np.random.Generator, label: str, layout: str | None
) -> tuple[str | None, bool, str | None]:
    """(numeral corner or None, Chinese numeral?, character corner or None) for one composite."""
    names = list(BONUS_LAYOUTS)
    if layout is None:
        layout = names[int(rng.choice(len(names), p=list(BONUS_LAYOUTS.values())))]
    elif layout not in BONUS_LAYOUTS:
        raise ValueError(f"unknown bonus layout {layout!r}; expected one of {names}")
    season = label in BONUS_LABELS[4:]
    if layout == "paired":
        chinese = bool(rng.random() < 0.15)
        glyph = ("tr" if season else "tl") if rng.random() < 0.7 else None
        return ("tl" if season else "tr"), chinese, glyph
    if layout == "hongkong":
        return ("tc", True, None) if season else ("tl", False, None)
    corners = ["tl", "tr", "bl", "br"]
    num = corners[int(rng.choice(4, p=[0.4, 0.4, 0.1, 0.1]))] if rng.random() < 0.85 else None
    free = [c for c in corners[:2] if c != num]
    glyph = free[int(rng.integers(len(free)))] if rng.random() < 0.6 else None
    return num, bool(rng.random() < 0.5), glyph


def compose_bonus_tile(
    rng: np.random.Generator,
    label: str,
    painting_art: np.ndarray,
    glyph: np.ndarray | None = None,
    layout: str | None = None,
    borrowed: bool = False,
    fonts: Sequence[str] = (),
    mark_top: float = MARK_BANDS[0],
) -> np.ndarray:
    """A new bonus tile (BGRA uint8, `BONUS_TILE_SIZE`) for `label`.

    `painting_art` is some art set's bonus tile (the trainer passes any bonus tile for seasons,
    see `BONUS_STAGE`); its printed part is recoloured, rescaled and moved onto a
    fresh body. Then the tile's numeral and its character (`glyph`, a soft mask from
    `bonus_glyphs`) where `layout` (one of `BONUS_LAYOUTS`, drawn by their shares when None)
    prints them, Arabic numerals in a Hershey font or, when `fonts` (`numeral_fonts`) are
    given, often in one of those. A `borrowed` painting (another tile's) comes without its
    own marks, whose numeral or words would contradict this tile's: what lies above
    `mark_top` of its height or below `MARK_BANDS[1]` is cut off.
    """
    n = bonus_number(label)
    w, h = BONUS_TILE_SIZE
    img, alpha, (fx0, fy0, fx1, fy1) = _tile_body(rng, w, h)
    fw, fh = fx1 - fx0, fy1 - fy0
    paint, pmask = extract_painting(painting_art, marks=not borrowed,
                                    bands=(mark_top, MARK_BANDS[1]))
    # Recolour: keep, rotate hue, or print in one ink (single-colour and jade-style sets).
    r = rng.random()
    paint_f = paint.astype(np.float32)
    if _is_dark(paint, pmask):
        r = 0.4  # white-on-jade art: print it in an ink instead
    if r < 0.3:
        hsv = cv2.cvtColor(paint, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = ((hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180).astype(
            np.uint8
        )
        paint_f = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    elif r < 0.5:
        paint_f = np.broadcast_to(_random_ink(rng), paint.shape).astype(np.float32)
    # Room for the corner marks: the painting fills 50-85 % of the face, placed off-centre.
    scale = rng.uniform(0.5, 0.85) * min(fw / paint.shape[1], fh / paint.shape[0])
    pw, ph = max(2, round(paint.shape[1] * scale)), max(2, round(paint.shape[0] * scale))
    paint_s: np.ndarray = cv2.resize(paint_f, (pw, ph), interpolation=cv2.INTER_AREA)
    pmask = cv2.resize(pmask, (pw, ph), interpolation=cv2.INTER_AREA)
    px = fx0 + int((fw - pw) * rng.uniform(0.25, 0.75))
    py = fy0 + int((fh - ph) * rng.uniform(0.3, 0.9))
    _paste(img, paint_s, pmask, px, py)
    num_corner, chinese, glyph_corner = _bonus_layout(rng, label, layout)
    face = (fx0, fy0, fx1, fy1)
    if num_corner is not None:
        size = int(rng.uniform(0.14, 0.24) * fh)
        box = _corner_box(num_corner, size, size, face, rng)
        ink = np.zeros((h, w), np.uint8)
        draw_numeral(ink, n, box, chinese=chinese, weight=float(rng.random()),
                     font=pick_numeral_font(rng, fonts) if fonts
                     else _HERSHEY[int(rng.integers(len(_HERSHEY)))])
        _paste(img, _random_ink(rng), ink.astype(np.float32) / 255, 0, 0)
    if glyph is not None and glyph_corner is not None:
        size = int(rng.uniform(0.15, 0.3) * fh)
        gw = max(2, round(size * glyph.shape[1] / glyph.shape[0]))
        g = cv2.resize(glyph, (gw, size), interpolation=cv2.INTER_AREA)
        if rng.random() < 0.5:  # thinner or bolder brush
            g = (cv2.erode if rng.random() < 0.5 else cv2.dilate)(g, np.ones((2, 2), np.uint8))
        x, y, _, _ = _corner_box(glyph_corner, gw, size, face, rng)
        _paste(img, _random_ink(rng), g, x, y)
    out = np.dstack([np.clip(img, 0, 255).astype(np.uint8), alpha])
    return np.ascontiguousarray(out)


def _corner_box(
    corner: str, bw: int, bh: int, face: tuple[int, int, int, int], rng: np.random.Generator
) -> tuple[int, int, int, int]:
    """A bw x bh box just inside `corner` of the face rectangle, with a small random margin.

    `corner` is "t" or "b" (top, bottom) then "l", "c" or "r" (left, centre, right).
    """
    fx0, fy0, fx1, fy1 = face
    mx = int(rng.uniform(0.04, 0.1) * (fx1 - fx0))
    my = int(rng.uniform(0.03, 0.08) * (fy1 - fy0))
    if corner[1] == "c":
        x = fx0 + (fx1 - fx0 - bw) // 2 + int(rng.uniform(-0.05, 0.05) * (fx1 - fx0))
    else:
        x = fx0 + mx if corner[1] == "l" else fx1 - mx - bw
    y = fy0 + my if corner[0] == "t" else fy1 - my - bh
    return x, y, bw, bh


@dataclass(frozen=True)
class BonusRecipe:
    """How many bonus-tile composites (compose_bonus_tile) a model trains on, and how."""

    share: float  # composites per `per_class` crops of a bonus tile's own art
    borrow_flower: float  # share of flower composites painted with another bonus tile's picture
    borrow_season: float  # the same for seasons
    layout: str | None  # one of BONUS_LAYOUTS, or None to draw by their shares
    fonts: bool = False  # Arabic numerals also in TrueType fonts (numeral_fonts)
    mark_top: float = MARK_BANDS[0]  # top share of a lent painting cut off (its marks)


# The bonus reader must tell the eight apart on tiles of makers it never saw. A season's picture
# is the maker's choice (trees, a sun, a butterfly, or just a flower), so seasons always borrow
# one; a flower's plant is a real cue, so flowers borrow half the time. The numeral and the
# character, printed where makers print them (BONUS_LAYOUTS), then tell them apart.
BONUS_STAGE = BonusRecipe(share=2.6, borrow_flower=0.5, borrow_season=1.0, layout=None)
# The same with numerals often in TrueType fonts, and a deeper cut above lent paintings
# (samoheen_hongkong's season numerals 一二三 reach below 26 % of the tile's height).
BONUS_STAGE_FONTS = BonusRecipe(share=2.6, borrow_flower=0.5, borrow_season=1.0, layout=None,
                                fonts=True, mark_top=0.3)
# The first stage must tell a flower or season from the other tiles on tiles of makers it never
# saw, and only then does the bonus reader read it: a flower it misses is lost. It gets as many
# composites as crops of the art, as the `fonts` reader draws them (any picture, marks where
# makers print them, TrueType numerals): fewer composites, or each tile's own picture only,
# teach it that a flower looks like the few flowers of the art, and it then sends an unseen
# maker's flowers to the reader far less often (bench/NOTES.md, "Two first-stage networks").
FIRST_STAGE = replace(BONUS_STAGE_FONTS, share=1.0)
RECIPES = {"mahjong": FIRST_STAGE, BONUS_MODEL: BONUS_STAGE}
# The bonus reader averages members trained on each of these recipes (classifier.DEFAULT_MEMBERS
# per recipe): their readings of real flowers and seasons differ, and their average reads more
# of them than either (bench/NOTES.md).
READER_RECIPES = {"hershey": BONUS_STAGE, "fonts": BONUS_STAGE_FONTS}

# Art sets whose bonus pictures are never lent to another tile: GLYPH_SET's tiles are a
# character, not a picture; the others print the tile's name (SPRING, PLUM; 春, 梅) right
# beside the picture, where `MARK_BANDS` cannot cut it off.
UNLENT_SETS = (GLYPH_SET, "kde_traditional", "xmahjongg_dorothys",
               "xmahjongg_real_sanctuary")


def bonus_composite_jobs(
    items: Sequence[ArtItem], per_class: int, seed: int, recipe: BonusRecipe
) -> list[tuple[str, int]]:
    """(label, index of the item whose painting is reused) for each mahjong bonus composite.

    Drawn by the trainer up front, not in its render workers, so each composite's art set
    is known and leave-one-set-out runs drop the composites painted from the held-out set.
    """
    rng = np.random.default_rng(seed)
    n = round(per_class * recipe.share)
    any_bonus = [i for i, it in enumerate(items)
                 if it.label in BONUS_LABELS and it.set not in UNLENT_SETS]
    jobs: list[tuple[str, int]] = []
    for label in BONUS_LABELS:
        own = [i for i, it in enumerate(items) if it.label == label]
        if not own:
            continue
        borrow = recipe.borrow_season if label in BONUS_LABELS[4:] else recipe.borrow_flower
        for _ in range(n):
            pool = any_bonus if rng.random() < borrow else own
            jobs.append((label, pool[int(rng.integers(len(pool)))]))
    return jobs
