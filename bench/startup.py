"""Start-up time of scorer's commands against a bare interpreter.

Run by hand:  python bench/startup.py [--runs 20]   (or --instructions: valgrind's counts;
--quick: one case of each kind, one run, as the test suite runs it)

Targets (issue 36), on a 2-core machine:

- typed commands — `scorer score`, `scorer cards`, each game's quick form, the `ledger`
  commands — within 5x `python -c pass`. These are what a player types at the table, once a
  hand; 5x is about 50 ms here, under what a person notices between pressing Enter and
  reading the answer. They reach it with one workaround only: they are parsed by argparse
  from options declared as data (scorer.options), not by typer, which costs 150 ms or more
  before a command runs.
- `scorer --help`, `scorer rules`, `scorer serve`: typer commands, run once an evening; no
  slower than before issue 36 (its measurements are in the issue).

Both targets are on median wall time. Instruction counts (--instructions) read about 1.2x
higher for the typed commands (5.0-6.2x at issue 36): they leave out the process start-up
and page faults that make up much of `python -c pass`'s wall time.

The earlier target, 3x, was reached with a stand-in for `typing`, a hand-made NamedTuple,
presets compiled to Python and a hand-made option reader; each bought milliseconds and cost
the next engineer code to learn, so issue 36 removed them.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _measure import ENV, report


def quick_example(help_text: str) -> list[str]:
    """The first `scorer GAME ...` example in a quick form's help text, as argv."""
    import shlex

    for line in help_text.splitlines():
        at = line.find("scorer ")
        if line.lstrip().startswith("Example") and at >= 0:
            return shlex.split(line[at:])
    return []


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing (load-proof)")
    parser.add_argument("--quick", action="store_true",
                        help="one case of each kind, one run (a check that the bench runs)")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else args.runs
    scorer = shutil.which("scorer") or str(Path(sys.executable).with_name("scorer"))
    repo = Path(__file__).resolve().parents[1]
    # records only: a rules file (house-rules-*.toml) has no `game = ...` line
    samples = [
        p for p in sorted((repo / "samples").glob("*.toml"))
        if "\ngame = " in "\n" + p.read_text("utf-8")
    ]
    if args.quick:
        samples = samples[:1]
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        # the floor under any `scorer score RECORD.toml`: the record is TOML
        ("python: import tomllib, parse a record", [
            sys.executable, "-c",
            "import tomllib; tomllib.loads(open({!r}, encoding='utf-8').read())".format(
                str(repo / "samples" / "gostop-cardavia-go.toml")
            ),
        ]),
        ("scorer cards hanafuda --json", [scorer, "cards", "hanafuda", "--json"]),
    ]
    # every Go-Stop sample: a record with overrides or a rules file also reads _keys.toml;
    # --json (one sample) also loads the json module
    for sample in samples:
        cases.append((f"scorer score samples/{sample.name}", [scorer, "score", str(sample)]))
    if samples and not args.quick:
        first = str(samples[0])
        cases.append((f"scorer score samples/{samples[0].name} --json",
                      [scorer, "score", first, "--json"]))
        # any option stays on the fast path (issue 20 item 16)
        house = repo / "samples" / "house-rules-gostop.toml"
        cases += [
            ("scorer score … --set go.double_from=4",
             [scorer, "score", first, "--set", "go.double_from=4"]),
            ("scorer score … --rules-file house-rules-gostop.toml",
             [scorer, "score", first, "--rules-file", str(house)]),
            ("scorer score … --compare estandar",
             [scorer, "score", first, "--compare", "estandar"]),
            ("scorer score --help", [scorer, "score", "--help"]),
        ]
    sys.path.insert(0, str(repo))
    from scorer.games.base import game_names, get_game

    for name in game_names()[:1] if args.quick else game_names():
        example = quick_example(get_game(name).quick_help)
        if example:
            cases.append((" ".join(example)[:56], [scorer, *example[1:]]))
            cases.append((f"scorer {name} … --json --lang es",
                          [scorer, *example[1:], "--json", "--lang", "es"]))
            cases.append((f"scorer {name} --help", [scorer, name, "--help"]))
    with tempfile.TemporaryDirectory() as tmp:
        env = {**ENV, "SCORER_DB": str(Path(tmp) / "bench.sqlite3")}
        cases.append(("scorer ledger list (no ledger yet)", [scorer, "ledger", "list"]))
        report(cases, runs, args.instructions, env)
        # an evening with one hand, for the ledger commands that read one
        for setup in ([scorer, "ledger", "new", "ev", "--game", "gostop", "--players", "Ana,Bo"],
                      [scorer, "gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j",
                       "--names", "Ana,Bo", "--ledger", "ev"]):
            subprocess.run(setup, env=env, check=True, capture_output=True)
        cases = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("scorer ledger show ev", [scorer, "ledger", "show", "ev"]),
            ("scorer ledger hand ev#1", [scorer, "ledger", "hand", "ev#1"]),
            ("scorer ledger settle ev", [scorer, "ledger", "settle", "ev"]),
            # the typer commands: no slower than before issue 36
            ("scorer --help", [scorer, "--help"]),
            ("scorer rules gostop", [scorer, "rules", "gostop"]),
            ("scorer serve --help", [scorer, "serve", "--help"]),
        ]
        report(cases, runs, args.instructions, env)


if __name__ == "__main__":
    main()
