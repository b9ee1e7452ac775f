"""The typed commands' help in Spanish (``scorer gostop --help --lang es``, or with
``SCORER_LANG=es``): argparse's own words, each command's description and each option's.

Keyed by command (a game's name, ``score``, ``cards``, ``ledger new``, ...) and flag, for
what is not said beside an option's declaration (``QuickOption.help_es``: the options the
commands share); the games' own options are declared in ``scorer/games``. Loaded only for
Spanish help. A new option without its Spanish fails ``tests/test_cli_player.py``.
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
# ... and where a game calls its pieces otherwise (the Hakka seed's "tarjetas").
GAME_METAVARS = {"hakka": {"CARDS": "TARJETAS", "CARD": "TARJETA"}}

COMMANDS: dict[str, dict[str, str]] = {
    "gostop": {
        "": "Puntúa una mano de Go-Stop escrita en la mesa: tu montón contra uno o dos "
            "rivales.\n\n"
            'Ejemplo: scorer gostop --rules cardavia --me "1b 3b 8b 1r 2r 3r 4r 6r" '
            '--vs "11b 6j" --gos 1\n'
            "Un montón también puede ser una foto: --vs bo.jpg (las cartas dudosas se "
            "preguntan, o --yes). Los jugadores son jugador y rival (rival1 y rival2 con dos "
            "rivales); me y vs también valen.",
        "--me": 'tus cartas capturadas, p. ej. "1b 3b 8b 2a"',
        "--vs": "las cartas capturadas de un rival; repítelo para un segundo rival",
        "--gos": "los go que cantaste",
        "--vs-gos": "los go que cantó un rival, en el orden de --vs",
        "--stop": "quién cantó stop (nadie: nagari)",
        "--shakes": "las sacudidas que declaraste",
        "--bombs": "las bombas que jugaste",
        "--instant": "ganaste de inmediato (sin cantar stop)",
        "--cup": "el papel que un jugador da a la copa, p. ej. jugador:sangre o rival:animal "
                 "(por defecto, el que más puntúa)",
        "--bak": "un bak que sufrió un rival, con bak.from = typed, p. ej. rival:pi-bak o "
                 "rival2:gwang-bak",
        "--big-hand": "la mesa acordó que esta mano es una mano grande (daepan: por "
                      "bighand.factor)",
    },
    "koikoi": {
        "": "Puntúa una mano de Koi-Koi escrita en la mesa: tu montón contra el del otro "
            "jugador.\n\n"
            'Ejemplo: scorer koikoi --me "1b 3b 8b 9a" --vs "2a 6a 7a 10a 11a" --month 3 '
            "--koikoi vs:1\n"
            "Las cartas llevan los meses japoneses (sauce / lluvia 11, paulonia 12). Los "
            "jugadores son jugador y rival (me y vs también valen); un montón también puede "
            "ser una foto (--vs bo.jpg).",
        "--me": 'tus cartas capturadas, p. ej. "1b 3b 8b 9a"',
        "--vs": "las cartas capturadas del otro jugador",
        "--month": "el mes de la mano, de 1 a 12 (japonés: sauce 11)",
        "--koikoi": "los koi-koi que cantó un jugador, QUIÉN:N (jugador:1, rival:2)",
        "--stop": "quién paró (por defecto jugador; nadie: nadie puntuó, oya-ken)",
        "--dealer": "quién repartió (el oya)",
        "--dealt": "una victoria inmediata de la mano repartida, QUIÉN:TIPO (jugador:teshi, "
                   "rival:kuttsuki)",
        "--redeal": "la mesa salió teshi o kuttsuki: se reparte de nuevo",
    },
    "mahjong": {
        "": "Puntúa una mano de mahjong clásico: las fichas de los cuatro jugadores, por "
            "asiento.\n\n"
            'Ejemplo: scorer mahjong --east "123m 456m 789m 11z 22z" --south "234p 345p 456p '
            '777z 55s" --west "19m19p19s1234567z" --north "(111s) (999s) 2345s 66s 4z" '
            "--winner south --discarder east --tile 5s\n"
            "Fichas ocultas sueltas, combinaciones expuestas entre ( ), cuartetos ocultos "
            "entre [ ], flores como 1f-8f. Una mano puede ser una foto (las fichas ocultas en "
            "el primer grupo de la primera fila, cada combinación expuesta en su grupo). Los "
            "asientos también se dicen este, sur, oeste y norte.",
        "--east": 'las fichas de Este, p. ej. "123m 55p (777z)"',
        "--south": 'las fichas de Sur, p. ej. "123m 55p (777z)"',
        "--west": 'las fichas de Oeste, p. ej. "123m 55p (777z)"',
        "--north": 'las fichas de Norte, p. ej. "123m 55p (777z)"',
        "--winner": "quién cerró",
        "--draw": "nadie cerró (el muro llegó a 14 fichas)",
        "--prevailing": "el viento dominante",
        "--tile": "la ficha ganadora (una de las fichas del vencedor)",
        "--self-drawn": "el vencedor robó la ficha ganadora",
        "--discarder": "de quién era el descarte que tomó el vencedor",
        "--special": "una victoria especial: Este cierra con su primera ficha (300), o con el "
                     "primer descarte de Este (150)",
        "--last-source": "de dónde vino la ficha ganadora",
        "--declare": "una declaración del vencedor (se puede repetir)",
        "--east-wins": "las manos que Este llevaba ganadas seguidas antes de esta (8: una "
                       "novena victoria)",
    },
    "hakka": {
        "": "Puntúa una mano de tarjetas Hakka: cuatro jugadores en orden de asiento (contra "
            "las agujas del reloj), el Repartidor, quién llamó, el vencedor con sus trucos y "
            "su patrón ganador, la tarjeta del Soñador.\n\n"
            "Ejemplo: scorer hakka --players Ana,Bo,Cy,Di --dealer Ana --called Di --winner Bo "
            '--tricks 7 --pattern "sup7 gon7 zok7" --dream sin7\n'
            "Nadie llamó: --void. Cinco tigres: --winner Bo --five-tigers. El Soñador se sienta "
            "frente al Repartidor (el Soñador de Ana es Cy).",
        "--players": "los cuatro jugadores en orden de asiento, contra las agujas del reloj, "
                     "p. ej. Ana,Bo,Cy,Di",
        "--dealer": "quién repartió (el Soñador se sienta enfrente)",
        "--called": "quién llamó (no el Repartidor: el jugador privilegiado)",
        "--void": "nadie llamó: la mano es nula (no puntúa)",
        "--winner": "quién ganó la mano",
        "--tricks": "los trucos que ganó el vencedor en el juego",
        "--pattern": 'el patrón ganador, p. ej. "sup7 gon7 zok7"',
        "--dream": "la única tarjeta del Soñador, p. ej. gon7",
        "--five-tigers": "el vencedor tiene los cinco tigres (los cuatro 1 y el Wan Sin)",
        "--elders": 'tarjetas de anciano que el vencedor aún tenía, p. ej. "sup9 wansin"',
    },
}

# `scorer ledger --help`: its usage line and the title of its list of commands (its
# description is beside the English, ``scorer.cli.ledger.HELP_ES``).
LEDGER = ("uso: scorer ledger ORDEN [ARGUMENTOS] (scorer ledger ORDEN --help)", "órdenes:")
