"""One photo of the whole table: the recognised cards split into the players' piles.

At the end of a hand each player's captured pile (or hand and melds) lies before their seat,
with bare table between the piles. :func:`split` cuts a :class:`PhotoResult` where the table
between its cards is wide (``TABLE_GAP``): the minimum spanning tree of the gaps between the
cards' outlines, cut at every edge that long. Piles laid touching are never cut by guess:
where the seats stated ask for more piles than the table shows apart, the pile that would
have to be cut is marked ``touching`` and the confirm step asks about it.

:func:`parse_seats` reads who sits where (``"Ana:bottom,Bo:top"``, or bare names clockwise
from the bottom); :func:`assign` gives each pile to the stated seat on its side of the photo.
Pure numpy: no OpenCV, no model (the pipeline has already read the cards).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from scorer.errors import UserError

if TYPE_CHECKING:
    from scorer.vision.pipeline import PhotoResult, RecognizedCard
    from scorer.vision.tiles import TileDetector

SCHEMA = "scorer.table/1"
# The sides of the photo, clockwise from the bottom as the photo shows the table from above.
SIDES = ("bottom", "left", "top", "right")
# The side words a user may type, both languages, to the side they name.
SIDE_WORDS = {
    "bottom": "bottom", "top": "top", "left": "left", "right": "right",
    "abajo": "bottom", "arriba": "top", "izquierda": "left", "derecha": "right",
}
# Bare names sit clockwise from the bottom; two players sit across the table from each other.
SEATING = {1: ("bottom",), 2: ("bottom", "top"), 3: ("bottom", "left", "top"),
           4: SIDES}
# Two piles are apart where the table between their outlines is at least this many of a
# card's (tile's) long side. Within one pile the generated layouts lay groups up to 0.6 card
# widths apart (piles._layout: 0.37 long sides) and mahjong rows up to 0.8 tile heights
# (scenes.tile_rows_scene row_gap), melds up to 0.8 tile widths; players' piles lie a card's
# length apart or more (docs/photos.md, "A photo of the whole table").
TABLE_GAP = 1.0


class TableError(UserError, ValueError):
    """A table photo that cannot be scored as stated: bad ``--seats``, piles that touch,
    a pile number out of range. ``key``/``params``: the catalog message, for any language."""

    def __init__(self, key: str, **params: Any) -> None:
        from scorer.i18n import t

        super().__init__(t(key, "en", **params))
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Seat:
    """A player and the side of the photo their pile lies on."""

    name: str
    side: str


def parse_seats(text: str) -> list[Seat]:
    """``"Ana:bottom,Bo:top"`` (each player and side) or ``"Ana,Bo,Cy"`` (bare names,
    clockwise from the bottom: two sit across, three take bottom, left, top). Every bad
    entry is named, with its place in the list and what was expected."""
    entries = [e.strip() for e in text.split(",")]
    if not text.strip():
        raise TableError("table.seats.empty")
    named = [":" in e for e in entries]
    if any(named) and not all(named):  # the first entry unlike the first one
        at = named.index(not named[0]) + 1
        raise TableError("table.seats.mixed", token=repr(entries[at - 1]), at=at)
    if not any(named):
        if len(entries) > len(SIDES):
            raise TableError("table.seats.too-many", n=len(entries), most=len(SIDES))
        seats = [Seat(n, s) for n, s in zip(entries, SEATING[len(entries)], strict=False)]
    else:
        seats = []
        for at, entry in enumerate(entries, start=1):
            name, _, side = (p.strip() for p in entry.partition(":"))
            said = SIDE_WORDS.get(side.lower())
            if said is None:
                raise TableError("table.seats.bad-side", token=repr(side), entry=repr(entry),
                                 at=at, sides=", ".join(SIDES))
            seats.append(Seat(name, said))
    for at, seat in enumerate(seats, start=1):
        if not seat.name:
            raise TableError("table.seats.no-name", entry=repr(entries[at - 1]), at=at)
    problems = []
    for a, b in itertools.combinations(range(len(seats)), 2):
        if seats[a].name.casefold() == seats[b].name.casefold():
            problems.append(("name", seats[a].name, a + 1, b + 1))
        elif seats[a].side == seats[b].side:
            problems.append(("side", seats[a].side, a + 1, b + 1))
    if problems:
        kind, token, a, b = problems[0]
        raise TableError(f"table.seats.same-{kind}", token=repr(token), a=a, b=b)
    return seats


# ---------------------------------------------------------------- splitting


@dataclass
class Pile:
    """One group of cards separated from the others by table. ``cards``, ``backs``,
    ``hidden``: indexes into the photo result's lists; ``box``: x0, y0, x1, y1 in the photo's
    pixels; ``side``: the nearest side of the photo; ``touching``: it may be two players'
    piles laid touching (asked about, never split)."""

    cards: list[int]
    backs: list[int] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    side: str = "bottom"
    player: str | None = None
    touching: bool = False

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def size(self) -> int:
        return len(self.cards) + len(self.backs) + len(self.hidden)


def _gaps(quads: np.ndarray, beyond: float = np.inf) -> np.ndarray:
    """The table between each pair of outlines (n, 4, 2): the least distance from a corner
    of one to an edge of the other, 0 where they overlap (a corner or centre inside). Pairs
    whose boxes lie ``beyond`` apart or more are given the distance between their boxes
    instead (less than or equal to theirs, and as far past ``beyond``), not worked out."""
    n = len(quads)
    lo, hi = quads.min(1), quads.max(1)                          # (n, 2) each box
    apart = np.maximum(0.0, np.maximum(lo[None] - hi[:, None], lo[:, None] - hi[None]))
    gap = np.hypot(apart[..., 0], apart[..., 1])                 # between the boxes
    ii, jj = np.nonzero(np.triu(gap < beyond, 1))
    if len(ii):
        gap[ii, jj] = _pair_gaps(quads[ii], quads[jj])
        gap[jj, ii] = gap[ii, jj]
    np.fill_diagonal(gap, 0.0)
    return gap if n else np.zeros((0, 0))


def _pair_gaps(qa: np.ndarray, qb: np.ndarray) -> np.ndarray:
    """The table between outlines ``qa[k]`` and ``qb[k]`` (p, 4, 2) each, as ``_gaps``."""

    def corner_to_edges(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        s0 = b[:, None, :, :]                                     # (p, 1, 4, 2) edges of b
        d = np.roll(b, -1, axis=1)[:, None, :, :] - s0
        rel = a[:, :, None, :] - s0                               # (p, 4, 4, 2)
        t = np.clip((rel * d).sum(-1) / np.maximum((d * d).sum(-1), 1e-9), 0.0, 1.0)
        return np.linalg.norm(rel - t[..., None] * d, axis=-1).min(axis=(1, 2))

    def any_inside(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        pts = np.concatenate([a, a.mean(1, keepdims=True)], axis=1)[:, :, None, :]
        s0 = b[:, None, :, :]
        d = np.roll(b, -1, axis=1)[:, None, :, :] - s0
        cross = d[..., 0] * (pts[..., 1] - s0[..., 1]) - d[..., 1] * (pts[..., 0] - s0[..., 0])
        return ((cross >= 0).all(-1) | (cross <= 0).all(-1)).any(-1)

    gap = np.minimum(corner_to_edges(qa, qb), corner_to_edges(qb, qa))
    gap[any_inside(qa, qb) | any_inside(qb, qa)] = 0.0
    return gap


def _tree(gap: np.ndarray) -> list[tuple[float, int, int]]:
    """The minimum spanning tree of a dense gap matrix (Prim): (gap, i, j) edges."""
    n = len(gap)
    seen = np.zeros(n, bool)
    seen[0] = True
    best, parent = gap[0].copy(), np.zeros(n, int)
    edges = []
    for _ in range(n - 1):
        cand = np.where(seen, np.inf, best)
        j = int(np.argmin(cand))
        edges.append((float(gap[parent[j], j]), int(parent[j]), j))
        seen[j] = True
        closer = gap[j] < best
        best[closer], parent[closer] = gap[j][closer], j
    return edges


def _components(n: int, edges: list[tuple[float, int, int]]) -> list[int]:
    up = list(range(n))

    def root(i: int) -> int:
        while up[i] != i:
            up[i] = up[up[i]]
            i = up[i]
        return i

    for _, i, j in edges:
        up[root(i)] = root(j)
    names: dict[int, int] = {}
    return [names.setdefault(root(i), len(names)) for i in range(n)]


def long_side(cards: list[RecognizedCard]) -> float:
    """The median long side of the outlines: the unit of the table's gaps."""
    sides = [max(float(np.linalg.norm(c.corners[1] - c.corners[0])),
                 float(np.linalg.norm(c.corners[3] - c.corners[0]))) for c in cards]
    return float(np.median(sides)) if sides else 1.0


def nearest_side(x: float, y: float, width: int, height: int) -> str:
    return min(SIDES, key=lambda s: _side_distance(s, x, y, width, height))


def _side_distance(side: str, x: float, y: float, width: int, height: int) -> float:
    """How far a point lies from a side of the photo, as a share of the photo across it."""
    fx, fy = x / max(width, 1), y / max(height, 1)
    return {"bottom": 1 - fy, "top": fy, "left": fx, "right": 1 - fx}[side]


def split(result: PhotoResult, players: int | None = None) -> list[Pile]:
    """The piles of a table photo in reading order of their centres (top to bottom, then
    left to right): pile 1 is the one highest in the photo.

    ``players``: the piles the seats stated expect. Where the table shows fewer apart, the
    piles holding the longest of the short gaps are marked ``touching`` (each may be two
    piles laid together): never cut."""
    items: list[tuple[str, int, RecognizedCard]] = (
        [("cards", i, c) for i, c in enumerate(result.cards)]
        + [("backs", i, c) for i, c in enumerate(result.backs)]
        + [("hidden", i, c) for i, c in enumerate(result.hidden)])
    if not items:
        return []
    quads = np.array([np.asarray(c.corners, np.float64) for _, _, c in items])
    unit = long_side([c for _, _, c in items])
    # pairs whose boxes lie a table's gap apart are apart whatever their outlines
    edges = _tree(_gaps(quads, TABLE_GAP * unit) / unit) if len(items) > 1 else []
    kept = [e for e in edges if e[0] < TABLE_GAP]
    label = _components(len(items), kept)
    piles: dict[int, Pile] = {}
    for (kind, i, _), g in zip(items, label, strict=True):
        getattr(piles.setdefault(g, Pile([])), kind).append(i)
    touching: set[int] = set()
    if players is not None and len(piles) < players:
        for _, i, _j in sorted(kept, reverse=True)[:players - len(piles)]:
            touching.add(label[i])
    out = []
    for g, pile in piles.items():
        pts = quads[[k for k, lab in enumerate(label) if lab == g]].reshape(-1, 2)
        x0, y0 = pts.min(0)
        x1, y1 = pts.max(0)
        pile.box = (float(x0), float(y0), float(x1), float(y1))
        pile.side = nearest_side(*pile.centre, result.width, result.height)
        pile.touching = g in touching
        out.append(pile)
    out.sort(key=lambda p: (p.centre[1], p.centre[0]))
    return out


def _box_gap(a: Pile, b: Pile) -> float:
    """The distance between two piles' boxes (0 where they overlap)."""
    dx = max(0.0, b.box[0] - a.box[2], a.box[0] - b.box[2])
    dy = max(0.0, b.box[1] - a.box[3], a.box[1] - b.box[3])
    return float(np.hypot(dx, dy))


def assign(piles: list[Pile], seats: list[Seat], width: int, height: int) -> list[str]:
    """Give each pile to a stated seat (``pile.player``), the arrangement that puts the
    piles nearest their seats' sides; the largest piles first take one seat each, any others
    (a card or group left apart, or cut off where the detector missed the cards between) go
    to the player of the nearest of those. Returns the names of seats left without a pile."""
    if not seats:
        return []
    order = sorted(range(len(piles)), key=lambda i: -piles[i].size)
    first, rest = order[:len(seats)], order[len(seats):]

    def far(i: int, seat: Seat) -> float:
        return _side_distance(seat.side, *piles[i].centre, width, height)

    best = min(itertools.permutations(seats, len(first)),
               key=lambda perm: sum(far(i, s) for i, s in zip(first, perm, strict=True)))
    for i, seat in zip(first, best, strict=True):
        piles[i].player = seat.name
    for i in rest:
        piles[i].player = piles[min(first, key=lambda j: _box_gap(piles[i], piles[j]))].player
    given = {p.player for p in piles}
    return [s.name for s in seats if s.name not in given]


# ---------------------------------------------------------------- the table


@dataclass
class TableResult:
    """A table photo's piles and who each is given to; ``photo`` holds every card read."""

    photo: PhotoResult
    piles: list[Pile]
    seats: list[Seat] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    empty_seats: list[str] = field(default_factory=list)

    @property
    def asked(self) -> list[int]:
        """Piles (1-based) that may be two players' piles laid touching."""
        return [n for n, p in enumerate(self.piles, start=1) if p.touching]

    def swap(self, a: int, b: int) -> None:
        """Exchange the players of piles ``a`` and ``b`` (numbered from 1 as shown)."""
        for n in (a, b):
            if not 1 <= n <= len(self.piles):
                raise TableError("table.swap.no-pile", n=n, piles=len(self.piles))
        pa, pb = self.piles[a - 1], self.piles[b - 1]
        pa.player, pb.player = pb.player, pa.player
        self.empty_seats = [s.name for s in self.seats
                            if s.name not in {p.player for p in self.piles}]

    def give(self, pile: int, player: str) -> None:
        """Give pile ``pile`` (from 1) to the seated ``player``."""
        if not 1 <= pile <= len(self.piles):
            raise TableError("table.swap.no-pile", n=pile, piles=len(self.piles))
        names = {s.name.casefold(): s.name for s in self.seats}
        if player.casefold() not in names:
            raise TableError("table.give.no-player", player=repr(player),
                             players=", ".join(s.name for s in self.seats))
        self.piles[pile - 1].player = names[player.casefold()]
        self.empty_seats = [s.name for s in self.seats
                            if s.name not in {p.player for p in self.piles}]

    def player_photo(self, player: str) -> PhotoResult:
        """The cards of every pile given to ``player`` as a photo result of their own (for
        the confirm step and the notation), laid out again as that pile alone."""
        mine = [p for p in self.piles if p.player == player]
        return self._subset(mine, f"{self.photo.image} [{player}]")

    def pile_photo(self, n: int) -> PhotoResult:
        return self._subset([self.piles[n - 1]], f"{self.photo.image} [pile {n}]")

    def _subset(self, piles: list[Pile], name: str) -> PhotoResult:
        photo = self.photo
        sub = replace(photo, image=name,
                      cards=[replace(photo.cards[i]) for p in piles for i in sorted(p.cards)],
                      backs=[replace(photo.backs[i]) for p in piles for i in sorted(p.backs)],
                      hidden=[replace(photo.hidden[i]) for p in piles
                              for i in sorted(p.hidden)],
                      warnings=[])
        from scorer.decks import DECKS

        deck = DECKS.get(photo.game)
        if deck is not None and deck.rows:
            regroup(sub)
        return sub

    def annotate(self, image: np.ndarray) -> np.ndarray:
        """The photo's outlines and labels (``PhotoResult.annotate``) with each pile's box
        and number and the player it is given to; piles asked about in red."""
        import cv2

        scale = image.shape[1] / max(1, self.photo.width)  # the image may be a reduced copy
        photo = self.photo
        out = replace(photo, cards=[replace(c, corners=c.corners * scale) for c in photo.cards],
                      backs=[replace(c, corners=c.corners * scale) for c in photo.backs],
                      hidden=[replace(c, corners=c.corners * scale) for c in photo.hidden]
                      ).annotate(image)
        thick = max(3, int(round(3 * max(out.shape[:2]) / 1000)))
        for n, pile in enumerate(self.piles, start=1):
            x0, y0, x1, y1 = (int(round(v * scale)) for v in pile.box)
            colour = (0, 0, 255) if pile.touching else (255, 160, 0)
            cv2.rectangle(out, (x0, y0), (x1, y1), colour, thick)
            label = f"{n} {pile.player or pile.side}"
            font = thick / 2
            (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font, thick)
            y = max(th + base, y0)
            cv2.rectangle(out, (x0, y - th - base), (x0 + tw, y), colour, -1)
            cv2.putText(out, label, (x0, y - base), cv2.FONT_HERSHEY_SIMPLEX, font,
                        (255, 255, 255), max(1, thick // 2), cv2.LINE_AA)
        return out

    def to_json(self) -> dict[str, Any]:
        photo = self.photo.to_json()
        return {
            "schema": SCHEMA,
            "image": self.photo.image,
            "game": self.photo.game,
            "width": self.photo.width,
            "height": self.photo.height,
            "seats": [{"name": s.name, "side": s.side} for s in self.seats],
            "piles": [{
                "pile": n,
                "player": p.player,
                "side": p.side,
                "touching": p.touching,
                "box": [round(v, 1) for v in p.box],
                "cards": sorted(p.cards),
                "backs": len(p.backs),
                "hidden": len(p.hidden),
            } for n, p in enumerate(self.piles, start=1)],
            "empty_seats": list(self.empty_seats),
            "photo": photo,
            "warnings": list(self.warnings),
        }


def regroup(sub: PhotoResult) -> None:
    """Rows and groups of one player's tiles, found again from their outlines alone (the
    whole photo's rows run across every player's), the largest group first: a hand's
    concealed tiles outnumber any meld, whichever side of the melds they lie."""
    from scorer.vision import detect
    from scorer.vision.pipeline import pieces_of, rows_and_groups

    cards = sub.cards + sub.backs
    if not cards:
        return
    found = [detect.Found(np.asarray(c.corners, np.float32), 1.0) for c in cards]
    found = pieces_of(found, [1.0] * len(found))
    height = float(np.median([np.linalg.norm(c.corners[3] - c.corners[0]) for c in cards]))
    places = rows_and_groups(found, height)
    sizes: dict[tuple[int, int], int] = {}
    for r, g, _ in places:
        sizes[(r, g)] = sizes.get((r, g), 0) + 1
    hand = max(sizes, key=lambda k: (sizes[k], -k[0], -k[1]))
    keyed = []
    for card, (r, g, along) in zip(cards, places, strict=True):
        card.row, card.group = (0, 0) if (r, g) == hand else (r + 1, g)
        keyed.append(((card.row, card.group, along), card))
    order = {id(c): k for k, c in keyed}
    sub.cards.sort(key=lambda c: order[id(c)])


# Each pile is read again in a crop of its own, this many card long sides around its box:
# the detector sees every photo at 512 px, where a table's cards are a third to a half the
# size of one pile's photo's (bench/table_photos.py; bench/NOTES.md, "Table photos").
CLOSER_MARGIN = 0.5


def nearest_piles(points: np.ndarray, outlines: list[np.ndarray]) -> np.ndarray:
    """The pile (index into ``outlines``, each pile's card outlines (n, 4, 2)) nearest each
    of ``points`` (m, 2): the least distance from the point to any of its cards' outlines, 0
    inside one. Players' piles lie a card's length apart (``TABLE_GAP``), so a card of one
    pile is far nearer its own pile's outlines than any other's, wherever the crops around
    them overlap."""
    quads = np.concatenate(outlines)                                # (n, 4, 2)
    owner = np.repeat(np.arange(len(outlines)), [len(q) for q in outlines])
    d = np.roll(quads, -1, axis=1) - quads                          # each edge
    rel = np.asarray(points, np.float64)[:, None, None, :2] - quads  # (m, n, 4, 2)
    t = np.clip((rel * d).sum(-1) / np.maximum((d * d).sum(-1), 1e-9), 0.0, 1.0)
    dist = np.linalg.norm(rel - t[..., None] * d, axis=-1).min(-1)  # (m, n)
    cross = d[..., 0] * rel[..., 1] - d[..., 1] * rel[..., 0]
    dist[(cross >= 0).all(-1) | (cross <= 0).all(-1)] = 0.0        # inside the outline
    return owner[np.argmin(dist, axis=1)]


def _seeing(detector: TileDetector, crop_side: int, short: float) -> TileDetector:
    """The detector seeing a pile's crop (long side ``crop_side``, its cards' short side
    ``short``, decoded px) at its input size, or where its cards come out at the detector's
    ``working_side`` if that is smaller: a lone card's crop is not enlarged to the input
    size, its card wider than any the network learned, at a whole photo's cost. Seen at a
    size of the table's choosing, the crop is looked at once (``cards.second_look``)."""
    if detector.working_side is None or short <= 0:
        return detector
    side = 32 * math.ceil(crop_side * detector.working_side / short / 32)
    return detector.seeing(min(side, detector.input_side))


def recognize_table(image: np.ndarray, deck: str, classifier: Any, *,
                    seats: list[Seat] | None = None, name: str = "",
                    width: int | None = None, height: int | None = None) -> TableResult:
    """A table photo read pile by pile: the outlines of the whole photo say where the piles
    lie (``split``); each pile is then recognised in its own crop (corners in the photo's
    pixels, as ``recognize_array`` gives them; ``_seeing``), and the piles given to
    ``seats``.

    Crops around neighbouring piles may overlap: a card read in a pile's crop is kept only
    where that pile is the nearest to it (``nearest_piles``), so it is kept once, from the
    crop of the pile it lies in. Cards of one pile that overlap are all kept (a pile
    overlaps by design): the detector has already told them apart in that crop. The piles
    are one deck's: a card read more often across them than the deck holds is asked about
    (``pipeline.within_the_deck``)."""
    from scorer.vision.pipeline import (
        WHOLE_PHOTO_TILE,
        PhotoResult,
        RecognizedCard,
        outlines,
        recognize_array,
        shipped_detector_of,
        within_the_deck,
    )

    seats = list(seats or [])
    ih, iw = image.shape[:2]
    ow, oh = width or iw, height or ih
    detector = shipped_detector_of(deck)
    # The first look only needs where the cards lie: outlines, none cropped or read.
    faces = outlines(image, deck, detector)
    first = PhotoResult(name, deck, ow, oh, cards=[
        RecognizedCard("unread", 1.0, (np.asarray(c) * (ow / iw)).astype(np.float32))
        for c in faces])
    found = split(first, len(seats) or None)
    if len(found) <= 1:
        return read_table(recognize_array(image, deck, classifier, name=name, width=ow,
                                          height=oh), seats)
    scale = iw / ow  # decoded pixels per photo pixel
    margin = CLOSER_MARGIN * long_side(first.cards)
    piles = [np.array([first.cards[i].corners for i in pile.cards], np.float64)
             for pile in found]
    merged = PhotoResult(name, deck, ow, oh)
    for k, pile in enumerate(found):
        x0, y0, x1, y1 = pile.box
        a0, b0 = max(0, int((x0 - margin) * scale)), max(0, int((y0 - margin) * scale))
        a1, b1 = min(iw, int((x1 + margin) * scale) + 1), min(ih, int((y1 + margin) * scale) + 1)
        short = scale * float(np.median(np.linalg.norm(piles[k][:, 1] - piles[k][:, 0],
                                                       axis=-1)))
        part = recognize_array(np.ascontiguousarray(image[b0:b1, a0:a1]), deck, classifier,
                               name=name, width=round((a1 - a0) / scale),
                               height=round((b1 - b0) / scale),
                               detector=_seeing(detector, max(a1 - a0, b1 - b0), short))
        if WHOLE_PHOTO_TILE in part.warnings:
            continue
        shift = np.array([a0 / scale, b0 / scale], np.float32)
        read = [(kind, card) for kind in ("cards", "backs", "hidden")
                for card in getattr(part, kind)]
        for _, card in read:
            card.corners = (card.corners + shift).astype(np.float32)
        # a card of a neighbour reaching into the crop is kept from its own pile's
        owner = (nearest_piles(np.array([c.corners.mean(0) for _, c in read]), piles)
                 if read else np.zeros(0, int))
        for (kind, card), j in zip(read, owner, strict=True):
            if j == k:
                getattr(merged, kind).append(card)
        merged.warnings += [w for w in part.warnings if w not in merged.warnings]
    # the table's piles are one deck's: a card read in two piles more often than it holds
    # it is asked about, as within one pile
    within_the_deck(merged)
    merged.warnings = list(dict.fromkeys(merged.warnings))
    return read_table(merged, seats)


def read_table(result: PhotoResult, seats: list[Seat] | None = None) -> TableResult:
    """Split a recognised photo into piles and give them to ``seats`` (none: each pile is
    named by its side only)."""
    seats = list(seats or [])
    piles = split(result, len(seats) or None)
    table = TableResult(result, piles, seats, list(result.warnings))
    table.empty_seats = assign(piles, seats, result.width, result.height)
    return table
