"""The decks, registered once: every other list of decks is read from :data:`DECKS`.

Each deck is a module ``scorer.decks.<name>`` (its cards or tiles as types, notation and
names) with ``card_records(lang, months)``, its cards as the records `scorer cards` prints.
A game names its deck (``Game.deck``); the photo commands take the decks with ``photos``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Deck(NamedTuple):
    """One deck: its name (and module), whether its cards are numbered by month (``jp`` or
    ``kr``), whether the photo commands recognise it (a model in ``models/``), and what one
    piece is called, the catalogs' ``deck_title.<unit>`` (``card``, ``tile``: "144 tiles",
    "144 fichas"; ``hakka-card``: Spanish says "tarjetas" for the Hakka cards, as the seed
    does, and "cartas" for hanafuda's)."""

    name: str
    by_month: bool = False
    photos: bool = False
    unit: str = "card"
    # Its pieces lie in rows of a hand and melds, each group a meld (a table photo finds a
    # player's rows again from their tiles alone: scorer.vision.table.regroup).
    rows: bool = False

    def card_records(self, lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
        """Every card or tile of the deck as a record (id, code, names, copies, ...)."""
        module = f"scorer.decks.{self.name}"
        __import__(module)
        import sys

        records: list[dict[str, Any]] = sys.modules[module].card_records(lang, months)
        return records


DECKS: dict[str, Deck] = {
    deck.name: deck
    for deck in (
        Deck("hanafuda", by_month=True, photos=True),
        Deck("mahjong", photos=True, unit="tile", rows=True),
        Deck("hakka", unit="hakka-card"),
    )
}


def deck_names() -> list[str]:
    return list(DECKS)


def photo_decks() -> tuple[str, ...]:
    """The decks the photo commands recognise."""
    return tuple(name for name, deck in DECKS.items() if deck.photos)


def get_deck(name: str) -> Deck:
    """The deck by name; ``KeyError`` naming the known decks."""
    try:
        return DECKS[name]
    except KeyError:
        raise KeyError(f"unknown deck {name!r}; expected one of {', '.join(DECKS)}") from None
