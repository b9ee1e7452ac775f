"""Train the learned mahjong tile detector, or the hanafuda card detector (``--deck
hanafuda``), and export it to ONNX.

    python -m scorer.training detector --minutes 85    # the first run
    python -m scorer.training detector --minutes 40 --lr 1e-3 --seed 1 --threshold 0.3 \
        --work /tmp/scorer-detector-2 \
        --init-from /tmp/scorer-detector/detector-ckpt.pt  # on from it: the shipped model
    python -m scorer.training detector --minutes 5 --out /tmp/det   # a quick try
    python -m scorer.training detector --deck hanafuda --out /tmp/cards   # the cards

The card detector learns generated piles only (``piles``: each one maker's deck, on real
tables and cloths), each card's whole face and the part of it that shows (two more maps),
from views equalised as its input is (``tiles.equalised``); it is chosen on generated
selection piles.

A CenterNet-style network (Zhou et al., "Objects as Points", 2019): an ImageNet-pretrained
EfficientNet-Lite0 cut at stride 16, a small feature pyramid back to stride 4, and per cell a
tile-centre heatmap, the centre's sub-cell offset, the face's short and long side and the
long side's direction (as cos 2a, sin 2a: a face reads the same turned half a turn, and the
classifier reads both ways). Touching tiles stay apart because each has its own peak.

Data: the real table photos of ``mahjong/table-photos/train`` (CC BY 4.0, credited in
models/README.md) and scenes from the project's own generator (``scenes``), with the art sets
of ``HELD_OUT_ART`` left out so that a bench can read scenes of makers no model saw. The
table photos' boxes are mostly axis-aligned boxes of turned tiles (the exporter turned the
photos): such a box trains the centre and the box the face's sides and direction imply, not
the sides themselves; polygon labels and generated scenes give the face itself.

The tile detector's selection and peak threshold use ``table-photos/valid`` only. Training
extra only (torch); never run in CI. Checkpoints go under /tmp (``--work``) and a run resumes
from them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from scorer.training import scenes
from scorer.training.common import DATA_DIR, IMAGENET_MEAN, IMAGENET_STD, TABLE, lite0, save_onnx
from scorer.vision import cards, tiles
from scorer.vision.models import MANIFEST, models_dir, sha256_of

WORK_DIR = Path("/tmp/scorer-detector")
HELD_OUT_ART = scenes.HELD_OUT_ART  # art makers left out of training, for the benches
CROP = 384  # training crop, px (the network is fully convolutional)
STRIDE = tiles.STRIDE
# Sizes a table photo (640 px, as exported) is drawn at before the crop: tiles from about
# 10 to 170 px wide, the range a phone photo of a table shows at the detector's input size.
SCALE_RANGE = (0.35, 1.25)
ASPECT_JITTER = 0.2  # the exporter stretched every photo to a square; undo/redo that at random
# 2: heaps (scenes.tile_heap_scene); 3: each scene its own seed, heaps in place of half the
# loose tiles (hands, grids and rings at their share from before the heaps)
SYNTH_VERSION = 3
# A heap's tile is a tile to find where this share of its face shows (its bench counts a tile
# from scenes.EDGE_COUNTED; one less covered is no phantom there).
HEAP_TRAIN_COUNTED = 0.4
# The card detector's generated piles (640 px) are drawn at these sizes: cards from about 25
# to 110 px wide, as a phone photo of one player's pile shows them at the input size.
CARD_SCALE_RANGE = (0.45, 1.3)
CARD_SYNTH_VERSION = 3  # 3: each pile one maker's deck
# The generated piles are drawn once, with this seed, whatever the run's --seed (which draws
# the views of them): a run going on from another's checkpoint sees the same piles anew.
CARD_SET_SEED = 2000
# The card detector's selection scenes: held-out makers on the tables of table-photos/valid,
# these seeds (fixed before its first run), every layout of piles.LAYOUTS in turn.
CARD_SELECTION_SEEDS = range(9500, 9560)
DECKS = ("mahjong", "hanafuda")


# ---------------------------------------------------------------- labelled images


@dataclass
class Labelled:
    """One training image and its tiles: centres, sides and direction where known.

    ``quads``: (n, 4, 2) corners. ``oriented[i]``: the quad is the face itself (a polygon
    label or a generated scene); otherwise it is an axis-aligned box of a face at an unknown
    turn. ``centres``: (n, 2), the centre of each face's visible part, or None (the quads'
    centres).
    """

    image: np.ndarray
    quads: np.ndarray
    oriented: np.ndarray
    source: str = "table"
    # Where each face's peak lies, where not at the quad's centre: a card partly covered
    # peaks at the centre of the part that shows (the card detector's scenes).
    centres: np.ndarray | None = None


def _box_quad(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def read_yolo(label_path: Path, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Quads and whether each is oriented, from one YOLO label file (boxes or polygons)."""
    quads, oriented = [], []
    for line in label_path.read_text().splitlines():
        v = [float(t) for t in line.split()[1:]]
        if len(v) == 4:
            cx, cy, bw, bh = v[0] * w, v[1] * h, v[2] * w, v[3] * h
            quads.append(_box_quad(cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2))
            oriented.append(False)
        elif len(v) >= 8:
            pts = (np.array(v, np.float32).reshape(-1, 2) * (w, h)).astype(np.float32)
            quads.append(cv2.boxPoints(cv2.minAreaRect(pts)).astype(np.float32))
            oriented.append(True)
    if not quads:
        return np.zeros((0, 4, 2), np.float32), np.zeros(0, bool)
    return np.stack(quads), np.array(oriented)


def load_table_split(split: str, limit: int = 0) -> list[Labelled]:
    folder = TABLE / split
    out = []
    for path in sorted((folder / "images").glob("*.jpg"))[: limit or None]:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        quads, oriented = read_yolo(folder / "labels" / (path.stem + ".txt"), w, h)
        out.append(Labelled(img, quads, oriented, "table"))
    return out


def given_directions(pool: Sequence[Labelled], path: Path, work: Path) -> list[Labelled]:
    """``pool``'s table photos with each axis-aligned box that the faces of the detector at
    ``path`` (one this trainer exported: the shipped one) overlap at IoU >= 0.5 (one to one,
    ``tiles.box_pairs``) taken as that face, its sides and direction, moved to the box's
    centre: the boxes train no direction, so a detector that learned tiles at any angle from
    generated scenes alone frames real upright tiles turned (bench/NOTES.md, "A mahjong
    detector run on a GPU"); the shipped detector frames them as they lie. A photo whose
    every box is matched is then turned to any angle in training (``augment``). Cached under
    ``work``, keyed by the detector's bytes."""
    key = hashlib.sha1(sha256_of(path).encode() + str(len(pool)).encode()).hexdigest()[:10]
    cache = work / f"directions-{key}.npz"
    if cache.exists():
        z = np.load(cache, allow_pickle=True)
        return [Labelled(x.image, q, o, x.source, x.centres)
                for x, q, o in zip(pool, z["quads"], z["oriented"], strict=True)]
    det = tiles.TileDetector(path=path)
    out = []
    for item in pool:
        where = np.flatnonzero(~item.oriented)  # the boxes
        if not len(where):
            out.append(item)
            continue
        faces = [f.corners for f in det.detect(item.image)]
        quads, oriented = item.quads.copy(), item.oriented.copy()
        for f, b in tiles.box_pairs(faces, list(item.quads[where])):
            i = int(where[b])
            quads[i] = faces[f] - faces[f].mean(0) + item.quads[i].mean(0)
            oriented[i] = True
        out.append(Labelled(item.image, quads, oriented, item.source, item.centres))
    work.mkdir(parents=True, exist_ok=True)
    qs, os_ = np.empty(len(out), object), np.empty(len(out), object)
    for i, x in enumerate(out):
        qs[i], os_[i] = x.quads, x.oriented
    np.savez(cache, quads=qs, oriented=os_)
    return out


def synth_scene(rng: np.random.Generator, art: Sequence[scenes.ArtCard]) -> Labelled:
    """One generated table: thick tiles (rows, grids, hands, rings, loose, heaps) or flat
    printed tiles in rows, on one of the generator's tables, with clutter at the edges."""
    size = (480, 640) if rng.random() < 0.5 else (640, 480)
    pick = rng.random()
    kind = str(rng.choice(scenes.BACKGROUND_KINDS + scenes.EXTRA_KINDS))
    if pick < 0.2:
        scene = scenes.tile_rows_scene(rng, art, size=size, kind=kind)
    elif pick < 0.4:  # a heap: tiles at any angle, touching, lying over each other, backs
        # A tile half covered is still a tile to find (the bench counts from EDGE_COUNTED).
        scene = scenes.tile_heap_scene(rng, art, n=int(rng.integers(12, 41)), size=size,
                                       kind=str(rng.choice([*scenes.HEAP_KINDS, kind])),
                                       counted=HEAP_TRAIN_COUNTED)
    else:  # of all scenes: hands 20%, grids 12%, rings 8%, loose tiles 20%
        opts: dict[str, Any] = {}
        r = rng.random()
        if r < 1 / 3:
            opts["hand"] = int(rng.integers(8, 15))
            opts["melds"] = int(rng.integers(0, 3))
        elif r < 0.53:
            opts["grid"] = (int(rng.integers(1, 4)), int(rng.integers(2, 7)))
        elif r < 2 / 3:
            opts["ring"] = int(rng.integers(5, 10))
        scene = scenes.tile_blocks_scene(
            rng, art, n=int(rng.integers(3, 16)), size=size, kind=kind,
            lamp=bool(rng.random() < 0.3), edge=int(rng.integers(0, 3)), **opts)
    image = _clutter(rng, scene.image, [c.corners for c in scene.cards])
    quads = (np.stack([c.corners for c in scene.cards]).astype(np.float32) if scene.cards
             else np.zeros((0, 4, 2), np.float32))
    return Labelled(image, quads, np.ones(len(quads), bool), "synth")


def _clutter(rng: np.random.Generator, img: np.ndarray, faces: list[np.ndarray]) -> np.ndarray:
    """Things at a table's edges that are not tiles: a hand or sleeve, a cup, a phone, chair
    legs under glass, drawn where no face lies (faces stay whole, so the truth holds)."""
    out = img.copy()
    h, w = img.shape[:2]
    keep = np.zeros((h, w), np.uint8)
    for q in faces:
        cv2.fillConvexPoly(keep, np.round(q).astype(np.int32), 1)
    layer = out.copy()
    for _ in range(int(rng.integers(0, 4))):
        colour = tuple(int(c) for c in rng.uniform(0, 255, 3))
        if rng.random() < 0.35:  # skin-toned hand or arm entering from an edge
            colour = tuple(int(c) for c in np.array([120, 160, 210]) * rng.uniform(0.5, 1.1))
        kind = rng.random()
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if kind < 0.4:
            axes = (int(rng.uniform(0.05, 0.25) * w), int(rng.uniform(0.05, 0.2) * h))
            cv2.ellipse(layer, (int(cx), int(cy)), axes, float(rng.uniform(0, 180)), 0, 360,
                        colour, -1)
        elif kind < 0.7:  # chrome legs or a table edge: long bright/dark bars
            p2 = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
            cv2.line(layer, (int(cx), int(cy)), p2, colour, int(rng.integers(3, 20)))
        else:  # a phone, a box, a score pad
            rect = ((cx, cy), (rng.uniform(0.05, 0.3) * w, rng.uniform(0.05, 0.3) * h),
                    float(rng.uniform(0, 180)))
            cv2.fillConvexPoly(layer, np.round(cv2.boxPoints(rect)).astype(np.int32), colour)
    alpha = rng.uniform(0.6, 1.0)
    mix = cv2.addWeighted(layer, alpha, out, 1 - alpha, 0)
    return np.where(keep[..., None] > 0, out, mix)


def synth_set(n: int, seed: int, work: Path, workers: int = 0) -> list[Labelled]:
    """``n`` generated scenes, cached under ``work`` (keyed by count, seed and version);
    scene ``i`` drawn from its own seed (``seed``, ``i``), by ``workers`` processes."""
    key = hashlib.sha1(f"{n}-{seed}-{SYNTH_VERSION}-{HELD_OUT_ART}".encode()).hexdigest()[:10]
    cache = work / f"synth-{key}.npz"
    if cache.exists():
        z = np.load(cache, allow_pickle=True)
        return [Labelled(im, q, np.ones(len(q), bool), "synth")
                for im, q in zip(z["images"], z["quads"], strict=True)]
    sets = sorted({p.name for p in (DATA_DIR / "mahjong" / "art").iterdir()}
                  - set(HELD_OUT_ART))
    art = scenes.load_mahjong_art(DATA_DIR, sets, max_side=200)
    art = [a for a in art if a.label != "back"]
    out = _drawn(n, seed, synth_scene, art, workers)
    work.mkdir(parents=True, exist_ok=True)
    images = np.empty(len(out), object)
    quads = np.empty(len(out), object)
    for i, s in enumerate(out):
        images[i], quads[i] = s.image, s.quads
    np.savez(cache, images=images, quads=quads)
    return out


def _pile_labelled(scene: Any) -> Labelled:
    shown = scene.shown
    quads = (np.stack([c.corners for c in shown]).astype(np.float32) if shown
             else np.zeros((0, 4, 2), np.float32))
    centres = (np.stack([c.centre for c in shown]).astype(np.float32) if shown
               else np.zeros((0, 2), np.float32))
    return Labelled(scene.image, quads, np.ones(len(quads), bool), "pile", centres)


def card_set(n: int, seed: int, work: Path, workers: int = 0) -> list[Labelled]:
    """``n`` generated piles of the training makers' cards (``piles``), on the tables of
    table-photos/train and generated cloths, cached under ``work``. Pile ``i`` is drawn from
    its own seed (``seed``, ``i``), so ``workers`` processes draw the same set as one."""
    from scorer.training import piles

    key = hashlib.sha1(f"cards-{n}-{seed}-{CARD_SYNTH_VERSION}-{piles.HELD_OUT_CARD_ART}"
                       .encode()).hexdigest()[:10]
    cache = work / f"piles-{key}.npz"
    if cache.exists():
        z = np.load(cache, allow_pickle=True)
        return [Labelled(im, q, np.ones(len(q), bool), "pile", c)
                for im, q, c in zip(z["images"], z["quads"], z["centres"], strict=True)]
    out = _drawn(n, seed, _pile, (piles.load_decks(DATA_DIR, held_out=False, max_side=200),
                                  piles.table_textures(DATA_DIR, 400, seed)), workers)
    work.mkdir(parents=True, exist_ok=True)
    images, quads, centres = (np.empty(len(out), object) for _ in range(3))
    for i, item in enumerate(out):
        images[i], quads[i], centres[i] = item.image, item.quads, item.centres
    np.savez(cache, images=images, quads=quads, centres=centres)
    return out


# What ``_drawn``'s processes draw with (the drawing function, its inputs, the seed): set
# before they fork, so that they share it rather than each receiving a copy.
_DRAW: tuple[Callable[[np.random.Generator, Any], Labelled], Any, int] | None = None


def _drawn(n: int, seed: int, draw: Callable[[np.random.Generator, Any], Labelled],
           inputs: Any, workers: int) -> list[Labelled]:
    """``draw(rng, inputs)`` for i in 0..n-1, each rng seeded (``seed``, ``i``): the same
    list whatever the number of ``workers`` processes."""
    global _DRAW
    _DRAW = (draw, inputs, seed)
    try:
        if workers <= 1:
            return [_draw_at(i) for i in range(n)]
        import multiprocessing

        threads = cv2.getNumThreads()
        cv2.setNumThreads(1)  # before the fork (set in a forked process, it hangs)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as procs:
                return procs.map(_draw_at, range(n), chunksize=16)
        finally:
            cv2.setNumThreads(threads)
    finally:
        _DRAW = None


def _draw_at(i: int) -> Labelled:
    assert _DRAW is not None
    draw, inputs, seed = _DRAW
    return draw(np.random.default_rng([seed, i]), inputs)


def _pile(rng: np.random.Generator, inputs: tuple[Any, Any]) -> Labelled:
    """One generated pile of ``card_set`` (``inputs``: the makers' decks and the tables),
    drawn from one maker's deck as a real pile is: touching cards alike but for their
    pictures."""
    from scorer.training import piles

    decks, tables = inputs
    art = decks[int(rng.integers(len(decks)))]
    size = (480, 640) if rng.random() < 0.5 else (640, 480)
    layout = str(rng.choice(piles.LAYOUTS, p=[0.12, 0.16, 0.16, 0.08, 0.13, 0.35]))
    scene = piles.pile_scene(rng, art, int(rng.integers(4, 33)), size=size,
                             layout=layout, tables=tables)
    return _pile_labelled(scene)


def card_selection(limit: int = 0) -> list[Labelled]:
    """The card detector's selection scenes: piles of the held-out makers (each one maker's
    deck, in turn) on the tables of table-photos/valid (``CARD_SELECTION_SEEDS``, every
    layout in turn), at 960 x 1280."""
    from scorer.training import piles

    decks = piles.load_decks(DATA_DIR, held_out=True, max_side=400)
    tables = piles.table_textures(DATA_DIR, 60, 0, split="valid")
    out = []
    for k, seed in enumerate(CARD_SELECTION_SEEDS[: limit or None]):
        rng = np.random.default_rng(seed)
        layout = piles.LAYOUTS[k % len(piles.LAYOUTS)]
        scene = piles.pile_scene(rng, decks[k % len(decks)], int(rng.integers(6, 29)),
                                 size=(960, 1280), layout=layout, tables=tables)
        out.append(_pile_labelled(scene))
    return out


# ---------------------------------------------------------------- augmentation and targets


def _photometric(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    out: np.ndarray = img.astype(np.float32)
    out = out * rng.uniform(0.6, 1.35) + rng.uniform(-30, 30)
    out = out * rng.uniform(0.85, 1.15, 3)  # white balance
    if rng.random() < 0.3:
        grey = out.mean(2, keepdims=True)
        out = grey + (out - grey) * rng.uniform(0.3, 1.3)
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.6))
    if rng.random() < 0.3:
        out += rng.normal(0, rng.uniform(2, 8), out.shape).astype(np.float32)
    res = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        ok, buf = cv2.imencode(".jpg", res, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 90))])
        if ok:
            res = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return res


def augment(rng: np.random.Generator, item: Labelled, crop: int = CROP,
            scale_range: tuple[float, float] = SCALE_RANGE
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A random view of ``item``: scaled (and stretched a little), turned (any angle where the
    quads are faces; quarter turns and flips where they are boxes, which stay exact), cropped
    to ``crop`` x ``crop``. Returns the image and the quads, oriented flags and peak centres
    of the faces whose peak lies inside it."""
    h, w = item.image.shape[:2]
    base = 640.0 / max(h, w)
    s = base * math.exp(rng.uniform(math.log(scale_range[0]), math.log(scale_range[1])))
    stretch = math.exp(rng.uniform(-ASPECT_JITTER, ASPECT_JITTER))
    sx, sy = s * stretch, s / stretch
    all_oriented = bool(item.oriented.all())
    angle = rng.uniform(-math.pi, math.pi) if all_oriented and rng.random() < 0.7 else (
        math.pi / 2 * int(rng.integers(4)))
    flip = rng.random() < 0.5
    c, si = math.cos(angle), math.sin(angle)
    a = np.array([[c * sx, -si * sy], [si * sx, c * sy]])
    if flip:
        a = a @ np.diag([-1.0, 1.0])
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) @ a.T
    lo, hi = corners.min(0), corners.max(0)
    span = hi - lo
    off = np.array([rng.uniform(min(0, crop - span[0]), max(0, crop - span[0])),
                    rng.uniform(min(0, crop - span[1]), max(0, crop - span[1]))]) - lo
    m = np.hstack([a, off[:, None]]).astype(np.float32)
    fill = tuple(int(v) for v in rng.uniform(40, 200, 3))
    img = cv2.warpAffine(item.image, m, (crop, crop), flags=cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
    img = _photometric(rng, img)
    if not len(item.quads):
        return (img, np.zeros((0, 4, 2), np.float32), np.zeros(0, bool),
                np.zeros((0, 2), np.float32))
    q = item.quads.reshape(-1, 2) @ m[:, :2].T + m[:, 2]
    q = q.reshape(-1, 4, 2).astype(np.float32)
    peaks = item.quads.mean(1) if item.centres is None else item.centres
    centre = (peaks @ m[:, :2].T + m[:, 2]).astype(np.float32)
    ori = item.oriented.copy()
    if not all_oriented:  # boxes stay boxes under quarter turns and flips: re-square them
        lo_q, hi_q = q.min(1), q.max(1)
        q = np.where(ori[:, None, None], q, np.stack(
            [np.stack([lo_q[:, 0], lo_q[:, 1]], 1), np.stack([hi_q[:, 0], lo_q[:, 1]], 1),
             np.stack([hi_q[:, 0], hi_q[:, 1]], 1), np.stack([lo_q[:, 0], hi_q[:, 1]], 1)], 1))
    inside = (centre >= 0).all(1) & (centre < crop).all(1)
    return img, q[inside], ori[inside], centre[inside]


def face_geometry(q: np.ndarray) -> tuple[float, float, float]:
    """Short side, long side and the long side's direction (radians, any half turn) of a
    quad (its parallelogram sides averaged)."""
    a = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    b = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    d_b = (q[3] - q[0]) + (q[2] - q[1])
    d_a = (q[1] - q[0]) + (q[2] - q[3])
    if b >= a:
        return float(a), float(b), float(math.atan2(d_b[1], d_b[0]))
    return float(b), float(a), float(math.atan2(d_a[1], d_a[0]))


def targets(quads: np.ndarray, oriented: np.ndarray, size: int = CROP,
            centres: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """CenterNet targets on the stride grid: a Gaussian peak per tile (its spread a sixth of
    the face's short side), and at each centre cell the offset, log sides (the face's where
    oriented, the box's width and height where not) and direction. With ``centres`` (the
    card detector's), the peak lies at each face's visible part (its spread a tenth of the
    short side: a fan's strip is narrow), and two rows more say where the whole face's
    centre lies from there (stride units)."""
    g = size // STRIDE
    heat = np.zeros((g, g), np.float32)
    # dx dy, log side a, log side b, cos2a sin2a, kind (oriented), [whole face dx dy]
    reg = np.zeros((7 if centres is None else 9, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32)
    peaks = quads.mean(1) if centres is None else centres
    for q, ori, peak in zip(quads, oriented, peaks, strict=True):
        cx, cy = peak / STRIDE
        if ori:
            short, long_, ang = face_geometry(q)
            a, b = short, long_
        else:
            a = float(q[:, 0].max() - q[:, 0].min())  # box width
            b = float(q[:, 1].max() - q[:, 1].min())  # box height
            short, ang = min(a, b), 0.0
        if short < 2:
            continue
        sigma = max(0.6, short / STRIDE / (6 if centres is None else 10))
        heat = np.maximum(heat, np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2)))
        ix, iy = int(cx), int(cy)
        if not (0 <= ix < g and 0 <= iy < g):
            continue
        heat[iy, ix] = 1.0
        values = [cx - ix, cy - iy, math.log(a / STRIDE), math.log(b / STRIDE),
                  math.cos(2 * ang), math.sin(2 * ang), 1.0 if ori else 0.0]
        if centres is not None:
            whole = q.mean(0) / STRIDE
            values += [float(whole[0] - cx), float(whole[1] - cy)]
        reg[:, iy, ix] = values
        mask[iy, ix] = 1.0
    return {"heat": heat, "reg": reg, "mask": mask}


# ---------------------------------------------------------------- network




def _sep(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, padding=1, groups=cin, bias=False), nn.BatchNorm2d(cin),
        nn.ReLU6(), nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6())


class TileNet(nn.Module):
    """EfficientNet-Lite0 to stride 16, a feature pyramid to stride 4, a CenterNet head.

    Input: BGR in [0, 1] (N, 3, H, W), H and W multiples of 16. Output (N, outputs, H/4,
    W/4): centre logit, dx, dy, log short side, log long side, cos 2a, sin 2a (sides in
    stride units); the card detector's two more: the whole face's centre from the peak."""

    def __init__(self, pretrained: bool = True, width: int = 64, outputs: int = 7) -> None:
        super().__init__()
        net = lite0(pretrained)
        self.stem = nn.Sequential(net._conv_stem, net._bn0, nn.ReLU6())
        self.blocks = nn.ModuleList(net._blocks[:11])
        self.taps = (2, 4, 10)  # after these blocks: 24 ch at /4, 40 at /8, 112 at /16
        chans = [int(net._blocks[i]._block_args.output_filters) for i in self.taps]
        self.lateral = nn.ModuleList(nn.Conv2d(c, width, 1) for c in chans)
        self.smooth = nn.ModuleList(_sep(width, width) for _ in chans[:-1])
        last = nn.Conv2d(width, outputs, 1)
        bias = last.bias
        assert bias is not None
        with torch.no_grad():
            bias.zero_()
            bias[0] = -2.19  # CenterNet's prior: a cell is a centre at p = 0.1
        self.head = nn.Sequential(_sep(width, width), last)
        scale = torch.tensor([1.0 / IMAGENET_STD[c] for c in range(3)])
        shift = torch.tensor([-IMAGENET_MEAN[c] / IMAGENET_STD[c] for c in range(3)])
        self.in_scale: torch.Tensor
        self.in_shift: torch.Tensor
        self.register_buffer("in_scale", scale.view(1, 3, 1, 1))
        self.register_buffer("in_shift", shift.view(1, 3, 1, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.flip(1) * self.in_scale + self.in_shift  # BGR [0,1] -> ImageNet-normalised RGB
        x = self.stem(x)
        feats = []
        for i, block in enumerate(self.blocks):
            x = block(x)
            if i in self.taps:
                feats.append(x)
        y = self.lateral[2](feats[2])
        for k in (1, 0):
            y = F.interpolate(y, scale_factor=2.0, mode="nearest") + self.lateral[k](feats[k])
            y = self.smooth[k](y)
        return self.head(y)


# ---------------------------------------------------------------- loss


def loss_fn(out: torch.Tensor, heat: torch.Tensor, reg: torch.Tensor, mask: torch.Tensor
            ) -> tuple[torch.Tensor, dict[str, float]]:
    """Penalty-reduced focal loss on the centres (CenterNet), L1 on offsets and log sides at
    the centres; for a box label, L1 between its log width/height and the ones the predicted
    face implies (long side l and short side s along direction a: W = l|cos a| + s|sin a|)."""
    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    pos = heat.eq(1).float()
    neg_w = (1 - heat) ** 4
    focal = -(pos * (1 - p) ** 2 * torch.log(p) + (1 - pos) * neg_w * p**2 * torch.log(1 - p))
    n = mask.sum().clamp(min=1)
    l_heat = focal.sum() / n
    m = mask.unsqueeze(1)
    l_off = (F.l1_loss(out[:, 1:3], reg[:, 0:2], reduction="none") * m).sum() / n
    ori = (reg[:, 6] * mask).unsqueeze(1)
    box = ((1 - reg[:, 6]) * mask).unsqueeze(1)
    l_side = (F.l1_loss(out[:, 3:5], reg[:, 2:4], reduction="none") * ori).sum() / n
    vec = out[:, 5:7]
    l_dir = (F.l1_loss(vec, reg[:, 4:6], reduction="none") * ori).sum() / n
    unit = vec / vec.norm(dim=1, keepdim=True).clamp(min=1e-4)
    cos2 = unit[:, 0]
    ac = torch.sqrt(((1 + cos2) / 2).clamp(min=1e-6))  # |cos a|
    as_ = torch.sqrt(((1 - cos2) / 2).clamp(min=1e-6))  # |sin a|
    s, lg = out[:, 3].exp(), out[:, 4].exp()
    bw = torch.log(lg * ac + s * as_ + 1e-4)
    bh = torch.log(lg * as_ + s * ac + 1e-4)
    l_box = ((F.l1_loss(bw, reg[:, 2], reduction="none")
              + F.l1_loss(bh, reg[:, 3], reduction="none")) * box[:, 0]).sum() / n
    total = l_heat + l_off + 0.5 * (l_side + l_box) + 0.5 * l_dir
    parts = {"heat": l_heat.item(), "off": l_off.item(), "side": l_side.item(),
             "box": l_box.item(), "dir": l_dir.item()}
    if out.shape[1] > 7:  # the card detector: where the whole face lies from its peak
        l_whole = (F.l1_loss(out[:, 7:9], reg[:, 7:9], reduction="none") * m).sum() / n
        total = total + 0.5 * l_whole
        parts["whole"] = l_whole.item()
    return total, parts


# ---------------------------------------------------------------- training


@dataclass
class Config:
    deck: str = "mahjong"
    minutes: float = 80.0
    batch: int = 8
    lr: float = 2e-3
    synth: int = 1200
    synth_share: float = 0.35
    seed: int = 0
    threads: int = 2
    work: str = str(WORK_DIR)
    out: str = ""
    limit: int = 0  # table photos read (0: all), for quick tries
    export_only: bool = False  # export the checkpoint as it stands, no training
    train_only: bool = False  # save the checkpoint and stop: export it later with export_only
    device: str = "cpu"  # "cuda" on a machine with a GPU (bf16 autocast there)
    workers: int = 0  # processes building batches (and drawing piles); 0: this one
    init_from: str = ""  # a checkpoint of this trainer to go on from (own optimiser, schedule)
    # a detector whose faces give the table photos' boxes their direction (given_directions)
    directions_from: str = ""
    thresholds: tuple[float, ...] = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5)
    threshold: float = 0.0  # keep this one (0: the best F1 of `thresholds` on valid)
    extra: dict[str, Any] = field(default_factory=dict)


def _batch(rng: np.random.Generator, pool: Sequence[Labelled], synth: Sequence[Labelled],
           cfg: Config) -> tuple[torch.Tensor, ...]:
    return _tensors(_batch_arrays(rng, pool, synth, cfg))


def _tensors(arrays: Sequence[np.ndarray | torch.Tensor],
             device: torch.device | None = None) -> tuple[torch.Tensor, ...]:
    """A batch on ``device``: the images (N, H, W, 3 uint8) as the network's (N, 3, H, W)
    floats in [0, 1], the targets as they are."""
    img, *rest = (torch.as_tensor(a).to(device or "cpu", non_blocking=True) for a in arrays)
    return (img.permute(0, 3, 1, 2).float() / 255.0, *rest)


def _batch_arrays(rng: np.random.Generator, pool: Sequence[Labelled],
                  synth: Sequence[Labelled], cfg: Config) -> tuple[np.ndarray, ...]:
    """A training batch as arrays: images (N, H, W, 3 uint8), heatmaps, regression targets,
    masks. No torch call: DataLoader workers forked from a process whose torch threads ran
    would hang in one."""
    imgs, heats, regs, masks = [], [], [], []
    for _ in range(cfg.batch):
        src = synth if synth and rng.random() < cfg.synth_share else pool
        item = src[int(rng.integers(len(src)))]
        if cfg.deck == "hanafuda":
            img, q, o, c = augment(rng, item, scale_range=CARD_SCALE_RANGE)
            if cards.CardDetector.equalise:  # the look the detector is used with
                img = tiles.equalised(img)
            t = targets(q, o, centres=c)
        else:
            img, q, o, _ = augment(rng, item)
            t = targets(q, o)
        imgs.append(img)
        heats.append(t["heat"])
        regs.append(t["reg"])
        masks.append(t["mask"])
    return np.stack(imgs), np.stack(heats), np.stack(regs), np.stack(masks)


class _Batches(torch.utils.data.IterableDataset):
    """Endless training batches, built in DataLoader worker processes: each worker draws its
    views from its own seed (the run's seed, the step it starts at, its number)."""

    def __init__(self, pool: Sequence[Labelled], synth: Sequence[Labelled], cfg: Config,
                 start: int) -> None:
        self.pool, self.synth, self.cfg, self.start = pool, synth, cfg, start

    def __iter__(self):  # type: ignore[no-untyped-def]
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.cfg.seed, self.start, info.id if info else 0])
        while True:
            yield _batch_arrays(rng, self.pool, self.synth, self.cfg)


def batches(pool: Sequence[Labelled], synth: Sequence[Labelled], cfg: Config,
            rng: np.random.Generator, start: int
            ) -> Iterator[tuple[np.ndarray | torch.Tensor, ...]]:
    """The run's batches as ``_batch_arrays`` builds them: here from ``rng``
    (``cfg.workers`` 0), or by that many worker processes (OpenCV set to one thread first:
    the processes are the parallelism)."""
    if cfg.workers <= 0:
        while True:
            yield _batch_arrays(rng, pool, synth, cfg)
    cv2.setNumThreads(1)  # here, before the fork: set in a forked worker, it hangs
    loader = torch.utils.data.DataLoader(
        _Batches(pool, synth, cfg, start), batch_size=None, num_workers=cfg.workers,
        prefetch_factor=4, pin_memory=cfg.device != "cpu",
        multiprocessing_context="fork")
    yield from loader


def export(model: nn.Module, meta: dict[str, Any], path: Path) -> None:
    import onnx

    model.eval()
    tmp = path.with_suffix(".tmp.onnx")
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        model, (torch.zeros(1, 3, 320, 320),), str(tmp), input_names=["image"],
        output_names=["maps"],
        dynamic_axes={"image": {0: "batch", 2: "height", 3: "width"},
                      "maps": {0: "batch", 2: "rows", 3: "cols"}},
        opset_version=17, dynamo=False,
    )
    save_onnx(onnx.load(str(tmp)), meta, path)
    tmp.unlink()


def evaluate(path: Path, items: Sequence[Labelled], thresholds: Sequence[float],
             deck: str = "mahjong") -> dict[float, dict[str, float]]:
    """Recall and precision at IoU >= 0.5 of axis-aligned boxes (of whole faces), per peak
    threshold, over ``items`` (the selection split or scenes)."""
    det = cards.CardDetector(path=path) if deck == "hanafuda" else tiles.TileDetector(path=path)
    decode = cards.decode_cards if deck == "hanafuda" else tiles.decode
    found: dict[float, list[int]] = {t: [0, 0, 0] for t in thresholds}  # hits, preds, truth
    for item in items:
        maps, scale, size = det.raw(item.image)
        for t in thresholds:
            got = decode(maps, scale, t, size)
            hits = len(tiles.box_pairs([g.corners for g in got], list(item.quads)))
            found[t][0] += hits
            found[t][1] += len(got)
            found[t][2] += len(item.quads)
    return {t: {"recall": h / max(1, n), "precision": h / max(1, p)}
            for t, (h, p, n) in found.items()}


def start_model(init_from: str = "", outputs: int = 7,
                sample: torch.Tensor | None = None) -> tuple[TileNet, dict[str, Any]]:
    """The network a run starts from: ImageNet weights, an earlier run's checkpoint
    (``init_from``, a ``detector-ckpt.pt``) or a detector this trainer exported (an
    ``.onnx``, such as the shipped one: ``sample`` is a batch of training images, see
    ``from_onnx``), and what that file was (``origin_of``), for the model card."""
    if not init_from:
        return TileNet(outputs=outputs), {}
    model = TileNet(pretrained=False, outputs=outputs)
    if init_from.endswith(".onnx"):
        if sample is None:
            raise ValueError("starting from an ONNX detector needs a sample batch")
        from_onnx(model, Path(init_from), sample)
    else:
        model.load_state_dict(torch.load(init_from, weights_only=False,
                                         map_location="cpu")["model"])
    return model, origin_of(init_from)


def origin_of(init_from: str) -> dict[str, Any]:
    """What a run's ``init_from`` file was: name, sha256, and its training steps and minutes."""
    if not init_from:
        return {}
    path = Path(init_from)
    if init_from.endswith(".onnx"):
        import onnx

        graph = onnx.load(str(path), load_external_data=False)
        record: dict[str, Any] = next((json.loads(p.value) for p in graph.metadata_props
                                       if p.key == "train"), {})
        done: dict[str, Any] = {k: record[k] for k in ("steps", "minutes") if k in record}
    else:
        state = torch.load(path, weights_only=False, map_location="cpu")
        done = {"steps": int(state["step"]), "minutes": round(state["spent"] / 60, 1)}
    return {"file": path.name, "sha256": sha256_of(path), **done}


def from_onnx(model: TileNet, path: Path, sample: torch.Tensor) -> None:
    """Set ``model``'s weights from a detector this trainer exported (what it was:
    ``origin_of``). The export folds each batch norm into the convolution before it, so
    each norm is set back as one that changes nothing: its running mean and variance are
    those of the convolution's output on ``sample`` and its scale and shift undo them (plus
    the folded bias). The network computes what the file does, and a training batch like
    ``sample`` normalises to about the same."""
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path))
    weights = {i.name: numpy_helper.to_array(i) for i in graph.graph.initializer}
    convs = [(weights[n.input[1]], weights[n.input[2]] if len(n.input) > 2 else None)
             for n in graph.graph.node if n.op_type == "Conv"]
    calls: list[nn.Module] = []
    hooks = [m.register_forward_hook(lambda m, _i, _o: calls.append(m))
             for m in model.modules() if isinstance(m, nn.Conv2d | nn.BatchNorm2d)]
    model.eval()
    with torch.no_grad():
        model(sample[:1])
    for h in hooks:
        h.remove()
    order = [m for m in calls if isinstance(m, nn.Conv2d)]
    norm_after = {id(a): b for a, b in zip(calls, calls[1:], strict=False)
                  if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d)}
    if len(order) != len(convs):
        raise ValueError(f"{path.name}: {len(convs)} convolutions, the network has {len(order)}")
    bias_of: dict[int, torch.Tensor] = {}
    with torch.no_grad():
        for conv, (w, b) in zip(order, convs, strict=True):
            if tuple(conv.weight.shape) != w.shape:
                raise ValueError(f"{path.name}: a convolution of shape {w.shape} where the "
                                 f"network has {tuple(conv.weight.shape)}")
            conv.weight.copy_(torch.from_numpy(np.array(w)))
            folded = torch.from_numpy(np.array(b)) if b is not None else torch.zeros(w.shape[0])
            bn = norm_after.get(id(conv))
            if bn is None:
                if conv.bias is not None:
                    conv.bias.copy_(folded)
                continue
            bias_of[id(bn)] = folded
            bn.running_mean.zero_()  # type: ignore[union-attr]
            bn.running_var.fill_(1 - bn.eps)  # type: ignore[union-attr]
            bn.weight.fill_(1.0)
            bn.bias.copy_(folded)
    stats: dict[int, tuple[torch.Tensor, torch.Tensor]] = {}

    def record(m: nn.Module, inputs: tuple[torch.Tensor, ...], _o: torch.Tensor) -> None:
        x = inputs[0]
        stats[id(m)] = (x.mean((0, 2, 3)), x.var((0, 2, 3)))

    norms = [m for m in model.modules() if isinstance(m, nn.BatchNorm2d)]
    hooks = [m.register_forward_hook(record) for m in norms]
    with torch.no_grad():
        model(sample)
        for h in hooks:
            h.remove()
        for bn in norms:
            mean, var = stats[id(bn)]
            bn.running_mean.copy_(mean)  # type: ignore[union-attr]
            bn.running_var.copy_(var)  # type: ignore[union-attr]
            bn.weight.copy_(torch.sqrt(var + bn.eps))
            bn.bias.copy_(mean + bias_of[id(bn)])
        for name in ("in_scale", "in_shift"):
            getattr(model, name).copy_(torch.from_numpy(np.array(weights[name])))


def _run_data(cfg: Config, work: Path
              ) -> tuple[list[Labelled], list[Labelled], list[Labelled]]:
    """A run's training images, generated scenes and selection images: none of the piles
    where it only exports, no selection where it only trains."""
    t0 = time.time()
    cards = cfg.deck == "hanafuda"
    synth: list[Labelled] = []
    valid: list[Labelled] = []
    if cfg.export_only and cards:  # the piles are not needed to export
        pool: list[Labelled] = []
    elif cards:  # generated piles only: no real photo of cards exists here
        pool = card_set(cfg.synth, CARD_SET_SEED, work, cfg.workers)
    else:
        pool = [x for x in load_table_split("train", cfg.limit) if len(x.quads)]
        if cfg.directions_from:
            pool = given_directions(pool, Path(cfg.directions_from), work)
            boxes = sum(int((~x.oriented).sum()) for x in pool)
            print(f"directions from {Path(cfg.directions_from).name}: {boxes} boxes left "
                  f"of {sum(len(x.quads) for x in pool)}; "
                  f"{sum(bool(x.oriented.all()) for x in pool)} photos turn freely", flush=True)
        synth = synth_set(cfg.synth, cfg.seed + 1000, work, cfg.workers) if cfg.synth else []
    if not cfg.train_only:
        valid = (card_selection(cfg.limit and max(6, cfg.limit // 4)) if cards
                 else load_table_split("valid", cfg.limit and max(20, cfg.limit // 4)))
    print(f"data: {len(pool)} {'generated piles' if cards else 'table photos'}, "
          f"{len(synth)} generated scenes, {len(valid)} selection "
          f"{'scenes' if cards else 'photos'} ({time.time() - t0:.0f} s)", flush=True)
    return pool, synth, valid


def train(cfg: Config) -> dict[str, Any]:
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    work = Path(cfg.work)
    work.mkdir(parents=True, exist_ok=True)
    ckpt = work / "detector-ckpt.pt"
    if cfg.init_from and ckpt.resolve() == Path(cfg.init_from).resolve():
        raise SystemExit("--init-from is this run's own checkpoint: give the run another --work")
    if cfg.export_only and not ckpt.exists():
        raise SystemExit(f"--export-only: no checkpoint at {ckpt}")
    cards = cfg.deck == "hanafuda"
    pool, synth, valid = _run_data(cfg, work)
    n_out = 9 if cards else 7
    step, spent = 0, 0.0
    state = torch.load(ckpt, weights_only=False, map_location="cpu") if ckpt.exists() else None
    if state is not None and state.get("config") != _config_key(cfg):
        if cfg.export_only:
            raise SystemExit(f"--export-only: {ckpt} was written with other options")
        state = None
    if state is not None:  # resume (or export): the starting weights are the checkpoint's
        model, origin = TileNet(pretrained=False, outputs=n_out), origin_of(cfg.init_from)
    else:
        sample = (_batch(np.random.default_rng(cfg.seed + 7), pool, synth, cfg)[0]
                  if cfg.init_from.endswith(".onnx") else None)
        model, origin = start_model(cfg.init_from, n_out, sample)
    device = torch.device("cpu" if cfg.export_only else cfg.device)
    model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=1e-4)
    if state is not None:
        model.load_state_dict(state["model"])
        if "opt" in state:
            opt.load_state_dict(state["opt"])
        step, spent = state["step"], state["spent"]
        rng = np.random.default_rng([cfg.seed, step])
        print(f"resumed at step {step} ({spent / 60:.1f} min)", flush=True)
    budget = 0.0 if cfg.export_only else cfg.minutes * 60
    warm = 200
    last_save = time.time()
    model.train()
    start = time.time() - spent
    running: dict[str, float] = {}
    feed = batches(pool, synth, cfg, rng, step) if budget > spent else iter(())
    # bf16 on a GPU (the network's matrix work), float32 on the CPU as before
    autocast = torch.autocast("cuda", torch.bfloat16, enabled=device.type == "cuda")

    def save() -> None:
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step,
                    "spent": spent, "config": _config_key(cfg)}, ckpt)

    while not cfg.export_only and (spent := time.time() - start) < budget:
        frac = spent / budget
        lr = cfg.lr * min(1.0, (step + 1) / warm) * 0.5 * (1 + math.cos(math.pi * frac))
        for g in opt.param_groups:
            g["lr"] = lr
        x, heat, reg, mask = _tensors(next(feed), device)
        with autocast:
            out = model(x)
        loss, parts = loss_fn(out.float(), heat, reg, mask)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        opt.step()
        step += 1
        for k, v in parts.items():
            running[k] = 0.98 * running.get(k, v) + 0.02 * v
        if step % 50 == 0:
            print(f"step {step} {spent / 60:.1f} min lr {lr:.2e} "
                  + " ".join(f"{k} {v:.3f}" for k, v in running.items()), flush=True)
        if time.time() - last_save > 300:
            save()
            last_save = time.time()
    if not cfg.export_only:
        save()
    if cfg.train_only:
        print(f"trained to step {step}; checkpoint {ckpt}", flush=True)
        return {}
    model.cpu()
    out_dir = Path(cfg.out) if cfg.out else models_dir()
    name = _model_name(cfg.deck)
    path = out_dir / f"{name}.onnx"
    if cards:
        from scorer.training import piles

        data = {"generated_piles": cfg.synth, "held_out_art": list(piles.HELD_OUT_CARD_ART)}
    else:
        data = {"table_photos": len(pool), "generated": len(synth),
                "held_out_art": list(HELD_OUT_ART)}
    outputs = ["centre", "dx", "dy", "log_short", "log_long", "cos2a", "sin2a"]
    meta = {"labels": ["card" if cards else "tile"], "stride": STRIDE,
            "input_long_side": tiles.INPUT_LONG_SIDE,
            "channel_order": "BGR", "normalisation": "x / 255",
            "outputs": outputs + (["whole_dx", "whole_dy"] if cards else []),
            "threshold": 0.3, "train": {"command": _command(cfg), "steps": step,
                                        "minutes": round(spent / 60, 1), **data,
                                        **({"init_from": origin} if origin else {})}}
    export(model, meta, path)
    scores = evaluate(path, valid, sorted({*cfg.thresholds, cfg.threshold} - {0.0}), cfg.deck)
    chosen, selection = pick_threshold(scores, cfg.threshold,
                                       "generated piles of the held-out makers "
                                       f"(seeds {CARD_SELECTION_SEEDS.start}-"
                                       f"{CARD_SELECTION_SEEDS.stop - 1})" if cards
                                       else "table-photos/valid")
    meta["threshold"], meta["selection"] = chosen, {
        **selection, ("scenes" if cards else "photos"): len(valid)}
    import onnx

    save_onnx(onnx.load(str(path)), meta, path)
    write_manifest(out_dir, meta, name)
    for t, sc in sorted(scores.items()):
        print(f"threshold {t:.2f}: recall {sc['recall']:.4f} precision {sc['precision']:.4f}")
    print(f"threshold {chosen} ({selection['threshold']}); wrote {path}", flush=True)
    return meta


def pick_threshold(scores: dict[float, dict[str, float]], given: float = 0.0,
                   split: str = "table-photos/valid") -> tuple[float, dict[str, Any]]:
    """The peak threshold and its selection record: ``given`` where it is set (chosen on the
    benches through the whole pipeline, as the shipped one), else the best F1 on ``split``
    (detector alone)."""
    best = max(scores, key=lambda t: _f1(scores[t]))
    pick = given or best
    return pick, {"split": split,
                  "threshold": (f"given (the best F1 here: {best})" if given
                                else "the best F1 here"),
                  **{k: round(v, 4) for k, v in scores[pick].items()}}


def _f1(s: dict[str, float]) -> float:
    r, p = s["recall"], s["precision"]
    return 2 * r * p / max(1e-9, r + p)


def _config_key(cfg: Config) -> str:
    return json.dumps({k: v for k, v in cfg.__dict__.items()
                       if k not in ("out", "thresholds", "threshold", "export_only", "minutes",
                                    "threads", "train_only", "device", "workers")},
                      sort_keys=True, default=str)


def _command(cfg: Config) -> str:
    base = Config()
    args = [f"--{k.replace('_', '-')} {v}" for k, v in cfg.__dict__.items()
            if k in ("deck", "minutes", "batch", "lr", "synth", "synth_share", "seed",
                     "init_from", "threshold", "device", "workers", "directions_from")
            and v != getattr(
                base, k)]
    return " ".join(["python -m scorer.training detector", *args])


def _model_name(deck: str) -> str:
    from scorer.vision.models import CARD_DETECTOR_MODEL

    return CARD_DETECTOR_MODEL if deck == "hanafuda" else tiles.DETECTOR_MODEL


def write_manifest(out_dir: Path, meta: dict[str, Any], name: str = tiles.DETECTOR_MODEL
                   ) -> None:
    path = out_dir / MANIFEST
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    fname = f"{name}.onnx"
    data.setdefault("models", {})[name] = {
        "file": fname, "sha256": sha256_of(out_dir / fname),
        **{k: meta[k] for k in ("labels", "stride", "input_long_side", "channel_order",
                                "normalisation", "outputs", "threshold", "selection", "train")},
    }
    path.write_text(json.dumps(data, indent=1) + "\n")


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m scorer.training detector",
                                description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    base = Config()
    p.add_argument("--deck", choices=DECKS, default=base.deck,
                   help="mahjong: the tile detector (table photos and generated tables); "
                        "hanafuda: the card detector (generated piles, piles.py)")
    p.add_argument("--minutes", type=float, default=base.minutes,
                   help="training time (wall clock, resumable); default %(default)s")
    p.add_argument("--batch", type=int, default=base.batch)
    p.add_argument("--lr", type=float, default=base.lr)
    p.add_argument("--synth", type=int, default=base.synth,
                   help="generated scenes (cached under --work); default %(default)s")
    p.add_argument("--synth-share", type=float, default=base.synth_share,
                   help="share of each batch drawn from generated scenes")
    p.add_argument("--seed", type=int, default=base.seed)
    p.add_argument("--threads", type=int, default=base.threads)
    p.add_argument("--limit", type=int, default=0, help="read only this many table photos")
    p.add_argument("--work", default=base.work, help="checkpoints and caches")
    p.add_argument("--out", default="", help="write the .onnx and manifest here, not models/")
    p.add_argument("--init-from", default="", metavar="CKPT",
                   help="go on training from a checkpoint this trainer wrote (its --work's "
                        "detector-ckpt.pt), with a fresh optimiser and schedule; give the new "
                        "run its own --work")
    p.add_argument("--threshold", type=float, default=0.0,
                   help="the peak threshold to ship (chosen on the benches: 0.3); default: "
                        "the best F1 on table-photos/valid")
    p.add_argument("--export-only", action="store_true",
                   help="export and evaluate the run's checkpoint as it stands (same options)")
    p.add_argument("--train-only", action="store_true",
                   help="train and save the checkpoint, no export: on a GPU machine, say, "
                        "then --export-only where the selection data is")
    p.add_argument("--device", default=base.device,
                   help="torch device to train on (cuda: bf16 autocast); default %(default)s")
    p.add_argument("--workers", type=int, default=base.workers,
                   help="processes that draw the piles and build the batches; default "
                        "%(default)s (this process)")
    p.add_argument("--directions-from", default="", metavar="ONNX",
                   help="mahjong: give each table-photo box the sides and direction of this "
                        "detector's face over it (models/mahjong-detector.onnx), where one "
                        "matches: the boxes alone teach no direction")
    a = p.parse_args(argv)
    cfg = Config(deck=a.deck, minutes=a.minutes, batch=a.batch, lr=a.lr, synth=a.synth,
                 synth_share=a.synth_share, seed=a.seed, threads=a.threads, work=a.work,
                 out=a.out, limit=a.limit, export_only=a.export_only, init_from=a.init_from,
                 threshold=a.threshold, train_only=a.train_only, device=a.device,
                 workers=a.workers, directions_from=a.directions_from)
    train(cfg)
