"""`scorer ledger ...` without typer or rich: plain invocations parsed by hand.

Typed commands at the table must feel instant (bench/ledger_speed.py), and typer or rich
alone cost more than Python's start-up. :func:`main_fast` runs a command whose arguments
it fully understands and returns 0; anything else — ``--help``, an unknown option, a
missing value — returns None and the typer app (:mod:`scorer.cli.ledger`) handles it,
calling the same bodies in :mod:`scorer.cli.ledger_run`.
"""

from __future__ import annotations

from scorer._typing import Any

# command: (min positionals, max positionals, flags, valued options, repeatable options)
_COMMON_FLAGS = {"--json": "as_json"}
_COMMON_VALUED = {"--db": "db", "--lang": "lang"}
_SPECS: dict[str, tuple[int, int, dict[str, str], dict[str, str], dict[str, str]]] = {
    "new": (
        1, 1, {},
        {"--game": "game", "--players": "players", "--stake": "stake",
         "--currency": "currency", "--rules": "preset"},
        {"--set": "overrides"},
    ),
    "list": (0, 0, {}, {}, {}),
    "add": (1, 2, {"--yes": "assume_yes", "-y": "assume_yes"}, {}, {"--set": "overrides"}),
    "show": (0, 1, {}, {}, {}),
    "hand": (1, 1, {}, {}, {}),
    "settle": (0, 99, {"--all": "every"}, {}, {}),
    "void": (1, 1, {}, {"--reason": "reason"}, {}),
    "replace": (
        2, 2, {"--yes": "assume_yes", "-y": "assume_yes"}, {"--reason": "reason"},
        {"--set": "overrides"},
    ),
    "log": (0, 1, {}, {}, {}),
    "rescore": (
        1, 1, {"--save": "save"}, {"--rules": "preset", "--reason": "reason"},
        {"--set": "overrides"},
    ),
    "export": (0, 1, {}, {"--format": "fmt", "-o": "output", "--output": "output"}, {}),
    "import": (1, 1, {}, {"--name": "name"}, {}),
}
_REQUIRED = {"new": ("game", "players"), "void": ("reason",), "replace": ("reason",)}
_NO_JSON = {"export"}


def parse(argv: list[str]) -> tuple[str, list[str], dict[str, Any]] | None:
    """(command, positionals, options) when every argument is understood, else None."""
    if not argv or argv[0] not in _SPECS:
        return None
    command, rest = argv[0], argv[1:]
    low, high, flags, valued, multi = _SPECS[command]
    flags = {**flags, **({} if command in _NO_JSON else _COMMON_FLAGS)}
    valued = {**valued, **_COMMON_VALUED}
    positionals: list[str] = []
    opts: dict[str, Any] = {}
    i = 0
    while i < len(rest):
        arg = rest[i]
        key, eq, inline = arg.partition("=")
        if arg in flags:
            opts[flags[arg]] = True
            i += 1
        elif key in valued or key in multi:
            if eq:
                value, i = inline, i + 1
            elif i + 1 < len(rest):
                value, i = rest[i + 1], i + 2
            else:
                return None
            if key in multi:
                opts.setdefault(multi[key], []).append(value)
            elif valued[key] in opts:
                return None
            else:
                opts[valued[key]] = value
        elif arg.startswith("-") and arg != "-":
            return None  # --help, a typo: typer explains
        else:
            positionals.append(arg)
            i += 1
    if not low <= len(positionals) <= high:
        return None
    if any(k not in opts for k in _REQUIRED.get(command, ())):
        return None
    if opts.get("lang") not in (None, "en", "es"):
        return None
    if command in ("hand", "void", "replace", "rescore"):
        if not positionals[0].isdigit():
            return None
    return command, positionals, opts


def call(command: str, positionals: list[str], opts: dict[str, Any]) -> None:
    """Run one parsed command (the typer app calls the bodies the same way)."""
    from scorer.cli import ledger_run as run

    p = positionals
    if command == "new":
        run.run_new(p[0], **opts)
    elif command == "list":
        run.run_list(**opts)
    elif command == "add":
        session, record = (p[0], p[1]) if len(p) == 2 else (None, p[0])
        run.run_add(session, record, **opts)
    elif command == "show":
        run.run_show(p[0] if p else None, **opts)
    elif command == "hand":
        run.run_hand(int(p[0]), **opts)
    elif command == "settle":
        run.run_settle(p, **opts)
    elif command == "void":
        run.run_void(int(p[0]), **opts)
    elif command == "replace":
        run.run_replace(int(p[0]), p[1], **opts)
    elif command == "log":
        run.run_log(p[0] if p else None, **opts)
    elif command == "rescore":
        run.run_rescore(int(p[0]), **opts)
    elif command == "export":
        run.run_export(p[0] if p else None, **opts)
    elif command == "import":
        run.run_import(p[0], **opts)


def main_fast(argv: list[str]) -> int | None:
    """Run ``scorer ledger ARGV`` if it is a plain invocation; None hands it to typer."""
    parsed = parse(argv)
    if parsed is None:
        return None
    import sys

    from scorer.cli.output import CliError, fail

    try:
        call(*parsed)
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        sys.stderr.close()
    return 0
