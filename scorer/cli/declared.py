"""Every typed command's options, found by the command's name (for checks and tools that
look at all of them: every option has its help in Spanish)."""

from __future__ import annotations

from typing import Any

from scorer.options import QuickOption


def declared_options(command: str) -> tuple[QuickOption, ...]:
    """Every option of `scorer COMMAND` (a game's quick form, ``score``, ``ledger add``...)."""
    from scorer.games.base import find_game

    game = find_game(command)
    if game is not None:
        from scorer.cli.quick import common_options, deck_options

        return (*game.quick, *deck_options(game), *common_options(game))
    return _generic(command).options


def spanish_help(command: str) -> dict[str, str]:
    """`scorer COMMAND`'s help in Spanish by flag ("" its description), as each option's
    declaration and the command's say it."""
    from scorer.games.base import find_game

    words = {o.flag: o.help_es for o in declared_options(command) if o.help_es}
    game = find_game(command)
    described = game.quick_help_es if game is not None else _generic(command).help_es
    if described:
        words[""] = described
    return words


def _generic(command: str) -> Any:
    """The declaration of a generic command (``score``, ``ledger add``...), else None."""
    if command.startswith("ledger "):
        from scorer.cli.ledger import COMMANDS as LEDGER

        return LEDGER.get(command.split()[1])
    from scorer.cli.run import COMMANDS

    return COMMANDS.get(command)
