"""Issue 43, items 8-11 and 13: the output a player reads.

Help once, preset titles in the output's language, series headers that count rounds, a
README compare example that compares something, and words that agree with their numbers.
Each test failed before the fix it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_main as run

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"



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


# -- item 13: words that agree with their numbers -------------------------------------------------
def test_junk_units_and_cards_take_the_singular_for_one(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # one double junk card: 2 units, 1 card
    argv = ["gostop", "--rules", "cardavia", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11jd"]
    out = run(argv, capsys)[1]
    assert "(2 units, 1 card); needs 10" in out and "1 cards" not in out
    es = run([*argv, "--lang", "es"], capsys)[1]
    assert "(2 unidades, 1 carta)" in es and "1 cartas" not in es


def test_pi_bak_with_one_junk_unit_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # estandar counts junk units for pi-bak (no cup protection): one plain junk card is 1 unit
    argv = ["gostop", "--rules", "estandar", "--me",
            "1b 3b 8b 1r 2r 3r 4r 6r 1j1 2j1 3j1 4j1 5j1 7j1 8j1 9j1 10j1 11j1",
            "--vs", "6j1 5r"]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "has 1 junk unit (fewer than" in out and "1 junk units" not in out
    es = run([*argv, "--lang", "es"], capsys)[1]
    assert "tiene 1 unidad de sangre (menos de" in es


def test_mahjong_tiles_of_rank_one_are_singular(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["cards", "mahjong"], capsys)[1]
    assert "1 circle (x4)" in out and "1 character (x4)" in out and "2 circles (x4)" in out
    assert "1 circles" not in out and "1 characters" not in out
    es = run(["cards", "mahjong", "--lang", "es"], capsys)[1]
    assert "1 círculo (x4)" in es and "1 carácter (x4)" in es and "1 bambú (x4)" in es
    assert "2 bambúes (x4)" in es


def test_compare_of_one_item_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["score", str(SAMPLES / "gostop-estandar-gobak.toml"), "--compare",
               str(SAMPLES / "house-rules" / "gostop-ts.toml")], capsys)[1]
    assert " — 1 item differs" in out.splitlines()[0]
    es = run(["score", str(SAMPLES / "gostop-estandar-gobak.toml"), "--compare",
              str(SAMPLES / "house-rules" / "gostop-ts.toml"), "--lang", "es"], capsys)[1]
    assert es.splitlines()[0].endswith(": 1 diferencia")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_cards_of_an_unknown_deck_lists_each_deck_once(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["cards", "tarot", "--lang", lang], capsys)
    assert code == 2 and err.count("\n") == 1
    names = err.rstrip().split("one of " if lang == "en" else "uno de ")[1].split(", ")
    assert len(names) == len(set(names)), names
    assert {"hanafuda", "mahjong", "hakka", "gostop", "koikoi"} <= set(names)
    if lang == "es":
        assert "unknown" not in err and "expected" not in err


RECORD = """
game = "koikoi"
stopped = "Ana"
[[players]]
name = "Ana"
cards = "1b 3b 8b"
[[players]]
name = "Bo"
cards = "2a"
"""


@pytest.fixture()
def evening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> Path:
    """A session of four entries: #1 replaced by #4, #2 voided; #3 and #4 count."""
    monkeypatch.setenv("SCORER_DB", str(tmp_path / "l.sqlite3"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h.toml").write_text(RECORD, "utf-8")
    (tmp_path / "fix.toml").write_text(RECORD.replace('"1b 3b 8b"', '"1b 3b 8b 11b"'), "utf-8")
    for argv in (["ledger", "new", "fri", "--game", "koikoi", "--players", "Ana,Bo"],
                 ["ledger", "add", "fri", "h.toml"],
                 ["ledger", "add", "fri", "h.toml", "--yes"],
                 ["ledger", "add", "fri", "h.toml", "--yes"],
                 ["ledger", "void", "fri#2", "--reason", "misdeal"],
                 ["ledger", "replace", "fri#1", "fix.toml", "--reason", "Ana had 11b too"]):
        code, _, err = run(argv, capsys)
        assert code == 0, (argv, err)
    return tmp_path


def test_csv_void_reason_holds_only_a_void_reason(
    evening: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import csv
    import io

    out = run(["ledger", "export", "fri", "--format", "csv"], capsys)[1]
    rows = {r["hand"]: r for r in csv.DictReader(io.StringIO(out))}
    assert rows["2"]["void_reason"] == "misdeal" and rows["2"]["replace_reason"] == ""
    assert rows["1"]["void_reason"] == ""  # replaced, not voided
    assert rows["1"]["replaced_by"] == "4" and rows["1"]["replace_reason"] == "Ana had 11b too"
    assert rows["4"]["replaces"] == "1" and rows["4"]["counts"] == "yes"


def test_import_counts_hands_as_list_does(
    evening: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["ledger", "export", "fri", "-o", "fri.json"], capsys)[0] == 0
    code, out, err = run(["ledger", "import", "fri.json", "--name", "copy"], capsys)
    assert code == 0, err
    listed = run(["ledger", "list"], capsys)[1]
    row = next(line for line in listed.splitlines() if line.startswith("copy "))
    assert row.split()[-2] == "2", row  # Session Game Players... Hands Last
    assert out.strip() == "Session copy imported: 2 hands"


def test_hakka_docs_say_why_a_trick_is_a_tiger() -> None:
    text = (REPO / "docs" / "hakka.md").read_text("utf-8")
    prose = text.split("```")[::2]  # outside the fenced blocks
    first = next(i for i, part in enumerate(prose) if "fu 虎" in part)
    said = prose[first]
    assert "tiger" in said[said.index("fu 虎") - 400: said.index("fu 虎") + 400]
    assert "Luk Fu" in said
    # it is said where the tricks are first explained, before any output shows the label
    assert text.index("fu 虎") < text.index("Winner's tricks (fu 虎)")


@pytest.mark.parametrize(("key", "args", "en", "es"), [
    ("diff_title", {"game": "gostop", "a": "x", "b": "y"}, "1 rule differs", "1 regla distinta"),
    ("more_problems", {}, "… and 1 more problem", "… y 1 problema más"),
    ("compare_title", {"game": "gostop", "a": "x", "b": "y"}, "1 item differs", "1 diferencia"),
])
def test_counts_of_one_take_the_catalogs_singular(
    key: str, args: dict[str, str], en: str, es: str
) -> None:
    from scorer.i18n import t

    for n in (1, "1"):
        assert t(key, "en", n=n, **args).endswith(en)
        assert t(key, "es", n=n, **args).endswith(es)
    assert not t(key, "en", n=2, **args).endswith(en)
