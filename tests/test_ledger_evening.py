"""An evening's ledger as its scorekeeper uses it (issue 33): hands named SESSION#N, what a
hand inherits assigned atomically, true running totals, replacements that keep their round,
and the slips that would move money without a word."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from ledger_helpers import SAMPLES, THREE, cli, counts, write_record

from scorer.cli.entry import main

# A Go-Stop nagari among three: nobody stops, nobody pays (each pile scores nothing).
NAGARI = """game = "gostop"
[[players]]
name = "Ana"
cards = "1j"
[[players]]
name = "Bo"
cards = "2j"
[[players]]
name = "Cy"
cards = "3j"
"""
# A Koi-Koi hand that names no round, month or dealer: it takes the match's.
# Bo: 2a 4a 6a 7a 10a, five tane (1) + ... as `scorer score` gives it: Ana pays Bo 16.
KOIKOI = """game = "koikoi"
preset = "labsk"
stopped = "Bo"
[[players]]
name = "Ana"
cards = "1j 4j"
[[players]]
name = "Bo"
cards = "6a 7a 10a 2a 4a"
"""


def _records(db: Path, session: str) -> list[dict[str, Any]]:
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT h.record FROM hands h JOIN sessions s ON s.id = h.session_id "
            "WHERE s.name = ? ORDER BY h.seq", (session,)
        ).fetchall()
    finally:
        conn.close()
    return [json.loads(r[0]) for r in rows]


def _writer(barrier: Any, argv: list[str]) -> None:
    barrier.wait()  # all eight start storing at the same moment
    try:
        main(argv)
    except SystemExit as exit_:
        raise SystemExit(exit_.code) from None


def _at_once(argv: list[str], n: int = 8) -> None:
    """``n`` processes, each with its own connection, running ``scorer ARGV`` together."""
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(n)
    procs = [ctx.Process(target=_writer, args=(barrier, argv)) for _ in range(n)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0] * n


def test_eight_writers_at_once_get_rounds_1_to_8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    assert cli(capsys, "ledger", "new", "m", "--game", "koikoi", "--players", "Ana,Bo",
               "--db", str(db))[0] == 0
    record = tmp_path / "k.toml"
    record.write_text(KOIKOI, encoding="utf-8")
    # the same piles every round: --yes, on purpose
    _at_once(["ledger", "add", "m", str(record), "--db", str(db), "--yes"])
    stored = _records(db, "m")
    # round 1 names none (1); each next round is one more, its month the round's number
    # (a match starts in January: round 2 is February), dealt by the last winner, Bo
    assert [r.get("round", 1) for r in stored] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [r.get("month") for r in stored] == [None, 2, 3, 4, 5, 6, 7, 8]
    assert [r.get("dealer") for r in stored] == [None] + ["Bo"] * 7


def test_eight_writers_of_an_evening_get_carry_and_dealer_in_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    assert cli(capsys, "ledger", "new", "eve", "--game", "gostop", "--players", "Ana,Bo,Cy",
               "--set", "nagari.dealer=next", "--db", str(db))[0] == 0
    first = tmp_path / "first.toml"
    first.write_text('dealer = "Ana"\n' + NAGARI, encoding="utf-8")
    assert cli(capsys, "ledger", "add", "eve", str(first), "--db", str(db))[0] == 0
    record = tmp_path / "nagari.toml"
    record.write_text(NAGARI, encoding="utf-8")
    _at_once(["ledger", "add", "eve", str(record), "--db", str(db), "--yes"])
    stored = _records(db, "eve")
    # each nagari carries one more; after one the next player deals (Ana, Bo, Cy, Ana, ...)
    assert [r.get("carry", 0) for r in stored] == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert [r["dealer"] for r in stored] == ["Ana", "Bo", "Cy"] * 3


def test_a_series_prints_the_running_totals_after_each_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    cli(capsys, "ledger", "new", "fri", "--game", "gostop", "--players", "Ana,Bo", "--stake",
        "100", "--currency", "won", "--db", str(db))
    record = tmp_path / "evening.toml"
    record.write_text((SAMPLES / "gostop-evening.toml").read_text(encoding="utf-8")
                      .replace("stake = 10\n", ""), encoding="utf-8")
    code, out, err = cli(capsys, "ledger", "add", "fri", str(record), "--db", str(db))
    assert code == 0, err
    # the sample's comments: Bo pays Ana 9, then Ana pays Bo 16 (at 100 won a point)
    assert out == (
        "Hand fri#1 added: Ana +9 (900 won), Bo -9 (-900 won)\n"
        "Running totals after fri#1: Ana 9, Bo -9\n"
        "Hand fri#2 added: Ana -16 (-1,600 won), Bo +16 (1,600 won)\n"
        "Running totals after fri#2: Ana -7, Bo 7\n"
    )
    doc = json.loads(cli(capsys, "ledger", "add", "fri", str(record), "--db", str(db),
                         "--yes", "--json")[1])
    assert doc["schema"] == "scorer.ledger-hands/1"
    assert [h["totals"]["points"] for h in doc["hands"]] == [
        {"Ana": -7 + 9, "Bo": 7 - 9}, {"Ana": -7 - 7, "Bo": 7 + 7}
    ]


def test_a_replacement_keeps_the_round_month_and_dealer_it_replaces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(tmp_path / "l.db")]
    # at the sample's stake: a record at another stake than its session's is refused (issue 43)
    cli(capsys, "ledger", "new", "m", "--game", "koikoi", "--players", "Ana,Bo", "--stake", "10",
        *db)
    first = SAMPLES / "koikoi-labsk-hand.toml"  # round 1, month 4, Bo deals, Ana wins
    second = tmp_path / "k.toml"
    second.write_text(KOIKOI, encoding="utf-8")
    assert cli(capsys, "ledger", "add", "m", str(first), *db)[0] == 0
    assert cli(capsys, "ledger", "add", "m", str(second), *db)[0] == 0  # round 2, month 5
    assert cli(capsys, "ledger", "add", "m", str(first), *db, "--yes")[0] == 0  # round 3
    fixed = tmp_path / "fixed.toml"  # round 2 again, naming no round, month or dealer
    fixed.write_text(KOIKOI.replace('stopped = "Bo"', 'stopped = "Bo"\ntitle = "fixed"'),
                     encoding="utf-8")
    code, out, err = cli(capsys, "ledger", "replace", "m#2", str(fixed), "--reason", "typo",
                         *db)
    assert code == 0, err
    assert out.startswith("Hand m#2 replaced by m#4: ")
    stored = _records(tmp_path / "l.db", "m")
    replacement = stored[3]
    assert (replacement["round"], replacement["month"], replacement["dealer"]) == (2, 5, "Ana")
    # the next hand follows round 3 (m#3), not the replacement that stands at round 2
    fourth = tmp_path / "k4.toml"
    fourth.write_text(KOIKOI.replace('"1j 4j"', '"1j 5j"'), encoding="utf-8")
    assert cli(capsys, "ledger", "add", "m", str(fourth), *db)[0] == 0
    assert _records(tmp_path / "l.db", "m")[4]["round"] == 4


def test_hands_are_named_by_session_and_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    for name in ("fri", "sat"):
        cli(capsys, "ledger", "new", name, "--game", "gostop", "--players", "Ana,Bo,Cy",
            "--db", str(db))
        for sample in THREE[:2]:
            assert cli(capsys, "ledger", "add", name, str(write_record(tmp_path, sample)),
                       "--db", str(db))[0] == 0
    before = counts(db)
    code, _, err = cli(capsys, "ledger", "void", "2", "--reason", "misdeal", "--db", str(db))
    assert code == 2 and "which session? The ledger has 2: say sat#2 (the latest)" in err
    assert counts(db) == before
    code, out, _ = cli(capsys, "ledger", "void", "sat#2", "--reason", "misdeal", "--db", str(db))
    assert code == 0 and out == "Hand sat#2 voided: misdeal\n"
    fri = json.loads(cli(capsys, "ledger", "show", "fri", "--json", "--db", str(db))[1])
    sat = json.loads(cli(capsys, "ledger", "show", "sat", "--json", "--db", str(db))[1])
    assert [h["counts"] for h in fri["hands"]] == [True, True]
    assert [h["counts"] for h in sat["hands"]] == [True, False]
    out = cli(capsys, "ledger", "hand", "1", "--session", "fri", "--db", str(db))[1]
    assert out.startswith("Hand fri#1 · entered ")
    out = cli(capsys, "ledger", "hand", "1", "--db", str(db))[1]  # reading: the latest, sat
    assert out.startswith("Hand sat#1 · entered ")
    code, _, err = cli(capsys, "ledger", "hand", "fri#1", "--session", "sat", "--db", str(db))
    assert code == 2 and "'fri#1' names session 'fri', but --session says 'sat'" in err
    code, _, err = cli(capsys, "ledger", "hand", "fri#x", "--db", str(db))
    assert code == 2 and "'fri#x' is not a hand: expected SESSION#N" in err
    entry = json.loads(cli(capsys, "ledger", "hand", "sat#1", "--json", "--db", str(db))[1])
    assert entry["id"] == 3 and entry["seq"] == 1  # the database id: in JSON only


def test_a_session_name_with_a_hash_is_split_at_its_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The web page accepts any name ("Table #2"); its hands are addressed at the last '#'.
    db = tmp_path / "l.db"
    cli(capsys, "ledger", "new", "Table #2", "--game", "gostop", "--players", "Ana,Bo,Cy",
        "--db", str(db))
    for sample in THREE[:2]:
        assert cli(capsys, "ledger", "add", "Table #2", str(write_record(tmp_path, sample)),
                   "--db", str(db))[0] == 0
    code, out, _ = cli(capsys, "ledger", "void", "Table #2#2", "--reason", "misdeal",
                       "--db", str(db))
    assert code == 0 and out == "Hand Table #2#2 voided: misdeal\n"


def test_slips_are_refused_in_one_line_unless_yes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    cli(capsys, "ledger", "new", "fri", "--game", "gostop", "--players", "Ana,Bo,Cy",
        "--db", str(db))
    no_cards = tmp_path / "no-cards.toml"
    text = write_record(tmp_path, THREE[0]).read_text(encoding="utf-8")
    cy = 'cards = "6j 6j 7j 7j 8j 8j 9j 9j 10j 10j"\n'  # Cy's line, taken out
    assert text.endswith(cy)
    no_cards.write_text(text.removesuffix(cy), encoding="utf-8")
    code, out, err = cli(capsys, "ledger", "add", "fri", str(no_cards), "--db", str(db))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "player 'Cy' has no cards line (scored as an empty pile)" in err
    assert "nothing was added (--yes to add it anyway)" in err
    two = write_record(tmp_path, THREE[2])  # Ana and Bo only
    code, _, err = cli(capsys, "ledger", "add", "fri", str(two), "--db", str(db))
    assert code == 2
    assert "the hand has 2 players (Ana, Bo), session 'fri' has 3 (Ana, Bo, Cy)" in err
    assert counts(db)[0] == 0
    first = write_record(tmp_path, THREE[0])
    assert cli(capsys, "ledger", "add", "fri", str(first), "--db", str(db))[0] == 0
    code, _, err = cli(capsys, "ledger", "add", "fri", str(first), "--db", str(db))
    assert code == 2 and "the same hand is already in the ledger as fri#1 (entered " in err
    code, _, err = cli(capsys, "ledger", "add", "fri", str(first), "--db", str(db), "--lang", "es")
    assert "la misma mano ya está en el libro como fri#1" in err
    assert "no se ha anotado nada (--yes para anotarla de todos modos)" in err
    assert counts(db)[0] == 1
    for record in (no_cards, two, first):
        assert cli(capsys, "ledger", "add", "fri", str(record), "--db", str(db), "--yes")[0] == 0
    assert counts(db)[0] == 4


@pytest.mark.parametrize(("game", "players", "said"), [
    ("koikoi", "A,B,C", "koikoi is played by 2 players; --players gives 3 (A, B, C)"),
    ("mahjong", "A,B,C", "mahjong is played by 4 players; --players gives 3"),
    ("hakka", "A,B,C,D,E", "hakka is played by 4 players; --players gives 5"),
    ("gostop", "A,B,C,D", "gostop is played by 2 to 3 players; --players gives 4"),
])
def test_new_checks_the_player_count_against_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, players: str, said: str
) -> None:
    db = tmp_path / "l.db"
    code, _, err = cli(capsys, "ledger", "new", "x", "--game", game, "--players", players,
                       "--db", str(db))
    assert code == 2 and said in err and "so no hand could ever be added" in err
    code, _, err = cli(capsys, "ledger", "new", "x", "--game", "gostop", "--players", "A,B,C",
                       "--rules", "cardavia", "--db", str(db))  # cardavia: two players
    assert code == 2 and "gostop is played by 2 players under cardavia; --players gives 3" in err


def test_the_note_says_a_hand_scores_differently_only_when_it_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    cli(capsys, "ledger", "new", "fri", "--game", "gostop", "--players", "Ana,Bo,Cy",
        "--db", str(db))
    cli(capsys, "ledger", "add", "fri", str(write_record(tmp_path, THREE[0])), "--db", str(db))
    assert "scores the hand differently" not in cli(capsys, "ledger", "hand", "fri#1", "--db",
                                                     str(db))[1]
    conn = sqlite3.connect(db)  # as if an older scorer had stored another result
    doc = json.loads(conn.execute("SELECT result FROM hands").fetchone()[0])
    doc["payments"][0]["points"] += 1
    conn.execute("UPDATE hands SET result = ?", (json.dumps(doc),))
    conn.commit()
    conn.close()
    assert "scores the hand differently" in cli(capsys, "ledger", "hand", "fri#1", "--db",
                                                 str(db))[1]


def test_the_record_is_read_as_score_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    cli(capsys, "ledger", "new", "fri", "--game", "gostop", "--players", "Ana,Bo,Cy",
        "--db", str(db))
    record = write_record(tmp_path, THREE[0])
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + record.read_bytes())  # as Windows Notepad saves it
    assert cli(capsys, "score", str(bom))[0] == 0
    assert cli(capsys, "ledger", "add", "fri", str(bom), "--db", str(db))[0] == 0
    big = tmp_path / "big.toml"
    big.write_text(record.read_text(encoding="utf-8") + "# " + "x" * (2 << 20) + "\n",
                   encoding="utf-8")
    code, _, score_err = cli(capsys, "score", str(big))
    assert code == 2 and "larger than 1024 KiB" in score_err
    code, _, add_err = cli(capsys, "ledger", "add", "fri", str(big), "--db", str(db))
    assert code == 2 and add_err == score_err
    assert counts(db)[0] == 1


def test_ledger_messages_are_spanish_under_lang_es(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(tmp_path / "l.db")]
    cli(capsys, "ledger", "new", "fri", "--game", "gostop", "--players", "Ana,Bo,Cy", "--stake",
        "100", "--currency", "pesos", *db)
    record = write_record(tmp_path, THREE[0])
    code, out, _ = cli(capsys, "ledger", "add", "fri", str(record), *db, "--lang", "es")
    # familia 3p: Bo and Cy pay Ana 8 each, at 100 pesos a point
    assert out == ("Mano fri#1 anotada: Ana +16 (1.600 pesos), Bo -8 (-800 pesos), "
                   "Cy -8 (-800 pesos)\nTotales acumulados: Ana 16, Bo -8, Cy -8\n")
    for args, said in (
        (["void", "fri#9", "--reason", "x"], "no hay mano fri#9: la sesión 'fri' tiene las "
                                             "manos #1 a #1"),
        (["void", "1", "--reason", " "], "--reason no puede estar vacío"),
        (["show", "nadie"], "no hay ninguna sesión 'nadie'"),
        (["export", "--format", "xml"], "opción --format: valor no válido: 'xml'"),
        (["rescore", "1", "--save"], '--save necesita --reason "por qué se recalcula la mano"'),
    ):
        code, _, err = cli(capsys, "ledger", *args, *db, "--lang", "es")
        assert code == 2 and said in err, (args, err)
