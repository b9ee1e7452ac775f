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
        (["recognize", "x.jpg", "--game", "xx"],
         "'xx' is not one of 'hanafuda', 'mahjong', 'gostop', 'koikoi'"),
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


@pytest.mark.parametrize(
    "value, said",
    [("inf", "expected a finite number"), ("x", "expected a number"),
     ("-1", "expected at least 0"), ("7", "expected at most 5")],
)
def test_a_refused_value_is_said_from_the_refusal_not_its_sentence(value: str, said: str) -> None:
    """typer's coercion refuses with pydantic's sentence; scorer says it from the refusal's
    type and values (the ValidationError behind the error), whatever pydantic's words."""
    from typing import Annotated

    from pydantic import Field, TypeAdapter, ValidationError
    from typer._click.exceptions import BadParameter

    from scorer.cli.app import _usage_message

    number = TypeAdapter(Annotated[float, Field(ge=0, le=5, allow_inf_nan=False)])
    with pytest.raises(ValidationError) as refused:
        number.validate_python(value)
    err = BadParameter(str(refused.value.errors()[0]["msg"]), param_hint="'--n'")
    err.__cause__ = refused.value
    assert _usage_message(err) == f"Invalid value for '--n': {said}"


def test_the_typer_commands_shared_options_are_their_one_declaration() -> None:
    """--json, --lang and --db of every typer command: the flag of scorer.options' record."""
    import typer.main

    from scorer.cli.app import app
    from scorer.options import DB, JSON, LANG

    declared = {o.dest: o.flag for o in (DB, JSON, LANG)}
    seen: list[str] = []

    def walk(command: object) -> None:
        for sub in getattr(command, "commands", {}).values():
            walk(sub)
        for param in getattr(command, "params", ()):
            if param.name in declared and param.opts[:1] != ["ledger"]:
                seen.append(param.name)
                assert param.opts == [declared[param.name]], (command, param.opts)

    walk(typer.main.get_command(app))
    assert {"as_json", "lang", "db"} <= set(seen)


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
        ["--help"],  # rich's help: rich exits 1 on a closed pipe unless told otherwise
        ["rules", "gostop", "--help"],
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


# What typed commands never load: typer and rich cost more than Python's start-up here,
# OpenCV and onnxruntime more again (bench/startup.py).
HEAVY = ("typer", "rich", "cv2", "onnxruntime")
TYPED = [
    ["cards", "hanafuda", "--json"],
    ["score", SAMPLE],
    ["score", SAMPLE, "--rules-file", "samples/house-rules-gostop.toml", "--json"],
    ["score", SAMPLE, "--compare", "estandar", "-y"],
    ["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--set", "go.points=2"],
    ["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--vs", "2a",
     "--stop", "me", "--stake", "0.5", "--lang", "es", "-y", "--json"],
    ["ledger", "new", "friday", "--game", "gostop", "--players", "Ana,Bo", "--stake", "100"],
    ["ledger", "add", "friday", SAMPLE, "--yes"],
    ["ledger", "show", "friday"],
    ["ledger", "settle", "friday"],
    ["ledger", "--help", "--lang", "es"],
    ["ledger", "add", "--help", "--lang", "es"],
]


def _example(help_text: str) -> list[str]:
    """The documented example of a quick form, as argv."""
    import shlex

    line = next(x for x in help_text.splitlines() if x.lstrip().startswith("Example"))
    return shlex.split(line[line.index("scorer ") :])[1:]


def test_typed_commands_import_neither_typer_rich_cv2_nor_onnxruntime(tmp_path: Path) -> None:
    """Every kind of typed command (quick forms, score, cards, the ledger), in one process."""
    from scorer.games.base import game_names, get_game

    quick = [_example(get_game(name).quick_help) for name in game_names()]
    code = (
        "import sys, io, contextlib\n"
        "from scorer.cli.entry import main\n"
        f"for args in {[*TYPED, *quick]!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try:\n"
        "            main(args)\n"
        "        except SystemExit as e:\n"
        "            assert not e.code, (args, e.code)\n"
        f"    loaded = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "    assert not loaded, (args, loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120,
        env={**ENV, "SCORER_DB": str(tmp_path / "ledger.sqlite3")},
    )
    assert done.returncode == 0, done.stderr


def test_score_options_work_on_the_argparse_path(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", SAMPLE, "--set", "gwangbak.factor=3", "-y"])
    out = capsys.readouterr().out
    assert "Bo pays Ana: (13 + 1 go) × 3 gwang-bak = 42 points = 4,200 won" in out
    assert "rule gwangbak.factor = 3 (from --set)" in out
