"""Net many payments into the fewest transfers that settle an evening."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scorer.explain import HandResult, Payment


@dataclass(frozen=True)
class Transfer:
    """One payment that settles part of the balances."""

    payer: str
    payee: str
    amount: Fraction


def balances(payments: Iterable[Payment], *, money: bool = True) -> dict[str, Fraction]:
    """Net amount per player (positive: is owed). Sums to zero for any list of payments."""
    out: dict[str, Fraction] = {}
    for p in payments:
        amount = Fraction(p.money if money else p.points)
        out[p.payer] = out.get(p.payer, Fraction(0)) - amount
        out[p.payee] = out.get(p.payee, Fraction(0)) + amount
    return out


def settle(net: dict[str, Fraction]) -> list[Transfer]:
    """Greedy largest-debtor-to-largest-creditor: at most n-1 transfers for n players."""
    if sum(net.values(), Fraction(0)) != 0:
        raise ValueError(f"balances do not sum to zero: {net}")
    debt: list[tuple[str, Fraction]] = sorted(
        ((k, -v) for k, v in net.items() if v < 0), key=lambda kv: (-kv[1], kv[0])
    )
    credit: list[tuple[str, Fraction]] = sorted(
        ((k, v) for k, v in net.items() if v > 0), key=lambda kv: (-kv[1], kv[0])
    )
    transfers: list[Transfer] = []
    i = j = 0
    owed = [amount for _, amount in debt]
    due = [amount for _, amount in credit]
    while i < len(debt) and j < len(credit):
        amount = min(owed[i], due[j])
        transfers.append(Transfer(debt[i][0], credit[j][0], amount))
        owed[i] -= amount
        due[j] -= amount
        if owed[i] == 0:
            i += 1
        if due[j] == 0:
            j += 1
    return transfers


def series_payments(
    hands: Iterable[HandResult],
) -> tuple[tuple[Payment, ...], tuple[tuple[tuple[str, int], ...], ...]]:
    """Final payments of a series of hands (fewest transfers) and the running point totals.

    The points of each transfer are the net points; the money is each hand's money summed,
    so hands at different stakes settle exactly.
    """
    points: dict[str, int] = {}
    totals: list[tuple[tuple[str, int], ...]] = []
    money: list[Payment] = []
    stake: int | Fraction | float = 0
    for hand in hands:
        for p in hand.players:
            points.setdefault(p.player, 0)
        for pay in hand.payments:
            points[pay.payer] = points.get(pay.payer, 0) - pay.points
            points[pay.payee] = points.get(pay.payee, 0) + pay.points
            money.append(pay)
        stake = hand.stake
        totals.append(tuple(points.items()))
    by_points = settle({k: Fraction(v) for k, v in points.items()})
    net_money = balances(money)
    out: list[Payment] = []
    if all(Fraction(h) * stake == net_money.get(k, 0) for k, h in points.items()):
        for t in by_points:
            amount = t.amount * Fraction(stake)
            out.append(Payment(t.payer, t.payee, int(t.amount), _exact(amount)))
    else:  # stakes changed between hands: settle the money, points follow the same pairs
        for t in settle(net_money):
            out.append(Payment(t.payer, t.payee, 0, _exact(t.amount)))
    return tuple(out), tuple(totals)


def _exact(amount: Fraction) -> int | Fraction:
    return int(amount) if amount.denominator == 1 else amount
