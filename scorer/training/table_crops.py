"""Real tile crops for the classifier, cut from the table photos (training extra only).

    python -m scorer.training --game mahjong --table-crops --budget 1800 \\
        --init-from models/mahjong.onnx

Each labelled tile of ``mahjong/table-photos/<split>`` that the learned detector finds (IoU >=
0.5 with its box) is cut along the detector's face, as the pipeline cuts it, so the crop is
upright up to a half turn whatever the photo's turn. Half of the training photos are mirror
images (the exporter flipped them), and which half is not recorded. The shipped classifier
cannot tell them apart on these tiles: on `table-photos/valid`, which holds no mirror image,
it found 11 of 38 photos' tiles more convincing mirrored. So each tile goes in both ways,
as cut and mirrored (no tile is the mirror image of another, so this costs no class), each
turned the way up the classifier reads its label best (a tile's way up is not labelled).
Crops are cached under /tmp, keyed by the split and the two models' sha256.

`turned_over` gives the first stage what it has never been shown: a tile upside down. Read a
half turn off, a 7p reads as a sure 9p and a 6p as a 4p, surer than many right readings, so
a row's tiles pushed together both ways up are read wrong (bench/NOTES.md, "Which way up").
Each crop turned over that the shipped first stage reads as another tile is a reject crop
(`python -m scorer.training --game mahjong --table-crops --turned-over ...`); a tile that
reads as itself turned over (a 2p, a 9s: drawn the same both ways) is left out.
"""

from __future__ import annotations

import csv
import hashlib
import tempfile
from pathlib import Path

import cv2
import numpy as np

from scorer.training.common import TABLE
from scorer.vision import detect, pipeline
from scorer.vision.classify import OnnxModel
from scorer.vision.models import model_entry, sha256_of
from scorer.vision.tiles import DETECTOR_MODEL, TileDetector, box_pairs

CACHE = Path(tempfile.gettempdir()) / "scorer-table-crops"


def table_classes() -> dict[int, str]:
    """The table photos' YOLO class ids and their tile codes (``classes.csv``)."""
    with open(TABLE / "classes.csv", newline="") as fh:
        return {int(r["class"]): r["tile"] for r in csv.DictReader(fh)}


def labelled_boxes(label_path: Path, w: int, h: int, classes: dict[int, str]
                   ) -> list[tuple[str, np.ndarray]]:
    """(tile code, axis-aligned box x0 y0 x1 y1) of each label row (box or polygon)."""
    out = []
    for line in label_path.read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        v = np.array([float(t) for t in parts[1:]])
        if len(v) == 4:
            box = np.array([v[0] - v[2] / 2, v[1] - v[3] / 2, v[0] + v[2] / 2, v[1] + v[3] / 2])
        else:
            box = np.array([v[0::2].min(), v[1::2].min(), v[0::2].max(), v[1::2].max()])
        out.append((classes[int(parts[0])], box * (w, h, w, h)))
    return out


def table_crops(split: str = "train", limit: int = 0, size: tuple[int, int] | None = None
                ) -> tuple[np.ndarray, list[str], dict]:
    """Crops (N, h, w, 3 uint8 BGR at ``size`` (w, h), by default the first stage's input
    size), their tile codes, and counts (photos, tiles read best mirrored, labelled, found)."""
    det_path, _ = model_entry(DETECTOR_MODEL)
    clf_path, _ = model_entry("mahjong")
    key = hashlib.sha256(f"{split}-{limit}-{sha256_of(det_path)}-{sha256_of(clf_path)}"
                         f"{'' if size is None else f'-{size[0]}x{size[1]}'}"
                         .encode()).hexdigest()[:16]
    cache = CACHE / f"{split}-{key}.npz"
    if cache.exists():
        with np.load(cache, allow_pickle=True) as z:
            return z["x"], list(z["y"]), dict(z["stats"].item())
    detector = TileDetector()
    model = OnnxModel("mahjong", None)
    model.load()
    labels = list(model.meta["labels"])
    w, h = size or model.meta["input_size"]
    classes = table_classes()
    xs: list[np.ndarray] = []
    ys: list[str] = []
    stats = {"photos": 0, "best_mirrored": 0, "labelled": 0, "found": 0}
    folder = TABLE / split
    for path in sorted((folder / "images").glob("*.jpg"))[: limit or None]:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        ih, iw = img.shape[:2]
        truth = labelled_boxes(folder / "labels" / (path.stem + ".txt"), iw, ih, classes)
        stats["photos"] += 1
        stats["labelled"] += len(truth)
        faces = [f.corners for f in detector.detect(img)]
        boxes = [np.array([[b[0], b[1]], [b[2], b[3]]]) for _, b in truth]  # two corners do
        pairs = [(i, j) for i, j in box_pairs(faces, boxes) if truth[j][0] in labels]
        if not pairs:
            continue
        crops = [pipeline._crop(img, faces[i], detect.MAHJONG_ASPECT, 1.0, "stretch")
                 for i, _ in pairs]
        views = [[c, cv2.rotate(c, cv2.ROTATE_180), cv2.flip(c, 1),
                  cv2.rotate(cv2.flip(c, 1), cv2.ROTATE_180)] for c in crops]
        probs = model.probabilities([v for vs in views for v in vs]).reshape(len(crops), 4, -1)
        want = np.array([labels.index(truth[j][0]) for _, j in pairs])
        p_true = np.log(np.maximum(probs[np.arange(len(crops)), :, want], 1e-6))  # (n, 4)
        for k, (_, j) in enumerate(pairs):  # the view that reads best, both chiralities
            best = int(np.argmax(p_true[k]))
            stats["best_mirrored"] += int(best >= 2)
            upright = views[k][best - 2 if best >= 2 else best]
            for view in (upright, cv2.flip(upright, 1)):
                xs.append(cv2.resize(view, (w, h), interpolation=cv2.INTER_AREA))
                ys.append(truth[j][0])
        stats["found"] += len(pairs)
    x = np.stack(xs) if xs else np.zeros((0, h, w, 3), np.uint8)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(cache, x=x, y=np.array(ys), stats=np.array(stats, dtype=object))
    return x, ys, stats


# Turned-over reject crops kept at most: the shipped first stage reads over half of the
# 37,528 train crops as another tile turned over; as many rejects would outweigh every tile
# (about 1,300 crops each, art and real), so a seeded draw of about four tiles' share.
TURNED_OVER_MOST = 5000


def turned_over(x: np.ndarray, codes: list[str], seed: int = 0) -> np.ndarray:
    """The crops of `x` (upright, at the first stage's input size) turned a half turn that the
    shipped first stage reads as a tile other than their own `codes` (N, h, w, 3 uint8), at
    most TURNED_OVER_MOST of them drawn with `seed`."""
    model = OnnxModel("mahjong", None)
    model.load()
    labels = list(model.meta["labels"])
    reject = labels.index(model.meta["reject_label"])
    turned = np.ascontiguousarray(x[:, ::-1, ::-1])
    read = model.probabilities(list(turned)).argmax(axis=1)  # batched there
    own = np.array([labels.index(c) for c in codes])
    wrong = np.nonzero((read != own) & (read != reject))[0]
    if len(wrong) > TURNED_OVER_MOST:
        wrong = np.sort(np.random.default_rng(seed).choice(wrong, TURNED_OVER_MOST,
                                                           replace=False))
    return turned[wrong]
