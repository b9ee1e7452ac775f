"""Compare our tile classifier with the PyPI peer `mahjong-detector` (a YOLOv8 ONNX detector).

The peer is not a project dependency. Install it (and Pillow) somewhere apart, e.g.

    pip install --target /tmp/peer/site mahjong-detector pillow
    PYTHONPATH=/tmp/peer/site python bench/peer_mahjong_detector.py

Both systems see the same real-val tiles (validation only), pasted side by side into rows of
14 like a hand. The peer detects tiles in the row image; ours is timed twice: the whole photo
pipeline on the same row image (detector, crops, both classifier stages, arrangement: what a
user waits for, the like of the peer's figure), and the classifier alone on the 14 crops (the
crop boxes from the pasting, a perfect detector). A tile counts as right for either system
when the most confident detection centred inside its slot names it; each image is run by one
system then the other, so a busy machine slows both alike. The peer knows only the 34
standard tiles (no flowers/seasons, no back), so both figures are also given on those alone.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path

import cv2
import numpy as np

from scorer.training.synth import mahjong_label
from scorer.vision.classify import Classifier

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "mahjong" / "real-val"
ROW = 14
TILE_H = 160  # row height in pixels: a hand photographed from about 40 cm
PEER_NAMES = {"chun": "7z", "haku": "5z", "hatsu": "6z", "nan": "2z", "pe": "4z", "sha": "3z",
              "tou": "1z"}


def main() -> None:
    try:
        from mahjong_detector.predict import CLASS_NAMES, predict
        from mahjong_detector.preprocess import preprocess_image
        from PIL import Image
    except ImportError as exc:
        raise SystemExit(f"peer not importable ({exc}); see this file's docstring") from None
    with open(DATA / "labels.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    tiles = [cv2.imread(str(DATA / r["file"]), cv2.IMREAD_COLOR) for r in rows]
    truth = [mahjong_label(r["tile"]) for r in rows]
    from scorer.vision import pipeline

    clf = Classifier("mahjong")
    clf.classify(tiles[:2])  # load the models outside the timing
    det = pipeline.shipped_detector()
    det.load()
    ours: list[str] = []
    piped: list[str | None] = []
    peer: list[str | None] = []
    t_ours = t_peer = t_piped = 0.0
    n_images = 0
    for start in range(0, len(tiles), ROW):
        group = tiles[start : start + ROW]
        resized = [cv2.resize(t, (round(t.shape[1] * TILE_H / t.shape[0]), TILE_H))
                   for t in group]
        gap = 6
        widths = [r.shape[1] for r in resized]
        canvas = np.full((TILE_H + 2 * gap, sum(widths) + gap * (len(widths) + 1), 3), 60,
                         np.uint8)
        slots, x = [], gap
        for r in resized:
            canvas[gap : gap + TILE_H, x : x + r.shape[1]] = r
            slots.append((x, x + r.shape[1]))
            x += r.shape[1] + gap
        n_images += 1
        t0 = time.perf_counter()
        crops = [canvas[gap : gap + TILE_H, a:b] for a, b in slots]
        ours += [p.label for p in clf.classify(crops)]
        t_ours += time.perf_counter() - t0
        t0 = time.perf_counter()
        res = pipeline.recognize_array(canvas, "mahjong", clf, detector=det)
        t_piped += time.perf_counter() - t0
        for a, b in slots:
            got = [c for c in res.cards + res.backs if a <= c.corners[:, 0].mean() < b]
            piped.append(max(got, key=lambda c: c.confidence).code if got else None)
        t0 = time.perf_counter()
        pil = Image.fromarray(cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB))
        img, pad = preprocess_image(pil)
        dets = predict(img, pad)
        t_peer += time.perf_counter() - t0
        for a, b in slots:
            inside = [d for d in dets if a <= (d.x1 + d.x2) / 2 < b]
            if inside:
                best = max(inside, key=lambda d: d.confidence)
                name = CLASS_NAMES[best.class_id]
                peer.append(PEER_NAMES.get(name, name))
            else:
                peer.append(None)
    t = np.array(truth)
    std = np.array([not (x.endswith("f") or x == "back") for x in truth])
    o, p = np.array(ours) == t, np.array([q == s for q, s in zip(peer, truth, strict=True)])
    w = np.array([q == s for q, s in zip(piped, truth, strict=True)])
    missed = sum(q is None for q in peer)
    print(f"{len(truth)} real-val tiles in {n_images} row images of up to {ROW} "
          f"(height {TILE_H}px)\n")
    print("| system | all 42 classes | 34 standard tiles | time per row image |")
    print("|---|---|---|---|")
    print(f"| scorer photo pipeline (detect + read) | {w.mean():.1%} | "
          f"{w[std].mean():.1%} | {t_piped / n_images * 1000:.0f} ms |")
    print(f"| scorer classifier, both stages (crops given) | {o.mean():.1%} | "
          f"{o[std].mean():.1%} | {t_ours / n_images * 1000:.0f} ms |")
    print(f"| mahjong-detector 0.0.6 (detect + classify) | {p.mean():.1%} | "
          f"{p[std].mean():.1%} | {t_peer / n_images * 1000:.0f} ms |")
    print(f"\npeer found no tile in {missed} of {len(truth)} slots; the pipeline in "
          f"{sum(q is None for q in piped)}; pipeline time / peer time "
          f"{t_piped / t_peer:.2f}")


if __name__ == "__main__":
    main()
