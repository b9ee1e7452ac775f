"""One photo of the whole table (issue 46): piles split by the table between them, seats,
assignment, swapping, and each player's cards as notation. Outlines are laid by hand here;
the expected piles and distances are worked from the coordinates."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision.pipeline import PhotoResult, RecognizedCard
from scorer.vision.table import (
    Seat,
    TableError,
    _gaps,
    nearest_piles,
    parse_seats,
    read_table,
    recognize_table,
    split,
)
from scorer.vision.tiles import TileDetector

W, H = 50.0, 82.0  # a card's short and long side in these photos: the gap unit is 82 px


def card(x: float, y: float, code: str = "pine-bright", w: float = W, h: float = H,
         turn: bool = False) -> RecognizedCard:
    """An upright card (or, ``turn``, a quarter turn) centred at x, y."""
    if turn:
        w, h = h, w
    corners = np.array([[x - w / 2, y - h / 2], [x + w / 2, y - h / 2],
                        [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]], np.float32)
    if turn:  # the card's top edge is the photo's left edge: TL is bottom-left
        corners = np.roll(corners, 1, axis=0)
    return RecognizedCard(code, 0.99, corners)


def photo(cards: list[RecognizedCard], game: str = "hanafuda") -> PhotoResult:
    return PhotoResult("table.jpg", game, 1000, 1000, cards=cards)


# ---------------------------------------------------------------- gaps and splitting


def test_gap_between_outlines_is_the_table_between_them() -> None:
    a, b = card(100, 100), card(200, 100)  # edges at x=125 and x=175: 50 px of table
    c = card(110, 110)  # overlaps a
    gaps = _gaps(np.array([a.corners, b.corners, c.corners], np.float64))
    assert gaps[0, 1] == pytest.approx(50.0)
    assert gaps[1, 0] == pytest.approx(50.0)
    assert gaps[0, 2] == 0.0
    assert gaps[1, 2] == pytest.approx(40.0)  # c's right edge at 135


def test_outlines_whose_boxes_lie_far_apart_are_not_worked_out() -> None:
    # a card turned 45 degrees: its box reaches 42 px from its centre, to x 342
    turned = np.array([[300, 258], [342, 300], [300, 342], [258, 300]], np.float64)
    a, b = card(100, 100).corners, card(391, 300).corners  # b's left edge at x 366
    quads = np.array([a, b, turned], np.float64)
    exact = _gaps(quads)
    assert exact[1, 2] == pytest.approx(24.0)  # turned's right corner (342, 300) to x 366
    near = _gaps(quads, beyond=100.0)
    assert near[1, 2] == pytest.approx(24.0)  # boxes 24 px apart: worked out
    # a and b's boxes: 241 px across, 118 down (the outlines' gap itself, upright cards)
    assert near[0, 1] == pytest.approx(np.hypot(241, 118)) == exact[0, 1]
    # a and turned: boxes 133 px across, 117 down; a's corner to turned's edge 206.5 px
    assert near[0, 2] == pytest.approx(np.hypot(133, 117))
    assert exact[0, 2] == pytest.approx(292 / np.sqrt(2))
    assert (near >= np.minimum(exact, 100.0) - 1e-9).all()


def test_piles_apart_by_more_than_a_card_length_are_two_piles() -> None:
    # bottom pile: three cards 5 px apart; top pile: two touching cards; 600 px of table
    bottom = [card(400, 800, "pine-bright"), card(455, 800, "pine-ribbon"),
              card(510, 800, "plum-junk-1")]
    top = [card(480, 200, "cherry-bright"), card(530, 200, "cherry-ribbon")]
    piles = split(photo(bottom + top))
    assert [sorted(p.cards) for p in piles] == [[3, 4], [0, 1, 2]]  # the top one first
    assert [p.side for p in piles] == ["top", "bottom"]
    assert not any(p.touching for p in piles)
    assert piles[1].box == pytest.approx((375.0, 759.0, 535.0, 841.0))


def test_a_gap_shorter_than_a_card_length_keeps_one_pile() -> None:
    # 70 px of table (< 82, the long side) between two groups: groups of one pile
    near = [card(100, 500), card(100 + W + 70, 500)]
    assert len(split(photo(near))) == 1
    # 90 px (> 82): the table between two players
    far = [card(100, 500), card(100 + W + 90, 500)]
    assert len(split(photo(far))) == 2


def test_touching_piles_are_asked_about_never_split() -> None:
    # two players' rows laid end to end: every card 2 px from the next
    cards = [card(300 + 52 * i, 800) for i in range(8)]
    piles = split(photo(cards), players=2)
    assert len(piles) == 1
    assert piles[0].touching
    assert sorted(piles[0].cards) == list(range(8))
    # without seats stated nothing is expected of the table: one pile, not asked
    assert not split(photo(cards))[0].touching


def test_backs_and_hidden_cards_belong_to_their_pile() -> None:
    result = photo([card(500, 850)])
    result.backs = [card(500, 150)]
    result.hidden = [card(530, 860)]
    piles = split(result)
    assert [(p.cards, p.backs, p.hidden) for p in piles] == [([], [0], []), ([0], [], [0])]


# ---------------------------------------------------------------- seats


def test_seats_named_with_sides_in_either_language() -> None:
    assert parse_seats("Ana:bottom, Bo:top") == [Seat("Ana", "bottom"), Seat("Bo", "top")]
    assert parse_seats("Ana:abajo,Bo:Izquierda") == [Seat("Ana", "bottom"),
                                                     Seat("Bo", "left")]


def test_bare_names_sit_clockwise_from_the_bottom() -> None:
    assert parse_seats("Ana,Bo") == [Seat("Ana", "bottom"), Seat("Bo", "top")]
    assert [s.side for s in parse_seats("a,b,c")] == ["bottom", "left", "top"]
    assert [s.side for s in parse_seats("e,s,w,n")] == ["bottom", "left", "top", "right"]


@pytest.mark.parametrize(("text", "said"), [
    ("Ana:bottom,Bo:up", "--seats entry 2 'Bo:up': 'up' is not a side; expected one of "
                         "bottom, left, top, right"),
    ("Ana:bottom,Bo", "--seats entry 2 'Bo': give every player a side"),
    ("Ana,Bo:top", "--seats entry 2 'Bo:top': give every player a side"),
    ("Ana:bottom,ana:top", "--seats entries 1 and 2 both name 'Ana'"),
    ("Ana:top,Bo:top", "--seats entries 1 and 2 both sit at the 'top' side"),
    (":top,Bo:bottom", "--seats entry 1 ':top': the player's name is missing"),
    ("a,b,c,d,e", "--seats names 5 players; a table has 4 sides"),
    ("  ", "--seats is empty"),
])
def test_bad_seats_name_the_entry_and_what_was_expected(text: str, said: str) -> None:
    with pytest.raises(TableError) as err:
        parse_seats(text)
    assert said in str(err.value)


def test_seat_errors_in_spanish() -> None:
    from scorer.i18n import describe

    with pytest.raises(TableError) as err:
        parse_seats("Ana:abajo,Bo:arribota")
    assert describe(err.value, "es") == (
        "--seats, entrada 2 'Bo:arribota': 'arribota' no es un lado; se esperaba uno de "
        "bottom, left, top, right")


# ---------------------------------------------------------------- assignment and swapping


def _left_right() -> PhotoResult:
    left = [card(150, 400 + 52 * i, turn=True) for i in range(3)]  # 3 cards, x 109-191
    right = [card(850, 400 + 52 * i, turn=True) for i in range(4)]
    return photo(left + right)


def test_piles_go_to_the_seats_on_their_side() -> None:
    table = read_table(_left_right(), parse_seats("Bo:right,Ana:left"))
    assert [(p.side, p.player, len(p.cards)) for p in table.piles] == [
        ("left", "Ana", 3), ("right", "Bo", 4)]
    assert table.empty_seats == []


def test_each_pile_its_own_seat_even_when_both_lie_nearer_one_side() -> None:
    # both piles in the lower half; the higher one is given to the top seat
    cards = [card(500, 560), card(500, 900)]
    table = read_table(photo(cards), parse_seats("Ana:bottom,Bo:top"))
    assert [(p.player, p.side) for p in table.piles] == [("Bo", "bottom"), ("Ana", "bottom")]


def test_a_stray_group_goes_with_the_nearest_pile() -> None:
    # Ana's cards in a column up from the bottom (box y 557-891), Bo's at the top right
    # (box x 675-777, y 109-191); one card 136 px above Ana's column (more than a card's
    # length: a group of its own), nearer the top side than the bottom, but 136 px from
    # Ana's pile and 521 px from Bo's (hypot(500, 148))
    cards = [card(150, 850 - 84 * i) for i in range(4)]
    cards += [card(700, 150, "pine-ribbon"), card(752, 150, "pine-ribbon")]
    cards.append(card(150, 380))
    table = read_table(photo(cards), parse_seats("Ana:bottom,Bo:top"))
    assert [(sorted(p.cards), p.player) for p in table.piles] == [
        ([4, 5], "Bo"), ([6], "Ana"), ([0, 1, 2, 3], "Ana")]
    assert table.player_photo("Ana").codes == ["pine-bright"] * 5


def test_a_seat_without_a_pile_is_named() -> None:
    table = read_table(photo([card(500, 850)]), parse_seats("Ana:bottom,Bo:top"))
    assert table.empty_seats == ["Bo"]


def test_swap_exchanges_two_piles_players() -> None:
    table = read_table(_left_right(), parse_seats("Ana:left,Bo:right"))
    table.swap(1, 2)
    assert [p.player for p in table.piles] == ["Bo", "Ana"]
    assert len(table.player_photo("Ana").cards) == 4
    with pytest.raises(TableError, match="there is no pile 3: the photo shows 2 piles"):
        table.swap(1, 3)


def test_give_a_pile_to_a_seated_player() -> None:
    table = read_table(_left_right(), parse_seats("Ana:left,Bo:right"))
    table.give(2, "ana")
    assert [p.player for p in table.piles] == ["Ana", "Ana"]
    assert table.empty_seats == ["Bo"]
    with pytest.raises(TableError, match="'Cy' is not seated; the players are Ana, Bo"):
        table.give(1, "Cy")


def test_table_json() -> None:
    table = read_table(_left_right(), parse_seats("Ana:left,Bo:right"))
    doc = table.to_json()
    assert doc["schema"] == "scorer.table/1"
    assert doc["seats"] == [{"name": "Ana", "side": "left"}, {"name": "Bo", "side": "right"}]
    assert [(p["pile"], p["player"], p["side"], p["cards"]) for p in doc["piles"]] == [
        (1, "Ana", "left", [0, 1, 2]), (2, "Bo", "right", [3, 4, 5, 6])]
    assert doc["piles"][0]["box"] == [109.0, 375.0, 191.0, 529.0]
    assert doc["photo"]["schema"] == "scorer.photo/1"


# ---------------------------------------------------------------- mahjong piles


def tile(x: float, y: float, code: str, turn: bool = False) -> RecognizedCard:
    return card(x, y, code, 40.0, 54.0, turn)


def test_each_players_tiles_are_laid_out_again_hand_first() -> None:
    from scorer.vision.confirm import to_notation

    # bottom player: a meld of three nearer the middle, the hand row of six below it
    bottom = [tile(400 + 40 * i, 850, f"{i + 1}m") for i in range(6)]
    bottom += [tile(440 + 40 * i, 770, "7z") for i in range(3)]
    # left player, turned a quarter: a hand column of five (a row along the photo's height)
    left = [tile(80, 300 + 40 * i, f"{i + 1}p", turn=True) for i in range(5)]
    result = photo(bottom + left, "mahjong")
    table = read_table(result, parse_seats("Ana:bottom,Bo:left"))
    ana = table.player_photo("Ana")
    assert to_notation(ana, ana.codes) == "1m 2m 3m 4m 5m 6m (7z7z7z)"
    bo = table.player_photo("Bo")
    assert sorted(bo.codes) == ["1p", "2p", "3p", "4p", "5p"]
    assert {c.group for c in bo.cards} == {0}
    # the whole photo's cards are untouched
    assert [c.row for c in result.cards] == [0] * 14


# ---------------------------------------------------------------- reading pile by pile


def test_nearest_pile_is_the_one_whose_outlines_lie_nearest() -> None:
    a = np.array([card(100, 200).corners, card(700, 200).corners], np.float64)
    b = np.array([card(600, 450).corners], np.float64)
    assert nearest_piles(np.array([[700.0, 210.0]]), [a, b])[0] == 0  # inside a card of a
    assert nearest_piles(np.array([[600.0, 440.0]]), [a, b])[0] == 1  # inside b's, in a's box
    assert nearest_piles(np.array([[300.0, 200.0]]), [a, b])[0] == 0  # between a's cards


def test_each_card_is_kept_once_from_its_own_piles_crop(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """Pile a lies in an L (a row of cards touching, a column down from its left end); pile
    b's one card lies inside a's box, 118 px of table from it: a's crop holds b's card too.
    Each crop's reading is marked with the crop's number; two of a's cards overlap (a
    heap's), their centres 14 px apart."""
    import scorer.vision.pipeline as pipeline_mod

    a = [card(100 + 50 * i, 200) for i in range(13)] + [card(100, 200 + 85 * i)
                                                        for i in (1, 2, 3)]
    a.append(card(710, 210, "pine-ribbon"))  # over the row's last card: a heap
    b = [card(600, 400, "plum-junk-1")]
    truth = a + b
    calls: list[tuple[float, float]] = []

    def fake(image: np.ndarray, deck: str, classifier: object, *, name: str = "",
             width: int | None = None, height: int | None = None,
             detector: object = None) -> PhotoResult:
        x0, y0 = float(image[0, 0, 0]), float(image[0, 0, 1])  # the crop's place (see below)
        h, w = image.shape[:2]
        calls.append((x0, y0))
        inside = [c for c in truth
                  if x0 <= c.corners.mean(0)[0] < x0 + w and y0 <= c.corners.mean(0)[1] < y0 + h]
        shift = np.array([x0, y0], np.float32)
        cards = [RecognizedCard(f"{c.code}@{len(calls)}", 0.99, c.corners - shift)
                 for c in inside]
        return PhotoResult(name, deck, width or w, height or h, cards=cards)

    monkeypatch.setattr(pipeline_mod, "recognize_array", fake)
    monkeypatch.setattr(pipeline_mod, "outlines",  # the first look: every card's outline
                        lambda image, deck, detector=None: [c.corners for c in truth])
    monkeypatch.setattr(pipeline_mod, "shipped_detector_of", lambda deck: TileDetector())
    # each pixel holds its own x, y: a crop's first pixel says where the crop lies
    ys, xs = np.mgrid[0:1000, 0:1000].astype(np.float32)
    image = np.stack([xs, ys, np.zeros_like(xs)], axis=-1)
    table = recognize_table(image, "hanafuda", object())
    assert len(calls) == 2  # one crop a pile
    codes = sorted(c.code for c in table.photo.cards)
    assert codes == sorted(["pine-bright@1"] * 16 + ["pine-ribbon@1", "plum-junk-1@2"])
    assert [len(p.cards) for p in table.piles] == [17, 1]


def test_a_piles_crop_is_not_enlarged_past_the_widest_cards_learned() -> None:
    from scorer.vision.pipeline import shipped_card_detector
    from scorer.vision.table import _seeing

    cards = shipped_card_detector()
    assert (cards.working_side, cards.input_side) == (110, 512)
    # a lone card's crop, 220 px long, the card 80 px wide: 186 px wide at 512; 110 px
    # wide at 302.5 px, seen at 320 (a multiple of 32)
    seen = _seeing(cards, 220, 80.0)
    assert seen.input_side == 320 and seen.session is cards.session
    assert cards.input_side == 512  # the shared detector is left as it was
    # cards 150 px wide in a 600 px crop: 128 px wide at 512, 110 at 440, up to 448
    assert _seeing(cards, 600, 150.0).input_side == 448
    # a pile's crop, 600 px long, cards 70 px wide: 60 px wide at 512, seen at 512, and at a
    # size of the table's choosing: looked at once (no second look of its own)
    seen = _seeing(cards, 600, 70.0)
    assert (seen.input_side, seen.long_side) == (512, 512)
    tiles = TileDetector()  # no working size: every crop at the input size
    assert _seeing(tiles, 220, 80.0) is tiles


def test_annotate_draws_each_pile_on_a_reduced_copy() -> None:
    """The page draws on a copy at a phone's size: outlines and boxes scale with it."""
    table = read_table(_left_right(), parse_seats("Ana:left,Bo:right"))
    small = np.zeros((500, 500, 3), np.uint8)  # half the photo's 1000 px
    out = table.annotate(small)
    assert out.shape == small.shape and not small.any()  # drawn on a copy
    # pile 1's box (109-191, 375-529 in the photo) at half: its left edge near x 54-55
    assert out[200:260, 53:57].any()
    # nothing drawn where a full-size outline would wrongly fall (the right pile at x 809+)
    assert not out[300:400, 600:].any()


def test_a_card_read_in_two_piles_more_often_than_the_deck_holds_it_is_asked_about(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two piles of three cards, 400 px of table apart; each pile's crop reads its middle
    card as the pine bright, surely (0.99 in the left pile, 0.98 in the right). A deck holds
    one pine bright (decks/hanafuda.py): the table's surer one stands, the other is asked
    about, with a warning; the other cards (a different card each) are not."""
    import scorer.vision.pipeline as pipeline_mod

    left = [card(100 + 60 * i, 300) for i in range(3)]
    right = [card(640 + 60 * i, 300) for i in range(3)]
    others = iter(["plum-ribbon", "cherry-ribbon", "maple-ribbon", "iris-ribbon"])
    read = {}
    for pile, sure in ((left, 0.99), (right, 0.98)):
        for i, c in enumerate(pile):
            read[tuple(c.corners.mean(0))] = ("pine-bright", sure) if i == 1 else \
                (next(others), 0.99)

    def fake(image: np.ndarray, deck: str, classifier: object, *, name: str = "",
             width: int | None = None, height: int | None = None,
             detector: object = None) -> PhotoResult:
        x0, y0 = float(image[0, 0, 0]), float(image[0, 0, 1])  # the crop's place
        h, w = image.shape[:2]
        shift = np.array([x0, y0], np.float32)
        cards = [RecognizedCard(code, sure, c.corners - shift) for c in left + right
                 for code, sure in [read[tuple(c.corners.mean(0))]]
                 if x0 <= c.corners.mean(0)[0] < x0 + w and y0 <= c.corners.mean(0)[1] < y0 + h]
        return PhotoResult(name, deck, width or w, height or h, cards=cards)

    monkeypatch.setattr(pipeline_mod, "recognize_array", fake)
    monkeypatch.setattr(pipeline_mod, "outlines",
                        lambda image, deck, detector=None: [c.corners for c in left + right])
    monkeypatch.setattr(pipeline_mod, "shipped_detector_of", lambda deck: TileDetector())
    ys, xs = np.mgrid[0:600, 0:1000].astype(np.float32)
    image = np.stack([xs, ys, np.zeros_like(xs)], axis=-1)
    table = recognize_table(image, "hanafuda", object())
    assert len(table.piles) == 2
    asked = sorted((c.code, c.confidence >= 0.9, c.doubt) for c in table.photo.cards
                   if c.uncertain)
    assert asked == [("pine-bright", False, "over")]  # the right pile's, read at 0.98
    assert sum(c.code == "pine-bright" and not c.uncertain for c in table.photo.cards) == 1
    assert any("1 card(s) read as a card the deck holds fewer of" in w
               for w in table.photo.warnings)
