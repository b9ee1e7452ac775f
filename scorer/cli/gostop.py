"""`scorer gostop`: score a Go-Stop hand typed at the table, without a record file.

Example: `scorer gostop --rules cardavia --me "1b 3b 8b 1r 2r 3r 4r 6r" --vs "11b 6j" --gos 1`.
The players are called ``me`` and ``vs`` (``vs1``, ``vs2`` with two opponents).
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from scorer.cli.choices import Lang
from scorer.cli.output import CliError, emit_json, emit_text, fail, use_color


class GoStopPreset(StrEnum):
    familia = "familia"
    cardavia = "cardavia"
    estandar = "estandar"


class Stopper(StrEnum):
    me = "me"
    vs = "vs"  # the first (or only) opponent
    vs2 = "vs2"
    none = "none"  # nobody stopped: nagari


class Instant(StrEnum):
    four_in_hand = "four-in-hand"
    three_ppuk = "three-ppuk"




def quick_record(
    *,
    preset: str,
    me: str,
    vs: list[str],
    gos: int,
    vs_gos: list[int],
    stop: str,
    shakes: int,
    bombs: int,
    instant: str | None,
    stake: float,
    currency: str,
) -> dict[str, Any]:
    """The record (as parsed TOML) that the quick form stands for."""
    names = ["vs"] if len(vs) == 1 else [f"vs{i}" for i in range(1, len(vs) + 1)]
    if len(vs_gos) > len(vs):
        raise CliError(f"--vs-gos given {len(vs_gos)} times for {len(vs)} opponent(s)")
    me_player: dict[str, Any] = {"name": "me", "cards": me, "gos": gos}
    if shakes:
        me_player["shakes"] = shakes
    if bombs:
        me_player["bombs"] = bombs
    if instant:
        me_player["instant"] = instant
    players = [me_player] + [
        {"name": n, "cards": c, "gos": vs_gos[i] if i < len(vs_gos) else 0}
        for i, (n, c) in enumerate(zip(names, vs, strict=True))
    ]
    data: dict[str, Any] = {
        "game": "gostop",
        "preset": preset,
        "players": players,
        "stake": int(stake) if float(stake).is_integer() else stake,
        "currency": currency,
    }
    who = {"me": "me", "vs": names[0], "vs2": "vs2"}.get(stop)
    if who == "vs2" and "vs2" not in names:
        raise CliError("--stop vs2 needs two --vs piles")
    if who and not instant:
        data["stopped"] = who
    return data


def gostop(
    me: Annotated[str, typer.Option("--me", help='Your captured cards, e.g. "1b 3b 8b 2a".')],
    vs: Annotated[
        list[str],
        typer.Option("--vs", help="An opponent's captured cards; repeat for a second opponent."),
    ],
    rules: Annotated[
        GoStopPreset, typer.Option("--rules", help="The rule preset (see `scorer rules gostop`).")
    ] = GoStopPreset.estandar,
    gos: Annotated[int, typer.Option("--gos", min=0, help="Gos you called.")] = 0,
    vs_gos: Annotated[
        list[int] | None,
        typer.Option("--vs-gos", min=0, help="Gos an opponent called, in --vs order."),
    ] = None,
    stop: Annotated[
        Stopper, typer.Option("--stop", help="Who called stop (none: nagari).")
    ] = Stopper.me,
    shakes: Annotated[int, typer.Option("--shakes", min=0, help="Shakes you declared.")] = 0,
    bombs: Annotated[int, typer.Option("--bombs", min=0, help="Bombs you played.")] = 0,
    instant: Annotated[
        Instant | None, typer.Option("--instant", help="You won at once (no stop needed).")
    ] = None,
    stake: Annotated[float, typer.Option("--stake", min=0, help="Money per point.")] = 1,
    currency: Annotated[str, typer.Option("--currency", help="Currency label.")] = "",
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", help="Override one rule value, e.g. --set go.double_from=4."),
    ] = None,
    rules_file: Annotated[
        Path | None, typer.Option("--rules-file", help="A TOML file of rule overrides.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    lang: Annotated[Lang | None, typer.Option("--lang", help="Language of the output.")] = None,
    yes: Annotated[
        bool,
        typer.Option("--yes", "-y", help="Accept uncertain cards recognised in photo piles."),
    ] = False,
) -> None:
    """Score a Go-Stop hand typed at the table: your pile against one or two opponents.

    Example: `scorer gostop --rules cardavia --me "1b 3b 8b 1r 2r 3r 4r 6r" --vs "11b 6j" --gos 1`.
    A pile may also be a photo: `--vs bo.jpg` (uncertain cards are asked for, or `--yes`).
    """
    from scorer.cli.output import describe
    from scorer.cli.run import photo_resolver, resolve_lang
    from scorer.games.record import record_from_data, score_record
    from scorer.render.hand import render_hand

    language = "en"
    try:
        language = resolve_lang(lang.value if lang else None)
        data = quick_record(
            preset=rules.value,
            me=me,
            vs=vs,
            gos=gos,
            vs_gos=vs_gos or [],
            stop=stop.value,
            shakes=shakes,
            bombs=bombs,
            instant=instant.value if instant else None,
            stake=stake,
            currency=currency,
        )
        record = record_from_data(
            data,
            origin="scorer gostop",
            base_dir=os.getcwd(),
            overrides=set_ or [],
            rules_file=rules_file,
            pile_resolver=photo_resolver(yes),
        )
        result = score_record(record)
    except CliError as err:
        fail(str(err), err.code)
    except ValueError as err:
        fail(describe(err, language))
    if as_json:
        emit_json(result.to_json())
    else:
        emit_text(render_hand(result, language, color=use_color()))
