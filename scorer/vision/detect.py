"""Find card faces (hanafuda) and tiles (mahjong) in a photo of a table.

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
   slivers, is taken and nudged onto the edges. Rows of tiles and fanned cascades are instead
   rectified and cut across at seams, into equal tiles or into top-third views plus one whole
   card.
4. **Physical mahjong tiles** (thick blocks, walls, shadows): cast shadows leave the
   foreground by colour (`shadow_mask`); lone blocks give the tile and face size; a block
   with seams both ways is cut into its grid (`_grid_cells`); in other clusters each face is
   found first, as a core of the bright part eroded by a quarter of a face (`_face_cores`),
   and what is left is cut at its dark seams (`_cut_seams`). Each tile's face, not its
   block, goes to the classifier (`_face_quad`).
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
# colours (light falling off across the cloth). The table lies all round the tiles; a tile
# or a row the frame cuts fills one stretch of the band, and its colours were the table's.
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
# A mahjong piece lower than this share of a tile's height is a fragment, not a row.
ROW_MIN_HEIGHT = 0.75
# Rows of tiles are straight: a piece filling less of its rectangle than this is not a row.
ROW_MIN_FILL = 0.7
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

# Physical mahjong tiles (thick blocks) lying apart: a blob is a lone tile when its hull fills
# this share of its minimum-area rectangle and its sides are in this ratio (the face is 4:3;
# side walls and the back layer seen at an angle add to either side, down to a square). A
# tile seen well off vertical shows its face and two walls, a hexagon that fills its
# rectangle by about 0.82 (`hlin_demo_7`): such a blob (BLOCK_FILL_ALONE) is a lone tile
# only where blobs like it are most of the photo (a print on the cloth can be shaped so too).
BLOCK_FILL = 0.85
BLOCK_FILL_ALONE = 0.8
BLOCK_RATIO = (1.0, 1.6)
# Lone-tile blobs within this factor of the median lone-tile area are the set's tile size
# (a touching pair or a fragment of art is outside it).
BLOCK_AREA_SPREAD = 1.45
# A blob holding less than this many tile areas is one tile; below BLOCK_MIN_TILES it is a
# fragment (a reflection, a patch of art that differs from the cloth), not a tile.
BLOCK_SPLIT_TILES = 1.55
BLOCK_MIN_TILES = 0.4
# Touching physical tiles meet at a seam: a thin line darker than the faces either side (the
# rounded edges of both tiles and the shadow between). A black-hat (closing minus image) with
# a window of this share of a tile's short side finds lines up to about that wide; lines
# darker than their surroundings by SEAM_DARK grey levels cut a cluster into tiles. Symbols
# engraved on a face are dark too, but enclosed: filling holes restores them.
SEAM_WINDOW = 0.12
SEAM_DARK = 18
# Table colour inside a cluster is table (not a tile's green symbol) when a square of this
# share of a tile's short side fits in it.
TABLE_HOLE = 0.3
# The face of a tile is its brightest part (ivory, lit from above); side walls are shaded and
# the back layer coloured. Within a lone block, pixels above the block's Otsu level of L* are
# face; the face found is used when it covers this share of the block (less: the threshold
# caught glare or art, not the face) and has a tile face's proportions.
FACE_AREA = (0.4, 0.98)
FACE_RATIO = (1.05, 1.7)

# Faces inside a cluster of touching tiles (`_face_cores`): the cluster's bright part (Otsu
# on its pixels of no table colour; holes under FACE_HOLE of a face filled: symbols) eroded
# by CORE_ERODE of a lone tile's face width falls apart into one core per face, the walls
# and seams that join faces being narrower than that. A core of at least CORE_MIN of an
# eroded face, grown back by the erosion, is a face when both its sides are within CORE_FIT
# of a lone tile's face, or CORE_ROW faces at most lying flush in a line (side by side or
# end to end, no seam dark enough between them: cut into equal cells); the rest of the
# cluster (less each such tile, walls included) is cut at its seams as before.
CORE_ERODE = 0.25
CORE_MIN = 0.25
CORE_FIT = (0.8, 1.25)
CORE_ROW = 3
FACE_HOLE = 0.5  # 1p's one circle, with its rim, leaves a hole of over 0.3 of its face
# Cloth enclosed by a ring of tiles is often lit unlike the border band (a lamp's highlight),
# so its colour is rare there, but its chromaticity is the table's: a chromaticity bin
# holding TABLE_HUE_SHARE of the band (one bin either side) is table, however lit (a tile
# at the photo's edge puts a little ivory in the band, hence a share well above
# TABLE_COLOUR_SHARE). Unless that hue covers over TABLE_HUE_MAX of the objects (a pale
# table: the tiles' ivory is its hue).
TABLE_HUE_SHARE = 0.05
TABLE_HUE_MAX = 0.3
# Tiles whose faces have a plain table's colour show only symbols and walls to the colour
# mask: on a table whose border band has under FAINT_PLAIN of its pixels on faint edges
# (Canny FAINT_EDGES), faint outlines closed over FAINT_CLOSE of the image's long side and
# filled are objects, where the colour mask holds under FAINT_COLOUR of them.
FAINT_EDGES = (20, 60)
FAINT_PLAIN = 0.015
FAINT_CLOSE = 0.012
FAINT_COLOUR = 0.5
# A blob whose pixels are mostly of the table's colours lies on a table of the faces' colour
# (white paper, pale wood): its faces are found among all its pixels.
FACES_TABLE_COLOUR = 0.85
# Within the bright part, lines darker by BRIGHT_SEAM_DARK than a window about them (a
# black-hat) are seams between faces: a window of BRIGHT_SEAM_FACE of a face's short side
# where the face is known, else the one of BRIGHT_SEAM_WINDOWS (of the blob's longer side)
# that parts the most faces of one size (a seam is wider where the tiles are larger).
BRIGHT_SEAM_DARK = 10
BRIGHT_SEAM_FACE = 0.12
BRIGHT_SEAM_WINDOWS = (0.01, 0.025)
# A grid of touching tiles whose seams no comb fits and with no lone tile beside it: its
# faces give the size (`_bright_face_size`). The bright part of the blobs, opened a little,
# falls apart at the seams into faces of one size: GRID_FACES_MIN or more of a face's shape
# (filling their rectangle, FACE_RATIO; long side at least PITCH_MIN_TILE of the image: not
# a symbol's bright ground) within BLOCK_AREA_SPREAD of their median area, in a block at
# least GRID_DEPTH face lengths deep (two rows: one row is the rows splitter's). A block is
# then taken as GRID_FACE_BLOCK of a face each way (walls show only at the grid's edge).
# A blob whose bright part falls into such faces covering GRID_FACES_COVER of it, or each
# under 1 / GRID_FACES_SMALL of it (a grid whose other faces merge where seams are faint),
# is a grid, never a lone tile, however much its outline looks like one (a 4 x 6 grid nearly
# square).
GRID_FACES_MIN = 3
GRID_FACES_COVER = 0.4
GRID_FACES_SMALL = 4
GRID_DEPTH = 1.4
# One row of physical tiles and nothing else (no lone tile gives the size): the walls below
# the faces make the row deeper than a face is long (4:3), so its depth over the pitch of
# its seams is at least WALLED_ROW[0]; then that pitch and depth are the tile block, and the
# row is cut at its seams. (A row of flat crops is 4:3 or less: the rows splitter's.) At
# most a face with its wall band (up to 0.4 of the face's short side) and a shadow's rim.
WALLED_ROW = (1.45, 2.2)
# Where the seams' comb is longer than any tile (the row's depth under ROW_DEPTH[0] of its
# pitch: it skipped seams, as where a few strong seams outscore the comb of all of them,
# some faint), the comb is looked for again among the pitches that give the row a tile's
# depth, from a face foreshortened by an oblique view to WALLED_ROW's deepest. It is taken
# where it is finer than the first by ROW_FINER (else it is the same comb again).
ROW_DEPTH = (1.2, WALLED_ROW[1])
ROW_FINER = 1.5
# A row's one seam along its length is the line where faces meet walls (not two rows) where
# the part beyond it is under ROW_WALL of the part before in depth (a wall band and a
# shadow's rim; two rows of a grid are alike) and its light under WALL_DARKER of the faces'
# (walls face away from the light; a second row of faces is as bright as the first).
ROW_WALL = 0.7
WALL_DARKER = 0.8
GRID_FACE_BLOCK = 1.1

# A shadow is the table, less lit: a chromaticity (r, g, b over their sum) of the table's
# border band, much darker than the band's pixels of that colour. A pixel is shadow when its
# chromaticity falls in a bin (of SHADOW_BINS per axis) that the band fills and it gets less
# than SHADOW_DARKER of the light of that colour on the band (a shaded side wall of a tile,
# lit by the room, is brighter than that; a lamp's cast shadow is darker); or when it is
# near black (its chromaticity noise, SHADOW_NOISE levels over its brightness, spans more
# than two bins) and darker than that share of the band's 5th percentile. Dark symbols inside
# a face are enclosed, and filling holes restores them.
SHADOW_DARKER = 0.4
SHADOW_BINS = 64
SHADOW_NOISE = 3.0

# A grid of touching tiles (several rows) with no lone tile to give the size: the seams inside
# the block give it. Seams are dark lines (a black-hat of PITCH_WINDOW of the block's short
# side, darker by SEAM_DARK); each cut line across the block scores the share of it that is
# dark, less the median a little way either side (a seam is narrow, a symbol spreads dark
# over a wide band). Seams are evenly spaced (pitch and phase free), half a tile or more from
# the ends, and the block is that many tiles long plus at most one side wall. A comb whose
# mean score is below PITCH_SEAM explains nothing; of those that do, the smallest pitch at a
# local best within PITCH_KEEP of the best wins (every second seam fits as well as all of them,
# a cut through a face does not).
# The comb found may still be every second seam where the others are fainter: the lines
# halfway between its seams (and half a pitch beyond its ends) are seams too where their
# mean score is PITCH_HALF of its own or more, and PITCH_HALF_OFF times that of the lines
# a quarter pitch off them (faces, either way).
PITCH_WINDOW = 0.05
PITCH_SEAM = 0.25
PITCH_KEEP = 0.75
PITCH_HALF = 0.6
PITCH_HALF_OFF = 2.0
# The tile a pitch implies has a face's proportions, walls included (BLOCK_RATIO), and is at
# least this share of the detection image's short side.
PITCH_MIN_TILE = 0.06
# Once the tile size is known, a block's seams are at least this share of its short side
# apart, and the grid they cut holds the block's area in tiles within this share.
PITCH_MIN_PART = 0.7
PITCH_COUNT_SLACK = 0.35

# A hanafuda card whose outline reaches into the border band (or within this many detection
# pixels of it) is cut by the frame: the band's colours are learned as table, so what is left
# of a cut card ends about there, and the classifier sees part of a card and guesses. It is
# left out with a warning rather than offered as an uncertain card to confirm. (Mahjong keeps
# such tiles: real photos of one tile filling the frame are read right.)
FRAME_CUT_PX = 2.0
CUT_BY_FRAME = "a card cut by the photo's edge was left out"

# Mahjong rows: a tile narrower than this share of the detection image's short side (about
# 34 px, 53 px in the crop the classifier reads) is not a tile size but noise (see detect_cards).
TILE_MIN_WIDTH = 0.035
TOO_SMALL = ("the tiles found are too small to read; photograph them from closer, with "
             "some table around them")

HANAFUDA_ASPECT = 54.0 / 33.0  # long / short side of a physical card
MAHJONG_ASPECT = 4.0 / 3.0  # long / short side of a tile face seen from above


@dataclass(frozen=True)
class CardShape:
    """What the detector looks for: a rectangle of this aspect (long / short)."""

    aspect: float
    rows: bool = False  # mahjong: pieces are rows of tiles standing side by side


HANAFUDA = CardShape(HANAFUDA_ASPECT)
MAHJONG = CardShape(MAHJONG_ASPECT, rows=True)


@dataclass(frozen=True)
class Found:
    """One detected card.

    ``corners`` is the visible outline, TL TR BR BL in input-image pixels, ordered so TL->TR
    runs along the card's short side and TL->BL from the card's top towards its bottom (for a
    fully visible card the top may be either end). ``fraction`` is the share of the card's
    length that shows (1.0, or about a third in a fanned cascade). ``piece`` numbers the blob
    the card came from, and ``index`` its place along that piece.
    """

    corners: np.ndarray
    fraction: float = 1.0
    piece: int = 0
    index: int = 0


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
    return _foreground(small)[0]


def _foreground(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The foreground mask and `_not_table`'s colour map it started from."""
    lab, border, fg = _not_table(small)
    rare = fg
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
    return np.where(use_edges[lab_e] > 0, by_edges, by_colour).astype(np.uint8), rare


def _border(h: int, w: int) -> np.ndarray:
    """True on the image's border band (BORDER_FRACTION of its short side), where the table's
    colours are learned."""
    band = max(4, int(BORDER_FRACTION * min(h, w)))
    border = np.zeros((h, w), bool)
    border[:band], border[-band:], border[:, :band], border[:, -band:] = True, True, True, True
    return border


def _faint_outlines(gray: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The foreground with the objects whose outline is faint added (tiles whose faces have
    the colour of a plain table: only their symbols and walls differ from it), on a plain
    table (see FAINT_EDGES). ``gray``: the detection image in grey."""
    h, w = mask.shape
    edges = cv2.Canny(gray, *FAINT_EDGES)
    if float((edges[_border(h, w)] > 0).mean()) > FAINT_PLAIN:
        return mask
    k = max(3, int(FAINT_CLOSE * max(h, w)) | 1)
    closed = cv2.morphologyEx(edges, cv2.MORPH_CLOSE,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    filled = cv2.morphologyEx(_fill_holes(closed), cv2.MORPH_OPEN,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1)))
    n, lab, st, _ = cv2.connectedComponentsWithStats(filled, connectivity=4)
    coloured = np.bincount(lab.ravel(), weights=(mask > 0).ravel(), minlength=n)
    add = (st[:, cv2.CC_STAT_AREA] >= MIN_CARD_AREA * h * w) & (
        coloured < FAINT_COLOUR * st[:, cv2.CC_STAT_AREA])
    add[0] = False
    if not add.any():
        return mask
    return np.where(add[lab] | (mask > 0), 255, 0).astype(np.uint8)


def _not_table(small: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lab image, border band and 255 where a pixel's colour is rare on the border (before
    any filling: holes of table inside a ring of tiles stay table)."""
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
    # table's: a tile the frame cuts puts its own colours in one stretch of the band.
    seen = _runs_seen(idx, n_bins)
    core = table & (seen >= TABLE_SPREAD * BAND_RUNS)
    if core.any():  # else no colour goes all round (tiles fill the band): keep them all
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


def _table_chroma(small: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                np.ndarray]:
    """Per pixel: its chromaticity bin and brightness (r + g + b); the table's bins (those
    that hold a share of the border band: a patterned cloth has several), each bin's light on
    the band, and the band itself."""
    h, w = small.shape[:2]
    px = cv2.medianBlur(small, 5).astype(np.float32)
    total = px.sum(axis=2) + 1.0
    # Chromaticity (g and r shares; b follows) in SHADOW_BINS bins per axis.
    idx = np.clip((px[..., 1:] / total[..., None] * SHADOW_BINS).astype(np.int32), 0,
                  SHADOW_BINS - 1)
    flat = idx[..., 0] * SHADOW_BINS + idx[..., 1]
    border = _border(h, w)
    hist = np.bincount(flat[border], minlength=SHADOW_BINS ** 2).reshape(SHADOW_BINS, -1)
    table = (hist >= TABLE_COLOUR_SHARE * border.sum()).astype(np.uint8)
    # Each table colour's own brightness (a printed cloth's dark ink is not a shadow of its
    # light ground): the mean of the band's pixels of that colour, shared with the bins
    # either side.
    sums = np.bincount(flat[border], weights=total[border], minlength=SHADOW_BINS ** 2)
    mean = np.where(table.ravel() > 0, sums / np.maximum(hist.ravel(), 1), 0.0)
    lit = cv2.dilate(mean.reshape(SHADOW_BINS, -1).astype(np.float32), np.ones((3, 3), np.uint8))
    return flat, total, table, lit, border


Chroma = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def shadow_mask(small: np.ndarray, chroma: Chroma | None = None) -> np.ndarray:
    """255 where a pixel has a chromaticity of the table and is darker than the table: a
    shadow cast on it (see SHADOW_DARKER). ``chroma``: `_table_chroma(small)`, if known."""
    flat, total, _, lit, border = chroma or _table_chroma(small)
    shaded = total < SHADOW_DARKER * lit.ravel()[flat]
    # The chromaticity of a near-black pixel is noise: darkness alone decides there.
    noisy = SHADOW_NOISE / total > 2.0 / SHADOW_BINS
    darkest = total < SHADOW_DARKER * float(np.percentile(total[border], 5))
    return np.where(shaded | (noisy & darkest), 255, 0).astype(np.uint8)


def table_hue_mask(small: np.ndarray, chroma: Chroma | None = None) -> np.ndarray:
    """255 where a pixel has a chromaticity of the table (one bin either side), however lit:
    cloth enclosed by a ring of tiles is often lit unlike the border band (a lamp's
    highlight), so its colour is rare there but its hue is the table's."""
    flat, total, _, _, border = chroma or _table_chroma(small)
    hist = np.bincount(flat[border], minlength=SHADOW_BINS ** 2).reshape(SHADOW_BINS, -1)
    table = (hist >= TABLE_HUE_SHARE * border.sum()).astype(np.uint8)
    near = cv2.dilate(table, np.ones((3, 3), np.uint8)).ravel()[flat] > 0
    noisy = SHADOW_NOISE / total > 2.0 / SHADOW_BINS
    return np.where(near & ~noisy, 255, 0).astype(np.uint8)


def _drop_shadows(mask: np.ndarray, small: np.ndarray, chroma: Chroma | None = None
                  ) -> np.ndarray:
    """The foreground without the shadows the objects cast (holes it leaves inside an
    object, dark symbols, are filled again; slivers along edges are opened away)."""
    k = max(3, int(0.004 * max(mask.shape)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    shade = cv2.morphologyEx(shadow_mask(small, chroma), cv2.MORPH_CLOSE, kernel)
    kept = _fill_holes(cv2.bitwise_and(mask, cv2.bitwise_not(shade)))
    return np.asarray(cv2.morphologyEx(kept, cv2.MORPH_OPEN, kernel), np.uint8)


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
    """Detect cards or tiles. ``layout``: ``auto``, ``spread``, ``fanned`` or ``rows``."""
    if layout == "auto" and shape.rows:
        layout = "rows"
    small, scale = downscale(image)
    res = DetectResult(scale=scale)
    mask, rare = _foreground(small)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    chroma = _table_chroma(small) if shape.rows else None
    if shape.rows:  # thick tiles cast hard shadows, which the table colour does not explain
        mask = _faint_outlines(gray, mask)
        mask = _drop_shadows(mask, small, chroma)
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
    if shape.rows and layout == "rows":
        light = cv2.GaussianBlur(gray, (5, 5), 0)
        min_tile = PITCH_MIN_TILE * min(h, w)
        pitched, seams, second = _pitch_sizes(blobs, light, min_tile)
        not_table = _table_colour(small, mask, rare, chroma)
        faces = [_bright_faces(b, light[y0:y0 + b.shape[0], x0:x0 + b.shape[1]],
                               not_table[y0:y0 + b.shape[0], x0:x0 + b.shape[1]], min_tile)
                 for b, x0, y0 in blobs]
        gridded = [p is not None or _face_grid(f, float(cv2.countNonZero(b)))
                   for p, f, (b, _, _) in zip(pitched, faces, blobs, strict=True)]
        block = _lone_block_size([b for b, _, _ in blobs], gridded)
        if block is None:
            block = _pitch_block_size([p for p, a in zip(pitched, second, strict=True)
                                       if not a])
        face = None
        if block is None:
            face = _bright_face_size(faces, blobs)
            if face is not None:
                block = (face[0] * GRID_FACE_BLOCK, face[1] * GRID_FACE_BLOCK,
                         face[0] * face[1] * GRID_FACE_BLOCK ** 2)
                seams = [None if a else sm for sm, a in zip(seams, second, strict=True)]
        if block is None:
            block = _pitch_block_size(pitched)
        if block is not None:
            _detect_blocks(blobs, light, not_table, block, res, scale, face, seams)
            return res
    card_w = _estimate_card_width([p for p, _, _ in pieces], shape, layout)
    if shape.rows and 0 < card_w < TILE_MIN_WIDTH * min(h, w):
        # No tile is that small in a photo the classifier can read: the size came from
        # specks (a shadow's ragged edge, a printed cloth), and cutting the rows at it would
        # make thousands of "tiles".
        res.warnings.append(TOO_SMALL)
        return res
    res.card_width = card_w / scale
    cut = 0
    for pi, (piece, x0, y0) in enumerate(pieces):
        if card_w > 0 and cv2.countNonZero(piece) < GREEDY_MIN_REST * card_w ** 2 * shape.aspect:
            continue  # a fragment (art that differs from the table), not a card
        sub = gray[y0:y0 + piece.shape[0], x0:x0 + piece.shape[1]]
        fill, _ = _fill(piece)
        if _is_single(piece, card_w, shape) and layout != "fanned":
            quads = [(quad_from_mask(piece), 1.0)]
        elif not shape.rows and card_w > 0 and not (
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
            if not shape.rows and _cut_by_frame(quad + offset, w, h) and (
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


def _hull_rect(blob: np.ndarray) -> tuple[float, float, float, float]:
    """Hull fill of the minimum-area rectangle, its short and long side, and the blob area."""
    cnts, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(cnts, key=cv2.contourArea))
    (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
    a, b = sorted((float(rw), float(rh)))
    fill = cv2.contourArea(hull) / (a * b) if a > 0 else 0.0
    return fill, a, b, float(cv2.countNonZero(blob))


def _lone_block_size(blobs: list[np.ndarray], grids: list[bool] | None = None
                     ) -> tuple[float, float, float] | None:
    """Physical tiles lying apart: (short side, long side, area) of one tile block, from the
    blobs shaped like one tile (and, per ``grids``, with no seams of a grid of tiles inside);
    None where no blob is (rows of tiles, flat crops). A blob that fills its rectangle less
    (BLOCK_FILL_ALONE: a tile seen well off vertical) is a lone tile only where such tiles
    are most of what the photo shows."""
    for fill_least, alone in ((BLOCK_FILL, False), (BLOCK_FILL_ALONE, True)):
        size = _lone_blocks(blobs, grids, fill_least, alone)
        if size is not None:
            return size
    return None


def _lone_blocks(blobs: list[np.ndarray], grids: list[bool] | None, fill_least: float,
                 alone: bool) -> tuple[float, float, float] | None:
    cands = []
    for i, b in enumerate(blobs):
        if grids is not None and grids[i]:
            continue
        fill, a, long_, area = _hull_rect(b)
        if a > 0 and fill >= fill_least and BLOCK_RATIO[0] <= long_ / a <= BLOCK_RATIO[1]:
            cands.append((a, long_, area))
    if not cands:
        return None
    med = float(np.median([c[2] for c in cands]))
    same = [c for c in cands if med / BLOCK_AREA_SPREAD <= c[2] <= med * BLOCK_AREA_SPREAD]
    # Rows of tiles with one odd blob that happens to look like a tile are not lone tiles:
    # lone tiles must explain at least half the blobs' area between them.
    total = sum(float(cv2.countNonZero(b)) for b in blobs)
    if sum(c[2] for c in same) < 0.5 * total and (alone or len(same) < 2):
        return None
    return (float(np.median([c[0] for c in same])), float(np.median([c[1] for c in same])),
            float(np.median([c[2] for c in same])))


def _block_frame(blob: np.ndarray) -> tuple[np.ndarray, int, int]:
    """Affine map from a blob's crop into its minimum-area rectangle (x along the long side),
    and that rectangle's length and cross size."""
    _, rect = _fill(blob)
    origin, u, v, length, cross = _rect_frame(rect)
    src = np.array([origin, origin + u * length, origin + v * cross], np.float32)
    L, C = max(1, int(round(length))), max(1, int(round(cross)))
    dst = np.array([[0, 0], [L, 0], [0, C]], np.float32)
    return cv2.getAffineTransform(src, dst), L, C


def _seam_comb(prof: np.ndarray, min_part: float, max_part: float | None = None
               ) -> tuple[float, list[int]]:
    """Seam positions along a block's profile (share of each cut line that is a dark line):
    evenly spaced, pitch P (``min_part`` to ``max_part``) and phase free, each at least half
    a tile from the ends, and the block n tiles long plus at most one side wall. Empty where
    no comb explains it."""
    n = len(prof)
    r = max(3, int(min_part / 4))
    # A seam is a narrow line: darker than the faces a little way either side (symbols
    # spread dark over a wide band and score little).
    pad = np.pad(prof, r, mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(pad, 2 * r + 1)
    contrast = np.clip(prof - np.median(windows, axis=1), 0, None).astype(np.float32)
    contrast = np.asarray(cv2.dilate(contrast.reshape(1, -1), np.ones((1, 5), np.uint8)).ravel())
    scores: list[tuple[int, int, float]] = []  # pitch, phase, mean evidence
    top_pitch = int(n / 1.5) if max_part is None else min(int(n / 1.5), int(max_part))
    for pitch in range(max(4, int(min_part)), top_pitch + 1):
        lo, hi = 0.5 * pitch, n - 0.5 * pitch
        xs = np.arange(pitch)[:, None] + pitch * np.arange(int(n / pitch) + 1)[None, :]
        ok = (xs >= lo) & (xs <= hi)
        count = ok.sum(axis=1)
        # n tiles and at most one wall: the length is about (seams + 1) pitches.
        extra = n / pitch - (count + 1)
        valid = (count > 0) & (extra >= -0.15) & (extra <= 0.5)
        if not valid.any():
            continue
        mean = np.where(ok, contrast[np.clip(xs, 0, n - 1)], 0).sum(axis=1) / np.maximum(count, 1)
        mean = np.where(valid, mean, -1.0)
        phase = int(np.argmax(mean))
        scores.append((pitch, phase, float(mean[phase])))
    if not scores:
        return 0.0, []
    top = max(sc for *_, sc in scores)
    if top < PITCH_SEAM:
        return 0.0, []
    # Every second seam fits as well as all of them: the smallest pitch that fits nearly as
    # well as the best, at its local best. (Within a tile's depth, ``max_part``, no comb of
    # every second seam is searched: the best.)
    keep = PITCH_KEEP if max_part is None else 1.0
    for i, (pitch, phase, sc) in enumerate(scores):
        if sc >= keep * top and (i + 1 == len(scores) or sc >= scores[i + 1][2]):
            xs = np.arange(phase, n, pitch)
            xs = xs[(xs >= 0.5 * pitch) & (xs <= n - 0.5 * pitch)]
            cuts = [_snap(contrast, float(x), 2)[0] for x in xs]
            cuts = _halved(contrast, cuts, pitch, min_part)
            # The tile size from the seams themselves (one end may carry a wall).
            steps = np.diff([0, *cuts, n])
            size = float(np.median(np.diff(cuts))) if len(cuts) > 1 else float(steps.min())
            return size, cuts
    return 0.0, []


def _halved(contrast: np.ndarray, cuts: list[int], pitch: int, min_part: float) -> list[int]:
    """The comb's cuts, or the comb of half its pitch where the lines halfway between its
    cuts (and half a pitch beyond its ends) score PITCH_HALF of its cuts' mean or more."""
    half = pitch / 2
    n = len(contrast)
    if half < min_part or not cuts:
        return cuts
    mids = [(a + b) / 2 for a, b in zip(cuts[:-1], cuts[1:], strict=False)]
    mids += [x for x in (cuts[0] - half, cuts[-1] + half) if 0.5 * half <= x <= n - 0.5 * half]
    if not mids:
        return cuts
    snapped = [_snap(contrast, x, 2) for x in mids]
    own = float(np.mean([contrast[c] for c in cuts]))
    mid = float(np.mean([v for _, v in snapped]))
    # The lines a quarter pitch off are faces either way: the midlines must stand out.
    quarter = float(np.mean([contrast[int(round(np.clip(x + o, 0, n - 1)))]
                             for x in sorted([*cuts, *mids]) for o in (-half / 2, half / 2)]))
    if own <= 0 or mid < PITCH_HALF * own or mid < PITCH_HALF_OFF * quarter:
        return cuts
    return sorted([*cuts, *(x for x, _ in snapped)])


def _seam_grid(blob: np.ndarray, light: np.ndarray, min_tile: float,
               row_depth: tuple[float, float] | None = None
               ) -> tuple[np.ndarray, tuple[float, list[int]], tuple[float, list[int]], int,
                          int] | None:
    """Seams along and across a rectangular block of touching tiles (positions in the
    block's rectified frame, with its affine map and size); None where the blob is not a
    rectangle. ``row_depth``: the block is one row whose depth is this many pitches (the
    seams along it are looked for at those pitches only, none across it)."""
    fill, _ = _fill(blob)
    if fill < RECT_FILL:
        return None
    m, L, C = _block_frame(blob)
    patch = cv2.warpAffine(light, m, (L, C), flags=cv2.INTER_LINEAR)
    inside = cv2.warpAffine(blob, m, (L, C), flags=cv2.INTER_NEAREST) > 0
    k = max(3, int(PITCH_WINDOW * C) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    dark = (cv2.morphologyEx(patch, cv2.MORPH_BLACKHAT, kernel) > SEAM_DARK) & inside
    profs = []
    for axis in (1, 0):  # seams across the length (x), then across the width (y)
        # Trim the ends of each cut line: rounded corners and outer walls are not seams.
        t = int(0.08 * (C if axis == 1 else L))
        d = dark[t:C - t] if axis == 1 else dark[:, t:L - t]
        i = inside[t:C - t] if axis == 1 else inside[:, t:L - t]
        cover = i.sum(axis=1 - axis).astype(np.float32)
        profs.append(np.where(cover > 0, d.sum(axis=1 - axis) / np.maximum(cover, 1), 0.0))
    if row_depth is not None:
        return m, _seam_comb(profs[0], C / row_depth[1], C / row_depth[0]), (0.0, []), L, C
    return m, _seam_comb(profs[0], min_tile), _seam_comb(profs[1], min_tile), L, C


def _pitch_sizes(blobs: list[tuple[np.ndarray, int, int]], light: np.ndarray, min_tile: float
                 ) -> tuple[list[tuple[float, float, int] | None], list[tuple | None],
                            list[bool]]:
    """Per blob: the tile (short side, long side) and tile count that the seams inside a
    rectangular block of touching tiles give, where they give a tile's proportions; the
    seams that gave it (`_seam_grid`'s), where the block is a grid or a walled row; and
    whether they came from the second search of a row (ROW_DEPTH), which the faces, where
    they give a size, outweigh."""
    out: list[tuple[float, float, int] | None] = []
    seams: list[tuple | None] = []
    second: list[bool] = []
    for b, x0, y0 in blobs:
        sub = light[y0:y0 + b.shape[0], x0:x0 + b.shape[1]]
        g = _seam_grid(b, sub, min_tile)
        # A single row of flat crops is the rows splitter's (its height gives the tile; a
        # walled row of physical tiles is taken above). A grid of rows
        # shows seams both ways; one seam fits a tile of a half or a third of the block and
        # so gives no size, three tiles in a line do.
        walled = g is not None and len(g[2][1]) == 1 and _wall_line(b, sub, g)
        if g is not None and (not g[2][1] or walled):
            line: tuple = (g[0], g[1], (0.0, []), g[3], g[4])  # the row, cut across nowhere
            depth = g[4] / g[1][0] if g[1][0] > 0 else 0.0
            # A comb longer than any tile skipped seams: the comb within a tile's depth, where
            # it is finer than the first (else it is the same comb again). No comb at all
            # is no row's.
            row = (line if WALLED_ROW[0] <= depth <= WALLED_ROW[1] else
                   _seam_grid(b, sub, min_tile, ROW_DEPTH) if 0 < depth < ROW_DEPTH[0]
                   else None)
            if row is not line and row is not None and row[1][0] > g[1][0] / ROW_FINER:
                row = None
            if row is not None and len(row[1][1]) >= 2 and row[1][0] > 0:
                out.append((row[1][0], float(row[4]), len(row[1][1]) + 1))  # a walled row
                seams.append(row)
                second.append(row is not line)
                continue
            if line[1][1]:  # no size of its own, but cut at its seams where they fit one
                out.append(None)
                seams.append(line)
                second.append(False)
                continue
        size = _grid_size(g)
        if size is None:
            g = None
        else:
            # The seams looked for again at the scale of the tile found, as the block is
            # cut: a comb of every second seam gives way to the full one where that holds
            # the block's area in tiles. The block is then cut at the seams that sized it.
            g2 = _seam_grid(b, sub, PITCH_MIN_PART * size[0])
            again = _grid_size(g2)
            if again is not None and again[2] > size[2] and abs(
                    again[2] - cv2.countNonZero(b) / (again[0] * again[1] * RECT_FILL)
            ) <= PITCH_COUNT_SLACK * again[2]:
                size, g = again, g2
        out.append(size)
        seams.append(g)
        second.append(False)
    return out, seams, second


def _wall_line(blob: np.ndarray, light: np.ndarray, g: tuple) -> bool:
    """A block's one seam along its length is where its faces meet their walls (it is one
    row, not two): the part beyond the seam is the shallower (under ROW_WALL of the other)
    and the darker (its median light under WALL_DARKER of the other's)."""
    m, _, (_, (cut,)), L, C = g
    if min(cut, C - cut) >= ROW_WALL * max(cut, C - cut):
        return False
    patch = cv2.warpAffine(light, m, (L, C), flags=cv2.INTER_LINEAR)
    inside = cv2.warpAffine(blob, m, (L, C), flags=cv2.INTER_NEAREST) > 0
    a, b = patch[:cut][inside[:cut]], patch[cut:][inside[cut:]]
    if not len(a) or not len(b):
        return False
    face, wall = (a, b) if cut >= C - cut else (b, a)
    return float(np.median(wall)) < WALL_DARKER * float(np.median(face))


def _grid_size(g: tuple | None) -> tuple[float, float, int] | None:
    """The tile (short side, long side) and tile count a grid's seams give, where they
    give a tile's proportions and seams both ways (or three tiles in a line)."""
    if g is None or min(len(g[1][1]), len(g[2][1])) < 1 or max(len(g[1][1]),
                                                              len(g[2][1])) < 2:
        return None
    _, (pl, along), (pc, across), L, C = g
    a, c = sorted((pl or float(L), pc or float(C)))
    ok = a > 0 and BLOCK_RATIO[0] <= c / a <= BLOCK_RATIO[1] + 0.1
    return (a, c, (len(along) + 1) * (len(across) + 1)) if ok else None


def _pitch_block_size(sizes: list[tuple[float, float, int] | None]
                      ) -> tuple[float, float, float] | None:
    """Tile size (short side, long side, area) from the seams inside blocks of touching
    tiles, weighted by their tiles (a long row outvotes a stray blob); None where none."""
    found = [s for s in sizes if s is not None]
    if not found:
        return None
    # The median by tiles: two blocks at odds are not averaged into a size neither has.
    order = sorted(found, key=lambda s: s[0])
    w = np.cumsum([n for *_, n in order], dtype=np.float64)
    a, c, _ = order[int(np.searchsorted(w, w[-1] / 2))]
    return a, c, a * c * RECT_FILL


def _table_colour(small: np.ndarray, mask: np.ndarray, rare: np.ndarray,
                  chroma: Chroma | None) -> np.ndarray:
    """255 where a pixel is not table: its colour rare on the border band (``rare``,
    `_not_table`'s map) and its hue not the table's (the hue is left out on a pale table,
    whose hue is the tiles')."""
    not_table = rare
    hue = cv2.bitwise_and(table_hue_mask(small, chroma), mask)
    if cv2.countNonZero(hue) <= TABLE_HUE_MAX * cv2.countNonZero(mask):
        not_table = cv2.bitwise_and(not_table, cv2.bitwise_not(hue))
    return not_table


def _bright_part(blob: np.ndarray, light: np.ndarray, not_table: np.ndarray,
                 seam: int) -> np.ndarray | None:
    """255 where the blob's pixels of no table colour are bright (Otsu among them) and on
    no thin dark line (a black-hat of ``seam`` px, see BRIGHT_SEAM_DARK): the faces of
    physical tiles, their walls being shaded, parted at their seams. None where too few
    pixels."""
    inside = (blob > 0) & (not_table > 0)
    if inside.sum() < FACES_TABLE_COLOUR * (blob > 0).sum():
        # The faces have the table's colour (a pale table): the whole blob.
        inside = blob > 0
    vals = light[inside].reshape(-1, 1)
    if len(vals) < 16:
        return None
    t, _ = cv2.threshold(vals, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # The seams between faces lying flush are thin lines only a little darker than the
    # faces, above the threshold: darker than their surroundings, they part the faces.
    k = max(3, seam | 1)
    seams = cv2.morphologyEx(light, cv2.MORPH_BLACKHAT, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k))) > BRIGHT_SEAM_DARK
    return np.where((light > t) & inside & ~seams, 255, 0).astype(np.uint8)


def _bright_faces(blob: np.ndarray, light: np.ndarray, not_table: np.ndarray,
                  min_tile: float) -> list[tuple[float, float, float]]:
    """(short, long side, area) of every face-shaped part the blob's bright part falls into
    (Otsu on its pixels of no table colour, opened a little): faces, where seams part them.
    The seams' width is not known before the faces' size: of the windows
    BRIGHT_SEAM_WINDOWS (of the blob's longer side), the one that parts the most faces of
    one size."""
    best: list[tuple[float, float, float]] = []
    for share in BRIGHT_SEAM_WINDOWS:
        rects = _parted_faces(blob, light, not_table, min_tile,
                              int(share * max(blob.shape)))
        if len(_same_size(rects)) > len(_same_size(best)) or not best:
            best = rects
    return best


def _parted_faces(blob: np.ndarray, light: np.ndarray, not_table: np.ndarray,
                  min_tile: float, seam: int) -> list[tuple[float, float, float]]:
    bright = _bright_part(blob, light, not_table, seam)
    if bright is None:
        return []
    k = max(3, int(0.01 * max(blob.shape)) | 1)
    bright = cv2.morphologyEx(bright, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    cnts, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    rects = []
    for c in cnts:
        hull = cv2.convexHull(c)
        (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
        a, b = sorted((float(rw), float(rh)))
        if b < min_tile:  # a symbol's bright ground, not a face
            continue
        filled = cv2.contourArea(hull) / (a * b)
        if filled >= BLOCK_FILL and FACE_RATIO[0] <= b / a <= FACE_RATIO[1]:
            rects.append((a, b, a * b))
    return rects


def _same_size(rects: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """The rects within BLOCK_AREA_SPREAD of their median area, if GRID_FACES_MIN or more."""
    if len(rects) < GRID_FACES_MIN:
        return []
    med = float(np.median([r[2] for r in rects]))
    same = [r for r in rects if med / BLOCK_AREA_SPREAD <= r[2] <= med * BLOCK_AREA_SPREAD]
    return same if len(same) >= GRID_FACES_MIN else []


def _face_grid(rects: list[tuple[float, float, float]], area: float) -> bool:
    """A blob whose bright part falls into several faces of one size that cover
    GRID_FACES_COVER of it, or each much smaller than it, is a grid of tiles, however much
    it looks like one tile."""
    same = _same_size(rects)
    return bool(same) and (sum(r[2] for r in same) >= GRID_FACES_COVER * area
                           or max(r[2] for r in same) * GRID_FACES_SMALL <= area)


def _bright_face_size(faces: list[list[tuple[float, float, float]]],
                      blobs: list[tuple[np.ndarray, int, int]]) -> tuple[float, float] | None:
    """(short, long side) of a face where no lone tile and no seam comb gives it: from the
    faces the blobs' bright parts fall apart into at the seams (see GRID_FACES_MIN), or
    None."""
    same = _same_size([r for f in faces for r in f])
    if not same:
        return None
    face = float(np.median([r[0] for r in same])), float(np.median([r[1] for r in same]))
    # One row is left to the rows splitter, which cuts rows of flat crops better.
    if not any(_hull_rect(b)[1] >= GRID_DEPTH * face[1] for b, _, _ in blobs):
        return None
    return face


def _detect_blocks(blobs: list[tuple[np.ndarray, int, int]], lab_l: np.ndarray,
                   not_table: np.ndarray, block: tuple[float, float, float], res: DetectResult,
                   scale: float, face_size: tuple[float, float] | None = None,
                   seams: list[tuple | None] | None = None) -> None:
    """Lone tiles and small clusters of touching tiles, the block size known (and the face
    size, where the faces of a grid gave it; and per blob the seams that sized it, where
    its own did). ``lab_l``: the grey image, blurred (5x5)."""
    short, long_, area = block
    res.card_width = short / scale
    found: list[tuple[int, list[np.ndarray]]] = []
    clusters: list[int] = []
    faces: list[tuple[float, float]] = []
    for pi, (blob, x0, y0) in enumerate(blobs):
        n = cv2.countNonZero(blob) / area
        if n < BLOCK_MIN_TILES:
            continue
        sub_l = lab_l[y0:y0 + blob.shape[0], x0:x0 + blob.shape[1]]
        if n < BLOCK_SPLIT_TILES:
            quad = _face_quad(blob, sub_l)
            found.append((pi, [quad]))
            if n >= 1 / BLOCK_AREA_SPREAD:
                a, b = sorted((float(np.linalg.norm(quad[1] - quad[0])),
                               float(np.linalg.norm(quad[3] - quad[0]))))
                faces.append((a, b))
        elif (cells := _cells_at(blob, seams[pi] if seams else None, n)
              or _grid_cells(blob, sub_l, short, n)) is not None:
            found.append((pi, [_face_quad(c, sub_l) for c in cells]))
        else:
            clusters.append(pi)
    # A lone tile's face gives the size of the faces inside clusters.
    face = (float(np.median([f[0] for f in faces])), float(np.median([f[1] for f in faces]))
            ) if faces else face_size
    for pi in clusters:
        blob, x0, y0 = blobs[pi]
        sub_l = lab_l[y0:y0 + blob.shape[0], x0:x0 + blob.shape[1]]
        sub_t = not_table[y0:y0 + blob.shape[0], x0:x0 + blob.shape[1]]
        quads: list[np.ndarray] = []
        rest = blob
        if face is not None:
            quads, rest = _face_cores(blob, sub_l, sub_t, face, (short, long_))
        for part in _cut_seams(rest, sub_l, sub_t, short):
            m = cv2.countNonZero(part) / area
            if m < BLOCK_MIN_TILES:
                continue
            if m < BLOCK_SPLIT_TILES:
                quads.append(_face_quad(part, sub_l))
            else:
                quads += _greedy_cards(part, sub_l, short, long_ / short)
        found.append((pi, quads))
    for pi, quads in sorted(found, key=lambda f: f[0]):
        _, x0, y0 = blobs[pi]
        offset = np.array([x0, y0], np.float32)
        for j, quad in enumerate(quads):
            res.found.append(Found((quad + offset) / scale, 1.0, pi, j))


def _fill_small_holes(mask: np.ndarray, most: float) -> np.ndarray:
    """Holes of under ``most`` pixels filled (a face's dark symbols), larger ones kept (the
    cloth inside a ring of tiles)."""
    inv = cv2.bitwise_not(mask)
    n, lab, st, _ = cv2.connectedComponentsWithStats(inv, connectivity=4)
    out = mask.copy()
    h, w = mask.shape
    for k in range(1, n):
        x, y, bw, bh, a = st[k]
        if a < most and x > 0 and y > 0 and x + bw < w and y + bh < h:
            out[lab == k] = 255
    return out


def _face_cores(blob: np.ndarray, light: np.ndarray, not_table: np.ndarray,
                face: tuple[float, float], block: tuple[float, float]
                ) -> tuple[list[np.ndarray], np.ndarray]:
    """Faces inside a cluster of touching tiles: the bright part of the cluster eroded by a
    quarter of a face falls apart into one core per face (walls and seams between faces are
    narrower than that); each core of a face's proportions, grown back, is a face. Returns
    the faces and the cluster without their tiles."""
    fs, fl = face
    bright = _bright_part(blob, light, not_table, int(BRIGHT_SEAM_FACE * fs))
    if bright is None:
        return [], blob
    bright = _fill_small_holes(bright, FACE_HOLE * fs * fl)
    r = max(1, int(CORE_ERODE * fs))
    core = cv2.erode(bright, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
    n, lab, st, _ = cv2.connectedComponentsWithStats(core, connectivity=4)
    quads = []
    rest = blob.copy()
    wall = max(0.0, block[1] - fl)
    for j in range(1, n):
        if st[j, cv2.CC_STAT_AREA] < CORE_MIN * max(1.0, (fs - 2 * r) * (fl - 2 * r)):
            continue
        c = _largest_contour(np.where(lab == j, 255, 0).astype(np.uint8))
        (cx, cy), (rw, rh), ang = cv2.minAreaRect(c)
        rw, rh = rw + 2 * r, rh + 2 * r
        faces = _core_faces(((cx, cy), (rw, rh), ang), fs, fl)
        if not faces:
            continue
        quads += faces
        grown = ((cx, cy), (rw + 2 * wall, rh + 2 * wall), ang)
        cv2.fillConvexPoly(rest, np.round(cv2.boxPoints(grown)).astype(np.int32), 0)
    return quads, rest


def _core_faces(rect: tuple, fs: float, fl: float) -> list[np.ndarray]:
    """The faces a grown core holds: one face, or up to CORE_ROW faces lying flush side by
    side or end to end with no seam dark enough to part them (then the core is that many
    faces long and is cut into equal cells along its length)."""
    a, b = sorted(rect[1])
    for k in range(1, CORE_ROW + 1):
        for cross, along in ((fs, fl), (fl, fs)):
            if k == 1 and cross == fl:
                continue
            lo, hi = CORE_FIT
            if lo <= a / cross <= hi and lo <= b / (k * along) <= hi:
                box = order_corners(cv2.boxPoints(rect))
                # The rectangle's sides from one corner: along its length (b) and across it.
                e1, e2 = box[1] - box[0], box[3] - box[0]
                long_v, short_v = (e1, e2) if np.linalg.norm(e1) >= np.linalg.norm(e2) else (e2, e1)
                origin = box[0]
                cells = []
                for i in range(k):
                    p0 = origin + long_v * i / k
                    cell = np.array([p0, p0 + long_v / k, p0 + long_v / k + short_v, p0 + short_v],
                                    np.float32)
                    cells.append(order_corners(cell))
                return cells
    return []


def _grid_cells(blob: np.ndarray, light: np.ndarray, short: float, n: float
                ) -> list[np.ndarray] | None:
    """A rectangular block of touching tiles cut into its grid of tiles at the seams, where
    the seams give about as many tiles as the block's area holds (masks of the cells)."""
    return _cells_at(blob, _seam_grid(blob, light, PITCH_MIN_PART * short), n)


def _cells_at(blob: np.ndarray, g: tuple | None, n: float) -> list[np.ndarray] | None:
    """The cells of a block at its seams (`_seam_grid`'s), where they hold about ``n``
    tiles."""
    if g is None or not (g[1][1] or g[2][1]):
        return None
    m, (_, along), (_, across), L, C = g
    count = (len(along) + 1) * (len(across) + 1)
    if abs(count - n) > PITCH_COUNT_SLACK * n:
        return None
    back = cv2.invertAffineTransform(m)
    xs, ys = [0, *along, L], [0, *across, C]
    cells = []
    for xa, xb in zip(xs[:-1], xs[1:], strict=True):
        for ya, yb in zip(ys[:-1], ys[1:], strict=True):
            quad = np.array([[xa, ya], [xb, ya], [xb, yb], [xa, yb]], np.float32)
            pts = cv2.transform(quad.reshape(-1, 1, 2), back).reshape(4, 2)
            cell = np.zeros_like(blob)
            cv2.fillConvexPoly(cell, np.round(pts).astype(np.int32), 255)
            cell = cv2.bitwise_and(cell, blob)
            if cv2.countNonZero(cell) > 16:
                cells.append(cell)
    return cells


def _cut_seams(blob: np.ndarray, light: np.ndarray, not_table: np.ndarray,
               short: float) -> list[np.ndarray]:
    """A cluster of touching tiles cut at the dark seams between them, and without the table
    it encloses (a ring of tiles around a patch of cloth)."""
    k = max(3, int(SEAM_WINDOW * short) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    dark = cv2.morphologyEx(light, cv2.MORPH_BLACKHAT, kernel) > SEAM_DARK
    # Table colour inside the blob, wide enough to be cloth and not a symbol of the same hue.
    kt = max(3, int(TABLE_HOLE * short) | 1)
    hole = cv2.morphologyEx(np.where((blob > 0) & (not_table == 0), 255, 0).astype(np.uint8),
                            cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (kt, kt)))
    cut = cv2.morphologyEx(np.where(dark | (hole > 0), 0, blob).astype(np.uint8),
                           cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels = cv2.connectedComponents(cut, connectivity=4)
    return [_fill_holes(np.where(labels == i, 255, 0).astype(np.uint8)) for i in range(1, n)]


def _face_quad(blob: np.ndarray, light: np.ndarray) -> np.ndarray:
    """The face of a lone tile block (its bright top), or the block where none is clear."""
    block = order_corners(cv2.boxPoints(cv2.minAreaRect(_largest_contour(blob))))
    vals = light[blob > 0].reshape(-1, 1)
    if len(vals) < 16:
        return block
    t, _ = cv2.threshold(vals, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    above = np.where((light > t) & (blob > 0), 255, 0).astype(np.uint8)
    k = max(3, int(0.03 * np.sqrt(len(vals))) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    bright = np.asarray(cv2.morphologyEx(_fill_holes(above), cv2.MORPH_OPEN, kernel), np.uint8)
    if not bright.any():
        return block
    face = _largest_contour(_fill_holes(bright))
    (_, _), (fw, fh), _ = rect = cv2.minAreaRect(face)
    a, b = sorted((fw, fh))
    share = a * b / max(1.0, float(len(vals)))
    if a <= 0 or not (FACE_AREA[0] <= share <= FACE_AREA[1]
                      and FACE_RATIO[0] <= b / a <= FACE_RATIO[1]):
        return block
    return order_corners(cv2.boxPoints(rect))


def _largest_contour(mask: np.ndarray) -> np.ndarray:
    cnts, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return max(cnts, key=cv2.contourArea)


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
    row_like: list[tuple[float, float]] = []
    for p in pieces:
        fill, rect = _fill(p)
        a, b = sorted(rect[1])
        if a <= 0:
            continue
        rectangular = fill >= RECT_FILL
        shapes.append((float(cv2.countNonZero(p)), a, b, rectangular))
        if fill >= ROW_MIN_FILL and b > 2 * a:  # a row of three tiles or more
            row_like.append((a, b))
        # Irregular blobs propose too (their sides are often a card's): a photo may hold
        # nothing but touching cards.
        proposals += [a, b / shape.aspect, a / shape.aspect]
        if rectangular:
            if abs(b / a / shape.aspect - 1) < SIZE_TOLERANCE * 0.6:
                singles.append(a)
    if singles and not shape.rows:
        return float(np.median(singles))
    if layout == "fanned":
        widths = [a for _, a, b, _ in shapes if b / a > shape.aspect * (1 - SIZE_TOLERANCE)]
        if widths:
            return float(np.median(widths))
    if shape.rows:  # a row of two or more tiles is one tile high: its short side
        rows = sorted(row_like)
        if rows:  # median weighted by length: long rows outvote fragments of art
            lengths = np.cumsum([b for _, b in rows])
            i = int(np.searchsorted(lengths, lengths[-1] / 2))
            return float(rows[i][0]) / shape.aspect
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
    """Cut a rectangular piece (row of tiles, fanned cascade, block) at seams across it."""
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
    if shape.rows:
        band = card_h
        if cross < ROW_MIN_HEIGHT * card_h:
            return []  # a piece of a tile's art, not a row of tiles
        if fill < ROW_MIN_FILL:
            return []  # table that looks like tiles (shaded cloth), not a row
    elif abs(cross / card_w - round(cross / card_w)) < abs(cross / card_h - round(cross / card_h)):
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
    if shape.rows:
        step = cross / shape.aspect  # tile width from the band's height
        cuts, _ = _regular_cuts(prof, length, step)
        xs = [0, *cuts, length]
        return [(a, b, 1.0, False) for a, b in zip(xs[:-1], xs[1:], strict=True)]
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
