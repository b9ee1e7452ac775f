"""Wall time of the typed ledger commands against a bare interpreter.

Run by hand:  python bench/ledger_speed.py [--runs 20]
Target (issue 19): `scorer ledger add` and `scorer ledger show` of a 200-hand session each
<= 3x `python -c pass`. `scorer score` of the same record is timed beside `add`, since adding
a hand includes loading and scoring it (the engine's share, not the ledger's).
Uses the installed `scorer` if there is one, else the same two lines pip's `scorer` script
runs (`import re, sys; from scorer.cli.entry import main`), from this checkout: `python -m`
would add runpy's start-up, which the installed command does not pay.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def median_walls(cmds: list[list[str]], runs: int, env: dict[str, str]) -> list[float]:
    """Median wall time of each command; rounds interleave them so drift hits all alike."""
    for cmd in cmds:
        for _ in range(2):
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            times[i].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    installed = shutil.which("scorer")
    script = "import re, sys; from scorer.cli.entry import main; sys.exit(main())"
    scorer = [installed] if installed else [sys.executable, "-c", script]
    env = {**ENV, "PYTHONPATH": str(REPO)} if not installed else dict(ENV)
    sample = str(REPO / "samples" / "gostop-cardavia-go.toml")
    with tempfile.TemporaryDirectory() as tmp:
        env["SCORER_DB"] = str(Path(tmp) / "bench.sqlite3")
        subprocess.run([*scorer, "ledger", "new", "big", "--game", "gostop", "--players",
                        "Ana,Bo"], check=True, env=env, stdout=subprocess.DEVNULL)
        sys.path.insert(0, str(REPO))
        os.environ["SCORER_DB"] = env["SCORER_DB"]
        import tomllib

        from scorer.games.record import load_record, score_record
        from scorer.ledger.store import add_hand

        data = tomllib.loads(Path(sample).read_text(encoding="utf-8"))
        result = score_record(load_record(sample))
        for _ in range(200):
            add_hand(None, "big", data, result)
        cases = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("scorer score samples/gostop-cardavia-go.toml", [*scorer, "score", sample]),
            ("scorer ledger add big samples/gostop-cardavia-go.toml",
             [*scorer, "ledger", "add", "big", sample]),
            ("scorer ledger show big (200+ hands)", [*scorer, "ledger", "show", "big"]),
            ("scorer ledger show big --json", [*scorer, "ledger", "show", "big", "--json"]),
            ("scorer ledger settle big", [*scorer, "ledger", "settle", "big"]),
        ]
        medians = median_walls([cmd for _, cmd in cases], args.runs, env)
    print(f"runner: {installed or 'python -c ' + repr(script)}")
    print(f"{'command':56} {'median ms':>10} {'ratio':>6}")
    for (label, _), t in zip(cases, medians, strict=True):
        print(f"{label:56} {t * 1000:10.1f} {t / medians[0]:6.2f}x")


if __name__ == "__main__":
    main()
