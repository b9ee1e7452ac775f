"""The hand form in players' words: what each quick-form option is called on the page.

The form's fields still come from each game's ``quick`` options (flag, kind, choices,
bounds), so nothing here lists a game's facts a second time; this is how they are *said*
(English, Spanish) and which control shows them:

- a **place** is a player as the quick form names them (``me``, ``vs``, ``vs1``, ``east``);
  the page shows the seated player's name instead (``{who}`` in a label, the place's name in
  a menu), and only the places a table of that size has;
- ``who_number``: a ``WHO:N`` option (Koi-Koi calls) becomes a number field per player;
- ``who_choice``: a ``WHO:KIND`` option (the cup's role, a dealt-hand win) one menu of
  "player: kind";
- ``player``: a ``NAME`` option (Hakka) a menu of the session's players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Said(NamedTuple):
    """How one option is shown: its label, the words of its choices, its control."""

    label: tuple[str, str]  # (English, Spanish); "{who}": the place's player
    choices: dict[str, tuple[str, str]] | None = None  # value -> (English, Spanish)
    control: str = ""  # "", "who_number", "who_choice", "player"
    kinds: tuple[str, ...] = ()  # who_choice: the KIND values, worded by ``choices``


_NOBODY_STOP = ("Nobody (no winner: nagari)", "Nadie (sin ganador: nagari)")
_WINDS = {
    "east": ("East", "Este"), "south": ("South", "Sur"),
    "west": ("West", "Oeste"), "north": ("North", "Norte"),
}

# Places per table size, in seat order: the quick form's names for the seated players.
PLACES: dict[str, dict[int, tuple[str, ...]]] = {
    "gostop": {2: ("me", "vs"), 3: ("me", "vs1", "vs2")},
    "koikoi": {2: ("me", "vs")},
    "mahjong": {4: ("east", "south", "west", "north")},
}

WORDS: dict[str, dict[str, Said]] = {
    "gostop": {
        "me": Said(("Cards {who} captured", "Cartas que capturó {who}")),
        "vs": Said(("Cards {who} captured", "Cartas que capturó {who}")),
        "gos": Said(("Gos {who} called", "Gos que cantó {who}")),
        "vs_gos": Said(("Gos {who} called", "Gos que cantó {who}")),
        "stop": Said(("Who called stop?", "¿Quién cantó stop?"), {"none": _NOBODY_STOP}),
        "shakes": Said(("Shakes {who} declared", "Sacudidas que declaró {who}")),
        "bombs": Said(("Bombs {who} played", "Bombas que jugó {who}")),
        "instant": Said(("{who} won at once", "{who} ganó al instante"), {
            "four-in-hand": ("four of a month in the dealt hand", "cuatro de un mes al repartir"),
            "three-ppuk": ("three ppuk", "tres ppuk"),
        }),
        "cup": Said(("The cup (chrysanthemum animal) counts as",
                     "La copa (animal del crisantemo) cuenta como"),
                    {"": ("whatever scores most", "lo que más puntúe"),
                     "junk": ("double junk", "doble sangre"), "animal": ("animal", "animal")},
                    control="who_choice", kinds=("junk", "animal")),
        "bak": Said(("A bak a loser suffered, as ticked (rules with bak.from = typed)",
                     "Un bak que sufrió un perdedor, marcado (reglas con bak.from = typed)"),
                    {"": ("none ticked", "ninguno marcado"),
                     "pi-bak": ("pi-bak (too little junk)", "pi-bak (poca sangre)"),
                     "gwang-bak": ("gwang-bak (no brights)", "gwang-bak (sin luces)"),
                     "meong-bak": ("meong-bak (many animals)", "meong-bak (muchos animales)")},
                    control="who_choice", kinds=("pi-bak", "gwang-bak", "meong-bak")),
        "big_hand": Said(("The table agreed this hand is a big hand (daepan)",
                          "La mesa acordó que esta mano es una mano grande (daepan)")),
    },
    "koikoi": {
        "me": Said(("Cards {who} captured", "Cartas que capturó {who}")),
        "vs": Said(("Cards {who} captured", "Cartas que capturó {who}")),
        "month": Said(("Month of the round (1-12)", "Mes de la ronda (1-12)")),
        "koikoi": Said(("Koi-koi calls by {who}", "Koi-koi que cantó {who}"),
                       control="who_number"),
        "stop": Said(("Who stopped?", "¿Quién se plantó?"),
                     {"none": ("Nobody scored (the dealer keeps it)",
                               "Nadie puntuó (gana el que reparte)")}),
        "dealer": Said(("Who dealt?", "¿Quién repartió?")),
        "dealt": Said(("A win from the dealt hand", "Victoria con la mano repartida"),
                      {"": ("none", "ninguna"),
                       "teshi": ("teshi (four of a month)", "teshi (cuatro de un mes)"),
                       "kuttsuki": ("kuttsuki (four pairs)", "kuttsuki (cuatro parejas)")},
                      control="who_choice", kinds=("teshi", "kuttsuki")),
        "redeal": Said(("The table was dealt, so redeal", "La mesa salió así: se reparte otra vez"),
                       {"teshi": ("teshi (four of a month)", "teshi (cuatro de un mes)"),
                        "kuttsuki": ("kuttsuki (four pairs)", "kuttsuki (cuatro parejas)")}),
    },
    "mahjong": {
        "east": Said(("Tiles of {who}", "Fichas de {who}")),
        "south": Said(("Tiles of {who}", "Fichas de {who}")),
        "west": Said(("Tiles of {who}", "Fichas de {who}")),
        "north": Said(("Tiles of {who}", "Fichas de {who}")),
        "winner": Said(("Who went out?", "¿Quién cerró?")),
        "draw": Said(("Nobody went out (the wall ran out)",
                      "Nadie cerró (se acabó la muralla)")),
        "prevailing": Said(("Wind of the round", "Viento de la ronda"), _WINDS),
        "tile": Said(("The winning tile", "La ficha ganadora")),
        "self_drawn": Said(("The winner drew it from the wall", "El ganador la robó del muro")),
        "discarder": Said(("Whose discard won?", "¿De quién era el descarte?")),
        "special": Said(("A special win", "Una victoria especial"), {
            "first-draw": ("East out on the first tile", "Este cierra con la primera ficha"),
            "first-discard": ("out on East's first discard",
                              "cierra con el primer descarte del Este"),
        }),
    },
    "hakka": {
        "players": Said(("Seat order, counter-clockwise (names, with commas)",
                         "Orden en la mesa, contra reloj (nombres, con comas)")),
        "dealer": Said(("Who dealt?", "¿Quién repartió?"), control="player"),
        "called": Said(("Who called?", "¿Quién cantó?"), control="player"),
        "void": Said(("Nobody called: no score this hand",
                      "Nadie cantó: esta mano no puntúa")),
        "winner": Said(("Who won the hand?", "¿Quién ganó la mano?"), control="player"),
        "tricks": Said(("Tricks the winner took", "Bazas que ganó el ganador")),
        "pattern": Said(("The winning pattern's cards", "Cartas de la jugada ganadora")),
        "dream_card": Said(("The dreamer's card", "La carta del soñador")),
        "five_tigers": Said(("The winner holds the five tigers",
                             "El ganador tiene los cinco tigres")),
        "elders": Said(("Elder cards the winner still held",
                        "Cartas mayores que aún tenía el ganador")),
    },
}
SEAT = ("Player {n}", "Jugador {n}")


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "es" else pair[0]


def said(game: str, dest: str) -> Said | None:
    return WORDS.get(game, {}).get(dest)


def places(game: str, players: int) -> tuple[str, ...]:
    return PLACES.get(game, {}).get(players, ())


def all_places(game: str) -> set[str]:
    return {p for ps in PLACES.get(game, {}).values() for p in ps}


def seat_name(game: str, i: int, players: int, lang: str) -> str:
    """How the page names the ``i``-th seat: its wind in mahjong, else "Player 2"."""
    ps = places(game, players)
    if i < len(ps) and ps[i] in _WINDS:
        return pick(_WINDS[ps[i]], lang)
    return pick(SEAT, lang).format(n=i + 1)


def choice_words(game: str, dest: str, value: str, lang: str) -> str | None:
    s = said(game, dest)
    if s is not None and s.choices and value in s.choices:
        return pick(s.choices[value], lang)
    return None


def shown_choices(game: str, choices: Sequence[str], players: int) -> list[str]:
    """The choices a table of this size has: places it lacks are left out."""
    have, every = set(places(game, players)), all_places(game)
    return [c for c in choices if c not in every or c in have]
