"""The bodies of the commands that must start fast (``cards``, ``score``).

They import neither typer nor rich: the typer app in :mod:`scorer.cli.app` and the fast
path in :mod:`scorer.cli.entry` both call these, so both produce the same output.
Each returns normally on success and raises :class:`CliError` for bad input.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from scorer.cli.output import CliError, describe, emit_json, emit_text, use_color
from scorer.i18n import detect_lang

MONTHS_BY_GAME = {"hanafuda": "kr"}
# Which deck (and so which classifier) a game's photo piles hold.
DECK_OF_GAME = {
    "gostop": "hanafuda",
    "koikoi": "hanafuda",
    "hanafuda": "hanafuda",
    "mahjong": "mahjong",
}


def resolve_lang(lang: str | None) -> str:
    try:
        return detect_lang(lang)
    except ValueError as err:
        raise CliError(str(err)) from None


def run_cards(game: str, *, as_json: bool, lang: str | None, months: str | None) -> None:
    from scorer.render.cards import GAMES, deck_json, render_deck

    if game not in GAMES:
        raise CliError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if months not in (None, "jp", "kr"):
        raise CliError(f"unknown month tradition {months!r}: expected 'jp' or 'kr'")
    language = resolve_lang(lang)
    chosen = months or MONTHS_BY_GAME.get(game, "kr")
    if as_json:
        emit_json(deck_json(game, language, chosen))
    else:
        emit_text(render_deck(game, language, chosen, color=use_color()))


def photo_resolver(assume_yes: bool) -> Any:
    """Hand photo piles to the vision pipeline (imported only when a photo is given)."""

    def resolve(path: str, game: str) -> str:
        from rich.console import Console

        from scorer.vision.confirm import resolve_pile_source

        console = Console(stderr=True)
        return resolve_pile_source(
            path,
            DECK_OF_GAME.get(game, game),
            assume_yes=assume_yes,
            interactive=sys.stdin.isatty() and sys.stderr.isatty(),
            console=console,
        )

    return resolve


def run_score(
    record_path: str,
    *,
    as_json: bool,
    lang: str | None,
    assume_yes: bool = False,
    overrides: list[str] | None = None,
    rules_file: str | None = None,
) -> None:
    from scorer.games.record import load_record, score_record
    from scorer.render.hand import render_hand

    language = resolve_lang(lang)
    if not os.path.isfile(record_path):
        raise CliError(f"no record file at {record_path!r}")
    try:
        record = load_record(
            record_path,
            pile_resolver=photo_resolver(assume_yes),
            overrides=list(overrides or ()),
            rules_file=rules_file or None,
        )
        result = score_record(record)
    except ValueError as err:
        raise CliError(describe(err, language)) from None
    if as_json:
        emit_json(result.to_json())
    else:
        emit_text(render_hand(result, language, color=use_color()))
