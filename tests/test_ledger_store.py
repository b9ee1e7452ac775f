"""The ledger's store: hand-worked running totals, corrections that keep history, refusals."""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest
from ledger_helpers import THREE, counts, sample_data

from scorer.games.record import record_from_data, score_record
from scorer.ledger import db as ledger_db
from scorer.ledger import store
from scorer.ledger.messages import LedgerError


def scored(name: str, **changes: object) -> tuple[dict[str, object], object]:
    data = {**sample_data(name), "stake": 100, "currency": "won", **changes}
    return data, score_record(record_from_data(data, origin=name, base_dir=str(Path.cwd())))


@pytest.fixture()
def friday(tmp_path: Path) -> Path:
    db = tmp_path / "ledger.sqlite3"
    store.create_session(str(db), "friday", "gostop", ["Ana", "Bo", "Cy"], stake=100,
                         currency="won")
    for name in THREE:
        data, result = scored(name)
        store.add_hand(str(db), "friday", data, result)  # type: ignore[arg-type]
    return db


def test_three_hands_running_totals_by_hand(friday: Path) -> None:
    conn = ledger_db.connect(str(friday))
    s = store.find_session(conn, "friday")
    hands = store.session_hands(conn, s.id)
    assert [h.seq for h in hands] == [1, 2, 3]
    # points from the payments in ledger_helpers.THREE, added by hand
    assert [dict(h.points) for h in hands] == [
        {"Ana": 16, "Bo": -8, "Cy": -8},
        {"Ana": 32, "Bo": -32, "Cy": 0},
        {"Ana": 28, "Bo": -28},  # a two-player hand: Cy sat it out
    ]
    points, money = store.totals(hands)
    assert points == {"Ana": 16 + 32 + 28, "Bo": -8 - 32 - 28, "Cy": -8}  # 76, -68, -8
    assert money == {"Ana": 7600, "Bo": -6800, "Cy": -800}  # at 100 won a point
    conn.close()


def test_void_and_replace_keep_history(friday: Path) -> None:
    store.void_hand(str(friday), 2, "dealt with a missing card")
    data, result = scored("gostop-cardavia-go.toml", stopped="Ana")
    new_id = store.replace_hand(str(friday), 3, data, result, "Bo's pile was mistyped")  # type: ignore[arg-type]
    conn = ledger_db.connect(str(friday))
    hands = store.session_hands(conn, 1)
    assert [(h.seq, h.counts, h.replaces) for h in hands] == [
        (1, True, None), (2, False, None), (3, False, None), (4, True, 3),
    ]
    assert hands[1].void_reason == "dealt with a missing card" and hands[1].void_by is None
    assert hands[2].void_by == new_id == 4
    points, _ = store.totals(hands)
    assert points == {"Ana": 16 + 28, "Bo": -8 - 28, "Cy": -8}  # hand 2 and old hand 3 out
    actions = [(e["action"], e["seq"], e["target_seq"]) for e in store.audit_log(conn, None)]
    assert actions == [
        ("new-session", None, None), ("add", 1, None), ("add", 2, None), ("add", 3, None),
        ("void", None, 2), ("replace", 4, 3),
    ]
    assert counts(friday) == (4, 3 + 3 + 2 + 2, 6)  # nothing deleted
    conn.close()
    with pytest.raises(LedgerError, match="already replaced by friday#4"):
        store.void_hand(str(friday), 3, "again")
    with pytest.raises(LedgerError, match="already voided"):
        store.replace_hand(str(friday), 2, data, result, "x")  # type: ignore[arg-type]
    with pytest.raises(LedgerError, match="no hand #99"):
        store.void_hand(str(friday), 99, "x")


@pytest.mark.parametrize(
    ("session", "change", "message"),
    [
        ("nosuch", {}, "unknown session 'nosuch'"),
        ("fridya", {}, "did you mean 'friday'"),
        ("friday", {"players": [{"name": "Dee", "cards": "1b 3b 8b"},
                                {"name": "Bo", "cards": "2a"}], "stopped": None},
         "player 'Dee' is not in session 'friday'"),
    ],
)
def test_bad_input_changes_nothing(
    friday: Path, session: str, change: dict[str, object], message: str
) -> None:
    before = counts(friday)
    data = {**sample_data("gostop-cardavia-go.toml"), "stake": 100, "currency": "won"}
    data.update({k: v for k, v in change.items() if v is not None})
    if change.get("stopped", 1) is None:
        data.pop("stopped")
    result = score_record(record_from_data(data, origin="x", base_dir="."))
    with pytest.raises(LedgerError, match=message):
        store.add_hand(str(friday), session, data, result)
    assert counts(friday) == before


def test_a_hand_of_another_game_or_currency_is_refused(friday: Path) -> None:
    data, result = scored("gostop-cardavia-go.toml")
    with pytest.raises(LedgerError, match="a koikoi hand cannot go in session 'friday'"):
        store.add_hand(str(friday), "friday", {**data, "game": "koikoi"}, result)  # type: ignore[arg-type]
    data, result = scored("gostop-cardavia-go.toml", currency="pesos")
    with pytest.raises(LedgerError, match="in 'pesos', session 'friday' in 'won'"):
        store.add_hand(str(friday), "friday", data, result)  # type: ignore[arg-type]
    assert counts(friday) == (3, 8, 4)


def test_session_arguments_are_checked_together(tmp_path: Path) -> None:
    with pytest.raises(LedgerError) as err:
        store.create_session(str(tmp_path / "l.db"), " ", "chess", ["Ana"], stake="-3")
    text = str(err.value)
    for part in ("name must not be empty", "unknown game 'chess'", "at least 2 players",
                 "stake = '-3'"):
        assert part in text
    assert not (tmp_path / "l.db").exists()  # refused before the file was made
    store.create_session(str(tmp_path / "l.db"), "a", "gostop", ["Ana", "Bo"])
    with pytest.raises(LedgerError, match="already exists"):
        store.create_session(str(tmp_path / "l.db"), "a", "gostop", ["Ana", "Bo"])


def test_fractional_stakes_stay_exact(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    store.create_session(db, "cents", "gostop", ["Ana", "Bo"], stake="0.1", currency="eur")
    data = {**sample_data("gostop-cardavia-go.toml"), "stake": 0.1, "currency": "eur"}
    result = score_record(record_from_data(data, origin="x", base_dir="."))
    for _ in range(3):
        store.add_hand(db, "cents", data, result)
    conn = ledger_db.connect(db)
    _, money = store.totals(store.session_hands(conn, 1))
    # 28 points at 0.1 three times: exactly 8.4, not 8.399999999999999
    assert money == {"Ana": Fraction(84, 10), "Bo": Fraction(-84, 10)}
    assert store.show_money(money["Bo"]) == "-8.4"
    assert store.show_money(Fraction(1, 3)) == "1/3"
    assert conn.execute("SELECT DISTINCT money FROM hand_players").fetchall() == [
        ("14/5",), ("-14/5",)
    ]
    conn.close()


def test_default_path_follows_scorer_db_then_platformdirs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import platformdirs

    monkeypatch.setenv("SCORER_DB", str(tmp_path / "x.sqlite3"))
    assert ledger_db.default_path() == str(tmp_path / "x.sqlite3")
    monkeypatch.delenv("SCORER_DB")
    for xdg in (None, "", str(tmp_path / "xdg")):
        if xdg is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", xdg)
        expected = os.path.join(platformdirs.user_data_dir("scorer", appauthor=False),
                                "ledger.sqlite3")
        assert ledger_db.default_path() == expected
