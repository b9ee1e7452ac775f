"""Issue 43, items 3-7: nothing the user typed is lost or misread.

A repeated pile option, a record's stake that differs from its session's, a name the session
lacks, numbers too big for the ledger or for Python's arithmetic, a forgotten record file:
each is one line that names what was typed, exit 2, in the language asked for. Each test
failed before the fix it names.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from cli_helpers import one_error
from cli_helpers import run_main as run


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.sqlite3"
    monkeypatch.setenv("SCORER_DB", str(path))
    monkeypatch.chdir(tmp_path)
    return path


# -- item 3: a pile given twice -----------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["koikoi", "--me", "1b 3b 8b", "--vs", "2a", "--vs", "4a"],
    ["koikoi", "--me", "1b", "--me", "1b 3b 8b", "--vs", "2a"],
    ["gostop", "--me", "1b 3b 8b", "--me", "2a", "--vs", "11b 6j"],
    ["mahjong", "--east", "123m", "--east", "456m", "--south", "1m", "--west", "2m",
     "--north", "3m", "--draw"],
])
def test_a_pile_given_twice_is_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    err = one_error(*run(argv, capsys))
    flag = next(a for a in argv if argv.count(a) == 2 and a.startswith("--"))
    first, second = [argv[i + 1] for i, a in enumerate(argv) if a == flag]
    assert f"{flag}: given twice ({first!r}, then {second!r})" in err


def test_a_pile_given_twice_is_refused_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_error(*run(["koikoi", "--lang", "es", "--me", "1b", "--vs", "2a", "--vs", "4a"],
                         capsys))
    assert "opción --vs: dada dos veces ('2a', luego '4a')" in err
    assert "given" not in err and "argument" not in err


def test_an_option_a_pile_may_repeat_still_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    # Go-Stop's --vs is declared repeatable: a second opponent, not a second copy
    code, out, err = run(["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j",
                          "--vs", "2j"], capsys)
    assert code == 0, err
    assert "vs1" in out and "vs2" in out


# -- item 4: the session's stake ----------------------------------------------------------------
RECORD_AT_100 = """
game = "koikoi"
stake = 100
stopped = "Ana"
[[players]]
name = "Ana"
cards = "1b 3b 8b"
[[players]]
name = "Bo"
cards = "2a"
"""


def test_a_record_at_another_stake_than_its_session_is_refused(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["ledger", "new", "friday", "--game", "koikoi", "--players", "Ana,Bo",
                "--stake", "10", "--currency", "yen"], capsys)[0] == 0
    hand = tmp_path / "hand.toml"
    hand.write_text(RECORD_AT_100, "utf-8")
    err = one_error(*run(["ledger", "add", "friday", str(hand)], capsys))
    assert "stake 100" in err and "session 'friday'" in err and "10" in err
    # nothing was added: the session still has no hands, and shows one stake
    code, out, _ = run(["ledger", "show", "friday"], capsys)
    assert code == 0 and "No hands yet." in out
    es = one_error(*run(["ledger", "add", "friday", str(hand), "--lang", "es"], capsys))
    assert "apuesta" in es and "stake" not in es.replace("stake = ", "")


def test_a_record_at_the_sessions_stake_is_added(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["ledger", "new", "friday", "--game", "koikoi", "--players", "Ana,Bo", "--stake", "0.1"],
        capsys)
    hand = tmp_path / "hand.toml"
    hand.write_text(RECORD_AT_100.replace("stake = 100", "stake = 0.1"), "utf-8")
    code, _, err = run(["ledger", "add", "friday", str(hand)], capsys)
    assert code == 0, err


def test_the_quick_form_at_another_stake_than_its_session_is_refused(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["ledger", "new", "friday", "--game", "koikoi", "--players", "Ana,Bo", "--stake", "10"],
        capsys)
    err = one_error(*run(["koikoi", "--me", "1b 3b 8b", "--vs", "2a", "--ledger", "friday",
                          "--names", "Ana,Bo", "--stake", "100"], capsys))
    assert "stake 100" in err and "session 'friday'" in err


# -- item 5: a name the session lacks -----------------------------------------------------------
def test_names_the_session_lacks_are_named_before_the_dealer_it_inherits(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["ledger", "new", "friday", "--game", "koikoi", "--players", "Ana,Bo"], capsys)
    # Bo wins hand 1, so hand 2 inherits dealer = 'Bo'
    code, _, err = run(["koikoi", "--me", "2a", "--vs", "1b 3b 8b", "--stop", "vs",
                        "--ledger", "friday", "--names", "Ana,Bo"], capsys)
    assert code == 0, err
    err = one_error(*run(["koikoi", "--me", "1b 3b 8b", "--vs", "2a", "--ledger", "friday",
                          "--names", "Ana,Zed"], capsys))
    assert "player 'Zed' is not in session 'friday' (Ana, Bo)" in err
    assert "dealer" not in err
    es = one_error(*run(["koikoi", "--me", "1b 3b 8b", "--vs", "2a", "--ledger", "friday",
                         "--names", "Ana,Zed", "--lang", "es"], capsys))
    assert "el jugador 'Zed' no está en la sesión 'friday'" in es


# -- item 6: numbers bounded at the edge --------------------------------------------------------
HUGE = "99999999999999999999999"


@pytest.mark.parametrize("argv", [
    ["ledger", "hand", f"conc#{HUGE}"],
    ["ledger", "void", f"conc#{HUGE}", "--reason", "x"],
    ["ledger", "rescore", f"conc#{HUGE}"],
    ["ledger", "hand", HUGE, "--session", "conc"],
    ["ledger", "hand", "conc#" + "9" * 5000],
])
def test_a_huge_hand_number_is_one_line(
    argv: list[str], db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["ledger", "new", "conc", "--game", "koikoi", "--players", "Ana,Bo"], capsys)
    err = one_error(*run(argv, capsys))
    assert "is not a hand" in err and "too large" in err
    assert len(err) < 300  # the 5000 digits are not echoed whole


def test_a_huge_hand_number_in_replace_is_one_line(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["ledger", "new", "conc", "--game", "koikoi", "--players", "Ana,Bo"], capsys)
    hand = tmp_path / "hand.toml"
    hand.write_text(RECORD_AT_100.replace("stake = 100\n", ""), "utf-8")
    err = one_error(*run(["ledger", "replace", f"conc#{HUGE}", str(hand), "--reason", "x"],
                         capsys))
    assert "too large" in err


@pytest.mark.parametrize("stake", ["1e100000000", "1e10000000", "1e-100000000", "9" * 5000,
                                   "1" + "0" * 10, "1e10"])
def test_a_huge_session_stake_is_refused_at_once(
    stake: str, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    err = one_error(*run(["ledger", "new", "big", "--game", "gostop", "--players", "A,B",
                          "--stake", stake], capsys))
    assert time.perf_counter() - start < 2
    if stake.startswith("1e-"):  # not a number a stake can be: refused as not a stake
        assert "stake = '1e-100000000'" in err
    else:
        assert "expected a number from 0 to 1,000,000,000 (money per point)" in err
    assert "int_max_str_digits" not in err and len(err) < 300


def test_a_huge_session_stake_is_refused_in_spanish(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_error(*run(["ledger", "new", "big", "--game", "gostop", "--players", "A,B",
                          "--stake", "1e100000000", "--lang", "es"], capsys))
    assert "se esperaba un número de 0 a 1.000.000.000 (dinero por punto)" in err


# -- item 7: the record file forgotten ----------------------------------------------------------
def test_ledger_add_without_the_record_says_the_record_is_missing(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["ledger", "new", "friday", "--game", "koikoi", "--players", "Ana,Bo"], capsys)
    err = one_error(*run(["ledger", "add", "friday"], capsys))
    assert "the record file is missing" in err and "scorer ledger add friday RECORD" in err
    es = one_error(*run(["ledger", "add", "friday", "--lang", "es"], capsys))
    assert "falta el archivo del registro" in es
    # a path that is not there, with the session named, still says so
    err = one_error(*run(["ledger", "add", "friday", "nothere.toml"], capsys))
    assert "no record file at 'nothere.toml'" in err
