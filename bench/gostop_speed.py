"""Go-Stop scoring speed: piles scored per second in-process, and `scorer score` wall time.

Run by hand:  python bench/gostop_speed.py [--seconds 2] [--runs 15]
Target (issue 3): `scorer score samples/<gostop record>` <= 4x `python -c pass`.
Prints figures only; never part of the test run's pass/fail.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def _env() -> dict[str, str]:
    # Measure what an installed package does: bytecode cached (in a temp folder, not the
    # tree), even where the shell sets PYTHONDONTWRITEBYTECODE for development.
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "scorer-bench-pycache")
    return env


def median_wall(cmd: list[str], runs: int) -> float:
    env = _env()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    subprocess.run(cmd, check=False, **quiet)  # type: ignore[call-overload]  # warm + cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=False, **quiet)  # type: ignore[call-overload]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per in-process figure")
    parser.add_argument("--runs", type=int, default=15, help="subprocess runs per command")
    args = parser.parse_args()

    for name, rate in piles_per_second(args.seconds).items():
        print(f"piles scored per second ({name}): {rate:,.0f}")
    hands = hands_per_second(args.seconds)
    print(f"sample hands scored per second (validate + score + pay): {hands:,.0f}")

    scorer = shutil.which("scorer") or str(Path(sys.executable).with_name("scorer"))
    base = median_wall([sys.executable, "-c", "pass"], args.runs)
    print(f"python -c pass: {base * 1000:.1f} ms")
    for sample in sorted((REPO / "samples").glob("gostop-*.toml")):
        for extra in ([], ["--json"]):
            wall = median_wall([scorer, "score", str(sample), *extra], args.runs)
            label = " ".join(["scorer score", f"samples/{sample.name}", *extra])
            print(
                f"{label}: {wall * 1000:.1f} ms = {wall / base:.2f}x python -c pass (target <= 4x)"
            )


if __name__ == "__main__":
    main()
