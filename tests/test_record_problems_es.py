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
