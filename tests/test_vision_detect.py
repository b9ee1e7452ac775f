"""Card detection on drawn scenes: geometry that needs no card art and no model, then the
same on scenes made from the shared art (skipped where the art is absent). Mahjong tiles are
the learned detector's (tests/test_tile_detector.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_fakes import DATA, HAVE_DATA, NO_DATA

from scorer.vision import detect, scenes

SMALL = (900, 1200)  # test scenes: big enough for 6-14 cards, fast to draw and detect


def _recall_precision(found: list[detect.Found], scene: scenes.Scene) -> tuple[float, float]:
    pairs = scenes.match([f.corners for f in found], [c.visible for c in scene.cards])
    return len(pairs) / max(1, len(scene.cards)), len(pairs) / max(1, len(found))


# ---------------------------------------------------------------- pure geometry


@pytest.mark.parametrize("angle", [0, 17, 45, 90, 133, 180, 271])
def test_order_corners_short_side_first_clockwise(angle: float) -> None:
    rect = ((300.0, 200.0), (60.0, 100.0), float(angle))
    pts = cv2.boxPoints(rect)
    np.random.default_rng(angle).shuffle(pts)
    q = detect.order_corners(pts)
    short, long_ = np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1])
    assert short < long_
    # Clockwise on screen (y down) means a positive shoelace sum.
    area = sum(q[i, 0] * q[(i + 1) % 4, 1] - q[(i + 1) % 4, 0] * q[i, 1] for i in range(4))
    assert area > 0


def test_quad_from_mask_keeps_perspective() -> None:
    mask = np.zeros((300, 300), np.uint8)
    quad = np.array([[50, 40], [150, 60], [170, 230], [40, 250]], np.int32)
    cv2.fillConvexPoly(mask, quad, 255)
    got = detect.quad_from_mask(mask)
    assert scenes.quad_iou(got, quad.astype(np.float32)) > 0.95


def test_empty_table_finds_nothing() -> None:
    rng = np.random.default_rng(0)
    table = scenes.make_background(rng, *SMALL, "wood")
    assert detect.detect_cards(table).found == []


def test_blank_image_finds_nothing() -> None:
    assert detect.detect_cards(np.full((480, 640, 3), 200, np.uint8)).found == []


def test_tiles_and_unknown_layouts_are_refused() -> None:
    img = np.full((480, 640, 3), 200, np.uint8)
    with pytest.raises(ValueError, match="tiles"):
        detect.detect_cards(img, detect.MAHJONG)
    with pytest.raises(ValueError, match="'rows'"):
        detect.detect_cards(img, detect.HANAFUDA, "rows")


def test_an_object_the_frame_cuts_does_not_make_its_colour_the_tables() -> None:
    # A lime cloth lit unevenly (a fifth darker at the left, a tenth brighter at the right:
    # its shades join each other), one ivory face across the top edge of the frame and one
    # inside. The cut face puts ivory in one stretch of the band, where the table's colours
    # are learned; seen in under half of the band's stretches and joined to no colour that
    # is, ivory is not the table's, so the inner face stands out. (Drawn for mahjong tiles
    # when the hand-made detector found them; cards share the rule.)
    h, w = 600, 800
    img = np.empty((h, w, 3), np.float32)
    img[:] = (60, 200, 170)
    img *= np.linspace(0.8, 1.1, w)[None, :, None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    ivory = (215, 228, 235)
    cv2.rectangle(img, (300, 0), (420, 70), ivory, -1)  # cut by the top edge
    cv2.rectangle(img, (500, 300), (590, 420), ivory, -1)
    fg = detect.foreground_mask(img)
    assert fg[360, 545] == 255  # the inner face
    assert fg[30, 360] == 255  # the cut face, too
    assert fg[500, 100] == 0 and fg[150, 700] == 0  # the cloth, dark side and lit side


def _white_rect_on_dark(rects: list[tuple[tuple[float, float], tuple[float, float], float]]
                        ) -> np.ndarray:
    img = np.full((600, 800, 3), 40, np.uint8)
    for r in rects:
        cv2.fillConvexPoly(img, np.round(cv2.boxPoints(r)).astype(np.int32), (230, 230, 230))
        cv2.polylines(img, [np.round(cv2.boxPoints(r)).astype(np.int32)], True, (90, 90, 90), 2)
    return img


def test_lone_rotated_rectangles_found_exactly() -> None:
    rects = [((200.0, 200.0), (90.0, 147.0), 20.0), ((500.0, 300.0), (90.0, 147.0), 70.0),
             ((300.0, 450.0), (90.0, 147.0), 0.0)]
    res = detect.detect_cards(_white_rect_on_dark(rects))
    assert len(res.found) == 3
    truth = [cv2.boxPoints(r) for r in rects]
    assert len(scenes.match([f.corners for f in res.found], truth, 0.85)) == 3
    assert res.card_width == pytest.approx(90, rel=0.08)


def test_two_cards_touching_long_sides_are_split() -> None:
    # Two 90x147 cards side by side: one 180x147 blob that a single card cannot explain.
    rects = [((300.0, 300.0), (90.0, 147.0), 10.0), ((650.0, 150.0), (90.0, 147.0), 0.0)]
    c, (w, h), a = rects[0]
    t = np.deg2rad(a)
    u = np.array([np.cos(t), np.sin(t)])
    rects.append(((c[0] + w * u[0], c[1] + w * u[1]), (w, h), a))
    res = detect.detect_cards(_white_rect_on_dark(rects))
    truth = [cv2.boxPoints(r) for r in rects]
    assert len(scenes.match([f.corners for f in res.found], truth, 0.7)) == 3


def test_greedy_takes_the_last_card_of_a_blob_from_what_is_left() -> None:
    # A blob of two cards end to end where the second shows only 70% of its rectangle (its
    # dark border matched a dark table): once the first card is cut out, the rest fits inside
    # one card and nothing else can explain it, so it is a card.
    w, h = 90, 147
    mask = np.zeros((400, 200), np.uint8)
    mask[20:20 + h, 40:40 + w] = 255
    mask[20 + h + 4:20 + h + 4 + int(0.75 * h), 44:40 + w - 5] = 255
    gray = np.where(mask > 0, 220, 40).astype(np.uint8)
    quads = detect._greedy_cards(mask, gray, float(w), h / w)
    assert len(quads) == 2
    low = max(quads, key=lambda q: float(q[:, 1].mean()))
    assert float(low[:, 1].mean()) > 20 + h  # the second card, not the first found again


def test_card_cut_by_the_frame_is_left_out_with_a_warning() -> None:
    # The second card runs off the right edge; its art is busy (no colour of it fills enough
    # of the border band to be learned as table), so today's detector finds its visible part.
    rects = [((300.0, 300.0), (90.0, 147.0), 10.0), ((770.0, 200.0), (90.0, 147.0), 0.0)]
    img = _white_rect_on_dark(rects)
    art = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(art, np.round(cv2.boxPoints(rects[1])).astype(np.int32), 255)
    noise = np.random.default_rng(0).integers(0, 256, img.shape).astype(np.uint8)
    img[art > 0] = noise[art > 0]
    res = detect.detect_cards(img)
    truth = [cv2.boxPoints(rects[0])]
    assert len(res.found) == 1
    assert len(scenes.match([f.corners for f in res.found], truth, 0.85)) == 1
    assert detect.CUT_BY_FRAME in res.warnings


def test_whole_cards_near_the_frame_are_kept() -> None:
    # 45 px from the frame: clear of the border band (24 px here) that learns the table.
    rects = [((90.0, 120.0), (90.0, 147.0), 0.0), ((300.0, 300.0), (90.0, 147.0), 10.0)]
    res = detect.detect_cards(_white_rect_on_dark(rects))
    assert len(res.found) == 2 and detect.CUT_BY_FRAME not in res.warnings


@pytest.mark.parametrize("seed", [1, 3, 7])
def test_drawn_cards_spread_scene(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scene = scenes.spread_scene(rng, scenes.procedural_cards(rng, 10), 8, size=SMALL,
                                kind="felt")
    recall, precision = _recall_precision(detect.detect_cards(scene.image).found, scene)
    assert recall >= 0.75 and precision >= 0.75, (recall, precision)


def test_drawn_fanned_cascade() -> None:
    rng = np.random.default_rng(2)
    scene = scenes.fanned_scene(rng, scenes.procedural_cards(rng, 12), 9, size=SMALL,
                                kind="felt")
    res = detect.detect_cards(scene.image, detect.HANAFUDA, "fanned")
    recall, precision = _recall_precision(res.found, scene)
    assert recall >= 0.6 and precision >= 0.6, (recall, precision)
    assert any(f.fraction < 0.6 for f in res.found)  # top-third views are reported as such


@pytest.mark.parametrize("seed", [0, 4, 7])
def test_auto_layout_reads_a_cascade_as_fanned(seed: int) -> None:
    # A cascade 1 + k * f cards long is often close to a whole number of cards; auto layout
    # used to take such a strip for cards laid end to end and cut it by the greedy cutter
    # (these three scenes: 6, 6 and 3 of 9 matched). The seams now decide, per cut. Other
    # procedural seeds still lose cards in auto for other reasons, so they are not promised.
    rng = np.random.default_rng(seed)
    scene = scenes.fanned_scene(rng, scenes.procedural_cards(rng, 12), 9, size=(750, 1000),
                                kind="felt")
    res = detect.detect_cards(scene.image, detect.HANAFUDA, "auto")
    pairs = scenes.match([f.corners for f in res.found], [c.visible for c in scene.cards])
    assert len(pairs) == len(res.found) == len(scene.cards)


def test_corners_are_in_input_pixels_at_any_size() -> None:
    rects = [((400.0, 300.0), (90.0, 147.0), 30.0)]
    small = _white_rect_on_dark(rects)
    big = cv2.resize(small, None, fx=4, fy=4, interpolation=cv2.INTER_NEAREST)
    got = detect.detect_cards(big).found
    assert len(got) == 1
    assert scenes.quad_iou(got[0].corners, cv2.boxPoints(rects[0]) * 4) > 0.85


def test_whole_card_inside_the_border_band_is_kept() -> None:
    # 10 px from the frame, inside the 24 px band: a whole card there is not cut by the frame
    # (its outline has a card's size), so it stays, and no warning is given.
    rects = [((55.0, 120.0), (90.0, 147.0), 0.0), ((300.0, 300.0), (90.0, 147.0), 10.0)]
    res = detect.detect_cards(_white_rect_on_dark(rects))
    assert len(res.found) == 2 and detect.CUT_BY_FRAME not in res.warnings


def _staircase_scene(theta: float) -> tuple[np.ndarray, list[np.ndarray]]:
    """Seven art-free cards touching edge to edge at one angle, each a step from the last (a
    staircase: one blob whose outline corners are mostly not card corners), and two lone
    cards that tell the card size."""
    rng = np.random.default_rng(3)
    canvas = scenes.make_background(rng, *SMALL, "wood")
    cards = scenes.procedural_cards(rng, 9)
    w, h = 70.0, 70.0 * scenes.HANAFUDA_ASPECT
    u = np.array([np.cos(theta), np.sin(theta)])
    v = np.array([-np.sin(theta), np.cos(theta)])
    c0 = np.array([430.0, 200.0])
    quads = []
    for card, c in zip(cards[7:], [(900.0, 200.0), (900.0, 600.0)], strict=True):
        scenes._paste(canvas, card.image, scenes._card_quad(np.array(c), w, h, 0.3))
    for card, (i, j) in zip(cards[:7], [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3)],
                            strict=True):
        quad = scenes._card_quad(c0 + i * (w + 1) * u + j * (h + 1) * v, w, h, theta)
        scenes._paste(canvas, card.image, quad)
        quads.append(quad)
    return canvas, quads


@pytest.mark.parametrize("theta", [0.6, 2.0])
def test_staircase_of_touching_cards_is_cut_on_its_lattice(theta: float) -> None:
    img, truth = _staircase_scene(theta)
    found = detect.detect_cards(img, layout="spread").found
    assert len(scenes.match([f.corners for f in found], truth, 0.7)) >= 6


# ---------------------------------------------------------------- on card art


@pytest.mark.skipif(not HAVE_DATA, reason=NO_DATA)
def test_art_spread_scenes_recall_and_precision() -> None:
    art = scenes.load_hanafuda_art(DATA, ["itsent_hwatu", "aaronrwang_hwatu"], max_side=300)
    hits = total = found = 0
    for seed, kind in ((11, "wood"), (12, "felt"), (13, "cloth")):
        rng = np.random.default_rng(seed)
        scene = scenes.spread_scene(rng, art, 12, size=SMALL, kind=kind)
        res = detect.detect_cards(scene.image)
        hits += len(scenes.match([f.corners for f in res.found],
                                 [c.visible for c in scene.cards]))
        total += len(scene.cards)
        found += len(res.found)
    assert hits / total >= 0.7 and hits / max(1, found) >= 0.8, (hits, total, found)
