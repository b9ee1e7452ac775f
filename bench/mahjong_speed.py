"""Mahjong split search and scoring speed, and `scorer score` start-up against a bare interpreter.

Run by hand:  python bench/mahjong_speed.py [--runs 20]   (--quick: a check that it runs)
Targets: the worst legal hand split and scored in under 5 ms in-process (issue 17; a cold
cache: every hand is new at the table); all four hands of a table scored, every reading and
the losers' waits searched, in at most 20 ms (issue 34: the golden tables named in FOUR);
and `scorer score samples/mahjong-seed-hand.toml`
within 5x `python -c pass` (issue 36; median of interleaved runs, as bench/startup.py).
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import time
from pathlib import Path

from _measure import ENV, report

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
ENV.setdefault("PYTHONPATH", str(REPO))  # scorer not installed: run it from the tree

from scorer.games.mahjong_score import PlayerTiles, Seat, score_tiles  # noqa: E402
from scorer.games.mahjong_split import _suit, counts_of, index, readings  # noqa: E402
from scorer.games.rules import load_preset  # noqa: E402

# all one suit, many readings: the worst cases for the split search
WORST = [
    "11122233344455m",
    "11112222333344m",
    "11223344556677m",
    "22223333444455m",
    "11123456789999m",
    "11122233345678m",
]
TYPICAL = ["123m456p789s11122z", "234p345p55s777z666p", "111s234s555s678s99s"]


def _idx(text: str) -> tuple[int, ...]:
    out: list[int] = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        out += [index(suit, int(d)) for d in digits]
    return tuple(out)


def per_hand(hands: list[str], cold: bool, rounds: int) -> tuple[float, float, int]:
    """(median ms a hand, worst ms a hand, readings of the worst) splitting and scoring."""
    rules = load_preset("mahjong", "seed")
    seat = Seat("south", "east", True)
    times: dict[str, list[float]] = {h: [] for h in hands}
    for _ in range(rounds):
        for h in hands:
            tiles = PlayerTiles(_idx(h), ())
            if cold:
                _suit.cache_clear()
            start = time.perf_counter()
            score_tiles(tiles, seat, rules)
            times[h].append(time.perf_counter() - start)
    med = {h: statistics.median(t) * 1000 for h, t in times.items()}
    worst = max(med, key=med.__getitem__)
    return statistics.median(med.values()), med[worst], len(readings(counts_of(_idx(worst))))


# four-hand tables of issue 34: a 14-tile winner and three losers whose waits are all searched
FOUR = ["bmja/calling-gates-orphans-purity", "bmja/calling-snake-knitting-pairs",
        "dmjl/limit-nine-gates", "dmjl/tile-two-waits-discard"]


def four_hands(rounds: int) -> tuple[float, float]:
    """(median ms, worst ms) scoring every player of each FOUR table, cold split cache."""
    from scorer.games.record import load_record, score_record

    records = [load_record(REPO / "tests" / "golden" / "mahjong" / f"{c}.toml") for c in FOUR]
    for rec in records:  # the first call loads the catalogs and presets: not scoring
        score_record(rec)
    times: list[float] = []
    for _ in range(rounds):
        for rec in records:
            _suit.cache_clear()
            start = time.perf_counter()
            score_record(rec)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--quick", action="store_true",
                        help="the smallest setting: a check that the bench runs")
    args = parser.parse_args()
    rounds = 2 if args.quick else 200
    runs = 1 if args.quick else args.runs
    for label, hands in (("worst (one suit, many readings)", WORST), ("typical", TYPICAL)):
        for cold in (True, False):
            med, worst, n = per_hand(hands, cold, rounds)
            state = "cold cache" if cold else "warm cache"
            print(f"{label:34} {state}: {1000 / med:8.0f} hands/s, median {med:.3f} ms, "
                  f"worst {worst:.3f} ms ({n} readings)")
    med, worst = four_hands(rounds // 4 or 1)
    print(f"{'four hands of a table (issue 34)':34} cold cache: median {med:.2f} ms, "
          f"worst {worst:.2f} ms (target <= 20 ms)")
    found = shutil.which("scorer")
    scorer = [found] if found else [sys.executable, "-m", "scorer"]
    sample = REPO / "samples" / "mahjong-seed-hand.toml"
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("scorer score samples/mahjong-seed-hand.toml", [*scorer, "score", str(sample)]),
        ("scorer score samples/mahjong-seed-round.toml",
         [*scorer, "score", str(REPO / "samples" / "mahjong-seed-round.toml")]),
    ]
    report(cases, runs, False, ENV)


if __name__ == "__main__":
    main()
