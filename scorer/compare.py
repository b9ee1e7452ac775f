"""What changes when the same hand is scored under another rule set (any game).

``compare(a, b)`` lines two results up item by item — each rule that fires or not, each
player's subtotal and total, each multiplier, each payment — and keeps the items that differ.
Pure: it reads two :class:`~scorer.explain.HandResult` records and returns records.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from scorer.explain import HandResult


class Change(NamedTuple):
    """One item that differs: ``kind`` says what it is; ``a``/``b`` are None where absent."""

    kind: str  # "line" | "bonus" | "multiplier" | "subtotal" | "total" | "payment" | "outcome"
    player: str | None  # whose item (the payee for a payment)
    item: str  # the rule id, or "payer->payee" for a payment
    a: Any
    b: Any

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "item": self.item,
                "a": self.a, "b": self.b}


def _items(result: HandResult) -> dict[tuple[str, str | None, str], Any]:
    out: dict[tuple[str, str | None, str], Any] = {("outcome", None, "outcome"): result.outcome}
    out[("outcome", None, "winner")] = result.winner
    for p in result.players:
        for line in p.lines:
            out[("line", p.player, line.rule)] = line.points
        for b in p.bonuses:
            out[("bonus", p.player, b.rule)] = b.points
        for m in p.multipliers:
            out[("multiplier", p.player, m.rule)] = m.factor
        out[("subtotal", p.player, "subtotal")] = p.subtotal
        out[("total", p.player, "total")] = p.total
    for m in result.multipliers:
        out[("multiplier", m.against, m.rule)] = m.factor
    for pay in result.payments:
        key = ("payment", pay.payee, f"{pay.payer}->{pay.payee}")
        out[key] = out.get(key, 0) + pay.points
    return out


def compare(a: HandResult, b: HandResult) -> list[Change]:
    """Every item whose value differs between ``a`` and ``b``, in ``a``'s order, then ``b``'s."""
    ia, ib = _items(a), _items(b)
    keys = list(ia) + [k for k in ib if k not in ia]
    return [
        Change(kind, player, item, ia.get((kind, player, item)), ib.get((kind, player, item)))
        for kind, player, item in keys
        if ia.get((kind, player, item)) != ib.get((kind, player, item))
    ]


def comparison_json(a: HandResult, b: HandResult, label_a: str, label_b: str) -> dict[str, Any]:
    return {
        "schema": "scorer.compare/1",
        "game": a.game,
        "a": {"rules": label_a, "hand": a.to_json()},
        "b": {"rules": label_b, "hand": b.to_json()},
        "changes": [c.to_json() for c in compare(a, b)],
    }
