"""What every route shares: the ledger file, the recogniser, the games, the server's language,
and the few steps several routes take (a session by its path, a 404 page, the form token,
starting a session, storing a hand). The routes find it as ``request.app.state.site``."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse

from scorer.games.base import Game
from scorer.games.record import MAX_STAKE
from scorer.i18n import t
from scorer.ledger import store
from scorer.ledger.messages import LedgerError
from scorer.ledger.service import Added
from scorer.web import pages
from scorer.web.guard import LANG_COOKIE
from scorer.web.guard import language as guard_language
from scorer.web.photos import Recognizer
from scorer.web.reading import MAX_NAME, NO_FOLDER, path_name, stake_of


def site_of(request: Request) -> Site:
    """What the request's app shares with every route."""
    site: Site = request.app.state.site
    return site


class Site:
    """One app's ledger, recogniser, games and default language."""

    def __init__(self, db_path: str | None, lang: str, recognizer: Recognizer,
                 games: Sequence[Game]) -> None:
        from scorer.ledger.db import default_path

        self.db_path = db_path
        self.lang = lang
        self.recognizer = recognizer
        self.games = list(games)
        self.ledger_file = os.path.abspath(db_path or default_path())

    # -- answers ----------------------------------------------------------------------------
    def public(self, text: str) -> str:
        """A ledger message without the server's folders in it."""
        return text.replace(self.ledger_file, "the ledger file").replace(
            os.path.dirname(self.ledger_file), "the ledger's folder")

    def language(self, request: Request) -> str:
        return guard_language(request, self.lang)

    def html(self, request: Request, body: str, status: int = 200) -> HTMLResponse:
        response = HTMLResponse(body, status)
        chosen = request.query_params.get("lang")
        if chosen in ("en", "es"):
            response.set_cookie(LANG_COOKIE, chosen, samesite="lax")
        return response

    def not_found(self, request: Request, what: str = "web.no_page",
                  **args: Any) -> HTMLResponse:
        """The 404 page: what is missing, in words, and the way back to every session."""
        lg = self.language(request)
        body = pages.message_page(t("web.not_found", lg), t(what, lg, **args), lg, home=True)
        return self.html(request, body, 404)

    def no_session(self, request: Request) -> HTMLResponse:
        return self.not_found(request, "web.no_session", name=path_name(request)[:80])

    def stale_form(self, request: Request) -> HTMLResponse:
        lg = self.language(request)
        body = pages.message_page(t("web.refused", lg), t("web.stale_form", lg), lg,
                                  back=request.url.path)
        return self.html(request, body, 403)

    @staticmethod
    def csrf(request: Request) -> str:
        return str(request.scope.get("scorer.csrf", ""))

    def form_ok(self, request: Request, form: Any) -> bool:
        sent = form.get("csrf")
        return isinstance(sent, str) and secrets.compare_digest(sent.encode(),
                                                                self.csrf(request).encode())

    # -- the ledger (blocking: called in the threadpool or from sync routes) -------------------
    def presets(self) -> dict[str, list[str]]:
        from scorer.games.rules import list_presets

        return {g.name: list_presets(g.name) for g in self.games}

    def session_or_none(self, request: Request) -> store.Session | None:
        with store.open_ledger(self.db_path, create=True) as conn:
            try:  # a ledger that cannot be opened is an error; a name not there is None
                return store.find_session(conn, path_name(request))
            except LedgerError:
                return None

    def listed_sessions(self) -> list[tuple[store.Session, int, str]]:
        with store.open_ledger(self.db_path, create=True) as conn:
            return store.list_sessions(conn)

    def start_session(self, fields: Mapping[str, Any], lang: str = "en") -> store.Session:
        """A new session from the form's or the API's fields (numbers as typed in ``lang``);
        every problem at once."""
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
        stake, bad = stake_of(fields.get("stake"), lang)
        if bad is not None:
            found.append(problem("web.session.stake", stake=bad, high=f"{MAX_STAKE:,}"))
        players = fields.get("players", "")
        names = players if isinstance(players, list) else str(players).split(",")
        refused = bool(found)  # then the store only says what else is wrong (a stake of
        made = None            # -1 always is), its own stake problem left out
        try:
            made = store.create_session(
                self.db_path, name, game, [str(p) for p in names], stake=-1 if refused else stake,
                currency=str(fields.get("currency") or "").strip(), preset=preset,
            )
        except LedgerError as err:
            found += [web_words(e, game, preset) for e in (err.parts or [err])
                      if not (refused and e.key == "err.stake")]
        if found or made is None:
            raise problems(found)
        return made

    def add_hand(self, s: store.Session, data: dict[str, Any],
                 origin: str) -> tuple[Added, list[store.HandRow]]:
        """Score ``data`` as the session's next hand and store it, in one transaction with
        what it inherits (round, month, dealer, carry): two phones adding at once queue.

        Photos were read into typed cards by an earlier request (the grid), so nothing
        waits on a player inside the transaction. Slips are not refused: the player has
        just seen the hand scored, and the page has no ``--yes`` to offer.
        """
        from scorer.ledger.service import Entry, add_record

        series = data.get("hands")
        if isinstance(series, list) and len(series) != 1:
            raise LedgerError("one hand at a time: send each hand of a series on its own")
        _, added, hands = add_record(self.ledger_file, s.name, data,
                                     Entry(origin, NO_FOLDER, assume_yes=True))
        return added[0], hands


def web_words(err: LedgerError, game: str, preset: str | None) -> LedgerError:
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


