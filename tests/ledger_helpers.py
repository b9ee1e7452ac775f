"""Shared helpers for the ledger tests: records, a CLI runner, and direct database checks."""

from __future__ import annotations

import sqlite3
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorer.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
# (sample, its payments as `scorer score` prints them, in points)
#   familia-3p:     Bo pays Ana 8, Cy pays Ana 8            -> Ana +16, Bo -8,  Cy -8
#   estandar-gobak: Bo pays Ana 16 twice (go-bak: for Cy)   -> Ana +32, Bo -32, Cy 0
#   cardavia-go:    Bo pays Ana 28 (README's example)       -> Ana +28, Bo -28
THREE = ("gostop-familia-3p.toml", "gostop-estandar-gobak.toml", "gostop-cardavia-go.toml")


def sample_data(name: str, *, keep_stake: bool = False) -> dict[str, Any]:
    """A sample record as parsed; stake and currency left to the session by default."""
    data = tomllib.loads((SAMPLES / name).read_text(encoding="utf-8"))
    if not keep_stake:
        data.pop("stake", None)
        data.pop("currency", None)
    return data


def write_record(tmp: Path, name: str, **changes: Any) -> Path:
    """A copy of a sample without its stake and currency (the session's apply)."""
    text = (SAMPLES / name).read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.startswith(("stake =", "currency ="))]
    out = tmp / name
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `scorer ARGS` in-process: (exit code, stdout, stderr)."""
    code = 0
    try:
        main(list(args))
    except SystemExit as err:
        code = int(err.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def counts(db: Path) -> tuple[int, int, int]:
    """(hands, player rows, audit rows)."""
    conn = sqlite3.connect(db)
    try:
        return tuple(  # type: ignore[return-value]
            conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("hands", "hand_players", "audit")
        )
    finally:
        conn.close()
