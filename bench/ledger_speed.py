"""Wall time of the typed ledger commands against a bare interpreter.

Run by hand:  python bench/ledger_speed.py [--runs 20]   (or --instructions: valgrind's counts;
--quick: a 5-hand session, one run, a check that it runs)
Target (issue 19, then 33): `scorer ledger add`, `scorer ledger show` of a 200-hand session
and `settle` each <= 5x `python -c pass`. `add` is timed twice: with `--yes` (scored and
stored, the re-add check skipped), and without, where after its first run it is the same
hand again, compared with every stored hand (the 200 differ from it by their stake) and
refused. `scorer score` of the same record is timed beside `add`, since adding
a hand includes loading and scoring it (the engine's share, not the ledger's).
Uses the installed `scorer` if there is one, else the same two lines pip's `scorer` script
runs (`import re, sys; from scorer.cli.entry import main`), from this checkout: `python -m`
would add runpy's start-up, which the installed command does not pay.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _measure import ENV, report

REPO = Path(__file__).resolve().parents[1]
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing (load-proof;"
                        " blind to the disk sync of `add`)")
    parser.add_argument("--quick", action="store_true",
                        help="a 5-hand session, one run: a check that the bench runs")
    args = parser.parse_args()
    hands, runs = (5, 1) if args.quick else (200, args.runs)
    installed = shutil.which("scorer")
    script = "import re, sys; from scorer.cli.entry import main; sys.exit(main())"
    scorer = [installed] if installed else [sys.executable, "-c", script]
    env = {**ENV, "PYTHONPATH": str(REPO)} if not installed else dict(ENV)
    sample = str(REPO / "samples" / "gostop-cardavia-go.toml")
    with tempfile.TemporaryDirectory() as tmp:
        env["SCORER_DB"] = str(Path(tmp) / "bench.sqlite3")
        # at the sample's stake: a hand at another stake than its session's is refused
        subprocess.run([*scorer, "ledger", "new", "big", "--game", "gostop", "--players",
                        "Ana,Bo", "--stake", "100"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        sys.path.insert(0, str(REPO))
        os.environ["SCORER_DB"] = env["SCORER_DB"]
        import tomllib

        from scorer.games.record import load_record, score_record
        from scorer.ledger.store import add_hand

        data = tomllib.loads(Path(sample).read_text(encoding="utf-8"))
        result = score_record(load_record(sample))
        stored = {**data, "stake": 20}  # not the added hand again: add checks all 200
        for _ in range(hands):
            add_hand(None, "big", stored, result)
        floor = ("import re, sqlite3, json, tomllib; tomllib.loads(open({!r}, encoding='utf-8')"
                 ".read()); sqlite3.connect({!r}).execute('SELECT count(*) FROM hands')"
                 ".fetchall()").format(sample, env["SCORER_DB"])
        cases = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            # what any `ledger add` of a TOML record imports and does before scorer's own code
            ("python: re, sqlite3, json, tomllib, parse, one query", [sys.executable, "-c", floor]),
            ("scorer score samples/gostop-cardavia-go.toml", [*scorer, "score", sample]),
            ("scorer ledger add big samples/gostop-cardavia-go.toml --yes",
             [*scorer, "ledger", "add", "big", sample, "--yes"]),
            ("scorer ledger add (the same hand again: checked, refused)",
             [*scorer, "ledger", "add", "big", sample]),
            (f"scorer ledger show big ({hands}+ hands)", [*scorer, "ledger", "show", "big"]),
            ("scorer ledger show big --json", [*scorer, "ledger", "show", "big", "--json"]),
            ("scorer ledger settle big", [*scorer, "ledger", "settle", "big"]),
        ]
        print(f"runner: {installed or 'python -c ' + repr(script)}")
        report(cases, runs, args.instructions, env)


if __name__ == "__main__":
    main()
