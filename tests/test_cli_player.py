"""Issue 36 item 3: the CLI a player meets — Spanish values and help, month numberings,
errors that name what was typed, and the pointers between commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import run_main as run

KOIKOI = ["koikoi", "--me", "1b 3b 8b 9a", "--vs", "2a 6a 7a 10a 11a", "--month", "3"]
GOSTOP_VS_WINS = ["gostop", "--me", "1j 2j 3j", "--vs", "1b 3b 8b 1r 2r 3r 4r 6r"]
GOSTOP_CUP = ["gostop", "--me", "9a 1b 3b 8b 1r 2r 3r 4r 5r", "--vs", "2a"]  # the cup: 9a
MAHJONG = ["mahjong", "--east", "123m 456m 789m 11z 22z", "--south", "234p 345p 456p 777z 55s",
           "--west", "19m19p19s1234567z", "--north", "(111s) (999s) 2345s 66s 4z", "--tile", "5s"]


# -- Spanish values: what the Spanish output says is what a player may type -------------------
@pytest.mark.parametrize(
    "spanish, english",
    [
        ([*KOIKOI, "--koikoi", "rival:1"], [*KOIKOI, "--koikoi", "vs:1"]),
        ([*KOIKOI, "--koikoi", "rival:1", "--stop", "jugador", "--dealer", "rival"],
         [*KOIKOI, "--koikoi", "vs:1", "--stop", "me", "--dealer", "vs"]),
        ([*GOSTOP_VS_WINS, "--stop", "rival"], [*GOSTOP_VS_WINS, "--stop", "vs"]),
        ([*GOSTOP_VS_WINS, "--stop", "nadie"], [*GOSTOP_VS_WINS, "--stop", "none"]),
        ([*MAHJONG, "--winner", "sur", "--discarder", "este", "--prevailing", "oeste"],
         [*MAHJONG, "--winner", "south", "--discarder", "east", "--prevailing", "west"]),
        ([*GOSTOP_CUP, "--cup", "jugador:sangre"], [*GOSTOP_CUP, "--cup", "me:junk"]),
        ([*GOSTOP_CUP, "--cup", "rival:animal"], [*GOSTOP_CUP, "--cup", "vs:animal"]),
        ([*KOIKOI, "--dealt", "rival:teshi"], [*KOIKOI, "--dealt", "vs:teshi"]),
    ],
)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_spanish_values_score_as_the_english_ones(
    spanish: list[str], english: list[str], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, said_es, err = run([*spanish, "--lang", lang, "--json"], capsys)
    assert code == 0, err
    assert (0, said_es, "") == run([*english, "--lang", lang, "--json"], capsys)


def test_spanish_output_names_what_spanish_input_typed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([*GOSTOP_VS_WINS, "--stop", "rival", "--lang", "es"], capsys)
    assert code == 0, err
    assert "jugador paga a rival: 7 × 2 gwang-bak = 14 puntos" in out


def test_a_bad_choice_is_named_with_the_choices_in_the_users_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run([*GOSTOP_VS_WINS, "--stop", "quien", "--lang", "es"], capsys)
    assert (code, out) == (2, "")
    assert ("opción --stop: valor no válido: 'quien' (elige entre 'jugador', 'rival', "
            "'rival1', 'rival2', 'nadie')") in err
    code, out, err = run([*GOSTOP_VS_WINS, "--stop", "quien"], capsys)
    assert "argument --stop: invalid choice: 'quien' (choose from 'me', 'vs', 'vs1', 'vs2', " \
           "'none')" in err


# -- month numberings: --months on the quick forms, `months` in records ----------------------
GOSTOP_KR = ["gostop", "--me", "1b 3b 8b 12b 1r 2r 3r", "--vs", "11b 11jd 6j", "--json"]
GOSTOP_JP = ["gostop", "--me", "1b 3b 8b 11b 1r 2r 3r", "--vs", "12b 12jd 6j", "--json",
             "--months", "jp"]


def test_months_jp_reads_gostop_codes_in_the_japanese_numbering(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, jp, err = run(GOSTOP_JP, capsys)
    assert code == 0, err
    assert (0, jp, "") == run(GOSTOP_KR, capsys)
    assert "willow-bright" in jp


def test_the_table_shows_codes_in_the_numbering_they_were_typed_in(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run([a for a in GOSTOP_JP if a != "--json"], capsys)
    assert code == 0, err
    assert "1b 3b 8b 11b" in out  # 11b: the rain bright, as a Japanese deck numbers it
    code, out, err = run([a for a in GOSTOP_KR if a != "--json"], capsys)
    assert "1b 3b 8b 12b" in out


def test_months_kr_on_koikoi(capsys: pytest.CaptureFixture[str]) -> None:
    kr = ["koikoi", "--me", "1b 3b 8b 11b 12b", "--vs", "2a 11jd", "--months", "kr", "--json"]
    jp = ["koikoi", "--me", "1b 3b 8b 12b 11b", "--vs", "2a 12jd", "--json"]
    code, out, err = run(kr, capsys)
    assert code == 0, err
    assert (0, out, "") == run(jp, capsys)


def test_only_hanafuda_quick_forms_take_months(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([*MAHJONG, "--winner", "south", "--months", "jp"], capsys)
    assert (code, out) == (2, "")
    assert "unrecognized arguments: --months jp" in err
    code, out, err = run(["koikoi", "--me", "1b", "--months", "cn"], capsys)
    assert "argument --months: invalid choice: 'cn' (choose from 'jp', 'kr')" in err


RECORD_JP = """game = "gostop"
months = "jp"
stopped = "Ana"
[[players]]
name = "Ana"
cards = "1b 3b 8b 11b 1r 2r 3r"
[[players]]
name = "Bo"
cards = "12b 12jd 6j"
"""


def test_a_record_says_its_numbering_with_months(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    jp = tmp_path / "jp.toml"
    jp.write_text(RECORD_JP, "utf-8")
    kr = tmp_path / "kr.toml"
    kr.write_text(RECORD_JP.replace('months = "jp"\n', "").replace("11b", "12b", 1)
                  .replace("12b 12jd", "11b 11jd"), "utf-8")
    code, out, err = run(["score", str(jp), "--json"], capsys)
    assert code == 0, err
    assert (0, out, "") == run(["score", str(kr), "--json"], capsys)


@pytest.mark.parametrize(
    "months, expected",
    [
        ('"xx"', "months = 'xx'; expected jp (willow 11, paulownia 12) or kr (paulownia 11, "
                 "willow 12)"),
        ("3", "months = 3; expected jp"),
    ],
)
def test_a_bad_months_is_named(
    months: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.toml"
    path.write_text(RECORD_JP.replace('"jp"', months), "utf-8")
    code, out, err = run(["score", str(path)], capsys)
    assert (code, out) == (2, "")
    assert f"{path}: {expected}" in err


def test_months_is_refused_where_the_deck_has_no_months(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:

    sample = (Path(__file__).parents[1] / "samples" / "mahjong-seed-hand.toml").read_text("utf-8")
    path = tmp_path / "m.toml"
    path.write_text('months = "jp"\n' + sample, "utf-8")
    code, out, err = run(["score", str(path)], capsys)
    assert (code, out) == (2, "")
    assert "months = 'jp': months number hanafuda cards; mahjong has none" in err


def test_a_photo_pile_is_read_in_the_games_own_numbering(tmp_path: Path) -> None:
    from scorer.games.record import record_from_data

    (tmp_path / "bo.jpg").write_bytes(b"")
    data = {"game": "gostop", "months": "jp", "stopped": "Ana", "players": [
        {"name": "Ana", "cards": "1b 3b 8b 11b 1r 2r 3r"}, {"name": "Bo", "cards": "bo.jpg"}]}
    record = record_from_data(data, origin="t", base_dir=str(tmp_path),
                              pile_resolver=lambda path, game: "11b 11jd 6j")  # kr, as read
    assert "paulownia-bright" in [c.id for c in record.hand.players[1].cards]


@pytest.mark.parametrize(
    "args, hint",
    [
        (["gostop", "--me", "1b 12jd", "--vs", "2a"],
         "Go-Stop numbers paulownia 11 and willow 12; for the other numbering say --months jp "
         "(months = 'jp' in a record)"),
        (["koikoi", "--me", "1b 11jd", "--vs", "2a"],
         "Koi-Koi numbers willow 11 and paulownia 12; for the other numbering say --months kr"),
        (["koikoi", "--me", "1b 11jl", "--vs", "2a", "--months", "kr", "--lang", "es"],
         "los códigos se leen con months = 'kr': paulonia 11 y sauce 12; para la otra "
         "numeración di --months jp (months = 'jp' en un registro)"),
        (["gostop", "--me", "1b 11jd 11jd", "--vs", "2a", "--lang", "es"],  # a duplicate
         "Go-Stop numera paulonia 11 y sauce 12"),
    ],
)
def test_a_failing_month_code_names_the_other_numbering(
    args: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and hint in err, err


@pytest.mark.parametrize("lang, said", [
    ("en", ["unknown card '11jl' at position 2", "'12b' (willow-bright) listed 2 times"]),
    ("es", ["carta desconocida '11jl' en la posición 2", "'12b' (willow-bright) repetida"]),
])
def test_a_renumbered_code_is_named_as_typed(
    lang: str, said: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Koi-Koi reads 12b typed in kr as its own 11b: the problem still says the word typed."""
    code, out, err = run(["koikoi", "--me", "1b 11jl 12b 12b", "--vs", "2a", "--months", "kr",
                          "--lang", lang], capsys)
    assert (code, out) == (2, "")
    assert all(s in err for s in said) and "11b" not in err and "12jl" not in err, err


def test_no_month_hint_for_other_mistakes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["gostop", "--me", "1b pine-brite", "--vs", "2a"], capsys)
    assert code == 2 and "unknown card 'pine-brite'" in err and "numbers" not in err


# -- quick-form errors name the options typed, not the record keys they became ---------------
HAKKA = ["hakka", "--players", "Ana,Bo,Cy,Di", "--dealer", "Ana", "--called", "Di"]
HAKKA_WON = [*HAKKA, "--tricks", "7", "--pattern", "sup7 gon7 zok7"]


@pytest.mark.parametrize(
    "args, expected, record_key",
    [
        ([*HAKKA_WON, "--winner", "Bo", "--dream", "xx7"],
         "scorer hakka: --dream: unknown card 'xx7' at position 1", "dream_card"),
        ([*HAKKA_WON, "--winner", "Bo", "--dream", "sup7"],
         "sup7 is in both --pattern and --dream; the deck holds one", "dream_card"),
        ([*HAKKA_WON, "--winner", "Bo"], "scorer hakka: --dream is needed", "dream_card"),
        ([*HAKKA_WON, "--winner", "Bob", "--dream", "sin7"],
         "scorer hakka: --winner 'Bob' is not a player (Ana, Bo, Cy, Di)", "winner ="),
        ([*HAKKA, "--dream", "sin7"], "--winner is needed (or --void)", "void = true"),
        ([*HAKKA, "--dream", "sin7", "--lang", "es"], "falta --winner (o --void)", "void"),
        ([*MAHJONG[:-2], "--winner", "south", "--discarder", "east", "--tile", "5x"],
         "scorer mahjong: --tile '5x'; expected one tile code", "winning_tile"),
        ([*MAHJONG[:-2], "--winner", "south", "--discarder", "east", "--tile", "6s",
          "--lang", "es"], "--tile 6s no está entre las fichas en mano de sur", "winning_tile"),
        # a value missing, in both languages: the option to give, not the record key
        ([*HAKKA_WON, "--winner", "Bo", "--lang", "es"],
         "scorer hakka: falta --dream: la única tarjeta del Soñador", "dream_card"),
        ([*HAKKA, "--dream", "sin7", "--winner", "Bo", "--lang", "es"],
         "falta --tricks: los trucos que ganó el ganador", "tricks"),
        ([*HAKKA_WON[:-2], "--pattern", "", "--winner", "Bo", "--dream", "sin7"],
         "--pattern is needed: the cards of the winning pattern", "pattern is"),
        ([*HAKKA[:-2], "--winner", "Bo", "--dream", "sin7", "--tricks", "7", "--pattern",
          "sup7 gon7 zok7"], "who called? (--called a player; --void when nobody did)", "= "),
        ([*HAKKA[:-2], "--winner", "Bo", "--dream", "sin7", "--tricks", "7", "--pattern",
          "sup7 gon7 zok7", "--lang", "es"],
         "¿quién llamó? (--called un jugador; --void si nadie llamó)", "= "),
        # every key a problem lists, and a flag said alone where the record says `= true`
        ([*HAKKA, "--void", "--winner", "Bo", "--tricks", "6"],
         "a void hand (nobody called) has no --called, --winner, --tricks", "called,"),
        ([*HAKKA_WON, "--winner", "Bo", "--dream", "sin7", "--elders", "gon7", "--lang", "es"],
         "gon7 está a la vez en --pattern / --elders", "elders"),
        ([*MAHJONG[:-2], "--winner", "south", "--discarder", "south", "--tile", "5s"],
         "south cannot go out on his own discard (--self-drawn)", "self_drawn"),
        ([*MAHJONG[:-2], "--winner", "south", "--discarder", "east", "--last-source", "wall",
          "--tile", "5s", "--lang", "es"],
         "--last-source wall es una ficha robada, pero --discarder este", "last_source"),
        ([*KOIKOI[:-2], "--month", "13"], "scorer koikoi: --month 13: expected 1 to 12", "month ="),
        ([*GOSTOP_CUP, "--big-hand", "--set", "bighand.factor=1", "--lang", "es"],
         "--big-hand, pero las reglas 'estandar' no juegan mano grande", "big_hand"),
    ],
)
def test_quick_form_errors_name_the_option_typed(
    args: list[str], expected: str, record_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert (code, out) == (2, "")
    assert expected in err and record_key not in err.replace(expected, ""), err


def test_a_quick_form_names_no_record_key_it_fills(capsys: pytest.CaptureFixture[str]) -> None:
    """Every problem of a hand typed with options names the options: no record key (a key
    with a '_' in it, or `key = value`) is left in any language."""
    hands = [[*HAKKA, "--void", "--winner", "Bo", "--tricks", "6", "--five-tigers"],
             [*HAKKA, "--winner", "Bob", "--tricks", "2", "--pattern", "sup7 gon7 zok7"],
             [*MAHJONG[:-2], "--winner", "south", "--discarder", "south", "--tile", "9p",
              "--last-source", "wall", "--declare", "twofold-fortune"]]
    for hand in hands:
        for lang in ("en", "es"):
            code, out, err = run([*hand, "--lang", lang], capsys)
            assert (code, out) == (2, "") and "--" in err, err
            assert not re.search(r"\b(dream_card|five_tigers|winning_tile|self_drawn|"
                                 r"last_source)\b|\w = ", err), err


def test_records_still_name_their_keys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "h.toml"
    record.write_text('game = "hakka"\ndealer = "Ana"\ncalled = "Di"\nwinner = "Bo"\n'
                      'tricks = 7\npattern = "sup7 gon7 zok7"\ndream_card = "xx7"\n'
                      + "".join(f'[[players]]\nname = "{n}"\n' for n in ("Ana", "Bo", "Cy", "Di")),
                      "utf-8")
    code, out, err = run(["score", str(record)], capsys)
    assert code == 2 and "dream_card: unknown card 'xx7'" in err, err


# -- pointers between commands -----------------------------------------------------------------
@pytest.mark.parametrize("game", ["gostop", "koikoi", "mahjong", "hakka"])
def test_game_help_points_to_its_cards_and_rules(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run([game, "--help"], capsys)
    assert code == 0
    assert f"scorer cards {game}" in out and f"scorer rules {game}" in out


# -- decks in Spanish ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "deck, title",
    [
        ("mahjong", "Juego de mahjong: 144 fichas"),
        ("hanafuda", "Baraja de hanafuda: 48 cartas + 3 extra — meses: kr"),
        ("hakka", "Baraja de hakka: 37 tarjetas"),  # the seed's word, as the engine's
    ],
)
def test_decks_read_in_spanish(
    deck: str, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_spanish_everywhere import english_words

    code, out, _ = run(["cards", deck, "--lang", "es"], capsys)
    assert code == 0 and out.startswith(title)
    import re

    assert not re.search(r"ribbon:|\belder\b|\bbird\b|double-junk", out), out
    assert not english_words(out, "gostop"), out


def test_tiles_are_tiles_in_english_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["cards", "mahjong"], capsys)[1].startswith("mahjong set: 144 tiles")


def test_deck_attributes_stay_ids_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    cards = json.loads(run(["cards", "hanafuda", "--lang", "es", "--json"], capsys)[1])["cards"]
    assert ["bird"] == next(c for c in cards if c["id"] == "plum-animal")["attributes"]


# -- shell completion ---------------------------------------------------------------------------
def test_shell_completion_installs_and_completes(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    # The shell named, not detected: typer finds the user's shell from the process tree,
    # which a detached CI run does not have (typer's own tests set this variable too).
    env = {**os.environ, "HOME": str(tmp_path), "SHELL": "/bin/bash", "NO_COLOR": "1",
           "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    done = subprocess.run([sys.executable, "-m", "scorer", "--install-completion", "bash"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    script = tmp_path / ".bash_completions" / "scorer.sh"
    assert "_SCORER_COMPLETE=complete_bash" in script.read_text("utf-8")
    assert str(script) in (tmp_path / ".bashrc").read_text("utf-8")
    for words, expected in (("scorer ru", "rules"), ("scorer go", "gostop"),
                            ("scorer rules ", "koikoi")):
        asked = {**env, "_SCORER_COMPLETE": "complete_bash", "COMP_WORDS": words,
                 "COMP_CWORD": str(len(words.split(" ")) - 1)}
        done = subprocess.run([sys.executable, "-m", "scorer"], capture_output=True,
                              text=True, env=asked, timeout=60)
        assert done.returncode == 0 and expected in done.stdout.split(), (words, done)


# -- --help in Spanish ----------------------------------------------------------------------------
def _ledger_commands() -> list[str]:
    from scorer.cli.ledger import COMMANDS

    return [f"ledger {name}" for name in COMMANDS]


@pytest.mark.parametrize("command", ["gostop", "koikoi", "mahjong", "hakka", "score", "cards",
                                     *_ledger_commands()])
def test_help_is_spanish_under_lang_es(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_spanish_everywhere import english_words

    from scorer.cli.declared import declared_options, spanish_help
    from scorer.games.base import find_game

    game = find_game(command)
    declared = declared_options(command)
    spanish = spanish_help(command)
    missing = [o.flag for o in declared if o.flag not in spanish]
    missing += [] if "" in spanish else ["its description"]
    assert not missing, f"no Spanish help for {command} {missing} (help_es beside its declaration)"
    argv = command.split()
    code, out, _ = run([*argv, "--help", "--lang", "es"], capsys)
    assert code == 0 and out.startswith("uso: scorer ") and "muestra esta ayuda" in out
    assert not english_words(out, game.name if game else "gostop"), out
    assert "positional" not in out and "Example" not in out, out
    monkeypatch.setenv("SCORER_LANG", "es")  # the language the CLI reads from the environment
    assert run([*argv, "-h"], capsys)[1] == out
    monkeypatch.delenv("SCORER_LANG")
    assert run([*argv, "-h"], capsys)[1].startswith("usage: scorer ")


def test_ledger_group_help_is_spanish_under_lang_es(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_spanish_everywhere import english_words

    from scorer.cli.ledger import COMMANDS

    code, out, _ = run(["ledger", "--help", "--lang", "es"], capsys)
    assert code == 0 and out.startswith("uso: scorer ledger ") and "órdenes:" in out
    assert all(f"  {name}  " in out for name in COMMANDS), out
    assert not english_words(out, "gostop") and "Start" not in out, out
    # --lang before the command, as the group help's reader may type it
    assert run(["ledger", "--lang", "es", "-h"], capsys)[1] == out
    assert run(["ledger", "--lang=es", "show", "-h"], capsys)[1] == \
        run(["ledger", "show", "-h", "--lang", "es"], capsys)[1]
    monkeypatch.setenv("SCORER_LANG", "es")
    assert run(["ledger", "-h"], capsys)[1] == out
    monkeypatch.delenv("SCORER_LANG")
    assert run(["ledger", "-h"], capsys)[1].startswith("usage: scorer ledger ")
