"""Hanafuda piles as players lay them: the whole photo pipeline on generated scenes of the
art makers no model trained on (``piles.HELD_OUT_CARD_ART``), each pile drawn from one
maker's deck (the makers in turn), on the real tables of ``mahjong/table-photos/valid``.
Prints figures; not part of the tests.

    python bench/card_piles.py                          # every layout, 30 scenes each
    python bench/card_piles.py spread fan --scenes 10   # some layouts, fewer scenes
    python bench/card_piles.py --models /tmp/det        # another models folder
    python bench/card_piles.py --selection              # the scenes rules are chosen on
    python bench/card_piles.py --few                    # piles of 2-6 cards, seen larger
    python bench/card_piles.py --by-deck                # also each held-out deck apart

Layouts (``piles.LAYOUTS``; seeds fixed before the detector's first run, ``SEEDS``): spread
(cards apart or touching), cascade (each card shows its top band), fan (each card shows one
side), stack, heap (any angle) and pile (groups of every kind, as a captured pile lies).

Per layout, over the cards that show (a card showing less than ``piles.HIDDEN_BELOW`` of its
face is hidden and counted nowhere):
- found: a found outline overlaps the card's whole face or its visible part at IoU >= 0.5,
  one to one, whatever its reading;
- read right: found (a found outline overlaps the card's whole face or its visible part at
  IoU >= 0.5, one to one) with the right label, whether asked about or not;
- asked: read right or wrong but marked uncertain (the confirm step asks);
- wrong unasked: found, wrong label, not marked uncertain: a silent error;
- phantoms: found outlines matching no card (backs and hidden reports excluded); "unasked":
  those not marked uncertain, a card added to the pile that is not there, as silent as a
  wrong one;
- hidden said: cards reported covered beyond reading (never guessed);
- merged: pairs of cards laid touching that came back as ONE confident card (its outline
  over both cards' centres, not asked about).
"heaps >= half" repeats read right over the heap cards showing at least half their face.

``--lines 0.9,0.95``: from the same run, asked / wrong unasked / merged as they would be with
``pipeline.SURE_CARD`` at each line (a card is asked about below the line), to choose the line
on the selection scenes.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.training import piles, scenes
from scorer.vision import pipeline

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SEEDS = {"spread": 8000, "cascade": 8100, "fan": 8200, "stack": 8300, "heap": 8400,
         "pile": 8500}
# --selection: the scenes rules and thresholds are chosen on (the benches' seeds above only
# report); seeds fixed with the benches'.
SELECTION_SEEDS = {"spread": 9000, "cascade": 9100, "fan": 9200, "stack": 9300, "heap": 9400,
                   "pile": 9500}
CARDS = (8, 25)  # cards a scene, drawn per seed
# --few: a player's pile early in a hand, 2 to 6 cards, photographed as close as the
# generator lays them (their cards come out larger); seeds fixed before its first run.
FEW_CARDS = (2, 7)
FEW_SEEDS = {k: v + 10000 for k, v in SEEDS.items()}
FEW_SELECTION_SEEDS = {k: v + 10000 for k, v in SELECTION_SEEDS.items()}


def _inside(pt: np.ndarray, quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32),
                                (float(pt[0]), float(pt[1])), False) >= 0


def match(found: Sequence[pipeline.RecognizedCard], shown: Sequence[Any]
          ) -> list[tuple[int, int]]:
    """Found cards paired one to one with the cards that show (each with ``corners``, its
    whole face, and ``visible``, the part that shows), best overlap first: a found outline
    matches a card whose whole face or visible part it overlaps at IoU >= 0.5."""
    m = np.zeros((len(found), len(shown)))
    for a, f in enumerate(found):
        for b, c in enumerate(shown):
            m[a, b] = max(scenes.quad_iou(f.corners, c.corners),
                          scenes.quad_iou(f.corners, c.visible))
    pairs = []
    while m.size and m.max() >= 0.5:
        a, b = np.unravel_index(int(np.argmax(m)), m.shape)
        pairs.append((int(a), int(b)))
        m[a, :] = -1
        m[:, b] = -1
    return pairs


def score_scene(scene: piles.PileScene, result: pipeline.PhotoResult) -> dict[str, int]:
    """The figures of one scene (see the module's docstring)."""
    shown = [i for i, c in enumerate(scene.cards) if not c.hidden]
    found = result.cards
    pairs = match(found, [scene.cards[i] for i in shown])
    out = {"cards": len(shown), "found": len(pairs), "read": 0, "asked": 0,
           "wrong_unasked": 0, "phantoms": 0, "phantoms_unasked": 0,
           "hidden_said": len(getattr(result, "hidden", [])), "merged": 0,
           "touching": len(scene.touching), "half": 0, "half_read": 0}
    matched = {a for a, _ in pairs}
    out["phantoms"] = len(found) - len(matched)
    out["phantoms_unasked"] = sum(not f.uncertain for a, f in enumerate(found)
                                  if a not in matched)
    for a, b in pairs:
        card, truth = found[a], scene.cards[shown[b]]
        right = card.code == truth.label
        out["read"] += right
        out["asked"] += card.uncertain
        out["wrong_unasked"] += (not right) and not card.uncertain
        if truth.fraction >= 0.5:
            out["half_read"] += right
    out["half"] = sum(scene.cards[i].fraction >= 0.5 for i in shown)
    for i, j in scene.touching:
        ci, cj = scene.cards[i].corners.mean(0), scene.cards[j].corners.mean(0)
        if any(not f.uncertain and _inside(ci, f.corners) and _inside(cj, f.corners)
               for f in found):
            out["merged"] += 1
    return out


def at_line(result: pipeline.PhotoResult, line: float) -> pipeline.PhotoResult:
    """The result as ``pipeline.SURE_CARD`` at ``line`` would have marked its cards."""
    return replace(result, cards=[replace(c, ask=c.confidence < line) for c in result.cards])


def run(layouts: list[str], n: int, size: tuple[int, int], models: Path | None,
        selection: bool = False, lines: Sequence[float] = (), few: bool = False,
        by_deck: bool = False) -> None:
    from scorer.vision.classify import Classifier

    decks = piles.load_decks(DATA, held_out=True, max_side=600)
    makers = piles.makers(DATA, held_out=True)
    tables = piles.table_textures(DATA, 60, 0, split="valid")
    clf = Classifier("hanafuda", models)
    extra = {}
    if models is not None:
        from scorer.vision.cards import CardDetector

        extra["detector"] = CardDetector(directory=models)
    print(f"held-out makers {', '.join(piles.HELD_OUT_CARD_ART)} (a pile from one deck); "
          f"{n} scenes a layout at "
          f"{size[1]}x{size[0]}" + (", 2-6 cards a scene" if few else "")
          + "; tables of table-photos/valid and generated cloths")
    if few:
        seeds, cards = (FEW_SELECTION_SEEDS if selection else FEW_SEEDS), FEW_CARDS
    else:
        seeds, cards = (SELECTION_SEEDS if selection else SEEDS), CARDS
    total: dict[str, int] = {}
    swept: dict[float, dict[str, int]] = {line: {} for line in lines}
    decks_sums: dict[tuple[str, str], dict[str, int]] = {}  # (layout or "all", maker)
    for layout in layouts:
        sums: dict[str, int] = {}
        times = []
        for k in range(n):
            rng = np.random.default_rng(seeds[layout] + k)
            maker = k % len(decks)  # the makers in turn
            deck = decks[maker]  # a pile is one deck's: each card as often as it
            scene = piles.pile_scene(rng, deck, int(rng.integers(*cards)), size=size,
                                     layout=layout, tables=tables)
            t0 = time.perf_counter()
            result = pipeline.recognize_array(scene.image, "hanafuda", clf, **extra)
            times.append(time.perf_counter() - t0)
            for key, v in score_scene(scene, result).items():
                sums[key] = sums.get(key, 0) + v
                for part in (layout, "all"):
                    acc = decks_sums.setdefault((part, makers[maker]), {})
                    acc[key] = acc.get(key, 0) + v
            for line, acc in swept.items():
                for key, v in score_scene(scene, at_line(result, line)).items():
                    acc[key] = acc.get(key, 0) + v
        for key, v in sums.items():
            total[key] = total.get(key, 0) + v
        _line(layout, sums, float(np.median(times)))
    if len(layouts) > 1:
        _line("all", total, None)
    if by_deck:
        for part in [*layouts, *(["all"] if len(layouts) > 1 else [])]:
            for maker in makers:
                if (part, maker) in decks_sums:
                    _line(f"{part}, {maker}", decks_sums[(part, maker)], None)
    for line, acc in swept.items():
        c = max(1, acc["cards"])
        print(f"[SURE_CARD {line:g}] asked {acc['asked'] / c:.3f}, wrong unasked "
              f"{acc['wrong_unasked'] / c:.4f}, merged {acc['merged']} of {acc['touching']}")


def _line(name: str, s: dict[str, int], median_s: float | None) -> None:
    c = max(1, s["cards"])
    line = (f"[{name}] {s['cards']} cards: found {s['found'] / c:.3f}, read right "
            f"{s['read'] / c:.3f}, asked "
            f"{s['asked'] / c:.3f}, wrong unasked {s['wrong_unasked'] / c:.4f}, phantoms "
            f"{s['phantoms'] / c:.4f} ({s['phantoms_unasked']} unasked), hidden said "
            f"{s['hidden_said']}, merged "
            f"{s['merged']} of {s['touching']} touching pairs")
    if name.split(",")[0] == "heap":
        line += f"; heaps >= half read right {s['half_read'] / max(1, s['half']):.3f}"
    if median_s is not None:
        line += f"; {1000 * median_s:.0f} ms median a scene"
    print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("layouts", nargs="*", metavar="LAYOUT",
                    help=f"some of {', '.join(piles.LAYOUTS)} (default: all)")
    ap.add_argument("--scenes", type=int, default=30)
    ap.add_argument("--size", default="2000x1500", help="WxH of each scene")
    ap.add_argument("--models", type=Path, default=None)
    ap.add_argument("--selection", action="store_true",
                    help="the selection scenes (SELECTION_SEEDS), to choose rules on")
    ap.add_argument("--few", action="store_true",
                    help="piles of 2-6 cards, seen larger (FEW_SEEDS, FEW_SELECTION_SEEDS)")
    ap.add_argument("--by-deck", action="store_true",
                    help="also each layout's figures (and all layouts') deck by deck")
    ap.add_argument("--lines", default="",
                    help="SURE_CARD lines to count asked / wrong unasked at, e.g. 0.9,0.95")
    a = ap.parse_args()
    unknown = set(a.layouts) - set(piles.LAYOUTS)
    if unknown:
        ap.error(f"unknown layout(s) {', '.join(sorted(unknown))}; expected "
                 f"{', '.join(piles.LAYOUTS)}")
    w, h = (int(v) for v in a.size.split("x"))
    lines = [float(v) for v in a.lines.split(",") if v.strip()]
    run(list(a.layouts) or list(piles.LAYOUTS), a.scenes, (h, w), a.models, a.selection, lines,
        a.few, a.by_deck)


if __name__ == "__main__":
    main()
