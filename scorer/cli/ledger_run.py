"""The bodies of the `scorer ledger` commands, importable without typer or rich.

Both the fast path (:mod:`scorer.cli.ledger_fast`) and the typer app
(:mod:`scorer.cli.ledger`) call these, so both print the same. Each returns normally on
success and raises :class:`CliError` (one line, exit 2) for bad input; nothing is written
to the ledger when it does.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence

from scorer._typing import TYPE_CHECKING, Any
from scorer.cli.output import CliError, emit_json, emit_text, use_color
from scorer.ledger import store
from scorer.ledger.db import LedgerError, connect, default_path

if TYPE_CHECKING:
    from fractions import Fraction

    from scorer.explain import HandResult


def _lang(lang: str | None) -> str:
    from scorer.lang import detect_lang

    try:
        return detect_lang(lang)
    except ValueError as err:
        raise CliError(str(err)) from None


class _guard:  # noqa: N801 - used as `with _guard(lang):`, like a function
    """Our expected errors as one line: bad input, an unusable file, a record that fails.

    A class rather than ``contextlib.contextmanager``: importing contextlib costs a typed
    ledger command a tenth of its start-up (bench/ledger_speed.py).
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: object) -> None:
        if err is None or isinstance(err, CliError):
            return
        if isinstance(err, LedgerError):
            raise CliError(str(err)) from None
        if isinstance(err, sqlite3.DatabaseError):  # e.g. corruption found past the first page
            raise CliError(f"the ledger file is unusable ({err}); nothing was changed") from None
        if isinstance(err, ValueError):  # a record that does not load or score
            from scorer.cli.output import describe

            raise CliError(describe(err, self.lang)) from None


def _path(db: str | None) -> str:
    return db or default_path()


def money_map_json(points: Mapping[str, Any]) -> dict[str, Any]:
    return {p: store.money_json(v) for p, v in points.items()}


# -- new / list ---------------------------------------------------------------------------------
def run_new(
    name: str,
    *,
    game: str,
    players: str,
    stake: str = "1",
    currency: str = "",
    preset: str | None = None,
    overrides: Sequence[str] = (),
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    language = _lang(lang)
    with _guard(language):
        s = store.create_session(
            _path(db),
            name,
            game,
            [p for p in players.split(",")],
            stake=stake,
            currency=currency,
            preset=preset,
            overrides=list(overrides),
        )
        if as_json:
            conn = connect(_path(db), create=False)
            try:
                emit_json(show_doc(conn, s))
            finally:
                conn.close()
            return
    from scorer.ledger.render import clean, say, session_what

    emit_text(say("started", language, session=clean(s.name), what=session_what(s, language)))


def run_list(*, db: str | None = None, as_json: bool = False, lang: str | None = None) -> None:
    language = _lang(lang)
    with _guard(language):
        path = _path(db)
        if not os.path.exists(path):
            sessions: list[tuple[store.Session, int, str]] = []
        else:
            conn = connect(path, create=False)
            try:
                sessions = store.list_sessions(conn)
            finally:
                conn.close()
    if as_json:
        emit_json(
            {
                "schema": "scorer.ledger-list/1",
                "db": path,
                "sessions": [
                    {**session_json(s), "hands": n, "last": last} for s, n, last in sessions
                ],
            }
        )
        return
    from scorer.ledger.render import render_list

    emit_text(render_list(sessions, language, use_color()))


def session_json(s: store.Session) -> dict[str, Any]:
    return {
        "name": s.name,
        "game": s.game,
        "players": list(s.players),
        "stake": store.money_json(s.stake),
        "currency": s.currency,
        "preset": s.preset,
        "overrides": list(s.overrides),
        "created": s.created,
    }


# -- add / replace ------------------------------------------------------------------------------
def _read_record(path: str) -> tuple[dict[str, Any], str]:
    if not os.path.isfile(path):
        raise CliError(f"no record file at {path!r}")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as err:
        raise CliError(f"{path}: cannot read the record ({err})") from None
    import tomllib

    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as err:
        raise CliError(f"{path}: TOML syntax error: {err}") from None


def score_for_session(
    session: store.Session,
    data: dict[str, Any],
    *,
    origin: str,
    base_dir: str,
    assume_yes: bool = False,
    overrides: Sequence[str] = (),
    conn: sqlite3.Connection | None = None,
) -> list[tuple[dict[str, Any], HandResult]]:
    """Fill what the record leaves out from the session, resolve photos, load and score.

    Returns each hand's record as stored (photo piles replaced by the typed cards they were
    read as) and its result: one hand, or every hand of a match or round record, each
    stored as a record of its own. The session's ``--set`` values come first, the
    command's after. With ``conn``, the hand also inherits what the session's last hand
    carries over (the game's ``next_hand``: the next dealer, the round's month, a nagari
    carry), unless it says otherwise — a session is a series, hand by hand.
    """
    from scorer.explain import SeriesResult
    from scorer.games.record import record_from_data, score_record, series_hands

    data = {**(carried_from_last(conn, session) if conn is not None else {}), **data}
    data.setdefault("game", session.game)
    if session.preset:
        data.setdefault("preset", session.preset)
    data.setdefault("stake", _toml_number(session.stake))
    if session.currency:
        data.setdefault("currency", session.currency)
    if data["game"] != session.game:
        raise LedgerError(
            f"{origin}: a {data['game']} hand cannot go in session {session.name!r} "
            f"({session.game})"
        )
    resolved: dict[str, str] = {}
    resolver = None
    if _has_photo(data):
        from scorer.cli.run import photo_resolver

        inner = photo_resolver(assume_yes)

        def resolver(image: str, game: str) -> str:
            cards: str = inner(image, game)
            resolved[image] = cards
            return cards

    record = record_from_data(
        data,
        origin=origin,
        base_dir=base_dir,
        pile_resolver=resolver,
        overrides=[*session.overrides, *overrides],
    )
    result = score_record(record)
    if isinstance(result, SeriesResult):
        return series_hands(record)  # photo piles are already typed in each hand's record
    if resolved:
        data = _replace_photos(data, base_dir, resolved)
    return [(data, result)]


def _toml_number(value: int | Fraction) -> int | float:
    return value if isinstance(value, int) else float(value)


def _has_photo(data: Any) -> bool:
    from scorer.media import is_photo_name

    if isinstance(data, str):
        return is_photo_name(data)
    if isinstance(data, dict):
        return any(_has_photo(v) for v in data.values())
    if isinstance(data, list):
        return any(_has_photo(v) for v in data)
    return False


def _replace_photos(data: Any, base_dir: str, resolved: Mapping[str, str]) -> Any:
    if isinstance(data, str):
        return resolved.get(os.path.join(base_dir, data.strip()), data)
    if isinstance(data, dict):
        return {k: _replace_photos(v, base_dir, resolved) for k, v in data.items()}
    if isinstance(data, list):
        return [_replace_photos(v, base_dir, resolved) for v in data]
    return data


def _after_add(
    conn: sqlite3.Connection,
    session: store.Session,
    hand_id: int,
    result: HandResult,
    *,
    as_json: bool,
    language: str,
    replaced: int | None = None,
) -> None:
    hands = store.session_hands(conn, session.id)
    row = next(h for h in hands if h.id == hand_id)
    points, cash = store.totals(hands)
    if as_json:
        emit_json(
            {
                "schema": "scorer.ledger-hand/1",
                "id": hand_id,
                "session": session.name,
                "seq": row.seq,
                "replaces": replaced,
                "points": dict(row.points),
                "money": money_map_json(row.money),
                "totals": {"points": points, "money": money_map_json(cash)},
                "result": result.to_json(),
            }
        )
        return
    from scorer.ledger.render import clean, nets_line, say

    nets = nets_line(row.points, row.money, session.currency)
    if replaced is None:
        line = say("added", language, seq=row.seq, session=clean(session.name), id=hand_id,
                   nets=nets)
    else:
        old = next((h.seq for h in hands if h.id == replaced), "?")
        line = say("replaced", language, old=old, seq=row.seq, id=hand_id, nets=nets)
    running = ", ".join(f"{clean(p)} {points.get(p, 0)}" for p in session.players)
    emit_text(line + "\n" + say("running", language, totals=running))


def run_add(
    session: str | None,
    record_path: str,
    *,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
    assume_yes: bool = False,
    overrides: Sequence[str] = (),
) -> None:
    language = _lang(lang)
    path = _path(db)
    with _guard(language):
        data, text = _read_record(record_path)
        conn = connect(path)
        try:
            sess = store.find_session(conn, session)
            hands = score_for_session(
                sess,
                data,
                origin=record_path,
                base_dir=os.path.dirname(record_path),
                assume_yes=assume_yes,
                overrides=overrides,
                conn=conn,
            )
            ids = store.add_hands(path, conn, sess, hands, source_text=text)  # whole or none
            for hand_id, (_, result) in zip(ids, hands, strict=True):
                _after_add(conn, sess, hand_id, result, as_json=as_json, language=language)
        finally:
            conn.close()


def run_replace(
    hand_id: int,
    record_path: str,
    *,
    reason: str,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
    assume_yes: bool = False,
    overrides: Sequence[str] = (),
) -> None:
    language = _lang(lang)
    path = _path(db)
    with _guard(language):
        data, text = _read_record(record_path)
        conn = connect(path, create=False)
        try:
            sess = store.hand_session(conn, hand_id)
            hands = score_for_session(
                sess,
                data,
                origin=record_path,
                base_dir=os.path.dirname(record_path),
                assume_yes=assume_yes,
                overrides=overrides,
            )
            if len(hands) != 1:
                raise CliError(f"{record_path}: a hand is replaced by one hand, not a series")
            stored, result = hands[0]
        finally:
            conn.close()
        new_id = store.replace_hand(path, hand_id, stored, result, reason, source_text=text)
        conn = connect(path, create=False)
        try:
            _after_add(
                conn, sess, new_id, result, as_json=as_json, language=language, replaced=hand_id
            )
        finally:
            conn.close()


def run_void(
    hand_id: int,
    *,
    reason: str,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    language = _lang(lang)
    with _guard(language):
        sess = store.void_hand(_path(db), hand_id, reason)
        conn = connect(_path(db), create=False)
        try:
            seq = store.load_hand(conn, hand_id)["seq"]
            doc = show_doc(conn, sess)
        finally:
            conn.close()
    if as_json:
        emit_json(doc)
        return
    from scorer.ledger.render import clean, say

    emit_text(say("voided", language, seq=seq, reason=clean(reason.strip())))


# -- show / hand / log ----------------------------------------------------------------------------
def show_doc(conn: sqlite3.Connection, s: store.Session) -> dict[str, Any]:
    hands = store.session_hands(conn, s.id)
    seq_of = {h.id: h.seq for h in hands}
    run: dict[str, int] = {p: 0 for p in s.players}
    cash: dict[str, Any] = {p: 0 for p in s.players}
    rows = []
    for h in hands:
        if h.counts:
            for p, v in h.points.items():
                run[p] = run.get(p, 0) + v
            for p, m in h.money.items():
                cash[p] = store.money_sum([cash.get(p, 0), m])
        rows.append(
            {
                "id": h.id,
                "seq": h.seq,
                "created": h.created,
                "preset": h.preset,
                "counts": h.counts,
                "replaces": seq_of.get(h.replaces) if h.replaces is not None else None,
                "void": None
                if h.counts
                else {
                    "reason": h.void_reason,
                    "by": seq_of.get(h.void_by) if h.void_by is not None else None,
                },
                "points": dict(h.points),
                "money": money_map_json(h.money),
                "running_points": dict(run),
                "running_money": money_map_json(cash),
            }
        )
    return {
        "schema": "scorer.ledger-session/1",
        "session": session_json(s),
        "hands": rows,
        "totals": {"points": dict(run), "money": money_map_json(cash)},
    }


def run_show(
    session: str | None,
    *,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    language = _lang(lang)
    with _guard(language):
        conn = connect(_path(db), create=False)
        try:
            s = store.find_session(conn, session)
            if as_json:
                emit_json(show_doc(conn, s))
                return
            hands = store.session_hands(conn, s.id)
        finally:
            conn.close()
    from scorer.ledger.render import render_show

    emit_text(render_show(s, hands, language, color=use_color()))


def carried_from_last(conn: sqlite3.Connection, session: store.Session) -> dict[str, Any]:
    """What the session's last counting hand hands on to the next (``Game.next_hand``).

    The stored hand is scored again for its result; a hand that no longer scores (a record
    from an older scorer) hands on nothing rather than blocking the evening.
    """
    from scorer.games.base import get_game

    last = conn.execute(  # one row, not the session: adding stays quick in a long evening
        "SELECT id, (SELECT count(*) FROM hands h2 WHERE h2.session_id = hands.session_id "
        "AND h2.id NOT IN (SELECT hand_id FROM voids)) FROM hands WHERE session_id = ? "
        "AND id NOT IN (SELECT hand_id FROM voids) ORDER BY seq DESC LIMIT 1",
        (session.id,),
    ).fetchone()
    if last is None:
        return {}
    from scorer.explain import SeriesResult
    from scorer.games.record import score_record

    entry = store.load_hand(conn, int(last[0]))
    kept = entry["result"].get("next_hand")
    if isinstance(kept, dict):  # stored when the hand was added
        return dict(kept)
    try:  # a hand stored before the ledger kept it: score it again
        record, data, _ = stored_record(entry)
        result = score_record(record)
    except (ValueError, KeyError):
        return {}
    if isinstance(result, SeriesResult):
        return {}
    return get_game(session.game).next_hand(int(last[1]) - 1, data, result, record.rules)


def stored_record(
    entry: Mapping[str, Any],
    *,
    preset: str | None = None,
    overrides: Sequence[str] = (),
) -> tuple[Any, dict[str, Any], list[str]]:
    """A stored hand as a loaded record again, under the rules then in force or ``preset``.

    The stored record's ``[rules]`` becomes every rule value the hand was scored with that
    differs from its preset (from a rules file, a table or ``--set``: the house rules), so
    the stored hand needs no file beside it. With another ``preset`` those house rules are
    kept on top of it. Returns the record, its data, and the house rules as k=v.
    """
    from scorer.games.record import record_from_data
    from scorer.games.rules import format_value, key_specs, load_preset

    data = dict(entry["record"])
    data.pop("rules_file", None)  # its values are in the stored rules
    game = entry["result"]["game"]
    specs = key_specs(game)
    base = load_preset(game, entry["preset"]).values
    house: dict[str, Any] = {}
    for key, value in entry["rules"].items():
        was = base.get(key)
        if key in specs and (list(was) if isinstance(was, tuple) else was) != value:
            house[key] = value
    data["preset"] = preset or entry["preset"]
    data["rules"] = house
    record = record_from_data(
        data, origin=f"hand #{entry['id']}", base_dir=os.getcwd(), overrides=list(overrides)
    )
    shown = [
        f"{k}={format_value(tuple(v) if isinstance(v, list) else v)}" for k, v in house.items()
    ]
    return record, data, shown


def rescore_stored(
    entry: Mapping[str, Any],
    *,
    preset: str | None = None,
    overrides: Sequence[str] = (),
) -> tuple[HandResult, dict[str, Any], list[str]]:
    """Score a stored hand again (see :func:`stored_record`): result, record data, house
    rules as k=v."""
    from scorer.explain import SeriesResult
    from scorer.games.record import score_record

    record, data, shown = stored_record(entry, preset=preset, overrides=overrides)
    result = score_record(record)
    if isinstance(result, SeriesResult):  # stored hands are one hand each
        raise CliError(f"hand #{entry['id']} is stored as a series; it cannot be re-scored")
    return result, data, shown


def _entry_json(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"schema": "scorer.ledger-entry/1", **entry}


def run_hand(
    hand_id: int,
    *,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    language = _lang(lang)
    with _guard(language):
        conn = connect(_path(db), create=False)
        try:
            entry = store.load_hand(conn, hand_id)
            seq_of = {h.id: h.seq for h in store.session_hands(conn, _sid(conn, hand_id))}
        finally:
            conn.close()
    if as_json:
        emit_json(_entry_json(entry))
        return
    from scorer.ledger.render import clean, say
    from scorer.render.hand import render_hand

    color = use_color()
    head = say(
        "entry_head",
        language,
        seq=entry["seq"],
        session=clean(entry["session"]),
        id=entry["id"],
        created=entry["created"][:19].replace("T", " "),
        version=entry["engine_version"],
    )
    out = [head]
    if entry["replaces"] is not None:
        out.append(say("replaces", language, seq=seq_of.get(entry["replaces"], "?")))
    if entry["void_reason"] is not None:
        if entry["void_by"] is not None:
            out.append(say("replaced_by", language, seq=seq_of.get(entry["void_by"], "?")))
        out.append(say("entry_void", language, reason=clean(entry["void_reason"])))
    try:
        result, _, _ = rescore_stored(entry)
    except ValueError as err:
        out.append(f"({err})")
        emit_text("\n".join(out))
        return
    out += ["", render_hand(result, language, color=color)]
    if result.to_json() != entry["result"]:
        out += ["", say("entry_differs", language)]
    emit_text("\n".join(out))


def _sid(conn: sqlite3.Connection, hand_id: int) -> int:
    return store.hand_session(conn, hand_id).id


def run_log(
    session: str | None,
    *,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    language = _lang(lang)
    with _guard(language):
        conn = connect(_path(db), create=False)
        try:
            sid = store.find_session(conn, session).id if session else None
            entries = store.audit_log(conn, sid)
        finally:
            conn.close()
    if as_json:
        emit_json({"schema": "scorer.ledger-log/1", "session": session, "entries": entries})
        return
    from scorer.ledger.render import render_log

    emit_text(render_log(entries, language, use_color()))


# -- settle ------------------------------------------------------------------------------------
def settle_sessions(
    conn: sqlite3.Connection, names: Sequence[str], every: bool
) -> tuple[list[store.Session], dict[str, int | Fraction], bool]:
    """The sessions to settle, each player's net money over them, whether groups differ.

    ``every``: all sessions of the same group of players as the first named (or the most
    recent) session. Several names: those sessions, settled by player name. Sessions in
    different currencies cannot be added up and are refused. Amounts stay ints unless a
    stake has a fractional part (``fractions`` costs a typed command a third of its start-up).
    """
    first = store.find_session(conn, names[0] if names else None)
    chosen = [first] + [store.find_session(conn, n) for n in names[1:]]
    if every:
        group = set(first.players)
        chosen += [
            s
            for s, _, _ in store.list_sessions(conn)
            if set(s.players) == group and s.id not in {c.id for c in chosen}
        ]
        chosen.sort(key=lambda s: s.id)
    unique = list({s.id: s for s in chosen}.values())  # a session named twice counts once
    currencies = {s.currency for s in unique}
    if len(currencies) > 1:
        raise LedgerError(
            "cannot settle sessions kept in different currencies: "
            + ", ".join(f"{s.name} ({s.currency or 'none'})" for s in unique)
        )
    net: dict[str, int | Fraction] = {}
    for s in unique:
        for p in s.players:
            net.setdefault(p, 0)
        _, cash = store.totals(store.session_hands(conn, s.id))
        for p, m in cash.items():
            net[p] = net.get(p, 0) + m
    differ = len({frozenset(s.players) for s in unique}) > 1
    return unique, net, differ


def check_transfers(net: Mapping[str, int | Fraction], transfers: Sequence[Any]) -> None:
    """The transfers must reproduce every balance exactly (and so sum to zero)."""
    back: dict[str, int | Fraction] = {p: 0 for p in net}
    for t in transfers:
        back[t.payer] -= t.amount
        back[t.payee] += t.amount
    if back != dict(net) or len(transfers) > max(len(net) - 1, 0):
        raise AssertionError(f"settlement does not reproduce the balances: {net} vs {back}")


def run_settle(
    sessions: Sequence[str],
    *,
    every: bool = False,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    from scorer.settle import settle

    language = _lang(lang)
    with _guard(language):
        conn = connect(_path(db), create=False)
        try:
            chosen, net, differ = settle_sessions(conn, list(sessions), every)
        finally:
            conn.close()
    transfers = settle(net)
    check_transfers(net, transfers)
    currency = chosen[0].currency
    if as_json:
        emit_json(
            {
                "schema": "scorer.ledger-settle/1",
                "sessions": [s.name for s in chosen],
                "currency": currency,
                "balances": {p: store.money_json(v) for p, v in net.items()},
                "transfers": [
                    {
                        "payer": t.payer,
                        "payee": t.payee,
                        "amount": store.money_json(t.amount),
                    }
                    for t in transfers
                ],
            }
        )
        return
    from scorer.ledger.render import clean, render_settle, say

    what = ", ".join(clean(s.name) for s in chosen)
    note = ""
    if differ:
        groups = " / ".join(", ".join(clean(p) for p in s.players) for s in chosen)
        note = say("by_name", language, groups=groups)
    emit_text(render_settle(what, transfers, currency, language, use_color(), note))


# -- rescore ---------------------------------------------------------------------------------------
def run_rescore(
    hand_id: int,
    *,
    preset: str | None = None,
    overrides: Sequence[str] = (),
    save: bool = False,
    reason: str | None = None,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    language = _lang(lang)
    path = _path(db)
    if save and not (reason or "").strip():
        raise CliError("--save needs --reason \"why the hand is re-scored\"")
    with _guard(language):
        conn = connect(path, create=False)
        try:
            entry = store.load_hand(conn, hand_id)
            sess = store.hand_session(conn, hand_id)
        finally:
            conn.close()
        result, data, house = rescore_stored(entry, preset=preset, overrides=overrides)
        store.check_hand(sess, data, result)
        new_points, new_money = store.nets(result)
        old = entry["result"]
        old_points = dict(old.get("balances", {}))
        conn = connect(path, create=False)
        try:
            row = next(h for h in store.session_hands(conn, sess.id) if h.id == hand_id)
        finally:
            conn.close()
        old_points, old_money = dict(row.points), dict(row.money)
        new_id = None
        if save:
            new_id = store.replace_hand(path, hand_id, data, result, reason or "")
    if as_json:
        emit_json(
            {
                "schema": "scorer.ledger-rescore/1",
                "hand": hand_id,
                "session": sess.name,
                "old": {
                    "preset": entry["preset"],
                    "points": old_points,
                    "money": money_map_json(old_money),
                    "payments": old.get("payments", []),
                },
                "new": {
                    "preset": result.preset,
                    "points": new_points,
                    "money": money_map_json(new_money),
                    "payments": [p.to_json() for p in result.payments],
                    "house_rules": house,
                },
                "saved_as": new_id,
            }
        )
        return
    from scorer.ledger.render import clean, money, say
    from scorer.render.text import Column, table

    cur = sess.currency
    players = [p for p in sess.players if p in old_points or p in new_points]
    rows = [
        [
            clean(p),
            str(old_points.get(p, 0)),
            str(new_points.get(p, 0)),
            money(old_money.get(p, 0), cur),
            money(new_money.get(p, 0), cur),
        ]
        for p in players
    ]
    st, rs = say("stored", language), say("rescored", language)
    pts, mon = say("points", language), say("money", language)
    cols = [
        Column(say("player", language), style="bold"),
        Column(f"{st} {pts}", align="right"),
        Column(f"{rs} {pts}", align="right", style="bold"),
        Column(f"{st} {mon}", align="right"),
        Column(f"{rs} {mon}", align="right", style="bold"),
    ]
    title = say(
        "rescore_title", language, seq=entry["seq"], session=clean(sess.name),
        old=entry["preset"], new=result.preset,
    )
    out = [table(cols, rows, color=use_color(), title=title)]
    if house:
        out.append(say("house", language, rules=", ".join(house)))

    def pays(items: Sequence[Mapping[str, Any]]) -> list[str]:
        return [
            "  " + say("pays", language, payer=clean(x["payer"]), payee=clean(x["payee"]),
                       points=x["points"], money=money(store.exact(x["money"]), cur))
            for x in items
        ]

    out += ["", say("payments_old", language), *pays(old.get("payments", []))]
    out += [say("payments_new", language), *pays([p.to_json() for p in result.payments])]
    if new_id is None:
        out += ["", say("not_saved", language)]
    else:
        conn = connect(path, create=False)
        try:
            new_seq = store.load_hand(conn, new_id)["seq"]
        finally:
            conn.close()
        out += ["", say("replaced", language, old=entry["seq"], seq=new_seq, id=new_id,
                        nets=", ".join(f"{clean(p)} {v:+d}" for p, v in new_points.items()))]
    emit_text("\n".join(out))


# -- export / import ----------------------------------------------------------------------------
def run_export(
    session: str | None,
    *,
    fmt: str = "json",
    output: str | None = None,
    db: str | None = None,
    lang: str | None = None,
) -> None:
    from scorer.ledger.export import export_csv, export_json

    language = _lang(lang)
    if fmt not in ("csv", "json"):
        raise CliError(f"unknown format {fmt!r}: expected csv or json")
    with _guard(language):
        conn = connect(_path(db), create=False)
        try:
            s = store.find_session(conn, session)
            text = export_json(conn, s) if fmt == "json" else export_csv(conn, s)
        finally:
            conn.close()
    if output is None or output == "-":
        import sys

        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as err:
        raise CliError(f"cannot write {output} ({err.strerror})") from None


def run_import(
    file: str,
    *,
    name: str | None = None,
    db: str | None = None,
    as_json: bool = False,
    lang: str | None = None,
) -> None:
    import json

    from scorer.ledger.export import import_doc

    language = _lang(lang)
    try:
        with open(file, encoding="utf-8") as fh:
            doc = json.load(fh)
    except OSError as err:
        raise CliError(f"cannot read {file} ({err.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise CliError(f"{file}: not a JSON ledger export ({err})") from None
    with _guard(language):
        s = import_doc(_path(db), doc, name=name)
        conn = connect(_path(db), create=False)
        try:
            doc_out = show_doc(conn, s)
        finally:
            conn.close()
    if as_json:
        emit_json(doc_out)
        return
    from scorer.ledger.render import clean, say

    emit_text(say("imported", language, session=clean(s.name), n=len(doc_out["hands"])))


COMMANDS: dict[str, Callable[..., None]] = {
    "new": run_new,
    "list": run_list,
    "add": run_add,
    "show": run_show,
    "hand": run_hand,
    "settle": run_settle,
    "void": run_void,
    "replace": run_replace,
    "log": run_log,
    "rescore": run_rescore,
    "export": run_export,
    "import": run_import,
}
