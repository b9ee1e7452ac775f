"""Captured hanafuda piles as players lay them: generated scenes for the card detector.

A Go-Stop or Koi-Koi player's captured pile lies the way it was gathered: cards grouped by
kind, each group a cascade (every card covers the lower part of the one before, its top band
shows), a fan (one side of each card shows), a stack, a loose heap at any angle, or a row of
cards laid apart or touching; groups often touch. ``pile_scene`` draws such a pile, on a real
table (a tile-free part of a ``mahjong/table-photos/train`` photo: felt, cloth, wood and glass
in real light) or on one of the generator's tablecloths, seen through a camera tilted up to
``MAX_TILT_DEG``, with uneven light, a shadow, glare, blur, a colour cast and JPEG.

The truth of each card is its whole face (corners TL TR BR BL, even where other cards cover
it), the outline of the part that shows and the share of the face that shows; a card showing
less than ``HIDDEN_BELOW`` of its face is hidden and asked of no detector. Training extra and
benches only: this module reads the shared data and is never imported by ``scorer recognize``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from scorer.training import scenes

# Art makers the card detector and the shipped hanafuda reader never train on, so that the
# piles benches read decks no model saw: freegostop's two renderings of one drawing, timomt's
# modern deck and PySol's Korean pixel deck (three makers, four sets; bench/eval_classifier's
# folds put freegostop and timomt together, oonsoo apart). Fixed before the first run.
HELD_OUT_CARD_ART = ("freegostop_color", "freegostop_pencil", "timomt", "pysol_oonsoo")
ASPECT = scenes.HANAFUDA_ASPECT
# A card that shows less than this share of its face is hidden: counted by no bench, asked of
# no detector (a sliver of a stack shows a frame, not a card).
HIDDEN_BELOW = 0.08
# How much of a card a group lays bare: a cascade's top band, a fan's side band (shares of the
# card's height and width); the "30-50 % of its width or only its top third".
CASCADE_SHOWS = (0.26, 0.5)
FAN_SHOWS = (0.3, 0.5)
# The camera's tilt from straight above, at most (degrees).
MAX_TILT_DEG = 30.0
GROUP_KINDS = ("spread", "cascade", "fan", "stack", "heap")
# Layouts a scene may be drawn in: one kind of group, or a pile mixing them ("pile").
LAYOUTS = (*GROUP_KINDS, "pile")


@dataclass(frozen=True)
class PileCard:
    """One card of a pile: its label, whole face (TL TR BR BL, image px), the outline of the
    part that shows (a min-area rectangle), that part's centre and its share of the face."""

    label: str
    corners: np.ndarray
    visible: np.ndarray
    centre: np.ndarray
    fraction: float
    group: int = 0

    @property
    def hidden(self) -> bool:
        return self.fraction < HIDDEN_BELOW


@dataclass
class PileScene:
    image: np.ndarray
    cards: list[PileCard]
    layout: str
    background: str
    # Pairs of cards (indices into ``cards``) laid touching edge to edge, neither covering
    # the other: the ones a detector must not merge into one card.
    touching: list[tuple[int, int]]

    @property
    def shown(self) -> list[PileCard]:
        return [c for c in self.cards if not c.hidden]


# ---------------------------------------------------------------- real tables


def table_textures(data_dir: Path, n: int, seed: int, limit: int = 0,
                   split: str = "train") -> list[np.ndarray]:
    """Up to ``n`` tile-free parts of ``mahjong/table-photos/<split>`` photos (their labels
    say where the tiles are), each at least a third of its photo's side: real tables."""
    from scorer.training.table_crops import labelled_boxes, table_classes

    folder = data_dir / "mahjong" / "table-photos" / split
    classes = table_classes()
    paths = sorted((folder / "images").glob("*.jpg"))[: limit or None]
    rng = np.random.default_rng(seed)
    out: list[np.ndarray] = []
    for k in rng.permutation(len(paths)):
        if len(out) >= n:
            break
        img = cv2.imread(str(paths[k]), cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        taken = np.zeros((h, w), np.uint8)
        for _, box in labelled_boxes(folder / "labels" / (paths[k].stem + ".txt"), w, h,
                                     classes):
            x0, y0, x1, y1 = (int(v) for v in np.round(box + (-6, -6, 6, 6)))
            taken[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = 1
        integral = cv2.integral(taken)
        for _ in range(40):
            rw, rh = int(w * rng.uniform(0.33, 0.8)), int(h * rng.uniform(0.33, 0.8))
            x, y = int(rng.integers(0, w - rw + 1)), int(rng.integers(0, h - rh + 1))
            if (integral[y + rh, x + rw] - integral[y, x + rw] - integral[y + rh, x]
                    + integral[y, x]) == 0:
                out.append(img[y:y + rh, x:x + rw].copy())
                break
    return out


# ---------------------------------------------------------------- layout in card units


def _group(rng: np.random.Generator, kind: str, k: int) -> list[tuple[float, float, float]]:
    """Cards of one group as (x, y, turn) of each centre in card widths, bottom card first."""
    a = ASPECT
    jit = (lambda s: float(rng.normal(0, s)))  # noqa: E731
    if kind == "cascade":
        step = rng.uniform(*CASCADE_SHOWS) * a
        return [(jit(0.03), i * step, jit(0.02)) for i in range(k)]
    if kind == "fan":
        step = rng.uniform(*FAN_SHOWS)
        return [(i * step, jit(0.03), jit(0.02)) for i in range(k)]
    if kind == "stack":
        return [(jit(0.06), jit(0.08), jit(0.08)) for _ in range(k)]
    if kind == "heap":
        r = 0.55 * math.sqrt(k)
        out = []
        for _ in range(k):
            d, t = r * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
            out.append((d * math.cos(t), d * math.sin(t) * a / 1.3, rng.uniform(-math.pi,
                                                                                   math.pi)))
        return out
    # spread: a row (or two) of cards laid apart, often touching
    per_row = max(1, math.ceil(k / (1 if k <= 5 else 2)))
    touching = rng.random() < 0.5
    out = []
    x = 0.0
    for i in range(k):
        if i and i % per_row == 0:
            x = 0.0
        gap = rng.uniform(0.0, 0.01) if touching else rng.uniform(0.03, 0.4)
        out.append((x, (i // per_row) * (a + gap), jit(0.01) if touching else jit(0.05)))
        x += 1 + gap
    return out


def _layout(rng: np.random.Generator, layout: str, n: int
            ) -> tuple[list[tuple[float, float, float]], list[int], list[tuple[int, int]]]:
    """Every card of a pile (x, y, turn in card widths, drawing order) and its group, and
    the pairs of cards whose groups were laid touching."""
    if layout == "pile":
        n_groups = int(np.clip(round(n / rng.uniform(2.5, 6)), 1, min(n, 7)))
        kinds = [str(rng.choice(GROUP_KINDS, p=[0.2, 0.3, 0.25, 0.1, 0.15]))
                 for _ in range(n_groups)]
    else:
        n_groups = int(np.clip(round(n / rng.uniform(3, 7)), 1, n)) if layout != "heap" else 1
        kinds = [layout] * n_groups
    cuts = np.sort(rng.choice(np.arange(1, n), n_groups - 1, replace=False)) if n_groups > 1 \
        else np.array([], int)
    sizes = [len(g) for g in np.split(np.arange(n), cuts)]
    groups = []
    for kind, k in zip(kinds, sizes, strict=True):
        cards = _group(rng, kind, k)
        pts = np.array([(x, y) for x, y, _ in cards])
        lo = pts.min(0) - (0.5, ASPECT / 2)
        hi = pts.max(0) + (0.5, ASPECT / 2)
        groups.append((cards, lo, hi, kind))
    per_row = max(1, math.ceil(math.sqrt(n_groups * 1.4)))
    placed: list[tuple[float, float, float]] = []
    owner: list[int] = []
    x = y = row_h = 0.0
    for g, (cards, lo, hi, kind) in enumerate(groups):
        if g and g % per_row == 0:
            x, y, row_h = 0.0, y + row_h + rng.uniform(0.0, 0.5), 0.0
        touch = kind in ("spread", "cascade", "fan") and rng.random() < 0.35
        turn = float(rng.normal(0, 0.05))
        c, s = math.cos(turn), math.sin(turn)
        for cx, cy, t in cards:
            px, py = cx - lo[0], cy - lo[1]
            placed.append((x + c * px - s * py, y + s * px + c * py, t + turn))
            owner.append(g)
        x += (hi[0] - lo[0]) + (rng.uniform(0.0, 0.02) if touch else rng.uniform(0.08, 0.6))
        row_h = max(row_h, hi[1] - lo[1])
    return placed, owner, []


# ---------------------------------------------------------------- camera


def _tilt(rng: np.random.Generator, w: int, h: int, max_deg: float) -> np.ndarray:
    """The homography of a camera turned up to ``max_deg`` from straight above, about an axis
    in the image plane at a random direction (a pure rotation: K R K^-1)."""
    f = 0.9 * math.hypot(w, h)
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    ang = math.radians(rng.uniform(0, max_deg))
    axis = rng.uniform(0, 2 * math.pi)
    r, _ = cv2.Rodrigues(np.array([math.cos(axis), math.sin(axis), 0.0]) * ang)
    return k @ r @ np.linalg.inv(k)


def _glare(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """A lamp's reflection: a soft bright patch somewhere on the table."""
    h, w = img.shape[:2]
    patch = np.zeros((h, w), np.float32)
    axes = (int(rng.uniform(0.04, 0.2) * w), int(rng.uniform(0.03, 0.12) * h))
    cv2.ellipse(patch, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), axes,
                float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    soft = cv2.GaussianBlur(patch, (0, 0), max(2.0, 0.25 * min(axes)))
    out = img.astype(np.float32) + rng.uniform(60, 160) * soft[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- the scene


def pile_scene(rng: np.random.Generator, art: Sequence[scenes.ArtCard], n: int,
               size: tuple[int, int] = (1500, 2000), layout: str = "pile",
               tables: Sequence[np.ndarray] = (), max_tilt: float = MAX_TILT_DEG
               ) -> PileScene:
    """A captured pile of ``n`` cards drawn from ``art`` laid as ``layout`` (one of
    ``LAYOUTS``), on a real table from ``tables`` (half the time, where given) or a generated
    cloth, photographed at ``size`` (h, w)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; expected one of {', '.join(LAYOUTS)}")
    h_img, w_img = size
    if tables and rng.random() < 0.5:
        table = tables[int(rng.integers(len(tables)))]
        canvas = cv2.resize(table, (w_img, h_img), interpolation=cv2.INTER_LINEAR)
        if rng.random() < 0.5:
            canvas = cv2.flip(canvas, int(rng.integers(-1, 2)))
        kind = "table"
    else:
        kind = str(rng.choice(scenes.BACKGROUND_KINDS + scenes.EXTRA_KINDS))
        canvas = scenes.make_background(rng, h_img, w_img, kind)
    picks = scenes.pick_art(rng, art, n)
    placed, owner, _ = _layout(rng, layout, n)
    # Fit the pile (turned at random) into the frame, filling 50-92 % of its tighter extent.
    theta = rng.uniform(-math.pi, math.pi)
    c, s = math.cos(theta), math.sin(theta)
    quads = []
    for x, y, t in placed:
        q = scenes._card_quad(np.array([x, y]), 1.0, ASPECT, t)
        quads.append(q @ np.array([[c, s], [-s, c]]))
    pts = np.concatenate(quads)
    lo, hi = pts.min(0), pts.max(0)
    scale = rng.uniform(0.5, 0.92) * min(w_img / (hi[0] - lo[0]), h_img / (hi[1] - lo[1]))
    offset = np.array([w_img, h_img]) / 2 - scale * (lo + hi) / 2
    quads = [(q * scale + offset).astype(np.float32) for q in quads]
    # Draw bottom to top, keeping which card owns each pixel (at a quarter of the size).
    ids = np.full((h_img // 4 + 1, w_img // 4 + 1), -1, np.int32)
    for i, (pick, q) in enumerate(zip(picks, quads, strict=True)):
        art_img = pick.image if rng.random() < 0.5 else cv2.rotate(pick.image,
                                                                   cv2.ROTATE_180)
        scenes._paste(canvas, art_img, q, shadow=float(rng.uniform(0.15, 0.35)))
        cv2.fillConvexPoly(ids, np.round(q / 4).astype(np.int32), i)
    hom = _tilt(rng, w_img, h_img, max_tilt)
    corners = cv2.perspectiveTransform(
        np.array([[[0, 0], [w_img, 0], [w_img, h_img], [0, h_img]]], np.float64), hom)[0]
    lo_c, hi_c = corners.min(0), corners.max(0)
    fit = min(w_img / (hi_c[0] - lo_c[0]), h_img / (hi_c[1] - lo_c[1]))
    sim = np.array([[fit, 0, -fit * lo_c[0]], [0, fit, -fit * lo_c[1]], [0, 0, 1]])
    sim[:2, 2] += (np.array([w_img, h_img]) - fit * (hi_c - lo_c)) / 2
    hom = sim @ hom
    image = cv2.warpPerspective(canvas, hom, (w_img, h_img), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REFLECT)
    if rng.random() < 0.3:
        image = _glare(rng, image)
    image = scenes.photo_augment(rng, image)
    cards = []
    for i, (pick, q) in enumerate(zip(picks, quads, strict=True)):
        frac, vis, centre = shown_part(ids, i, q)
        whole = scenes._apply_h(hom, q)
        vis, centre = scenes._apply_h(hom, vis), scenes._apply_h(hom, centre[None])[0]
        cards.append(PileCard(pick.label, whole, vis, centre, frac, owner[i]))
    touching = _touching(quads, [c.fraction for c in cards])
    return PileScene(image, cards, layout, kind, touching)


def shown_part(ids: np.ndarray, i: int, quad: np.ndarray
               ) -> tuple[float, np.ndarray, np.ndarray]:
    """What shows of card ``i`` drawn at ``quad`` (canvas px), from ``ids`` (which card owns
    each pixel, at a quarter of the canvas's size, drawn bottom to top): the share of its face,
    the outline of the part that shows (a min-area rectangle) and that part's centre, in
    canvas px; the whole face where nothing shows."""
    mask = (ids == i).astype(np.uint8)
    face = np.zeros_like(mask)
    cv2.fillConvexPoly(face, np.round(quad / 4).astype(np.int32), 1)
    frac = min(1.0, float(mask.sum()) / max(1.0, float(face.sum())))
    if not mask.any():
        return frac, np.asarray(quad, np.float32).copy(), np.asarray(quad).mean(0)
    ys, xs = np.nonzero(mask)
    pts4 = np.stack([xs, ys], 1).astype(np.float32) * 4 + 2
    return frac, cv2.boxPoints(cv2.minAreaRect(pts4)).astype(np.float32), pts4.mean(0)


def _touching(quads: Sequence[np.ndarray], fractions: Sequence[float]
              ) -> list[tuple[int, int]]:
    """Pairs of whole cards (each showing at least 95 % of its face) whose outlines come
    within 2 % of a card's width of each other: laid touching, neither covering the other."""
    out = []
    for i in range(len(quads)):
        for j in range(i + 1, len(quads)):
            if min(fractions[i], fractions[j]) < 0.95:
                continue
            w = float(np.linalg.norm(quads[i][1] - quads[i][0]))
            if float(np.linalg.norm(quads[i].mean(0) - quads[j].mean(0))) > 2.2 * w * ASPECT:
                continue
            if _min_edge_gap(quads[i], quads[j]) < 0.02 * w:
                out.append((i, j))
    return out


def _min_edge_gap(a: np.ndarray, b: np.ndarray) -> float:
    """The least distance from a corner of one quad to the other quad's outline."""
    best = math.inf
    for p, q in ((a, b), (b, a)):
        for pt in p:
            d = abs(cv2.pointPolygonTest(q.reshape(-1, 1, 2).astype(np.float32),
                                         (float(pt[0]), float(pt[1])), True))
            best = min(best, d)
    return best


def load_art(data_dir: Path, held_out: bool, max_side: int = 300) -> list[scenes.ArtCard]:
    """Card faces (no backs) of the training makers, or of ``HELD_OUT_CARD_ART`` alone."""
    art = scenes.load_hanafuda_art(data_dir, makers(data_dir, held_out), max_side=max_side)
    return [a for a in art if a.label != "back"]


def load_decks(data_dir: Path, held_out: bool, max_side: int = 300
               ) -> list[list[scenes.ArtCard]]:
    """The card faces (no backs) of each maker's deck, the training makers' or
    ``HELD_OUT_CARD_ART``'s alone, in the makers' order: a pile drawn from one holds each
    card as often as a deck does."""
    return [[a for a in scenes.load_hanafuda_art(data_dir, [s], max_side=max_side)
             if a.label != "back"] for s in makers(data_dir, held_out)]


def makers(data_dir: Path, held_out: bool) -> list[str]:
    """The hanafuda art sets, the training makers' or ``HELD_OUT_CARD_ART``'s, in the order
    `load_decks` gives their decks."""
    root = data_dir / "hanafuda" / "art"
    sets = sorted(p.name for p in root.iterdir() if p.is_dir())
    return [s for s in sets if (s in HELD_OUT_CARD_ART) == held_out]
