"""`scorer score`: the fast path and the typer app agree; JSON and errors follow the conventions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.cli.entry import main

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[1] / "samples"
SAMPLE = SAMPLES / "gostop-cardavia-go.toml"


def test_fast_path_and_typer_print_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in ([], ["--json"], ["--lang", "es"]):
        args = ["score", str(SAMPLE), *extra]
        main(args)
        assert capsys.readouterr().out == runner.invoke(app, args).stdout


def test_score_json_is_the_hand_schema() -> None:
    result = runner.invoke(app, ["score", str(SAMPLE), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "scorer.hand/1"
    assert data["game"] == "gostop" and data["preset"] == "cardavia"
    assert sum(data["balances"].values()) == 0
    for player in data["players"]:
        for line in player["lines"]:
            assert set(line) >= {"rule", "cards", "points"}
    for pay in data["payments"]:
        assert set(pay) >= {"payer", "payee", "points", "money"}


def test_every_sample_record_scores() -> None:
    for path in sorted(SAMPLES.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        if "game =" not in text:
            continue  # a rule-override file, not a record
        result = runner.invoke(app, ["score", str(path)])
        assert result.exit_code == 0, (path.name, result.output)
        assert " pays " in result.stdout or "No payments." in result.stdout


def test_missing_record_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["score", "no/such/record.toml"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("scorer: error: ") and err.count("\n") == 1
    assert "no/such/record.toml" in err


def test_bad_card_in_record_names_player_and_token(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        SAMPLE.read_text(encoding="utf-8").replace("1b 3b 8b", "1b 3b pine-brite", 1),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", str(bad)])
    assert result.exit_code == 2
    assert "pine-brite" in result.stderr and "pine-bright" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_spanish_explanation_has_no_english_sentences() -> None:
    """Every sentence the engine adds has a Spanish template (rule names come from i18n)."""
    result = runner.invoke(
        app, ["score", str(SAMPLES / "gostop-estandar-gobak.toml"), "--lang", "es"]
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "Bo paga a Ana" in out and "Bo no tiene luces" in out
    assert "go-bak: Bo paga por Cy" in out
    for english in (" pays ", "has no brights", "called go", "shake(s)", "points as"):
        assert english not in out


def test_engine_sentences_all_have_spanish() -> None:
    from scorer.catalog.en import RULES
    from scorer.catalog.es import GAMES

    keys, RULE_NAMES = set(GAMES["gostop"]), RULES["gostop"]
    multiplier_rules = {
        "go.double",
        "go.caller-stop",
        "go.stopper-double",
        "meong-bak",
        "shake",
        "bomb",
        "gwang-bak",
        "pi-bak",
    }
    assert multiplier_rules <= keys
    assert multiplier_rules <= set(RULE_NAMES)
    for mode in ("score-lost", "go-bak", "stopper-double"):
        assert f"note.stopped.{mode}" in keys


def test_spanish_error_in_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        SAMPLE.read_text(encoding="utf-8").replace("1b 3b 8b", "1b 3b zzz", 1), encoding="utf-8"
    )
    result = runner.invoke(app, ["score", str(bad), "--lang", "es"])
    assert result.exit_code == 2
    assert "jugador 'Ana': carta desconocida 'zzz' en la posición 3" in result.stderr
