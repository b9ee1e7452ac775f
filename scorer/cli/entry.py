"""Console entry point: typed scoring starts without typer or rich.

``scorer score``, ``scorer cards``, every game's quick form (``scorer gostop --me ...``)
and ``scorer ledger ...`` are parsed from options declared once as data (``run.COMMANDS``,
each game's ``quick``, ``ledger.COMMANDS``), with any of their options, help included;
importing typer or rich costs more than Python's whole start-up here
(:func:`scorer.cli.typed.run_typed` finds them). Every other command goes to the typer app.
"""

from __future__ import annotations

import sys

from scorer.cli.output import safe_streams
from scorer.cli.typed import run_typed


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    safe_streams()
    if run_typed(args):
        return
    from scorer.cli.app import run_app

    run_app(args)


if __name__ == "__main__":
    main()
