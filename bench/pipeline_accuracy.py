"""Photo pipeline accuracy on synthetic table scenes. Prints figures; not part of the tests.

    python bench/pipeline_accuracy.py                     # 12 scenes per layout, 4000x3000
    python bench/pipeline_accuracy.py --scenes 4 --size 1500x2000 --art-set timomt
    python bench/pipeline_accuracy.py --models /tmp/scorer-loso/hanafuda-indygwyn_cards_alt
    python bench/pipeline_accuracy.py --only fanned --layout auto   # the auto decision
    python bench/pipeline_accuracy.py --only blocks --kind pale --lamp  # pale table, one lamp
    python bench/pipeline_accuracy.py --only blocks --ring 9  # touching tiles at odd angles
    python bench/pipeline_accuracy.py --only blocks --grid --seed 500 --size 1500x2000
    python bench/pipeline_accuracy.py --only blocks --seed 700 --size 1500x2000 --scenes 10 \\
        --grid-shapes 4x6,3x8,2x11,4x5,3x7     # large grids, as a hand laid out on the table
    python bench/pipeline_accuracy.py --only blocks --row-only --seed 900 --size 1500x2000 \\
        --scenes 10                            # a row of touching tiles, nothing else

Hanafuda: scenes of 10-30 cards from ONE art set (``--art-set``; it should be a set the model
was trained without: pass a leave-one-set-out model with ``--models``), on wood, felt, cloth,
paper and printed tablecloths, with uneven light, for the spread layout and for fanned capture
cascades. Per card: detection recall/precision (outline IoU >= 0.5) and recognition
recall/precision (outline matched and label right).

Blocks: physical mahjong tiles drawn in 3-D (``scenes.tile_blocks_scene``: side walls in a back
colour, shadows, a row of touching tiles, some on glass) from the art sets ``--tile-sets``;
per tile, the face found (IoU >= 0.5), read right, and phantoms; tiles cut in two show as
phantoms. ``bench/real_photos.py`` measures the same on real photos.

Mahjong: rows assembled from the real tile photos of ``mahjong/real-val`` (validation only:
nothing here trains or tunes on them); per-tile accuracy, including tiles the detector missed.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from scorer.vision import detect, pipeline, scenes

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def _classifier(game: str, models: Path | None) -> pipeline.ClassifierLike | None:
    from scorer.vision.classify import Classifier
    from scorer.vision.models import ModelError

    clf = Classifier(game, models)
    try:
        clf.labels  # noqa: B018  (load now to report a missing model once)
    except ModelError as err:
        print(f"[{game}] no classifier ({err}); detection figures only")
        return None
    return clf


class _NoClassifier:
    def classify(self, crops: list[np.ndarray]) -> list[object]:
        from scorer.vision.classify import Prediction

        return [Prediction("?", 1.0, False, [("?", 1.0)]) for _ in crops]


def _matched(found: list[pipeline.RecognizedCard], scene: scenes.Scene
             ) -> tuple[list[tuple[int, int]], int]:
    """Outline matches (IoU >= 0.5) between found cards and drawn ones, and how many of the
    matched cards carry the right label."""
    pairs = scenes.match([c.corners for c in found], [c.visible for c in scene.cards])
    return pairs, sum(found[a].code == scene.cards[b].label for a, b in pairs)


def run_layout(layout: str, art: list[scenes.ArtCard], clf: pipeline.ClassifierLike | None,
               n_scenes: int, size: tuple[int, int], seed: int, told: str = "") -> None:
    """``told``: the layout passed to the pipeline (default: the scene's own; ``auto`` measures
    how well the automatic decision finds that layout)."""
    det_tp = det_found = recog_tp = total = 0
    times = []
    for i in range(n_scenes):
        rng = np.random.default_rng(seed + i)
        n = int(rng.integers(10, 31))
        kind = scenes.BACKGROUND_KINDS[i % len(scenes.BACKGROUND_KINDS)]
        if layout == "spread":
            scene = scenes.spread_scene(rng, art, n, size=size, kind=kind)
        else:
            scene = scenes.fanned_scene(rng, art, n, size=size, kind=kind)
        t0 = time.perf_counter()
        res = pipeline.recognize_array(scene.image, "hanafuda", clf or _NoClassifier(),
                                       layout=told or layout)
        times.append(time.perf_counter() - t0)
        found = res.cards + res.backs
        pairs, right = _matched(found, scene)
        det_tp += len(pairs)
        det_found += len(found)
        total += len(scene.cards)
        recog_tp += right
        print(f"  scene {i:2d} {kind:8s} {len(scene.cards):2d} cards: found {len(found):2d}, "
              f"matched {len(pairs):2d}, right {right:2d}  {1000 * times[-1]:.0f} ms")
    print(f"[{layout}] detection recall {det_tp / total:.3f} precision "
          f"{det_tp / max(1, det_found):.3f} ({det_tp}/{total} cards, {det_found} found)")
    if clf is not None:
        print(f"[{layout}] recognition recall {recog_tp / total:.3f} precision "
              f"{recog_tp / max(1, det_found):.3f} (label right and outline matched)")
    print(f"[{layout}] median {1000 * float(np.median(times)):.0f} ms per scene "
          f"(this machine, synthetic decode-free)")


def run_mahjong(clf: pipeline.ClassifierLike | None, n_scenes: int, size: tuple[int, int],
                seed: int) -> None:
    tiles = scenes.load_mahjong_art(DATA, real_val=True, max_side=320)
    tp = det = total = right_given_det = 0
    for i in range(n_scenes):
        rng = np.random.default_rng(seed + i)
        kind = scenes.BACKGROUND_KINDS[i % len(scenes.BACKGROUND_KINDS)]
        scene = scenes.tile_rows_scene(rng, tiles, size=size, kind=kind)
        res = pipeline.recognize_array(scene.image, "mahjong", clf or _NoClassifier())
        pairs, right = _matched(res.cards, scene)
        tp += len(pairs)
        det += len(res.cards)
        total += len(scene.cards)
        right_given_det += right
        print(f"  rows {i:2d} {kind:8s} {len(scene.cards):2d} tiles: found {len(res.cards):2d}"
              f", matched {len(pairs):2d}, right {right:2d}")
    print(f"[mahjong real-val rows] detection recall {tp / total:.3f} precision "
          f"{tp / max(1, det):.3f}")
    if clf is not None:
        print(f"[mahjong real-val rows] per-tile accuracy {right_given_det / total:.3f} "
              f"(all tiles); {right_given_det / max(1, tp):.3f} on detected tiles")


def run_blocks(clf: pipeline.ClassifierLike | None, n_scenes: int, size: tuple[int, int],
               seed: int, sets: list[str], kind: str | None = None, lamp: bool = False,
               ring: int = 0, grid: bool = False,
               grid_shapes: list[tuple[int, int]] | None = None,
               row_only: bool = False, edge: int = 0, hand: bool = False,
               melds: int = 0) -> None:
    """``kind``: one table for every scene (default: the rotation of BACKGROUND_KINDS);
    ``lamp``: one hard lamp (sharp deep shadows, dark walls); ``ring``: that many touching
    tiles in a ring at odd angles instead of the row; ``grid``: instead, one block of 1-3 x
    2-7 touching tiles and nothing else (``grid_shapes``: these rows x columns in turn);
    ``row_only``: one row of 4-5 touching tiles and nothing else; ``edge``: that many more
    tiles across the frame's edge; ``hand``: a hand of 13-14 touching tiles in a row along
    the frame, as a player lays it out to be scored, nothing else (``melds``: that many of
    them exposed, three tiles each, in a line beside the rest)."""
    art = scenes.load_mahjong_art(DATA, sets, max_side=240)
    art = [a for a in art if not a.label.endswith("f")]  # flowers: a second stage of their own
    tp = det = total = right = 0
    times = []
    for i in range(n_scenes):
        rng = np.random.default_rng(seed + i)
        kind_i = kind or scenes.BACKGROUND_KINDS[i % len(scenes.BACKGROUND_KINDS)]
        if hand:
            scene = scenes.tile_blocks_scene(rng, art, 0, size=size, kind=kind_i, lamp=lamp,
                                             hand=int(rng.integers(13, 15)) - 3 * melds,
                                             melds=melds)
        elif row_only:
            k = int(rng.integers(4, 6))
            scene = scenes.tile_blocks_scene(rng, art, k, size=size, kind=kind_i, lamp=lamp,
                                             row=k)
        elif grid_shapes:
            scene = scenes.tile_blocks_scene(rng, art, 0, size=size, kind=kind_i, lamp=lamp,
                                             grid=grid_shapes[i % len(grid_shapes)])
        elif grid:
            shape = (int(rng.integers(1, 4)), int(rng.integers(2, 8)))
            scene = scenes.tile_blocks_scene(rng, art, 0, size=size, kind=kind_i, lamp=lamp,
                                             grid=shape)
        else:
            scene = scenes.tile_blocks_scene(rng, art, int(rng.integers(6, 15)) + ring,
                                             size=size, kind=kind_i, lamp=lamp, ring=ring,
                                             edge=edge)
        t0 = time.perf_counter()
        res = pipeline.recognize_array(scene.image, "mahjong", clf or _NoClassifier())
        times.append(time.perf_counter() - t0)
        # Tiles mostly beyond the frame count neither way.
        found = [c for c in res.cards + res.backs if not scene.on_cut(c.corners)]
        pairs, ok = _matched(found, scene)
        tp += len(pairs)
        det += len(found)
        total += len(scene.cards)
        right += ok
        print(f"  blocks {i:2d} {kind_i:8s} {len(scene.cards):2d} tiles: found {len(found):2d}"
              f", matched {len(pairs):2d}, right {ok:2d}, phantoms {len(found) - len(pairs)}"
              f"  {1000 * times[-1]:.0f} ms")
    print(f"[mahjong blocks] detection recall {tp / max(1, total):.3f} precision "
          f"{tp / max(1, det):.3f} ({tp}/{total} tiles, {det - tp} phantoms)")
    if clf is not None:
        print(f"[mahjong blocks] read right {right / max(1, total):.3f} (all tiles); "
              f"{right / max(1, tp):.3f} of found")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=12)
    ap.add_argument("--size", default="3000x4000", help="HxW of the scenes")
    ap.add_argument("--art-set", default="indygwyn_cards_alt")
    ap.add_argument("--models", type=Path, default=None, help="model folder (default shipped)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--only", choices=["spread", "fanned", "mahjong", "blocks"],
                    action="append")
    ap.add_argument("--layout", choices=["auto"], default=None,
                    help="tell the pipeline this layout instead of each scene's own")
    ap.add_argument("--tile-sets", default="fluffystuff_regular,kde_default",
                    help="mahjong art sets drawn as 3-D blocks (comma-separated)")
    ap.add_argument("--kind", choices=[*scenes.BACKGROUND_KINDS, *scenes.EXTRA_KINDS],
                    default=None, help="blocks: this table in every scene (e.g. pale)")
    ap.add_argument("--lamp", action="store_true",
                    help="blocks: one hard lamp (sharp deep shadows, dark side walls)")
    ap.add_argument("--ring", type=int, default=0,
                    help="blocks: this many touching tiles in a ring at odd angles, no row")
    ap.add_argument("--grid", action="store_true",
                    help="blocks: one grid of 1-3 x 2-7 touching tiles per scene, nothing else")
    ap.add_argument("--row-only", action="store_true",
                    help="blocks: one row of 4-5 touching tiles per scene, nothing else")
    ap.add_argument("--hand", action="store_true",
                    help="blocks: a hand of 13-14 touching tiles in a row along the frame")
    ap.add_argument("--melds", type=int, default=0,
                    help="blocks: with --hand, this many of its melds exposed beside the rest")
    ap.add_argument("--edge", type=int, default=0,
                    help="blocks: this many more tiles lying across the frame's edge")
    ap.add_argument("--grid-shapes", default="",
                    help="blocks: grids of these shapes in turn, e.g. 4x6,3x8,2x11")
    args = ap.parse_args()
    h, w = (int(v) for v in args.size.split("x"))
    if not (DATA / "hanafuda" / "labels.csv").is_file():
        raise SystemExit(f"card art not found at {DATA}")
    todo = args.only or ["spread", "fanned", "mahjong", "blocks"]
    print(f"scenes {args.scenes} per layout, {w}x{h}, art set {args.art_set}, "
          f"detector long side {detect.DETECT_LONG_SIDE}")
    if {"spread", "fanned"} & set(todo):
        art = [a for a in scenes.load_hanafuda_art(DATA, [args.art_set]) if a.label != "back"]
        clf = _classifier("hanafuda", args.models)
        for layout in ("spread", "fanned"):
            if layout in todo:
                run_layout(layout, art, clf, args.scenes, (h, w), args.seed,
                           args.layout or "")
    if "mahjong" in todo:
        run_mahjong(_classifier("mahjong", args.models), args.scenes, (h, w), args.seed)
    if "blocks" in todo:
        run_blocks(_classifier("mahjong", args.models), args.scenes, (h, w), args.seed,
                   args.tile_sets.split(","), args.kind, args.lamp, args.ring, args.grid,
                   [(int(r), int(c)) for r, c in (g.split("x") for g in args.grid_shapes.split(",")
                                                  if g)], args.row_only, args.edge, args.hand,
                   args.melds)


if __name__ == "__main__":
    main()
