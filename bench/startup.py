"""Start-up time of the fast commands against a bare interpreter.

Run by hand:  python bench/startup.py [--runs 20]   (or --instructions: valgrind's counts)
Covers `scorer cards hanafuda --json`, `scorer score` on every record in samples/ (every game),
and each registered game's quick form, run as its help text's example. Target for typed
scoring: within 3x `python -c pass` on a 2-core machine.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from _measure import report


def quick_example(help_text: str) -> list[str]:
    """The first `scorer GAME ...` example in a quick form's help text, as argv."""
    import shlex

    for line in help_text.splitlines():
        at = line.find("scorer ")
        if line.lstrip().startswith("Example") and at >= 0:
            return shlex.split(line[at:])
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing (load-proof)")
    args = parser.parse_args()
    scorer = shutil.which("scorer") or str(Path(sys.executable).with_name("scorer"))
    repo = Path(__file__).resolve().parents[1]
    # records only: a rules file (house-rules-*.toml) has no `game = ...` line
    samples = [
        p for p in sorted((repo / "samples").glob("*.toml"))
        if "\ngame = " in "\n" + p.read_text("utf-8")
    ]
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
    if samples:
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

    for name in game_names():
        example = quick_example(get_game(name).quick_help)
        if example:
            cases.append((" ".join(example)[:56], [scorer, *example[1:]]))
            cases.append((f"scorer {name} … --json --lang es",
                          [scorer, *example[1:], "--json", "--lang", "es"]))
            cases.append((f"scorer {name} --help", [scorer, name, "--help"]))
    report(cases, args.runs, args.instructions)


if __name__ == "__main__":
    main()
