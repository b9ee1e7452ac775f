"""Output conventions shared by every command, importable without typer or rich.

- Human view on stdout; ANSI colour only on a TTY, never when NO_COLOR is set or TERM=dumb.
- ``--json``: one JSON document on stdout, schema named in its ``"schema"`` key.
- Bad input: one line ``scorer: error: ...`` on stderr, exit code 2, no traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn, TextIO

from scorer.decks.base import NotationError

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """Bad input detected by a command: printed as one line, exit code 2."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code


def use_color(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def emit_json(obj: Any, stream: TextIO | None = None) -> None:
    import json  # only for --json: the human view does not pay for it

    stream = stream or sys.stdout
    json.dump(obj, stream, ensure_ascii=False, indent=2)
    stream.write("\n")


def emit_text(text: str, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    stream.write(text.rstrip("\n") + "\n")


def one_line(message: str) -> str:
    return " ".join(message.split())


def describe(err: BaseException, lang: str = "en") -> str:
    """The one-line message for an error we expect from bad input."""
    from scorer.i18n import problem_message

    if isinstance(err, NotationError):
        return "; ".join(problem_message(p, lang) for p in err.problems)
    message = str(err)
    if lang != "en":  # a record's card problems, said in the user's language
        for who, problem in getattr(err, "notation", ()):
            said_who = who.replace("player ", "jugador ", 1) if lang == "es" else who
            message = message.replace(
                f"{who}: {problem.message}", f"{said_who}: {problem_message(problem, lang)}"
            )
    return message


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    sys.stderr.write(f"scorer: error: {one_line(message)}\n")
    raise SystemExit(code)
