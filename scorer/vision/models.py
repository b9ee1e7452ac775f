"""Where the shipped ONNX models live, and their manifest.

An installed wheel carries the top-level `models/` as `scorer/models` (pyproject force-include);
an editable install reads the repo's `models/` directly.
"""

from __future__ import annotations

import hashlib
import json
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple

from scorer.decks import photo_decks
from scorer.i18n import Said, SaidError

GAMES = photo_decks()  # the decks the photo commands recognise (scorer.decks.DECKS)
# The mahjong second stage: reads a tile the first stage calls a flower or season (1f-8f) at a
# higher resolution, where the corner numeral and character are legible (issue #4).
BONUS_MODEL = "mahjong-bonus"
# The learned mahjong tile detector (scorer/vision/tiles.py).
DETECTOR_MODEL = "mahjong-detector"
# The learned hanafuda/hwatu card detector (scorer/vision/cards.py).
CARD_DETECTOR_MODEL = "hanafuda-detector"
CLASSIFIERS = (*GAMES, BONUS_MODEL)
MODELS = (*CLASSIFIERS, DETECTOR_MODEL, CARD_DETECTOR_MODEL)
MANIFEST = "manifest.json"
RETRAIN_HINTS = {
    **{deck: f"python -m scorer.training --game {deck}" for deck in GAMES},
    BONUS_MODEL: "python -m scorer.training --game mahjong --stage bonus",
    DETECTOR_MODEL: "python -m scorer.training detector",
    CARD_DETECTOR_MODEL: "python -m scorer.training detector --deck hanafuda",
}


class PhotoReader(NamedTuple):
    """How the photo commands read one deck's photos. A deck names the module that holds its
    ``READER`` (``scorer.decks.Deck.reader``): the models, the steps, the framings."""

    classifier: str  # the classifier's name in the manifest
    # "module:function" that finds, crops and reads the pieces of one photo
    # (``pipeline.read_cards``: a pile of cards; ``pipeline.read_tiles``: rows of tiles)
    read: str
    # a model that reads again a crop the first stage calls a flower or season (BONUS_MODEL)
    second_stage: str = ""
    views: int = 1  # framings of each crop averaged (classify.VIEW_ZOOM)

    def reading(self) -> Any:
        """The function of ``read``, imported now."""
        module, _, name = self.read.partition(":")
        __import__(module)
        return getattr(sys.modules[module], name)


def photo_reader(deck: str) -> PhotoReader:
    """The reader of a deck the photo commands recognise; ``ValueError`` naming them else."""
    from scorer.decks import DECKS

    found = DECKS.get(deck)
    if found is None or not found.reader:
        raise ValueError(f"unknown game {deck!r}; expected one of {', '.join(GAMES)}")
    __import__(found.reader)
    reader: PhotoReader = sys.modules[found.reader].READER
    return reader


class ModelError(SaidError, RuntimeError):
    """A model file is missing, altered or unreadable; the message says how to fix it (the
    catalog's ``model.<key>``)."""

    prefix = "model."


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


def _fix_hint(model: str) -> Said:
    return Said("model.fix", command=RETRAIN_HINTS.get(model, "python -m scorer.training "
                                                              "--game <game>"))


def open_session(path: Path) -> tuple[Any, dict[str, Any]]:
    """An onnxruntime session on the CPU for the model at ``path``, and its metadata (JSON
    values)."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    # Worker threads sleep when idle instead of spinning: mahjong runs its sessions back to
    # back, and one's spinning threads held the cores the other needed (a batch of real
    # tiles read by both stages took two thirds longer; one stage alone is unaffected).
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises its own untyped errors on a bad file
        raise ModelError("unloadable", path=path, detail=exc) from exc
    meta = {k: json.loads(v) for k, v in session.get_modelmeta().custom_metadata_map.items()}
    return session, meta


class LazyModel:
    """One ONNX model opened on first use (:meth:`load`): the manifest's ``name``, its file
    verified against its sha256, or the file at ``path``; its onnxruntime ``session`` and
    metadata (``meta``)."""

    def __init__(self, name: str, directory: Path | None = None,
                 path: Path | None = None) -> None:
        self.name = name
        self._dir = directory
        self._path = path
        self.session: Any = None
        self.meta: dict[str, Any] = {}

    def load(self) -> None:
        if self.session is not None:
            return
        path, entry = (self._path, {}) if self._path else model_entry(self.name, self._dir)
        session, meta = open_session(path)
        self.check(path, entry, meta)
        self.meta, self.session = meta, session

    def check(self, path: Path, entry: dict[str, Any], meta: dict[str, Any]) -> None:
        """``ModelError`` where the opened model is not what its reader expects."""


def load_manifest(directory: Path | None = None) -> dict[str, Any]:
    directory = directory or models_dir()
    path = directory / MANIFEST
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise ModelError("manifest-missing", path=path, fix=_fix_hint("<game>")) from None
    except json.JSONDecodeError as exc:
        raise ModelError("manifest-json", path=path, detail=exc,
                         fix=_fix_hint("<game>")) from None
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        raise ModelError("manifest-table", path=path, fix=_fix_hint("<game>"))
    return data


def model_entry(game: str, directory: Path | None = None) -> tuple[Path, dict[str, Any]]:
    """The verified model file of `game` (or of another name in `MODELS`) and its entry."""
    directory = directory or models_dir()
    entry = load_manifest(directory)["models"].get(game)
    if entry is None:
        raise ModelError("absent", game=game, path=directory / MANIFEST, fix=_fix_hint(game))
    path = directory / entry["file"]
    if not path.is_file():
        raise ModelError("file-missing", path=path, fix=_fix_hint(game))
    actual = sha256_of(path)
    if actual != entry["sha256"]:
        raise ModelError("altered", path=path, actual=actual[:12],
                         expected=entry["sha256"][:12], fix=_fix_hint(game))
    return path, entry
