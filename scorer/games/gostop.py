"""Go-Stop (hwatu) scoring: a finished hand's captured piles -> itemised points and payments.

Pure: no I/O, no printing. Every rule value comes from a :class:`~scorer.games.rules.Rules`
preset (``scorer/games/presets/gostop/*.toml``), which quotes the seed sentence behind it;
this module only knows how the categories are counted. Each category of a pile is one small
function registered under its rule id (:data:`PATTERNS`), as are the winner's factors
(:data:`WINNER_FACTORS`) and the baks each loser adds (:data:`LOSER_FACTORS`).

Order of a winner's score, per opponent::

    (combination subtotal + go points) x go doubling x global factors x per-opponent factors

Global factors concern the winner alone (go-caller stops, stopper of a go-caller,
meong-bak, shakes, bombs); per-opponent factors (gwang-bak, pi-bak) concern one loser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.decks.hanafuda import (
    BONUS_CARDS,
    DECK,
    HanafudaCard,
    JunkVariant,
    Kind,
    Plant,
    RibbonColour,
    sort_key,
)
from scorer.explain import (
    Args,
    Choice,
    HandResult,
    Line,
    Multiplier,
    Note,
    Payment,
    PlayerScore,
    Term,
)
from scorer.explain import money as _money
from scorer.games.base import (
    Common,
    Game,
    GameError,
    LoadContext,
    Problem,
    QuickOption,
    Reported,
    Wording,
    located,
    quick_error,
)
from scorer.games.hanafuda_common import card_holders, renumbered, too_much_junk
from scorer.games.kit import by_rule, override_notes, per_rules, plus, registrar, times
from scorer.games.rules import Rules, format_value
from scorer.i18n import Key, Said
from scorer.options import from_spanish, said

if TYPE_CHECKING:  # fractions (and decimal) load only for a fractional stake
    from fractions import Fraction

NAME = "gostop"
INSTANT_KINDS = ("four-in-hand", "three-ppuk")
# Baks a loser may be typed as suffering under bak.from = typed (a settling app's flags,
# GoStopCalculator's LoserOption PeaBak, LightBak, MongBak): each -> its factor's key.
TYPED_BAKS: dict[str, str] = {
    "pi-bak": "pibak.factor", "gwang-bak": "gwangbak.factor", "meong-bak": "meongbak.factor",
}
# Side payments made during play and settled with the hand (issue 21 item 8): the event
# kind -> its default price's rule key. Each other player (or ``from``) pays ``who``.
EVENT_KINDS: dict[str, str] = {
    "ttadak": "events.ttadak",
    "sseul": "events.sseul",
    "ppeok": "events.ppeok",
    "first-ppeok": "events.first_ppeok",
    "three-ppuk": "events.three_ppuk",
    "gwang-selling": "events.gwang_selling",
}


_DUAL_PLANT = {"cup": Plant.CHRYSANTHEMUM, "bridge": Plant.IRIS}
_SETS = {  # rule id -> the ribbon colour three of which make it, and its points' key
    "hongdan": (RibbonColour.RED_POEM, "ribbons.red_poem"),
    "cheongdan": (RibbonColour.BLUE, "ribbons.blue"),
    "chodan": (RibbonColour.PLAIN_RED, "ribbons.plain_red"),
}


class GoStopError(GameError):
    """Everything wrong with one hand (piles that do not fit one deck, bad facts), together."""


class GoStopPlayer(NamedTuple):
    """One player's captured pile and the facts of the hand about them."""

    name: str
    cards: tuple[HanafudaCard, ...] = ()
    gos: int = 0
    shakes: int = 0
    bombs: int = 0
    instant: str | None = None  # one of INSTANT_KINDS
    cup: Any = None  # the role the player states for the cup: "animal" | "junk"; None: best
    balance: Any = None  # chips (money) the player holds: pays at most this; None: no limit
    baks: Any = None  # under bak.from = typed: the baks this loser suffered, as typed


class GoStopEvent(NamedTuple):
    """A side payment made during play: each other player (or ``payers``) pays ``who``."""

    kind: Any  # one of EVENT_KINDS
    who: Any  # the player paid (gwang-selling: the player sitting out, who need not play)
    payers: Any = None  # a name or a list of names; None: every other player of the hand
    price: Any = None  # points per payer; None: the rule key's default
    count: Any = 1  # gwang-selling: brights sold (the price is per bright)
    money: Any = None  # the price in money per payer (per bright), instead of points


class GoStopHand(NamedTuple):
    """A finished hand: every player, who stopped, and the stake."""

    players: tuple[GoStopPlayer, ...]
    stopper: str | None = None  # None and no instant win: nagari
    stake: int | Fraction | float = 1
    currency: str = ""
    dealer: str | None = None
    last_go: str | None = None  # who called go last, when several go-callers were stopped
    carry: int = 0  # nagari hands just before this one (nagari.factor doubles per nagari)
    events: tuple[GoStopEvent, ...] = ()
    big_hand: Any = False  # the table agreed this hand is a big hand (daepan: bighand.factor)


class PileScore(NamedTuple):
    """One pile counted under one rule set, with the facts the multipliers need."""

    lines: tuple[Line, ...]
    choices: tuple[Choice, ...]
    subtotal: int
    brights: int = 0
    animals: int = 0  # as assigned (a dual card counted as junk is not an animal)
    junk_units: int = 0  # as assigned
    junk_units_protected: int = 0  # with every dual card counted as double junk
    junk_units_bare: int = 0  # with every dual card kept as an animal
    junk_cards: int = 0
    notes: tuple[Note, ...] = ()
    unscored: tuple[Line, ...] = ()  # categories held short of their minimum: 0 points

    def scored(self, prefix: str) -> bool:
        return any(line.rule.startswith(prefix) for line in self.lines)


# -- one pile -----------------------------------------------------------------------------
class _Facet(NamedTuple):
    """What scoring needs to know about one card, read once (cards hash slowly)."""

    order: int
    id: str
    kind: Kind
    rain: bool
    bird: bool
    colour: RibbonColour | None
    junk: str  # "", "plain", "lightning", "ssangpi", "bonus"
    bonus_units: int
    dual: str  # "", "cup", "bridge"


_DUAL_NAME = {plant: name for name, plant in _DUAL_PLANT.items()}
_FACETS: dict[int, tuple[HanafudaCard, _Facet]] = {}


def _facet(card: HanafudaCard) -> _Facet:
    # Keyed by identity: parsed cards are the deck's own objects; an equal copy just misses.
    hit = _FACETS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    junk = ""
    if card.kind is Kind.BONUS:
        junk = "bonus"
    elif card.kind is Kind.JUNK:
        junk = {JunkVariant.LIGHTNING: "lightning", JunkVariant.DOUBLE: "ssangpi"}.get(
            card.variant,  # type: ignore[arg-type]
            "plain",
        )
    facet = _Facet(
        order=sort_key(card),
        id=card.id,
        kind=card.kind,
        rain=card.is_rain_bright,
        bird=card.is_bird,
        colour=card.ribbon_colour,
        junk=junk,
        bonus_units=card.bonus_units,
        dual=_DUAL_NAME.get(card.plant, "") if card.is_dual_role and card.plant else "",
    )
    if any(card is c for c in _ORIGINALS):  # deck objects live as long as the module
        _FACETS[id(card)] = (card, facet)
    return facet


_ORIGINALS = (*DECK, *BONUS_CARDS)


class _Params(NamedTuple):
    """The rule values a pile count reads, looked up once per rule set."""

    brights: dict[tuple[int, bool], tuple[str, str, int]]
    godori: int
    animals: tuple[int, int, int]
    ribbons: tuple[int, int, int]
    sets: dict[str, tuple[RibbonColour, int]]  # rule id -> (colour, points)
    junk: tuple[int, int, int]
    units: dict[str, int]
    duals: frozenset[str]
    dual_units: int
    tie: str


@per_rules
def _params(rules: Rules) -> _Params:
    num = rules.num
    brights = {
        (3, False): ("brights.three", "brights.three", num("brights.three")),
        (3, True): ("brights.three-rain", "brights.three_rain", num("brights.three_rain")),
        (4, False): ("brights.four", "brights.four", num("brights.four")),
        (4, True): ("brights.four-rain", "brights.four_rain", num("brights.four_rain")),
        (5, True): ("brights.five", "brights.five", num("brights.five")),
    }
    params = _Params(
        brights=brights,
        godori=num("birds.godori"),
        animals=(num("animals.min"), num("animals.points"), num("animals.extra")),
        ribbons=(num("ribbons.min"), num("ribbons.points"), num("ribbons.extra")),
        sets={rule: (colour, num(key)) for rule, (colour, key) in _SETS.items()},
        junk=(num("junk.min"), num("junk.points"), num("junk.extra")),
        units={
            "plain": 1,
            "lightning": num("junk.lightning_units"),
            "ssangpi": num("junk.ssangpi_units"),
        },
        duals=frozenset(rules.texts("dual.cards")),
        dual_units=num("dual.junk_units"),
        tie=rules.text("dual.tie"),
    )
    return params


def _detail(table: tuple[int, int, int], n: int, **more: int) -> tuple[str, Args]:
    """A counted category's detail as (message key, params): "5 + 1 extra", worded where it
    is shown from ``detail.*`` in the catalogs."""
    need = table[0]
    extra = n - need
    key = "detail.extra" if extra > 0 else "detail.count"
    if more:
        key += ".units"
    return key, (("count", n), ("need", need), ("extra", extra), *more.items())


def _short(rule: str, ids: tuple[str, ...], need: int, **units: int) -> Line:
    """A category held short of its minimum (issue 35 item 8): 0 points, and its count and
    need in ``params``, so the table and ``--json`` show 9 junk as 9, not as nothing."""
    n = units.get("units", len(ids))
    key = "detail.short"
    if units and units["units"] != units["cards"]:
        key += ".units"
    return Line(rule, ids, 0, (("count", n), ("need", need), *units.items()), key)


def _count_rule(table: tuple[int, int, int], n: int) -> int:
    """Points of an 'N cards score P, plus E per extra card' category (0 below N)."""
    need, points, extra = table
    if n < need:
        return 0
    return points + (n - need) * extra


class _Pile(NamedTuple):
    """One pile sorted into the groups the patterns look at (cards in deck order).

    ``animals`` and ``junk`` hold what those two categories count once the dual-role cards
    are placed (:func:`_place`); before that, every animal card and the junk cards alone.
    """

    brights: tuple[_Facet, ...]
    birds: tuple[_Facet, ...]
    ribbons: tuple[_Facet, ...]
    animals: tuple[_Facet, ...]
    junk: tuple[_Facet, ...]
    units: int  # the junk units ``junk`` is worth


class _Found(NamedTuple):
    """What one pattern made of a pile: a scoring line, a line held short of its minimum
    (0 points), or a note; at most one of them."""

    line: Line | None = None
    short: Line | None = None
    note: Note | None = None

    @property
    def points(self) -> int:
        return self.line.points if self.line is not None else 0


_NOTHING = _Found()
if TYPE_CHECKING:  # the registries' types: annotations only, not built at start-up
    Pattern = Callable[[_Pile, _Params], _Found]
#: Every scoring pattern of a pile, one function each, in the order its lines are shown.
PATTERNS: dict[str, Pattern] = {}
#: The patterns that count the dual-role cards (an animal or double junk): scored once the
#: roles are placed; the others are scored first, and their points weigh the choice.
_BY_ROLE: set[str] = set()


_register = registrar(PATTERNS)


def _pattern(rule: str, *, by_role: bool = False) -> Callable[[Pattern], Pattern]:
    if by_role:
        _BY_ROLE.add(rule)
    return _register(rule)


def _ids(facets: Iterable[_Facet]) -> tuple[str, ...]:
    return tuple(f.id for f in facets)


def _counted(rule: str, facets: tuple[_Facet, ...], table: tuple[int, int, int]) -> _Found:
    """An 'N cards score P, plus E per extra card' category (animals, ribbons)."""
    n = len(facets)
    points = _count_rule(table, n)
    if points:
        key, params = _detail(table, n)
        return _Found(Line(rule, _ids(facets), points, params, key))
    if facets and n < table[0]:
        return _Found(short=_short(rule, _ids(facets), table[0]))
    return _NOTHING


@_pattern("brights")
def _brights(pile: _Pile, p: _Params) -> _Found:
    nb = len(pile.brights)
    if nb >= 3:
        rain = nb == 5 or any(f.rain for f in pile.brights)
        rule, key, points = p.brights[(min(nb, 5), rain)]
        if points:
            return _Found(Line(rule, _ids(pile.brights), points, (("count", nb),)))
        return _Found(note=Note("note.rain-brights-zero", (("n", nb), ("key", key))))
    if nb:
        return _Found(short=_short("brights", _ids(pile.brights), 3))
    return _NOTHING


@_pattern("godori")
def _godori(pile: _Pile, p: _Params) -> _Found:
    if len(pile.birds) == 3 and p.godori:
        return _Found(Line("godori", _ids(pile.birds), p.godori))
    return _NOTHING


@_pattern("animals", by_role=True)
def _animals(pile: _Pile, p: _Params) -> _Found:
    return _counted("animals", pile.animals, p.animals)


@_pattern("ribbons")
def _ribbons(pile: _Pile, p: _Params) -> _Found:
    return _counted("ribbons", pile.ribbons, p.ribbons)


def _ribbon_set(rule: str, pile: _Pile, p: _Params) -> _Found:
    colour, value = p.sets[rule]
    members = [f for f in pile.ribbons if f.colour is colour]
    if len(members) == 3 and value:
        return _Found(Line(rule, _ids(members), value))
    return _NOTHING


@_pattern("hongdan")
def _hongdan(pile: _Pile, p: _Params) -> _Found:
    return _ribbon_set("hongdan", pile, p)


@_pattern("cheongdan")
def _cheongdan(pile: _Pile, p: _Params) -> _Found:
    return _ribbon_set("cheongdan", pile, p)


@_pattern("chodan")
def _chodan(pile: _Pile, p: _Params) -> _Found:
    return _ribbon_set("chodan", pile, p)


@_pattern("junk", by_role=True)
def _junk(pile: _Pile, p: _Params) -> _Found:
    units, counted = pile.units, pile.junk
    points = _count_rule(p.junk, units)
    if not points:
        if counted and units < p.junk[0]:
            return _Found(short=_short("junk", _ids(counted), p.junk[0], units=units,
                                       cards=len(counted)))
        return _NOTHING
    if units != len(counted):
        key, params = _detail(p.junk, units, units=units, cards=len(counted))
    else:
        key, params = _detail(p.junk, units)
        params = (*params, ("units", units))
    return _Found(Line("junk", _ids(counted), points, params, key))


def _sort(cards: Iterable[HanafudaCard], p: _Params) -> _Pile:
    facets = sorted((_facet(c) for c in cards), key=lambda f: f.order)
    junk = tuple(f for f in facets if f.junk)
    return _Pile(
        brights=tuple(f for f in facets if f.kind is Kind.BRIGHT),
        birds=tuple(f for f in facets if f.bird),
        ribbons=tuple(f for f in facets if f.kind is Kind.RIBBON),
        animals=tuple(f for f in facets if f.kind is Kind.ANIMAL),
        junk=junk,
        units=sum(f.bonus_units if f.junk == "bonus" else p.units[f.junk] for f in junk),
    )


class _Roles(NamedTuple):
    """Where the pile's dual-role cards went, and the subtotal each placement gives."""

    duals: tuple[_Facet, ...]  # every dual card of the pile
    stated: tuple[_Facet, ...]  # those whose role the player stated (``force``)
    free: tuple[_Facet, ...]  # the others, placed to score most
    as_junk: tuple[_Facet, ...]  # stated or placed as junk
    k: int  # free dual cards placed as junk
    totals: tuple[int, ...]  # the subtotal with 0, 1, ... free dual cards as junk
    best: int


def _place(pile: _Pile, p: _Params, force: Mapping[str, str], fixed: int) -> _Roles:
    """Place the dual cards: the number of free ones counted as junk that scores most,
    ``fixed`` being the points of the patterns that do not count them."""
    all_duals = tuple(f for f in pile.animals if f.dual and f.dual in p.duals)
    stated = tuple(f for f in all_duals if f.dual in force)
    fixed_junk = tuple(f for f in stated if force[f.dual] == "junk")
    duals = tuple(f for f in all_duals if f.dual not in force)  # the free ones
    jn = len(fixed_junk)

    def subtotal(k: int) -> int:  # k free dual cards counted as junk
        a = _count_rule(p.animals, len(pile.animals) - jn - k)
        return fixed + a + _count_rule(p.junk, pile.units + (jn + k) * p.dual_units)

    totals = tuple(subtotal(k) for k in range(len(duals) + 1))
    best = max(totals)
    ks = [k for k, t in enumerate(totals) if t == best]
    k = ks[0] if p.tie == "animal" else ks[-1]
    as_junk = fixed_junk + (duals[len(duals) - k :] if k else ())
    return _Roles(all_duals, stated, duals, as_junk, k, totals, best)


def _placed(pile: _Pile, roles: _Roles, p: _Params) -> _Pile:
    """The pile with its dual cards counted where ``roles`` placed them."""
    junk_ids = {f.id for f in roles.as_junk}
    return pile._replace(
        animals=tuple(f for f in pile.animals if f.id not in junk_ids),
        junk=tuple(sorted([*pile.junk, *roles.as_junk], key=lambda f: f.order)),
        units=pile.units + len(roles.as_junk) * p.dual_units,
    )


def _choices(roles: _Roles, force: Mapping[str, str], p: _Params) -> tuple[Choice, ...]:
    """Each dual card's role, and why: as stated, or the subtotal either role gives."""
    choices = []
    for f in roles.stated:
        role = force[f.dual]
        choices.append(
            Choice(f.id, role, "choice.stated", (("role", role), ("dual", f.dual)))
        )
    junk_ids = {f.id for f in roles.as_junk}
    best, k = roles.best, roles.k
    for f in roles.free:
        role = "junk" if f.id in junk_ids else "animal"
        other = "animal" if role == "junk" else "junk"
        alt = roles.totals[k - 1] if role == "junk" else roles.totals[k + 1]
        args: Args
        if alt == best:
            key, args = "choice.tie", (("best", best), ("tie", p.tie))
        else:
            key, args = (
                "choice.best",
                (("best", best), ("role", role), ("alt", alt), ("other", other)),
            )
        choices.append(Choice(f.id, role, key, args))
    return tuple(choices)


def count_pile(
    cards: Iterable[HanafudaCard], rules: Rules, force: Mapping[str, str] | None = None
) -> PileScore:
    """Score one pile, giving each dual-role card the role that scores most.

    Only animals and junk depend on the roles, and every dual card is worth one animal or
    ``dual.junk_units`` junk units, so the choice is how many go to junk. Ties go to the
    preset's ``dual.tie`` role (seed 004: "con los animales ganando los empates"). Each
    choice is stated with the subtotal the other role would give. ``force`` maps a dual
    card's name (``cup``, ``bridge``) to the role the player stated (the record's ``cup``).
    """
    p = _params(rules)
    force = force or {}
    pile = _sort(cards, p)
    found = {rule: fn(pile, p) for rule, fn in PATTERNS.items() if rule not in _BY_ROLE}
    roles = _place(pile, p, force, sum(f.points for f in found.values()))
    counted = _placed(pile, roles, p)
    found.update((rule, PATTERNS[rule](counted, p)) for rule in _BY_ROLE)
    shown = [found[rule] for rule in PATTERNS]
    return PileScore(
        lines=tuple(f.line for f in shown if f.line is not None),
        choices=_choices(roles, force, p),
        subtotal=roles.best,
        brights=len(pile.brights),
        animals=len(counted.animals),
        junk_units=counted.units,
        junk_units_protected=pile.units + len(roles.duals) * p.dual_units,
        junk_units_bare=pile.units,
        junk_cards=len(pile.junk) + len(roles.as_junk),
        notes=tuple(f.note for f in shown if f.note is not None),
        unscored=tuple(f.short for f in shown if f.short is not None),
    )


def score_pile(
    cards: Iterable[HanafudaCard], rules: Rules
) -> tuple[tuple[Line, ...], tuple[Choice, ...], int]:
    """The scoring lines of one pile, the dual-role choices made, and the subtotal."""
    pile = count_pile(cards, rules)
    return pile.lines, pile.choices, pile.subtotal


# -- validation ------------------------------------------------------------------------------
def target(rules: Rules, players: int) -> int:
    return rules.num("target.two") if players <= 2 else rules.num("target.three")


if TYPE_CHECKING:
    Bad = Callable[..., None]  # bad(code, English text, **args): records one problem


def check_hand(hand: GoStopHand, rules: Rules) -> GoStopHand:
    """Every problem with the hand at once; returns the hand with plain junk renumbered.

    Plain junk of a month looks alike, so copies are renumbered across piles (a player
    typing '1j' and another typing '1j' hold pine-junk-1 and pine-junk-2).
    """
    problems: list[Problem] = []

    def bad(code: str, **args: Any) -> None:  # said from the catalogs by code and args
        problems.append(Problem(f"gostop.{code}", tuple(args.items()), NAME))

    names = [p.name for p in hand.players]
    _check_players(hand, rules, names, bad)
    _check_deck(hand, rules, bad)
    for p in hand.players:
        _check_counts(p, rules, bad)
    for p in hand.players:
        _check_stated(p, hand, rules, bad)
    _check_events(hand, rules, names, bad)
    _check_big_hand(hand, rules, bad)
    played = [p for p in hand.players if p.instant]
    if len(played) > 1:
        winners = ", ".join(p.name for p in played)
        bad("instant.several", who=winners)
    if played and hand.stopper is not None:
        bad("instant.with-stop",
            who=played[0].name, stopper=hand.stopper,
        )
    if hand.stopper in names and not played:  # even with other problems: all at once
        _check_target(hand, rules, bad)
    if problems:
        raise GoStopError(problems)
    return hand._replace(players=renumbered(hand.players))


def _check_players(hand: GoStopHand, rules: Rules, names: list[str], bad: Bad) -> None:
    """As many players as the preset is for, named apart; the facts name players."""
    n = len(names)
    lo, hi = rules.num("players.min"), rules.num("players.max")
    if not lo <= n <= hi:
        span = f"{lo}" if lo == hi else f"{lo} to {hi}"
        bad("players.count", n=n, preset=rules.preset, span=span)
    dupes = sorted({x for x in names if names.count(x) > 1})
    if dupes:
        bad("players.duplicate-name",
            names=", ".join(dupes))
    for key, value in (("stopped", hand.stopper), ("last_go", hand.last_go),
                       ("dealer", hand.dealer)):
        if value is not None and value not in names:
            bad("fact.not-a-player",
                key=key, value=value, names=", ".join(names))


def _check_deck(hand: GoStopHand, rules: Rules, bad: Bad) -> None:
    """One deck: each named card once, at most as many plain junk / bonus cards as exist."""
    owners, plain = card_holders(hand.players)
    for card, who in owners.items():
        if card.kind is Kind.BONUS:
            allowed = rules.num("deck.bonus_three" if card.bonus_units == 3 else "deck.bonus_two")
            if len(who) > allowed:
                bad("card.bonus-too-many",
                    card=card.id, n=len(who), who=", ".join(who), preset=rules.preset,
                    allowed=allowed,
                )
        elif len(who) > 1:
            bad("card.in-two-piles",
                card=card.id, who=", ".join(who))
    for plant, who, exist in too_much_junk(plain):
        bad("card.junk-too-many",
            n=len(who), plant=plant.value, who=", ".join(who), held=len(exist),
            cards=", ".join(exist),
        )


def _check_counts(p: GoStopPlayer, rules: Rules, bad: Bad) -> None:
    """A player's gos, shakes, bombs and instant win: counts the preset plays."""
    if p.gos < 0 or p.shakes < 0 or p.bombs < 0:
        bad("count.negative",
            who=p.name)
    if p.shakes and rules.num("shake.factor") == 0:
        bad("shake.not-played",
            who=p.name, preset=rules.preset)
    if p.bombs and rules.num("bomb.factor") == 0:
        bad("bomb.not-played",
            who=p.name, preset=rules.preset)
    if p.instant is None:
        return
    if p.instant not in INSTANT_KINDS:
        bad("instant.unknown",
            who=p.name, value=p.instant, kinds=", ".join(INSTANT_KINDS),
        )
    elif rules.num(_instant_key(p.instant)) == 0:
        bad("instant.not-played",
            who=p.name, preset=rules.preset, kind=p.instant,
        )


def _check_stated(p: GoStopPlayer, hand: GoStopHand, rules: Rules, bad: Bad) -> None:
    """What a player's entry states beside his pile: the cup's role, baks, his balance."""
    if p.cup is not None:
        if p.cup not in ("animal", "junk"):
            bad("cup.unknown", who=p.name, value=str(p.cup), shown=repr(p.cup))
        elif "cup" not in rules.texts("dual.cards"):
            bad("cup.not-dual", who=p.name, preset=rules.preset)
    if p.baks is not None:
        _check_baks(p, hand, rules, bad)
    if p.balance is not None and not _is_amount(p.balance):
        shown = "a huge number" if _is_huge(p.balance) else repr(p.balance)
        bad("balance.bad",
            who=p.name, value=shown)


def _check_big_hand(hand: GoStopHand, rules: Rules, bad: Bad) -> None:
    if not isinstance(hand.big_hand, bool):
        bad("big-hand.bad",
            value=repr(hand.big_hand))
    elif hand.big_hand and rules.num("bighand.factor") <= 1:
        bad("big-hand.not-played", preset=rules.preset, key=Key("big_hand"))


def _check_target(hand: GoStopHand, rules: Rules, bad: Bad) -> None:
    """The stopper's pile reaches the preset's target for this many players."""
    n = len(hand.players)
    stopper = next(p for p in hand.players if p.name == hand.stopper)
    need = target(rules, n)
    got = count_pile(stopper.cards, rules, _force(stopper)).subtotal
    if got < need:
        bad("stop.below-target",
            who=stopper.name, got=got, need=need, n=n, preset=rules.preset,
        )


MAX_AMOUNT = 10**12  # chips or prices past this are typing mistakes (and unprintable)
MAX_EVENTS = 64  # side payments in one hand: a few dozen turns at most
MAX_PRICE = 1000


def _is_amount(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and value == value  # not nan
        and 0 <= value <= MAX_AMOUNT
    )


def _is_huge(value: Any) -> bool:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return number and abs(value) > MAX_AMOUNT


def _force(p: GoStopPlayer) -> dict[str, str] | None:
    return {"cup": p.cup} if p.cup in ("animal", "junk") else None


def _payers(event: GoStopEvent) -> list[Any]:
    if event.payers is None:
        return []
    return list(event.payers) if isinstance(event.payers, list | tuple) else [event.payers]


def _check_events(hand: GoStopHand, rules: Rules, names: list[str], bad: Bad) -> None:
    """Each side payment names a known kind, players of the hand, and a price."""
    if len(hand.events) > MAX_EVENTS:
        bad("events.too-many",
            n=len(hand.events), most=MAX_EVENTS)
        return
    joined = ", ".join(names)
    for i, e in enumerate(hand.events, start=1):
        if e.kind not in EVENT_KINDS:
            bad("event.kind", n=i, value=str(e.kind), shown=repr(e.kind),
                kinds=", ".join(EVENT_KINDS))
            continue
        outsider_ok = e.kind == "gwang-selling"  # the seller sits this hand out
        if not isinstance(e.who, str) or not e.who.strip() or (
            e.who not in names and not outsider_ok
        ):
            bad("event.who", n=i, value=str(e.who), shown=repr(e.who), names=joined)
        for payer in _payers(e):
            if payer not in names or payer == e.who:
                bad("event.from", n=i, value=str(payer), shown=repr(payer), names=joined)
        if e.money is not None and e.price is not None:
            bad("event.price-and-money",
                n=i)
        elif e.money is not None and (not _is_amount(e.money) or e.money == 0):
            shown = "a huge number" if _is_huge(e.money) else repr(e.money)
            bad("event.money",
                n=i, value=shown)
        elif e.price is not None and (
            isinstance(e.price, bool) or not isinstance(e.price, int)
            or not 0 < e.price <= MAX_PRICE
        ):
            shown = "a huge number" if _is_huge(e.price) else repr(e.price)
            bad("event.price", n=i, value=shown, most=MAX_PRICE)
        elif e.price is None and e.money is None and rules.num(EVENT_KINDS[e.kind]) == 0:
            bad("event.no-price", n=i, kind=e.kind, key=EVENT_KINDS[e.kind])
        if e.kind == "gwang-selling" and (
            isinstance(e.count, bool) or not isinstance(e.count, int) or not 1 <= e.count <= 5
        ):
            bad("event.count", n=i, value=str(e.count), shown=repr(e.count))


def _check_baks(p: GoStopPlayer, hand: GoStopHand, rules: Rules, bad: Bad) -> None:
    """A loser's typed baks: only under bak.from = typed, known, played, never the winner's."""
    known = ", ".join(TYPED_BAKS)
    if rules.text("bak.from") != "typed":
        bad("baks.not-typed", who=p.name,
            preset=rules.preset)
        return
    listed = p.baks if isinstance(p.baks, list | tuple) else [p.baks]
    for bak in listed:
        if bak not in TYPED_BAKS:
            bad("baks.unknown", who=p.name, value=str(bak), shown=repr(bak), kinds=known)
        elif rules.num(TYPED_BAKS[bak]) <= 1:
            bad("baks.not-played", who=p.name, bak=bak, preset=rules.preset,
                key=TYPED_BAKS[bak])
    if listed and p.name == hand.stopper:
        bad("baks.winner", who=p.name)


def _instant_key(kind: str) -> str:
    return "instant." + kind.replace("-in-", "_in_").replace("-", "_")


# -- the hand ------------------------------------------------------------------------------------
def _go_points(gos: int, rules: Rules) -> tuple[int, int]:
    """(points added, doubling factor) for a player who called ``gos`` gos and stopped."""
    if gos <= 0:
        return 0, 1
    table = rules.ints("go.points")
    points = table[min(gos, len(table)) - 1] if table else 0
    start = rules.num("go.double_from")
    factor = 1
    if start > 0 and gos >= start:
        factor = 2 ** (gos - start + 1)
        if not rules.flag("go.keep_points_when_doubling"):
            points = 0
    return points, factor


def score_hand(hand: GoStopHand, rules: Rules) -> HandResult:
    """Validate, score every pile, apply go points and multipliers, and settle payments."""
    hand = check_hand(hand, rules)
    piles = {p.name: count_pile(p.cards, rules, _force(p)) for p in hand.players}
    notes = override_notes(rules)
    instant = next((p for p in hand.players if p.instant), None)
    winner = instant or next((p for p in hand.players if p.name == hand.stopper), None)

    scores: list[PlayerScore] = []
    per_opponent: list[Multiplier] = []
    payments: list[Payment] = []
    outcome = "nagari"
    stopped = winner is not None and instant is None
    for p in hand.players:
        pile = piles[p.name]
        if p is not winner:
            scores.append(_loser(hand, p, pile, rules, stopped=stopped))
            continue
        if instant is not None:
            outcome = "instant-win"
            score, pays = _instant_win(hand, p, pile, rules)
            scores.append(score)
            payments += pays
            continue
        outcome = "stop"
        score, opp_mults, pays = _winner(hand, p, piles, rules)
        if rules.text("dual.winner_maximises") == "payment":
            score, opp_mults, pays = _best_payment(hand, p, piles, rules, (score, opp_mults, pays))
        scores.append(score)
        per_opponent += opp_mults
        payments += pays
    if outcome == "stop" and winner is not None:
        scores = [
            s if s.player == winner.name else _loser_cup_role(hand, s, piles, winner, rules)
            for s in scores
        ]
    payments += _event_payments(hand, rules)
    payments = _capped(hand, payments)
    if outcome == "nagari":
        notes.append(Note("note.nagari"))
    return HandResult(
        game=NAME,
        preset=rules.preset,
        outcome=outcome,
        winner=winner.name if winner else None,
        players=tuple(scores),
        payments=tuple(payments),
        multipliers=tuple(per_opponent),
        stake=hand.stake,
        currency=hand.currency,
        notes=tuple(notes),
        rules={k: _plain(v) for k, v in rules.values.items()},
    )


def _pile_score(
    name: str,
    pile: PileScore,
    bonuses: tuple[Line, ...] = (),
    mults: tuple[Multiplier, ...] = (),
    total: int = 0,
    notes: tuple[Note, ...] | None = None,
) -> PlayerScore:
    """A player's score: his counted pile, and what the hand adds to it."""
    return PlayerScore(name, pile.lines, pile.subtotal, pile.choices, bonuses, mults, total,
                       pile.notes if notes is None else notes, pile.unscored)


def _loser(
    hand: GoStopHand, p: GoStopPlayer, pile: PileScore, rules: Rules, *, stopped: bool
) -> PlayerScore:
    """A player who did not win; ``stopped``: someone stopped (no nagari, no instant win)."""
    extra: tuple[Note, ...] = ()
    if stopped and p.gos > 0:
        extra = _stopped_go_caller_note(p, pile, rules)
    cups = _cup_notes(pile, rules, n_players=len(hand.players)) if stopped else ()
    return _pile_score(p.name, pile, notes=pile.notes + extra + cups)


def _instant_win(
    hand: GoStopHand, p: GoStopPlayer, pile: PileScore, rules: Rules
) -> tuple[PlayerScore, list[Payment]]:
    """An instant win: its points, times the carried nagari and a big hand, from each."""
    assert p.instant is not None
    rule = f"instant.{p.instant}"
    base = rules.num(_instant_key(p.instant))
    carried = (*_carried(hand, rules), *_big_hand(hand, rules))
    points = base
    for m in carried:
        points *= m.factor
    payments = [
        Payment(
            o.name,
            p.name,
            points,
            _money(points, hand.stake),
            (by_rule(rule), *(times(m.rule, m.factor) for m in carried)),
            (Term(rule, "=", base),) + tuple(Term(m.rule, "x", m.factor, m.args) for m in carried),
        )
        for o in hand.players
        if o is not p
    ]
    return _pile_score(p.name, pile, (Line(rule, (), base),), carried, points), payments


def _best_payment(
    hand: GoStopHand,
    p: GoStopPlayer,
    piles: dict[str, PileScore],
    rules: Rules,
    default: tuple[PlayerScore, list[Multiplier], list[Payment]],
) -> tuple[PlayerScore, list[Multiplier], list[Payment]]:
    """The winner's dual cards in the roles that make the payments largest (meong-bak and
    the losers' baks included), under ``dual.winner_maximises = payment``; ties keep the
    subtotal's choice. The winner's block says which role won and what the other gave."""
    free = [c for c in piles[p.name].choices if c.key != "choice.stated"]
    if not free:
        return default
    from itertools import product

    from scorer.decks.hanafuda import BY_ID

    names = {c.card: _DUAL_NAME[BY_ID[c.card].plant] for c in free}  # type: ignore[index]
    stated = _force(p) or {}
    best, best_total = default, sum(x.points for x in default[2])
    chosen = {names[c.card]: c.role for c in free}
    for roles in product(("animal", "junk"), repeat=len(free)):
        force = {**stated, **{names[c.card]: r for c, r in zip(free, roles, strict=True)}}
        trial = {**piles, p.name: count_pile(p.cards, rules, force)}
        got = _winner(hand, p, trial, rules)
        total = sum(x.points for x in got[2])
        if total > best_total:
            best, best_total, chosen = got, total, dict(force)
    if best is default:
        return default
    score = best[0]
    default_total = sum(x.points for x in default[2])
    choices = tuple(
        Choice(
            c.card,
            chosen[names[c.card]],
            "choice.payment",
            (("best", best_total), ("role", chosen[names[c.card]]), ("alt", default_total)),
        )
        if c.card in names
        else c
        for c in score.choices
    )
    return score._replace(choices=choices), best[1], best[2]


def _event_payments(hand: GoStopHand, rules: Rules) -> list[Payment]:
    """One payment line per payer of each side payment (issue 21 item 8), zero-sum."""
    out: list[Payment] = []
    names = [p.name for p in hand.players]
    for e in hand.events:
        rule = f"event.{e.kind}"
        payers = _payers(e) or [n for n in names if n != e.who]
        if e.money is not None:
            out += _money_event(hand, e, rule, payers)
            continue
        price = e.price if e.price is not None else rules.num(EVENT_KINDS[e.kind])
        terms = [Term(rule, "=", price)]
        points = price
        if e.kind == "gwang-selling" and e.count != 1:
            terms.append(Term("event.brights", "x", e.count, (("n", e.count),)))
            points *= e.count
        for payer in payers:
            out.append(
                Payment(payer, e.who, points, _money(points, hand.stake),
                        (by_rule(rule), *(times(t.rule, t.value) for t in terms[1:])),
                        tuple(terms))
            )
    return out


def _money_event(
    hand: GoStopHand, e: GoStopEvent, rule: str, payers: list[Any]
) -> list[Payment]:
    """A side payment priced in money (issue 35 item 8: gwang-selling at 150 won a bright
    while a point is 100 won, as GoStopCalculator prices it: `sellScorePerLight *
    seller.score`). The money is exact; the points are the whole points it makes at the
    stake, rounded down, as for a capped payment, so both stay zero-sum."""
    each = _plain_num(_exact(e.money))
    count = e.count if e.kind == "gwang-selling" else 1
    money = _plain_num(_exact(e.money) * count)
    points = int(money // _exact(hand.stake)) if hand.stake else 0
    currency = f" {hand.currency}" if hand.currency else ""
    terms = [
        Term(rule, "note"),
        Term("event.money", "each", 0, (("price", format_value(each)), ("currency", currency))),
    ]
    if count != 1:
        terms.append(Term("event.brights", "x", count, (("n", count),)))
    reasons = (by_rule(rule), Note("reason.each", (("price", format_value(each)),
                                                   ("currency", currency)))) + (
        (times("event.brights", count),) if count != 1 else ()
    )
    return [Payment(payer, e.who, points, money, reasons, tuple(terms)) for payer in payers]


def _capped(hand: GoStopHand, payments: list[Payment]) -> list[Payment]:
    """Limited liability: a player with a ``balance`` pays at most that much in all.

    Payments are taken in order (the hand's, then side payments); the one that runs past
    the balance pays what is left, and those after it pay nothing. Each capped payment keeps
    a ``balance.cap`` term saying what was owed. Money is capped; the points follow it
    (whole points, rounded down), so both stay zero-sum.
    """
    left: dict[str, Any] = {}
    for p in hand.players:
        if p.balance is not None:
            left[p.name] = _exact(p.balance)
    if not left:
        return payments
    out = []
    for pay in payments:
        have = left.get(pay.payer)
        if have is None or pay.money <= have:
            if have is not None:
                left[pay.payer] = have - pay.money
            out.append(pay)
            continue
        money = have
        points = int(money // _exact(hand.stake)) if hand.stake else 0
        points = min(points, pay.points)
        left[pay.payer] = 0
        term = Term(
            "balance.cap",
            "cap",
            0,
            (("who", pay.payer), ("balance", format_value(_plain_num(money))),
             ("owed", format_value(_plain_num(pay.money)))),
        )
        out.append(
            pay._replace(
                points=points,
                money=_plain_num(money),
                reasons=(*pay.reasons, Note("reason.capped", (("who", pay.payer),))),
                terms=(*pay.terms, term),
            )
        )
    return out


def _exact(value: Any) -> Any:
    if isinstance(value, float):
        from fractions import Fraction

        return Fraction(str(value))
    return value


def _plain_num(value: Any) -> Any:
    if not isinstance(value, int) and getattr(value, "denominator", None) == 1:
        return int(value)
    return value


def _pibak_limit(rules: Rules, n_players: int) -> int:
    limit = rules.num("pibak.fewer_than")
    if n_players == 3 and rules.num("pibak.fewer_than_three") > 0:
        limit = rules.num("pibak.fewer_than_three")
    return limit


def _loser_cup_role(
    hand: GoStopHand, score: PlayerScore, piles: dict[str, PileScore], winner: GoStopPlayer,
    rules: Rules,
) -> PlayerScore:
    """A loser's dual cards in the role they played in the payment (issue 35 item 5).

    Under ``pibak.cup_protects`` the pi-bak test counts the loser's dual cards as double junk
    (seed 004: "la copa contraria cuenta como doble chatarra para protección"). Where that is
    what keeps the loser out of pi-bak, the cup was put on junk, as the peers report it (6
    plain junk and the cup: 8 units, no pi-bak): the pile is counted so and the choice says
    why. Otherwise the role that scores the loser's own pile most stands.
    """
    pile = piles[score.player]
    n = len(hand.players)
    free = [c for c in pile.choices if c.key != "choice.stated"]
    if not (
        free
        and rules.text("bak.from") != "typed"
        and (not rules.flag("bak.two_players_only") or n == 2)
        and rules.num("pibak.factor") > 1
        and rules.text("pibak.count") != "cards"
        and rules.flag("pibak.cup_protects")
        and (not rules.flag("pibak.needs_junk_score") or piles[winner.name].scored("junk"))
    ):
        return score
    limit = _pibak_limit(rules, n)
    bare, protected = pile.junk_units_bare, pile.junk_units_protected
    if not bare < limit <= protected or (rules.flag("pibak.exempt_no_junk") and bare == 0):
        return score  # pi-bak either way, or never: the cup's role did not decide it
    from scorer.decks.hanafuda import BY_ID

    loser = next(p for p in hand.players if p.name == score.player)
    force = {**(_force(loser) or {}),
             **{_DUAL_NAME[BY_ID[c.card].plant]: "junk" for c in free}}  # type: ignore[index]
    recount = count_pile(loser.cards, rules, force)
    args: Args = (("units", protected), ("limit", limit), ("bare", bare))
    choices = tuple(
        Choice(c.card, "junk", "choice.pibak-protect", args)
        if any(c.card == f.card for f in free) else c
        for c in recount.choices
    )
    return score._replace(lines=recount.lines, subtotal=recount.subtotal, choices=choices,
                          unscored=recount.unscored)


def _cup_notes(pile: PileScore, rules: Rules, *, n_players: int) -> tuple[Note, ...]:
    """How the winner's pi-bak test counted a loser's dual-role cards, when not as chosen.

    With ``pibak.cup_protects`` (Cardavia: "la copa contraria cuenta como doble chatarra
    para protección") every dual card of the loser counts as double junk against pi-bak,
    whatever role scores the loser's own pile most; the explanation must say so.
    """
    bak_ok = rules.text("bak.from") != "typed" and (
        not rules.flag("bak.two_players_only") or n_players == 2
    )
    if not (
        pile.choices
        and bak_ok
        and rules.num("pibak.factor") > 1
        and rules.text("pibak.count") != "cards"
        and rules.flag("pibak.cup_protects")
    ):
        return ()
    from scorer.decks.hanafuda import BY_ID

    units = pile.junk_units_protected
    labels = [BY_ID[c.card].code("kr") for c in pile.choices]
    return tuple(
        Note("note.cup-protects", (("card", label), ("units", units)))
        for label in labels
    )


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _stopped_go_caller_note(p: GoStopPlayer, pile: PileScore, rules: Rules) -> tuple[Note, ...]:
    mode = rules.text("go.stopped_by_other")
    return (Note(f"note.stopped.{mode}", (("gos", p.gos), ("subtotal", pile.subtotal))),)


class _Win(NamedTuple):
    """What the winner's factors read, worked out once: the hand, the winner and his pile."""

    hand: GoStopHand
    p: GoStopPlayer
    pile: PileScore
    rules: Rules
    callers: tuple[GoStopPlayer, ...]  # the opponents who called go
    reverse: int  # reverse go's factor (1 or less: no reverse go)
    go_points: int
    go_factor: int
    meong: bool  # the winner's animals make meong-bak
    meong_each: bool  # ... owed only by a loser without animals
    typed: bool  # the baks as typed on each loser (bak.from = typed)
    bak_ok: bool  # the baks are found from the piles, at this number of players


def _win(hand: GoStopHand, p: GoStopPlayer, pile: PileScore, rules: Rules) -> _Win:
    callers = tuple(o for o in hand.players if o is not p and o.gos > 0)
    # Reverse go (역고) is the winner's go called after an opponent's: gostop-ts declareGo,
    # "역고: 이미 고를 부른 상대가 있으면 성립" (issue 35 item 6). A winner who never called go
    # and stops a go-caller is the plain stop (go-bak / stopper-double, as the rules say).
    # A record gives counts, not their order: a winner's go beside an opponent's is taken
    # as called after it.
    reverse = rules.num("go.reverse_factor") if callers and p.gos > 0 else 1
    go_pts, go_factor = _go_points(p.gos, rules)
    if reverse > 1:  # reverse go: its factor replaces the go factors (issue 21 item 4)
        go_factor = 1
    typed = rules.text("bak.from") == "typed"
    meong = (
        rules.num("meongbak.factor") > 1
        and pile.animals >= rules.num("meongbak.animals")
        and not typed  # typed: meong-bak is a loser's typed bak
    )
    return _Win(
        hand, p, pile, rules, callers, reverse, go_pts, go_factor, meong,
        meong and rules.flag("meongbak.needs_loser_without_animals"), typed,
        not typed and (not rules.flag("bak.two_players_only") or len(hand.players) == 2),
    )


if TYPE_CHECKING:
    WinnerFactor = Callable[[_Win], list[Multiplier]]
    #: The factors on everything the winner is paid, one function each, in the order applied.
WINNER_FACTORS: dict[str, WinnerFactor] = {}
_winner_factor = registrar(WINNER_FACTORS)
LoserFactor = Callable[[_Win, GoStopPlayer, PileScore], list[Multiplier]]
#: The factors on what one loser pays (the baks), one function each, in the order applied.
LOSER_FACTORS: dict[str, LoserFactor] = {}
_loser_factor = registrar(LOSER_FACTORS)


@_winner_factor("go.double")
def _go_double(w: _Win) -> list[Multiplier]:
    if w.go_factor <= 1:
        return []
    start = w.rules.num("go.double_from")
    return [Multiplier("go.double", w.go_factor,
                       args=(("gos", w.p.gos), ("start", start)))]


@_winner_factor("go.caller-stop")
def _caller_stop(w: _Win) -> list[Multiplier]:
    factor = w.rules.num("go.caller_stop_factor")
    if w.p.gos <= 0 or factor <= 1:
        return []
    return [Multiplier("go.caller-stop", factor,
                       args=(("gos", w.p.gos),))]


@_winner_factor("go.reverse")
def _reverse_go(w: _Win) -> list[Multiplier]:
    if w.reverse <= 1:
        return []
    who = ", ".join(o.name for o in w.callers)
    return [Multiplier("go.reverse", w.reverse,
                       args=(("who", who),))]


@_winner_factor("go.stopper-double")
def _stopper_double(w: _Win) -> list[Multiplier]:
    factor = w.rules.num("go.stopper_factor")
    if (w.reverse > 1 or not w.callers or factor <= 1
            or w.rules.text("go.stopped_by_other") != "stopper-double"):
        return []  # reverse go, when it applies, replaces it
    who = ", ".join(o.name for o in w.callers)
    return [Multiplier("go.stopper-double", factor,
                       args=(("who", who),))]


@_winner_factor("meong-bak")
def _meong_bak(w: _Win) -> list[Multiplier]:
    if not w.meong or w.meong_each:
        return []  # meong_each: on each loser without animals (LOSER_FACTORS)
    least = w.rules.num("meongbak.animals")
    return [Multiplier("meong-bak", w.rules.num("meongbak.factor"),
                       args=(("n", w.pile.animals), ("min", least)))]


def _each_doubles(rule: str, count: int, rules: Rules) -> list[Multiplier]:
    """Shakes and bombs: each one doubles (or x factor), or the first only (``*.count``)."""
    factor = rules.num(f"{rule}.factor")
    times = count if rules.text(f"{rule}.count") == "each" else min(count, 1)
    if not count or factor <= 1:
        return []
    return [Multiplier(rule, factor**times, args=(("n", count),))]


@_winner_factor("shake")
def _shake(w: _Win) -> list[Multiplier]:
    return _each_doubles("shake", w.p.shakes, w.rules)


@_winner_factor("bomb")
def _bomb(w: _Win) -> list[Multiplier]:
    return _each_doubles("bomb", w.p.bombs, w.rules)


@_winner_factor("nagari.carry")
def _nagari_carry(w: _Win) -> list[Multiplier]:
    return _carried(w.hand, w.rules)


@_winner_factor("big-hand")
def _big_hand_factor(w: _Win) -> list[Multiplier]:
    return _big_hand(w.hand, w.rules)


@_loser_factor("bak.typed")
def _baks_typed(w: _Win, o: GoStopPlayer, opile: PileScore) -> list[Multiplier]:
    return _typed_baks(o, w.rules) if w.typed else []


@_loser_factor("meong-bak")
def _meong_bak_each(w: _Win, o: GoStopPlayer, opile: PileScore) -> list[Multiplier]:
    if not w.meong_each or opile.animals != 0:
        return []
    least = w.rules.num("meongbak.animals")
    return [Multiplier(
        "meong-bak", w.rules.num("meongbak.factor"), o.name,
        (("n", w.pile.animals), ("min", least), ("who", o.name)), "meong-bak.against",
    )]


@_loser_factor("gwang-bak")
def _gwang_bak(w: _Win, o: GoStopPlayer, opile: PileScore) -> list[Multiplier]:
    factor = w.rules.num("gwangbak.factor")
    if not w.bak_ok or factor <= 1 or opile.brights != 0:
        return []
    if w.rules.flag("gwangbak.needs_bright_score") and not w.pile.scored("brights."):
        return []
    return [Multiplier("gwang-bak", factor, o.name, (("who", o.name),))]


def _pibak_held(opile: PileScore, rules: Rules) -> tuple[int, str]:
    """The junk a loser holds as pi-bak counts it: (count, the unit's word id)."""
    if rules.text("pibak.count") == "cards":
        return opile.junk_cards, "cards"
    if rules.flag("pibak.cup_protects"):
        return opile.junk_units_protected, "protected"
    return opile.junk_units, "units"


@_loser_factor("pi-bak")
def _pi_bak(w: _Win, o: GoStopPlayer, opile: PileScore) -> list[Multiplier]:
    rules = w.rules
    if not w.bak_ok or rules.num("pibak.factor") <= 1:
        return []
    held, unit_key = _pibak_held(opile, rules)
    limit = _pibak_limit(rules, len(w.hand.players))
    # A loser who protects with the cup may as well keep it as an animal: with no
    # other junk that is "0 pi", exempt (p2p-gostop's loser takes the cheaper placement).
    exempt = rules.flag("pibak.exempt_no_junk") and (
        held == 0 or (unit_key == "protected" and opile.junk_units_bare == 0)
    )
    if (
        held >= limit
        or exempt
        or (rules.flag("pibak.needs_junk_score") and not w.pile.scored("junk"))
    ):
        return []
    return [Multiplier(
        "pi-bak", rules.num("pibak.factor"), o.name,
        (("who", o.name), ("held", held), ("unit", unit_key), ("limit", limit)),
    )]


if TYPE_CHECKING:
    _Owed = tuple[GoStopPlayer, int, tuple[Note, ...], tuple[Term, ...]]


def _owed(
    w: _Win, o: GoStopPlayer, opile: PileScore, total: int, bonuses: list[Line],
    mults: list[Multiplier],
) -> tuple[_Owed, list[Multiplier]]:
    """What loser ``o`` owes before go-bak: the winner's total times his own baks, with
    the reasons and terms that say why; and those baks."""
    mine = [m for factor in LOSER_FACTORS.values() for m in factor(w, o, opile)]
    amount = total
    for m in mine:
        amount *= m.factor
    reasons = tuple(plus(b.rule, b.points) for b in bonuses) + tuple(
        times(m.rule, m.factor) for m in (*mults, *mine)
    )
    terms = (
        Term("subtotal", "=", w.pile.subtotal),
        *(Term(b.rule, "+", b.points, b.params) for b in bonuses),
        *(Term(m.rule, "x", m.factor, m.args) for m in (*mults, *mine)),
    )
    return (o, amount, reasons, terms), mine


def _go_bak(w: _Win, owed: list[_Owed]) -> list[Payment]:
    """The payments, with go-bak: the go-caller stopped pays for every loser (and may pay
    ``gobak.factor`` times), as ``go.stopped_by_other = go-bak`` says."""
    hand, rules = w.hand, w.rules
    gobak = (
        _gobak_payer(hand, w.p, rules) if rules.text("go.stopped_by_other") == "go-bak" else None
    )
    gobak_factor = rules.num("gobak.factor")
    payments: list[Payment] = []
    for o, amount, reasons, terms in owed:
        payer = o.name
        if gobak is not None and gobak_factor > 1 and (
            o.name == gobak or rules.text("gobak.factor_on") == "all"
        ):
            amount *= gobak_factor
            reasons = (*reasons, times("go-bak", gobak_factor))
            terms = (*terms, Term("go-bak", "x", gobak_factor))
        if gobak is not None and o.name != gobak:
            payer = gobak
            reasons = (*reasons, Note("reason.go-bak.for", (("payer", gobak), ("other", o.name))))
            terms = (*terms, Term("go-bak", "for", 0, (("payer", gobak), ("other", o.name))))
        elif gobak is not None:
            reasons = (*reasons, by_rule("go-bak"))
            terms = (*terms, Term("go-bak", "note"))
        payments.append(
            Payment(payer, w.p.name, amount, _money(amount, hand.stake), reasons, terms)
        )
    return payments


def _winner(
    hand: GoStopHand, p: GoStopPlayer, piles: dict[str, PileScore], rules: Rules
) -> tuple[PlayerScore, list[Multiplier], list[Payment]]:
    """The winner's score, the factors each loser added, and the payments to him."""
    w = _win(hand, p, piles[p.name], rules)
    bonuses: list[Line] = []
    if w.go_points:
        bonuses.append(
            Line("go.points", (), w.go_points, (("gos", p.gos),), "detail.gos")
        )
    mults = [m for factor in WINNER_FACTORS.values() for m in factor(w)]
    total = w.pile.subtotal + w.go_points
    for m in mults:
        total *= m.factor
    opp_mults: list[Multiplier] = []
    owed: list[_Owed] = []
    for o in hand.players:
        if o is not p:
            one, mine = _owed(w, o, piles[o.name], total, bonuses, mults)
            owed.append(one)
            opp_mults += mine
    payments = _go_bak(w, owed)
    score = _pile_score(p.name, w.pile, tuple(bonuses), tuple(mults), total)
    return score, opp_mults, payments


def _typed_baks(o: GoStopPlayer, rules: Rules) -> list[Multiplier]:
    """A loser's baks as typed (``bak.from = typed``): each doubles (its factor) what he
    pays, whatever the piles hold, as GoStopCalculator's `2^(박 개수)`."""
    return [
        Multiplier(f"{bak}.typed", rules.num(TYPED_BAKS[bak]), o.name, (("who", o.name),))
        for bak in TYPED_BAKS
        if bak in (o.baks or ())
    ]


def _big_hand(hand: GoStopHand, rules: Rules) -> list[Multiplier]:
    """The factor a table agrees on for a whole hand (대판, a big hand: the record's
    ``big_hand = true``, ``bighand.factor``; issue 35 item 8), on every payment of the hand
    but the side payments, which are priced on their own."""
    factor = rules.num("bighand.factor")
    if hand.big_hand is not True or factor <= 1:
        return []
    return [Multiplier("big-hand", factor)]


def _carried(hand: GoStopHand, rules: Rules) -> list[Multiplier]:
    """The nagari carried into this hand, as a factor on what the winner is paid."""
    carry = _carry_factor(hand.carry, rules)
    if carry <= 1:
        return []
    return [Multiplier("nagari.carry", carry,
                       args=(("carry", hand.carry),))]


def _carry_factor(carry: int, rules: Rules) -> int:
    """The nagari factor: ``nagari.factor`` per nagari just before, at most ``nagari.cap``."""
    base = rules.num("nagari.factor")
    if base <= 1 or carry <= 0:
        return 1
    cap = rules.num("nagari.cap")
    factor = base ** min(carry, 64)  # 64 nagari in a row is past any cap worth writing
    return min(factor, cap) if cap else factor


def _gobak_payer(hand: GoStopHand, winner: GoStopPlayer, rules: Rules) -> str | None:
    callers = [o for o in hand.players if o is not winner and o.gos > 0]
    if not callers:
        return None
    if hand.last_go is not None and hand.last_go != winner.name:
        return hand.last_go
    if len(callers) > 1:
        who = ", ".join(o.name for o in callers)
        raise GoStopError(
            [
                Problem(
                    "gostop.go-bak.last-go",
                    (("who", who),),
                )
            ]
        )
    return callers[0].name


__all__ = [
    "GAME",
    "LOSER_FACTORS",
    "PATTERNS",
    "WINNER_FACTORS",
    "GoStopError",
    "GoStopHand",
    "GoStopPlayer",
    "PileScore",
    "check_hand",
    "count_pile",
    "score_hand",
    "score_pile",
    "target",
]


# -- the game interface ---------------------------------------------------------------------
# Counts have bounds that follow from the game: a player holds at most 10 cards (2 players),
# so at most 3 shakes or bombs (three of a month each); each go needs more points than the
# last, and 48 cards leave room for a handful. Past the bound the count is a typing mistake.
MAX_GOS = 12
MAX_SHAKES = 3
MAX_BOMBS = 3
MAX_CARRY = 10  # nagari in a row that a record may carry (2**10 already passes any cap)


def _load_events(raw: Any, origin: str, problems: list[Reported]) -> list[GoStopEvent]:
    """The record's ``[[events]]`` tables as events (problems added to ``problems``)."""
    events: list[GoStopEvent] = []
    if not isinstance(raw, list):
        problems.append(located(origin, "gostop.load.events", catalog=NAME))
        raw = []
    for i, e in enumerate(raw, start=1):
        if not isinstance(e, dict):
            problems.append(located(origin, "gostop.load.event-table", catalog=NAME, n=i))
            continue
        unknown = sorted(set(e) - {"kind", "who", "from", "price", "count", "money"})
        if unknown:
            problems.append(located(
                origin, "gostop.load.event-key", catalog=NAME, n=i, key=unknown[0],
            ))
        paid = e.get("who")
        events.append(
            GoStopEvent(e.get("kind"), paid.strip() if isinstance(paid, str) else paid,
                        e.get("from"), e.get("price"), e.get("count", 1), e.get("money"))
        )
    return events


# The hand form on the web page: what each quick-form option is called there and which
# control shows it (catalog ids; scorer.web.words).
WEB_PLACES: dict[int, tuple[str, ...]] = {2: ("me", "vs"), 3: ("me", "vs1", "vs2")}
WEB_WORDS: dict[str, Wording] = {
    "me": Wording("web.field.captured"),
    "vs": Wording("web.field.captured"),
    "gos": Wording("web.field.gos"),
    "vs_gos": Wording("web.field.gos"),
    "stop": Wording("web.field.stop-called", {"none": "web.field.nobody-stopped"}),
    "shakes": Wording("web.field.shakes", control="each_player"),
    "bombs": Wording("web.field.bombs", control="each_player"),
    "instant": Wording("web.field.instant", {
        "": "web.field.not-at-once",
        "four-in-hand": "web.field.four-in-hand",
        "three-ppuk": "web.field.three-ppuk",
    }, control="each_player", clears="stopped"),
    "cup": Wording("web.field.cup", {
        "": "web.field.cup-best",
        "junk": "web.field.double-junk",
        "animal": "web.field.animal",
    }, control="who_choice", kinds=("junk", "animal")),
    "bak": Wording("web.field.bak-typed", {
        "": "web.field.no-bak",
        "pi-bak": "web.field.pi-bak",
        "gwang-bak": "web.field.gwang-bak",
        "meong-bak": "web.field.meong-bak",
    }, control="who_choice", kinds=("pi-bak", "gwang-bak", "meong-bak")),
    "big_hand": Wording("web.field.big-hand"),
}


class GoStop(Game):
    name = NAME
    words = WEB_WORDS
    places = WEB_PLACES
    aliases = ("go-stop", "hwatu")
    title = "Go-Stop (hwatu)"
    short_title = "Go-Stop"
    deck = "hanafuda"
    months = "kr"  # "Cards use the Korean month numbers" (paulownia 11, rain 12)
    default_preset = "estandar"
    record_keys = ("stopped", "last_go", "carry", "events", "big_hand")
    player_refs = ("stopped", "last_go")
    player_keys = ("name", "cards", "gos", "shakes", "bombs", "instant", "cup", "balance",
                   "baks")
    # one player cannot hold more than the deck: 48 cards and at most 4 + 4 bonus cards
    # (deck.bonus_two, deck.bonus_three in _keys.toml)
    max_pile = len(DECK) + 8
    table_piles = ("me", "vs")
    quick_help = (
        "Score a Go-Stop hand typed at the table: your pile against one or two opponents.\n\n"
        'Example: scorer gostop --rules cardavia --me "1b 3b 8b 1r 2r 3r 4r 6r" '
        '--vs "11b 6j" --gos 1\n'
        "A pile may also be a photo: --vs bo.jpg (uncertain cards are asked for, or --yes). "
        "The players are called me and vs (vs1, vs2 with two opponents)."
    )
    quick_help_es = (
        "Puntúa una mano de Go-Stop escrita en la mesa: tu montón contra uno o dos rivales.\n\n"
        'Ejemplo: scorer gostop --rules cardavia --me "1b 3b 8b 1r 2r 3r 4r 6r" --vs "11b 6j" '
        "--gos 1\n"
        "Un montón también puede ser una foto: --vs bo.jpg (las cartas dudosas se preguntan, o "
        "--yes). Los jugadores son jugador y rival (rival1 y rival2 con dos rivales); me y vs "
        "también valen."
    )
    quick = (
        QuickOption("--me", "me", "str", 'your captured cards, e.g. "1b 3b 8b 2a"', required=True,
                    metavar="CARDS",
                    help_es='tus cartas capturadas, p. ej. "1b 3b 8b 2a"'),
        QuickOption("--vs", "vs", "str", "an opponent's captured cards; repeat for a second "
                    "opponent", repeat=True, required=True, metavar="CARDS",
                    help_es="las cartas capturadas de un rival; repítelo para un segundo rival"),
        QuickOption("--gos", "gos", "int", "gos you called", 0, high=MAX_GOS,
                    help_es="los go que cantaste"),
        QuickOption("--vs-gos", "vs_gos", "int", "gos an opponent called, in --vs order",
                    repeat=True, high=MAX_GOS,
                    help_es="los go que cantó un rival, en el orden de --vs"),
        QuickOption("--stop", "stop", "choice", "who called stop (none: nagari)", "me",
                    choices=("me", "vs", "vs1", "vs2", "none"),
                    help_es="quién cantó stop (nadie: nagari)"),
        QuickOption("--shakes", "shakes", "int", "shakes you declared", 0, high=MAX_SHAKES,
                    help_es="las sacudidas que declaraste"),
        QuickOption("--bombs", "bombs", "int", "bombs you played", 0, high=MAX_BOMBS,
                    help_es="las bombas que jugaste"),
        QuickOption("--instant", "instant", "choice", "you won at once (no stop needed)",
                    choices=INSTANT_KINDS,
                    help_es="ganaste de inmediato (sin cantar stop)"),
        QuickOption("--cup", "cup", "str", "the role a player states for the cup, e.g. "
                    "me:junk or vs:animal (default: the role that scores most)", repeat=True,
                    metavar="WHO:ROLE",
                    help_es="el papel que un jugador da a la copa, p. ej. jugador:sangre o "
                            "rival:animal (por defecto, el que más puntúa)"),
        QuickOption("--bak", "bak", "str", "a bak an opponent suffered, under bak.from = "
                    "typed, e.g. vs:pi-bak or vs2:gwang-bak", repeat=True, metavar="WHO:BAK",
                    help_es="un bak que sufrió un rival, con bak.from = typed, p. ej. "
                            "rival:pi-bak o rival2:gwang-bak"),
        QuickOption("--big-hand", "big_hand", "bool", "the table agreed this hand is a big "
                    "hand (daepan: x bighand.factor)",
                    help_es="la mesa acordó que esta mano es una mano grande (daepan: por "
                            "bighand.factor)"),
    )

    def load(
        self, data: Mapping[str, Any], common: Common, rules: Rules, ctx: LoadContext
    ) -> tuple[Any, list[Reported]]:
        from scorer.decks.base import NotationError
        from scorer.decks.hanafuda import parse_pile
        from scorer.games.record import card_problems

        problems: list[Reported] = []
        allow_bonus = rules.num("deck.bonus_two") + rules.num("deck.bonus_three") > 0
        players: list[GoStopPlayer] = []
        for name, entry in common.players:
            who = Said("about.player", name=repr(name))
            gos = ctx.whole(entry, "gos", who, problems, high=MAX_GOS)
            shakes = ctx.whole(entry, "shakes", who, problems, high=MAX_SHAKES)
            bombs = ctx.whole(entry, "bombs", who, problems, high=MAX_BOMBS)
            instant = entry.get("instant")
            if instant is not None and not isinstance(instant, str):
                problems.append(located(ctx.origin, "gostop.load.instant", about=who, catalog=NAME))
                instant = None
            try:
                cards = parse_pile(str(entry.get("cards", "")), "kr", allow_bonus=allow_bonus)
            except NotationError as err:
                problems += card_problems(err, ctx.origin, who)
                cards = []
            baks = entry.get("baks")
            players.append(
                GoStopPlayer(name, tuple(cards), gos, shakes, bombs, instant,
                             entry.get("cup"), entry.get("balance"),
                             tuple(baks) if isinstance(baks, list) else baks)
            )
        stopped = ctx.name(data, "stopped", problems)
        last_go = ctx.name(data, "last_go", problems)
        carry = ctx.whole(data, "carry", "record", problems, high=MAX_CARRY)
        events = _load_events(data.get("events", []), ctx.origin, problems)
        if problems:
            return None, problems
        hand = GoStopHand(
            tuple(players),
            stopper=stopped,
            **common.hand_facts(),
            last_go=last_go,
            carry=carry,
            events=tuple(events),
            big_hand=data.get("big_hand", False),
        )
        return hand, []

    def check(self, hand: Any, rules: Rules) -> list[Problem]:
        try:
            check_hand(hand, rules)
        except GoStopError as err:
            return list(err.problems)
        return []

    def score(self, hand: Any, rules: Rules) -> HandResult:
        return score_hand(hand, rules)

    def quick_record(self, values: Mapping[str, Any]) -> dict[str, Any]:
        vs: list[str] = list(values["vs"])
        vs_gos: list[int] = list(values.get("vs_gos") or [])
        # The players' names in the output language ("vs pays me"; "rival paga a jugador":
        # names that read in the third person, as every message words them).
        me_name, vs_name = ("jugador", "rival") if values.get("lang") == "es" else ("me", "vs")
        names = [vs_name] if len(vs) == 1 else [f"{vs_name}{i}" for i in range(1, len(vs) + 1)]
        if len(vs) > 2:
            raise quick_error(NAME, "quick.vs-count",
                              n=len(vs))
        if len(vs_gos) > len(vs):
            raise quick_error(NAME, "quick.vs-gos", n=len(vs_gos), vs=len(vs))
        me: dict[str, Any] = {"name": me_name, "cards": values["me"], "gos": values.get("gos", 0)}
        for key in ("shakes", "bombs", "instant"):
            if values.get(key):
                me[key] = values[key]
        big = {"big_hand": True} if values.get("big_hand") else {}
        players = [me] + [
            {"name": n, "cards": c, "gos": vs_gos[i] if i < len(vs_gos) else 0}
            for i, (n, c) in enumerate(zip(names, vs, strict=True))
        ]
        data: dict[str, Any] = {"game": NAME, "players": players, **big}
        stop = values.get("stop", "me")
        # --stop vs names the only opponent, vs1/vs2 one of two (vs1 is also the only one)
        aliases = {"me": me_name, "vs": names[0] if len(vs) == 1 else None, "vs1": names[0]}
        aliases["vs2"] = names[1] if len(vs) > 1 else None
        if stop in aliases and aliases[stop] is None:
            if len(vs) > 1:
                raise quick_error(NAME, "quick.stop-two", stop=stop)
            raise quick_error(NAME, "quick.stop-one", stop=stop)
        who = aliases.get(stop)
        if who and not values.get("instant"):
            data["stopped"] = who
        by_name = {p["name"]: p for p in players}
        lang = values.get("lang", "en")
        # the players --cup and --bak may name, as the output language says them
        known = ", ".join(said(k, lang) for k, v in aliases.items() if v)
        for typed in values.get("cup") or []:  # WHO:ROLE, either part maybe in Spanish
            whom, _, role = (from_spanish(x.strip()) for x in str(typed).partition(":"))
            name = aliases.get(whom, whom) or ""
            if role not in ("animal", "junk") or name not in by_name:
                raise quick_error(NAME, "quick.cup", item=typed, who=known)
            by_name[name]["cup"] = role
        for typed in values.get("bak") or []:
            whom, _, bak = str(typed).partition(":")
            name = aliases.get(from_spanish(whom.strip()), whom.strip()) or ""
            if bak.strip() not in TYPED_BAKS or name not in by_name:
                raise quick_error(NAME, "quick.bak",
                                  item=typed, who=known, kinds=", ".join(TYPED_BAKS))
            by_name[name].setdefault("baks", []).append(bak.strip())
        return data

    def player_range(self, rules: Rules) -> tuple[int, int]:
        return rules.num("players.min"), rules.num("players.max")

    def next_hand(
        self, index: int, data: Mapping[str, Any], result: HandResult, rules: Rules
    ) -> dict[str, Any]:
        """What the next hand of an evening inherits: the nagari carried (``carry``: one
        more after a nagari, none after a payment) and the dealer: the winner deals next;
        after a nagari the same dealer deals again, or the next player (``nagari.dealer``)."""
        carry = data.get("carry", 0)
        carry = carry if isinstance(carry, int) and not isinstance(carry, bool) else 0
        names = [p.player for p in result.players]
        dealer = data.get("dealer")
        out: dict[str, Any] = {}
        if result.outcome == "nagari":
            out["carry"] = min(carry + 1, MAX_CARRY)
            if rules.text("nagari.dealer") == "next" and dealer in names:
                dealer = names[(names.index(dealer) + 1) % len(names)]
        else:
            out["carry"] = 0
            dealer = result.winner
        if isinstance(dealer, str):
            out["dealer"] = dealer
        return out

    def card_label(self, card_id: str) -> str:
        from scorer.decks.hanafuda import BY_ID

        card = BY_ID.get(card_id)
        return card.code(self.months) if card is not None else card_id  # type: ignore[arg-type]


GAME = GoStop()
