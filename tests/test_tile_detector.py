"""The learned tile detector's contract: its input, the decoding of its maps into faces, the
pieces the pipeline builds from them, and the shipped model's loading. Accuracy lives in
bench/tile_detector.py; here the maps are fixtures written by hand."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from vision_fakes import DATA, HAVE_DATA, MODELS, NO_DATA, FakeClassifier, have_model

from scorer.training import scenes
from scorer.vision import pipeline, tiles
from scorer.vision.models import ModelError


def _maps(rows: int, cols: int) -> np.ndarray:
    m = np.zeros((7, rows, cols), np.float32)
    m[0] = -10.0  # centre logit: nowhere a tile
    m[5] = 1.0  # cos 2a = 1: long side along x unless set
    return m


def _peak(m: np.ndarray, ix: int, iy: int, *, score: float, dx: float = 0.0, dy: float = 0.0,
          short: float = 6.0, long_: float = 8.0, angle: float = math.pi / 2) -> None:
    """A centre at cell (ix, iy) with the given score and face (sides in cells)."""
    m[0, iy, ix] = math.log(score / (1 - score))
    m[1, iy, ix], m[2, iy, ix] = dx, dy
    m[3, iy, ix], m[4, iy, ix] = math.log(short), math.log(long_)
    m[5, iy, ix], m[6, iy, ix] = math.cos(2 * angle), math.sin(2 * angle)


def test_two_touching_upright_tiles_are_two_faces() -> None:
    # Two upright faces 6 x 8 cells (24 x 32 px at stride 4), centres 6 cells apart: they touch
    # along their long sides. Image resized by 0.5, so photo pixels are twice the input's.
    m = _maps(20, 30)
    _peak(m, 10, 10, score=0.9, dx=0.5, dy=0.5)
    _peak(m, 16, 10, score=0.8, dx=0.5, dy=0.5)
    faces = tiles.decode(m, 0.5, 0.3)
    assert len(faces) == 2
    # Strongest first; centre (10.5 cells * 4 px) / 0.5 = 84 px; short side 6 * 4 / 0.5 = 48
    # px across, long side 8 * 4 / 0.5 = 64 px down.
    a = faces[0].corners
    assert faces[0].score == pytest.approx(0.9, abs=1e-5)
    assert a.mean(0).tolist() == pytest.approx([84.0, 84.0])
    assert np.linalg.norm(a[1] - a[0]) == pytest.approx(48.0, abs=1e-3)
    assert np.linalg.norm(a[3] - a[0]) == pytest.approx(64.0, abs=1e-3)
    # TL -> TR runs along x (across the face), TL -> BL down it.
    assert a[0].tolist() == pytest.approx([60.0, 52.0], abs=1e-3)
    assert a[2].tolist() == pytest.approx([108.0, 116.0], abs=1e-3)
    assert faces[1].corners.mean(0).tolist() == pytest.approx([132.0, 84.0])


def test_a_turned_face_keeps_its_sides() -> None:
    # Long side along 30 degrees: the quad's TL->BL (long, 8 cells = 32 px at scale 1) runs
    # along it, TL->TR (short, 24 px) across it.
    m = _maps(12, 12)
    _peak(m, 6, 6, score=0.7, angle=math.radians(30))
    (face,) = tiles.decode(m, 1.0, 0.3)
    q = face.corners
    down, across = q[3] - q[0], q[1] - q[0]
    assert np.linalg.norm(down) == pytest.approx(32.0, abs=1e-3)
    assert np.linalg.norm(across) == pytest.approx(24.0, abs=1e-3)
    assert abs(math.degrees(math.atan2(down[1], down[0])) % 180 - 30) < 1e-3
    assert abs(float(down @ across)) < 1e-3


def test_sides_swapped_by_the_network_are_put_back() -> None:
    # The network may answer the short side longer than the long one: the face is the same,
    # turned a quarter.
    m = _maps(12, 12)
    _peak(m, 6, 6, score=0.7, short=8.0, long_=6.0, angle=0.0)
    (face,) = tiles.decode(m, 1.0, 0.3)
    q = face.corners
    assert np.linalg.norm(q[1] - q[0]) == pytest.approx(24.0, abs=1e-3)
    assert np.linalg.norm(q[3] - q[0]) == pytest.approx(32.0, abs=1e-3)
    assert abs(q[3][0] - q[0][0]) < 1e-3  # long side vertical


def test_weak_peaks_plateaus_and_doubles_are_dropped() -> None:
    m = _maps(20, 20)
    _peak(m, 5, 5, score=0.9)
    _peak(m, 6, 5, score=0.6)  # next to a stronger cell: not a local maximum
    _peak(m, 15, 15, score=0.2)  # below the threshold
    assert len(tiles.decode(m, 1.0, 0.3)) == 1
    assert len(tiles.decode(m, 1.0, 0.1)) == 2
    # Two local maxima two cells apart, each a 6 x 8 face: the weaker overlaps the stronger
    # by more than PEAK_OVERLAP and is the same tile seen twice.
    m = _maps(20, 20)
    _peak(m, 5, 5, score=0.9)
    _peak(m, 7, 5, score=0.8)
    assert len(tiles.decode(m, 1.0, 0.3)) == 1


def test_centres_in_the_padding_are_dropped() -> None:
    # The photo is 40 px wide (10 cells); the network's input was padded to 80 px.
    m = _maps(20, 20)
    _peak(m, 5, 5, score=0.9)
    _peak(m, 15, 5, score=0.9)
    assert len(tiles.decode(m, 1.0, 0.3, size=(40, 80))) == 1


def test_prepare_resizes_the_long_side_and_pads_to_32() -> None:
    img = np.full((300, 500, 3), 255, np.uint8)
    x, scale = tiles.prepare(img, 640)
    # 500 -> 640 (scale 1.28), 300 -> 384 (already a multiple of 32); 640 too.
    assert scale == pytest.approx(1.28)
    assert x.shape == (1, 3, 384, 640) and x.dtype == np.float32
    assert float(x.max()) == pytest.approx(1.0)
    x, _ = tiles.prepare(np.zeros((100, 130, 3), np.uint8), 640)
    assert x.shape[2] % 32 == 0 and x.shape[3] == 640


def test_prepare_equalised_lifts_a_pale_card_off_a_pale_table() -> None:
    # A white card (245) on a cream table (225), with a photo's grain (sd 3): 20 levels
    # apart as photographed, either side of the card's edge (column 160). Equalised, the
    # card detector sees the two sides of the edge further apart; the tile detector, which
    # does not ask for it, sees the photo as it is.
    rng = np.random.default_rng(0)
    img = np.full((512, 512), 225.0)
    img[128:384, 160:352] = 245
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    img = np.repeat(img[..., None], 3, axis=2)

    def edge(x: np.ndarray) -> float:
        grey = x[0].mean(0) * 255
        return float(grey[200:300, 165:190].mean() - grey[200:300, 130:155].mean())

    plain, _ = tiles.prepare(img, 512)
    lifted, _ = tiles.prepare(img, 512, equalise=True)
    assert edge(plain) == pytest.approx(20, abs=1)
    assert edge(lifted) > 30
    assert lifted.shape == plain.shape and lifted.dtype == np.float32
    from scorer.vision.cards import CardDetector

    assert CardDetector.equalise and not tiles.TileDetector.equalise


def _face(cx: float, cy: float, angle_deg: float = 0.0, w: float = 30, h: float = 40
          ) -> np.ndarray:
    t = math.radians(angle_deg)
    u = np.array([math.cos(t), math.sin(t)]) * w
    v = np.array([-math.sin(t), math.cos(t)]) * h
    c = np.array([cx, cy]) - u / 2 - v / 2
    return np.array([c, c + u, c + u + v, c + v], np.float32)


def test_touching_faces_turned_alike_make_one_piece() -> None:
    # A row of three touching faces (30 px apart), a lone face far away, two faces one above
    # the other (40 px apart) and a face beside the row but turned 45 degrees.
    faces = [_face(100, 100), _face(130, 100), _face(160, 100), _face(400, 400),
             _face(600, 100), _face(600, 140), _face(190, 100, 45)]
    _, pieces, _ = tiles.arrange([tiles.TileFace(f, 0.9) for f in faces])
    assert pieces == [0, 0, 0, 1, 2, 2, 3]


def test_melds_laid_along_a_hand_row_are_one_piece_but_runs_of_their_own() -> None:
    # A hand row of six 30 x 40 faces touching (centres 30 px apart, y 140) and, one long
    # side (40 px) above it, two melds: x 100-160 and x 220-250. The melds' gap (centres 60
    # px apart, two steps) joins nothing side by side, but every meld face touches the hand
    # face below it: one piece, three runs.
    hand = [_face(100 + 30 * k, 140) for k in range(6)]
    melds = [_face(x, 100) for x in (100, 130, 160, 220, 250)]
    _, pieces, runs = tiles.arrange([tiles.TileFace(f, 0.9) for f in hand + melds])
    assert pieces == [0] * 11
    assert runs == [0] * 6 + [1] * 3 + [2] * 2


def test_a_row_turns_its_faces_as_the_row_lies() -> None:
    # Five faces 30 x 40 px side by side along 20 degrees (centres 30 px apart), each answered
    # by the network a little off: 5, 30, 15, 32 and 8 degrees. The centres say 20 for all.
    # A lone face at 50 degrees keeps its own turn.
    step = np.array([math.cos(math.radians(20)), math.sin(math.radians(20))]) * 30
    faces = [tiles.TileFace(_face(*(np.array([100.0, 100.0]) + k * step), a), 0.9)
             for k, a in enumerate((5, 30, 15, 32, 8))]
    faces.append(tiles.TileFace(_face(500, 500, 50), 0.9))
    out, pieces, _ = tiles.arrange(faces)
    assert pieces == [0, 0, 0, 0, 0, 1]
    for f, before in zip(out, faces, strict=True):
        across = f.corners[1] - f.corners[0]
        assert np.linalg.norm(across) == pytest.approx(30.0, abs=1e-3)
        assert np.linalg.norm(f.corners[3] - f.corners[0]) == pytest.approx(40.0, abs=1e-3)
        assert f.corners.mean(0) == pytest.approx(before.corners.mean(0), abs=1e-3)
    turns = [math.degrees(math.atan2(*(f.corners[1] - f.corners[0])[::-1])) for f in out]
    assert turns == pytest.approx([20.0] * 5 + [50.0], abs=1e-3)


class ScriptedDetector:
    """Answers fixed faces, as the learned detector would, without a model."""

    def __init__(self, faces: list[tiles.TileFace]) -> None:
        self.faces = faces

    def detect(self, image: np.ndarray, threshold: float | None = None) -> list[tiles.TileFace]:
        return self.faces


def test_pipeline_reads_found_faces_in_row_order_and_asks_about_unsure_ones() -> None:
    # Two rows: faces at x 100, 130 (row 0) and x 100 (row 1, 100 px lower). The second face
    # of row 0 has a centre score of 0.4 < UNSURE_FACE: shown uncertain though read at 0.95.
    faces = [tiles.TileFace(_face(130, 100), 0.4), tiles.TileFace(_face(100, 200), 0.9),
             tiles.TileFace(_face(100, 100), 0.9)]
    det = ScriptedDetector(faces)
    img = np.full((400, 400, 3), 90, np.uint8)
    clf = FakeClassifier([("1m", 0.95), ("2m", 0.95), ("3m", 0.95),
                          ("1m", 0.1), ("2m", 0.1), ("3m", 0.1)])
    res = pipeline.recognize_array(img, "mahjong", clf, detector=det)  # type: ignore[arg-type]
    assert [(c.code, c.row, c.group) for c in res.cards] == [("3m", 0, 0), ("1m", 0, 0),
                                                           ("2m", 1, 0)]
    assert res.uncertain == [1]


class RejectingClassifier(FakeClassifier):
    """FakeClassifier whose `none` answers are rejections."""

    def classify(self, crops: list[np.ndarray]) -> list:  # type: ignore[override]
        return [dataclasses.replace(p, rejected=p.label == "none")
                for p in super().classify(crops)]


def test_a_face_the_detector_is_sure_of_is_asked_about_not_dropped_when_rejected() -> None:
    # Two faces of one row, both read `none` at 0.1 either way up (< REJECT_DROP 0.25). The
    # detector is sure of the first (0.9 >= UNSURE_FACE): it stays, rejected, so the confirm
    # step asks about it. The second (0.4) is table texture or clutter: left out and counted.
    faces = [tiles.TileFace(_face(100, 100), 0.9), tiles.TileFace(_face(130, 100), 0.4)]
    img = np.full((400, 400, 3), 90, np.uint8)
    res = pipeline.recognize_array(img, "mahjong", RejectingClassifier([("none", 0.1)]),
                                   detector=ScriptedDetector(faces))  # type: ignore[arg-type]
    assert [(c.code, c.rejected) for c in res.cards] == [("none", True)]
    assert res.uncertain == [0]
    assert "1 card-like region(s) were not recognised as cards" in res.warnings


class ByBrightness(FakeClassifier):
    """Reads a bright crop as 1m (0.95) and a dark one, bare table, as `none` (0.1)."""

    def classify(self, crops: list[np.ndarray]) -> list:  # type: ignore[override]
        return [dataclasses.replace(p, label="1m", confidence=0.95) if crop.mean() > 150
                else dataclasses.replace(p, label="none", confidence=0.1, rejected=True)
                for p, crop in zip(super().classify(crops), crops, strict=True)]


def test_a_patch_of_table_dropped_joins_no_melds() -> None:
    # Two melds of three bright tiles (x 100-160 and 220-280, 30 x 40 faces, centres 30 px
    # apart) and, between them, a face the detector is unsure of (0.4) on bare table (x 190,
    # dark): it bridges the melds into one piece, but the classifier rejects it at 0.1 <
    # REJECT_DROP and it is dropped. The tiles kept make two groups (a gap of two steps).
    img = np.full((300, 400, 3), 60, np.uint8)
    xs = (100, 130, 160, 220, 250, 280)
    for x in xs:
        img[80:120, x - 15:x + 15] = 230
    faces = [tiles.TileFace(_face(x, 100), 0.9) for x in xs]
    faces.insert(3, tiles.TileFace(_face(190, 100), 0.4))
    res = pipeline.recognize_array(img, "mahjong", ByBrightness([("1m", 0.5)]),
                                   detector=ScriptedDetector(faces))  # type: ignore[arg-type]
    assert [(c.code, c.row, c.group) for c in res.cards] == [("1m", 0, 0)] * 3 + [
        ("1m", 0, 1)] * 3
    assert "1 card-like region(s) were not recognised as cards" in res.warnings


def test_pipeline_warns_when_tiles_are_too_small_to_read() -> None:
    faces = [tiles.TileFace(_face(50 + 12 * i, 50, w=10, h=14), 0.9) for i in range(3)]
    res = pipeline.recognize_array(np.full((200, 200, 3), 90, np.uint8), "mahjong",
                                   FakeClassifier([("1m", 0.9)]),
                                   detector=ScriptedDetector(faces))  # type: ignore[arg-type]
    assert pipeline.detect.TOO_SMALL in res.warnings


@pytest.mark.skipif(not have_model(tiles.DETECTOR_MODEL),
                    reason="no trained tile detector in models/ (see models/README.md)")
def test_the_shipped_detector_loads_and_answers_its_maps() -> None:
    det = tiles.TileDetector(directory=MODELS)
    maps, scale, size = det.raw(np.full((480, 640, 3), 128, np.uint8))
    side = det.meta["input_long_side"]  # the photo's long side goes to it, the short in step
    assert maps.shape == (7, round(480 * side / 640) // 4, side // 4)
    assert scale == pytest.approx(side / 640) and size == (640, 480)
    assert 0.05 <= det.threshold <= 0.95


@pytest.mark.skipif(not (have_model(tiles.DETECTOR_MODEL) and HAVE_DATA),
                    reason="no trained tile detector in models/, or " + NO_DATA)
def test_the_shipped_detector_finds_a_row_of_touching_tiles() -> None:
    # 14 flat tiles side by side on felt, from an art set the detector never trained on: each
    # tile one face (none split, none merged).
    art = [a for a in scenes.load_mahjong_art(DATA, [scenes.HELD_OUT_ART[0]]) if a.label != "back"]
    scene = scenes.tile_rows_scene(np.random.default_rng(3), art, groups=[[14]],
                                   size=(900, 1200), kind="felt")
    faces = tiles.TileDetector(directory=MODELS).detect(scene.image)
    pairs = scenes.match([f.corners for f in faces], [c.corners for c in scene.cards])
    assert len(faces) == 14 and len(pairs) == 14


def test_an_altered_detector_file_is_refused(tmp_path) -> None:
    import json

    (tmp_path / "mahjong-detector.onnx").write_bytes(b"not a model")
    (tmp_path / "manifest.json").write_text(json.dumps({"models": {tiles.DETECTOR_MODEL: {
        "file": "mahjong-detector.onnx", "sha256": "0" * 64}}}))
    with pytest.raises(ModelError, match="does not match its manifest"):
        tiles.TileDetector(directory=tmp_path).load()
