"""`scorer <game> ...`: every game's quick form, built from the options the game declares.

A game lists its options as data (:class:`scorer.games.base.QuickOption`) and says which
record they stand for (``Game.quick_record``); this module adds the options every game
shares (rules, stake, output) and runs the record like `scorer score` does. It uses argparse
rather than typer so that a hand typed at the table starts as fast as `scorer score`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from scorer.cli.output import CliError, describe, fail
from scorer.games.base import Game, QuickOption, get_game
from scorer.lang import argv_lang
from scorer.options import DB, JSON, LANG, RULES_FILE, SET, YES, _value, shown_choices

if TYPE_CHECKING:
    from scorer.i18n import Spelling


def deck_options(game: Game) -> tuple[QuickOption, ...]:
    """What the quick form adds to the game's own options for its deck: ``--months`` where
    the deck is numbered by month (hanafuda)."""
    from scorer.decks import DECKS

    deck = DECKS.get(game.deck)
    if deck is None or not deck.by_month:
        return ()
    own = game.months or "kr"
    return (QuickOption(
        "--months", "months", "choice",
        f"the numbering the card codes are typed in: jp (willow 11, paulownia 12) or kr "
        f"(paulownia 11, willow 12); default {own}, {game.short_title}'s own",
        choices=("jp", "kr"),
        help_es=f"la numeración en que se escriben los códigos: jp (sauce 11, paulonia 12) o "
                f"kr (paulonia 11, sauce 12); por defecto {own}, la de {title_es(game)}"),)


def title_es(game: Game) -> str:
    """The game's short title as Spanish help says it."""
    return game.short_title_es or game.short_title


def common_options(game: Game) -> tuple[QuickOption, ...]:
    """The options every quick form has after the game's own: rules, stake and output."""
    from scorer.games.record import MAX_STAKE
    from scorer.games.rules import list_presets

    presets = tuple(list_presets(game.name))
    return (
        QuickOption("--rules", "rules", "choice",
                    f"rule preset: {', '.join(presets)} (default {game.default_preset}, or "
                    f"the ledger session's; see `scorer rules {game.name}`)",
                    choices=presets, metavar="PRESET",
                    help_es=f"reglas de la casa: {', '.join(presets)} (por defecto "
                            f"{game.default_preset}, o las de la sesión del libro; véase "
                            f"scorer rules {game.name})"),
        SET._replace(help="override one rule value (repeatable)",
                     help_es="cambia un valor de las reglas (se puede repetir)"),
        RULES_FILE,
        QuickOption("--stake", "stake", "float",
                    "money per point (default 1, or the ledger session's)", high=MAX_STAKE,
                    help_es="dinero por punto (por defecto 1, o el de la sesión del libro)"),
        QuickOption("--currency", "currency", "str", "currency label, e.g. won", "",
                    help_es="nombre de la moneda, p. ej. won"),
        JSON,
        LANG,
        YES,
        QuickOption("--ledger", "ledger", "str", "also add the hand to this ledger session",
                    metavar="SESSION",
                    help_es="añade también la mano a esta sesión del libro"),
        DB._replace(help="the ledger database (with --ledger)",
                    help_es="el fichero del libro (con --ledger)"),
        QuickOption("--names", "names", "str",
                    "the players' names, in the order of the piles above (needed with "
                    "--ledger: the session's names)", metavar="A,B,...",
                    help_es="los nombres de los jugadores, en el orden de los montones de "
                            "arriba (hacen falta con --ledger: los nombres de la sesión)"),
        *table_options(game),
    )


def table_options(game: Game) -> tuple[QuickOption, ...]:
    """A table photo in place of the piles, where the game says which options it fills."""
    if not game.table_piles:
        return ()
    slots = ", ".join(f"--{s}" for s in dict.fromkeys(game.table_piles))
    return (
        QuickOption("--table", "table", "str",
                    f"a photo of the whole table: each player's pile, found and confirmed, "
                    f"fills {slots} (in --seats order)", metavar="PHOTO",
                    help_es="una foto de toda la mesa: el montón de cada jugador, encontrado "
                            "y confirmado, ocupa el lugar de sus cartas (en el orden de "
                            "--seats)"),
        QuickOption("--seats", "seats", "str",
                    'with --table: who sits where, e.g. "Ana:bottom,Bo:top" (bottom, left, '
                    'top, right) or "Ana,Bo" (clockwise from the bottom; two sit across); '
                    f"the names become --names (default: {','.join(game.table_piles)})",
                    metavar="SEATS",
                    help_es='con --table: quién se sienta dónde, p. ej. "Ana:abajo,Bo:arriba" '
                            '(abajo, izquierda, arriba, derecha) o "Ana,Bo" (en el sentido de '
                            'las agujas del reloj desde abajo; dos se sientan enfrente); los '
                            'nombres pasan a ser --names'),
        QuickOption("--swap", "swap", "str",
                    "with --table: exchange the players of two piles, e.g. 1,2 (repeatable)",
                    (), repeat=True, metavar="A,B",
                    help_es="con --table: intercambia los jugadores de dos montones, p. ej. "
                            "1,2 (se puede repetir)"),
    )


# argparse makes each of its error sentences from a message id through gettext (the
# module's ``_``): for a Spanish command line it is handed these, so that the error is made
# in Spanish, as :func:`scorer.options._value` makes its own; argparse's catalog and the
# sentences it makes in English stay untouched.
_ARGPARSE_ES = {
    "the following arguments are required: %s": "faltan opciones obligatorias: %s",
    "unrecognized arguments: %s": "argumentos no reconocidos: %s",
    "ambiguous option: %(option)s could match %(matches)s":
        "opción ambigua: %(option)s puede ser %(matches)s",
    "one of the arguments %s is required": "hace falta una de las opciones %s",
    "argument %(argument_name)s: %(message)s": "opción %(argument_name)s: %(message)s",
    "expected one argument": "necesita un valor",
    "expected at least one argument": "necesita al menos un valor",
    "expected at most one argument": "admite como mucho un valor",
    "not allowed with argument %s": "no se admite junto con %s",
    "ignored explicit argument %r": "valor no admitido: %r",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "valor no válido: %(value)r (elige entre %(choices)s)",
    "invalid %(type)s value: %(value)r": "valor no válido: %(value)r",
}


@contextmanager
def _argparse_speaks(lang: str) -> Iterator[None]:
    """argparse's errors made in ``lang`` while a command line is parsed."""
    if lang != "es":
        yield
        return
    english = argparse._  # type: ignore[attr-defined]

    def spanish(msgid: str) -> str:
        return _ARGPARSE_ES.get(msgid) or english(msgid)

    argparse._ = spanish  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = english  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad options as our one line and exit code 2, in the language
    the command line asks for (``--lang``, else the environment's)."""

    lang = "en"

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        with _argparse_speaks(self.lang):
            return super().parse_known_args(args, namespace)

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        with _argparse_speaks(self.lang):  # its "unrecognized arguments" too
            return super().parse_args(args, namespace)

    def error(self, message: str) -> Any:
        fail(f"{self.prog}: {message} ({'véase' if self.lang == 'es' else 'see'} --help)")


class _Once(argparse.Action):
    """Store an option that takes one value, and refuse it given twice: argparse would keep
    the last and drop the first without a word (``--vs "2a" --vs "4a"``: a pile lost)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # per command line parsed: id of its namespace -> (the namespace, the value given);
        # a Namespace is unhashable, and a parser may parse more than one command line
        self._given: dict[int, tuple[Any, str]] = {}

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        import weakref

        typed = values if isinstance(values, str) else str(values)
        seen = self._given.get(id(namespace))
        if seen is not None and seen[0]() is namespace:
            from scorer.i18n import t

            lang = getattr(parser, "lang", "en")
            raise argparse.ArgumentError(self, t("option.twice", lang, first=repr(seen[1]),
                                                 second=repr(typed)))
        self._given[id(namespace)] = (weakref.ref(namespace), typed)
        setattr(namespace, self.dest, values)


def _typed(opt: QuickOption, lang: str) -> Any:
    def parse(text: str) -> Any:
        try:
            return _value(opt, text, lang)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    parse.__name__ = opt.dest
    return parse


class _SpanishHelp(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout with its one word of its own in Spanish (``uso:``)."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
        from scorer.cli.help_es import USAGE

        super().add_usage(usage, actions, groups, USAGE if prefix is None else prefix)


def _parser(prog: str, description: str, epilog: str | None, lang: str) -> _Parser:
    """A parser whose help reads in ``lang`` (argparse's own words too)."""
    parser = _Parser(prog=prog, description=description, epilog=epilog, add_help=False,
                     formatter_class=_SpanishHelp if lang == "es"
                     else argparse.RawDescriptionHelpFormatter)
    parser.lang = lang
    shown = "show this help message and exit"
    if lang == "es":
        from scorer.cli.help_es import HELP, OPTIONS, POSITIONALS

        parser._optionals.title, shown = OPTIONS, HELP
        parser._positionals.title = POSITIONALS
    parser.add_argument("-h", "--help", action="help", help=shown)
    return parser


def build_parser(game: Game, lang: str = "en", table: bool = False
                 ) -> argparse.ArgumentParser:
    """The quick form's argparse parser: the game's options, then the common ones;
    ``table``: a table photo fills the pile options, so none of them is required."""
    metavars: dict[str, str] = {}
    description = game.quick_help
    epilog = f"The codes to type: scorer cards {game.name}. The rules: scorer rules {game.name}."
    own_title, shared_title = f"{game.title} options", "rules, stake and output"
    if lang == "es":
        from scorer.cli import help_es
        from scorer.decks import DECKS

        description = game.quick_help_es or description
        metavars = {**help_es.METAVARS, **help_es.PIECES[DECKS[game.deck].unit]}
        epilog = help_es.POINTERS.format(game=game.name)
        own_title = help_es.GAME_OPTIONS.format(title=title_es(game))
        shared_title = help_es.SHARED
    parser = _parser(f"scorer {game.name}", description, epilog, lang)
    own = parser.add_argument_group(own_title)
    for opt in (*game.quick, *deck_options(game)):
        if table and opt.dest in game.table_piles:
            opt = opt._replace(required=False)
        _add(own, opt, lang, metavars)
    common = parser.add_argument_group(shared_title)
    for opt in common_options(game):
        _add(common, opt, lang, metavars)
    return parser


def _add(group: Any, opt: QuickOption, lang: str, metavars: dict[str, str]) -> None:
    """One declared option on a parser, its help in ``lang``; ``metavars``: what its value
    is called in ``lang`` (English: as declared)."""
    helped = opt.help_es if lang == "es" and opt.help_es else opt.help
    if not opt.flag.startswith("-"):  # a positional argument
        more: dict[str, Any] = {"nargs": opt.nargs} if opt.nargs else {}
        if opt.nargs:
            more["default"] = [] if opt.nargs == "*" else opt.default
        group.add_argument(opt.dest, metavar=_metavar(opt.metavar or opt.flag, metavars),
                           help=helped, **more)
        return
    kwargs: dict[str, Any] = {"dest": opt.dest, "help": helped}
    if opt.kind == "bool":
        kwargs["action"] = "store_true"
    else:
        if opt.kind in ("int", "float", "choice"):
            kwargs["type"] = _typed(opt, lang)  # a choice may be said in Spanish
        if opt.kind == "choice":
            kwargs["choices"] = opt.choices  # checked by the type, in the user's words
        if opt.kind == "choice" and not opt.metavar:
            kwargs["metavar"] = "{" + ",".join(shown_choices(opt, lang)) + "}"
        elif opt.metavar or opt.kind in ("int", "float"):
            kwargs["metavar"] = _metavar(opt.metavar or "N", metavars)
        elif lang == "es":
            kwargs["metavar"] = _metavar(opt.dest.upper(), metavars)
        kwargs["action"] = "append" if opt.repeat else _Once
        kwargs["default"] = list(opt.default) if isinstance(opt.default, tuple) else opt.default
        if opt.required:
            kwargs["required"] = True
    group.add_argument(*((opt.flag, opt.alias) if opt.alias else (opt.flag,)), **kwargs)


def _metavar(name: str, metavars: dict[str, str]) -> str:
    return metavars.get(name, name)


def build_command_parser(
    prog: str, description: str, options: tuple[QuickOption, ...], lang: str = "en"
) -> argparse.ArgumentParser:
    """The parser of a generic command (``score``, ``cards``, ``ledger add``, ...) from its
    declared options (their help in both languages); ``description`` in ``lang``."""
    metavars: dict[str, str] = {}
    if lang == "es":
        from scorer.cli import help_es

        metavars = help_es.METAVARS
    parser = _parser(prog, description, None, lang)
    for opt in options:
        _add(parser, opt, lang, metavars)
    return parser


def run_command(name: str, argv: list[str]) -> None:
    """`scorer score|cards ...`: parse with the command's declared options and run it.

    The one parser of these commands: the typer app hands them here too, so the typed
    scoring path never imports typer, rich or pydantic, whatever the options.
    """
    from scorer.cli import run

    spec = run.COMMANDS[name]
    try:
        lang = argv_lang(argv)
        parser = build_command_parser(f"scorer {name}", spec.help_es if lang == "es"
                                      else spec.help, spec.options, lang)
        args = vars(parser.parse_args(argv))
        getattr(run, spec.function)(**args)
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        _quiet_pipe()


def _quiet_pipe() -> None:
    """`scorer ... | head`: the reader left; not an error, and no second error at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.stderr.close()


def run_quick(game_name: str, argv: list[str]) -> None:
    """Parse, build the record, score it, print it (and add it to a ledger session)."""
    from scorer.cli.run import emit_result, photo_resolver, resolve_lang
    from scorer.games.record import record_from_data, score_record

    game = get_game(game_name)
    table = any(a == "--table" or a.startswith("--table=") for a in argv)
    args = vars(build_parser(game, argv_lang(argv), table=table).parse_args(argv))
    language = resolve_lang(args["lang"])
    args["lang"] = language  # the game may name the players in the output language
    if args.get("table"):
        from scorer.cli.table import fill_from_table

        fill_from_table(game, args, language)
    elif args.get("seats") or args.get("swap"):
        from scorer.i18n import t

        raise CliError(t("table.needs-table", language, game=f"scorer {game.name}"))
    try:
        data = game.quick_record(args)
    except ValueError as err:
        raise CliError(f"scorer {game.name}: {describe(err, language)}") from None
    if args["names"]:
        data = _rename(data, [n.strip() for n in args["names"].split(",")], game, language)
    elif args["ledger"]:
        from scorer.i18n import t

        order = ", ".join(str(p.get("name")) for p in data.get("players", []))
        raise CliError(t("ledger.needs-names", language, game=f"scorer {game.name}",
                         order=order))
    stake = args["stake"]
    if args["rules"]:
        data["preset"] = args["rules"]
    if stake is not None:
        data["stake"] = int(stake) if float(stake).is_integer() else stake
    if args["currency"]:
        data["currency"] = args["currency"]
    if args["rules_file"]:
        data["rules_file"] = os.path.abspath(args["rules_file"])
    months = args.get("months") or ""
    if months:
        data["months"] = months
    if args["ledger"]:
        from scorer.cli.run import score_into_ledger

        result = score_into_ledger(
            args["db"], args["ledger"], data, overrides=list(args["overrides"] or ()),
            assume_yes=args["assume_yes"], origin=f"scorer {game.name}", lang=language,
            spelling=typed(game),  # the hand's problems named as typed, as without --ledger
        )
        emit_result(result, as_json=args["as_json"], lang=language, months=months)
        return
    try:
        record = record_from_data(
            data,
            origin=f"scorer {game.name}",
            base_dir=os.getcwd(),
            overrides=list(args["overrides"] or ()),
            pile_resolver=photo_resolver(args["assume_yes"], language),
        )
        result = score_record(record)
    except ValueError as err:
        raise CliError(describe(err, language, typed(game))) from None
    emit_result(result, as_json=args["as_json"], lang=language, months=months)


def typed(game: Game) -> Spelling:
    """How a quick form's problems write the record keys its options fill: as the options
    typed (``--dream``, not ``dream_card``; ``--tile '5x'``, not ``winning_tile = '5x'``;
    ``--void``, not ``void = true``): a :data:`scorer.i18n.Spelling`."""
    return {opt.key or opt.dest: (opt.flag, opt.kind == "bool")
            for opt in game.quick if opt.flag.startswith("-")}


def _rename(data: dict[str, Any], names: list[str], game: Game, lang: str) -> dict[str, Any]:
    from scorer.games.base import rename_players

    try:
        return rename_players(data, names, game)
    except ValueError as err:
        raise CliError(f"scorer {game.name}: --names: {describe(err, lang)}") from None


def main(game_name: str, argv: list[str]) -> None:
    try:
        run_quick(game_name, argv)
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        _quiet_pipe()
