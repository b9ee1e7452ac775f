"""`scorer gostop`, `scorer rules` and `scorer score` on Go-Stop records, via CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.cli.quick import build_parser
from scorer.games.base import get_game
from scorer.games.rules import list_presets

runner = CliRunner()
ROOT = Path(__file__).parent.parent
SEVEN = "1b 3b 8b 1r 2r 3r 4r 6r"  # 3 brights 3 + 5 ribbons 1 + red poem ribbons 3 = 7


def test_quick_form_documented_example() -> None:
    result = runner.invoke(
        app, ["gostop", "--rules", "cardavia", "--me", SEVEN, "--vs", "11b 6j", "--gos", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "Subtotal: 7" in result.stdout
    assert "vs pays me: 7 + 1 go = 8 points = 8\n" in result.stdout  # 7 + 1 for one go


def test_quick_form_json_three_players() -> None:
    args = ["gostop", "--rules", "familia", "--me", "1r 2r 3r", "--vs", "11b", "--vs", "12b"]
    result = runner.invoke(app, [*args, "--stake", "10", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(p["payer"], p["points"], p["money"]) for p in data["payments"]] == [
        ("vs1", 3, 30),
        ("vs2", 3, 30),
    ]


def test_quick_form_errors_exit_2_with_one_line() -> None:
    result = runner.invoke(app, ["gostop", "--rules", "cardavia", "--me", "1b 3b", "--vs", "1b"])
    assert result.exit_code == 2
    err = result.stderr
    assert err.startswith("scorer: error:") and err.count("\n") == 1
    assert "pine-bright is in more than one pile: me, vs" in err
    result = runner.invoke(
        app, ["gostop", "--me", "1b 3b", "--vs", "1j", "--set", "brights.thre=1"]
    )
    assert result.exit_code == 2 and "did you mean 'brights.three'" in result.stderr


def test_quick_form_presets_match_shipped() -> None:
    parser = build_parser(get_game("gostop"))
    rules = next(a for a in parser._actions if a.dest == "rules")
    assert sorted(rules.choices or ()) == list_presets("gostop")


def test_rules_list_show_and_diff() -> None:
    result = runner.invoke(app, ["rules", "gostop"])
    assert result.exit_code == 0
    assert all(name in result.stdout for name in ("familia", "cardavia", "estandar"))
    result = runner.invoke(app, ["rules", "gostop", "familia"])
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if line.startswith("brights.five "))
    assert row.split()[1] == "3" and "points for all 5 brights" in row
    assert "tendrás en automático 4 puntos" in result.stdout  # the resolution note is shown
    result = runner.invoke(app, ["rules", "diff", "gostop", "familia", "cardavia"])
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if line.startswith("brights.five "))
    assert row.split()[1:3] == ["3", "15"]
    assert not any(line.startswith("animals.min ") for line in result.stdout.splitlines())


def test_rules_json_and_errors() -> None:
    result = runner.invoke(app, ["rules", "gostop", "cardavia", "--json", "--set", "go.points=2,4"])
    data = json.loads(result.stdout)
    assert data["values"]["go.points"] == [2, 4] and data["values"]["brights.five"] == 15
    assert data["docs"]["brights.five"] == "points for all 5 brights"
    result = runner.invoke(app, ["rules", "diff", "gostop", "familia", "estandar", "--json"])
    diff = {d["key"]: (d["a"], d["b"]) for d in json.loads(result.stdout)["differences"]}
    assert diff["go.stopped_by_other"] == ("stopper-double", "go-bak")
    result = runner.invoke(app, ["rules", "gostop", "cardvia"])
    assert result.exit_code == 2 and "did you mean 'cardavia'" in result.stderr


def test_score_sample_record() -> None:
    result = runner.invoke(app, ["score", str(ROOT / "samples/gostop-cardavia-go.toml")])
    assert result.exit_code == 0, result.output
    assert "Bo pays Ana: (13 + 1 go) × 2 gwang-bak = 28 points = 2,800 won\n" in result.stdout
    assert "9a counted as animal" in result.stdout
    result = runner.invoke(
        app, ["score", str(ROOT / "samples/gostop-estandar-gobak.toml"), "--json"]
    )
    assert json.loads(result.stdout)["balances"] == {"Ana": 32, "Bo": -32, "Cy": 0}
