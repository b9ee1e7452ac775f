"""Classical Chinese mahjong scoring of one player's tiles: sets, pairs, doublings, the limit.

Pure: no I/O. Every value comes from a preset (``scorer/games/presets/mahjong/*.toml``,
each quoting seed 002). A player's score is::

    (points of the sets and pairs + bonus tiles + 10 for going out) x each doubling
    -> at most the limit (300) -> a special win (300, 150) when it applies

Scoring pieces are small units registered by rule id: :data:`SET_UNITS` score one set,
:data:`DOUBLINGS` look at the whole hand. The winner's concealed tiles are read every way
they split into sets and a pair (:mod:`scorer.games.mahjong_split`); each reading is scored
and the best kept, the others reported beside it.
"""

from __future__ import annotations

from collections.abc import Callable

from scorer._typing import TYPE_CHECKING
from scorer.explain import Line, Multiplier, Note
from scorer.games.mahjong_split import Reading, counts_of, readings, tile_id

if TYPE_CHECKING:
    from typing import NamedTuple

    from scorer.games.rules import Rules
else:  # the same class syntax, built without typing's per-field checks (start-up time)
    from scorer._tuples import NamedTuple

WINDS = ("east", "south", "west", "north")
EAST_Z = 27  # index of 1z (East); winds 27-30, dragons 31-33


class SetView(NamedTuple):
    """One set as scored: a chow, pung, kong or pair; exposed or concealed."""

    kind: str  # "chow" | "pung" | "kong" | "pair"
    tile: int  # the lowest tile's index
    exposed: bool
    declared: bool = False  # written as a meld: (...) or [...]
    on_discard: bool = False  # completed by the winning discard

    def tiles(self) -> tuple[str, ...]:
        if self.kind == "chow":
            return tuple(tile_id(self.tile + k) for k in range(3))
        n = {"pung": 3, "kong": 4, "pair": 2}[self.kind]
        return (tile_id(self.tile),) * n

    def text(self) -> str:
        body = "".join(t[0] for t in self.tiles()) + tile_id(self.tile)[1]
        if self.declared:
            return f"({body})" if self.exposed else f"[{body}]"
        return body + ("*" if self.on_discard else "")  # *: the set the winning discard made


class Seat(NamedTuple):
    """The facts of the hand one player's score depends on."""

    seat: str  # east | south | west | north
    prevailing: str
    winner: bool = False
    on_discard: bool = False  # the winner went out on a discard
    winning_tile: int | None = None
    special: str | None = None  # "first-draw" | "first-discard" (winner only)


class Params(NamedTuple):
    """The rule values scoring reads, looked up once per rule set."""

    table: dict[tuple[str, bool, str], int]  # (pung|kong, exposed, class) -> points
    pair_dragon: int
    pair_wind: int
    pair_winds: str  # "any" | "seat-prevailing"
    out: int
    wind_doubles: str  # "seat" | "seat-prevailing"
    factors: dict[str, int]
    one_suit_honours: str  # "pair-only" | "any"
    bonus_points: int
    discard_completes: str  # "concealed" | "exposed"
    limit: int
    specials: dict[str, int]
    special_score: str  # "higher" | "replace"


_PARAMS: dict[int, tuple[Rules, Params]] = {}
CLASSES = ("simple", "terminal", "wind", "dragon")


def params(rules: Rules) -> Params:
    hit = _PARAMS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    table = {
        (kind, side == "exposed", cls): rules.num(f"{kind}.{side}.{cls}")
        for kind in ("pung", "kong")
        for side in ("exposed", "concealed")
        for cls in CLASSES
    }
    out = Params(
        table=table,
        pair_dragon=rules.num("pair.dragon"),
        pair_wind=rules.num("pair.wind"),
        pair_winds=rules.text("pair.winds"),
        out=rules.num("out.points"),
        wind_doubles=rules.text("double.winds"),
        factors={
            "double.own-wind": rules.num("double.own_wind"),
            "double.prevailing-wind": rules.num("double.prevailing_wind"),
            "double.dragon": rules.num("double.dragon"),
            "double.one-suit-honours": rules.num("double.one_suit_honours"),
            "double.pure-suit": rules.num("double.pure_suit"),
            "double.own-bonus": rules.num("bonus.own_factor"),
            "double.bonus-set": rules.num("bonus.set_factor"),
        },
        one_suit_honours=rules.text("double.one_suit_honours_allows"),
        bonus_points=rules.num("bonus.points"),
        discard_completes=rules.text("discard.completes"),
        limit=rules.num("limit"),
        specials={
            "first-draw": rules.num("special.first_draw"),
            "first-discard": rules.num("special.first_discard"),
        },
        special_score=rules.text("special.score"),
    )
    if len(_PARAMS) > 64:
        _PARAMS.clear()
    _PARAMS[id(rules)] = (rules, out)
    return out


def tile_class(i: int) -> str:
    if i >= EAST_Z + 4:
        return "dragon"
    if i >= EAST_Z:
        return "wind"
    return "terminal" if i % 9 in (0, 8) else "simple"


def wind_of(i: int) -> str | None:
    return WINDS[i - EAST_Z] if EAST_Z <= i < EAST_Z + 4 else None


# -- set units: one small function per kind of set, registered by kind ---------------------
SetUnit = Callable[[SetView, Seat, Params], Line]
SET_UNITS: dict[str, SetUnit] = {}


def _set_unit(kind: str) -> Callable[[SetUnit], SetUnit]:
    def register(fn: SetUnit) -> SetUnit:
        SET_UNITS[kind] = fn
        return fn

    return register


def _params_of(s: SetView) -> tuple[tuple[str, object], ...]:
    return (("set", s.text().rstrip("*")), ("exposed", s.exposed))


def _counts_exposed(s: SetView, p: Params) -> bool:
    """A concealed pung the winning discard completed counts as exposed where the rules say."""
    return s.exposed or (s.on_discard and p.discard_completes == "exposed")


@_set_unit("pung")
@_set_unit("kong")
def _pung_or_kong(s: SetView, seat: Seat, p: Params) -> Line:
    exposed = _counts_exposed(s, p)
    cls = tile_class(s.tile)
    side = "exposed" if exposed else "concealed"
    detail = f"= ({s.text()[:-1]})" if exposed and not s.exposed else ""  # counts as exposed
    return Line(f"{s.kind}.{side}.{cls}", s.tiles(), p.table[(s.kind, exposed, cls)], detail,
                _params_of(s))


@_set_unit("chow")
def _chow(s: SetView, seat: Seat, p: Params) -> Line:
    side = "exposed" if s.exposed else "concealed"
    return Line(f"chow.{side}", s.tiles(), 0, "", _params_of(s))  # a run scores nothing


@_set_unit("pair")
def _pair(s: SetView, seat: Seat, p: Params) -> Line:
    cls = tile_class(s.tile)
    if cls == "dragon":
        return Line("pair.dragon", s.tiles(), p.pair_dragon, "", _params_of(s))
    if cls == "wind":
        wind = wind_of(s.tile)
        if p.pair_winds == "any":
            return Line("pair.wind", s.tiles(), p.pair_wind, "", _params_of(s))
        roles = [r for r, w in (("seat", seat.seat), ("prevailing", seat.prevailing)) if w == wind]
        if roles:
            return Line("pair.wind", s.tiles(), p.pair_wind * len(roles), " + ".join(roles),
                        _params_of(s))
    return Line("pair", s.tiles(), 0, "", _params_of(s))


# -- doublings: each looks at the whole hand ----------------------------------------------
class HandView(NamedTuple):
    sets: tuple[SetView, ...]
    tiles: tuple[int, ...]  # every tile of the hand (kongs as four), no bonus tiles
    bonus: tuple[str, ...]  # flower/season ids "1f".."8f"


Doubling = Callable[[HandView, Seat, Params], list[Multiplier]]
DOUBLINGS: dict[str, Doubling] = {}


def _doubling(rule: str) -> Callable[[Doubling], Doubling]:
    def register(fn: Doubling) -> Doubling:
        DOUBLINGS[rule] = fn
        return fn

    return register


def _triples(h: HandView) -> list[SetView]:
    return [s for s in h.sets if s.kind in ("pung", "kong")]


@_doubling("double.own-wind")
def _own_wind(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Tres o cuatro de los propios vientos del jugador, en mesa o en mano: Dobla"
    f = p.factors["double.own-wind"]
    return [
        Multiplier("double.own-wind", f, f"{s.kind} of own wind {seat.seat}",
                   args=(("set", s.text()), ("wind", seat.seat)))
        for s in _triples(h)
        if wind_of(s.tile) == seat.seat and f > 1
    ]


@_doubling("double.prevailing-wind")
def _prevailing_wind(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    f = p.factors["double.prevailing-wind"]
    if p.wind_doubles != "seat-prevailing" or f <= 1:
        return []
    return [
        Multiplier("double.prevailing-wind", f,
                   f"{s.kind} of the prevailing wind {seat.prevailing}",
                   args=(("set", s.text()), ("wind", seat.prevailing)))
        for s in _triples(h)
        if wind_of(s.tile) == seat.prevailing
    ]


@_doubling("double.dragon")
def _dragons(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Tres o cuatro del Grupo Dragón: Dobla la puntuación total."
    f = p.factors["double.dragon"]
    return [
        Multiplier("double.dragon", f, f"{s.kind} of dragons {tile_id(s.tile)}",
                   args=(("set", s.text()), ("tile", tile_id(s.tile))))
        for s in _triples(h)
        if tile_class(s.tile) == "dragon" and f > 1
    ]


def _suits(h: HandView) -> tuple[set[int], list[int]]:
    suits = {i // 9 for i in h.tiles if i < EAST_Z}
    honours = [i for i in h.tiles if i >= EAST_Z]
    return suits, honours


_SUIT_WORD = ("characters", "circles", "bamboo")


@_doubling("double.one-suit-honours")
def _one_suit_honours(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Toda la mano de un palo ..., con Dragones o Vientos en un par. Dobla" (winner only)
    if not seat.winner:
        return []
    suits, honours = _suits(h)
    if len(suits) != 1 or not honours:
        return []
    if p.one_suit_honours == "pair-only":
        pair = [s for s in h.sets if s.kind == "pair"]
        if len(honours) != 2 or not pair or pair[0].tile < EAST_Z:
            return []
    suit = _SUIT_WORD[next(iter(suits))]
    return [Multiplier("double.one-suit-honours", p.factors["double.one-suit-honours"],
                       f"all {suit} with honours", args=(("suit", suit),))]


@_doubling("double.pure-suit")
def _pure_suit(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Toda la mano de un palo ... Multiplica por ocho la puntuación (la dobla 3 veces)."
    if not seat.winner:
        return []
    suits, honours = _suits(h)
    if len(suits) != 1 or honours:
        return []
    suit = _SUIT_WORD[next(iter(suits))]
    return [Multiplier("double.pure-suit", p.factors["double.pure-suit"], f"all {suit}",
                       args=(("suit", suit),))]


@_doubling("double.own-bonus")
def _own_bonus(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # common classical reading: the flower and the season of one's seat number each double
    f = p.factors["double.own-bonus"]
    if f <= 1:
        return []
    n = WINDS.index(seat.seat) + 1
    return [
        Multiplier("double.own-bonus", f, f"own flower or season {b}", args=(("tile", b),))
        for b in h.bonus
        if int(b[0]) in (n, n + 4)
    ]


@_doubling("double.bonus-set")
def _bonus_set(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    f = p.factors["double.bonus-set"]
    if f <= 1:
        return []
    ranks = {int(b[0]) for b in h.bonus}
    out = []
    for word, group in (("flowers", {1, 2, 3, 4}), ("seasons", {5, 6, 7, 8})):
        if group <= ranks:
            out.append(Multiplier("double.bonus-set", f, f"all four {word}",
                                  args=(("set", word),)))
    return out


# -- one player ---------------------------------------------------------------------------
class PlayerTiles(NamedTuple):
    """A player's tiles as indices: concealed, declared melds, bonus tile ids."""

    concealed: tuple[int, ...]
    melds: tuple[SetView, ...]
    bonus: tuple[str, ...] = ()


class Reckoning(NamedTuple):
    """One reading of a hand, scored."""

    sets: tuple[SetView, ...]
    lines: tuple[Line, ...]
    subtotal: int
    bonuses: tuple[Line, ...]
    multipliers: tuple[Multiplier, ...]
    raw: int  # before the limit
    total: int
    notes: tuple[Note, ...] = ()


def _loser_sets(concealed: tuple[int, ...]) -> tuple[SetView, ...]:
    """A non-winner's concealed tiles: each three alike a pung, each honour pair a pair.

    Runs score nothing, so a tile is never better used in a run; sets alike can't overlap.
    """
    out: list[SetView] = []
    for i, n in enumerate(counts_of(concealed)):
        if n >= 3:
            out.append(SetView("pung", i, False))
        elif n == 2 and i >= EAST_Z:
            out.append(SetView("pair", i, False))
    return tuple(out)


def _reckon(sets: tuple[SetView, ...], tiles: PlayerTiles, seat: Seat, p: Params) -> Reckoning:
    lines = [SET_UNITS[s.kind](s, seat, p) for s in sets]
    if p.bonus_points:
        lines += [Line("bonus.tile", (b,), p.bonus_points) for b in tiles.bonus]
    subtotal = sum(x.points for x in lines)
    bonuses = (Line("out", (), p.out),) if seat.winner and p.out else ()
    every = list(tiles.concealed)
    for meld in tiles.melds:
        every += _indices(meld)
    view = HandView(sets, tuple(every), tiles.bonus)
    mults: list[Multiplier] = []
    for unit in DOUBLINGS.values():
        mults += unit(view, seat, p)
    raw = subtotal + sum(b.points for b in bonuses)
    for m in mults:
        raw *= m.factor
    total = min(raw, p.limit) if p.limit else raw
    notes: list[Note] = []
    if total < raw:
        notes.append(Note(f"limit: {raw} counts as {p.limit}", "note.limit",
                          (("raw", raw), ("limit", p.limit))))
    if seat.winner and seat.special:
        value = p.specials[seat.special]
        before = total
        total = value if p.special_score == "replace" else max(total, value)
        notes.append(Note(
            f"special win {seat.special}: {value} points (the sets give {before}); "
            f"the hand scores {total}",
            f"note.special.{seat.special}", (("value", value), ("sets", before), ("total", total)),
        ))
    return Reckoning(sets, tuple(lines), subtotal, bonuses, tuple(mults), raw, total,
                     tuple(notes))


def _indices(m: SetView) -> list[int]:
    if m.kind == "chow":
        return [m.tile, m.tile + 1, m.tile + 2]
    return [m.tile] * {"pung": 3, "kong": 4, "pair": 2}[m.kind]


def _placements(reading: Reading, seat: Seat) -> list[tuple[SetView, ...]]:
    """The reading's concealed sets, once for each set the winning discard may complete."""
    plain = tuple(SetView(k, i, False) for k, i in reading)
    w = seat.winning_tile
    if not seat.on_discard or w is None:
        return [plain]
    out = []
    seen: set[tuple[str, int]] = set()
    for k, s in enumerate(plain):
        if w in _indices(s) and (s.kind, s.tile) not in seen:
            seen.add((s.kind, s.tile))
            out.append(plain[:k] + (s._replace(on_discard=True),) + plain[k + 1 :])
    return out or [plain]


def score_tiles(
    tiles: PlayerTiles, seat: Seat, rules: Rules
) -> tuple[Reckoning, tuple[Reckoning, ...]]:
    """(the best reading, every other reading) of a player's tiles.

    A winner's concealed tiles must read as sets and one pair (else ``ValueError``); a
    non-winner's score the pungs and honour pairs they hold.
    """
    p = params(rules)
    if not seat.winner:
        return _reckon(tiles.melds + _loser_sets(tiles.concealed), tiles, seat, p), ()
    found = readings(counts_of(tiles.concealed))
    if not found:
        raise ValueError("not a winning hand")
    scored: list[Reckoning] = []
    for reading in found:
        best: Reckoning | None = None
        for sets in _placements(reading, seat):
            r = _reckon(tiles.melds + sets, tiles, seat, p)
            if best is None or (r.total, r.raw) > (best.total, best.raw):
                best = r
        assert best is not None
        scored.append(best)
    order = sorted(range(len(scored)), key=lambda k: (-scored[k].total, -scored[k].raw, k))
    ranked = [scored[k] for k in order]
    return ranked[0], tuple(ranked[1:])


def describe(sets: tuple[SetView, ...]) -> str:
    """The sets in tile order, melds first: ``(666p) 234p 345p 55s* 777z``."""
    ordered = sorted(sets, key=lambda s: (not s.declared, s.tile, s.kind))
    return " ".join(s.text() for s in ordered)


__all__ = [
    "DOUBLINGS",
    "SET_UNITS",
    "PlayerTiles",
    "Reckoning",
    "Seat",
    "SetView",
    "describe",
    "params",
    "score_tiles",
]
