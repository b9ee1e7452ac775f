"""Problems every record can have (unknown keys, duplicate names, a bad stake, ...) read in
Spanish with --lang es, and stay as they were in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.cli.entry import main

BAD = """
game = "gostop"
stoped = "Ana"
stake = -3
currency = 5
[[players]]
name = "Ana"
cardz = "1b"
[[players]]
name = "Ana"
"""


def _error(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["score", str(path), "--lang", lang])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_record_problems_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(tmp_path, capsys, "es")
    assert "clave desconocida 'stoped'; ¿quisiste decir 'stopped'?" in err
    assert "jugador 'Ana': clave desconocida 'cardz'" in err
    assert "los nombres de los jugadores deben ser distintos: Ana" in err
    assert "se esperaba un número de 0 a" in err and "currency debe ser un texto" in err
    for english in ("unknown key", "did you mean", "must differ", "expected a number"):
        assert english not in err


def test_record_problems_in_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(tmp_path, capsys, "en")
    assert "unknown key 'stoped'; did you mean 'stopped'?" in err
    assert "player 'Ana': unknown key 'cardz'; did you mean 'cards'?" in err
    assert "player names must differ: Ana" in err
    assert "stake = -3; expected a number from 0 to 1,000,000,000 (money per point)" in err


def test_record_problems_are_ids_with_their_facts(tmp_path: Path) -> None:
    """A record's problems are data (an id, its facts, where, whom it is about), said in a
    language only when shown: the same error reads in English and in Spanish."""
    from scorer.games.base import RecordProblem
    from scorer.games.record import RecordError, load_record
    from scorer.i18n import describe, say_problem

    path = tmp_path / "bad.toml"
    path.write_text(BAD.replace('cardz = "1b"', 'cardz = "1b"\ncards = "1b 99z"'),
                    encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    problems = info.value.problems
    assert all(isinstance(p, RecordProblem) for p in problems)
    assert [p.problem.code for p in problems] == [
        "record.unknown-key-hint", "record.unknown-key-hint", "record.names-differ",
        "record.stake", "record.currency", "unknown",
    ]
    assert (problems[1].about, problems[5].about) == ("player 'Ana'",) * 2
    assert say_problem(problems[-1], "es").endswith(
        "bad.toml: jugador 'Ana': carta desconocida '99z' en la posición 2")
    assert str(problems[-1]).endswith("bad.toml: player 'Ana': unknown card '99z' at position 2")
    assert describe(info.value, "en") == str(info.value)
    assert "clave desconocida 'stoped'" in describe(info.value, "es")
