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

The routes live by what they serve in :mod:`scorer.web.routes` (pages, photos, ledger API);
access is :mod:`scorer.web.guard`; what they share is :class:`scorer.web.site.Site`; reading
a request before acting on it is :mod:`scorer.web.reading`. This module puts them together.

The engines, the ledger and the photo pipeline do all the work; nothing here scores.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from scorer.games.base import game_names, get_game
from scorer.i18n import t
from scorer.ledger.messages import LedgerError
from scorer.web import pages
from scorer.web.guard import Guard
from scorer.web.photos import Recognizer
from scorer.web.reading import (  # noqa: F401  (the limits, as the tests and docs name them)
    MAX_BODY_BYTES,
    MAX_JSON_BYTES,
    BadRequest,
    api_error,
)
from scorer.web.routes import ledger_api, photos
from scorer.web.routes import pages as page_routes
from scorer.web.site import Site

STATIC = os.path.join(os.path.dirname(__file__), "static")


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
    games = [get_game(n) for n in game_names()]
    recognizer = Recognizer(sorted({g.deck for g in games}), dict(classifiers or {}))
    routes = [*page_routes.ROUTES, *photos.ROUTES, *ledger_api.ROUTES,
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    app = Starlette(routes=routes, exception_handlers={
        BadRequest: bad_request, LedgerError: ledger_down, ClientDisconnect: gone,
        404: no_route,
    })
    app.state.site = Site(db_path, lang, recognizer, games)
    app.state.recognizer = recognizer
    # The form tokens are keyed by the access code, so a restart keeps open forms valid.
    key = (token or secrets.token_urlsafe(32)).encode()
    app.add_middleware(Guard, token=token, hosts=hosts, key=key,  # type: ignore[arg-type]
                       lang=lang, max_body=MAX_BODY_BYTES)
    return app


# -- answers to what a route raised, or to no route ------------------------------------------
async def gone(request: Request, exc: Exception) -> Response:
    """The client left before its body arrived: nobody reads the answer, nothing is logged
    as the server's fault."""
    return Response(status_code=400)


async def bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return api_error(str(exc), exc.status)


async def ledger_down(request: Request, exc: Exception) -> Response:
    """The ledger cannot be opened or written (a read-only folder, a locked file)."""
    site: Site = request.app.state.site
    text = site.public(str(exc))
    if request.url.path.startswith("/api/"):
        return api_error(text, 503)
    lg = site.language(request)
    return site.html(request, pages.message_page(t("web.refused", lg), text, lg), 503)


async def no_route(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return api_error(t("web.no_page", "en"), 404)
    site: Site = request.app.state.site
    return site.not_found(request)
