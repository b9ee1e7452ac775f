"""Koi-Koi (hanafuda, 2 players) scoring: a finished hand's piles -> yaku, doublings, payment.

Pure: no I/O, no printing. Every value comes from a preset (``presets/koikoi/*.toml``,
quoting seed 003); this module only knows how each yaku is counted. Each yaku is a rule
registered under its id (:data:`YAKU`): a row naming one of the shared counts (brights, a set,
N of a kind, a viewing pair) and what it counts, or a small function of its own;
:func:`count_yaku` runs them over one pile, then drops the yaku another one replaces
(:data:`_SUPERSEDES`).

A winner's score::

    yaku subtotal x2 (7 or more points) x2 (the opponent had called koi-koi)

(seed 003: "Si un jugador acierta 7 o más puntos y su oponente había llamado koi-koi, ambos
obtienen bonificaciones de duplicación por un total de cuatro veces su puntuación").
Months are the Japanese ones (willow / rain 11, paulownia 12): the card codes shown and the
record's ``month`` both use them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.catalog.native import NATIVE
from scorer.decks.hanafuda import (
    DECK,
    HanafudaCard,
    JunkVariant,
    Kind,
    Months,
    Plant,
    RibbonColour,
    sort_key,
)
from scorer.explain import HandResult, Line, Multiplier, Note, Payment, PlayerScore, Term
from scorer.explain import money as _money
from scorer.games.base import (
    Common,
    Game,
    LoadContext,
    Problem,
    QuickOption,
    RecordProblem,
    Reported,
    Wording,
    located,
    quick_error,
)
from scorer.games.hanafuda_common import card_holders, renumbered, too_much_junk
from scorer.games.kit import by_rule, override_notes, per_rules, registrar, times
from scorer.games.rules import Rules
from scorer.i18n import Key, Said
from scorer.options import from_spanish

if TYPE_CHECKING:
    from fractions import Fraction

NAME = "koikoi"
MONTHS: Months = "jp"
INSTANT_KINDS = ("teshi", "kuttsuki")
# A table that plays a weather draw before the hand (issue 35 item 2): rain cancels the
# viewing yaku of both piles, fair leaves them.
WEATHER = ("rain", "fair")
MATCH_LENGTHS = (12, 9, 6, 3)  # seed 003: "12 rondas ... partidas más reducidas de 9, 6 o 3"
# A yaku needs at least one capture turn, and each koi-koi call follows a new yaku; a
# player captures on at most 8 turns of a hand (8 cards dealt each), so 8 calls at most.
MAX_CALLS = 8
PLANTS = tuple(Plant)  # Japanese month order: PLANTS[month - 1]


# -- one pile ---------------------------------------------------------------------------------
class _Params(NamedTuple):
    """The rule values a pile count reads, looked up once per rule set."""

    points: Mapping[str, int]  # rule id -> base points (0 or switched off: never fires)
    extra: Mapping[str, int]  # rule id -> points per card beyond the minimum
    minimum: Mapping[str, int]  # counted yaku: cards needed
    cup_kasu: int  # kasu cards the sake cup counts as (0, 1, 2)
    lightning_kasu: bool
    cup_tane: bool  # the sake cup is a tane card (false: kasu only, cup.tane)
    bright_stack: bool  # every bright yaku the pile holds scores (brights.stack)
    viewing_rain: str  # what cancels the viewing yaku (viewing.rain)
    viewing_needs_other: bool
    viewing_season: str  # off, only, double
    dropped: tuple[tuple[str, str, str], ...]  # (winner, dropped, why) active supersessions


@per_rules
def _params(rules: Rules) -> _Params:
    num, flag = rules.num, rules.flag
    points = {
        "goko": num("brights.goko"),
        "shiko": num("brights.shiko"),
        "ame-shiko": num("brights.ame_shiko"),
        "sanko": num("brights.sanko"),
        "inoshikacho": num("inoshikacho.points"),
        "tane": num("tane.points"),
        "akatan": num("akatan.points"),
        "aotan": num("aotan.points"),
        "akaao": num("akaao.points") if flag("akaao.enabled") else 0,
        "tanzaku": num("tanzaku.points"),
        "tsukifuda": num("tsukifuda.points") if flag("tsukifuda.enabled") else 0,
        "kasu": num("kasu.points"),
        "hanami-zake": num("hanami.points") if flag("hanami.enabled") else 0,
        "tsukimi-zake": num("tsukimi.points") if flag("tsukimi.enabled") else 0,
    }
    extra = {
        "inoshikacho": num("inoshikacho.extra"),
        "tane": num("tane.extra"),
        "akatan": num("akatan.extra"),
        "aotan": num("aotan.extra"),
        "akaao": num("akaao.extra"),
        "tanzaku": num("tanzaku.extra"),
        "kasu": num("kasu.extra"),
    }
    minimum = {"tane": num("tane.min"), "tanzaku": num("tanzaku.min"), "kasu": num("kasu.min")}
    dropped = [("akaao", "akatan", "akaao.enabled"), ("akaao", "aotan", "akaao.enabled")]
    if not flag("stack.inoshikacho_tane"):
        dropped.append(("inoshikacho", "tane", "stack.inoshikacho_tane"))
    if not flag("stack.ribbons_tanzaku"):
        for rule in ("akaao", "akatan", "aotan"):
            dropped.append((rule, "tanzaku", "stack.ribbons_tanzaku"))
    params = _Params(
        points=points,
        extra=extra,
        minimum=minimum,
        cup_kasu={"off": 0, "one": 1, "two": 2}[rules.text("cup.kasu")],
        lightning_kasu=flag("lightning.kasu"),
        cup_tane=flag("cup.tane"),
        bright_stack=flag("brights.stack"),
        viewing_rain=rules.text("viewing.rain"),
        viewing_needs_other=flag("viewing.needs_other_yaku"),
        viewing_season=rules.text("viewing.season"),
        dropped=tuple(dropped),
    )
    return params


class _Pile(NamedTuple):
    """One pile sorted into the groups the yaku look at."""

    brights: tuple[HanafudaCard, ...]
    rain: bool  # the rain man is among the brights
    tane: tuple[HanafudaCard, ...]
    ribbons: tuple[HanafudaCard, ...]
    kasu: tuple[HanafudaCard, ...]  # plain cards that count (the cup and lightning per rules)
    kasu_units: int  # kasu cards counted (the cup may count as two)
    cup: HanafudaCard | None
    ids: frozenset[str]
    cards: tuple[HanafudaCard, ...]
    month_cards: tuple[HanafudaCard, ...]  # cards of the round's month; () when no month
    month: int | None


def _sort(cards: Iterable[HanafudaCard], p: _Params, month: int | None) -> _Pile:
    cards = sorted(cards, key=sort_key)
    brights = tuple(c for c in cards if c.kind is Kind.BRIGHT)
    cup = next((c for c in cards if c.kind is Kind.ANIMAL and c.plant is Plant.CHRYSANTHEMUM),
               None)
    # cup.tane = false: the cup is kasu only, never a tane (issue 35 item 4)
    tane = tuple(c for c in cards if c.kind is Kind.ANIMAL and (p.cup_tane or c is not cup))
    ribbons = tuple(c for c in cards if c.kind is Kind.RIBBON)
    kasu = [
        c
        for c in cards
        if c.kind is Kind.JUNK and (p.lightning_kasu or c.variant is not JunkVariant.LIGHTNING)
    ]
    units = len(kasu)
    if cup is not None and p.cup_kasu:
        kasu.append(cup)
        units += p.cup_kasu
    plant = PLANTS[month - 1] if month is not None and 1 <= month <= 12 else None
    return _Pile(
        brights=brights,
        rain=any(c.is_rain_bright for c in brights),
        tane=tane,
        ribbons=ribbons,
        kasu=tuple(sorted(kasu, key=sort_key)),
        kasu_units=units,
        cup=cup,
        ids=frozenset(c.id for c in cards),
        cards=tuple(cards),
        month_cards=tuple(c for c in cards if c.plant is plant) if plant else (),
        month=month if plant else None,
    )


YakuRule = Callable[[_Pile, _Params], "Line | None"]
#: Every yaku of seed 003, one rule each, in the order they are shown.
YAKU: dict[str, YakuRule] = {}


yaku = registrar(YAKU)


def _ids(cards: Iterable[HanafudaCard]) -> tuple[str, ...]:
    return tuple(c.id for c in cards)


def _counted(rule: str, cards: tuple[HanafudaCard, ...], n: int, p: _Params) -> Line | None:
    """'N cards score P, +E per card beyond N' (Tane, Tanzaku, Kasu)."""
    need, points = p.minimum[rule], p.points[rule]
    if not points or n < need:
        return None
    more = n - need
    key = "detail.extra" if more else "detail.count"
    return Line(rule, _ids(cards), points + more * p.extra[rule],
                (("count", n), ("need", need), ("extra", more)), key)


def _of_kind(rule: str, pile: _Pile, p: _Params, kind: str) -> Line | None:
    """:func:`_counted` over every card of one kind of the pile (``kind``: its field)."""
    cards: tuple[HanafudaCard, ...] = getattr(pile, kind)
    return _counted(rule, cards, len(cards), p)


def _set(rule: str, pile: _Pile, p: _Params, members: tuple[str, ...], kind: str) -> Line | None:
    """A named set of cards, +E per card of the same kind (``kind``: the pile's field) beyond
    the set (seed 003: 'cada carta de tierra / cinta adicional suma 1 punto extra')."""
    pool: tuple[HanafudaCard, ...] = getattr(pile, kind)
    if not p.points[rule] or not all(m in pile.ids for m in members):
        return None
    more = len(pool) - len(members)
    cards = _ids([c for c in pool if c.id in members] + [c for c in pool if c.id not in members])
    return Line(rule, cards, p.points[rule] + more * p.extra.get(rule, 0),
                (("count", len(pool)), ("need", len(members)), ("extra", more)),
                "detail.extra" if more else "")


def _brights(rule: str, pile: _Pile, p: _Params, n: int, rain: bool | None) -> Line | None:
    if p.bright_stack:  # brights.stack: each bright yaku the pile holds, the smaller ones too
        cards = [c for c in pile.brights if rain is not False or not c.is_rain_bright]
        if not p.points[rule] or len(cards) < n or (rain and not pile.rain):
            return None
        return Line(rule, _ids(cards), p.points[rule])
    if not p.points[rule] or len(pile.brights) != n or (rain is not None and pile.rain != rain):
        return None
    return Line(rule, _ids(pile.brights), p.points[rule])


def _viewing(rule: str, pile: _Pile, p: _Params, bright: str) -> Line | None:
    if not p.points[rule] or pile.cup is None or bright not in pile.ids:
        return None
    return Line(rule, (bright, pile.cup.id), p.points[rule])


def _counts(rule: str, count: Callable[..., Line | None], *args: Any) -> None:
    """Register yaku ``rule`` as ``count(rule, pile, p, *args)``: one of the counts above."""
    YAKU[rule] = lambda pile, p: count(rule, pile, p, *args)


# "Cinco luces (Gōko): Las cinco cartas de luz."
_counts("goko", _brights, 5, None)
# "Las cuatro de luz sin la luz del sauce (Hombre de la Lluvia)."
_counts("shiko", _brights, 4, False)
# "Cuatro cartas de luz incluyendo entre ellas la luz del sauce."
_counts("ame-shiko", _brights, 4, True)
# "Tres cartas de luz sin poder ser ninguna la luz del sauce."
_counts("sanko", _brights, 3, False)

_ISC = ("peony-animal", "clover-animal", "maple-animal")  # butterflies, boar, deer
_RED = ("pine-ribbon", "plum-ribbon", "cherry-ribbon")
_BLUE = ("peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon")
assert all(any(c.id == m for c in DECK) for m in (*_ISC, *_RED, *_BLUE))
assert {c.id for c in DECK if c.ribbon_colour is RibbonColour.RED_POEM} == set(_RED)
assert {c.id for c in DECK if c.ribbon_colour is RibbonColour.BLUE} == set(_BLUE)

# "Las cartas de tierra de la peonía (junio), la aulaga o brezo (julio) y el arce (octubre)."
_counts("inoshikacho", _set, _ISC, "tane")
# "Cinco cartas de tierra." The sake cup is a tane card (a 10-point card).
_counts("tane", _of_kind, "tane")
# "Las tres cintas rojas escritas y las tres cintas azules."
_counts("akaao", _set, (*_RED, *_BLUE), "ribbons")
# "Rojas (Akatan): Las tres cintas rojas poéticas."
_counts("akatan", _set, _RED, "ribbons")
# "Azules (Aotan): Las tres cintas azules."
_counts("aotan", _set, _BLUE, "ribbons")
# "Cinco cartas de cinta." (any ribbon, the rain ribbon too)
_counts("tanzaku", _of_kind, "ribbons")


@yaku("tsukifuda")
def _tsukifuda(pile: _Pile, p: _Params) -> Line | None:
    # "Cuatro cartas del mes que toca en el turno."
    if not p.points["tsukifuda"] or len(pile.month_cards) != 4:
        return None
    return Line("tsukifuda", _ids(pile.month_cards), p.points["tsukifuda"],
                (("month", pile.month),))


@yaku("kasu")
def _kasu(pile: _Pile, p: _Params) -> Line | None:
    # "Diez cartas básicas." The cup may count too ("9 básicas + carta kiku").
    line = _counted("kasu", pile.kasu, pile.kasu_units, p)
    if line is not None and pile.kasu_units != len(pile.kasu):
        line = line._replace(key=f"{line.key}.cup", params=(*line.params, ("cup", p.cup_kasu)))
    return line


# "Luz del cerezo (marzo) y copa de sake (carta de tierra del crisantemo, septiembre)."
_counts("hanami-zake", _viewing, "cherry-bright")
# "Carta de la luna (agosto) y copa de sake."
_counts("tsukimi-zake", _viewing, "pampas-bright")


_VIEWING = {"hanami-zake": 3, "tsukimi-zake": 8}  # the cherry-viewing and moon-viewing months
_RAIN_CANCELS: dict[str, Callable[[HanafudaCard], bool]] = {
    "off": lambda c: False,
    "rain-man": lambda c: c.is_rain_bright,
    "rain-man+lightning": lambda c: c.is_rain_bright or c.variant is JunkVariant.LIGHTNING,
    "all-willow": lambda c: c.plant is Plant.WILLOW,
}


def _viewing_rules(fired: dict[str, Line], pile: _Pile, p: _Params,
                   weather: str | None) -> list[Note]:
    """The house rules on the viewing yaku (issue 35 item 2), applied to ``fired`` in place.

    None is in seed 003, which only says they "pueden puntuarse simultáneamente"; they are
    the rules its bibliography points to ("Innumerables hilos en Hanafuda Reddit donde las
    personas han discutido sus propias reglas de la casa"), e.g. r/Hanafuda "What house rules
    do you play with?": rain (a willow card) "spoils sakura viewing".
    """
    notes: list[Note] = []
    viewing = [r for r in _VIEWING if r in fired]
    if not viewing:
        return notes

    def drop(rules: list[str], key: str, args: tuple[tuple[str, Any], ...]) -> None:
        for rule in rules:
            del fired[rule]
            notes.append(Note(key, (("rule", _NATIVE[rule]), *args)))

    if weather == "rain":
        drop(viewing, "note.viewing-weather", ())
        return notes
    spoil = [c for c in pile.cards if _RAIN_CANCELS[p.viewing_rain](c)]
    if spoil:
        codes = " ".join(c.code(MONTHS) for c in spoil)
        drop(viewing, "note.viewing-rain", (("cards", codes), ("mode", p.viewing_rain)))
        return notes
    if p.viewing_season != "off" and pile.month is not None:
        for rule in viewing:
            if pile.month != _VIEWING[rule] and p.viewing_season == "only":
                drop([rule], "note.viewing-season",
                     (("month", pile.month), ("own", _VIEWING[rule])))
            elif pile.month == _VIEWING[rule] and p.viewing_season == "double":
                line = fired[rule]
                fired[rule] = line._replace(
                    points=line.points * 2, key="detail.season", params=(("month", pile.month),))
    if p.viewing_needs_other and all(r in _VIEWING for r in fired):
        drop([r for r in _VIEWING if r in fired], "note.viewing-alone", ())
    return notes


class KoiPile(NamedTuple):
    """One pile counted under one rule set."""

    lines: tuple[Line, ...]
    subtotal: int
    notes: tuple[Note, ...] = ()

    @property
    def has_yaku(self) -> bool:
        return bool(self.lines)


_NATIVE = NATIVE[NAME]  # every yaku has its Japanese name


def count_yaku(cards: Iterable[HanafudaCard], rules: Rules, month: int | None = None,
               weather: str | None = None) -> KoiPile:
    """Every yaku of one pile (``month``: the round's, Japanese numbering; None: unknown).

    Pure; card order does not matter. A yaku another one replaces is dropped and said in a
    note (Akatan-Aotan in place of Akatan and Aotan; the stacking switches).
    """
    p = _params(rules)
    pile = _sort(cards, p, month)
    fired: dict[str, Line] = {}
    for rule, fn in YAKU.items():
        line = fn(pile, p)
        if line is not None:
            fired[rule] = line
    notes: list[Note] = _viewing_rules(fired, pile, p, weather)
    for winner, dropped, key in p.dropped:
        if winner in fired and dropped in fired:
            del fired[dropped]
            notes.append(
                Note("note.superseded",
                     (("rule", _NATIVE[dropped]), ("by", _NATIVE[winner]), ("key", key)))
            )
    if len(pile.brights) == 3 and pile.rain and p.points["sanko"]:
        notes.append(
            Note("note.rain-sanko")
        )
    if month is None and p.points["tsukifuda"]:
        plants = [c.plant for c in pile.cards]
        if any(plants.count(pl) == 4 for pl in set(plants)):
            notes.append(
                Note("note.no-month")
            )
    lines = tuple(fired.values())
    return KoiPile(lines, sum(line.points for line in lines), tuple(notes))


# -- the hand ---------------------------------------------------------------------------------
class KoiPlayer(NamedTuple):
    """One player's captured pile and the facts of the hand about them."""

    name: str
    cards: tuple[HanafudaCard, ...] = ()
    koikoi: int = 0  # koi-koi calls this hand
    dealt: str | None = None  # an instant win from the dealt hand: teshi | kuttsuki
    dealt_cards: tuple[HanafudaCard, ...] = ()  # the 8 cards dealt, when the record gives them


class KoiHand(NamedTuple):
    """A finished hand of Koi-Koi."""

    players: tuple[KoiPlayer, ...]
    stopper: str | None = None  # None, no instant win, no redeal: nobody scored (oya-ken)
    stake: int | Fraction | float = 1
    currency: str = ""
    dealer: str | None = None  # the oya
    month: int | None = None  # the round's month, Japanese numbering
    round: int | None = None  # the round's number in a match (1-based)
    redeal: str | None = None  # the table was dealt teshi / kuttsuki: a redeal
    weather: str | None = None  # a table's weather draw: rain cancels the viewing yaku
    field_cards: tuple[HanafudaCard, ...] = ()  # the table's 8 dealt cards, when given


DEAL_SIZE = 8  # seed 003: "el oya reparte ocho cartas al ko (boca abajo), luego a la mesa"


def _dealt_list(value: Any, what: str, ctx: LoadContext,
                problems: list[Reported]) -> tuple[HanafudaCard, ...]:
    """A dealt hand or field as typed (``dealt_cards``, ``field_cards``); () when absent."""
    from scorer.decks.base import NotationError
    from scorer.decks.hanafuda import parse_pile
    from scorer.games.record import card_problems

    if value is None:
        return ()
    try:
        return tuple(parse_pile(str(value), MONTHS, allow_bonus=False))
    except NotationError as err:
        problems += card_problems(err, ctx.origin, what)
        return ()


def _dealt_yaku(cards: tuple[HanafudaCard, ...]) -> tuple[str, Line] | None:
    """Teshi or Kuttsuki in 8 dealt cards, with the month or the pairs that make it.

    Seed 003: "Teshi: Recibir cuatro cartas del mismo palo"; "Kuttsuki: Ser repartido
    cuatro pares de cartas con palos iguales".
    """
    by_month: dict[int, list[HanafudaCard]] = {}
    for c in cards:
        by_month.setdefault(PLANTS.index(c.plant) + 1, []).append(c)  # type: ignore[arg-type]
    four = sorted(m for m, cs in by_month.items() if len(cs) == 4)
    if four:
        m = four[0]
        plant = PLANTS[m - 1].value
        return "teshi", Line("teshi", _ids(sorted(by_month[m], key=sort_key)), 0,
                             (("month", m), ("plant", plant)), "detail.teshi")
    if len(cards) == DEAL_SIZE and len(by_month) == 4 and all(
        len(cs) == 2 for cs in by_month.values()
    ):
        months = " ".join(str(m) for m in sorted(by_month))
        return "kuttsuki", Line("kuttsuki", _ids(sorted(cards, key=sort_key)), 0,
                                (("months", months),), "detail.kuttsuki")
    return None


def _deal_problems(hand: KoiHand) -> list[Problem]:
    """The dealt lists: 8 cards each, no card dealt twice, and, where the deal ended the hand
    (an instant win, a redeal), no captured cards: each problem in one line."""
    out: list[Problem] = []
    lists = [(p.name, p.dealt_cards) for p in hand.players if p.dealt_cards]
    if hand.field_cards:
        lists.append(("the table", hand.field_cards))
    for who, cards in lists:
        if len(cards) != DEAL_SIZE:
            out.append(_problem("dealt-count", who=who, n=len(cards), size=DEAL_SIZE))
    seen: dict[str, list[str]] = {}
    plain: dict[Plant, list[str]] = {}
    for who, cards in lists:
        for c in cards:
            if c.kind is Kind.JUNK and c.variant is JunkVariant.PLAIN:
                assert c.plant is not None
                plain.setdefault(c.plant, []).append(who)
            else:
                seen.setdefault(c.code(MONTHS), []).append(who)
    for code, holders in seen.items():
        if len(holders) > 1:
            names = ", ".join(holders)
            out.append(_problem("dealt-twice",
                                card=code, who=names))
    for plant, holders in plain.items():
        held = sum(1 for c in DECK if c.plant is plant and c.variant is JunkVariant.PLAIN)
        if len(holders) > held:
            names = ", ".join(holders)
            out.append(_problem("dealt-too-many-junk",
                                n=len(holders), plant=plant.value, who=names, held=held))
    found = [p.dealt for p in hand.players if p.dealt] or ([hand.redeal] if hand.redeal else [])
    for p in hand.players:
        if p.dealt_cards and p.dealt is not None:
            got = _dealt_yaku(p.dealt_cards)
            if got is None or got[0] != p.dealt:
                shown = got[0] if got else "neither teshi nor kuttsuki"
                out.append(_problem("dealt-disagrees", who=p.name, value=p.dealt,
                                    found=shown))
        if found and lists and p.cards:
            codes = " ".join(c.code(MONTHS) for c in p.cards)
            out.append(_problem("dealt-and-pile", who=p.name, cards=codes,
                                kind=found[0]))
    return out


def _problem(code: str, **args: Any) -> Problem:
    return Problem(f"koikoi.{code}", tuple(args.items()), NAME)


def check_hand(hand: KoiHand, rules: Rules) -> list[Problem]:
    """Every problem with the hand at once (empty: it can be scored)."""
    out = _check_table(hand, rules)
    out += _check_deck(hand)
    out += _deal_problems(hand)
    out += _check_calls(hand, rules)
    if any(p.dealt is not None for p in hand.players) or hand.redeal is not None:
        return out
    return out + _check_yaku(hand, rules)


def _check_table(hand: KoiHand, rules: Rules) -> list[Problem]:
    """Two players, a month and a round the match has, a stopper who plays."""
    out: list[Problem] = []
    names = [p.name for p in hand.players]
    if len(names) != 2:
        out.append(_problem("players",
                            n=len(names)))
    if hand.month is not None and not 1 <= hand.month <= 12:
        out.append(_problem("unknown-month", month=hand.month, key=Key("month", hand.month)))
    rounds = rules.num("match.rounds")
    if rounds not in MATCH_LENGTHS:
        out.append(_problem("match-rounds", rounds=rounds))
    elif hand.round is not None and hand.round > rounds:
        out.append(_problem("match-too-long", round=hand.round, rounds=rounds))
    if hand.stopper is not None and hand.stopper not in names:
        out.append(_problem("unknown-player", who=hand.stopper,
                            names=", ".join(names)))
    return out


def _check_deck(hand: KoiHand) -> list[Problem]:
    """One deck: each card once; plain junk of a month look alike, so count them per plant."""
    out: list[Problem] = []
    owners, plain = card_holders(hand.players)
    for card, who in owners.items():
        if len(who) > 1:
            out.append(_problem("card-in-both-piles", card=card.id, who=", ".join(who)))
    for plant, who, exist in too_much_junk(plain):
        out.append(_problem("too-many-junk",
                            n=len(who), plant=plant.value, who=", ".join(who),
                            held=len(exist)))
    return out


def _check_calls(hand: KoiHand, rules: Rules) -> list[Problem]:
    """Koi-koi calls, instant wins at the deal and a redeal: what can go together."""
    out: list[Problem] = []
    multiple = rules.flag("koikoi.multiple")
    dealt = [p for p in hand.players if p.dealt is not None]
    for p in hand.players:
        if p.koikoi > 1 and not multiple:
            out.append(_problem("second-call", who=p.name, calls=p.koikoi,
                                preset=rules.preset))
        if p.dealt is not None and p.dealt not in INSTANT_KINDS:
            out.append(_problem("unknown-dealt", who=p.name, value=p.dealt))
        if p.dealt is not None and p.koikoi:
            out.append(_problem("instant-and-call", who=p.name, kind=p.dealt))
    if len(dealt) > 1:
        both = ", ".join(p.name for p in dealt)
        out.append(_problem("two-instant-wins",
                            who=both))
    if dealt and hand.stopper is not None:
        out.append(_problem("instant-and-stop", who=dealt[0].name,
                            kind=dealt[0].dealt, stopper=hand.stopper))
    if hand.redeal is not None:
        if hand.redeal not in INSTANT_KINDS:
            out.append(_problem("unknown-redeal",
                                value=hand.redeal))
        if dealt or hand.stopper is not None or any(p.koikoi for p in hand.players):
            out.append(_problem("redeal-and-play", kind=hand.redeal))
    return out


def _check_yaku(hand: KoiHand, rules: Rules) -> list[Problem]:
    """Who stopped or called holds a yaku, and who holds one stopped or called."""
    out: list[Problem] = []
    month = hand.month if hand.month is not None and 1 <= hand.month <= 12 else None
    for p in hand.players:  # even with other problems: all at once
        pile = count_yaku(p.cards, rules, month, hand.weather)
        if p.name == hand.stopper and not pile.has_yaku:
            out.append(_problem("stop-without-yaku",
                                who=p.name))
        elif p.koikoi and not pile.has_yaku:
            out.append(_problem("call-without-yaku", who=p.name))
        elif pile.has_yaku and p.name != hand.stopper and not p.koikoi:
            made = ", ".join(_NATIVE[line.rule] for line in pile.lines)
            out.append(_problem("yaku-without-call", who=p.name, made=made))
    if hand.stopper is None and hand.dealer is None and rules.num("oyaken.points"):
        out.append(_problem("draw-without-dealer"))
    return out


def _round_note(hand: KoiHand) -> Note | None:
    args: list[tuple[str, Any]] = []
    if hand.round is not None:
        args.append(("round", hand.round))
    if hand.month is not None:
        args += [("month", hand.month), ("plant", PLANTS[hand.month - 1].value)]
    if hand.dealer is not None:
        args.append(("dealer", hand.dealer))
    if not args:
        return None
    key = "note.round." + "-".join(k for k, _ in args if k != "plant")
    return Note(key, tuple(args))


def score_hand(hand: KoiHand, rules: Rules) -> HandResult:
    """Score a checked hand: the yaku, the doublings, oya-ken or an instant win, the payment."""
    from scorer.games.base import GameError

    problems = check_hand(hand, rules)
    if problems:
        raise GameError(problems)
    notes = override_notes(rules)
    head = _round_note(hand)
    if head is not None:
        notes.insert(0, head)
    piles = {p.name: count_yaku(p.cards, rules, hand.month, hand.weather)
             for p in hand.players}
    dealt = next((p for p in hand.players if p.dealt), None)
    scores: dict[str, PlayerScore] = {
        p.name: PlayerScore(p.name, piles[p.name].lines, piles[p.name].subtotal,
                            notes=piles[p.name].notes + _call_note(p))
        for p in hand.players
    }
    payments: list[Payment] = []
    winner: str | None = None
    if hand.redeal is not None:
        outcome = "redeal"
        notes.append(_redeal_note(hand))
    elif dealt is not None:
        outcome, winner = "instant-win", dealt.name
        payments.append(_instant_win(hand, dealt, scores, rules))
    elif hand.stopper is not None:
        outcome, winner = "stop", hand.stopper
        payments.append(_stopped(hand, piles, scores, rules))
    else:
        outcome = "draw"
        payments += _oya_ken(hand, scores, rules, notes)
    return HandResult(
        game=NAME,
        preset=rules.preset,
        outcome=outcome,
        winner=winner,
        players=tuple(scores[p.name] for p in hand.players),
        payments=tuple(payments),
        stake=hand.stake,
        currency=hand.currency,
        notes=tuple(notes),
        rules={k: list(v) if isinstance(v, tuple) else v for k, v in rules.values.items()},
    )


def _redeal_note(hand: KoiHand) -> Note:
    """The table was dealt four of a month or four pairs: redealt, no score."""
    found = _dealt_yaku(hand.field_cards) if hand.field_cards else None
    if found is None:
        return Note("note.redeal", (("kind", hand.redeal),))
    line = found[1]
    codes = " ".join(_code(c) for c in line.cards)
    return Note(f"note.redeal-cards.{found[0]}",
                (("kind", hand.redeal), *line.params, ("cards", codes)))


def _instant_win(
    hand: KoiHand, dealt: KoiPlayer, scores: dict[str, PlayerScore], rules: Rules
) -> Payment:
    """A player dealt teshi or kuttsuki wins at once; his score is updated in ``scores``."""
    assert dealt.dealt is not None
    points = rules.num(f"instant.{dealt.dealt}")
    loser = _other(hand, dealt.name)
    found = _dealt_yaku(dealt.dealt_cards) if dealt.dealt_cards else None
    line = found[1]._replace(points=points) if found else Line(dealt.dealt, (), points)
    scores[dealt.name] = scores[dealt.name]._replace(bonuses=(line,), total=points)
    return Payment(loser, dealt.name, points, _money(points, hand.stake),
                   (by_rule(dealt.dealt),), (Term(dealt.dealt, "=", points),))


def _stopped(
    hand: KoiHand, piles: Mapping[str, KoiPile], scores: dict[str, PlayerScore], rules: Rules
) -> Payment:
    """The stopper is paid; a caller he stopped wins nothing (``scores`` updated)."""
    assert hand.stopper is not None
    score, pay = _stop(hand, piles, rules)
    scores[hand.stopper] = score
    caller = next(p for p in hand.players if p.name != hand.stopper)
    if caller.koikoi:
        # "el oponente gana el doble de su puntaje y el que llama no gana nada"
        lost = scores[caller.name]
        scores[caller.name] = lost._replace(notes=lost.notes + (Note(
            "note.caller-lost", (("who", hand.stopper),)),))
    return pay


def _oya_ken(
    hand: KoiHand, scores: dict[str, PlayerScore], rules: Rules, notes: list[Note]
) -> list[Payment]:
    """Nobody scored: oya-ken pays the dealer (``scores`` and ``notes`` updated)."""
    points = rules.num("oyaken.points")
    if not points or hand.dealer is None:
        notes.append(Note("note.oyaken-none"))
        return []
    ko = _other(hand, hand.dealer)
    scores[hand.dealer] = scores[hand.dealer]._replace(
        bonuses=(Line("oya-ken", (), points),), total=points
    )
    notes.append(Note("note.oyaken", (("points", points), ("dealer", hand.dealer))))
    return [Payment(ko, hand.dealer, points, _money(points, hand.stake),
                    (by_rule("oya-ken"),), (Term("oya-ken", "=", points),))]


def _code(card_id: str) -> str:
    from scorer.decks.hanafuda import BY_ID

    return BY_ID[card_id].code(MONTHS)


def _other(hand: KoiHand, name: str) -> str:
    return next(p.name for p in hand.players if p.name != name)


def _call_note(p: KoiPlayer) -> tuple[Note, ...]:
    if not p.koikoi:
        return ()
    return (Note("note.calls", (("n", p.koikoi),)),)


def _stop(hand: KoiHand, piles: Mapping[str, KoiPile], rules: Rules) -> tuple[PlayerScore, Payment]:
    assert hand.stopper is not None
    me = next(p for p in hand.players if p.name == hand.stopper)
    other = next(p for p in hand.players if p is not me)
    pile = piles[me.name]
    mults: list[Multiplier] = []
    limit = rules.num("seven.threshold")
    if rules.flag("seven.enabled") and pile.subtotal >= limit:
        # "Si un jugador tiene yaku con un total de 7 o más puntos ... gana el doble"
        mults.append(Multiplier("seven-double", 2,
                                args=(("points", pile.subtotal), ("min", limit))))
    mult = _koikoi_multiplier(me, other, rules)
    if mult is not None:
        mults.append(mult)
    total = pile.subtotal
    for m in mults:
        total *= m.factor
    notes = pile.notes + _call_note(me)
    terms = (Term("subtotal", "=", pile.subtotal),
             *(Term(m.rule, "x", m.factor, m.args) for m in mults))
    pay = Payment(other.name, me.name, total, _money(total, hand.stake),
                  tuple(times(m.rule, m.factor) for m in mults), terms)
    score = PlayerScore(me.name, pile.lines, pile.subtotal, (), (), tuple(mults), total, notes)
    return score, pay


def _koikoi_multiplier(me: KoiPlayer, other: KoiPlayer, rules: Rules) -> Multiplier | None:
    """The koi-koi doubling of a stop: whose calls count (``koikoi.doubles_on``) and how much
    they double (``koikoi.penalty``)."""
    penalty = rules.text("koikoi.penalty")
    on = rules.text("koikoi.doubles_on")
    # opponent: seed 003 "si su oponente logra formar un yaku antes de que el que llama forme
    # otro, el oponente gana el doble de su puntaje"; own / any: the apps that double the
    # caller's own score when the caller goes on and then stops (issue 35 item 3).
    counted = {"opponent": (other,), "own": (me,), "any": (me, other)}[on]
    calls = sum(p.koikoi for p in counted)
    if not calls or penalty == "none":
        return None
    # per-call: x2 for each call, compounding (x2, x4, x8): each koi-koi is one more doubling,
    # "ya que su puntuación se habría duplicado" (seed 003); docs/koikoi.md's "x2 per call".
    factor = 2**calls if penalty == "per-call" else 2
    # "times" is no word any catalog says (they choose "1 vez", "2 veces" by plural forms):
    # JSON's payment terms have always carried it
    times = "time" if calls == 1 else "times"
    if on == "opponent" or (on == "any" and not me.koikoi):
        return Multiplier("koikoi-double", factor,
                          args=(("who", other.name), ("n", calls), ("mode", penalty),
                                ("times", times)))
    if on == "own" or not other.koikoi:
        return Multiplier("koikoi-own-double", factor, args=(("who", me.name), ("n", calls),
                                                   ("mode", penalty), ("times", times)))
    return Multiplier("koikoi-any-double", factor,
                      args=(("n", calls), ("mode", penalty), ("times", times),
                            ("me", me.name), ("mine", me.koikoi), ("other", other.name),
                            ("theirs", other.koikoi)))


def _load_player(
    name: str, entry: Mapping[str, Any], ctx: LoadContext, problems: list[Reported]
) -> KoiPlayer:
    """One player's entry: pile, koi-koi calls, what he was dealt (problems added)."""
    from scorer.decks.base import NotationError
    from scorer.decks.hanafuda import parse_pile
    from scorer.games.record import card_problems

    who = Said("about.player", name=repr(name))
    calls = ctx.whole(entry, "koikoi", who, problems, high=MAX_CALLS)
    dealt = entry.get("dealt")
    if dealt is not None and not isinstance(dealt, str):
        problems.append(_said(ctx.origin, "load.dealt",
                              about=who))
        dealt = None
    try:
        cards = parse_pile(str(entry.get("cards", "")), MONTHS, allow_bonus=False)
    except NotationError as err:
        problems += card_problems(err, ctx.origin, who)
        cards = []
    dealt_cards = _dealt_list(entry.get("dealt_cards"), f"{who}: dealt_cards", ctx, problems)
    if dealt is None and dealt_cards:
        found = _dealt_yaku(dealt_cards)
        dealt = found[0] if found else None
    return KoiPlayer(name, tuple(cards), calls, dealt, dealt_cards)


# The hand form on the web page: what each quick-form option is called there and which
# control shows it (catalog ids; scorer.web.words).
WEB_PLACES: dict[int, tuple[str, ...]] = {2: ("me", "vs")}
WEB_WORDS: dict[str, Wording] = {
    "me": Wording("web.field.captured"),
    "vs": Wording("web.field.captured"),
    "month": Wording("web.field.month"),
    "koikoi": Wording("web.field.koikoi-calls", control="who_number"),
    "stop": Wording("web.field.stopped", {"none": "web.field.nobody-scored"}),
    "dealer": Wording("web.field.dealer"),
    "dealt": Wording("web.field.dealt", {
        "": "web.field.no-dealt-win",
        "teshi": "web.field.teshi",
        "kuttsuki": "web.field.kuttsuki",
    }, control="who_choice", kinds=("teshi", "kuttsuki")),
    "redeal": Wording("web.field.redeal", {
        "teshi": "web.field.teshi",
        "kuttsuki": "web.field.kuttsuki",
    }),
}


class KoiKoi(Game):
    name = NAME
    words = WEB_WORDS
    places = WEB_PLACES
    aliases = ("koi-koi", "hanafuda")
    title = "Koi-Koi (hanafuda)"
    short_title = "Koi-Koi"
    deck = "hanafuda"
    months = "jp"  # seed 003: the rain man is "del palo del mes de noviembre"
    default_preset = "labsk"
    series_name = "match"
    record_keys = ("stopped", "month", "round", "redeal", "weather", "field_cards")
    player_refs = ("stopped",)
    player_keys = ("name", "cards", "koikoi", "dealt", "dealt_cards")
    max_pile = len(DECK)  # one deck of 48 cards: no pile holds more
    table_piles = ("me", "vs")
    quick_help = (
        "Score a Koi-Koi hand typed at the table: your pile against the other player's.\n\n"
        'Example: scorer koikoi --me "1b 3b 8b 9a" --vs "2a 6a 7a 10a 11a" --month 3 '
        "--koikoi vs:1\n"
        "Cards use the Japanese months (willow / rain 11, paulownia 12). The players are "
        "called me and vs (jugador and rival with --lang es); a pile may also be a photo "
        "(--vs bo.jpg)."
    )
    quick_help_es = (
        "Puntúa una mano de Koi-Koi escrita en la mesa: tu montón contra el del otro jugador.\n\n"
        'Ejemplo: scorer koikoi --me "1b 3b 8b 9a" --vs "2a 6a 7a 10a 11a" --month 3 --koikoi '
        "vs:1\n"
        "Las cartas llevan los meses japoneses (sauce / lluvia 11, paulonia 12). Los jugadores "
        "son jugador y rival (me y vs también valen); un montón también puede ser una foto (--vs "
        "bo.jpg)."
    )
    quick = (
        QuickOption("--me", "me", "str", 'your captured cards, e.g. "1b 3b 8b 9a"', "",
                    metavar="CARDS",
                    help_es='tus cartas capturadas, p. ej. "1b 3b 8b 9a"'),
        QuickOption("--vs", "vs", "str", "the other player's captured cards", "",
                    metavar="CARDS",
                    help_es="las cartas capturadas del otro jugador"),
        QuickOption("--month", "month", "int", "the round's month, 1-12 (Japanese: willow 11)",
                    metavar="N",
                    help_es="el mes de la mano, de 1 a 12 (japonés: sauce 11)"),
        QuickOption("--koikoi", "koikoi", "str", "koi-koi calls of a player, WHO:N (me:1, vs:2)",
                    repeat=True, metavar="WHO:N",
                    help_es="los koi-koi que cantó un jugador, QUIÉN:N (jugador:1, rival:2)"),
        QuickOption("--stop", "stop", "choice", "who stopped (default me; none: nobody "
                    "scored, oya-ken)", choices=("me", "vs", "none"),
                    help_es="quién paró (por defecto jugador; nadie: nadie puntuó, oya-ken)"),
        QuickOption("--dealer", "dealer", "choice", "who dealt (the oya)", choices=("me", "vs"),
                    help_es="quién repartió (el oya)"),
        QuickOption("--dealt", "dealt", "str", "an instant win from the dealt hand, WHO:KIND "
                    "(me:teshi, vs:kuttsuki)", metavar="WHO:KIND",
                    help_es="una victoria inmediata de la mano repartida, QUIÉN:TIPO "
                            "(jugador:teshi, rival:kuttsuki)"),
        QuickOption("--redeal", "redeal", "choice", "the table was dealt teshi or kuttsuki: "
                    "a redeal", choices=INSTANT_KINDS,
                    help_es="la mesa salió teshi o kuttsuki: se reparte de nuevo"),
    )

    def load(
        self, data: Mapping[str, Any], common: Common, rules: Rules, ctx: LoadContext
    ) -> tuple[Any, list[Reported]]:
        problems: list[Reported] = []
        players = [_load_player(name, entry, ctx, problems) for name, entry in common.players]
        stopped = ctx.name(data, "stopped", problems)
        month = _int_or_none(data, "month", ctx, problems)
        rnd = _int_or_none(data, "round", ctx, problems)
        if rnd is not None and rnd < 1:
            problems.append(_said(ctx.origin, "load.round", round=rnd))
        redeal = data.get("redeal")
        if redeal is not None and not isinstance(redeal, str):
            problems.append(_said(ctx.origin, "load.redeal"))
            redeal = None
        weather = data.get("weather")
        if weather is not None and weather not in WEATHER:
            shown = repr(weather) if isinstance(weather, str) else repr(str(weather))[:40]
            problems.append(_said(ctx.origin, "load.weather",
                                  value=shown))
            weather = None
        field = _dealt_list(data.get("field_cards"), "field_cards", ctx, problems)
        if redeal is None and field:
            found = _dealt_yaku(field)
            redeal = found[0] if found else None
        if problems:
            return None, problems
        hand = KoiHand(
            tuple(players),
            stopper=stopped,
            **common.hand_facts(),
            month=month,
            round=rnd,
            redeal=redeal,
            weather=weather,
            field_cards=field,
        )
        return hand._replace(players=renumbered(hand.players)), []

    def check(self, hand: Any, rules: Rules) -> list[Problem]:
        return check_hand(hand, rules)

    def score(self, hand: Any, rules: Rules) -> HandResult:
        return score_hand(hand, rules)

    def player_range(self, rules: Rules) -> tuple[int, int]:
        return 2, 2  # "Koi-Koi is for 2 players" (check_hand)

    def series_start(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A match's first hand is round 1 (its notes said no round, the next 'round 2')."""
        return {} if "round" in data else {"round": 1}

    def series_count(self, hands: Sequence[HandResult]) -> int:
        """The rounds a match played: a redeal "does not use up a round" (next_hand)."""
        return sum(h.outcome != "redeal" for h in hands)

    def next_hand(
        self, index: int, data: Mapping[str, Any], result: HandResult, rules: Rules
    ) -> dict[str, Any]:
        """The next round's number, month and dealer: the winner deals; a draw keeps the
        dealer (seed 003: "la siguiente mano comienza con el mismo oya"); a redeal replays
        the same round."""
        rnd = data.get("round") or 1
        month = data.get("month")
        dealer = data.get("dealer")
        out: dict[str, Any] = {}
        if result.outcome == "redeal":
            out["round"] = rnd
            if month is not None:
                out["month"] = month
        else:
            out["round"] = rnd + 1
            # "cada mano representa un mes del año": the next month (a match starts in
            # January unless the record says otherwise)
            out["month"] = month % 12 + 1 if isinstance(month, int) else rnd + 1
            if result.winner is not None:
                dealer = result.winner
        if dealer is not None:
            out["dealer"] = dealer
        return out

    def quick_record(self, values: Mapping[str, Any]) -> dict[str, Any]:
        names = ("me", "vs")  # what the options say (--koikoi vs:1, --stop vs)
        # The players' names in the output language ("vs pays me"; "rival paga a jugador":
        # names that read in the third person, as every message words them).
        said = dict(zip(names, ("jugador", "rival") if values.get("lang") == "es" else names,
                        strict=True))
        me: dict[str, Any] = {"name": said["me"], "cards": values.get("me") or ""}
        vs: dict[str, Any] = {"name": said["vs"], "cards": values.get("vs") or ""}
        table = {"me": me, "vs": vs}
        for item in values.get("koikoi") or []:
            who, _, count = str(item).partition(":")
            who = from_spanish(who.strip())
            if who not in names:
                raise quick_error(NAME, "quick.koikoi-who",
                                  item=item)
            count = count.strip() or "1"
            if not count.isdigit():
                raise quick_error(NAME, "quick.koikoi-count",
                                  item=item, count=repr(count))
            # a huge count is told by the record check (0 to MAX_CALLS) without its digits
            table[who]["koikoi"] = int(count) if len(count) <= 12 else 10**12
        data: dict[str, Any] = {"game": NAME, "players": [me, vs]}
        if values.get("dealt"):
            who, _, kind = str(values["dealt"]).partition(":")
            who = from_spanish(who.strip())
            if who not in names or not kind.strip():
                raise quick_error(NAME, "quick.dealt",
                                  item=values["dealt"])
            table[who]["dealt"] = kind.strip()
        if values.get("month") is not None:
            data["month"] = values["month"]
        if values.get("dealer"):
            data["dealer"] = said.get(values["dealer"], values["dealer"])
        if values.get("redeal"):
            data["redeal"] = values["redeal"]
        stop = values.get("stop")
        if stop is None:
            stop = "none" if values.get("dealt") or values.get("redeal") else "me"
        if stop != "none":
            data["stopped"] = said.get(stop, stop)
        return data

    def card_label(self, card_id: str) -> str:
        from scorer.decks.hanafuda import BY_ID

        card = BY_ID.get(card_id)
        return card.code(MONTHS) if card is not None else card_id


def _int_or_none(data: Mapping[str, Any], key: str, ctx: LoadContext,
                 problems: list[Reported]) -> int | None:
    """A whole-number fact, range-checked later (so every problem is told at once)."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**6:
        huge = isinstance(value, int) and abs(value) >= 10**12  # never print 5000 digits
        shown = "a huge number" if huge else repr(value)
        problems.append(_said(ctx.origin, "load.whole-huge" if huge else "load.whole", key=key,
                              value=shown))
        return None
    return value


def _said(where: str, code: str, *, about: str = "", **args: Any) -> RecordProblem:
    """A loader problem at ``where`` (about ``about``), said from this game's catalog."""
    return located(where, f"koikoi.{code}", about=about, catalog=NAME, **args)


__all__ = [
    "GAME",
    "KoiHand",
    "KoiPile",
    "KoiPlayer",
    "YAKU",
    "check_hand",
    "count_yaku",
    "score_hand",
]

GAME = KoiKoi()
