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
import math
import os
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from scorer.games.base import Game, QuickOption, find_game, game_names, get_game
from scorer.games.record import MAX_STAKE
from scorer.i18n import describe, t
from scorer.ledger import store
from scorer.ledger.db import LedgerError, connect
from scorer.ledger.service import Added
from scorer.web import pages
from scorer.web.forms import (
    FormError,
    each_player,
    pile_fields,
    quick_values,
    seat_record,
    web_fields,
)
from scorer.web.guard import LANG_COOKIE, BodyTooLarge, Guard
from scorer.web.guard import language as guard_language
from scorer.web.photos import MAX_UPLOAD_BYTES, Recognizer, UploadError
from scorer.web.words import places

if TYPE_CHECKING:
    from fractions import Fraction

    from scorer.explain import HandResult

STATIC = os.path.join(os.path.dirname(__file__), "static")
# A request may carry one photo a player: the per-photo limit times a full table, plus the
# form's text fields.
MAX_PLAYERS_PHOTOS = 4
MAX_BODY_BYTES = MAX_PLAYERS_PHOTOS * MAX_UPLOAD_BYTES + 1024 * 1024
# A JSON document of the API: a record of a whole match of typed cards is a few kB.
MAX_JSON_BYTES = 256 * 1024
MAX_JSON_DEPTH = 16  # a record is 4 deep (hands, players, a player, its cards)
# A session's name: long enough for any evening's title, short enough for a link.
MAX_NAME = 200
# A stake as a person types it: digits, a decimal part, a short exponent or a fraction. Checked
# before any arithmetic: Fraction("1e999999999") would compute for minutes.
STAKE_TEXT = re.compile(r"\d{1,12}(?:\.\d{1,12})?(?:[eE][+-]?\d{1,2})?|\d{1,12}/\d{1,12}")
SURROGATE = re.compile("[\ud800-\udfff]")
# The largest row id SQLite stores: a larger hand number in a path is no hand.
MAX_ROW_ID = 2**63 - 1
# Where a record's file names would be looked up: never a folder, so nothing is ever found.
NO_FOLDER = os.devnull


class BadRequest(ValueError):
    """A request the API refuses before reading what it says: ``status`` and a sentence."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _problems(err: BaseException, lang: str) -> list[str]:
    from scorer.decks.base import NotationError
    from scorer.i18n import describe, say_problem

    problems = getattr(err, "problems", None)
    if problems and not isinstance(err, NotationError):
        return [say_problem(p, lang) for p in problems]
    return [describe(err, lang)]


def create_app(
    db_path: str | None, token: str | None = None, lang: str = "en", *,
    hosts: Sequence[str] | None = None, classifiers: Mapping[str, Any] | None = None,
) -> Starlette:
    """The web app over the ledger at ``db_path`` (None: the default ledger file).

    ``token``: the access code every request must carry (``scorer serve`` always gives one;
    None, for tests and benchmarks, checks none). ``hosts``: the names a request's ``Host``
    may carry (None: localhost only). ``lang``: the language when a browser asks for
    neither English nor Spanish. The classifiers of every deck a registered game
    photographs are loaded here, once.
    """
    from scorer.ledger.db import default_path

    games = [get_game(n) for n in game_names()]
    recognizer = Recognizer(sorted({g.deck for g in games}), dict(classifiers or {}))
    # The form tokens are keyed by the access code, so a restart keeps open forms valid.
    key = (token or secrets.token_urlsafe(32)).encode()
    ledger_file = os.path.abspath(db_path or default_path())

    def public(text: str) -> str:
        """A ledger message without the server's folders in it."""
        return text.replace(ledger_file, "the ledger file").replace(
            os.path.dirname(ledger_file), "the ledger's folder")

    def language(request: Request) -> str:
        return guard_language(request, lang)

    def html(request: Request, body: str, status: int = 200) -> HTMLResponse:
        response = HTMLResponse(body, status)
        chosen = request.query_params.get("lang")
        if chosen in ("en", "es"):
            response.set_cookie(LANG_COOKIE, chosen, samesite="lax")
        return response

    def presets() -> dict[str, list[str]]:
        from scorer.games.rules import list_presets

        return {g.name: list_presets(g.name) for g in games}

    def session_or_none(request: Request) -> store.Session | None:
        name = _path_name(request)
        conn = connect(db_path)
        try:
            return store.find_session(conn, name)
        except LedgerError:
            return None
        finally:
            conn.close()

    def not_found(request: Request, what: str = "web.no_page", **args: Any) -> HTMLResponse:
        """The 404 page: what is missing, in words, and the way back to every session."""
        lg = language(request)
        body = pages.message_page(t("web.not_found", lg), t(what, lg, **args), lg, home=True)
        return html(request, body, 404)

    def no_session(request: Request) -> HTMLResponse:
        return not_found(request, "web.no_session", name=repr(_path_name(request)[:80]))

    async def no_route(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return _api_error(t("web.no_page", "en"), 404)
        return not_found(request)

    def stale_form(request: Request) -> HTMLResponse:
        lg = language(request)
        body = pages.message_page(t("web.refused", lg), t("web.stale_form", lg), lg,
                                  back=request.url.path)
        return html(request, body, 403)

    def csrf(request: Request) -> str:
        return str(request.scope.get("scorer.csrf", ""))

    def form_ok(request: Request, form: Any) -> bool:
        sent = form.get("csrf")
        return isinstance(sent, str) and secrets.compare_digest(sent.encode(),
                                                                csrf(request).encode())

    # -- pages ----------------------------------------------------------------------------------
    def listed_sessions() -> list[tuple[store.Session, int, str]]:
        conn = connect(db_path)
        try:
            return store.list_sessions(conn)
        finally:
            conn.close()

    def index(request: Request, problems: list[str] | None = None,
              form: Mapping[str, str] | None = None) -> HTMLResponse:
        sessions = listed_sessions()
        lg = language(request)
        body = pages.index_page(sessions, games, presets(), lg, problems or (), form,
                                csrf=csrf(request))
        return html(request, body, 400 if problems else 200)

    def start_session(fields: Mapping[str, Any]) -> store.Session:
        from scorer.ledger.messages import problem, problems

        found = []
        name = fields.get("name", "")
        if not isinstance(name, str):
            found.append(problem("web.session.name-text"))
            name = ""
        elif name.strip() in (".", ".."):  # no address can carry these as a path segment
            found.append(problem("web.session.dot-name", name=repr(name.strip())))
        elif len(name.strip()) > MAX_NAME:
            found.append(problem("web.session.long-name", n=len(name.strip()), most=MAX_NAME))
        game = str(fields.get("game", ""))
        preset = str(fields.get("preset") or "") or None
        if preset and ":" in preset:  # the page's "game:preset" options
            of, _, preset = preset.partition(":")
            if of != game:
                found.append(problem("web.session.other-rules", preset=repr(preset), of=of,
                                     game=game))
        stake, bad = _stake(fields.get("stake"))
        if bad is not None:
            found.append(problem("web.session.stake", stake=bad, high=f"{MAX_STAKE:,}"))
        players = fields.get("players", "")
        names = players if isinstance(players, list) else str(players).split(",")
        refused = bool(found)  # then the store only says what else is wrong (a stake of
        made = None            # -1 always is), its own stake problem left out
        try:
            made = store.create_session(
                db_path, name, game, [str(p) for p in names], stake=-1 if refused else stake,
                currency=str(fields.get("currency") or "").strip(), preset=preset,
            )
        except LedgerError as err:
            found += [_web_words(e, game, preset) for e in (err.parts or [err])
                      if not (refused and e.key == "err.stake")]
        if found or made is None:
            raise problems(found)
        return made

    async def new_session(request: Request) -> Response:
        try:
            form = await _read_form(request)
        except (BodyTooLarge, MultiPartException) as err:
            return await run_in_threadpool(index, request, [_form_problem(err)])
        if not form_ok(request, form):
            return stale_form(request)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        try:
            s = await run_in_threadpool(start_session, fields)
        except LedgerError as err:
            return await run_in_threadpool(index, request,
                                          [public(describe(err, language(request)))], fields)
        return RedirectResponse(f"/s/{_quote(s.name)}", 303)

    def session_page(request: Request) -> Response:
        s = session_or_none(request)
        if s is None:
            return no_session(request)
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
                from scorer.ledger.render import hand_ref

                notice = t("web.added", language(request), hand=hand_ref(s.name, seq))
        return html(request, pages.session_page(s, hands, transfers, language(request), notice))

    def add_form(request: Request, s: store.Session, game: Game, fields: Mapping[str, str],
                 grids: Mapping[str, pages.Grid], *, problems: list[str] | None = None,
                 explanation: str = "") -> HTMLResponse:
        from scorer.games.rules import list_presets

        lg = language(request)
        labels = None
        if recognizer.reads(game.deck):
            labels = [(c, pages.card_text(game, c, lg)) for c in recognizer.labels(game.deck)]
        body = pages.add_page(s, game, list_presets(game.name), fields, grids, labels, lg,
                              problems=problems or (), explanation=explanation,
                              csrf=csrf(request))
        return html(request, body, 400 if problems else 200)

    def add_get(request: Request) -> Response:
        s = session_or_none(request)
        if s is None:
            return no_session(request)
        return add_form(request, s, get_game(s.game), {}, {})

    def add_hand(s: store.Session, data: dict[str, Any],
                 origin: str) -> tuple[Added, list[store.HandRow]]:
        """Score ``data`` as the session's next hand and store it, in one transaction with
        what it inherits (round, month, dealer, carry): two phones adding at once queue.

        Photos were read into typed cards by an earlier request (the grid), so nothing
        waits on a player inside the transaction. Slips are not refused: the player has
        just seen the hand scored, and the page has no ``--yes`` to offer.
        """
        from scorer.ledger.service import add_record

        series = data.get("hands")
        if isinstance(series, list) and len(series) != 1:
            raise LedgerError("one hand at a time: send each hand of a series on its own")
        _, added, hands = add_record(ledger_file, s.name, data, origin=origin,
                                     base_dir=NO_FOLDER, assume_yes=True)
        return added[0], hands

    async def add_post(request: Request) -> Response:
        s = await run_in_threadpool(session_or_none, request)
        if s is None:
            return no_session(request)
        game = get_game(s.game)
        lg = language(request)
        try:
            form = await _read_form(request)
        except (BodyTooLarge, MultiPartException) as err:
            return add_form(request, s, game, {}, {}, problems=[_form_problem(err)])
        if not form_ok(request, form):
            return stale_form(request)
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
                    problems.append(f"{pages.pile_title(game, s, name, fields, lg)}: {err}")
                    continue
                grids[name] = pages.Grid.from_result(result, key)
            return add_form(request, s, game, fields, grids, problems=problems)
        try:
            data = await run_in_threadpool(_form_record, s, game, fields, grids, lg)
            if fields.get("action", "score") == "add":
                added, _ = await run_in_threadpool(add_hand, s, data, s.name)
                return RedirectResponse(f"/s/{_quote(s.name)}?added={added.id}", 303)
            scored = await run_in_threadpool(_preview, s, data, db_path)
        except (ValueError, LedgerError) as err:
            problems = [public(p) for p in _problems(err, lg)]
            return add_form(request, s, game, fields, grids, problems=problems)
        return add_form(request, s, game, fields, grids,
                        explanation=pages.hand_html(scored, lg))

    def hand_page(request: Request) -> Response:
        from scorer.ledger.service import rescore_stored

        hand_id = _hand_id(request.path_params["id"])
        if hand_id is None:
            return not_found(request, "web.no_hand", id=request.path_params["id"][:40])
        try:
            conn = connect(db_path)
            try:
                entry = store.load_hand(conn, hand_id)
            finally:
                conn.close()
        except LedgerError:
            return not_found(request, "web.no_hand", id=hand_id)
        lg = language(request)
        try:  # the terminal's `scorer ledger hand` renders the same way
            result, _, _ = rescore_stored(entry)
            # the cards in the numbering they were typed in, as `scorer ledger hand` shows them
            months = str(entry["record"].get("months") or "")
            explanation = pages.hand_html(result, lg, months=months)
        except ValueError as err:
            explanation = pages.problems_box([public(str(err))], lg)
        return html(request, pages.hand_page(entry, explanation, lg))

    def photo(request: Request) -> Response:
        jpeg = recognizer.annotated(request.path_params["key"])
        if not jpeg:
            return not_found(request)
        return Response(jpeg, media_type="image/jpeg",
                        headers={"cache-control": "private, max-age=3600"})

    def crop(request: Request) -> Response:
        n = request.path_params["n"]
        jpeg = recognizer.crop(request.path_params["key"], int(n)) if (
            n.isdigit() and len(n) < 4) else None
        if not jpeg:
            return not_found(request)
        return Response(jpeg, media_type="image/jpeg",
                        headers={"cache-control": "private, max-age=3600"})

    # -- the API --------------------------------------------------------------------------------
    def api_games(request: Request) -> Response:
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
            body = await _json_object(request)
            try:
                s = await run_in_threadpool(start_session, body)
            except LedgerError as err:
                return _api_error(public(str(err)))
            return JSONResponse(session_json(s), 201)
        listed = await run_in_threadpool(listed_sessions)
        return JSONResponse({
            "schema": "scorer.ledger-list/1",
            "sessions": [{**session_json(s), "hands": n, "last": last} for s, n, last in listed],
        })

    def unknown_session(request: Request) -> JSONResponse:
        return _api_error(f"unknown session {_path_name(request)!r}", 404)

    def api_session(request: Request) -> Response:
        from scorer.ledger.service import show_doc

        s = session_or_none(request)
        if s is None:
            return unknown_session(request)
        conn = connect(db_path)
        try:
            return JSONResponse(show_doc(conn, s))
        finally:
            conn.close()

    def api_settle(request: Request) -> Response:
        from scorer.ledger.service import check_transfers, settle_sessions
        from scorer.settle import settle

        s = session_or_none(request)
        if s is None:
            return unknown_session(request)
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
            return _api_error(f"no photo reading for {name[:80]!r}; games: "
                              f"{', '.join(game_names())}")
        if _media_type(request) != "multipart/form-data":
            return _api_error("send the photo as multipart/form-data, in the field 'photo'",
                              415)
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
        from scorer.games.record import record_from_data, score_record

        record = await _json_object(request)
        _refuse_files(record)
        try:
            result = await run_in_threadpool(
                lambda: score_record(record_from_data(record, origin="api", base_dir=NO_FOLDER)))
        except ValueError as err:
            return _api_error(_problems(err, "en"))
        return JSONResponse(result.to_json())

    async def api_add(request: Request) -> Response:
        from scorer.ledger.service import money_map_json

        s = await run_in_threadpool(session_or_none, request)
        if s is None:
            return unknown_session(request)
        record = await _json_object(request)
        _refuse_files(record)
        try:
            added, hands = await run_in_threadpool(add_hand, s, record, "api")
        except (ValueError, LedgerError) as err:
            return _api_error([public(p) for p in _problems(err, "en")])
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
        hand_id = _hand_id(request.path_params["id"])
        if hand_id is None:
            return _api_error(f"no hand #{request.path_params['id'][:40]} in the ledger", 404)
        try:
            conn = connect(db_path)
            try:
                entry = store.load_hand(conn, hand_id)
            finally:
                conn.close()
        except LedgerError as err:
            return _api_error(public(str(err)), 404)
        return JSONResponse({"schema": "scorer.ledger-entry/1", **entry})

    async def gone(request: Request, exc: Exception) -> Response:
        """The client left before its body arrived: nobody reads the answer, nothing is
        logged as the server's fault."""
        return Response(status_code=400)

    async def bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BadRequest)
        return _api_error(str(exc), exc.status)

    async def ledger_down(request: Request, exc: Exception) -> Response:
        """The ledger cannot be opened or written (a read-only folder, a locked file)."""
        text = public(str(exc))
        if request.url.path.startswith("/api/"):
            return _api_error(text, 503)
        lg = language(request)
        return html(request, pages.message_page(t("web.refused", lg), text, lg), 503)

    routes = [
        Route("/", index),
        Route("/sessions", new_session, methods=["POST"]),
        Route("/s/{name}", session_page),
        Route("/s/{name}/add", add_get, methods=["GET"]),
        Route("/s/{name}/add", add_post, methods=["POST"]),
        Route("/hands/{id}", hand_page),
        Route("/photos/{key}.jpg", photo),
        Route("/photos/{key}/{n}.jpg", crop),
        Route("/api/games", api_games),
        Route("/api/sessions", api_sessions, methods=["GET", "POST"]),
        Route("/api/sessions/{name}", api_session),
        Route("/api/sessions/{name}/settle", api_settle),
        Route("/api/sessions/{name}/hands", api_add, methods=["POST"]),
        Route("/api/photo", api_photo, methods=["POST"]),
        Route("/api/score", api_score, methods=["POST"]),
        Route("/api/hands/{id}", api_hand),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={BadRequest: bad_request,
                                                       LedgerError: ledger_down,
                                                       ClientDisconnect: gone,
                                                       404: no_route})
    app.state.recognizer = recognizer
    app.add_middleware(Guard, token=token, hosts=hosts, key=key,  # type: ignore[arg-type]
                       lang=lang, max_body=MAX_BODY_BYTES)
    return app


# -- helpers ------------------------------------------------------------------------------------
def _stake(value: Any) -> tuple[int | Fraction, str | None]:
    """A session's stake (None or empty: 1), bounded before any arithmetic: ``(stake,
    None)``, or ``(1, what was sent)`` when it is not a number from 0 to MAX_STAKE."""
    if value is None:
        return 1, None
    if isinstance(value, str):
        text = value.strip().replace(",", "")
        if not text:
            return 1, None
        if not STAKE_TEXT.fullmatch(text):
            return 1, repr(value.strip()[:40])
        value = text
    elif isinstance(value, bool) or not isinstance(value, int | float):
        return 1, repr(value)[:40]
    elif isinstance(value, float) and not math.isfinite(value):  # 1e4400 in JSON is inf
        return 1, repr(value)
    elif isinstance(value, int) and abs(value) > MAX_STAKE:  # before any Fraction of it
        return 1, f"{str(value)[:40]}…" if len(str(value)) > 40 else str(value)
    try:
        money = store.exact(value)
    except (ValueError, ZeroDivisionError):
        return 1, repr(value)[:40]
    if not 0 <= money <= MAX_STAKE:
        return 1, repr(value)[:40]
    return money, None


def _web_words(err: LedgerError, game: str, preset: str | None) -> LedgerError:
    """A ledger problem as the page says it: the command line's wording names its options
    (``--players gives 3``), the page's names what was typed in the form."""
    from scorer.ledger.messages import problem

    if err.key != "err.player-count":
        return err
    under = problem("web.session.under", preset=preset) if preset else ""  # said in lang too
    said: LedgerError = problem("web.session.player-count", game=pages.game_title(game, "en"),
                                n=err.params.get("n", ""), names=err.params.get("names", ""),
                                under=under)
    return said


def _hand_id(text: str) -> int | None:
    """A path's hand number, or None where no stored hand can have it."""
    if not text.isdigit() or len(text) > 19 or int(text) > MAX_ROW_ID:
        return None
    return int(text)


def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


def _path_name(request: Request) -> str:
    """The session name of the path (the guard keeps it percent-encoded for the router)."""
    from urllib.parse import unquote

    return unquote(request.path_params["name"], errors="replace")


def _media_type(request: Request) -> str:
    return request.headers.get("content-type", "").partition(";")[0].strip().lower()


async def _read_form(request: Request) -> Any:
    if request.scope.get("too_large"):
        raise BodyTooLarge
    from starlette.exceptions import HTTPException

    try:
        return await request.form(max_files=MAX_PLAYERS_PHOTOS * 2, max_fields=2000)
    except HTTPException as err:  # Starlette's own 400 for a malformed body: its sentence
        raise MultiPartException(str(err.detail)) from None
    except (KeyError, ValueError, UnicodeDecodeError) as err:  # a header the parser chokes on
        raise MultiPartException(f"malformed form data ({type(err).__name__})") from None


def _form_problem(err: BaseException) -> str:
    if isinstance(err, BodyTooLarge):
        return (f"the upload is too large: at most {MAX_UPLOAD_BYTES // (1024 * 1024)} MB a "
                f"photo, {MAX_BODY_BYTES // (1024 * 1024)} MB in all")
    return f"the form could not be read: {err}"


async def _json_object(request: Request) -> dict[str, Any]:
    """The request's JSON object, or BadRequest saying what is wrong with the body."""
    if _media_type(request) != "application/json":
        raise BadRequest("send the body as JSON, with Content-Type: application/json", 415)
    length = request.headers.get("content-length", "")
    too_big = BadRequest(f"the JSON body is larger than {MAX_JSON_BYTES // 1024} kB", 413)
    if length.isdigit() and int(length) > MAX_JSON_BYTES:
        raise too_big
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_JSON_BYTES:
                raise too_big
            chunks.append(chunk)
    except BodyTooLarge:
        raise too_big from None
    raw = b"".join(chunks)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadRequest(f"the body is not UTF-8 text (byte {err.start})") from None

    def constant(name: str) -> Any:
        raise BadRequest(f"{name} is not a number JSON allows")

    try:
        doc = json.loads(text, parse_constant=constant)
    except RecursionError:
        raise BadRequest(f"the JSON is nested more than {MAX_JSON_DEPTH} deep") from None
    except json.JSONDecodeError as err:
        raise BadRequest(f"the body is not JSON: {err.msg} at line {err.lineno}, "
                         f"column {err.colno}") from None
    except ValueError as err:  # an integer of more than 4,300 digits, ...
        if isinstance(err, BadRequest):
            raise
        raise BadRequest(f"the JSON could not be read: {err}") from None
    if _depth(doc) > MAX_JSON_DEPTH:
        raise BadRequest(f"the JSON is nested more than {MAX_JSON_DEPTH} deep")
    where = _surrogate(doc)
    if where is not None:
        raise BadRequest(f"{where}: a lone surrogate (\\ud800-\\udfff) is not a character; "
                         "send text as UTF-8")
    if not isinstance(doc, dict):
        raise BadRequest("expected a JSON object ({...})")
    return doc


def _depth(doc: Any) -> int:
    """How deep lists and objects nest in a parsed document (without recursing)."""
    deepest, stack = 0, [(doc, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_JSON_DEPTH:
                stack.extend((x, level + 1) for x in (item.values() if isinstance(item, dict)
                                                      else item))
    return deepest


def _surrogate(doc: Any) -> str | None:
    """Where a parsed document holds a lone surrogate (JSON's ``"\\ud800"``): no text
    store, page or message can carry one, so the request is refused before it is read."""
    stack: list[tuple[str, Any]] = [("the JSON", doc)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                if SURROGATE.search(k):
                    return f"{where}: a key"
                stack.append((k if where == "the JSON" else f"{where}.{k}", v))
        elif isinstance(item, list):
            stack.extend((f"{where}[{i}]", v) for i, v in enumerate(item))
        elif isinstance(item, str) and SURROGATE.search(item):
            return where
    return None


def _file_problems(record: Mapping[str, Any]) -> list[str]:
    """What in a record would name a file on the server: a rules file, a photo pile.

    Every string is looked at, however deep (Hakka's piles are top-level keys, a series'
    hands nest), except free text and names, which are never read as files.
    """
    from scorer.media import is_photo_name

    problems: list[str] = []
    stack: list[tuple[str, Any]] = [("", record)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, dict):
            if "rules_file" in item:
                problems.append("rules_file: the server opens no files; send the rules as a "
                                "'rules' table, or choose a preset")
            stack.extend((str(k), v) for k, v in item.items()
                         if k not in ("rules_file", "name", "title", "notes", "date"))
        elif isinstance(item, list):
            stack.extend((where, v) for v in item)
        elif isinstance(item, str) and is_photo_name(item):
            problems.append(f"{where}: {_base(item)!r} is a file name; type the cards, or "
                            "send the photo to /api/photo first")
    return problems


def _base(name: str) -> str:
    """A file name a request gave, as its messages echo it: the last part, not its path."""
    return os.path.basename(name.strip().replace("\\", "/"))[:80]


def _refuse_files(record: Mapping[str, Any]) -> None:
    problems = _file_problems(record)
    if problems:
        raise BadRequest("; ".join(problems))


def _api_error(message: str | list[str], status: int = 400) -> JSONResponse:
    problems = message if isinstance(message, list) else [message]
    return JSONResponse({"error": "; ".join(problems), "problems": problems}, status)


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
        unsure = [bool(fields.get(f"unsure.{name}.{j}")) for j in range(n)]
        grids[name] = pages.Grid(fields.get(f"photokey.{name}") or None, codes,
                                 unsure, places, [1.0] * n)
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


def _form_record(
    s: store.Session, game: Game, fields: Mapping[str, str], grids: Mapping[str, pages.Grid],
    lang: str,
) -> dict[str, Any]:
    """The record the form stands for (one hand; what it leaves out comes from the session
    when it is scored)."""
    from scorer.errors import UserError
    from scorer.games.rules import list_presets
    from scorer.media import is_photo_name

    n = len(s.players)
    piles: dict[str, str] = {}
    problems: list[str] = []
    for _, name in pile_fields(game, n):
        typed = fields.get(name, "").strip()
        if is_photo_name(typed):  # the server opens no file a form names
            problems.append(t("web.typed_file", lang, who=pages.pile_title(
                game, s, name, fields, lang), typed=_base(typed)))
            continue
        from_photo = ""
        if name in grids:
            try:
                from_photo = _grid_notation(game.deck, name, grids[name])
            except (ValueError, UserError) as err:  # a grid that is not a possible pile
                problems.append(str(err))
        piles[name] = " ".join(x for x in (from_photo, typed) if x)
    if problems:
        raise FormError(problems)
    names = pages.seated(s, game, fields)

    def label(opt: QuickOption, copy: int) -> str:
        return pages.option_label(game, opt, copy, n, lang, names)

    composed, more = web_fields(game, fields, places(game.name, n), label, lang)
    each, clears, more_each = each_player(game, fields, places(game.name, n), label, lang)
    if more or more_each:
        raise FormError(more + more_each)
    values = quick_values(game, composed, n, piles, label, lang)
    data = game.quick_record(values)
    players = data.get("players")
    for i, set_here in each.items():  # in place order, as the quick form lists its players
        if isinstance(players, list) and i < len(players) and isinstance(players[i], dict):
            players[i].update(set_here)
    for key in clears if each else ():
        data.pop(key, None)
    data = seat_record(data, names, game, lang)
    preset = fields.get("preset")
    if preset in list_presets(game.name):
        data["preset"] = preset
    if _file_problems(data):  # nothing the form built may name a file either
        raise FormError(_file_problems(data))
    return data


def _preview(s: store.Session, data: dict[str, Any], db_path: str | None) -> HandResult:
    """The form's hand scored as the session's next hand would be, storing nothing (the
    ``Score`` button): what it inherits is read as the ledger stands now."""
    from scorer.ledger.service import score_for_session

    conn = connect(db_path)
    try:  # the session's last hand hands on its dealer, month, ...
        [(_, result)] = score_for_session(s, data, origin=s.name, base_dir=NO_FOLDER,
                                          conn=conn)
    finally:
        conn.close()
    return result
