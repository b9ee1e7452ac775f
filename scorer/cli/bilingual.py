"""The typer commands in English and Spanish: each command's and each option's Spanish
declared beside its English, and the app, groups and commands that say it.

typer builds its click commands from the declarations on every run; for a Spanish command
line :func:`scorer.cli.typer_es.speak` puts the Spanish of the declarations into them, and
these commands then say typer's and click's own words in Spanish too (help screen, usage
errors), from :mod:`scorer.cli.typer_es`, loaded only then. English is typer's own,
untouched, as the typed commands' Spanish leaves argparse's English untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from typer._click.core import Command as _ClickCommand
from typer._click.core import Context
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

if TYPE_CHECKING:
    from typer._click.formatting import HelpFormatter

F = TypeVar("F", bound=Callable[..., Any])


def spanish_doc(text: str) -> Callable[[F], F]:
    """A command's help in Spanish, beside its docstring (a group's: beside the app's
    ``help``, on the group's callback)."""

    def mark(function: F) -> F:
        function.help_es = text  # type: ignore[attr-defined]
        return function

    return mark


def option(*decls: Any, help: str, help_es: str, **more: Any) -> Any:
    """``typer.Option(*decls, help=help, **more)`` with its help in Spanish."""
    info = typer.Option(*decls, help=help, **more)
    info.help_es = help_es  # type: ignore[attr-defined]
    return info


def argument(*default: Any, help: str, help_es: str, metavar_es: str = "", **more: Any) -> Any:
    """``typer.Argument(*default, help=help, **more)`` with its help in Spanish and, where
    its name is an English word, the name Spanish help and errors give it (``foto``)."""
    info = typer.Argument(*default, help=help, **more)
    info.help_es, info.metavar_es = help_es, metavar_es  # type: ignore[attr-defined]
    return info


class _Speaks(_ClickCommand):
    """A command or group that says typer's and click's own words in Spanish when its
    command line is Spanish (``lang``, set by :func:`scorer.cli.typer_es.speak`)."""

    lang = "en"

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None and self.lang == "es":
            from scorer.cli.typer_es import HELP

            option.help = HELP  # made here, when first asked for: "--help" is click's own
        return option

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        if self.lang != "es":
            return super().format_usage(ctx, formatter)
        from scorer.cli.typer_es import USAGE

        pieces = " ".join(self.collect_usage_pieces(ctx))
        formatter.write_usage(ctx.command_path, pieces, prefix=USAGE)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        if self.lang != "es":
            return super().format_help(ctx, formatter)
        from scorer.cli.typer_es import rich_words

        with rich_words():
            super().format_help(ctx, formatter)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if self.lang != "es":
            return super().parse_args(ctx, args)
        from scorer.cli.typer_es import located

        with located(ctx):
            return super().parse_args(ctx, args)


class Command(_Speaks, TyperCommand):
    """A typer command (:class:`_Speaks`)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if self.lang != "es" or ctx.allow_extra_args:
            return super().parse_args(ctx, args)
        # click refuses extra arguments with a sentence; they are kept, and said from them
        from scorer.cli.typer_es import ExtraArguments

        ctx.allow_extra_args = True
        try:
            rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = False
        if rest and not ctx.resilient_parsing:
            raise ExtraArguments(rest, ctx)
        return rest


class Group(_Speaks, TyperGroup):
    """A typer group (:class:`_Speaks`): a command it does not have, and none at all, are
    said from the name typed and its commands."""

    def resolve_command(self, ctx: Context, args: list[str]
                        ) -> tuple[str | None, _ClickCommand | None, list[str]]:
        from typer._click.parser import _split_opt

        if (self.lang == "es" and self.get_command(ctx, args[0]) is None
                and not _split_opt(args[0])[0] and not ctx.resilient_parsing):
            from scorer.cli.typer_es import UnknownCommand

            raise UnknownCommand(args[0], list(self.commands), ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Context) -> Any:
        if self.lang == "es" and not ctx._protected_args and not self.invoke_without_command:
            from scorer.cli.typer_es import MissingCommand

            raise MissingCommand(ctx)
        return super().invoke(ctx)


class App(typer.Typer):
    """typer's app whose groups and commands can say themselves in Spanish."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(cls=Group, **settings)

    def command(self, name: str | None = None, **settings: Any) -> Any:  # type: ignore[override]
        return super().command(name, cls=Command, **settings)


def _types_shown() -> None:
    """Help shows `--json` and `--help`, not `--json <bool>`: a flag takes no value; and a
    value's type in the language its command speaks (``<ruta>``, ``<texto>``).

    typer 0.29 labels every option with its type; flags are the one case where the label
    misleads (it reads as if a value must follow).
    """
    for kind in (TyperOption, TyperArgument):
        english = kind.display_type_rich

        def display_type_rich(self: Any, ctx: Context,
                              english: Callable[..., str | None] = english) -> str | None:
            if getattr(self, "is_flag", False):
                return ""
            shown = english(self, ctx)
            if shown and getattr(ctx.command, "lang", "en") == "es":
                from scorer.cli.typer_es import TYPES

                return TYPES.get(shown, shown)
            return shown

        kind.display_type_rich = display_type_rich  # type: ignore[method-assign,assignment]


_types_shown()
