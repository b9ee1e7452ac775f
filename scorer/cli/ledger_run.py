"""The bodies of the `scorer ledger` commands: read the input, call the ledger, print.

:mod:`scorer.cli.ledger` parses the command line (one declaration per command) and calls
these, each with the options all of them share (:class:`Asked`: the file, ``--json``, the
language) and its own. The ledger is read in :func:`scorer.ledger.store.open_ledger`; the
domain — scoring for a session, what a hand inherits, slips, settling — is in
:mod:`scorer.ledger.service`. Each returns normally on success and raises
:class:`CliError` (one line, exit 2, in the output language) for bad input; nothing is
written to the ledger when it does. No typer, no rich.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from scorer.cli.output import CliError, emit_json, emit_text, use_color
from scorer.i18n import t
from scorer.ledger import service, store
from scorer.ledger.db import default_path
from scorer.ledger.service import (
    check_transfers,
    money_map_json,
    rescore_stored,
    session_json,
    settle_json,
    settle_sessions,
    show_doc,
)
from scorer.ledger.store import open_ledger


def _lang(lang: str | None) -> str:
    from scorer.lang import detect_lang

    try:
        return detect_lang(lang)
    except ValueError as err:
        raise CliError(str(err)) from None


@contextmanager
def _guard(lang: str = "en") -> Iterator[None]:
    """Our expected errors as one line in the output language: bad input, an unusable
    file, a record that fails."""
    try:
        yield
    except CliError:
        raise
    except sqlite3.DatabaseError as err:  # e.g. corruption found past the first page
        raise CliError(f"the ledger file is unusable ({err}); nothing was changed") from None
    except ValueError as err:  # a LedgerError, a record that does not load or score
        from scorer.cli.output import describe

        raise CliError(describe(err, lang)) from None


class Asked(NamedTuple):
    """What every ledger command is asked with: the ledger file, JSON or text, the language."""

    path: str
    as_json: bool
    language: str


def asked(values: dict[str, Any]) -> Asked:
    """The options every command shares (``--db``, ``--json``, ``--lang``), taken out of a
    command's parsed ``values``: what is left are the command's own."""
    language = _lang(values.pop("lang", None))
    return Asked(values.pop("db", None) or default_path(), values.pop("as_json", False), language)


# -- new / list ---------------------------------------------------------------------------------
def run_new(
    ask: Asked,
    name: str,
    *,
    game: str,
    players: str,
    stake: str = "1",
    currency: str = "",
    preset: str | None = None,
    overrides: Sequence[str] = (),
) -> None:
    with _guard(ask.language):
        s = store.create_session(
            ask.path, name, game, players.split(","), stake=stake, currency=currency,
            preset=preset, overrides=list(overrides or ()),
        )
        if ask.as_json:
            with open_ledger(ask.path) as conn:
                emit_json(show_doc(conn, s))
            return
    from scorer.ledger.render import clean, session_what

    emit_text(t("started", ask.language, session=clean(s.name), what=session_what(s, ask.language)))


def run_list(ask: Asked) -> None:
    with _guard(ask.language):
        if not os.path.exists(ask.path):
            sessions: list[tuple[store.Session, int, str]] = []
        else:
            with open_ledger(ask.path) as conn:
                sessions = store.list_sessions(conn)
    if ask.as_json:
        emit_json(
            {
                "schema": "scorer.ledger-list/1",
                "db": ask.path,
                "sessions": [
                    {**session_json(s), "hands": n, "last": last} for s, n, last in sessions
                ],
            }
        )
        return
    from scorer.ledger.render import render_list

    emit_text(render_list(sessions, ask.language, use_color()))


# -- add / replace / void -----------------------------------------------------------------------
def _read_record(path: str) -> tuple[dict[str, Any], str]:
    """The record and its text, read as `scorer score` reads it (a byte-order mark, the
    size limit, a named pipe alike)."""
    from scorer.ledger.messages import problem

    if not os.path.isfile(path):
        raise problem("err.no-record", path=repr(path))
    from scorer.games.record import RecordError
    from scorer.games.rules import RulesError, read_toml_text

    try:
        return read_toml_text(path, "record")
    except RulesError as err:
        raise RecordError(list(err.problems), path) from None


def _record_forgotten(db: str, word: str) -> None:
    """`scorer ledger add friday`: the one word names a session, not a record file; say
    the record is missing rather than that no file is called 'friday' (issue 43)."""
    from scorer.ledger.messages import problem

    if not os.path.isfile(db):
        return
    with open_ledger(db) as conn:
        names = {s.name for s, _, _ in store.list_sessions(conn)}
    if word.strip() in names:
        raise problem("err.record-missing", session=repr(word.strip()),
                      command=f"scorer ledger add {word.strip()} RECORD")


def _photos(assume_yes: bool) -> service.PileResolver:
    """The photo-pile reader, imported only when a record names a photo."""

    def resolve(image: str, game: str) -> str:
        from scorer.cli.run import photo_resolver

        cards: str = photo_resolver(assume_yes)(image, game)
        return cards

    return resolve


def _hand_doc(
    sess: store.Session, hands: Sequence[store.HandRow], added: service.Added,
    replaced: int | None = None,
) -> dict[str, Any]:
    row = next(h for h in hands if h.id == added.id)
    points, cash = store.totals(h for h in hands if replaced is not None or h.seq <= row.seq)
    return {
        "schema": "scorer.ledger-hand/1",
        "id": added.id,
        "session": sess.name,
        "seq": row.seq,
        "hand": f"{sess.name}#{row.seq}",
        "replaces": replaced,
        "points": dict(row.points),
        "money": money_map_json(row.money),
        "totals": {"points": points, "money": money_map_json(cash)},
        "result": added.result.to_json(),
    }


def _added_lines(
    sess: store.Session, hands: Sequence[store.HandRow], added: Sequence[service.Added],
    language: str, *, replaced: str | None = None,
) -> list[str]:
    """Each hand's line and the running totals after it (after the last for a series)."""
    from scorer.ledger.render import clean, hand_ref, nets_line

    out = []
    for a in added:
        row = next(h for h in hands if h.id == a.id)
        nets = nets_line(row.points, row.money, sess.currency, language)
        ref = hand_ref(sess.name, row.seq)
        if replaced is None:
            out.append(t("added", language, hand=ref, nets=nets))
        else:
            out.append(t("replaced", language, old=clean(replaced), hand=ref, nets=nets))
        upto = [h for h in hands if replaced is not None or h.seq <= row.seq]
        points, _ = store.totals(upto)
        running = ", ".join(f"{clean(p)} {points.get(p, 0)}" for p in sess.players)
        key = "running_after" if len(added) > 1 else "running"
        out.append(t(key, language, hand=ref, totals=running))
    return out


def _report(
    ask: Asked, sess: store.Session, added: Sequence[service.Added], *,
    replaced: service.HandRef | None = None, hands: Sequence[store.HandRow] | None = None,
) -> None:
    if hands is None:
        with open_ledger(ask.path) as conn:
            hands = store.session_hands(conn, sess.id)
    if ask.as_json:
        docs = [_hand_doc(sess, hands, a, replaced.id if replaced else None) for a in added]
        emit_json(docs[0] if len(docs) == 1 else {"schema": "scorer.ledger-hands/1",
                                                 "hands": docs})
        return
    emit_text("\n".join(_added_lines(sess, hands, added, ask.language,
                                     replaced=replaced.name if replaced else None)))


def run_add(
    ask: Asked,
    session: str | None,
    record_path: str,
    *,
    assume_yes: bool = False,
    overrides: Sequence[str] = (),
) -> None:
    with _guard(ask.language):
        if session is None and not os.path.exists(record_path):
            _record_forgotten(ask.path, record_path)
        data, text = _read_record(record_path)
        sess, added, hands = service.add_record(
            ask.path, session, data, _entry(record_path, text, assume_yes, overrides))
        _report(ask, sess, added, hands=hands)


def _entry(record_path: str, text: str, assume_yes: bool,
           overrides: Sequence[str]) -> service.Entry:
    """A record file as the ledger enters it: its photos read, its slips meant with --yes."""
    return service.Entry(record_path, os.path.dirname(record_path), source_text=text,
                         pile_resolver=_photos(assume_yes), overrides=list(overrides or ()),
                         assume_yes=assume_yes)


def run_replace(
    ask: Asked,
    ref: str,
    record_path: str,
    *,
    reason: str,
    session: str | None = None,
    assume_yes: bool = False,
    overrides: Sequence[str] = (),
) -> None:
    with _guard(ask.language):
        data, text = _read_record(record_path)
        old, added = service.replace_record(
            ask.path, ref, data, _entry(record_path, text, assume_yes, overrides),
            reason=reason, session=session)
        _report(ask, old.session, [added], replaced=old)


def run_void(ask: Asked, ref: str, *, reason: str, session: str | None = None) -> None:
    with _guard(ask.language):
        hand = service.void(ask.path, ref, reason, session)
        with open_ledger(ask.path) as conn:
            doc = show_doc(conn, hand.session)
    if ask.as_json:
        emit_json(doc)
        return
    from scorer.ledger.render import clean, hand_ref

    emit_text(t("voided", ask.language, hand=hand_ref(hand.session.name, hand.seq),
                   reason=clean(reason.strip())))


# -- show / hand / log ----------------------------------------------------------------------------
def run_show(ask: Asked, session: str | None) -> None:
    with _guard(ask.language), open_ledger(ask.path) as conn:
        s = store.find_session(conn, session)
        if ask.as_json:
            emit_json(show_doc(conn, s))
            return
        hands = store.session_hands(conn, s.id)
    from scorer.ledger.render import render_show

    emit_text(render_show(s, hands, ask.language, color=use_color()))


def _entry_json(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"schema": "scorer.ledger-entry/1", **entry}


def run_hand(ask: Asked, ref: str, *, session: str | None = None) -> None:
    with _guard(ask.language), open_ledger(ask.path) as conn:
        hand = service.find_hand(conn, ref, session)
        entry = store.load_hand(conn, hand.id)
        seq_of = {h.id: h.seq for h in store.session_hands(conn, hand.session.id)}
    if ask.as_json:
        emit_json(_entry_json(entry))
        return
    from scorer.ledger.render import clean, hand_ref
    from scorer.render.hand import render_hand

    head = t(
        "entry_head", ask.language, hand=hand_ref(entry["session"], entry["seq"]),
        created=entry["created"][:19].replace("T", " "), version=entry["engine_version"],
    )
    out = [head]
    if entry["replaces"] is not None:
        out.append(t("replaces", ask.language, seq=seq_of.get(entry["replaces"], "?")))
    if entry["void_reason"] is not None:
        if entry["void_by"] is not None:
            out.append(t("replaced_by", ask.language, seq=seq_of.get(entry["void_by"], "?")))
        out.append(t("entry_void", ask.language, reason=clean(entry["void_reason"])))
    try:
        result, _, _ = rescore_stored(entry)
    except ValueError as err:
        from scorer.cli.output import describe

        text = describe(err, ask.language)
        out.append(f"({text})")
        emit_text("\n".join(out))
        return
    # the cards in the numbering they were typed in (--months, a record's months)
    months = str(entry["record"].get("months") or "")
    out += ["", render_hand(result, ask.language, color=use_color(), months=months)]
    if service.scores_differently(entry, result):
        out += ["", t("entry_differs", ask.language)]
    emit_text("\n".join(out))


def run_log(ask: Asked, session: str | None) -> None:
    with _guard(ask.language), open_ledger(ask.path) as conn:
        sid = store.find_session(conn, session).id if session else None
        entries = store.audit_log(conn, sid)
    if ask.as_json:
        emit_json({"schema": "scorer.ledger-log/1", "session": session, "entries": entries})
        return
    from scorer.ledger.render import render_log

    emit_text(render_log(entries, ask.language, use_color()))


# -- settle ------------------------------------------------------------------------------------
def run_settle(ask: Asked, sessions: Sequence[str], *, every: bool = False) -> None:
    from scorer.settle import settle

    with _guard(ask.language), open_ledger(ask.path) as conn:
        chosen, net, differ = settle_sessions(conn, list(sessions), every)
    transfers = settle(net)
    check_transfers(net, transfers)
    currency = chosen[0].currency
    if ask.as_json:
        emit_json(settle_json(chosen, net, transfers))
        return
    from scorer.ledger.render import clean, render_settle

    what = ", ".join(clean(s.name) for s in chosen)
    note = ""
    if differ:
        groups = " / ".join(", ".join(clean(p) for p in s.players) for s in chosen)
        note = t("by_name", ask.language, groups=groups)
    emit_text(render_settle(what, transfers, currency, ask.language, use_color(), note))


# -- rescore ---------------------------------------------------------------------------------------
def run_rescore(
    ask: Asked,
    ref: str,
    *,
    session: str | None = None,
    preset: str | None = None,
    overrides: Sequence[str] = (),
    save: bool = False,
    reason: str | None = None,
) -> None:
    with _guard(ask.language):
        if save and not (reason or "").strip():
            from scorer.ledger.messages import problem

            raise problem("err.save-needs-reason")
        with open_ledger(ask.path) as conn:
            hand = service.find_hand(conn, ref, session, writing=save)
            hand_id, sess = hand.id, hand.session
            entry = store.load_hand(conn, hand_id)
        result, data, house = rescore_stored(entry, preset=preset, overrides=overrides)
        store.check_hand(sess, data, result)
        new_points, new_money = store.nets(result)
        old = entry["result"]
        with open_ledger(ask.path) as conn:
            row = next(h for h in store.session_hands(conn, sess.id) if h.id == hand_id)
        old_points, old_money = dict(row.points), dict(row.money)
        new_id = None
        if save:
            new_id = store.replace_hand(ask.path, hand_id, data, result, reason or "")
    if ask.as_json:
        emit_json(
            {
                "schema": "scorer.ledger-rescore/1",
                "hand": hand_id,
                "session": sess.name,
                "seq": entry["seq"],
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
    from scorer.ledger.render import clean, hand_ref, money
    from scorer.render.text import Column, table

    cur = sess.currency
    players = [p for p in sess.players if p in old_points or p in new_points]
    rows = [
        [
            clean(p),
            str(old_points.get(p, 0)),
            str(new_points.get(p, 0)),
            money(old_money.get(p, 0), cur, ask.language),
            money(new_money.get(p, 0), cur, ask.language),
        ]
        for p in players
    ]
    st, rs = t("stored", ask.language), t("rescored", ask.language)
    pts, mon = t("points", ask.language), t("money", ask.language)
    cols = [
        Column(t("player", ask.language), style="bold"),
        Column(f"{st} {pts}", align="right"),
        Column(f"{rs} {pts}", align="right", style="bold"),
        Column(f"{st} {mon}", align="right"),
        Column(f"{rs} {mon}", align="right", style="bold"),
    ]
    title = t("rescore_title", ask.language, hand=hand_ref(sess.name, entry["seq"]),
                 old=entry["preset"], new=result.preset)
    out = [table(cols, rows, color=use_color(), title=title)]
    if house:
        out.append(t("house", ask.language, rules=", ".join(house)))

    def pays(items: Sequence[Mapping[str, Any]]) -> list[str]:
        return [
            "  " + t("pays", ask.language, payer=clean(x["payer"]), payee=clean(x["payee"]),
                       points=x["points"], money=money(store.exact(x["money"]), cur, ask.language))
            for x in items
        ]

    out += ["", t("payments_old", ask.language), *pays(old.get("payments", []))]
    out += [t("payments_new", ask.language), *pays([p.to_json() for p in result.payments])]
    if new_id is None:
        out += ["", t("not_saved", ask.language)]
    else:
        with open_ledger(ask.path) as conn:
            new_seq = store.load_hand(conn, new_id)["seq"]
        out += ["", t("replaced", ask.language, old=hand_ref(sess.name, entry["seq"]),
                         hand=hand_ref(sess.name, new_seq),
                         nets=", ".join(f"{clean(p)} {v:+d}" for p, v in new_points.items()))]
    emit_text("\n".join(out))


# -- export / import ----------------------------------------------------------------------------
def run_export(
    ask: Asked,
    session: str | None,
    *,
    fmt: str = "json",
    output: str | None = None,
) -> None:
    from scorer.ledger.export import export_csv, export_json
    from scorer.ledger.messages import problem

    with _guard(ask.language):
        if fmt not in ("csv", "json"):
            raise problem("err.unknown-format", fmt=repr(fmt))
        with open_ledger(ask.path) as conn:
            s = store.find_session(conn, session)
            text = export_json(conn, s) if fmt == "json" else export_csv(conn, s)
    if output is None or output == "-":
        import sys

        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as err:
        with _guard(ask.language):
            raise problem("err.cannot-write", path=output, why=err.strerror) from None


def run_import(ask: Asked, file: str, *, name: str | None = None) -> None:
    import json

    from scorer.ledger.export import import_doc
    from scorer.ledger.messages import problem

    with _guard(ask.language):
        try:
            with open(file, encoding="utf-8") as fh:
                doc = json.load(fh)
        except OSError as err:
            raise problem("err.cannot-read", path=file, why=err.strerror) from None
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise problem("err.not-export", path=file, why=str(err)) from None
        s = import_doc(ask.path, doc, name=name)
        with open_ledger(ask.path) as conn:
            doc_out = show_doc(conn, s)
    if ask.as_json:
        emit_json(doc_out)
        return
    from scorer.ledger.render import clean

    # the hands that count, as `ledger list` counts them (issue 43: voided and replaced too)
    counting = sum(1 for h in doc_out["hands"] if h["counts"])
    emit_text(t("imported", ask.language, session=clean(s.name), n=counting))
