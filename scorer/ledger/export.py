"""A session out of the ledger and back: CSV for a spreadsheet, JSON for everything.

The JSON document (``"schema": "scorer.ledger/1"``) holds the session, every hand with its
full input and result, the voids and the audit trail. Hands refer to each other by their
number in the session (``seq``), never by database ids, so importing the document into
another ledger and exporting it again gives the same bytes. Importing adds no audit row of
its own: the trail is the session's, exactly as exported.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from typing import Any

from scorer.ledger.db import default_path
from scorer.ledger.messages import LedgerError
from scorer.ledger.store import (
    Session,
    audit_log,
    exact,
    find_session,
    insert_audit,
    insert_hand_row,
    insert_players,
    insert_session,
    insert_void,
    money_sum,
    money_text,
    open_ledger,
    session_exists,
    session_hands,
    show_money,
    stored_hands,
    transaction,
)

SCHEMA = "scorer.ledger/1"


def export_doc(conn: sqlite3.Connection, session: Session) -> dict[str, Any]:
    stored = stored_hands(conn, session.id)
    seq_of = {h["id"]: h["seq"] for h in stored}
    per_hand = {h.id: h for h in session_hands(conn, session.id)}
    hands = []
    for r in stored:
        h = per_hand[r["id"]]
        hands.append(
            {
                **{k: r[k] for k in ("seq", "created", "preset", "engine_version", "record",
                                     "source_text", "rules", "result")},
                "replaces": seq_of.get(r["replaces"]) if r["replaces"] is not None else None,
                "void": None
                if r["void_reason"] is None
                else {
                    "reason": r["void_reason"],
                    "by": seq_of.get(r["void_by"]) if r["void_by"] is not None else None,
                    "created": r["void_created"],
                },
                "players": [
                    {"player": p, "points": h.points[p], "money": money_text(h.money[p])}
                    for p in h.points
                ],
            }
        )
    audit = [
        {
            "created": a["created"],
            "action": a["action"],
            "hand": a["seq"],
            "target": a["target_seq"],
            "reason": a["reason"],
            "detail": a["detail"],
        }
        for a in audit_log(conn, session.id)
    ]
    return {
        "schema": SCHEMA,
        "session": {
            "name": session.name,
            "game": session.game,
            "players": list(session.players),
            "stake": money_text(session.stake),
            "currency": session.currency,
            "preset": session.preset,
            "overrides": list(session.overrides),
            "created": session.created,
        },
        "hands": hands,
        "audit": audit,
    }


def export_json(conn: sqlite3.Connection, session: Session) -> str:
    return json.dumps(export_doc(conn, session), ensure_ascii=False, indent=2) + "\n"


def export_csv(conn: sqlite3.Connection, session: Session) -> str:
    """One row a hand per player, with running totals over the hands that count."""
    import csv
    import io

    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(
        [
            "session", "hand_id", "hand", "created", "counts", "replaces", "void_reason",
            "replaced_by", "replace_reason",
            "player", "points", "money", "running_points", "running_money", "currency",
        ]
    )
    run_pts = {p: 0 for p in session.players}
    run_money: dict[str, Any] = {p: 0 for p in session.players}
    hands = session_hands(conn, session.id)
    seq_of = {h.id: h.seq for h in hands}
    for h in hands:
        # a replaced hand's reason is the replacement's, not a void's (issue 43)
        replaced = h.void_reason is not None and h.void_by is not None
        void_reason = "" if replaced else h.void_reason or ""
        replace_reason = h.void_reason or "" if replaced else ""
        replaced_by = seq_of.get(h.void_by, "") if replaced and h.void_by is not None else ""
        for p in session.players:
            pts = h.points.get(p, 0)
            money = h.money.get(p, 0)
            if h.counts:
                run_pts[p] += pts
                run_money[p] = money_sum([run_money[p], money])
            out.writerow(
                [
                    session.name, h.id, h.seq, h.created, "yes" if h.counts else "no",
                    seq_of.get(h.replaces, "") if h.replaces else "", void_reason,
                    replaced_by, replace_reason, p, pts, show_money(money), run_pts[p],
                    show_money(run_money[p]), session.currency,
                ]
            )
    return buf.getvalue()


def _problems(doc: Any) -> list[str]:
    if not isinstance(doc, dict):
        return ["not a scorer ledger export (expected a JSON object)"]
    if doc.get("schema") != SCHEMA:
        return [f"schema is {doc.get('schema')!r}; expected {SCHEMA!r}"]
    problems = []
    s = doc.get("session")
    if not isinstance(s, dict):
        return ["missing 'session'"]
    for key, kind in (("name", str), ("game", str), ("players", list), ("stake", str),
                      ("currency", str), ("overrides", list), ("created", str)):
        if not isinstance(s.get(key), kind):
            problems.append(f"session.{key} missing or not a {kind.__name__}")
    players = set(s.get("players") or [])
    hands = doc.get("hands")
    audit = doc.get("audit")
    if not isinstance(hands, list) or not isinstance(audit, list):
        return [*problems, "missing 'hands' or 'audit' lists"]
    seqs = [h.get("seq") for h in hands if isinstance(h, dict)]
    for i, h in enumerate(hands, start=1):
        if not isinstance(h, dict):
            problems.append(f"hand {i} is not an object")
            continue
        if h.get("seq") != i:
            problems.append(f"hand {i}: seq is {h.get('seq')!r}; expected {i}")
        for key in ("created", "preset", "engine_version"):
            if not isinstance(h.get(key), str):
                problems.append(f"hand {i}: {key} missing")
        for key in ("record", "rules", "result"):
            if not isinstance(h.get(key), dict):
                problems.append(f"hand {i}: {key} missing")
        for ref in (h.get("replaces"), (h.get("void") or {}).get("by")):
            if ref is not None and ref not in seqs:
                problems.append(f"hand {i}: refers to hand {ref!r}, which is not in the file")
        rows = h.get("players")
        if not isinstance(rows, list):
            problems.append(f"hand {i}: players missing")
            continue
        for row in rows:
            who = row.get("player") if isinstance(row, dict) else None
            if who not in players:
                problems.append(f"hand {i}: player {who!r} is not in the session")
                continue
            try:
                exact(row["money"])
                int(row["points"])
            except (KeyError, ValueError, TypeError, ZeroDivisionError):
                problems.append(f"hand {i}: player {who!r}: bad points or money")
    return problems


def import_doc(db_path: str | None, doc: Mapping[str, Any], *, name: str | None = None) -> Session:
    """Recreate an exported session (optionally under another name) in one transaction."""
    problems = _problems(doc)
    if problems:
        raise LedgerError("not a valid ledger export: " + "; ".join(problems))
    s = doc["session"]
    new_name = (name or s["name"]).strip()
    path = db_path or default_path()
    with open_ledger(path, create=True) as conn, transaction(conn, path):
        if session_exists(conn, new_name):
            raise LedgerError(
                f"a session named {new_name!r} already exists; import with --name NEW"
            )
        sid = insert_session(conn, new_name, s["game"], s["players"], s["stake"],
                                   s["currency"], s.get("preset"), s["overrides"], s["created"])
        ids: dict[int, int] = {}
        for h in doc["hands"]:
            ids[h["seq"]] = insert_hand_row(
                conn, sid, h["seq"], h["created"], h["record"], h.get("source_text"),
                h["preset"], h["rules"], h["engine_version"], h["result"],
                ids.get(h["replaces"]) if h.get("replaces") is not None else None,
            )
            insert_players(conn, ids[h["seq"]], [
                (r["player"], int(r["points"]), money_text(exact(r["money"])))
                for r in h["players"]
            ])
        for h in doc["hands"]:  # voids after all hands: a void may point forward
            v = h.get("void")
            if v:
                insert_void(conn, ids[h["seq"]], ids.get(v.get("by")), v["reason"],
                                  v["created"])
        for a in doc["audit"]:
            insert_audit(
                conn, sid, a["action"], created=a["created"], hand_id=ids.get(a.get("hand")),
                target=ids.get(a.get("target")), reason=a.get("reason", ""),
                detail=a.get("detail", ""),
            )
        return find_session(conn, new_name)
