"""Name a single card or tile from a photo crop with the shipped ONNX classifier.

onnxruntime and OpenCV are imported inside functions so that importing this module (and typed
scoring) stays light.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from scorer.vision.models import GAMES, ModelError, model_entry

# A crop whose grey levels barely vary (std below this, on 0-255) shows no design at all: an
# empty table patch or a blank frame. Printed cards and tiles, even the white dragon, have an
# edge or frame well above it. Checked before the model, which cannot be trusted on such input.
MIN_CONTRAST_STD = 4.0
# Crops are classified in chunks of this many to bound memory on huge batches.
MAX_BATCH = 256


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


class Classifier:
    """Lazily loaded classifier of one game's cards ("hanafuda") or tiles ("mahjong")."""

    def __init__(self, game: str, models_directory: Path | None = None, top_k: int = 3) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
        self.game = game
        self.top_k = top_k
        self._dir = models_directory
        self._session: Any = None
        self._meta: dict[str, Any] = {}

    def _load(self) -> None:
        if self._session is not None:
            return
        path, entry = model_entry(self.game, self._dir)  # verifies sha256
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.log_severity_level = 3
        try:
            session = ort.InferenceSession(
                str(path), opts, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own untyped errors on a bad file
            raise ModelError(f"cannot load model {path}: {exc}") from exc
        meta = {k: json.loads(v) for k, v in session.get_modelmeta().custom_metadata_map.items()}
        if meta.get("labels") != entry.get("labels"):
            raise ModelError(f"model {path} labels differ from its manifest entry")
        self._meta = meta
        self._session = session

    @property
    def labels(self) -> list[str]:
        """Card/tile labels the model can answer (the reject class excluded)."""
        self._load()
        reject = self._meta["reject_label"]
        return [lab for lab in self._meta["labels"] if lab != reject]

    @property
    def metadata(self) -> dict[str, Any]:
        self._load()
        return dict(self._meta)

    def preprocess(self, crops: list[np.ndarray]) -> np.ndarray:
        import cv2

        w, h = self._meta["input_size"]
        norm = self._meta["normalisation"]
        batch = np.empty((len(crops), h, w, 3), np.float32)
        for i, crop in enumerate(crops):
            img = crop
            if img.ndim == 2:
                img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
            elif img.shape[2] == 4:
                img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
            batch[i] = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
        mean = np.asarray(norm["mean"], np.float32)
        std = np.asarray(norm["std"], np.float32)
        batch = (batch * np.float32(norm["scale"]) - mean) / std
        return np.ascontiguousarray(batch.transpose(0, 3, 1, 2))

    def classify(self, crops: list[np.ndarray]) -> list[Prediction]:
        """Classify BGR uint8 crops of any size, batched."""
        self._load()
        for i, crop in enumerate(crops):
            if crop.dtype != np.uint8 or crop.ndim not in (2, 3) or min(crop.shape[:2]) < 2:
                raise ValueError(f"crop {i} is not a BGR uint8 image (shape {crop.shape}, "
                                 f"dtype {crop.dtype})")
        labels: list[str] = self._meta["labels"]
        reject = labels.index(self._meta["reject_label"])
        temperature = float(self._meta["temperature"])
        threshold = float(self._meta["reject_threshold"])
        out: list[Prediction] = []
        for start in range(0, len(crops), MAX_BATCH):
            chunk = crops[start : start + MAX_BATCH]
            logits = self._session.run(None, {"image": self.preprocess(chunk)})[0]
            z = logits / temperature
            z = z - z.max(axis=1, keepdims=True)
            probs = np.exp(z)
            probs /= probs.sum(axis=1, keepdims=True)
            for crop, p in zip(chunk, probs, strict=True):
                card_p = p.copy()
                card_p[reject] = 0
                order = np.argsort(-card_p)[: self.top_k]
                best = int(order[0])
                conf = float(card_p[best])
                rejected = (
                    int(p.argmax()) == reject or conf < threshold or _is_blank(crop)
                )
                top = [(labels[int(j)], float(card_p[j])) for j in order]
                out.append(Prediction(labels[best], conf, rejected, top))
        return out


def _is_blank(crop: np.ndarray) -> bool:
    grey = crop if crop.ndim == 2 else crop[..., :3].mean(axis=2)
    return float(grey.std()) < MIN_CONTRAST_STD
