"""Settling: the transfers reproduce every total exactly, in at most n-1 transfers."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from ledger_helpers import THREE, cli, write_record

from scorer.ledger.service import check_transfers
from scorer.settle import settle

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eun", "Fer", "Gil"]
amounts = st.one_of(
    st.integers(-10_000, 10_000),
    st.fractions(min_value=-1000, max_value=1000, max_denominator=100),
)


@st.composite
def balances(draw: st.DrawFn) -> dict[str, Fraction]:
    """Zero-sum balances: each player's amount drawn, the last one evens the sum."""
    n = draw(st.sampled_from([2, 3, 3, 4, 4, 5, 6, 7]))  # mostly 3+ players
    names = draw(st.permutations(NAMES))[:n]
    values = [Fraction(draw(amounts)) for _ in range(n - 1)]
    values.append(-sum(values, Fraction(0)))
    return dict(zip(names, values, strict=True))


@settings(max_examples=300, deadline=None)
@given(balances())
def test_transfers_reproduce_totals_in_at_most_n_minus_1(net: dict[str, Fraction]) -> None:
    nonzero = sum(1 for v in net.values() if v != 0)
    event(f"non-zero players >= 3: {nonzero >= 3}")
    transfers = settle(net)
    back = {p: Fraction(0) for p in net}
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        back[t.payer] -= t.amount
        back[t.payee] += t.amount
    assert back == net
    assert len(transfers) <= len(net) - 1
    check_transfers(net, transfers)  # the command's own check agrees


def test_check_transfers_catches_a_wrong_settlement() -> None:
    from scorer.settle import Transfer

    net = {"Ana": Fraction(10), "Bo": Fraction(-10)}
    with pytest.raises(AssertionError):
        check_transfers(net, [Transfer("Bo", "Ana", Fraction(9))])


def _session(capsys: pytest.CaptureFixture[str], db: Path, name: str, players: str,
             tmp: Path, records: tuple[str, ...], currency: str = "won") -> None:
    code, _, err = cli(capsys, "ledger", "new", name, "--game", "gostop", "--players", players,
                       "--stake", "100", "--currency", currency, "--db", str(db))
    assert code == 0, err
    for r in records:  # THREE[2] is a 2-player hand: in a 3-player session, on purpose
        code, _, err = cli(capsys, "ledger", "add", name, str(write_record(tmp, r)), "--db",
                           str(db), "--yes")
        assert code == 0, err


def test_settle_one_session_and_several(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "l.db"
    _session(capsys, db, "friday", "Ana,Bo,Cy", tmp_path, THREE)
    code, out, _ = cli(capsys, "ledger", "settle", "friday", "--db", str(db), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["schema"] == "scorer.ledger-settle/1"
    # totals 7600 / -6800 / -800 won (test_ledger_store): the two debtors pay Ana
    assert doc["balances"] == {"Ana": 7600, "Bo": -6800, "Cy": -800}
    assert doc["transfers"] == [
        {"payer": "Bo", "payee": "Ana", "amount": 6800},
        {"payer": "Cy", "payee": "Ana", "amount": 800},
    ]
    code, out, _ = cli(capsys, "ledger", "settle", "friday", "--db", str(db))
    assert out.splitlines()[0] == "Who pays whom — friday"
    assert "Bo     Ana    6,800 won" in out and "Checked: the 2 transfers reproduce" in out
    # saturday: same group, one more cardavia hand (Ana +28 = 2800 won)
    _session(capsys, db, "saturday", "Cy,Bo,Ana", tmp_path, THREE[2:])
    _session(capsys, db, "pairs", "Ana,Bo", tmp_path, THREE[2:])  # another group
    code, out, _ = cli(capsys, "ledger", "settle", "friday", "--all", "--db", str(db), "--json")
    doc = json.loads(out)
    assert doc["sessions"] == ["friday", "saturday"]  # same players, any order; not "pairs"
    assert doc["balances"] == {"Ana": 7600 + 2800, "Bo": -6800 - 2800, "Cy": -800}
    code, out, _ = cli(capsys, "ledger", "settle", "friday", "pairs", "--db", str(db))
    assert "settled by name" in out  # the groups differ: said so
    assert "Bo     Ana    9,600 won" in out  # 6800 + 2800
    _session(capsys, db, "euros", "Ana,Bo", tmp_path, (), currency="eur")
    code, _, err = cli(capsys, "ledger", "settle", "friday", "euros", "--db", str(db))
    assert code == 2 and "different currencies" in err


def test_one_transfer_is_said_in_the_singular(tmp_path: Path) -> None:
    from scorer.ledger.render import render_settle
    from scorer.settle import Transfer

    out = render_settle("friday", [Transfer("Bo", "Ana", 100)], "won", "en", False)
    assert "Checked: the transfer reproduces every player's total and sums to zero." in out
    es = render_settle("viernes", [Transfer("Bo", "Ana", 100)], "won", "es", False)
    assert "Comprobado: la transferencia reproduce" in es
