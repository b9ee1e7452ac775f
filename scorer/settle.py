"""Net many payments into the fewest transfers that settle an evening."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scorer.explain import Payment


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
