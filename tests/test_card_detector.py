"""The learned card detector's contract: the decoding of its maps into whole faces seen from a
visible part, which card lies over which, the crop the reader gets, and how the pipeline
reports a pile (hidden, tangled, grouped). Accuracy lives in bench/card_piles.py; here the
maps and faces are fixtures written by hand."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from vision_fakes import MODELS, FakeCardDetector, FakeClassifier, have_model

from scorer.i18n import in_language
from scorer.vision import pipeline
from scorer.vision.cards import (
    CardDetector,
    CardFace,
    covered_share,
    decode_cards,
    layer,
    mirrored_back,
    one_each,
    second_look,
    seen_again,
    visible_band,
)


def _maps(rows: int, cols: int) -> np.ndarray:
    m = np.zeros((9, rows, cols), np.float32)
    m[0] = -10.0  # no visible part anywhere
    m[5] = 1.0
    return m


def _peak(m: np.ndarray, ix: int, iy: int, *, score: float, whole: tuple[float, float],
          short: float = 5.0, long_: float = 8.0, angle: float = math.pi / 2) -> None:
    """A visible part centred at cell (ix, iy) of a card whose whole face is ``short`` x
    ``long_`` cells, centred ``whole`` cells away, its long side along ``angle``."""
    m[0, iy, ix] = math.log(score / (1 - score))
    m[3, iy, ix], m[4, iy, ix] = math.log(short), math.log(long_)
    m[5, iy, ix], m[6, iy, ix] = math.cos(2 * angle), math.sin(2 * angle)
    m[7, iy, ix], m[8, iy, ix] = whole


def _rect(x0: float, y0: float, w: float, h: float) -> np.ndarray:
    return np.array([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]], np.float32)


def test_a_cards_top_band_gives_its_whole_face() -> None:
    # A cascade's covered card: its visible top band peaks at cell (10, 6); its whole face,
    # 5 x 8 cells upright, is centred 3 cells lower, at (10, 9). Scale 0.5: photo pixels are
    # twice the input's, stride 4, so the face is 40 x 64 px centred at (80, 72).
    m = _maps(20, 20)
    _peak(m, 10, 6, score=0.8, whole=(0.0, 3.0))
    (card,) = decode_cards(m, 0.5, 0.3)
    assert card.centre.tolist() == pytest.approx([80.0, 48.0])
    assert card.corners.mean(0).tolist() == pytest.approx([80.0, 72.0])
    assert np.linalg.norm(card.corners[1] - card.corners[0]) == pytest.approx(40.0, abs=1e-3)
    assert np.linalg.norm(card.corners[3] - card.corners[0]) == pytest.approx(64.0, abs=1e-3)


def test_a_face_answered_in_a_shape_no_card_has_is_marked() -> None:
    # A card is 54 x 33 mm: long / short 1.636. A face answered 5 x 8 cells (1.6, within
    # MISSHAPEN = 1.22 of it) is a card's; one answered 5 x 6.5 cells (1.3: 1.636 / 1.3 =
    # 1.26) or 4 x 8.5 (2.125: 2.125 / 1.636 = 1.30) is not: two touching cards seen as one?
    m = _maps(40, 40)
    _peak(m, 6, 6, score=0.9, whole=(0.0, 0.0))
    _peak(m, 20, 6, score=0.8, whole=(0.0, 0.0), long_=6.5)
    _peak(m, 34, 20, score=0.7, whole=(0.0, 0.0), short=4.0, long_=8.5)
    cards = decode_cards(m, 1.0, 0.3)
    assert [c.misshapen for c in cards] == [False, True, True]


def test_a_card_found_in_the_mirrored_photo_is_placed_back() -> None:
    # In a 200 px wide photo mirrored, a 60 x 100 card at x 10-70 with its visible centre at
    # (40, 50) is the photo's card at x 130-190, centre (160, 50), corners TL TR BR BL again.
    (card,) = mirrored_back([CardFace(_rect(10, 20, 60, 100), np.array([40.0, 50.0]), 0.8,
                                      misshapen=True)], 200)
    assert card.corners.tolist() == _rect(130, 20, 60, 100).tolist()
    assert card.centre.tolist() == [160.0, 50.0]
    assert card.score == 0.8 and card.misshapen  # the rest as found


class _Counted(CardDetector):
    """A card detector whose network is not run: each look answers one 60 x 100 card at x
    10-70 of the photo it is given, and is counted."""

    threshold = 0.3  # no model loaded

    def __init__(self) -> None:
        self.looks = 0

    def _decoded(self, image: np.ndarray, threshold: float) -> list[CardFace]:
        self.looks += 1
        return [CardFace(_rect(10, 20, 60, 100), np.array([40.0, 70.0]), 0.9)]


def test_a_pile_to_be_read_is_looked_at_mirrored_but_a_table_is_placed_in_one_look(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # In a 200 px wide photo, the mirrored look's card at x 10-70 is the photo's at x 130-190:
    # read, the photo holds both (two looks); a table's first look, which only places the
    # piles (pipeline.outlines), looks once and holds the first look's card alone.
    monkeypatch.setattr("scorer.vision.cards.MIRRORED", True)
    image = np.zeros((200, 200, 3), np.uint8)
    det = _Counted()
    read = CardDetector.detect(det, image, mirrored=True)
    assert det.looks == 2
    assert sorted(c.corners[0, 0] for c in read) == [10.0, 130.0]
    det = _Counted()
    (placed,) = pipeline.outlines(image, "hanafuda", det)
    assert det.looks == 1 and placed[0, 0] == 10.0


def test_a_card_both_looks_found_is_kept_once_from_the_surer() -> None:
    # The same card from both looks (faces 2 px apart, parts 2 px apart): the surer kept.
    # A stack's lower card shares the face but shows its part 40 px off (over SAME_PART =
    # 0.3 of the 60 px short side): kept.
    sure = CardFace(_rect(10, 20, 60, 100), np.array([40.0, 70.0]), 0.9)
    again = CardFace(_rect(12, 21, 60, 100), np.array([42.0, 71.0]), 0.7)
    under = CardFace(_rect(10, 22, 60, 100), np.array([40.0, 110.0]), 0.6)
    assert one_each([sure, again, under]) == [sure, under]


def test_cards_of_a_stack_share_a_face_but_not_a_part() -> None:
    # Two cards whose whole faces coincide (a stack) but whose visible parts peak 4 cells
    # apart (more than SAME_PART = 0.3 of a 5-cell short side): two cards. A third peak 1 cell
    # from the first, on the same face, is that card seen twice: dropped.
    m = _maps(24, 24)
    _peak(m, 10, 8, score=0.9, whole=(0.0, 4.0))
    _peak(m, 10, 12, score=0.8, whole=(0.0, 0.0))
    _peak(m, 11, 8, score=0.5, whole=(-1.0, 4.0))
    m[0, 8, 11] = math.log(0.5 / 0.5)  # not a 3x3 maximum beside the 0.9 peak either way
    cards = decode_cards(m, 1.0, 0.3)
    assert len(cards) == 2
    assert [round(c.score, 2) for c in cards] == [0.9, 0.8]


def test_the_upper_card_is_the_one_whose_part_shows_on_the_other() -> None:
    # A over B in a cascade: B (below) 40 x 64 at (0, 0), its top 20 px show; A 40 x 64 at
    # (0, 20) covers the rest. A's visible centre (20, 52) lies on B's face; B's visible
    # centre (20, 10) lies off A's. So A is above B, and B shows 20 / 64 of itself.
    b = CardFace(_rect(0, 0, 40, 64), np.array([20.0, 10.0]), 0.9)
    a = CardFace(_rect(0, 20, 40, 64), np.array([20.0, 52.0]), 0.9)
    lower, upper = layer([b, a])
    assert lower.above == (1,) and upper.above == ()
    assert lower.fraction == pytest.approx(20 / 64, abs=0.03)
    assert upper.fraction == 1.0
    assert lower.tangled == () and upper.tangled == ()


def test_two_cards_each_showing_on_the_other_are_tangled() -> None:
    # Two faces nearly one on the other, each visible centre on the other's face: the photo
    # cannot say which is on top (one card read twice, or two read as one).
    a = CardFace(_rect(0, 0, 40, 64), np.array([20.0, 30.0]), 0.9)
    b = CardFace(_rect(4, 2, 40, 64), np.array([24.0, 34.0]), 0.8)
    la, lb = layer([a, b])
    assert la.tangled == (1,) and lb.tangled == (0,)


def test_covered_share_of_a_side_fan() -> None:
    # A fan: the card above covers all but the left 30 % of the card below.
    below = _rect(0, 0, 50, 80)
    above = _rect(15, 0, 50, 80)
    assert covered_share(below, [above]) == pytest.approx(0.7, abs=0.03)


def test_the_crop_paints_all_but_the_visible_band_grey() -> None:
    # A white card whose top half shows (its visible part centred a quarter of the way
    # down): the crop is the whole face, upright, white on top and HIDDEN_FILL grey below
    # (never what covers it).
    img = np.zeros((200, 200, 3), np.uint8)
    img[20:120, 40:100] = 255
    face = _rect(40, 20, 60, 100)
    band = visible_band(face, np.array([70.0, 45.0]))
    assert band == pytest.approx((0.0, 1.0, 0.0, 0.5))
    crop = pipeline.card_crop(img, face, band, aspect=100 / 60)
    h = crop.shape[0]
    assert crop.shape[1] == pipeline.CROP_SHORT_SIDE
    assert crop[: int(0.45 * h)].mean() > 250
    assert np.all(crop[int(0.55 * h):] == pipeline.HIDDEN_FILL)


def test_a_band_at_the_far_end_is_turned_to_the_top() -> None:
    # The network may answer a cascade card's face from its band the other way: the band
    # then lies at the face's far end, and the crop turns the face round to show it on top,
    # as the reader learned.
    img = np.zeros((200, 200, 3), np.uint8)
    img[20:50, 40:100] = 255  # the band that shows: 30 px of a 100 px card
    face = _rect(40, -50, 60, 100)  # answered from y = -50 to 50
    band = visible_band(face, np.array([70.0, 35.0]))
    assert band == pytest.approx((0.0, 1.0, 0.7, 1.0))
    crop = pipeline.card_crop(img, face, band, aspect=100 / 60)
    h = crop.shape[0]
    assert crop[3: int(0.25 * h)].mean() > 240  # (the photo's edge row aside)
    assert np.all(crop[int(0.35 * h):] == pipeline.HIDDEN_FILL)


def test_a_fans_side_band_and_a_heaps_corner() -> None:
    face = _rect(0, 0, 60, 100)
    # a fan: the left 40 % shows (centre 12 px in), from top to bottom
    assert visible_band(face, np.array([12.0, 50.0])) == pytest.approx((0.0, 0.4, 0.0, 1.0))
    # a heap: the lower right corner shows
    assert visible_band(face, np.array([54.0, 90.0])) == pytest.approx((0.8, 1.0, 0.8, 1.0))


def test_the_reader_trains_on_the_grey_the_pipeline_paints() -> None:
    from scorer.training import synth

    assert synth.HIDDEN_FILL == pipeline.HIDDEN_FILL


def _pile_photo() -> tuple[np.ndarray, list[CardFace]]:
    """Three cards: two in a cascade (the lower one shows its top 30 %) and a lone one far
    off, plus a card nearly all under the cascade's top card (shows 10 %)."""
    img = np.full((400, 600, 3), 90, np.uint8)
    faces = [
        CardFace(_rect(50, 50, 60, 100), np.array([80.0, 65.0]), 0.9),    # shows its top 30 %
        CardFace(_rect(50, 80, 60, 100), np.array([80.0, 130.0]), 0.95),  # on top of it
        CardFace(_rect(400, 60, 60, 100), np.array([430.0, 110.0]), 0.9),  # alone
        CardFace(_rect(50, 90, 60, 100), np.array([80.0, 185.0]), 0.4),   # shows 10 %
    ]
    return img, faces


def test_a_pile_reports_hidden_cards_and_groups() -> None:
    img, faces = _pile_photo()
    # The fourth card lies under the cascade's top card (whose visible centre is on its
    # face) and shows the 10 px of its 100 below it: hidden, not read.
    det = FakeCardDetector(faces)
    clf = FakeClassifier([("pine-bright", 0.95)])
    res = pipeline.recognize_array(img, "hanafuda", clf, detector=det)
    doc = res.to_json()
    assert doc["found"] == 4 and len(doc["cards"]) == 3 and len(doc["hidden"]) == 1
    # The cascade's lower card shows 30 %: read (at or above MIN_READABLE = 0.2).
    visible = sorted(c["visible"] for c in doc["cards"])
    assert visible[0] == pytest.approx(0.3, abs=0.03)
    # Groups: the cascade's cards (and the card under them) are one group, the lone card
    # another.
    groups = {tuple(np.round(c.corners[0]).astype(int)): c.group for c in res.cards}
    assert groups[(50, 50)] == groups[(50, 80)] != groups[(400, 60)]


def test_a_card_covered_beyond_reading_is_hidden_not_guessed() -> None:
    # A card under another showing 10 % of itself (below MIN_READABLE): reported as hidden,
    # with where it lies, never read; a warning says so.
    img = np.full((400, 600, 3), 90, np.uint8)
    faces = [CardFace(_rect(50, 50, 60, 100), np.array([80.0, 55.0]), 0.9),
             CardFace(_rect(50, 60, 60, 100), np.array([80.0, 110.0]), 0.9)]
    clf = FakeClassifier([("pine-bright", 0.95)])
    res = pipeline.recognize_array(img, "hanafuda", clf, detector=FakeCardDetector(faces))
    assert len(res.cards) == 1 and len(res.hidden) == 1
    assert res.hidden[0].visible == pytest.approx(0.1, abs=0.03)
    assert clf.calls == 1  # the hidden card was never handed to the reader
    doc = res.to_json()
    assert doc["hidden"][0]["visible"] == pytest.approx(0.1, abs=0.03)
    assert any("covered beyond reading" in w for w in res.warnings)


def test_tangled_cards_are_asked_about_however_sure_the_reader() -> None:
    img = np.full((300, 300, 3), 90, np.uint8)
    faces = [CardFace(_rect(50, 50, 60, 100), np.array([80.0, 100.0]), 0.9),
             CardFace(_rect(54, 52, 60, 100), np.array([84.0, 104.0]), 0.9)]
    res = pipeline.recognize_array(img, "hanafuda", FakeClassifier([("pine-bright", 0.99)]),
                                   detector=FakeCardDetector(faces))
    assert len(res.cards) == 2 and all(c.uncertain for c in res.cards)
    assert [c.doubt for c in res.cards] == ["tangled", "tangled"]
    assert res.to_json()["cards"][0]["doubt"] == "tangled"
    assert any("overlap as one card would" in w for w in res.warnings)


def test_a_card_whose_outline_has_no_cards_shape_is_asked_about() -> None:
    # Read at 0.99, but its face was answered in a shape no card has: asked, and said why.
    img = np.full((300, 300, 3), 90, np.uint8)
    faces = [CardFace(_rect(50, 50, 80, 100), np.array([90.0, 100.0]), 0.9, misshapen=True),
             CardFace(_rect(200, 50, 60, 100), np.array([230.0, 100.0]), 0.9)]
    clf = FakeClassifier([("pine-bright", 0.99), ("cherry-bright", 0.99)])
    res = pipeline.recognize_array(img, "hanafuda", clf, detector=FakeCardDetector(faces))
    asked = {tuple(np.round(c.corners[0]).astype(int)): (c.uncertain, c.doubt)
             for c in res.cards}
    assert asked == {(50, 50): (True, "misshapen"), (200, 50): (False, "")}
    assert [c["doubt"] for c in res.to_json()["cards"]] in (["misshapen", None],
                                                           [None, "misshapen"])
    (said,) = [w for w in res.warnings if "do not have a card's shape" in w]
    assert said.startswith("1 card outline(s)")
    assert in_language(said, "es").startswith("1 contorno de carta no tiene la forma de una carta")


def test_a_face_the_detector_doubts_is_asked_about() -> None:
    img = np.full((300, 300, 3), 90, np.uint8)
    faces = [CardFace(_rect(50, 50, 60, 100), np.array([80.0, 100.0]), 0.35)]
    res = pipeline.recognize_array(img, "hanafuda", FakeClassifier([("pine-bright", 0.99)]),
                                   detector=FakeCardDetector(faces))
    assert res.cards[0].uncertain and res.cards[0].doubt == "faint"


def test_a_mahjong_detector_is_refused_for_cards() -> None:
    from scorer.vision.tiles import TileDetector

    with pytest.raises(TypeError):
        pipeline.recognize_array(np.zeros((50, 50, 3), np.uint8), "hanafuda",
                                 FakeClassifier([("pine-bright", 0.9)]),
                                 detector=TileDetector())


@pytest.mark.skipif(not have_model("hanafuda-detector"),
                    reason="no shipped card detector in models/ (models/manifest.json)")
def test_the_shipped_card_detector_loads_and_answers_nine_maps() -> None:
    det = CardDetector(directory=MODELS)
    maps, scale, size = det.raw(np.full((300, 400, 3), 120, np.uint8))
    assert maps.shape[0] == 9 and size == (400, 300)
    assert 0.0 < det.threshold < 1.0
    assert isinstance(det.detect(np.full((300, 400, 3), 120, np.uint8)), list)


def test_a_card_cut_by_the_photos_edge_shows_only_what_is_inside() -> None:
    # A 60 x 100 card whose lower 70 px lie beyond the bottom of a 200 px tall photo: 30 %
    # shows, and it is read from that (at or above MIN_READABLE = 0.2); one 90 % outside is
    # hidden.
    img = np.full((200, 300, 3), 90, np.uint8)
    faces = [CardFace(_rect(20, 170, 60, 100), np.array([50.0, 185.0]), 0.9),
             CardFace(_rect(200, 190, 60, 100), np.array([230.0, 195.0]), 0.9)]
    res = pipeline.recognize_array(img, "hanafuda", FakeClassifier([("pine-bright", 0.95)]),
                                   detector=FakeCardDetector(faces))
    assert [round(c.visible, 1) for c in res.cards] == [0.3]
    assert len(res.hidden) == 1 and res.hidden[0].visible == pytest.approx(0.1, abs=0.03)


def test_the_confirm_list_says_what_shows_and_what_is_hidden() -> None:
    import io

    from rich.console import Console

    from scorer.vision.confirm import show_result

    img = np.full((400, 600, 3), 90, np.uint8)
    faces = [CardFace(_rect(50, 50, 60, 100), np.array([80.0, 65.0]), 0.9),
             CardFace(_rect(50, 80, 60, 100), np.array([80.0, 130.0]), 0.95),
             CardFace(_rect(50, 90, 60, 100), np.array([80.0, 185.0]), 0.9)]
    res = pipeline.recognize_array(img, "hanafuda", FakeClassifier([("pine-bright", 0.95)]),
                                   detector=FakeCardDetector(faces))
    out = io.StringIO()
    show_result(res, Console(file=out, width=100))
    text = out.getvalue()
    assert "2 recognised, 1 covered beyond reading" in text
    assert "(30% shows)" in text and text.count("% shows") == 1


def test_a_whole_card_answered_a_little_off_centre_is_whole() -> None:
    # The peak of a card nothing covers lies at its face's centre give or take a few pixels:
    # a band within SNAP_EDGE (10 %) of each edge reaches it, and the card reads whole.
    from scorer.vision.cards import snap

    face = _rect(0, 0, 60, 100)
    band = visible_band(face, np.array([32.0, 53.0]))  # 2 and 3 px off across and down
    assert band == pytest.approx((1 / 15, 1.0, 0.06, 1.0))
    assert snap(band) == (0.0, 1.0, 0.0, 1.0)


def test_card_jpegs_cut_from_a_photo_decoded_at_half_size() -> None:
    import cv2

    # A 400 x 300 photo decoded at 200 x 150: the card's corners are in the photo's pixels
    # (a white card at 100-160 x 60-160 there, 50-80 x 30-80 in the decoded image).
    small = np.zeros((150, 200, 3), np.uint8)
    small[30:80, 50:80] = 255
    card = pipeline.RecognizedCard("pine-bright", 0.9, _rect(100, 60, 60, 100))
    res = pipeline.PhotoResult("p.jpg", "hanafuda", 400, 300, cards=[card])
    (jpeg,) = res.card_jpegs(small, 64)
    crop = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert crop.shape[1] == 64 and crop.shape[0] == round(64 * 100 / 60)
    assert crop[4:-4, 4:-4].mean() > 240  # all card, no table


def test_more_of_a_card_than_the_deck_holds_is_asked_about() -> None:
    # A deck holds one pine bright and two plain pine junk cards (decks/hanafuda.py). Read
    # three times as the bright and three times as junk, the surest bright and the two
    # surest junk stand; the other three are asked about, with a warning. Every reading is
    # surer than pipeline.SURE_CARD, so only the deck's count asks.
    img = np.full((400, 800, 3), 90, np.uint8)
    faces = [CardFace(_rect(20 + 120 * k, 20, 60, 100), np.array([50.0 + 120 * k, 70.0]), 0.9)
             for k in range(6)]
    script = [("pine-bright", 0.98), ("pine-bright", 0.999), ("pine-bright", 0.99),
              ("pine-junk", 0.999), ("pine-junk", 0.995), ("pine-junk", 0.99)]
    assert min(c for _, c in script) > pipeline.SURE_CARD
    res = pipeline.recognize_array(img, "hanafuda", FakeClassifier(script),
                                   detector=FakeCardDetector(faces))
    assert [(c.code, c.uncertain) for c in res.cards] == [
        ("pine-bright", True), ("pine-bright", False), ("pine-bright", True),
        ("pine-junk", False), ("pine-junk", False), ("pine-junk", True)]
    assert [c.doubt for c in res.cards] == ["over", "", "over", "", "", "over"]
    assert any("3 card(s) read as a card the deck holds fewer of" in w for w in res.warnings)


class _Looks:
    """A detector seeing photos at 512 px (or ``long_side``): a pile's cards, small, at the
    first look; at the second, what a closer look finds in the crop it is given."""

    input_side = 512

    def __init__(self, first: list[CardFace], closer: list[CardFace],
                 long_side: int | None = None) -> None:
        self.first, self.closer, self.long_side = first, closer, long_side
        self.looks: list[tuple[int | None, tuple[int, ...]]] = []

    def detect(self, image: np.ndarray) -> list[CardFace]:
        self.looks.append((self.long_side, image.shape[:2]))
        return self.first if len(self.looks) == 1 else self.closer

    def seeing(self, side: int) -> _Looks:
        self.long_side = side
        return self


def _card_at(x: float, y: float, short: float) -> CardFace:
    long_ = short * 54 / 33
    corners = np.array([[x, y], [x + short, y], [x + short, y + long_], [x, y + long_]],
                       np.float32)
    return CardFace(corners, corners.mean(0), 0.9)


def test_a_pile_far_off_is_looked_at_again_closer() -> None:
    photo = np.zeros((1500, 2000, 3), np.uint8)  # seen at 512: 0.256 input px a photo px
    # Two cards 60 px wide (15 px at the input, under CLOSER_TO) at (1000, 700), (1070, 700).
    first = [_card_at(1000, 700, 60), _card_at(1070, 700, 60)]
    # The crop: half a card's length (0.5 * 60 * 54 / 33 = 49.09 px) around them, whole px
    # outward: x 950-1180, y 650-848 (230 x 198 px); its cards seen CLOSER_TO (48) px wide:
    # 230 * 48 / 60 = 184 -> 192, the next multiple of 32. There the closer look finds a
    # third card (crop px).
    closer = [_card_at(50, 50, 60), _card_at(120, 50, 60), _card_at(190, 50, 60)]
    looks = _Looks(first, closer)
    found = second_look(looks, photo)  # type: ignore[arg-type]
    assert looks.looks == [(None, (1500, 2000)), (192, (198, 230))]
    assert [f.corners[0].tolist() for f in found] == [[1000, 700], [1070, 700], [1140, 700]]
    assert found[2].centre.tolist() == pytest.approx([1170, 749.09], abs=0.01)


def test_cards_seen_large_enough_or_at_the_callers_size_are_looked_at_once() -> None:
    photo = np.zeros((1500, 2000, 3), np.uint8)
    big = [_card_at(500, 500, 200)]  # 51 px at the input: wide enough
    looks = _Looks(big, [])
    assert second_look(looks, photo) == big and len(looks.looks) == 1  # type: ignore[arg-type]
    small = [_card_at(500, 500, 60)]  # a table's pile crop, already seen at its own size
    looks = _Looks(small, [], long_side=256)
    assert second_look(looks, photo) == small and len(looks.looks) == 1  # type: ignore[arg-type]
    assert second_look(_Looks([], []), photo) == []  # type: ignore[arg-type]
    looks = _Looks(small, [])  # nothing seen closer: the first look's cards stay
    assert second_look(looks, photo) == small and len(looks.looks) == 2  # type: ignore[arg-type]


def test_a_card_answered_twice_is_dropped_a_cascade_is_not() -> None:
    a, b = _card_at(100, 100, 60), _card_at(160, 100, 60)  # side by side, whole
    across = replace(_card_at(130, 100, 60), score=0.5)  # a peak over half of each
    # Its visible part (the whole face, its centre the face's) lies under a's and b's.
    assert seen_again([a, b, across], 0.75) == [a, b]
    assert seen_again([a, b, across], 1.01) == [a, b, across]  # above 1: never
    # A part answered on its face's edge has no width: kept, not judged (nor measured on a
    # raster as long as its length over no width).
    edge = replace(_card_at(130, 100, 60), centre=np.array([130.0, 149.0], np.float32),
                   score=0.4)
    assert seen_again([a, b, edge], 0.75) == [a, b, edge]
    # A cascade: each card covers the one before but its top band (a quarter of it).
    long_ = 60 * 54 / 33
    cascade = []
    for k in range(3):
        card = _card_at(100, 100 + k * long_ / 4, 60)
        top = k < 2  # the last card shows whole
        centre = card.corners[0] + [30, long_ / 8] if top else card.corners.mean(0)
        cascade.append(CardFace(card.corners, np.asarray(centre, np.float32), 0.9 - 0.1 * k))
    assert seen_again(cascade, 0.6) == cascade


def test_a_few_cards_photographed_close_are_looked_at_from_further(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scorer.vision import cards

    monkeypatch.setattr(cards, "FURTHER_TO", 64)
    photo = np.zeros((1500, 2000, 3), np.uint8)  # seen at 512: 0.256 input px a photo px
    # Two cards 400 px wide: 102 px at the input, over 1.25 x 64 = 80.
    first = [_card_at(500, 400, 400), _card_at(1000, 400, 400)]
    further = [_card_at(500, 400, 400)]
    looks = _Looks(first, further)
    assert second_look(looks, photo) == further  # type: ignore[arg-type]
    # the whole photo seen so that its cards come out 64 px wide: 2000 * 64 / 400 = 320 px
    assert looks.looks == [(None, (1500, 2000)), (320, (1500, 2000))]
    # 300 px wide: 77 px at the input, not over 80: one look
    looks = _Looks([_card_at(500, 400, 300)], [])
    assert len(second_look(looks, photo)) == 1 and len(looks.looks) == 1  # type: ignore[arg-type]
    monkeypatch.setattr(cards, "FURTHER_TO", None)  # off: one look however large
    looks = _Looks(first, further)
    assert second_look(looks, photo) == first and len(looks.looks) == 1  # type: ignore[arg-type]
