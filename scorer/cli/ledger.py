"""`scorer ledger`: the game-night ledger — sessions, hands, running totals, who pays whom.

Each command is declared once, as data (:data:`COMMANDS`), and parsed by argparse built
from the declarations (no typer: typed commands at the table must feel instant,
bench/ledger_speed.py), which answers mistakes in the command line's language. The bodies are in
:mod:`scorer.cli.ledger_run`; the domain in :mod:`scorer.ledger`.
"""

from __future__ import annotations

from scorer.options import DB, JSON, LANG, SET, YES, Command, QuickOption

HELP = (
    "The game-night ledger: every hand stored with its record and result, running totals, "
    "who pays whom.\n\n"
    "Start: scorer ledger new friday --game gostop --players Ana,Bo,Cy --stake 100 "
    "--currency won\nthen scorer ledger add friday hand.toml after each hand, and "
    "scorer ledger show, scorer ledger settle at the end.\n"
    "A hand is named as show lists it: friday#2 (or 2 --session friday)."
)
HELP_ES = (
    "El libro de la velada: cada mano guardada con su registro y su resultado, los totales, "
    "quién paga a quién.\n\n"
    "Para empezar: scorer ledger new viernes --game gostop --players Ana,Bo,Cy --stake 100 "
    "--currency won\ny luego scorer ledger add viernes mano.toml tras cada mano, y "
    "scorer ledger show, scorer ledger settle al final.\n"
    "Una mano se nombra como la lista show: viernes#2 (o 2 --session viernes)."
)


_JSON = JSON._replace(help="print one JSON document instead of text",
                      help_es="escribe un documento JSON en lugar de texto")
_YES = YES._replace(
    help="on purpose: add a hand the ledger would refuse as a slip (a player with no cards line, "
    "fewer players than the session, the same hand again), and accept uncertain cards "
    "recognised in photo piles",
    help_es="a propósito: añade una mano que el libro rechazaría como un descuido (un jugador "
            "sin línea de cartas, menos jugadores que la sesión, la misma mano otra vez), y "
            "acepta las cartas dudosas reconocidas en fotos de montones",
)
_HAND = QuickOption(
    "HAND", "ref", "str",
    "the hand as show lists it: SESSION#N, e.g. friday#2 (N alone: the session of "
    "--session, else the latest)",
    help_es="la mano como la lista show: SESIÓN#N, p. ej. viernes#2 (N sola: la sesión de "
            "--session, si no la última)",
)
_SESSION = QuickOption("--session", "session", "str", "the session of a hand given as N",
                       metavar="NAME", help_es="la sesión de una mano dada como N")
_LATEST = QuickOption("SESSION", "session", "str", "the session (default: the latest)",
                      nargs="?", help_es="la sesión (por defecto, la última)")
_COMMON = (DB, _JSON, LANG)


def _reason(what: str, what_es: str, *, required: bool = True) -> QuickOption:
    return QuickOption("--reason", "reason", "str", what, required=required, metavar="TEXT",
                       help_es=what_es)


COMMANDS: dict[str, Command] = {
    "new": Command(
        "Start a session: one game among one group of players, at one stake.\n\n"
        "Example: scorer ledger new friday --game gostop --players Ana,Bo,Cy --stake 100 "
        "--currency won --rules familia\nRecords added later may leave out game, preset, "
        "stake and currency: the session's are used.",
        (
            QuickOption("NAME", "name", "str", "a name for the evening, e.g. friday",
                        help_es="un nombre para la velada, p. ej. viernes"),
            QuickOption("--game", "game", "str", "the game (see scorer rules)", required=True,
                        help_es="el juego (véase scorer rules)"),
            QuickOption("--players", "players", "str", "the players, comma-separated: Ana,Bo,Cy",
                        required=True, metavar="A,B,...",
                        help_es="los jugadores, separados por comas: Ana,Bo,Cy"),
            QuickOption("--stake", "stake", "str", "money per point, e.g. 100 or 0.1", "1",
                        metavar="N",
                        help_es="dinero por punto, p. ej. 100 o 0.1"),
            QuickOption("--currency", "currency", "str", "currency label", "",
                        help_es="nombre de la moneda"),
            QuickOption("--rules", "preset", "str",
                        "preset for records that name none, e.g. cardavia", metavar="PRESET",
                        help_es="las reglas de la casa de los registros que no nombran ninguna, "
                                "p. ej. cardavia"),
            SET, *_COMMON,
        ),
        "run_new",
        help_es="Empieza una sesión: un juego entre un grupo de jugadores, a una "
                "apuesta.\n\nEjemplo: scorer ledger new viernes --game gostop --players Ana,Bo,Cy "
                "--stake 100 --currency won --rules familia\nLos registros que se añadan luego "
                "pueden omitir el juego, las reglas, la apuesta y la moneda: valen los de la "
                "sesión.",
    ),
    "list": Command("List the sessions with their games, players and hands.\n\n"
                    "Example: scorer ledger list --json", _COMMON, "run_list",
                    help_es="Lista las sesiones con sus juegos, jugadores y manos.\n\nEjemplo: "
                            "scorer ledger list --json"),
    "add": Command(
        "Score a record file and store the hand in a session.\n\n"
        "Example: scorer ledger add friday samples/gostop-familia-3p.toml\nThe hand is kept "
        "whole (the file as typed, the rules in force, the result); a record that does not "
        "score, another game's hand or a player the session lacks changes nothing.",
        (
            _LATEST,
            QuickOption("RECORD", "record_path", "str", "the record file (TOML)",
                        help_es="el fichero de registro (TOML)"),
            _YES, SET, *_COMMON,
        ),
        "run_add",
        help_es="Puntúa un fichero de registro y guarda la mano en una sesión.\n\nEjemplo: scorer "
                "ledger add viernes samples/gostop-familia-3p.toml\nLa mano se guarda entera (el "
                "fichero tal como se escribió, las reglas vigentes, el resultado); un registro "
                "que no puntúa, una mano de otro juego o un jugador que no está en la sesión no "
                "cambian nada.",
    ),
    "show": Command(
        "Running totals per player after each hand; voided hands are listed, not counted.\n\n"
        "Example: scorer ledger show friday (--json for the same as data)",
        (_LATEST, *_COMMON),
        "run_show",
        help_es="Los totales de cada jugador tras cada mano; las manos anuladas se listan, no "
                "cuentan.\n\nEjemplo: scorer ledger show viernes (--json: lo mismo como datos)",
    ),
    "hand": Command(
        "A stored hand's whole explanation again, with when it was entered.\n\n"
        "Example: scorer ledger hand friday#3 (--json: the stored record, rules and result)",
        (_HAND, _SESSION, *_COMMON),
        "run_hand",
        help_es="La explicación entera de una mano guardada, con cuándo se anotó.\n\nEjemplo: "
                "scorer ledger hand viernes#3 (--json: el registro, las reglas y el resultado "
                "guardados)",
    ),
    "settle": Command(
        "Who pays whom, in money, with the fewest transfers (checked to sum to zero).\n\n"
        "Examples: scorer ledger settle friday; scorer ledger settle friday saturday (settled "
        "by player name); scorer ledger settle friday --all (every session of friday's "
        "players). Sessions in different currencies are refused.",
        (
            QuickOption("SESSIONS", "sessions", "str",
                        "sessions to settle together (default: the latest)", nargs="*",
                        help_es="las sesiones que se liquidan juntas (por defecto, la última)"),
            QuickOption("--all", "every", "bool",
                        "every session of the same players as the first one",
                        help_es="todas las sesiones de los mismos jugadores que la primera"),
            *_COMMON,
        ),
        "run_settle",
        help_es="Quién paga a quién, en dinero, con las menos transferencias (comprobado que "
                "suman cero).\n\nEjemplos: scorer ledger settle viernes; scorer ledger settle "
                "viernes sabado (por nombre de jugador); scorer ledger settle viernes --all "
                "(todas las sesiones de los jugadores de viernes). Se rechazan sesiones en "
                "monedas distintas.",
    ),
    "void": Command(
        "Stop a hand counting; it stays in the ledger and the log, with the reason.\n\n"
        'Example: scorer ledger void friday#3 --reason "dealt with 47 cards"',
        (_HAND, _reason("why the hand does not count", "por qué la mano no cuenta"), _SESSION,
         *_COMMON),
        "run_void",
        help_es="Hace que una mano deje de contar; sigue en el libro y en el historial, con el "
                "motivo.\n\nEjemplo: scorer ledger void viernes#3 --reason \"repartida con 47 "
                "cartas\"",
    ),
    "replace": Command(
        "Store a corrected hand in place of a wrong one (which stays listed, not counted).\n\n"
        "Example: scorer ledger replace friday#3 fixed.toml --reason \"Bo's 9a was a junk "
        "card\"\nThe correction keeps the round, month, dealer and carry the hand had, "
        "unless it says otherwise.",
        (
            _HAND, QuickOption("RECORD", "record_path", "str", "the corrected record file",
                               help_es="el fichero de registro corregido"),
            _reason("what was wrong", "qué estaba mal"), _SESSION, _YES, SET, *_COMMON,
        ),
        "run_replace",
        help_es="Guarda una mano corregida en lugar de una equivocada (que sigue listada, sin "
                "contar).\n\nEjemplo: scorer ledger replace viernes#3 corregida.toml --reason \"el "
                "9a de Bo era pi\"\nLa corrección conserva la ronda, el mes, el repartidor y el "
                "arrastre de la mano, salvo que diga otra cosa.",
    ),
    "log": Command(
        "The audit trail: what was entered, when, and what it voided or replaced.\n\n"
        "Example: scorer ledger log friday",
        (QuickOption("SESSION", "session", "str", "one session (default: all)", nargs="?",
                     help_es="una sesión (por defecto, todas)"),
         *_COMMON),
        "run_log",
        help_es="El historial: qué se anotó, cuándo, y qué anuló o sustituyó.\n\nEjemplo: scorer "
                "ledger log viernes",
    ),
    "rescore": Command(
        "Score a stored hand again under other rules: old and new totals side by side.\n\n"
        "Example: scorer ledger rescore friday#3 --rules cardavia\nRules the hand was scored "
        "with beyond its preset (house rules) are kept. Nothing changes unless --save "
        '--reason "...", which stores the new score as a replacement.',
        (
            _HAND,
            QuickOption("--rules", "preset", "str", "another preset, e.g. cardavia",
                        metavar="PRESET",
                        help_es="otras reglas de la casa, p. ej. cardavia"),
            SET,
            QuickOption("--save", "save", "bool",
                        "store the new score as a replacement (needs --reason)",
                        help_es="guarda la nueva puntuación como sustituta (hace falta "
                                "--reason)"),
            _reason("why, with --save", "por qué, con --save", required=False), _SESSION, *_COMMON,
        ),
        "run_rescore",
        help_es="Puntúa de nuevo una mano guardada con otras reglas: los totales viejos y los "
                "nuevos, uno al lado del otro.\n\nEjemplo: scorer ledger rescore viernes#3 "
                "--rules cardavia\nSe conservan los cambios a las reglas con que se puntuó la "
                "mano. Nada cambia salvo con --save --reason \"...\", que guarda la nueva "
                "puntuación como sustituta.",
    ),
    "export": Command(
        "Export a session: CSV, one row a hand per player; JSON, everything (re-importable).\n\n"
        "Examples: scorer ledger export friday --format csv -o friday.csv; "
        "scorer ledger export friday -o friday.json",
        (
            _LATEST,
            QuickOption("--format", "fmt", "choice", "csv (a spreadsheet) or json (all)",
                        "json", choices=("csv", "json"),
                        help_es="csv (una hoja de cálculo) o json (todo)"),
            QuickOption("--output", "output", "str", "write to this file (default: stdout)",
                        alias="-o", metavar="FILE",
                        help_es="escribe en este fichero (por defecto, la salida estándar)"),
            DB, LANG,
        ),
        "run_export",
        help_es="Exporta una sesión: CSV, una fila por mano y jugador; JSON, todo (se puede "
                "volver a importar).\n\nEjemplos: scorer ledger export viernes --format csv -o "
                "viernes.csv; scorer ledger export viernes -o viernes.json",
    ),
    "import": Command(
        "Recreate an exported session in this ledger (refused if the name is taken).\n\n"
        "Example: scorer ledger import friday.json --db other.sqlite3",
        (
            QuickOption("FILE", "file", "str", "a JSON file from scorer ledger export",
                        help_es="un fichero JSON de scorer ledger export"),
            QuickOption("--name", "name", "str", "import under another session name",
                        help_es="importa con otro nombre de sesión"),
            *_COMMON,
        ),
        "run_import",
        help_es="Crea de nuevo en este libro una sesión exportada (se rechaza si el nombre ya "
                "existe).\n\nEjemplo: scorer ledger import viernes.json --db otro.sqlite3",
    ),
}


def _group_help(lang: str) -> str:
    usage = "usage: scorer ledger COMMAND [ARGS] (scorer ledger COMMAND --help)"
    about, listed = HELP, "commands:"
    firsts = {n: c.help_es if lang == "es" else c.help for n, c in COMMANDS.items()}
    if lang == "es":
        from scorer.cli import help_es

        (usage, listed), about = help_es.LEDGER, HELP_ES
    width = max(len(n) for n in COMMANDS)
    lines = [usage, "", about, "", listed]
    lines += [f"  {n:<{width}}  {text.split(chr(10))[0]}" for n, text in firsts.items()]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """`scorer ledger ARGV`: one parser, one set of messages, in English or Spanish."""
    import sys

    from scorer.cli.output import CliError, emit_text, fail
    from scorer.lang import argv_lang

    lang = argv_lang(argv)
    # the command is the first word after any --lang (`scorer ledger --lang es show`)
    at = 0
    while at < len(argv) and (argv[at] == LANG.flag or argv[at].startswith(f"{LANG.flag}=")):
        at += 1 if "=" in argv[at] else 2
    if at >= len(argv) or argv[at] in ("-h", "--help"):
        emit_text(_group_help(lang))
        return
    command, argv = argv[at], [*argv[:at], *argv[at + 1:]]
    if command not in COMMANDS:
        from scorer.i18n import t

        fail(t("ledger.unknown-command", lang, command=repr(command), known=", ".join(COMMANDS)))
    spec = COMMANDS[command]
    try:
        from scorer.cli.quick import build_command_parser

        parser = build_command_parser(f"scorer ledger {command}",
                                      spec.help_es if lang == "es" else spec.help,
                                      spec.options, lang)
        values = vars(parser.parse_args(argv))
        from scorer.cli import ledger_run

        getattr(ledger_run, spec.function)(ledger_run.asked(values), **values)
    except CliError as err:
        fail(str(err), err.code)
    except BrokenPipeError:
        from scorer.cli.quick import _quiet_pipe

        _quiet_pipe()
    sys.stdout.flush()
