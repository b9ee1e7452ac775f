"""Go-Stop scoring speed in-process: piles and whole sample hands scored per second.

Run by hand:  python bench/gostop_speed.py [--seconds 2]   (--quick: a check that it runs)
The start-up of `scorer score` (issue 36's target, <= 5x `python -c pass`) is measured by
bench/startup.py, which interleaves the commands so load drift hits them all alike.
Prints figures only; never part of the test run's pass/fail.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def piles_per_second(seconds: float) -> dict[str, float]:
    from scorer.decks.hanafuda import DECK
    from scorer.games.gostop import count_pile
    from scorer.games.rules import list_presets, load_preset

    rnd = random.Random(3)
    piles = [rnd.sample(DECK, rnd.randint(5, 30)) for _ in range(500)]
    out = {}
    for name in list_presets("gostop"):
        rules = load_preset("gostop", name)
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for pile in piles:
                count_pile(pile, rules)
            n += len(piles)
        out[name] = n / (time.perf_counter() - start)
    return out


def hands_per_second(seconds: float) -> float:
    from scorer.games.record import load_record, score_record

    records = [load_record(p) for p in sorted((REPO / "samples").glob("gostop-*.toml"))]
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for record in records:
            score_record(record)
        n += len(records)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per in-process figure")
    parser.add_argument("--quick", action="store_true",
                        help="the smallest setting: a check that the bench runs")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 0.01

    for name, rate in piles_per_second(args.seconds).items():
        print(f"piles scored per second ({name}): {rate:,.0f}")
    hands = hands_per_second(args.seconds)
    print(f"sample hands scored per second (validate + score + pay): {hands:,.0f}")


if __name__ == "__main__":
    main()
