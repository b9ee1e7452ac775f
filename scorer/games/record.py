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
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.explain import HandResult, SeriesResult
from scorer.games.base import RecordProblem, located
from scorer.games.rules import (
    Rules,
    RulesError,
    flatten,
    load_preset,
    read_toml_file,
    resolve_rules,
)
from scorer.i18n import Key, Said

if TYPE_CHECKING:
    from scorer.games.base import Game, LoadContext, Problem, Reported

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
    "months",  # hanafuda decks: the numbering the card codes are typed in, jp or kr
    "players",  # the players ([[players]] tables)
    "hands",  # a series (match, round): one table per hand, inheriting the keys above
    "title",  # free text
    "date",  # free text
    "notes",  # free text
)
# Largest stake accepted: far above any table's, small enough that money stays exact.
MAX_STAKE = 10**9


def game_problems(problems: Sequence[Problem | str], where: str, game: str) -> list[Reported]:
    """A game's problems (``Game.check``, ``GameError``) as record problems at ``where``."""
    return [RecordProblem(p, where, catalog=game) for p in problems]


class RecordError(ValueError):
    """Everything wrong with one record file: ``FILE: problem; problem; ...``.

    ``problems`` keep the file name each, so each stands alone; the message names the file
    once. Each problem names the key or the player it is about.
    """

    def __init__(self, problems: Sequence[Reported], source: str | None = None) -> None:
        self.problems = tuple(problems)
        self.source = source
        from scorer.i18n import join_problems

        super().__init__(join_problems(self.problems, source))


def card_problems(err: Any, origin: str, who: str) -> list[Reported]:
    """A deck's NotationError as record problems about ``who``."""
    return [RecordProblem(p, origin, who) for p in err.problems]


class Record(NamedTuple):
    """A loaded, checked record: the resolved rules and the game's own hand object.

    A series record (``[[hands]]``: a match, a round) has ``hand = None`` and its hand
    tables in ``hands``; :func:`score_record` loads and scores them in order, since each
    hand may inherit facts (the dealer, the month) from the one before.
    """

    game: str
    rules: Rules
    hand: Any
    path: str | None = None
    title: str = ""
    extra: Mapping[str, Any] = MappingProxyType({})
    data: Mapping[str, Any] = MappingProxyType({})  # the record; photo piles as typed cards
    hands: tuple[Mapping[str, Any], ...] = ()
    context: Any = None  # the LoadContext of a series, for its hands


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


def _game_of(data: Mapping[str, Any], origin: str) -> Game:
    from scorer.games.base import find_game, game_names

    game = data.get("game")
    found = find_game(game) if isinstance(game, str) else None
    if found is None:
        names = ", ".join(game_names())
        shown = repr(game) if isinstance(game, str | int | float | bool) else "a table or array"
        raise RecordError(
            [
                f"{origin}: game = {shown}; expected one of {names}"
                if game is not None
                else f"{origin}: missing 'game' (one of {names})"
            ],
            origin,
        )
    return found


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
    from scorer.games.base import LoadContext

    game = _game_of(data, origin)
    problems: list[Reported] = []
    series = "hands" in data
    known = (*_COMMON_KEYS, *game.record_keys)
    for key in data:
        if key not in known:
            problems.append(_unknown_key(origin, key, known))
    preset = data.get("preset", game.default_preset)
    if not isinstance(preset, str):
        problems.append(located(origin, "record.preset-not-name", game=game.name))
        raise RecordError(problems, origin)
    files: list[str] = []
    if "rules_file" in data:
        if isinstance(data["rules_file"], str):
            files.append(os.path.join(base_dir, data["rules_file"]))
        else:
            problems.append(located(origin, "record.rules-file-not-path"))
    if rules_file is not None:
        files.append(os.fspath(rules_file))
    table = data.get("rules", {})
    if not isinstance(table, dict):
        problems.append(located(origin, "record.rules-not-table"))
        table = {}
    rules: Rules | None = None
    try:
        rules = resolve_rules(
            game.name,
            preset,
            files_=files,
            table=flatten(table),
            table_origin="[rules]",  # said after the record's name (RecordProblem)
            assignments=overrides,
        )
    except RulesError as err:
        # each kept a Said, not flattened to English text, so the CLI says it in the
        # user's language (describe); str() of either is the same English as before
        problems += [p if p.startswith(origin) else RecordProblem(p, origin)
                     for p in err.problems]
    ctx = LoadContext(origin, base_dir, pile_resolver)
    if series:
        hands = data.get("hands")
        if not isinstance(hands, list) or not hands or not all(isinstance(h, dict) for h in hands):
            problems.append(located(origin, "record.hands-not-tables"))
        if problems or rules is None:
            raise RecordError(problems, origin)
        assert isinstance(hands, list)
        return Record(
            game.name, rules, None, path, str(data.get("title", "")),
            data=data, hands=tuple(hands), context=ctx,
        )
    loading = rules
    if loading is None:  # bad overrides: still check the hand under the bare preset
        try:
            loading = load_preset(game.name, preset)
        except RulesError:
            raise RecordError(problems, origin) from None
    hand, resolved, more = _load_hand(game, data, loading, ctx)
    problems += more
    if problems or hand is None or rules is None:
        raise RecordError(problems, origin)
    return Record(game.name, rules, hand, path, str(data.get("title", "")), data=resolved)


def _load_hand(
    game: Game, data: Mapping[str, Any], rules: Rules, ctx: LoadContext
) -> tuple[Any, dict[str, Any], list[Reported]]:
    """(hand, the record with photo piles typed, problems) for one hand's table."""
    from scorer.games.base import Common
    from scorer.media import is_photo_name

    origin = ctx.origin
    problems: list[Reported] = []
    resolved = dict(data)
    months = _months(game, data, origin, problems)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        problems.append(located(origin, "record.no-players"))
        raw_players = []
    players: list[tuple[str, Mapping[str, Any]]] = []
    typed: list[Any] = []
    said: dict[str, dict[str, str]] = {}  # per player: {code renumbered: the word typed}
    for i, entry in enumerate(raw_players, start=1):
        if not isinstance(entry, dict):
            problems.append(located(origin, "record.player-not-table", n=i))
            typed.append(entry)
            continue
        name = entry.get("name")
        who = Said("about.player", name=repr(name) if isinstance(name, str) and name.strip()
                   else str(i))
        if not isinstance(name, str) or not name.strip():
            problems.append(located(origin, "record.no-name", about=who))
            name = f"player {i}"
        for key in entry:
            if key not in game.player_keys:
                problems.append(_unknown_key(origin, key, game.player_keys, who))
        entry = dict(entry)
        if "cards" in entry:
            photo = isinstance(entry["cards"], str) and is_photo_name(entry["cards"])
            entry["cards"] = ctx.pile(game.name, entry["cards"], who, problems, game.max_pile)
            if months and not photo:  # a photo is read in the game's own numbering
                from scorer.decks import get_deck

                entry["cards"], said[who] = get_deck(game.deck).module.renumber(
                    entry["cards"], months, game.months or "kr")
        players.append((name.strip(), entry))
        typed.append(entry)
    resolved["players"] = typed
    names = [n for n, _ in players]
    dupes = sorted({x for x in names if names.count(x) > 1})
    if dupes:
        problems.append(located(origin, "record.names-differ", names=", ".join(dupes)))
    dealer = ctx.name(data, "dealer", problems)
    if dealer is not None and names and dealer not in names:
        problems.append(located(origin, "record.dealer-not-player",
                                key=Key("dealer", repr(dealer)), names=", ".join(names)))
    stake = data.get("stake", 1)
    if (
        isinstance(stake, bool)
        or not isinstance(stake, int | float)
        or not 0 <= stake <= MAX_STAKE  # also refuses nan and inf
    ):
        problems.append(located(origin, "record.stake", value=repr(stake), high=MAX_STAKE))
        stake = 1
    currency = data.get("currency", "")
    if not isinstance(currency, str):
        problems.append(located(origin, "record.currency"))
        currency = ""
    if isinstance(stake, float):  # exact money for stakes like 0.1; loaded only when needed
        from fractions import Fraction

        stake = Fraction(str(stake))
    common = Common(tuple(players), stake, currency, dealer)
    hand, more = game.load(data, common, rules, ctx)
    if said:
        more = [_as_typed(p, said) for p in more]
    problems += more
    hint = _months_hint(game, more, origin, months)
    if hint is not None:
        problems.append(hint)
    if hand is not None and not problems:
        problems += game_problems(game.check(hand, rules), origin, game.name)
    return (None if problems else hand), resolved, problems


def _as_typed(problem: Reported, said: Mapping[str, Mapping[str, str]]) -> Reported:
    """A card problem with the words the player typed, where ``months`` renumbered them: the
    word is the problem's ``token``, and its sentence is said again from it."""
    if not isinstance(problem, RecordProblem) or not hasattr(problem.problem, "token"):
        return problem
    inner = problem.problem
    words = said.get(problem.about, {})
    if inner.token not in words:
        return problem
    return problem._replace(problem=inner._replace(token=words[inner.token]))


def _months(game: Game, data: Mapping[str, Any], origin: str, problems: list[Reported]) -> str:
    """The numbering a record's card codes are typed in (``months``), where it is not the
    game's own; "" for the game's own, or a problem for a value that is not one."""
    months = data.get("months")
    if months is None:
        return ""
    from scorer.decks import DECKS

    deck = DECKS.get(game.deck)
    if deck is None or not deck.by_month:
        problems.append(located(origin, "record.months-no-months", value=repr(months),
                                game=game.name))
        return ""
    if months not in ("jp", "kr"):
        problems.append(located(origin, "record.months", value=repr(months)))
        return ""
    return "" if months == (game.months or "kr") else str(months)


def _months_hint(
    game: Game, problems: Sequence[Reported], origin: str, months: str
) -> RecordProblem | None:
    """One more problem after card problems on a code of month 11 or 12: the numbering the
    codes were read in, and how to say the other (``--months``, a record's ``months``)."""
    from scorer.decks import get_deck

    deck = get_deck(game.deck)
    if not deck.by_month:
        return None
    is_swapped_code = deck.module.is_swapped_code
    tokens = [getattr(p.problem, "token", None) for p in problems if isinstance(p, RecordProblem)]
    if not any(isinstance(t, str) and is_swapped_code(t) for t in tokens):
        return None
    used = months or game.months or "kr"
    other = "jp" if used == "kr" else "kr"
    numbering = f"months-{used}"  # said from the catalog's word.months-kr, word.months-jp
    args = {"title": game.short_title, "used": used, "other": other,
            "numbering": numbering}
    return located(origin, "record.months-hint-given" if months else "record.months-hint",
                   **args)


def score_record(record: Record) -> HandResult | SeriesResult:
    """Score a loaded record with its game's engine (a series: hand by hand)."""
    from scorer.games.base import GameError, get_game

    game = get_game(record.game)
    where = record.path or "record"
    if record.hand is None:
        return _score_series(game, record)
    try:
        return game.score(record.hand, record.rules)
    except GameError as err:
        raise RecordError(game_problems(err.problems, where, game.name), where) from None


def series_hands(record: Record) -> list[tuple[dict[str, Any], HandResult]]:
    """Each hand of a series record as (its own one-hand record, its result), in order.

    A hand's record is the top-level keys, what the previous hand carries over
    (``Game.next_hand``) and the hand's own table: it scores alone as it did in the series
    (the ledger stores a match hand by hand this way). Every hand's problems are reported
    at once.
    """
    from scorer.games.base import GameError, get_game

    game = get_game(record.game)
    base = {k: v for k, v in record.data.items() if k != "hands"}
    problems: list[Reported] = []
    out: list[tuple[dict[str, Any], HandResult]] = []
    carried: dict[str, Any] = game.series_start(base)
    ctx = record.context
    known = tuple(k for k in (*_COMMON_KEYS, *game.record_keys) if k != "hands")
    for i, table in enumerate(record.hands):
        data = {**base, **carried, **table}
        hctx = ctx._replace(origin=f"{ctx.origin} hand {i + 1}")
        problems += [
            _unknown_key(hctx.origin, key, known) for key in table if key not in known
        ]
        hand, resolved, more = _load_hand(game, data, record.rules, hctx)
        problems += more
        carried = {}
        if hand is None:
            continue
        try:
            result = game.score(hand, record.rules)
        except GameError as err:
            problems += game_problems(err.problems, hctx.origin, game.name)
            continue
        carried = game.next_hand(i, data, result, record.rules)
        # what this hand hands on (the next dealer) is part of its result in the evening
        out.append((resolved, result._replace(next_hand=carried)))
    if problems:
        raise RecordError(problems, record.path or ctx.origin)
    return out


def _score_series(game: Game, record: Record) -> SeriesResult:
    """Score each hand of a series in order: running totals and the final payments."""
    from scorer.explain import SeriesResult
    from scorer.settle import series_payments

    results = [result for _, result in series_hands(record)]
    payments, totals = series_payments(results)
    return SeriesResult(
        game=game.name,
        preset=record.rules.preset,
        kind=game.series_name,
        hands=tuple(results),
        totals=totals,
        payments=payments,
        stake=results[-1].stake if results else 0,
        currency=results[-1].currency if results else "",
    )


def _unknown_key(where: str, key: str, known: Sequence[str], who: str = "") -> RecordProblem:
    import difflib  # error path only

    close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
    if close:
        shown = ", ".join(repr(c) for c in close)
        return located(where, "record.unknown-key-hint", about=who, key=repr(key), close=shown)
    return located(where, "record.unknown-key", about=who, key=repr(key))
