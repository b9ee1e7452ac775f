"""Every non-vision bench runs, at its smallest setting (``--quick``).

The benches print figures and never fail on them (bench/NOTES.md); this only checks that
each still runs against today's code. The vision benches (tile_detector, real_photos,
pipeline_*, closeups, eval_classifier, peer_mahjong_detector) need the models and data sets,
and web_latency a photo through the classifier: they are left to be run by hand.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BENCHES = ["startup", "ledger_speed", "gostop_speed", "koikoi_speed", "mahjong_speed"]


@pytest.mark.parametrize("bench", BENCHES)
def test_bench_runs_at_its_smallest_setting(bench: str, tmp_path: Path) -> None:
    installed = shutil.which("scorer") or Path(sys.executable).with_name("scorer").exists()
    if bench == "startup" and not installed:  # it times the command a user runs
        pytest.skip("needs the installed `scorer` command (pip install -e .)")
    env = {**os.environ, "PYTHONPATH": str(REPO), "SCORER_DB": str(tmp_path / "l.sqlite3")}
    done = subprocess.run(
        [sys.executable, str(REPO / "bench" / f"{bench}.py"), "--quick"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "python -c pass" in done.stdout or "per second" in done.stdout, done.stdout
