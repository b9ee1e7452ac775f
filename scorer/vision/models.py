"""Where the shipped ONNX models live, and their manifest.

An installed wheel carries the top-level `models/` as `scorer/models` (pyproject force-include);
an editable install reads the repo's `models/` directly.
"""

from __future__ import annotations

import hashlib
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

from scorer.decks import photo_decks

GAMES = photo_decks()  # the decks the photo commands recognise (scorer.decks.DECKS)
# The mahjong second stage: reads a tile the first stage calls a flower or season (1f-8f) at a
# higher resolution, where the corner numeral and character are legible (issue #4).
BONUS_MODEL = "mahjong-bonus"
# The learned mahjong tile detector (scorer/vision/tiles.py).
DETECTOR_MODEL = "mahjong-detector"
CLASSIFIERS = (*GAMES, BONUS_MODEL)
MODELS = (*CLASSIFIERS, DETECTOR_MODEL)
MANIFEST = "manifest.json"
RETRAIN_HINTS = {
    "hanafuda": "python -m scorer.vision.train --game hanafuda",
    "mahjong": "python -m scorer.vision.train --game mahjong",
    BONUS_MODEL: "python -m scorer.vision.train --game mahjong --stage bonus",
    DETECTOR_MODEL: "python -m scorer.vision.train detector",
}


class ModelError(RuntimeError):
    """A model file is missing, altered or unreadable; the message says how to fix it."""


def models_dir() -> Path:
    packaged = Path(str(files("scorer") / "models"))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "models"


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fix_hint(model: str) -> str:
    command = RETRAIN_HINTS.get(model, "python -m scorer.vision.train --game <game>")
    return (
        "re-install scorer to restore the shipped models, or retrain with "
        f"`{command}` (needs the `train` extra)"
    )


def load_manifest(directory: Path | None = None) -> dict[str, Any]:
    directory = directory or models_dir()
    path = directory / MANIFEST
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise ModelError(f"model manifest {path} is missing; {_fix_hint('<game>')}") from None
    except json.JSONDecodeError as exc:
        raise ModelError(f"model manifest {path} is not valid JSON ({exc}); "
                         f"{_fix_hint('<game>')}") from None
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        raise ModelError(f"model manifest {path} has no 'models' table; {_fix_hint('<game>')}")
    return data


def model_entry(game: str, directory: Path | None = None) -> tuple[Path, dict[str, Any]]:
    """The verified model file of `game` (or of another name in `MODELS`) and its entry."""
    directory = directory or models_dir()
    entry = load_manifest(directory)["models"].get(game)
    if entry is None:
        raise ModelError(f"no {game!r} model in {directory / MANIFEST}; {_fix_hint(game)}")
    path = directory / entry["file"]
    if not path.is_file():
        raise ModelError(f"model file {path} is missing; {_fix_hint(game)}")
    actual = sha256_of(path)
    if actual != entry["sha256"]:
        raise ModelError(
            f"model file {path} does not match its manifest (sha256 {actual[:12]}..., "
            f"expected {entry['sha256'][:12]}...); {_fix_hint(game)}"
        )
    return path, entry
