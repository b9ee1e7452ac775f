"""Mahjong tiles in MPSZ notation, plus flowers and seasons, and hand notation with melds.

Seed 002: "136 fichas ... 4 juegos de 34 fichas ... 3 palos, bambúes, círculos y
caracteres, cada uno con 9 fichas numeradas del 1 al 9 ... Cuatro Vientos ... Tres
Dragones" and "A veces se añaden uno o dos juegos de 4 flores".

Hand notation (documented in docs/notation.md):
    ``123m 456p 55s (777z) [1111m]``
bare runs are concealed tiles, ``(...)`` an exposed meld (chow, pung or kong, told by
its tiles), ``[...]`` a concealed kong. Flowers/seasons may be listed anywhere.
"""

from __future__ import annotations

import functools
import re
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.decks.base import (
    Lexicon,
    Problem,
    Token,
    named,
    normalize,
    raise_if_problems,
    tokenize,
    too_many,
    unknown_problem,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

SUITS = "mpszf"
_SUIT_NAMES = {
    "m": ("characters", "caracteres", "manzu / wan"),
    "p": ("circles", "círculos", "pinzu / tong"),
    "s": ("bamboo", "bambúes", "souzu / tiao"),
    "z": ("honours", "honores", "jihai / zi"),
    "f": ("flowers and seasons", "flores y estaciones", "hana / hua"),
}
# The suits' names for one tile: "1 circle", "1 círculo" (English, Spanish).
_SUIT_ONE = {"m": ("character", "carácter"), "p": ("circle", "círculo"), "s": ("bamboo", "bambú")}
# (English, Spanish, native) — honour ranks 1-7 then bonus ranks 1-8.
_HONOURS = [
    ("East", "Este", "ton / dong"),
    ("South", "Sur", "nan"),
    ("West", "Oeste", "sha / xi"),
    ("North", "Norte", "pei / bei"),
    ("White dragon", "Dragón blanco", "haku / bai ban"),
    ("Green dragon", "Dragón verde", "hatsu / fa cai"),
    ("Red dragon", "Dragón rojo", "chun / hong zhong"),
]
_BONUS = [
    ("Plum", "Ciruelo", "mei"),
    ("Orchid", "Orquídea", "lan"),
    ("Chrysanthemum", "Crisantemo", "ju"),
    ("Bamboo", "Bambú", "zhu"),
    ("Spring", "Primavera", "chun"),
    ("Summer", "Verano", "xia"),
    ("Autumn", "Otoño", "qiu"),
    ("Winter", "Invierno", "dong"),
]
_HONOUR_ALIASES = [
    ["east", "este", "ton", "dong", "e"],
    ["south", "sur", "nan", "s-wind"],
    ["west", "oeste", "sha", "xi", "w"],
    ["north", "norte", "pei", "bei", "n"],
    ["white", "white-dragon", "dragon-blanco", "blanco", "haku", "bai", "wd"],
    ["green", "green-dragon", "dragon-verde", "verde", "hatsu", "fa", "gd"],
    ["red", "red-dragon", "dragon-rojo", "rojo", "chun", "zhong", "rd"],
]
_BONUS_ALIASES = [
    ["plum", "ciruelo", "mei", "flower-1", "flor-1"],
    ["orchid", "orquidea", "lan", "flower-2", "flor-2"],
    ["chrysanthemum", "crisantemo", "ju", "flower-3", "flor-3"],
    ["bamboo-flower", "bambu-flor", "zhu", "flower-4", "flor-4"],
    ["spring", "primavera", "season-1", "estacion-1"],
    ["summer", "verano", "xia", "season-2", "estacion-2"],
    ["autumn", "fall", "otono", "qiu", "season-3", "estacion-3"],
    ["winter", "invierno", "season-4", "estacion-4"],
]
_SUIT_ALIASES = {
    "m": ["man", "wan", "character", "characters", "caracter", "caracteres", "crak"],
    "p": ["pin", "tong", "circle", "circles", "circulo", "circulos", "dot", "dots"],
    "s": ["sou", "tiao", "bamboo", "bam", "bambu", "bambues"],
}


# NamedTuples, not dataclasses: `import dataclasses` (with inspect behind it) costs more than
# a typed `scorer score` may spend on start-up (bench/startup.py). Tiles order by suit, rank.
_RANK_LIMIT = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}


class Tile(NamedTuple):
    """One tile: suit letter (m p s z f) and rank. Build checked tiles with :meth:`of`."""

    suit: str  # one of "mpszf"
    rank: int

    @classmethod
    def of(cls, suit: str, rank: int) -> Tile:
        """A tile, or ValueError when there is no such tile (8z, 10m)."""
        limit = _RANK_LIMIT.get(suit)
        if limit is None or not 1 <= rank <= limit:
            raise ValueError(f"no tile {rank}{suit}")
        return cls(suit, rank)

    @property
    def id(self) -> str:
        return f"{self.rank}{self.suit}"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"Tile.parse({self.id!r})"

    @classmethod
    def parse(cls, text: str) -> Tile:
        return named(_lexicon().get(text), text, "tile", _lexicon)

    # -- attributes ----------------------------------------------------------------------
    @property
    def is_suited(self) -> bool:
        return self.suit in "mps"

    @property
    def is_terminal(self) -> bool:
        return self.is_suited and self.rank in (1, 9)

    @property
    def is_wind(self) -> bool:
        return self.suit == "z" and self.rank <= 4

    @property
    def is_dragon(self) -> bool:
        return self.suit == "z" and self.rank >= 5

    @property
    def is_honour(self) -> bool:
        return self.suit == "z"

    @property
    def is_bonus(self) -> bool:
        return self.suit == "f"

    @property
    def is_flower(self) -> bool:
        return self.suit == "f" and self.rank <= 4

    @property
    def is_season(self) -> bool:
        return self.suit == "f" and self.rank >= 5

    def name(self, lang: str = "en") -> str:
        i = 1 if lang == "es" else 0
        if self.suit == "z":
            return _HONOURS[self.rank - 1][i]
        if self.suit == "f":
            return _BONUS[self.rank - 1][i]
        if self.rank == 1:  # "1 circle", "1 carácter" (issue 43: "1 circles")
            return f"1 {_SUIT_ONE[self.suit][i]}"
        return f"{self.rank} {_SUIT_NAMES[self.suit][i]}"

    def native(self) -> str:
        if self.suit == "z":
            return _HONOURS[self.rank - 1][2]
        if self.suit == "f":
            return _BONUS[self.rank - 1][2]
        return _SUIT_NAMES[self.suit][2]


STANDARD: tuple[Tile, ...] = tuple(
    Tile(s, r) for s in "mps" for r in range(1, 10)
) + tuple(Tile("z", r) for r in range(1, 8))
BONUS: tuple[Tile, ...] = tuple(Tile("f", r) for r in range(1, 9))
ALL_TILES: tuple[Tile, ...] = STANDARD + BONUS
MAX_COPIES: dict[Tile, int] = {**{t: 4 for t in STANDARD}, **{t: 1 for t in BONUS}}
BY_ID = {t.id: t for t in ALL_TILES}


@functools.cache  # built on first use
def _lexicon() -> Lexicon[Tile]:
    lex = Lexicon((t.id, t) for t in ALL_TILES)
    for s in "mps":
        lex.add(f"0{s}", Tile(s, 5), show=False)  # red five: the five for scoring
        for r in range(1, 10):
            for alias in _SUIT_ALIASES[s]:
                lex.add(f"{alias}-{r}", Tile(s, r), show=False)
                lex.add(f"{r}-{alias}", Tile(s, r), show=alias == _SUIT_ALIASES[s][0])
    for r, names in enumerate(_HONOUR_ALIASES, start=1):
        for alias in names:
            lex.add(alias, Tile("z", r))
    for r, names in enumerate(_BONUS_ALIASES, start=1):
        for alias in names:
            lex.add(alias, Tile("f", r))
    return lex


# "123m", "0m", "11223344z" ... a run of digits and one suit letter, possibly repeated.
_RUN_RE = re.compile(r"^(?:[0-9]+[mpszf])+$")
_GROUP_RE = re.compile(r"([0-9]+)([mpszf])")


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


class Meld(NamedTuple):
    """A declared set: exposed (called from a discard) or a concealed kong."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool

    def __str__(self) -> str:
        body = _compact(self.tiles)
        return f"({body})" if self.exposed else f"[{body}]"


class Hand(NamedTuple):
    """What a player shows: concealed tiles, declared melds, and bonus tiles."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.concealed + tuple(t for m in self.melds for t in m.tiles) + self.bonus

    def __str__(self) -> str:
        parts = [_compact(self.concealed)] if self.concealed else []
        parts += [str(m) for m in self.melds]
        if self.bonus:
            parts.append(_compact(self.bonus))
        return " ".join(parts)


def _compact(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    out: list[str] = []
    for suit in SUITS:
        ranks = sorted(t.rank for t in tiles if t.suit == suit)
        if ranks:
            out.append("".join(map(str, ranks)) + suit)
    return "".join(out)


def _expand(text: str, token: Token, problems: list[Problem]) -> list[Tile]:
    """One token -> tiles: a compact run ('123m55p') or a single name ('east')."""
    compact = text.lower()
    if _RUN_RE.match(compact):
        tiles: list[Tile] = []
        for digits, suit in _GROUP_RE.findall(compact):
            for d in digits:
                rank = int(d)
                if rank == 0 and suit in "mps":
                    rank = 5  # red five
                try:
                    tiles.append(Tile.of(suit, rank))
                except ValueError:
                    problems.append(
                        Problem(
                            code="unknown",
                            form="no tile {tile} in {token} at position {position}: "
                            "{suit} runs 1-{top}",
                            args=(("tile", f"{d}{suit}"), ("position", token.position),
                                  ("suit", suit), ("top", {"z": 7, "f": 8}.get(suit, 9))),
                            token=token.text,
                            position=token.position,
                            column=token.column,
                        )
                    )
        return tiles
    tile = _lexicon().get(text)
    if tile is None:
        problems.append(unknown_problem(token, "tile", _lexicon().suggest(text)))
        return []
    return [tile]


def _classify_meld(tiles: list[Tile]) -> MeldKind | None:
    if len(tiles) == 2 and tiles[0] == tiles[1]:
        return MeldKind.PAIR
    if len(tiles) in (3, 4) and len(set(tiles)) == 1 and not tiles[0].is_bonus:
        return MeldKind.PUNG if len(tiles) == 3 else MeldKind.KONG
    if len(tiles) == 3 and tiles[0].is_suited and len({t.suit for t in tiles}) == 1:
        ranks = sorted(t.rank for t in tiles)
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return MeldKind.CHOW
    return None


def _check_copies(tiles: list[Tile], problems: list[Problem]) -> None:
    problems += too_many(tiles, MAX_COPIES.__getitem__, "too-many",
                         "{n} x {piece} but the set holds {most}")


def parse_tiles(text: str) -> list[Tile]:
    """A plain list of tiles ('123m 55p east'); no meld brackets."""
    problems: list[Problem] = []
    tiles: list[Tile] = []
    for token in tokenize(text):
        tiles += _expand(token.text, token, problems)
    _check_copies(tiles, problems)
    raise_if_problems(problems, text)
    return sorted(tiles)


def parse_hand(text: str) -> Hand:
    """Hand notation: bare runs concealed, '(...)' exposed meld, '[...]' concealed kong."""
    problems: list[Problem] = []
    concealed: list[Tile] = []
    bonus: list[Tile] = []
    melds: list[Meld] = []
    for token in tokenize(text):
        raw = token.text
        exposed = raw.startswith("(") and raw.endswith(")")
        closed = raw.startswith("[") and raw.endswith("]")
        inner = raw[1:-1] if exposed or closed else raw
        if any(ch in inner for ch in "()[]"):
            problems.append(
                Problem(
                    code="bad-meld",
                    form="unbalanced brackets in {token} at position {position}: "
                    "write a meld as (777z) exposed or [1111m] concealed kong, no spaces",
                    args=(("position", token.position),),
                    token=raw,
                    position=token.position,
                    column=token.column,
                )
            )
            continue
        tiles = _expand(inner, token, problems)
        if not (exposed or closed):
            concealed += [t for t in tiles if not t.is_bonus]
            bonus += [t for t in tiles if t.is_bonus]
            continue
        kind = _classify_meld(tiles)
        if kind is None or kind is MeldKind.PAIR or (closed and kind is not MeldKind.KONG):
            what = "a concealed kong (4 equal tiles)" if closed else "a chow, pung or kong"
            problems.append(
                Problem(
                    code="bad-meld",
                    form="{token} at position {position} is not {what}",
                    args=(("position", token.position), ("what", what)),
                    token=raw,
                    position=token.position,
                    column=token.column,
                )
            )
            continue
        melds.append(Meld(kind, tuple(sorted(tiles)), exposed))
    hand = Hand(tuple(sorted(concealed)), tuple(melds), tuple(sorted(bonus)))
    _check_copies(list(hand.tiles), problems)
    raise_if_problems(problems, text)
    return hand


def aliases(tile: Tile) -> list[str]:
    return [k for k, v in _lexicon() if v == tile]


__all__ = [
    "ALL_TILES",
    "Hand",
    "Meld",
    "MeldKind",
    "Tile",
    "normalize",
    "parse_hand",
    "parse_tiles",
]


def card_records(lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
    """Every card of the deck as the record `scorer cards` prints (``months`` unused)."""
    out = []
    for tile in ALL_TILES:
        attrs = [
            a
            for a, on in (
                ("terminal", tile.is_terminal),
                ("wind", tile.is_wind),
                ("dragon", tile.is_dragon),
                ("flower", tile.is_flower),
                ("season", tile.is_season),
            )
            if on
        ]
        out.append(
            {
                "id": tile.id,
                "code": tile.id,
                "name": tile.name(lang),
                "native": tile.native(),
                "suit": tile.suit,
                "rank": tile.rank,
                "copies": MAX_COPIES[tile],
                "attributes": attrs,
            }
        )
    return out


# -- a photo's tiles (scorer.vision) ---------------------------------------------------------
def design(text: str, months: str = "kr") -> str:
    """The photo reader's label of a typed tile (``months`` unused); ``NotationError``."""
    return Tile.parse(text).id


def photo_groups(
    pieces: Sequence[tuple[str | None, tuple[int, int]]],
) -> tuple[list[list[int]], list[int]]:
    """The indexes of a photo's kept hand tiles (label, (row, group)) by group, the first group
    of the first row first (the concealed tiles), then every other group (an exposed meld
    each), in reading order; and of its flowers and seasons, bonus tiles beside the hand,
    never part of a meld. Backs and dropped tiles (None) are no tiles of the hand."""
    groups: dict[tuple[int, int], list[int]] = {}
    bonus: list[int] = []
    for i, (code, place) in enumerate(pieces):
        if code is None or code == "back":
            continue
        tile = BY_ID.get(code)
        if tile is not None and tile.is_bonus:
            bonus.append(i)
        else:
            groups.setdefault(place, []).append(i)
    return [groups[k] for k in sorted(groups)], bonus


def photo_notation(pieces: Sequence[tuple[str | None, tuple[int, int]]]) -> str:
    """A photo's tiles as hand notation: the first group concealed, every other group an
    exposed meld in parentheses, flowers and seasons bare after them
    (``1m 2m 3m 5p 5p (7z7z7z) 2f``)."""
    groups, bonus = photo_groups(pieces)
    codes = [str(code) for code, _ in pieces]
    parts = [" ".join(codes[i] for i in groups[0])] if groups else []
    # melds take no spaces; flowers and seasons stand bare beside the hand
    parts += ["(" + "".join(codes[i] for i in g) + ")" for g in groups[1:]]
    parts += [codes[i] for i in bonus]
    return " ".join(parts)
