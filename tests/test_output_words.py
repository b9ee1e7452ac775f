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


# -- item 8: help once --------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [[], ["rules"]])
def test_help_without_a_command_is_printed_once(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert out.count("Usage:") == 1, out
    assert err == ""


# -- item 9: preset titles in the output's language ---------------------------------------------
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


# -- item 10: series headers count rounds -------------------------------------------------------
def test_a_match_header_counts_rounds_not_entries(capsys: pytest.CaptureFixture[str]) -> None:
    # samples/koikoi-match.toml: match.rounds = 6 in seven entries, the sixth a redeal that
    # "does not use up a round"
    code, out, err = run(["score", str(SAMPLES / "koikoi-match.toml")], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "koikoi · labsk · match, rounds: 6"
    # the rule the record overrides is said once, under the header, not on every hand
    assert out.count("rule match.rounds = 6 (from ") == 1
    assert lines[1].startswith("rule match.rounds = 6 (from ")
    # hand 1 is round 1, as hand 2 says round 2
    first = out.split("── Hand 1 ──")[1].split("── Hand 2 ──")[0]
    assert "round 1 · month 1 (pine) · oya Ana" in first
    es = run(["score", str(SAMPLES / "koikoi-match.toml"), "--lang", "es"], capsys)[1]
    assert es.splitlines()[0] == "koikoi · labsk · partida, rondas: 6"
    assert es.count("regla match.rounds = 6 (de ") == 1


def test_a_hakka_game_header_counts_hands_without_the_void_one(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # samples/hakka-game.toml: five entries, the third void ("does not count toward the 4")
    code, out, err = run(["score", str(SAMPLES / "hakka-game.toml")], capsys)
    assert code == 0, err
    assert out.splitlines()[0] == "hakka · tarjetas · game, hands: 4"


def test_a_round_header_still_counts_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["score", str(SAMPLES / "mahjong-seed-round.toml")], capsys)
    assert code == 0, err
    assert out.splitlines()[0].startswith("mahjong · antiguo · round, hands: ")
    assert out.splitlines()[0].endswith(f": {out.count('── Hand ')}")
