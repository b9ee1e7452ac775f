"""`scorer cards` through typer's CliRunner and through the fast entry point."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from scorer.cli.app import app
from scorer.cli.entry import main

runner = CliRunner()


def test_cards_hanafuda_human() -> None:
    result = runner.invoke(app, ["cards", "hanafuda"])
    assert result.exit_code == 0
    assert "hanafuda deck: 48 cards + 3 bonus — months: kr" in result.stdout
    row = next(line for line in result.stdout.splitlines() if "chrysanthemum-animal" in line)
    assert row.split()[0] == "9a"
    assert "sake cup" in row and "kiku no tane" in row and "dual-role" in row
    assert "\x1b[" not in result.stdout  # no colour when not a TTY


def test_cards_json_schema() -> None:
    result = runner.invoke(app, ["cards", "hanafuda", "--json", "--months", "jp"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "scorer.deck/1" and data["count"] == 48 and data["bonus"] == 3
    rain = next(c for c in data["cards"] if c["id"] == "willow-bright")
    assert rain["code"] == "11b" and rain["month"] == 11
    assert "rain-bright" in rain["attributes"]


def test_cards_spanish() -> None:
    result = runner.invoke(app, ["cards", "hanafuda", "--lang", "es"])
    assert result.exit_code == 0
    assert "Pino luz (grulla)" in result.stdout


def test_cards_locale_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    result = runner.invoke(app, ["cards", "hakka"])
    assert "Baraja de hakka: 37 tarjetas" in result.stdout


@pytest.mark.parametrize(("game", "count"), [("mahjong", 144), ("hakka", 37)])
def test_cards_other_decks_json(game: str, count: int) -> None:
    result = runner.invoke(app, ["cards", game, "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["count"] == count


def test_cards_bad_game_is_exit_2() -> None:
    result = runner.invoke(app, ["cards", "poker"])
    assert result.exit_code == 2


def test_fast_path_bad_game_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["cards", "poker"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "scorer: error: unknown deck or game 'poker': expected one of hanafuda, mahjong, hakka, "
    )
    assert "gostop" in err and err.count("\n") == 1


def test_fast_path_matches_typer(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["cards", "hanafuda", "--json"], ["cards", "mahjong", "--lang", "es"]):
        main(args)
        fast = capsys.readouterr().out
        assert fast == runner.invoke(app, args).stdout


@pytest.mark.parametrize(
    "args, expected",
    [
        (["cards"], "scorer cards: the following arguments are required: DECK"),
        (["cards", "hanafuda", "--verbose"], "scorer cards: unrecognized arguments: --verbose"),
        (["cards", "hanafuda", "--lang", "fr"], "argument --lang: invalid choice: 'fr'"),
    ],
)
def test_cards_bad_options_are_one_line(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("scorer: error: ") and out.err.count("\n") == 1
    assert expected in out.err


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("scorer ")
