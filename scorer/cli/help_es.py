"""The typed commands' help in Spanish (``scorer gostop --help --lang es``, or with
``SCORER_LANG=es``) where no declaration says it: argparse's own words, the group titles,
what a value is called, and the usage line of ``scorer ledger --help``. Each option's
Spanish is beside its declaration (``QuickOption.help_es``), each command's description
beside its English (``Command.help_es``, ``Game.quick_help_es``, ``ledger.HELP_ES``).
Loaded only for Spanish help.
"""

from __future__ import annotations

USAGE = "uso: "
OPTIONS = "opciones"
POSITIONALS = "argumentos"
HELP = "muestra esta ayuda y termina"
GAME_OPTIONS = "opciones de {title}"
SHARED = "reglas, apuesta y salida"
POINTERS = "Los códigos que se escriben: scorer cards {game}. Las reglas: scorer rules {game}."

# What a value is called in a usage line.
METAVARS = {
    "CARDS": "CARTAS", "CARD": "CARTA", "TILES": "FICHAS", "TILE": "FICHA",
    "PRESET": "REGLAS", "KEY=VALUE": "CLAVE=VALOR", "FILE": "FICHERO", "CURRENCY": "MONEDA",
    "SESSION": "SESIÓN", "PATH": "RUTA", "A,B,...": "A,B,...", "A,B,C,D": "A,B,C,D",
    "WHO:N": "QUIÉN:N", "WHO:ROLE": "QUIÉN:PAPEL", "WHO:KIND": "QUIÉN:TIPO", "WHO:BAK": "QUIÉN:BAK",
    "NAME": "NOMBRE", "TEXT": "TEXTO", "HAND": "MANO", "SESSIONS": "SESIONES", "GAME": "JUEGO",
    "PHOTO": "FOTO", "SEATS": "ASIENTOS", "A,B": "A,B",
    "N": "N", "RECORD": "REGISTRO", "DECK": "BARAJA", "PRESET|RULES.toml": "REGLAS|REGLAS.toml",
}
# ... where it names a game's pieces, by its deck's unit (``Deck.unit``, as the catalogs'
# ``deck_title.<unit>``): the Hakka seed calls its cards "tarjetas".
PIECES = {
    "card": {"CARDS": "CARTAS", "CARD": "CARTA"},
    "tile": {"TILES": "FICHAS", "TILE": "FICHA"},
    "hakka-card": {"CARDS": "TARJETAS", "CARD": "TARJETA"},
}

# `scorer ledger --help`: its usage line and the title of its list of commands (its
# description is beside the English, ``scorer.cli.ledger.HELP_ES``).
LEDGER = ("uso: scorer ledger ORDEN [ARGUMENTOS] (scorer ledger ORDEN --help)", "órdenes:")
