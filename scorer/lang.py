"""Which language to answer in: ``--lang``, else ``SCORER_LANG``, else the locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``); anything starting with ``es`` gives Spanish.

Apart from the catalogs (:mod:`scorer.i18n`), so that a command with catalogs of its own
(the ledger's) does not load scorer's at start-up.
"""

from __future__ import annotations

import os

LANGS = ("en", "es")


def detect_lang(explicit: str | None = None) -> str:
    if explicit:
        lang = explicit.lower()[:2]
        if lang not in LANGS:
            raise ValueError(f"unknown language {explicit!r}: expected one of {', '.join(LANGS)}")
        return lang
    for var in ("SCORER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


def argv_lang(argv: list[str]) -> str:
    """The language an invalid command line is answered in (and a typer command's help):
    its ``--lang``, else the environment's (``SCORER_LANG``, ``LANG``); English for an
    unknown value."""
    from scorer.options import LANG

    flag, given = LANG.flag, None
    for i, arg in enumerate(argv):
        if arg == flag and i + 1 < len(argv):
            given = argv[i + 1]
        elif arg.startswith(f"{flag}="):
            given = arg.partition("=")[2]
    try:
        return detect_lang(given)
    except ValueError:
        return "en"
