"""What every request passes before a route runs: the address, the access code, the origin.

- **Host allow-list.** Only the names the server printed (and localhost) are answered: a page
  elsewhere that points its own name at this machine (DNS rebinding) gets 400, not the
  ledger.
- **Access code.** Every request carries the code: ``?code=`` (which sets a cookie and, for a
  page, comes back without the code in the address bar), the cookie, or ``Authorization:
  Bearer CODE`` for scripts; otherwise 403 with a page that says where the code is. The
  static files (CSS, JS) need no code: the 403 page uses them, and they hold nothing.
- **Cross-site requests.** A request that may change something (any method but GET/HEAD)
  is refused (403) when the browser says it comes from another site (``Sec-Fetch-Site``) or
  another origin (``Origin``). Forms also carry a token tied to the browser's own cookie
  (``scope["scorer.csrf"]``; the routes check it), and the JSON API takes only
  ``application/json``, which no other site's page can send here without asking first.
- **Body size**, from Content-Length or while it is read; **names in paths**: the routes see
  a session's name still percent-encoded (``Fri 3%2F4``), so a ``/`` in a name is not a
  path separator; the routes decode it.
- **Headers** on every answer: a content security policy (no other site's scripts, frames or
  form targets), ``nosniff`` and no Referer to other sites (the code may be in the address).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import quote, unquote_to_bytes, urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from scorer.i18n import t
from scorer.web import pages
from scorer.web.access import LOCAL_NAMES, host_of, normalize

ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]
CODE_COOKIE = "scorer_code"
BROWSER_COOKIE = "scorer_browser"
LANG_COOKIE = "scorer_lang"
CODE_DAYS = 30  # the cookie outlives an evening, not a season
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# Paths whose second segment is a session's name (kept percent-encoded for the router).
NAMED = ("/s/", "/api/sessions/")
HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
     b"base-uri 'none'; object-src 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # Not no-referrer: with it a browser sends "Origin: null" on its own form posts.
    (b"referrer-policy", b"same-origin"),
]


class BodyTooLarge(Exception):
    """The request body passed the limit while it was being read."""


def language(request: Request, default: str) -> str:
    """``?lang=``, else the switch's cookie, else Accept-Language, else the server's."""
    for value in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if value in ("en", "es"):
            return value
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in ("en", "es"):
            return tag
    return default


def form_token(key: bytes, browser: str) -> str:
    return hmac.new(key, browser.encode(), hashlib.sha256).hexdigest()[:32]


def _encoded_path(raw: bytes) -> str:
    """The path with every segment percent-encoded the same way, ``/`` only between them."""
    return "/".join(quote(unquote_to_bytes(seg), safe="") for seg in raw.split(b"/"))


class Guard:
    def __init__(
        self, app: ASGIApp, *, token: str | None, hosts: Sequence[str] | None, key: bytes,
        lang: str, max_body: int,
    ) -> None:
        self.app = app
        self.token = token
        self.hosts = {h.lower() for h in (hosts or LOCAL_NAMES)}
        self.key = key
        self.lang = lang
        self.max_body = max_body

    def refuse(self, request: Request, status: int, key: str, **kwargs: Any) -> Response:
        lang = language(request, self.lang)
        text = t(f"web.{key}", lang, **kwargs)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": text, "problems": [text]}, status)
        if key in ("forbidden", "wrong_code"):
            return HTMLResponse(pages.code_page(text, request.url.path, lang), status)
        return HTMLResponse(pages.message_page(t("web.refused", lang), text, lang), status)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith(NAMED) and scope.get("raw_path"):
            scope = dict(scope, path=_encoded_path(scope["raw_path"]))
        request = Request(scope)
        cookies: list[str] = []
        response = self.check(request, cookies)
        if response is not None:
            await self.sent(response, cookies)(scope, receive, send)
            return
        browser = request.cookies.get(BROWSER_COOKIE, "")
        if len(browser) != 22 or not browser.replace("-", "").replace("_", "").isalnum():
            browser = secrets.token_urlsafe(16)
            cookies.append(f"{BROWSER_COOKIE}={browser}; Path=/; HttpOnly; SameSite=Strict")
        scope = dict(scope, **{"scorer.csrf": form_token(self.key, browser)})
        length = request.headers.get("content-length", "")
        if length.isdigit() and int(length) > self.max_body:
            scope["too_large"] = True
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + HEADERS
                headers += [(b"set-cookie", c.encode("latin-1")) for c in cookies]
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, limited, sending)

    def sent(self, response: Response, cookies: list[str]) -> Response:
        response.raw_headers += HEADERS + [(b"set-cookie", c.encode("latin-1")) for c in cookies]
        return response

    def check(self, request: Request, cookies: list[str]) -> Response | None:
        """The refusal a request gets, or None; ``cookies`` gets the code's cookie to set."""
        host = host_of(request.headers.get("host", ""))
        if host not in self.hosts:
            return self.refuse(request, 400, "wrong_host", host=host[:80])
        if request.method not in SAFE_METHODS and self.cross_site(request):
            return self.refuse(request, 403, "cross_site")
        if self.token is None:
            return None
        given = request.query_params.get("code")
        if given is not None:
            if not secrets.compare_digest(normalize(given).encode(), self.token.encode()):
                return self.refuse(request, 403, "wrong_code")
            cookies.append(f"{CODE_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Lax; "
                           f"Max-Age={CODE_DAYS * 86400}")
            if request.method == "GET" and not request.url.path.startswith("/api/"):
                rest = [(k, v) for k, v in request.query_params.multi_items() if k != "code"]
                target = request.scope["raw_path"].decode("latin-1") if request.scope.get(
                    "raw_path") else quote(request.url.path)
                return RedirectResponse(target + (f"?{urlencode(rest)}" if rest else ""), 303)
            return None
        if request.url.path.startswith("/static/"):
            return None
        auth = request.headers.get("authorization", "")
        offered = (auth[7:].strip() if auth.lower().startswith("bearer ")
                   else request.cookies.get(CODE_COOKIE, ""))
        if secrets.compare_digest(offered.encode(), self.token.encode()):
            return None
        return self.refuse(request, 403, "forbidden")

    def cross_site(self, request: Request) -> bool:
        fetch = request.headers.get("sec-fetch-site")
        if fetch is not None and fetch not in ("same-origin", "none"):
            return True
        origin = request.headers.get("origin")
        if origin is None:  # not a browser, or one too old to say: the form token decides
            return False
        own = request.headers.get("host", "").strip().lower()
        return origin == "null" or urlsplit(origin).netloc.lower() != own
