"""Photos: the annotated copy of an upload and each card's crop (for the grid), and the
API's ``POST /api/photo`` (a photo read into ``scorer.photo/1``, as ``scorer recognize``).
Recognition runs in the threadpool."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from scorer.games.base import find_game, game_names
from scorer.web.guard import BodyTooLarge
from scorer.web.photos import MAX_UPLOAD_BYTES, UploadError
from scorer.web.reading import api_error, form_problem, media_type, read_form
from scorer.web.site import site_of

CACHE = {"cache-control": "private, max-age=3600"}  # a key's image never changes


def photo(request: Request) -> Response:
    site = site_of(request)
    jpeg = site.recognizer.annotated(request.path_params["key"])
    if not jpeg:
        return site.not_found(request)
    return Response(jpeg, media_type="image/jpeg", headers=CACHE)


def crop(request: Request) -> Response:
    site = site_of(request)
    n = request.path_params["n"]
    jpeg = site.recognizer.crop(request.path_params["key"], int(n)) if (
        n.isdigit() and len(n) < 4) else None
    if not jpeg:
        return site.not_found(request)
    return Response(jpeg, media_type="image/jpeg", headers=CACHE)


async def api_photo(request: Request) -> Response:
    recognizer = site_of(request).recognizer
    name = request.query_params.get("game", "")
    found = find_game(name)
    deck = found.deck if found is not None else name
    if not recognizer.reads(deck):
        return api_error(f"no photo reading for {name[:80]!r}; games: {', '.join(game_names())}")
    if media_type(request) != "multipart/form-data":
        return api_error("send the photo as multipart/form-data, in the field 'photo'", 415)
    try:
        form = await read_form(request)
    except (BodyTooLarge, MultiPartException) as err:
        return api_error(form_problem(err), 413 if isinstance(err, BodyTooLarge) else 400)
    upload = form.get("photo")
    if not isinstance(upload, UploadFile):
        return api_error("send the photo as the multipart field 'photo'")
    data = await upload.read(MAX_UPLOAD_BYTES + 1)
    try:
        result, _ = await run_in_threadpool(
            lambda: recognizer.recognize(data, upload.filename or "photo", deck, annotate=False)
        )
    except UploadError as err:
        return api_error(str(err))
    return JSONResponse(result.to_json())


ROUTES = [
    Route("/photos/{key}.jpg", photo),
    Route("/photos/{key}/{n}.jpg", crop),
    Route("/api/photo", api_photo, methods=["POST"]),
]
