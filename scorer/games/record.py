"""Game record files: one finished hand, as TOML, for any game.

A record names its game and rule preset, the stake, the players with their captured
cards in the typed notation (or a photo of the pile), and the facts of the hand that
the cards cannot tell (who stopped, go counts, ...). ``game`` picks the loader, so
Koi-Koi, mahjong and Hakka records plug in beside Go-Stop. A Go-Stop record::

    game = "gostop"
    preset = "cardavia"        # a shipped preset: `scorer rules gostop`
    rules_file = "house.toml"  # optional overrides file, relative to this record
    stake = 100                # money per point (default 1)
    currency = "won"
    dealer = "Ana"
    stopped = "Ana"            # who called stop; leave out when nobody did (nagari)
    last_go = "Bo"             # only when several stopped players had called go

    [rules]                    # optional overrides, dotted keys or tables
    "brights.three_rain" = 2

    [[players]]
    name = "Ana"
    cards = "1b 3b 8b 2a 4a 8a ..."   # or "ana.jpg": a photo, read by the CLI
    gos = 1                    # gos this player called (default 0)
    shakes = 0                 # shakes / bombs this player declared (default 0)
    bombs = 0
    instant = "four-in-hand"   # an instant win: four-in-hand or three-ppuk

Every problem in a record is reported at once in one :class:`RecordError`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from scorer.explain import HandResult
from scorer.games.rules import Rules, RulesError, flatten, read_toml_file, resolve_rules
from scorer.media import is_photo_name

if TYPE_CHECKING:
    from typing import NamedTuple
else:  # the same class syntax, built without typing's per-field checks (start-up time)
    from scorer._tuples import NamedTuple

PileResolver = Callable[[str, str], str]
# Keys every record may have; each game adds its own (its facts of the hand).
_COMMON_KEYS = (
    "game",  # which game the record is for
    "preset",  # the rule preset
    "rules_file",  # a TOML file of rule overrides, relative to the record
    "rules",  # rule overrides (table)
    "stake",  # money per point
    "currency",  # currency label
    "dealer",  # who dealt
    "players",  # the players ([[players]] tables)
    "title",  # free text
    "date",  # free text
    "notes",  # free text
)
_GOSTOP_PLAYER_KEYS = ("name", "cards", "gos", "shakes", "bombs", "instant")


class CardProblem(str):
    """A card-notation problem as English text that keeps its structured problem."""

    who: str
    problem: Any

    def __new__(cls, text: str, who: str, problem: Any) -> CardProblem:
        obj = super().__new__(cls, text)
        obj.who = who
        obj.problem = problem
        return obj


class RecordError(ValueError):
    """Everything wrong with one record file: ``FILE: problem; problem; ...``.

    ``problems`` keep the file name each, so each stands alone; the message names the file
    once. Each problem names the key or the player it is about.
    """

    def __init__(self, problems: Sequence[str], source: str | None = None) -> None:
        self.problems = tuple(problems)
        self.source = source
        # (who, decks.base.Problem) for card-notation problems, so the CLI can say them in
        # the user's language; their English text is in ``problems`` as "who: message".
        self.notation = tuple((p.who, p.problem) for p in problems if isinstance(p, CardProblem))
        if source:
            cut = len(source) + 2
            short = [p[cut:] if p.startswith(source + ": ") else p for p in self.problems]
            message = f"{source}: " + "; ".join(short)
        else:
            message = "; ".join(self.problems)
        super().__init__(message)


class Record(NamedTuple):
    """A loaded, checked record: the resolved rules and the game's own hand object."""

    game: str
    rules: Rules
    hand: Any  # gostop: scorer.games.gostop.GoStopHand
    path: str | None = None
    title: str = ""
    extra: Mapping[str, Any] = MappingProxyType({})


def load_record(
    path: str | os.PathLike[str],
    *,
    pile_resolver: PileResolver | None = None,
    overrides: Sequence[str] = (),
    rules_file: str | os.PathLike[str] | None = None,
) -> Record:
    """Read and check a record file; ``overrides``/``rules_file`` layer on its rules."""
    path = os.fspath(path)
    try:
        data = read_toml_file(path, "record")
    except RulesError as err:
        raise RecordError(list(err.problems), path) from None
    return record_from_data(
        data,
        origin=path,
        base_dir=os.path.dirname(path),
        pile_resolver=pile_resolver,
        overrides=overrides,
        rules_file=rules_file,
        path=path,
    )


def record_from_data(
    data: Mapping[str, Any],
    *,
    origin: str,
    base_dir: str,
    pile_resolver: PileResolver | None = None,
    overrides: Sequence[str] = (),
    rules_file: str | os.PathLike[str] | None = None,
    path: str | None = None,
) -> Record:
    """Check a parsed record (from a file or built by a quick-form command)."""
    problems: list[str] = []
    game = data.get("game")
    if game in GAMES:
        known = (*_COMMON_KEYS, *GAMES[game].keys)
        for key in data:
            if key not in known:
                problems.append(f"{origin}: {_unknown(key, known, 'key')}")
    else:
        problems.append(
            f"{origin}: game = {game!r}; expected one of {', '.join(GAMES)}"
            if game is not None
            else f"{origin}: missing 'game' (one of {', '.join(GAMES)})"
        )
        raise RecordError(problems, origin)
    preset = data.get("preset")
    if not isinstance(preset, str):
        problems.append(f"{origin}: missing 'preset' (see `scorer rules {game}`)")
        raise RecordError(problems, origin)
    files: list[str] = []
    if "rules_file" in data:
        if isinstance(data["rules_file"], str):
            files.append(os.path.join(base_dir, data["rules_file"]))
        else:
            problems.append(f"{origin}: rules_file must be a path string")
    if rules_file is not None:
        files.append(os.fspath(rules_file))
    table = data.get("rules", {})
    if not isinstance(table, dict):
        problems.append(f"{origin}: [rules] must be a table of rule overrides")
        table = {}
    rules: Rules | None = None
    try:
        rules = resolve_rules(
            game,
            preset,
            files_=files,
            table=flatten(table),
            table_origin=f"{origin} [rules]",
            assignments=overrides,
        )
    except RulesError as err:
        problems += [p if p.startswith(origin) else f"{origin}: {p}" for p in err.problems]
    hand, more = GAMES[game].load(data, rules, origin, base_dir, pile_resolver)
    problems += more
    if problems or rules is None or hand is None:
        raise RecordError(problems, origin)
    return Record(game, rules, hand, path, str(data.get("title", "")))


def score_record(record: Record) -> HandResult:
    """Score a loaded record with its game's engine."""
    game = GAMES.get(record.game)
    if game is None:
        raise RecordError([f"no scorer for game {record.game!r}"])
    return game.score(record)


# -- Go-Stop ----------------------------------------------------------------------------------
def _load_gostop(
    data: Mapping[str, Any],
    rules: Rules | None,
    origin: str,
    base_dir: str,
    resolver: PileResolver | None,
) -> tuple[Any, list[str]]:
    from scorer.decks.base import NotationError
    from scorer.decks.hanafuda import parse_pile
    from scorer.games.gostop import GoStopError, GoStopHand, GoStopPlayer, check_hand

    problems: list[str] = []
    allow_bonus = True
    if rules is not None:
        allow_bonus = rules.num("deck.bonus_two") + rules.num("deck.bonus_three") > 0

    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        problems.append(f"{origin}: no [[players]] tables")
        raw_players = []
    players: list[GoStopPlayer] = []
    for i, entry in enumerate(raw_players, start=1):
        if not isinstance(entry, dict):
            problems.append(f"{origin}: players entry {i} must be a table")
            continue
        name = entry.get("name")
        who = f"player {name!r}" if isinstance(name, str) and name else f"player {i}"
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{origin}: {who}: missing 'name'")
            name = f"player {i}"
        for key in entry:
            if key not in _GOSTOP_PLAYER_KEYS:
                problems.append(f"{origin}: {who}: {_unknown(key, _GOSTOP_PLAYER_KEYS, 'key')}")
        ints: dict[str, int] = {}
        for key in ("gos", "shakes", "bombs"):
            value = entry.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.append(f"{origin}: {who}: {key} = {value!r}; expected a whole number >= 0")
                value = 0
            ints[key] = value
        instant = entry.get("instant")
        if instant is not None and not isinstance(instant, str):
            problems.append(f"{origin}: {who}: instant must be a string")
            instant = None
        cards_text = entry.get("cards", "")
        if isinstance(cards_text, list):
            cards_text = " ".join(str(x) for x in cards_text)
        if not isinstance(cards_text, str):
            problems.append(f"{origin}: {who}: cards must be a string of card codes")
            cards_text = ""
        if is_photo_name(cards_text):
            image = os.path.join(base_dir, cards_text.strip())
            if resolver is None:
                problems.append(
                    f"{origin}: {who}: cards is a photo ({cards_text.strip()}); photos need "
                    "`scorer score` from the CLI"
                )
                cards_text = ""
            elif not os.path.isfile(image):
                problems.append(f"{origin}: {who}: no photo at {image}")
                cards_text = ""
            else:
                try:
                    cards_text = resolver(image, "gostop")
                except ValueError as err:
                    problems.append(f"{origin}: {who}: photo {os.path.basename(image)}: {err}")
                    cards_text = ""
        try:
            cards = parse_pile(cards_text, "kr", allow_bonus=allow_bonus)
        except NotationError as err:
            problems += [CardProblem(f"{origin}: {who}: {p.message}", who, p) for p in err.problems]
            cards = []
        players.append(
            GoStopPlayer(
                name.strip(), tuple(cards), ints["gos"], ints["shakes"], ints["bombs"], instant
            )
        )

    facts: dict[str, str | None] = {}
    for key in ("stopped", "dealer", "last_go"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            problems.append(f"{origin}: {key} must be a player's name")
            value = None
        facts[key] = value.strip() if isinstance(value, str) else None
    stake = data.get("stake", 1)
    if isinstance(stake, bool) or not isinstance(stake, int | float) or stake < 0:
        problems.append(f"{origin}: stake = {stake!r}; expected a number >= 0")
        stake = 1
    currency = data.get("currency", "")
    if not isinstance(currency, str):
        problems.append(f"{origin}: currency must be a string")
        currency = ""
    if problems or rules is None:
        return None, problems
    if isinstance(stake, float):  # exact money for stakes like 0.1; loaded only when needed
        from fractions import Fraction

        stake = Fraction(str(stake))
    hand = GoStopHand(
        tuple(players),
        stopper=facts["stopped"],
        stake=stake,
        currency=currency,
        dealer=facts["dealer"],
        last_go=facts["last_go"],
    )
    try:
        hand = check_hand(hand, rules)
    except GoStopError as err:
        return None, [f"{origin}: {p}" for p in err.problems]
    return hand, []


def _score_gostop(record: Record) -> HandResult:
    from scorer.games.gostop import GoStopError, score_hand

    try:
        return score_hand(record.hand, record.rules)
    except GoStopError as err:
        where = record.path or "record"
        raise RecordError([f"{where}: {p}" for p in err.problems], where) from None


class GameRecords(NamedTuple):
    """How one game's records are read and scored (Koi-Koi, mahjong, Hakka plug in here)."""

    keys: tuple[str, ...]  # top-level keys beyond the common ones
    load: Callable[
        [Mapping[str, Any], Rules | None, str, str, PileResolver | None], tuple[Any, list[str]]
    ]
    score: Callable[[Record], HandResult]


GAMES: dict[str, GameRecords] = {
    "gostop": GameRecords(("stopped", "last_go"), _load_gostop, _score_gostop),
}


def _unknown(key: str, known: Sequence[str] | Mapping[str, str], what: str) -> str:
    import difflib  # error path only

    close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown {what} {key!r}{hint}"
