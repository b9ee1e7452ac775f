"""Name a single card or tile from a photo crop with the shipped ONNX classifier.

onnxruntime and OpenCV are imported inside functions so that importing this module (and typed
scoring) stays light.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from scorer.vision.models import LazyModel, ModelError, load_manifest, photo_reader

# A crop whose grey levels barely vary (std below this, on 0-255) shows no design at all: an
# empty table patch or a blank frame. Printed cards and tiles, even the white dragon, have an
# edge or frame well above it. Checked before the model, which cannot be trusted on such input.
MIN_CONTRAST_STD = 4.0
# A crop narrower than this on either side cannot show a design (and cannot be resized to
# the model's input): callers answer "no card" before asking the classifier.
MIN_CROP_SIDE = 2
# Crops are classified in chunks of this many to bound memory on huge batches.
MAX_BATCH = 256
# A set holds four of every standard tile and one of each flower and season ("136 fichas ...
# Que consta de 4 juegos de 34 fichas" and "A veces se añaden uno o dos juegos de 4 flores,
# pero no es muy popular", seeds/002), while the models are trained on as many crops of a
# flower as of any other tile. Weighing each class by its copies in a set (Bayes' rule for
# the changed prior: a flower a quarter of a standard tile) reads a set of unseen makers'
# tiles about one point better per tile, but its flowers nearly half worse (bench/NOTES.md,
# "The set's prior"), and a flower taken for a standard tile is not asked about, while a
# standard tile taken for a flower always is (pipeline.ALWAYS_CONFIRM). So the weight stays
# at 1 (as trained); `bonus_prior` and `bench/eval_classifier.py --bonus-prior` measure others.
BONUS_PRIOR = 1.0
# Mahjong crops are read in three framings (its reader's ``views``: as found, VIEW_ZOOM of
# each side tighter, as much looser) and their probabilities averaged: a detected outline is
# a few percent off the face either way, and the average does not hang on one framing.
# Compared on PySol's sets the models never saw (bench/NOTES.md, "Three framings"): standard
# tiles 77.5% -> 78.8%, flowers/seasons 24.5% -> 25.7%. Hanafuda cards too (cards.READER).
VIEW_ZOOM = 0.06
# A crop whose first framing names one class at least this surely is not framed again: the
# other framings change the reading of crops the first one doubts. On table-photos/valid
# (as taken) 0.9 and 0.99 read the same 97.5% as every crop framed three times
# (bench/NOTES.md, "Framing only the doubtful").
VIEWS_SURE = 0.9


@dataclass(frozen=True)
class Prediction:
    """`label` is the best card/tile class even when `rejected`; `confidence` is its
    temperature-calibrated probability; `top` lists the best card/tile classes."""

    label: str
    confidence: float
    rejected: bool
    top: list[tuple[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "confidence": round(self.confidence, 4),
            "rejected": self.rejected,
            "top": [[lab, round(p, 4)] for lab, p in self.top],
        }


class OnnxModel(LazyModel):
    """One verified classifier of the manifest (`models.MODELS`) and its metadata, loaded on
    use."""

    def __init__(self, name: str, directory: Path | None) -> None:
        super().__init__(name, directory)

    def check(self, path: Path, entry: dict[str, Any], meta: dict[str, Any]) -> None:
        if meta.get("labels") != entry.get("labels"):
            raise ModelError("labels", path=path)

    def preprocess(self, crops: list[np.ndarray]) -> np.ndarray:
        import cv2

        w, h = self.meta["input_size"]
        norm = self.meta["normalisation"]
        pixels = np.empty((len(crops), h, w, 3), np.uint8)
        for i, crop in enumerate(crops):
            img = crop
            if img.ndim == 2:
                img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
            elif img.shape[2] == 4:
                img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
            pixels[i] = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
        # (x * scale - mean) / std as one multiply-add per channel plane, after moving the
        # channels out (uint8, cheap). Done on the interleaved float batch, numpy broadcast
        # over an axis of 3 at 0.16 ms a crop, a fifth of what the first stage's network costs.
        std = np.asarray(norm["std"], np.float32)
        gain = (np.float32(norm["scale"]) / std)[None, :, None, None]
        offset = (-np.asarray(norm["mean"], np.float32) / std)[None, :, None, None]
        batch = pixels.transpose(0, 3, 1, 2).astype(np.float32, order="C")
        batch *= gain
        batch += offset
        return batch

    def probabilities(self, crops: list[np.ndarray], views: int = 1,
                      sure: float = 1.0) -> np.ndarray:
        """Temperature-calibrated class probabilities, (len(crops), classes), averaged over
        ``views`` framings of each crop (`_views`); a crop whose first framing gives one
        class at least ``sure`` keeps that reading alone."""
        first = self._probabilities(crops)
        if views <= 1 or not crops:
            return first
        unsure = np.nonzero(first.max(axis=1) < sure)[0]
        if len(unsure) == 0:
            return first
        more = [self._probabilities(v) for v in _views([crops[i] for i in unsure], views)[1:]]
        out = first.copy()
        out[unsure] = np.mean([first[unsure], *more], axis=0)
        return out

    def _probabilities(self, crops: list[np.ndarray]) -> np.ndarray:
        self.load()
        temperature = float(self.meta["temperature"])
        out = []
        for start in range(0, len(crops), MAX_BATCH):
            batch = self.preprocess(crops[start : start + MAX_BATCH])
            logits = self.session.run(None, {"image": batch})[0]
            z = logits / temperature
            z = z - z.max(axis=1, keepdims=True)
            probs = np.exp(z)
            out.append(probs / probs.sum(axis=1, keepdims=True))
        return np.concatenate(out) if out else np.zeros((0, len(self.meta["labels"])))


class Classifier:
    """Lazily loaded classifier of one deck's cards ("hanafuda") or tiles ("mahjong"), as the
    deck's reader (`models.PhotoReader`) names it.

    A deck whose reader has a second stage (mahjong: `models.BONUS_MODEL`) is read in two
    stages when the models directory lists it (the shipped models do) and `second_stage` is
    left on: the first names any tile, and a crop whose flower/season probabilities (1f-8f)
    add up to more than its best other tile is read again at a resolution where the corner
    numeral is legible (see `_second_stage`). Leave-one-set-out folders without a reader
    read in one stage.
    """

    def __init__(
        self,
        game: str,
        models_directory: Path | None = None,
        top_k: int = 3,
        second_stage: bool = True,
        bonus_prior: float = BONUS_PRIOR,
        views: int | None = None,
        views_sure: float = VIEWS_SURE,
    ) -> None:
        reader = photo_reader(game)
        self.game = game
        self.top_k = top_k
        self.bonus_prior = bonus_prior
        self.views = reader.views if views is None else views
        self.views_sure = views_sure
        self._dir = models_directory
        self._main = OnnxModel(reader.classifier, models_directory)
        self._second = reader.second_stage  # "" : one stage
        self._bonus: OnnxModel | None = None
        self._staged = not second_stage

    def _load(self) -> None:
        self._main.load()
        if not self._staged:
            if self._second and self._second in load_manifest(self._dir)["models"]:
                self._bonus = OnnxModel(self._second, self._dir)
                self._bonus.load()
            self._staged = True

    @property
    def labels(self) -> list[str]:
        """Card/tile labels the model can answer (the reject class excluded)."""
        self._load()
        reject = self._main.meta["reject_label"]
        return [lab for lab in self._main.meta["labels"] if lab != reject]

    @property
    def metadata(self) -> dict[str, Any]:
        """The first stage's metadata; `stages` names every model used."""
        self._load()
        stages = [self._main.name] + ([self._second] if self._bonus else [])
        return {**self._main.meta, "stages": stages}

    def preprocess(self, crops: list[np.ndarray]) -> np.ndarray:
        """The first stage's input tensor for `crops` (NCHW float32)."""
        self._load()
        return self._main.preprocess(crops)

    def first_stage(self, crops: list[np.ndarray]) -> list[Prediction]:
        """``classify`` without the second stage: a flower or season is the first stage's own
        reading, its total share of the eight the same as ``classify`` keeps (the second
        stage only shares that total out)."""
        return self.classify(crops, second_stage=False)

    def classify(self, crops: list[np.ndarray], second_stage: bool = True
                 ) -> list[Prediction]:
        """Classify BGR uint8 crops of any size, batched."""
        self._load()
        for i, crop in enumerate(crops):
            if crop.dtype != np.uint8 or crop.ndim not in (2, 3):
                raise ValueError(f"crop {i} is not a BGR uint8 image (shape {crop.shape}, "
                                 f"dtype {crop.dtype})")
            if min(crop.shape[:2]) < MIN_CROP_SIDE:
                raise ValueError(f"crop {i} is {crop.shape[1]}x{crop.shape[0]} pixels; the "
                                 f"classifier needs at least {MIN_CROP_SIDE} on each side")
        labels: list[str] = self._main.meta["labels"]
        reject = labels.index(self._main.meta["reject_label"])
        threshold = float(self._main.meta["reject_threshold"])
        probs = self._main.probabilities(crops, self.views, self.views_sure)
        card_p = probs.copy()
        card_p[:, reject] = 0
        # How sure the first stage is that the crop is some card or tile: its best class, or for
        # a flower/season all eight together (the bonus reader only shares that out).
        is_tile = card_p.max(axis=1)
        if self._bonus is not None:
            bonus = [labels.index(lab) for lab in self._bonus.meta["labels"]]
            is_tile = np.maximum(is_tile, card_p[:, bonus].sum(axis=1))
        if self._second and self.bonus_prior != 1.0:
            card_p = _weigh_bonus(card_p, labels, self.bonus_prior)
        if self._bonus is not None and second_stage:
            card_p, _ = self._second_stage(crops, card_p, labels)
        out: list[Prediction] = []
        for crop, p, cp, tile_p in zip(crops, probs, card_p, is_tile, strict=True):
            order = np.argsort(-cp)[: self.top_k]
            best = int(order[0])
            conf = float(cp[best])
            # a Python bool: numpy's (from the threshold) is no JSON (`recognize --single --json`)
            rejected = bool(int(p.argmax()) == reject or tile_p < threshold or _is_blank(crop))
            top = [(labels[int(j)], float(cp[j])) for j in order]
            out.append(Prediction(labels[best], conf, rejected, top))
        return out

    def _second_stage(
        self, crops: list[np.ndarray], card_p: np.ndarray, labels: list[str]
    ) -> tuple[np.ndarray, np.ndarray]:
        """(`card_p` with each routed crop's flower/season share split by the bonus reader,
        the first stage's total flower/season probability of each crop).

        That total is kept and shared out among 1f-8f as the bonus reader says. Only a crop
        whose total beats its best other tile is read: elsewhere no sharing could put a flower
        or season first. Crops the first stage rejects are read too: their label is what the
        confirm prompt suggests, and a real flower is often rejected by the first stage.
        """
        assert self._bonus is not None
        bonus_labels: list[str] = self._bonus.meta["labels"]
        cols = np.array([labels.index(lab) for lab in bonus_labels])
        mass = card_p[:, cols].sum(axis=1)
        others = card_p.copy()
        others[:, cols] = 0
        routed = np.nonzero(mass > others.max(axis=1))[0]
        if len(routed) == 0:
            return card_p, mass
        reading = self._bonus.probabilities([crops[i] for i in routed], self.views,
                                            self.views_sure)
        out = card_p.copy()
        out[np.ix_(routed, cols)] = mass[routed, None] * reading
        return out, mass


def _views(crops: list[np.ndarray], views: int) -> list[list[np.ndarray]]:
    """The crops as found, then framed VIEW_ZOOM tighter, then as much looser (the edge
    pixels repeated): up to three framings of every crop."""
    import cv2

    out = [crops]
    for zoom in (VIEW_ZOOM, -VIEW_ZOOM)[: views - 1]:
        framed = []
        for c in crops:
            h, w = c.shape[:2]
            dy, dx = int(round(abs(zoom) * h)), int(round(abs(zoom) * w))
            if zoom > 0:
                framed.append(c[dy:h - dy, dx:w - dx] if min(h - 2 * dy, w - 2 * dx) > 2 else c)
            else:
                framed.append(cv2.copyMakeBorder(c, dy, dy, dx, dx, cv2.BORDER_REPLICATE))
        out.append(framed)
    return out


def _weigh_bonus(card_p: np.ndarray, labels: list[str], prior: float) -> np.ndarray:
    """Each crop's tile probabilities with the flowers' and seasons' weighed by ``prior``
    against a standard tile's, shared out again to the same total."""
    cols = [i for i, lab in enumerate(labels) if lab.endswith("f")]
    if not cols:
        return card_p
    total = card_p.sum(axis=1, keepdims=True)
    out = card_p.copy()
    out[:, cols] *= prior
    return np.asarray(out * total / np.maximum(out.sum(axis=1, keepdims=True), 1e-12))


def _is_blank(crop: np.ndarray) -> bool:
    # OpenCV's grey conversion and meanStdDev: numpy's mean over the 3-wide colour axis took
    # ~0.5 ms a crop, as long as the first stage itself.
    import cv2

    grey = crop if crop.ndim == 2 else cv2.cvtColor(
        np.ascontiguousarray(crop[..., :3]), cv2.COLOR_BGR2GRAY
    )
    return float(cv2.meanStdDev(grey)[1][0, 0]) < MIN_CONTRAST_STD
