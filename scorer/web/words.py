"""The hand form in players' words: what each quick-form option is called on the page.

The form's fields still come from each game's ``quick`` options (flag, kind, choices,
bounds), so nothing here lists a game's facts a second time; how they are *said* (ids in
:mod:`scorer.catalog`, ``web.field.*``) and which control shows them is each game's
``words`` and ``places`` (:class:`scorer.games.base.Wording`):

- a **place** is a player as the quick form names them (``me``, ``vs``, ``vs1``, ``east``);
  the page shows the seated player's name instead (``{who}`` in a label, the place's name in
  a menu), and only the places a table of that size has;
- ``who_number``: a ``WHO:N`` option (Koi-Koi calls) becomes a number field per player;
- ``who_choice``: a ``WHO:KIND`` option (the cup's role, a dealt-hand win) one menu of
  "player: kind";
- ``player``: a ``NAME`` option (Hakka) a menu of the session's players;
- ``each_player``: an option the quick form asks of its first player only (Go-Stop's shakes,
  bombs, instant win) becomes a field per player, written into each player's record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorer.i18n import t

if TYPE_CHECKING:
    from scorer.games.base import Game, Wording


def _game(game: str) -> Game | None:
    from scorer.games.base import find_game

    return find_game(game)


def said(game: str, dest: str) -> Wording | None:
    found = _game(game)
    return found.words.get(dest) if found is not None else None


def places(game: str, players: int) -> tuple[str, ...]:
    found = _game(game)
    return found.places.get(players, ()) if found is not None else ()


def all_places(game: str) -> set[str]:
    found = _game(game)
    return {p for ps in found.places.values() for p in ps} if found is not None else set()


def seat_name(game: str, i: int, players: int, lang: str) -> str:
    """How the page names the ``i``-th seat: its wind in mahjong, else "Player 2"."""
    ps, found = places(game, players), _game(game)
    if i < len(ps) and found is not None and found.seats_by_place:
        return t(f"web.field.{ps[i]}", lang)
    return t("web.field.seat", lang, n=i + 1)


def choice_words(game: str, dest: str, value: str, lang: str) -> str | None:
    s = said(game, dest)
    if s is not None and s.choices and value in s.choices:
        return t(s.choices[value], lang)
    return None


def shown_choices(game: str, choices: Sequence[str], players: int) -> list[str]:
    """The choices a table of this size has: places it lacks are left out."""
    have, every = set(places(game, players)), all_places(game)
    return [c for c in choices if c not in every or c in have]
