"""The decks, registered once: every other list of decks is read from :data:`DECKS`.

Each deck is a module ``scorer.decks.<name>`` (its cards or tiles as types, notation and
names) with ``card_records(lang, months)``, its cards as the records `scorer cards` prints,
a deck numbered by month ``renumber`` and ``is_swapped_code`` (the two numberings), and a
deck the photo commands read ``design`` and ``photo_notation`` (and ``label_fields`` where
its labels have fields; ``photo_groups`` where it lies as a hand and melds; ``PILE_KINDS``
where a pile's cards are counted by their label's ``kind``). A game names
its deck (``Game.deck``); the photo commands take the decks with a ``reader``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NamedTuple


class Deck(NamedTuple):
    """One deck: its name (and module), whether its cards are numbered by month (``jp`` or
    ``kr``), what one piece is called, the catalogs' ``deck_title.<unit>`` (``card``, ``tile``:
    "144 tiles", "144 fichas"; ``hakka-card``: Spanish says "tarjetas" for the Hakka cards, as
    the seed does, and "cartas" for hanafuda's), and which module reads its photos.

    What differs between decks lives in the deck's module (``scorer.decks.<name>``), imported
    on first use: its records, the fields of a photo reader's label, a typed correction, the
    notation of the pieces a photo holds. Generic code asks the deck, never its name.
    """

    name: str
    by_month: bool = False
    unit: str = "card"
    # Its pieces lie in rows of a hand and melds, each group a meld (a table photo finds a
    # player's rows again from their tiles alone: scorer.vision.table.regroup).
    rows: bool = False
    example: str = ""  # typed notation shown as an example (the web form's placeholder)
    # The module whose ``READER`` (scorer.vision.models.PhotoReader) reads its photos: its
    # models and reading steps; "" where the photo commands do not recognise the deck.
    reader: str = ""

    @property
    def photos(self) -> bool:
        """Whether the photo commands recognise it (a model in ``models/``)."""
        return bool(self.reader)

    @property
    def piece(self) -> str:
        """One piece in English: ``card`` or ``tile``."""
        return self.unit.split("-")[-1]

    @property
    def module(self) -> Any:
        """``scorer.decks.<name>``, imported now (a deck module is not loaded at start-up)."""
        module = f"scorer.decks.{self.name}"
        __import__(module)  # not importlib: its import costs typed commands' start-up
        return sys.modules[module]

    @property
    def pile_kinds(self) -> tuple[str, ...]:
        """The kinds (``label_fields``' ``kind``) a pile's cards are counted by, in the order
        a pile is laid out in; () for a deck not counted so."""
        return tuple(getattr(self.module, "PILE_KINDS", ()))

    def card_records(self, lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
        """Every card or tile of the deck as a record (id, code, names, copies, ...)."""
        records: list[dict[str, Any]] = self.module.card_records(lang, months)
        return records

    def label_fields(self, label: str | None, *, units: bool = False) -> dict[str, Any]:
        """The deck's fields of a photo reader's label beside its code in JSON (hanafuda:
        plant, kind, junk_variant; with ``units`` a bonus card's junk units); ``label``
        None: the same keys, empty. A deck without them: ``{}``."""
        fields = getattr(self.module, "label_fields", None)
        return {} if fields is None else dict(fields(label, units=units))

    def design(self, text: str, months: str = "kr") -> str:
        """The photo reader's label of a typed card or tile (a typed correction, in the
        ``months`` numbering); ``ValueError`` where it names none."""
        return str(self.module.design(text, months))

    def notation(self, pieces: Sequence[tuple[str | None, tuple[int, int]]]) -> str:
        """Typed notation of a photo's pieces, each (label, (row, group)) in reading order,
        backs and dropped pieces (None) left out; ``NotationError`` where they are not a
        possible pile."""
        return str(self.module.photo_notation(pieces))


DECKS: dict[str, Deck] = {
    deck.name: deck
    for deck in (
        Deck("hanafuda", by_month=True, example="1b 3b 8b 2a", reader="scorer.vision.cards"),
        Deck("mahjong", unit="tile", rows=True, example="123m 55p (777z)",
             reader="scorer.vision.tiles"),
        Deck("hakka", unit="hakka-card", example="sup7 gon7 zok7"),
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
