"""The ledger page's example block (docs/ledger.md) runs as written, in order, and settles."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from scorer.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]


def _block() -> list[list[str]]:
    section = (ROOT / "docs" / "ledger.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", section, flags=re.S)
    assert block is not None
    return [shlex.split(line.split("  #")[0])[1:] for line in block.group(1).splitlines()
            if line.startswith("scorer ")]


def test_the_ledger_page_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SCORER_DB", str(tmp_path / "ledger.sqlite3"))
    monkeypatch.chdir(ROOT)
    commands = _block()
    assert len(commands) >= 5
    for argv in commands:
        try:
            main(argv)
        except SystemExit as exit_:
            pytest.fail(f"scorer {' '.join(argv)} exited {exit_.code}: {capsys.readouterr().err}")
    # the settlement at the end adds up: familia 3p sample + the quick-form hand
    assert "reproduce every player's total and sum to zero" in capsys.readouterr().out
