"""Settling a classical mahjong hand (seed 002): pure, exact, zero-sum.

"el vencedor recibe el total de su puntuación de cada uno de los otros 3 jugadores. Además
entre los 3 perdedores cada uno debe pagar la diferencia con los otros dos, o recibirla.
El Este siempre recibe o paga el doble que los otros."

A generic function (totals, winner, East, factor, stake) -> payments: it could move to
``scorer/settle.py`` for any game where losers settle their differences.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from scorer.explain import Note, Payment, Term, money

if TYPE_CHECKING:
    from fractions import Fraction


def settle_losers_differ(
    totals: Sequence[tuple[str, int]],
    winner: str,
    east: str | None,
    east_factor: int,
    stake: int | Fraction | float = 1,
) -> tuple[Payment, ...]:
    """Every payment of a won hand, in seat order: to the winner, then between losers.

    ``totals`` are (player, total) in seat order. Each loser pays the winner the winner's
    total; each pair of losers settles the difference of their totals (the lower pays);
    a payment with ``east`` on either side is multiplied by ``east_factor``.

    Each payment's terms are its formula: the base (``settle.win``, the winner's total, or
    ``settle.difference``, two losers' difference; its args say whose totals), then
    ``east.double`` as a factor: ``40 winning hand × 2 East = 80``.
    """
    score = dict(totals)
    out: list[Payment] = []

    def pay(payer: str, payee: str, base: Term, reason: Note) -> None:
        if base.value == 0:  # nothing passes (a tie between losers, a winner's total of 0)
            return
        terms = [base]
        reasons = [reason]
        points = base.value
        if east in (payer, payee) and east_factor != 1:
            points *= east_factor
            terms.append(Term("east.double", "x", east_factor, (("east", east),)))
            reasons.append(Note("reason.east", (("factor", east_factor),)))
        out.append(Payment(payer, payee, points, money(points, stake), tuple(reasons),
                           tuple(terms)))

    losers = [n for n, _ in totals if n != winner]
    for name in losers:
        w = score[winner]
        went_out = (("winner", winner), ("total", w))
        pay(name, winner, Term("settle.win", "=", w, went_out), Note("reason.went-out", went_out))
    for a, b in combinations(losers, 2):
        high, low = (a, b) if score[a] > score[b] else (b, a)
        diff = score[high] - score[low]
        apart = (("high", high), ("hi", score[high]), ("low", low), ("lo", score[low]))
        pay(low, high, Term("settle.difference", "=", diff, apart),
            Note("reason.difference", apart))
    return tuple(out)
