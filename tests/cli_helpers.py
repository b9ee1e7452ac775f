"""Running `scorer` in-process as a user types it, and the one-line error of bad input."""

from __future__ import annotations

import pytest

from scorer.cli.entry import main


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``scorer ARGS``."""
    code = 0
    try:
        main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def one_error(code: int, out: str, err: str) -> str:
    """Bad input: exit 2, nothing on stdout, one `scorer: error:` line, no traceback."""
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("scorer: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err
