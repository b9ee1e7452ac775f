"""Output conventions shared by every command, importable without typer or rich.

- Human view on stdout; ANSI colour only on a TTY, never when NO_COLOR is set or TERM=dumb.
- ``--json``: one JSON document on stdout, schema named in its ``"schema"`` key.
- Bad input: one line ``scorer: error: ...`` on stderr, exit code 2, no traceback.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from scorer.errors import EXIT_BAD_INPUT
from scorer.errors import UserError as CliError  # noqa: F401  (one class, whoever raises it)

if TYPE_CHECKING:
    from scorer.i18n import Spelling

EXIT_OK = 0


def use_color(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _encodes(text: str, stream: TextIO) -> bool:
    """Whether ``stream`` can write ``text`` as it is (PYTHONIOENCODING=ascii, cp1252...)."""
    if text.isascii():
        return True
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# What the table and payment glyphs become where the output encoding lacks them.
_ASCII = str.maketrans(
    {"─": "-", "★": "*", "×": "x", "·": "-", "—": "-", "→": "->", "…": "...", "≥": ">=",
     "†": "+", "−": "-", "“": '"', "”": '"', "‘": "'", "’": "'"}
)


def _fit(text: str, stream: TextIO) -> str:
    """``text`` as ``stream`` can encode it: ASCII glyphs, then '?' for what is left."""
    if _encodes(text, stream):
        return text
    text = text.translate(_ASCII)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "".encode(encoding)
    except LookupError:
        encoding = "ascii"
    import unicodedata  # only when the encoding lacks some letters

    def fallback(ch: str) -> str:  # 'á' -> 'a' where the encoding has no 'á'
        try:
            return ch.encode(encoding).decode(encoding)
        except UnicodeEncodeError:
            parts = unicodedata.normalize("NFKD", ch)
            bare = "".join(c for c in parts if not unicodedata.combining(c))
            return bare.encode(encoding, "replace").decode(encoding) or "?"

    return "".join(fallback(ch) if not ch.isascii() else ch for ch in text)


def safe_streams() -> None:
    """Let stdout and stderr replace what their encoding cannot write, never raise.

    Windows users redirecting to a file get cp1252; PYTHONIOENCODING=ascii is common in
    containers. The renderers write ASCII glyphs there (:func:`_fit`); this covers
    whatever else (argparse or typer help) writes.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "") == "strict":
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed or detached stream
                pass


def _escape_char(ch: str) -> str:
    return "\\r" if ch == "\r" else f"\\u{ord(ch):04x}"  # as TOML writes them


def _controls() -> Any:
    import re  # loaded by tomllib's datetime support anyway; only when text is not plain

    return re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def escape_controls(text: str, *, keep_color: bool = False) -> str:
    """Control characters from user input shown as escapes (``\\u001b``, ``\\r``), not obeyed.

    A name written as ``"\\u001b[2J"`` in a record must not clear the screen, and one with
    ``\\r`` must not overwrite the start of its line. ``keep_color``: our own SGR colour
    codes (``ESC [ digits m``, written by :func:`scorer.render.text.paint`) stay.
    """
    if text.replace("\n", "").isprintable():  # the usual case, checked in C
        return text
    pattern = _controls()
    if not keep_color:
        return pattern.sub(lambda m: _escape_char(m.group()), text)
    import re

    parts = re.split("(\x1b\\[[0-9;]*m)", text)
    return "".join(
        part if i % 2 else pattern.sub(lambda m: _escape_char(m.group()), part)
        for i, part in enumerate(parts)
    )


def emit_json(obj: Any, stream: TextIO | None = None) -> None:
    import json  # only for --json: the human view does not pay for it

    stream = stream or sys.stdout
    text = json.dumps(obj, ensure_ascii=False, indent=2)
    if not _encodes(text, stream):  # still valid JSON, in any encoding
        text = json.dumps(obj, ensure_ascii=True, indent=2)
    stream.write(text + "\n")


def emit_text(text: str, stream: TextIO | None = None) -> None:
    stream = stream or sys.stdout
    text = escape_controls(text.rstrip("\n"), keep_color=use_color(stream))
    stream.write(_fit(text, stream) + "\n")


def one_line(message: str) -> str:
    return " ".join(escape_controls(message.replace("\n", " ")).split())


def describe(err: BaseException, lang: str = "en", spelling: Spelling | None = None) -> str:
    """The one-line message for an error we expect from bad input (:func:`scorer.i18n.describe`,
    where the web page finds it too; imported on the error path only, not at start-up); the
    record keys it names written as ``spelling`` writes them (a quick form's options)."""
    from scorer.i18n import describe as said

    return said(err, lang, spelling)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    line = f"scorer: error: {one_line(message)}"
    sys.stderr.write(_fit(line, sys.stderr) + "\n")
    raise SystemExit(code)
