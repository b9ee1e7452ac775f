from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorer.explain import Payment
from scorer.settle import balances, settle

players = st.sampled_from(["ana", "bo", "cy", "dee"])


@given(st.lists(st.tuples(players, players, st.integers(0, 500)), max_size=12))
def test_settlement_is_zero_sum_and_short(raw: list[tuple[str, str, int]]) -> None:
    pays = [Payment(a, b, n, n) for a, b, n in raw if a != b]
    net = balances(pays)
    assert sum(net.values(), Fraction(0)) == 0
    transfers = settle(net)
    assert len(transfers) <= max(len([v for v in net.values() if v]) - 1, 0)
    after = dict(net)
    for tr in transfers:
        assert tr.amount > 0
        after[tr.payer] += tr.amount
        after[tr.payee] -= tr.amount
    assert all(v == 0 for v in after.values())


def test_three_players_example() -> None:
    pays = [Payment("ana", "bo", 10, 10), Payment("cy", "bo", 4, 4), Payment("bo", "cy", 1, 1)]
    transfers = settle(balances(pays))
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [
        ("ana", "bo", 10),
        ("cy", "bo", 3),
    ]
