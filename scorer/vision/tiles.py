"""The learned mahjong tile detector: an ONNX network run by onnxruntime, and its decoding.

The network (trained by ``python -m scorer.training detector``, described in
models/README.md) sees the photo at ``INPUT_LONG_SIDE`` px and answers, per cell of a grid
``STRIDE`` px apart, a tile-centre score and, at a centre, the face's sub-cell offset, short and
long side and the long side's direction (cos 2a, sin 2a). ``decode`` turns that into one
oriented quadrilateral per local peak above the threshold: touching tiles have their own peaks,
so they stay apart without any rule about seams or table colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from scorer.vision.models import (
    BONUS_MODEL,
    DETECTOR_MODEL,
    LazyModel,
    ModelError,
    PhotoReader,
)

__all__ = ["DETECTOR_MODEL", "READER", "TileDetector", "TileFace", "arrange", "decode", "prepare"]
# How mahjong photos are read (scorer.decks.Deck.reader): rows of tiles, flowers and seasons
# read again by the bonus reader, each crop in three framings (classify.VIEW_ZOOM).
READER = PhotoReader("mahjong", "scorer.vision.pipeline:read_tiles", BONUS_MODEL, views=3)
STRIDE = 4
# The network's input: the photo's long side at this many pixels (the table photos it was
# trained on are 640 px; a 12 MP photo's 24 tiles are 60-100 px wide there).
INPUT_LONG_SIDE = 512
# Two peaks whose faces overlap more than this are one tile seen twice (the weaker goes).
PEAK_OVERLAP = 0.5
# Two faces are neighbours in a row or grid when their centres lie one side apart: side by
# side (the offset nearer the face's short side than its long), this share of the photo's
# step (`arrange`; groups of a row, a third of a tile apart or more, stay apart), or one
# above the other, this share of the step's long side (a diagonal neighbour, 1.67 short
# sides away for 3:4 faces, is neither); and they turn alike to TURN_TOLERANCE degrees, or
# a quarter turn apart to SIDEWAYS_TOLERANCE (the network sometimes answers a face sideways).
SIDE_SPAN = (0.8, 1.25)
PITCH_CAP = 1.15
# A face's long side over its short (detect.MAHJONG_ASPECT): the step's long side, since the
# network's answer of it runs long.
FACE_ASPECT = 4.0 / 3.0
STACK_SPAN = (0.85, 1.2)
TURN_TOLERANCE = 35.0
SIDEWAYS_TOLERANCE = 25.0


@dataclass(frozen=True)
class TileFace:
    """One found face: corners TL TR BR BL in input-image pixels (TL->TR along the short
    side, TL->BL along the long side, the top either end) and the centre score."""

    corners: np.ndarray
    score: float


# Local contrast equalisation (CLAHE, Zuiderveld 1994) of a detector's input where it asks
# for it (``TileDetector.equalise``): the lightness channel, this clip limit, tiles of 8x8.
EQUALISE_CLIP = 2.0


def equalised(image: np.ndarray) -> np.ndarray:
    """A BGR image with its lightness equalised locally (CLAHE, ``EQUALISE_CLIP``, 8x8 tiles):
    what a detector that asks for it sees (``prepare``), and the card detector's training
    views."""
    import cv2

    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    clahe = cv2.createCLAHE(clipLimit=EQUALISE_CLIP, tileGridSize=(8, 8))
    lab[:, :, 0] = clahe.apply(lab[:, :, 0])
    out: np.ndarray = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
    return out


def prepare(image: np.ndarray, long_side: int = INPUT_LONG_SIDE, equalise: bool = False
            ) -> tuple[np.ndarray, float]:
    """The network's input for a BGR photo: resized to ``long_side``, its lightness
    equalised where ``equalise`` (CLAHE, ``EQUALISE_CLIP``), padded to a multiple of 32 (edge
    pixels repeated), (1, 3, H, W) float32 in [0, 1]; and the resize factor."""
    import cv2

    h, w = image.shape[:2]
    scale = long_side / max(h, w)
    nh, nw = max(32, round(h * scale)), max(32, round(w * scale))
    small = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1
                       else cv2.INTER_LINEAR)
    if equalise:
        small = equalised(small)
    ph, pw = -nh % 32, -nw % 32
    if ph or pw:
        small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    x = small.astype(np.float32).transpose(2, 0, 1)[None] / 255.0
    return np.ascontiguousarray(x), scale


def _quad(cx: float, cy: float, short: float, long_: float, angle: float) -> np.ndarray:
    """TL TR BR BL of a face centred at (cx, cy) whose long side runs along ``angle``."""
    u = np.array([-np.sin(angle), np.cos(angle)])  # across the face (short side)
    if u[0] < 0 or (u[0] == 0 and u[1] < 0):  # TL->TR rightwards: the top is the upper end
        u = -u
    v = np.array([-u[1], u[0]])  # down the face (long side), TL TR BR BL clockwise
    c = np.array([cx, cy])
    hu, hv = u * short / 2, v * long_ / 2
    return np.array([c - hu - hv, c + hu - hv, c + hu + hv, c - hu + hv], np.float32)


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller face's area."""
    import cv2

    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    return float(inter) / max(small, 1e-6)


def peaks_of(logit: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """The centre score map (a sigmoid of ``logit``) and its 3x3 local maxima at or above
    ``threshold``, (row, col) strongest first: the detectors' peaks."""
    score = 1.0 / (1.0 + np.exp(-logit))
    pad = np.pad(score, 1, constant_values=0.0)
    rows, cols = score.shape
    neigh = np.max(np.stack([pad[dy:dy + rows, dx:dx + cols]
                             for dy in range(3) for dx in range(3)]), axis=0)
    peaks = np.argwhere((score >= neigh) & (score >= threshold))
    return score, peaks[np.argsort(-score[peaks[:, 0], peaks[:, 1]])]


def face_shape(maps: np.ndarray, iy: int, ix: int, scale: float) -> tuple[float, float, float]:
    """The short side, long side (input-image px) and the long side's direction of the face
    the network answers at cell (``iy``, ``ix``) of an image resized by ``scale``."""
    short = float(np.exp(np.clip(maps[3, iy, ix], -3, 8))) * STRIDE / scale
    long_ = float(np.exp(np.clip(maps[4, iy, ix], -3, 8))) * STRIDE / scale
    angle = float(np.arctan2(maps[6, iy, ix], maps[5, iy, ix])) / 2
    if short > long_:
        short, long_, angle = long_, short, angle + np.pi / 2
    return short, long_, angle


def decode(maps: np.ndarray, scale: float, threshold: float,
           size: tuple[int, int] | None = None) -> list[TileFace]:
    """Faces from the network's maps (7, rows, cols) of one image resized by ``scale``: each
    3x3 local maximum of the centre score at or above ``threshold``, strongest first, a face
    overlapping a stronger one by more than PEAK_OVERLAP dropped. ``size`` (w, h): drop
    centres beyond the photo (its padding)."""
    score, peaks = peaks_of(maps[0], threshold)
    faces: list[TileFace] = []
    for iy, ix in peaks:
        cx = (ix + float(maps[1, iy, ix])) * STRIDE / scale
        cy = (iy + float(maps[2, iy, ix])) * STRIDE / scale
        if size is not None and not (0 <= cx < size[0] and 0 <= cy < size[1]):
            continue
        short, long_, angle = face_shape(maps, iy, ix, scale)
        quad = _quad(cx, cy, short, long_, angle)
        if any(_overlap(quad, f.corners) > PEAK_OVERLAP for f in faces):
            continue
        faces.append(TileFace(quad, float(score[iy, ix])))
    return faces


def _geometry(q: np.ndarray) -> tuple[np.ndarray, float, float, float]:
    """Centre, short side, long side and the long side's direction of a decoded face."""
    down = q[3] - q[0]
    return (q.mean(0), float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(down)),
            float(np.arctan2(down[1], down[0])))


def _turn_gap(a: float, b: float, period: float) -> float:
    d = abs(a - b) % period
    return min(d, period - d)


def arrange(faces: list[TileFace]) -> tuple[list[TileFace], list[int], list[int]]:
    """Pieces (rows, grids, melds: faces that touch side by side or one above the other),
    runs (faces that touch side by side: one line of a piece, a row or a meld) and each face
    turned as its piece lies.

    The network finds centres far more precisely than turns, and the centres of touching
    faces are one side apart along the piece's own axes: the offsets' mean direction
    (modulo a quarter turn, so both axes count) is the piece's turn. Each face keeps its
    sides and centre; a face with no neighbour keeps its own turn. Returns the faces, a
    piece number for each and a run number for each (a meld laid just above a hand row is
    one piece with it, touching one above the other, but a run of its own).
    """
    geo = [_geometry(f.corners) for f in faces]
    parent = list(range(len(faces)))
    along = list(range(len(faces)))  # the same, joined side by side only

    def root(i: int, up: list[int]) -> int:
        while up[i] != i:
            up[i] = up[up[i]]
            i = up[i]
        return i

    edges: list[tuple[int, int, float]] = []
    # One photo's tiles are one set, and touching faces' centres are one pitch apart: the
    # step is the median distance to a face's nearest neighbour, at most PITCH_CAP median
    # short sides (loose tiles lie further apart), at least one. The sides the network
    # answers run a fifth small on tiles it is unsure of; the centres do not.
    short = float(np.median([g[1] for g in geo])) if geo else 0.0
    if len(geo) > 1:
        centres = np.array([g[0] for g in geo])
        gaps = np.linalg.norm(centres[:, None] - centres[None], axis=2)
        np.fill_diagonal(gaps, np.inf)
        short = float(np.clip(np.median(gaps.min(1)), short, PITCH_CAP * short))
    long_ = short * FACE_ASPECT
    tol, sideways = np.radians(TURN_TOLERANCE), np.radians(SIDEWAYS_TOLERANCE)
    for i in range(len(faces)):
        ci, _, _, ai = geo[i]
        for j in range(i + 1, len(faces)):
            cj, _, _, aj = geo[j]
            if _turn_gap(ai, aj, np.pi) > tol and _turn_gap(ai + np.pi / 2, aj, np.pi) > sideways:
                continue  # turned apart (a face the network answered sideways still joins)
            d = cj - ci
            dist = float(np.linalg.norm(d))
            # Side by side where the offset runs nearer either face's short side than its
            # long (so a face the network answered sideways still meets its row).
            beside = any(abs(float(d @ (f.corners[1] - f.corners[0])))
                         >= np.cos(np.pi / 4) * dist * g[1]
                         for f, g in ((faces[i], geo[i]), (faces[j], geo[j])))
            lo, hi = SIDE_SPAN if beside else STACK_SPAN
            side = short if beside else long_
            if lo * side <= dist <= hi * side:
                edges.append((i, j, float(np.arctan2(d[1], d[0]))))
                parent[root(j, parent)] = root(i, parent)
                if beside:
                    along[root(j, along)] = root(i, along)
    roots: dict[int, int] = {}
    pieces = [roots.setdefault(root(i, parent), len(roots)) for i in range(len(faces))]
    run_roots: dict[int, int] = {}
    runs = [run_roots.setdefault(root(i, along), len(run_roots)) for i in range(len(faces))]
    turn4: dict[int, complex] = {}
    for i, _, alpha in edges:
        turn4[pieces[i]] = turn4.get(pieces[i], 0j) + complex(np.cos(4 * alpha),
                                                               np.sin(4 * alpha))
    # A piece's faces stand one way: its long sides run along whichever of its two axes most
    # of its faces' own long sides are nearer (a face the network answered sideways follows).
    axis: dict[int, float] = {}
    for p, z in turn4.items():
        if abs(z) > 0:
            base = float(np.angle(z)) / 4
            votes = sum(_turn_gap(g[3], base, np.pi) <= np.pi / 4
                        for g, q in zip(geo, pieces, strict=True) if q == p)
            members = pieces.count(p)
            axis[p] = base if 2 * votes >= members else base + np.pi / 2
    out = []
    for f, (c, s, ln, _), p in zip(faces, geo, pieces, strict=True):
        if p in axis:
            f = TileFace(_quad(float(c[0]), float(c[1]), s, ln, axis[p]), f.score)
        out.append(f)
    return out, pieces, runs


def box_pairs(pred: list[np.ndarray], truth: list[np.ndarray], iou: float = 0.5
              ) -> list[tuple[int, int]]:
    """One-to-one (prediction, truth) pairs of outlines whose axis-aligned boxes overlap at
    IoU >= ``iou``, best pairs first: how the benches and the trainers score found faces
    against box labels."""
    if not pred or not truth:
        return []
    pb = np.array([[q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()] for q in pred])
    tb = np.array([[q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()] for q in truth])
    x0 = np.maximum(pb[:, None, 0], tb[None, :, 0])
    y0 = np.maximum(pb[:, None, 1], tb[None, :, 1])
    x1 = np.minimum(pb[:, None, 2], tb[None, :, 2])
    y1 = np.minimum(pb[:, None, 3], tb[None, :, 3])
    inter = np.clip(x1 - x0, 0, None) * np.clip(y1 - y0, 0, None)
    area_p = (pb[:, 2] - pb[:, 0]) * (pb[:, 3] - pb[:, 1])
    area_t = (tb[:, 2] - tb[:, 0]) * (tb[:, 3] - tb[:, 1])
    m = inter / (area_p[:, None] + area_t[None, :] - inter + 1e-9)
    pairs: list[tuple[int, int]] = []
    while True:
        i, j = np.unravel_index(int(np.argmax(m)), m.shape)
        if m[i, j] < iou:
            return pairs
        pairs.append((int(i), int(j)))
        m[i, :] = -1
        m[:, j] = -1


class TileDetector(LazyModel):
    """The shipped detector (verified against the manifest), or the ONNX file at ``path``."""

    model = DETECTOR_MODEL  # its name in the manifest
    # The short side (input px) a table photo's pile crop is seen at where its faces would
    # come out wider at the input size (``CardDetector``); None: every crop at the input size.
    working_side: int | None = None
    # Whether the network sees its input with local contrast equalised (``prepare``).
    equalise = False

    def __init__(self, path: Path | None = None, directory: Path | None = None) -> None:
        super().__init__(self.model, directory, path)
        self.long_side: int | None = None  # seen at (``seeing``); None: the model's own

    def seeing(self, long_side: int) -> TileDetector:
        """This detector, its opened model shared, seeing each photo at ``long_side`` px (a
        multiple of 32 is exact) instead of its input size: fewer pixels where the faces
        would be larger than it needs."""
        import copy

        self.load()
        view = copy.copy(self)
        view.long_side = long_side
        return view

    @property
    def input_side(self) -> int:
        """The long side the network sees a photo at."""
        self.load()
        return self.long_side or int(self.meta.get("input_long_side", INPUT_LONG_SIDE))

    def check(self, path: Path, entry: dict[str, Any], meta: dict[str, Any]) -> None:
        if meta.get("stride", STRIDE) != STRIDE:
            raise ModelError("stride", path=path, stride=meta.get("stride"), expected=STRIDE)

    @property
    def threshold(self) -> float:
        self.load()
        return float(self.meta.get("threshold", 0.3))

    def raw(self, image: np.ndarray) -> tuple[np.ndarray, float, tuple[int, int]]:
        """The network's maps for a BGR photo, the resize factor and the photo's (w, h)."""
        x, scale = prepare(image, self.input_side, self.equalise)
        maps = self.session.run(None, {"image": x})[0][0]
        return maps, scale, (image.shape[1], image.shape[0])

    def detect(self, image: np.ndarray, threshold: float | None = None) -> list[TileFace]:
        maps, scale, size = self.raw(image)
        return decode(maps, scale, self.threshold if threshold is None else threshold, size)
