"""Options shared by several typer commands (one definition, one spelling): their choices,
and a typer option made from an option's one declaration in :mod:`scorer.options`."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from scorer.options import QuickOption


class Lang(StrEnum):
    """Language of names and messages (``--lang``)."""

    en = "en"
    es = "es"


def declared(opt: QuickOption, help: str = "", **more: Any) -> Any:
    """The typer option of ``opt`` (``--json``, ``--lang``, ``--db``): its flag as declared;
    ``help``, what this command says of it where it says more than the declaration."""
    import typer

    return typer.Option(opt.flag, help=help or opt.help, **more)
