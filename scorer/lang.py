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
