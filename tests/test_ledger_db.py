"""The ledger file: foreign, corrupt, newer and read-only files refused untouched; upgrades."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from ledger_helpers import THREE, cli, counts, write_record

from scorer.ledger import db as ledger_db
from scorer.ledger.db import SCHEMA_VERSION
from scorer.ledger.messages import LedgerError


def _one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("scorer: error: "), err
    return lines[0]


def _new(capsys: pytest.CaptureFixture[str], db: Path) -> tuple[int, str, str]:
    return cli(capsys, "ledger", "new", "friday", "--game", "gostop", "--players", "Ana,Bo,Cy",
               "--db", str(db))


def test_fresh_file_is_wal_with_foreign_keys_and_current_version(tmp_path: Path) -> None:
    conn = ledger_db.connect(str(tmp_path / "new" / "l.db"))  # folder made too
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 10000
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert conn.execute("SELECT value FROM meta WHERE key='app'").fetchone()[0] == "scorer.ledger"
    with pytest.raises(sqlite3.IntegrityError):  # foreign keys are enforced
        conn.execute("INSERT INTO hand_players VALUES (42, 'Ana', 1, '1')")
    conn.close()


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    text = tmp_path / "notes.txt"
    text.write_text("shopping list: rice, tea\n" * 50)
    other = tmp_path / "other.sqlite3"
    c = sqlite3.connect(other)
    c.execute("CREATE TABLE songs (title TEXT)")
    c.commit()
    c.close()
    disguised = tmp_path / "disguised.sqlite3"  # a user_version but no meta table
    c = sqlite3.connect(disguised)
    c.execute("CREATE TABLE t (x)")
    c.execute("PRAGMA user_version = 2")
    c.commit()
    c.close()
    newer = tmp_path / "newer.sqlite3"
    c = sqlite3.connect(newer, isolation_level=None)
    ledger_db.migrate(c, str(newer))
    c.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    c.close()
    return {
        "text": (text, "not a scorer ledger (not an SQLite database)"),
        "other": (other, "an SQLite database that is not a scorer ledger"),
        "disguised": (disguised, "an SQLite database that is not a scorer ledger"),
        "newer": (newer, f"newer scorer (ledger schema v{SCHEMA_VERSION + 1}; this one reads "
                         f"up to v{SCHEMA_VERSION})"),
    }


@pytest.mark.parametrize("kind", ["text", "other", "disguised", "newer"])
def test_foreign_and_newer_files_are_refused_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path, message = _bad_files(tmp_path)[kind]
    before = path.read_bytes()
    for args in (["new", "friday", "--game", "gostop", "--players", "Ana,Bo"], ["show"],
                 ["list"], ["add", str(write_record(tmp_path, THREE[2]))]):
        code, out, err = cli(capsys, "ledger", *args, "--db", str(path))
        assert code == 2 and out == ""
        line = _one_error_line(err)
        assert message in line and "left untouched" in line
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


def test_corrupt_ledger_gives_one_line_and_is_not_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    assert _new(capsys, db)[0] == 0
    record = write_record(tmp_path, THREE[2])
    for _ in range(20):  # the same hand again and again: --yes, on purpose
        assert cli(capsys, "ledger", "add", "friday", str(record), "--db", str(db),
                   "--yes")[0] == 0
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = bytearray(db.read_bytes())
    page = 4096
    raw[page:] = b"\xde\xad\xbe\xef" * ((len(raw) - page) // 4)  # keep the header page only
    db.write_bytes(bytes(raw))
    for args in (["show", "friday"], ["add", "friday", str(record)], ["settle", "friday"]):
        code, out, err = cli(capsys, "ledger", *args, "--db", str(db))
        assert code == 2, (args, out, err)
        line = _one_error_line(err)
        assert "malformed" in line or "corrupt" in line or "unusable" in line
    assert db.read_bytes() == bytes(raw)


def test_read_only_location_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # /proc takes no new files, even for root (chmod alone does not stop root)
    code, _, err = _new(capsys, Path("/proc/scorer-ledger-test/l.db"))
    assert code == 2
    assert "cannot create the ledger in /proc/scorer-ledger-test" in _one_error_line(err)


def test_read_only_file_adds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "l.db"
    assert _new(capsys, db)[0] == 0
    record = write_record(tmp_path, THREE[2])
    os.chmod(db, 0o444)
    uri = f"file:{db}?mode=ro"
    real_connect = sqlite3.connect
    if os.geteuid() == 0:  # root ignores file modes: open it as SQLite's read-only mode does
        monkeypatch.setattr(
            ledger_db.sqlite3, "connect",
            lambda path, **kw: real_connect(uri, uri=True, **kw) if path == str(db)
            else real_connect(path, **kw),
        )
    before = counts(db)
    code, _, err = cli(capsys, "ledger", "add", "friday", str(record), "--db", str(db), "--yes")
    assert code == 2 and "read-only" in _one_error_line(err)
    assert counts(db) == before
    code, out, _ = cli(capsys, "ledger", "show", "friday", "--db", str(db))
    assert code == 0 and "Session friday" in out  # reading still works
    os.chmod(db, 0o644)


def _v1_ledger(path: Path) -> None:
    """A file as the v1 code wrote it: its migration, one session, one hand."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert ledger_db.migrate(conn, str(path), upto=1) == 1
    conn.execute(
        "INSERT INTO sessions VALUES (1, 'old', 'gostop', '[\"Ana\", \"Bo\"]', '100', 'won', "
        "NULL, '[]', '2024-01-05T20:00:00.000Z')"
    )
    conn.execute(
        "INSERT INTO hands VALUES (1, 1, 1, '2024-01-05T21:00:00.000Z', '{}', NULL, "
        "'cardavia', '{}', '0.0.9', ?)",
        (json.dumps({"game": "gostop", "payments": []}),),
    )
    conn.executemany("INSERT INTO hand_players VALUES (1, ?, ?, ?)",
                     [("Ana", 28, "2800"), ("Bo", -28, "-2800")])
    conn.close()


def test_v1_file_is_backed_up_then_migrated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    _v1_ledger(db)
    v1_bytes = db.read_bytes()
    code, out, err = cli(capsys, "ledger", "show", "old", "--db", str(db), "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["totals"] == {"points": {"Ana": 28, "Bo": -28},
                             "money": {"Ana": 2800, "Bo": -2800}}
    backup = Path(f"{db}.bak-v1")
    assert backup.exists()
    b = sqlite3.connect(backup)
    assert b.execute("PRAGMA user_version").fetchone()[0] == 1
    assert b.execute("SELECT count(*) FROM hands").fetchone()[0] == 1
    b.close()
    assert len(v1_bytes) > 0
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert conn.execute("SELECT action, hand_id, detail FROM audit ORDER BY id").fetchall() == [
        ("new-session", None, "from a v1 ledger"), ("add", 1, "from a v1 ledger"),
    ]
    conn.close()
    # the upgraded file takes corrections (the v2 tables)
    code, _, err = cli(capsys, "ledger", "void", "1", "--reason", "test", "--db", str(db))
    assert code == 0, err


def test_failed_migration_rolls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "l.db"
    _v1_ledger(db)
    broken = (*ledger_db.MIGRATIONS[:1], (*ledger_db.MIGRATIONS[1][:2], "CREATE TABLE oops ("))
    monkeypatch.setattr(ledger_db, "MIGRATIONS", broken)
    with pytest.raises(LedgerError, match="cannot upgrade the ledger"):
        ledger_db.connect(str(db))
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "voids" not in tables  # the half-applied step was rolled back
    conn.close()
