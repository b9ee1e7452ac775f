"""The Starlette application behind ``scorer serve``: pages for phones, and a JSON API.

Pages (server-rendered HTML, a little optional JavaScript):

- ``GET /``: the ledger's sessions; a form to start one (``POST /sessions``);
- ``GET /s/{name}``: running totals hand by hand, the totals and who pays whom;
- ``GET|POST /s/{name}/add``: a hand — per player a photo (recognised into a grid of
  cards, uncertain ones marked, each fixable) and/or typed cards, the game's facts of the
  hand from its quick-form options, ``Score`` (the explanation) and ``Add to the ledger``;
- ``GET /hands/{id}``: a stored hand's explanation; ``GET /photos/{key}.jpg``: an
  annotated photo.

API (the CLI's documents): ``GET /api/games``, ``GET|POST /api/sessions``,
``GET /api/sessions/{name}`` (``scorer.ledger-session/1``), ``GET
/api/sessions/{name}/settle`` (``scorer.ledger-settle/1``), ``POST /api/photo?game=G``
(``scorer.photo/1``), ``POST /api/score`` (``scorer.hand/1``), ``POST
/api/sessions/{name}/hands`` (``scorer.ledger-hand/1``), ``GET /api/hands/{id}``
(``scorer.ledger-entry/1``).

The engines, the ledger and the photo pipeline do all the work; nothing here scores.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from scorer.games.base import Game, find_game, game_names, get_game
from scorer.ledger import store
from scorer.ledger.db import LedgerError, connect
from scorer.web import pages
from scorer.web.forms import FormError, pile_fields, quick_values, seat_record
from scorer.web.photos import MAX_UPLOAD_BYTES, Recognizer, UploadError

STATIC = os.path.join(os.path.dirname(__file__), "static")
TOKEN_COOKIE = "scorer_token"
LANG_COOKIE = "scorer_lang"
# A request may carry one photo a player: the per-photo limit times a full table, plus the
# form's text fields.
MAX_PLAYERS_PHOTOS = 4
MAX_BODY_BYTES = MAX_PLAYERS_PHOTOS * MAX_UPLOAD_BYTES + 1024 * 1024

ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]


class BodyTooLarge(Exception):
    """The request body passed MAX_BODY_BYTES while it was being read."""


class Guard:
    """Access code and body size, before any route runs.

    With a ``token`` every request must carry it, as ``?token=`` (which also sets a cookie,
    so the links of the pages need not carry it) or as that cookie; otherwise 403. Bodies
    above MAX_BODY_BYTES are refused from their Content-Length, or stopped while read.
    """

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        set_cookie = False
        if self.token is not None:
            given = request.query_params.get("token")
            cookie = request.cookies.get(TOKEN_COOKIE)
            if given is not None and secrets.compare_digest(given, self.token):
                set_cookie = cookie != self.token
            elif cookie is None or not secrets.compare_digest(cookie, self.token):
                lang = _lang(request, "en")
                text = pages.tr("forbidden", lang)
                response: Response = (
                    JSONResponse({"error": text}, 403)
                    if scope["path"].startswith("/api/")
                    else HTMLResponse(pages.message_page("403", text, lang), 403)
                )
                await response(scope, receive, send)
                return
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > MAX_BODY_BYTES:
            scope = dict(scope, too_large=True)
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY_BYTES:
                    raise BodyTooLarge
            return message

        async def sending(message: Any) -> None:
            if set_cookie and message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append(
                    (b"set-cookie",
                     f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Lax".encode())
                )
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, limited, sending)


def _lang(request: Request, default: str) -> str:
    """``?lang=``, else the switch's cookie, else Accept-Language, else the server's."""
    for value in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if value in ("en", "es"):
            return value
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in ("en", "es"):
            return tag
    return default


def _problems(err: BaseException, lang: str) -> list[str]:
    from scorer.cli.output import describe

    problems = getattr(err, "problems", None)
    if problems and not getattr(err, "notation", ()):
        return [str(p) for p in problems]
    return [describe(err, lang)]


def create_app(
    db_path: str | None, token: str | None = None, lang: str = "en", *,
    classifiers: Mapping[str, Any] | None = None,
) -> Starlette:
    """The web app over the ledger at ``db_path`` (None: the default ledger file).

    ``token``: the access code every request must carry (None: no check, for 127.0.0.1).
    ``lang``: the language when a browser asks for neither English nor Spanish.
    The classifiers of every deck a registered game photographs are loaded here, once.
    """
    games = [get_game(n) for n in game_names()]
    recognizer = Recognizer(sorted({g.deck for g in games}), dict(classifiers or {}))

    def language(request: Request) -> str:
        return _lang(request, lang)

    def html(request: Request, body: str, status: int = 200) -> HTMLResponse:
        response = HTMLResponse(body, status)
        chosen = request.query_params.get("lang")
        if chosen in ("en", "es"):
            response.set_cookie(LANG_COOKIE, chosen, samesite="lax")
        return response

    def presets() -> dict[str, list[str]]:
        from scorer.games.rules import list_presets

        return {g.name: list_presets(g.name) for g in games}

    def session_or_none(name: str) -> store.Session | None:
        try:
            conn = connect(db_path)
        except LedgerError:
            return None
        try:
            return store.find_session(conn, name)
        except LedgerError:
            return None
        finally:
            conn.close()

    def not_found(request: Request) -> HTMLResponse:
        lg = language(request)
        return html(request, pages.message_page("404", pages.tr("not_found", lg), lg), 404)

    # -- pages ----------------------------------------------------------------------------------
    async def index(request: Request, problems: list[str] | None = None,
                    form: Mapping[str, str] | None = None) -> HTMLResponse:
        conn = connect(db_path)
        try:
            sessions = store.list_sessions(conn)
        finally:
            conn.close()
        lg = language(request)
        body = pages.index_page(sessions, games, presets(), lg, problems or (), form)
        return html(request, body, 400 if problems else 200)

    def start_session(fields: Mapping[str, Any]) -> store.Session:
        game = str(fields.get("game", ""))
        preset = str(fields.get("preset") or "") or None
        if preset and ":" in preset:  # the page's "game:preset" options
            of, _, preset = preset.partition(":")
            if of != game:
                raise LedgerError(f"the rules {preset!r} are {of}'s, not {game}'s")
        players = fields.get("players", "")
        names = players if isinstance(players, list) else str(players).split(",")
        stake = fields.get("stake")
        return store.create_session(
            db_path, str(fields.get("name", "")), game, [str(p) for p in names],
            stake=stake if stake not in (None, "") else 1,
            currency=str(fields.get("currency") or ""), preset=preset,
        )

    async def new_session(request: Request) -> Response:
        form = await request.form()
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        try:
            s = start_session(fields)
        except LedgerError as err:
            return await index(request, [str(err)], fields)
        return RedirectResponse(f"/s/{_quote(s.name)}", 303)

    async def session_page(request: Request) -> Response:
        s = session_or_none(request.path_params["name"])
        if s is None:
            return not_found(request)
        from scorer.ledger.service import check_transfers, settle_sessions
        from scorer.settle import settle

        conn = connect(db_path)
        try:
            hands = store.session_hands(conn, s.id)
            _, net, _ = settle_sessions(conn, [s.name], False)
        finally:
            conn.close()
        transfers = settle(net)
        check_transfers(net, transfers)
        notice = ""
        added = request.query_params.get("added", "")
        if added.isdigit():
            seq = next((h.seq for h in hands if h.id == int(added)), None)
            if seq is not None:
                notice = pages.tr("added", language(request), seq=seq)
        return html(request, pages.session_page(s, hands, transfers, language(request), notice))

    def add_form(request: Request, s: store.Session, game: Game, fields: Mapping[str, str],
                 grids: Mapping[str, pages.Grid], *, problems: list[str] | None = None,
                 explanation: str = "") -> HTMLResponse:
        from scorer.games.rules import list_presets

        lg = language(request)
        labels = None
        if recognizer.reads(game.deck):
            labels = [(c, _card_text(game, c)) for c in recognizer.labels(game.deck)]
        body = pages.add_page(s, game, list_presets(game.name), fields, grids, labels, lg,
                              problems=problems or (), explanation=explanation)
        return html(request, body, 400 if problems else 200)

    async def add_get(request: Request) -> Response:
        s = session_or_none(request.path_params["name"])
        if s is None:
            return not_found(request)
        return add_form(request, s, get_game(s.game), {}, {})

    async def add_post(request: Request) -> Response:
        s = session_or_none(request.path_params["name"])
        if s is None:
            return not_found(request)
        game = get_game(s.game)
        lg = language(request)
        try:
            form = await _read_form(request)
        except (BodyTooLarge, MultiPartException) as err:
            return add_form(request, s, game, {}, {}, problems=[_form_problem(err)])
        fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
        grids = _grids(fields)
        uploads = [
            (k.removeprefix("photo."), v) for k, v in form.multi_items()
            if k.startswith("photo.") and isinstance(v, UploadFile) and v.filename
        ]
        problems: list[str] = []
        if uploads:  # photos are read and shown first: a hand is never added unseen
            for name, upload in uploads:
                raw = await upload.read(MAX_UPLOAD_BYTES + 1)
                try:
                    result, key = await run_in_threadpool(
                        recognizer.recognize, raw, upload.filename or "photo", game.deck
                    )
                except UploadError as err:
                    problems.append(f"{name.removeprefix('q.')}: {err}")
                    continue
                grids[name] = pages.Grid.from_result(result, key)
            return add_form(request, s, game, fields, grids, problems=problems)
        action = fields.get("action", "score")
        try:
            data, result = _score(s, game, fields, grids, lg, db_path)
        except (ValueError, LedgerError) as err:
            return add_form(request, s, game, fields, grids, problems=_problems(err, lg))
        if action == "add":
            try:
                hand_id = store.add_hand(db_path, s.name, data, result)
            except LedgerError as err:
                return add_form(request, s, game, fields, grids, problems=[str(err)])
            return RedirectResponse(f"/s/{_quote(s.name)}?added={hand_id}", 303)
        return add_form(request, s, game, fields, grids,
                        explanation=pages.hand_html(result, lg))

    async def hand_page(request: Request) -> Response:
        from scorer.ledger.service import rescore_stored

        hand_id = request.path_params["id"]
        try:
            conn = connect(db_path)
            try:
                entry = store.load_hand(conn, hand_id)
            finally:
                conn.close()
        except LedgerError:
            return not_found(request)
        lg = language(request)
        try:  # the terminal's `scorer ledger hand` renders the same way
            result, _, _ = rescore_stored(entry)
            explanation = pages.hand_html(result, lg)
        except ValueError as err:
            explanation = pages.problems_box([str(err)], lg)
        return html(request, pages.hand_page(entry, explanation, lg))

    async def photo(request: Request) -> Response:
        jpeg = recognizer.annotated(request.path_params["key"])
        if not jpeg:
            return not_found(request)
        return Response(jpeg, media_type="image/jpeg",
                        headers={"cache-control": "private, max-age=3600"})

    # -- the API --------------------------------------------------------------------------------
    async def api_games(request: Request) -> Response:
        ps = presets()
        return JSONResponse({
            "schema": "scorer.web-games/1",
            "games": [
                {
                    "name": g.name, "title": g.title, "deck": g.deck,
                    "default_preset": g.default_preset, "presets": ps[g.name],
                    "photos": recognizer.reads(g.deck),
                    "quick": [
                        {"flag": o.flag, "dest": o.dest, "kind": o.kind, "help": o.help,
                         "default": o.default, "repeat": o.repeat, "choices": list(o.choices),
                         "required": o.required, "high": o.high}
                        for o in g.quick
                    ],
                }
                for g in games
            ],
        })

    async def api_sessions(request: Request) -> Response:
        from scorer.ledger.service import session_json

        if request.method == "POST":
            body = await _json_body(request)
            if not isinstance(body, dict):
                return _api_error("expected a JSON object")
            try:
                s = start_session(body)
            except LedgerError as err:
                return _api_error(str(err))
            return JSONResponse(session_json(s), 201)
        conn = connect(db_path)
        try:
            listed = store.list_sessions(conn)
        finally:
            conn.close()
        return JSONResponse({
            "schema": "scorer.ledger-list/1",
            "sessions": [{**session_json(s), "hands": n, "last": last} for s, n, last in listed],
        })

    async def api_session(request: Request) -> Response:
        from scorer.ledger.service import show_doc

        s = session_or_none(request.path_params["name"])
        if s is None:
            return _api_error(f"unknown session {request.path_params['name']!r}", 404)
        conn = connect(db_path)
        try:
            return JSONResponse(show_doc(conn, s))
        finally:
            conn.close()

    async def api_settle(request: Request) -> Response:
        from scorer.ledger.service import check_transfers, settle_sessions
        from scorer.settle import settle

        s = session_or_none(request.path_params["name"])
        if s is None:
            return _api_error(f"unknown session {request.path_params['name']!r}", 404)
        conn = connect(db_path)
        try:
            _, net, _ = settle_sessions(conn, [s.name], False)
        finally:
            conn.close()
        transfers = settle(net)
        check_transfers(net, transfers)
        return JSONResponse({
            "schema": "scorer.ledger-settle/1",
            "sessions": [s.name],
            "currency": s.currency,
            "balances": {p: store.money_json(v) for p, v in net.items()},
            "transfers": [
                {"payer": x.payer, "payee": x.payee, "amount": store.money_json(x.amount)}
                for x in transfers
            ],
        })

    async def api_photo(request: Request) -> Response:
        name = request.query_params.get("game", "")
        found = find_game(name)
        deck = found.deck if found is not None else name
        if not recognizer.reads(deck):
            return _api_error(f"no photo reading for {name!r}; games: {', '.join(game_names())}")
        try:
            form = await _read_form(request)
        except (BodyTooLarge, MultiPartException) as err:
            return _api_error(_form_problem(err), 413 if isinstance(err, BodyTooLarge) else 400)
        upload = form.get("photo")
        if not isinstance(upload, UploadFile):
            return _api_error("send the photo as the multipart field 'photo'")
        data = await upload.read(MAX_UPLOAD_BYTES + 1)
        try:
            result, _ = await run_in_threadpool(
                lambda: recognizer.recognize(data, upload.filename or "photo", deck,
                                             annotate=False)
            )
        except UploadError as err:
            return _api_error(str(err))
        return JSONResponse(result.to_json())

    async def api_score(request: Request) -> Response:
        from scorer.explain import SeriesResult
        from scorer.games.record import record_from_data, score_record

        record = await _json_body(request)
        if not isinstance(record, dict):
            return _api_error("expected a record as a JSON object (the TOML record's tables)")
        try:
            result = score_record(record_from_data(record, origin="api", base_dir=os.getcwd()))
        except ValueError as err:
            return _api_error(_problems(err, "en"))
        doc = result.to_json()
        return JSONResponse(doc if not isinstance(result, SeriesResult) else doc)

    async def api_add(request: Request) -> Response:
        from scorer.ledger.service import money_map_json, score_for_session

        s = session_or_none(request.path_params["name"])
        if s is None:
            return _api_error(f"unknown session {request.path_params['name']!r}", 404)
        record = await _json_body(request)
        if not isinstance(record, dict):
            return _api_error("expected a record as a JSON object")
        if _has_photo_names(record):
            return _api_error("piles must be typed cards here; read photos with /api/photo")
        try:
            conn = connect(db_path)
            try:
                scored = score_for_session(
                    s, record, origin="api", base_dir=os.getcwd(), conn=conn
                )
            finally:
                conn.close()
            if len(scored) != 1:
                raise LedgerError("one hand at a time: send each hand of a series on its own")
            [(data, result)] = scored
            hand_id = store.add_hand(db_path, s.name, data, result)
        except (ValueError, LedgerError) as err:
            return _api_error(_problems(err, "en"))
        conn = connect(db_path)
        try:
            hands = store.session_hands(conn, s.id)
        finally:
            conn.close()
        row = next(h for h in hands if h.id == hand_id)
        points, cash = store.totals(hands)
        return JSONResponse({
            "schema": "scorer.ledger-hand/1", "id": hand_id, "session": s.name, "seq": row.seq,
            "replaces": None, "points": dict(row.points), "money": money_map_json(row.money),
            "totals": {"points": points, "money": money_map_json(cash)},
            "result": result.to_json(),
        }, 201)

    async def api_hand(request: Request) -> Response:
        try:
            conn = connect(db_path)
            try:
                entry = store.load_hand(conn, request.path_params["id"])
            finally:
                conn.close()
        except LedgerError as err:
            return _api_error(str(err), 404)
        return JSONResponse({"schema": "scorer.ledger-entry/1", **entry})

    routes = [
        Route("/", index),
        Route("/sessions", new_session, methods=["POST"]),
        Route("/s/{name}", session_page),
        Route("/s/{name}/add", add_get, methods=["GET"]),
        Route("/s/{name}/add", add_post, methods=["POST"]),
        Route("/hands/{id:int}", hand_page),
        Route("/photos/{key}.jpg", photo),
        Route("/api/games", api_games),
        Route("/api/sessions", api_sessions, methods=["GET", "POST"]),
        Route("/api/sessions/{name}", api_session),
        Route("/api/sessions/{name}/settle", api_settle),
        Route("/api/sessions/{name}/hands", api_add, methods=["POST"]),
        Route("/api/photo", api_photo, methods=["POST"]),
        Route("/api/score", api_score, methods=["POST"]),
        Route("/api/hands/{id:int}", api_hand),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.recognizer = recognizer
    app.add_middleware(Guard, token=token)  # type: ignore[arg-type]
    return app


# -- helpers ------------------------------------------------------------------------------------
def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


async def _read_form(request: Request) -> Any:
    if request.scope.get("too_large"):
        raise BodyTooLarge
    return await request.form(max_files=MAX_PLAYERS_PHOTOS * 2, max_fields=2000)


def _form_problem(err: BaseException) -> str:
    if isinstance(err, BodyTooLarge):
        return (f"the upload is too large: at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MB a "
                f"photo, {MAX_BODY_BYTES // (1024 * 1024)} MB in all")
    return f"the form could not be read: {err}"


async def _json_body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except (ValueError, BodyTooLarge):
        return None


def _api_error(message: str | list[str], status: int = 400) -> JSONResponse:
    problems = message if isinstance(message, list) else [message]
    return JSONResponse({"error": "; ".join(problems), "problems": problems}, status)


def _has_photo_names(record: Mapping[str, Any]) -> bool:
    from scorer.media import is_photo_name

    players = record.get("players")
    return isinstance(players, list) and any(
        isinstance(p, dict) and isinstance(p.get("cards"), str) and is_photo_name(p["cards"])
        for p in players
    )


def _card_text(game: Game, code: str) -> str:
    """A grid option: the game's short code beside the recognised design's id."""
    short = game.card_label(code)
    return code if short == code else f"{short} · {code}"


def _grids(fields: Mapping[str, str]) -> dict[str, pages.Grid]:
    """The grids a previous post showed, as the user left them (their selects)."""
    grids: dict[str, pages.Grid] = {}
    for key, value in fields.items():
        if not key.startswith("gridn.") or not value.isdigit():
            continue
        name = key.removeprefix("gridn.")
        n = min(int(value), 200)
        codes = [fields.get(f"grid.{name}.{j}", "") for j in range(n)]
        places = [fields.get(f"place.{name}.{j}", "0,0") for j in range(n)]
        grids[name] = pages.Grid(fields.get(f"photokey.{name}") or None, codes,
                                 [False] * n, places, [1.0] * n)
    return grids


def _grid_notation(deck: str, name: str, grid: pages.Grid) -> str:
    """The grid's cards as typed notation (mahjong: its rows and groups as melds)."""
    import numpy as np

    from scorer.vision.confirm import to_notation
    from scorer.vision.pipeline import PhotoResult, RecognizedCard

    cards = []
    for code, place in zip(grid.codes, grid.places, strict=True):
        row, _, group = place.partition(",")
        cards.append(RecognizedCard(code or "back", 1.0, np.zeros((4, 2), np.float32),
                                    row=int(row) if row.isdigit() else 0,
                                    group=int(group) if group.isdigit() else 0))
    result = PhotoResult(name, deck, 0, 0, cards=cards)
    return to_notation(result, [c or None for c in grid.codes])


def _score(
    s: store.Session, game: Game, fields: Mapping[str, str], grids: Mapping[str, pages.Grid],
    lang: str, db_path: str | None = None,
) -> tuple[dict[str, Any], Any]:
    """The record the form stands for, filled from the session, and its result."""
    from scorer.cli.output import CliError
    from scorer.games.rules import list_presets
    from scorer.ledger.service import score_for_session

    n = len(s.players)
    piles: dict[str, str] = {}
    problems: list[str] = []
    for _, name in pile_fields(game, n):
        typed = fields.get(name, "").strip()
        from_photo = ""
        if name in grids:
            try:
                from_photo = _grid_notation(game.deck, name, grids[name])
            except (ValueError, CliError) as err:  # a grid that is not a possible pile
                problems.append(str(err))
        piles[name] = " ".join(x for x in (from_photo, typed) if x)
    if problems:
        raise FormError(problems)
    values = quick_values(game, fields, n, piles)
    data = game.quick_record(values)
    if len(pile_fields(game, n)) == n:
        data = seat_record(
            data, [fields.get(f"seat.{i}", s.players[i]) for i in range(n)], game
        )
    else:
        data = seat_record(data, list(s.players), game)
    preset = fields.get("preset")
    if preset in list_presets(game.name):
        data["preset"] = preset
    conn = connect(db_path)
    try:  # the session's last hand hands on its dealer, month, ...
        scored = score_for_session(s, data, origin=s.name, base_dir=os.getcwd(), conn=conn)
    finally:
        conn.close()
    if len(scored) != 1:
        raise FormError(["one hand at a time"])
    return scored[0]
