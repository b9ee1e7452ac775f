"""What the two hanafuda games (Go-Stop, Koi-Koi) check and prepare alike: the piles of a
hand come from one deck, and plain junk of a month, which prints alike, is numbered across
the piles.

Pure, like the engines: no I/O, no printing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from scorer.decks.hanafuda import DECK, HanafudaCard, JunkVariant, Kind, Plant, renumber_plain_junk

if TYPE_CHECKING:  # a type for the checker only: building a Protocol costs start-up
    from typing import Protocol

    class _Holder(Protocol):
        @property
        def name(self) -> str: ...

        @property
        def cards(self) -> tuple[HanafudaCard, ...]: ...


def card_holders(
    players: Iterable[_Holder],
) -> tuple[dict[HanafudaCard, list[str]], dict[Plant, list[str]]]:
    """Who holds each card, in the order first held; plain junk apart, per plant (its
    copies look alike, so only their number can be wrong)."""
    owners: dict[HanafudaCard, list[str]] = {}
    plain: dict[Plant, list[str]] = {}
    for p in players:
        for c in p.cards:
            if c.kind is Kind.JUNK and c.variant is JunkVariant.PLAIN:
                assert c.plant is not None
                plain.setdefault(c.plant, []).append(p.name)
            else:
                owners.setdefault(c, []).append(p.name)
    return owners, plain


def too_much_junk(
    plain: dict[Plant, list[str]],
) -> Iterator[tuple[Plant, list[str], list[str]]]:
    """Each plant whose plain junk the piles hold more often than the deck has it: the
    plant, who holds it, and the deck's cards of it."""
    for plant, who in plain.items():
        exist = [c.id for c in DECK if c.plant is plant and c.variant is JunkVariant.PLAIN]
        if len(who) > len(exist):
            yield plant, who, exist


def renumbered(players: Sequence[Any]) -> tuple[Any, ...]:
    """The players (NamedTuples with ``cards``) with plain junk numbered across the piles
    (they print alike)."""
    piles = renumber_plain_junk([p.cards for p in players])
    return tuple(p._replace(cards=c) for p, c in zip(players, piles, strict=True))
