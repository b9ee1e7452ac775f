"""Photo pipeline accuracy on synthetic table scenes. Prints figures; not part of the tests.

    python bench/pipeline_accuracy.py                     # 12 scenes per layout, 4000x3000
    python bench/pipeline_accuracy.py --scenes 4 --size 1500x2000 --art-set timomt
    python bench/pipeline_accuracy.py --models /tmp/scorer-loso/hanafuda-indygwyn_cards_alt

Hanafuda: scenes of 10-30 cards from ONE art set (``--art-set``; it should be a set the model
was trained without: pass a leave-one-set-out model with ``--models``), on wood, felt, cloth,
paper and printed tablecloths, with uneven light, for the spread layout and for fanned capture
cascades. Per card: detection recall/precision (the found outline overlaps the card's whole
face or its visible part at IoU >= 0.5, one to one) and recognition recall/precision (outline
matched and label right). Piles as players lay them (fans, heaps, touching groups, real
tables) are ``bench/card_piles.py``'s.

Mahjong: rows assembled from the real tile photos of ``mahjong/real-val`` (validation only:
nothing here trains or tunes on them), found by the learned tile detector; per-tile accuracy,
including tiles the detector missed. Physical tiles drawn in 3-D, and table photos, are
``bench/tile_detector.py``'s (on art the detector never trained on).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from scorer.training import scenes
from scorer.vision import pipeline

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
    """Outline matches (IoU >= 0.5 with a drawn card's whole face or its visible part, one
    to one) between found cards and drawn ones, and how many of the matched cards carry the
    right label."""
    whole = scenes.match([c.corners for c in found], [c.corners for c in scene.cards])
    part = scenes.match([c.corners for c in found], [c.visible for c in scene.cards])
    pairs = max(whole, part, key=len)
    return pairs, sum(found[a].code == scene.cards[b].label for a, b in pairs)


def run_layout(layout: str, art: list[scenes.ArtCard], clf: pipeline.ClassifierLike | None,
               n_scenes: int, size: tuple[int, int], seed: int) -> None:
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
        res = pipeline.recognize_array(scene.image, "hanafuda", clf or _NoClassifier())
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=12)
    ap.add_argument("--size", default="3000x4000", help="HxW of the scenes")
    ap.add_argument("--art-set", default="indygwyn_cards_alt")
    ap.add_argument("--models", type=Path, default=None, help="model folder (default shipped)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--only", choices=["spread", "fanned", "mahjong"], action="append")
    args = ap.parse_args()
    h, w = (int(v) for v in args.size.split("x"))
    if not (DATA / "hanafuda" / "labels.csv").is_file():
        raise SystemExit(f"card art not found at {DATA}")
    todo = args.only or ["spread", "fanned", "mahjong"]
    print(f"scenes {args.scenes} per layout, {w}x{h}, art set {args.art_set}")
    if {"spread", "fanned"} & set(todo):
        art = [a for a in scenes.load_hanafuda_art(DATA, [args.art_set]) if a.label != "back"]
        clf = _classifier("hanafuda", args.models)
        for layout in ("spread", "fanned"):
            if layout in todo:
                run_layout(layout, art, clf, args.scenes, (h, w), args.seed)
    if "mahjong" in todo:
        run_mahjong(_classifier("mahjong", args.models), args.scenes, (h, w), args.seed)


if __name__ == "__main__":
    main()
