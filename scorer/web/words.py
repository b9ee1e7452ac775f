"""The hand form in players' words: what each quick-form option is called on the page.

The form's fields still come from each game's ``quick`` options (flag, kind, choices,
bounds), so nothing here lists a game's facts a second time; this is how they are *said*
(ids in :mod:`scorer.catalog`, ``web.field.*``) and which control shows them:

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
from typing import NamedTuple

from scorer.i18n import t


class Wording(NamedTuple):
    """How one option is shown: its label, the words of its choices (catalog ids,
    :mod:`scorer.catalog`), its control."""

    label: str  # "{who}" in it: the place's player
    choices: dict[str, str] | None = None  # value -> its words
    control: str = ""  # "", "who_number", "who_choice", "player", "each_player"
    kinds: tuple[str, ...] = ()  # who_choice: the KIND values, worded by ``choices``
    example: str = ""  # typed notation shown in the field (else the deck's example)
    clears: str = ""  # each_player: a record key a value here removes (an instant win: no stop)


WINDS = ("east", "south", "west", "north")  # mahjong's places: a seat is named by its wind

# Places per table size, in seat order: the quick form's names for the seated players.
PLACES: dict[str, dict[int, tuple[str, ...]]] = {
    "gostop": {2: ("me", "vs"), 3: ("me", "vs1", "vs2")},
    "koikoi": {2: ("me", "vs")},
    "mahjong": {4: ("east", "south", "west", "north")},
}

WORDS: dict[str, dict[str, Wording]] = {
    "gostop": {
        "me": Wording("web.field.captured"),
        "vs": Wording("web.field.captured"),
        "gos": Wording("web.field.gos"),
        "vs_gos": Wording("web.field.gos"),
        "stop": Wording("web.field.stop-called", {"none": "web.field.nobody-stopped"}),
        "shakes": Wording("web.field.shakes", control="each_player"),
        "bombs": Wording("web.field.bombs", control="each_player"),
        "instant": Wording("web.field.instant", {
            "": "web.field.not-at-once",
            "four-in-hand": "web.field.four-in-hand",
            "three-ppuk": "web.field.three-ppuk",
        }, control="each_player", clears="stopped"),
        "cup": Wording("web.field.cup", {
            "": "web.field.cup-best",
            "junk": "web.field.double-junk",
            "animal": "web.field.animal",
        }, control="who_choice", kinds=("junk", "animal")),
        "bak": Wording("web.field.bak-typed", {
            "": "web.field.no-bak",
            "pi-bak": "web.field.pi-bak",
            "gwang-bak": "web.field.gwang-bak",
            "meong-bak": "web.field.meong-bak",
        }, control="who_choice", kinds=("pi-bak", "gwang-bak", "meong-bak")),
        "big_hand": Wording("web.field.big-hand"),
    },
    "koikoi": {
        "me": Wording("web.field.captured"),
        "vs": Wording("web.field.captured"),
        "month": Wording("web.field.month"),
        "koikoi": Wording("web.field.koikoi-calls", control="who_number"),
        "stop": Wording("web.field.stopped", {"none": "web.field.nobody-scored"}),
        "dealer": Wording("web.field.dealer"),
        "dealt": Wording("web.field.dealt", {
            "": "web.field.no-dealt-win",
            "teshi": "web.field.teshi",
            "kuttsuki": "web.field.kuttsuki",
        }, control="who_choice", kinds=("teshi", "kuttsuki")),
        "redeal": Wording("web.field.redeal", {
            "teshi": "web.field.teshi",
            "kuttsuki": "web.field.kuttsuki",
        }),
    },
    "mahjong": {
        "east": Wording("web.field.tiles"),
        "south": Wording("web.field.tiles"),
        "west": Wording("web.field.tiles"),
        "north": Wording("web.field.tiles"),
        "winner": Wording("web.field.went-out"),
        "draw": Wording("web.field.wall-ran-out"),
        "prevailing": Wording("web.field.prevailing", {
            "east": "web.field.east",
            "south": "web.field.south",
            "west": "web.field.west",
            "north": "web.field.north",
        }),
        "tile": Wording("web.field.winning-tile"),
        "self_drawn": Wording("web.field.self-drawn"),
        "discarder": Wording("web.field.discarder"),
        "special": Wording("web.field.special", {
            "first-draw": "web.field.first-draw",
            "first-discard": "web.field.first-discard",
        }),
        "last_source": Wording("web.field.last-source", {
            "wall": "web.field.src-wall",
            "discard": "web.field.src-discard",
            "dead-wall": "web.field.src-dead-wall",
            "last-wall": "web.field.src-last-wall",
            "last-wall-discard": "web.field.src-last-wall-discard",
            "robbed-kong": "web.field.src-robbed-kong",
        }),
        "declarations": Wording("web.field.declaration", {
            "original-call": "web.field.original-call",
            "twofold-fortune": "web.field.twofold-fortune",
        }),
        "east_wins": Wording("web.field.east-wins"),
    },
    "hakka": {
        "players": Wording("web.field.seat-order"),
        "dealer": Wording("web.field.dealer", control="player"),
        "called": Wording("web.field.called", control="player"),
        "void": Wording("web.field.nobody-called"),
        "winner": Wording("web.field.won-the-hand", control="player"),
        "tricks": Wording("web.field.tricks"),
        "pattern": Wording("web.field.pattern", example="sup7 gon7 zok7"),
        "dream_card": Wording("web.field.dream-card"),
        "five_tigers": Wording("web.field.five-tigers"),
        "elders": Wording("web.field.elders", example="sup9 wansin"),
    },
}


def said(game: str, dest: str) -> Wording | None:
    return WORDS.get(game, {}).get(dest)


def places(game: str, players: int) -> tuple[str, ...]:
    return PLACES.get(game, {}).get(players, ())


def all_places(game: str) -> set[str]:
    return {p for ps in PLACES.get(game, {}).values() for p in ps}


def seat_name(game: str, i: int, players: int, lang: str) -> str:
    """How the page names the ``i``-th seat: its wind in mahjong, else "Player 2"."""
    ps = places(game, players)
    if i < len(ps) and ps[i] in WINDS:
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
