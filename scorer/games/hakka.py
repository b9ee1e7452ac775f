"""Hakka cards (seed 001): a finished hand's facts -> who pays whom, and why.

Pure: no I/O, no printing. Every rule value comes from a preset
(``scorer/games/presets/hakka/*.toml``), which quotes the seed sentence behind it.

The table, as seed 001 plays it: four players in seat order, counter-clockwise. The player
opposite the dealer is the dreamer (Soñador, *Tsuk Mung*): dealt one card, he sits out the
calling and the play. The other three are the active players. A hand is scored from:

- who called (nobody: the hand is void and redealt, no score); a caller who is not the
  dealer is the privileged player;
- the winner, the tricks he won, the cards of his winning pattern and, optionally, the
  elder cards he still held when he declared;
- the dreamer's card.

Who pays whom (one payment per pair of players):

- each active player who did not win pays the winner the table's points for his tricks;
- the dreamer wakes with 5 tricks, plus 1 for each card of the winning pattern with the
  number of his card; from 6 tricks he collects by the same table from the two losers
  (``dreamer.collects_from``);
- a privileged player who did not win pays the winner his own share and the other loser's,
  and the other loser pays nothing (``privileged.*``);
- the five tigers (the four 1s and the Wan Sin) win at once: 8 tricks, 4 points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.decks.hakka import DECK, HakkaCard
from scorer.explain import HandResult, Line, Note, Payment, PlayerScore, Term
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
from scorer.games.kit import override_notes
from scorer.games.rules import Rules
from scorer.i18n import Key

if TYPE_CHECKING:
    from fractions import Fraction

NAME = "hakka"
# Bounds that follow from the deal: an active player holds 12 cards, so wins at most 12
# tricks ("hasta que todos los jugadores en activo tengan 12 tarjetas en mano"); a game is a
# handful of hands (game.hands, 4 in the seed), a hand number past 99 is a typing mistake.
MAX_TRICKS = 12
MAX_HAND_NUMBER = 99
# The four 1s and the Wan Sin: "los números 1 de todos los palos y la Wan Sin".
FIVE_TIGERS: tuple[HakkaCard, ...] = tuple(c for c in DECK if c.rank == 1)


class HakkaHand(NamedTuple):
    """A finished hand: the seats, the calling, the winner and the dreamer's card.

    A pile that could not be read is ``None`` (its checks are skipped); a count not given is
    ``None``.
    """

    seats: tuple[str, ...]  # counter-clockwise seat order, as the seed plays
    dealer: str | None = None
    called: str | None = None
    void: bool = False
    winner: str | None = None
    tricks: int | None = None  # tricks won in play
    pattern: tuple[HakkaCard, ...] | None = None  # the winning pattern's cards
    dream_card: tuple[HakkaCard, ...] | None = None  # one card once checked
    five_tigers: bool = False
    elders: tuple[HakkaCard, ...] | None = ()  # elder cards the winner still held
    hand_number: int = 1
    stake: int | Fraction | float = 1
    currency: str = ""

    @property
    def dreamer(self) -> str | None:
        """The player sitting opposite the dealer ("El jugador sentado en frente")."""
        if self.dealer not in self.seats or len(self.seats) % 2:
            return None
        i = self.seats.index(self.dealer)
        return self.seats[(i + len(self.seats) // 2) % len(self.seats)]

    @property
    def privileged(self) -> str | None:
        """"Si no eres el Repartidor pero te han llamado, te convertirás en el jugador
        privilegiado": the caller, unless the dealer called."""
        return self.called if self.called is not None and self.called != self.dealer else None

    @property
    def winning_cards(self) -> tuple[HakkaCard, ...]:
        return FIVE_TIGERS if self.five_tigers else (self.pattern or ())

    def active(self) -> list[str]:
        return [p for p in self.seats if p != self.dreamer]


class HakkaError(GameError):
    """Everything wrong with one hand, together."""


def pattern_kind(cards: Sequence[HakkaCard]) -> str | None:
    """"single", "set" or "run" (seed 001's three patterns), else None.

    "Ejecutar - 3 o más tarjetas del mismo palo y números consecutivos"; "Set - 3 o más
    tarjetas del mismo número"; "Tarjeta única". The Wan Sin is a 1 of no suit: it joins a
    set of 1s (the five tigers), never a run.
    """
    if len(cards) == 1:
        return "single"
    if len(cards) < 3:
        return None
    if len({c.rank for c in cards}) == 1:
        return "set"
    suits = {c.suit for c in cards}
    ranks = sorted(c.rank for c in cards)
    in_sequence = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if len(suits) == 1 and None not in suits and in_sequence:
        return "run"
    return None


def _labels(cards: Sequence[HakkaCard]) -> str:
    return " ".join(c.id for c in cards)


def _problem(code: str, **args: Any) -> Problem:
    return Problem(f"hakka.{code}", tuple(args.items()), NAME)




def _whole(
    ctx: LoadContext, table: Mapping[str, Any], key: str, owner: str, problems: list[Reported],
    **bounds: int,
) -> int:
    """``ctx.whole`` (the generic bounded count), its problem said from this game's catalog,
    which names whose count it is (``word.<owner>``: "the winner")."""
    found: list[Reported] = []
    value = ctx.whole(table, key, "", found, **bounds)
    for said in found:
        if isinstance(said, str):
            problems.append(said)
            continue
        inner = said.problem
        code = "hakka.whole-huge" if inner.code.endswith("huge") else "hakka.whole"
        args = {k: v for k, v in inner.args if k != "who"}
        problems.append(located(ctx.origin, code, catalog=NAME, who=owner, **args))
    return value


def scored_tricks(hand: HakkaHand, rules: Rules) -> int:
    """The winner's tricks as the table reads them."""
    if hand.five_tigers:
        return rules.num("five_tigers.tricks")
    won = hand.tricks or 0
    if rules.flag("win.elders_count"):
        won += len(hand.elders or ())
    return won


def dreamer_tricks(hand: HakkaHand, rules: Rules) -> tuple[int, tuple[HakkaCard, ...]]:
    """(tricks, the winning cards with the number of the dreamer's card)."""
    card = hand.dream_card[0] if hand.dream_card else None
    matches = tuple(c for c in hand.winning_cards if card is not None and c.rank == card.rank)
    gained = rules.num("dreamer.match_tricks") * len(matches)
    if rules.text("dreamer.count") == "added":
        return rules.num("dreamer.wake_tricks") + gained, matches
    return gained, matches


def table_points(tricks: int, rules: Rules) -> int:
    """The table's points for ``tricks`` (0 below the table)."""
    low = rules.num("table.min_tricks")
    table = rules.ints("table.points")
    if tricks < low:
        return 0
    return table[min(tricks - low, len(table) - 1)]


def _check_table(hand: HakkaHand, rules: Rules) -> list[Problem]:
    """The players the rules are for, a dealer, facts that name players, the game's hands."""
    out: list[Problem] = []
    seats = hand.seats
    count = rules.num("players.count")
    if len(seats) != count:
        out.append(_problem(
            "players",
            n=len(seats), count=count,
        ))
    if hand.dealer is None:
        out.append(_problem("no-dealer", key=Key("dealer")))
    for key, who in (("called", hand.called), ("winner", hand.winner)):
        if who is not None and who not in seats:
            out.append(_problem(
                "not-a-player",
                key=Key(key, repr(who)), who=who, seats=", ".join(seats),
            ))
    if hand.hand_number > rules.num("game.hands"):
        out.append(_problem(
            "game-over",
            n=hand.hand_number, hands=rules.num("game.hands"),
        ))
    return out


def check_hand(hand: HakkaHand, rules: Rules) -> list[Problem]:
    """Every problem with a hand, at once (piles that could not be read are skipped)."""
    out = _check_table(hand, rules)
    dreamer = hand.dreamer if len(hand.seats) == rules.num("players.count") else None
    if hand.void:
        given = [k for k, v in (("called", hand.called), ("winner", hand.winner),
                                ("tricks", hand.tricks), ("five_tigers", hand.five_tigers or None))
                 if v is not None]
        if given:
            out.append(_problem(
                "void-with-result",
                keys=tuple(Key(k) for k in given),
            ))
        return out
    # who called and who won: each a player, never the dreamer
    for who, key, missing, dreamer_code in (
        (hand.called, "called", "no-call", "dreamer-called"),
        (hand.winner, "winner", "no-winner", "dreamer-wins"),
    ):
        if who is None:
            out.append(_problem(missing, key=Key(key), void=Key("void")))
        elif dreamer is not None and who == dreamer:
            out.append(_problem(
                dreamer_code,
                who=who,
            ))
    if hand.dream_card is None:
        pass  # unreadable: already reported
    elif not hand.dream_card:
        out.append(_problem("no-dream-card", key=Key("dream_card")))
    elif len(hand.dream_card) != 1:
        out.append(_problem(
            "dream-card-one",
            n=len(hand.dream_card), key=Key("dream_card"),
        ))
    out += _check_win(hand, rules)
    out += _check_twice(hand)
    return out


def _check_win(hand: HakkaHand, rules: Rules) -> list[Problem]:
    """The winner's tricks, and the pattern he won with."""
    if hand.five_tigers:
        return _check_five_tigers(hand, rules)
    out: list[Problem] = []
    low = rules.num("table.min_tricks")
    top = low + len(rules.ints("table.points")) - 1
    if hand.winner is None:
        return out
    if hand.tricks is None:
        out.append(_problem("no-tricks", key=Key("tricks")))
        return out
    elders = len(hand.elders or ())
    total = scored_tricks(hand, rules)
    if total < low:
        counted = elders and rules.flag("win.elders_count")
        out.append(_problem(
            "too-few-tricks.elders" if counted else "too-few-tricks",
            who=hand.winner, tricks=total, min=low, won=hand.tricks,
            elders=elders if counted else 0,
        ))
    elif total > min(top, MAX_TRICKS):
        out.append(_problem(
            "too-many-tricks",
            who=hand.winner, tricks=total, max=min(top, MAX_TRICKS),
        ))
    if hand.pattern is None:
        return out
    return out + _check_pattern(hand.pattern, hand.tricks)


def _check_five_tigers(hand: HakkaHand, rules: Rules) -> list[Problem]:
    """The five tigers win a set number of tricks, with themselves as the pattern."""
    out: list[Problem] = []
    if hand.tricks is not None and hand.tricks != rules.num("five_tigers.tricks"):
        out.append(_problem(
            "five-tigers-tricks",
            tricks=hand.tricks, want=rules.num("five_tigers.tricks"),
            key=Key("tricks", hand.tricks),
        ))
    if hand.pattern and set(hand.pattern) != set(FIVE_TIGERS):
        out.append(_problem(
            "five-tigers-pattern",
            tigers=_labels(FIVE_TIGERS), pattern=_labels(hand.pattern),
            key=Key("pattern", _labels(hand.pattern)),
        ))
    if rules.text("five_tigers.per") == "total" and rules.num("five_tigers.points") % 2:
        out.append(_problem(
            "five-tigers-split",
            points=rules.num("five_tigers.points"),
        ))
    return out


def _check_pattern(pattern: tuple[HakkaCard, ...], tricks: int) -> list[Problem]:
    """A winning pattern: a run, a set or a single card, no more cards than tricks won."""
    if not pattern:
        return [_problem("no-pattern", key=Key("pattern"))]
    out: list[Problem] = []
    if pattern_kind(pattern) is None:
        out.append(_problem(
            "bad-pattern",
            cards=_labels(pattern),
        ))
    if len(pattern) > tricks:
        out.append(_problem(
            "pattern-tricks",
            n=len(pattern), tricks=tricks, key=Key("tricks", tricks),
        ))
    return out


def _check_twice(hand: HakkaHand) -> list[Problem]:
    """A card in two places (the pattern, the dreamer's card, the elders held)."""
    seen: dict[HakkaCard, list[str]] = {}
    piles = (
        ("pattern", hand.winning_cards if hand.winner or hand.five_tigers else ()),
        ("dream_card", hand.dream_card or ()),
        ("elders", hand.elders or ()),
    )
    for key, cards in piles:
        for card in cards:
            seen.setdefault(card, []).append(key)
    return [
        _problem(
            "card-twice",
            card=card.id, places=tuple(Key(w) for w in where),
        )
        for card, where in seen.items()
        if len(where) > 1
    ]


class _Owed(NamedTuple):
    """What one payer owes one payee before merging: points and the terms saying why."""

    payer: str
    payee: str
    points: int
    reason: Note
    terms: tuple[Term, ...]


class _Table(NamedTuple):
    """Who plays what part in a called hand."""

    winner: str
    dreamer: str
    losers: list[str]  # the active players who did not win
    privileged: str | None  # a caller who is not the dealer
    fails: bool  # the privileged player lost, and pays for the other loser
    other: str | None  # the loser he pays for


def score_hand(hand: HakkaHand, rules: Rules) -> HandResult:
    """Score a checked hand (raises :class:`HakkaError` on a hand that fails the checks)."""
    problems = check_hand(hand, rules)
    if problems:
        raise HakkaError(problems)
    notes = override_notes(rules)
    dealer, dreamer = hand.dealer, hand.dreamer
    assert dealer is not None and dreamer is not None
    notes.append(Note("note.hand", (("n", hand.hand_number), ("of", rules.num("game.hands")))))
    rule_values = {k: list(v) if isinstance(v, tuple) else v for k, v in rules.values.items()}
    if hand.void:
        notes.append(Note("note.void"))
        notes.append(_next_note(hand))
        players = tuple(PlayerScore(p, (), 0) for p in hand.seats)
        return HandResult(
            NAME, rules.preset, "void", None, players, (), (), hand.stake, hand.currency,
            tuple(notes), rule_values,
        )
    t = _table(hand, rules)
    notes.append(_roles_note(hand, t))
    notes_of: dict[str, list[Note]] = {p: [] for p in hand.seats}
    win_line, notes_of[t.winner], owed = _winner_share(hand, rules, t)
    dream_line, notes_of[t.dreamer], dream_owed = _dreamer_share(hand, rules, t)
    owed += dream_owed
    if t.privileged is not None:
        notes_of[t.privileged] += _privileged_notes(t)
    notes.append(_next_note(hand))

    payments = _merge(owed, hand.stake)
    lines_of = {t.winner: (win_line,), t.dreamer: (dream_line,)}
    players = tuple(
        PlayerScore(
            p,
            lines_of.get(p, ()),
            sum(x.points for x in lines_of.get(p, ())),
            total=sum(x.points for x in lines_of.get(p, ())),
            notes=tuple(notes_of[p]),
        )
        for p in hand.seats
    )
    outcome = "instant-win" if hand.five_tigers else "win"
    return HandResult(
        NAME, rules.preset, outcome, t.winner, players, payments, (), hand.stake, hand.currency,
        tuple(notes), rule_values,
    )


def _table(hand: HakkaHand, rules: Rules) -> _Table:
    assert hand.called is not None and hand.winner is not None and hand.dreamer is not None
    winner, privileged = hand.winner, hand.privileged
    losers = [p for p in hand.active() if p != winner]
    fails = (
        privileged is not None and privileged != winner and rules.flag("privileged.pays_for_other")
    )
    other = next((p for p in losers if p != privileged), None) if fails else None
    return _Table(winner, hand.dreamer, losers, privileged, fails, other)


def _roles_note(hand: HakkaHand, t: _Table) -> Note:
    roles_key = "note.roles.privileged" if t.privileged else "note.roles"
    return Note(
        roles_key,
        (("dealer", hand.dealer), ("dreamer", t.dreamer), ("called", hand.called)),
    )


def _winner_share(
    hand: HakkaHand, rules: Rules, t: _Table
) -> tuple[Line, list[Note], list[_Owed]]:
    """The winner's line, his notes, and what each loser owes him."""
    tricks = scored_tricks(hand, rules)
    if hand.five_tigers:
        line, notes, reason = _five_tigers(tricks, rules, t)
    else:
        line, notes, reason = _won(hand, tricks, rules)
    base = Term(line.rule, "=", line.points, (("tricks", tricks),))
    owed = _shares(t.winner, t.losers, line.points, reason, (base,),
                   t.privileged if t.fails else None, t.other)
    return line, notes, owed


def _five_tigers(tricks: int, rules: Rules, t: _Table) -> tuple[Line, list[Note], Note]:
    per_word = rules.text("five_tigers.per")
    points = rules.num("five_tigers.points")
    per = points if per_word == "each" else points // len(t.losers)
    line = Line("five-tigers", tuple(c.id for c in FIVE_TIGERS), per, (("tricks", tricks),),
                worded=Note("detail.tricks", (("tricks", tricks),)))
    note = Note(
        "note.five-tigers",
        (("cards", _labels(FIVE_TIGERS)), ("tricks", tricks), ("points", points),
         ("per", per_word)),
    )
    return line, [note], Note("reason.five-tigers", (("points", points), ("per", per_word)))


def _won(hand: HakkaHand, tricks: int, rules: Rules) -> tuple[Line, list[Note], Note]:
    """A won hand: the table's points for the tricks (the elder cards held counted or not)."""
    per = table_points(tricks, rules)
    pattern = hand.pattern or ()
    elders_in = len(hand.elders or ()) if rules.flag("win.elders_count") else 0
    worded = Note("detail.tricks.elders", (("won", hand.tricks), ("elders", elders_in))) \
        if elders_in else Note("detail.tricks", (("tricks", tricks),))
    line = Line("win", tuple(c.id for c in pattern), per,
                (("tricks", tricks), ("won", hand.tricks or 0),
                 ("elders", len(hand.elders or ()))), worded=worded)
    notes = [Note("note.win", (("tricks", tricks), ("points", per)))]
    if hand.elders:
        notes += _elder_notes(hand, hand.elders, tricks, rules)
    return line, notes, Note("reason.win", (("tricks", tricks), ("points", per)))


def _elder_notes(
    hand: HakkaHand, elders: tuple[HakkaCard, ...], tricks: int, rules: Rules
) -> list[Note]:
    """How the elder cards the winner held were counted, and any that became one in play."""
    elder_args = (
        ("won", hand.tricks or 0), ("n", len(elders)),
        ("cards", _labels(elders)), ("tricks", tricks),
        ("min", rules.num("table.min_tricks")),
    )
    if rules.flag("win.elders_count"):
        notes = [Note("note.win.elders", elder_args)]
    else:
        notes = [Note("note.win.elders-apart", elder_args)]
    for card in elders:
        if not card.is_elder:
            notes.append(Note("note.elder-late", (("card", card.id),)))
    return notes


def _dreamer_share(
    hand: HakkaHand, rules: Rules, t: _Table
) -> tuple[Line, list[Note], list[_Owed]]:
    """The dreamer's line, his notes, and what he collects (from 6 tricks)."""
    assert hand.dream_card
    card = hand.dream_card[0]
    dtricks, matches = dreamer_tricks(hand, rules)
    dper = table_points(dtricks, rules)
    count = rules.text("dreamer.count")
    dargs = (
        ("wake", rules.num("dreamer.wake_tricks")), ("each", rules.num("dreamer.match_tricks")),
        ("rank", card.rank), ("card", card.id), ("matches", _labels(matches) or "-"),
        ("tricks", dtricks),
    )
    notes = [Note(f"note.dreamer.{count}", dargs)]
    wake = rules.num("dreamer.wake_tricks")
    worded = Note("detail.tricks.woke", (("wake", wake), ("more", dtricks - wake))) \
        if count == "added" else Note("detail.tricks", (("tricks", dtricks),))
    line = Line(
        "dreamer", (card.id, *(c.id for c in matches)), dper,
        (("tricks", dtricks), ("matches", len(matches))), worded=worded,
    )
    if dper == 0:
        notes.append(Note("note.dreamer.short",
                          (("tricks", dtricks), ("min", rules.num("table.min_tricks")))))
        return line, notes, []
    payers = t.losers if rules.text("dreamer.collects_from") == "losers" else hand.active()
    notes.append(Note("note.dreamer.pays", (("points", dper), ("payers", ", ".join(payers)))))
    covering = t.fails and rules.flag("privileged.covers_dreamer")
    dterms = (Term("dreamer", "=", dper, (("tricks", dtricks),)),)
    reason = Note("reason.dreamer", (("tricks", dtricks), ("points", dper)))
    owed = _shares(t.dreamer, payers, dper, reason, dterms,
                   t.privileged if covering else None, t.other)
    return line, notes, owed


def _privileged_notes(t: _Table) -> list[Note]:
    if t.privileged == t.winner:
        return [Note("note.privileged.won")]
    if t.fails:
        return [Note("note.privileged.lost", (("other", t.other),))]
    return []


def _shares(
    payee: str,
    payers: Sequence[str],
    per: int,
    reason: Note,
    terms: tuple[Term, ...],
    privileged: str | None,
    other: str | None,
) -> list[_Owed]:
    """Each payer's share to ``payee``; a failing privileged player takes ``other``'s too."""
    out: list[_Owed] = []
    for payer in payers:
        if payer == payee or per <= 0:
            continue
        if privileged is not None and payer == other:
            continue  # "el otro jugador no perderá puntos"
        if privileged is not None and payer == privileged and other in payers:
            # his own share, then the other loser's added, and whom he pays it for
            who = (("payer", payer), ("other", other))
            cover = (Term("privileged", "+", per, who), Term("privileged", "for", 0, who))
            out.append(_Owed(payer, payee, 2 * per,
                             Note(f"{reason.key}.privileged", (*reason.args, ("other", other))),
                             (*terms, *cover)))
            continue
        out.append(_Owed(payer, payee, per, reason, terms))
    return out


def _merge(owed: Sequence[_Owed], stake: int | Fraction | float) -> tuple[Payment, ...]:
    """One payment per pair of players, in the order first owed."""
    by_pair: dict[tuple[str, str], list[_Owed]] = {}
    for o in owed:
        by_pair.setdefault((o.payer, o.payee), []).append(o)
    out = []
    for (payer, payee), items in by_pair.items():
        points = sum(o.points for o in items)
        out.append(Payment(
            payer, payee, points, _money(points, stake),
            tuple(o.reason for o in items),
            tuple(t for o in items for t in o.terms),
        ))
    return tuple(out)


def next_dealer(hand: HakkaHand) -> str | None:
    """"Si el Repartidor llama, continuará siendo el Repartidor en la siguiente mano. Si el
    Repartidor decide pasar, el turno pasará al siguiente jugador en sentido antihorario y ese
    jugador será el Repartidor en la siguiente mano." Nobody called: the dealer passed too."""
    if hand.dealer is None or hand.dealer not in hand.seats:
        return None
    if not hand.void and hand.called == hand.dealer:
        return hand.dealer
    i = hand.seats.index(hand.dealer)
    return hand.seats[(i + 1) % len(hand.seats)]


def _next_note(hand: HakkaHand) -> Note:
    nxt = next_dealer(hand)
    if nxt == hand.dealer:
        return Note("note.next.keeps", (("dealer", nxt),))
    return Note("note.next.passes", (("dealer", nxt),))


def _stripped(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) else None


# -- the game interface ---------------------------------------------------------------------
_PILES = ("pattern", "dream_card", "elders")


def _load_piles(
    data: Mapping[str, Any], ctx: LoadContext, problems: list[Reported], most: int
) -> dict[str, tuple[HakkaCard, ...] | None]:
    """The record's card lists (pattern, dream_card, elders): () when not given, None when
    they could not be read (problems added)."""
    from scorer.decks.base import NotationError
    from scorer.decks.hakka import parse_hand
    from scorer.games.record import card_problems

    piles: dict[str, tuple[HakkaCard, ...] | None] = {}
    for key in _PILES:
        if key not in data:
            piles[key] = ()
            continue
        before = len(problems)
        text = ctx.pile(NAME, data[key], Key(key), problems, most)
        if len(problems) > before:  # too long, or a photo that could not be read
            piles[key] = None
            continue
        try:
            piles[key] = tuple(parse_hand(text))
        except NotationError as err:
            problems += card_problems(err, ctx.origin, Key(key))
            piles[key] = None
    return piles


# The hand form on the web page: what each quick-form option is called there and which
# control shows it (catalog ids; scorer.web.words).
WEB_WORDS: dict[str, Wording] = {
    "players": Wording("web.field.seat-order"),
    "dealer": Wording("web.field.dealer", control="player"),
    "called": Wording("web.field.called", control="player"),
    "void": Wording("web.field.nobody-called"),
    "winner": Wording("web.field.won-the-hand", control="player"),
    "tricks": Wording("web.field.tricks"),
    "pattern": Wording("web.field.pattern", example="sup7 gon7 zok7"),
    "dream_card": Wording("web.field.dream-card"),
    "five_tigers": Wording("web.field.five-tigers"),
    "elders": Wording("web.field.elders", example="sup9 wansin"),
}


class Hakka(Game):
    name = NAME
    words = WEB_WORDS
    title = "Hakka cards"
    title_es = "tarjetas Hakka"
    short_title = "Hakka cards"
    short_title_es = "tarjetas Hakka"  # the seed: "Las tarjetas Hakka es un juego de trucos"
    deck = "hakka"
    default_preset = "tarjetas"
    series_name = "game"
    max_pile = len(DECK)  # 37 cards: no pile holds more
    record_keys = (
        "called", "void", "winner", "tricks", "pattern", "dream_card", "five_tigers", "elders",
        "hand_number",
    )
    player_keys = ("name",)
    player_refs = ("called", "winner")
    quick_help = (
        "Score a Hakka cards hand: four players in seat order (counter-clockwise), the dealer,\n"
        "who called, the winner with his tricks and winning pattern, the dreamer's card.\n\n"
        "Example: scorer hakka --players Ana,Bo,Cy,Di --dealer Ana --called Di --winner Bo "
        '--tricks 7 --pattern "sup7 gon7 zok7" --dream sin7\n'
        "Nobody called: --void. Five tigers: --winner Bo --five-tigers. The dreamer sits "
        "opposite the dealer (Ana's dreamer is Cy)."
    )
    quick_help_es = (
        "Puntúa una mano de tarjetas Hakka: cuatro jugadores en orden de asiento (contra las "
        "agujas del reloj), el Repartidor, quién llamó, el vencedor con sus trucos y su patrón "
        "ganador, la tarjeta del Soñador.\n\n"
        "Ejemplo: scorer hakka --players Ana,Bo,Cy,Di --dealer Ana --called Di --winner Bo "
        '--tricks 7 --pattern "sup7 gon7 zok7" --dream sin7\n'
        "Nadie llamó: --void. Cinco tigres: --winner Bo --five-tigers. El Soñador se sienta "
        "frente al Repartidor (el Soñador de Ana es Cy)."
    )
    quick = (
        QuickOption("--players", "players", "str", "the four players in seat order, "
                    "counter-clockwise, e.g. Ana,Bo,Cy,Di", required=True, metavar="A,B,C,D",
                    help_es="los cuatro jugadores en orden de asiento, contra las agujas del "
                            "reloj, p. ej. Ana,Bo,Cy,Di"),
        QuickOption("--dealer", "dealer", "str", "who dealt (the dreamer sits opposite)",
                    required=True, metavar="NAME",
                    help_es="quién repartió (el Soñador se sienta enfrente)"),
        QuickOption("--called", "called", "str", "who called (not the dealer: the privileged "
                    "player)", metavar="NAME",
                    help_es="quién llamó (no el Repartidor: el jugador privilegiado)"),
        QuickOption("--void", "void", "bool", "nobody called: the hand is void (no score)",
                    help_es="nadie llamó: la mano es nula (no puntúa)"),
        QuickOption("--winner", "winner", "str", "who won the hand", metavar="NAME",
                    help_es="quién ganó la mano"),
        QuickOption("--tricks", "tricks", "int", "tricks the winner won in play",
                    high=MAX_TRICKS,
                    help_es="los trucos que ganó el vencedor en el juego"),
        QuickOption("--pattern", "pattern", "str", 'the winning pattern, e.g. "sup7 gon7 zok7"',
                    metavar="CARDS",
                    help_es='el patrón ganador, p. ej. "sup7 gon7 zok7"'),
        QuickOption("--dream", "dream_card", "str", "the dreamer's one card, e.g. gon7",
                    metavar="CARD",
                    help_es="la única tarjeta del Soñador, p. ej. gon7"),
        QuickOption("--five-tigers", "five_tigers", "bool",
                    "the winner holds the five tigers (the four 1s and the Wan Sin)",
                    help_es="el vencedor tiene los cinco tigres (los cuatro 1 y el Wan Sin)"),
        QuickOption("--elders", "elders", "str", "elder cards the winner still held, "
                    'e.g. "sup9 wansin"', metavar="CARDS",
                    help_es='tarjetas de anciano que el vencedor aún tenía, p. ej. "sup9 '
                            'wansin"'),
    )

    def load(
        self, data: Mapping[str, Any], common: Common, rules: Rules, ctx: LoadContext
    ) -> tuple[Any, list[Reported]]:
        from scorer.games.record import game_problems

        problems: list[Reported] = []
        piles = _load_piles(data, ctx, problems, self.max_pile)
        tricks: int | None = None
        if "tricks" in data:
            before = len(problems)
            tricks = _whole(ctx, data, "tricks", "count.winner", problems, high=MAX_TRICKS)
            unread_tricks = len(problems) > before
        else:
            unread_tricks = False
        hand_number = _whole(ctx, data, "hand_number", "count.game", problems, high=MAX_HAND_NUMBER,
                             low=1, default=1)
        flags = {}
        for key in ("void", "five_tigers"):
            value = data.get(key, False)
            if not isinstance(value, bool):
                problems.append(located(ctx.origin, "hakka.flag", catalog=NAME, key=Key(key)))
                value = False
            flags[key] = value
        hand = HakkaHand(
            seats=tuple(n for n, _ in common.players),
            called=ctx.name(data, "called", problems),
            void=flags["void"],
            winner=ctx.name(data, "winner", problems),
            tricks=tricks,
            pattern=piles["pattern"],
            dream_card=piles["dream_card"],
            five_tigers=flags["five_tigers"],
            elders=piles["elders"],
            hand_number=hand_number,
            **common.hand_facts(),
        )
        if problems:
            # The generic loader calls check() only on a hand that loaded cleanly; the game
            # problems go with the loading ones here so that every problem shows at once.
            skip = ("hakka.no-tricks", "hakka.too-few-tricks", "hakka.too-few-tricks.elders",
                    "hakka.too-many-tricks", "hakka.pattern-tricks") if unread_tricks else ()
            problems += game_problems(
                [p for p in check_hand(hand, rules) if p.code not in skip], ctx.origin, NAME
            )
            return None, problems
        return hand, []

    def check(self, hand: Any, rules: Rules) -> list[Problem]:
        return check_hand(hand, rules)

    def score(self, hand: Any, rules: Rules) -> HandResult:
        return score_hand(hand, rules)

    def player_range(self, rules: Rules) -> tuple[int, int]:
        count = rules.num("players.count")
        return count, count

    def series_count(self, hands: Sequence[HandResult]) -> int:
        """The hands of the game: a void hand is redealt and does not count toward the four,
        unless the rules say it does (``game.void_counts``, as :meth:`next_hand` numbers)."""
        return sum(h.outcome != "void" or bool(h.rules.get("game.void_counts")) for h in hands)

    def next_hand(
        self, index: int, data: Mapping[str, Any], result: HandResult, rules: Rules
    ) -> dict[str, Any]:
        """The next dealer, and the hand's number in the game (a void hand is redealt)."""
        seats = tuple(
            str(p.get("name", "")).strip() if isinstance(p, dict) else str(p)
            for p in data.get("players", [])
        )
        hand = HakkaHand(
            seats, dealer=_stripped(data.get("dealer")), called=_stripped(data.get("called")),
            void=data.get("void") is True,
        )
        number = data.get("hand_number", 1)
        number = number if isinstance(number, int) and not isinstance(number, bool) else 1
        counts = not hand.void or rules.flag("game.void_counts")
        out: dict[str, Any] = {"hand_number": number + 1 if counts else number}
        dealer = next_dealer(hand)
        if dealer is not None:
            out["dealer"] = dealer
        return out

    def quick_record(self, values: Mapping[str, Any]) -> dict[str, Any]:
        names = [n.strip() for n in str(values["players"]).split(",")]
        if any(not n for n in names):
            raise quick_error(NAME, "quick.empty-name",
                              players=repr(values["players"]))
        data: dict[str, Any] = {
            "game": NAME, "players": [{"name": n} for n in names], "dealer": values["dealer"],
        }
        if values.get("void"):
            data["void"] = True
        if values.get("five_tigers"):
            data["five_tigers"] = True
        for key in ("called", "winner", "tricks", "pattern", "dream_card", "elders"):
            if values.get(key) is not None:
                data[key] = values[key]
        return data

    def card_label(self, card_id: str) -> str:
        return card_id  # the ids are the typed codes: sup7, wansin


GAME = Hakka()

__all__ = [
    "FIVE_TIGERS",
    "GAME",
    "Hakka",
    "HakkaError",
    "HakkaHand",
    "check_hand",
    "dreamer_tricks",
    "next_dealer",
    "pattern_kind",
    "score_hand",
    "scored_tricks",
    "table_points",
]
