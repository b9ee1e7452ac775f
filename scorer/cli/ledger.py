"""`scorer ledger`: the game-night ledger — sessions, hands, running totals, who pays whom.

The command bodies are in :mod:`scorer.cli.ledger_run` (no typer, no rich); plain
invocations skip this module entirely (:mod:`scorer.cli.ledger_fast`). This app gives the
help screens and the typed option checks, and calls the same bodies.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from scorer.cli.choices import Lang
from scorer.cli.output import CliError, fail

ledger_app = typer.Typer(
    name="ledger",
    help=(
        "The game-night ledger: every hand stored with its record and result, running "
        "totals, who pays whom.\n\n"
        "Start: `scorer ledger new friday --game gostop --players Ana,Bo,Cy --stake 100 "
        "--currency won`, then `scorer ledger add friday hand.toml` after each hand, "
        "`scorer ledger show` and `scorer ledger settle` at the end."
    ),
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


class Format(StrEnum):
    csv = "csv"
    json = "json"


DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The ledger file (default: $SCORER_DB, else ledger.sqlite3 in your data folder).",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document instead of text.")]
LangOpt = Annotated[Lang | None, typer.Option("--lang", help="Language of the output.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override one rule value, e.g. --set go.double_from=4."),
]
YesOpt = Annotated[
    bool, typer.Option("--yes", "-y", help="Accept uncertain cards recognised in photo piles.")
]
SessionArg = Annotated[
    str | None, typer.Argument(help="The session (default: the one most recently added to).")
]
HandArg = Annotated[int, typer.Argument(help="A hand id (the id column of `scorer ledger show`).")]


def _run(command: str, *args: object, **opts: object) -> None:
    from scorer.cli import ledger_run

    lang = opts.get("lang")
    if isinstance(lang, Lang):
        opts["lang"] = lang.value
    try:
        ledger_run.COMMANDS[command](*args, **opts)
    except CliError as err:
        fail(str(err), err.code)


@ledger_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="A name for the evening, e.g. friday.")],
    game: Annotated[str, typer.Option("--game", help="The game (see `scorer rules`).")],
    players: Annotated[
        str, typer.Option("--players", help="The players, comma-separated: Ana,Bo,Cy.")
    ],
    stake: Annotated[str, typer.Option("--stake", help="Money per point, e.g. 100 or 0.1.")] = "1",
    currency: Annotated[str, typer.Option("--currency", help="Currency label.")] = "",
    rules: Annotated[
        str | None,
        typer.Option("--rules", help="Preset for records that name none, e.g. cardavia."),
    ] = None,
    set_: SetOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Start a session: one game among one group of players, at one stake.

    Example: `scorer ledger new friday --game gostop --players Ana,Bo,Cy --stake 100
    --currency won --rules familia`. Records added later may leave out game, preset,
    stake and currency: the session's are used.
    """
    _run("new", name, game=game, players=players, stake=stake, currency=currency,
         preset=rules, overrides=set_ or [], db=db, as_json=as_json, lang=lang)


@ledger_app.command("list")
def list_(db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = None) -> None:
    """List the sessions with their games, players and hands.

    Example: `scorer ledger list --json`.
    """
    _run("list", db=db, as_json=as_json, lang=lang)


@ledger_app.command("add")
def add(
    args: Annotated[
        list[str], typer.Argument(help="[SESSION] RECORD.toml (session: the latest if left out).")
    ],
    yes: YesOpt = False,
    set_: SetOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Score a record file and store the hand in a session.

    Example: `scorer ledger add friday samples/gostop-familia-3p.toml`. The hand is kept
    whole (the file as typed, the rules in force, the result); a record that does not
    score, another game's hand or a player the session lacks changes nothing.
    """
    if len(args) not in (1, 2):
        raise typer.BadParameter("give [SESSION] RECORD.toml", param_hint="ARGS")
    session, record = (args[0], args[1]) if len(args) == 2 else (None, args[0])
    _run("add", session, record, assume_yes=yes, overrides=set_ or [], db=db,
         as_json=as_json, lang=lang)


@ledger_app.command("show")
def show(
    session: SessionArg = None, db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = None
) -> None:
    """Running totals per player after each hand; voided hands are listed, not counted.

    Example: `scorer ledger show friday` (`--json` for the same as data).
    """
    _run("show", session, db=db, as_json=as_json, lang=lang)


@ledger_app.command("hand")
def hand(hand_id: HandArg, db: DbOpt = None, as_json: JsonOpt = False,
         lang: LangOpt = None) -> None:
    """A stored hand's whole explanation again, with when it was entered.

    Example: `scorer ledger hand 3` (`--json`: the stored record, rules and result).
    """
    _run("hand", hand_id, db=db, as_json=as_json, lang=lang)


@ledger_app.command("settle")
def settle(
    sessions: Annotated[
        list[str] | None, typer.Argument(help="Sessions to settle together (default: latest).")
    ] = None,
    all_: Annotated[
        bool,
        typer.Option("--all", help="Every session of the same players as the first one."),
    ] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Who pays whom, in money, with the fewest transfers (checked to sum to zero).

    Examples: `scorer ledger settle friday`, `scorer ledger settle friday saturday`
    (settled by player name), `scorer ledger settle friday --all` (every session of
    friday's players). Sessions in different currencies are refused.
    """
    _run("settle", sessions or [], every=all_, db=db, as_json=as_json, lang=lang)


@ledger_app.command("void")
def void(
    hand_id: HandArg,
    reason: Annotated[str, typer.Option("--reason", help="Why the hand does not count.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Stop a hand counting; it stays in the ledger and the log, with the reason.

    Example: `scorer ledger void 3 --reason "dealt with 47 cards"`.
    """
    _run("void", hand_id, reason=reason, db=db, as_json=as_json, lang=lang)


@ledger_app.command("replace")
def replace(
    hand_id: HandArg,
    record: Annotated[str, typer.Argument(help="The corrected record file.")],
    reason: Annotated[str, typer.Option("--reason", help="What was wrong.")],
    yes: YesOpt = False,
    set_: SetOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Store a corrected hand in place of a wrong one (which stays listed, not counted).

    Example: `scorer ledger replace 3 fixed.toml --reason "Bo's 9a was a junk card"`.
    """
    _run("replace", hand_id, record, reason=reason, assume_yes=yes, overrides=set_ or [],
         db=db, as_json=as_json, lang=lang)


@ledger_app.command("log")
def log(
    session: Annotated[str | None, typer.Argument(help="One session (default: all).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """The audit trail: what was entered, when, and what it voided or replaced.

    Example: `scorer ledger log friday`.
    """
    _run("log", session, db=db, as_json=as_json, lang=lang)


@ledger_app.command("rescore")
def rescore(
    hand_id: HandArg,
    rules: Annotated[
        str | None, typer.Option("--rules", help="Another preset, e.g. cardavia.")
    ] = None,
    set_: SetOpt = None,
    save: Annotated[
        bool, typer.Option("--save", help="Store the new score as a replacement (needs --reason).")
    ] = False,
    reason: Annotated[str | None, typer.Option("--reason", help="Why, with --save.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Score a stored hand again under other rules: old and new totals side by side.

    Example: `scorer ledger rescore 3 --rules cardavia`. Rules the hand was scored with
    beyond its preset (house rules) are kept. Nothing changes unless `--save --reason
    "..."`, which stores the new score as a replacement.
    """
    _run("rescore", hand_id, preset=rules, overrides=set_ or [], save=save, reason=reason,
         db=db, as_json=as_json, lang=lang)


@ledger_app.command("export")
def export(
    session: SessionArg = None,
    fmt: Annotated[Format, typer.Option("--format", help="csv (a spreadsheet) or json (all).")]
    = Format.json,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
    db: DbOpt = None,
    lang: LangOpt = None,
) -> None:
    """Export a session: CSV, one row a hand per player; JSON, everything (re-importable).

    Examples: `scorer ledger export friday --format csv -o friday.csv`,
    `scorer ledger export friday -o friday.json`.
    """
    _run("export", session, fmt=fmt.value, output=output, db=db, lang=lang)


@ledger_app.command("import")
def import_(
    file: Annotated[str, typer.Argument(help="A JSON file from `scorer ledger export`.")],
    name: Annotated[
        str | None, typer.Option("--name", help="Import under another session name.")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Recreate an exported session in this ledger (refused if the name is taken).

    Example: `scorer ledger import friday.json --db other.sqlite3`.
    """
    _run("import", file, name=name, db=db, as_json=as_json, lang=lang)
