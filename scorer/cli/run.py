"""The bodies of the commands that must start fast (``cards``, ``score``).

They import neither typer nor rich: the typer app in :mod:`scorer.cli.app` and the fast
path in :mod:`scorer.cli.entry` both call these, so both produce the same output.
Each returns normally on success and raises :class:`CliError` for bad input.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from scorer.cli.output import CliError, describe, emit_json, emit_text, use_color
from scorer.lang import detect_lang
from scorer.options import JSON, LANG, RULES_FILE, SET, YES, Command, QuickOption

if TYPE_CHECKING:
    from scorer.i18n import Spelling

# The month numbering a bare `scorer cards hanafuda` shows (a game's name picks its own).
DEFAULT_MONTHS = "kr"


_JSON = JSON._replace(help="print one JSON document (stable schema)",
                      help_es="escribe un documento JSON (esquema estable)")
_LANG = LANG._replace(help="language of names and messages (default: from the locale)",
                      help_es="idioma de los nombres y los mensajes (por defecto, el del "
                              "sistema)")
COMMANDS: dict[str, Command] = {
    "score": Command(
        "Score a recorded hand: every rule with its cards, multipliers, and who pays whom.\n\n"
        "Examples: scorer score samples/gostop-cardavia-go.toml --lang es\n"
        "          scorer score samples/gostop-cardavia-go.toml --compare estandar\n"
        "A match or round record prints each hand and the final payment.",
        (
            QuickOption("RECORD", "record_path", "str", "a game record file (TOML); see samples/",
                        help_es="un fichero de registro de una partida (TOML); véase samples/"),
            _JSON,
            _LANG,
            YES,
            SET,
            RULES_FILE,
            QuickOption("--compare", "compare", "str",
                        "score the same hand under another preset, or the record's rules plus "
                        "a TOML file of overrides, and show what changes",
                        metavar="PRESET|RULES.toml",
                        help_es="puntúa la misma mano con otras reglas de la casa, o con las "
                                "del registro más un fichero TOML de cambios, y muestra lo que "
                                "cambia"),
        ),
        "run_score",
        help_es="Puntúa una mano registrada: cada regla con sus cartas, los multiplicadores y "
                "quién paga a quién.\n\nEjemplos: scorer score samples/gostop-cardavia-go.toml "
                "--lang es\n          scorer score samples/gostop-cardavia-go.toml --compare "
                "estandar\nUn registro de una partida o una ronda escribe cada mano y el pago "
                "final.",
    ),
    "cards": Command(
        "List a deck with the codes you can type, names, native terms and scoring "
        "attributes.\n\nExamples: scorer cards hanafuda; scorer cards hanafuda --months jp; "
        "scorer cards mahjong --json",
        (
            QuickOption("DECK", "game", "str",
                        "the deck (hanafuda, mahjong, hakka), or a game's name for its deck "
                        "in its own month numbering (gostop, koikoi, ...)",
                        help_es="la baraja (hanafuda, mahjong, hakka), o el nombre de un juego "
                                "para su baraja en su propia numeración de meses (gostop, "
                                "koikoi, ...)"),
            _JSON,
            _LANG,
            QuickOption("--months", "months", "choice",
                        "month numbering of hanafuda codes: kr (paulownia 11, rain 12; "
                        "Go-Stop) or jp (willow 11, paulownia 12; Koi-Koi)",
                        choices=("jp", "kr"),
                        help_es="numeración de los meses en los códigos de hanafuda: kr "
                                "(paulonia 11, lluvia 12; Go-Stop) o jp (sauce 11, paulonia 12; "
                                "Koi-Koi)"),
        ),
        "run_cards",
        help_es="Lista una baraja con los códigos que se escriben, los nombres, los términos "
                "nativos y los atributos de puntuación.\n\nEjemplos: scorer cards hanafuda; "
                "scorer cards hanafuda --months jp; scorer cards mahjong --json",
    ),
}


def resolve_lang(lang: str | None) -> str:
    try:
        return detect_lang(lang)
    except ValueError as err:
        raise CliError(str(err)) from None


def run_cards(
    game: str, *, as_json: bool = False, lang: str | None = None, months: str | None = None
) -> None:
    from scorer.decks import DECKS
    from scorer.games.base import find_game, game_names
    from scorer.render.cards import deck_json, render_deck

    deck, default_months = game, DEFAULT_MONTHS
    found = find_game(game) if game not in DECKS else None
    if found is not None:  # a game's name: its deck, in its month tradition
        deck, default_months = found.deck, found.months or DEFAULT_MONTHS
    if deck not in DECKS:  # each name once: a game may be named like its deck (issue 43)
        from scorer.i18n import t

        known = ", ".join(dict.fromkeys((*DECKS, *game_names())))
        raise CliError(t("cards.unknown", resolve_lang(lang), game=repr(game), known=known))
    if months not in (None, "jp", "kr"):
        raise CliError(f"unknown month tradition {months!r}: expected 'jp' or 'kr'")
    language = resolve_lang(lang)
    chosen = months or default_months
    if as_json:
        emit_json(deck_json(deck, language, chosen))
    else:
        emit_text(render_deck(deck, language, chosen, color=use_color()))


def photo_resolver(assume_yes: bool, lang: str = "en") -> Any:
    """Hand photo piles to the vision pipeline (imported only when a photo is given); its
    listing and warnings said in ``lang``."""

    def resolve(path: str, game: str) -> str:
        from rich.console import Console

        from scorer.vision.confirm import resolve_pile_source

        console = Console(stderr=True)
        from scorer.games.base import find_game

        found = find_game(game)
        return resolve_pile_source(
            path,
            found.deck if found is not None else game,
            months=(found.months if found is not None else "") or "kr",
            assume_yes=assume_yes,
            interactive=sys.stdin.isatty() and sys.stderr.isatty(),
            console=console,
            lang=lang,
        )

    return resolve


def run_score(
    record_path: str,
    *,
    as_json: bool = False,
    lang: str | None = None,
    assume_yes: bool = False,
    overrides: list[str] | None = None,
    rules_file: str | None = None,
    compare: str | None = None,
) -> None:
    from scorer.games.record import load_record, score_record

    language = resolve_lang(lang)
    if not os.path.isfile(record_path):
        raise CliError(f"no record file at {record_path!r}")
    try:
        record = load_record(
            record_path,
            pile_resolver=photo_resolver(assume_yes, language),
            overrides=list(overrides or ()),
            rules_file=rules_file or None,
        )
        result = score_record(record)
    except ValueError as err:
        raise CliError(describe(err, language)) from None
    if compare:
        run_compare(record, result, compare, as_json=as_json, lang=language)
        return
    emit_result(result, as_json=as_json, lang=language, months=typed_months(record.data))


def typed_months(data: Any) -> str:
    """A record's ``months`` (the numbering its codes were typed in), "" where it has none."""
    months = data.get("months")
    return months if months in ("jp", "kr") else ""


def run_compare(record: Any, result: Any, other: str, *, as_json: bool, lang: str) -> None:
    """`score RECORD --compare PRESET|RULES.toml`: the same hand under the other rule set.

    A preset name scores the hand under that preset alone; a TOML file of overrides is
    layered on the record's own rules (preset, rules file, ``[rules]``, ``--set``).
    """
    from scorer.explain import SeriesResult
    from scorer.games.base import get_game
    from scorer.games.record import RecordError, game_problems, score_record
    from scorer.games.rules import RulesError, load_preset

    if isinstance(result, SeriesResult):
        raise CliError("--compare takes a record of one hand, not a match or a round")
    try:
        if other.lower().endswith(".toml"):
            if not os.path.isfile(other):
                raise CliError(f"--compare: no rules file at {other!r}")
            rules_b = record.rules.with_file(other)
            label_b = os.path.basename(other)
        else:
            rules_b = load_preset(record.game, other)
            label_b = other
        game = get_game(record.game)
        problems = game.check(record.hand, rules_b)
        if problems:
            where = f"--compare {label_b}"
            raise RecordError(game_problems(problems, where, record.game), where)
        other_result = score_record(record._replace(rules=rules_b))
        assert not isinstance(other_result, SeriesResult)  # the same one-hand record
    except (RulesError, RecordError) as err:
        raise CliError(describe(err, lang)) from None
    label_a = record.rules.preset + (" +" if record.rules.overrides else "")
    if label_a == label_b:
        label_a = f"{label_a} (record)"
    if as_json:
        from scorer.compare import comparison_json

        emit_json(comparison_json(result, other_result, label_a, label_b))
        return
    from scorer.render.hand import render_compare

    emit_text(render_compare(result, other_result, label_a, label_b, lang, color=use_color()))


def emit_result(result: Any, *, as_json: bool, lang: str, months: str = "") -> None:
    """Print a hand or a series (match, round) as text or as its JSON document; ``months``:
    the numbering the cards were typed in (``--months``, a record's ``months``)."""
    if as_json:  # the records themselves: the renderer is not loaded
        emit_json(result.to_json())
        return
    from scorer.explain import SeriesResult
    from scorer.render.hand import render_hand, render_series

    if isinstance(result, SeriesResult):
        emit_text(render_series(result, lang, color=use_color(), months=months))
    else:
        emit_text(render_hand(result, lang, color=use_color(), months=months))


def score_into_ledger(
    db: str | None,
    session: str,
    data: dict[str, Any],
    *,
    overrides: list[str],
    assume_yes: bool,
    origin: str,
    lang: str,
    spelling: Spelling | None = None,
) -> Any:
    """Score a quick-form hand as the next hand of a ledger session and store it
    (``--ledger``), in one transaction with what it inherits (scorer.ledger.service).

    What the hand does not say (preset, stake, currency) comes from the session, as for
    `scorer ledger add`; the line naming the hand (``SESSION#N``) goes to stderr. The hand's
    problems name its record keys as ``spelling`` writes them (the quick form's options).
    """
    from scorer.i18n import t
    from scorer.ledger import service
    from scorer.ledger.db import default_path
    from scorer.ledger.render import hand_ref, nets_line

    try:
        sess, [added], _ = service.add_record(
            db or default_path(), session, data,
            service.Entry(origin, os.getcwd(), pile_resolver=photo_resolver(assume_yes, lang),
                          overrides=overrides, assume_yes=assume_yes),
        )
    except ValueError as err:  # a LedgerError too
        raise CliError(describe(err, lang, spelling)) from None
    from scorer.ledger.store import nets

    points, money = nets(added.result)
    line = t("added", lang, hand=hand_ref(sess.name, added.seq),
             nets=nets_line(points, money, sess.currency, lang))
    sys.stderr.write(line + "\n")
    return added.result
