"""A quick-form hand added to a ledger session (`--ledger`), and a series record added whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.cli.entry import main
from scorer.ledger import store
from scorer.ledger.db import connect

SEVEN = "1b 3b 8b 1r 2r 3r 4r 6r"  # 3 brights 3 + 5 ribbons 1 + red poem ribbons 3 = 7


def _session(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["ledger", "new", "friday", "--game", "gostop", "--players", "Ana,Bo",
          "--stake", "100", "--currency", "won", "--rules", "cardavia", "--db", str(db)])
    capsys.readouterr()


def test_quick_form_hand_lands_in_the_session_with_its_stake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.sqlite3"
    _session(db, capsys)
    main(["gostop", "--me", SEVEN, "--vs", "11b 6j", "--gos", "1", "--ledger", "friday",
          "--db", str(db), "--names", "Ana,Bo"])
    out = capsys.readouterr()
    # cardavia (the session's preset): 7 + 1 go = 8 points, at the session's 100 won a point
    assert "Bo pays Ana: 7 + 1 go = 8 points = 800 won" in out.out
    assert out.err == "Hand friday#1 added: Ana +8 (800 won), Bo -8 (-800 won)\n"
    conn = connect(str(db))
    try:
        sess = store.find_session(conn, "friday")
        points, money = store.totals(store.session_hands(conn, sess.id))
    finally:
        conn.close()
    assert points == {"Ana": 8, "Bo": -8}
    assert money == {"Ana": 800, "Bo": -800}


def test_quick_form_ledger_needs_the_session_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.sqlite3"
    _session(db, capsys)
    for extra in ([], ["--names", "Ana"], ["--names", "Ana,Cy"]):
        with pytest.raises(SystemExit) as info:
            main(["gostop", "--me", SEVEN, "--vs", "11b 6j", "--ledger", "friday",
                  "--db", str(db), *extra])
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("scorer: error:") and err.count("\n") == 1, err
    conn = connect(str(db))
    try:
        assert store.session_hands(conn, store.find_session(conn, "friday").id) == []
    finally:
        conn.close()


def test_quick_form_ledger_needs_names_in_spanish_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.sqlite3"
    _session(db, capsys)
    with pytest.raises(SystemExit):
        main(["gostop", "--me", SEVEN, "--vs", "11b 6j", "--ledger", "friday", "--db", str(db),
              "--lang", "es"])
    assert ("--ledger necesita --names: los nombres de la sesión para los jugadores jugador, "
            "rival, en ese orden") in capsys.readouterr().err


def test_quick_form_ledger_problems_name_the_options_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --ledger as without: --dream, not dream_card."""
    db = tmp_path / "l.sqlite3"
    main(["ledger", "new", "h", "--game", "hakka", "--players", "Ana,Bo,Cy,Di", "--db", str(db)])
    hand = ["hakka", "--players", "Ana,Bo,Cy,Di", "--dealer", "Ana", "--called", "Di",
            "--winner", "Bo", "--tricks", "7", "--pattern", "sup7 gon7 zok7"]
    errors = []
    for ledger in ([], ["--ledger", "h", "--db", str(db), "--names", "Ana,Bo,Cy,Di"]):
        with pytest.raises(SystemExit):
            main([*hand, *ledger])
        errors.append(capsys.readouterr().err)
    assert errors[0] == errors[1] and "--dream is needed" in errors[1], errors


def test_a_hand_typed_with_months_is_shown_in_that_numbering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`ledger hand` shows the cards as --months had them typed (jp: paulownia 12)."""
    db = tmp_path / "l.sqlite3"
    _session(db, capsys)
    main(["gostop", "--me", "1b 3b 8b 11b 1r 2r 3r", "--vs", "12b 12jd 6j", "--months", "jp",
          "--ledger", "friday", "--db", str(db), "--names", "Ana,Bo"])
    typed = capsys.readouterr().out
    main(["ledger", "hand", "friday#1", "--db", str(db)])
    shown = capsys.readouterr().out
    assert "1b 3b 8b 11b" in typed and "1b 3b 8b 11b" in shown, shown
    assert typed.strip() in shown


# samples/gostop-evening.toml: Bo pays Ana 9, then Ana pays Bo 16 (worked in its comments);
# without its stake line, so the session's stake applies.
SERIES = (Path(__file__).resolve().parents[1] / "samples" / "gostop-evening.toml").read_text(
    encoding="utf-8"
).replace("stake = 10\n", "")


def test_a_series_record_is_added_hand_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.sqlite3"
    _session(db, capsys)
    record = tmp_path / "evening.toml"
    record.write_text(SERIES, encoding="utf-8")
    main(["ledger", "add", "friday", str(record), "--db", str(db)])
    capsys.readouterr()
    conn = connect(str(db))
    try:
        hands = store.session_hands(conn, store.find_session(conn, "friday").id)
        points, money = store.totals(hands)
    finally:
        conn.close()
    assert len(hands) == 2
    # 9 - 16 = -7 for Ana, at the session's 100 won a point
    assert points == {"Ana": -7, "Bo": 7} and money == {"Ana": -700, "Bo": 700}


def test_a_session_hands_on_what_its_last_hand_carries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A session is a series hand by hand: Koi-Koi's next hand inherits the next month and the
    winner as dealer (seed 003: the winner of a round is the next oya), unless it says so."""
    db = tmp_path / "l.sqlite3"
    # at the sample's stake: a record at another stake than its session's is refused (issue 43)
    main(["ledger", "new", "match", "--game", "koikoi", "--players", "Ana,Bo", "--stake", "10",
          "--db", str(db)])
    first = SAMPLES_KOIKOI.read_text(encoding="utf-8")  # month 4, Bo deals, Ana wins
    (tmp_path / "r1.toml").write_text(first, encoding="utf-8")
    second = 'stopped = "Ana"\n' + "\n".join(
        line for line in first.splitlines()
        if not line.startswith(("dealer", "month", "stopped"))
    )
    (tmp_path / "r2.toml").write_text(second, encoding="utf-8")
    main(["ledger", "add", "match", str(tmp_path / "r1.toml"), "--db", str(db)])
    # the same piles again (a slip the ledger refuses): --yes, on purpose
    main(["ledger", "add", "match", str(tmp_path / "r2.toml"), "--db", str(db), "--yes"])
    capsys.readouterr()
    conn = connect(str(db))
    try:
        hands = store.session_hands(conn, store.find_session(conn, "match").id)
        stored = store.load_hand(conn, hands[1].id)["record"]
    finally:
        conn.close()
    assert stored["month"] == 5 and stored["dealer"] == "Ana"


SAMPLES_KOIKOI = Path(__file__).resolve().parents[1] / "samples" / "koikoi-labsk-hand.toml"
