"""The pages a phone opens: the sessions and a form to start one, a session's totals and who
pays whom, the form that adds a hand (photos read into grids, the hand scored before it is
stored), a stored hand's explanation. Blocking work (the ledger, scoring, photos) runs in
the threadpool: a sync handler is run there by Starlette, an async one hands it over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from scorer.games.base import Game, QuickOption, get_game
from scorer.i18n import describe, t
from scorer.ledger import store
from scorer.ledger.messages import LedgerError
from scorer.web import pages
from scorer.web.forms import (
    FormError,
    each_player,
    pile_fields,
    quick_values,
    seat_record,
    web_fields,
)
from scorer.web.guard import BodyTooLarge
from scorer.web.photos import MAX_UPLOAD_BYTES, UploadError
from scorer.web.reading import (
    NO_FOLDER,
    base_name,
    file_problems,
    form_problem,
    hand_id,
    problems_of,
    quote_name,
    read_form,
)
from scorer.web.site import site_of
from scorer.web.words import places

if TYPE_CHECKING:
    from scorer.explain import HandResult


def index(request: Request, problems: list[str] | None = None,
          form: Mapping[str, str] | None = None) -> HTMLResponse:
    site = site_of(request)
    lg = site.language(request)
    body = pages.index_page(site.listed_sessions(), site.games, site.presets(), lg,
                            problems or (), form, csrf=site.csrf(request))
    return site.html(request, body, 400 if problems else 200)


async def new_session(request: Request) -> Response:
    site = site_of(request)
    try:
        form = await read_form(request)
    except (BodyTooLarge, MultiPartException) as err:
        return await run_in_threadpool(index, request,
                                       [form_problem(err, site.language(request))])
    if not site.form_ok(request, form):
        return site.stale_form(request)
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    try:
        s = await run_in_threadpool(site.start_session, fields, site.language(request))
    except LedgerError as err:
        said = site.public(describe(err, site.language(request)))
        return await run_in_threadpool(index, request, [said], fields)
    return RedirectResponse(f"/s/{quote_name(s.name)}", 303)


def session_page(request: Request) -> Response:
    from scorer.ledger.service import check_transfers, settle_sessions
    from scorer.settle import settle

    site = site_of(request)
    s = site.session_or_none(request)
    if s is None:
        return site.no_session(request)
    with store.open_ledger(site.db_path, create=True) as conn:
        hands = store.session_hands(conn, s.id)
        _, net, _ = settle_sessions(conn, [s.name], False)
    transfers = settle(net)
    check_transfers(net, transfers)
    lg = site.language(request)
    notice = ""
    added = request.query_params.get("added", "")
    if added.isdigit():
        seq = next((h.seq for h in hands if h.id == int(added)), None)
        if seq is not None:
            from scorer.ledger.render import hand_ref

            notice = t("web.added", lg, hand=hand_ref(s.name, seq))
    return site.html(request, pages.session_page(s, hands, transfers, lg, notice))


def add_form(request: Request, s: store.Session, game: Game, fields: Mapping[str, str],
             grids: Mapping[str, pages.Grid], *, problems: list[str] | None = None,
             explanation: str = "") -> HTMLResponse:
    from scorer.games.rules import list_presets

    site = site_of(request)
    lg = site.language(request)
    labels = None
    if site.recognizer.reads(game.deck):
        labels = [(c, pages.card_text(game, c, lg)) for c in site.recognizer.labels(game.deck)]
    body = pages.add_page(s, game, list_presets(game.name), fields, grids, labels, lg,
                          problems=problems or (), explanation=explanation,
                          csrf=site.csrf(request))
    return site.html(request, body, 400 if problems else 200)


def add_get(request: Request) -> Response:
    site = site_of(request)
    s = site.session_or_none(request)
    if s is None:
        return site.no_session(request)
    return add_form(request, s, get_game(s.game), {}, {})


async def add_post(request: Request) -> Response:
    site = site_of(request)
    s = await run_in_threadpool(site.session_or_none, request)
    if s is None:
        return site.no_session(request)
    game = get_game(s.game)
    lg = site.language(request)
    try:
        form = await read_form(request)
    except (BodyTooLarge, MultiPartException) as err:
        return add_form(request, s, game, {}, {}, problems=[form_problem(err, lg)])
    if not site.form_ok(request, form):
        return site.stale_form(request)
    fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    grids = grids_of(fields)
    uploads = [
        (k.removeprefix("photo."), v) for k, v in form.multi_items()
        if k.startswith("photo.") and isinstance(v, UploadFile) and v.filename
    ]
    problems: list[str] = []
    table = form.get("table")
    if isinstance(table, UploadFile) and table.filename and game.table_piles:
        raw = await table.read(MAX_UPLOAD_BYTES + 1)
        try:
            problems += await run_in_threadpool(read_table_photo, site, s, game, raw,
                                                table.filename, fields, grids, lg)
        except UploadError as err:
            problems.append(f"{t('web.table_photo', lg)}: {err.said(lg)}")
        if not uploads:
            return add_form(request, s, game, fields, grids, problems=problems)
    if uploads:  # photos are read and shown first: a hand is never added unseen
        for name, upload in uploads:
            raw = await upload.read(MAX_UPLOAD_BYTES + 1)
            try:
                result, key = await run_in_threadpool(
                    site.recognizer.recognize, raw, upload.filename or "photo", game.deck
                )
            except UploadError as err:
                problems.append(f"{pages.pile_title(game, s, name, fields, lg)}: {err.said(lg)}")
                continue
            grids[name] = pages.Grid.from_result(result, key)
        return add_form(request, s, game, fields, grids, problems=problems)
    try:
        data = await run_in_threadpool(form_record, s, game, fields, grids, lg)
        if fields.get("action", "score") == "add":
            added, _ = await run_in_threadpool(site.add_hand, s, data, s.name)
            return RedirectResponse(f"/s/{quote_name(s.name)}?added={added.id}", 303)
        scored = await run_in_threadpool(preview, s, data, site.db_path)
    except (ValueError, LedgerError) as err:
        problems = [site.public(p) for p in problems_of(err, lg)]
        return add_form(request, s, game, fields, grids, problems=problems)
    return add_form(request, s, game, fields, grids, explanation=pages.hand_html(scored, lg))


def hand_page(request: Request) -> Response:
    from scorer.ledger.service import rescore_stored

    site = site_of(request)
    number = hand_id(request.path_params["id"])
    if number is None:
        return site.not_found(request, "web.no_hand", id=request.path_params["id"][:40])
    try:
        entry = store.read_hand(site.db_path, number, create=True)
    except LedgerError:
        return site.not_found(request, "web.no_hand", id=number)
    lg = site.language(request)
    try:  # the terminal's `scorer ledger hand` renders the same way
        result, _, _ = rescore_stored(entry)
        # the cards in the numbering they were typed in, as `scorer ledger hand` shows them
        months = str(entry["record"].get("months") or "")
        explanation = pages.hand_html(result, lg, months=months)
    except ValueError as err:
        explanation = pages.problems_box([site.public(str(err))], lg)
    return site.html(request, pages.hand_page(entry, explanation, lg))


ROUTES = [
    Route("/", index),
    Route("/sessions", new_session, methods=["POST"]),
    Route("/s/{name}", session_page),
    Route("/s/{name}/add", add_get, methods=["GET"]),
    Route("/s/{name}/add", add_post, methods=["POST"]),
    Route("/hands/{id}", hand_page),
]


# -- a photo of the whole table (issue 46) ----------------------------------------------------
def read_table_photo(site: Any, s: store.Session, game: Game, raw: bytes, filename: str,
                     fields: dict[str, str], grids: dict[str, pages.Grid], lang: str
                     ) -> list[str]:
    """Read a table photo into one grid a pile (``t.1``, ``t.2``, ...), each given to the
    seated player on its side (``tablepile.t.N``: that player's pile field), the players
    clockwise from the bottom in the form's seat order; the problems to show (piles laid
    touching, seats without a pile)."""
    from scorer.vision.table import SEATING, Seat
    from scorer.web.forms import pile_fields

    n = len(s.players)
    piles = pile_fields(game, n)
    names = pages.seated(s, game, fields)
    if len(piles) != n or n not in SEATING:
        return []
    seats = [Seat(name, side) for name, side in zip(names, SEATING[n], strict=False)]
    field_of = {name: field for name, (_, field) in zip(names, piles, strict=True)}
    table, key, keys = site.recognizer.recognize_table(raw, filename, game.deck, seats)
    for old in [k for k in grids if k.startswith("t.")]:
        del grids[old]
    for stale in [f for f in fields if f.startswith(("tablepile.", "gridn.t."))]:
        del fields[stale]
    fields["tablekey"] = key
    for k, (pile, pile_key) in enumerate(zip(table.piles, keys, strict=True), start=1):
        grids[f"t.{k}"] = pages.Grid.from_result(table.pile_photo(k), pile_key)
        fields[f"tablepile.t.{k}"] = field_of.get(pile.player or "", "")
    said = [t("table.touching", lang, n=k) for k in table.asked]
    said += [t("table.empty-seat", lang, name=name,
               side=t(f"table.side.{next(x.side for x in seats if x.name == name)}", lang))
             for name in table.empty_seats]
    if not table.piles:
        said.append(t("table.no-piles", lang))
    return said


# -- the hand form as a record ----------------------------------------------------------------
def grids_of(fields: Mapping[str, str]) -> dict[str, pages.Grid]:
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
        alternatives = [fields.get(f"alts.{name}.{j}", "").split()[:pages.ALTERNATIVES]
                        for j in range(n)]
        doubts = [fields.get(f"doubt.{name}.{j}", "") for j in range(n)]
        grids[name] = pages.Grid(fields.get(f"photokey.{name}") or None, codes,
                                 unsure, places, [1.0] * n, alternatives, doubts)
    return grids


def grid_notation(deck: str, name: str, grid: pages.Grid) -> str:
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


def form_record(
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
                game, s, name, fields, lang), typed=base_name(typed)))
            continue
        from_photo = ""
        if name in grids:
            try:
                from_photo = grid_notation(game.deck, name, grids[name])
            except (ValueError, UserError) as err:  # a grid that is not a possible pile
                problems.append(str(err))
        for grid_name, grid in grids.items():  # a table photo's piles given to this player
            if grid_name.startswith("t.") and fields.get(f"tablepile.{grid_name}") == name:
                try:
                    from_photo = " ".join(x for x in (from_photo, grid_notation(
                        game.deck, grid_name, grid)) if x)
                except (ValueError, UserError) as err:
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
    if file_problems(data):  # nothing the form built may name a file either
        raise FormError(file_problems(data))
    return data


def preview(s: store.Session, data: dict[str, Any], db_path: str | None) -> HandResult:
    """The form's hand scored as the session's next hand would be, storing nothing (the
    ``Score`` button): what it inherits is read as the ledger stands now."""
    from scorer.ledger.service import score_for_session

    with store.open_ledger(db_path, create=True) as conn:
        # the session's last hand hands on its dealer, month, ...
        [(_, result)] = score_for_session(s, data, origin=s.name, base_dir=NO_FOLDER,
                                          conn=conn)
    return result
