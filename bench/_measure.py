"""How the start-up benchmarks measure a command: wall time, or instructions under valgrind.

Wall time is what a user waits, but on a shared machine it moves with whatever else runs.
``valgrind --tool=callgrind`` counts the instructions a command executes, which stay the
same from run to run whatever the load: a ratio of counts against ``python -c pass``
compares start-up work exactly (it does not see time spent waiting on the disk, such as the
ledger's sync).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import time

# Measure as a user runs it: with compiled bytecode cached (some shells set
# PYTHONDONTWRITEBYTECODE, which would recompile every module on every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def median_walls(cmds: list[list[str]], runs: int, env: dict[str, str] | None = None
                 ) -> list[float]:
    """Median wall time of each command; rounds interleave them so drift hits all alike."""
    env = ENV if env is None else env
    for cmd in cmds:  # warm the OS cache and write the bytecode
        for _ in range(2):
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            times[i].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def instructions(cmds: list[list[str]], env: dict[str, str] | None = None) -> list[int]:
    """Instructions each command executes (valgrind's callgrind), after one warm-up run."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    env = ENV if env is None else env
    counts = []
    for cmd in cmds:
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
        )
        found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
        if found is None:
            raise SystemExit(f"valgrind gave no count for {cmd}: {done.stderr[-300:]}")
        counts.append(int(found.group(1)))
    return counts


def report(cases: list[tuple[str, list[str]]], runs: int, by_instructions: bool,
           env: dict[str, str] | None = None) -> None:
    """One line per command: its median wall time (or instruction count) and the ratio to
    the first command, which is ``python -c pass``."""
    cmds = [cmd for _, cmd in cases]
    if by_instructions:
        counts = instructions(cmds, env)
        print(f"{'command':56} {'instructions':>13} {'ratio':>6}")
        for (label, _), n in zip(cases, counts, strict=True):
            print(f"{label:56} {n / 1e6:12.1f}M {n / counts[0]:6.2f}x")
        return
    medians = median_walls(cmds, runs, env)
    print(f"{'command':56} {'median ms':>10} {'ratio':>6}")
    for (label, _), t in zip(cases, medians, strict=True):
        print(f"{label:56} {t * 1000:10.1f} {t / medians[0]:6.2f}x")
