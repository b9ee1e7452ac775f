"""Find hanafuda card faces in a photo of a table. (Mahjong tiles are found by the learned
detector in ``scorer.vision.tiles``; ``MAHJONG`` stays here as the shape their crops take.)

Detection runs on a downscaled copy (long side ``DETECT_LONG_SIDE``); the quads it returns are
in the pixel coordinates of the image passed in, so the caller crops from full resolution.

How it works:

1. **Foreground.** The table is whatever colours fill the border band of the photo (players
   frame a pile with table around it). A colour histogram of that band is back-projected;
   pixels with colours rare on the border are card, and holes are filled (card art may share
   colours with the table). Where colour misses a card (light cards on light paper), outlines
   stronger than the table's own texture are closed and filled instead.
2. **Card size.** All cards of a deck are one size: lone cards give it; otherwise the size under
   which every blob is a whole number of cards (a grid of widths and heights) wins.
3. **Blobs to cards.** Cards touching at a corner are separated by a shallow erosion. A blob of
   several cards is cut greedily: at each convex corner a card may lie either way; the
   rectangle best covered by the blob, whose sides sit on seams and which leaves no unusable
   slivers, is taken and nudged onto the edges. Strips one card wide (cards end to end,
   fanned cascades) are instead rectified and cut across at seams, into equal cards or into
   top-third views plus one whole card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

# Detection resolution: cards of a 30-card pile are still ~80 px wide at this size, and the
# whole detector runs in tens of milliseconds on a phone-sized photo.
DETECT_LONG_SIDE = 1280
# Width of the border band (fraction of the short side) that samples the table colours.
BORDER_FRACTION = 0.04
# Lab histogram bins (L, a, b), powers of two. Coarser on L so light falloff across the table
# stays "table".
HIST_BINS = (16, 32, 32)
# A colour is "table" when at least this share of border pixels falls in its (smoothed) bin.
TABLE_COLOUR_SHARE = 0.0015
# ... and when it is seen along at least this share of the band (in that many of its
# BAND_RUNS stretches along the frame), or shades into such a colour through other table
# colours (light falling off across the cloth). The table lies all round the cards; a card
# the frame cuts fills one stretch of the band, and its colours were the table's.
BAND_RUNS = 32
TABLE_SPREAD = 0.5
# Edges weaker than this (Sobel L1 on L*) are texture or noise, never a card outline.
EDGE_MIN = 45.0
# Percentile of the table band's gradient taken as the table's own strongest texture.
TABLE_EDGE_PERCENTILE = 99.5
# An edge-found object is kept at its (tighter) colour outline when colour covers this share.
COLOUR_EXPLAINS = 0.85
# Smallest card, as a share of the image area: 30 cards covering a third of the frame are ~1 %.
MIN_CARD_AREA = 0.0015
# Erosion depths (share of a card width) tried to separate cards touching at a corner;
# deeper would cut through the narrow waist of cards lying end to end.
ERODE_STEPS = (0.03, 0.06, 0.1, 0.15, 0.2)
# Cost per card implied when choosing the card size from blobs (see _estimate_card_width).
SIZE_PRIOR = 0.05
# A blob filling this share of its minimum-area rectangle is a rectangular block of cards.
RECT_FILL = 0.88
# Relative tolerance when matching a piece to a card's width/height.
SIZE_TOLERANCE = 0.17
# A seam is a line across the piece whose pixels mostly have a strong gradient across it.
SEAM_GRADIENT = 18.0
# Seam scores below this are no better than the card art inside a face.
SEAM_MIN = 0.35
# How far (fraction of the expected cut spacing) a cut may move to land on a seam.
SEAM_SEARCH = 0.14
# How far (fraction of a part) an equal cut may move onto its seam.
SEAM_REFINE = 0.05
# Share of a fanned card that shows; the brief's "top third", with room for sloppy piles.
FAN_FRACTION_RANGE = (0.18, 0.55)
# In auto layout a one-card-wide strip longer than a card is either cards laid end to end or a
# fanned cascade; its length does not tell (a cascade of 1 + k * f cards is often close to a
# whole number), so the seams decide (``_split_band``): the mean seam strength at the cuts each
# reading implies. Summed, the cascade (two or three times the cuts) won on card art alone.
# A long cascade seen in perspective is a trapezoid: it fills less of its bounding rectangle.
FAN_FILL = 0.8

# Greedy cutting of irregular blobs: corner angle tolerance (|cos| of the corner angle), the
# least blob coverage of a card rectangle (bites from art that matches the table are allowed),
# the least total score, and the leftover area (in cards) not worth another card.
GREEDY_CORNER_COS = 0.35
GREEDY_MIN_COVER = 0.82
GREEDY_MIN_SCORE = 1.0
GREEDY_MIN_REST = 0.45
# A leftover of a blob that fits inside one card and holds this much of one is that card,
# whatever bit its neighbour's cut took: a card's dark border matching a dark table, plus the
# strip each cut removes, can leave a card under GREEDY_MIN_COVER of its rectangle (the
# 24-card latency scene lost 4 such cards). Nothing else can explain those pixels, so such a
# card needs only GREEDY_LAST_COVER.
GREEDY_LAST_AREA = 0.55
GREEDY_LAST_COVER = 0.6
# Weight of seam evidence against blob coverage: inside a block of cards coverage alone cannot
# tell which way a card lies.
GREEDY_SEAM_WEIGHT = 1.0
# Refinement of a picked card: step (share of card width) and most rounds of shift/turn.
REFINE_STEP = 0.025
REFINE_ROUNDS = 4
# Card sizes tried around the estimate: shadows and blur make lone cards look a few percent
# larger than they are, and the estimate comes from them.
GREEDY_SCALES = (0.93, 1.0)
GREEDY_SHRINK_COST = 1.0  # score per unit of shrink (0.07 for the smaller size)
# Candidates (best first) checked for the slivers they would leave behind.
GREEDY_LOOKAHEAD = 6
# Blocks of touching cards at one angle (a staircase): the cards lie on a lattice of card
# cells at the blob's dominant edge angle. Its phase is the one whose cells (those the blob
# covers by LATTICE_COVER) best match the blob; it replaces the greedy cut when it matches
# the blob better (fewer pixels in one and not the other, overlaps counted too).
LATTICE_COVER = 0.75
LATTICE_PHASES = 24
LATTICE_ANGLE_SHARE = 0.2  # of the gradient within 2 deg of the dominant angle

# A hanafuda card whose outline reaches into the border band (or within this many detection
# pixels of it) is cut by the frame: the band's colours are learned as table, so what is left
# of a cut card ends about there, and the classifier sees part of a card and guesses. It is
# left out with a warning rather than offered as an uncertain card to confirm.
FRAME_CUT_PX = 2.0
CUT_BY_FRAME = "a card cut by the photo's edge was left out"

# The pipeline's warning where the tiles the learned detector finds are too small to read.
TOO_SMALL = ("the tiles found are too small to read; photograph them from closer, with "
             "some table around them")

HANAFUDA_ASPECT = 54.0 / 33.0  # long / short side of a physical card
MAHJONG_ASPECT = 4.0 / 3.0  # long / short side of a tile face seen from above


@dataclass(frozen=True)
class CardShape:
    """A card or tile face: a rectangle of this aspect (long / short)."""

    aspect: float
    rows: bool = False  # mahjong: tiles, which `detect_cards` does not look for


HANAFUDA = CardShape(HANAFUDA_ASPECT)
MAHJONG = CardShape(MAHJONG_ASPECT, rows=True)
LAYOUTS = ("auto", "spread", "fanned")


@dataclass(frozen=True)
class Found:
    """One detected card.

    ``corners`` is the visible outline, TL TR BR BL in input-image pixels, ordered so TL->TR
    runs along the card's short side and TL->BL from the card's top towards its bottom (for a
    fully visible card the top may be either end). ``fraction`` is the share of the card's
    length that shows (1.0, or about a third in a fanned cascade). ``piece`` numbers the blob
    the card came from, and ``index`` its place along that piece. ``run`` numbers the line
    of side-by-side faces it belongs to where the detector tells one (the learned mahjong
    detector: ``tiles.arrange``), else -1.
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
    card_width: float = 0.0  # estimated short side of a card, input pixels
    warnings: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- foreground


def downscale(image: np.ndarray, long_side: int = DETECT_LONG_SIDE) -> tuple[np.ndarray, float]:
    scale = min(1.0, long_side / max(image.shape[:2]))
    if scale == 1.0:
        return image, 1.0
    small = image
    # Exact halvings take OpenCV's fast area path (5 ms for 12 MP, against 70 ms for one
    # resize by an arbitrary factor); the last step is then small.
    while max(small.shape[:2]) >= 2 * long_side:
        small = cv2.resize(small, (small.shape[1] // 2, small.shape[0] // 2),
                           interpolation=cv2.INTER_AREA)
    h, w = image.shape[:2]
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    small = cv2.resize(small, size, interpolation=cv2.INTER_AREA)
    return small, size[0] / w


def foreground_mask(small: np.ndarray) -> np.ndarray:
    """255 where a pixel is not table; see the module docstring."""
    lab, border, fg = _not_table(small)
    h, w = small.shape[:2]
    # Card outlines: edges stronger than anything in the table's own texture. They close the
    # outline where dark or light art matches the table colour, so hole filling can restore it.
    gray = lab[..., 0]
    grad = np.abs(cv2.Sobel(gray, cv2.CV_16S, 1, 0)) + np.abs(cv2.Sobel(gray, cv2.CV_16S, 0, 1))
    hi = max(EDGE_MIN, float(np.percentile(grad[border > 0], TABLE_EDGE_PERCENTILE)) * 1.2)
    k = max(3, int(0.004 * max(h, w)) | 1)
    small_k = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    close_k = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * k + 1, 2 * k + 1))
    # Specks of table colour noise go first; edges are added after, since they are thin.
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, small_k)
    by_colour = _fill_holes(cv2.morphologyEx(fg, cv2.MORPH_CLOSE, close_k))
    fg = cv2.bitwise_or(fg, cv2.Canny(gray, hi / 2, hi))
    fg = cv2.morphologyEx(fg, cv2.MORPH_CLOSE, small_k)
    # Outlines that closed are filled; edge lines that closed nothing are opened away.
    by_edges = cv2.morphologyEx(_fill_holes(fg), cv2.MORPH_OPEN, small_k)
    # Colour gives the tighter outline (edges also trace shadows); keep it wherever it
    # explains most of an edge-found object, and the edge outline where colour failed.
    n, lab_e = cv2.connectedComponents(by_edges, connectivity=4)
    total = np.bincount(lab_e.ravel(), minlength=n)
    coloured = np.bincount(lab_e.ravel(), weights=(by_colour > 0).ravel(), minlength=n)
    use_edges = (coloured < COLOUR_EXPLAINS * total).astype(np.uint8)
    use_edges[0] = 0
    return np.where(use_edges[lab_e] > 0, by_edges, by_colour).astype(np.uint8)


def _border(h: int, w: int) -> np.ndarray:
    """True on the image's border band (BORDER_FRACTION of its short side), where the table's
    colours are learned."""
    band = max(4, int(BORDER_FRACTION * min(h, w)))
    border = np.zeros((h, w), bool)
    border[:band], border[-band:], border[:, :band], border[:, -band:] = True, True, True, True
    return border


def _not_table(small: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lab image, border band and 255 where a pixel's colour is rare on the border (before
    any filling)."""
    h, w = small.shape[:2]
    lab = np.asarray(cv2.cvtColor(cv2.medianBlur(small, 5), cv2.COLOR_BGR2LAB), np.uint8)
    border = np.where(_border(h, w), 255, 0).astype(np.uint8)
    # Bin index by bit shifts (bin counts are powers of two): 16-bit, twice as fast as int32.
    bits = [int(np.log2(n)) for n in HIST_BINS]
    idx = (((lab[..., 0] >> (8 - bits[0])).astype(np.uint16) << (bits[1] + bits[2]))
           | ((lab[..., 1] >> (8 - bits[1])).astype(np.uint16) << bits[2])
           | (lab[..., 2] >> (8 - bits[2])).astype(np.uint16))
    n_bins = int(np.prod(HIST_BINS))
    hist = np.bincount(idx[border > 0], minlength=n_bins).astype(np.float32)
    hist = hist.reshape(HIST_BINS) / max(1.0, float(hist.sum()))
    # Spread each bin's weight to its neighbours: shadows and noise shift colours a little.
    table = (_blur3d(hist) >= TABLE_COLOUR_SHARE).ravel()
    # Only colours seen along much of the band, and those they shade into, are the
    # table's: a card the frame cuts puts its own colours in one stretch of the band.
    seen = _runs_seen(idx, n_bins)
    core = table & (seen >= TABLE_SPREAD * BAND_RUNS)
    if core.any():  # else no colour goes all round (cards fill the band): keep them all
        table = _shaded_into(core, table)
    lut = np.where(table, 0, 255).astype(np.uint8)
    fg: np.ndarray = lut[idx]
    return lab, border, fg


def _runs_seen(idx: np.ndarray, n_bins: int) -> np.ndarray:
    """Per colour bin: in how many of the band's BAND_RUNS stretches along the frame it is a
    table colour (TABLE_COLOUR_SHARE of the stretch, smoothed as the whole band is).
    ``idx``: each pixel's colour bin."""
    h, w = idx.shape
    band = max(4, int(BORDER_FRACTION * min(h, w)))
    if min(h, w) <= 2 * band:  # all band: every colour counts as seen all round
        return np.full(n_bins, BAND_RUNS, np.int32)
    # The band's four strips (the corners go with the top and bottom) and each pixel's place
    # along the frame, clockwise from the top left.
    inner = slice(band, h - band)
    strips = [(idx[:band], np.broadcast_to(np.arange(w), (band, w))),
              (idx[inner, w - band:], np.broadcast_to(w + np.arange(band, h - band)[:, None],
                                                      (h - 2 * band, band))),
              (idx[h - band:], np.broadcast_to(w + h + np.arange(w)[::-1], (band, w))),
              (idx[inner, :band], np.broadcast_to(
                  2 * w + h + np.arange(h - band - 1, band - 1, -1)[:, None],
                  (h - 2 * band, band)))]
    bins = np.concatenate([b.ravel() for b, _ in strips]).astype(np.int64)
    run = np.concatenate([p.ravel() for _, p in strips]) * BAND_RUNS // (2 * (w + h))
    hist = np.bincount(run * n_bins + bins, minlength=BAND_RUNS * n_bins).astype(np.float32)
    hist = hist.reshape(BAND_RUNS, n_bins)
    hist /= np.maximum(1.0, hist.sum(1, keepdims=True))
    smooth = _blur3d(hist.reshape(BAND_RUNS, *HIST_BINS)).reshape(BAND_RUNS, n_bins)
    return np.asarray((smooth >= TABLE_COLOUR_SHARE).sum(0))


def _shaded_into(core: np.ndarray, table: np.ndarray) -> np.ndarray:
    """The colour bins of ``table`` joined to ``core`` through neighbouring bins of
    ``table``: the shades of the table's colours across its light (flat bin masks)."""
    grown, allowed = core.reshape(HIST_BINS).copy(), table.reshape(HIST_BINS)
    while True:
        step = grown.copy()
        for axis in range(3):  # one bin either way along each axis (no wrapping round)
            lo = [slice(None)] * 3
            hi = [slice(None)] * 3
            lo[axis], hi[axis] = slice(0, -1), slice(1, None)
            step[tuple(lo)] |= grown[tuple(hi)]
            step[tuple(hi)] |= grown[tuple(lo)]
        step &= allowed
        if (step == grown).all():
            return step.ravel()
        grown = step


def _blur3d(hist: np.ndarray) -> np.ndarray:
    """Each bin's weight spread to its neighbours along the last three axes (a stack of
    histograms is smoothed each on its own)."""
    out = hist.copy()
    for axis in range(hist.ndim - 3, hist.ndim):
        out = out + np.roll(out, 1, axis) * 0.5 + np.roll(out, -1, axis) * 0.5
    return out / 8.0


def _fill_holes(mask: np.ndarray) -> np.ndarray:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(mask)
    cv2.drawContours(out, contours, -1, 255, -1)
    return out


# ---------------------------------------------------------------- geometry helpers


def order_corners(pts: np.ndarray) -> np.ndarray:
    """Order 4 points TL TR BR BL (clockwise in image coordinates) with TL->TR the short side."""
    pts = np.asarray(pts, np.float32).reshape(4, 2)
    c = pts.mean(0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]  # clockwise on screen (y down)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)
    # Among the two short-side starts, prefer the one nearer the image top so output is stable.
    alt = np.roll(pts, -2, axis=0)
    if alt[:2, 1].mean() < pts[:2, 1].mean() - 1e-6:
        pts = alt
    return pts.astype(np.float32)


def quad_from_mask(mask: np.ndarray) -> np.ndarray:
    """Best 4-corner outline of a single-card blob (perspective kept when the hull allows)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cnt = max(contours, key=cv2.contourArea)
    hull = cv2.convexHull(cnt)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045, 0.06):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
            if cv2.contourArea(quad) > 0.85 * cv2.contourArea(hull):
                return order_corners(quad)
    return order_corners(cv2.boxPoints(cv2.minAreaRect(cnt)))


def _rect_frame(rect: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
    """Origin and unit axes of a minAreaRect with u along its longer side."""
    (cx, cy), (rw, rh), ang = rect
    t = np.deg2rad(ang)
    u = np.array([np.cos(t), np.sin(t)], np.float32)
    v = np.array([-np.sin(t), np.cos(t)], np.float32)
    if rh > rw:
        u, v, rw, rh = v, -u, rh, rw
    origin = np.array([cx, cy], np.float32) - u * rw / 2 - v * rh / 2
    return origin, u, v, float(rw), float(rh)


# ---------------------------------------------------------------- seams


def _seam_profile(gray: np.ndarray, axis: int) -> np.ndarray:
    """Per position along ``axis``: share of the cross line with a strong gradient across it."""
    g = gray.astype(np.float32)
    d = np.abs(cv2.Sobel(g, cv2.CV_32F, 1 if axis == 1 else 0, 0 if axis == 1 else 1, ksize=3))
    strong = (d > SEAM_GRADIENT * 4).astype(np.float32)  # Sobel gain is 4 for a unit step
    # Trim the ends of each cross line: rounded card corners show table there.
    n = strong.shape[1 - axis]
    trim = int(0.1 * n)
    if axis == 1:
        prof = strong[trim:n - trim].mean(0)
    else:
        prof = strong[:, trim:n - trim].mean(1)
    # A seam may be 1-3 px wide after resampling: take the max over a small window.
    return np.asarray(cv2.dilate(prof.reshape(1, -1), np.ones((1, 3), np.uint8)).ravel())


def _snap(profile: np.ndarray, x: float, radius: float) -> tuple[int, float]:
    lo = max(1, int(round(x - radius)))
    hi = min(len(profile) - 2, int(round(x + radius)))
    if hi < lo:
        xi = int(np.clip(round(x), 0, len(profile) - 1))
        return xi, float(profile[xi])
    i = lo + int(np.argmax(profile[lo:hi + 1]))
    return i, float(profile[i])


def _regular_cuts(profile: np.ndarray, length: float, step: float) -> tuple[list[int], float]:
    """Cut a length into equal parts (cards of one deck are one size), about ``step`` long.

    The part count is chosen by the seam evidence at the equal cut positions; each cut may
    then move a little onto its seam (perspective makes parts slightly unequal).
    """
    n = max(1, int(round(length / step)))
    best: tuple[list[int], float] = ([], -1e9)
    for m in range(max(1, n - 1), n + 2):
        part = length / m
        if abs(part - step) > 0.3 * step:
            continue
        cuts, score = [], 0.0
        for k in range(1, m):
            x, s = _snap(profile, k * part, SEAM_REFINE * part)
            cuts.append(x)
            score += s - SEAM_MIN
        # Prefer part counts that match the expected size when seams are weak.
        score -= 2.0 * abs(part - step) / step
        if score > best[1]:
            best = (cuts, score)
    return best


# ---------------------------------------------------------------- main entry


def detect_cards(image: np.ndarray, shape: CardShape = HANAFUDA,
                 layout: str = "auto") -> DetectResult:
    """Detect cards. ``layout``: ``auto``, ``spread`` or ``fanned``."""
    if shape.rows:
        raise ValueError("detect_cards finds cards, not mahjong tiles; tiles are found by "
                         "scorer.vision.tiles (pipeline.learned_tiles)")
    if layout not in LAYOUTS:
        raise ValueError(f"layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    small, scale = downscale(image)
    res = DetectResult(scale=scale)
    mask = foreground_mask(small)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    h, w = mask.shape
    min_area = MIN_CARD_AREA * h * w
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    pad = 2
    pieces: list[tuple[np.ndarray, int, int]] = []  # mask crop and its offset
    blobs: list[tuple[np.ndarray, int, int]] = []
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < min_area:
            continue
        x, y, bw, bh = (int(v) for v in stats[i, :4])
        x0, y0 = max(0, x - pad), max(0, y - pad)
        crop = np.where(labels[y0:y + bh + pad, x0:x + bw + pad] == i, 255, 0).astype(np.uint8)
        blobs.append((crop, x0, y0))
    # Card size from the blobs as found, so that separating cards that touch at a corner
    # never erodes deeper than a fraction of one card.
    card_w0 = _estimate_card_width([b for b, _, _ in blobs], shape, layout)
    for crop, x0, y0 in blobs:
        parts = _split_irregular(crop, min_area, card_w0) if card_w0 > 0 else [crop]
        pieces.extend((p, x0, y0) for p in parts)
    if n > 1 and not pieces:
        res.warnings.append("only specks differ from the table; no card-sized objects")
    edge = any(x0 == 0 or y0 == 0 or x0 + p.shape[1] >= w or y0 + p.shape[0] >= h
               for p, x0, y0 in blobs)
    if edge:
        res.warnings.append("cards touch the edge of the photo; leave some table around the "
                            "pile so the table colour can be learned and no card is cut")
    card_w = _estimate_card_width([p for p, _, _ in pieces], shape, layout)
    res.card_width = card_w / scale
    cut = 0
    for pi, (piece, x0, y0) in enumerate(pieces):
        if card_w > 0 and cv2.countNonZero(piece) < GREEDY_MIN_REST * card_w ** 2 * shape.aspect:
            continue  # a fragment (art that differs from the table), not a card
        sub = gray[y0:y0 + piece.shape[0], x0:x0 + piece.shape[1]]
        if _is_single(piece, card_w, shape) and layout != "fanned":
            quads = [(quad_from_mask(piece), 1.0)]
        elif card_w > 0 and not (
                layout != "spread" and _is_fan_strip(piece, card_w, shape, layout)):
            greedy = _greedy_cards(piece, sub, card_w, shape.aspect)
            lattice = _lattice_cards(piece, sub, card_w, shape.aspect)
            if lattice and _mismatch(piece, lattice) < _mismatch(piece, greedy):
                greedy = lattice
            quads = [(q, 1.0) for q in greedy]
        else:
            quads = _split_piece(piece, sub, shape, card_w, layout)
        for j, (quad, frac) in enumerate(quads):
            offset = np.array([x0, y0], np.float32)
            if _cut_by_frame(quad + offset, w, h) and (
                    _cut_by_frame(quad + offset, w, h, band=FRAME_CUT_PX)
                    or not _whole_card(quad, card_w, shape.aspect)):
                cut += 1
                continue
            res.found.append(Found((quad + offset) / scale, frac, pi, j))
    if cut:
        res.warnings.append(CUT_BY_FRAME if cut == 1 else f"{cut} cards cut by the photo's "
                            "edge were left out")
    return res


def _whole_card(quad: np.ndarray, card_w: float, aspect: float) -> bool:
    """The outline has a whole card's size and shape: a card lying near the frame, not cut
    by it (what the frame cuts off comes out shorter than a card)."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    short, long_ = float(min(sides[0], sides[1])), float(max(sides[0], sides[1]))
    if short <= 0:
        return False
    if long_ / short < (1 - SIZE_TOLERANCE) * aspect:
        return False
    if card_w <= 0:
        return True
    least = (1 - SIZE_TOLERANCE) * card_w
    return short >= least and long_ >= least * aspect


def _cut_by_frame(quad: np.ndarray, w: int, h: int, band: float | None = None) -> bool:
    """The outline (detection pixels) reaches into the border band of a ``w`` x ``h`` image:
    the band's colours are learned as table, so a card cut by the frame ends about there.
    A card-sized outline fitted to what shows reaches the frame itself (``band`` given).
    """
    if band is None:
        band = max(4, int(BORDER_FRACTION * min(h, w))) + FRAME_CUT_PX
    return bool(quad[:, 0].min() < band or quad[:, 1].min() < band
                or quad[:, 0].max() > w - 1 - band or quad[:, 1].max() > h - 1 - band)


def _fill(piece: np.ndarray) -> tuple[float, tuple]:
    cnts, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cnt = max(cnts, key=cv2.contourArea)
    rect = cv2.minAreaRect(cnt)
    area = rect[1][0] * rect[1][1]
    return (float(cv2.countNonZero(piece)) / area if area > 0 else 0.0), rect


def _split_irregular(blob: np.ndarray, min_area: float, card_w: float,
                     depth: int = 0) -> list[np.ndarray]:
    """Separate cards touching at a corner or at an angle by eroding until the blob splits."""
    fill, rect = _fill(blob)
    if fill >= RECT_FILL or depth > 3:
        return [blob]
    # Erosion by a disc of radius r is "distance to the background > r": one transform
    # serves every radius. Tested at half size: only whether the blob falls apart matters.
    half = cv2.resize(blob, (max(1, blob.shape[1] // 2), max(1, blob.shape[0] // 2)),
                      interpolation=cv2.INTER_NEAREST)
    dist = cv2.distanceTransform(half, cv2.DIST_L2, 3) * 2
    for frac in ERODE_STEPS:
        er = (dist > frac * card_w).astype(np.uint8)
        n, lab, stats, _ = cv2.connectedComponentsWithStats(er, connectivity=4)
        seeds = [i for i in range(1, n) if 4 * stats[i, cv2.CC_STAT_AREA] >= min_area * 0.2]
        if len(seeds) >= 2:
            small_markers = np.zeros(half.shape, np.int32)
            for m, i in enumerate(seeds, start=1):
                small_markers[lab == i] = m
            markers = cv2.resize(small_markers, (blob.shape[1], blob.shape[0]),
                                 interpolation=cv2.INTER_NEAREST)
            markers[blob == 0] = 0
            # Regrow each part into the blob (watershed floods from the seeds).
            cv2.watershed(cv2.merge([blob, blob, blob]), markers)
            out: list[np.ndarray] = []
            for m in range(1, len(seeds) + 1):
                part = np.where((markers == m) & (blob > 0), 255, 0).astype(np.uint8)
                if cv2.countNonZero(part) >= min_area:
                    out.extend(_split_irregular(part, min_area, card_w, depth + 1))
            return out
    return [blob]


def _is_single(piece: np.ndarray, card_w: float, shape: CardShape) -> bool:
    """One card, perhaps with bites where its art matches the table: judged on the hull."""
    if card_w <= 0:
        return False
    cnts, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(cnts, key=cv2.contourArea))
    (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
    a, b = sorted((rw, rh))
    if a <= 0:
        return False
    hull_fill = cv2.contourArea(hull) / (a * b)
    return bool(hull_fill >= RECT_FILL and abs(a / card_w - 1) < SIZE_TOLERANCE
                and abs(b / (card_w * shape.aspect) - 1) < SIZE_TOLERANCE)


def _is_fan_strip(piece: np.ndarray, card_w: float, shape: CardShape, layout: str) -> bool:
    """A rectangle one card wide and longer than a card: a cascade, or in auto layout
    possibly cards end to end (``_split_band`` tells them apart by their seams)."""
    fill, rect = _fill(piece)
    a, b = sorted(rect[1])
    if fill < FAN_FILL or abs(a / card_w - 1) > SIZE_TOLERANCE:
        return False
    n = b / (card_w * shape.aspect)
    return bool(n > 1 + FAN_FRACTION_RANGE[0] * 0.8)


def _estimate_card_width(pieces: list[np.ndarray], shape: CardShape,
                         layout: str = "auto") -> float:
    """Short side of one card (all cards of a deck are one size).

    Fanned cascades are one card wide. Lone cards give it directly. Otherwise each
    rectangular piece's sides propose a size, and the proposal under which every piece's
    area is closest to a whole number of cards wins.
    """
    singles, proposals = [], []
    shapes: list[tuple[float, float, float, bool]] = []  # area, short, long, rectangular
    for p in pieces:
        fill, rect = _fill(p)
        a, b = sorted(rect[1])
        if a <= 0:
            continue
        rectangular = fill >= RECT_FILL
        shapes.append((float(cv2.countNonZero(p)), a, b, rectangular))
        # Irregular blobs propose too (their sides are often a card's): a photo may hold
        # nothing but touching cards.
        proposals += [a, b / shape.aspect, a / shape.aspect]
        if rectangular:
            if abs(b / a / shape.aspect - 1) < SIZE_TOLERANCE * 0.6:
                singles.append(a)
    if singles:
        return float(np.median(singles))
    if layout == "fanned":
        widths = [a for _, a, b, _ in shapes if b / a > shape.aspect * (1 - SIZE_TOLERANCE)]
        if widths:
            return float(np.median(widths))
    if not proposals:
        return 0.0

    def off(x: float) -> float:  # distance from a whole number of cards (at least one)
        return 1.0 if x < 0.6 else abs(x - round(x))

    best_w, best_cost = 0.0, float("inf")
    for w in sorted(set(proposals), reverse=True):
        h = w * shape.aspect
        cost = 0.0
        for area, a, b, rectangular in shapes:
            if rectangular:  # a grid of cards: each side a whole number of widths or heights
                cost += min(off(a / w) + off(b / h), off(a / h) + off(b / w))
            else:
                cost += 2 * off(area / (w * h))
        # Fewer, larger cards explain the same blobs more simply (else a tiny size would
        # fit everything roughly).
        cost += SIZE_PRIOR * sum(area for area, *_ in shapes) / (w * h)
        if cost < best_cost - 1e-6:
            best_w, best_cost = float(w), cost
    return best_w


def _split_piece(piece: np.ndarray, gray: np.ndarray, shape: CardShape, card_w: float,
                 layout: str) -> list[tuple[np.ndarray, float]]:
    """Cut a rectangular piece (cards end to end, fanned cascade, block) at seams across it."""
    fill, rect = _fill(piece)
    origin, u, v, length, cross = _rect_frame(rect)
    if card_w <= 0:
        return []
    card_h = card_w * shape.aspect
    single = (abs(cross / card_w - 1) < SIZE_TOLERANCE
              and abs(length / card_h - 1) < SIZE_TOLERANCE)
    if single and fill >= RECT_FILL and layout != "fanned":
        return [(quad_from_mask(piece), 1.0)]
    # Rectify the piece: x along its long side, y across.
    L, C = int(round(length)), int(round(cross))
    if L < 4 or C < 4:
        return []
    src = np.array([origin, origin + u * length, origin + v * cross], np.float32)
    dst = np.array([[0, 0], [L, 0], [0, C]], np.float32)
    m = cv2.getAffineTransform(src, dst)
    patch = cv2.warpAffine(gray, m, (L, C), flags=cv2.INTER_LINEAR)
    px = _seam_profile(patch, axis=1)  # seams across the long axis
    py = _seam_profile(patch, axis=0)  # seams along it (block of several rows)

    # Rows across: split the cross direction into bands of one card dimension each.
    band_cuts: list[int] = []
    if abs(cross / card_w - round(cross / card_w)) < abs(cross / card_h - round(cross / card_h)):
        band = card_w
    else:
        band = card_h
    if cross > band * (1 + 2 * SIZE_TOLERANCE):
        band_cuts, _ = _regular_cuts(py, cross, band)
    bands = [0, *band_cuts, C]
    out: list[tuple[np.ndarray, float]] = []
    for b0, b1 in zip(bands[:-1], bands[1:], strict=True):
        sub = patch[b0:b1]
        prof = _seam_profile(sub, axis=1) if band_cuts else px
        bh = b1 - b0
        segs = _split_band(prof, L, bh, shape, card_w, layout)
        for x0, x1, frac, flip in segs:
            # Corners in patch coords, clockwise, TL->TR along the card's short side.
            if frac < 1.0 or (x1 - x0) > bh:  # card lies along the band, top at x0
                pts = [(x0, b1), (x0, b0), (x1, b0), (x1, b1)]
            else:  # card stands across the band
                pts = [(x0, b0), (x1, b0), (x1, b1), (x0, b1)]
            if flip:  # its top is at x1
                pts = pts[2:] + pts[:2]
            quad = np.array(pts, np.float32)
            back = cv2.invertAffineTransform(m)
            img_pts = cv2.transform(quad.reshape(-1, 1, 2), back).reshape(4, 2)
            out.append((_orient(img_pts, frac), frac))
    return out


def _orient(pts: np.ndarray, frac: float) -> np.ndarray:
    """Keep a fanned card's top where it is; otherwise normalise the order."""
    if frac < 1.0:
        # pts: TL TR BR BL with TL->BL towards the hidden part; make TL->TR the short side.
        return pts.astype(np.float32)
    return order_corners(pts)


def _split_band(prof: np.ndarray, length: int, cross: int, shape: CardShape, card_w: float,
                layout: str) -> list[tuple[int, int, float, bool]]:
    """Cut one band of cards along its length; returns (x0, x1, visible fraction, flip)."""
    card_h = card_w * shape.aspect
    # Which card dimension lies across the band?
    across_w = abs(cross / card_w - 1) <= abs(cross / card_h - 1)
    step = card_h if across_w else card_w
    candidates: list[tuple[float, list[tuple[int, int, float, bool]]]] = []
    if layout != "fanned":
        cuts, score = _regular_cuts(prof, length, step)
        xs = [0, *cuts, length]
        if layout == "auto":  # per cut: see the note above FAN_FILL
            score = score / max(1, len(cuts))
        candidates.append((score, [(a, b, 1.0, False) for a, b in zip(xs[:-1], xs[1:],
                                                                       strict=True)]))
    if across_w and layout != "spread" and length > card_h * (1 + FAN_FRACTION_RANGE[0] * 0.8):
        full_h = cross * shape.aspect
        for flip in (False, True):
            p = prof[::-1] if flip else prof
            for k in range(1, 40):
                f = (length - full_h) / k / full_h
                if f < FAN_FRACTION_RANGE[0]:
                    break
                if f > FAN_FRACTION_RANGE[1]:
                    continue
                stepf = f * full_h
                cuts, score, prev = [], 0.0, 0.0
                for _ in range(k):
                    x, s = _snap(p, prev + stepf, SEAM_SEARCH * stepf)
                    cuts.append(x)
                    score += s - SEAM_MIN
                    prev = x
                # The last card must show whole: no seam allowed inside it.
                if length - prev < full_h * (1 - SIZE_TOLERANCE):
                    continue
                score += 0.3 if layout == "fanned" else 0.0
                if layout == "auto":
                    score = score / k
                xs = [0, *cuts]
                segs = [(a, b, (b - a) / full_h, False) for a, b in zip(xs[:-1], xs[1:],
                                                                       strict=True)]
                segs.append((int(prev), length, 1.0, False))
                if flip:
                    segs = [(length - b, length - a, fr, fr < 1.0) for a, b, fr, _ in segs]
                candidates.append((score, segs))
    if not candidates:
        return [(0, length, 1.0, False)]
    return max(candidates, key=lambda c: c[0])[1]


def _edge_map(gray: np.ndarray) -> np.ndarray:
    """Strong-gradient pixels, thickened by a pixel so a seam need not be hit exactly."""
    g = cv2.GaussianBlur(gray, (3, 3), 0)
    grad = np.abs(cv2.Sobel(g, cv2.CV_16S, 1, 0)) + np.abs(cv2.Sobel(g, cv2.CV_16S, 0, 1))
    strong = (grad > SEAM_GRADIENT * 4).astype(np.uint8)
    return cv2.dilate(strong, np.ones((3, 3), np.uint8))


_SIDE_T = np.linspace(0.12, 0.88, 24)[:, None]  # ends trimmed: rounded corners


def _greedy_cards(piece: np.ndarray, gray: np.ndarray, card_w: float,
                  aspect: float) -> list[np.ndarray]:
    """Cut cards of known size out of an irregular blob, one at a time from its corners.

    At each convex corner of the blob outline, a card may lie with either side along either
    edge. The candidate that is best covered by the blob and whose inner sides sit on seams
    wins; it is removed and the rest of the blob is cut again.
    """
    card_h = card_w * aspect
    remaining = piece.copy()
    edges = _edge_map(gray)
    out: list[np.ndarray] = []
    card_area = card_w * card_h
    for _ in range(64):
        if cv2.countNonZero(remaining) < GREEDY_MIN_REST * card_area:
            break
        cnts, _ = cv2.findContours(remaining, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cands: list[tuple[float, np.ndarray]] = []
        rects: list[np.ndarray] = []
        shrink: list[float] = []
        for cnt in cnts:
            if cv2.contourArea(cnt) < GREEDY_MIN_REST * card_area:
                continue
            poly = cv2.approxPolyDP(cnt, 0.06 * card_w, True).reshape(-1, 2).astype(np.float32)
            k = len(poly)
            for i in range(k):
                p, a, b = poly[i], poly[(i + 1) % k], poly[i - 1]
                e1, e2 = a - p, b - p
                n1, n2 = float(np.linalg.norm(e1)), float(np.linalg.norm(e2))
                if n1 < 1 or n2 < 1:
                    continue
                e1, e2 = e1 / n1, e2 / n2
                if abs(float(e1 @ e2)) > GREEDY_CORNER_COS:
                    continue
                # Square the corner on its first edge (squaring on the second gives nearly the
                # same rectangle, and refinement absorbs the difference).
                nrm = np.array([-e1[1], e1[0]], np.float32)
                if nrm @ e2 < 0:
                    nrm = -nrm
                for f in GREEDY_SCALES:
                    for sa, sb in ((f * card_w, f * card_h), (f * card_h, f * card_w)):
                        rects.append(np.array([p, p + e1 * sa, p + e1 * sa + nrm * sb,
                                               p + nrm * sb], np.float32))
                        # Smaller rectangles always fit; the estimated size wins ties.
                        shrink.append(GREEDY_SHRINK_COST * (1 - f))
        if rects:
            scores = _rect_scores(remaining, edges, np.array(rects)) - np.array(shrink)
            cands = [(float(sc), r) for sc, r in zip(scores, rects, strict=True)
                     if sc >= GREEDY_MIN_SCORE]
        if not cands and rects and _one_card_left(cnts, card_w, card_h):
            scores = _rect_scores(remaining, edges, np.array(rects),
                                  GREEDY_LAST_COVER) - np.array(shrink)
            cands = [(float(sc), r) for sc, r in zip(scores, rects, strict=True)
                     if sc >= GREEDY_LAST_COVER]
        if not cands:
            break
        # Look one step ahead: a wrong pick leaves slivers no card can fill.
        cands.sort(key=lambda c: -c[0])
        # Judged at quarter resolution: only areas of a fraction of a card matter here.
        open_k = cv2.getStructuringElement(cv2.MORPH_RECT, (int(0.15 * card_w) | 1,) * 2)
        best: tuple[float, np.ndarray | None] = (-1e9, None)
        for score, rect in cands[:GREEDY_LOOKAHEAD]:
            rest = cv2.resize(_cut(remaining, rect), None, fx=0.25, fy=0.25,
                              interpolation=cv2.INTER_NEAREST)
            lost = cv2.countNonZero(rest) - cv2.countNonZero(
                cv2.morphologyEx(rest, cv2.MORPH_OPEN, open_k))
            total = score - 16 * lost / card_area
            if total > best[0]:
                best = (total, rect)
        if best[1] is None:
            break
        rect = _refine(remaining, edges, best[1], card_w)
        out.append(order_corners(rect))
        remaining = _cut(remaining, rect)
        k = max(3, int(0.08 * card_w) | 1)
        remaining = cv2.morphologyEx(remaining, cv2.MORPH_OPEN,
                                     cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    return out


def _dominant_angle(piece: np.ndarray, gray: np.ndarray) -> float | None:
    """Angle (radians, in [0, pi/2)) of most of the gradient inside the blob, modulo 90 deg:
    the cards' borders (the outline of a block bitten by dark borders is too ragged)."""
    g = cv2.GaussianBlur(gray, (3, 3), 0)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1)
    near = cv2.dilate(piece, np.ones((5, 5), np.uint8)) > 0
    mag = np.hypot(gx, gy)[near]
    strong = mag > SEAM_GRADIENT * 4
    if strong.sum() < 16:
        return None
    ang = np.mod(np.arctan2(gy[near][strong], gx[near][strong]), np.pi / 2)
    hist = np.bincount(np.minimum(179, (ang / (np.pi / 2) * 180).astype(int)),
                       mag[strong], 180)
    hist = np.convolve(np.concatenate([hist[-3:], hist, hist[:3]]), np.ones(7), "valid")
    peak = (int(np.argmax(hist)) + 0.5) * np.pi / 360
    close = np.abs(np.mod(ang - peak + np.pi / 4, np.pi / 2) - np.pi / 4) < np.radians(2)
    if mag[strong][close].sum() < LATTICE_ANGLE_SHARE * mag[strong].sum():
        return None  # no one angle
    off = np.mod(ang[close] - peak + np.pi / 4, np.pi / 2) - np.pi / 4
    return float(peak + np.average(off, weights=mag[strong][close]))


def _lattice_cards(piece: np.ndarray, gray: np.ndarray, card_w: float, aspect: float
                   ) -> list[np.ndarray]:
    """Cards of a block at one angle as the cells of a card lattice (see LATTICE_COVER)."""
    angle = _dominant_angle(piece, gray)
    if angle is None:
        return []
    c, s = np.cos(angle), np.sin(angle)
    h, w = piece.shape
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    rot = np.array([[c, s], [-s, c]])  # image -> frame with x along the angle
    r = corners @ rot.T
    lo = r.min(0)
    m = np.hstack([rot, -lo[:, None]]).astype(np.float32)
    size = np.ceil(r.max(0) - lo).astype(int) + 1
    mask = cv2.warpAffine(piece, m, (int(size[0]), int(size[1])), flags=cv2.INTER_NEAREST)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return []
    area = float(len(xs))
    integ = cv2.integral((mask > 0).astype(np.uint8)).astype(np.float64)
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    card_h = card_w * aspect
    best: tuple[float, np.ndarray | None] = (float("inf"), None)
    last = np.array(integ.shape[::-1]) - 1
    t = np.arange(LATTICE_PHASES) / LATTICE_PHASES
    for px, py in ((card_w, card_h), (card_h, card_w)):
        # Every phase at once: cell edges (phase, cell) along x and along y.
        gx = x0 - px + t[:, None] * px + px * np.arange(int((x1 - x0) / px) + 2)[None]
        gy = y0 - py + t[:, None] * py + py * np.arange(int((y1 - y0) / py) + 2)[None]
        ax = np.clip(np.round(gx).astype(int), 0, last[0])
        bx = np.clip(np.round(gx + px).astype(int), 0, last[0])
        ay = np.clip(np.round(gy).astype(int), 0, last[1])
        by = np.clip(np.round(gy + py).astype(int), 0, last[1])

        def corner(ys: np.ndarray, xs: np.ndarray) -> np.ndarray:  # (phase y, phase x, y, x)
            return integ[ys[:, None, :, None], xs[None, :, None, :]]

        inside = corner(by, bx) - corner(ay, bx) - corner(by, ax) + corner(ay, ax)
        keep = inside >= LATTICE_COVER * px * py
        got = (inside * keep).sum(axis=(2, 3))
        cost = (area - got) + (keep.sum(axis=(2, 3)) * px * py - got)
        cost[~keep.any(axis=(2, 3))] = np.inf
        i, j = np.unravel_index(int(np.argmin(cost)), cost.shape)
        if cost[i, j] < best[0]:
            cells = [(gx[j, c], gy[i, r], px, py) for r, c in zip(*np.nonzero(keep[i, j]),
                                                                  strict=True)]
            best = (float(cost[i, j]), np.array(cells))
    if best[1] is None:
        return []
    inv = rot.T
    out = []
    for cx, cy, px, py in best[1]:
        quad = np.array([[cx, cy], [cx + px, cy], [cx + px, cy + py], [cx, cy + py]]) + lo
        out.append(order_corners((quad @ inv.T).astype(np.float32)))
    return out


def _mismatch(piece: np.ndarray, quads: list[np.ndarray]) -> float:
    """Pixels in the blob or in the cards but not both, and pixels two cards share."""
    count = np.zeros(piece.shape, np.uint8)
    for q in quads:
        one = np.zeros(piece.shape, np.uint8)
        cv2.fillConvexPoly(one, np.round(q).astype(np.int32), 1)
        count += one
    blob = piece > 0
    return float(np.count_nonzero(blob & (count == 0)) + np.count_nonzero(~blob & (count > 0))
                 + np.count_nonzero(count > 1))


def _one_card_left(cnts: Sequence[np.ndarray], card_w: float, card_h: float) -> bool:
    """The rest of a blob is one contour that fits inside one card and holds most of one."""
    big = [c for c in cnts if cv2.contourArea(c) >= GREEDY_MIN_REST * card_w * card_h]
    if len(big) != 1:
        return False
    (_, _), (rw, rh), _ = cv2.minAreaRect(big[0])
    a, b = sorted((float(rw), float(rh)))
    return bool(cv2.contourArea(big[0]) >= GREEDY_LAST_AREA * card_w * card_h
                and a <= card_w * (1 + SIZE_TOLERANCE) and b <= card_h * (1 + SIZE_TOLERANCE))


def _refine(mask: np.ndarray, edges: np.ndarray, rect: np.ndarray, card_w: float) -> np.ndarray:
    """Nudge a card rectangle (shift and turn) onto the card's edges: its corner came from a
    blob outline, which rounded corners and art matching the table distort."""
    best = rect.astype(np.float32)
    best_s = float(_rect_scores(mask, edges, best[None])[0])
    step = max(1.0, REFINE_STEP * card_w)
    for _ in range(REFINE_ROUNDS):
        u = best[1] - best[0]
        u = u / max(1e-6, float(np.linalg.norm(u)))
        v = np.array([-u[1], u[0]], np.float32)
        centre = best.mean(0)
        cands = [best + d * k * step for d in (u, v) for k in (1, -1, 2, -2)]
        for deg in (1.5, -1.5):
            rot = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), deg, 1.0)
            cands.append(cv2.transform(best.reshape(-1, 1, 2), rot).reshape(4, 2))
        stack = np.array(cands, np.float32)
        scores = _rect_scores(mask, edges, stack)
        i = int(np.argmax(scores))
        if scores[i] <= best_s + 1e-6:
            break
        best, best_s = stack[i], float(scores[i])
    return best


def _cut(mask: np.ndarray, rect: np.ndarray) -> np.ndarray:
    cut = np.zeros_like(mask)
    cv2.fillConvexPoly(cut, np.round(rect).astype(np.int32), 255)
    cut = cv2.dilate(cut, np.ones((5, 5), np.uint8))
    return cv2.bitwise_and(mask, cv2.bitwise_not(cut))


_COVER_S, _COVER_T = (g.ravel() for g in np.meshgrid(np.linspace(0.04, 0.96, 10),
                                                      np.linspace(0.04, 0.96, 16)))


def _rect_scores(mask: np.ndarray, edges: np.ndarray, rects: np.ndarray,
                 min_cover: float = GREEDY_MIN_COVER) -> np.ndarray:
    """Score of each rectangle (N, 4, 2): its coverage by the blob plus a bonus for seams
    along its sides, both sampled on fixed grids (this runs for every candidate); 0 when the
    blob covers too little of it."""
    h, w = mask.shape[:2]
    p0 = rects[:, 0, None, :]
    u = (rects[:, 1] - rects[:, 0])[:, None, :]
    v = (rects[:, 3] - rects[:, 0])[:, None, :]
    pts = np.round(p0 + _COVER_S[None, :, None] * u + _COVER_T[None, :, None] * v).astype(int)
    inside = (pts[..., 0] >= 0) & (pts[..., 0] < w) & (pts[..., 1] >= 0) & (pts[..., 1] < h)
    xs, ys = np.clip(pts[..., 0], 0, w - 1), np.clip(pts[..., 1], 0, h - 1)
    cover = ((mask[ys, xs] > 0) & inside).mean(axis=1)
    a = rects[:, :, None, :]
    b = rects[:, [1, 2, 3, 0]][:, :, None, :]
    side = np.round(a + (b - a) * _SIDE_T[None, None]).reshape(len(rects), -1, 2).astype(int)
    ok = (side[..., 0] >= 0) & (side[..., 0] < w) & (side[..., 1] >= 0) & (side[..., 1] < h)
    sx, sy = np.clip(side[..., 0], 0, w - 1), np.clip(side[..., 1], 0, h - 1)
    support = (edges[sy, sx] * ok).mean(axis=1)
    return np.where(cover < min_cover, 0.0, cover + GREEDY_SEAM_WEIGHT * support)
