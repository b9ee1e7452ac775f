"""What every request passes before a route runs: the address, the access code, the origin.

- **Host allow-list.** Only the names the server printed (and localhost) are answered: a page
  elsewhere that points its own name at this machine (DNS rebinding) gets 400, not the
  ledger.
- **Access code.** Every request carries the code: ``?code=`` (which sets a cookie and, for a
  page, comes back without the code in the address bar), the cookie, or ``Authorization:
  Bearer CODE`` for scripts; otherwise 403 with a page that says where the code is. The
  static files (CSS, JS) need no code: the 403 page uses them, and they hold nothing.
- **Wrong codes are throttled per client** (:class:`Throttle`): a few free tries, then one
  every few seconds, answered 429 without looking at the code; a right code clears the count.
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
import math
import secrets
import threading
import time
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


# Wrong access codes a client may send at once, then one each THROTTLE_EVERY seconds. A
# phone with a stale cookie fails once or twice before its owner types the code; a guesser
# gets 10 tries a minute (the arithmetic is in docs/web.md).
THROTTLE_FREE = 10
THROTTLE_EVERY = 6.0
THROTTLE_CLIENTS = 4096  # clients remembered; the longest unseen is forgotten first


class Throttle:
    """Wrong access codes per client address, as a bucket of tries that refills slowly."""

    def __init__(self, free: int = THROTTLE_FREE, every: float = THROTTLE_EVERY, *,
                 clients: int = THROTTLE_CLIENTS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.every, self.clients, self.clock = free, every, clients, clock
        self._tries: dict[str, tuple[float, float]] = {}  # client -> (tries left, when)
        self._lock = threading.Lock()

    def _left(self, client: str, now: float) -> float:
        left, then = self._tries.get(client, (float(self.free), now))
        return min(float(self.free), left + (now - then) / self.every)

    def wait(self, client: str) -> float:
        """Seconds before ``client`` may try a code again (0: now)."""
        with self._lock:
            left = self._left(client, self.clock())
        return 0.0 if left >= 1 else (1 - left) * self.every

    def failed(self, client: str) -> None:
        with self._lock:
            now = self.clock()
            left = self._left(client, now) - 1
            self._tries.pop(client, None)  # re-inserted last: the dict is oldest-first
            self._tries[client] = (left, now)
            while len(self._tries) > self.clients:
                del self._tries[next(iter(self._tries))]

    def passed(self, client: str) -> None:
        with self._lock:
            self._tries.pop(client, None)


def same_site_path(raw: str) -> str:
    """A path to send a browser back to, never another site's: ``//evil.example/`` and
    ``/\\evil.example/`` are addresses of other hosts to a browser, so the leading slashes
    (and backslashes, which browsers read as slashes) collapse to one."""
    return "/" + raw.lstrip("/\\")


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
        lang: str, max_body: int, throttle: Throttle | None = None,
    ) -> None:
        self.app = app
        self.token = token
        self.hosts = {h.lower() for h in (hosts or LOCAL_NAMES)}
        self.key = key
        self.lang = lang
        self.max_body = max_body
        self.throttle = throttle or Throttle()

    def refuse(self, request: Request, status: int, key: str, **kwargs: Any) -> Response:
        lang = language(request, self.lang)
        text = t(f"web.{key}", lang, **kwargs)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": text, "problems": [text]}, status)
        if key in ("forbidden", "wrong_code", "throttled"):
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
        if request.url.path.startswith("/static/"):
            return None
        given = request.query_params.get("code")
        auth = request.headers.get("authorization", "")
        offered = (normalize(given) if given is not None
                   else auth[7:].strip() if auth.lower().startswith("bearer ")
                   else request.cookies.get(CODE_COOKIE, ""))
        if given is None and not offered:  # no code at all: where to find it, not a guess
            return self.refuse(request, 403, "forbidden")
        client = request.client.host if request.client else ""
        wait = self.throttle.wait(client)
        if wait:  # the code is not even compared: a guesser learns nothing while throttled
            response = self.refuse(request, 429, "throttled", seconds=math.ceil(wait))
            response.headers["retry-after"] = str(math.ceil(wait))
            return response
        if not secrets.compare_digest(offered.encode(), self.token.encode()):
            self.throttle.failed(client)
            return self.refuse(request, 403, "wrong_code" if given is not None else "forbidden")
        self.throttle.passed(client)
        if given is not None:
            cookies.append(f"{CODE_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Lax; "
                           f"Max-Age={CODE_DAYS * 86400}")
            if request.method == "GET" and not request.url.path.startswith("/api/"):
                rest = [(k, v) for k, v in request.query_params.multi_items() if k != "code"]
                target = request.scope["raw_path"].decode("latin-1") if request.scope.get(
                    "raw_path") else quote(request.url.path)
                return RedirectResponse(same_site_path(target)
                                        + (f"?{urlencode(rest)}" if rest else ""), 303)
        return None

    def cross_site(self, request: Request) -> bool:
        fetch = request.headers.get("sec-fetch-site")
        if fetch is not None and fetch not in ("same-origin", "none"):
            return True
        origin = request.headers.get("origin")
        if origin is None:  # not a browser, or one too old to say: the form token decides
            return False
        own = request.headers.get("host", "").strip().lower()
        return origin == "null" or urlsplit(origin).netloc.lower() != own
