"""A game's quick-form options as web form fields, and the record the submitted form stands for.

Nothing here names a game: the fields come from ``Game.quick`` (flag, dest, kind, choices,
help), the record from ``Game.quick_record(values)``, exactly as ``scorer <game> ...`` builds
it. The quick form names its players as the command line does (``me``/``vs``, seats, ...);
the page says which session player sits in each of those places (``seats``), and
:func:`seat_record` puts the session's names into the record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorer.games.base import Game, QuickOption
from scorer.i18n import t

# Options that hold a list of cards or tiles get a photo button beside the text box: the
# metavars games give such options (`--me CARDS`, `--east TILES`, `--pattern CARDS`).
PILE_METAVARS = frozenset({"CARDS", "TILES"})


class FormError(ValueError):
    """Every problem with the submitted form, at once (shown on the page)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


def is_pile(opt: QuickOption) -> bool:
    return opt.kind == "str" and opt.metavar in PILE_METAVARS


def pile_options(game: Game) -> list[QuickOption]:
    return [o for o in game.quick if is_pile(o)]


def copies(game: Game, opt: QuickOption, players: int) -> int:
    """How many fields a repeatable option gets: one per player its single piles leave.

    A game whose piles are ``--me`` and a repeated ``--vs`` has, with 3 players, one ``me``
    field and two ``vs`` fields; a repeated count (``--vs-gos``) follows the same number.
    """
    if not opt.repeat:
        return 1
    single = sum(1 for o in pile_options(game) if not o.repeat)
    repeated = sum(1 for o in pile_options(game) if o.repeat) or 1
    return max(1, (players - single) // repeated)


def field_names(game: Game, opt: QuickOption, players: int) -> list[str]:
    """The form field name of each copy of an option: ``q.me``, ``q.vs.0``, ``q.vs.1``."""
    if not opt.repeat:
        return [f"q.{opt.dest}"]
    return [f"q.{opt.dest}.{k}" for k in range(copies(game, opt, players))]


def pile_fields(game: Game, players: int) -> list[tuple[QuickOption, str]]:
    """Every pile field of the form, in the quick form's order of players."""
    return [(o, n) for o in pile_options(game) for n in field_names(game, o, players)]


Label = Callable[[QuickOption, int], str]

def _whole(label: str, opt: QuickOption, text: str, problems: list[str], lang: str) -> int | None:
    try:
        value = int(text)
    except ValueError:
        problems.append(t("web.form.whole", lang, label=label, text=text[:40]))
        return None
    if value < 0 or (opt.high is not None and value > opt.high):
        top = (t("web.form.to", lang, high=opt.high) if opt.high is not None
               else t("web.form.more", lang))
        problems.append(t("web.form.range", lang, label=label, value=value, low=0, top=top))
        return None
    return value


def _value(label: str, opt: QuickOption, text: str, problems: list[str], lang: str) -> Any:
    """One submitted text as the option's value; None when left empty."""
    text = text.strip()
    if opt.kind == "bool":
        return bool(text)
    if not text:
        return None
    if opt.kind == "int":
        return _whole(label, opt, text, problems, lang)
    if opt.kind == "float":
        try:
            return float(text)
        except ValueError:
            problems.append(t("web.form.number", lang, label=label, text=text[:40]))
            return None
    if opt.kind == "choice" and text not in opt.choices:
        problems.append(t("web.form.choice", lang, label=label, text=text[:40]))
        return None
    return text


def web_fields(game: Game, form: Mapping[str, str], places: Sequence[str],
               label: Label | None = None, lang: str = "en") -> tuple[dict[str, str], list[str]]:
    """The form with its per-player number fields (``w.DEST.PLACE``) as the quick form's
    ``WHO:N`` values (``q.DEST.K``), and the problems of those fields."""
    from scorer.web.words import said

    out = {k: v for k, v in form.items() if not k.startswith("w.")}
    problems: list[str] = []
    for opt in game.quick:
        spoken = said(game.name, opt.dest)
        if spoken is None or spoken.control != "who_number":
            continue
        k = 0
        for i, place in enumerate(places):
            text = str(form.get(f"w.{opt.dest}.{place}", "")).strip()
            if not text or text == "0":
                continue
            shown = label(opt, i) if label else opt.flag
            value = _whole(shown, opt, text, problems, lang)
            if value is not None:
                out[f"q.{opt.dest}.{k}"] = f"{place}:{value}"
                k += 1
    return out, problems


def each_player(game: Game, form: Mapping[str, str], places: Sequence[str],
                label: Label | None = None, lang: str = "en",
                ) -> tuple[dict[int, dict[str, Any]], set[str], list[str]]:
    """The per-player copies of options the quick form asks of its first player only
    (``w.DEST.PLACE``): per place index the record keys to set, the record keys those
    values clear (an instant win leaves nobody to have stopped), and the problems."""
    from scorer.web.words import said

    found: dict[int, dict[str, Any]] = {}
    clears: set[str] = set()
    problems: list[str] = []
    for opt in game.quick:
        spoken = said(game.name, opt.dest)
        if spoken is None or spoken.control != "each_player":
            continue
        for i, place in enumerate(places):
            text = str(form.get(f"w.{opt.dest}.{place}", ""))
            value = _value(label(opt, i) if label else opt.flag, opt, text, problems, lang)
            if value:
                found.setdefault(i, {})[opt.dest] = value
                if spoken.clears:
                    clears.add(spoken.clears)
    return found, clears, problems


def quick_values(
    game: Game, form: Mapping[str, str], players: int, piles: Mapping[str, str],
    label: Label | None = None, lang: str = "en",
) -> dict[str, Any]:
    """The values ``quick_record`` expects, as argparse would give them, from the form.

    ``piles`` are the pile fields' final text (typed cards plus the photo's grid). Empty
    fields take the option's default; a repeatable option lists its non-empty copies.
    ``label(option, copy)`` names a field in problems (default: the option's flag).
    """
    problems: list[str] = []
    values: dict[str, Any] = {}
    for opt in game.quick:
        names = field_names(game, opt, players)
        if opt.repeat and not is_pile(opt):  # a composed list (WHO:N) may be longer
            k = len(names)
            while f"q.{opt.dest}.{k}" in form:
                names.append(f"q.{opt.dest}.{k}")
                k += 1
        got = [
            _value(label(opt, k) if label else opt.flag, opt,
                   piles[n] if n in piles else str(form.get(n, "")), problems, lang)
            for k, n in enumerate(names)
        ]
        if opt.repeat:
            kept = [g for g in got if g not in (None, "")]
            if is_pile(opt) and opt.required:  # an empty pile is a pile: keep its place
                kept = [g if g is not None else "" for g in got]
            values[opt.dest] = kept or opt.default
        elif opt.kind == "bool":
            values[opt.dest] = bool(got[0])
        elif got[0] is None:
            values[opt.dest] = "" if is_pile(opt) and opt.required else opt.default
        else:
            values[opt.dest] = got[0]
    if problems:
        raise FormError(problems)
    return values


def seat_record(data: dict[str, Any], seats: Sequence[str], game: Game,
                lang: str = "en") -> dict[str, Any]:
    """The quick form's record with the session's player names in it.

    The record's players, in order, are the places ``seats`` fills; names change where the
    game's records keep them (:func:`scorer.games.base.rename_players`). A record that
    already uses the session's names (a form that asks for names) is returned unchanged.
    """
    from scorer.games.base import rename_players

    players = data.get("players")
    if not isinstance(players, list):
        return data
    old = [str(p.get("name", "")) for p in players if isinstance(p, dict)]
    if set(old) <= set(seats):
        return data
    if len(old) != len(seats):
        raise FormError([t("web.form.seats", lang, n=len(old), places=", ".join(old),
                           seated=len(seats), names=", ".join(seats))])
    try:
        return rename_players(data, seats, game)
    except ValueError as err:
        raise FormError([t("web.form.seats-differ", lang, names=", ".join(seats))]) from err
