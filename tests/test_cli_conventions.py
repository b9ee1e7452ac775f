"""Issue 20 items 6, 15 and 16: help, usage errors, pipes, and which commands start fast."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
SAMPLE = "samples/gostop-cardavia-go.toml"
ENV = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}


def scorer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorer", *args], capture_output=True, text=True, env=ENV,
        cwd=REPO, timeout=60,
    )


@pytest.mark.parametrize(
    "args, expected",
    [
        (["recognize", "x.jpg", "--game", "xx"], "'xx' is not one of 'hanafuda', 'mahjong'"),
        (["camera", "--game", "hanafuda", "--every", "x"], "'--every': expected a whole number"),
        (["camera", "--game", "hanafuda", "--every", "0"], "'--every': expected at least 1"),
        (["rules", "diff", "gostop", "familia"], "Missing argument"),
        (["nosuch"], "No such command 'nosuch'"),
    ],
)
def test_typer_usage_errors_are_one_line(args: list[str], expected: str) -> None:
    done = scorer(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("scorer: error: ") and done.stderr.count("\n") == 1
    assert expected in done.stderr
    assert "Value error" not in done.stderr and "Input should be" not in done.stderr


@pytest.mark.parametrize("args", [[], ["rules"], ["-h"], ["rules", "-h"], ["recognize", "-h"],
                                  ["score", "-h"], ["cards", "-h"], ["gostop", "-h"]])
def test_help_is_on_stdout_with_exit_0(args: list[str]) -> None:
    done = scorer(*args)
    assert done.returncode == 0, done.stderr
    assert "sage:" in done.stdout and done.stderr == ""


def test_flags_show_no_bool_metavar() -> None:
    for command in ("recognize", "camera"):
        done = scorer(command, "--help")
        assert "--json" in done.stdout and "<bool>" not in done.stdout


def test_top_level_help_lists_only_games_that_are_there() -> None:
    from scorer.games.base import game_names

    done = scorer("--help")
    text = " ".join(done.stdout.lower().split("commands")[0].split())
    assert "score physical card and tile games" in text
    for name, title in (("koikoi", "koi-koi"), ("mahjong", "mahjong"), ("hakka", "hakka")):
        assert (title in text) == (name in game_names()), name


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "hanafuda"],
        ["score", SAMPLE],
        ["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--gos", "1"],
        ["rules", "gostop"],
    ],
)
def test_broken_pipe_exits_0(args: list[str]) -> None:
    code = (
        "import os, sys\n"
        "from scorer.cli.entry import main\n"
        "r, w = os.pipe(); os.close(r)\n"  # the reader is gone before anything is written
        "os.dup2(w, 1)\n"
        f"main({args!r})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENV, cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


HEAVY = ("cv2", "onnxruntime", "numpy", "typer", "rich", "pydantic", "click", "argparse")


@pytest.mark.parametrize(
    "args",
    [
        ["score", SAMPLE, "--set", "go.double_from=4"],
        ["score", SAMPLE, "--rules-file", "samples/house-rules-gostop.toml", "--json"],
        ["score", SAMPLE, "--compare", "estandar", "-y"],
        ["cards", "hanafuda", "--months", "jp"],
        ["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--set", "go.points=2"],
        ["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--vs", "2a",
         "--stop", "me", "--stake", "0.5", "--lang", "es", "-y", "--json"],
    ],
)
def test_typed_scoring_with_any_option_imports_nothing_heavy(args: list[str]) -> None:
    code = (
        "import sys, io, contextlib\n"
        "from scorer.cli.entry import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({args!r})\n"
        "    except SystemExit as e:\n"
        "        assert not e.code, e.code\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENV, cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_score_options_work_on_the_argparse_path(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", SAMPLE, "--set", "gwangbak.factor=3", "-y"])
    out = capsys.readouterr().out
    assert "Bo pays Ana: (13 + 1 go) × 3 gwang-bak = 42 points = 4,200 won" in out
    assert "rule gwangbak.factor = 3 (from --set)" in out


QUICK = [
    ["--me", "1b 3b 8b", "--vs", "2a"],
    ["--me", "1b 3b 8b", "--vs", "2a", "--vs", "3j", "--vs-gos", "1", "--stop", "vs2"],
    ["--me", "1b", "--vs", "2a", "--gos", "3", "--shakes", "1", "--set", "a=1", "--set", "b=2",
     "--rules", "familia", "--stake", "2.5", "--currency", "won", "--json", "--lang", "es",
     "-y", "--instant", "three-ppuk", "--rules-file", "x.toml", "--ledger", "s", "--db", "d"],
]


@pytest.mark.parametrize("argv", QUICK)
def test_declared_reader_agrees_with_argparse(argv: list[str]) -> None:
    """The fast reader and argparse read the same declarations the same way."""
    from scorer.cli.quick import build_parser, common_options, read_declared
    from scorer.games.base import get_game

    game = get_game("gostop")
    fast = read_declared((*game.quick, *common_options(game)), argv)
    assert fast is not None
    assert fast == vars(build_parser(game).parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [["--me", "1b"], ["--me", "1b", "--vs", "2a", "--gos", "13"], ["--me", "1b", "--vs=2a"],
     ["--me", "1b", "--vs", "2a", "--stake", "nan"], ["--me", "1b", "--vs", "2a", "-h"],
     ["--me", "1b", "--vs", "2a", "--lang", "fr"], ["--me", "1b", "--vs", "2a", "extra"]],
)
def test_declared_reader_leaves_help_and_mistakes_to_argparse(argv: list[str]) -> None:
    from scorer.cli.quick import common_options, read_declared
    from scorer.games.base import get_game

    game = get_game("gostop")
    assert read_declared((*game.quick, *common_options(game)), argv) is None


def test_score_options_read_the_same_both_ways() -> None:
    from scorer.cli.quick import build_command_parser, read_declared
    from scorer.cli.run import COMMANDS

    spec = COMMANDS["score"]
    argv = ["r.toml", "--set", "a=1", "--set", "b=2", "--rules-file", "f.toml", "--compare",
            "estandar", "--json", "--lang", "es", "-y"]
    fast = read_declared(spec.options, argv)
    assert fast == vars(build_command_parser("scorer score", spec.help, spec.options)
                        .parse_args(argv))
