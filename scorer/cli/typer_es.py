"""The typer commands in Spanish (``--lang es``, or ``SCORER_LANG=es``), loaded only then.

:func:`speak` puts the Spanish declared beside each English help text
(:mod:`scorer.cli.bilingual`) into the commands typer built for the command line; this module
holds typer's and click's own words (the help screen's, as :mod:`scorer.cli.help_es` holds
argparse's) and says a usage error from the error's class and fields: the option, the value,
the choices, the bounds (:func:`usage_message`), never from click's English sentence.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from difflib import get_close_matches
from typing import Any

from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperArgument, TyperGroup

# typer's and click's words in the help screen.
USAGE = "Uso: "
OPTIONS_METAVAR = "[OPCIONES]"
SUBCOMMAND_METAVAR = "ORDEN [ARGUMENTOS]..."
HELP = "Muestra esta ayuda y termina."
SEE_HELP = "(véase --help)"
ABORTED = "cancelado"
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

# A usage error, by what went wrong; an option's or argument's said as "opción --x: ...".
SAID = {
    "missing-argument": "falta el argumento {name}",
    "missing-option": "falta la opción {name}",
    "choose": "{said}: elige entre {choices}",
    "needs-value": "necesita un valor",
    "needs-values": "necesita {n} valores",
    "no-value": "no admite ningún valor",
    "unknown-option": "opción desconocida {option}",
    "unknown-command": "orden desconocida {name!r}",
    "did-you-mean": "{said}; ¿quisiste decir {matches}?",
    "missing-command": "falta la orden",
    "extra": "argumentos no reconocidos: {args}",
    "option": "opción {name}: {message}",
    "argument": "argumento {name}: {message}",
    "choice": "valor no válido: {value!r} (elige entre {choices})",
    "range": "{value} está fuera del rango ({bounds})",
    "between": "de {low} a {high}",
    "at-least": "{low} o más",
    "at-most": "{high} o menos",
    "invalid": "valor no válido: {value!r}",
    "invalid-bare": "valor no válido",
}
# A value refused, by the type of pydantic's refusal behind typer's error (as
# scorer.cli.app._REFUSED says them in English); a bound's: SAID["range"].
REFUSED = {
    "int_parsing": "{value!r} no es un número entero",
    "float_parsing": "{value!r} no es un número",
    "finite_number": "{value!r} no es un número finito",
}
_RANGE = ("greater_than_equal", "less_than_equal", "greater_than", "less_than")


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


@contextmanager
def located(ctx: Context) -> Iterator[None]:
    """A usage error made while ``ctx``'s command line is parsed knows its command: click
    makes an option's missing value without it (said as "scorer: Option ..." in English)."""
    try:
        yield
    except UsageError as err:
        if err.ctx is None:
            err.ctx, err.cmd = ctx, ctx.command
        raise


class ExtraArguments(UsageError):
    """Arguments left over after a command's own (click says only a sentence)."""

    def __init__(self, extra: list[str], ctx: Context) -> None:
        self.extra = extra
        super().__init__(SAID["extra"].format(args=" ".join(extra)), ctx)


class UnknownCommand(UsageError):
    """A group has no command ``name``; the closest of its commands are suggested, as
    typer suggests them."""

    def __init__(self, name: str, commands: list[str], ctx: Context) -> None:
        self.name, self.matches = name, get_close_matches(name, commands)
        said = SAID["unknown-command"].format(name=name)
        if self.matches:
            said = SAID["did-you-mean"].format(
                said=said, matches=", ".join(repr(m) for m in self.matches))
        super().__init__(said, ctx)


class MissingCommand(UsageError):
    """A group given options and no command."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(SAID["missing-command"], ctx)


def usage_message(err: UsageError) -> str:
    """A usage error of a typer command in Spanish, from its class and fields."""
    from typer._click.utils import _escape_control_characters as escaped

    if isinstance(err, MissingParameter):
        return _missing(err)
    if isinstance(err, NoSuchOption):
        said = SAID["unknown-option"].format(option=escaped(err.option_name))
        if err.possibilities:
            return SAID["did-you-mean"].format(
                said=said, matches=", ".join(sorted(err.possibilities)))
        return said
    if isinstance(err, BadOptionUsage):
        param = _option_named(err.ctx, err.option_name)
        nargs = param.nargs if param is not None else 1
        message = (SAID["no-value"] if getattr(param, "is_flag", False)
                   else SAID["needs-value"] if nargs == 1 else SAID["needs-values"].format(n=nargs))
        return SAID["option"].format(name=escaped(err.option_name), message=message)
    if isinstance(err, BadParameter):
        return _refused(err)
    return err.format_message()  # ours (ExtraArguments...), said in Spanish when made


def _missing(err: MissingParameter) -> str:
    param = err.param
    if param is None:
        return SAID["missing-argument"].format(name=err.param_hint or "")
    if isinstance(param, TyperArgument):
        return SAID["missing-argument"].format(name=param.display_name_raw)
    said = SAID["missing-option"].format(name=" / ".join(param.opts))
    choices = _choices(param)
    return SAID["choose"].format(said=said, choices=", ".join(choices)) if choices else said


def _refused(err: BadParameter) -> str:
    """A value refused: said from pydantic's refusal behind typer's error (its type, the
    value, its bounds) and the parameter's choices and bounds."""
    refusals = getattr(err.__cause__, "errors", None)
    first = refusals()[0] if callable(refusals) and refusals() else {}
    kind, value = first.get("type", ""), first.get("input")
    param = err.param
    choices = _choices(param) if param is not None else ()
    if choices:
        message = SAID["choice"].format(value=value, choices=", ".join(map(repr, choices)))
    elif kind in _RANGE:
        message = SAID["range"].format(value=value, bounds=_bounds(param, first.get("ctx", {})))
    elif kind in REFUSED:
        message = REFUSED[kind].format(value=value)
    else:
        message = SAID["invalid"].format(value=value) if first else SAID["invalid-bare"]
    if param is None:
        return message
    if isinstance(param, TyperArgument):
        return SAID["argument"].format(name=param.display_name_raw, message=message)
    return SAID["option"].format(name=" / ".join(param.opts), message=message)


def _bounds(param: Parameter | None, refused: dict[str, Any]) -> str:
    """The values a number may take: the parameter's min and max, else pydantic's."""
    low = getattr(param, "min", None)
    high = getattr(param, "max", None)
    low = refused.get("ge", refused.get("gt")) if low is None else low
    high = refused.get("le", refused.get("lt")) if high is None else high
    if low is not None and high is not None:
        return SAID["between"].format(low=low, high=high)
    return SAID["at-least"].format(low=low) if high is None else SAID["at-most"].format(high=high)


def _choices(param: Parameter) -> tuple[str, ...]:
    from typer._param_types import choice_as_str

    desc = getattr(param, "type_descriptor", None)
    if desc is None or not desc.is_choice or not desc.choices:
        return ()
    return tuple(choice_as_str(c) for c in desc.choices)


def _option_named(ctx: Context | None, name: str) -> Parameter | None:
    if ctx is None:
        return None
    return next((p for p in ctx.command.get_params(ctx) if name in p.opts), None)
