"""`scorer ledger`: the fast path and typer agree; JSON, CSV, round trips, corrections."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from ledger_helpers import THREE, cli, counts, write_record
from typer.testing import CliRunner

from scorer.cli.app import app

runner = CliRunner()


@pytest.fixture()
def friday(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    db = tmp_path / "l.db"
    code, out, err = cli(capsys, "ledger", "new", "friday", "--game", "gostop", "--players",
                         "Ana,Bo,Cy", "--stake", "100", "--currency", "won", "--db", str(db))
    assert code == 0 and out == "Session friday started: gostop · Ana, Bo, Cy · stake 100 won " \
        "per point\n", err
    for name in THREE:  # the last is a 2-player hand (Cy sat out): --yes, on purpose
        code, out, err = cli(capsys, "ledger", "add", "friday", str(write_record(tmp_path, name)),
                             "--db", str(db), *(["--yes"] if name == THREE[2] else []))
        assert code == 0, err
    return db


def test_add_says_the_hand_and_running_totals(
    friday: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = write_record(tmp_path, THREE[2])
    code, out, _ = cli(capsys, "ledger", "add", str(record), "--db", str(friday),  # the latest
                       "--yes")  # the same 2-player hand as friday#3, on purpose
    assert code == 0
    assert out == (
        "Hand friday#4 added: Ana +28 (2,800 won), Bo -28 (-2,800 won)\n"
        "Running totals: Ana 104, Bo -96, Cy -8\n"  # 76 + 28, -68 - 28
    )


SHOW = """\
Session friday · gostop · Ana, Bo, Cy · stake 100 won per point
Hand  Preset         Ana         Bo       Cy  Note
────  ────────  ────────  ─────────  ───────  ────
#1    familia   16 (+16)    -8 (-8)  -8 (-8)
#2    estandar  48 (+32)  -40 (-32)  -8 (+0)
#3    cardavia  76 (+28)  -68 (-28)       -8

Totals (points): Ana 76 · Bo -68 · Cy -8
Totals (money): Ana 7,600 won · Bo -6,800 won · Cy -800 won
"""


def test_show_running_totals_table(friday: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "ledger", "show", "friday", "--db", str(friday))
    assert code == 0 and out == SHOW
    code, out, _ = cli(capsys, "ledger", "show", "--db", str(friday), "--lang", "es")
    assert out.splitlines()[0] == "Sesión friday · gostop · Ana, Bo, Cy · apuesta 100 won por punto"
    assert "Totales (dinero): Ana 7.600 won · Bo -6.800 won · Cy -800 won" in out


def test_the_entry_point_and_the_typer_app_print_the_same(
    friday: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One declaration per command: `--db PATH`, `--db=PATH` and the typer app, which hands
    `ledger` on, print the same."""
    for args in (["show", "friday"], ["show", "--json"], ["list"], ["log", "friday"],
                 ["settle", "--json"], ["hand", "friday#3"], ["hand", "1", "--json"],
                 ["rescore", "1", "--rules", "estandar"], ["export", "friday", "--format", "csv"],
                 ["show", "--lang", "es"], ["hand", "3", "--session", "friday"]):
        full = ["ledger", *args, "--db", str(friday)]
        code, out, _ = cli(capsys, *full)
        code_eq, out_eq, _ = cli(capsys, "ledger", *args, f"--db={friday}")
        result = runner.invoke(app, full)
        assert code == code_eq == result.exit_code == 0, (args, result.output)
        assert out == out_eq == result.stdout, args


def test_json_documents_have_schemas(friday: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = ["--db", str(friday)]
    show = json.loads(cli(capsys, "ledger", "show", "--json", *db)[1])
    assert show["schema"] == "scorer.ledger-session/1"
    assert [h["running_points"] for h in show["hands"]] == [
        {"Ana": 16, "Bo": -8, "Cy": -8}, {"Ana": 48, "Bo": -40, "Cy": -8},
        {"Ana": 76, "Bo": -68, "Cy": -8},
    ]
    assert json.loads(cli(capsys, "ledger", "list", "--json", *db)[1])["schema"] == (
        "scorer.ledger-list/1"
    )
    log = json.loads(cli(capsys, "ledger", "log", "--json", *db)[1])
    assert log["schema"] == "scorer.ledger-log/1" and len(log["entries"]) == 4
    entry = json.loads(cli(capsys, "ledger", "hand", "2", "--json", *db)[1])
    assert entry["schema"] == "scorer.ledger-entry/1"
    assert entry["result"]["schema"] == "scorer.hand/1" and entry["preset"] == "estandar"
    assert entry["engine_version"] == "0.1.0" and entry["source_text"].startswith("# A 3-player")
    assert entry["rules"]["go.stopped_by_other"] and entry["record"]["stake"] == 100


def test_hand_shows_the_whole_explanation(friday: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "ledger", "hand", "3", "--db", str(friday))
    assert code == 0
    assert out.startswith("Hand friday#3 · entered ")
    assert "scores the hand differently" not in out  # a fresh ledger: the same score
    assert "gostop · cardavia · Outcome: stop · Winner: Ana" in out
    assert "Three birds (godori)" in out
    assert "Bo pays Ana: (13 + 1 go) × 2 gwang-bak = 28 points = 2,800 won" in out


def test_bad_input_is_one_line_and_changes_nothing(
    friday: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = counts(friday)
    stranger = write_record(tmp_path, THREE[2])
    stranger.write_text(stranger.read_text().replace('"Bo"', '"Dee"'))
    bad_cards = write_record(tmp_path, THREE[0])
    bad_cards.write_text(bad_cards.read_text().replace("1r 2r", "1r pine-brite"))
    cases = [
        (["add", "nosuch", str(stranger)], "unknown session 'nosuch'"),
        (["add", "friday", str(stranger)], "player 'Dee' is not in session 'friday'"),
        (["add", "friday", str(bad_cards)], "unknown card 'pine-brite'"),
        (["add", "friday", str(tmp_path / "missing.toml")], "no record file at"),
        (["void", "99", "--reason", "x"], "no hand friday#99: session 'friday' has hands #1 to #3"),
        (["void", "1", "--reason", " "], "--reason must not be empty"),
        (["rescore", "1", "--save"], "--save needs --reason"),
        (["rescore", "1", "--rules", "nosuch"], "unknown gostop preset 'nosuch'"),
        (["new", "friday", "--game", "gostop", "--players", "A,B"], "already exists"),
        (["show", "--lang", "xx"], "argument --lang: invalid choice: 'xx'"),
    ]
    for args, message in cases:
        code, out, err = cli(capsys, "ledger", *args, "--db", str(friday))
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (args, err)
        assert err.startswith("scorer: error: ") and message in err, (args, err)
    assert counts(friday) == before


def test_rescore_shows_the_difference_and_saves_only_when_asked(
    friday: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(friday)]
    code, out, _ = cli(capsys, "ledger", "rescore", "1", "--rules", "estandar", "--json", *db)
    doc = json.loads(out)
    assert doc["old"]["points"] == {"Ana": 16, "Bo": -8, "Cy": -8}  # familia: Ana scores double
    # estandar: Bo called go and Ana stopped, so Bo pays for Cy too (go-bak): 4 + 4
    assert doc["new"]["points"] == {"Ana": 8, "Bo": -8, "Cy": 0}
    assert doc["saved_as"] is None and counts(friday) == (3, 8, 4)
    code, out, _ = cli(capsys, "ledger", "rescore", "1", "--rules", "estandar", "--save",
                       "--reason", "we play estandar", *db)
    assert code == 0 and "Hand friday#1 replaced by friday#4: Ana +8, Bo -8, Cy +0" in out
    show = json.loads(cli(capsys, "ledger", "show", "--json", *db)[1])
    assert show["totals"]["points"] == {"Ana": 8 + 32 + 28, "Bo": -8 - 32 - 28, "Cy": 0}
    assert show["hands"][0]["void"] == {"reason": "we play estandar", "by": 4}


def test_void_replace_and_log(
    friday: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(friday)]
    assert cli(capsys, "ledger", "void", "2", "--reason", "misdeal", *db)[1] == (
        "Hand friday#2 voided: misdeal\n"  # the one session: N alone is friday's
    )
    fixed = write_record(tmp_path, THREE[2])
    code, out, _ = cli(capsys, "ledger", "replace", "friday#3", str(fixed), "--reason", "typo",
                       "--yes", *db)  # 2 players, on purpose
    assert code == 0 and out.startswith("Hand friday#3 replaced by friday#4: ")
    out = cli(capsys, "ledger", "show", *db)[1]
    assert "#2 ✗  estandar         —          —        —  void: misdeal" in out
    assert "replaced by #4" in out and "replaces #3" in out
    log = cli(capsys, "ledger", "log", "friday", *db)[1]
    assert "void" in log and "misdeal" in log and "replace" in log and "(id" not in log


def test_export_import_round_trip_byte_for_byte(
    friday: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(friday)]
    cli(capsys, "ledger", "void", "2", "--reason", "misdeal", *db)
    first = tmp_path / "friday.json"
    assert cli(capsys, "ledger", "export", "friday", "-o", str(first), *db)[0] == 0
    doc = json.loads(first.read_text())
    assert doc["schema"] == "scorer.ledger/1" and len(doc["hands"]) == 3
    other = tmp_path / "other.db"
    code, out, err = cli(capsys, "ledger", "import", str(first), "--db", str(other))
    # three stored, #2 voided: the two that count, as `ledger list` says (issue 43)
    assert code == 0 and out == "Session friday imported: 2 hands\n", err
    again = cli(capsys, "ledger", "export", "friday", "--db", str(other))[1]
    assert again.encode() == first.read_bytes()
    assert cli(capsys, "ledger", "show", "--db", str(other))[1] == cli(
        capsys, "ledger", "show", *db)[1]
    code, _, err = cli(capsys, "ledger", "import", str(first), "--db", str(other))
    assert code == 2 and "a session named 'friday' already exists" in err
    assert counts(other) == (3, 8, 5)  # the refused import added nothing
    first.write_text(first.read_text().replace("scorer.ledger/1", "scorer.ledger/9"))
    code, _, err = cli(capsys, "ledger", "import", str(first), "--name", "x", "--db", str(other))
    assert code == 2 and "schema is 'scorer.ledger/9'" in err


def test_csv_has_one_row_a_hand_per_player(
    friday: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = cli(capsys, "ledger", "export", "--format", "csv", "--db", str(friday))[1]
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 3 * 3
    last = {r["player"]: r for r in rows[-3:]}
    assert {p: (r["points"], r["running_money"]) for p, r in last.items()} == {
        "Ana": ("28", "7600"), "Bo": ("-28", "-6800"), "Cy": ("0", "-800"),
    }


def test_control_characters_in_names_are_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(tmp_path / "l.db")]
    code, out, _ = cli(capsys, "ledger", "new", "x\x1b[2J", "--game", "gostop", "--players",
                       "Ana\x07,Bo", *db)
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert "x\\x1b[2J" in out and "Ana\\x07" in out
    out = cli(capsys, "ledger", "list", *db)[1]
    assert "\x1b" not in out and "x\\x1b[2J" in out


def test_help_teaches_with_examples() -> None:
    result = runner.invoke(app, ["ledger", "--help"])
    assert result.exit_code == 0 and "scorer ledger new friday" in result.stdout
    for command in ("add", "show", "settle", "rescore", "export"):
        result = runner.invoke(app, ["ledger", command, "--help"])
        assert result.exit_code == 0 and "Example" in result.stdout, command
