"""The ledger's JSON API, the CLI's documents: the games, sessions, a session's hands and
settlement, a record scored, a hand added, a stored hand. Blocking work (the ledger,
scoring) runs in the threadpool."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from scorer.ledger import store
from scorer.ledger.messages import LedgerError
from scorer.web.reading import (
    NO_FOLDER,
    api_error,
    hand_id,
    json_object,
    path_name,
    problems_of,
    refuse_files,
)
from scorer.web.site import site_of


def api_games(request: Request) -> Response:
    site = site_of(request)
    ps = site.presets()
    return JSONResponse({
        "schema": "scorer.web-games/1",
        "games": [
            {
                "name": g.name, "title": g.title, "deck": g.deck,
                "default_preset": g.default_preset, "presets": ps[g.name],
                "photos": site.recognizer.reads(g.deck),
                "quick": [
                    {"flag": o.flag, "dest": o.dest, "kind": o.kind, "help": o.help,
                     "default": o.default, "repeat": o.repeat, "choices": list(o.choices),
                     "required": o.required, "high": o.high}
                    for o in g.quick
                ],
            }
            for g in site.games
        ],
    })


async def api_sessions(request: Request) -> Response:
    from scorer.ledger.service import session_json

    site = site_of(request)
    if request.method == "POST":
        body = await json_object(request)
        try:
            s = await run_in_threadpool(site.start_session, body)
        except LedgerError as err:
            return api_error(site.public(str(err)))
        return JSONResponse(session_json(s), 201)
    listed = await run_in_threadpool(site.listed_sessions)
    return JSONResponse({
        "schema": "scorer.ledger-list/1",
        "sessions": [{**session_json(s), "hands": n, "last": last} for s, n, last in listed],
    })


def unknown_session(request: Request) -> JSONResponse:
    return api_error(f"unknown session {path_name(request)!r}", 404)


def session_doc(
    request: Request, doc: Callable[[sqlite3.Connection, store.Session], Mapping[str, Any]]
) -> Response:
    """``doc`` of the session the address names, read from the ledger; else a 404."""
    site = site_of(request)
    s = site.session_or_none(request)
    if s is None:
        return unknown_session(request)
    with store.open_ledger(site.db_path, create=True) as conn:
        return JSONResponse(doc(conn, s))


def api_session(request: Request) -> Response:
    from scorer.ledger.service import show_doc

    return session_doc(request, show_doc)


def api_settle(request: Request) -> Response:
    return session_doc(request, settle_doc)


def settle_doc(conn: sqlite3.Connection, s: store.Session) -> dict[str, Any]:
    """The session settled on its own, as `scorer ledger settle NAME --json` says it."""
    from scorer.ledger.service import check_transfers, settle_json, settle_sessions
    from scorer.settle import settle

    _, net, _ = settle_sessions(conn, [s.name], False)
    transfers = settle(net)
    check_transfers(net, transfers)
    return settle_json([s], net, transfers)


async def api_score(request: Request) -> Response:
    from scorer.games.record import record_from_data, score_record

    record = await json_object(request)
    refuse_files(record)
    try:
        result = await run_in_threadpool(
            lambda: score_record(record_from_data(record, origin="api", base_dir=NO_FOLDER)))
    except ValueError as err:
        return api_error(problems_of(err, "en"))
    return JSONResponse(result.to_json())


async def api_add(request: Request) -> Response:
    from scorer.ledger.service import money_map_json

    site = site_of(request)
    s = await run_in_threadpool(site.session_or_none, request)
    if s is None:
        return unknown_session(request)
    record = await json_object(request)
    refuse_files(record)
    try:
        added, hands = await run_in_threadpool(site.add_hand, s, record, "api")
    except (ValueError, LedgerError) as err:
        return api_error([site.public(p) for p in problems_of(err, "en")])
    row = next(h for h in hands if h.id == added.id)
    points, cash = store.totals(hands)
    return JSONResponse({
        "schema": "scorer.ledger-hand/1", "id": added.id, "session": s.name,
        "seq": added.seq, "replaces": None, "points": dict(row.points),
        "money": money_map_json(row.money),
        "totals": {"points": points, "money": money_map_json(cash)},
        "result": added.result.to_json(),
    }, 201)


def api_hand(request: Request) -> Response:
    site = site_of(request)
    number = hand_id(request.path_params["id"])
    if number is None:
        return api_error(f"no hand #{request.path_params['id'][:40]} in the ledger", 404)
    try:
        entry = store.read_hand(site.db_path, number, create=True)
    except LedgerError as err:
        return api_error(site.public(str(err)), 404)
    return JSONResponse({"schema": "scorer.ledger-entry/1", **entry})


ROUTES = [
    Route("/api/games", api_games),
    Route("/api/sessions", api_sessions, methods=["GET", "POST"]),
    Route("/api/sessions/{name}", api_session),
    Route("/api/sessions/{name}/settle", api_settle),
    Route("/api/sessions/{name}/hands", api_add, methods=["POST"]),
    Route("/api/score", api_score, methods=["POST"]),
    Route("/api/hands/{id}", api_hand),
]
