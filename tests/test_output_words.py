"""Issue 43, items 8-11 and 13: the output a player reads.

Help once, preset titles in the output's language, series headers that count rounds, a
README compare example that compares something, and words that agree with their numbers.
Each test failed before the fix it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = 0
    try:
        main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- item 8: help once -------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [[], ["rules"]])
def test_help_without_a_command_is_printed_once(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert out.count("Usage:") == 1, out
    assert err == ""


# -- item 9: preset titles in the output's language ---------------------------------------------------
def _presets() -> list[tuple[str, str]]:
    from scorer.games.base import game_names
    from scorer.games.rules import list_presets

    return [(g, p) for g in game_names() for p in list_presets(g)]


@pytest.mark.parametrize(("game", "preset"), _presets())
def test_every_preset_has_a_title_in_english_and_in_spanish(game: str, preset: str) -> None:
    from scorer.games.rules import load_preset

    rules = load_preset(game, preset)
    assert rules.description and rules.description_es
    assert rules.description_in("en") == rules.description != rules.description_es
    assert rules.description_in("es") == rules.description_es


SPANISH_TITLES = ("Mahjong clásico chino, puntuación antigua (límite 300)",
                  "Tabla de reglas Cardavia, 2 jugadores", "Tarjetas Hakka para 4 jugadores")


def test_english_output_shows_english_preset_titles(capsys: pytest.CaptureFixture[str]) -> None:
    shown = ""
    for argv in (["rules", "mahjong"], ["rules", "mahjong", "antiguo"], ["rules", "gostop"],
                 ["rules", "gostop", "cardavia"], ["rules", "hakka"]):
        code, out, err = run([*argv, "--lang", "en"], capsys)
        assert code == 0, err
        shown += " ".join(out.split())  # the table wraps long titles
    for title in SPANISH_TITLES:
        assert title not in shown
    assert "Classical Chinese mahjong, old scoring (limit 300)" in shown
    assert "Cardavia rules table, 2 players" in shown
    assert "Hakka cards for 4 players" in shown


def test_spanish_output_keeps_the_spanish_titles(capsys: pytest.CaptureFixture[str]) -> None:
    shown = ""
    for argv in (["rules", "mahjong", "antiguo"], ["rules", "gostop", "cardavia"],
                 ["rules", "hakka", "tarjetas"]):
        code, out, err = run([*argv, "--lang", "es"], capsys)
        assert code == 0, err
        shown += " ".join(out.split())
    for title in SPANISH_TITLES:
        assert title in shown
