"""Option choices shared by several typer commands (one definition, one spelling)."""

from __future__ import annotations

from enum import StrEnum


class Lang(StrEnum):
    """Language of names and messages (``--lang``)."""

    en = "en"
    es = "es"
