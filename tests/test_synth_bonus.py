"""The mahjong bonus-tile generator (synth.compose_bonus_tile and its parts)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from scorer.training import synth

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
needs_data = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"card art not found at {DATA} (it lives beside the repo)"
)


def _plain_tile(w: int = 120, h: int = 160) -> np.ndarray:
    """An ivory BGRA tile with nothing printed on it."""
    img = np.zeros((h, w, 4), np.uint8)
    img[..., :3] = (215, 235, 245)
    img[..., 3] = 255
    return img


def test_bonus_number_flowers_and_seasons_share_numerals() -> None:
    assert [synth.bonus_number(lab) for lab in synth.BONUS_LABELS] == [1, 2, 3, 4, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="'5p'"):
        synth.bonus_number("5p")


@pytest.mark.parametrize("chinese", [False, True])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_numeral_is_drawn_inside_its_box_only(n: int, chinese: bool) -> None:
    mask = np.zeros((100, 80), np.uint8)
    x, y, w, h = 50, 6, 24, 24
    synth.draw_numeral(mask, n, (x, y, w, h), chinese=chinese, weight=0.5)
    inside = mask[y : y + h, x : x + w]
    assert (inside > 127).sum() >= 20  # visible
    outside = mask.copy()
    outside[y - 1 : y + h + 1, x - 1 : x + w + 1] = 0
    assert outside.max() < 64  # at most faint antialiasing beyond the box


@pytest.mark.parametrize("n", [1, 2, 3])
def test_chinese_one_two_three_have_that_many_strokes(n: int) -> None:
    mask = np.zeros((60, 60), np.uint8)
    synth.draw_numeral(mask, n, (5, 5, 50, 50), chinese=True, weight=0.0)
    rows = (mask > 127).any(axis=1).astype(np.int8)
    assert int((np.diff(rows) == 1).sum() + rows[0]) == n  # separate horizontal bars


def test_arabic_numerals_differ_from_each_other() -> None:
    masks = []
    for n in range(1, 5):
        m = np.zeros((40, 40), np.uint8)
        synth.draw_numeral(m, n, (5, 5, 30, 30), chinese=False, weight=0.5)
        masks.append(m > 127)
    for i in range(4):
        for j in range(i + 1, 4):
            assert (masks[i] ^ masks[j]).sum() > 30


def test_painting_is_the_ink_not_the_body() -> None:
    art = _plain_tile()
    cv2.circle(art, (60, 90), 20, (30, 30, 200, 255), -1)  # a red flower
    paint, mask = synth.extract_painting(art)
    assert abs(paint.shape[0] - 41) <= 2 and abs(paint.shape[1] - 41) <= 2
    assert mask[20, 20] > 0.9 and mask[0, 0] < 0.1  # centre inked, bounding-box corner not


def test_glyph_is_cut_from_inside_the_frame() -> None:
    art = _plain_tile(96, 132)
    cv2.rectangle(art, (22, 12), (83, 108), (0, 0, 0, 255), 2)  # gnome_smooth's frame
    cv2.line(art, (40, 60), (66, 60), (20, 120, 180, 255), 4)
    cv2.line(art, (53, 40), (53, 80), (20, 120, 180, 255), 4)
    glyph = synth.extract_glyph(art)
    assert 26 <= glyph.shape[1] <= 32 and 40 <= glyph.shape[0] <= 46  # the cross, no frame


def test_composite_is_deterministic_and_tile_shaped() -> None:
    art = _plain_tile()
    cv2.circle(art, (60, 90), 20, (30, 30, 200, 255), -1)
    glyph = np.ones((20, 20), np.float32)
    a = synth.compose_bonus_tile(np.random.default_rng(3), "6f", art, glyph)
    b = synth.compose_bonus_tile(np.random.default_rng(3), "6f", art, glyph)
    c = synth.compose_bonus_tile(np.random.default_rng(4), "6f", art, glyph)
    w, h = synth.BONUS_TILE_SIZE
    assert a.shape == (h, w, 4) and a.dtype == np.uint8
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert a[0, 0, 3] == 0 and a[h // 2, w // 3, 3] == 255  # rounded corner, solid face


def test_numeral_lands_in_a_corner_of_the_composite() -> None:
    """With nothing to paint and no glyph, all that is printed is the numeral, in a corner."""
    drawn = 0
    for seed in range(20):
        tile = synth.compose_bonus_tile(np.random.default_rng(seed), "3f", _plain_tile())
        x, y = _marks_side(tile)
        if np.isnan(x):
            continue
        drawn += 1
        assert (y < 0.35 or y > 0.6) and (x < 0.4 or x > 0.5), seed
    assert drawn >= 15  # always in the paired and hongkong layouts, 85 % in the free one


@needs_data
def test_glyphs_from_the_art_are_eight_characters() -> None:
    items = synth.load_art("mahjong", DATA, sets=[synth.GLYPH_SET])
    glyphs = synth.bonus_glyphs(items)
    assert sorted(glyphs) == list(synth.BONUS_LABELS)
    for g in glyphs.values():
        assert 0.1 < float((g > 0.5).mean()) < 0.6  # strokes, not a filled box or nothing


def test_training_composites_keep_their_labels() -> None:
    items = [
        synth.ArtItem(lab, s, _plain_tile())
        for s in ("a", "b", synth.GLYPH_SET) for lab in ("1m", *synth.BONUS_LABELS)
    ]  # fmt: skip
    jobs = synth.bonus_composite_jobs(items, 400, seed=1, recipe=synth.BONUS_STAGE)
    assert jobs == synth.bonus_composite_jobs(items, 400, seed=1, recipe=synth.BONUS_STAGE)
    assert len(jobs) == 8 * round(400 * synth.BONUS_STAGE.share)
    assert {lab for lab, _ in jobs} == set(synth.BONUS_LABELS)
    assert all(items[i].label in synth.BONUS_LABELS for _, i in jobs)
    assert {items[i].set for _, i in jobs} == {"a", "b", synth.GLYPH_SET}
    assert synth.labels_for("mahjong")[-10:-2] == synth.BONUS_LABELS
    assert synth.labels_for("mahjong-bonus") == synth.BONUS_LABELS


def test_first_stage_composites_are_as_many_as_the_art_and_seasons_borrow() -> None:
    """The first stage sees as many composites of each bonus tile as crops of its art, and
    learns "a flower or season" from any picture: seasons always borrow one."""
    items = [synth.ArtItem(lab, s, _plain_tile()) for s in ("a", "b") for lab in synth.BONUS_LABELS]
    jobs = synth.bonus_composite_jobs(items, 400, seed=1, recipe=synth.FIRST_STAGE)
    assert len(jobs) == 8 * 400
    own = [items[i].label == lab for lab, i in jobs if lab in synth.BONUS_LABELS[4:]]
    assert np.mean(own) < 0.2


def test_seasons_borrow_pictures_flowers_half_the_time() -> None:
    """A season's picture is the maker's choice; a flower keeps its own plant about half the time.

    A borrowed picture never comes from a set that prints the tile's name beside it.
    """
    sets = ("a", "b", *synth.UNLENT_SETS)
    items = [synth.ArtItem(lab, s, _plain_tile()) for s in sets for lab in synth.BONUS_LABELS]
    jobs = synth.bonus_composite_jobs(items, 800, seed=2, recipe=synth.BONUS_STAGE)
    own = {lab: [items[i].label == lab for l2, i in jobs if l2 == lab]
           for lab in synth.BONUS_LABELS}
    for lab in synth.BONUS_LABELS[:4]:
        # half borrowed (1 in 8 of those land on the tile's own label again) + half own
        assert 0.5 < np.mean(own[lab]) < 0.65, lab
    for lab in synth.BONUS_LABELS[4:]:
        assert np.mean(own[lab]) < 0.2, lab  # only by chance among all eight
    lent = [items[i] for lab, i in jobs if items[i].label != lab]
    assert lent and not {it.set for it in lent} & set(synth.UNLENT_SETS)


def _marks_side(tile: np.ndarray) -> tuple[float, float]:
    """Median (x, y) of the print on a composite made from a blank painting, as 0-1 fractions.

    Print is what differs strongly from the face colour where the neighbourhood (a 31-pixel
    median) is still face-coloured: not the coloured back layer, not the rounded rim.
    """
    h, w = tile.shape[:2]
    bgr = tile[..., :3].astype(np.float32)
    face_colour = np.median(bgr[h // 3 : 2 * h // 3, w // 4 : 3 * w // 4].reshape(-1, 3), axis=0)
    near = cv2.medianBlur(tile[..., :3], 31).astype(np.float32)
    on_face = (np.abs(near - face_colour).sum(axis=2) < 30) & (tile[..., 3] == 255)
    ink = (np.abs(bgr - face_colour).sum(axis=2) > 120) & on_face
    ys, xs = np.nonzero(ink)
    if len(ys) == 0:
        return float("nan"), float("nan")
    return float(np.median(xs)) / w, float(np.median(ys)) / h


@pytest.mark.parametrize(("label", "left"), [("2f", False), ("6f", True)])
def test_paired_layout_puts_flower_numerals_right_and_season_numerals_left(
    label: str, left: bool
) -> None:
    """kde_default and kde_jade: flower numeral top right, season numeral top left."""
    for seed in range(10):
        tile = synth.compose_bonus_tile(np.random.default_rng(seed), label, _plain_tile(),
                                        layout="paired")
        x, y = _marks_side(tile)
        assert y < 0.35, seed
        assert (x < 0.4) if left else (x > 0.45), (seed, x)


def test_hongkong_layout_centres_the_season_numeral() -> None:
    for seed in range(10):
        tile = synth.compose_bonus_tile(np.random.default_rng(seed), "7f", _plain_tile(),
                                        layout="hongkong")
        x, y = _marks_side(tile)
        assert y < 0.35 and 0.3 < x < 0.6, (seed, x, y)


def test_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="'diagonal'"):
        synth.compose_bonus_tile(np.random.default_rng(0), "1f", _plain_tile(), layout="diagonal")


def test_borrowed_painting_leaves_out_the_marks_above_and_below() -> None:
    art = _plain_tile(100, 200)
    cv2.putText(art, "1", (70, 35), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (200, 60, 30, 255), 3)
    cv2.circle(art, (50, 100), 25, (30, 30, 200, 255), -1)  # the picture
    cv2.rectangle(art, (20, 170), (80, 178), (0, 0, 0, 255), -1)  # a word below
    full, _ = synth.extract_painting(art)
    lent, mask = synth.extract_painting(art, marks=False)
    assert full.shape[0] > 120  # numeral to word
    assert abs(lent.shape[0] - 51) <= 3 and abs(lent.shape[1] - 51) <= 3  # the circle only
    assert mask[25, 25] > 0.9


def _fonts_or_skip() -> tuple[str, ...]:
    fonts = synth.numeral_fonts()
    if not fonts:
        pytest.skip("no TrueType font found in synth.FONT_DIRS, or Pillow is not installed")
    return fonts


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_truetype_numeral_is_drawn_inside_its_box_only(n: int) -> None:
    font = _fonts_or_skip()[0]
    mask = np.zeros((100, 80), np.uint8)
    x, y, w, h = 50, 6, 24, 24
    synth.draw_numeral(mask, n, (x, y, w, h), chinese=False, weight=0.5, font=font)
    inside = mask[y : y + h, x : x + w]
    assert (inside > 127).sum() >= 20
    assert (inside > 127).any(axis=1).sum() >= 0.8 * h  # scaled to the box's height
    outside = mask.copy()
    outside[y : y + h, x : x + w] = 0
    assert outside.max() == 0


def test_truetype_numerals_differ_and_a_chinese_numeral_keeps_its_strokes() -> None:
    font = _fonts_or_skip()[0]
    masks = []
    for n in range(1, 5):
        m = np.zeros((40, 40), np.uint8)
        synth.draw_numeral(m, n, (5, 5, 30, 30), chinese=False, weight=0.5, font=font)
        masks.append(m > 127)
    for i in range(4):
        for j in range(i + 1, 4):
            assert (masks[i] ^ masks[j]).sum() > 30
    drawn, strokes = np.zeros((60, 60), np.uint8), np.zeros((60, 60), np.uint8)
    synth.draw_numeral(drawn, 3, (5, 5, 50, 50), chinese=True, weight=0.0, font=font)
    synth.draw_numeral(strokes, 3, (5, 5, 50, 50), chinese=True, weight=0.0)
    assert np.array_equal(drawn, strokes)


def test_a_truetype_font_is_picked_unless_hershey_is_drawn() -> None:
    rng = np.random.default_rng(0)
    picks = [synth.pick_numeral_font(rng, ("a.ttf", "b.ttf")) for _ in range(2000)]
    hershey = sum(isinstance(p, int) for p in picks) / len(picks)
    assert abs(hershey - synth.HERSHEY_SHARE) < 0.04
    assert {p for p in picks if isinstance(p, str)} == {"a.ttf", "b.ttf"}
    assert all(isinstance(synth.pick_numeral_font(rng, ()), int) for _ in range(50))


def test_lent_painting_cut_follows_the_recipes_mark_band() -> None:
    """The fonts recipe cuts deeper above a lent painting (samoheen's 一二三 reach 26-30 %)."""
    art = _plain_tile(100, 200)
    cv2.rectangle(art, (20, 54), (80, 58), (30, 30, 200, 255), -1)  # a stroke at 27-29 %
    cv2.circle(art, (50, 110), 25, (30, 30, 200, 255), -1)  # the picture
    kept, _ = synth.extract_painting(art, marks=False)
    cut, _ = synth.extract_painting(art, marks=False, bands=(0.3, 0.2))
    assert kept.shape[0] > 70  # stroke and picture
    assert abs(cut.shape[0] - 51) <= 3  # the picture only
    assert synth.BONUS_STAGE.mark_top == synth.MARK_BANDS[0]
    assert synth.BONUS_STAGE_FONTS.mark_top == 0.3


def test_reader_recipes_differ_only_in_numeral_fonts_and_the_cut() -> None:
    plain, fonts = synth.READER_RECIPES["hershey"], synth.READER_RECIPES["fonts"]
    assert plain is synth.BONUS_STAGE and not plain.fonts and fonts.fonts
    assert (plain.share, plain.borrow_flower, plain.borrow_season, plain.layout) == (
        fonts.share, fonts.borrow_flower, fonts.borrow_season, fonts.layout)


def test_composite_without_fonts_ignores_the_font_files_and_with_them_changes() -> None:
    """No fonts: the Hershey-only composite of earlier versions, draw for draw."""
    fonts = _fonts_or_skip()
    a = synth.compose_bonus_tile(np.random.default_rng(4), "3f", _plain_tile(), layout="paired")
    b = synth.compose_bonus_tile(np.random.default_rng(4), "3f", _plain_tile(), layout="paired",
                                 fonts=())
    assert np.array_equal(a, b)
    differ = 0
    for seed in range(6):
        plain = synth.compose_bonus_tile(np.random.default_rng(seed), "3f", _plain_tile(),
                                         layout="paired")
        ttf = synth.compose_bonus_tile(np.random.default_rng(seed), "3f", _plain_tile(),
                                       layout="paired", fonts=fonts)
        differ += not np.array_equal(plain, ttf)
    assert differ >= 3
