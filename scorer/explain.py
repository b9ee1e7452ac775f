"""The records every game engine returns, and the renderers and the ledger consume.

An engine never prints: it returns a :class:`HandResult` made of these records. Rule
names are ids (``"brights.three"``); their English/Spanish/native names live in
:mod:`scorer.i18n`, so the same record serves the terminal and JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # fractions (and decimal behind it) only load when a stake needs them
    from fractions import Fraction

# NamedTuples rather than dataclasses: records are created on every `scorer score`, and
# `import dataclasses` plus generating each class cost more than Python's own start-up.


def _num(x: int | Fraction | float) -> int | float:
    if isinstance(x, int | float):
        return x
    return int(x) if x.denominator == 1 else float(x)  # a Fraction


def money(points: int, stake: int | Fraction | float) -> int | Fraction | float:
    """Points at the stake, exact: a float stake is read as written (0.1 is one tenth), and
    a whole amount is an int."""
    if isinstance(stake, float):  # records already pass float stakes as Fractions
        from fractions import Fraction

        stake = Fraction(str(stake))
    value = stake * points
    if not isinstance(value, int) and value.denominator == 1:  # a whole Fraction
        return int(value)
    return value


Args = tuple[tuple[str, Any], ...]


class Note(NamedTuple):
    """A sentence the engine adds, as a message id and its values: said in the user's language
    (English in JSON) from the game's section of the catalogs, where it is shown
    (:func:`scorer.i18n.say`)."""

    key: str
    args: Args = ()


class Line(NamedTuple):
    """One scoring rule that fired: the cards that earned it and the points.

    Its detail ("5 + 2 extra") is a message id and values, worded where it is shown (in
    English in JSON's ``detail``) from the game's section of the catalogs (:func:`detail`).
    """

    rule: str
    cards: tuple[str, ...]
    points: int
    params: Args = ()  # structured facts (counts, units): JSON's ``params``
    #: message id of the detail, said with ``params``: JSON's ``detail_key``
    key: str = ""
    #: a detail JSON gives in words only (Hakka's tricks, a pung counted as exposed): its
    #: message id and values, said as ``key`` is, named nowhere in JSON (which stays as it was)
    worded: Note | None = None

    def to_json(self, game: str = "") -> dict[str, Any]:
        return {
            "rule": self.rule,
            "cards": list(self.cards),
            "points": self.points,
            "detail": detail(self, game),
            **({"params": dict(self.params)} if self.params else {}),
            **({"detail_key": self.key} if self.key else {}),
        }


def detail(line: Line, game: str, lang: str = "en") -> str:
    """A line's detail in ``lang`` (English: JSON's), from the game's catalog; "" for none."""
    if line.key:
        key, args = line.key, line.params
    elif line.worded is not None:
        key, args = line.worded
    else:
        return ""
    from scorer.i18n import say  # only when a detail is worded

    return say(key, args, key, lang, game)


def said(notes: tuple[Note, ...], game: str) -> list[str]:
    """Notes in English, as JSON carries them."""
    from scorer.i18n import say  # only when a result is written as JSON

    return [say(n.key, n.args, n.key, "en", game) for n in notes]


class Choice(NamedTuple):
    """How a card that can play two roles was counted, and why (a message id and values)."""

    card: str
    role: str
    key: str
    args: Args = ()

    def to_json(self, game: str = "") -> dict[str, Any]:
        from scorer.i18n import say  # only when a result is written as JSON

        return {"card": self.card, "role": self.role,
                "reason": say(self.key, self.args, self.key, "en", game)}


class Multiplier(NamedTuple):
    """A factor on the score; ``against`` names the one opponent it concerns, if any. Its
    reason is a message id (``key``, else the rule id) and ``args``, said where shown."""

    rule: str
    factor: int
    against: str | None = None
    args: Args = ()  # facts behind the reason
    key: str = ""  # the reason's message id where it is not the rule id

    def to_json(self, game: str = "") -> dict[str, Any]:
        from scorer.i18n import say  # only when a result is written as JSON

        return {
            "rule": self.rule,
            "factor": self.factor,
            "reason": say(self.key or self.rule, self.args, self.rule, "en", game),
            "against": self.against,
        }


class Term(NamedTuple):
    """One step of a payment's formula, as data: the renderer words it in any language.

    ``op``: ``"="`` the base points, ``"+"`` points added, ``"x"`` a factor, ``"for"``
    paying on another player's behalf (``args`` name them), ``"note"`` a fact without
    arithmetic. ``rule`` is a rule id of the game (its name comes from the game's catalog).
    """

    rule: str
    op: str
    value: int = 0
    args: Args = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "op": self.op, "value": self.value}
        if self.args:
            out["args"] = dict(self.args)
        return out


class Payment(NamedTuple):
    """``payer`` owes ``payee`` these points (and money at the agreed stake).

    ``reasons`` are short terms for JSON readers ("go-bak x2"), as message ids and values
    said in English from the game's catalog; ``terms`` are the same facts as a formula,
    which the renderers use.
    """

    payer: str
    payee: str
    points: int
    money: int | Fraction | float
    reasons: tuple[Note, ...] = ()
    terms: tuple[Term, ...] = ()

    def to_json(self, game: str = "") -> dict[str, Any]:
        out = {
            "payer": self.payer,
            "payee": self.payee,
            "points": self.points,
            "money": _num(self.money),
            "reasons": said(self.reasons, game),
        }
        if self.terms:
            out["terms"] = [t.to_json() for t in self.terms]
        return out


class PlayerScore(NamedTuple):
    """One player's lines, subtotal, bonuses and multipliers."""

    player: str
    lines: tuple[Line, ...]
    subtotal: int
    choices: tuple[Choice, ...] = ()
    bonuses: tuple[Line, ...] = ()  # added after the subtotal (go bonus, instant wins)
    multipliers: tuple[Multiplier, ...] = ()  # those that apply to every opponent
    total: int = 0  # what one opponent pays before per-opponent multipliers
    notes: tuple[Note, ...] = ()
    #: categories the player holds cards of that score nothing (9 junk: count 9, 0 points),
    #: as lines of 0 points whose ``params`` give the count and what it needs
    unscored: tuple[Line, ...] = ()

    def to_json(self, game: str = "") -> dict[str, Any]:
        out = {
            "player": self.player,
            "lines": [x.to_json(game) for x in self.lines],
            "choices": [x.to_json(game) for x in self.choices],
            "subtotal": self.subtotal,
            "bonuses": [x.to_json(game) for x in self.bonuses],
            "multipliers": [x.to_json(game) for x in self.multipliers],
            "total": self.total,
            "notes": said(self.notes, game),
        }
        if self.unscored:
            out["unscored"] = [x.to_json(game) for x in self.unscored]
        return out


class SeriesResult(NamedTuple):
    """A match or a round of hands: each hand's result, running totals, the final payments.

    ``totals[i]`` is every player's net points after hand ``i``; ``payments`` settle the
    whole series with the fewest transfers (money at the stake of the hands).
    """

    game: str
    preset: str
    kind: str  # "match" | "round" | "game" | "series"
    hands: tuple[HandResult, ...]
    totals: tuple[tuple[tuple[str, int], ...], ...]
    payments: tuple[Payment, ...]
    stake: int | Fraction | float = 0
    currency: str = ""
    notes: tuple[Note, ...] = ()

    def balances(self) -> dict[str, int]:
        return dict(self.totals[-1]) if self.totals else {}

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "scorer.series/1",
            "game": self.game,
            "preset": self.preset,
            "kind": self.kind,
            "hands": [h.to_json() for h in self.hands],
            "totals": [dict(t) for t in self.totals],
            "payments": [p.to_json(self.game) for p in self.payments],
            "balances": self.balances(),
            "stake": _num(self.stake),
            "currency": self.currency,
            "notes": said(self.notes, self.game),
            **({"next_hand": dict(self.hands[-1].next_hand)}
               if self.hands and self.hands[-1].next_hand else {}),
        }


class HandResult(NamedTuple):
    """Everything about one scored hand."""

    game: str
    preset: str
    outcome: str  # "stop" | "nagari" | "instant-win" | "win" | ...
    winner: str | None
    players: tuple[PlayerScore, ...]
    payments: tuple[Payment, ...]
    multipliers: tuple[Multiplier, ...] = ()  # per-opponent factors, with ``against`` set
    stake: int | Fraction | float = 0
    currency: str = ""
    notes: tuple[Note, ...] = ()
    rules: Mapping[str, Any] = MappingProxyType({})  # the resolved rule values used
    #: in a series, what the next hand inherits from this one (``Game.next_hand``: the
    #: next dealer, a nagari carried); empty for a hand scored alone
    next_hand: Mapping[str, Any] = MappingProxyType({})

    def balances(self) -> dict[str, int]:
        """Net points per player; zero-sum by construction."""
        out = {p.player: 0 for p in self.players}
        for pay in self.payments:
            out[pay.payer] = out.get(pay.payer, 0) - pay.points
            out[pay.payee] = out.get(pay.payee, 0) + pay.points
        return out

    def to_json(self) -> dict[str, Any]:
        out = {
            "schema": "scorer.hand/1",
            "game": self.game,
            "preset": self.preset,
            "outcome": self.outcome,
            "winner": self.winner,
            "players": [p.to_json(self.game) for p in self.players],
            "multipliers": [m.to_json(self.game) for m in self.multipliers],
            "payments": [p.to_json(self.game) for p in self.payments],
            "balances": self.balances(),
            "stake": _num(self.stake),
            "currency": self.currency,
            "notes": said(self.notes, self.game),
        }
        if self.next_hand:
            out["next_hand"] = dict(self.next_hand)
        return out
