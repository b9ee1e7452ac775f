"""The typer application: every command, its help text, and its options.

Commands that must start fast keep their bodies in :mod:`scorer.cli.run` (no typer, no
rich); :mod:`scorer.cli.entry` calls those directly for the common invocations and hands
everything else (help, unusual options, the vision and ledger commands) to this app.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from scorer import __version__
from scorer.cli.bilingual import App, option, spanish_doc
from scorer.cli.output import CliError, fail
from scorer.games.base import game_names, get_game

if TYPE_CHECKING:
    from typer._click.exceptions import UsageError

DESCRIPTION = (
    "Score physical card and tile games from typed card lists or photos: "
    + ", ".join(get_game(name).title for name in game_names())
    + ".\n\nStart with `scorer cards hanafuda` to see the notation, then "
    "`scorer score samples/gostop-cardavia-go.toml`."
)
DESCRIPTION_ES = (
    "Puntúa partidas de cartas y de fichas jugadas en la mesa, a partir de listas de cartas "
    "escritas o de fotos: "
    + ", ".join(get_game(name).title_es or get_game(name).title for name in game_names())
    + ".\n\nEmpieza con `scorer cards hanafuda` para ver la notación y sigue con "
    "`scorer score samples/gostop-cardavia-go.toml`."
)

app = App(
    name="scorer",
    context_settings={"help_option_names": ["-h", "--help"]},
    help=DESCRIPTION,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


@contextmanager
def bad_input() -> Iterator[None]:
    """Turn our expected errors into one stderr line and exit code 2."""
    try:
        yield
    except CliError as err:
        fail(str(err), err.code)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorer {__version__}")
        raise typer.Exit()


@app.callback()
@spanish_doc(DESCRIPTION_ES)  # the app's help, DESCRIPTION
def root(
    version: Annotated[
        bool,
        option("--version", callback=_version, is_eager=True, help="Show the version.",
               help_es="Muestra la versión."),
    ] = False,
) -> None:
    """Scoring assistant for physical card and tile games."""


def _argparse_command(name: str, doc: str, doc_es: str) -> None:
    """Register `scorer NAME ...` whose options argparse parses from their one declaration
    (a game's quick form, `score`, `cards`): typer only lists it and hands the rest on."""

    @spanish_doc(doc_es)
    def command(ctx: typer.Context) -> None:
        from scorer.cli.typed import run_typed

        run_typed([name, *ctx.args])

    command.__doc__ = doc
    app.command(
        name,
        context_settings={
            "allow_extra_args": True,
            "ignore_unknown_options": True,
            "help_option_names": [],
        },
        add_help_option=False,
    )(command)


_argparse_command(
    "cards",
    "List a deck with the codes you can type, names and scoring attributes "
    "(`scorer cards --help`).",
    "Lista una baraja con los códigos que se escriben, los nombres y los atributos de "
    "puntuación (`scorer cards --help`).",
)
_argparse_command(
    "score",
    "Score a recorded hand: every rule, multiplier and payment (`scorer score --help`).",
    "Puntúa una mano registrada: cada regla, multiplicador y pago (`scorer score --help`).",
)


# Commands owned by other modules register below, one line each.
from scorer.cli.recognize import recognize  # noqa: E402  (registered after the app exists)

app.command("recognize")(recognize)
from scorer.cli.rules import rules_app  # noqa: E402

app.add_typer(rules_app, name="rules")


def _quick_command(name: str) -> None:
    """Register `scorer NAME ...`: the game's quick form (its options are the game's data)."""
    from scorer.games.base import get_game

    game = get_game(name)
    _argparse_command(
        name, f"Score a {game.title} hand typed at the table (`scorer {name} --help` for options).",
        f"Puntúa una mano de {game.title_es or game.title} escrita en la mesa (las opciones: "
        f"`scorer {name} --help`).",
    )


for _name in game_names():
    _quick_command(_name)
from scorer.cli.camera import camera  # noqa: E402

app.command("camera")(camera)
_argparse_command(
    "ledger",
    "The game-night ledger: sessions, hands, running totals, who pays whom "
    "(`scorer ledger --help`).",
    "El libro de la velada: sesiones, manos, totales acumulados, quién paga a quién "
    "(`scorer ledger --help`).",
)
app.command("serve")(__import__("scorer.cli.serve", fromlist=["serve"]).serve)


# What typer's pydantic coercion refused, by pydantic's error type and its values, in the
# words of the rest of scorer's messages; ``value_error``: the reason our own code gave.
_REFUSED = {
    "int_parsing": "expected a whole number",
    "float_parsing": "expected a number",
    "greater_than_equal": "expected at least {ge}",
    "less_than_equal": "expected at most {le}",
    "finite_number": "expected a finite number",
}


def _usage_message(err: UsageError) -> str:
    """A usage error's message; a value typer's pydantic coercion refused (the error's
    cause, a ``ValidationError``) said from the refusal's type and values, not pydantic's
    sentence."""
    from typer._click.exceptions import BadParameter
    from typer._click.utils import _escape_control_characters

    refusals = getattr(err.__cause__, "errors", None)
    if isinstance(err, BadParameter) and callable(refusals) and refusals():
        first = refusals()[0]
        # a bound as pydantic writes it: 0, not 0.0, for a whole float
        values = {k: int(v) if isinstance(v, float) and v.is_integer() else v
                  for k, v in (first.get("ctx") or {}).items()}
        if first["type"] == "value_error":
            err.message = _escape_control_characters(str(values["error"]))
        elif first["type"] in _REFUSED:
            err.message = _REFUSED[first["type"]].format(**values)
    return err.format_message()


def _stdout_is_devnull() -> bool:
    import os

    try:
        return os.path.samestat(os.fstat(sys.stdout.fileno()), os.stat(os.devnull))
    except (OSError, ValueError):
        return False


def _reader_left(devnull_before: bool) -> bool:
    """Whether exit code 1 is typer's or rich's answer to a reader that closed the pipe
    (`scorer --help | head`): click wraps stdout in its PacifyFlushWrapper; rich points
    stdout at /dev/null (``Console.on_broken_pipe``) before it exits with 1."""
    from typer._click.utils import PacifyFlushWrapper

    if isinstance(sys.stdout, PacifyFlushWrapper):
        return True
    return not devnull_before and _stdout_is_devnull()


def run_app(args: list[str]) -> None:
    """Run the typer app with the output conventions: help on stdout with exit 0 (also for a
    bare `scorer` or `scorer rules`), and any usage error as one `scorer: error:` line,
    exit 2 (typer would print a box with pydantic's wording)."""
    import typer.main
    from typer._click import exceptions as click  # typer vendors its own click

    from scorer.lang import argv_lang

    lang = argv_lang(args)
    command = typer.main.get_command(app)  # built for this command line, in its language
    if lang == "es":
        from scorer.cli.typer_es import speak

        speak(command)
    devnull_before = _stdout_is_devnull()
    try:
        code = command(args=args, prog_name="scorer", standalone_mode=False)
    except click.NoArgsIsHelpError as err:
        # the error is made with ctx.get_help(), and typer's rich help prints itself as it
        # is made (returning ""): asked again, it printed a second time (issue 43)
        shown = err.format_message()
        if shown.strip():
            sys.stdout.write(shown + "\n")
        raise SystemExit(0) from None
    except click.UsageError as err:
        where = err.ctx.command_path if err.ctx is not None else "scorer"
        if lang == "es":
            from scorer.cli.typer_es import SEE_HELP, usage_message

            fail(f"{where}: {usage_message(err)} {SEE_HELP}")
        fail(f"{where}: {_usage_message(err)} (see --help)")
    except typer.Abort:
        if lang == "es":
            from scorer.cli.typer_es import ABORTED

            fail(ABORTED, 1)
        fail("aborted", 1)
    except SystemExit as exit_:
        if exit_.code == 1 and _reader_left(devnull_before):
            raise SystemExit(0) from None  # the answer to a closed pipe: not an error
        raise
    except click.ClickException as err:
        fail(err.format_message())
    except BrokenPipeError:
        from scorer.cli.quick import _quiet_pipe

        _quiet_pipe()
        return
    if isinstance(code, int) and code:
        raise SystemExit(code)
