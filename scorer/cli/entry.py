"""Console entry point: typed scoring starts without typer or rich.

``scorer score``, ``scorer cards``, every game's quick form (``scorer gostop --me ...``)
and ``scorer ledger ...`` are parsed from options declared once as data (``run.COMMANDS``,
each game's ``quick``, ``ledger.COMMANDS``), with any of their options, help included;
importing typer or rich costs more than Python's whole start-up here. Every other command
goes to the typer app.
"""

from __future__ import annotations

import sys

from scorer.cli.output import safe_streams

# The generic commands declared in scorer.cli.run.COMMANDS (kept here as names only, so
# that `scorer --version` does not import run).
_COMMANDS = ("score", "cards")


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    safe_streams()
    if args[:1] == ["ledger"]:  # `scorer ledger ...`: declared once, parsed in scorer.cli.ledger
        from scorer.cli.ledger import main as ledger_main

        ledger_main(args[1:])
        return
    if args and args[0] in _COMMANDS:
        from scorer.cli import quick

        quick.run_command(args[0], args[1:])
        return
    if args and not args[0].startswith("-"):
        from scorer.games.base import game_name

        name = game_name(args[0])
        if name is not None:  # a game's quick form: argparse, declared by the game
            from scorer.cli import quick

            quick.main(name, args[1:])
            return
    from scorer.cli.app import run_app

    run_app(args)


if __name__ == "__main__":
    main()
