"""The one interface every game engine implements, and the registry that finds them.

A game is a module ``scorer/games/<name>.py`` that defines ``GAME = <a Game subclass>()``,
plus its presets in ``scorer/games/presets/<name>/`` (``_keys.toml`` and one file a preset).
That is all: ``scorer score``, ``scorer rules``, the quick form ``scorer <name> ...``, the
renderers, JSON and the ledger find it here and never name a game.

What a game provides (see :class:`Game`):

- ``name``, ``deck`` (which cards its piles hold, for photos and card labels), ``title``,
  ``short_title`` (and ``title_es``, ``short_title_es`` where Spanish says them otherwise);
- ``record_keys`` / ``player_keys``: the keys its records have beyond the common ones;
- ``load(data, common, rules, ctx)``: the record's facts -> the game's own hand object;
- ``check(hand, rules)``: every problem of the hand at once, as :class:`Problem` records;
- ``score(hand, rules) -> HandResult``: pure, no I/O;
- its rules' names and its sentences live in the catalogs, a section per game
  (:mod:`scorer.catalog.en` / ``es`` ``GAMES`` and ``RULES``, :mod:`scorer.catalog.native`);
- ``quick``: the quick form's options as data (:class:`QuickOption`) and
  ``quick_record(values)``, the record those options stand for;
- optionally ``next_hand(...)``: the facts a series of hands carries from one hand to the
  next (the dealer, the round's month), for match / round records (``[[hands]]``).

Only light modules are imported here (the typed-scoring path goes through it).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from scorer.explain import Args, HandResult
from scorer.i18n import english
from scorer.options import QuickOption  # noqa: F401  (declared with the games' quick forms)

if TYPE_CHECKING:
    from scorer.games.rules import Rules

if TYPE_CHECKING:
    from fractions import Fraction


# No deck holds more than 144 tiles + 8 flowers and seasons: a longer pile is a mistake.
MAX_PILE = 152


class Problem(NamedTuple):
    """One thing wrong with a hand: an id (``code``) and the facts (``args``), said in the
    user's language where shown from the section of the catalogs ``catalog`` names (a game's,
    ``""``: scorer's own); ``str()`` is its English.

    ``code`` is stable (tests and translations key on it).
    """

    code: str
    args: Args = ()
    catalog: str = ""

    def __str__(self) -> str:
        return english(self)


class GameError(ValueError):
    """Everything wrong with one hand, together (raised by ``Game.score`` on a bad hand)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


class Common(NamedTuple):
    """The facts every record has, read and checked by the generic loader."""

    players: tuple[tuple[str, Mapping[str, Any]], ...]  # (name, its [[players]] table)
    stake: int | Fraction | float = 1
    currency: str = ""
    dealer: str | None = None

    def hand_facts(self) -> dict[str, Any]:
        """The facts a game's hand carries as they are (its fields ``stake``, ``currency``
        and ``dealer``), to pass on as keywords."""
        return {"stake": self.stake, "currency": self.currency, "dealer": self.dealer}


class Wording(NamedTuple):
    """How one option is shown: its label, the words of its choices (catalog ids,
    :mod:`scorer.catalog`), its control."""

    label: str  # "{who}" in it: the place's player
    choices: dict[str, str] | None = None  # value -> its words
    control: str = ""  # "", "who_number", "who_choice", "player", "each_player"
    kinds: tuple[str, ...] = ()  # who_choice: the KIND values, worded by ``choices``
    example: str = ""  # typed notation shown in the field (else the deck's example)
    clears: str = ""  # each_player: a record key a value here removes (an instant win: no stop)


class Game:
    """Base class of a game engine; each game module defines ``GAME = TheGame()``."""

    name: ClassVar[str] = ""
    #: Other names the game answers to wherever a game is named (``scorer go-stop``,
    #: ``game = "hwatu"``, ``ledger new --game koi-koi``), as python-chess's variants do.
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""  # shown in help: "Koi-Koi (hanafuda)"
    title_es: ClassVar[str] = ""  # ... in Spanish help, where it differs: "Mahjong (clásico chino)"
    #: The game's name in a sentence ("Koi-Koi numbers willow 11 ..."), and as Spanish help
    #: says it where that differs (the Hakka seed's "tarjetas Hakka").
    short_title: ClassVar[str] = ""
    short_title_es: ClassVar[str] = ""
    deck: ClassVar[str] = ""  # "hanafuda" | "mahjong" | "hakka"
    months: ClassVar[str] = ""  # hanafuda month tradition of the card codes shown: jp | kr
    default_preset: ClassVar[str] = ""
    record_keys: ClassVar[tuple[str, ...]] = ()  # top-level record keys beyond the common
    player_keys: ClassVar[tuple[str, ...]] = ("name", "cards")
    #: Record keys whose value is a player's name (or a list of names): renamed with the
    #: quick form's ``--names``.
    player_refs: ClassVar[tuple[str, ...]] = ()
    quick: ClassVar[tuple[QuickOption, ...]] = ()
    #: The web page's hand form: the quick form's places (players as it names them: me, vs,
    #: east) per table size, in seat order, and how each option is said (:class:`Wording`).
    places: ClassVar[Mapping[int, tuple[str, ...]]] = {}
    words: ClassVar[Mapping[str, Wording]] = {}
    #: The page names a seat by its place (mahjong's winds), not "Player 2".
    seats_by_place: ClassVar[bool] = False
    quick_help: ClassVar[str] = ""  # the quick form's help text, with an example
    quick_help_es: ClassVar[str] = ""  # ... in Spanish (its options': their help_es)
    #: What a series record (``[[hands]]``) is called: "match", "round", "game".
    series_name: ClassVar[str] = "series"
    #: The most cards or tiles one typed pile can hold (its whole deck); longer input is
    #: refused before parsing, so 10,000 typed tokens get an answer at once.
    max_pile: ClassVar[int] = MAX_PILE
    # The quick form's pile options in seat order (``--me``, then ``--vs``, ...): a table
    # photo's piles fill them, one seat each (`scorer <game> --table PHOTO --seats ...`).
    # An option that repeats takes every further seat. () : no table photos.
    table_piles: ClassVar[tuple[str, ...]] = ()

    # -- records --------------------------------------------------------------------------
    def load(
        self, data: Mapping[str, Any], common: Common, rules: Rules, ctx: LoadContext
    ) -> tuple[Any, list[Reported]]:
        """The game's hand object from a record (``None`` and problems when it cannot)."""
        raise NotImplementedError

    def check(self, hand: Any, rules: Rules) -> list[Problem]:
        """Every problem with a loaded hand, at once (empty: the hand can be scored)."""
        raise NotImplementedError

    def score(self, hand: Any, rules: Rules) -> HandResult:
        """Score a checked hand. Pure: no I/O, no printing."""
        raise NotImplementedError

    # -- the quick form -------------------------------------------------------------------
    def quick_record(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The record (as parsed TOML) that the quick form's option values stand for.

        Raise ``ValueError`` with a one-line message for options that do not fit together.
        """
        raise NotImplementedError

    # -- series (a match, a round of hands) ---------------------------------------------------
    def player_range(self, rules: Rules) -> tuple[int, int]:
        """How many players a hand under ``rules`` has: (fewest, most). A ledger session
        of another size could never take a hand, so `scorer ledger new` refuses it."""
        return 2, 8

    def next_hand(
        self, index: int, data: Mapping[str, Any], result: HandResult, rules: Rules
    ) -> dict[str, Any]:
        """Facts the next hand of a series inherits when it does not state them.

        ``index`` is the 0-based number of the hand just scored, ``data`` its record table
        and ``result`` its result. The default carries nothing.
        """
        return {}

    def series_start(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Facts the first hand of a series has when the record does not state them
        (``data``: the record's top-level keys). The default: none."""
        return {}

    def series_count(self, hands: Sequence[HandResult]) -> int:
        """How many of a series' hands its header counts (a match counts rounds, and a
        redealt or void hand is none). The default: every hand."""
        return len(hands)

    # -- display --------------------------------------------------------------------------
    def laid_hand(self, concealed: int, melds: tuple[int, ...]) -> Any:
        """A photo's pieces laid as a hand (``concealed`` pieces, then each exposed meld's) as
        the game counts them: an object with ``possible``, ``miscounted``, ``odd_melds``,
        ``tiles``, ``concealed``, ``melds`` and the game's limits ``hand_tiles``,
        ``kong_counts``, ``meld_sizes``; None where the game lays no hand (a photo's check of
        its hand, :func:`scorer.vision.confirm.hand_problem`)."""
        return None

    def card_label(self, card_id: str) -> str:
        """Short label for a card id in explanations (the typed code where there is one)."""
        return card_id


class RecordProblem(NamedTuple):
    """A problem where it was found: a record (or a command) and the player or part of the hand
    it is about. Said in the user's language at the edge (:func:`scorer.i18n.say_problem`);
    ``str()`` is its English.

    ``problem`` is a game's or scorer's :class:`Problem` (said from the catalog of the game
    ``catalog`` names, ``""``: scorer's own), a deck's notation problem
    (:class:`scorer.decks.base.Problem`), or English text where nothing more is known (a rules
    file's problem).
    """

    problem: Any  # Problem | scorer.decks.base.Problem | str
    where: str = ""  # the record file or the command
    about: str = ""  # "player 'Ana'", or the part of the hand ("the winner")
    catalog: str = ""

    def __str__(self) -> str:
        return ": ".join(part for part in (self.where, self.about, english(self.problem)) if part)


#: What a record's loader reports.
Reported = RecordProblem | str


def located(where: str, code: str, *, about: str = "", catalog: str = "",
            **args: Any) -> RecordProblem:
    """Problem ``code`` (facts ``args``, said from the catalog section ``catalog``) at
    ``where``, about ``about``."""
    return RecordProblem(Problem(code, tuple(args.items()), catalog), where, about, catalog)


def quick_error(game: str, code: str, **args: Any) -> ValueError:
    """A quick-form option that cannot be used: said in the user's language from the catalog
    entry ``code`` of ``game`` (``""``: scorer's own catalog)."""
    return ValueError(located("", code, catalog=game, **args))


class LoadContext(NamedTuple):
    """Where a record comes from, so a game's loader can word problems and read photos."""

    origin: str  # file name or command, prefixed to every problem
    base_dir: str  # photos in a record are relative to it
    resolver: Any = None  # (path, game) -> typed notation; None: photos not allowed here

    def pile(
        self, game: str, value: Any, who: str, problems: list[Reported], most: int = MAX_PILE
    ) -> str:
        """A player's pile as typed notation: a string, a list of codes, or a photo name.

        A pile of more than ``most`` typed words is refused without parsing it (each
        unknown word costs a search for close spellings).
        """
        import os

        from scorer.decks import DECKS
        from scorer.media import is_photo_name

        unit = DECKS[get_game(game).deck].unit  # cards or tiles, as each language says them
        if isinstance(value, list):
            value = " ".join(str(x) for x in value)
        if not isinstance(value, str):
            problems.append(located(self.origin, f"record.cards-not-text.{unit}",
                                    about=who))
            return ""
        if not is_photo_name(value):
            words = len(value.replace(",", " ").replace(";", " ").replace("+", " ").split())
            if words > most:
                problems.append(located(self.origin, f"record.pile-long.{unit}",
                                        about=who, n=words, most=most))
                return ""
            return value
        image = os.path.join(self.base_dir, value.strip())
        if self.resolver is None:
            problems.append(located(
                self.origin, "record.photo-needs-cli",
                about=who, photo=value.strip(),
            ))
            return ""
        if not os.path.isfile(image):
            problems.append(located(self.origin, "record.no-photo", about=who, path=image))
            return ""
        try:
            return str(self.resolver(image, game))
        except ValueError as err:
            problems.append(RecordProblem(f"photo {os.path.basename(image)}: {err}",
                                          self.origin, who))
            return ""

    def whole(
        self,
        table: Mapping[str, Any],
        key: str,
        who: str,
        problems: list[Reported],
        *,
        high: int,
        low: int = 0,
        default: int = 0,
    ) -> int:
        """A whole number in ``low..high`` from a record table, else a problem naming it."""
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            huge = isinstance(value, int) and abs(value) >= 10**12  # never print 5000 digits
            shown = "a huge number" if huge else repr(value)
            code = "record.whole-huge" if huge else "record.whole"
            problems.append(located(self.origin, code, about=who,
                                    key=key, value=shown, low=low, high=high))
            return default
        return value

    def name(self, table: Mapping[str, Any], key: str, problems: list[Reported]) -> str | None:
        """An optional player name from a record table (stripped), else a problem."""
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            problems.append(located(self.origin, "record.not-a-name", key=key))
            return None
        return value.strip()


def rename_players(data: Mapping[str, Any], names: Sequence[str], game: Game) -> dict[str, Any]:
    """A quick-form record with its players (me, vs, east, ...) given ``names``, in order.

    Names change where a record keeps them: each player's ``name``, ``dealer`` and the
    game's ``player_refs`` keys (who stopped, who won); nothing else (a mahjong
    ``prevailing = "east"`` is a wind, not a player). ``ValueError`` when the names do not
    fit the players.
    """
    players = [dict(p) for p in data.get("players", []) if isinstance(p, dict)]
    old = [str(p.get("name", "")) for p in players]
    if len(names) != len(old):
        raise quick_error(
            "", "quick.names-count",
            n=len(old), players=", ".join(old), given=len(names), names=", ".join(names),
        )
    if len(set(names)) != len(names) or not all(names):
        raise quick_error("", "quick.names-unique",
                          names=", ".join(names))
    mapping = dict(zip(old, names, strict=True))
    out = dict(data)
    for p in players:
        p["name"] = mapping[str(p.get("name", ""))]
    out["players"] = players
    for key in ("dealer", *game.player_refs):
        value = out.get(key)
        if isinstance(value, str):
            out[key] = mapping.get(value, value)
        elif isinstance(value, list):
            out[key] = [mapping.get(v, v) if isinstance(v, str) else v for v in value]
    return out


# -- the registry ---------------------------------------------------------------------------
_LOADED: dict[str, Game] = {}


def game_names() -> list[str]:
    """Every registered game: each folder of presets with a module beside it."""
    from scorer.games.rules import list_games

    return list_games()


def game_aliases() -> dict[str, str]:
    """``{alias: game name}`` for every registered game's ``aliases``."""
    return {alias: name for name in game_names() for alias in get_game(name).aliases}


def game_name(name: str) -> str | None:
    """The registered name of a game named by its name or an alias; None for neither."""
    if name in game_names():
        return name
    return game_aliases().get(name.lower())


def get_game(name: str) -> Game:
    """The engine of a game by name or alias; ``KeyError`` naming the known games."""
    cached = _LOADED.get(name)
    if cached is not None:
        return cached
    names = game_names()
    if name not in names:
        found = game_aliases().get(name.lower())
        if found is not None:
            return get_game(found)
        raise KeyError(f"unknown game {name!r}; expected one of {', '.join(names)}")
    # __import__ rather than importlib.import_module: the importlib package (and warnings
    # behind it) would be the typed path's only reason to load them.
    module = f"scorer.games.{name}"
    __import__(module)
    game = sys.modules[module].GAME
    if not isinstance(game, Game) or game.name != name:
        raise TypeError(f"scorer.games.{name}.GAME is not the {name!r} Game")
    _LOADED[name] = game
    return game


def games_of_deck(deck: str) -> list[Game]:
    """Every registered game played with ``deck``."""
    return [game for game in map(get_game, game_names()) if game.deck == deck]


def find_game(name: str) -> Game | None:
    """The game, or None when there is no such game (no import error for a bad name)."""
    try:
        return get_game(name)
    except KeyError:
        return None
