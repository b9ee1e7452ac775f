"""Classical Chinese mahjong (seed 002) on the game interface: records, checks, scoring.

Four players show their tiles when one goes out; every hand is scored
(:mod:`scorer.games.mahjong_score`), the winner is paid his total by each loser, the
losers settle their differences, East pays and receives double
(:mod:`scorer.games.mahjong_settle`). A round record (``[[hands]]``) carries East from
hand to hand: "Cuando el Este gana, sigue siendo el Jefe (Este) hasta que pierda. Cuando
pierde, el que se sienta a su derecha pasa a ser el Jefe."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.explain import HandResult, Note, PlayerScore
from scorer.games.base import (
    Common,
    Game,
    LoadContext,
    Problem,
    QuickOption,
    Reported,
    Wording,
    located,
    quick_error,
)
from scorer.games.mahjong_score import (
    DECLARATIONS,
    DRAWN_SOURCES,
    LAST_SOURCES,
    WINDS,
    Params,
    PlayerTiles,
    Reckoning,
    Seat,
    SetView,
    describe,
    own_shape,
    params,
    score_tiles,
    shape_limit,
    winning_readings,
)
from scorer.games.mahjong_settle import settle_losers_differ
from scorer.games.mahjong_split import counts_of, index, readings, tile_id
from scorer.i18n import Key, Said

if TYPE_CHECKING:
    from scorer.games.rules import Rules

if TYPE_CHECKING:
    from fractions import Fraction

NAME = "mahjong"
SPECIALS = ("first-draw", "first-discard")
_SEAT_WORDS = {
    **{w: w for w in WINDS},
    "este": "east", "sur": "south", "oeste": "west", "norte": "north",
    "e": "east", "s": "south", "w": "west", "n": "north",
}
QUICK_NAMES_ES = ("este", "sur", "oeste", "norte")  # the quick form's players in Spanish
EAST_WINS_MAX = 99  # the record's east_wins: a whole number of hands
HAND_TILES = 13  # "cada jugador juega con 13 fichas"; the winner holds one more
MAX_OTHER_READINGS = 6  # readings listed beside the chosen one; the rest are counted
# A meld lies as 3 tiles ("formar grupos de 3 fichas") or 4 ("un kong (4 iguales)"), and a
# kong counts as 3 toward a hand's tiles ("cuatro iguales se cuentan sólo como tres"): seed
# 002.
MELD_TILES = (3, 4)
KONG_COUNTS = 3


class MahjongPlayer(NamedTuple):
    name: str
    seat: str | None  # as written (None: from the seating order)
    tiles: PlayerTiles
    text: str  # the typed notation
    shown: bool = True  # False: no tiles given (a draw)


class LaidHand(NamedTuple):
    """A player's tiles as they lie on the table (a photo's groups): the hand tiles lying
    concealed and in each exposed meld, flowers and seasons aside ("A veces se añaden uno o
    dos juegos de 4 flores": bonus tiles, beside the hand)."""

    concealed: int
    melds: tuple[int, ...]  # tiles of each meld as laid

    @property
    def tiles(self) -> int:
        """Hand tiles, each kong counted as 3 (a meld of another size as it lies)."""
        return self.concealed + sum(KONG_COUNTS if n == 4 else n for n in self.melds)

    @property
    def odd_melds(self) -> tuple[int, ...]:
        """Indexes of the melds of neither 3 nor 4 tiles."""
        return tuple(i for i, n in enumerate(self.melds) if n not in MELD_TILES)

    @property
    def miscounted(self) -> bool:
        """No player holds this many: a hand holds 13 ("cada jugador juega con 13 fichas"),
        the winner one more ("4 grupos de 3" and "una pareja extra": 4 x 3 + 2 = 14)."""
        return self.tiles not in (HAND_TILES, HAND_TILES + 1)

    @property
    def possible(self) -> bool:
        """Some player, winner or not, could hold these tiles laid this way."""
        return not self.miscounted and not self.odd_melds

    # the limits, for a sentence that says why tiles are not a hand
    @property
    def hand_tiles(self) -> int:
        return HAND_TILES

    @property
    def kong_counts(self) -> int:
        return KONG_COUNTS

    @property
    def meld_sizes(self) -> tuple[int, ...]:
        return MELD_TILES


class MahjongHand(NamedTuple):
    players: tuple[MahjongPlayer, ...]  # as listed (the seating order)
    winner: str | None = None  # a name or a seat word, resolved by check
    winning_tile: int | None = None
    self_drawn: bool = False
    discarder: str | None = None
    prevailing: str = "east"
    special: str | None = None
    draw: bool = False
    dealer: str | None = None
    stake: int | Fraction | float = 1
    currency: str = ""
    last_source: str | None = None  # LAST_SOURCES (issue 34)
    declarations: tuple[str, ...] = ()  # DECLARATIONS
    east_wins: int = 0  # hands East had won in a row before this one


_HONOUR_ES = ("Este", "Sur", "Oeste", "Norte", "Dragón blanco", "Dragón verde", "Dragón rojo")


# -- seats ------------------------------------------------------------------------------------
def seat_word(value: Any) -> str | None:
    return _SEAT_WORDS.get(value.strip().lower()) if isinstance(value, str) else None


def seating(
    players: tuple[tuple[str, str | None], ...], dealer: str | None
) -> tuple[dict[str, str], list[Problem]]:
    """Seat wind of each player: as written, else from the list order starting at East.

    The list is the seating order: each player sits on the right of the one before, so
    the wind passes down the list ("el que se sienta a su derecha pasa a ser el Jefe").
    East is ``dealer`` when given, else the first listed.
    """
    problems: list[Problem] = []
    names = [n for n, _ in players]
    written = {n: s for n, s in players if s is not None}
    if written and len(written) != len(players):
        missing = [n for n in names if n not in written]
        problems.append(Problem(
            "mahjong.seat-missing",
            (("who", ", ".join(missing)),), catalog=NAME,
        ))
        return {}, problems
    if written:
        for wind in WINDS:
            holders = [n for n, s in written.items() if s == wind]
            if len(holders) > 1:
                problems.append(Problem(
                    "mahjong.seat-twice",
                    (("who", ", ".join(holders)), ("seat", wind), ("holders", tuple(holders))),
                    catalog=NAME,
                ))
        east = [n for n, s in written.items() if s == "east"]
        if dealer is not None and east and east[0] != dealer:
            problems.append(Problem(
                "mahjong.dealer-not-east",
                (("dealer", dealer), ("east", east[0])), catalog=NAME,
            ))
        return (written if not problems else {}), problems
    start = names.index(dealer) if dealer in names else 0
    order = names[start:] + names[:start]
    return {n: WINDS[k] for k, n in enumerate(order) if k < 4}, problems


def _resolve(who: str | None, seats: Mapping[str, str]) -> str | None:
    """A player named by name or by seat word."""
    if who is None or who in seats:
        return who
    wind = seat_word(who)
    for name, seat in seats.items():
        if seat == wind:
            return name
    return None


# -- the game ---------------------------------------------------------------------------------
def _said(problems: list[Reported], origin: str, code: str, *, about: str = "",
          **args: Any) -> None:
    """A loader problem that keeps its structure, so the CLI says it from the catalogs."""
    problems.append(located(origin, f"mahjong.load.{code}", about=about, catalog=NAME,
                            **args))


def _bool(data: Mapping[str, Any], key: str, origin: str, problems: list[Reported]) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        _said(problems, origin, "bool",
              key=key, value=repr(value))
        return False
    return value


def _tiles_of(hand: Any) -> PlayerTiles:
    from scorer.decks.mahjong import MeldKind

    concealed = tuple(index(t.suit, t.rank) for t in hand.concealed)
    melds = []
    for m in hand.melds:
        kind = {MeldKind.CHOW: "chow", MeldKind.PUNG: "pung", MeldKind.KONG: "kong"}[m.kind]
        low = min(index(t.suit, t.rank) for t in m.tiles)
        melds.append(SetView(kind, low, m.exposed, declared=True))
    return PlayerTiles(concealed, tuple(melds), tuple(t.id for t in hand.bonus))


def _load_player(
    name: str, entry: Mapping[str, Any], draw: bool, o: str, problems: list[Reported]
) -> MahjongPlayer:
    """One player's seat and tiles as the record gives them (problems added to ``problems``)."""
    from scorer.decks.base import NotationError
    from scorer.decks.mahjong import parse_hand
    from scorer.games.record import card_problems

    who = Said("about.player", name=repr(name))
    seat = entry.get("seat")
    wind = seat_word(seat) if seat is not None else None
    if seat is not None and wind is None:
        _said(problems, o, "seat",
              about=who, value=repr(seat))
    if "cards" in entry and "hand" in entry:
        _said(problems, o, "cards-twice",
              about=who)
    raw = entry.get("cards", entry.get("hand"))
    if raw is None and not draw:
        _said(problems, o, "no-tiles",
              about=who)
    if isinstance(raw, list):
        raw = " ".join(str(x) for x in raw)
    if raw is not None and not isinstance(raw, str):
        _said(problems, o, "cards-type",
              about=who)
        raw = None
    tiles = PlayerTiles((), ())
    if raw:
        try:
            tiles = _tiles_of(parse_hand(raw))
        except NotationError as err:
            problems += card_problems(err, o, who)
    return MahjongPlayer(name, wind, tiles, raw or "", bool(raw))


def _load_winning_tile(data: Mapping[str, Any], o: str, problems: list[Reported]) -> int | None:
    """The record's ``winning_tile``: one tile code, as an index (None: not given, or bad)."""
    from scorer.decks.base import NotationError
    from scorer.decks.mahjong import parse_tiles

    winning: int | None = None
    if "winning_tile" in data:
        value = data["winning_tile"]
        try:
            found = parse_tiles(str(value))
            if len(found) != 1 or found[0].is_bonus:
                raise ValueError
            winning = index(found[0].suit, found[0].rank)
        except (NotationError, ValueError):
            _said(problems, o, "winning-tile", value=repr(value),
                  key=Key("winning_tile", repr(value)))
    return winning


# The hand form on the web page: what each quick-form option is called there and which
# control shows it (catalog ids; scorer.web.words).
WEB_PLACES: dict[int, tuple[str, ...]] = {4: WINDS}
WEB_WORDS: dict[str, Wording] = {
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
}


class Mahjong(Game):
    name = NAME
    words = WEB_WORDS
    places = WEB_PLACES
    seats_by_place = True
    title = "Mahjong (classical Chinese)"
    title_es = "Mahjong (clásico chino)"
    short_title = "Mahjong"
    deck = "mahjong"
    default_preset = "antiguo"
    series_name = "round"
    record_keys = ("winner", "winning_tile", "self_drawn", "discarder", "prevailing",
                   "special", "draw", "deal", "last_source", "declarations", "east_wins")
    player_keys = ("name", "seat", "cards", "hand")
    player_refs = ("winner", "discarder")
    quick_help = (
        "Score a classical mahjong hand: all four players' tiles, by seat.\n\n"
        'Example: scorer mahjong --east "123m 456m 789m 11z 22z" '
        '--south "234p 345p 456p 777z 55s" --west "19m19p19s1234567z" '
        '--north "(111s) (999s) 2345s 66s 4z" --winner south --discarder east --tile 5s\n'
        "Concealed tiles bare, exposed melds in ( ), concealed kongs in [ ], flowers as 1f-8f. "
        "A hand may be a photo (concealed tiles in the first group of the first row, each "
        "exposed meld its own group)."
    )
    quick_help_es = (
        "Puntúa una mano de mahjong clásico: las fichas de los cuatro jugadores, por asiento.\n\n"
        'Ejemplo: scorer mahjong --east "123m 456m 789m 11z 22z" --south "234p 345p 456p 777z '
        '55s" --west "19m19p19s1234567z" --north "(111s) (999s) 2345s 66s 4z" --winner south '
        "--discarder east --tile 5s\n"
        "Fichas ocultas sueltas, combinaciones expuestas entre ( ), cuartetos ocultos entre [ ], "
        "flores como 1f-8f. Una mano puede ser una foto (las fichas ocultas en el primer grupo de "
        "la primera fila, cada combinación expuesta en su grupo). Los asientos también se dicen "
        "este, sur, oeste y norte."
    )
    table_piles = WINDS
    quick = (
        *(QuickOption(f"--{w}", w, "str", f"{w.title()}'s tiles, e.g. \"123m 55p (777z)\"",
                      required=True, metavar="TILES",
                      help_es=f'las fichas de {seat}, p. ej. "123m 55p (777z)"')
          for w, seat in zip(WINDS, ("Este", "Sur", "Oeste", "Norte"), strict=True)),
        QuickOption("--winner", "winner", "choice", "who went out", choices=WINDS,
                    help_es="quién cerró"),
        QuickOption("--draw", "draw", "bool", "nobody went out (the wall ran down to 14 tiles)",
                    help_es="nadie cerró (el muro llegó a 14 fichas)"),
        QuickOption("--prevailing", "prevailing", "choice", "the prevailing wind", "east",
                    choices=WINDS,
                    help_es="el viento dominante"),
        QuickOption("--tile", "tile", "str", "the winning tile (one of the winner's tiles)",
                    metavar="TILE", key="winning_tile",
                    help_es="la ficha ganadora (una de las fichas del vencedor)"),
        QuickOption("--self-drawn", "self_drawn", "bool", "the winner drew the winning tile",
                    help_es="el vencedor robó la ficha ganadora"),
        QuickOption("--discarder", "discarder", "choice", "whose discard the winner took",
                    choices=WINDS,
                    help_es="de quién era el descarte que tomó el vencedor"),
        QuickOption("--special", "special", "choice", "a special win: East out on his first "
                    "tile (300), out on East's first discard (150)", choices=SPECIALS,
                    help_es="una victoria especial: Este cierra con su primera ficha (300), o "
                            "con el primer descarte de Este (150)"),
        QuickOption("--last-source", "last_source", "choice", "where the winning tile came from",
                    choices=LAST_SOURCES,
                    help_es="de dónde vino la ficha ganadora"),
        QuickOption("--declare", "declarations", "choice", "a declaration the winner made "
                    "(may be given twice)", repeat=True, choices=DECLARATIONS,
                    help_es="una declaración del vencedor (se puede repetir)"),
        QuickOption("--east-wins", "east_wins", "int", "hands East had won in a row before this "
                    "one (8: a ninth win)", metavar="N", high=EAST_WINS_MAX,
                    help_es="las manos que Este llevaba ganadas seguidas antes de esta (8: una "
                            "novena victoria)"),
    )

    # -- records ------------------------------------------------------------------------------
    def load(
        self, data: Mapping[str, Any], common: Common, rules: Rules, ctx: LoadContext
    ) -> tuple[Any, list[Reported]]:
        problems: list[Reported] = []
        o = ctx.origin
        players: list[MahjongPlayer] = []
        draw = _bool(data, "draw", o, problems)
        for name, entry in common.players:
            players.append(_load_player(name, entry, draw, o, problems))
        winner = ctx.name(data, "winner", problems)
        discarder = ctx.name(data, "discarder", problems)
        self_drawn = _bool(data, "self_drawn", o, problems)
        prevailing = seat_word(data.get("prevailing", "east"))
        if prevailing is None:
            shown = repr(data.get("prevailing"))
            _said(problems, o, "prevailing", value=shown)
            prevailing = "east"
        special = data.get("special")
        if special is not None and special not in SPECIALS:
            _said(problems, o, "special", value=repr(special), choices=", ".join(SPECIALS))
            special = None
        ctx.whole(data, "deal", "deal", problems, high=4, low=1, default=1)
        east_wins = ctx.whole(data, "east_wins", "east_wins", problems, high=EAST_WINS_MAX)
        last_source = data.get("last_source")
        if last_source is not None and last_source not in LAST_SOURCES:
            _said(problems, o, "last-source", value=repr(last_source),
                  choices=", ".join(LAST_SOURCES))
            last_source = None
        declared = data.get("declarations", [])
        if isinstance(declared, str):
            declared = [declared]
        if not isinstance(declared, list) or any(d not in DECLARATIONS for d in declared):
            _said(problems, o, "declarations", value=repr(declared),
                  choices=", ".join(DECLARATIONS))
            declared = []
        winning = _load_winning_tile(data, o, problems)
        if problems:
            return None, problems
        hand = MahjongHand(
            tuple(players), winner, winning, self_drawn, discarder, prevailing, special, draw,
            last_source=last_source, declarations=tuple(dict.fromkeys(declared)),
            east_wins=east_wins, **common.hand_facts(),
        )
        return hand, []

    def check(self, hand: Any, rules: Rules) -> list[Problem]:
        return check_hand(hand, rules)

    def score(self, hand: Any, rules: Rules) -> HandResult:
        return score_hand(hand, rules)

    # -- the quick form -----------------------------------------------------------------------
    def quick_record(self, values: Mapping[str, Any]) -> dict[str, Any]:
        es = values.get("lang") == "es"

        winner, draw = values.get("winner"), values.get("draw")
        if draw and winner:
            raise quick_error(NAME, "quick.draw-and-winner")
        if not draw and not winner:
            raise quick_error(NAME, "quick.no-winner")
        if values.get("self_drawn") and values.get("discarder"):
            raise quick_error(NAME, "quick.self-drawn-and-discarder")
        if draw and (values.get("tile") or values.get("special") or values.get("discarder")):
            raise quick_error(NAME, "quick.draw-facts")
        # The players are named by their seats, in the output language ("sur paga a este").
        names = dict(zip(WINDS, QUICK_NAMES_ES if es else WINDS, strict=True))
        data: dict[str, Any] = {
            "game": NAME,
            "players": [{"name": names[w], "seat": w, "cards": values[w]} for w in WINDS],
            "prevailing": values.get("prevailing") or "east",
        }
        if draw:
            data["draw"] = True
        else:
            data["winner"] = names[str(winner)]
        if values.get("discarder"):
            data["discarder"] = names[values["discarder"]]
        for key, dest in (("winning_tile", "tile"), ("special", "special")):
            if values.get(dest):
                data[key] = values[dest]
        if values.get("self_drawn"):
            data["self_drawn"] = True
        if values.get("last_source"):
            data["last_source"] = values["last_source"]
        if values.get("declarations"):
            data["declarations"] = list(values["declarations"])
        if values.get("east_wins"):
            data["east_wins"] = values["east_wins"]
        return data

    # -- a round --------------------------------------------------------------------------------
    def player_range(self, rules: Rules) -> tuple[int, int]:
        return 4, 4  # the four winds (check_hand)

    def next_hand(
        self, index: int, data: Mapping[str, Any], result: HandResult, rules: Rules
    ) -> dict[str, Any]:
        """East keeps the deal while he wins; else the player on his right (South) is East.

        East's wins since he took the deal go on as ``east_wins`` (Kajongg counts East's wins
        since the winds last rotated: a draw he keeps the deal on neither adds nor ends them).
        Where East's ninth win in a row is a limit hand, the deal passes after it ('East gets
        a limit score and the winds rotate').
        """
        seats = {p.player: _seat_of(p) for p in result.players}
        east = next(n for n, s in seats.items() if s == "east")
        south = next(n for n, s in seats.items() if s == "south")
        wins = data.get("east_wins", 0)
        wins = wins if isinstance(wins, int) and not isinstance(wins, bool) else 0
        ninth = result.winner == east and wins >= 8 and plays_east_nine(rules)
        keeps = not ninth and (result.winner == east or (
            result.winner is None and rules.flag("round.draw_keeps_east")
        ))
        deal = data.get("deal", 1) if isinstance(data.get("deal", 1), int) else 1
        prevailing = seat_word(data.get("prevailing", "east")) or "east"
        if not keeps:
            deal += 1
            if deal > 4:
                deal = 1
                if rules.flag("round.prevailing_advances"):
                    prevailing = WINDS[(WINDS.index(prevailing) + 1) % 4]
        out: dict[str, Any] = {"dealer": east if keeps else south, "deal": deal,
                               "prevailing": prevailing}
        streak = wins + (result.winner == east) if keeps else 0
        if streak or "east_wins" in data:
            out["east_wins"] = streak
        return out

    def laid_hand(self, concealed: int, melds: tuple[int, ...]) -> LaidHand:
        return LaidHand(concealed, melds)

    def card_label(self, card_id: str) -> str:
        return card_id


def plays_east_nine(rules: Rules) -> bool:
    return bool(rules.num("limit_hand.points") and rules.num("limit_hand.east_nine"))


def _seat_of(p: PlayerScore) -> str:
    for note in p.notes:
        if note.key == "note.seat":
            return str(dict(note.args)["seat"])
    return ""


# -- checking ---------------------------------------------------------------------------------
def check_hand(hand: MahjongHand, rules: Rules | None = None) -> list[Problem]:
    """Every problem of a hand at once, each naming the player and what is wrong.

    ``rules``: the winning shapes and the chow bound they play (None: the standard shape).
    """
    rp = params(rules) if rules is not None else None
    if len(hand.players) != 4:
        return [Problem("mahjong.players", (("n", len(hand.players)),), catalog=NAME)]
    seats, more = seating(tuple((p.name, p.seat) for p in hand.players), hand.dealer)
    out: list[Problem] = [*more]
    winner = _resolve(hand.winner, seats) if seats else hand.winner
    if hand.winner is not None and seats and winner is None:
        out.append(Problem("mahjong.winner-unknown", (("who", hand.winner),), catalog=NAME))
    if hand.draw and hand.winner is not None:
        out.append(Problem("mahjong.draw-with-winner",
                           (("who", hand.winner),), catalog=NAME))
    if not hand.draw and hand.winner is None:
        out.append(Problem("mahjong.no-winner", (("winner", Key("winner")), ("draw", Key("draw"))),
                           catalog=NAME))
    out += _check_tiles(hand, seats, winner, rp)
    if winner is not None and seats:
        out += _check_going_out(hand, seats, winner)
    elif hand.special is not None and hand.draw:
        out.append(Problem("mahjong.special-draw", catalog=NAME))
    if rules is not None and hand.east_wins > 8 and plays_east_nine(rules):
        out.append(Problem("mahjong.east-wins", (("n", hand.east_wins),), catalog=NAME))
    return out


def _check_tiles(
    hand: MahjongHand, seats: Mapping[str, str], winner: str | None, rp: Params | None
) -> list[Problem]:
    """Each shown hand's tile count (the winner's: a winning shape), and no tile held more
    often than the set has it."""
    out: list[Problem] = []
    held: dict[int, list[str]] = {}
    bonus: dict[str, list[str]] = {}
    for p in hand.players:
        t = p.tiles
        for i in t.concealed:
            held.setdefault(i, []).append(p.name)
        for m in t.melds:
            for i in ([m.tile, m.tile + 1, m.tile + 2] if m.kind == "chow"
                      else [m.tile] * (4 if m.kind == "kong" else 3)):
                held.setdefault(i, []).append(p.name)
        for b in t.bonus:
            bonus.setdefault(b, []).append(p.name)
        if p.shown:
            out += _check_shown(p, hand, seats, winner, rp)
    for i, names in sorted(held.items()):
        if len(names) > 4:
            out.append(Problem(
                "mahjong.fifth-copy",
                (("tile", tile_id(i)), ("n", len(names)),
                 ("who", ", ".join(sorted(set(names))))), catalog=NAME,
            ))
    for b, names in sorted(bonus.items()):
        if len(names) > 1:
            out.append(Problem("mahjong.bonus-twice", (("tile", b), ("who", ", ".join(names)),
                                                       ("holders", tuple(names))), catalog=NAME))
    return out


def _check_shown(
    p: MahjongPlayer, hand: MahjongHand, seats: Mapping[str, str], winner: str | None,
    rp: Params | None,
) -> list[Problem]:
    """A shown hand: at most 4 melds, 13 tiles (the winner 14), the winner's a winning one."""
    out: list[Problem] = []
    t = p.tiles
    seat = seats.get(p.name, "?")
    where = f"{p.name} ({seat})" if seats else p.name
    if len(t.melds) > 4:
        out.append(Problem("mahjong.too-many-melds", (("who", p.name), ("seat", seat),
                                                       ("n", len(t.melds)), ("where", where)),
                           catalog=NAME))
    want = HAND_TILES + (p.name == winner)
    have = len(t.concealed) + 3 * len(t.melds)
    if have != want:
        out.append(Problem(
            "mahjong.tile-count.melds" if t.melds else "mahjong.tile-count",
            (("who", p.name), ("seat", seat), ("have", have), ("want", want),
             ("concealed", len(t.concealed)), ("melds", len(t.melds)),
             ("want_text", "want-winner" if p.name == winner else "want-hand"), ("where", where)),
            catalog=NAME,
        ))
    elif p.name == winner:
        out += _check_winning(p, where, seat, hand, rp)
    return out


def _check_winning(
    p: MahjongPlayer, where: str, seat: str, hand: MahjongHand, rp: Params | None
) -> list[Problem]:
    """The winner's 14 tiles make a winning shape the rules play."""
    t = p.tiles
    counts = counts_of(t.concealed)
    if rp is not None and own_shape(t, rp) is not None:
        return []  # Thirteen Orphans, Knitting ...: a winning shape of its own
    if rp is not None and readings(counts) and not winning_readings(t, rp) and (
        shape_limit(t, Seat(seat, hand.prevailing, True), rp) is None
    ):
        return [Problem(
            "mahjong.too-many-chows",
            (("who", p.name), ("seat", seat), ("max", rp.max_chows), ("where", where)),
            catalog=NAME,
        )]
    if not readings(counts):
        shown = _compact(t.concealed)
        return [Problem(
            "mahjong.not-winning",
            (("who", p.name), ("seat", seat), ("tiles", shown),
             ("sets", 4 - len(t.melds)), ("where", where)), catalog=NAME,
        )]
    return []


def _check_going_out(hand: MahjongHand, seats: Mapping[str, str], winner: str) -> list[Problem]:
    """How the winner went out: the winning tile, who discarded it, where it came from."""
    out: list[Problem] = []
    w = next(p for p in hand.players if p.name == winner)
    if hand.winning_tile is not None and hand.winning_tile not in w.tiles.concealed:
        out.append(Problem("mahjong.winning-tile",
                           (("who", winner), ("tile", tile_id(hand.winning_tile)),
                            ("key", Key("winning_tile"))), catalog=NAME))
    discarder = _resolve(hand.discarder, seats)
    if hand.discarder is not None and discarder is None:
        out.append(Problem("mahjong.discarder-unknown", (
            ("who", hand.discarder), ("key", Key("discarder", repr(hand.discarder)))),
            catalog=NAME))
    if discarder is not None and discarder == winner:
        out.append(Problem("mahjong.discarder-is-winner",
                           (("who", winner), ("drawn", Key("self_drawn"))), catalog=NAME))
    if hand.self_drawn and hand.discarder is not None:
        out.append(Problem("mahjong.self-drawn-and-discard",
                           (("drawn", Key("self_drawn")), ("by", Key("discarder"))),
                           catalog=NAME))
    src = hand.last_source
    if src in DRAWN_SOURCES and discarder is not None:
        out.append(Problem("mahjong.source-drawn-discarder",
                           (("source", src), ("discarder", discarder),
                            ("key", Key("last_source", src)), ("by", Key("discarder", discarder))),
                           catalog=NAME))
    if src is not None and src not in DRAWN_SOURCES and hand.self_drawn:
        out.append(Problem("mahjong.source-discard-self-drawn",
                           (("source", src), ("key", Key("last_source", src)),
                            ("drawn", Key("self_drawn"))), catalog=NAME))
    if "twofold-fortune" in hand.declarations and src not in (None, "dead-wall"):
        out.append(Problem("mahjong.twofold-source",
                           (("source", src), ("key", Key("last_source", src))), catalog=NAME))
    east = next((n for n, s in seats.items() if s == "east"), None)
    return out + _check_special(hand, winner, east, discarder)


def _check_special(
    hand: MahjongHand, winner: str, east: str | None, discarder: str | None
) -> list[Problem]:
    """A special win (first-draw, first-discard) is what East's first tiles allow."""
    if hand.special == "first-draw" and (winner != east or discarder is not None):
        return [Problem(
            "mahjong.special-first-draw",
            (("who", winner), ("east", east),
             ("why", "not-east" if winner != east else "on-discard")), catalog=NAME,
        )]
    if hand.special == "first-discard" and (
        winner == east or (discarder is not None and discarder != east)
    ):
        return [Problem(
            "mahjong.special-first-discard" + ("" if winner == east else ".other"),
            (("who", winner), ("east", east), ("discarder", discarder),
             ("why", "own-discard" if winner == east else "other-discard")), catalog=NAME,
        )]
    return []


def _compact(indices: tuple[int, ...]) -> str:
    out = []
    for s, letter in enumerate("mpsz"):
        ranks = sorted(i % 9 + 1 for i in indices if i // 9 == s)
        if ranks:
            out.append("".join(map(str, ranks)) + letter)
    return "".join(out)


# -- scoring ----------------------------------------------------------------------------------
def _score_of(name: str, seat: str, r: Reckoning, notes: list[Note]) -> PlayerScore:
    return PlayerScore(
        name, r.lines, r.subtotal, (), r.bonuses, r.multipliers, r.total,
        (Note("note.seat", (("seat", seat),)), *notes, *r.notes),
    )


def _reading_notes(best: Reckoning, others: tuple[Reckoning, ...]) -> list[Note]:
    n = 1 + len(others)
    if not best.sets:  # a shape of its own (Thirteen Orphans): no sets to read
        return []
    notes = [Note("note.split.chosen",
                  (("n", n), ("sets", describe(best.sets)), ("total", best.total)))]
    for r in others[:MAX_OTHER_READINGS]:
        notes.append(Note("note.split.other", (("sets", describe(r.sets)), ("total", r.total))))
    if len(others) > MAX_OTHER_READINGS:
        rest = others[MAX_OTHER_READINGS:]
        notes.append(Note("note.split.more", (("n", len(rest)), ("total", rest[0].total))))
    for line in best.lines:
        kind, side = (line.rule.split(".") + [""])[:2]
        facts = dict(line.params)
        if kind in ("pung", "kong") and side == "exposed" and facts.get("exposed") is False:
            # a concealed pung the discard completed, counted as exposed
            notes.append(Note("note.on-discard", (("set", facts["set"]),)))
    return notes


def score_hand(hand: MahjongHand, rules: Rules) -> HandResult:
    """Every player's score and the payments (a draw: nothing is scored)."""
    seats, _ = seating(tuple((p.name, p.seat) for p in hand.players), hand.dealer)
    order = sorted(hand.players, key=lambda p: WINDS.index(seats[p.name]))
    east = next(n for n, s in seats.items() if s == "east")
    head = [Note("note.seats", (("east", east), ("prevailing", hand.prevailing)))]
    plain = {k: list(v) if isinstance(v, tuple) else v for k, v in rules.values.items()}
    if hand.draw:
        players = tuple(
            PlayerScore(p.name, (), 0, notes=(Note("note.seat", (("seat", seats[p.name]),)),))
            for p in order
        )
        return HandResult(NAME, rules.preset, "draw", None, players, (), (), hand.stake,
                          hand.currency, (*head, Note("note.draw")), plain)
    winner = _resolve(hand.winner, seats)
    assert winner is not None
    discarder = _resolve(hand.discarder, seats)
    if discarder is None and hand.special == "first-discard":
        discarder = east
    scores: list[PlayerScore] = []
    for p in order:
        is_winner = p.name == winner
        src = hand.last_source
        drawn = hand.self_drawn or src in DRAWN_SOURCES
        seat = Seat(seats[p.name], hand.prevailing, is_winner,
                    is_winner and (discarder is not None or (src is not None and not drawn)),
                    hand.winning_tile if is_winner else None,
                    hand.special if is_winner else None,
                    is_winner and drawn, src if is_winner else None,
                    hand.declarations if is_winner else (), hand.east_wins)
        best, others = score_tiles(p.tiles, seat, rules)
        notes = _reading_notes(best, others) if is_winner else []
        if is_winner:
            notes += _going_out_notes(hand, winner, discarder, seats[p.name])
        scores.append(_score_of(p.name, seats[p.name], best, notes))
    totals = tuple((s.player, s.total) for s in scores)
    payments = settle_losers_differ(totals, winner, east, rules.num("east.factor"), hand.stake)
    if not params(rules).bonus_points and any(p.tiles.bonus for p in hand.players):
        head.append(Note("note.bonus-unscored"))
    losers = [s for s in scores if s.player != winner]
    for k, a in enumerate(losers):
        for b in losers[k + 1:]:
            if a.total == b.total:
                head.append(Note("note.tie", (("a", a.player), ("b", b.player))))
    return HandResult(NAME, rules.preset, "win", winner, tuple(scores), payments, (),
                      hand.stake, hand.currency, tuple(head), plain)


def _going_out_notes(
    hand: MahjongHand, winner: str, discarder: str | None, seat: str
) -> list[Note]:
    """How the winner went out: on whose discard or drawn, the last tile's source, what he
    declared, and East's winning streak."""
    notes: list[Note] = []
    if discarder is not None:
        notes.append(Note("note.discard", (("who", winner), ("from", discarder))))
    elif hand.self_drawn:
        notes.append(Note("note.self-drawn", (("who", winner),)))
    if hand.last_source:
        notes.append(Note("note.source", (("source", f"src.{hand.last_source}"),
                                          ("last", hand.last_source))))
    for d in hand.declarations:
        notes.append(Note("note.declarations", (("declarations", f"decl.{d}"), ("declared", d))))
    if hand.east_wins and seat == "east":
        notes.append(Note("note.east-wins", (("n", hand.east_wins),)))
    return notes

GAME = Mahjong()
