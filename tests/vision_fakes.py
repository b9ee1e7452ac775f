"""Helpers shared by the photo-pipeline tests: a stand-in classifier and scene files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
HAVE_DATA = (DATA / "hanafuda" / "labels.csv").is_file()
NO_DATA = f"card art not found at {DATA} (shared data checkout absent)"
MODELS = Path(__file__).resolve().parents[1] / "models"


def have_model(game: str) -> bool:
    """The shipped model of ``game`` is present and matches its manifest."""
    from scorer.vision.models import ModelError, model_entry

    try:
        model_entry(game, MODELS)
    except ModelError:
        return False
    return True


HAVE_MODELS = have_model("hanafuda")
NO_MODELS = "no trained hanafuda model in models/ yet (see models/manifest.json)"


@dataclass(frozen=True)
class FakePrediction:
    label: str
    confidence: float
    rejected: bool = False
    top: list[tuple[str, float]] = field(default_factory=list)


class FakeClassifier:
    """Answers from a fixed script, in order, so tests need no model.

    Each entry is (label, confidence); the script repeats when crops outnumber it.
    """

    def __init__(self, script: list[tuple[str, float]]) -> None:
        self.script = script
        self.calls = 0

    def classify(self, crops: list[np.ndarray]) -> list[FakePrediction]:
        out = []
        for i, _crop in enumerate(crops):
            label, conf = self.script[(self.calls + i) % len(self.script)]
            out.append(FakePrediction(label, conf, False, [(label, conf), ("pine-junk", 0.1)]))
        self.calls += len(crops)
        return out


class FakeCardDetector:
    """Stands in for the learned card detector: answers the given faces (whole face, visible
    centre, score), layered as the real one answers them, whatever the image."""

    # Seen at a size of its own (``cards.second_look``): the pipeline looks at a photo once.
    long_side: int | None = 0

    def __init__(self, faces: list, size: tuple[int, int] | None = None) -> None:
        self.faces = faces
        self.size = size  # (w, h) the faces are given in; None: the image's own

    def detect(self, image: np.ndarray, threshold: float | None = None,
               mirrored: bool | None = None) -> list:
        from dataclasses import replace

        from scorer.vision.cards import layer

        k = image.shape[1] / self.size[0] if self.size else 1.0
        return layer([replace(f, corners=f.corners * k, centre=f.centre * k, above=(),
                              fraction=1.0, tangled=()) for f in self.faces])

    @staticmethod
    def of_scene(scene: object) -> FakeCardDetector:
        """The faces of a drawn scene's cards (scenes.Scene or piles.PileScene), as a perfect
        detector would find them."""
        from scorer.vision.cards import CardFace

        faces = []
        for c in scene.cards:  # type: ignore[attr-defined]
            centre = getattr(c, "centre", None)
            if centre is None:
                centre = np.asarray(c.visible, np.float32).mean(0)
            faces.append(CardFace(np.asarray(c.corners, np.float32), np.asarray(centre), 0.9))
        h, w = scene.image.shape[:2]  # type: ignore[attr-defined]
        return FakeCardDetector(faces, (w, h))
