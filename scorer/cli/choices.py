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


def declared(opt: QuickOption, help: str = "", help_es: str = "", **more: Any) -> Any:
    """The typer option of ``opt`` (``--json``, ``--lang``, ``--db``): its flag as declared;
    ``help`` and ``help_es``, what this command says of it where it says more than the
    declaration (in Spanish too: one without the other is refused)."""
    from scorer.cli.bilingual import option

    if bool(help) != bool(help_es):
        raise TypeError(f"{opt.flag}: a command's own help needs its Spanish beside it")
    return option(opt.flag, help=help or opt.help, help_es=help_es or opt.help_es, **more)
