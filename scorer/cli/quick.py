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
_STAKE_HELP = "money per point (default 1, or the ledger session's)"


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad options as our one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        fail(f"scorer {self.prog.split()[-1]}: {message} (see --help)")


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
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    own = parser.add_argument_group(f"{game.title} options")
    for opt in game.quick:
        _add(own, opt)
    common = parser.add_argument_group("rules, stake and output")
    presets = list_presets(game.name)
    common.add_argument(
        "--rules",
        choices=presets,
        metavar="PRESET",
        help=f"rule preset: {', '.join(presets)} (default {game.default_preset}, or the "
        f"ledger session's; see `scorer rules {game.name}`)",
    )
    common.add_argument(
        "--set", dest="set_", action="append", default=[], metavar="KEY=VALUE",
        help="override one rule value (repeatable)",
    )
    common.add_argument("--rules-file", metavar="FILE", help="a TOML file of rule overrides")
    common.add_argument("--stake", type=_stake, help=_STAKE_HELP)
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
    common.add_argument(
        "--names", metavar="A,B,...",
        help="the players' names, in the order of the piles above (needed with --ledger: "
        "the session's names)",
    )
    return parser


def _add(group: Any, opt: QuickOption) -> None:
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
    group.add_argument(opt.flag, **kwargs)


def run_quick(game_name: str, argv: list[str]) -> None:
    """Parse, build the record, score it, print it (and add it to a ledger session)."""
    from scorer.cli.run import emit_result, photo_resolver, resolve_lang
    from scorer.games.record import record_from_data, score_record

    game = get_game(game_name)
    args = vars(build_parser(game).parse_args(argv))
    language = resolve_lang(args["lang"])
    try:
        data = game.quick_record(args)
    except ValueError as err:
        raise CliError(f"scorer {game.name}: {err}") from None
    if args["names"]:
        data = _rename(data, [n.strip() for n in args["names"].split(",")], game)
    elif args["ledger"]:
        order = ", ".join(str(p.get("name")) for p in data.get("players", []))
        raise CliError(
            f"scorer {game.name}: --ledger needs --names: the session's names for the players "
            f"{order}, in that order"
        )
    stake = args["stake"]
    if args["rules"]:
        data["preset"] = args["rules"]
    if stake is not None:
        data["stake"] = int(stake) if float(stake).is_integer() else stake
    if args["currency"]:
        data["currency"] = args["currency"]
    if args["rules_file"]:
        data["rules_file"] = os.path.abspath(args["rules_file"])
    if args["ledger"]:
        from scorer.cli.run import score_into_ledger

        result = score_into_ledger(
            args["db"], args["ledger"], data, overrides=args["set_"],
            assume_yes=args["assume_yes"], origin=f"scorer {game.name}", lang=language,
        )
        emit_result(result, as_json=args["as_json"], lang=language)
        return
    try:
        record = record_from_data(
            data,
            origin=f"scorer {game.name}",
            base_dir=os.getcwd(),
            overrides=args["set_"],
            pile_resolver=photo_resolver(args["assume_yes"]),
        )
        result = score_record(record)
    except ValueError as err:
        raise CliError(describe(err, language)) from None
    emit_result(result, as_json=args["as_json"], lang=language)


def _rename(data: dict[str, Any], names: list[str], game: Game) -> dict[str, Any]:
    from scorer.games.base import rename_players

    try:
        return rename_players(data, names, game)
    except ValueError as err:
        raise CliError(f"scorer {game.name}: --names: {err}") from None


def main(game_name: str, argv: list[str]) -> None:
    try:
        run_quick(game_name, argv)
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        sys.stderr.close()
