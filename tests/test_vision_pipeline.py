"""Photo to cards: bad input, the --json schema, annotation, and the confirm/correct flow.

The classifier is a scripted stand-in (no model needed) except in the end-to-end tests at
the bottom, which skip until the trained models are in models/.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner
from vision_fakes import (
    DATA,
    HAVE_DATA,
    HAVE_MODELS,
    NO_DATA,
    NO_MODELS,
    FakeCardDetector,
    FakeClassifier,
    have_model,
)

from scorer.cli.app import app
from scorer.training import scenes
from scorer.vision import detect, pipeline
from scorer.vision.classify import Classifier, Prediction
from scorer.vision.confirm import PhotoPileError, resolve_pile_source

runner = CliRunner()
# The scene the last _scene_file drew: the stand-in card detector answers its cards.
_DRAWN: dict[str, scenes.Scene] = {}


@pytest.fixture(autouse=True)
def _card_detector_of_the_drawn_scene(request: pytest.FixtureRequest,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Hanafuda photos are read with a stand-in detector that finds the drawn scene's cards
    exactly (the learned detector's accuracy is bench/card_piles.py's), except in the
    end-to-end tests, which run the shipped models."""
    _DRAWN.clear()
    if request.node.name.startswith("test_end_to_end"):
        return
    monkeypatch.setattr(pipeline, "shipped_card_detector", lambda: (
        FakeCardDetector.of_scene(_DRAWN["scene"]) if _DRAWN else FakeCardDetector([])))


def _scene_file(tmp_path: Path, n: int = 6, seed: int = 4, name: str = "pile.png") -> Path:
    rng = np.random.default_rng(seed)
    scene = scenes.spread_scene(rng, scenes.procedural_cards(rng, n), n, size=(720, 960),
                                kind="felt")
    path = tmp_path / name
    cv2.imwrite(str(path), scene.image)
    _DRAWN["scene"] = scene
    return path


def _recognize(args: list[str]) -> tuple[int, str, str]:
    res = runner.invoke(app, ["recognize", *args])
    return res.exit_code, res.stdout, res.stderr


# ---------------------------------------------------------------- bad input


def test_missing_file(tmp_path: Path) -> None:
    code, out, err = _recognize([str(tmp_path / "nope.jpg"), "--game", "hanafuda"])
    assert code == 2 and "does not exist" in err and err.count("\n") == 1 and not out


def test_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.jpg").write_bytes(b"")
    code, _, err = _recognize([str(tmp_path / "empty.jpg"), "--game", "hanafuda"])
    assert code == 2 and "empty" in err and "Traceback" not in err


def test_directory_is_not_a_photo(tmp_path: Path) -> None:
    code, _, err = _recognize([str(tmp_path), "--game", "hanafuda"])
    assert code == 2 and "not a file" in err


def test_not_an_image(tmp_path: Path) -> None:
    (tmp_path / "notes.jpg").write_text("pine-bright plum-ribbon\n")
    code, _, err = _recognize([str(tmp_path / "notes.jpg"), "--game", "mahjong"])
    assert code == 2 and "not an image" in err


@pytest.mark.parametrize("ext", [".jpg", ".png"])
def test_truncated_image(tmp_path: Path, ext: str) -> None:
    img = np.random.default_rng(0).integers(0, 255, (300, 400, 3), np.uint8)
    ok, buf = cv2.imencode(ext, img)
    assert ok
    data = buf.tobytes()
    (tmp_path / f"cut{ext}").write_bytes(data[: len(data) // 2])
    code, _, err = _recognize([str(tmp_path / f"cut{ext}"), "--game", "hanafuda"])
    assert code == 2 and "truncated" in err


@pytest.mark.parametrize("table", [False, True])
def test_a_photo_that_cannot_be_read_is_said_in_the_language_asked(tmp_path: Path,
                                                                    table: bool) -> None:
    """`--lang es` says the loader's problem in Spanish, the file named as typed, in one
    line; nothing English left in it (catalog ``image.*``)."""
    img = np.random.default_rng(0).integers(0, 255, (300, 400, 3), np.uint8)
    data = cv2.imencode(".jpg", img)[1].tobytes()
    (tmp_path / "cut.jpg").write_bytes(data[: len(data) // 2])
    cases = [("cut.jpg", "la imagen «{}» está cortada (el archivo termina antes que la imagen)"),
             ("gone.jpg", "la imagen «{}» no existe")]
    for name, said in cases:
        path = str(tmp_path / name)
        code, out, err = _recognize([path, "--game", "hanafuda", "--lang", "es",
                                     *(["--table"] if table else [])])
        assert code == 2 and not out and err.count("\n") == 1, err
        assert said.format(path) in err, err
        assert "image" not in err.replace("imagen", "")


def _png_header_only(w: int, h: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)  # a few bytes that would inflate to gigapixels
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(
        b"IEND", b"")


def test_decompression_bomb_refused_before_decoding(tmp_path: Path) -> None:
    (tmp_path / "bomb.png").write_bytes(_png_header_only(60000, 60000))
    code, _, err = _recognize([str(tmp_path / "bomb.png"), "--game", "hanafuda"])
    assert code == 2 and "megapixels" in err


def test_huge_jpeg_is_decoded_reduced_with_full_size_corners(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "DECODE_LONG_SIDE", 1500)  # "huge" without a 50 MP file
    rng = np.random.default_rng(3)
    scene = scenes.spread_scene(rng, scenes.procedural_cards(rng, 4), 4, size=(2700, 3600),
                                kind="felt")
    _DRAWN["scene"] = scene
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    img, full = pipeline.load_image_sized(path)
    assert full == (3600, 2700) and max(img.shape[:2]) < 3600
    result, shown = pipeline.recognize_path(path, "hanafuda", FakeClassifier([("pine-bright",
                                                                               0.9)]))
    assert (result.width, result.height) == (3600, 2700)
    assert shown.shape[:2] == (2700, 3600)
    pairs = scenes.match([c.corners for c in result.cards], [c.visible for c in scene.cards])
    assert len(pairs) >= 3


def test_no_cards_is_an_empty_result_with_a_warning(tmp_path: Path) -> None:
    table = scenes.make_background(np.random.default_rng(1), 600, 800, "wood")
    cv2.imwrite(str(tmp_path / "table.png"), table)
    code, out, err = _recognize([str(tmp_path / "table.png"), "--game", "hanafuda", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["cards"] == [] and doc["backs"] == 0 and doc["warnings"]


def test_bad_annotate_extension(tmp_path: Path) -> None:
    path = _scene_file(tmp_path)
    code, _, err = _recognize([str(path), "--game", "hanafuda", "--annotate",
                               str(tmp_path / "out.txt")])
    assert code == 2 and ".png" in err


# ---------------------------------------------------------------- schema and annotation


SCRIPT = [("pine-bright", 0.97), ("plum-junk", 0.41), ("paulownia-junk-double", 0.91),
          ("back", 0.95), ("willow-junk", 0.88), ("bonus-3", 0.8)]


def test_json_schema_hanafuda(tmp_path: Path) -> None:
    path = _scene_file(tmp_path)
    result, _ = pipeline.recognize_path(path, "hanafuda", FakeClassifier(SCRIPT))
    doc = json.loads(json.dumps(result.to_json()))
    assert set(doc) == {"schema", "image", "game", "width", "height", "cards", "backs",
                        "found", "hidden", "warnings"}
    assert doc["found"] == 6 and doc["hidden"] == []
    assert (doc["game"], doc["width"], doc["height"]) == ("hanafuda", 960, 720)
    assert doc["backs"] == sum(1 for c in result.backs)
    assert all(c["code"] != "back" for c in doc["cards"])
    for card in doc["cards"]:
        assert {"code", "plant", "kind", "junk_variant", "confidence", "corners"} <= set(card)
        assert len(card["corners"]) == 4 and all(len(p) == 2 for p in card["corners"])
    by_code = {c["code"]: c for c in doc["cards"]}
    if "paulownia-junk-double" in by_code:
        assert by_code["paulownia-junk-double"]["junk_variant"] == "double"
    if "willow-junk" in by_code:
        assert by_code["willow-junk"]["junk_variant"] == "lightning"
    if "bonus-3" in by_code:
        assert by_code["bonus-3"]["kind"] == "bonus"


def test_card_attributes_from_ids() -> None:
    from scorer.decks.hanafuda import label_fields

    assert label_fields("pine-junk") == {"plant": "pine", "kind": "junk",
                                         "junk_variant": "plain"}
    assert label_fields("maple-animal")["junk_variant"] is None
    assert label_fields("bonus-2")["kind"] == "bonus"


def test_json_schema_mahjong_rows_and_groups() -> None:
    rng = np.random.default_rng(5)
    tiles = scenes.procedural_cards(rng, 12, aspect=4 / 3)
    scene = scenes.tile_rows_scene(rng, tiles, groups=[[6], [3, 3]], size=(720, 960),
                                   kind="felt")
    result = pipeline.recognize_array(scene.image, "mahjong", FakeClassifier([("5p", 0.9)]))
    doc = result.to_json()
    assert "tiles" in doc and "cards" not in doc
    rows = sorted({(t["row"], t["group"]) for t in doc["tiles"]})
    assert rows == [(0, 0), (1, 0), (1, 1)]
    assert [sum(1 for t in doc["tiles"] if (t["row"], t["group"]) == k) for k in rows] == [6, 3,
                                                                                           3]


def test_flowers_and_seasons_are_always_confirmed() -> None:
    """The model reads bonus tiles badly on real photos while sounding sure: always ask."""
    corners = np.zeros((4, 2), np.float32)
    sure_flower = pipeline.RecognizedCard("3f", 0.999, corners)
    sure_dot = pipeline.RecognizedCard("5p", 0.999, corners)
    unsure_dot = pipeline.RecognizedCard("5p", 0.41, corners)
    assert sure_flower.uncertain and not sure_dot.uncertain and unsure_dot.uncertain
    assert sure_flower.to_json("mahjong")["uncertain"] is True
    assert {f"{n}f" for n in range(1, 9)} == pipeline.ALWAYS_CONFIRM


def test_annotate_is_a_copy_and_marks_uncertain(tmp_path: Path) -> None:
    path = _scene_file(tmp_path)
    result, img = pipeline.recognize_path(path, "hanafuda", FakeClassifier(SCRIPT))
    before = img.copy()
    out = result.annotate(img)
    assert np.array_equal(img, before) and out.shape == img.shape
    assert not np.array_equal(out, img)
    assert result.uncertain  # plum-junk at 0.41
    red = (out[..., 2] > 200) & (out[..., 1] < 50) & (out[..., 0] < 50)
    assert red.sum() > 100
    assert list(tmp_path.iterdir()) == [path]  # the library wrote nothing


# ---------------------------------------------------------------- confirm / correct


def _pile_app(classifier: FakeClassifier, interactive: bool,
              game: str = "hanafuda", lang: str = "en") -> typer.Typer:
    """A stand-in scoring command: one pile argument, resolved like the real ones will be."""
    demo = typer.Typer()

    @demo.command()
    def score(pile: str, yes: bool = typer.Option(False, "--yes")) -> None:
        console = Console(highlight=False)
        try:
            text = resolve_pile_source(pile, game, assume_yes=yes,
                                       interactive=interactive, console=console,
                                       classifier=classifier, lang=lang)
        except PhotoPileError as err:
            typer.echo(f"scorer: error: {err}", err=True)
            raise typer.Exit(err.code) from err
        typer.echo(f"PILE {text}")

    return demo


CONFIRM_SCRIPT = [("pine-bright", 0.97), ("plum-junk", 0.41), ("pine-junk", 0.98),
                  ("cherry-ribbon", 0.95)]


def test_typed_pile_passes_through_untouched() -> None:
    res = runner.invoke(_pile_app(FakeClassifier(CONFIRM_SCRIPT), False),
                        ["1b 3b 8b", "--yes"])
    assert res.exit_code == 0 and "PILE 1b 3b 8b" in res.stdout


def test_uncertain_without_terminal_fails_listing_cards(tmp_path: Path) -> None:
    path = _scene_file(tmp_path, n=4, seed=6)
    res = runner.invoke(_pile_app(FakeClassifier(CONFIRM_SCRIPT), False), [str(path)])
    assert res.exit_code == 2
    assert "uncertain" in res.stderr and "plum-junk (0.41)" in res.stderr
    assert "--yes" in res.stderr


def test_yes_accepts_uncertain(tmp_path: Path) -> None:
    path = _scene_file(tmp_path, n=4, seed=6)
    res = runner.invoke(_pile_app(FakeClassifier(CONFIRM_SCRIPT), False), [str(path), "--yes"])
    assert res.exit_code == 0, res.stderr
    pile = res.stdout.split("PILE ")[1].split()
    assert "plum-junk-1" in pile and "pine-bright" in pile


def test_terminal_user_corrects_then_accepts(tmp_path: Path) -> None:
    path = _scene_file(tmp_path, n=4, seed=6)
    # First answer is not a card: asked again; then the right code.
    res = runner.invoke(_pile_app(FakeClassifier(CONFIRM_SCRIPT), True), [str(path)],
                        input="plum-jnk\nplum-ribbon\n")
    assert res.exit_code == 0, res.stderr
    assert "not a hanafuda code" in res.stdout
    pile = res.stdout.split("PILE ")[1].split()
    assert "plum-ribbon" in pile and "plum-junk-1" not in pile


def test_terminal_user_skips_a_region(tmp_path: Path) -> None:
    path = _scene_file(tmp_path, n=4, seed=6)
    res = runner.invoke(_pile_app(FakeClassifier(CONFIRM_SCRIPT), True), [str(path)],
                        input="skip\n")
    assert res.exit_code == 0, res.stderr
    assert "plum" not in res.stdout.split("PILE ")[1]


def test_missing_photo_pile_is_bad_input(tmp_path: Path) -> None:
    res = runner.invoke(_pile_app(FakeClassifier(CONFIRM_SCRIPT), False),
                        [str(tmp_path / "gone.jpg"), "--yes"])
    assert res.exit_code == 2 and "does not exist" in res.stderr


def test_missing_photo_pile_is_said_in_spanish(tmp_path: Path) -> None:
    from scorer.vision.confirm import PhotoPileError, resolve_pile_source

    gone = tmp_path / "gone.jpg"
    with pytest.raises(PhotoPileError) as err:
        resolve_pile_source(str(gone), "hanafuda", assume_yes=True, interactive=False,
                            console=None, lang="es")
    assert str(err.value) == f"la foto del montón: la imagen «{gone}» no existe"


def test_resolve_mahjong_groups_to_hand_notation(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    tiles = scenes.procedural_cards(rng, 12, aspect=4 / 3)
    scene = scenes.tile_rows_scene(rng, tiles, groups=[[5], [3]], size=(720, 960), kind="felt")
    cv2.imwrite(str(tmp_path / "hand.png"), scene.image)
    script = [("1m", 0.9), ("2m", 0.9), ("3m", 0.9), ("5p", 0.9), ("5p", 0.9),
              ("7z", 0.9), ("7z", 0.9), ("7z", 0.9)]
    text = resolve_pile_source(str(tmp_path / "hand.png"), "mahjong", assume_yes=True,
                               interactive=False, console=Console(file=None, quiet=True),
                               classifier=FakeClassifier(script))
    concealed, meld = text.split("(")
    assert len(concealed.split()) == 5 and meld.endswith(")") and len(meld) == len("7z7z7z)")


# ---------------------------------------------------------------- a mahjong photo that is no hand


def _hand_photo(tmp_path: Path, groups: list[list[int]]) -> Path:
    """A drawn photo of tiles laid in ``groups`` (per row, its groups' sizes: the hand row
    first). With seed 3 the shipped detector finds every layout below group for group as
    laid, the hand row first."""
    rng = np.random.default_rng(3)
    tiles = scenes.procedural_cards(rng, sum(map(sum, groups)), aspect=4 / 3)
    scene = scenes.tile_rows_scene(rng, tiles, groups=groups, size=(720, 960), kind="felt")
    path = tmp_path / "hand.png"
    cv2.imwrite(str(path), scene.image)
    return path


# Every tile read surely, 1p to 5p in turn (no more of one than a set's four: a fifth would
# be asked about): what the tiles are does not matter to their count, and nothing is asked
# about but the hand.
SURE = [(f"{n}p", 0.9) for n in range(1, 6)]
NO_HAND = "these tiles cannot make a hand"


@pytest.mark.parametrize(("groups", "said"), [
    ([[9], [3]], "12 hand tiles (9 concealed, 1 meld(s)"),  # 9 + 3 = 12: a tile missing
    ([[12], [4]], "15 hand tiles (12 concealed, 1 meld(s)"),  # 12 + 3 (a kong) = 15, not 16
])
def test_tiles_that_cannot_make_a_hand_fail_without_a_terminal(
        tmp_path: Path, groups: list[list[int]], said: str) -> None:
    res = runner.invoke(_pile_app(FakeClassifier(SURE), False, "mahjong"),
                        [str(_hand_photo(tmp_path, groups))])
    assert res.exit_code == 2
    assert f"{NO_HAND}: {said}, a kong counting as 3) where a hand holds 13 and the " \
        "winner's 14" in res.stderr
    assert "--yes" in res.stderr and "uncertain" not in res.stderr
    # the listing says it first, in one warning line
    warned = [ln for ln in res.stdout.splitlines() if ln.startswith("  warning: ")]
    assert warned == [f"  warning: {NO_HAND}: {said}, a kong counting as 3) where a hand "
                      "holds 13 and the winner's 14"]


def test_yes_goes_on_with_tiles_that_cannot_make_a_hand_but_says_so(tmp_path: Path) -> None:
    res = runner.invoke(_pile_app(FakeClassifier(SURE), False, "mahjong"),
                        [str(_hand_photo(tmp_path, [[9], [3]])), "--yes"])
    assert res.exit_code == 0, res.stderr
    assert f"warning: {NO_HAND}: 12 hand tiles" in res.stdout  # 9 + 3
    # the 9 tiles of the hand row, then the meld of 3 in parentheses
    assert re.fullmatch(r"([1-5]p ){9}\(([1-5]p){3}\)", res.stdout.split("PILE ")[1].strip())


@pytest.mark.parametrize("groups", [[[4], [3, 3, 3]], [[11], [4]]])
def test_a_hand_or_a_winners_hand_with_a_kong_is_not_asked_about(
        tmp_path: Path, groups: list[list[int]]) -> None:
    # 4 + 3 x 3 = 13, a hand; 11 + 3 (a kong counting as 3) = 14, the winner's: no warning, no
    # question, no --yes needed (the guard against the check asking about good photos)
    res = runner.invoke(_pile_app(FakeClassifier(SURE), False, "mahjong"),
                        [str(_hand_photo(tmp_path, groups))])
    assert res.exit_code == 0, res.stderr
    assert "warning" not in res.stdout


def test_a_meld_of_two_tiles_is_named_by_its_tiles(tmp_path: Path) -> None:
    # 11 + 2 = 13 tiles, a hand's count, but the second group (#12 and #13 in the listing)
    # holds 2 tiles: no meld
    res = runner.invoke(_pile_app(FakeClassifier(SURE), False, "mahjong"),
                        [str(_hand_photo(tmp_path, [[11], [2]]))])
    assert res.exit_code == 2
    assert f"{NO_HAND}: the meld #12-#13 has 2 tile(s) where a meld has 3 or 4" in res.stderr
    assert "hand tiles" not in res.stderr


def test_uncertain_tiles_and_a_hand_that_cannot_be_are_listed_together(tmp_path: Path) -> None:
    # the script alternates sure and unsure readings over the 12 crops: 6 unsure tiles (and
    # 3 each of 1p and 3p, sure: no more than a set holds)
    script = [("1p", 0.9), ("2p", 0.41), ("3p", 0.9), ("4p", 0.41)]
    res = runner.invoke(_pile_app(FakeClassifier(script), False, "mahjong"),
                        [str(_hand_photo(tmp_path, [[9], [3]]))])
    assert res.exit_code == 2
    assert "6 uncertain card(s)" in res.stderr and f"{NO_HAND}: 12 hand tiles" in res.stderr


@pytest.mark.parametrize(("answers", "code"), [("no\n", 2), ("\n", 0), ("maybe\nno\n", 2)])
def test_on_a_terminal_a_hand_that_cannot_be_is_asked_about(
        tmp_path: Path, answers: str, code: int) -> None:
    res = runner.invoke(_pile_app(FakeClassifier(SURE), True, "mahjong"),
                        [str(_hand_photo(tmp_path, [[9], [3]]))], input=answers)
    assert res.exit_code == code, res.stderr
    shown = " ".join(res.stdout.split())  # the prompt wraps at the console's width
    assert ("winner's 14. Enter = go on with the tiles as found, or 'no' to stop:"
            in shown)
    if code:
        assert "stopped: retake the photo, or type the pile" in res.stderr
    else:
        assert "PILE " in res.stdout
    assert ("press Enter to go on" in shown) == answers.startswith("maybe")


def test_a_tile_skipped_at_the_prompt_leaves_a_hand_that_is_then_asked_about(
        tmp_path: Path) -> None:
    # 4 + 3 x 3 = 13 as found, every tile unsure; #1 (the hand row's first) skipped, the
    # other 12 accepted: 3 + 3 x 3 = 12 remain, and the hand is asked about
    res = runner.invoke(_pile_app(FakeClassifier([("5p", 0.41)]), True, "mahjong"),
                        [str(_hand_photo(tmp_path, [[4], [3, 3, 3]]))],
                        input="skip\n" + "\n" * 12 + "no\n")
    assert "warning" not in res.stdout  # nothing wrong with the photo as found
    assert res.exit_code == 2
    assert f"{NO_HAND}: 12 hand tiles" in res.stderr


def _laid(*groups: list[str]) -> pipeline.PhotoResult:
    """A mahjong result of these groups (row 0: the first; row 1: the others), as the web
    page's grid makes one."""
    corners = np.zeros((4, 2), np.float32)
    cards = [pipeline.RecognizedCard(code, 0.9, corners, row=min(g, 1), group=max(g - 1, 0))
             for g, codes in enumerate(groups) for code in codes]
    return pipeline.PhotoResult("hand.png", "mahjong", 0, 0, cards=cards)


def test_flowers_stand_beside_the_hand_and_are_not_counted() -> None:
    from scorer.decks.mahjong import parse_hand
    from scorer.vision.confirm import hand_problem, to_notation

    # a flower laid in the hand row, a season in a meld, one on its own, a back in the meld
    result = _laid(["1m", "2m", "3m", "4p", "5p", "3f", "6p", "7s", "8s", "9s", "2z", "2z"],
                   ["7z", "7z", "back", "7z", "2f"], ["4f"])
    codes: list[str | None] = [c.code for c in result.cards]
    text = to_notation(result, codes)
    assert text == "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z (7z7z7z) 3f 2f 4f"
    hand = parse_hand(text)
    assert (len(hand.concealed), len(hand.melds), len(hand.bonus)) == (11, 1, 3)
    assert hand_problem(result, codes) == ""  # 11 + 3 = 14, a winner's hand
    codes[0] = None  # a tile skipped: 10 + 3 = 13, another player's hand
    assert hand_problem(result, codes) == ""
    codes[1] = None  # 9 + 3 = 12
    assert hand_problem(result, codes).startswith(f"{NO_HAND}: 12 hand tiles")


def test_a_concealed_kong_laid_with_two_backs_is_named_as_one() -> None:
    from scorer.vision.confirm import hand_problem

    # seed 002 lays a concealed kong as two faces up, two down: 11 + 2 = 13, the kong's
    # group holds 2 faces, and its 2 backs lie in the same group
    result = _laid(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z"],
                   ["7z", "7z"])
    back = pipeline.RecognizedCard("back", 0.9, np.zeros((4, 2), np.float32), row=1, group=0)
    result.backs += [back, back]
    said = hand_problem(result, [c.code for c in result.cards])
    assert said == (f"{NO_HAND}: the meld #12-#13 has 2 tile(s) beside 2 back(s) (a concealed "
                    "kong? type it, e.g. [1111m]) where a meld has 3 or 4")


# Words of the English sentences about a photo pile; none may be left in the Spanish ones
# (card codes, the photo's name and the options typed aside).
ENGLISH = re.compile(r"\b(these|tiles?|cards?|hand|meld|kong|concealed|winner|where|cannot|"
                     r"back|beside|type|recognised|uncertain|photo|pile|run|accept|"
                     r"Enter|skip|stop|stopped|shows|or|row|group|not|try|again|looks|like|"
                     r"press|found|covered|reading|scored|warning)\b")


def _spanish_only(text: str, image: str = "mano.png") -> None:
    assert text.strip(), text
    left = ENGLISH.findall(text.replace(image, "").replace("--yes", ""))
    assert not left, (left, text)


def test_a_hand_problem_stays_english_where_stored_and_is_said_in_spanish() -> None:
    import copy
    import pickle

    from scorer.i18n import in_language
    from scorer.vision.confirm import hand_problem, said_as_hand

    result = _laid(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"], ["7z", "7z", "7z"])
    said = hand_problem(result, [c.code for c in result.cards])  # 9 + 3 = 12 tiles
    assert said == (f"{NO_HAND}: 12 hand tiles (9 concealed, 1 meld(s), a kong counting as 3) "
                    "where a hand holds 13 and the winner's 14")
    spanish = in_language(said, "es")
    assert spanish == ("estas fichas no pueden formar una mano: la mano suma 12 fichas (9 en "
                       "mano, 1 combinación declarada, un cuarteto cuenta como 3), y una mano "
                       "tiene 13, la del ganador 14")
    _spanish_only(spanish)
    for copied in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert copied == said and in_language(copied, "es") == spanish
    said_as_hand(result)
    assert json.loads(json.dumps(result.to_json()))["warnings"] == [said]  # JSON: English


def test_a_concealed_kong_is_asked_about_in_spanish() -> None:
    from scorer.i18n import in_language
    from scorer.vision.confirm import hand_problem

    result = _laid(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z"],
                   ["7z", "7z"])
    back = pipeline.RecognizedCard("back", 0.9, np.zeros((4, 2), np.float32), row=1, group=0)
    result.backs += [back]
    spanish = in_language(hand_problem(result, [c.code for c in result.cards]), "es")
    assert spanish == ("estas fichas no pueden formar una mano: la combinación #12-#13 tiene 2 "
                       "fichas junto a 1 ficha boca abajo (¿un cuarteto oculto? escríbelo, p. ej. "
                       "[1111m]), y una combinación tiene 3 o 4")


def _uncertain(result: pipeline.PhotoResult, i: int, other: str) -> None:
    card = result.cards[i]
    card.confidence, card.top = 0.41, [(card.code, 0.41), (other, 0.3)]


def test_a_photo_listing_is_said_in_spanish_with_the_decks_words() -> None:
    from scorer.vision.confirm import listing, said_as_hand

    corners = np.zeros((4, 2), np.float32)
    pile = pipeline.PhotoResult("mano.png", "hanafuda", 640, 480, cards=[
        pipeline.RecognizedCard("pine-bright", 0.9, corners, visible=0.55),
        pipeline.RecognizedCard("plum-junk-1", 0.9, corners)])
    _uncertain(pile, 1, "pine-junk-1")
    pile.backs.append(pipeline.RecognizedCard("back", 0.9, corners))
    pile.hidden += [pipeline.RecognizedCard("", 0.0, corners)] * 2
    mahjong = _laid(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"], ["7z", "7z", "7z"])
    mahjong.image = "mano.png"
    _uncertain(mahjong, 0, "2m")
    said_as_hand(mahjong)
    for scoring in (True, False):
        text = "\n".join(listing(pile, scoring=scoring, lang="es"))
        _spanish_only(text)
        assert "cartas" in text and "(se ve el 55%)" in text
        assert "(o: pine-junk-1 0.30)" in text
        text = "\n".join(listing(mahjong, scoring=scoring, lang="es"))
        _spanish_only(text)
        assert "fichas" in text
    assert listing(pile, scoring=True, lang="es")[0] == (
        "mano.png: 2 cartas reconocidas, 1 dorso sin puntuar, 2 cartas demasiado tapadas "
        "para leerlas (sin puntuar: añádelas a mano)")
    assert listing(mahjong, scoring=False, lang="es")[-1] == (
        "montón: 1m 2m 3m 4p 5p 6p 7s 8s 9s (7z7z7z)")



def test_a_listing_says_why_a_card_is_asked_about_whatever_its_reading() -> None:
    # Two cards read surely but lying one on the other (tangled), one read where the deck
    # holds fewer (over), one whose reading alone is unsure: each asked card's line says
    # why, in the user's language; an alternative at 0.00 is not offered.
    from scorer.vision.confirm import listing

    corners = np.zeros((4, 2), np.float32)
    top = [("clover-junk", 0.99), ("plum-junk", 0.001)]
    pile = pipeline.PhotoResult("pile.png", "hanafuda", 640, 480, cards=[
        pipeline.RecognizedCard("clover-junk", 0.59, corners, top=top, doubt="tangled"),
        pipeline.RecognizedCard("clover-junk", 0.59, corners, top=top, doubt="tangled"),
        pipeline.RecognizedCard("pine-bright", 0.59, corners, doubt="over"),
        pipeline.RecognizedCard("plum-junk", 0.41, corners,
                                top=[("plum-junk", 0.41), ("pine-junk", 0.3)])])
    lines = listing(pile, scoring=False, lang="en")
    assert lines[1].endswith("? uncertain (lies exactly on another card: one card seen twice?)")
    assert lines[3].endswith("? uncertain (read more times than the set holds it)")
    assert lines[4].endswith("? uncertain (or: pine-junk 0.30)")  # its reading only
    # then the cards read, by kind, to count against the pile as it lies
    assert lines[5] == "by kind: 1 bright, 3 junk"
    es = listing(pile, scoring=True, lang="es")
    assert es[1].endswith("?  (está justo sobre otra carta: ¿una carta vista dos veces?)") \
        or es[1].endswith("? (está justo sobre otra carta: ¿una carta vista dos veces?)")
    assert es[3].endswith("(leída más veces de las que el juego la tiene)")
    assert es[5] == "por tipo: 1 luz, 3 sangres"
    assert [c["doubt"] for c in pile.to_json()["cards"]] == ["tangled", "tangled", "over", None]


def test_a_listing_says_why_its_cards_are_no_pile_once() -> None:
    """Two pine brights read (the deck holds one): the listing's last line says the deck's
    reason, not the whole photo-pile error with the photo named again inside it."""
    from scorer.vision.confirm import listing

    corners = np.zeros((4, 2), np.float32)
    pile = pipeline.PhotoResult("mano.png", "hanafuda", 640, 480, cards=[
        pipeline.RecognizedCard("pine-bright", 0.99, corners),
        pipeline.RecognizedCard("pine-bright", 0.99, corners)])
    assert listing(pile, scoring=False)[-1] == (
        "pile: not a possible pile as recognised ('pine-bright' listed 2 times (positions 1, "
        "2); the deck holds 1)")
    assert listing(pile, scoring=False, lang="es")[-1] == (
        "montón: no es un montón posible tal como se reconoció ('pine-bright' repetida más "
        "veces de las que tiene la baraja en la posición 2)")

class _Terminal:
    """A console that answers each question from ``answers`` and keeps what is said."""

    def __init__(self, answers: list[str]) -> None:
        self.answers, self.said = answers, []

    def input(self, prompt: str, **_: object) -> str:
        self.said.append(prompt)
        return self.answers.pop(0)

    def print(self, text: str, **_: object) -> None:
        self.said.append(text)


def test_photo_questions_and_refusals_are_said_in_spanish() -> None:
    from scorer.vision.confirm import confirm_cards

    result = _laid(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"], ["7z", "7z", "7z"])
    result.image = "mano.png"
    _uncertain(result, 0, "2m")
    with pytest.raises(PhotoPileError) as err:  # no terminal: the uncertain tile, the hand
        confirm_cards(result, assume_yes=False, interactive=False, console=None, lang="es")
    _spanish_only(str(err.value))
    assert "1 ficha dudosa: #1 1m (0.41); estas fichas no pueden" in str(err.value)
    terminal = _Terminal(["zz", "", "quizás", "no"])  # a bad code, accept; then stop
    with pytest.raises(PhotoPileError) as err:
        confirm_cards(result, assume_yes=False, interactive=True, console=terminal, lang="es")
    _spanish_only(str(err.value))
    assert str(err.value).endswith("se para aquí: vuelve a hacer la foto, o escribe el montón")
    assert len(terminal.said) == 6  # the tile asked twice, the hand twice, a word between
    for said in terminal.said:
        _spanish_only(said)
    assert terminal.said[1] == "  'zz' no es un código de mahjong; prueba otra vez"
    assert terminal.said[4] == "  'quizás': pulsa Intro para seguir, o escribe 'no'"
    from scorer.vision.confirm import to_notation

    twice = pipeline.PhotoResult("mano.png", "hanafuda", 1, 1, cards=[pipeline.RecognizedCard(
        "pine-bright", 0.9, np.zeros((4, 2), np.float32))] * 2)
    with pytest.raises(PhotoPileError) as err:  # one card twice: no possible pile
        to_notation(twice, [c.code for c in twice.cards], "es")
    _spanish_only(str(err.value).replace("pine-bright", ""))
    assert "lo reconocido no es un montón posible" in str(err.value)


def test_the_question_about_a_card_says_why_it_is_asked() -> None:
    # Two clover junk lying one on the other: the question about each says why, and
    # 'skip' drops the one seen twice.
    from scorer.vision.confirm import confirm_cards

    corners = np.zeros((4, 2), np.float32)
    pile = pipeline.PhotoResult("pile.png", "hanafuda", 640, 480, cards=[
        pipeline.RecognizedCard("clover-junk", 0.59, corners, doubt="tangled"),
        pipeline.RecognizedCard("clover-junk", 0.59, corners, doubt="tangled")])
    terminal = _Terminal(["", "skip"])
    codes = confirm_cards(pile, assume_yes=False, interactive=True, console=terminal)
    assert codes == ["clover-junk", None]
    assert terminal.said[1] == (
        "#2 looks like clover-junk (0.59) (lies exactly on another card: one card seen "
        "twice?). Enter = accept, or type the right code, or 'skip': ")
    terminal = _Terminal(["-", ""])
    confirm_cards(pile, assume_yes=False, interactive=True, console=terminal, lang="es")
    assert terminal.said[0].startswith(
        "#1 parece clover-junk (0.59) (está justo sobre otra carta: ¿una carta vista dos "
        "veces?). Intro = aceptar")


def test_a_photo_pile_on_a_spanish_command_is_said_in_spanish(tmp_path: Path) -> None:
    res = runner.invoke(_pile_app(FakeClassifier(SURE), False, "mahjong", lang="es"),
                        [str(_hand_photo(tmp_path, [[9], [3]]))])
    assert res.exit_code == 2
    _spanish_only(res.stdout.replace(str(tmp_path), ""), "hand.png")
    _spanish_only(res.stderr.replace(str(tmp_path), "").replace("scorer: error: ", ""),
                  "hand.png")
    assert "aviso: estas fichas no pueden formar una mano: la mano suma 12 fichas" in res.stdout


# ---------------------------------------------------------------- with the shipped model


@pytest.mark.skipif(not (HAVE_MODELS and HAVE_DATA), reason=NO_MODELS + " or " + NO_DATA)
def test_end_to_end_recognize_art_scene(tmp_path: Path) -> None:
    art = scenes.load_hanafuda_art(DATA, ["itsent_hwatu"], max_side=300)
    rng = np.random.default_rng(8)
    scene = scenes.spread_scene(rng, art, 10, size=(900, 1200), kind="felt")
    cv2.imwrite(str(tmp_path / "pile.jpg"), scene.image)
    code, out, err = _recognize([str(tmp_path / "pile.jpg"), "--game", "hanafuda", "--json",
                                 "--annotate", str(tmp_path / "out.png")])
    assert code == 0, err
    doc = json.loads(out)
    assert len(doc["cards"]) + doc["backs"] >= 6
    assert (tmp_path / "out.png").is_file()


@pytest.mark.skipif(not (have_model("mahjong") and HAVE_DATA),
                    reason="no trained mahjong model in models/ yet, or " + NO_DATA)
def test_end_to_end_mahjong_rows(tmp_path: Path) -> None:
    art = scenes.load_mahjong_art(DATA, ["fluffystuff_regular"], max_side=200)
    rng = np.random.default_rng(12)
    scene = scenes.tile_rows_scene(rng, art, groups=[[10], [3, 3]], size=(900, 1200),
                                   kind="felt")
    cv2.imwrite(str(tmp_path / "hand.jpg"), scene.image)
    code, out, err = _recognize([str(tmp_path / "hand.jpg"), "--game", "mahjong", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    pred = [np.array(t["corners"], np.float32) for t in doc["tiles"]]
    pairs = scenes.match(pred, [c.visible for c in scene.cards])
    right = sum(doc["tiles"][a]["code"] == scene.cards[b].label for a, b in pairs)
    assert len(pairs) >= 14 and right >= 11, (len(pairs), right)
    assert {(t["row"], t["group"]) for t in doc["tiles"]} == {(0, 0), (1, 0), (1, 1)}


def test_a_photo_with_no_tile_outline_is_read_whole_and_said_so() -> None:
    # Nothing stands out from the border band (a close-up: one tile fills the frame, so the
    # band is tile). The photo is read whole, either way up, as --single reads it: the
    # scripted classifier answers 5p 0.7 upright and 5p 0.9 turned, so the turned reading
    # wins and the outline is the frame's, turned (TL at the bottom right).
    img = np.full((800, 600, 3), 200, np.uint8)
    res = pipeline.recognize_array(img, "mahjong", FakeClassifier([("5p", 0.7), ("5p", 0.9)]))
    assert [(c.code, c.confidence) for c in res.cards] == [("5p", 0.9)]
    assert res.cards[0].corners[0].tolist() == [600, 800]
    assert pipeline.WHOLE_PHOTO_TILE in res.warnings


@pytest.mark.skipif(not have_model("mahjong"), reason="no trained mahjong model in models/ yet")
def test_an_empty_table_is_no_tile_even_read_whole() -> None:
    # Nothing stands out and the classifier says no tile: no tile, and the usual warning.
    res = pipeline.recognize_array(np.full((600, 800, 3), 90, np.uint8), "mahjong",
                                   Classifier("mahjong"))
    assert res.cards == [] and "no tiles found in the photo" in res.warnings


def _tile_at(angle_deg: float, piece: int) -> detect.Found:
    t = np.radians(angle_deg)
    u, v = np.array([np.cos(t), np.sin(t)]) * 30, np.array([-np.sin(t), np.cos(t)]) * 40
    c = np.array([100.0, 100.0])
    return detect.Found(np.array([c, c + u, c + u + v, c + v], np.float32), 1.0, piece)


def test_tiles_of_one_piece_at_odd_angles_are_each_read_their_own_way_up() -> None:
    # Piece 0: tiles turned 0, 5 (one row: same way up to 10 degrees), 45 and 178 degrees
    # (178 is 2 from 0, modulo 180: the row's too); piece 1: a tile at 0.
    found = [_tile_at(0, 0), _tile_at(5, 0), _tile_at(45, 0), _tile_at(178, 0), _tile_at(0, 1)]
    assert pipeline._same_turn_groups(found) == [[0, 1, 3], [2], [4]]
    # Two tiles pushed together at right angles in one piece. Upright readings 0.9 and 0.2,
    # turned 0.1 and 0.95: the piece as a whole (log 0.9 + log 0.2 = -1.71 against
    # log 0.1 + log 0.95 = -2.35) would keep both upright; each alone turns the second.
    pair = [_tile_at(0, 0), _tile_at(90, 0)]
    crops = [np.zeros((40, 30, 3), np.uint8)] * 2
    clf = FakeClassifier([("1m", 0.9), ("2m", 0.2), ("3m", 0.1), ("4m", 0.95)])
    preds, flips = pipeline._classify_rows(clf, crops, pair)
    assert flips == [False, True]
    assert [p.label for p in preds] == ["1m", "4m"]


def test_a_tile_of_a_row_read_surer_the_other_way_up_reads_its_own_way() -> None:
    # Three tiles of one grid, turned alike. Upright: 0.95, 0.9, 0.3; turned: 0.2, 0.3, 1.0.
    # The grid as a whole stays upright (log 0.95 + log 0.9 + log 0.3 = -1.36 against
    # log 0.2 + log 0.3 + log 1.0 = -2.81), but the third tile reads surer turned (log 1.0 -
    # log 0.3 = 1.20 > OWN_TURN_MARGIN 0.1) and is read turned: players push tiles together
    # without turning each one the same way up. The first two, surer upright, stay so.
    row = [_tile_at(0, 0), _tile_at(2, 0), _tile_at(1, 0)]
    crops = [np.zeros((40, 30, 3), np.uint8)] * 3
    clf = FakeClassifier([("1m", 0.95), ("2m", 0.9), ("3f", 0.3),
                          ("5p", 0.2), ("6p", 0.3), ("7p", 1.0)])
    preds, flips = pipeline._classify_rows(clf, crops, row)
    assert flips == [False, False, True]
    assert [p.label for p in preds] == ["1m", "2m", "7p"]
    # A sure reading the row's way loses to a surer one the tile's own: 0.8 upright, 0.99
    # turned (log 0.99 - log 0.8 = 0.21 > 0.1): a 7p turned over reads as a 9p at 0.8.
    clf = FakeClassifier([("1m", 0.95), ("2m", 0.9), ("9p", 0.8),
                          ("5p", 0.2), ("6p", 0.3), ("7p", 0.99)])
    preds, flips = pipeline._classify_rows(clf, crops, row)
    assert flips == [False, False, True]
    # Nearly as sure both ways (0.30 upright, 0.32 turned: log ratio 0.065 < 0.1): the tile
    # keeps its grid's way up.
    clf = FakeClassifier([("1m", 0.95), ("2m", 0.9), ("3f", 0.30),
                          ("5p", 0.2), ("6p", 0.3), ("7p", 0.32)])
    preds, flips = pipeline._classify_rows(clf, crops, row)
    assert flips == [False, False, False]


def test_a_two_stage_reader_chooses_the_turn_on_its_first_stage_and_reads_that_turn_alone(
) -> None:
    """The flower/season reader (the costlier stage) reads each tile once: the row's turn is
    chosen on the first stage's readings of both turns (upright 0.2 and 0.3, turned 0.9 and
    0.95: log 0.2 + log 0.3 = -2.81 against -0.16, so turned), then the turned crops alone
    are read in both stages, and that reading is the tile's."""
    row = [_tile_at(0, 0), _tile_at(2, 0)]
    upright = np.zeros((40, 30, 3), np.uint8)
    upright[:20] = 255  # bright at the top: turned, bright at the bottom
    calls: list[tuple[str, list[bool]]] = []

    def tops(crops: list[np.ndarray]) -> list[bool]:
        return [bool(c[:20].mean() > 128) for c in crops]

    class TwoStages:
        def first_stage(self, crops: list[np.ndarray]) -> list[Prediction]:
            calls.append(("first", tops(crops)))
            return [Prediction("1f", 0.2, False), Prediction("2m", 0.3, False),
                    Prediction("5f", 0.9, False), Prediction("6m", 0.95, False)]

        def classify(self, crops: list[np.ndarray]) -> list[Prediction]:
            calls.append(("both", tops(crops)))
            return [Prediction("6f", 0.85, False), Prediction("6m", 0.95, False)]

    preds, flips = pipeline._classify_rows(TwoStages(), [upright, upright.copy()], row)
    assert flips == [True, True]
    assert calls == [("first", [True, True, False, False]), ("both", [False, False])]
    assert [p.label for p in preds] == ["6f", "6m"]

def test_typed_correction_reads_the_games_month_numbering() -> None:
    # Japanese decks number willow 11, Korean decks paulownia 11 (docs/notation.md).
    from scorer.vision.confirm import _valid

    assert _valid("11b", "hanafuda", "jp") == "willow-bright"
    assert _valid("11b", "hanafuda", "kr") == "paulownia-bright"
    assert _valid("11b", "hanafuda") == "paulownia-bright"


def _face(x: float, y: float, piece: int) -> detect.Found:
    """An upright 30 x 40 face with its top left corner at (x, y)."""
    c = np.array([x, y])
    return detect.Found(np.array([c, c + [30, 0], c + [30, 40], c + [0, 40]], np.float32),
                        1.0, piece)


def test_a_hand_and_a_meld_touching_below_it_are_two_rows() -> None:
    # Piece 0: a hand row of 5 touching faces and, 42 px below (a 2 px gap: they touch as one
    # piece), a meld of 3 under its first three; piece 1: a meld of 3 beside that one, 30 px
    # on. Rows are lines of faces, not pieces: the meld under the hand is row 1, group 0, the
    # one beside it row 1, group 1.
    hand = [_face(30 * k, 0, 0) for k in range(5)]
    under = [_face(30 * k, 42, 0) for k in range(3)]
    beside = [_face(120 + 30 * k, 42, 1) for k in range(3)]
    places = pipeline.rows_and_groups(hand + under + beside, 40.0)
    assert [(r, g) for r, g, _ in places] == [(0, 0)] * 5 + [(1, 0)] * 3 + [(1, 1)] * 3


def test_recognize_lists_a_pile_in_the_language_asked(tmp_path: Path) -> None:
    """`scorer recognize PHOTO --lang es` says its listing in Spanish, card for card as the
    English one (the card codes are the same in both)."""
    path = _scene_file(tmp_path)
    code_en, out_en, _ = _recognize([str(path), "--game", "hanafuda"])
    code_es, out_es, _ = _recognize([str(path), "--game", "hanafuda", "--lang", "es"])
    assert code_en == code_es == 0
    en, es = out_en.splitlines(), out_es.splitlines()
    assert len(en) == len(es) and en[0].endswith(" cards") and es[0].endswith(" cartas")
    assert es[-1].startswith("montón: ") and es[-1][len("montón: "):] == en[-1][len("pile: "):]
    for word in ("uncertain", "shows", "(or:", "pile:", " cards"):
        assert word not in out_es, word
    code, _, err = _recognize([str(path), "--game", "hanafuda", "--lang", "xx"])
    assert code == 2 and "'xx'" in err
