"""The typed commands, found by the first word of a command line: ``score``, ``cards``,
``ledger ...`` and every game's quick form, each parsed from its options declared once as
data, without typer or rich. One dispatch, that the console entry point and the typer app
(which only lists these commands in its help) both call."""

from __future__ import annotations

# The generic commands declared in scorer.cli.run.COMMANDS (kept here as names only, so
# that `scorer --version` does not import run).
_COMMANDS = ("score", "cards")


def run_typed(args: list[str]) -> bool:
    """Run `scorer ARGS` if its first word names a typed command; whether it did."""
    if args[:1] == ["ledger"]:  # `scorer ledger ...`: declared once, parsed in scorer.cli.ledger
        from scorer.cli.ledger import main as ledger_main

        ledger_main(args[1:])
        return True
    if args and args[0] in _COMMANDS:
        from scorer.cli import quick

        quick.run_command(args[0], args[1:])
        return True
    if args and not args[0].startswith("-"):
        from scorer.games.base import game_name

        name = game_name(args[0])
        if name is not None:  # a game's quick form: argparse, declared by the game
            from scorer.cli import quick

            quick.main(name, args[1:])
            return True
    return False
