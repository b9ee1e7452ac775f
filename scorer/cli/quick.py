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
from typing import Any, NoReturn

from scorer.cli.output import CliError, describe, fail
from scorer.games.base import Game, QuickOption, get_game

# Options every quick form has, after the game's own.
_STAKE_HELP = "money per point (default 1)"


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad options as our one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        fail(f"scorer {self.prog.split()[-1]}: {message} (see --help)")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter with the width from $COLUMNS or the terminal, without importing
    shutil (argparse builds a formatter for every option it adds: ~3 ms of start-up)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS", "")) or os.get_terminal_size().columns
            except (ValueError, OSError):
                width = 80
            width -= 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _bounded(name: str, high: int | None, low: int = 0) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            top = f" to {high}" if high is not None else " or more"
            raise argparse.ArgumentTypeError(f"{text} is out of range ({low}{top})")
        return value

    parse.__name__ = name
    return parse


def _stake(text: str) -> float:
    from scorer.games.record import MAX_STAKE

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= MAX_STAKE:  # nan fails both comparisons
        raise argparse.ArgumentTypeError(f"{text} is not a stake from 0 to {MAX_STAKE:,}")
    return value


def build_parser(game: Game) -> argparse.ArgumentParser:
    from scorer.games.rules import list_presets

    parser = _Parser(
        prog=f"scorer {game.name}",
        description=game.quick_help,
        formatter_class=_Formatter,
    )
    own = parser.add_argument_group(f"{game.title} options")
    for opt in game.quick:
        _add(own, opt)
    common = parser.add_argument_group("rules, stake and output")
    presets = list_presets(game.name)
    common.add_argument(
        "--rules",
        default=game.default_preset,
        choices=presets,
        metavar="PRESET",
        help=f"rule preset: {', '.join(presets)} (default {game.default_preset}; "
        f"see `scorer rules {game.name}`)",
    )
    common.add_argument(
        "--set", dest="set_", action="append", default=[], metavar="KEY=VALUE",
        help="override one rule value (repeatable)",
    )
    common.add_argument("--rules-file", metavar="FILE", help="a TOML file of rule overrides")
    common.add_argument("--stake", type=_stake, default=1.0, help=_STAKE_HELP)
    common.add_argument("--currency", default="", help="currency label, e.g. won")
    common.add_argument(
        "--json", dest="as_json", action="store_true", help="print one JSON document"
    )
    common.add_argument("--lang", choices=("en", "es"), help="language of the output")
    common.add_argument(
        "--yes", "-y", dest="assume_yes", action="store_true",
        help="accept uncertain cards recognised in photo piles",
    )
    common.add_argument(
        "--ledger", metavar="SESSION", help="also add the hand to this ledger session"
    )
    common.add_argument("--db", metavar="PATH", help="the ledger database (with --ledger)")
    return parser


def _add(group: Any, opt: QuickOption) -> None:
    if not opt.flag.startswith("-"):  # a positional argument
        group.add_argument(opt.dest, metavar=opt.metavar or opt.flag, help=opt.help)
        return
    kwargs: dict[str, Any] = {"dest": opt.dest, "help": opt.help}
    if opt.kind == "bool":
        kwargs["action"] = "store_true"
    else:
        if opt.kind == "int":
            kwargs["type"] = _bounded(opt.dest, opt.high)
        elif opt.kind == "float":
            kwargs["type"] = float
        elif opt.kind == "choice":
            kwargs["choices"] = opt.choices
        if opt.metavar or opt.kind in ("int", "float"):
            kwargs["metavar"] = opt.metavar or "N"
        if opt.repeat:
            kwargs["action"] = "append"
        kwargs["default"] = opt.default
        if opt.required:
            kwargs["required"] = True
    group.add_argument(*((opt.flag, opt.alias) if opt.alias else (opt.flag,)), **kwargs)


def build_command_parser(
    prog: str, description: str, options: tuple[QuickOption, ...]
) -> argparse.ArgumentParser:
    """The parser of a generic command (``score``, ``cards``) from its declared options."""
    parser = _Parser(
        prog=prog, description=description, formatter_class=_Formatter
    )
    for opt in options:
        _add(parser, opt)
    return parser


def run_command(name: str, argv: list[str]) -> None:
    """`scorer score|cards ...`: parse with the command's declared options and run it.

    The one parser of these commands: the typer app hands them here too, so the typed
    scoring path never imports typer, rich or pydantic, whatever the options.
    """
    from scorer.cli import run

    spec = run.COMMANDS[name]
    try:
        parser = build_command_parser(f"scorer {name}", spec.help, spec.options)
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
    args = vars(build_parser(game).parse_args(argv))
    language = resolve_lang(args["lang"])
    args["lang"] = language  # the game may name the players in the output language
    try:
        data = game.quick_record(args)
    except ValueError as err:
        raise CliError(f"scorer {game.name}: {err}") from None
    stake = args["stake"]
    data["preset"] = args["rules"]
    data["stake"] = int(stake) if float(stake).is_integer() else stake
    if args["currency"]:
        data["currency"] = args["currency"]
    try:
        record = record_from_data(
            data,
            origin=f"scorer {game.name}",
            base_dir=os.getcwd(),
            overrides=args["set_"],
            rules_file=args["rules_file"],
            pile_resolver=photo_resolver(args["assume_yes"]),
        )
        result = score_record(record)
    except ValueError as err:
        raise CliError(describe(err, language)) from None
    if args["ledger"]:
        from scorer.cli.run import add_to_ledger

        add_to_ledger(args["db"], args["ledger"], dict(record.data), result)
    emit_result(result, as_json=args["as_json"], lang=language)


def main(game_name: str, argv: list[str]) -> None:
    try:
        run_quick(game_name, argv)
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        _quiet_pipe()
