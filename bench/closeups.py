"""The 33 real close-ups of single mahjong tiles in `real-photos/closeups` (validation only).

    python bench/closeups.py                  # the shipped models
    python bench/closeups.py --models DIR     # another models folder (e.g. a candidate)

Each close-up is one physical tile photographed by a phone, with cloth and the tile's side
walls around it. Read two ways, as a user would: `--single` (the whole image is the tile,
`scorer recognize IMG --game mahjong --single`), and the photo pipeline (the tile found by the
detector first, `scorer recognize IMG --game mahjong`: right when exactly one tile is found
and named right). Prints figures; not part of the tests. Never train on these photos.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from scorer.training import synth
from scorer.vision import pipeline
from scorer.vision.classify import Classifier

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
ROOT = DATA / "mahjong" / "real-photos"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, default=None, help="models folder (default shipped)")
    args = ap.parse_args()
    with open(ROOT / "closeups.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    clf = Classifier("mahjong", models_directory=args.models)
    single_right = photo_right = 0
    misses = []
    for r in rows:
        truth = synth.mahjong_label(r["tile"])
        img = pipeline.load_image(ROOT / r["file"])
        single = clf.classify([img])[0]
        found = pipeline.recognize_array(img, "mahjong", clf).cards
        photo_ok = len(found) == 1 and found[0].code == truth
        single_right += single.label == truth
        photo_right += photo_ok
        if single.label != truth or not photo_ok:
            misses.append(f"{r['file']}: {truth} read {single.label} ({single.confidence:.2f})"
                          f" single, {[c.code for c in found]} as a photo")
    n = len(rows)
    print("command: python bench/closeups.py" + (f" --models {args.models}" if args.models
                                                  else ""))
    print(f"--single: {single_right}/{n} = {single_right / n:.1%}")
    print(f"photo pipeline: {photo_right}/{n} = {photo_right / n:.1%}")
    print("misses:\n  " + ("\n  ".join(misses) or "none"))


if __name__ == "__main__":
    main()
