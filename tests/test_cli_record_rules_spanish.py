"""A record's or a quick form's rules problems (``--set``, a record's ``[rules]``) said in
Spanish with `--lang es` or SCORER_LANG=es, as `scorer rules` says them: the record loader
keeps each as a catalog sentence (``Said``) instead of flattening it to English text.
English unchanged, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_main as run

REPO = Path(__file__).resolve().parents[1]
RECORD = "samples/gostop-cardavia-go.toml"
SEVEN = "1b 3b 8b 1r 2r 3r 4r 6r"  # 3 brights 3 + 5 ribbons 1 + red poem ribbons 3 = 7
QUICK = ["gostop", "--me", SEVEN, "--vs", "11b 6j"]


# (command line, its whole stderr line after "scorer: error: " in English, in Spanish)
ERRORS = [
    (["score", RECORD, "--set", "x=1"],
     f"{RECORD}: --set: unknown rule 'x'",
     f"{RECORD}: --set: regla desconocida 'x'"),
    (["score", RECORD, "--set", "brights.three=abc"],
     f"{RECORD}: --set: rule 'brights.three' expects int (a whole number), got 'abc'",
     f"{RECORD}: --set: la regla 'brights.three' espera int (un número entero), no 'abc'"),
    (["score", RECORD, "--set", "brights.thre=1", "--set", "go.points=-1"],
     f"{RECORD}: --set: unknown rule 'brights.thre'; did you mean 'brights.three', "
     "'brights.three_rain', 'brights.four'?; --set: rule 'go.points' = -1 is out of range; "
     "expected from 0 to 100 for each item",
     f"{RECORD}: --set: regla desconocida 'brights.thre'; ¿quisiste decir 'brights.three', "
     "'brights.three_rain', 'brights.four'?; --set: la regla 'go.points' = -1 se sale del "
     "rango; se esperaba de 0 a 100 en cada elemento"),
    ([*QUICK, "--set", "x=1"],
     "scorer gostop: --set: unknown rule 'x'",
     "scorer gostop: --set: regla desconocida 'x'"),
    ([*QUICK, "--set", "brights.three=abc"],
     "scorer gostop: --set: rule 'brights.three' expects int (a whole number), got 'abc'",
     "scorer gostop: --set: la regla 'brights.three' espera int (un número entero), no 'abc'"),
    # a rules problem beside a card problem: both in Spanish, in one line
    (["gostop", "--me", "1b", "--vs", "2b", "--set", "x=1"],
     "scorer gostop: --set: unknown rule 'x'; player 'vs': unknown card '2b' at position 1; "
     "did you mean 'willow-bright'?",
     "scorer gostop: --set: regla desconocida 'x'; jugador 'rival': carta desconocida '2b' en "
     "la posición 1; ¿quisiste decir 'willow-bright'?"),
]


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # RECORD is relative, as a user types it
    monkeypatch.delenv("SCORER_LANG", raising=False)


@pytest.mark.parametrize("args, english, spanish", ERRORS)
def test_rules_problems_of_a_record_or_quick_form_are_said_in_spanish_with_lang(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert run([*args, "--lang", "es"], capsys) == (2, "", f"scorer: error: {spanish}\n")


@pytest.mark.parametrize("args, english, spanish", ERRORS)
def test_rules_problems_of_a_record_or_quick_form_are_said_in_spanish_with_scorer_lang(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCORER_LANG", "es")
    assert run(args, capsys) == (2, "", f"scorer: error: {spanish}\n")


@pytest.mark.parametrize("args, english, spanish", ERRORS)
def test_rules_problems_of_a_record_or_quick_form_stay_as_they_were_in_english(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(args, capsys) == (2, "", f"scorer: error: {english}\n")


def test_a_records_rules_table_problems_name_the_record_once_in_either_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    # the table's problems said after the record's name, as the --set ones are: English said
    # "hand.toml: hand.toml [rules]: ..."
    record = tmp_path / "hand.toml"
    text = (REPO / RECORD).read_text(encoding="utf-8")
    record.write_text(text + '\n[rules]\nx = 1\n"brights.three" = "abc"\n', encoding="utf-8")
    # the record's name once, then its table's problems ("[rules]: ...")
    english = (f"{record}: [rules]: unknown rule 'x'; [rules]: rule "
               "'brights.three' expects int (a whole number), got 'abc'")
    spanish = (f"{record}: [rules]: regla desconocida 'x'; [rules]: la "
               "regla 'brights.three' espera int (un número entero), no 'abc'")
    assert run(["score", str(record)], capsys) == (2, "", f"scorer: error: {english}\n")
    assert run(["score", str(record), "--lang", "es"], capsys) == (
        2, "", f"scorer: error: {spanish}\n")
