"""Reading a request before any route acts on it: the body's size and shape, the JSON's
depth and characters, file names a record must not carry, a stake before any arithmetic,
a hand number before the database; and the API's error document."""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import JSONResponse

from scorer.games.record import MAX_STAKE
from scorer.ledger import store
from scorer.web.guard import BodyTooLarge
from scorer.web.photos import MAX_UPLOAD_BYTES

if TYPE_CHECKING:
    from fractions import Fraction

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


def problems_of(err: BaseException, lang: str) -> list[str]:
    from scorer.decks.base import NotationError
    from scorer.i18n import describe, say_problem

    problems = getattr(err, "problems", None)
    if problems and not isinstance(err, NotationError):
        return [say_problem(p, lang) for p in problems]
    return [describe(err, lang)]


def typed_number(text: str, lang: str) -> str:
    """A number as a player types it in ``lang`` (``1,000.5``; Spanish ``1.000,5``) in
    Python's spelling. A lone separator followed by other than groups of three digits is
    the decimal mark typed the other way (``0,5`` on an English page, ``2.5`` on a Spanish
    one): no stake is ever read ten or a thousand times too large."""
    decimal, group = (",", ".") if lang == "es" else (".", ",")
    if decimal in text:
        return text.replace(group, "").replace(decimal, ".")
    if group in text and not re.fullmatch(rf"\d{{1,3}}(?:{re.escape(group)}\d{{3}})+", text):
        return text.replace(group, ".")
    return text.replace(group, "")


def stake_of(value: Any, lang: str = "en") -> tuple[int | Fraction, str | None]:
    """A session's stake (None or empty: 1), bounded before any arithmetic: ``(stake,
    None)``, or ``(1, what was sent)`` when it is not a number from 0 to MAX_STAKE; text as
    a player types it in ``lang``."""
    if value is None:
        return 1, None
    if isinstance(value, str):
        text = typed_number(value.strip(), lang)
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


def hand_id(text: str) -> int | None:
    """A path's hand number, or None where no stored hand can have it."""
    if not text.isdigit() or len(text) > 19 or int(text) > MAX_ROW_ID:
        return None
    return int(text)


def quote_name(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


def path_name(request: Request) -> str:
    """The session name of the path (the guard keeps it percent-encoded for the router)."""
    from urllib.parse import unquote

    return unquote(request.path_params["name"], errors="replace")


def media_type(request: Request) -> str:
    return request.headers.get("content-type", "").partition(";")[0].strip().lower()


async def read_form(request: Request) -> Any:
    if request.scope.get("too_large"):
        raise BodyTooLarge
    from starlette.exceptions import HTTPException

    try:
        return await request.form(max_files=MAX_PLAYERS_PHOTOS * 2, max_fields=2000)
    except HTTPException as err:  # Starlette's own 400 for a malformed body: its sentence
        raise MultiPartException(str(err.detail)) from None
    except (KeyError, ValueError, UnicodeDecodeError) as err:  # a header the parser chokes on
        raise MultiPartException(f"malformed form data ({type(err).__name__})") from None


def form_problem(err: BaseException, lang: str = "en") -> str:
    """Why a form's body was refused, in ``lang`` (the parser's own detail in English)."""
    from scorer.i18n import t

    if isinstance(err, BodyTooLarge):
        return t("web.upload.body-too-large", lang, photo=MAX_UPLOAD_BYTES // (1024 * 1024),
                 most=MAX_BODY_BYTES // (1024 * 1024))
    if lang != "en":
        return t("web.upload.form-unreadable", lang)
    return f"the form could not be read: {err}"


async def json_object(request: Request) -> dict[str, Any]:
    """The request's JSON object, or BadRequest saying what is wrong with the body."""
    if media_type(request) != "application/json":
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
    if depth(doc) > MAX_JSON_DEPTH:
        raise BadRequest(f"the JSON is nested more than {MAX_JSON_DEPTH} deep")
    where = surrogate(doc)
    if where is not None:
        raise BadRequest(f"{where}: a lone surrogate (\\ud800-\\udfff) is not a character; "
                         "send text as UTF-8")
    if not isinstance(doc, dict):
        raise BadRequest("expected a JSON object ({...})")
    return doc


def depth(doc: Any) -> int:
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


def surrogate(doc: Any) -> str | None:
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


def file_problems(record: Mapping[str, Any]) -> list[str]:
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
            problems.append(f"{where}: {base_name(item)!r} is a file name; type the cards, or "
                            "send the photo to /api/photo first")
    return problems


def base_name(name: str) -> str:
    """A file name a request gave, as its messages echo it: the last part, not its path."""
    return os.path.basename(name.strip().replace("\\", "/"))[:80]


def refuse_files(record: Mapping[str, Any]) -> None:
    problems = file_problems(record)
    if problems:
        raise BadRequest("; ".join(problems))


def api_error(message: str | list[str], status: int = 400) -> JSONResponse:
    problems = message if isinstance(message, list) else [message]
    return JSONResponse({"error": "; ".join(problems), "problems": problems}, status)


