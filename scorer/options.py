"""Command-line options declared as data.

Every command that must start fast (``score``, ``cards``, each game's quick form, every
``ledger`` command) declares its options once as :class:`QuickOption` records; argparse
(:mod:`scorer.cli.quick`) reads the command line from them, without typer's start-up.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class QuickOption(NamedTuple):
    """One option of a game's quick form (``scorer <game> --me ... --vs ...``).

    ``kind``: ``str``, ``int``, ``float``, ``bool`` (a flag) or ``choice`` (one of
    ``choices``). ``repeat``: the option may be given several times (a list). ``high``: the
    largest whole number accepted (counts have bounds that follow from the game). A
    ``flag`` without a leading ``-`` is a positional argument (the generic commands
    ``score`` and ``cards`` are declared with the same records). A ``str`` option whose
    ``metavar`` starts ``WHO:`` names a player first (``--koikoi vs:1``).
    """

    flag: str
    dest: str
    kind: str
    help: str
    default: Any = None
    repeat: bool = False
    choices: tuple[str, ...] = ()
    metavar: str = ""
    high: int | None = None
    required: bool = False
    alias: str = ""  # a short form of the flag, e.g. "-y"
    nargs: str = ""  # a positional's count: "" one, "?" one or none, "*" any number
    help_es: str = ""  # the help in Spanish, beside the English (else the command's table)
    key: str = ""  # the record key a quick form's option fills, where not ``dest`` (--tile)


class Command(NamedTuple):
    """A generic command as data (``score``, ``cards``, each ``ledger`` command): its help in
    both languages, its options (one declaration, parsed by argparse in
    :mod:`scorer.cli.quick`) and the name of the function that runs it."""

    help: str
    options: tuple[QuickOption, ...]
    function: str
    help_es: str = ""  # the help in Spanish


# The options many commands share, each declared once: a command that says more of what it
# prints changes only the help (``JSON._replace(help=..., help_es=...)``).
JSON = QuickOption("--json", "as_json", "bool", "print one JSON document",
                   help_es="escribe un documento JSON")
LANG = QuickOption("--lang", "lang", "choice", "language of the output", choices=("en", "es"),
                   help_es="idioma de la salida")
DB = QuickOption(
    "--db", "db", "str",
    "the ledger file (default: $SCORER_DB, else ledger.sqlite3 in your data folder)",
    metavar="PATH",
    help_es="el fichero del libro (por defecto: $SCORER_DB, si no ledger.sqlite3 en tu "
            "carpeta de datos)",
)
YES = QuickOption("--yes", "assume_yes", "bool",
                  "accept uncertain cards recognised in photo piles", alias="-y",
                  help_es="acepta las cartas dudosas reconocidas en fotos de montones")
SET = QuickOption("--set", "overrides", "str",
                  "override one rule value, e.g. --set go.double_from=4 (repeatable)", (),
                  repeat=True, metavar="KEY=VALUE",
                  help_es="cambia un valor de las reglas, p. ej. --set go.double_from=4 (se "
                          "puede repetir)")
RULES_FILE = QuickOption("--rules-file", "rules_file", "str", "a TOML file of rule overrides",
                         metavar="FILE", help_es="un fichero TOML de cambios a las reglas")


# The values of the quick forms' options as Spanish output says them: the two sides of a
# Go-Stop or Koi-Koi hand are "jugador" and "rival" ("rival paga a jugador"), mahjong's
# players their seats ("sur paga a este"), a hand nobody stopped "nadie paró", the cup's
# junk role "sangre". What a player reads is what they may type, whatever --lang says: each
# stands for the English value.
VALUES_ES = {
    "me": "jugador", "vs": "rival", "vs1": "rival1", "vs2": "rival2", "none": "nadie",
    "east": "este", "south": "sur", "west": "oeste", "north": "norte", "junk": "sangre",
}
_FROM_ES = {es: en for en, es in VALUES_ES.items()}


def from_spanish(word: str) -> str:
    """The English value a Spanish word of :data:`VALUES_ES` stands for (else the word)."""
    return _FROM_ES.get(word.strip().lower(), word)


def said(value: str, lang: str) -> str:
    """A value as output in ``lang`` says it (``me``: ``jugador`` in Spanish)."""
    return VALUES_ES.get(value, value) if lang == "es" else value


def shown_choices(opt: QuickOption, lang: str) -> tuple[str, ...]:
    """An option's choices as its help and errors show them in ``lang``."""
    return tuple(said(c, lang) for c in opt.choices)


# Why a typed value is refused, in each language the command line may ask for: made here,
# in the user's words, rather than translated after the fact.
_REFUSED = {
    "en": {
        "whole": "{text!r} is not a whole number",
        "range": "{text} is out of range (0 to {high})",
        "range-open": "{text} is out of range (0 or more)",
        "number": "{text!r} is not a number",
        "between": "{text} is not a number from 0 to {high}",
        "between-open": "{text} is not a number from 0 or more",
        "choice": "invalid choice: {text!r} (choose from {shown})",
    },
    "es": {
        "whole": "{text!r} no es un número entero",
        "range": "{text} está fuera del rango (de 0 a {high})",
        "range-open": "{text} está fuera del rango (0 o más)",
        "number": "{text!r} no es un número",
        "between": "{text} no es un número de 0 a {high}",
        "between-open": "{text} no es un número mayor o igual que 0",
        "choice": "valor no válido: {text!r} (elige entre {shown})",
    },
}


def _refused(lang: str, why: str, **values: Any) -> ValueError:
    return ValueError(_REFUSED["es" if lang == "es" else "en"][why].format(**values))


def _grouped(number: float, lang: str) -> str:
    """A bound with its thousands grouped as ``lang`` writes them (1,000 / 1.000)."""
    text = f"{number:,}"
    return text.replace(",", ".") if lang == "es" else text


def _value(opt: QuickOption, text: str, lang: str = "en") -> Any:
    """A typed value for ``opt``; ValueError with the one-line reason, in ``lang``, when it
    is not one.

    A choice may be said in Spanish (:data:`VALUES_ES`); so may a ``WHO:...`` value's parts,
    which the game reads (with :func:`from_spanish`), so that its errors show them as typed.
    """
    if opt.kind == "int":
        try:
            value: Any = int(text)
        except ValueError:
            raise _refused(lang, "whole", text=text) from None
        if value < 0 or (opt.high is not None and value > opt.high):
            if opt.high is None:
                raise _refused(lang, "range-open", text=text)
            raise _refused(lang, "range", text=text, high=opt.high)
        return value
    if opt.kind == "float":
        try:
            value = float(text)
        except ValueError:
            raise _refused(lang, "number", text=text) from None
        high = float("inf") if opt.high is None else opt.high
        if not 0 <= value <= high:  # nan fails both comparisons
            if opt.high is None:
                raise _refused(lang, "between-open", text=text)
            raise _refused(lang, "between", text=text, high=_grouped(opt.high, lang))
        return value
    if opt.kind == "choice":
        value = from_spanish(text) if text not in opt.choices else text
        if value not in opt.choices:
            shown = ", ".join(repr(c) for c in shown_choices(opt, lang))
            raise _refused(lang, "choice", text=text, shown=shown)
        return value
    return text
