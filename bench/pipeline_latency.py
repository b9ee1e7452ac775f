"""Latency and peak memory of `scorer recognize` on a 12-megapixel photo of 24 cards.

    python bench/pipeline_latency.py                  # 4000x3000 JPEG, 24 overlapping cards
    python bench/pipeline_latency.py --cards 30 --runs 15 --game mahjong

The photo is drawn first (hanafuda: a captured pile of overlapping groups, ``piles``; mahjong:
rows of tiles; art from shared/data, or art-free cards when it is absent) and saved as a
JPEG; a fresh child process then times the whole path a user waits for (decode, detect, crop,
classify) and reports its peak resident memory, so drawing the scene does not count. Cards
and tiles are found by the learned detectors (``models/*-detector.onnx``), loaded before
timing as the classifier is. Prints figures; not part of the tests.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def _vm(field: str) -> float:
    """A /proc/self/status figure in MB (VmHWM: peak resident memory of this process since
    exec; getrusage's maxrss would include the parent's peak inherited across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) / 1024


def child(path: Path, game: str, runs: int) -> None:
    import cv2

    from scorer.vision import pipeline
    from scorer.vision.cards import second_look
    from scorer.vision.classify import Classifier
    from scorer.vision.models import ModelError

    clf: pipeline.ClassifierLike | None = Classifier(game)
    try:
        clf.labels  # type: ignore[union-attr]  # noqa: B018  (load the model before timing)
    except ModelError:
        clf = None
    # no card or tile is found without it: a missing detector stops the run
    (pipeline.shipped_detector() if game == "mahjong" else pipeline.shipped_card_detector()
     ).load()
    base = _vm("VmHWM")

    def found_in(img: np.ndarray) -> list[np.ndarray]:
        if game == "mahjong":
            return [f.corners for f in pipeline.learned_tiles(img)[0].found]
        # both looks where the pile lies small (cards.second_look), as the pipeline finds them
        return [f.corners for f in second_look(pipeline.shipped_card_detector(), img)]

    totals, decode, recog, det, cpu = [], [], [], [], []
    n_cards = 0
    for _ in range(runs):  # what the user waits for: decode + detect + crop + classify
        c0 = time.process_time()
        t0 = time.perf_counter()
        img, (w, h) = pipeline.load_image_sized(path)
        t1 = time.perf_counter()
        if clf is not None:
            res = pipeline.recognize_array(img, game, clf, width=w, height=h)
            n_cards = len(res.cards) + len(res.backs)
        else:
            n_cards = len(found_in(img))
        t2 = time.perf_counter()
        cpu.append(time.process_time() - c0)
        decode.append(t1 - t0)
        recog.append(t2 - t1)
        totals.append(t2 - t0)
    for _ in range(runs):  # the detection share, timed on its own
        t0 = time.perf_counter()
        found_in(img)
        det.append(time.perf_counter() - t0)
    peak = _vm("VmHWM")
    print(json.dumps({
        "image": f"{w}x{h}", "decoded": f"{img.shape[1]}x{img.shape[0]}", "cards": n_cards,
        "classifier": clf is not None, "threads": cv2.getNumThreads(),
        "median_ms": 1000 * float(np.median(totals[1:] or totals)),
        "decode_ms": 1000 * float(np.median(decode)), "detect_ms": 1000 * float(np.median(det)),
        "crop_classify_ms": 1000 * max(0.0, float(np.median(recog) - np.median(det))),
        "cpu_ms": 1000 * float(np.median(cpu)),
        "peak_rss_mb": peak, "rss_before_first_photo_mb": base,
    }))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=24)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--game", choices=["hanafuda", "mahjong"], default="hanafuda")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.game, args.runs)
        return
    import cv2

    from scorer.training import scenes

    rng = np.random.default_rng(7)
    if (DATA / "hanafuda" / "labels.csv").is_file():
        if args.game == "mahjong":
            art = scenes.load_mahjong_art(DATA, ["fluffystuff_regular"])
            scene = scenes.tile_rows_scene(rng, art, groups=[[14], [4, 3, 3]], kind="wood")
        else:
            from scorer.training import piles

            art = piles.load_art(DATA, held_out=True, max_side=600)
            scene = piles.pile_scene(rng, art, args.cards, size=(3000, 4000), layout="pile")
    else:
        scene = scenes.spread_scene(rng, scenes.procedural_cards(rng, args.cards), args.cards,
                                    kind="wood")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "photo.jpg"
        cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        print(f"{path.stat().st_size / 1e6:.1f} MB JPEG, {len(scene.cards)} cards drawn")
        out = subprocess.run([sys.executable, __file__, "--child", str(path), "--game",
                              args.game, "--runs", str(args.runs)], capture_output=True,
                             text=True)
    if out.returncode:
        raise SystemExit(f"the timed run failed:\n{out.stderr.strip()}")
    fig = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{fig['image']} photo (decoded at {fig['decoded']}), {fig['cards']} found, classifier "
          f"{'on' if fig['classifier'] else 'ABSENT (crops only)'}")
    print(f"median end-to-end {fig['median_ms']:.0f} ms  (decode {fig['decode_ms']:.0f}, "
          f"detect {fig['detect_ms']:.0f}, crop+classify {fig['crop_classify_ms']:.0f})")
    print(f"CPU time used (all threads) {fig['cpu_ms']:.0f} ms per photo; wall time grows when "
          "other work (e.g. training) shares the cores")
    print(f"peak RSS {fig['peak_rss_mb']:.0f} MB ({fig['rss_before_first_photo_mb']:.0f} MB "
          "after imports and model load)")


if __name__ == "__main__":
    main()
