"""Sessions, hands and corrections in the ledger; the queries show, settle and export use.

A session is one evening's run of one game among one group (a Koi-Koi match, a mahjong
round, a four-hand Hakka game are sessions). Each hand keeps its full input — the record
as parsed, the file as typed, the rules in force, the engine version — and its result, plus
each player's net points and money, so showing and settling never re-score.

Nothing is deleted or rewritten: a wrong hand is voided (a row in ``voids``) or replaced by
a new hand that references it; every change is a row in ``audit``. Money is exact: stored
as an integer or a fraction ``'p/q'`` and summed as integers or :class:`fractions.Fraction`.

The ledger is game-agnostic: it reads only the :class:`~scorer.explain.HandResult` fields
every engine fills (``game``, ``preset``, ``players``, ``payments``, ``rules``).

Every statement on the ledger's rows is here: :mod:`scorer.ledger.service` and
:mod:`scorer.ledger.export` call these functions, inside :func:`open_ledger` and, to change
anything, :func:`transaction`. (:mod:`scorer.ledger.db` is the file: opening, checks,
pragmas and the schema's migrations.)
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

import scorer
from scorer.ledger.db import connect, default_path, read_only_error
from scorer.ledger.messages import LedgerError, problem, problems

if TYPE_CHECKING:
    from fractions import Fraction

    from scorer.explain import HandResult

__all__ = [
    "LedgerError",
    "Session",
    "HandRow",
    "add_hand",
    "add_hands",
    "create_session",
    "open_ledger",
    "transaction",
    "void_hand",
    "replace_hand",
]


# -- exact money ------------------------------------------------------------------------------
def exact(value: Any) -> int | Fraction:
    """An int, or a Fraction when there is a fractional part (floats read as written)."""
    if isinstance(value, bool):
        raise TypeError("money is not a bool")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if "/" not in text and "." not in text and "e" not in text.lower():
            return int(text)
    from fractions import Fraction

    f = Fraction(str(value)) if isinstance(value, float | str) else Fraction(value)
    return f.numerator if f.denominator == 1 else f


def bounded_stake(value: Any) -> int | Fraction:
    """A session's stake, exact, from 0 to a record's most (``MAX_STAKE``): OverflowError
    above it, ValueError for what is not a number or below 0. The text is checked before any
    arithmetic: ``1e100000000`` would be a 100-million-digit number, 5,000 digits are past
    Python's int-digits limit, and ``1e-100000000`` a fraction as big (issue 43)."""
    import re

    from scorer.games.record import MAX_STAKE

    if isinstance(value, str):
        text = value.strip()
        exponent = re.search(r"[eE]([+-]?)0*(\d+)$", text)
        if exponent and len(exponent.group(2)) > 3:
            if exponent.group(1) == "-":
                raise ValueError(f"{text[:20]}: too small a stake")
            raise OverflowError(text)
        if len(text) > 40:  # no stake up to MAX_STAKE needs more characters than this
            if re.fullmatch(r"[0-9.,/eE+ -]+", text):
                raise OverflowError(text)
            raise ValueError(text[:20])
    money = exact(value)
    if money < 0:
        raise ValueError(value)
    if money > MAX_STAKE:
        raise OverflowError(value)
    return money


def _shown(value: Any) -> str:
    """What was typed, quoted, and cut short past 30 characters."""
    text = repr(value)
    return text if len(text) <= 32 else f"{text[:30]}…'"


def money_text(value: int | Fraction) -> str:
    """The stored form: ``'2800'`` or ``'1/3'`` (exact, and reads back with :func:`exact`)."""
    return str(value)


def money_sum(values: Iterable[int | Fraction]) -> int | Fraction:
    total: int | Fraction = 0
    for v in values:
        total = total + v
    if not isinstance(total, int) and total.denominator == 1:
        return int(total.numerator)
    return total


def show_money(value: int | Fraction) -> str:
    """For people: ``2800``, ``2.5``, ``-0.1``; a repeating fraction as ``1/3``."""
    if isinstance(value, int):
        return str(value)
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    if den != 1:
        return str(value)
    digits = max(twos, fives)
    n = abs(value.numerator) * 10**digits // value.denominator
    whole, frac = divmod(n, 10**digits)
    return f"{'-' if value < 0 else ''}{whole}.{frac:0{digits}d}"


def money_json(value: int | Fraction) -> int | float | str:
    """In ``--json`` documents: an integer, else a decimal number, else the exact 'p/q'."""
    if isinstance(value, int):
        return value
    if value.denominator == 1:  # a sum of fractions that came out whole
        return int(value.numerator)
    text = show_money(value)
    return float(text) if "/" not in text else text


# -- records ----------------------------------------------------------------------------------
class Session(NamedTuple):
    id: int
    name: str
    game: str
    players: tuple[str, ...]
    stake: int | Fraction
    currency: str
    preset: str | None
    overrides: tuple[str, ...]
    created: str


class HandRow(NamedTuple):
    """One stored hand as show/settle/log see it (never re-scored)."""

    id: int
    session_id: int
    seq: int
    created: str
    preset: str
    engine_version: str
    replaces: int | None
    void_reason: str | None  # None while the hand counts
    void_by: int | None  # the replacing hand, if it was replaced
    points: Mapping[str, int]
    money: Mapping[str, int | Fraction]

    @property
    def counts(self) -> bool:
        return self.void_reason is None


def now() -> str:
    """UTC, to the millisecond: when a hand or a correction was entered."""
    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t * 1000) % 1000:03d}Z"


def _session(row: Sequence[Any]) -> Session:
    return Session(
        row[0],
        row[1],
        row[2],
        tuple(json.loads(row[3])),
        exact(row[4]),
        row[5],
        row[6],
        tuple(json.loads(row[7])),
        row[8],
    )


_SESSION_COLS = "id, name, game, players, stake, currency, preset, overrides, created"


def find_session(conn: sqlite3.Connection, name: str | None) -> Session:
    """The named session, or with ``None`` the one most recently added to."""
    if name is None:
        row = conn.execute(
            f"SELECT {_SESSION_COLS} FROM sessions WHERE id = "
            "(SELECT session_id FROM audit ORDER BY id DESC LIMIT 1)"
        ).fetchone()
        if row is None:
            raise problem("err.no-sessions")
        return _session(row)
    row = conn.execute(f"SELECT {_SESSION_COLS} FROM sessions WHERE name = ?", (name,)).fetchone()
    if row is None:
        names = [r[0] for r in conn.execute("SELECT name FROM sessions ORDER BY id")]
        import difflib

        close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
        if close:
            raise problem("err.unknown-session-close", name=repr(name),
                          close=", ".join(repr(c) for c in close))
        if names:
            raise problem("err.unknown-session-known", name=repr(name), known=", ".join(names))
        raise problem("err.unknown-session", name=repr(name))
    return _session(row)


def list_sessions(conn: sqlite3.Connection) -> list[tuple[Session, int, str]]:
    """Every session with its number of counting hands and its last activity time."""
    out = []
    rows = conn.execute(f"SELECT {_SESSION_COLS} FROM sessions ORDER BY id").fetchall()
    for row in rows:
        s = _session(row)
        n = conn.execute(
            "SELECT count(*) FROM hands WHERE session_id = ? "
            "AND id NOT IN (SELECT hand_id FROM voids)",
            (s.id,),
        ).fetchone()[0]
        last = conn.execute(
            "SELECT max(created) FROM audit WHERE session_id = ?", (s.id,)
        ).fetchone()[0]
        out.append((s, n, last or s.created))
    return out


@contextmanager
def open_ledger(path: str | None = None, *, create: bool = False) -> Iterator[sqlite3.Connection]:
    """The ledger at ``path`` (else :func:`~scorer.ledger.db.default_path`), open for the
    block and closed after it however the block ends.

    The connection is in autocommit: each read is its own snapshot, and nothing is written
    but in :func:`transaction`. ``create``: a missing file is made (the commands that add);
    else it is refused (``err.no-ledger``) and nothing is made.
    """
    conn = connect(path, create=create)
    try:
        yield conn
    finally:
        conn.close()


@contextmanager
def transaction(conn: sqlite3.Connection, path: str) -> Iterator[None]:
    """The block in one BEGIN IMMEDIATE transaction: all of it lands, or nothing.

    BEGIN IMMEDIATE takes the write lock first, so two writers queue (up to the busy
    timeout) and the second reads what the first wrote. A LedgerError rolls back and goes
    on as it is; SQLite's refusal (read-only, busy, full) becomes one line naming ``path``;
    anything else (an interrupt, a record that fails to score) rolls back and goes on.
    A process killed inside the block leaves the journal to undo it on the next open.
    """
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as err:
        raise read_only_error(path, err) from None
    try:
        yield
        conn.execute("COMMIT")
    except LedgerError:
        conn.execute("ROLLBACK")
        raise
    except sqlite3.Error as err:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise read_only_error(path, err) from None
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


# -- rows, written inside the caller's transaction -------------------------------------------
def session_exists(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sessions WHERE name = ?", (name,)).fetchone() is not None


def insert_session(
    conn: sqlite3.Connection,
    name: str,
    game: str,
    players: Sequence[str],
    stake: str,
    currency: str,
    preset: str | None,
    overrides: Sequence[str],
    created: str,
) -> int:
    """The session's row (``stake`` in its stored form, :func:`money_text`); its id."""
    cur = conn.execute(
        "INSERT INTO sessions (name, game, players, stake, currency, preset, overrides, "
        "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            name,
            game,
            json.dumps(list(players), ensure_ascii=False),
            stake,
            currency,
            preset,
            json.dumps(list(overrides), ensure_ascii=False),
            created,
        ),
    )
    return int(cur.lastrowid or 0)


def insert_hand_row(
    conn: sqlite3.Connection,
    session_id: int,
    seq: int,
    created: str,
    record: Mapping[str, Any],
    source_text: str | None,
    preset: str,
    rules: Mapping[str, Any],
    engine_version: str,
    result: Mapping[str, Any],
    replaces: int | None,
) -> int:
    """A hand's row as given (the JSON columns in their stored form, :func:`dumps`); its id."""
    cur = conn.execute(
        "INSERT INTO hands (session_id, seq, created, record, source_text, preset, rules, "
        "engine_version, result, replaces) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            session_id,
            seq,
            created,
            dumps(dict(record)),
            source_text,
            preset,
            dumps(dict(rules)),
            engine_version,
            dumps(dict(result)),
            replaces,
        ),
    )
    return int(cur.lastrowid or 0)


def insert_players(
    conn: sqlite3.Connection, hand_id: int, rows: Iterable[tuple[str, int, str]]
) -> None:
    """A hand's (player, net points, net money as stored) rows."""
    conn.executemany(
        "INSERT INTO hand_players (hand_id, player, points, money) VALUES (?, ?, ?, ?)",
        [(hand_id, player, points, money) for player, points, money in rows],
    )


def insert_void(
    conn: sqlite3.Connection, hand_id: int, by_hand: int | None, reason: str, created: str
) -> None:
    """Hand ``hand_id`` stops counting (``by_hand``: the hand that replaced it, if any)."""
    conn.execute(
        "INSERT INTO voids (hand_id, by_hand, reason, created) VALUES (?, ?, ?, ?)",
        (hand_id, by_hand, reason, created),
    )


def insert_audit(
    conn: sqlite3.Connection, session_id: int, action: str, created: str, *,
    hand_id: int | None = None, target: int | None = None, reason: str = "", detail: str = "",
) -> None:
    """A row of the audit trail: what was done to the session, when, to which hands, why."""
    conn.execute(
        "INSERT INTO audit (created, session_id, action, hand_id, target, reason, detail) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (created, session_id, action, hand_id, target, reason, detail),
    )


# -- sessions ---------------------------------------------------------------------------------
def check_reason(reason: str) -> str:
    """The reason for a correction, trimmed; an empty one is refused."""
    clean = reason.strip()
    if not clean:
        raise problem("err.empty-reason")
    return clean


def create_session(
    db_path: str | None,
    name: str,
    game: str,
    players: Sequence[str],
    *,
    stake: Any = 1,
    currency: str = "",
    preset: str | None = None,
    overrides: Sequence[str] = (),
) -> Session:
    """Start a session; every problem with the arguments is reported at once."""
    from scorer.games.rules import list_games, list_presets

    found: list[LedgerError] = []
    name = name.strip()
    if not name:
        found.append(problem("err.name-empty"))
    from scorer.games.base import game_name

    games = list_games()
    game = game_name(game) or game
    if game not in games:
        found.append(problem("err.unknown-game", game=repr(game), games=", ".join(games)))
    names = [p.strip() for p in players if p.strip()]
    if len(names) < 2:
        found.append(problem("err.few-players", n=len(names)))
    dupes = sorted({p for p in names if names.count(p) > 1})
    if dupes:
        found.append(problem("err.player-twice", who=repr(dupes[0])))
    money: int | Fraction = 1
    try:
        money = bounded_stake(stake)
    except OverflowError:  # issue 43: as a record's stake is bounded (scorer.games.record)
        from scorer.games.record import MAX_STAKE
        from scorer.i18n import number

        found.append(problem("err.stake-range", stake=_shown(stake),
                             high=number(MAX_STAKE, "en"), high_es=number(MAX_STAKE, "es")))
    except (ValueError, TypeError, ZeroDivisionError):
        found.append(problem("err.stake", stake=_shown(stake)))
    rules_ok = True
    if preset is not None and game in games:
        presets = list_presets(game)
        if preset not in presets:
            rules_ok = False
            found.append(problem("err.unknown-preset", game=game, preset=repr(preset),
                                 presets=", ".join(presets)))
    if overrides and game in games and rules_ok:
        from scorer.games.rules import RulesError, resolve_rules

        try:
            resolve_rules(game, preset or list_presets(game)[0], assignments=list(overrides))
        except RulesError as err:
            rules_ok = False
            found += [LedgerError(p) for p in err.problems]
    if game in games and rules_ok and len(names) >= 2:
        count = _player_count_problem(game, preset, overrides, names)
        if count is not None:
            found.append(count)
    if found:
        raise problems(found)
    path = db_path or default_path()
    with open_ledger(path, create=True) as conn, transaction(conn, path):
        if session_exists(conn, name):
            raise problem("err.session-exists", name=repr(name))
        created = now()
        sid = insert_session(conn, name, game, names, money_text(money), currency, preset,
                             overrides, created)
        insert_audit(conn, sid, "new-session", detail=", ".join(names), created=created)
    return Session(sid, name, game, tuple(names), money, currency, preset, tuple(overrides),
                   created)


def _player_count_problem(
    game: str, preset: str | None, overrides: Sequence[str], names: Sequence[str]
) -> LedgerError | None:
    """A session whose players no hand of ``game`` could have (Koi-Koi with 3, mahjong with
    3): under the session's preset, or under any preset when it names none."""
    from scorer.games.base import get_game
    from scorer.games.rules import list_presets, resolve_rules

    engine = get_game(game)
    spans = []
    for name in [preset] if preset else list_presets(game):
        rules = resolve_rules(game, name, assignments=list(overrides))
        spans.append(engine.player_range(rules))
    n = len(names)
    if any(lo <= n <= hi for lo, hi in spans):
        return None
    lo, hi = min(s[0] for s in spans), max(s[1] for s in spans)
    span = f"{lo}" if lo == hi else f"{lo} to {hi}"
    return problem("err.player-count", game=game, span=span, n=n, names=", ".join(names),
                   under=f" under {preset}" if preset else "")


# -- hands ------------------------------------------------------------------------------------
def nets(result: HandResult) -> tuple[dict[str, int], dict[str, int | Fraction]]:
    """Each player's net points and exact net money for one hand (both sum to zero)."""
    points = {p.player: 0 for p in result.players}
    money: dict[str, int | Fraction] = {p.player: 0 for p in result.players}
    for pay in result.payments:
        amount = exact(pay.money)
        points[pay.payer] = points.get(pay.payer, 0) - pay.points
        points[pay.payee] = points.get(pay.payee, 0) + pay.points
        money[pay.payer] = money.get(pay.payer, 0) - amount
        money[pay.payee] = money.get(pay.payee, 0) + amount
    return points, {k: money_sum([v]) for k, v in money.items()}


def check_hand(session: Session, data: Mapping[str, Any], result: HandResult) -> None:
    """Refuse a hand for another game or with players the session does not have."""
    found: list[LedgerError] = []
    from scorer.games.base import game_name

    game = data.get("game", result.game)
    game = (game_name(game) or game) if isinstance(game, str) else game
    for g in {game, result.game}:
        if g != session.game:
            found.append(problem("err.other-game", game=g, session=repr(session.name),
                                 session_game=session.game))
    if result.currency and session.currency and result.currency != session.currency:
        found.append(problem("err.other-currency", currency=repr(result.currency),
                             session=repr(session.name),
                             session_currency=repr(session.currency)))
    if result.stake is not None and exact(result.stake) != session.stake:  # issue 43
        found.append(problem("err.other-stake", stake=_stake_text(exact(result.stake)),
                             session=repr(session.name),
                             session_stake=_stake_text(session.stake)))
    names, _ = nets(result)
    for p in names:
        if p not in session.players:
            found.append(problem("err.stranger", who=repr(p), session=repr(session.name),
                                 players=", ".join(session.players)))
    if found:
        raise problems(found)


def _stake_text(value: int | Fraction) -> str:
    """A stake as a record states it: ``100``, ``0.1``."""
    return str(value) if isinstance(value, int) else f"{float(value):g}"


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return str(value)  # TOML dates and times


def dumps(obj: Any) -> str:
    """A JSON column's stored form: keys sorted, tuples as lists, TOML dates as text."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, default=_jsonable)


def next_hand_facts(
    game: str, seq: int, data: Mapping[str, Any], result: HandResult
) -> dict[str, Any]:
    """What the session's next hand inherits from this one (the game's ``next_hand``)."""
    from types import MappingProxyType

    from scorer.games.base import get_game
    from scorer.games.rules import Rules, key_specs

    values = {k: tuple(v) if isinstance(v, list) else v for k, v in result.rules.items()}
    rules = Rules(game, result.preset, MappingProxyType(values), key_specs(game))
    try:
        return dict(get_game(game).next_hand(seq - 1, data, result, rules))
    except (ValueError, KeyError):  # a rule the stored values lack: the next hand says all
        return {}


def insert_hand(
    conn: sqlite3.Connection,
    session: Session,
    data: Mapping[str, Any],
    result: HandResult,
    source_text: str | None,
    *,
    replaces: int | None = None,
    reason: str = "",
    action: str = "add",
) -> tuple[int, int]:
    """The hand row, its player rows and its audit row (inside the caller's transaction);
    the hand's id and its number in the session."""
    points, money = nets(result)
    created = now()
    seq = int(conn.execute(
        "SELECT coalesce(max(seq), 0) + 1 FROM hands WHERE session_id = ?", (session.id,)
    ).fetchone()[0])
    # what the next hand inherits, kept so adding one never re-scores
    result_json = {**result.to_json(),
                   "next_hand": next_hand_facts(session.game, seq, data, result)}
    hand_id = insert_hand_row(conn, session.id, seq, created, data, source_text, result.preset,
                              result.rules, scorer.__version__, result_json, replaces)
    insert_players(conn, hand_id, [(p, points[p], money_text(money[p])) for p in points])
    if replaces is not None:
        insert_void(conn, replaces, hand_id, reason, created)
    insert_audit(conn, session.id, action, hand_id=hand_id, target=replaces, reason=reason,
                 detail=_summary(points), created=created)
    return hand_id, seq


def _summary(points: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {v:+d}" for p, v in points.items())


def add_hand(
    db_path: str | None,
    session: str,
    data: Mapping[str, Any],
    result: HandResult,
    *,
    source_text: str | None = None,
) -> int:
    """Store one scored hand in ``session``; returns its hand id.

    ``data`` is the record as parsed (photo piles already replaced by typed cards),
    ``result`` what :func:`scorer.games.record.score_record` returned for it. Raises
    :class:`LedgerError` (nothing stored) for an unknown session, a hand of another game or
    a player the session does not have. The hand, its player rows and its audit row are
    written in one transaction: a killed process leaves all of them or none.
    """
    path = db_path or default_path()
    with open_ledger(path, create=True) as conn:
        return add_hands(path, conn, find_session(conn, session), [(data, result)],
                         source_text=source_text)[0]


def add_hands(
    path: str,
    conn: sqlite3.Connection,
    session: Session,
    hands: Sequence[tuple[Mapping[str, Any], HandResult]],
    *,
    source_text: str | None = None,
) -> list[int]:
    """Store the scored hands of one record (a match or round is several) in ``session``, in
    one transaction: all of them or none. Each is checked first, as :func:`add_hand` does."""
    for data, result in hands:
        check_hand(session, data, result)
    with transaction(conn, path):
        return [insert_hand(conn, session, data, result, source_text)[0]
                for data, result in hands]


def hand_session(conn: sqlite3.Connection, hand_id: int) -> Session:
    row = conn.execute(
        f"SELECT {', '.join('s.' + c for c in _SESSION_COLS.split(', '))} "
        "FROM hands h JOIN sessions s ON s.id = h.session_id WHERE h.id = ?",
        (hand_id,),
    ).fetchone()
    if row is None:
        raise LedgerError(f"no hand #{hand_id} in the ledger")
    return _session(row)


def check_counts(conn: sqlite3.Connection, hand_id: int) -> None:
    """Refuse to void or replace a hand that no longer counts (it says why)."""
    row = conn.execute(
        "SELECT v.reason, (SELECT seq FROM hands WHERE id = v.by_hand), s.name, h.seq "
        "FROM voids v JOIN hands h ON h.id = v.hand_id JOIN sessions s ON s.id = h.session_id "
        "WHERE v.hand_id = ?",
        (hand_id,),
    ).fetchone()
    if row is not None:
        reason, by, name, seq = row
        if by is not None:
            raise problem("err.already-replaced", hand=f"{name}#{seq}", by=f"{name}#{by}",
                          reason=reason)
        raise problem("err.already-void", hand=f"{name}#{seq}", reason=reason)


def void_hand(db_path: str | None, hand_id: int, reason: str) -> Session:
    """Stop a hand counting; it stays listed with the reason. Returns its session."""
    reason = check_reason(reason)
    path = db_path or default_path()
    with open_ledger(path, create=True) as conn:
        sess = hand_session(conn, hand_id)
        with transaction(conn, path):
            check_counts(conn, hand_id)
            created = now()
            insert_void(conn, hand_id, None, reason, created)
            insert_audit(conn, sess.id, "void", target=hand_id, reason=reason, created=created)
    return sess


def replace_hand(
    db_path: str | None,
    hand_id: int,
    data: Mapping[str, Any],
    result: HandResult,
    reason: str,
    *,
    source_text: str | None = None,
) -> int:
    """A new hand that takes the place of ``hand_id`` (which stops counting); its id."""
    reason = check_reason(reason)
    path = db_path or default_path()
    with open_ledger(path, create=True) as conn:
        sess = hand_session(conn, hand_id)
        check_hand(sess, data, result)
        with transaction(conn, path):
            check_counts(conn, hand_id)
            new_id, _ = insert_hand(conn, sess, data, result, source_text, replaces=hand_id,
                                    reason=reason, action="replace")
    return new_id


# -- reading ----------------------------------------------------------------------------------
def last_counting(conn: sqlite3.Connection, session_id: int) -> tuple[int, int] | None:
    """(hand id, 0-based place) of the session's last counting hand in the evening's order.

    A replacement stands where the hand it replaced stood: after round 2 of 3 is replaced,
    the next hand follows round 3, not the replacement. Without replacements, one short
    query: adding a hand stays quick in a long evening.
    """
    counting = "id NOT IN (SELECT hand_id FROM voids)"
    if conn.execute(  # no replacement: the last by number (the usual evening)
        "SELECT 1 FROM hands WHERE session_id = ? AND replaces IS NOT NULL LIMIT 1",
        (session_id,),
    ).fetchone() is None:
        row = conn.execute(
            f"SELECT id, (SELECT count(*) FROM hands WHERE session_id = ? AND {counting}) "
            f"FROM hands WHERE session_id = ? AND {counting} ORDER BY seq DESC LIMIT 1",
            (session_id, session_id),
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]) - 1)
    rows = conn.execute(
        "SELECT h.id, h.seq, h.replaces, v.hand_id IS NULL FROM hands h "
        "LEFT JOIN voids v ON v.hand_id = h.id WHERE h.session_id = ?",
        (session_id,),
    ).fetchall()
    replaces = {r[0]: r[2] for r in rows}
    seq_of = {r[0]: r[1] for r in rows}

    def place(hand_id: int) -> int:
        seen = set()
        while replaces.get(hand_id) is not None and hand_id not in seen:
            seen.add(hand_id)
            hand_id = replaces[hand_id]
        return int(seq_of[hand_id])

    order = sorted((place(r[0]), r[1], r[0]) for r in rows if r[3])
    if not order:
        return None
    return order[-1][2], len(order) - 1


def counting_records(
    conn: sqlite3.Connection, session_id: int
) -> list[tuple[int, str, dict[str, Any]]]:
    """(seq, created, stored record) of every counting hand of a session."""
    return [
        (seq, created, json.loads(record))
        for seq, created, record in conn.execute(
            "SELECT seq, created, record FROM hands WHERE session_id = ? "
            "AND id NOT IN (SELECT hand_id FROM voids) ORDER BY seq",
            (session_id,),
        )
    ]


def session_hands(conn: sqlite3.Connection, session_id: int) -> list[HandRow]:
    """Every hand of a session in entry order, voided ones included (``counts`` False)."""
    players: dict[int, tuple[dict[str, int], dict[str, int | Fraction]]] = {}
    for hid, player, pts, money in conn.execute(
        "SELECT hp.hand_id, hp.player, hp.points, hp.money FROM hand_players hp "
        "JOIN hands h ON h.id = hp.hand_id WHERE h.session_id = ? ORDER BY hp.rowid",
        (session_id,),
    ):
        entry = players.setdefault(hid, ({}, {}))
        entry[0][player] = pts
        entry[1][player] = exact(money)
    out = []
    for row in conn.execute(
        "SELECT h.id, h.session_id, h.seq, h.created, h.preset, h.engine_version, h.replaces, "
        "v.reason, v.by_hand FROM hands h LEFT JOIN voids v ON v.hand_id = h.id "
        "WHERE h.session_id = ? ORDER BY h.seq",
        (session_id,),
    ):
        pts, money = players.get(row[0], ({}, {}))
        out.append(
            HandRow(
                row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                pts, money,
            )
        )
    return out


def totals(
    hands: Iterable[HandRow],
) -> tuple[dict[str, int], dict[str, int | Fraction]]:
    """Net points and money per player over the hands that count."""
    points: dict[str, int] = {}
    money: dict[str, int | Fraction] = {}
    for h in hands:
        if not h.counts:
            continue
        for p, v in h.points.items():
            points[p] = points.get(p, 0) + v
        for p, m in h.money.items():
            money[p] = money_sum([money.get(p, 0), m])
    return points, money


def load_hand(conn: sqlite3.Connection, hand_id: int) -> dict[str, Any]:
    """Everything stored about one hand (JSON columns parsed)."""
    row = conn.execute(
        "SELECT h.id, s.name, h.seq, h.created, h.record, h.source_text, h.preset, h.rules, "
        "h.engine_version, h.result, h.replaces, v.reason, v.by_hand FROM hands h "
        "JOIN sessions s ON s.id = h.session_id LEFT JOIN voids v ON v.hand_id = h.id "
        "WHERE h.id = ?",
        (hand_id,),
    ).fetchone()
    if row is None:
        raise LedgerError(f"no hand #{hand_id} in the ledger")
    keys = (
        "id", "session", "seq", "created", "record", "source_text", "preset", "rules",
        "engine_version", "result", "replaces", "void_reason", "void_by",
    )
    out = dict(zip(keys, row, strict=True))
    for key in ("record", "rules", "result"):
        out[key] = json.loads(out[key])
    return out


def stored_hands(conn: sqlite3.Connection, session_id: int) -> list[dict[str, Any]]:
    """Every hand of a session as stored, in entry order (JSON columns parsed), with its
    void if it has one: what an export holds."""
    keys = (
        "id", "seq", "created", "preset", "engine_version", "record", "source_text", "rules",
        "result", "replaces", "void_reason", "void_by", "void_created",
    )
    out = []
    for row in conn.execute(
        "SELECT h.id, h.seq, h.created, h.preset, h.engine_version, h.record, h.source_text, "
        "h.rules, h.result, h.replaces, v.reason, v.by_hand, v.created FROM hands h "
        "LEFT JOIN voids v ON v.hand_id = h.id WHERE h.session_id = ? ORDER BY h.seq",
        (session_id,),
    ).fetchall():
        hand = dict(zip(keys, row, strict=True))
        for key in ("record", "rules", "result"):
            hand[key] = json.loads(hand[key])
        out.append(hand)
    return out


def session_count(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM sessions").fetchone()[0])


def hand_by_seq(conn: sqlite3.Connection, session_id: int, seq: int) -> int | None:
    """The id of the session's hand number ``seq``, if it has one."""
    row = conn.execute(
        "SELECT id FROM hands WHERE session_id = ? AND seq = ?", (session_id, seq)
    ).fetchone()
    return None if row is None else int(row[0])


def last_seq(conn: sqlite3.Connection, session_id: int) -> int | None:
    """The number of the session's last hand (voided ones too); None before its first."""
    last = conn.execute(
        "SELECT max(seq) FROM hands WHERE session_id = ?", (session_id,)
    ).fetchone()[0]
    return None if last is None else int(last)


def read_hand(path: str | None, hand_id: int, *, create: bool = False) -> dict[str, Any]:
    """:func:`load_hand` in the ledger at ``path``, opened for it."""
    with open_ledger(path, create=create) as conn:
        return load_hand(conn, hand_id)


def audit_log(conn: sqlite3.Connection, session_id: int | None) -> list[dict[str, Any]]:
    """The audit trail, oldest first: what was entered, when, what it voided or replaced."""
    sql = (
        "SELECT a.id, a.created, s.name, a.action, a.hand_id, h.seq, a.target, t.seq, "
        "a.reason, a.detail FROM audit a JOIN sessions s ON s.id = a.session_id "
        "LEFT JOIN hands h ON h.id = a.hand_id LEFT JOIN hands t ON t.id = a.target"
    )
    args: tuple[Any, ...] = ()
    if session_id is not None:
        sql += " WHERE a.session_id = ?"
        args = (session_id,)
    keys = (
        "id", "created", "session", "action", "hand", "seq", "target", "target_seq", "reason",
        "detail",
    )
    return [dict(zip(keys, r, strict=True)) for r in conn.execute(sql + " ORDER BY a.id", args)]

