"""Command-line options declared as data, and the reader of plain invocations.

Every command that must start fast (``score``, ``cards``, each game's quick form, every
``ledger`` command) declares its options once as :class:`QuickOption` records. Two readers
share them: :func:`read_declared` here takes the plain invocations a player types at the
table, importing nothing; argparse (:mod:`scorer.cli.quick`) answers everything else — help,
and every mistake with its own message — from the same declarations.
"""

from __future__ import annotations

from scorer._typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple
else:  # the same class syntax, built without typing's per-field checks (start-up time)
    from scorer._tuples import NamedTuple


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


def read_declared(options: tuple[QuickOption, ...], argv: list[str]) -> dict[str, Any] | None:
    """The option values of a plain invocation, read from the declarations; None for
    anything else (help, a mistake, ``--flag=value``, abbreviations), which argparse
    then answers from the same declarations."""
    flags: dict[str, QuickOption] = {}
    positional = [o for o in options if not o.flag.startswith("-")]
    values: dict[str, Any] = {}
    for opt in options:
        if opt.flag.startswith("-"):
            flags[opt.flag] = opt
            if opt.alias:
                flags[opt.alias] = opt
        values[opt.dest] = False if opt.kind == "bool" else opt.default
        if opt.repeat:
            values[opt.dest] = None if opt.default is None else list(opt.default)
    seen: set[str] = set()
    given: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        found = flags.get(arg)
        if found is None:
            if arg.startswith("-"):
                return None
            given.append(arg)
            i += 1
            continue
        seen.add(found.dest)
        if found.kind == "bool":
            values[found.dest] = True
            i += 1
            continue
        if i + 1 >= len(argv) or argv[i + 1].startswith("-"):
            return None
        try:
            value = _value(found, argv[i + 1])
        except ValueError:
            return None
        if found.repeat:
            values[found.dest] = [*(values[found.dest] or ()), value]
        else:
            values[found.dest] = value
        i += 2
    if any(o.required and o.dest not in seen for o in options if o.flag.startswith("-")):
        return None
    return _positionals(positional, given, values)


def _positionals(
    positional: list[QuickOption], given: list[str], values: dict[str, Any]
) -> dict[str, Any] | None:
    """Deal the positional arguments out as argparse would (``nargs`` "", "?", "*")."""
    need = sum(1 for o in positional if not o.nargs)
    spare = len(given) - need
    optional = sum(1 for o in positional if o.nargs == "?")
    if spare < 0 or (spare > optional and not any(o.nargs == "*" for o in positional)):
        return None
    i = 0
    for opt in positional:
        if opt.nargs == "*":
            take = spare
        elif opt.nargs == "?":
            take = 1 if spare > 0 else 0
        else:
            take = 1
        if opt.nargs:
            spare -= take
        part = given[i:i + take]
        i += take
        values[opt.dest] = part if opt.nargs == "*" else (part[0] if part else opt.default)
    return values
