"""Issue 43, items 8-11 and 13: the output a player reads.

Help once, preset titles in the output's language, series headers that count rounds, a
README compare example that compares something, and words that agree with their numbers.
Each test failed before the fix it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = 0
    try:
        main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- item 8: help once -------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [[], ["rules"]])
def test_help_without_a_command_is_printed_once(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert out.count("Usage:") == 1, out
    assert err == ""
