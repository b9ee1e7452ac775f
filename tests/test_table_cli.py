"""`scorer recognize PHOTO --table` and the quick forms' `--table PHOTO` (issue 46).

The photo's reading is replaced by cards laid by hand (``recognize_table`` patched), so these
tests check what the commands do with the piles: who gets which, swapping, asking about
touching piles, scoring and the ledger. The reading itself is bench/table_photos.py's.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.cli_helpers import one_error, run_main
from tests.test_table import card

BOTTOM = ["pine-bright", "cherry-bright", "pampas-bright", "paulownia-bright",
          "willow-bright"]  # the five brights
TOP = ["pine-ribbon", "plum-ribbon"]


@pytest.fixture
def table_photo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A photo file whose reading is two piles: four brights at the bottom, two ribbons at
    the top (laid by hand)."""
    import cv2

    from scorer.vision import table as table_mod
    from scorer.vision.pipeline import PhotoResult

    photo = tmp_path / "end.png"
    cv2.imwrite(str(photo), np.full((100, 100, 3), 90, np.uint8))

    def fake(image, deck, classifier, *, seats=None, name="", width=None, height=None):
        cards = [card(300 + 55 * i, 850, code) for i, code in enumerate(BOTTOM)]
        cards += [card(450 + 55 * i, 150, code) for i, code in enumerate(TOP)]
        return table_mod.read_table(PhotoResult(name, deck, 1000, 1000, cards=cards), seats)

    monkeypatch.setattr(table_mod, "recognize_table", fake)
    monkeypatch.setattr("scorer.vision.classify.Classifier", lambda deck: None)
    return photo


def test_recognize_table_json(table_photo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["recognize", str(table_photo), "--game", "hanafuda", "--table",
                               "--seats", "Ana:bottom,Bo:top", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["schema"] == "scorer.table/1"
    assert [(p["pile"], p["player"], p["side"], p["cards"]) for p in doc["piles"]] == [
        (1, "Bo", "top", [5, 6]), (2, "Ana", "bottom", [0, 1, 2, 3, 4])]


def test_recognize_table_swap_and_spanish(table_photo: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["recognize", str(table_photo), "--game", "hanafuda", "--table",
                             "--seats", "Ana:abajo,Bo:arriba", "--swap", "1,2",
                             "--lang", "es"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("(hanafuda, 1000x1000): 2 montones")
    assert lines[1] == "montón 1: Ana, arriba, 2 cartas"
    assert lines[2].split() == ["#6", "pine-ribbon", "0.99"]
    assert lines[4] == "  por tipo: 2 banderas"  # to check against the pile as it lies
    assert lines[5] == "montón 2: Bo, abajo, 5 cartas"


@pytest.mark.parametrize(("args", "said"), [
    (["--table", "--seats", "Ana:bottom,Bo:middle"],
     "--seats entry 2 'Bo:middle': 'middle' is not a side; expected one of bottom, left, "
     "top, right"),
    (["--seats", "Ana,Bo"], "--seats and --swap read a photo of the whole table: add --table"),
    (["--table", "--seats", "Ana,Bo", "--swap", "1,3"],
     "there is no pile 3: the photo shows 2 piles"),
    (["--table", "--swap", "one-two"], "'one-two' is not two pile numbers; expected e.g. 1,2"),
])
def test_recognize_table_bad_input(table_photo: Path, capsys: pytest.CaptureFixture[str],
                                   args: list[str], said: str) -> None:
    err = one_error(*run_main(["recognize", str(table_photo), "--game", "hanafuda", *args],
                              capsys))
    assert said in err


def test_gostop_scores_a_table_photo(table_photo: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["gostop", "--table", str(table_photo), "--seats",
                               "Ana:bottom,Bo:top", "--yes", "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert [p["player"] for p in doc["players"]] == ["Ana", "Bo"]
    assert [line["rule"] for line in doc["players"][0]["lines"]] == ["brights.five"]
    # the listing of the piles went to stderr, before the scoring
    assert "pile 2: Ana, bottom, 5 cards" in err
    # the five brights: as typed `--me "1b 3b 8b 11b 12b"` scores them
    typed = run_main(["gostop", "--me", "1b 3b 8b 11b 12b", "--vs", "1r 2r", "--names", "Ana,Bo",
                      "--json"], capsys)[1]
    assert json.loads(typed)["players"] == doc["players"]
    assert json.loads(typed)["payments"] == doc["payments"]


def test_a_swap_gives_the_other_player_the_brights(table_photo: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["gostop", "--table", str(table_photo), "--seats",
                               "Ana:bottom,Bo:top", "--swap", "1,2", "--stop", "vs", "--yes",
                               "--json"], capsys)
    assert code == 0, err
    swapped = run_main(["gostop", "--me", "1r 2r", "--vs", "1b 3b 8b 11b 12b", "--names", "Ana,Bo",
                        "--stop", "vs", "--json"], capsys)[1]
    assert json.loads(out)["payments"] == json.loads(swapped)["payments"]


def test_table_and_pile_options_are_one_or_the_other(table_photo: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    err = one_error(*run_main(["gostop", "--table", str(table_photo), "--me", "1b"], capsys))
    assert "--table fills --me; give one or the other" in err


def test_touching_piles_stop_the_scoring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    import cv2

    from scorer.vision import table as table_mod
    from scorer.vision.pipeline import PhotoResult

    photo = tmp_path / "end.png"
    cv2.imwrite(str(photo), np.full((100, 100, 3), 90, np.uint8))
    codes = BOTTOM + TOP

    def fake(image, deck, classifier, *, seats=None, name="", width=None, height=None):
        cards = [card(200 + 52 * i, 850, c) for i, c in enumerate(codes)]  # one long row
        return table_mod.read_table(PhotoResult(name, deck, 1000, 1000, cards=cards), seats)

    monkeypatch.setattr(table_mod, "recognize_table", fake)
    monkeypatch.setattr("scorer.vision.classify.Classifier", lambda deck: None)
    code, out, err = run_main(["gostop", "--table", str(photo), "--seats", "Ana,Bo", "--yes"],
                              capsys)
    assert (code, out) == (2, "")
    lines = err.splitlines()
    # the piles as found are shown first: the one pile, asked about, and Bo without one
    assert lines[1:3] == ["pile 1: Ana, bottom, 7 cards",
                          "  ? may be two piles laid touching: asked"]
    assert "no pile found for Bo (top)" in lines
    assert lines[-1] == ("scorer: error: scorer gostop: --table: pile 1 may be two players' "
                         "piles laid touching: move them apart and take the photo again, or "
                         "type the piles")


def test_a_table_photo_goes_into_the_ledger_in_one_step(
        table_photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from scorer.cli.entry import main

    db = tmp_path / "ledger.db"
    main(["ledger", "new", "friday", "--game", "gostop", "--players", "Ana,Bo",
          "--db", str(db)])
    capsys.readouterr()
    code, _, err = run_main(["gostop", "--table", str(table_photo), "--seats", "Ana,Bo",
                             "--yes", "--ledger", "friday", "--db", str(db)], capsys)
    assert code == 0, err
    assert "friday#1" in err
    code, out, _ = run_main(["ledger", "show", "friday", "--db", str(db), "--json"], capsys)
    assert code == 0
    assert '"Ana"' in out and '"Bo"' in out


class Answers:
    """A terminal that answers each prompt from a list, and keeps what was printed."""

    def __init__(self, answers: list[str]) -> None:
        self.answers, self.asked, self.printed = list(answers), [], []

    def input(self, prompt: str, markup: bool = True) -> str:
        self.asked.append(prompt)
        return self.answers.pop(0)

    def print(self, text: str = "", **_: object) -> None:
        self.printed.append(text)


def _two_piles(seats: str) -> object:
    from scorer.vision.pipeline import PhotoResult
    from scorer.vision.table import parse_seats, read_table

    cards = [card(300 + 55 * i, 850, code) for i, code in enumerate(BOTTOM)]
    cards += [card(450 + 55 * i, 150, code) for i, code in enumerate(TOP)]
    return read_table(PhotoResult("end.jpg", "hanafuda", 1000, 1000, cards=cards),
                      parse_seats(seats))


def test_on_a_terminal_two_piles_are_swapped_before_scoring() -> None:
    from scorer.cli.table import confirm_table

    table = _two_piles("Ana:bottom,Bo:top")
    # a bad answer is said and asked again; "1 2" swaps; Enter goes on
    console = Answers(["1 9", "1 2", ""])
    piles = confirm_table(table, assume_yes=False, interactive=True, console=console,
                          lang="en")
    # (the notation lists a pile in the deck's order: willow before paulownia)
    assert piles == {"Ana": "pine-ribbon plum-ribbon",
                     "Bo": "pine-bright cherry-bright pampas-bright willow-bright "
                           "paulownia-bright"}
    assert len(console.asked) == 3
    assert "  there is no pile 9: the photo shows 2 piles" in console.printed
    assert any("pile 1: Ana, top, 2 cards" in p for p in console.printed)


def test_on_a_terminal_a_touching_pile_is_asked_about() -> None:
    from scorer.cli.table import confirm_table
    from scorer.vision.pipeline import PhotoResult
    from scorer.vision.table import TableError, parse_seats, read_table

    cards = [card(200 + 52 * i, 850, c) for i, c in enumerate(BOTTOM + TOP)]
    table = read_table(PhotoResult("end.jpg", "hanafuda", 1000, 1000, cards=cards),
                       parse_seats("Ana,Bo"))
    console = Answers(["no"])
    with pytest.raises(TableError, match="pile 1 may be two players' piles"):
        confirm_table(table, assume_yes=True, interactive=True, console=console, lang="en")
    assert console.asked == ["pile 1 may be two players' piles laid touching. Enter = it is "
                             "Ana's alone, or 'no' to stop: "]
    # Enter: the whole pile is Ana's, as shown (never split); Bo has none
    table.piles[0].touching = True
    piles = confirm_table(table, assume_yes=True, interactive=True, console=Answers(["", ""]),
                          lang="en")
    assert piles["Bo"] == "" and len(piles["Ana"].split()) == 7
