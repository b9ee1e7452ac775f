"""Synthetic table scenes for tests and benchmarks of the photo pipeline.

A scene is a photo-like image of cards (or tiles) on a table plus the ground truth: each
card's label and the outline of the part a camera can see. Three layouts are drawn:

* ``spread``: cards at any rotation, touching but never overlapping;
* ``fanned``: capture piles laid in cascades where each card covers the lower part of the
  one before, so only its top third shows (the last card of a cascade shows whole);
* ``rows``: mahjong tiles touching in rows, split into groups by gaps.

The whole table is then seen through a mild perspective and a cheap photo model (uneven
light, colour cast, noise, blur). Card art is read by the caller from ``shared/data``; this
module never writes files and holds no art. ``procedural_cards`` draws art-free cards for
the geometric tests.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.training import synth

BACKGROUND_KINDS = (*synth.BACKGROUND_KINDS, "pattern")
# Tables drawn only when asked for (not in the benchmarks' rotation of BACKGROUND_KINDS):
# ``pale`` is a white or light-grey cloth, near neutral, whose chromaticity is close to ivory
# tiles' (their shaded side walls look like the table in shadow).
EXTRA_KINDS = ("pale",)

# Physical hanafuda cards are 54 x 33 mm; the art sets are drawn at the same ratio.
HANAFUDA_ASPECT = 54.0 / 33.0
# Fraction of the table the cards cover in a spread scene: players' photos of a pile
# fill roughly a third of the frame.
SPREAD_COVERAGE = 0.32
# Cards snapped edge to edge to a neighbour, so touching cards are common in tests.
SNAP_PROBABILITY = 0.4
# Share of each card's height still visible in a fanned cascade ("top third").
FAN_VISIBLE_RANGE = (0.28, 0.38)
# Level a phone's auto-exposure puts the brightest highlights at.
AUTO_EXPOSURE_WHITE = 235.0
# A hand laid out to be scored (tile_blocks_scene's ``hand``): the row turned up to this
# many radians from the frame's long side, filling this share of it.
HAND_TURN = 0.26
HAND_FILL = (0.7, 0.9)
# Its exposed melds: a line of their own this many tile lengths beyond the row (centre to
# centre), this many tile widths apart.
MELD_LINE = 1.6
MELD_GAP = 0.5
# A tile the frame cuts is counted in a scene's truth where this share of its face is in
# the frame (a player reading the photo would name it); less, and it is left out.
EDGE_COUNTED = 0.75
# Art makers the tile detector never trains on (detector): its benches draw generated
# scenes from these, so they read makers no model saw. Fixed before the first run.
HELD_OUT_ART = ("gleitz_ink", "kde_jade", "pysol_golden", "xmahjongg_dorothys")
# Strength of the global camera tilt: corner offsets as a fraction of the image size.
PERSPECTIVE_JITTER = 0.035


@dataclass(frozen=True)
class ArtCard:
    """One face image (BGRA, alpha marks rounded corners) and its classifier label."""

    label: str
    image: np.ndarray


@dataclass(frozen=True)
class PlacedCard:
    """Ground truth for one card in a scene (corners in image pixels, TL TR BR BL)."""

    label: str
    corners: np.ndarray
    visible: np.ndarray
    fraction: float = 1.0
    row: int = 0
    group: int = 0


@dataclass
class Scene:
    image: np.ndarray
    cards: list[PlacedCard] = field(default_factory=list)
    layout: str = "spread"
    background: str = "wood"
    # Faces the frame cuts so much that no reading of them is asked for or held against a
    # detector (tile_blocks_scene's ``edge``): a tile found there is neither right nor a
    # phantom.
    cut: list[np.ndarray] = field(default_factory=list)

    def on_cut(self, corners: np.ndarray) -> bool:
        """Whether a found outline's centre lies on one of the faces in ``cut``."""
        centre = tuple(float(v) for v in np.asarray(corners, np.float32).mean(0))
        return any(cv2.pointPolygonTest(q.reshape(-1, 1, 2).astype(np.float32), centre, False)
                   >= 0 for q in self.cut)


# ---------------------------------------------------------------- art loading


def _read_bgra(path: Path) -> np.ndarray:
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise FileNotFoundError(path)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)
    elif img.shape[2] == 3:
        img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    return img


def load_hanafuda_art(
    data_root: Path, sets: Sequence[str] | None = None, *, max_side: int = 600
) -> list[ArtCard]:
    """Load hanafuda faces (and backs) of the given art sets, downscaled to ``max_side``."""
    return _load_art(data_root / "hanafuda", sets, max_side, lambda row: synth.hanafuda_label(
        row["plant"], row["kind"], row["junk_variant"]))


def load_mahjong_art(
    data_root: Path, sets: Sequence[str] | None = None, *, real_val: bool = False,
    max_side: int = 400,
) -> list[ArtCard]:
    """Mahjong tiles from the art sets, or the real-photo crops of ``real-val``."""
    root = data_root / "mahjong" / ("real-val" if real_val else "")
    return _load_art(root, sets, max_side, lambda row: synth.mahjong_label(row["tile"]))


def _load_art(root: Path, sets: Sequence[str] | None, max_side: int,
              label: Callable[[dict[str, str]], str]) -> list[ArtCard]:
    """The faces ``root/labels.csv`` lists, of the given art sets, downscaled to ``max_side``
    and named by ``label`` of their row."""
    out: list[ArtCard] = []
    with open(root / "labels.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            if sets is not None and row["set"] not in sets:
                continue
            out.append(ArtCard(label(row), _limit(_read_bgra(root / row["file"]), max_side)))
    return out


def _limit(img: np.ndarray, max_side: int) -> np.ndarray:
    scale = max_side / max(img.shape[:2])
    if scale >= 1:
        return img
    return cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def procedural_cards(rng: np.random.Generator, n: int, aspect: float = HANAFUDA_ASPECT,
                     width: int = 200) -> list[ArtCard]:
    """Art-free cards: a coloured frame around a light face with random shapes."""
    h = int(round(width * aspect))
    cards = []
    for i in range(n):
        frame = tuple(int(v) for v in rng.integers(0, 200, 3))
        face = tuple(int(v) for v in rng.integers(200, 256, 3))
        img = np.zeros((h, width, 4), np.uint8)
        img[..., :3] = frame
        img[..., 3] = 255
        b = width // 14
        cv2.rectangle(img, (b, b), (width - b - 1, h - b - 1), (*face, 255), -1)
        for _ in range(6):
            color = (*(int(v) for v in rng.integers(0, 256, 3)), 255)
            c = (int(rng.integers(b, width - b)), int(rng.integers(b, h - b)))
            cv2.circle(img, c, int(rng.integers(5, width // 4)), color, -1)
        _round_corners(img, width // 12)
        cards.append(ArtCard(f"rect-{i}", img))
    return cards


def _round_corners(img: np.ndarray, r: int) -> None:
    h, w = int(img.shape[0]), int(img.shape[1])
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (r, 0), (w - r - 1, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - r - 1), 255, -1)
    for cx, cy in ((r, r), (w - r - 1, r), (r, h - r - 1), (w - r - 1, h - r - 1)):
        cv2.circle(mask, (cx, cy), r, 255, -1)
    img[..., 3] = np.minimum(img[..., 3], mask)


# ---------------------------------------------------------------- backgrounds


def make_background(rng: np.random.Generator, h: int, w: int, kind: str) -> np.ndarray:
    """A table surface (BGR uint8).

    Wood, felt, cloth and paper come from the classifier's generator (``synth``), drawn at half
    size and upscaled so 12 MP scenes stay cheap; ``pattern`` is a printed tablecloth (polka
    dots or large checks), the hardest case for a table-colour model.
    """
    if kind in synth.BACKGROUND_KINDS:
        half = synth.make_background(rng, max(8, h // 2), max(8, w // 2), kind)
        return cv2.resize(half, (w, h), interpolation=cv2.INTER_LINEAR)
    if kind == "pale":
        level = rng.uniform(195, 245)
        tint = rng.uniform(-6, 6, 3) + np.array([0.0, 2.0, 4.0])  # slightly warm at most
        sh, sw = max(8, h // 2), max(8, w // 2)
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        period = rng.uniform(3, 7)
        weave = np.sin(xx * 2 * np.pi / period) * np.sin(yy * 2 * np.pi / period)
        fine = cv2.GaussianBlur(rng.normal(0, 1, (sh, sw)).astype(np.float32), (0, 0), 1.0)
        img = (level + tint) * (0.96 + 0.03 * weave + 0.03 * fine)[..., None]
        img = np.clip(img, 0, 255).astype(np.uint8)
        return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)
    if kind != "pattern":
        raise ValueError(f"unknown background kind {kind!r}; expected one of "
                         f"{BACKGROUND_KINDS + EXTRA_KINDS}")
    sh, sw = max(8, h // 4), max(8, w // 4)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    c1 = np.array(rng.uniform(150, 250, 3), np.float32)
    c2 = np.array(rng.uniform(20, 160, 3), np.float32)
    period = rng.uniform(0.01, 0.03) * max(sh, sw)
    if rng.random() < 0.5:  # checks
        a = (np.floor(xx / period) % 2) + (np.floor(yy / period) % 2)
        img = c1 + (c2 - c1) * (a[..., None] / 2.0)
    else:  # polka dots
        d = np.hypot((xx % period) - period / 2, (yy % period) - period / 2)
        img = np.where((d < period / 4)[..., None], c2, c1)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


def photo_augment(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """A phone photo of the table: uneven light, a soft shadow, colour temperature, auto
    exposure, slight defocus, sensor noise and JPEG.

    ``synth.photo_augment`` is made for single-card crops: its blur grows with the image size,
    which on a 12 MP table would smear every card, so whole scenes use this milder model.
    """
    h, w = img.shape[:2]
    gy, gx = np.mgrid[0:16, 0:16].astype(np.float32) / 15 - 0.5
    ang = rng.uniform(0, 2 * np.pi)
    light = 1 + (gx * np.cos(ang) + gy * np.sin(ang)) * rng.uniform(0, 0.5)
    if rng.random() < 0.3:  # soft shadow of a hand or phone across part of the table
        a2 = rng.uniform(0, 2 * np.pi)
        ox, oy = rng.uniform(-0.5, 0.5, 2)
        edge = (gx - ox) * np.cos(a2) + (gy - oy) * np.sin(a2)
        light *= 1 - rng.uniform(0.15, 0.4) / (1 + np.exp(-edge / rng.uniform(0.02, 0.1)))
    light = cv2.resize(light.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    temp = rng.uniform(-0.12, 0.12)
    cast = np.array([1 - temp, 1, 1 + temp], np.float32)
    out = img.astype(np.float32) * light[..., None] * cast
    top = float(np.percentile(out[::7, ::7], 99))
    out *= AUTO_EXPOSURE_WHITE / max(top, 1.0)
    sigma = rng.uniform(0.4, 1.2) * max(h, w) / 2000
    out = cv2.GaussianBlur(out, (0, 0), sigma)
    noise = rng.normal(0, rng.uniform(1, 5), (h // 2 + 1, w // 2 + 1, 3)).astype(np.float32)
    out += cv2.resize(noise, (w, h), interpolation=cv2.INTER_NEAREST)
    res = np.clip(out, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", res, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 95))])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    return res if decoded is None else np.asarray(decoded)


# ---------------------------------------------------------------- rendering


def _card_quad(center: np.ndarray, w: float, h: float, theta: float) -> np.ndarray:
    u = np.array([np.cos(theta), np.sin(theta)])
    v = np.array([-np.sin(theta), np.cos(theta)])
    hw, hh = w / 2, h / 2
    return np.array([center - hw * u - hh * v, center + hw * u - hh * v,
                     center + hw * u + hh * v, center - hw * u + hh * v], np.float32)


def _paste(canvas: np.ndarray, card: np.ndarray, quad: np.ndarray,
           shadow: float = 0.35) -> None:
    """Warp a BGRA card onto ``canvas`` at ``quad`` with a soft shadow and a darker edge."""
    h, w = card.shape[:2]
    x0, y0 = np.floor(quad.min(0)).astype(int) - 8
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 8
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    local = (quad - np.array([x0, y0])).astype(np.float32)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(src, local)
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(card, m, size, flags=cv2.INTER_AREA)
    roi = canvas[y0:y1, x0:x1].astype(np.float32)
    side = float(np.linalg.norm(quad[1] - quad[0]))
    if shadow > 0:
        sm0 = np.zeros(roi.shape[:2], np.float32)
        cv2.fillConvexPoly(sm0, np.round(local + side * 0.01).astype(np.int32), 1.0)
        sm = cv2.GaussianBlur(sm0, (0, 0), max(1.0, side * 0.01))
        roi *= (1 - shadow * sm)[..., None]
    a = warped[..., 3:4].astype(np.float32) / 255
    roi = (roi * (1 - a) + warped[..., :3].astype(np.float32) * a).astype(np.float32)
    # The physical edge of the card reads as a thin darker line in photos.
    edge = np.zeros(roi.shape[:2], np.uint8)
    cv2.polylines(edge, [np.round(local).astype(np.int32)], True, 255,
                  max(1, int(round(side * 0.006))), cv2.LINE_AA)
    roi *= (1 - 0.35 * edge.astype(np.float32)[..., None] / 255)
    canvas[y0:y1, x0:x1] = np.clip(roi, 0, 255).astype(np.uint8)


def _table(rng: np.random.Generator, size: tuple[int, int], kind: str | None = None,
           kinds: Sequence[str] = BACKGROUND_KINDS) -> tuple[np.ndarray, str]:
    """An empty table ``size`` (h, w) of ``kind``, or of one of ``kinds`` at random; and its
    kind."""
    kind = kind or str(rng.choice(kinds))
    return make_background(rng, size[0], size[1], kind), kind


def pick_art(rng: np.random.Generator, art: Sequence[ArtCard], n: int) -> list[ArtCard]:
    """``n`` faces drawn from ``art``, each at most once where there are enough."""
    return [art[int(i)] for i in rng.choice(len(art), n, replace=len(art) < n)]


def _perspective(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    jitter = rng.uniform(-1, 1, (4, 2)) * PERSPECTIVE_JITTER * np.array([w, h])
    dst = (src + jitter).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def _apply_h(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float32), m).reshape(-1, 2)


def _finish(rng: np.random.Generator, canvas: np.ndarray, cards: list[PlacedCard],
            layout: str, kind: str) -> Scene:
    h, w = canvas.shape[:2]
    m = _perspective(rng, h, w)
    img = cv2.warpPerspective(canvas, m, (w, h), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REFLECT)
    moved = [PlacedCard(c.label, _apply_h(m, c.corners), _apply_h(m, c.visible), c.fraction,
                        c.row, c.group) for c in cards]
    return Scene(photo_augment(rng, img), moved, layout, kind)


def spread_scene(rng: np.random.Generator, art: Sequence[ArtCard], n: int,
                 size: tuple[int, int] = (3000, 4000), kind: str | None = None) -> Scene:
    """``n`` cards at random rotations, some touching edge to edge, none overlapping."""
    h_img, w_img = size
    canvas, kind = _table(rng, size, kind)
    picks = pick_art(rng, art, n)
    card_h = float(np.sqrt(SPREAD_COVERAGE * h_img * w_img / (n / HANAFUDA_ASPECT)))
    occ_scale = 8  # occupancy grid downscale: overlap tests need no pixel precision
    occ = np.zeros((h_img // occ_scale + 1, w_img // occ_scale + 1), np.uint8)
    placed: list[tuple[np.ndarray, float, float, float]] = []  # centre, w, h, theta
    cards: list[PlacedCard] = []
    margin = 0.06 * min(h_img, w_img)  # the camera's tilt must not push cards out of frame
    for pick in picks:
        ch = card_h * rng.uniform(0.97, 1.03)
        cw = ch * pick.image.shape[1] / pick.image.shape[0]
        for _attempt in range(300):
            if placed and rng.random() < SNAP_PROBABILITY:
                c0, w0, h0, t0 = placed[int(rng.integers(len(placed)))]
                theta = t0
                u = np.array([np.cos(t0), np.sin(t0)])
                v = np.array([-np.sin(t0), np.cos(t0)])
                gap = rng.uniform(0, 2)
                d = [(w0 + cw) / 2 + gap, -(w0 + cw) / 2 - gap]
                if rng.random() < 0.5:
                    center = c0 + float(rng.choice(d)) * u
                else:
                    center = c0 + float(rng.choice([1, -1])) * ((h0 + ch) / 2 + gap) * v
                    cw, ch = cw, ch
            else:
                theta = rng.uniform(0, np.pi)
                center = rng.uniform([margin, margin], [w_img - margin, h_img - margin])
            quad = _card_quad(center, cw, ch, theta)
            if (quad.min() < margin or quad[:, 0].max() > w_img - margin
                    or quad[:, 1].max() > h_img - margin):
                continue
            shrunk = _card_quad(center / occ_scale, cw / occ_scale - 1.5, ch / occ_scale - 1.5,
                                theta)
            test = np.zeros_like(occ)
            cv2.fillConvexPoly(test, np.round(shrunk).astype(np.int32), 1)
            if (test & occ).any():
                continue
            occ |= test
            placed.append((center, cw, ch, theta))
            _paste(canvas, pick.image, quad)
            cards.append(PlacedCard(pick.label, quad, quad))
            break
    return _finish(rng, canvas, cards, "spread", kind)


def _fit_scale(theta: float, tw: float, th: float, w_img: int, h_img: int) -> float:
    """Largest scale at which a ``tw`` x ``th`` layout rotated by ``theta`` fits the frame."""
    c, s = abs(np.cos(theta)), abs(np.sin(theta))
    return float(min(w_img / (c * tw + s * th), h_img / (s * tw + c * th)))


def fanned_scene(rng: np.random.Generator, art: Sequence[ArtCard], n: int,
                 size: tuple[int, int] = (3000, 4000), kind: str | None = None) -> Scene:
    """Capture piles: cascades of cards side by side, each card showing its top third."""
    h_img, w_img = size
    canvas, kind = _table(rng, size, kind)
    picks = pick_art(rng, art, n)
    n_groups = int(np.clip(round(n / rng.uniform(3, 6)), 1, n))
    cuts = np.sort(rng.choice(np.arange(1, n), n_groups - 1, replace=False)) if n_groups > 1 \
        else np.array([], int)
    groups = np.split(np.arange(n), cuts)
    frac = rng.uniform(*FAN_VISIBLE_RANGE)
    per_row = int(np.ceil(np.sqrt(len(groups) * 1.5)))
    rows = [groups[i:i + per_row] for i in range(0, len(groups), per_row)]
    # Layout in card units (card width 1), then scale to fit the frame.
    aspect = HANAFUDA_ASPECT
    gap = 0.25
    row_heights = [aspect * (1 + frac * (max(len(g) for g in r) - 1)) for r in rows]
    total_w = max(len(r) for r in rows) * (1 + gap) - gap
    total_h = sum(row_heights) + gap * (len(rows) - 1)
    theta = rng.uniform(-np.pi, np.pi)
    scale = rng.uniform(0.7, 0.9) * _fit_scale(theta, total_w, total_h, w_img, h_img)
    cw, ch = scale, scale * aspect
    u = np.array([np.cos(theta), np.sin(theta)])
    v = np.array([-np.sin(theta), np.cos(theta)])
    origin = np.array([w_img / 2, h_img / 2]) - scale * (total_w / 2 * u + total_h / 2 * v)
    cards: list[PlacedCard] = []
    y = 0.0
    for r_i, r in enumerate(rows):
        for g_i, g in enumerate(r):
            x = g_i * (1 + gap) + rng.uniform(-0.05, 0.05)
            for k, idx in enumerate(g):
                top = y + k * frac * aspect
                center = origin + scale * ((x + 0.5) * u + (top + aspect / 2) * v)
                t = theta + rng.uniform(-0.01, 0.01)
                quad = _card_quad(center, cw, ch, t)
                last = k == len(g) - 1
                f = 1.0 if last else frac
                vis = quad.copy()
                vis[2] = quad[1] + (quad[2] - quad[1]) * f
                vis[3] = quad[0] + (quad[3] - quad[0]) * f
                _paste(canvas, picks[idx].image, quad, shadow=0.25)
                cards.append(PlacedCard(picks[idx].label, quad, vis, f, r_i, g_i))
        y += row_heights[r_i] + gap
    return _finish(rng, canvas, cards, "fanned", kind)


def tile_rows_scene(rng: np.random.Generator, art: Sequence[ArtCard],
                    groups: Sequence[Sequence[int]] | None = None,
                    size: tuple[int, int] = (3000, 4000), kind: str | None = None,
                    tile_aspect: float = 4 / 3) -> Scene:
    """Mahjong: rows of touching tiles; each row holds groups separated by a gap.

    ``groups`` lists, per row, the group sizes (default: a concealed hand of 13-14 on the
    first row and 1-3 exposed melds of 3-4 tiles on the second).
    """
    h_img, w_img = size
    canvas, kind = _table(rng, size, kind)
    if groups is None:
        groups = [[int(rng.integers(10, 15))],
                  [int(rng.integers(3, 5)) for _ in range(int(rng.integers(1, 4)))]]
    gap_w = rng.uniform(0.35, 0.8)
    row_gap = rng.uniform(0.3, 0.8)
    widths = [sum(gs) + gap_w * (len(gs) - 1) for gs in groups]
    total_w = max(widths)
    total_h = len(groups) * tile_aspect + row_gap * (len(groups) - 1)
    theta = rng.uniform(-0.4, 0.4) + (np.pi if rng.random() < 0.2 else 0)
    scale = rng.uniform(0.6, 0.85) * _fit_scale(theta, total_w, total_h, w_img, h_img)
    u = np.array([np.cos(theta), np.sin(theta)])
    v = np.array([-np.sin(theta), np.cos(theta)])
    origin = np.array([w_img / 2, h_img / 2]) - scale * (total_w / 2 * u + total_h / 2 * v)
    cards: list[PlacedCard] = []
    for r_i, gs in enumerate(groups):
        x = 0.0
        y = r_i * (tile_aspect + row_gap)
        for g_i, g in enumerate(gs):
            for _ in range(g):
                pick = art[int(rng.integers(len(art)))]
                center = origin + scale * ((x + 0.5) * u + (y + tile_aspect / 2) * v)
                quad = _card_quad(center, scale, scale * tile_aspect, theta)
                _paste(canvas, pick.image, quad, shadow=0.2)
                cards.append(PlacedCard(pick.label, quad, quad, 1.0, r_i, g_i))
                x += 1.0
            x += gap_w
    return _finish(rng, canvas, cards, "rows", kind)


# ---------------------------------------------------------------- scoring helpers


def quad_iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quads."""
    pa, pb = np.asarray(a, np.float32).reshape(-1, 2), np.asarray(b, np.float32).reshape(-1, 2)
    inter, _ = cv2.intersectConvexConvex(pa, pb)
    union = cv2.contourArea(pa) + cv2.contourArea(pb) - inter
    return float(inter / union) if union > 0 else 0.0


def match(pred: Sequence[Any], truth: Sequence[Any], min_iou: float = 0.5,
          iou: Callable[[Any, Any], float] = quad_iou) -> list[tuple[int, int]]:
    """Greedy one-to-one matching by IoU (``quad_iou`` of two quads unless ``iou`` says how
    a prediction overlaps a truth); returns (pred index, truth index) pairs."""
    pairs = sorted(((iou(p, t), i, j) for i, p in enumerate(pred)
                    for j, t in enumerate(truth)), reverse=True)
    used_p: set[int] = set()
    used_t: set[int] = set()
    out = []
    for overlap, i, j in pairs:
        if overlap < min_iou:
            break
        if i in used_p or j in used_t:
            continue
        used_p.add(i)
        used_t.add(j)
        out.append((i, j))
    return out


# ---------------------------------------------------------------- physical tiles (3-D)

# Physical tiles are blocks: a face about 26 x 35 mm on a body about 20 mm thick, of which the
# last part (the back layer) is coloured (green, blue, orange by set). Seen from above a few
# degrees off vertical, one or two side walls show as a band beside the face.
BLOCK_THICKNESS = (0.12, 0.4)  # wall band as a share of the face short side (real-photos: 0.1-0.4)
BACK_LAYER = (0.35, 0.55)  # share of the wall band that is the coloured back
# Back colours of common sets (BGR): green, teal, blue, orange.
BACK_COLOURS = ((60, 140, 40), (120, 130, 30), (150, 90, 30), (40, 120, 220))
WALL_SHADE = (0.62, 0.85)  # side walls are lit less than the face
# Under one hard lamp (``lamp=True``) the cast shadow is sharp and deep (the table at 25-35% of
# its light) and the walls facing away from the lamp get only the room's light.
LAMP_SHADOW = (0.65, 0.75)
LAMP_WALL_SHADE = (0.3, 0.45)


def _hull(points: np.ndarray) -> np.ndarray:
    return np.round(cv2.convexHull(points.astype(np.float32))).astype(np.int32)


@dataclass
class _BlockLook:
    """How a scene's blocks are drawn: side walls extruded from the face along ``wall``,
    ``back_share`` of them the set's ``back`` colour and lit ``shade`` of the face; a shadow cast
    along ``shadow`` taking ``depth`` of the table's light, its penumbra ``blur`` of a tile
    side; on ``glass``, a faint mirror image beyond the walls."""

    wall: np.ndarray
    shadow: np.ndarray
    back: tuple[int, int, int]
    back_share: float
    shade: float
    glass: bool
    depth: float = 0.55
    blur: float = 0.06


# A block to draw: its face's outline, its face, its group.
_Block = tuple[np.ndarray, ArtCard, int]


def _draw_block(canvas: np.ndarray, face: ArtCard, quad: np.ndarray, look: _BlockLook) -> None:
    """One tile: shadow on the table, side walls (ivory then the back colour), then the face."""
    wall = look.wall
    sh0 = np.zeros(canvas.shape[:2], np.float32)
    cv2.fillConvexPoly(sh0, _hull(np.vstack([quad, quad + wall + look.shadow])), 1.0)
    side = float(np.linalg.norm(quad[1] - quad[0]))
    sh = cv2.GaussianBlur(sh0, (0, 0), max(1.0, look.blur * side))
    dim = 1 - look.depth * np.asarray(sh, np.float32)
    canvas[:] = np.clip(canvas * dim[..., None], 0, 255).astype(np.uint8)
    if look.glass:  # a faint mirror image of the block beyond its walls
        ghost = np.zeros_like(canvas)
        cv2.fillConvexPoly(ghost, _hull(np.vstack([quad + wall, quad + 2.2 * wall])),
                           (200, 200, 200))
        canvas[:] = cv2.addWeighted(canvas, 1.0, ghost, 0.12, 0)
    ivory = np.array(face.image[face.image.shape[0] // 2, 2, :3], np.float32)
    if ivory.mean() < 120:  # art without an ivory border: a plain ivory body
        ivory = np.array([200, 225, 235], np.float32)
    cv2.fillConvexPoly(canvas, _hull(np.vstack([quad, quad + wall])),
                       tuple(float(v) for v in ivory * look.shade))
    cut = 1 - look.back_share
    cv2.fillConvexPoly(canvas, _hull(np.vstack([quad + cut * wall, quad + wall])),
                       tuple(float(v) * (0.7 + 0.3 * look.shade) for v in look.back))
    _paste(canvas, face.image, quad, shadow=0.0)


def _draw_blocks(canvas: np.ndarray, blocks: Sequence[_Block], look: _BlockLook
                 ) -> list[PlacedCard]:
    """Draw ``blocks`` far ones first along the wall direction (a nearer tile's face hides the
    walls behind, and where faces overlap the later lies on top); their faces, as drawn."""
    d = look.wall / max(1e-6, float(np.linalg.norm(look.wall)))
    cards = []
    for quad, face, group in sorted(blocks, key=lambda it: float(it[0].mean(0) @ d)):
        _draw_block(canvas, face, quad, look)
        cards.append(PlacedCard(face.label, quad, quad, 1.0, 0, group))
    return cards


def _set_aside(scene: Scene, keep: Sequence[bool]) -> Scene:
    """The scene with the faces not kept moved from its cards to its ``cut``."""
    scene.cut = [c.corners for c, k in zip(scene.cards, keep, strict=True) if not k]
    scene.cards = [c for c, k in zip(scene.cards, keep, strict=True) if k]
    return scene


def tile_blocks_scene(rng: np.random.Generator, art: Sequence[ArtCard], n: int = 10,
                      size: tuple[int, int] = (1500, 2000), kind: str | None = None,
                      row: int | None = None, tile_aspect: float = 4 / 3,
                      glass: bool | None = None, grid: tuple[int, int] | None = None,
                      lamp: bool = False, ring: int = 0, edge: int = 0,
                      hand: int = 0, melds: int = 0) -> Scene:
    """Physical mahjong tiles as players photograph them: thick blocks with side walls in the
    set's back colour and a shadow, lying apart at any rotation, plus one row of ``row``
    touching tiles (default 0-5); seen from slightly off vertical, on ``kind`` of table (on
    glass: faint reflections). ``grid=(rows, cols)``: instead, one block of rows x cols
    touching tiles and nothing else (no tile lies apart to tell the tile size). ``lamp``: one
    hard lamp, so sharp deep shadows and dark walls (LAMP_SHADOW, LAMP_WALL_SHADE). ``ring``:
    instead of the row, that many tiles in a ring at the centre, each turned its own way and
    touching its neighbours at a corner or a wall (tiles pushed together at odd angles, with
    cloth between them and inside the ring). ``edge``: that many more tiles lying across the
    frame's edge, up to a fifth of each face beyond it (a photo taken a little too close: the
    band along the frame, where the table's colours are learned, holds tiles). Ground truth
    outlines are the faces (what the classifier reads), not the walls. ``hand``: instead, a
    hand laid out to be scored, that many touching tiles in one row along the frame's long
    side (turned up to HAND_TURN, either way up), filling HAND_FILL of it; ``melds``: that
    many exposed melds of three touching tiles beside it, in a line of their own, half a
    tile apart (each its own group)."""
    h_img, w_img = size
    canvas, kind = _table(rng, size, kind)
    glass = bool(rng.random() < 0.25) if glass is None else glass
    row = int(rng.integers(0, 6)) if row is None else row
    if grid is not None or ring or hand:
        row = 0
    # The layout's grid: a cell for each tile lying apart, the row taking the first line.
    n_lone = max(0, n - row - ring)
    cols = max(1, int(np.ceil(np.sqrt((n_lone + (1 if row else 0) * 3) * w_img / h_img))))
    rows_n = int(np.ceil((n_lone + (3 if row else 0)) / max(1, cols))) + (1 if row else 0)
    cell = min(w_img / cols, h_img / max(1, rows_n))
    tw = cell * rng.uniform(0.42, 0.52)
    if ring:  # the ring (tiles, and their half length beyond) takes about half the frame
        per_tw = 1.05 * tile_aspect / 2 + 0.9 / (2 * np.sin(np.pi / ring)) + 0.6 * tile_aspect
        tw = min(tw, 0.5 * min(w_img, h_img) / (2 * per_tw))
    look = _block_look(rng, tw, glass, lamp)
    blocks: list[_Block] = []
    slots = [(c, r) for r in range(rows_n) for c in range(cols)]
    group = 0
    if hand:
        grid = (1, hand)
    if grid is not None:
        tw, blocks = _grid_blocks(rng, art, look, grid, size, tile_aspect, lamp, hand, melds)
        slots, n_lone = [], 0
    th = tw * tile_aspect
    if row:  # the row takes the first grid line (players lay the concealed hand in a row)
        blocks += _row_blocks(rng, art, row, tw, th, np.array([w_img / 2, 0.6 * cell]))
        slots = [s for s in slots if s[1] > 0]
        group = 1
    if ring:
        middle = np.array([w_img / 2, h_img / 2])
        ring_blocks, radius = _ring_blocks(rng, art, ring, tw, th, middle, group)
        blocks += ring_blocks
        group += 1
        # Lone tiles only where they cannot reach the ring (their jitter included).
        reach = radius + th / 2 + th + 0.18 * cell
        slots = [(c, r) for c, r in slots
                 if np.hypot(*(_slot_centre(c, r, cols, rows_n, size) - middle)) > reach]
    lone = _lone_blocks(rng, art, slots[:n_lone], (cols, rows_n), size, tw, th, cell, group)
    _push_over_edge(rng, lone, edge, (cols, rows_n), size)
    cards = _draw_blocks(canvas, blocks + lone, look)
    scene = _finish(rng, canvas, cards, "blocks", kind)
    if edge:
        frame = np.array([[0, 0], [w_img, 0], [w_img, h_img], [0, h_img]], np.float32)
        inside = [cv2.intersectConvexConvex(c.corners, frame)[0] / max(1.0, cv2.contourArea(
            c.corners)) for c in scene.cards]
        _set_aside(scene, [f >= EDGE_COUNTED for f in inside])
    return scene


def _block_look(rng: np.random.Generator, tw: float, glass: bool, lamp: bool) -> _BlockLook:
    """A set's blocks, ``tw`` wide, in a room's light (``lamp``: one hard lamp)."""
    phi = rng.uniform(0, 2 * np.pi)
    wall = tw * rng.uniform(*BLOCK_THICKNESS) * np.array([np.cos(phi), np.sin(phi)])
    shadow = wall * rng.uniform(0.3, 0.9)
    back = BACK_COLOURS[int(rng.integers(len(BACK_COLOURS)))]
    look = _BlockLook(wall, shadow, back, rng.uniform(*BACK_LAYER), rng.uniform(*WALL_SHADE),
                      glass)
    if lamp:
        look.shade = rng.uniform(*LAMP_WALL_SHADE)
        look.depth, look.blur = rng.uniform(*LAMP_SHADOW), 0.01
        look.shadow = wall * rng.uniform(1.0, 2.0)
    return look


def _grid_blocks(rng: np.random.Generator, art: Sequence[ArtCard], look: _BlockLook,
                 grid: tuple[int, int], size: tuple[int, int], tile_aspect: float, lamp: bool,
                 hand: int, melds: int) -> tuple[float, list[_Block]]:
    """One block of ``grid`` (rows, cols) touching tiles at the frame's middle, taking about 60%
    of its width or height, whichever binds first; a ``hand`` (one row) framed along it, and
    ``melds`` of three in a line beside it. The tile width, and the blocks; ``look``'s walls
    and shadow follow the tile width."""
    h_img, w_img = size
    gr, gc = grid
    theta = rng.uniform(-np.pi, np.pi)
    fill = 0.6
    if hand:  # a player frames the row: the phone along it
        theta = (0.0 if w_img >= h_img else np.pi / 2) + rng.uniform(-HAND_TURN, HAND_TURN)
        theta += np.pi * int(rng.integers(2))
        fill = rng.uniform(*HAND_FILL)
    c_, s_ = abs(np.cos(theta)), abs(np.sin(theta))
    # Footprint of the turned block per unit of tile width, across and down the frame.
    fx, fy = c_ * gc + s_ * gr * tile_aspect, s_ * gc + c_ * gr * tile_aspect
    tw = min(fill * w_img / fx, fill * h_img / fy)
    th = tw * tile_aspect
    wall = look.wall / max(1e-6, float(np.linalg.norm(look.wall)))
    look.wall = wall * tw * rng.uniform(*BLOCK_THICKNESS)
    look.shadow = look.wall * (rng.uniform(1.0, 2.0) if lamp else rng.uniform(0.3, 0.9))
    u = np.array([np.cos(theta), np.sin(theta)])
    v = np.array([-u[1], u[0]])
    centre = np.array([w_img / 2, h_img / 2])
    if melds:  # the row and the line of melds share the frame's middle
        centre = centre - v * th * MELD_LINE / 2
    blocks: list[_Block] = []
    for r in range(gr):
        for c in range(gc):
            at = centre + u * tw * (c - (gc - 1) / 2) + v * th * (r - (gr - 1) / 2)
            blocks.append((_card_quad(at, tw, th, theta), art[int(rng.integers(len(art)))], r))
    span = melds * 3 + (melds - 1) * MELD_GAP  # the melds' line, in tile widths
    for m in range(melds):
        for c in range(3):
            x = m * (3 + MELD_GAP) + c + 0.5 - span / 2
            at = centre + u * tw * x + v * th * MELD_LINE
            blocks.append((_card_quad(at, tw, th, theta), art[int(rng.integers(len(art)))],
                           1 + m))
    return tw, blocks


def _row_blocks(rng: np.random.Generator, art: Sequence[ArtCard], row: int, tw: float,
                th: float, middle: np.ndarray) -> list[_Block]:
    """A row of ``row`` touching tiles centred on ``middle``, turned a little (group 0)."""
    theta = rng.uniform(-0.2, 0.2)
    u = np.array([np.cos(theta), np.sin(theta)])
    start = middle - u * row * tw / 2
    return [(_card_quad(start + u * (tw * (i + 0.5)), tw, th, theta),
             art[int(rng.integers(len(art)))], 0) for i in range(row)]


def _ring_blocks(rng: np.random.Generator, art: Sequence[ArtCard], ring: int, tw: float,
                 th: float, middle: np.ndarray, group: int) -> tuple[list[_Block], float]:
    """``ring`` tiles in a ring round ``middle``, faces turned tangent to the circle,
    neighbours a little closer than their width (walls and corners overlap, as tiles pushed
    together do); the blocks and the ring's radius."""
    radius = 1.05 * th / 2 + 0.9 * tw / (2 * np.sin(np.pi / ring))
    first = float(rng.uniform(0, 2 * np.pi))
    blocks: list[_Block] = []
    for i in range(ring):
        a = first + 2 * float(np.pi) * i / ring
        at = middle + radius * np.array([np.cos(a), np.sin(a)])
        turn = a + np.pi / 2 + float(rng.uniform(-0.15, 0.15))
        blocks.append((_card_quad(at, tw, th, turn), art[int(rng.integers(len(art)))], group))
    return blocks, radius


def _slot_centre(c: int, r: int, cols: int, rows: int, size: tuple[int, int]) -> np.ndarray:
    """The centre of cell (``c``, ``r``) of a ``cols`` x ``rows`` grid over the frame."""
    return np.array([(c + 0.5) * size[1] / cols, (r + 0.5) * size[0] / rows])


def _lone_blocks(rng: np.random.Generator, art: Sequence[ArtCard], slots: Sequence[tuple[int, int]],
                 grid: tuple[int, int], size: tuple[int, int], tw: float, th: float,
                 cell: float, group: int) -> list[_Block]:
    """A tile in each of ``slots`` (column, row of ``grid``, columns by rows) off its centre
    by up to 12% of a ``cell`` and turned any way, each its own group from ``group`` on."""
    blocks: list[_Block] = []
    for c, r in slots:
        centre = _slot_centre(c, r, *grid, size) + rng.uniform(-0.12, 0.12, 2) * cell
        quad = _card_quad(centre, tw, th, rng.uniform(0, 2 * np.pi))
        blocks.append((quad, art[int(rng.integers(len(art)))], group))
        group += 1
    return blocks


def _push_over_edge(rng: np.random.Generator, lone: list[_Block], edge: int,
                    grid: tuple[int, int], size: tuple[int, int]) -> None:
    """Push ``edge`` of the ``lone`` tiles of the outer cells of ``grid`` (columns, rows) out
    across the frame's nearest edge, up to a fifth of each face beyond it."""
    h_img, w_img = size
    cols, rows = grid
    outer = [i for i, (quad, _, _) in enumerate(lone)
             if min(quad.mean(0)[0], w_img - quad.mean(0)[0]) < w_img / cols
             or min(quad.mean(0)[1], h_img - quad.mean(0)[1]) < h_img / rows]
    if not (edge and outer):
        return
    for i in rng.choice(outer, min(edge, len(outer)), replace=False):
        quad, face, group = lone[int(i)]
        at = quad.mean(0)
        gaps = [at[1], w_img - at[0], h_img - at[1], at[0]]  # to top, right, bottom, left
        side = int(np.argmin(gaps))
        normal = np.array([[0, -1], [1, 0], [0, 1], [-1, 0]][side], np.float32)
        # How far the face reaches towards that side, and the share of it left beyond.
        reach = float(np.max((quad - at) @ normal))
        beyond = float(rng.uniform(0, 0.2)) * 2 * reach
        lone[int(i)] = (quad + normal * (gaps[side] - reach + beyond), face, group)


# ---------------------------------------------------------------- heaps of tiles

# A heap: tiles pushed together after a hand or scattered face down and up to be shuffled,
# each turned its own way, touching and lying partly over each other.
HEAP_KINDS = ("pattern", "wood", "felt")  # on glass over a patterned floor, wood, felt
HEAP_FILL = (0.2, 0.4)  # share of the frame the heap's faces cover
HEAP_TOUCH = 0.5  # a tile laid against one already there, else anywhere in the heap
HEAP_OVERLAP = 0.3  # the most of a face another tile may cover
HEAP_BACKS = 0.15  # share of tiles lying face down


def _back_face(colour: tuple[int, int, int], tile_aspect: float) -> ArtCard:
    """A tile lying face down: its back, one flat colour with rounded corners."""
    w = 60
    img = np.zeros((int(round(w * tile_aspect)), w, 4), np.uint8)
    img[..., :3] = colour
    img[..., 3] = 255
    _round_corners(img, 6)
    return ArtCard("back", img)


def tile_heap_scene(rng: np.random.Generator, art: Sequence[ArtCard], n: int = 30,
                    size: tuple[int, int] = (1500, 2000), kind: str | None = None,
                    glass: bool | None = None, backs: float = HEAP_BACKS,
                    tile_aspect: float = 4 / 3, counted: float = EDGE_COUNTED) -> Scene:
    """Mahjong: ``n`` thick tiles in a loose heap at the frame's middle, each at any angle,
    half of them laid against a tile already there, any of them covering up to HEAP_OVERLAP
    of another's face; ``backs`` of them face down (labelled ``back``, as the reader names
    them). On ``kind`` of table (default: glass over a patterned floor, wood or felt). The
    truth is every tile showing at least ``counted`` of its face; the tiles covered beyond
    that are ``cut``: neither right nor a phantom where found."""
    h_img, w_img = size
    canvas, kind = _table(rng, size, kind, HEAP_KINDS)
    glass = (kind == "pattern") if glass is None else glass
    fill = rng.uniform(*HEAP_FILL)
    tw = float(np.sqrt(fill * w_img * h_img / (n * tile_aspect)))
    th = tw * tile_aspect
    radius = float(np.sqrt(n * tw * th * 1.5 / np.pi))  # the heap's disc, gaps included
    phi = rng.uniform(0, 2 * np.pi)
    wall = tw * rng.uniform(*BLOCK_THICKNESS) * np.array([np.cos(phi), np.sin(phi)])
    shadow = wall * rng.uniform(0.3, 0.9)
    back = BACK_COLOURS[int(rng.integers(len(BACK_COLOURS)))]
    back_face = _back_face(back, tile_aspect)
    middle = np.array([w_img / 2, h_img / 2])
    lo = np.array([th, th]) * 0.6
    hi = np.array([w_img, h_img]) - lo
    area = tw * th
    quads: list[np.ndarray] = []
    for _ in range(n):
        for _try in range(30):
            if quads and rng.random() < HEAP_TOUCH:
                near = quads[int(rng.integers(len(quads)))].mean(0)
                a = rng.uniform(0, 2 * np.pi)
                at = near + (tw + th) / 2 * rng.uniform(0.85, 1.1) * np.array(
                    [np.cos(a), np.sin(a)])
            else:
                r, a = radius * np.sqrt(rng.random()), rng.uniform(0, 2 * np.pi)
                at = middle + r * np.array([np.cos(a), np.sin(a)])
            if (at < lo).any() or (at > hi).any():
                continue
            quad = _card_quad(at, tw, th, rng.uniform(0, 2 * np.pi))
            if all(cv2.intersectConvexConvex(quad, q)[0] <= HEAP_OVERLAP * area
                   for q in quads):
                quads.append(quad)
                break
    faces = [back_face if rng.random() < backs else art[int(rng.integers(len(art)))]
             for _ in quads]
    shade = rng.uniform(*WALL_SHADE)
    look = _BlockLook(wall, shadow, back, rng.uniform(*BACK_LAYER), shade, glass)
    cards = _draw_blocks(canvas, [(q, f, 0) for q, f in zip(quads, faces, strict=True)], look)
    shown = _shown_shares([c.corners for c in cards], wall, (h_img, w_img))
    cards = [replace(c, fraction=share) for c, share in zip(cards, shown, strict=True)]
    scene = _finish(rng, canvas, cards, "heap", kind)
    return _set_aside(scene, [c.fraction >= counted for c in scene.cards])


def _shown_shares(quads: Sequence[np.ndarray], wall: np.ndarray,
                  size: tuple[int, int]) -> list[float]:
    """The share of each face (drawn in this order) that no later tile's face or walls cover,
    counted on a quarter-size raster."""
    h, w = size[0] // 4 + 1, size[1] // 4 + 1
    top = np.zeros((h, w), np.uint8)
    out = []
    for q in reversed(quads):
        mask = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(mask, np.round(q / 4).astype(np.int32), 1)
        total = int(mask.sum())
        out.append(float((mask & (1 - top)).sum()) / max(1, total))
        cv2.fillConvexPoly(top, _hull(np.vstack([q, q + wall]) / 4), 1)
    return out[::-1]
