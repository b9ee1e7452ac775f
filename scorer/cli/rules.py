"""`scorer rules`: show a game's rule presets, one preset's values, or what two differ in.

Examples: `scorer rules gostop`, `scorer rules gostop cardavia`,
`scorer rules gostop familia --set brights.four_rain=4`,
`scorer rules diff gostop familia cardavia`.
"""

from __future__ import annotations

from typing import Annotated

from scorer.cli.bilingual import App, argument, option, spanish_doc
from scorer.cli.choices import Lang, declared
from scorer.cli.output import CliError, emit_json, emit_text, fail, use_color
from scorer.games.base import game_name, game_names
from scorer.games.rules import (
    Rules,
    RulesError,
    diff_rules,
    format_value,
    key_specs,
    list_presets,
    load_preset,
    resolve_rules,
)
from scorer.i18n import describe, t
from scorer.lang import detect_lang
from scorer.options import JSON, LANG
from scorer.render.text import Column, paint, table

rules_app = App(name="rules", no_args_is_help=True)


@rules_app.callback()
@spanish_doc("Muestra las reglas de la casa con que se puntúa cada juego y las compara.")
def rules_group() -> None:
    """Show rule presets (the house rules a game is scored with) and compare them."""


JsonOpt = Annotated[bool, declared(JSON, "Print one JSON document instead of text.",
                                   "Escribe un documento JSON en lugar de texto.")]
LangOpt = Annotated[
    Lang | None, declared(LANG, "Language of the tables (default: from the locale).",
                          "El idioma de las tablas (por defecto, el del sistema).")
]


def _presets_table(game: str, lang: str, color: bool) -> str:
    rows = []
    for name in list_presets(game):
        rules = load_preset(game, name)
        rows.append([name, rules.description_in(lang), rules.source_in(lang)])
    cols = [
        Column(t("preset", lang), style="bold"),
        Column(t("description", lang), max_width=50),
        Column(t("source", lang)),
    ]
    title = t("presets_title", lang, game=game)
    return table(cols, rows, color=color, title=title) + "\n\n" + t("rules_hint", lang, game=game)


def _rules_table(rules: Rules, lang: str, color: bool) -> str:
    overridden = {key for key, _, _ in rules.overrides}
    rows = []
    for key, spec in rules.specs.items():
        mark = " *" if key in overridden else (" †" if key in rules.notes else "")
        rows.append([key, format_value(rules.values[key]) + mark, spec.describe(lang)])
    cols = [
        Column(t("key", lang), style="cyan"),
        Column(t("value", lang), align="right", style="bold"),
        Column(t("description", lang), max_width=60),
    ]
    title = (f"{rules.game} · {rules.preset} — {rules.description_in(lang)} "
             f"({rules.source_in(lang)})")
    out = [table(cols, rows, color=color, title=title)]
    if rules.notes:
        out.append("")
        out.append(paint(t("resolved_head", lang), "bold", color))
        for key in rules.notes:
            out.append(f"  {key}: {rules.note(key, lang)}")
    if rules.overrides:
        out.append("")
        items = ", ".join(t("from_origin", lang, rule=k, origin=o) for k, _, o in rules.overrides)
        out.append(t("overridden", lang, items=items))
    return "\n".join(out)


def _lang(lang: Lang | None) -> str:
    try:
        return detect_lang(lang.value if lang else None)
    except ValueError as err:
        fail(str(err))


def show(
    game: str, preset: str | None, *, as_json: bool, assignments: list[str], lang: str = "en"
) -> None:
    """Body of `scorer rules GAME [PRESET]` (shared by every game's command)."""
    if preset is None and assignments:
        fail(t("rules.set-needs-preset", lang, game=game))
    try:
        if preset is None:
            if as_json:
                emit_json(
                    {
                        "schema": "scorer.presets/1",
                        "game": game,
                        "presets": [
                            {
                                "name": n,
                                "description": load_preset(game, n).description,
                                "description_es": load_preset(game, n).description_es,
                                "source": load_preset(game, n).source,
                            }
                            for n in list_presets(game)
                        ],
                        "keys": [s.to_json() for s in key_specs(game).values()],
                    }
                )
            else:
                emit_text(_presets_table(game, lang, use_color()))
            return
        rules = resolve_rules(game, preset, assignments=assignments)
    except RulesError as err:
        fail(describe(err, lang))
    if as_json:
        emit_json(rules.to_json())
    else:
        emit_text(_rules_table(rules, lang, use_color()))


def _show_command(game: str) -> None:
    """Register `scorer rules GAME [PRESET]` for one game (the games come from the registry)."""
    presets = ", ".join(list_presets(game))

    # The preset's help names this game's presets, so it is built here (a default value is
    # evaluated now; an annotation would be evaluated later, without this function's names).
    @spanish_doc(
        f"Reglas de {game}: cada clave de regla con su valor y una descripción de una línea."
        f"\n\nEjemplos: `scorer rules {game}`, `scorer rules {game} {list_presets(game)[0]} "
        "--json`."
    )
    def command(
        preset: str | None = argument(  # noqa: B008
            None, help=f"A preset name ({presets}); none lists them.",
            help_es=f"El nombre de unas reglas ({presets}); sin él, se listan todas.",
            metavar_es="reglas",
        ),
        as_json: JsonOpt = False,
        set_: Annotated[
            list[str] | None,
            option("--set", help="Preview an override, e.g. --set KEY=VALUE.",
                   help_es="Muestra cómo quedan con un cambio, p. ej. --set CLAVE=VALOR."),
        ] = None,
        lang: LangOpt = None,
    ) -> None:
        show(game, preset, as_json=as_json, assignments=set_ or [], lang=_lang(lang))

    command.__doc__ = (
        f"{game} presets: every rule key with its value and a one-line description.\n\n"
        f"Examples: `scorer rules {game}`, `scorer rules {game} {list_presets(game)[0]} --json`."
    )
    rules_app.command(game)(command)
    from scorer.games.base import get_game

    for alias in get_game(game).aliases:  # `scorer rules go-stop`: the same, not listed
        rules_app.command(alias, hidden=True)(command)


for _game in game_names():
    _show_command(_game)


@rules_app.command("diff")
@spanish_doc("""Las claves en que difieren unas reglas de otras, o lo que cambia un fichero
    de reglas de la casa.

    Ejemplos: `scorer rules diff gostop familia cardavia`;
    `scorer rules diff gostop estandar samples/house-rules/gostop-ts.toml`.
    """)
def diff(
    game: Annotated[str, argument(help="Which game's presets (gostop, koikoi, ...).",
                                  help_es="De qué juego son las reglas (gostop, koikoi...).",
                                  metavar_es="juego")],
    a: Annotated[str, argument(help="First preset.", help_es="Las primeras reglas.")],
    b: Annotated[
        str,
        argument(
            help="Second preset, or a house-rules TOML file (layered on the first preset).",
            help_es="Las segundas reglas, o un fichero TOML de reglas de la casa (aplicado "
                    "sobre las primeras).",
        ),
    ],
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """The rule keys on which two presets differ, or what a house-rules file changes.

    Examples: `scorer rules diff gostop familia cardavia`;
    `scorer rules diff gostop estandar samples/house-rules/gostop-ts.toml`.
    """
    language = _lang(lang)
    found = game_name(game)
    if found is None:
        fail(t("rules.unknown-game", language, game=repr(game), games=", ".join(game_names())))
    game = found
    try:
        ra = load_preset(game, a)
        rb = ra.with_file(b) if b.lower().endswith(".toml") else load_preset(game, b)
        rows = diff_rules(ra, rb)
    except RulesError as err:
        fail(describe(err, language))
    if as_json:
        emit_json(
            {
                "schema": "scorer.rules-diff/1",
                "game": game,
                "a": a,
                "b": b,
                "differences": [
                    {"key": r.key, "a": _json(r.a), "b": _json(r.b), "doc": r.doc} for r in rows
                ],
            }
        )
        return
    if not rows:
        emit_text(t("diff_same", language, a=a, b=b))
        return
    cols = [
        Column(t("key", language), style="cyan"),
        Column(a, align="right", style="bold"),
        Column(b, align="right", style="bold"),
        Column(t("description", language), max_width=56),
    ]
    specs = ra.specs
    body = [
        [r.key, format_value(r.a), format_value(r.b), specs[r.key].describe(language)]
        for r in rows
    ]
    title = t("diff_title", language, game=game, a=a, b=b, n=len(rows))
    emit_text(table(cols, body, color=use_color(), title=title))


def _json(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


__all__ = ["CliError", "diff", "rules_app", "show"]
