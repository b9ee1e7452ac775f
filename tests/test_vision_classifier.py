"""The shipped card/tile classifiers: files, labels, behaviour on crops, errors, CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from scorer.vision.classify import Classifier
from scorer.vision.models import GAMES, ModelError, load_manifest, model_entry, models_dir

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
    assert set(models) == set(GAMES)
    for game in GAMES:
        path, entry = model_entry(game)  # raises on a sha256 mismatch
        assert path.stat().st_size <= MAX_MODEL_BYTES
        assert entry["file"] == f"{game}.onnx"
        assert {"labels", "input_size", "normalisation", "temperature"} <= set(entry)


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
    from scorer.vision import synth

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


def _copy_models(tmp_path: Path) -> Path:
    dest = tmp_path / "models"
    shutil.copytree(models_dir(), dest)
    return dest


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
    with pytest.raises(ModelError, match="missing.*python -m scorer.vision.train --game hanafuda"):
        Classifier("hanafuda", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])
    (d / "manifest.json").unlink()
    with pytest.raises(ModelError, match="manifest"):
        Classifier("mahjong", models_directory=d).classify([np.zeros((8, 8, 3), np.uint8)])


# --- CLI ----------------------------------------------------------------------------------


def _app():  # type: ignore[no-untyped-def]
    from scorer.cli.app import app

    return app


@needs_data
def test_cli_recognize_single_json(tmp_path: Path) -> None:
    import cv2
    from typer.testing import CliRunner

    from scorer.vision import synth

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
