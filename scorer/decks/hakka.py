"""Hakka cards (seed 001): four suits 1-9 plus the Wan Sin, 37 cards.

Seed 001: "Las tarjetas contienen 4 palos: Sup, Gon, Zok y Sin en orden descendente de
clasificación. Cada palo tiene un total de nueve tarjetas con valores numéricos del 1 al
9. Una tarjeta adicional llamada "Wan Sin" posee un valor numérico de 1 pero no pertenece
a ningún palo." Sources spell the suits Sup/Sip, Gon, Zok/Sok, Sin/Ten.
"""

from __future__ import annotations

import functools
import re
from enum import Enum
from typing import Any, NamedTuple

from scorer.decks.base import (
    Lexicon,
    Problem,
    named,
    raise_if_problems,
    tokenize,
    too_many,
    unknown_problem,
)


class Suit(Enum):
    # Declared from highest to lowest: seed 001 "en orden descendente de clasificación".
    SUP = "sup"
    GON = "gon"
    ZOK = "zok"
    SIN = "sin"

    @property
    def rank_order(self) -> int:
        """0 for the highest suit (Sup)."""
        return list(Suit).index(self)


_SUIT_SPELLINGS = {
    Suit.SUP: ["sup", "sip"],
    Suit.GON: ["gon"],
    Suit.ZOK: ["zok", "sok"],
    Suit.SIN: ["sin", "ten"],
}
_WAN_SIN = ["wansin", "wan-sin", "ws", "wan"]


class HakkaCard(NamedTuple):
    """One Hakka card: a suit and 1-9, or the suitless Wan Sin (every card is in ``DECK``).

    A NamedTuple, not a dataclass: `import dataclasses` costs more than a typed `scorer score`
    may spend on start-up (bench/startup.py).
    """

    suit: Suit | None  # None for the Wan Sin
    rank: int

    @property
    def id(self) -> str:
        return "wansin" if self.suit is None else f"{self.suit.value}{self.rank}"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"HakkaCard.parse({self.id!r})"

    @property
    def is_wan_sin(self) -> bool:
        return self.suit is None

    @property
    def is_elder(self) -> bool:
        """An "anciano" at the start of play: every 9, the 1 of Sup, the 1 of Sin, the Wan Sin.

        Seed 001: "los números 9 de todos los palos, el 1 de Sup, el 1 de Sin, y el Wan Sin
        también se llaman "tarjetas de ancianos" al principio del juego."
        """
        return (
            self.suit is None
            or self.rank == 9
            or (self.rank == 1 and self.suit in (Suit.SUP, Suit.SIN))
        )

    def name(self, lang: str = "en") -> str:
        if self.suit is None:
            return "Wan Sin"
        word = "de" if lang == "es" else "of"
        return f"{self.rank} {word} {self.suit.value.capitalize()}"

    def native(self) -> str:
        return "Wan Sin" if self.suit is None else "/".join(_SUIT_SPELLINGS[self.suit])

    @classmethod
    def parse(cls, text: str) -> HakkaCard:
        return named(_lexicon().get(text), text, "card", _lexicon)


DECK: tuple[HakkaCard, ...] = tuple(HakkaCard(s, r) for s in Suit for r in range(1, 10)) + (
    HakkaCard(None, 1),
)
BY_ID = {c.id: c for c in DECK}


@functools.cache  # built on first use
def _lexicon() -> Lexicon[HakkaCard]:
    lex = Lexicon((card.id, card) for card in DECK)
    for suit, spellings in _SUIT_SPELLINGS.items():
        for sp in spellings:
            for r in range(1, 10):
                card = HakkaCard(suit, r)
                lex.add(f"{sp}{r}", card, show=sp == spellings[0])
                lex.add(f"{r}{sp}", card, show=False)
    for sp in _WAN_SIN:
        lex.add(sp, DECK[-1])
    return lex


# "sup123" or "123sup": several ranks of one suit in one token.
_RUN_RE = re.compile(r"^(?:([a-z]+)([1-9]{2,})|([1-9]{2,})([a-z]+))$")


def parse_hand(text: str) -> list[HakkaCard]:
    problems: list[Problem] = []
    cards: list[HakkaCard] = []
    lex = _lexicon()
    for token in tokenize(text):
        card = lex.get(token.text)
        if card is not None:
            cards.append(card)
            continue
        m = _RUN_RE.match(token.text.lower())
        suit_word, digits = (m.group(1), m.group(2)) if m and m.group(1) else (
            (m.group(4), m.group(3)) if m else (None, None)
        )
        run = [lex.get(f"{suit_word}{d}") for d in digits] if suit_word and digits else []
        if run and all(c is not None for c in run):
            cards += [c for c in run if c is not None]
        else:
            problems.append(unknown_problem(token, "card", lex.suggest(token.text)))
    problems += too_many(cards, lambda card: 1, "duplicate",
                         "{piece} listed {n} times; the deck holds one")
    raise_if_problems(problems, text)
    return sorted(cards, key=lambda c: DECK.index(c))


def card_records(lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
    """Every card of the deck as the record `scorer cards` prints (``months`` unused)."""
    return [
        {
            "id": c.id,
            "code": c.id,
            "name": c.name(lang),
            "native": c.native(),
            "suit": c.suit.value if c.suit else None,
            "rank": c.rank,
            "copies": 1,
            "attributes": ["elder"] if c.is_elder else [],
        }
        for c in DECK
    ]
