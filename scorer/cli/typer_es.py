"""The typer commands in Spanish (``--lang es``, or ``SCORER_LANG=es``), loaded only then.

:func:`speak` puts the Spanish declared beside each English help text
(:mod:`scorer.cli.bilingual`) into the commands typer built for the command line; this module
holds typer's and click's own words (the help screen's, as :mod:`scorer.cli.help_es` holds
argparse's).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from typer._click.core import Command
from typer.core import TyperGroup

# typer's and click's words in the help screen.
USAGE = "Uso: "
OPTIONS_METAVAR = "[OPCIONES]"
SUBCOMMAND_METAVAR = "ORDEN [ARGUMENTOS]..."
HELP = "Muestra esta ayuda y termina."
# typer.rich_utils' words, by their names there
RICH = {
    "ARGUMENTS_PANEL_TITLE": "Argumentos",
    "OPTIONS_PANEL_TITLE": "Opciones",
    "COMMANDS_PANEL_TITLE": "Órdenes",
    "REQUIRED_LONG_STRING": "[obligatorio]",
    "DEFAULT_STRING": "[por defecto: {}]",
    "ENVVAR_STRING": "[variable de entorno: {}]",
    "DEPRECATED_STRING": "(obsoleto) ",
}
# A value's type as typer labels it -> as Spanish help says it (a choice's values stay).
TYPES = {
    "<str>": "<texto>", "<list[str]>": "<texto>", "<path>": "<ruta>", "<int>": "<entero>",
    "<int range>": "<entero>", "<float>": "<número>", "<float range>": "<número>",
}
# The options typer adds itself (`scorer --install-completion`), by name: (as a flag, for the
# current shell; given a shell's name, where typer cannot tell the current one).
OWN = {
    "install_completion": ("Instala el autocompletado para la shell actual.",
                           "Instala el autocompletado para la shell indicada."),
    "show_completion": (
        "Muestra el autocompletado para la shell actual, para copiarlo o ajustar la "
        "instalación.",
        "Muestra el autocompletado para la shell indicada, para copiarlo o ajustar la "
        "instalación."),
}

def speak(command: Command) -> None:
    """``command`` and every command under it in Spanish: each description and help text
    the one declared beside its English, an argument the name declared for Spanish, and
    typer's own words said by the commands themselves (:class:`scorer.cli.bilingual._Speaks`).
    """
    command.lang = "es"  # type: ignore[attr-defined]
    words = spanish_help(command)
    if "" in words:
        command.help = words[""]
    if command.options_metavar:
        command.options_metavar = OPTIONS_METAVAR
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = SUBCOMMAND_METAVAR
    declared = _declared(command)
    for param in command.params:
        if param.name in words:
            param.help = words[param.name]  # type: ignore[attr-defined]
        metavar = getattr(declared.get(param.name or ""), "metavar_es", "")
        if metavar:
            param.metavar = metavar
    for sub in getattr(command, "commands", {}).values():
        speak(sub)


def spanish_help(command: Command) -> dict[str, str]:
    """``command``'s help in Spanish by parameter name ("" its description), as its
    declarations say it (``help_es``, put beside the English by :mod:`scorer.cli.bilingual`;
    typer's own options: :data:`OWN`)."""
    words = {name: getattr(info, "help_es", "") for name, info in _declared(command).items()}
    for param in command.params:
        if param.name in OWN:
            words[param.name] = OWN[param.name][0 if getattr(param, "is_flag", False) else 1]
    # as typer reads a docstring
    words[""] = inspect.cleandoc(getattr(command.callback, "help_es", ""))
    return {name: text for name, text in words.items() if text}


def _declared(command: Command) -> dict[str, Any]:
    """What typer built ``command``'s parameters from, by name (``typer.Option(...)``)."""
    if command.callback is None:
        return {}
    from typer.models import ParameterInfo
    from typer.utils import get_params_from_function

    params = get_params_from_function(inspect.unwrap(command.callback))
    return {name: p.default for name, p in params.items()
            if isinstance(p.default, ParameterInfo)}


@contextmanager
def rich_words() -> Iterator[None]:
    """typer's rich help screen with its own words in Spanish (:data:`RICH`), while it is
    drawn; imported here, as typer imports it, only to draw help."""
    from typer import rich_utils

    english = {name: getattr(rich_utils, name) for name in RICH}
    try:
        for name, word in RICH.items():
            setattr(rich_utils, name, word)
        yield
    finally:
        for name, word in english.items():
            setattr(rich_utils, name, word)
