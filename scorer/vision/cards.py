"""The learned hanafuda/hwatu card detector: an ONNX network run by onnxruntime, and its decoding.

The network (``python -m scorer.training detector --deck hanafuda``, described in
models/README.md) is the tile detector's (``tiles``) with two answers more. Per cell of a grid
``STRIDE`` px apart it gives a score that a card's *visible part* is centred there and, at such
a centre, where the card's whole face lies (its centre, short and long side and direction),
even where other cards cover most of it. A captured pile overlaps: a cascade shows each card's
top band, a fan one side, a heap what the cards above leave; each such part has its own peak,
so touching and overlapping cards stay apart.

``visible_band`` says which part of each face shows (the rectangle of the face around its
visible part's centre): the classifier reads a card's face with the rest painted grey
(``pipeline``), and a card showing too little of itself is reported hidden. ``layer`` says
which card lies over which (a card's visible part lies on no card above it): cards lying as
one card would are asked about, and touching or overlapping cards make the pile's groups.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

import numpy as np

from scorer.vision.detect import HANAFUDA_ASPECT
from scorer.vision.models import CARD_DETECTOR_MODEL, PhotoReader
from scorer.vision.tiles import STRIDE, TileDetector, _overlap, _quad, face_shape, peaks_of

__all__ = ["CARD_DETECTOR_MODEL", "READER", "CardDetector", "CardFace", "decode_cards",
           "layer", "shown_share", "visible_band"]

# How hanafuda photos are read (scorer.decks.Deck.reader): a pile, each card read from what
# shows of it; a card the reader doubts is read again in two framings more, as mahjong's
# tiles (classify.VIEW_ZOOM): on the held-out makers' selection piles, 0.7 points more read
# right (bench/NOTES.md, "Doubtful cards read in three framings").
READER = PhotoReader("hanafuda", "scorer.vision.pipeline:read_cards", views=3)

# Two peaks are one card seen twice when their whole faces overlap this much (intersection
# over the smaller face) and their visible parts' centres lie within SAME_PART short sides:
# cards of a stack share most of their face, but each shows its own part.
SAME_FACE = 0.85
SAME_PART = 0.3
# Two cards whose faces overlap this much (intersection over the smaller face), each visible
# part on the other's face, lie as one card would: the photo cannot say which is which.
SAME_PLACE = 0.8
# A visible band within this share of a face's edge reaches the edge (``snap``).
SNAP_EDGE = 0.1
# A card whose visible part lies this much under the visible parts of surer cards is one of
# them seen again (``seen_again``); above 1, never. Chosen on the selection piles among 0.6,
# 0.75 and 0.9 (bench/NOTES.md, "Cards seen twice").
SEEN_AGAIN = 0.75
# The short side (input px) a table photo's pile crop is seen at where its cards would come
# out wider at the input size (``table._seeing``): the widest the network learned, about 25
# to 110 px (``training.detector.CARD_SCALE_RANGE``). A lone card's crop enlarged to 512 px
# showed it 153 px wide (bench/NOTES.md, "Table photos").
WORKING_SIDE = 110
# Every card has one shape (HANAFUDA_ASPECT, long / short), but the network answers the two
# sides apart: a face answered further than MISSHAPEN from that shape (the ratio of the two
# ratios; None: never) may be two touching cards seen as one, and is asked about. 1.22 is the
# 98th percentile of the found cards' ratios on the selection piles (bench/NOTES.md, "A card's
# outline held to a card's shape").
MISSHAPEN: float | None = 1.22
# The photo is looked at mirrored left to right too, each card kept from the surer look: a
# second view of the same pile finds cards the first misses (bench/NOTES.md, "A pile seen
# mirrored too").
MIRRORED = True


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
    # its face was answered in a shape no card has (MISSHAPEN)
    misshapen: bool = False


def decode_cards(maps: np.ndarray, scale: float, threshold: float,
                 size: tuple[int, int] | None = None) -> list[CardFace]:
    """Cards from the network's maps (9, rows, cols) of one image resized by ``scale``: each
    3x3 local maximum of the visible-part score at or above ``threshold``, strongest first,
    a peak dropped where a stronger one is the same card (SAME_FACE, SAME_PART). ``size``
    (w, h): drop parts beyond the photo (its padding)."""
    score, peaks = peaks_of(maps[0], threshold)
    cards: list[CardFace] = []
    for iy, ix in peaks:
        px = ix + float(maps[1, iy, ix])
        py = iy + float(maps[2, iy, ix])
        centre = np.array([px, py]) * STRIDE / scale
        if size is not None and not (0 <= centre[0] < size[0] and 0 <= centre[1] < size[1]):
            continue
        short, long_, angle = face_shape(maps, iy, ix, scale)
        misshapen = MISSHAPEN is not None and bool(
            abs(np.log(long_ / short / HANAFUDA_ASPECT)) > np.log(MISSHAPEN))
        wx = (px + float(maps[7, iy, ix])) * STRIDE / scale
        wy = (py + float(maps[8, iy, ix])) * STRIDE / scale
        quad = _quad(wx, wy, short, long_, angle)
        cards.append(CardFace(quad, centre.astype(np.float32), float(score[iy, ix]),
                              misshapen=misshapen))
    return one_each(cards)


def one_each(cards: list[CardFace]) -> list[CardFace]:
    """``cards`` (strongest first) but a card a stronger one already is: their whole faces
    overlap more than SAME_FACE and their visible parts' centres lie within SAME_PART short
    sides (cards of a stack share a face but each shows its own part)."""
    kept: list[CardFace] = []
    for f in cards:
        near = (SAME_PART * float(np.linalg.norm(f.corners[1] - f.corners[0]))) ** 2
        if not any((c.centre[0] - f.centre[0]) ** 2 + (c.centre[1] - f.centre[1]) ** 2 < near
                   and _overlap(f.corners, c.corners) > SAME_FACE for c in kept):
            kept.append(f)
    return kept


def mirrored_back(cards: list[CardFace], width: int) -> list[CardFace]:
    """Cards found in a photo mirrored left to right (``width`` px wide), placed in the
    photo itself: x mirrored, the corners in TL TR BR BL order again."""
    out = []
    for f in cards:
        corners = f.corners[[1, 0, 3, 2]].copy()
        corners[:, 0] = width - corners[:, 0]
        centre = f.centre.copy()
        centre[0] = width - centre[0]
        out.append(replace(f, corners=corners.astype(np.float32),
                           centre=centre.astype(np.float32)))
    return out


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
    long_ = min(max(2, long_), 16 * side)  # a sliver of a face is measured on a bounded raster
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


def _depth(point: np.ndarray, quad: np.ndarray) -> float:
    """How far ``point`` lies inside ``quad`` (negative: outside), px."""
    import cv2

    return float(cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32),
                                      (float(point[0]), float(point[1])), True))


def visible_band(face: np.ndarray, centre: np.ndarray) -> tuple[float, float, float, float]:
    """The part of ``face`` (TL TR BR BL) that shows, as the rectangle of the face centred on
    the visible part's ``centre`` and reaching the face's nearer edge along each side: a
    cascade's top band, a fan's side band, a heap's corner, the whole face when the centre is
    the face's. Returned as shares of the face, (across from, to, down from, to): it is the
    same band of the photo whichever end of the face the network answered it from, which the
    network tells less surely than where the part lies."""
    tl, tr, bl = face[0], face[1], face[3]
    basis = np.stack([tr - tl, bl - tl], 1).astype(np.float64)
    try:
        a, b = np.clip(np.linalg.solve(basis, np.asarray(centre, np.float64) - tl), 0.0, 1.0)
    except np.linalg.LinAlgError:
        return 0.0, 1.0, 0.0, 1.0
    across = (0.0, 2 * a) if a < 0.5 else (2 * a - 1, 1.0)
    down = (0.0, 2 * b) if b < 0.5 else (2 * b - 1, 1.0)
    return (float(across[0]), float(across[1]), float(down[0]), float(down[1]))


def snap(band: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A band reaching within SNAP_EDGE of a face's edge reaches it: the peak's place is
    answered to a few pixels, and a whole card is not cut for it."""
    a0, a1, b0, b1 = band
    return (0.0 if a0 < SNAP_EDGE else a0, 1.0 if a1 > 1 - SNAP_EDGE else a1,
            0.0 if b0 < SNAP_EDGE else b0, 1.0 if b1 > 1 - SNAP_EDGE else b1)


def shown_share(face: np.ndarray, band: tuple[float, float, float, float],
                frame: tuple[int, int] | None = None, side: int = 48) -> float:
    """The share of ``face`` in its visible ``band`` (``visible_band``) and, with ``frame``
    (the photo's (w, h)), inside the photo."""
    import cv2

    across = max(1e-6, float(np.linalg.norm(face[1] - face[0])))
    long_ = min(16 * side, max(2, int(round(side * np.linalg.norm(face[3] - face[0]) / across))))
    mask = np.zeros((long_, side), np.uint8)
    a0, a1, b0, b1 = band
    mask[int(round(b0 * long_)):int(round(b1 * long_)), int(round(a0 * side)):
         int(round(a1 * side))] = 1
    if frame is not None:
        dst = np.array([[0, 0], [side, 0], [side, long_], [0, long_]], np.float32)
        m = cv2.getPerspectiveTransform(face.astype(np.float32), dst)
        w, h = frame
        photo = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float32)
        inside = np.zeros_like(mask)
        pts = cv2.perspectiveTransform(photo, m).reshape(-1, 2)
        cv2.fillConvexPoly(inside, np.round(pts).astype(np.int32), 1)
        mask &= inside
    return float(mask.mean())


def band_quad(face: np.ndarray, band: tuple[float, float, float, float]) -> np.ndarray:
    """The photo's quad (TL TR BR BL) of ``band`` (shares of ``face``, ``visible_band``)."""
    import cv2

    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    m = cv2.getPerspectiveTransform(unit, face.astype(np.float32))
    a0, a1, b0, b1 = band
    corners = np.array([[[a0, b0]], [[a1, b0]], [[a1, b1]], [[a0, b1]]], np.float32)
    return cv2.perspectiveTransform(corners, m).reshape(4, 2)


def seen_again(cards: list[CardFace], share: float | None = None) -> list[CardFace]:
    """``cards`` but those seen again: a card whose visible part lies, for ``share``
    (SEEN_AGAIN) or more, under the visible parts of surer cards kept. Each part of a photo
    shows one card, so the visible parts of two cards do not overlap; a peak whose part the
    others' parts already show is one of them answered twice (a second outline over a card,
    or one across two cards laid side by side)."""
    share = SEEN_AGAIN if share is None else share
    if share > 1.0 or len(cards) < 2:
        return cards
    quads = [band_quad(c.corners, snap(visible_band(c.corners, c.centre))) for c in cards]
    # a part answered outside its face has no width: nothing to judge it by, so it is kept
    judged = [min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[3] - q[0])) >= 1.0
              for q in quads]
    meet = _boxes_meet(quads)
    kept: list[int] = []
    for i in sorted(range(len(cards)), key=lambda k: -cards[k].score):
        # only the kept parts whose boxes meet this one's can lie over it
        near = [quads[k] for k in kept if judged[k] and meet(k, i)]
        if not judged[i] or not near or covered_share(quads[i], near) < share:
            kept.append(i)
    return [cards[i] for i in sorted(kept)]


def _boxes_meet(quads: Sequence[np.ndarray]) -> Callable[[int, int], bool]:
    """Whether the boxes of quads ``i`` and ``j`` meet (touching counts): the cheap test
    before measuring how two quads overlap, with plain floats."""
    lo = [q.min(0).tolist() for q in quads]
    hi = [q.max(0).tolist() for q in quads]
    return lambda i, j: (lo[i][0] <= hi[j][0] and lo[j][0] <= hi[i][0]
                         and lo[i][1] <= hi[j][1] and lo[j][1] <= hi[i][1])


def layer(cards: list[CardFace]) -> list[CardFace]:
    """Which card lies over which, and the share of each face left in view. Of two cards
    whose faces overlap, the upper one is the one whose visible part lies on the other's face
    (a visible part lies under no card); where each does (a face answered a little large),
    the one lying deeper inside the other's. Two cards whose faces lie almost one on the
    other (SAME_PLACE) with each part on the other's face are ``tangled``: one card seen as
    two, or two lying exactly as one would, and the photo is asked about."""
    above: list[list[int]] = [[] for _ in cards]
    tangled: list[list[int]] = [[] for _ in cards]
    meet = _boxes_meet([c.corners for c in cards])
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            if not meet(i, j):
                continue  # boxes apart: the faces do not meet
            b = cards[j]
            overlap = _overlap(a.corners, b.corners)
            if overlap <= 0.02:
                continue
            b_in_a, a_in_b = _depth(b.centre, a.corners), _depth(a.centre, b.corners)
            if b_in_a > 0 and a_in_b > 0 and overlap >= SAME_PLACE:
                tangled[i].append(j)
                tangled[j].append(i)
            elif b_in_a > 0 and b_in_a >= a_in_b:
                above[i].append(j)
            elif a_in_b > 0:
                above[j].append(i)
    out = []
    for i, c in enumerate(cards):
        share = covered_share(c.corners, [cards[j].corners for j in above[i]]) if above[i] \
            else 0.0
        out.append(replace(c, above=tuple(above[i]), fraction=1.0 - share,
                           tangled=tuple(tangled[i])))
    return out


# A pile photographed from far: where the cards found at the detector's input size come out
# narrower than CLOSER_TO px (short side), the pile is looked at again in a crop of its own,
# CLOSER_MARGIN card long sides around the cards found, seen so that its cards come out
# CLOSER_TO px wide (the network learned cards of about 25 to 110 px,
# ``training.detector.CARD_SCALE_RANGE``), at most CLOSER_MAX_SIDE px (the time of a 12 MP
# photo). Chosen on the selection piles (bench/NOTES.md, "A pile seen closer").
CLOSER_TO = 48
CLOSER_MARGIN = 0.5
CLOSER_MAX_SIDE = 1024
# A few cards photographed close: where they come out wider than FURTHER_ABOVE times
# FURTHER_TO px, the whole photo is looked at again seen smaller, so that they come out
# FURTHER_TO px wide. None: never. Chosen on the selection piles of 2-6 cards (bench/NOTES.md,
# "A few cards seen from further"; of 64, 80 and 96).
FURTHER_TO: int | None = 64
FURTHER_ABOVE = 1.25


def second_look(detector: CardDetector, image: np.ndarray) -> list[CardFace]:
    """The cards ``detector`` finds in ``image``, looked at closer where they come out small
    at its input size (CLOSER_TO), from further where they come out large (FURTHER_TO): the
    second look's cards replace the first's (if it finds any). A detector already seeing
    photos at a size of its caller's (``seeing``, a table's pile crops) looks once."""
    found = detector.detect(image)
    if not found or detector.long_side is not None:
        return found
    ih, iw = image.shape[:2]
    short = float(np.median([np.linalg.norm(f.corners[1] - f.corners[0]) for f in found]))
    seen = detector.input_side / max(ih, iw)  # input px a photo px
    if FURTHER_TO is not None and short * seen > FURTHER_ABOVE * FURTHER_TO:
        side = 32 * max(1, round(max(ih, iw) * FURTHER_TO / short / 32))
        further = cast(CardDetector, detector.seeing(side)).detect(image)
        return further or found
    if short * seen >= CLOSER_TO:
        return found
    corners = np.concatenate([f.corners for f in found])
    margin = CLOSER_MARGIN * short * HANAFUDA_ASPECT
    x0, y0 = np.maximum(corners.min(0) - margin, 0).astype(int)
    x1, y1 = np.minimum(corners.max(0) + margin + 1, (iw, ih)).astype(int)
    side = min(CLOSER_MAX_SIDE,
               32 * int(np.ceil(max(x1 - x0, y1 - y0) * CLOSER_TO / short / 32)))
    if side <= detector.input_side and (x1 - x0, y1 - y0) == (iw, ih):
        return found  # the pile fills the photo: the first look was the closest
    crop = np.ascontiguousarray(image[y0:y1, x0:x1])
    shift = np.array([x0, y0], np.float32)
    closer = [replace(f, corners=(f.corners + shift).astype(np.float32), centre=f.centre + shift)
              for f in cast(CardDetector, detector.seeing(side)).detect(crop)]
    return closer or found  # nothing seen closer: what the first look saw is all there is


class CardDetector(TileDetector):
    """The shipped card detector (verified against the manifest), or the ONNX file at
    ``path``; ``detect`` answers layered cards."""

    model = CARD_DETECTOR_MODEL
    working_side = WORKING_SIDE
    # Pale cards on pale tables show their edges to it with local contrast equalised: on
    # the one-deck selection piles it found 0.839 -> 0.878 of the cards (bench/NOTES.md,
    # "The card detector's look with local contrast").
    equalise = True

    def detect(self, image: np.ndarray,  # type: ignore[override]
               threshold: float | None = None, mirrored: bool | None = None
               ) -> list[CardFace]:
        """The layered cards of ``image``; ``mirrored`` (default MIRRORED): also looked at
        mirrored (twice the time, for cards that are read; a look that only places piles
        does without)."""
        threshold = self.threshold if threshold is None else threshold
        found = self._decoded(image, threshold)
        # the same pile seen mirrored: one card once, from the surer look
        if MIRRORED if mirrored is None else mirrored:
            again = mirrored_back(self._decoded(np.ascontiguousarray(image[:, ::-1]),
                                                threshold), image.shape[1])
            found = one_each(sorted(found + again, key=lambda f: -f.score))
        return layer(seen_again(found))

    def _decoded(self, image: np.ndarray, threshold: float) -> list[CardFace]:
        maps, scale, size = self.raw(image)
        return decode_cards(maps, scale, threshold, size)
