"""Nothing is lost: hands survive SIGKILL whole or not at all; two writers both land."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from ledger_helpers import REPO

from scorer.ledger import store

# A writer: score the 3-player sample once, then add it to the session until killed (or N
# times). Every add opens the ledger, as `scorer ledger add` does.
WRITER = """
import sys, tomllib
from scorer.games.record import record_from_data, score_record
from scorer.ledger.store import add_hand
db, n = sys.argv[1], int(sys.argv[2])
data = tomllib.loads(open(sys.argv[3], encoding="utf-8").read())
result = score_record(record_from_data(data, origin="w", base_dir="."))
print("ready", flush=True)
for i in range(n):
    add_hand(db, "friday", data, result, source_text="x" * 20000)
    if i == 0:
        print("added", flush=True)
"""
SAMPLE = str(REPO / "samples" / "gostop-familia-3p.toml")
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def _writer(db: Path, n: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), str(n), SAMPLE],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )


def _check_whole(db: Path) -> int:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    hands = conn.execute("SELECT id, seq, result FROM hands ORDER BY seq").fetchall()
    assert [seq for _, seq, _ in hands] == list(range(1, len(hands) + 1))  # no gaps
    for hid, _, result in hands:
        players = {p["player"] for p in json.loads(result)["players"]}
        rows = conn.execute(
            "SELECT player, points FROM hand_players WHERE hand_id = ?", (hid,)
        ).fetchall()
        assert {r[0] for r in rows} == players and sum(r[1] for r in rows) == 0
        assert conn.execute(
            "SELECT count(*) FROM audit WHERE hand_id = ? AND action = 'add'", (hid,)
        ).fetchone()[0] == 1
    conn.close()
    return len(hands)


def test_sigkill_at_random_points_leaves_whole_hands(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    store.create_session(str(db), "friday", "gostop", ["Ana", "Bo", "Cy"], stake=10)
    rng = random.Random(19)
    kills = 0
    for _ in range(50):
        proc = _writer(db, 10_000)
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n", proc.stderr.read() if proc.stderr else ""
        # the first hand is in (a loaded machine may not schedule the writer at all within
        # the random wait), then the kill lands somewhere inside the add loop
        assert proc.stdout.readline() == "added\n", proc.stderr.read() if proc.stderr else ""
        time.sleep(rng.uniform(0.0, 0.08))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL
        kills += 1
    assert kills >= 50
    n = _check_whole(db)
    assert n > 50  # one hand a writer, and more in the random waits before the kills
    # and the file still takes hands after all that
    proc = _writer(db, 1)
    assert proc.wait() == 0
    assert _check_whole(db) == n + 1


def test_two_writers_both_land(tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    store.create_session(str(db), "friday", "gostop", ["Ana", "Bo", "Cy"], stake=10)
    procs = [_writer(db, 100), _writer(db, 100)]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert "locked" not in err
    assert _check_whole(db) == 200
