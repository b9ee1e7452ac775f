"""Koi-Koi start-up: `scorer score` on the Koi-Koi samples and the quick form vs `python -c pass`.

Run by hand:  python bench/koikoi_speed.py [--runs 20]   (--quick: a check that it runs)
Target (issue 16): each within 3x `python -c pass`. The commands run interleaved, round by
round, so load drift on a shared machine hits them all alike; each figure is a median.
Without an installed `scorer` script the commands run as `python -c "from scorer.cli.entry
import main; main()"` with the repository on PYTHONPATH (what the script itself does).
Also prints in-process rates (piles and sample hands scored per second).
Prints figures only; never part of the test run's pass/fail.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

from _measure import median_walls

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))
# As a user runs it: compiled bytecode cached (some shells set PYTHONDONTWRITEBYTECODE).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPATH"] = str(REPO) + os.pathsep + ENV.get("PYTHONPATH", "")


def scorer_cmd() -> list[str]:
    script = shutil.which("scorer") or str(Path(sys.executable).with_name("scorer"))
    if os.path.isfile(script):
        return [script]
    return [sys.executable, "-c", "from scorer.cli.entry import main; main()"]


def in_process(seconds: float) -> None:
    import random

    from scorer.decks.hanafuda import DECK
    from scorer.games.koikoi import count_yaku
    from scorer.games.record import load_record, score_record
    from scorer.games.rules import load_preset

    rnd = random.Random(16)
    piles = [rnd.sample(DECK, rnd.randint(5, 30)) for _ in range(500)]
    rules = load_preset("koikoi", "labsk")
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for pile in piles:
            count_yaku(pile, rules, 3)
        n += len(piles)
    print(f"piles counted per second (labsk): {n / (time.perf_counter() - start):,.0f}")
    records = [load_record(p) for p in sorted((REPO / "samples").glob("koikoi-*.toml"))]
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for record in records:
            score_record(record)
        n += len(records)
    print(f"sample records scored per second: {n / (time.perf_counter() - start):,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per in-process figure")
    parser.add_argument("--quick", action="store_true",
                        help="the smallest setting: a check that the bench runs")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.seconds = 1, 0.01
    scorer = scorer_cmd()
    samples = sorted((REPO / "samples").glob("koikoi-*.toml"))
    cases = [("python -c pass", [sys.executable, "-c", "pass"])]
    for sample in samples:
        cases.append((f"scorer score samples/{sample.name}", [*scorer, "score", str(sample)]))
    quick = ["koikoi", "--me", "1b 3b 8b 9a", "--vs", "2a 6a 7a 10a 11a", "--month", "3",
             "--koikoi", "vs:1"]
    cases.append(("scorer koikoi --me ... --vs ... --month 3 --koikoi vs:1", [*scorer, *quick]))
    cases.append(("  the same, --json", [*scorer, *quick, "--json"]))
    medians = median_walls([cmd for _, cmd in cases], args.runs, ENV)
    print(f"{'command':58} {'median ms':>10} {'ratio':>6}")
    for (label, _), t in zip(cases, medians, strict=True):
        print(f"{label:58} {t * 1000:10.1f} {t / medians[0]:6.2f}x")
    in_process(args.seconds)


if __name__ == "__main__":
    main()
