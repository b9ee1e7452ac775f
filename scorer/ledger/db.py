"""The ledger's SQLite file: where it lives, how it is opened, and its numbered migrations.

- One file per user (``default_path()``), or ``--db PATH`` / ``SCORER_DB``.
- WAL journal, a 10 s busy timeout and ``BEGIN IMMEDIATE`` for every writer, so two
  processes adding hands at once queue instead of failing with "database is locked".
- ``PRAGMA user_version`` is the schema version; a ``meta`` table with
  ``app = scorer.ledger`` says the file is ours. Someone else's database, a file that is
  not SQLite, a corrupt file, a newer schema or a read-only location is refused with one
  line and never written to. An older schema is copied to ``NAME.bak-v{old}`` first, then
  migrated in one transaction.

Only the standard library and the ledger's messages are imported here: ``scorer ledger
add`` and ``show`` must start as fast as ``python -c pass`` allows (bench/ledger_speed.py).

The rows themselves (sessions, hands, voids, audit) are read and written by
:mod:`scorer.ledger.store` alone; this module is the file: its place, its checks on opening,
its pragmas and its schema.
"""

from __future__ import annotations

import os
import sqlite3

from scorer.ledger.messages import LedgerError, problem

APP = "scorer.ledger"
BUSY_TIMEOUT_S = 10.0  # a writer waits this long for another writer before giving up
_HEADER = b"SQLite format 3\x00"


# -- migrations -------------------------------------------------------------------------------
# Each entry moves the schema from version i to i+1 and is applied in one transaction with
# the new user_version. Never edit a shipped step: add the next one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # v1: sessions, hands (the record as typed, the rules in force, the engine version, the
    # result document) and each player's net for each hand, so show/settle never re-score.
    (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"INSERT INTO meta (key, value) VALUES ('app', '{APP}')",
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            players TEXT NOT NULL,          -- JSON list of names, in seating order
            stake TEXT NOT NULL,            -- exact: an integer or a fraction 'p/q'
            currency TEXT NOT NULL,
            preset TEXT,                    -- default preset for records that name none
            overrides TEXT NOT NULL,        -- JSON list of --set strings
            created TEXT NOT NULL
        )""",
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seq INTEGER NOT NULL,           -- 1, 2, ... within the session
            created TEXT NOT NULL,
            record TEXT NOT NULL,           -- JSON: the record as parsed (photos as text)
            source_text TEXT,               -- the record file as typed, when there was one
            preset TEXT NOT NULL,
            rules TEXT NOT NULL,            -- JSON: every resolved rule value
            engine_version TEXT NOT NULL,
            result TEXT NOT NULL,           -- JSON: HandResult.to_json()
            UNIQUE (session_id, seq)
        )""",
        """CREATE TABLE hand_players (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            player TEXT NOT NULL,
            points INTEGER NOT NULL,        -- net points for the hand (payments in - out)
            money TEXT NOT NULL,            -- exact net money: an integer or 'p/q'
            PRIMARY KEY (hand_id, player)
        )""",
    ),
    # v2: corrections without rewriting: a hand may replace another; a void is a row of its
    # own; every change is a row in the audit trail. Hands of a v1 file get their 'add' row.
    (
        "ALTER TABLE hands ADD COLUMN replaces INTEGER REFERENCES hands(id)",
        """CREATE TABLE voids (
            hand_id INTEGER PRIMARY KEY REFERENCES hands(id),
            by_hand INTEGER REFERENCES hands(id),  -- the replacement, if any
            reason TEXT NOT NULL,
            created TEXT NOT NULL
        )""",
        """CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            created TEXT NOT NULL,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            action TEXT NOT NULL,           -- new-session | add | void | replace | import
            hand_id INTEGER REFERENCES hands(id),
            target INTEGER REFERENCES hands(id),  -- the hand voided or replaced
            reason TEXT NOT NULL DEFAULT '',
            detail TEXT NOT NULL DEFAULT ''
        )""",
        """INSERT INTO audit (created, session_id, action, detail)
           SELECT created, id, 'new-session', 'from a v1 ledger' FROM sessions ORDER BY id""",
        """INSERT INTO audit (created, session_id, action, hand_id, detail)
           SELECT created, session_id, 'add', id, 'from a v1 ledger' FROM hands ORDER BY id""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


# -- where the file lives -----------------------------------------------------------------------
def default_path() -> str:
    """``$SCORER_DB``, else ``ledger.sqlite3`` in the user's data directory (platformdirs)."""
    env = os.environ.get("SCORER_DB")
    if env:
        return env
    from platformdirs import user_data_dir

    return os.path.join(user_data_dir("scorer", appauthor=False), "ledger.sqlite3")


# -- opening ----------------------------------------------------------------------------------
def _refuse(path: str, why: str) -> LedgerError:
    return LedgerError(f"{path}: {why}; the file was left untouched")


def _sniff(path: str) -> bool:
    """True if ``path`` exists (and looks like SQLite); raise if it is something else."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(_HEADER))
    except FileNotFoundError:
        return False
    except IsADirectoryError:
        raise LedgerError(f"{path}: is a directory, not a ledger file") from None
    except OSError as err:
        raise LedgerError(f"{path}: cannot read the ledger ({err.strerror})") from None
    if head and head != _HEADER:
        raise _refuse(path, "not a scorer ledger (not an SQLite database)")
    return True


def connect(path: str | None = None, *, create: bool = True) -> sqlite3.Connection:
    """An open, checked, up-to-date ledger connection (autocommit; writers BEGIN IMMEDIATE).

    ``create=False`` (read-only commands) refuses a missing file instead of creating it.
    """
    path = path or default_path()
    exists = _sniff(path)
    if not exists:
        if not create:
            raise problem("err.no-ledger", path=path)
        folder = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as err:
            raise LedgerError(f"cannot create the ledger in {folder} ({err.strerror})") from None
        if not os.access(folder, os.W_OK):
            raise LedgerError(f"cannot create the ledger in {folder}: the folder is read-only")
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except sqlite3.Error as err:
        raise LedgerError(f"{path}: cannot open the ledger ({err})") from None
    try:
        _setup(conn, path, exists)
    except BaseException:
        conn.close()
        raise
    return conn


def _setup(conn: sqlite3.Connection, path: str, exists: bool) -> None:
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as err:
        raise _refuse(path, f"corrupt or not a scorer ledger ({err})") from None
    if version == 0 and tables:
        raise _refuse(path, "an SQLite database that is not a scorer ledger")
    if version > 0:
        app = None
        if "meta" in tables:
            try:
                row = conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
            except sqlite3.DatabaseError as err:
                raise _refuse(path, f"corrupt ledger ({err})") from None
            app = row[0] if row else None
        if app != APP:
            raise _refuse(path, "an SQLite database that is not a scorer ledger")
        if version > SCHEMA_VERSION:
            raise _refuse(
                path,
                f"written by a newer scorer (ledger schema v{version}; this one reads up to "
                f"v{SCHEMA_VERSION}): upgrade scorer",
            )
    writable = os.access(path, os.W_OK) if exists else True
    if version < SCHEMA_VERSION and exists and not writable:
        raise _refuse(path, f"ledger schema v{version} needs upgrading but the file is read-only")
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA foreign_keys = ON")
        if writable:
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if mode != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
        # FULL: a committed hand survives a power cut too, not only a killed process
        conn.execute("PRAGMA synchronous = FULL")
    except sqlite3.OperationalError as err:
        raise LedgerError(f"{path}: cannot open the ledger ({err})") from None
    except sqlite3.DatabaseError as err:
        raise _refuse(path, f"corrupt ledger ({err})") from None
    if version < SCHEMA_VERSION:
        if version > 0:
            backup(conn, path, version)
        migrate(conn, path)


def backup(conn: sqlite3.Connection, path: str, version: int) -> str:
    """A consistent copy of the file beside it, ``NAME.bak-v{version}``; never overwrites."""
    target = f"{path}.bak-v{version}"
    n = 1
    while os.path.exists(target):
        n += 1
        target = f"{path}.bak-v{version}.{n}"
    dest = sqlite3.connect(target)
    try:
        conn.backup(dest)
    finally:
        dest.close()
    return target


def migrate(conn: sqlite3.Connection, path: str, upto: int = SCHEMA_VERSION) -> int:
    """Apply the missing migrations, all in one transaction; returns the new version."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        # another process may have migrated while we waited for the lock
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for step in range(version, upto):
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
        if version < upto:
            conn.execute(f"PRAGMA user_version = {upto}")
        conn.execute("COMMIT")
    except sqlite3.Error as err:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if isinstance(err, sqlite3.OperationalError) and "readonly" in str(err):
            raise LedgerError(f"{path}: the ledger is read-only") from None
        raise LedgerError(f"{path}: cannot upgrade the ledger ({err})") from None
    return upto


def read_only_error(path: str, err: sqlite3.Error) -> LedgerError:
    """The one line for a write that SQLite refused."""
    text = str(err)
    if "readonly" in text or "read-only" in text:
        return LedgerError(f"{path}: the ledger is read-only; nothing was changed")
    if "locked" in text or "busy" in text:
        return LedgerError(
            f"{path}: another scorer kept the ledger busy for over {BUSY_TIMEOUT_S:.0f} s; "
            "nothing was changed, try again"
        )
    return LedgerError(f"{path}: cannot write the ledger ({text}); nothing was changed")
