"""The typer application: every command, its help text, and its options.

Commands that must start fast keep their bodies in :mod:`scorer.cli.run` (no typer, no
rich); :mod:`scorer.cli.entry` calls those directly for the common invocations and hands
everything else (help, unusual options, the vision and ledger commands) to this app.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Annotated

import typer

from scorer import __version__
from scorer.cli.choices import Lang
from scorer.cli.output import CliError, fail

app = typer.Typer(
    name="scorer",
    help=(
        "Score physical card and tile games from typed card lists or photos: "
        "Go-Stop (hwatu), Koi-Koi (hanafuda), mahjong, Hakka cards.\n\n"
        "Start with `scorer cards hanafuda` to see the notation, then "
        "`scorer score samples/gostop-cardavia-go.toml`."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


class Months(StrEnum):
    jp = "jp"
    kr = "kr"


JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one JSON document (stable schema) instead of text.")
]
LangOpt = Annotated[
    Lang | None,
    typer.Option("--lang", help="Language of names and messages (default: from the locale)."),
]


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
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Scoring assistant for physical card and tile games."""


@app.command()
def cards(
    game: Annotated[
        str,
        typer.Argument(
            help="Which deck to list (hanafuda, mahjong, hakka), or a game's name for its deck "
            "in its own month numbering (gostop, koikoi, ...).",
            metavar="DECK",
        ),
    ],
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    months: Annotated[
        Months | None,
        typer.Option(
            "--months",
            help="Month numbering for hanafuda codes: kr (paulownia 11, rain 12; Go-Stop) "
            "or jp (willow 11, paulownia 12; Koi-Koi). Default kr.",
        ),
    ] = None,
) -> None:
    """List a deck with the codes you can type, names, native terms and scoring attributes.

    Examples: `scorer cards hanafuda`, `scorer cards hanafuda --months jp`,
    `scorer cards mahjong --json`.
    """
    from scorer.cli.run import run_cards

    with bad_input():
        run_cards(
            game,
            as_json=as_json,
            lang=lang.value if lang else None,
            months=months.value if months else None,
        )


@app.command()
def score(
    record: Annotated[str, typer.Argument(help="A game record file (TOML); see samples/.")],
    as_json: JsonOpt = False,
    lang: LangOpt = None,
    yes: Annotated[
        bool,
        typer.Option("--yes", "-y", help="Accept uncertain cards recognised in photo piles."),
    ] = False,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override one rule value, e.g. --set go.double_from=4."),
    ] = None,
    rules_file: Annotated[
        str | None, typer.Option("--rules-file", help="A TOML file of rule overrides.")
    ] = None,
    compare: Annotated[
        str | None,
        typer.Option(
            "--compare",
            help="Score the same hand under another preset, or the record's rules plus a TOML "
            "file of overrides, and show what changes.",
            metavar="PRESET|RULES.toml",
        ),
    ] = None,
) -> None:
    """Score a recorded hand: every rule with its cards, multipliers, and who pays whom.

    Examples: `scorer score samples/gostop-cardavia-go.toml --lang es`;
    `scorer score samples/gostop-cardavia-go.toml --compare estandar` (what another house
    rule set would change); a match or round record prints each hand and the final payment.
    """
    from scorer.cli.run import run_score

    with bad_input():
        run_score(
            record,
            as_json=as_json,
            lang=lang.value if lang else None,
            assume_yes=yes,
            overrides=set_ or [],
            rules_file=rules_file,
            compare=compare,
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

    def command(ctx: typer.Context) -> None:
        from scorer.cli.quick import main

        main(name, list(ctx.args))

    command.__doc__ = (
        f"Score a {game.title} hand typed at the table (`scorer {name} --help` for options)."
    )
    app.command(
        name,
        context_settings={
            "allow_extra_args": True,
            "ignore_unknown_options": True,
            "help_option_names": [],
        },
        add_help_option=False,
    )(command)


from scorer.games.base import game_names  # noqa: E402

for _name in game_names():
    _quick_command(_name)
from scorer.cli.camera import camera  # noqa: E402

app.command("camera")(camera)
from scorer.cli.ledger import ledger_app  # noqa: E402

app.add_typer(ledger_app, name="ledger")
app.command("serve")(__import__("scorer.cli.serve", fromlist=["serve"]).serve)
