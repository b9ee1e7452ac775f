"""Photos of the whole table (issue 46): every player's pile in one photo, split and given to
the seats stated. Generated 12 MP tables (``scorer.training.table_scenes``) of the held-out
art (hanafuda: ``piles.HELD_OUT_CARD_ART``, each table one maker's deck dealt, the makers in
turn; mahjong: ``scenes.HELD_OUT_ART``). Prints figures; not part of the tests.

    python bench/table_photos.py                       # 20 tables of each kind
    python bench/table_photos.py --scenes 3            # a quick look
    python bench/table_photos.py --latency             # a table photo against one pile's
    python bench/table_photos.py --selection --whole   # choose: whole photo / pile by pile

Kinds (seeds fixed before the first run, ``SEEDS``): hanafuda 2 players (bottom, top),
hanafuda 3 players (bottom, left, top), mahjong 4 hands with melds (all four sides).

Each table is written as a JPEG (quality 90) and read as ``scorer recognize --table`` reads
it: decoded at half size by the CLI's loader (``pipeline.load_image_sized``), then
``recognize_table`` on the decoded pixels, as the single-pile path reads a 12 MP photo.

Per kind, over the cards that show (as bench/card_piles.py counts them: a card showing less
than ``piles.HIDDEN_BELOW`` of its face is counted nowhere; a found outline matches a card
whose whole face or visible part it overlaps at IoU >= 0.5, one to one, ``card_piles.match``):
- piles right: a player's pile is right when every found card matching one of that
  player's cards is given to that player, every found card given to that player matching
  a card is theirs, and no pile was asked about (touching);
- asked: players whose pile was marked touching (the confirm step asks; never split);
- found / read right: found, and found with the right label.
``--latency``: seconds to decode and read a 12 MP JPEG of a table (hanafuda, 3 players) as
the CLI does, against a 12 MP JPEG of one pile (``piles.pile_scene``) decoded and read as
``scorer recognize`` does, in one process, median of ``--runs``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import card_piles  # bench/card_piles.py: cards counted as the single-pile bench counts them
import cv2
import numpy as np

from scorer.training import piles, scenes, table_scenes
from scorer.vision import pipeline
from scorer.vision.table import Seat as SeatT
from scorer.vision.table import read_table, recognize_table

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
KINDS = {
    "hanafuda-2": ("hanafuda", ("bottom", "top")),
    "hanafuda-3": ("hanafuda", ("bottom", "left", "top")),
    "mahjong-4": ("mahjong", ("bottom", "left", "top", "right")),
}
SEEDS = {"hanafuda-2": 46000, "hanafuda-3": 46100, "mahjong-4": 46200, "latency": 46300}
# --selection: the tables a way of reading is chosen on (the seeds above only report).
SELECTION_SEEDS = {"hanafuda-2": 47000, "hanafuda-3": 47100, "mahjong-4": 47200}


def score(scene: table_scenes.TableScene, result: pipeline.PhotoResult) -> dict[str, int]:
    seats = [SeatT(f"p-{s}", s) for s in scene.seats]
    table = read_table(result, seats)
    given = {}
    for pile in table.piles:
        for i in pile.cards:
            given[i] = (pile.player, pile.touching)
    shown = [c for c in scene.cards if not c.hidden]
    pairs = card_piles.match(result.cards, shown)
    out = {"piles": len(seats), "right": 0, "asked": 0, "cards": len(shown),
           "found": len(pairs), "read": 0}
    for seat in scene.seats:
        name = f"p-{seat}"
        ok = True
        asked = False
        for a, b in pairs:
            mine = shown[b].seat == seat
            player, touching = given.get(a, (None, False))
            if mine and touching:
                asked = True
            if mine != (player == name):
                ok = False
        out["asked"] += asked
        out["right"] += ok and not asked
    for a, b in pairs:
        out["read"] += result.cards[a].code == shown[b].label
    return out


def decoded(image: np.ndarray, folder: Path) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo as a user's 12 MP JPEG reaches the pipeline: written at quality 90 and
    loaded by the CLI's loader, which decodes it at a half or a quarter of its size
    (``pipeline.DECODE_LONG_SIDE``); and the photo's full (width, height)."""
    path = folder / "photo.jpg"
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return pipeline.load_image_sized(path)


def _art(deck: str) -> list[scenes.ArtCard]:
    if deck == "hanafuda":
        return piles.load_art(DATA, held_out=True)
    return scenes.load_mahjong_art(DATA, scenes.HELD_OUT_ART)


def _decks(deck: str) -> list[list[scenes.ArtCard]]:
    """Where a table's cards come from: one held-out maker's deck a table (hanafuda, the
    makers in turn, dealt: each card once), the held-out tile art (mahjong)."""
    if deck == "hanafuda":
        return piles.load_decks(DATA, held_out=True)
    return [_art(deck)]


def run(kinds: list[str], n: int, whole: bool = False, selection: bool = False) -> None:
    from scorer.vision.classify import Classifier

    for kind in kinds:
        deck, seats = KINDS[kind]
        decks, classifier = _decks(deck), Classifier(deck)
        rng = np.random.default_rng((SELECTION_SEEDS if selection else SEEDS)[kind])
        total: dict[str, int] = {}
        t0 = time.perf_counter()
        for k in range(n):
            scene = table_scenes.table_scene(rng, decks[k % len(decks)], seats, deck,
                                             dealt=deck == "hanafuda")
            stated = [SeatT(f"p-{s}", s) for s in seats]
            with tempfile.TemporaryDirectory() as tmp:
                image, (w, h) = decoded(scene.image, Path(tmp))
            table = (read_table(pipeline.recognize_array(image, deck, classifier, width=w,
                                                         height=h), stated)
                     if whole else recognize_table(image, deck, classifier, seats=stated,
                                                   width=w, height=h))
            for k, v in score(scene, table.photo).items():
                total[k] = total.get(k, 0) + v
        print(f"{kind:<11} {n} tables: piles right {total['right']}/{total['piles']} "
              f"({100 * total['right'] / total['piles']:.1f}%), asked {total['asked']}; "
              f"cards found {100 * total['found'] / total['cards']:.1f}%, read right "
              f"{100 * total['read'] / total['cards']:.1f}% of {total['cards']} "
              f"({time.perf_counter() - t0:.0f} s)")


def latency(runs: int) -> None:
    """Decode and read a 12 MP table photo as ``scorer recognize --table`` does
    (``cli.table.read_table_photo``: ``load_image_sized``, then ``recognize_table`` at the
    decoded size) against one pile's 12 MP photo decoded and read as ``scorer recognize``
    reads it (``load_image_sized``, ``recognize_array``), in one process, one classifier,
    rounds interleaved."""
    from scorer.vision.classify import Classifier

    art = _art("hanafuda")
    rng = np.random.default_rng(SEEDS["latency"])
    classifier = Classifier("hanafuda")
    seats = [SeatT(s, s) for s in KINDS["hanafuda-3"][1]]
    table = table_scenes.table_scene(rng, art, KINDS["hanafuda-3"][1])
    pile = piles.pile_scene(rng, art, 20, size=(3000, 4000))

    def read_pile(path: Path) -> object:
        image, (w, h) = pipeline.load_image_sized(path)
        return pipeline.recognize_array(image, "hanafuda", classifier, name=str(path),
                                        width=w, height=h)

    def read_tab(path: Path) -> object:
        image, (w, h) = pipeline.load_image_sized(path)
        return recognize_table(image, "hanafuda", classifier, seats=seats, name=str(path),
                               width=w, height=h)

    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, img in (("one pile", pile.image), ("table", table.image)):
            paths[name] = Path(tmp) / f"{name}.jpg"
            cv2.imwrite(str(paths[name]), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        reader = {"one pile": read_pile, "table": read_tab}
        for name, path in paths.items():  # warm up: models loaded, caches filled
            reader[name](path)
        times: dict[str, list[float]] = {k: [] for k in paths}
        for _ in range(runs):
            for name, path in paths.items():
                t0 = time.perf_counter()
                reader[name](path)
                times[name].append(time.perf_counter() - t0)
        decode = []
        for _ in range(runs):
            t0 = time.perf_counter()
            pipeline.load_image_sized(paths["table"])
            decode.append(time.perf_counter() - t0)
    one, tab = statistics.median(times["one pile"]), statistics.median(times["table"])
    print(f"12 MP one pile ({len(pile.shown)} cards): {one:.3f} s; 12 MP table "
          f"({len(table.cards)} cards, 3 piles): {tab:.3f} s, as the CLI reads them "
          f"(decode {1000 * statistics.median(decode):.0f} ms included); ratio "
          f"{tab / one:.2f}x (median of {runs})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kinds", nargs="*", help=f"of {', '.join(KINDS)} (default: all)")
    ap.add_argument("--scenes", type=int, default=20)
    ap.add_argument("--latency", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--whole", action="store_true",
                    help="read the whole photo once (no second look at each pile)")
    ap.add_argument("--selection", action="store_true",
                    help="the tables a way of reading is chosen on")
    args = ap.parse_args()
    if args.latency:
        latency(args.runs)
        return
    bad = [k for k in args.kinds if k not in KINDS]
    if bad:
        ap.error(f"unknown kind {bad[0]!r}; expected one of {', '.join(KINDS)}")
    run(args.kinds or list(KINDS), args.scenes, args.whole, args.selection)


if __name__ == "__main__":
    main()
