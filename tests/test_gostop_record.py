"""Record files: the format, its errors, photos, and the shipped samples."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorer.games.record import RecordError, load_record, score_record

ROOT = Path(__file__).parent.parent
GOOD = """
game = "gostop"
preset = "cardavia"
stopped = "Ana"
[[players]]
name = "Ana"
cards = "1b 3b 8b 1r 2r 3r 4r 6r"
[[players]]
name = "Bo"
cards = "11b 6j"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_samples_score_as_derived_by_hand() -> None:
    # Cardavia: 3 brights 3 + godori 5 + 6 animals 2 + red poem 3 = 13, one go +1 = 14,
    # Bo has no bright: x2 = 28 points, at 100 won = 2800.
    result = score_record(load_record(ROOT / "samples/gostop-cardavia-go.toml"))
    assert [(p.payer, p.payee, p.points, p.money) for p in result.payments] == [
        ("Bo", "Ana", 28, 2800)
    ]
    # familia, 3 players: 4 points, Bo had called go so Ana scores double: 8 from each.
    result = score_record(load_record(ROOT / "samples/gostop-familia-3p.toml"))
    assert [(p.payer, p.points, p.money) for p in result.payments] == [("Bo", 8, 80), ("Cy", 8, 80)]
    # estandar: Ana 4 x shake 2 = 8; Bo no bright x2, Cy 3 junk x2; Bo pays both (go-bak).
    result = score_record(load_record(ROOT / "samples/gostop-estandar-gobak.toml"))
    assert result.balances() == {"Ana": 32, "Bo": -32, "Cy": 0}
    # familia with the house file: 4 lights with the rain one = 4 (house) + red text 3 = 7;
    # Bo has no light (x2) and 3 junk cards (x2, counted as cards): 28 points, 140 pesos.
    result = score_record(load_record(ROOT / "samples/gostop-familia-house.toml"))
    assert [(p.payer, p.points, p.money) for p in result.payments] == [("Bo", 28, 140)]


def test_rules_table_and_set_override(tmp_path: Path) -> None:
    text = GOOD.replace('stopped = "Ana"', 'stopped = "Ana"\n[rules]\n"brights.three" = 4')
    path = _write(tmp_path, text)
    result = score_record(load_record(path))
    assert result.players[0].subtotal == 8
    result = score_record(load_record(path, overrides=["brights.three=5"]))
    assert result.players[0].subtotal == 9
    assert any("brights.three = 5 (from --set)" in n for n in result.to_json()["notes"])


def test_every_problem_at_once_naming_file_key_and_player(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        """
game = "gostop"
preset = "cardavia"
stoped = "Ana"
[rules]
"brights.thre" = 1
[[players]]
name = "Ana"
cards = "1b pine-brite 3b"
gos = -1
[[players]]
name = "Bo"
card = "6j"
""",
    )
    with pytest.raises(RecordError) as err:
        load_record(path)
    message = str(err.value)
    assert str(path) in message
    assert "unknown key 'stoped'; did you mean 'stopped'" in message
    assert "unknown rule 'brights.thre'" in message
    assert "player 'Ana': unknown card 'pine-brite' at position 2" in message
    assert "player 'Ana': gos = -1" in message
    assert "player 'Bo': unknown key 'card'; did you mean 'cards'" in message


def test_toml_syntax_error_names_line(tmp_path: Path) -> None:
    path = _write(tmp_path, 'game = "gostop"\npreset = \n')
    with pytest.raises(RecordError, match=r"hand.toml: TOML syntax error.*line 2"):
        load_record(path)


def test_unreadable_record_and_rules_files_say_why(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"hand.toml: cannot read record \(No such file"):
        load_record(tmp_path / "hand.toml")
    binary = tmp_path / "photo.toml"
    binary.write_bytes(b"\xff\xd8\xff\xe0 not text")
    with pytest.raises(RecordError, match=r"photo.toml: not a text file \(a record is TOML\)"):
        load_record(binary)
    path = _write(tmp_path, GOOD)
    with pytest.raises(RecordError, match=r"nothere.toml: cannot read rules file"):
        load_record(path, rules_file=tmp_path / "nothere.toml")
    # a rules file named in the record is found beside the record, not in the working folder
    (tmp_path / "house.toml").write_text("[brights]\nthree = 5\n", encoding="utf-8")
    record = load_record(_write(tmp_path, 'rules_file = "house.toml"\n' + GOOD))
    assert record.rules.num("brights.three") == 5


def test_piles_must_fit_one_deck(tmp_path: Path) -> None:
    text = GOOD.replace("4r 6r", "4r 6r 6j 6j").replace('"11b 6j"', '"11b 1b 6j"')
    with pytest.raises(RecordError) as err:
        load_record(_write(tmp_path, text))
    assert "pine-bright is in more than one pile: Ana, Bo" in str(err.value)
    assert "3 plain peony junk across piles (Ana, Ana, Bo); the deck holds 2" in str(err.value)


def test_stop_below_target(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace("1b 3b 8b 1r 2r 3r 4r 6r", "1b 3b 8b"))
    with pytest.raises(RecordError, match="Ana stopped with 3 points, below the 7-point target"):
        load_record(path)


def test_photo_piles_need_a_resolver(tmp_path: Path) -> None:
    (tmp_path / "bo.jpg").write_bytes(b"\xff\xd8")
    path = _write(tmp_path, GOOD.replace('"11b 6j"', '"bo.jpg"'))
    with pytest.raises(RecordError, match="photos need `scorer score` from the CLI"):
        load_record(path)
    seen: list[tuple[str, str]] = []

    def resolver(image: str, game: str) -> str:
        seen.append((image, game))
        return "11b 6j"

    record = load_record(path, pile_resolver=resolver)
    assert seen == [(str(tmp_path / "bo.jpg"), "gostop")]
    assert sorted(c.id for c in record.hand.players[1].cards) == [
        "paulownia-bright",
        "peony-junk-1",
    ]
    missing = _write(tmp_path, GOOD.replace('"11b 6j"', '"nothere.png"'))
    with pytest.raises(RecordError, match="no photo at"):
        load_record(missing, pile_resolver=resolver)


def test_engine_modules_import_light() -> None:
    code = (
        "import sys, scorer.games.record, scorer.games.gostop, scorer.games.rules;"
        "bad = [m for m in ('typer', 'rich', 'numpy', 'cv2', 'onnxruntime') if m in sys.modules];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
