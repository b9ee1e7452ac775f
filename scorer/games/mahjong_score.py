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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorer.explain import Line, Multiplier, Note
from scorer.games.kit import per_rules, registrar
from scorer.games.mahjong_split import (
    SHAPES,
    Reading,
    counts_of,
    readings,
    shape_of,
    tile_id,
    winning_tiles,
)

if TYPE_CHECKING:
    from scorer.games.rules import Rules

WINDS = ("east", "south", "west", "north")
EAST_Z = 27  # index of 1z (East); winds 27-30, dragons 31-33


class SetView(NamedTuple):
    """One set as scored: a chow, pung, kong or pair; exposed or concealed."""

    kind: str  # "chow" | "pung" | "kong" | "pair"
    tile: int  # the lowest tile's index
    exposed: bool
    declared: bool = False  # written as a meld: (...) or [...]
    on_discard: bool = False  # completed by the winning discard
    last: bool = False  # completed by the winning tile (drawn or discarded)

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
    self_drawn: bool = False  # the winner drew the last tile (wall or dead wall)
    source: str | None = None  # the last tile's source (LAST_SOURCES), winner only
    declarations: tuple[str, ...] = ()  # "original-call", "twofold-fortune" (winner only)
    east_wins: int = 0  # hands East has won in a row before this one (the record's east_wins)


# Where the last tile came from (issue 34; Kajongg's 'lastsource' letters w d e z Z k).
LAST_SOURCES = ("wall", "discard", "dead-wall", "last-wall", "last-wall-discard", "robbed-kong")
DRAWN_SOURCES = ("wall", "dead-wall", "last-wall")
DECLARATIONS = ("original-call", "twofold-fortune")


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
    limit_points: int  # a full limit hand (0: no limit hands)
    limit_hands: dict[str, int]  # rule id -> share of a limit in percent (0: not played)
    nine_gates_extra: str  # "any" | "simple"
    scholars_chow: bool
    tile_points: dict[str, int]  # "tile.from-wall" ... -> points
    pure_suit_chows: bool
    own_together: bool
    max_chows: int
    shapes: tuple[str, ...]  # the shapes of their own played (SHAPES with a limit share)
    calling: dict[str, int]  # "calling.nine-gates" ... -> share of a limit for a loser (percent)
    calling_purity: int  # a loser's factor when calling for Purity (1: not played)


PATTERN_KEYS = ("three_concealed_pungs", "no_chow", "only_concealed", "zero_points", "only_majors",
                "only_honours", "little_three_dragons", "big_three_dragons", "little_four_joys",
                "big_four_joys", "dead_wall", "last_wall", "last_wall_discard", "robbed_kong",
                "original_call")
LIMIT_KEYS = ("thirteen_orphans", "nine_gates", "only_honours", "heads_and_tails",
              "fourfold_plenty", "hidden_treasure", "buried_treasure", "three_great_scholars",
              "four_blessings", "all_greens", "concealed_true_colour", "squirming_snake",
              "twofold_fortune", "plum_blossom", "plucking_moon", "carrying_pole",
              "wriggling_snake", "knitting", "triple_knitting", "all_pair_honours", "east_nine")
# BMJA losers' rules 'Calling for ...' (Kajongg loserRules): each names a limit hand above
CALLING_KEYS = ("only_honours", "wriggling_snake", "triple_knitting", "nine_gates", "knitting",
                "all_greens", "thirteen_orphans", "three_great_scholars", "all_pair_honours",
                "heads_and_tails", "four_blessings", "buried_treasure", "fourfold_plenty")
CLASSES = ("simple", "terminal", "wind", "dragon")
# The doublings of one set or of the suits (``double.<key>``); the hand's are PATTERN_KEYS
SUIT_DOUBLE_KEYS = ("own_wind", "prevailing_wind", "dragon", "one_suit_honours", "pure_suit")


def _nums(rules: Rules, table: str, keys: Sequence[str], prefix: str) -> dict[str, int]:
    """The numbers ``<table>.<key>`` of ``rules`` for each key, by rule id (``prefix`` and the
    key with dashes: ``double.own_wind`` -> ``double.own-wind``)."""
    return {prefix + k.replace("_", "-"): rules.num(f"{table}.{k}") for k in keys}


@per_rules
def params(rules: Rules) -> Params:
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
            **_nums(rules, "double", (*SUIT_DOUBLE_KEYS, *PATTERN_KEYS), "double."),
            "double.own-bonus": rules.num("bonus.own_factor"),
            "double.bonus-set": rules.num("bonus.set_factor"),
        },
        one_suit_honours=rules.text("double.one_suit_honours_allows"),
        bonus_points=rules.num("bonus.points"),
        discard_completes=rules.text("discard.completes"),
        limit=rules.num("limit"),
        specials=_nums(rules, "special", ("first_draw", "first_discard"), ""),
        special_score=rules.text("special.score"),
        limit_points=rules.num("limit_hand.points"),
        limit_hands=_nums(rules, "limit_hand", LIMIT_KEYS, "limit."),
        nine_gates_extra=rules.text("limit_hand.nine_gates_extra"),
        scholars_chow=rules.flag("limit_hand.scholars_chow"),
        tile_points=_nums(rules, "tile", ("from_wall", "only_possible", "pair_simple",
                                          "pair_major"), "tile."),
        pure_suit_chows=rules.flag("double.pure_suit_chows"),
        own_together=rules.flag("bonus.own_together"),
        max_chows=rules.num("max_chows"),
        shapes=tuple(s for s in SHAPES if rules.num(f"limit_hand.{s.replace('-', '_')}")
                     and rules.num("limit_hand.points")),
        calling=_nums(rules, "calling", CALLING_KEYS, "calling."),
        calling_purity=rules.num("calling.purity"),
    )
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


_set_unit = registrar(SET_UNITS)


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
    # a concealed set completed on the discard, counted as exposed
    worded = Note("detail.as-exposed", (("set", s.text()[:-1]),)) if exposed and not s.exposed \
        else None
    return Line(f"{s.kind}.{side}.{cls}", s.tiles(), p.table[(s.kind, exposed, cls)],
                _params_of(s), worded=worded)


@_set_unit("chow")
def _chow(s: SetView, seat: Seat, p: Params) -> Line:
    side = "exposed" if _counts_exposed(s, p) else "concealed"  # a discard's chow: as a pung's
    return Line(f"chow.{side}", s.tiles(), 0, _params_of(s))  # a run scores nothing


@_set_unit("pair")
def _pair(s: SetView, seat: Seat, p: Params) -> Line:
    cls = tile_class(s.tile)
    if cls == "dragon":
        return Line("pair.dragon", s.tiles(), p.pair_dragon, _params_of(s))
    if cls == "wind":
        wind = wind_of(s.tile)
        if p.pair_winds == "any":
            return Line("pair.wind", s.tiles(), p.pair_wind, _params_of(s))
        roles = [r for r, w in (("seat", seat.seat), ("prevailing", seat.prevailing)) if w == wind]
        if roles:
            return Line("pair.wind", s.tiles(), p.pair_wind * len(roles), _params_of(s),
                        worded=Note(f"detail.wind.{'-'.join(roles)}"))
    return Line("pair", s.tiles(), 0, _params_of(s))


# -- doublings: each looks at the whole hand ----------------------------------------------
class HandView(NamedTuple):
    sets: tuple[SetView, ...]
    tiles: tuple[int, ...]  # every tile of the hand (kongs as four), no bonus tiles
    bonus: tuple[str, ...]  # flower/season ids "1f".."8f"
    set_points: int = 0  # what the sets and the pair score (no bonus tiles, no going out)
    shape: str = "standard"  # "standard" | "thirteen-orphans"


Doubling = Callable[[HandView, Seat, Params], list[Multiplier]]
DOUBLINGS: dict[str, Doubling] = {}


_doubling = registrar(DOUBLINGS)


def _triples(h: HandView) -> list[SetView]:
    return [s for s in h.sets if s.kind in ("pung", "kong")]


@_doubling("double.own-wind")
def _own_wind(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Tres o cuatro de los propios vientos del jugador, en mesa o en mano: Dobla"
    f = p.factors["double.own-wind"]
    return [
        Multiplier("double.own-wind", f,
                   args=(("set", s.text()), ("wind", seat.seat), ("kind", s.kind)))
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
                   args=(("set", s.text()), ("wind", seat.prevailing), ("kind", s.kind)))
        for s in _triples(h)
        if wind_of(s.tile) == seat.prevailing
    ]


@_doubling("double.dragon")
def _dragons(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Tres o cuatro del Grupo Dragón: Dobla la puntuación total."
    f = p.factors["double.dragon"]
    return [
        Multiplier("double.dragon", f,
                   args=(("set", s.text()), ("tile", tile_id(s.tile)), ("kind", s.kind)))
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
                       args=(("suit", suit),))]


@_doubling("double.pure-suit")
def _pure_suit(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # "Toda la mano de un palo ... Multiplica por ocho la puntuación (la dobla 3 veces)."
    if not seat.winner:
        return []
    suits, honours = _suits(h)
    if len(suits) != 1 or honours:
        return []
    if not p.pure_suit_chows and any(s.kind == "chow" for s in h.sets):
        return []  # BMJA 'Purity': 'no chows, dragons or winds'
    suit = _SUIT_WORD[next(iter(suits))]
    return [Multiplier("double.pure-suit", p.factors["double.pure-suit"],
                       args=(("suit", suit),))]


@_doubling("double.own-bonus")
def _own_bonus(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # common classical reading: the flower and the season of one's seat number each double
    f = p.factors["double.own-bonus"]
    if f <= 1:
        return []
    n = WINDS.index(seat.seat) + 1
    if p.own_together:  # DMJL 'Own Flower and Own Season' doubles=1: both, one double
        both = (f"{n}f", f"{n + 4}f")
        if set(both) <= set(h.bonus):
            return [Multiplier("double.own-bonus-pair", f,
                               args=(("flower", both[0]), ("season", both[1])))]
        return []
    return [
        Multiplier("double.own-bonus", f, args=(("tile", b),))
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
            out.append(Multiplier("double.bonus-set", f, args=(("set", word),)))
    return out



def _pattern(rule: str, factor: int, **args: object) -> list[Multiplier]:
    return [Multiplier(rule, factor, args=tuple(args.items()))] if factor > 1 else []


def _concealed_triples(h: HandView, p: Params) -> list[SetView]:
    return [s for s in _triples(h) if not _counts_exposed(s, p)]


def _sets_text(sets: list[SetView]) -> str:
    return " ".join(s.text().rstrip("*") for s in sets)


@_doubling("double.three-concealed-pungs")
def _three_concealed(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # Kajongg hand rule 'Three Concealed Pongs' (any player)
    found = _concealed_triples(h, p)
    if len(found) < 3:
        return []
    return _pattern("double.three-concealed-pungs", p.factors["double.three-concealed-pungs"],
                    sets=_sets_text(found))


@_doubling("double.no-chow")
def _no_chow(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    if not seat.winner or h.shape != "standard" or any(s.kind == "chow" for s in h.sets):
        return []
    return _pattern("double.no-chow", p.factors["double.no-chow"])


@_doubling("double.only-concealed")
def _only_concealed(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    if not seat.winner or h.shape != "standard" or any(_counts_exposed(s, p) for s in h.sets):
        return []
    return _pattern("double.only-concealed", p.factors["double.only-concealed"])


@_doubling("double.zero-points")
def _zero_points(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # Kajongg 'Zero Point Hand': 0 basis points excluding bonus tiles
    if not seat.winner or h.shape != "standard" or h.set_points:
        return []
    return _pattern("double.zero-points", p.factors["double.zero-points"])


def _is_major(i: int) -> bool:
    return i >= EAST_Z or i % 9 in (0, 8)


@_doubling("double.only-majors")
def _only_majors(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    if not seat.winner or not all(_is_major(i) for i in h.tiles):
        return []
    return _pattern("double.only-majors", p.factors["double.only-majors"])


@_doubling("double.only-honours")
def _only_honours(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # Kajongg 'Only Honors' doubles=2 limits=1: the doubles count where the limit is not played
    if not seat.winner or not all(i >= EAST_Z for i in h.tiles):
        return []
    if p.limit_points and p.limit_hands["limit.only-honours"]:
        return []
    return _pattern("double.only-honours", p.factors["double.only-honours"])


def _honour_sets(h: HandView, dragons: bool) -> tuple[list[SetView], list[SetView]]:
    def ok(i: int) -> bool:
        return (i >= EAST_Z + 4) if dragons else (EAST_Z <= i < EAST_Z + 4)

    return ([s for s in _triples(h) if ok(s.tile)],
            [s for s in h.sets if s.kind == "pair" and ok(s.tile)])


def _big_or_little(h: HandView, p: Params, name: str, dragons: bool, n: int) -> list[Multiplier]:
    """The big hand (a pung or kong of each of the ``n`` dragons or winds) or the little
    one (all but one, and a pair of the last)."""
    triples, pairs = _honour_sets(h, dragons)
    if len(triples) == n:
        return _pattern(f"double.big-{name}", p.factors[f"double.big-{name}"],
                        sets=_sets_text(triples))
    if len(triples) == n - 1 and pairs:
        shown = _sets_text(triples + pairs)
        return _pattern(f"double.little-{name}", p.factors[f"double.little-{name}"],
                        sets=shown)
    return []


@_doubling("double.three-dragons")
def _three_dragons(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # DMJL 'Little Three Dragons' doubles=1, 'Big Three Dragons' doubles=2 (hand rules)
    return _big_or_little(h, p, "three-dragons", dragons=True, n=3)


@_doubling("double.four-joys")
def _four_joys(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # DMJL 'Little Four Joys' doubles=1, 'Big Four Joys' doubles=2 (hand rules)
    return _big_or_little(h, p, "four-joys", dragons=False, n=4)


_SOURCE_DOUBLES = {"dead-wall": "double.dead-wall", "last-wall": "double.last-wall",
                   "last-wall-discard": "double.last-wall-discard",
                   "robbed-kong": "double.robbed-kong"}


@_doubling("double.source")
def _source(h: HandView, seat: Seat, p: Params) -> list[Multiplier]:
    # Kajongg 'Last Tile Taken from Dead Wall', '... Last Tile of Wall (Discarded)',
    # 'Robbing the Kong', 'Mah Jongg with Original Call': doubles=1 each
    if not seat.winner:
        return []
    out: list[Multiplier] = []
    rule = _SOURCE_DOUBLES.get(seat.source or "")
    if rule:
        out += _pattern(rule, p.factors[rule], source=seat.source)
    if "original-call" in seat.declarations:
        out += _pattern("double.original-call", p.factors["double.original-call"])
    return out


# -- limit hands: each a test of the winner's whole hand, registered by rule id ----------
LimitTest = Callable[[HandView, Seat, Params], bool]
LIMIT_HANDS: dict[str, LimitTest] = {}


_limit_hand = registrar(LIMIT_HANDS)


GREENS = frozenset({19, 20, 21, 23, 25, EAST_Z + 5})  # 2 3 4 6 8 of bamboo, green dragon 6z


@_limit_hand("limit.thirteen-orphans")
def _orphans(h: HandView, seat: Seat, p: Params) -> bool:
    return h.shape == "thirteen-orphans"


@_limit_hand("limit.nine-gates")
def _nine_gates(h: HandView, seat: Seat, p: Params) -> bool:
    # 'All tiles concealed of same color: Values 1-1-1-2-3-4-5-6-7-8-9-9-9' + one more
    suits, honours = _suits(h)
    if len(suits) != 1 or honours or any(s.declared for s in h.sets):
        return False
    base = next(iter(suits)) * 9
    counts = counts_of([i - base for i in h.tiles])[:9]
    extra = [r for r, (c, want) in enumerate(zip(counts, (3, 1, 1, 1, 1, 1, 1, 1, 3),
                                                 strict=True)) if c > want]
    if min(c - w for c, w in zip(counts, (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True)) < 0:
        return False
    return len(extra) == 1 and (p.nine_gates_extra == "any" or 0 < extra[0] < 8)


@_limit_hand("limit.only-honours")
def _all_honours(h: HandView, seat: Seat, p: Params) -> bool:
    return all(i >= EAST_Z for i in h.tiles)


@_limit_hand("limit.heads-and-tails")
def _heads_tails(h: HandView, seat: Seat, p: Params) -> bool:
    return h.shape == "standard" and all(i < EAST_Z and i % 9 in (0, 8) for i in h.tiles)


@_limit_hand("limit.fourfold-plenty")
def _four_kongs(h: HandView, seat: Seat, p: Params) -> bool:
    return sum(s.kind == "kong" for s in h.sets) == 4


def _all_concealed_triples(h: HandView, p: Params) -> bool:
    return h.shape == "standard" and len(_concealed_triples(h, p)) == 4


@_limit_hand("limit.hidden-treasure")
def _hidden_treasure(h: HandView, seat: Seat, p: Params) -> bool:
    # 'Only hidden Pungs or Kongs, last tile from wall'
    return _all_concealed_triples(h, p) and seat.self_drawn


@_limit_hand("limit.buried-treasure")
def _buried_treasure(h: HandView, seat: Seat, p: Params) -> bool:
    # BMJA 'Concealed pungs of one suit with winds/dragons and a pair': one suit, not none
    # (Kajongg's test: the hand's suits less winds and dragons are exactly one)
    return _all_concealed_triples(h, p) and len(_suits(h)[0]) == 1


@_limit_hand("limit.three-great-scholars")
def _scholars(h: HandView, seat: Seat, p: Params) -> bool:
    if len(_honour_sets(h, True)[0]) != 3:
        return False
    return p.scholars_chow or not any(s.kind == "chow" for s in h.sets)


@_limit_hand("limit.four-blessings")
def _blessings(h: HandView, seat: Seat, p: Params) -> bool:
    return len(_honour_sets(h, False)[0]) == 4


@_limit_hand("limit.all-greens")
def _all_greens(h: HandView, seat: Seat, p: Params) -> bool:
    return all(i in GREENS for i in h.tiles)


@_limit_hand("limit.concealed-true-colour")
def _concealed_true_colour(h: HandView, seat: Seat, p: Params) -> bool:
    suits, honours = _suits(h)
    return (h.shape == "standard" and len(suits) == 1 and not honours
            and not any(_counts_exposed(s, p) for s in h.sets))


@_limit_hand("limit.squirming-snake")
def _snake(h: HandView, seat: Seat, p: Params) -> bool:
    # DMJL: 'Pung or Kong of 1 and 9, pair of 2, 5 or 8 and two Chows of the remaining values'
    suits, honours = _suits(h)
    if len(suits) != 1 or honours or h.shape != "standard":
        return False
    if {i % 9 for i in h.tiles} != set(range(9)):  # Kajongg: the values cover 1-9 (issue 43)
        return False
    ranks = sorted((s.kind, s.tile % 9) for s in h.sets)
    kinds = [k if k != "kong" else "pung" for k, _ in ranks]
    pungs = sorted(r for k, r in ranks if k in ("pung", "kong"))
    pair = [r for k, r in ranks if k == "pair"]
    return kinds.count("chow") == 2 and pungs == [0, 8] and pair[0] in (1, 4, 7)


@_limit_hand("limit.twofold-fortune")
def _twofold(h: HandView, seat: Seat, p: Params) -> bool:
    return "twofold-fortune" in seat.declarations


@_limit_hand("limit.plum-blossom")
def _plum(h: HandView, seat: Seat, p: Params) -> bool:
    return seat.source == "dead-wall" and seat.winning_tile == 13  # 5p


@_limit_hand("limit.plucking-moon")
def _moon(h: HandView, seat: Seat, p: Params) -> bool:
    return seat.source == "last-wall" and seat.winning_tile == 9  # 1p


@_limit_hand("limit.carrying-pole")
def _pole(h: HandView, seat: Seat, p: Params) -> bool:
    return seat.source == "robbed-kong" and seat.winning_tile == 19  # 2s


def _shape_limit_hand(rule: str, shape: str) -> None:
    """A winning shape of its own (:func:`own_shape` names it) is a limit hand by itself."""
    _limit_hand(rule)(lambda h, seat, p: h.shape == shape)


# BMJA mjRule 'Wriggling Snake' limits=1: 'Pair of 1s and a run from 2 to 9 in the same
# suit with each of the winds'
_shape_limit_hand("limit.wriggling-snake", "wriggling-snake")
# BMJA mjRule 'Knitting' limits=0.5: '7 pairs of tiles in any 2 out of 3 suits'
_shape_limit_hand("limit.knitting", "knitting")
# BMJA mjRule 'Triple Knitting' limits=0.5: 'Four sets of three tiles in the different
# suits and a pair: No Winds or Dragons'
_shape_limit_hand("limit.triple-knitting", "triple-knitting")
# BMJA mjRule 'All pair honors' limits=0.5: '7 pairs of 1s/9s/Winds/Dragons'
_shape_limit_hand("limit.all-pair-honours", "all-pair-honours")


@_limit_hand("limit.east-nine")
def _east_nine(h: HandView, seat: Seat, p: Params) -> bool:
    # winner rule 'East won nine times in a row' limits=1 (the record says East's streak)
    return seat.seat == "east" and seat.east_wins >= 8


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
    sets_total: int = 0  # what this reading gives without a limit hand (the limit caps it)


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


def _tile_lines(sets: tuple[SetView, ...], seat: Seat, p: Params, only: bool) -> list[Line]:
    """Points for the winning tile (Kajongg's DMJL winner rules), winner only."""
    w = seat.winning_tile
    if not seat.winner or w is None:
        return []
    out: list[Line] = []
    pts = p.tile_points
    if seat.self_drawn and pts["tile.from-wall"]:  # 'Won with Last Tile Taken from Wall'
        out.append(Line("tile.from-wall", (tile_id(w),), pts["tile.from-wall"]))
    if only and pts["tile.only-possible"]:  # 'Last Tile is Only Possible Tile'
        out.append(Line("tile.only-possible", (tile_id(w),), pts["tile.only-possible"]))
    pair = next((s for s in sets if s.last and s.kind == "pair"), None)
    if pair is not None:  # 'Last Tile Completes Pair of 2..8' / '... of Terminals or Honors'
        rule = "tile.pair-simple" if tile_class(pair.tile) == "simple" else "tile.pair-major"
        if pts[rule]:
            out.append(Line(rule, pair.tiles(), pts[rule], _params_of(pair)))
    return out


def _reckon(sets: tuple[SetView, ...], tiles: PlayerTiles, seat: Seat, p: Params,
            only: bool = False, shape: str = "standard") -> Reckoning:
    lines = [SET_UNITS[s.kind](s, seat, p) for s in sets]
    set_points = sum(x.points for x in lines)
    lines += _tile_lines(sets, seat, p, only)
    if p.bonus_points:
        lines += [Line("bonus.tile", (b,), p.bonus_points) for b in tiles.bonus]
    subtotal = sum(x.points for x in lines)
    bonuses = (Line("out", (), p.out),) if seat.winner and p.out else ()
    every = _every(tiles)
    view = HandView(sets, every, tiles.bonus, set_points, shape)
    mults: list[Multiplier] = []
    for unit in DOUBLINGS.values():
        mults += unit(view, seat, p)
    raw = subtotal + sum(b.points for b in bonuses)
    for m in mults:
        raw *= m.factor
    total = min(raw, p.limit) if p.limit else raw
    notes: list[Note] = []
    if total < raw:
        notes.append(Note("note.limit", (("raw", raw), ("limit", p.limit))))
    sets_total = total
    limit = _limit_of(view, seat, p)
    if limit is not None and value_wins(limit[1], limit[2], total):
        rule, value, _ = limit
        notes.append(Note("note.limit-hand", (("value", value), ("sets", total))))
        shown = tuple(tile_id(i) for i in sorted(every))
        lines, subtotal, bonuses, mults = [Line(rule, shown, value)], value, (), []
        raw = total = value
    elif limit is not None:  # a part of a limit that the sets beat: the higher counts
        notes.append(Note("note.limit-part",
                          (("rule", limit[0]), ("value", limit[1]), ("sets", total))))
    if seat.winner and seat.special:
        value = p.specials[seat.special]
        before = total
        total = value if p.special_score == "replace" else max(total, value)
        notes.append(Note(f"note.special.{seat.special}",
                          (("value", value), ("sets", before), ("total", total))))
    return Reckoning(sets, tuple(lines), subtotal, bonuses, tuple(mults), raw, total,
                     tuple(notes), sets_total)


def value_wins(value: int, share: int, total: int) -> bool:
    """A full limit replaces the hand's score; a part of one counts where it is the higher.

    Kajongg's Score.total: 'if limits >= 1' the points and doubles are dropped, 'elif
    limits * limit >= result' likewise, else the limit is dropped.
    """
    return share >= 100 or value >= total


def _limit_of(view: HandView, seat: Seat, p: Params) -> tuple[str, int, int] | None:
    """The best limit hand the winner holds, as (rule id, points, share), if any is played."""
    if not seat.winner or not p.limit_points:
        return None
    best: tuple[str, int, int] | None = None
    for rule, test in LIMIT_HANDS.items():
        share = p.limit_hands[rule]
        if share and test(view, seat, p):
            value = p.limit_points * share // 100
            if best is None or value > best[1]:
                best = (rule, value, share)
    return best


def _every(tiles: PlayerTiles) -> tuple[int, ...]:
    every = list(tiles.concealed)
    for meld in tiles.melds:
        every += _indices(meld)
    return tuple(every)


def _indices(m: SetView) -> list[int]:
    if m.kind == "chow":
        return [m.tile, m.tile + 1, m.tile + 2]
    return [m.tile] * {"pung": 3, "kong": 4, "pair": 2}[m.kind]


def _placements(reading: Reading, seat: Seat) -> list[tuple[SetView, ...]]:
    """The reading's concealed sets, once for each set the winning tile may have completed."""
    plain = tuple(SetView(k, i, False) for k, i in reading)
    w = seat.winning_tile
    if w is None:
        return [plain]
    out = []
    seen: set[tuple[str, int]] = set()
    for k, s in enumerate(plain):
        if w in _indices(s) and (s.kind, s.tile) not in seen:
            seen.add((s.kind, s.tile))
            done = s._replace(on_discard=seat.on_discard, last=True)
            out.append(plain[:k] + (done,) + plain[k + 1 :])
    return out or [plain]


def _chows(sets: tuple[SetView, ...] | Reading) -> int:
    return sum(s[0] == "chow" for s in sets)


def winning_readings(tiles: PlayerTiles, p: Params) -> list[Reading]:
    """The readings of a winner's concealed tiles that the rules accept (at most max_chows)."""
    room = p.max_chows - _chows(tiles.melds)
    return [r for r in readings(counts_of(tiles.concealed)) if _chows(r) <= room]


# Limit hands that are winning shapes of their own (Kajongg's mjRules): the chow bound does
# not apply to them (BMJA Gates of Heaven holds chows where one chow is allowed).
SHAPE_LIMITS = ("limit.nine-gates", "limit.squirming-snake")


def shape_limit(tiles: PlayerTiles, seat: Seat, p: Params, only: bool = False) -> Reckoning | None:
    """The best reading beyond the chow bound that makes a limit-hand shape, if any."""
    best: Reckoning | None = None
    for reading in readings(counts_of(tiles.concealed)):
        for sets in _placements(reading, seat):
            r = _reckon(tiles.melds + sets, tiles, seat, p, only)
            if r.lines and r.lines[0].rule in SHAPE_LIMITS and (
                best is None or r.total > best.total
            ):
                best = r
    return best


def plays_orphans(p: Params) -> bool:
    return "thirteen-orphans" in p.shapes


def own_shape(tiles: PlayerTiles, p: Params) -> str | None:
    """The shape of its own (Thirteen Orphans, Knitting ...) a winner's tiles make, if played.

    Every such shape is all concealed: no declared meld.
    """
    return None if tiles.melds else shape_of(counts_of(tiles.concealed), p.shapes)


def waits_of(tiles: PlayerTiles, p: Params, bound: bool = True) -> tuple[int, ...]:
    """The tiles that would complete 13 tiles under these rules (the pure wait analysis).

    ``bound=False``: readings beyond the chow bound complete too (a limit-hand shape such as
    the Gates of Heaven is a win with any number of chows).
    """
    room = p.max_chows - _chows(tiles.melds) if bound else 4
    return winning_tiles(counts_of(tiles.concealed), room,
                         shapes=() if tiles.melds else p.shapes)


def _views(tiles: PlayerTiles, seat: Seat, p: Params) -> list[tuple[HandView, bool]]:
    """Every reading of a complete hand as the limit hands see it, and whether it keeps to
    the chow bound (one beyond it wins only as a limit-hand shape, SHAPE_LIMITS)."""
    shape = own_shape(tiles, p)
    every, bonus = _every(tiles), tiles.bonus
    if shape is not None:
        return [(HandView((), every, bonus, 0, shape), True)]
    out = []
    room = p.max_chows - _chows(tiles.melds)
    for reading in readings(counts_of(tiles.concealed)):
        sets = tiles.melds + tuple(SetView(k, i, False) for k, i in reading)
        points = sum(SET_UNITS[s.kind](s, seat, p).points for s in sets)
        out.append((HandView(sets, every, bonus, points), _chows(reading) <= room))
    return out


def _calling(tiles: PlayerTiles, seat: Seat, p: Params, r: Reckoning) -> Reckoning:
    """A loser's score when his 13 tiles call for a limit hand or for Purity (BMJA).

    Kajongg's loser rules 'Calling for ...': some tile would complete the hand into that limit
    hand (or into Purity). The completed hand is read as if the tile were drawn. A part of a
    limit counts where it is higher than the tiles' score; Purity multiplies it.
    """
    if not (p.calling_purity > 1 or any(p.calling.values())) or not p.limit_points:
        return r
    waits = waits_of(tiles, p, bound=False)
    best: tuple[int, str, list[int]] | None = None
    pure: list[int] = []
    for w in waits:
        done = tiles._replace(concealed=tiles.concealed + (w,))
        drawn = Seat(seat.seat, seat.prevailing, True, False, w, None, True)
        for view, within in _views(done, drawn, p):
            for rule, share in p.calling.items():
                limit = "limit." + rule[8:]
                if share and (within or limit in SHAPE_LIMITS) and LIMIT_HANDS[limit](
                    view, drawn, p
                ):
                    if best is None or share > best[0]:
                        best = (share, rule, [w])
                    elif share == best[0] and rule == best[1] and w not in best[2]:
                        best[2].append(w)
            if p.calling_purity > 1 and within and w not in pure and _pure_suit(view, drawn, p):
                pure.append(w)
    lines, mults, notes = r.lines, r.multipliers, r.notes
    raw, total = r.raw, r.total
    if pure:
        shown = " ".join(tile_id(i) for i in pure)
        mults = (*mults, Multiplier("calling.purity", p.calling_purity,
                                    args=(("tiles", shown),)))
        raw *= p.calling_purity
        total = min(raw, p.limit) if p.limit else raw
        if total < raw:
            notes = (*notes, Note("note.limit", (("raw", raw), ("limit", p.limit))))
    if best is not None:
        share, rule, on = best
        value = p.limit_points * share // 100
        shown = " ".join(tile_id(i) for i in on)
        if value_wins(value, share, total):
            notes = (*notes, Note("note.calling", (("value", value), ("sets", total))))
            every = tuple(tile_id(i) for i in sorted(_every(tiles)))
            line = Line(rule, every, value, (("tiles", shown),), "detail.calling")
            return r._replace(lines=(line,), subtotal=value, bonuses=(), multipliers=(),
                              raw=value, total=value, notes=notes)
        notes = (*notes, Note("note.limit-part.tiles",
                              (("rule", rule), ("value", value), ("sets", total))))
    return r._replace(lines=lines, multipliers=mults, raw=raw, total=total, notes=notes)


def score_tiles(
    tiles: PlayerTiles, seat: Seat, rules: Rules
) -> tuple[Reckoning, tuple[Reckoning, ...]]:
    """(the best reading, every other reading) of a player's tiles.

    A winner's concealed tiles must read as sets and one pair (else ``ValueError``); a
    non-winner's score the pungs and honour pairs they hold.
    """
    p = params(rules)
    if not seat.winner:
        r = _reckon(tiles.melds + _loser_sets(tiles.concealed), tiles, seat, p)
        return _calling(tiles, seat, p, r), ()
    found = winning_readings(tiles, p)
    only = False
    w = seat.winning_tile
    if w is not None and w in tiles.concealed:
        before = list(tiles.concealed)
        before.remove(w)
        only = waits_of(tiles._replace(concealed=tuple(before)), p) == (w,)
    if not found:
        shape = own_shape(tiles, p)
        if shape is not None:
            return _reckon((), tiles, seat, p, only, shape), ()
        shaped = shape_limit(tiles, seat, p, only)
        if shaped is None:
            raise ValueError("not a winning hand")
        return shaped, ()
    scored: list[Reckoning] = []
    sets_best = 0  # the best the sets give, over every reading and placement
    for reading in found:
        best: Reckoning | None = None
        for sets in _placements(reading, seat):
            r = _reckon(tiles.melds + sets, tiles, seat, p, only)
            sets_best = max(sets_best, r.sets_total)
            if best is None or _rank(r) > _rank(best):
                best = r
        assert best is not None
        scored.append(best)
    order = sorted(range(len(scored)), key=lambda k: (*(-v for v in _rank(scored[k])), k))
    ranked = [scored[k] for k in order]
    return _sets_said(ranked[0], sets_best), tuple(ranked[1:])


def _rank(r: Reckoning) -> tuple[int, int, int]:
    """Readings compare by the score, then before the limit, then (limit hands alike) by
    what the sets alone give."""
    return r.total, r.raw, r.sets_total


def _sets_said(r: Reckoning, sets_best: int) -> Reckoning:
    """A limit hand's note quotes the best the sets give in any reading, not this one's."""
    notes = tuple(
        n._replace(args=(("value", dict(n.args)["value"]), ("sets", sets_best)))
        if n.key == "note.limit-hand" else n
        for n in r.notes
    )
    return r._replace(notes=notes, sets_total=sets_best)


def describe(sets: tuple[SetView, ...]) -> str:
    """The sets in tile order, melds first: ``(666p) 234p 345p 55s* 777z``."""
    ordered = sorted(sets, key=lambda s: (not s.declared, s.tile, s.kind))
    return " ".join(s.text() for s in ordered)


__all__ = [
    "DOUBLINGS",
    "LIMIT_HANDS",
    "SET_UNITS",
    "PlayerTiles",
    "Reckoning",
    "Seat",
    "SetView",
    "describe",
    "params",
    "score_tiles",
]
