"""The shipped card/tile classifiers: files, labels, behaviour on crops, errors, CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from scorer.vision.classify import Classifier, _views, _weigh_bonus
from scorer.vision.models import (
    BONUS_MODEL,
    CLASSIFIERS,
    GAMES,
    MODELS,
    RETRAIN_HINTS,
    ModelError,
    load_manifest,
    model_entry,
    models_dir,
)

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
needs_data = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"card art not found at {DATA} (it lives beside the repo)"
)
# One art set per game, small enough to load fast; the crops are rendered at test time.
SETS = {"mahjong": "kde_default", "hanafuda": "itsent_hwatu"}
MAX_MODEL_BYTES = 10 * 1024 * 1024


@pytest.fixture(scope="module", params=GAMES)
def clf(request: pytest.FixtureRequest) -> Classifier:
    return Classifier(request.param)


def test_manifest_lists_every_model_with_matching_hash() -> None:
    models = load_manifest()["models"]
    assert set(models) == set(MODELS)
    for name in MODELS:
        path, entry = model_entry(name)  # raises on a sha256 mismatch
        assert path.stat().st_size <= MAX_MODEL_BYTES
        assert entry["file"] == f"{name}.onnx"
        wanted = ({"labels", "input_size", "normalisation", "temperature"} if name in CLASSIFIERS
                  else {"stride", "input_long_side", "threshold", "selection", "train"})
        assert wanted <= set(entry)


def test_mahjong_reads_flowers_and_seasons_in_a_second_stage() -> None:
    from scorer.training import synth

    entry = load_manifest()["models"][BONUS_MODEL]
    assert entry["labels"] == list(synth.BONUS_LABELS) and entry["reject_label"] is None
    main_w, main_h = load_manifest()["models"]["mahjong"]["input_size"]
    w, h = entry["input_size"]
    assert w > main_w and h > main_h  # the numeral needs the pixels
    assert Classifier("mahjong").metadata["stages"] == ["mahjong", BONUS_MODEL]
    assert Classifier("hanafuda").metadata["stages"] == ["hanafuda"]


def test_model_metadata_agrees_with_manifest(clf: Classifier) -> None:
    entry = load_manifest()["models"][clf.game]
    meta = clf.metadata
    for key in ("labels", "input_size", "normalisation", "temperature", "reject_threshold"):
        assert meta[key] == entry[key], key


def test_hanafuda_labels_are_deck_designs() -> None:
    from scorer.decks.hanafuda import HanafudaCard

    labels = Classifier("hanafuda").labels
    assert "back" in labels
    faces = [lab for lab in labels if lab != "back"]
    for lab in faces:
        assert HanafudaCard.parse(lab).design == lab
    # Every card of the deck has exactly one class (both plain junk of a month share one).
    from scorer.decks.hanafuda import ALL_CARDS

    assert {card.design for card in ALL_CARDS} == set(faces)


def test_mahjong_labels_are_deck_tiles() -> None:
    from scorer.decks.mahjong import Tile

    labels = Classifier("mahjong").labels
    assert len(labels) == 43 and "back" in labels
    for lab in labels:
        if lab != "back":
            assert str(Tile.parse(lab)) == lab


@needs_data
def test_crops_from_the_art_classify_correctly(clf: Classifier) -> None:
    from scorer.training import synth

    rng = np.random.default_rng(7)
    items = synth.load_art(clf.game, DATA, sets=[SETS[clf.game]])
    spec = synth.spec_for(clf.game)
    crops = [synth.render_crop(rng, it.image, spec) for it in items]
    preds = clf.classify(crops)
    right = [p.label == it.label for p, it in zip(preds, items, strict=True)]
    assert np.mean(right) >= 0.9, [
        (it.label, p.label) for p, it in zip(preds, items, strict=True) if p.label != it.label
    ]


def test_blank_and_noise_crops_are_rejected(clf: Classifier) -> None:
    rng = np.random.default_rng(0)
    crops = [
        np.full((120, 90, 3), 128, np.uint8),
        np.full((120, 90, 3), 250, np.uint8),
        np.zeros((60, 60, 3), np.uint8),
        rng.integers(0, 256, (120, 90, 3), dtype=np.uint8),
        rng.integers(0, 256, (300, 200, 3), dtype=np.uint8),
    ]
    preds = clf.classify(crops)
    assert all(p.rejected for p in preds), preds


def test_prediction_shape_and_batching(clf: Classifier) -> None:
    rng = np.random.default_rng(1)
    crops = [rng.integers(0, 256, (h, w, 3), dtype=np.uint8) for h, w in ((40, 30), (500, 333))]
    preds = clf.classify(crops)
    assert len(preds) == 2
    for p in preds:
        assert 0.0 <= p.confidence <= 1.0
        assert p.top[0][0] == p.label and len(p.top) == 3
        assert p.label in clf.labels
    assert clf.classify([]) == []


@pytest.mark.parametrize("name", [*GAMES, BONUS_MODEL])
def test_input_tensor_is_the_resized_crop_normalised_as_the_metadata_says(name: str) -> None:
    """What the network sees: each crop resized (INTER_AREA) to the model's input size, in
    BGR, (x * scale - mean) / std per channel, NCHW, whatever the crop's channels."""
    import cv2

    from scorer.vision.classify import OnnxModel

    model = OnnxModel(name, None)
    model.load()
    w, h = model.meta["input_size"]
    norm = model.meta["normalisation"]
    rng = np.random.default_rng(4)
    crops = [rng.integers(0, 256, (90, 61, 3), dtype=np.uint8),
             rng.integers(0, 256, (33, 47), dtype=np.uint8),  # grey
             rng.integers(0, 256, (120, 100, 4), dtype=np.uint8)]  # BGRA
    got = model.preprocess(crops)
    assert got.shape == (3, 3, h, w) and got.dtype == np.float32 and got.flags["C_CONTIGUOUS"]
    as_bgr = [crops[0], cv2.cvtColor(crops[1], cv2.COLOR_GRAY2BGR), crops[2][..., :3]]
    for tensor, crop in zip(got, as_bgr, strict=True):
        px = cv2.resize(np.ascontiguousarray(crop), (w, h), interpolation=cv2.INTER_AREA)
        for c in range(3):
            scaled = px[..., c].astype(np.float64) * norm["scale"]
            want = (scaled - norm["mean"][c]) / norm["std"][c]
            np.testing.assert_allclose(tensor[c], want, atol=1e-5)


def _copy_models(tmp_path: Path) -> Path:
    dest = tmp_path / "models"
    shutil.copytree(models_dir(), dest)
    return dest


class _FixedReading:
    """Stands in for the bonus reader: the same 1f-8f probabilities for every crop."""

    def __init__(self, reading: list[float]) -> None:
        from scorer.training import synth

        self.meta = {"labels": list(synth.BONUS_LABELS)}
        self.reading = np.asarray(reading)
        self.seen = 0

    def probabilities(self, crops: list[np.ndarray], views: int = 1,
                      sure: float = 1.0) -> np.ndarray:
        self.seen += len(crops)
        return np.tile(self.reading, (len(crops), 1))


def test_second_stage_shares_out_the_flower_season_probability() -> None:
    clf = Classifier("mahjong")
    labels = clf.metadata["labels"]
    reader = _FixedReading([0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.9, 0.0])
    clf._bonus = reader  # type: ignore[assignment]
    card_p = np.zeros((4, len(labels)))
    card_p[0, labels.index("1f")], card_p[0, labels.index("3f")] = 0.5, 0.3  # bonus, 0.8
    card_p[0, labels.index("1s")] = 0.2
    card_p[1, labels.index("5z")] = 0.9  # not a bonus tile: left alone
    card_p[1, labels.index("2f")] = 0.1
    card_p[2, labels.index("4f")] = 0.3  # best label a flower, though the total is low
    card_p[2, labels.index("1s")], card_p[2, labels.index("2s")] = 0.25, 0.25
    card_p[3, labels.index("2f")], card_p[3, labels.index("6f")] = 0.2, 0.2  # 0.4 together
    card_p[3, labels.index("1s")], card_p[3, labels.index("5z")] = 0.35, 0.25  # beat 1s
    out, mass = clf._second_stage([np.zeros((8, 8, 3), np.uint8)] * 4, card_p, labels)
    assert reader.seen == 3  # crops 0, 2 and 3
    assert mass == pytest.approx([0.8, 0.1, 0.3, 0.4])
    assert out[0, labels.index("7f")] == pytest.approx(0.72)
    assert out[0, labels.index("3f")] == pytest.approx(0.08)
    assert out[0, labels.index("1s")] == pytest.approx(0.2)  # other tiles keep theirs
    assert np.array_equal(out[1], card_p[1])
    assert out[2, labels.index("7f")] == pytest.approx(0.27)
    assert out[3, labels.index("7f")] == pytest.approx(0.36)  # now ahead of 1s (0.35)
    assert out.sum(axis=1) == pytest.approx(card_p.sum(axis=1))


def test_weighing_flowers_by_their_copies_in_a_set() -> None:
    # 1s 0.3, 2s 0.1, 1f 0.3, 2f 0.3; flowers at a quarter: 0.075 each, total 0.55, shared
    # out again to 1.0: 1s 0.3/0.55 = 0.5455, 2s 0.1818, each flower 0.075/0.55 = 0.1364.
    labels = ["1s", "2s", "1f", "2f"]
    p = np.array([[0.3, 0.1, 0.3, 0.3]])
    out = _weigh_bonus(p, labels, 0.25)
    assert out[0] == pytest.approx([0.5455, 0.1818, 0.1364, 0.1364], abs=1e-4)
    assert _weigh_bonus(p, ["1s", "2s", "3s", "4s"], 0.25) is p  # no bonus class: unchanged


def test_crops_are_read_in_three_framings() -> None:
    # A 100 x 80 crop: as found, 6% of each side tighter (rows 6-93, columns 5-74: 88 x 70),
    # and 6% looser with the edge pixels repeated (112 x 90, the border copies of the edge).
    crop = np.arange(100 * 80 * 3, dtype=np.uint32).reshape(100, 80, 3).astype(np.uint8)
    found, tight, loose = _views([crop], 3)
    assert found[0] is crop
    assert tight[0].shape == (88, 70, 3) and np.array_equal(tight[0], crop[6:94, 5:75])
    assert loose[0].shape == (112, 90, 3)
    assert np.array_equal(loose[0][6:106, 5:85], crop)
    assert np.array_equal(loose[0][0, 5:85], crop[0])
    # both decks' readers frame a doubtful crop three ways (cards: bench/NOTES.md, "Doubtful
    # cards read in three framings")
    assert Classifier("mahjong").views == 3 and Classifier("hanafuda").views == 3


def test_averaged_framings_are_the_mean_of_each_framings_probabilities() -> None:
    model = Classifier("mahjong")._main
    rng = np.random.default_rng(3)
    crops = [rng.integers(0, 255, (120, 90, 3), dtype=np.uint8) for _ in range(2)]
    each = [model.probabilities(v) for v in _views(crops, 3)]
    assert model.probabilities(crops, 3) == pytest.approx((each[0] + each[1] + each[2]) / 3)
    assert model.probabilities(crops, 1) == pytest.approx(each[0])


def test_flower_is_not_rejected_for_being_hard_to_number() -> None:
    """A crop that is surely some flower or season stays a tile, however the eight split."""
    clf = Classifier("mahjong")
    clf.classify([np.zeros((8, 8, 3), np.uint8)])  # load
    clf._bonus = _FixedReading([0.125] * 8)  # type: ignore[assignment]
    labels = clf.metadata["labels"]
    probs = np.zeros((1, len(labels)))
    probs[0, labels.index("6f")] = 0.95
    probs[0, labels.index("none")] = 0.05
    clf._main.probabilities = lambda crops, views=1, sure=1.0: probs  # type: ignore[method-assign]
    rng = np.random.default_rng(0)
    (pred,) = clf.classify([rng.integers(0, 256, (80, 64, 3), dtype=np.uint8)])
    assert pred.label.endswith("f") and pred.confidence == pytest.approx(0.95 / 8)
    assert not pred.rejected


def test_altered_bonus_reader_gives_a_clear_error(tmp_path: Path) -> None:
    d = _copy_models(tmp_path)
    blob = bytearray((d / f"{BONUS_MODEL}.onnx").read_bytes())
    blob[-10] ^= 0xFF
    (d / f"{BONUS_MODEL}.onnx").write_bytes(bytes(blob))
    with pytest.raises(ModelError, match="does not match.*--game mahjong --stage bonus"):
        Classifier("mahjong", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])


def test_models_folder_without_a_bonus_reader_reads_in_one_stage(tmp_path: Path) -> None:
    """Leave-one-set-out folders hold one model; the classifier then has one stage."""
    d = _copy_models(tmp_path)
    manifest = json.loads((d / "manifest.json").read_text())
    del manifest["models"][BONUS_MODEL]
    (d / "manifest.json").write_text(json.dumps(manifest))
    clf = Classifier("mahjong", models_directory=d)
    assert clf.metadata["stages"] == ["mahjong"]
    assert len(clf.classify([np.zeros((80, 64, 3), np.uint8)])) == 1


def test_altered_model_gives_a_clear_error(tmp_path: Path) -> None:
    d = _copy_models(tmp_path)
    blob = bytearray((d / "mahjong.onnx").read_bytes())
    blob[-10] ^= 0xFF
    (d / "mahjong.onnx").write_bytes(bytes(blob))
    with pytest.raises(ModelError, match="does not match its manifest.*retrain"):
        Classifier("mahjong", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])


def test_missing_model_gives_a_clear_error(tmp_path: Path) -> None:
    d = _copy_models(tmp_path)
    (d / "hanafuda.onnx").unlink()
    with pytest.raises(ModelError, match="missing.*python -m scorer.training --game hanafuda"):
        Classifier("hanafuda", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])
    (d / "manifest.json").unlink()
    with pytest.raises(ModelError, match="manifest"):
        Classifier("mahjong", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])


def test_a_model_problem_is_said_in_spanish(tmp_path: Path) -> None:
    """The same problem, said by ``describe`` in Spanish: the file, what is wrong and how to
    mend it, with no English left but the command to type."""
    from scorer.i18n import describe

    d = _copy_models(tmp_path)
    (d / "hanafuda.onnx").unlink()
    with pytest.raises(ModelError) as err:
        Classifier("hanafuda", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])
    command = RETRAIN_HINTS["hanafuda"]
    assert describe(err.value, "es") == (
        f"falta el archivo de modelo {d / 'hanafuda.onnx'}; reinstala scorer para recuperar "
        f"los modelos que trae, o entrena el modelo de nuevo con `{command}` (necesita el "
        "extra `train`)")
    assert str(err.value).startswith(f"model file {d / 'hanafuda.onnx'} is missing; re-install")


# --- CLI ----------------------------------------------------------------------------------


def _app():  # type: ignore[no-untyped-def]
    from scorer.cli.app import app

    return app


@needs_data
def test_cli_recognize_single_json(tmp_path: Path) -> None:
    import cv2
    from typer.testing import CliRunner

    from scorer.training import synth

    rng = np.random.default_rng(3)
    item = next(
        it for it in synth.load_art("hanafuda", DATA, sets=[SETS["hanafuda"]])
        if it.label == "willow-junk"
    )
    path = tmp_path / "card.png"
    cv2.imwrite(str(path), synth.render_crop(rng, item.image, synth.spec_for("hanafuda")))
    result = CliRunner().invoke(
        _app(), ["recognize", str(path), "--game", "hanafuda", "--single", "--json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["code"] == "willow-junk"
    assert doc["plant"] == "willow" and doc["kind"] == "junk"
    assert doc["junk_variant"] == "lightning"
    assert 0 < doc["confidence"] <= 1


def test_cli_recognize_bad_input(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    runner = CliRunner()
    missing = runner.invoke(
        _app(), ["recognize", str(tmp_path / "nope.jpg"), "--game", "mahjong", "--single"]
    )
    assert missing.exit_code == 2
    assert missing.stderr.count("\n") == 1 and "Traceback" not in missing.output
    text = tmp_path / "notes.jpg"
    text.write_text("not an image")
    bad = runner.invoke(_app(), ["recognize", str(text), "--game", "mahjong", "--single"])
    assert bad.exit_code == 2 and "not an image" in bad.stderr


def test_a_crop_read_surely_in_its_first_framing_is_not_framed_again() -> None:
    # `sure`: crops whose first framing gives a class at least that probability keep it;
    # the others average every framing, as without it.
    model = Classifier("mahjong")._main
    rng = np.random.default_rng(3)
    crops = [rng.integers(0, 255, (120, 90, 3), dtype=np.uint8) for _ in range(3)]
    first = model.probabilities(crops)
    every = model.probabilities(crops, 3)
    line = float(np.sort(first.max(axis=1))[1])  # the middle crop's best class: sure from it
    mixed = model.probabilities(crops, 3, sure=line)
    kept = first.max(axis=1) >= line
    assert kept.sum() == 2
    assert mixed[kept] == pytest.approx(first[kept])
    assert mixed[~kept] == pytest.approx(every[~kept])
