"""Console entry point with a fast path.

``scorer cards ...``, ``scorer score RECORD`` and every game's quick form
(``scorer gostop --me ...``) are run without importing typer or rich (each costs more than
Python's whole start-up here), which keeps typed scoring at the table instant. Anything
the fast path does not recognise exactly — help, other options,
other commands — goes to the typer app, which calls the same functions.
"""

from __future__ import annotations

import sys

from scorer.cli.output import CliError, fail, safe_streams

_FLAGS = {"--json": "as_json", "--yes": "assume_yes", "-y": "assume_yes"}
_VALUED = {"--lang": "lang", "--months": "months", "--compare": "compare"}
_ALLOWED = {
    "cards": {"as_json", "lang", "months"},
    "score": {"as_json", "lang", "assume_yes", "compare"},
}


def _parse_fast(argv: list[str]) -> tuple[str, str, dict[str, object]] | None:
    """(command, argument, options) for a plain invocation, else None."""
    if len(argv) < 2 or argv[0] not in _ALLOWED:
        return None
    command, positional, rest = argv[0], argv[1], argv[2:]
    if positional.startswith("-"):
        return None
    opts: dict[str, object] = {}
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg in _FLAGS:
            opts[_FLAGS[arg]] = True
            i += 1
        elif arg in _VALUED and i + 1 < len(rest):
            opts[_VALUED[arg]] = rest[i + 1]
            i += 2
        else:
            return None
    if not set(opts) <= _ALLOWED[command]:
        return None
    if opts.get("lang") not in (None, "en", "es") or opts.get("months") not in (None, "jp", "kr"):
        return None  # let typer print its own message for a bad choice
    return command, positional, opts


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    safe_streams()
    if args and not args[0].startswith("-"):
        from scorer.games.base import game_names

        if args[0] in game_names():  # a game's quick form: argparse, declared by the game
            from scorer.cli import quick

            quick.main(args[0], args[1:])
            return
    fast = _parse_fast(args)
    if fast is None:
        from scorer.cli.app import app

        app(args=args, prog_name="scorer")
        return
    command, positional, opts = fast
    from scorer.cli import run

    try:
        if command == "cards":
            run.run_cards(
                positional,
                as_json=bool(opts.get("as_json")),
                lang=opts.get("lang"),  # type: ignore[arg-type]
                months=opts.get("months"),  # type: ignore[arg-type]
            )
        else:
            run.run_score(
                positional,
                as_json=bool(opts.get("as_json")),
                lang=opts.get("lang"),  # type: ignore[arg-type]
                assume_yes=bool(opts.get("assume_yes")),
                compare=opts.get("compare"),  # type: ignore[arg-type]
            )
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        sys.stderr.close()  # `scorer cards hanafuda | head` is not an error


if __name__ == "__main__":
    main()
