"""Every message scorer says, in Spanish, by id (the ids are the same in every language).

One catalog per language (:mod:`scorer.catalog.en`, :mod:`scorer.catalog.es`):
:func:`scorer.i18n.t` says an id in a language. A game's own sentences are in its module
(``messages_en``, ``messages_es``). Only a dict: every typed command loads it.
"""

MESSAGES: dict[str, str] = {
    # -- Scoring output: tables, payments, presets, decks
    "quick.names-count": (
        "esta forma es para {n} jugadores ({players}); se han dado {given} nombres "
        "({names})"
    ),
    "quick.names-unique": "cada jugador necesita un nombre distinto: {names}",
    "code": "Código",
    "id": "Id",
    "card": "Carta",
    "tile": "Ficha",
    "name": "Nombre",
    "native": "Nativo",
    "month": "Mes",
    "kind": "Tipo",
    "attributes": "Atributos de puntuación",
    "deck_title.card": "Baraja de {game}: {n} cartas",
    "deck_title.tile": "Juego de {game}: {n} fichas",
    "deck_title.hakka-card": "Baraja de {game}: {n} tarjetas",
    "deck_bonus": "{n} extra",
    "deck_months": "meses: {months}",
    "attr.bird": "pájaro",
    "attr.bonus:2-junk": "extra: vale 2 sangres",
    "attr.bonus:3-junk": "extra: vale 3 sangres",
    "attr.double-junk": "sangre doble",
    "attr.dragon": "dragón",
    "attr.dual-role:animal|double-junk": "doble papel: animal o sangre doble",
    "attr.elder": "anciano",
    "attr.flower": "flor",
    "attr.rain-bright": "luz de la lluvia",
    "attr.ribbon:blue": "bandera azul",
    "attr.ribbon:plain-red": "bandera roja lisa",
    "attr.ribbon:rain": "bandera de la lluvia",
    "attr.ribbon:red-poem": "bandera roja con poema",
    "attr.season": "estación",
    "attr.terminal": "terminal",
    "attr.wind": "viento",
    "rule": "Regla",
    "cards": "Cartas",
    "points": "puntos",
    "subtotal": "Subtotal",
    "total": "Total",
    "choice": "{card} contada como {role}: {reason}",
    "multiplier": "x{factor} {name}",
    "against": "contra {who}",
    "pays": "{payer} paga a {payee}: {points} puntos = {money}",
    "pays_formula": "{payer} paga a {payee}: {formula} = {points} puntos = {money}",
    "net": "Neto: {payer} paga a {payee} {points} puntos = {money}",
    "pays_one": "{payer} paga a {payee}: {points} punto = {money}",
    "pays_formula_one": "{payer} paga a {payee}: {formula} = {points} punto = {money}",
    "net_one": "Neto: {payer} paga a {payee} {points} punto = {money}",
    "net_even": "Neto: {a} y {b} quedan a la par",
    "no_payments": "Sin pagos.",
    "more_problems": "… y {n} problemas más",
    # a card-notation problem (scorer.decks.base.Problem) by its code; English says the
    # deck's own message, these say it in other languages from the problem's fields
    "notation.where": " en la posición {position}",
    "notation.hint": "; ¿quisiste decir {suggestions}?",
    "notation.unknown": "{what} desconocida {token}{where}{hint}",
    "notation.not-valid": "{token}{where} no es una {what} válida ({message})",
    "notation.duplicate": "{token} repetida más veces de las que tiene la baraja{where}",
    "notation.too-many": "demasiadas copias: la baraja solo tiene {cards}{where}",
    "notation.not-in-deck": "{token}{where}: estas reglas se juegan sin cartas extra",
    "notation.bad-meld": "{token}{where} no es una combinación válida ({message})",
    "preset": "reglas",
    "description": "descripción",
    "source": "fuente",
    "key": "clave",
    "value": "valor",
    "presets_title": "Reglas de {game}",
    "rules_hint": "Ver unas: scorer rules {game} REGLAS · comparar: scorer rules diff {game} A B",
    "resolved_head": "† cómo leen estas reglas su fuente donde la fuente no es clara:",
    "overridden": "* cambiadas: {items}",
    "from_origin": "{rule} (de {origin})",
    "diff_title": "{game}: {a} frente a {b}: {n} reglas distintas",
    "diff_same": "{a} y {b} coinciden en todas las reglas.",
    "player": "Jugador",
    "outcome": "Resultado",
    "winner": "Ganador",
    "error": "error",
    "no_score": "ninguna combinación puntúa",
    "hand_n": "Mano {n}",
    "next_dealer": "Reparte la siguiente mano: {who}",
    "compare_title": "{game}: la misma mano con {a} y con {b}: {n} diferencias",
    "compare_same": "Ambas reglas dan el mismo resultado.",
    "compare_net": "{who}: saldo {a} → {b} puntos",
    "payment_item": "{payer} paga a {payee}",
    "item": "Concepto",
    "running_totals": "Totales acumulados (puntos)",
    "series.match": "partida, rondas",
    "series.round": "ronda, manos",
    "series.game": "juego, manos",
    # -- Outcomes of a hand (a game's own are in its catalog: outcome.<id>)
    "outcome.stop": "stop (parar)",
    "outcome.nagari": "nagari: nadie paró, no hay pagos",
    "outcome.instant-win": "victoria inmediata",
    "outcome.win": "victoria",
    # -- Problems every record can have (scorer.games.record)
    "record.whole": "{key} = {value}; se esperaba un número entero de {low} a {high}",
    "record.whole-huge": (
        "{key} = un número enorme; se esperaba un número entero de {low} a {high}"
    ),
    "record.unknown-key": "clave desconocida {key}",
    "record.months": (
        "months = {value}; se esperaba jp (sauce 11, paulonia 12) o kr (paulonia 11, "
        "sauce 12)"
    ),
    "record.months-no-months": (
        "months = {value}: los meses numeran las cartas de hanafuda; {game} no las tiene"
    ),
    "record.months-hint": (
        "{title} numera {numbering}; para la otra numeración di --months {other} "
        "(months = '{other}' en un registro)"
    ),
    "record.months-hint-given": (
        "los códigos se leen con months = '{used}': {numbering}; para la otra "
        "numeración di --months {other} (months = '{other}' en un registro)"
    ),
    "record.unknown-key-hint": "clave desconocida {key}; ¿quisiste decir {close}?",
    "record.preset-not-name": (
        "preset debe ser el nombre de unas reglas (mira `scorer rules {game}`)"
    ),
    "record.rules-file-not-path": "rules_file debe ser la ruta de un archivo",
    "record.rules-not-table": "[rules] debe ser una tabla de reglas cambiadas",
    "record.hands-not-tables": "hands deben ser tablas [[hands]], una por mano",
    "record.no-players": "no hay tablas [[players]]",
    "record.player-not-table": "la entrada {n} de players debe ser una tabla",
    "record.no-name": "falta 'name' (el nombre)",
    "record.names-differ": "los nombres de los jugadores deben ser distintos: {names}",
    "record.dealer-not-player": "dealer = {dealer} no es un jugador ({names})",
    "record.stake": "stake = {value}; se esperaba un número de 0 a {high} (dinero por punto)",
    "record.currency": "currency debe ser un texto",
    "record.cards-not-text.card": "cards debe ser un texto con los códigos de las cartas",
    "record.cards-not-text.hakka-card": (
        "cards debe ser un texto con los códigos de las tarjetas"
    ),
    "record.cards-not-text.tile": "cards debe ser un texto con los códigos de las fichas",
    "record.photo-needs-cli": (
        "cards es una foto ({photo}); las fotos se leen con `scorer score` en la terminal"
    ),
    "record.no-photo": "no hay ninguna foto en {path}",
    "record.not-a-name": "{key} debe ser el nombre de un jugador",
    "record.pile-long.card": "{n} cartas escritas; un montón tiene como mucho {most}",
    "record.pile-long.hakka-card": "{n} tarjetas escritas; un montón tiene como mucho {most}",
    "record.pile-long.tile": "{n} fichas escritas; un montón tiene como mucho {most}",
    "word.months-kr": "paulonia 11 y sauce 12",
    "word.months-jp": "sauce 11 y paulonia 12",
    # -- The ledger: tables and lines (scorer ledger ..., the web page's ledger)
    "session": "Sesión",
    "hand": "Mano",
    "hands": "manos",
    "note": "Nota",
    "game": "Juego",
    "players": "Jugadores",
    "last": "Última entrada",
    "stake": "apuesta",
    "per_point": "por punto",
    "totals_points": "Totales (puntos)",
    "totals_money": "Totales (dinero)",
    "no_hands": "Todavía no hay manos.",
    "no_sessions": (
        "Todavía no hay sesiones: empieza una con `scorer ledger new NOMBRE --game J "
        "--players A,B`."
    ),
    "void": "anulada",
    "replaced_by": "sustituida por la #{seq}",
    "replaces": "sustituye a la #{seq}",
    "added": "Mano {hand} anotada: {nets}",
    "replaced": "Mano {old} sustituida por la {hand}: {nets}",
    "voided": "Mano {hand} anulada: {reason}",
    "started": "Sesión {session} empezada: {what}",
    "imported": "Sesión {session} importada: {n} manos",
    "running": "Totales acumulados: {totals}",
    "running_after": "Totales acumulados tras la {hand}: {totals}",
    "payer": "Paga",
    "payee": "Cobra",
    "amount": "Cantidad",
    "settle_title": "Quién paga a quién — {what}",
    "settled": "Nadie debe nada.",
    "checked": (
        "Comprobado: las {n} transferencias reproducen el total de cada jugador y suman "
        "cero."
    ),
    "checked_one": "Comprobado: la transferencia reproduce el total de cada jugador y suma cero.",
    "by_name": "Los jugadores de las sesiones no coinciden ({groups}): se liquida por nombre.",
    "when": "Cuándo",
    "action": "Acción",
    "target": "Afecta a",
    "reason": "Motivo",
    "detail": "Detalle",
    "stored": "Anotado",
    "rescored": "Recalculado",
    "money": "dinero",
    "rescore_title": "Mano {hand}: {old} → {new}",
    "payments_old": "Pagos anotados:",
    "payments_new": "Pagos recalculados:",
    "house": "Reglas de la casa mantenidas: {rules}",
    "not_saved": "No se ha guardado: añade --save --reason \"...\" para sustituir la mano.",
    "entry_head": "Mano {hand} · anotada {created} · scorer {version}",
    "entry_void": "Anulada: {reason}",
    "entry_differs": (
        "Nota: este scorer puntúa hoy la mano de otra forma; el libro conserva lo "
        "anotado."
    ),
    "new-session": "nueva sesión",
    "add": "anotar",
    "replace": "sustituir",
    "ledger.needs-names": (
        "{game}: --ledger necesita --names: los nombres de la sesión para los jugadores "
        "{order}, en ese orden"
    ),
    "ledger.unknown-command": (
        "scorer ledger: no hay ninguna orden {command} (órdenes: {known}) (véase --help)"
    ),
    # -- The ledger's problems (LedgerError ids) and slips
    "err.no-sessions": "todavía no hay sesiones: empieza una con `scorer ledger new NOMBRE ...`",
    "err.unknown-session": "no hay ninguna sesión {name}",
    "err.unknown-session-close": "no hay ninguna sesión {name}; ¿querías decir {close}?",
    "err.unknown-session-known": "no hay ninguna sesión {name} (sesiones: {known})",
    "err.no-ledger": "todavía no hay libro en {path}: empieza uno con `scorer ledger new`",
    "err.bad-ref": (
        "{ref} no es una mano: se espera SESIÓN#N, p. ej. friday#2 (o N con --session "
        "NOMBRE)"
    ),
    "err.ref-conflict": "{ref} nombra la sesión {named}, pero --session dice {given}",
    "err.which-session": (
        "mano {seq}: ¿de qué sesión? El libro tiene {n}: di {latest}#{seq} (la última) o "
        "--session NOMBRE; no se ha cambiado nada"
    ),
    "err.no-hand": "no hay mano {hand}: la sesión {session} tiene las manos #1 a #{last}",
    "err.no-hands": "no hay mano {hand}: la sesión {session} todavía no tiene manos",
    "err.already-void": "la mano {hand} ya está anulada ({reason})",
    "err.already-replaced": "la mano {hand} ya está sustituida por la {by} ({reason})",
    "err.empty-reason": "--reason no puede estar vacío",
    "err.save-needs-reason": "--save necesita --reason \"por qué se recalcula la mano\"",
    "err.other-game": "una mano de {game} no puede ir en la sesión {session} ({session_game})",
    "err.other-currency": (
        "la mano está en {currency}, la sesión {session} en {session_currency}"
    ),
    "err.stranger": "el jugador {who} no está en la sesión {session} ({players})",
    "err.series-replace": "{origin}: una mano se sustituye por una mano, no por una serie",
    "err.series-stored": "la mano {hand} está anotada como serie; no se puede recalcular",
    "err.no-record": "no hay ningún registro en {path}",
    "err.name-empty": "el nombre de la sesión no puede estar vacío",
    "err.unknown-game": "juego desconocido {game} (juegos: {games})",
    "err.few-players": "una sesión necesita al menos 2 jugadores; hay {n}",
    "err.player-twice": "el jugador {who} aparece más de una vez",
    "err.player-count": (
        "al {game} juegan {span} jugadores{under}; --players da {n} ({names}), así que "
        "nunca se podría anotar una mano"
    ),
    "err.stake": "stake = {stake}; se espera un número >= 0",
    "err.unknown-preset": "reglas de {game} desconocidas {preset} (reglas: {presets})",
    "err.session-exists": "ya existe una sesión llamada {name}",
    "err.unknown-format": "formato desconocido {fmt}: se espera csv o json",
    "err.cannot-write": "no se puede escribir {path} ({why})",
    "err.cannot-read": "no se puede leer {path} ({why})",
    "err.not-export": "{path}: no es una exportación JSON del libro ({why})",
    "slip.no-cards": "el jugador {who} no tiene línea cards (se puntúa como un montón vacío)",
    "slip.fewer": (
        "la mano tiene {n} jugadores ({names}), la sesión {session} tiene {m} ({players})"
    ),
    "slip.again": "la misma mano ya está en el libro como {hand} (anotada {created})",
    "slips": "{origin}: {slips}; no se ha anotado nada (--yes para anotarla de todos modos)",
    # -- The web page (scorer serve)
    "web.title": "Scorer",
    "web.sessions": "Sesiones",
    "web.no_sessions": "Todavía no hay sesiones.",
    "web.new_session": "Empezar una sesión",
    "web.name": "Nombre de la partida",
    "web.players": "Jugadores, separados por comas",
    "web.default": "las reglas habituales del juego",
    "web.stake": "Dinero por punto",
    "web.currency": "Moneda (p. ej. won, €)",
    "web.start": "Empezar",
    "web.hand_1": "1 mano",
    "web.hand_n": "{n} manos",
    "web.add_hand": "Anotar una mano",
    "web.totals": "Totales",
    "web.settle": "Quién paga a quién",
    "web.owes": "{payer} paga a {payee} {amount}",
    "web.seats": "Quién se sienta dónde",
    "web.photo": "Foto de las cartas",
    "web.photo_tiles": "Foto de las fichas",
    "web.typed": "Cartas escritas (se suman a las de la foto)",
    "web.typed_tiles": "Fichas escritas (se suman a las de la foto)",
    "web.example": "p. ej. {x}",
    "web.read": "Leer las fotos",
    "web.score": "Puntuar",
    "web.add": "Anotar en el libro",
    "web.grid_help": "Toca una carta para corregirla; las dudosas van en rojo.",
    "web.not_a_card": "— no es una carta —",
    "web.uncertain": "dudosa",
    "web.cards_found_1": "1 carta encontrada",
    "web.cards_found_n": "{n} cartas encontradas",
    "web.hand_facts": "La mano",
    "web.problems": "Corrige esto:",
    "web.added": "Mano {hand} anotada.",
    "web.back": "Volver a la sesión",
    "web.back_page": "Volver a la página",
    "web.home": "Todas las sesiones",
    "web.switch": "English",
    "web.explanation": "Explicación",
    "web.see": "ver",
    "web.refused": "No permitido",
    "web.forbidden": (
        "Esta página necesita el código de acceso de la mesa. Escanea el código QR de la "
        "pantalla del ordenador donde corre scorer serve, o escribe el código impreso "
        "debajo."
    ),
    "web.wrong_code": (
        "Ese no es el código de acceso de esta mesa. Míralo en la pantalla del anfitrión "
        "y prueba otra vez."
    ),
    "web.code": "Código de acceso",
    "web.enter": "Entrar",
    "web.wrong_host": (
        "Este servidor no responde al nombre {host!r}. Abre la dirección que scorer "
        "serve muestra en la pantalla del anfitrión."
    ),
    "web.cross_site": (
        "Esta petición venía de otro sitio y se rechazó. Abre la página de la mesa y "
        "hazlo allí."
    ),
    "web.stale_form": (
        "Este formulario está caducado (se abrió antes de reiniciar el servidor, o en "
        "otra página). Vuelve, recarga la página y envíalo otra vez."
    ),
    "web.typed_file": (
        "{who}: {typed!r} parece el nombre de un archivo de foto; escribe las cartas o "
        "usa el botón de la foto"
    ),
    "web.not_found": "No existe.",
    "web.session_of": "{game} · reglas: {preset} · {stake} por punto",
    "web.only_winner": "cartas por valor de {n} puntos; solo puntúa el ganador",
    "web.nobody": "—",
    "web.yes": "sí",
    # -- The web page's form problems (scorer.web.forms)
    "web.form.whole": "{label}: {text!r} no es un número entero",
    "web.form.range": "{label}: {value} está fuera de rango ({low}{top})",
    "web.form.to": " a {high}",
    "web.form.more": " o más",
    "web.form.number": "{label}: {text!r} no es un número",
    "web.form.choice": "{label}: {text!r} no es una de las opciones",
    "web.form.seats": (
        "este formulario es para {n} jugadores ({places}); hay {seated} sentados ({names})"
    ),
    "web.form.seats-differ": "cada lugar necesita un jugador distinto: {names}",
    # -- The web page's hand form: each game's fields in players' words (scorer.web.words)
    "web.field.captured": "Cartas que capturó {who}",
    "web.field.gos": "Gos que cantó {who}",
    "web.field.stop-called": "¿Quién cantó stop?",
    "web.field.nobody-stopped": "Nadie (sin ganador: nagari)",
    "web.field.shakes": "Sacudidas que declaró {who}",
    "web.field.bombs": "Bombas que jugó {who}",
    "web.field.instant": "{who} ganó al instante",
    "web.field.four-in-hand": "cuatro de un mes al repartir",
    "web.field.three-ppuk": "tres ppuk",
    "web.field.cup": "La copa (animal del crisantemo) cuenta como",
    "web.field.cup-best": "lo que más puntúe",
    "web.field.double-junk": "doble sangre",
    "web.field.animal": "animal",
    "web.field.bak": "Un bak que sufrió un perdedor, marcado (reglas con bak.from = typed)",
    "web.field.no-bak": "ninguno marcado",
    "web.field.pi-bak": "pi-bak (poca sangre)",
    "web.field.gwang-bak": "gwang-bak (sin luces)",
    "web.field.meong-bak": "meong-bak (muchos animales)",
    "web.field.big-hand": "La mesa acordó que esta mano es una mano grande (daepan)",
    "web.field.month": "Mes de la ronda (1-12)",
    "web.field.koikoi-calls": "Koi-koi que cantó {who}",
    "web.field.stopped": "¿Quién se plantó?",
    "web.field.nobody-scored": "Nadie puntuó (gana el que reparte)",
    "web.field.dealer": "¿Quién repartió?",
    "web.field.dealt": "Victoria con la mano repartida",
    "web.field.no-dealt-win": "ninguna",
    "web.field.teshi": "teshi (cuatro de un mes)",
    "web.field.kuttsuki": "kuttsuki (cuatro parejas)",
    "web.field.redeal": "La mesa salió así: se reparte otra vez",
    "web.field.tiles": "Fichas de {who}",
    "web.field.went-out": "¿Quién cerró?",
    "web.field.wall-ran-out": "Nadie cerró (se acabó la muralla)",
    "web.field.prevailing": "Viento de la ronda",
    "web.field.east": "Este",
    "web.field.south": "Sur",
    "web.field.west": "Oeste",
    "web.field.north": "Norte",
    "web.field.winning-tile": "La ficha ganadora",
    "web.field.self-drawn": "El ganador la robó del muro",
    "web.field.discarder": "¿De quién era el descarte?",
    "web.field.special": "Una victoria especial",
    "web.field.first-draw": "Este cierra con la primera ficha",
    "web.field.first-discard": "cierra con el primer descarte del Este",
    "web.field.seat-order": "Orden en la mesa, contra reloj (nombres, con comas)",
    "web.field.called": "¿Quién cantó?",
    "web.field.nobody-called": "Nadie cantó: esta mano no puntúa",
    "web.field.won-the-hand": "¿Quién ganó la mano?",
    "web.field.tricks": "Bazas que ganó el ganador",
    "web.field.pattern": "Cartas de la jugada ganadora",
    "web.field.dream-card": "La carta del soñador",
    "web.field.five-tigers": "El ganador tiene los cinco tigres",
    "web.field.elders": "Cartas mayores que aún tenía el ganador",
    "web.field.seat": "Jugador {n}",
    # issue 43
    "option.twice": "dada dos veces ({first}, luego {second}); indícala una sola vez",
    "err.other-stake": (
        "la apuesta de la mano es {stake} por punto y la de la sesión {session}, "
        "{session_stake}"
    ),
    "err.stake-range": (
        "stake = {stake}; se esperaba un número de 0 a {high_es} (dinero por punto)"
    ),
    "err.ref-huge": (
        "{ref} no es una mano: su número es demasiado grande (las manos llegan hasta "
        "{most_es})"
    ),
    "err.record-missing": "{session} es una sesión; falta el archivo del registro: {command}",
    "compare_title_one": "{game}: la misma mano con {a} y con {b}: {n} diferencia",
    "imported_one": "Sesión {session} importada: {n} mano",
    "cards.unknown": "baraja o juego desconocido {game}: se esperaba uno de {known}",
    "diff_title_one": "{game}: {a} frente a {b}: {n} regla distinta",
    "more_problems_one": "… y {n} problema más",
    # issue 44
    "web.throttled": (
        "Demasiados códigos de acceso equivocados desde este aparato. Espera {seconds} "
        "segundos y escribe el código que muestra la pantalla del anfitrión."
    ),
    "web.session.name-text": "el nombre de la sesión debe ser texto",
    "web.session.dot-name": "una sesión no puede llamarse {name}",
    "web.session.long-name": "el nombre de la sesión tiene {n} caracteres; como mucho {most}",
    "web.session.other-rules": "las reglas {preset} son de {of}, no de {game}",
    "web.session.stake": "dinero por punto {stake}: se espera un número de 0 a {high}",
    "serve.port-taken": (
        "el puerto {port} ya está en uso en {host} (otro scorer serve u otro programa); "
        "elige otro con --port"
    ),
    "serve.port-refused": (
        "este usuario no puede escuchar en el puerto {port}; elige uno desde el 1024 con --port"
    ),
    "serve.no-address": "{host!r} no es una dirección de esta máquina; mira --host",
    "serve.port-other": "no se puede escuchar en {host}, puerto {port} ({reason})",
    "web.typed_only": "Cartas escritas",
    "web.typed_tiles_only": "Fichas escritas",
    "web.tiles_found_1": "1 ficha encontrada",
    "web.tiles_found_n": "{n} fichas encontradas",
    "web.grid_help_tiles": (
        "Toca una ficha para corregirla; las dudosas van primero, marcadas en rojo."
    ),
    "web.not_a_tile": "— no es una ficha —",
    "web.field.bak-typed": "Un bak que sufrió un perdedor (en reglas donde la mesa dice los baks)",
    "web.field.not-at-once": "no",
    "web.field.last-source": "De dónde vino la ficha ganadora",
    "web.field.src-wall": "del muro",
    "web.field.src-discard": "de un descarte",
    "web.field.src-dead-wall": "del muro muerto (la reposición de un cuarteto)",
    "web.field.src-last-wall": "la última ficha del muro",
    "web.field.src-last-wall-discard": "el descarte de la última ficha del muro",
    "web.field.src-robbed-kong": "robada de un cuarteto",
    "web.field.declaration": "Un anuncio que hizo el ganador",
    "web.field.original-call": "anuncio inicial (lista desde el primer descarte)",
    "web.field.twofold-fortune": "doble fortuna (cerró con la reposición de un segundo cuarteto)",
    "web.field.east-wins": "Manos que Este había ganado seguidas antes de esta",
    "web.preset.gostop.cardavia": "tabla de reglas Cardavia, 2 jugadores",
    "web.preset.gostop.estandar": "Go-Stop estándar coreano, 2 o 3 jugadores",
    "web.preset.gostop.familia": "Go-Stop familiar para 2 o 3 jugadores",
    "web.preset.hakka.tarjetas": "Tarjetas Hakka para 4 jugadores",
    "web.preset.koikoi.labsk": (
        "el Koi-Koi del wiki de LaBSK (luces 10/8/7/5, cintas 6, Tsuki-fuda)"
    ),
    "web.preset.koikoi.nintendo": "los valores del folleto de Nintendo (cintas 5, sin Tsuki-fuda)",
    "web.preset.mahjong.antiguo": "clásico chino, puntuación antigua (límite 300)",
    "web.preset.mahjong.bmja": (
        "clásico chino, asociación británica (BMJA): límite 1000, una escalera"
    ),
    "web.preset.mahjong.common": "clásico chino, lectura habitual: vientos propio y dominante, "
    "flores, límite 500",
    "web.preset.mahjong.dmjl": "clásico chino, liga alemana (DMJL): límite 500",
    "web.session.player-count": (
        "al {game} no se juega con {n} jugadores ({names}){under}: nunca se podría anotar una mano"
    ),
    "web.session.under": " con las reglas {preset}",
    "web.no_session": "No hay ninguna sesión llamada «{name}».",
    "web.no_page": "No hay ninguna página en esta dirección.",
    "web.all_sessions": "Ver todas las sesiones",
    "web.no_hand": "No hay ninguna mano #{id} en este registro.",
    "web.game.gostop": "Go-Stop (hwatu)",
    "web.game.koikoi": "Koi-Koi (hanafuda)",
    "web.game.mahjong": "Mahjong (clásico chino)",
    "web.game.hakka": "Cartas hakka",
    "web.whole_photo": "La foto entera, numerada",
    "web.grid_help_cards": (
        "Toca una carta para corregirla; las dudosas van primero, marcadas en rojo."
    ),
    "web.upload.body-too-large": (
        "el envío es demasiado grande: como mucho {photo} MB por foto, {most} MB en total"
    ),
    "web.upload.form-unreadable": (
        "no se pudo leer el formulario; recarga la página y vuelve a enviarlo"
    ),
    "web.upload.too-large": "«{name}» ocupa {size} MB; una foto puede ocupar como mucho {most} MB",
    "web.upload.unreadable": (
        "«{name}» no se pudo leer como foto: ¿es una foto JPEG, PNG o HEIC completa?"
    ),
    "serve.open": "scorer serve: abre {url}",
    "serve.code-new": "Código de acceso: {code} (nuevo)",
    "serve.code-kept": (
        "Código de acceso: {code} (se conserva al reiniciar; --new-code crea otro)"
    ),
    "serve.answers": (
        "La página responde en: {names} (puerto {port}); otros nombres reciben 400, las "
        "peticiones sin el código 403."
    ),
    # issue 46: una foto de toda la mesa
    "table.seats.empty": (
        "--seats está vacío: indica cada jugador y su lado, p. ej. \"Ana:abajo,Bo:arriba\", "
        "o los nombres en el sentido de las agujas del reloj desde abajo, p. ej. \"Ana,Bo\""
    ),
    "table.seats.mixed": (
        "--seats, entrada {at} {token}: da un lado a todos los jugadores "
        "(\"Ana:abajo,Bo:arriba\") o a ninguno (\"Ana,Bo\", en el sentido de las agujas del "
        "reloj desde abajo), no a algunos"
    ),
    "table.seats.too-many": "--seats nombra {n} jugadores; una mesa tiene {most} lados",
    "table.seats.bad-side": (
        "--seats, entrada {at} {entry}: {token} no es un lado; se esperaba uno de {sides}"
    ),
    "table.seats.no-name": "--seats, entrada {at} {entry}: falta el nombre del jugador",
    "table.seats.same-name": "--seats: las entradas {a} y {b} nombran a {token}",
    "table.seats.same-side": "--seats: las entradas {a} y {b} se sientan en el lado {token}",
    "table.swap.no-pile": "no hay montón {n}: la foto muestra {piles:|montón|montones}",
    "table.swap.bad": "{token} no son dos números de montón; se esperaba p. ej. 1,2",
    "table.give.no-player": "{player} no está sentado a la mesa; los jugadores son {players}",
    "table.touching": (
        "el montón {n} pueden ser los montones de dos jugadores que se tocan: sepáralos y "
        "vuelve a hacer la foto, o escribe los montones"
    ),
    "table.empty-seat": "no se encontró ningún montón de {name} ({side})",
    "table.no-piles": "no se encontraron cartas en la mesa",
    "table.seat-count": (
        "--seats nombra {n} jugadores; la foto de mesa de este juego admite de {least} a {most}"
    ),
    "table.needs-table": (
        "{game}: --seats y --swap leen una foto de toda la mesa: añade --table FOTO"
    ),
    "web.table_photo": "Una foto de toda la mesa",
    "web.table_help": (
        "El montón de cada jugador delante de su asiento, con mesa libre entre montones del "
        "largo de una carta; los jugadores se sientan en el sentido de las agujas del reloj "
        "desde abajo de la foto, en el orden de asientos de arriba"
    ),
    "web.table_pile": "Montón {n}, de",
    "table.header": "{image} ({game}, {width}x{height}): {n:|montón|montones}",
    "table.pile": "montón {n}: {player}, {side}, {cards:|carta|cartas}",
    "table.pile.nobody": "nadie",
    "table.pile.touching": "  ? pueden ser dos montones que se tocan: se pregunta",
    "table.side.bottom": "abajo",
    "table.side.top": "arriba",
    "table.side.left": "izquierda",
    "table.side.right": "derecha",
    "table.confirm.swap": (
        "Intro = montones como están, o dos números de montón para intercambiarlos "
        "(p. ej. 1 2): "
    ),
    "table.confirm.touching": (
        "el montón {n} pueden ser los montones de dos jugadores que se tocan. Intro = es solo "
        "de {player}, o 'no' para parar: "
    ),
}
