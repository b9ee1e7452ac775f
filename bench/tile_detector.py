"""The learned mahjong tile detector, found and read. Prints figures; not a test.

    python bench/tile_detector.py valid            # table-photos/valid (the selection split)
    python bench/tile_detector.py flat             # rows of 14 flat tiles on felt, held-out art
    python bench/tile_detector.py glass wood       # 3-D scenes on glass / wood, held-out art
    python bench/tile_detector.py hand             # a hand and its melds: are the groups right
    python bench/tile_detector.py heap             # 20-40 tiles heaped at any angle
    python bench/tile_detector.py valid --model /tmp/det/mahjong-detector.onnx
    python bench/tile_detector.py valid --models /tmp/candidate   # another classifier

``valid``: every photo of ``mahjong/table-photos/valid`` (the split models and thresholds are
chosen on). A face is *found* when its axis-aligned box has IoU >= 0.5 with a labelled box (one
to one, best pairs first), and *read right* when the pipeline (detector, crop, both classifier
stages) names the labelled tile; precision counts every face reported. Some of those photos
label only the hand row, so precision there is a floor.

``valid`` prints a line for every photo and one for each of three parts:

- *stretched*: photos the dataset's exporter stretched to a square (``STRETCHED``: their
  labelled tiles are at least 3 times as long as they are wide, where a face is 4:3 and a
  standing tile seen with its side about 2:1; no valid photo lies between 3 and 5). Nobody
  photographs a table stretched five times over.
- *misnamed*: photos whose labels name one tile more than ``MISNAMED`` times, where a set
  holds 4 of each and two sets 8 (seven photos label every tile ``1p``: 13 to 42 of them).
  Their faces count for found; their reading cannot be checked.
- *as taken*: the rest, the figure a user meets. The first line is the one a target on the
  whole split names.

``flat``, ``glass``, ``wood``: scenes drawn by ``scorer.training.scenes`` from the art sets held
out of the detector's training (``scenes.HELD_OUT_ART``), on seeds fixed here
(``SEEDS``) and never used while developing. ``flat``: 14 flat tiles side by side on green felt
(a screenshot or a printed chart); a tile is *split* when more than one face lies on it.
``heap``: 20-40 thick tiles in a loose heap, each at any angle, touching and partly lying over
each other, some face down (``scenes.tile_heap_scene``): a tile showing at least
``scenes.EDGE_COUNTED`` of its face is counted (a face-down one is read right as ``back``);
tiles covered beyond that count neither way where found.
``hand``: a concealed hand of 10-14 tiles in one row and 1-3 melds of 3-4 in the next, all of
one held-out maker's art (a hand is one set: mixed art's margins would draw gaps), on any table
the generator draws; besides the figures above it prints how many scenes come out
grouped exactly as laid (every tile found, and tiles share a row and group where and only
where they were laid so) and how many one-tile groups the photos gave against those laid.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from scorer.training import scenes
from scorer.training.common import TABLE
from scorer.training.table_crops import labelled_boxes, table_classes
from scorer.vision import pipeline
from scorer.vision.tiles import TileDetector, box_pairs

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
# The median labelled box's long side over its short side from which a photo counts as
# stretched by the exporter (see the docstring).
STRETCHED = 3.0
# More of one tile than this in one photo's labels: the photo's names are not its tiles'.
MISNAMED = 8
# Seeds of the generated benches, fixed before any figure was read.
SEEDS = {"flat": range(7000, 7040), "glass": range(7100, 7120), "wood": range(7200, 7220),
         "hand": range(7300, 7340), "heap": range(7400, 7430)}


def _truth(path: Path, w: int, h: int, classes: dict[int, str]) -> list[tuple[str, np.ndarray]]:
    """Each labelled tile's code and its box as a quad (TL TR BR BL)."""
    return [(code, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32))
            for code, (x0, y0, x1, y1) in labelled_boxes(path, w, h, classes)]


def match(pred: list[np.ndarray], truth: list[np.ndarray]) -> dict[int, int]:
    """One-to-one matches (truth index -> prediction index) at IoU >= 0.5 of their boxes."""
    return {t: p for p, t in box_pairs(pred, truth)}


class Tally:
    def __init__(self) -> None:
        self.truth = self.found = self.right = self.reported = self.split = 0
        self.seconds: list[float] = []
        self.scenes = self.grouped = self.singles = self.singles_laid = 0

    def add(self, truth: list[tuple[str, np.ndarray]], result: pipeline.PhotoResult) -> None:
        items = result.cards + result.backs
        pred = [c.corners for c in items]
        pairs = match(pred, [q for _, q in truth])
        self.truth += len(truth)
        self.reported += len(pred)
        self.found += len(pairs)
        self.right += sum(items[p].code == truth[t][0] for t, p in pairs.items())
        for _, q in truth:  # faces whose centre lies on this tile
            poly = q.reshape(-1, 1, 2).astype(np.float32)
            on = sum(cv2.pointPolygonTest(poly, tuple(float(v) for v in c.mean(0)), False) >= 0
                     for c in pred)
            self.split += on > 1

    def add_groups(self, truth: list[tuple[int, int]], result: pipeline.PhotoResult,
                   pairs: dict[int, int]) -> None:
        """``truth``: each laid tile's (row, group); ``pairs``: truth index -> card index."""
        got = [(c.row, c.group) for c in result.cards]
        self.scenes += 1
        same = len(pairs) == len(truth) and all(
            (truth[a] == truth[b]) == (got[pairs[a]] == got[pairs[b]])
            for a in pairs for b in pairs if a < b)
        self.grouped += same
        self.singles += sum(n == 1 for n in Counter(got).values())
        self.singles_laid += sum(n == 1 for n in Counter(truth).values())

    def line(self, name: str) -> str:
        t = max(1, self.truth)
        ms = 1000 * float(np.median(self.seconds)) if self.seconds else 0.0
        groups = (f", grouped right {self.grouped}/{self.scenes} scenes, one-tile groups "
                  f"{self.singles} (laid {self.singles_laid})" if self.scenes else "")
        return (f"{name}: {self.truth} tiles, found {self.found / t:.3f} (IoU>=0.5), read right "
                f"{self.right / t:.3f}, precision {self.found / max(1, self.reported):.3f}, "
                f"split {self.split}, {ms:.0f} ms/image median{groups}")


def stretch(truth: list[tuple[str, np.ndarray]]) -> float:
    """The median labelled box's long side over its short side."""
    if not truth:
        return 1.0
    sides = np.array([q.max(0) - q.min(0) for _, q in truth])
    return float(np.median(sides.max(1) / np.maximum(1e-6, sides.min(1))))


def run_valid(det: TileDetector, classifier: object, limit: int) -> dict[str, Tally]:
    classes = table_classes()
    tallies = {"valid": Tally(), "valid, as taken": Tally(), "valid, stretched": Tally(),
               "valid, misnamed": Tally()}
    for path in sorted((TABLE / "valid" / "images").glob("*.jpg"))[: limit or None]:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        h, w = img.shape[:2]
        truth = _truth(TABLE / "valid" / "labels" / (path.stem + ".txt"), w, h, classes)
        t0 = time.perf_counter()
        res = pipeline.recognize_array(img, "mahjong", classifier, detector=det)  # type: ignore[arg-type]
        most = max(Counter(code for code, _ in truth).values(), default=0)
        part = ("valid, stretched" if stretch(truth) >= STRETCHED
                else "valid, misnamed" if most > MISNAMED else "valid, as taken")
        for tally in (tallies["valid"], tallies[part]):
            tally.seconds.append(time.perf_counter() - t0)
            tally.add(truth, res)
    return tallies


def scene_for(kind: str, seed: int, art: list[scenes.ArtCard]) -> scenes.Scene:
    rng = np.random.default_rng(seed)
    if kind == "flat":
        return scenes.tile_rows_scene(rng, art, groups=[[14]], size=(1200, 1600), kind="felt")
    if kind == "hand":
        return scenes.tile_rows_scene(rng, art, size=(1500, 2000))
    if kind == "heap":
        return scenes.tile_heap_scene(rng, art, n=int(rng.integers(20, 41)), size=(1500, 2000))
    if kind == "glass":
        return scenes.tile_blocks_scene(rng, art, n=12, size=(1500, 2000), glass=True)
    return scenes.tile_blocks_scene(rng, art, n=12, size=(1500, 2000), kind="wood")


def run_scenes(kind: str, det: TileDetector, classifier: object) -> Tally:
    def faces(makers: list[str]) -> list[scenes.ArtCard]:
        return [a for a in scenes.load_mahjong_art(DATA, makers) if a.label != "back"]

    art = faces(list(scenes.HELD_OUT_ART))
    by_maker = {m: faces([m]) for m in scenes.HELD_OUT_ART} if kind == "hand" else {}
    tally = Tally()
    for seed in SEEDS[kind]:
        one = scenes.HELD_OUT_ART[seed % len(scenes.HELD_OUT_ART)]
        scene = scene_for(kind, seed, by_maker[one] if by_maker else art)
        truth = [(c.label, c.corners) for c in scene.cards]
        t0 = time.perf_counter()
        res = pipeline.recognize_array(scene.image, "mahjong", classifier, detector=det)  # type: ignore[arg-type]
        tally.seconds.append(time.perf_counter() - t0)
        if scene.cut:  # faces the frame cuts (or a heap covers, or backs) count neither way
            res.cards = [c for c in res.cards if not scene.on_cut(c.corners)]
            res.backs = [c for c in res.backs if not scene.on_cut(c.corners)]
        tally.add(truth, res)
        if kind == "hand":
            pairs = match([c.corners for c in res.cards], [q for _, q in truth])
            tally.add_groups([(c.row, c.group) for c in scene.cards], res, pairs)
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("benches", nargs="+", choices=["valid", *SEEDS])
    ap.add_argument("--model", type=Path, default=None, help="an ONNX detector to measure "
                    "instead of the shipped one")
    ap.add_argument("--models", type=Path, default=None, help="read the classifiers from this "
                    "models directory (a manifest and its files) instead of the shipped one")
    ap.add_argument("--limit", type=int, default=0, help="valid: only this many photos")
    ap.add_argument("--long-side", type=int, default=0, help="run the detector at this input "
                    "size instead of its own (input_long_side in the manifest)")
    ap.add_argument("--threshold", type=float, default=0.0, help="keep peaks from this "
                    "centre score instead of the model's own threshold")
    ap.add_argument("--views-sure", type=float, default=None, help="frame a crop again only "
                    "where its first framing is less sure than this (classify.VIEWS_SURE)")
    args = ap.parse_args()
    from scorer.vision.classify import VIEWS_SURE, Classifier

    det = TileDetector(path=args.model)
    det.load()
    if args.long_side:
        det.meta["input_long_side"] = args.long_side
    if args.threshold:
        det.meta["threshold"] = args.threshold
    classifier = Classifier("mahjong", models_directory=args.models,
                            views_sure=VIEWS_SURE if args.views_sure is None else args.views_sure)
    for bench in args.benches:
        tallies = (run_valid(det, classifier, args.limit) if bench == "valid"
                   else {bench: run_scenes(bench, det, classifier)})
        for name, tally in tallies.items():
            print(tally.line(name), flush=True)


if __name__ == "__main__":
    main()
