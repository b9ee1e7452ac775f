"""Mahjong pipeline on real phone photos of physical tiles. Prints figures; not a test.

    python bench/real_photos.py                      # all 20 photos of mahjong/real-photos
    python bench/real_photos.py --half dev           # the development half (odd photo numbers)
    python bench/real_photos.py --photo hlin_demo_8 --annotate /tmp/rp

Runs ``pipeline.recognize_path`` (the path ``scorer recognize PHOTO --game mahjong`` takes:
decode, detect, crop, both classifier stages) on every photo in
``../shared/data/mahjong/real-photos/photos`` and compares the tiles it reports (``cards``
and ``backs``; regions the pipeline drops as not-a-tile are not reported, so not counted)
with ``boxes.csv``.

Matching: a reported tile matches a box when the centre of its outline lies inside the box
(the box holds the whole visible block: face, side walls and back layer, so a correctly found
face, which is smaller, always has its centre inside). One to one: each box takes the
reported tile whose centre is nearest the box centre; a second tile inside the same box (a
tile cut in two) and a tile inside no box are *phantoms*. The figure with the stricter rule
(IoU of axis-aligned boxes >= 0.5, one to one) is printed too, for reference: a face found
without its side walls has an IoU of about 0.6-0.8 with the box.

Validation only (``../shared/data/README.md``): nothing trains or tunes on these photos; the
development half (``--half dev``, odd photo numbers) is the one looked at while developing,
and the figure to report is on all 20.
"""

from __future__ import annotations

import argparse
import csv
import re
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from scorer.training import scenes
from scorer.vision import pipeline

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
PHOTOS = DATA / "mahjong" / "real-photos"
# Red fives are read as plain fives (docs/photos.md); the set has none, but a label
# with a marker would be compared without it.
_RED = re.compile(r"^0([mps])$")


@dataclass
class Box:
    tile: str
    x: float
    y: float
    w: float
    h: float

    def contains(self, p: np.ndarray) -> bool:
        return bool(self.x <= p[0] <= self.x + self.w and self.y <= p[1] <= self.y + self.h)

    @property
    def centre(self) -> np.ndarray:
        return np.array([self.x + self.w / 2, self.y + self.h / 2])


def load_boxes(root: Path) -> dict[str, list[Box]]:
    out: dict[str, list[Box]] = {}
    with open(root / "boxes.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            tile = _RED.sub(r"5\1", row["tile"])
            out.setdefault(Path(row["photo"]).stem, []).append(
                Box(tile, float(row["x"]), float(row["y"]), float(row["w"]), float(row["h"])))
    return out


def _aabb_iou(corners: np.ndarray, b: Box) -> float:
    x0, y0 = corners.min(0)
    x1, y1 = corners.max(0)
    ix = max(0.0, min(x1, b.x + b.w) - max(x0, b.x))
    iy = max(0.0, min(y1, b.y + b.h) - max(y0, b.y))
    inter = ix * iy
    union = (x1 - x0) * (y1 - y0) + b.w * b.h - inter
    return float(inter / union) if union > 0 else 0.0


def match_centre(found: list[pipeline.RecognizedCard], boxes: list[Box]
                 ) -> list[tuple[int, int]]:
    """(found index, box index) pairs: centre inside the box, nearest centre first."""
    cands = []
    for i, c in enumerate(found):
        p = c.corners.mean(0)
        for j, b in enumerate(boxes):
            if b.contains(p):
                cands.append((float(np.linalg.norm(p - b.centre)), i, j))
    used_f: set[int] = set()
    used_b: set[int] = set()
    pairs = []
    for _, i, j in sorted(cands):
        if i in used_f or j in used_b:
            continue
        used_f.add(i)
        used_b.add(j)
        pairs.append((i, j))
    return pairs


def match_iou(found: list[pipeline.RecognizedCard], boxes: list[Box],
               min_iou: float = 0.5) -> list[tuple[int, int]]:
    return scenes.match([c.corners for c in found], boxes, min_iou, iou=_aabb_iou)


def _photo_number(name: str) -> int:
    m = re.search(r"(\d+)$", name)
    return int(m.group(1)) if m else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=PHOTOS)
    ap.add_argument("--half", choices=["all", "dev", "check"], default="all",
                    help="dev: odd photo numbers (looked at while developing); check: even")
    ap.add_argument("--photo", action="append", help="only these photos (stem), repeatable")
    ap.add_argument("--models", type=Path, default=None, help="model folder (default shipped)")
    ap.add_argument("--annotate", type=Path, default=None,
                    help="write annotated copies (half size) into this folder (outside the repo)")
    args = ap.parse_args()
    if not (args.root / "boxes.csv").is_file():
        raise SystemExit(f"real photos not found at {args.root}")
    from scorer.vision.classify import Classifier

    clf = Classifier("mahjong", args.models)
    boxes = load_boxes(args.root)
    names = sorted(boxes, key=_photo_number)
    if args.photo:
        names = [n for n in names if n in args.photo]
    elif args.half != "all":
        odd = args.half == "dev"
        names = [n for n in names if (_photo_number(n) % 2 == 1) == odd]
    tot = {"tiles": 0, "found": 0, "right": 0, "phantoms": 0, "iou_found": 0, "iou_right": 0}
    worst_phantoms = 0
    times = []
    print(f"{'photo':14s} {'tiles':>5s} {'found':>5s} {'right':>5s} {'phantom':>7s} "
          f"{'iou>=.5':>7s} {'ms':>6s}  misread / missed")
    for name in names:
        path = args.root / "photos" / f"{name}.jpg"
        t0 = time.perf_counter()
        res, image = pipeline.recognize_path(path, "mahjong", clf)
        times.append(time.perf_counter() - t0)
        found = res.cards + res.backs
        bx = boxes[name]
        pairs = match_centre(found, bx)
        right = [(i, j) for i, j in pairs if found[i].code == bx[j].tile]
        ipairs = match_iou(found, bx)
        iright = sum(found[i].code == bx[j].tile for i, j in ipairs)
        phantoms = len(found) - len(pairs)
        worst_phantoms = max(worst_phantoms, phantoms)
        matched_b = {j for _, j in pairs}
        notes = [f"{bx[j].tile}->{found[i].code}" for i, j in pairs
                 if found[i].code != bx[j].tile]
        notes += [f"{b.tile}:missed" for j, b in enumerate(bx) if j not in matched_b]
        for k, v in (("tiles", len(bx)), ("found", len(pairs)), ("right", len(right)),
                     ("phantoms", phantoms), ("iou_found", len(ipairs)),
                     ("iou_right", iright)):
            tot[k] += v
        print(f"{name:14s} {len(bx):5d} {len(pairs):5d} {len(right):5d} {phantoms:7d} "
              f"{len(ipairs):7d} {1000 * times[-1]:6.0f}  {' '.join(notes)}")
        if args.annotate:
            args.annotate.mkdir(parents=True, exist_ok=True)
            out = res.annotate(image)
            for b in bx:
                cv2.rectangle(out, (int(b.x), int(b.y)), (int(b.x + b.w), int(b.y + b.h)),
                              (255, 128, 0), 4)
            out = cv2.resize(out, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
            cv2.imwrite(str(args.annotate / f"{name}.jpg"), out)
    n = max(1, tot["tiles"])
    print(f"total {len(names)} photos, {tot['tiles']} tiles: found {tot['found']} "
          f"({tot['found'] / n:.1%}), read right {tot['right']} ({tot['right'] / n:.1%}; "
          f"{tot['right'] / max(1, tot['found']):.1%} of found), phantoms {tot['phantoms']} "
          f"(most in one photo: {worst_phantoms})")
    print(f"  with IoU >= 0.5 matching: found {tot['iou_found']}, read right {tot['iou_right']}")
    print(f"  latency per photo (decode to result, this machine): median "
          f"{1000 * float(np.median(times)):.0f} ms, max {1000 * max(times):.0f} ms")


if __name__ == "__main__":
    main()
