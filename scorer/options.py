"""Command-line options declared as data.

Every command that must start fast (``score``, ``cards``, each game's quick form, every
``ledger`` command) declares its options once as :class:`QuickOption` records; argparse
(:mod:`scorer.cli.quick`) reads the command line from them, without typer's start-up.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class QuickOption(NamedTuple):
    """One option of a game's quick form (``scorer <game> --me ... --vs ...``).

    ``kind``: ``str``, ``int``, ``float``, ``bool`` (a flag) or ``choice`` (one of
    ``choices``). ``repeat``: the option may be given several times (a list). ``high``: the
    largest whole number accepted (counts have bounds that follow from the game). A
    ``flag`` without a leading ``-`` is a positional argument (the generic commands
    ``score`` and ``cards`` are declared with the same records).
    """

    flag: str
    dest: str
    kind: str
    help: str
    default: Any = None
    repeat: bool = False
    choices: tuple[str, ...] = ()
    metavar: str = ""
    high: int | None = None
    required: bool = False
    alias: str = ""  # a short form of the flag, e.g. "-y"
    nargs: str = ""  # a positional's count: "" one, "?" one or none, "*" any number


def _value(opt: QuickOption, text: str) -> Any:
    """A typed value for ``opt``; ValueError with the one-line reason when it is not one."""
    if opt.kind == "int":
        try:
            value: Any = int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
        if value < 0 or (opt.high is not None and value > opt.high):
            top = f" to {opt.high}" if opt.high is not None else " or more"
            raise ValueError(f"{text} is out of range (0{top})")
        return value
    if opt.kind == "float":
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
        high = float("inf") if opt.high is None else opt.high
        if not 0 <= value <= high:  # nan fails both comparisons
            top = f" to {opt.high:,}" if opt.high is not None else " or more"
            raise ValueError(f"{text} is not a number from 0{top}")
        return value
    if opt.kind == "choice" and text not in opt.choices:
        shown = ", ".join(repr(c) for c in opt.choices)
        raise ValueError(f"invalid choice: {text!r} (choose from {shown})")
    return text
