"""Every message scorer says, in Spanish, by id (the ids are the same in every language).

One catalog per language (:mod:`scorer.catalog.en`, :mod:`scorer.catalog.es`):
:func:`scorer.i18n.t` says an id in a language. A game's own sentences are in its module
(``messages_en``, ``messages_es``). Only a dict: every typed command loads it.
"""

from scorer.catalog.native import REASONS

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
    # -- Los avisos de una foto (scorer.vision.pipeline); en JSON, en inglés
    "photo.warning": "aviso: {text}",
    "photo.too-small": (
        "las fichas encontradas son demasiado pequeñas para leerlas; fotografíelas más de cerca, "
        "con algo de mesa alrededor"
    ),
    "photo.whole-tile": (
        "no se encontró el contorno de ninguna ficha; la foto entera se leyó como una sola ficha "
        "(como hace --single): compruébela"
    ),
    "photo.no-cards": "no se encontraron cartas en la foto",
    "photo.no-tiles": "no se encontraron fichas en la foto",
    "photo.covered": (
        "{n:|carta demasiado tapada para leerla|cartas demasiado tapadas para leerlas}: "
        "levante las cartas de encima o añádalas a mano"
    ),
    "photo.tangled": (
        "{n:|par de cartas se solapa|pares de cartas se solapan} como lo haría una sola carta: "
        "revise las cartas por las que se pregunta"
    ),
    "photo.misshapen": (
        "{n:|contorno de carta no tiene|contornos de carta no tienen} la forma de una carta "
        "(¿dos cartas que se tocan vistas como una?): revise las cartas por las que se pregunta"
    ),
    "photo.dropped": (
        "{n:|zona parecida a una carta no se reconoció como carta|zonas parecidas a cartas "
        "no se reconocieron como cartas}"
    ),
    "photo.over": (
        "{n:|carta leída|cartas leídas} como una carta de la que la baraja tiene menos: revise las "
        "cartas por las que se pregunta"
    ),
    # -- Un montón en foto antes de puntuarlo (scorer.vision.confirm): su lista, lo que se
    # pregunta de él, por qué no se puede puntuar; por la unidad de la baraja donde se
    # nombran sus piezas
    "photo.hand.no-hand": "estas fichas no pueden formar una mano: {parts}",
    "photo.hand.miscounted": (
        "la mano suma {tiles:|ficha|fichas} ({concealed} en mano, "
        "{melds:|combinación declarada|combinaciones declaradas}, un cuarteto cuenta como "
        "{kong}), y una mano tiene {hand}, la del ganador {winner}"
    ),
    "photo.hand.odd-meld": (
        "la combinación {where} tiene {size:|ficha|fichas}{kong}, y una combinación tiene {sizes}"
    ),
    "photo.hand.backs": (
        " junto a {backs:|ficha boca abajo|fichas boca abajo} (¿un cuarteto oculto? escríbelo, "
        "p. ej. [1111m])"
    ),
    "photo.hand.or": "{a} o {b}",
    "photo.list.recognised.card": "{image}: {n:|carta reconocida|cartas reconocidas}",
    "photo.list.recognised.tile": "{image}: {n:|ficha reconocida|fichas reconocidas}",
    "photo.list.recognised.hakka-card": "{image}: {n:|tarjeta reconocida|tarjetas reconocidas}",
    "photo.list.backs": "{n:|dorso sin puntuar|dorsos sin puntuar}",
    "photo.list.hidden.card": (
        "{n:|carta demasiado tapada para leerla (sin puntuar: añádela a mano)|cartas demasiado "
        "tapadas para leerlas (sin puntuar: añádelas a mano)}"
    ),
    "photo.list.hidden.tile": (
        "{n:|ficha demasiado tapada para leerla (sin puntuar: añádela a mano)|fichas demasiado "
        "tapadas para leerlas (sin puntuar: añádelas a mano)}"
    ),
    "photo.list.hidden.hakka-card": (
        "{n:|tarjeta demasiado tapada para leerla (sin puntuar: añádela a mano)|tarjetas "
        "demasiado tapadas para leerlas (sin puntuar: añádelas a mano)}"
    ),
    "photo.list.found.card": "{image} ({game}, {width}x{height}): {n:|carta|cartas}",
    "photo.list.found.tile": "{image} ({game}, {width}x{height}): {n:|ficha|fichas}",
    "photo.list.found.hakka-card": "{image} ({game}, {width}x{height}): {n:|tarjeta|tarjetas}",
    "photo.list.backs-counted": "{n:|dorso contado, sin puntuar|dorsos contados, sin puntuar}",
    "photo.list.hidden-counted.card": (
        "{n:|carta demasiado tapada para leerla|cartas demasiado tapadas para leerlas}"
    ),
    "photo.list.hidden-counted.tile": (
        "{n:|ficha demasiado tapada para leerla|fichas demasiado tapadas para leerlas}"
    ),
    "photo.list.hidden-counted.hakka-card": (
        "{n:|tarjeta demasiado tapada para leerla|tarjetas demasiado tapadas para leerlas}"
    ),
    "photo.list.where": "fila {row} grupo {group}",
    "photo.list.uncertain": "en duda",
    "photo.list.shows": "(se ve el {pct}%)",
    "photo.list.or": "(o: {alt})",
    "photo.list.kinds": "por tipo: {kinds}",
    "photo.kind.bright": "{n:|luz|luces}",
    "photo.kind.animal": "{n:|animal|animales}",
    "photo.kind.ribbon": "{n:|bandera|banderas}",
    "photo.kind.junk": "{n:|sangre|sangres}",
    "photo.kind.bonus": "{n:|carta extra|cartas extra}",
    "photo.doubt.tangled": "(está justo sobre otra carta: ¿una carta vista dos veces?)",
    "photo.doubt.misshapen": "(su contorno no tiene forma de carta: ¿dos cartas vistas como una?)",
    "photo.doubt.faint": "(el detector no está seguro de que haya una ahí)",
    "photo.doubt.over": "(leída más veces de las que el juego la tiene)",
    "photo.list.pile": "montón: {notation}",
    "photo.list.no-pile": "montón: no es un montón posible tal como se reconoció ({error})",
    "photo.confirm.card": (
        "#{i} parece {code} ({confidence}){why}. Intro = aceptar, o escribe el código "
        "correcto, o '-' para omitir: "
    ),
    "photo.confirm.not-a-code": "{answer} no es un código de {game}; prueba otra vez",
    "photo.confirm.hand": (
        "{problem}. Intro = seguir con las fichas tal como se encontraron, o 'no' para parar: "
    ),
    "photo.confirm.hand-again": "{answer}: pulsa Intro para seguir, o escribe 'no'",
    "photo.uncertain.card": "{n:|carta dudosa|cartas dudosas}: {cards}",
    "photo.uncertain.tile": "{n:|ficha dudosa|fichas dudosas}: {cards}",
    "photo.uncertain.hakka-card": "{n:|tarjeta dudosa|tarjetas dudosas}: {cards}",
    "photo.pile.uncertain": (
        "la foto {image} tiene {uncertain}; ejecútalo en la terminal para confirmar, pasa --yes "
        "para aceptar lo leído, o escribe el montón"
    ),
    "photo.pile.no-hand": (
        "la foto {image}: {uncertain}{problem}; ejecútalo en la terminal para confirmar la foto, "
        "pasa --yes para seguir con las fichas tal como se encontraron, o escribe el montón"
    ),
    "photo.pile.stopped": (
        "la foto {image}: {problem}; se para aquí: vuelve a hacer la foto, o escribe el montón"
    ),
    "photo.pile.not-notation": (
        "la foto {image}: lo reconocido no es un montón posible ({error}); corrígelo en la "
        "terminal"
    ),
    "photo.pile.unreadable": "la foto del montón: {error}",
    "photo.pile.none": "la foto {image}: no se reconoció nada ({why})",
    "photo.pile.nothing": "sin más detalle",
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
    "about.player": "jugador {name}",
    "record.names-differ": "los nombres de los jugadores deben ser distintos: {names}",
    "record.dealer-not-player": "{key} no es un jugador ({names})",
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
    "model.fix": (
        "reinstala scorer para recuperar los modelos que trae, o entrena el modelo de nuevo "
        "con `{command}` (necesita el extra `train`)"
    ),
    "model.unloadable": "no se puede cargar el modelo {path}: {detail}",
    "model.manifest-missing": "falta el manifiesto de modelos {path}; {fix}",
    "model.manifest-json": "el manifiesto de modelos {path} no es JSON válido ({detail}); {fix}",
    "model.manifest-table": "el manifiesto de modelos {path} no tiene tabla 'models'; {fix}",
    "model.absent": "no hay modelo «{game}» en {path}; {fix}",
    "model.file-missing": "falta el archivo de modelo {path}; {fix}",
    "model.altered": (
        "el archivo de modelo {path} no coincide con su manifiesto (sha256 {actual}..., "
        "se esperaba {expected}...); {fix}"
    ),
    "model.stride": "el modelo {path} tiene un paso de {stride}; se esperaba {expected}",
    "model.labels": "las etiquetas del modelo {path} no coinciden con su entrada del manifiesto",
    "capture.unwritable": "no se puede escribir la imagen anotada en «{path}»",
    "capture.camera": "no se puede abrir la cámara {source}; ¿está conectada y libre?",
    "capture.no-video": "--source «{source}»: no existe ese vídeo (o da el número de una cámara)",
    "capture.not-video": "--source «{source}»: no es un vídeo que OpenCV sepa leer",
    "camera.title": (
        "scorer camera ({game}) - {status} - Intro captura, Ctrl-C sale"
    ),
    "camera.starting": "empezando",
    "camera.stable": "estable, {ms} ms/fotograma",
    "camera.settling": "aún cambia, {ms} ms/fotograma",
    "camera.confidence": "conf.",
    "camera.no-frames": "--source «{source}»: no se pudo leer ningún fotograma",
    "camera.unsteady": (
        "el montón no se mantuvo igual durante {needed} fotogramas procesados; se muestra el "
        "último"
    ),
    "camera.stopped": "parado antes de capturar un montón",
    "image.missing": "la imagen «{name}» no existe",
    "image.not-file": "«{name}» no es un archivo",
    "image.empty": "la imagen «{name}» está vacía (0 bytes)",
    "image.truncated": (
        "la imagen «{name}» está cortada (el archivo termina antes que la imagen)"
    ),
    "image.undecodable": "no se pudo descodificar «{name}»: {detail}",
    "image.bomb": (
        "la imagen «{name}» dice en su cabecera que tiene más del doble del límite de {most} "
        "megapíxeles; redúcela antes"
    ),
    "image.heic": "la imagen «{name}» es HEIC/HEIF, que necesita pillow-heif: {hint}",
    "image.not-image": (
        "«{name}» no es una imagen que scorer sepa leer (JPEG, PNG, HEIC, WebP...)"
    ),
    "image.too-big": (
        "la imagen «{name}» mide {w}x{h} píxeles, por encima del límite de {most} megapíxeles; "
        "redúcela antes"
    ),
    "web.upload.body-too-large": (
        "el envío es demasiado grande: como mucho {photo} MB por foto, {most} MB en total"
    ),
    "web.upload.form-unreadable": (
        "no se pudo leer el formulario; recarga la página y vuelve a enviarlo"
    ),
    "web.upload.too-large": "«{name}» ocupa {size} MB; una foto puede ocupar como mucho {most} MB",
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
    # -- Reglas: `scorer rules`, las reglas de un registro, un fichero de reglas
    "rules.at": "{origin}: {problem}",
    "rules.unknown-preset": "reglas de {game} desconocidas {preset}{hint} (reglas: {presets})",
    "rules.did-you-mean": "; ¿quisiste decir {names}?",
    "rules.no-presets": "no hay reglas para el juego {game} (juegos: {known})",
    "rules.known-none": "ninguno",
    "rules.unknown-game": "juego desconocido {game}; elige entre {games}",
    "rules.set-needs-preset": (
        "--set necesita unas reglas a las que aplicarse, p. ej. "
        "scorer rules {game} REGLAS --set CLAVE=VALOR"
    ),
    "rules.set-syntax": "--set {text}: se esperaba clave=valor, p. ej. brights.three=3",
    "rules.unknown-key": "regla desconocida {rule}{hint}",
    "rules.out-of-range": "la regla {rule} = {value} se sale del rango; se esperaba {range}{each}",
    "rules.range.from-to": "de {low} a {high}",
    "rules.range.at-least": "como mínimo {low}",
    "rules.range.at-most": "como máximo {high}",
    "rules.each-item": " en cada elemento",
    "rules.huge": "un número enorme",
    "rules.expects": "la regla {rule} espera {type}{what}, no {raw}",
    "rules.expects.bool": " (true/false)",
    "rules.expects.int": " (un número entero)",
    "rules.expects.float": " (un número)",
    "rules.expects.list": " (separados por comas)",
    "rules.expects.ints": " (p. ej. 1,2)",
    "rules.one-of": "la regla {rule} debe ser uno de estos valores: {choices}; no {raw}",
    "rules.items-among": "los elementos de la regla {rule} deben estar entre {choices}; no {bad}",
    "rules.toml-syntax": "{name}: error de sintaxis TOML: {error}",
    "rules.toml-deep": "{name}: TOML anidado a demasiada profundidad",
    "rules.number-long": (
        "{name}: un número demasiado largo para ser una cantidad o el valor de una regla"
    ),
    "rules.not-regular": "{path}: no es un fichero normal (un {what} es un fichero TOML)",
    "rules.too-large": "{path}: ocupa más de {kib} KiB; un {what} es un fichero TOML pequeño",
    "rules.cannot-read": "{path}: no se puede leer el {what} ({why})",
    "rules.not-text": "{path}: no es un fichero de texto (un {what} es TOML)",
    "rules.what.record": "registro",
    "rules.what.rules file": "fichero de reglas",
    "rules.nested": "la clave de regla {rule} está anidada en más de {depth} tablas",
    "rules.other-game": "no se pueden comparar reglas de {a} con reglas de {b}",
    # -- recognize, camera, serve: sus propias comprobaciones
    "recognize.needs-table": "--seats y --swap leen una foto de toda la mesa: añade --table",
    "recognize.rejected": "¿no es una carta ni una ficha? (confianza baja)",
    "recognize.next": "después: {alternatives}",
    "recognize.none.card": "ninguna carta",
    "recognize.none.tile": "ninguna ficha",
    "recognize.too-small.card": (
        "no se encontró ninguna carta: la imagen mide {width}x{height} píxeles, demasiado "
        "pequeña para mostrar una"
    ),
    "recognize.too-small.tile": (
        "no se encontró ninguna ficha: la imagen mide {width}x{height} píxeles, demasiado "
        "pequeña para mostrar una"
    ),
    "annotate.suffix": (
        "--annotate {path}: el nombre del fichero debe acabar en .png, .jpg o .jpeg"
    ),
    "serve.needs-web": (
        "scorer serve necesita el extra web: pip install 'scorer[web]' (falta {name})"
    ),
}


# The hanafuda months' plants, as the Go-Stop and Koi-Koi sections say them.
_PLANTS: dict[str, str] = {
    "word.pine": "pino",
    "word.plum": "ciruelo",
    "word.cherry": "cerezo",
    "word.wisteria": "glicina",
    "word.iris": "lirio",
    "word.peony": "peonía",
    "word.clover": "trébol",
    "word.pampas": "eulalia",
    "word.chrysanthemum": "crisantemo",
    "word.maple": "arce",
    "word.willow": "sauce",
    "word.paulownia": "paulonia",
}

# A game's own sentences, by game and message id (its notes, reasons, problems, outcomes,
# the short terms of a payment's formula): scorer.i18n.say.
# A payment's reasons every game gives alike (scorer.games.kit) are in each game's section:
# formulas, the same in every language (catalog.native.REASONS).

GAMES: dict[str, dict[str, str]] = {
    "gostop": {
        **REASONS,
        "reason.each": "{price_typed}{currency_typed} cada una",
        "reason.capped": "limitado al saldo de {who_typed}",
        "reason.go-bak.for": "go-bak: {payer_typed} paga por {other_typed}",
        "quick.vs-count": "--vs dado {n} veces; al Go-Stop se juega con 2 o 3 jugadores",
        "quick.vs-gos": "--vs-gos dado {n} veces, como mucho una por cada --vs ({vs})",
        "quick.stop-two": "--stop {stop}: con dos rivales di --stop vs1 o --stop vs2",
        "quick.stop-one": "--stop {stop}: con un rival di --stop vs",
        "quick.cup": (
            "--cup {item}: se esperaba QUIÉN:PAPEL, con QUIÉN uno de {who} y PAPEL animal o "
            "sangre"
        ),
        "quick.bak": (
            "--bak {item}: se esperaba QUIÉN:BAK, con QUIÉN uno de {who} y BAK uno de {kinds}"
        ),
        "choice.best": "{best} puntos como {role}, {alt} como {other}",
        "note.cup-protects": (
            "{card} cuenta como doble sangre contra el pi-bak (pibak.cup_protects): {units} "
            "unidades de sangre"
        ),
        "choice.pibak-protect": (
            "doble sangre contra el pi-bak: {units} unidades de sangre, no menos de {limit} "
            "({bare} sin ella) (pibak.cup_protects)"
        ),
        "choice.tie": "{best} puntos de cualquier forma; los empates van a {tie} (dual.tie)",
        "note.rain-brights-zero": "{n} luces con la de lluvia no puntúan ({key} = 0)",
        "note.override": "regla {key} = {value} (de {origin})",
        "note.nagari": "nadie paró: nagari, sin pagos",
        "note.stopped.score-lost": "cantó go ({gos}) y otro paró: pierde sus {subtotal} puntos",
        "note.stopped.go-bak": "cantó go ({gos}) y otro paró: go-bak, paga por todos",
        "note.stopped.stopper-double": "cantó go ({gos}) y otro paró: quien para puntúa doble",
        "go.double": "{gos} gos: x2 por go desde el go {start}",
        "go.caller-stop": "paró tras cantar go ({gos})",
        "go.stopper-double": "paró a {who} tras su go",
        "meong-bak": "{n} animales (>= {min})",
        "meong-bak.against": "{n} animales (>= {min})",
        "shake": "{n} sacudida(s)",
        "bomb": "{n} bomba(s)",
        "gwang-bak": "{who} no tiene luces",
        "pi-bak": "{who} tiene {held:|{unit_one}|{unit}} (menos de {limit})",
        "term.go-bak.for": "go-bak: {payer} paga por {other}",
        "term.shake": "sacudida",
        "gostop.players.count": (
            "{n:|jugador|jugadores}, pero las reglas {preset!r} son para {span} jugadores"
        ),
        "gostop.players.duplicate-name": (
            "los nombres de los jugadores deben ser distintos: {names}"
        ),
        "gostop.fact.not-a-player": "{key} = {value!r} no es un jugador ({names})",
        "gostop.card.bonus-too-many": (
            "{card} aparece {n} veces ({who}); las reglas {preset!r} permiten {allowed}"
        ),
        "gostop.card.in-two-piles": "{card} está en más de un montón: {who}",
        "gostop.card.junk-too-many": (
            "{n} sangres simples de {plant} entre los montones ({who}); la baraja tiene {held} "
            "({cards})"
        ),
        "gostop.count.negative": "{who}: los gos, sacudidas y bombas no pueden ser negativos",
        "gostop.shake.not-played": "{who}: las reglas {preset!r} se juegan sin sacudidas",
        "gostop.bomb.not-played": "{who}: las reglas {preset!r} se juegan sin bombas",
        "gostop.instant.unknown": "{who}: instant = {value!r}; se esperaba uno de {kinds}",
        "gostop.instant.not-played": (
            "{who}: las reglas {preset!r} no tienen victoria inmediata por {kind}"
        ),
        "gostop.instant.several": "solo una victoria inmediata por mano: {who}",
        "gostop.instant.with-stop": "{who} ganó al instante, así que nadie pudo parar ({stopper})",
        "gostop.stop.below-target": (
            "{who} paró con {got} puntos, menos del objetivo de {need} para {n} jugadores con las "
            "reglas {preset!r}"
        ),
        "gostop.go-bak.last-go": (
            "go-bak: {who} cantaron go; indique quién lo cantó el último (last_go)"
        ),
        **_PLANTS,
        "detail.count": "{count}",
        "detail.extra": "{need} + {extra} de más",
        "detail.count.units": "{count} ({units:|unidad|unidades}, {cards:|carta|cartas})",
        "detail.extra.units": (
            "{need} + {extra} de más ({units:|unidad|unidades}, {cards:|carta|cartas})"
        ),
        "detail.gos": "{gos} go",
        "detail.short": "{count}; hacen falta {need}",
        "detail.short.units": (
            "{count} ({units:|unidad|unidades}, {cards:|carta|cartas}); hacen falta {need}"
        ),
        "term.bomb": "bomba",
        "word.animal": "animal",
        "word.junk": "sangre",
        "word.cards": "cartas de sangre",
        "word.units": "unidades de sangre",
        "word.protected": "unidades de sangre, cartas duales como doble",
        "word.cards_one": "carta de sangre",
        "word.units_one": "unidad de sangre",
        "word.protected_one": "unidad de sangre, cartas duales como doble",
        "go.reverse": "paró a {who} tras su go: go inverso",
        "nagari.carry": "{carry} nagari antes de esta mano",
        "term.go.reverse": "go inverso",
        "term.nagari.carry": "nagari",
        "term.event.brights": "luces",
        "term.balance.cap.cap": "a {who} solo le quedaban {balance}: paga eso (debía {owed})",
        "big-hand": "la mesa acordó que es una mano grande (big_hand)",
        "pi-bak.typed": "{who}: pi-bak, como se indicó (baks)",
        "gwang-bak.typed": "{who}: gwang-bak, como se indicó (baks)",
        "meong-bak.typed": "{who}: meong-bak, como se indicó (baks)",
        "gostop.baks.not-typed": (
            "{who}: con las reglas {preset!r} los baks se deducen de los montones (bak.from = "
            "piles); quite baks"
        ),
        "gostop.baks.unknown": "{who}: baks = {value!r}; se esperaban algunos de {kinds}",
        "gostop.baks.not-played": "{who}: las reglas {preset!r} no juegan {bak} ({key} = 1)",
        "gostop.baks.winner": "{who} paró: solo un perdedor sufre un bak",
        "term.big-hand": "daepan",
        "term.event.money.each": "{price}{currency} cada una",
        "gostop.big-hand.bad": "big_hand = {value}; se esperaba true o false",
        "gostop.big-hand.not-played": (
            "{key:true}, pero las reglas {preset!r} no juegan mano grande (bighand.factor = 1)"
        ),
        "gostop.event.price-and-money": "evento {n}: indique price (puntos) o money, no los dos",
        "gostop.event.money": "evento {n}: money = {value}; se esperaba una cantidad mayor que 0",
        "choice.stated": "{role}, como dijo el jugador ({dual} = {role})",
        "choice.payment": (
            "los pagos suman {best} como {role}, {alt} como lo pediría el subtotal "
            "(dual.winner_maximises)"
        ),
        "gostop.cup.unknown": "{who}: cup = {value!r}; se esperaba animal o junk",
        "gostop.cup.not-dual": (
            "{who}: con las reglas {preset!r} la copa no es una carta dual (dual.cards)"
        ),
        "gostop.balance.bad": (
            "{who}: balance = {value}; se esperaban las fichas que tiene, 0 o más"
        ),
        "gostop.events.too-many": "{n} eventos; una mano tiene como mucho {most}",
        "gostop.event.kind": "evento {n}: kind = {value!r}; se esperaba uno de {kinds}",
        "gostop.event.who": "evento {n}: who = {value!r} no es un jugador ({names})",
        "gostop.event.from": "evento {n}: quien paga, {value!r}, no es otro jugador ({names})",
        "gostop.event.price": (
            "evento {n}: price = {value}; se esperaba un número entero de 1 a {most}"
        ),
        "gostop.event.no-price": "evento {n}: {kind} no tiene precio ({key} = 0); indique price",
        "gostop.event.count": "evento {n}: count = {value!r}; se esperaban de 1 a 5 luces vendidas",
        "gostop.load.instant": "instant debe ser un texto",
        "gostop.load.events": "events deben ser tablas [[events]]",
        "gostop.load.event-table": "la entrada {n} de events debe ser una tabla",
        "gostop.load.event-key": (
            "evento {n}: clave desconocida {key!r}; se esperaba kind, who, from, price, count, "
            "money"
        ),
    },
    "hakka": {
        "reason.five-tigers": "cinco tigres: {points} {per}",
        "reason.five-tigers.privileged": (
            "cinco tigres: {points} {per}; el jugador privilegiado paga por {other_typed}"
        ),
        "reason.win": "{tricks} trucos: {points}",
        "reason.win.privileged": (
            "{tricks} trucos: {points}; el jugador privilegiado paga por {other_typed}"
        ),
        "reason.dreamer": "{tricks} trucos del Soñador: {points}",
        "reason.dreamer.privileged": (
            "{tricks} trucos del Soñador: {points}; el jugador privilegiado paga por {other_typed}"
        ),
        "quick.empty-name": "--players {players}: hay un nombre vacío",
        "outcome.void": "nadie llamó: mano nula, se reparte de nuevo",
        "term.win": "victoria",
        "term.dreamer": "Soñador",
        "term.five-tigers": "cinco tigres",
        "term.privileged": "privilegiado",
        "term.privileged.for": "{payer}, jugador privilegiado, paga por {other}",
        "note.override": "regla {key} = {value} (de {origin})",
        "note.roles": "Repartidor {dealer}, Soñador {dreamer}, llamó {called}",
        "note.roles.privileged": (
            "Repartidor {dealer}, Soñador {dreamer}, llamó {called} (jugador privilegiado)"
        ),
        "note.void": "nadie llamó: la mano se anula y se vuelve a repartir, sin puntos",
        "note.win": "{tricks} trucos: {points} de cada jugador activo que perdió",
        "note.win.elders": (
            "{won} trucos ganados + {n} tarjetas de anciano en mano ({cards}) = {tricks} >= {min}"
        ),
        "note.win.elders-apart": (
            "{won} trucos ganados; {n} tarjetas de anciano en mano ({cards}) no se cuentan"
        ),
        "note.elder-late": (
            "{card} no es tarjeta de anciano al principio del juego: lo fue durante el juego"
        ),
        "note.five-tigers": (
            "cinco tigres ({cards}): gana de inmediato {tricks} trucos y {points} {per}"
        ),
        "note.dreamer.added": (
            "se despierta con {wake} trucos + {each} por cada carta de número {rank} del patrón "
            "ganador ({matches}): {tricks} trucos"
        ),
        "note.dreamer.matches": (
            "{each} truco por cada carta de número {rank} del patrón ganador ({matches}): "
            "{tricks} trucos"
        ),
        "note.dreamer.short": "{tricks} trucos, menos de {min}: el Soñador no cobra",
        "note.dreamer.pays": "cobra {points} de {payers}",
        "note.privileged.lost": (
            "jugador privilegiado que no ganó: paga su parte y la de {other}, que no pierde "
            "puntos"
        ),
        "note.privileged.won": "jugador privilegiado que ganó la mano",
        "note.next.keeps": "{dealer} llamó como Repartidor: vuelve a repartir",
        "note.next.passes": "el Repartidor pasa a {dealer} (sentido antihorario)",
        "note.hand": "mano {n} de {of}",
        "hakka.players": "a las tarjetas Hakka juegan {count} jugadores; hay {n}",
        "hakka.no-dealer": "falta {key}: el Soñador se sienta frente al Repartidor",
        "hakka.not-a-player": "{key} no es un jugador ({seats})",
        "hakka.game-over": "mano {n} de un juego de {hands} manos (game.hands)",
        "hakka.void-with-result": "una mano nula (nadie llamó) no tiene {keys:, }",
        "hakka.no-call": "¿quién llamó? ({key:un jugador}; {void:true} si nadie llamó)",
        "hakka.dreamer-called": (
            "{who} es el Soñador (frente al Repartidor) y no participa en la Llamada"
        ),
        "hakka.no-winner": "falta {key} (o {void:true})",
        "hakka.dreamer-wins": "{who} es el Soñador (frente al Repartidor) y no puede ganar la mano",
        "hakka.no-dream-card": "falta {key}: la única tarjeta del Soñador",
        "hakka.dream-card-one": "el Soñador tiene una tarjeta; {key} tiene {n}",
        "hakka.five-tigers-tricks": (
            "los cinco tigres ganan de inmediato {want} trucos; {key}"
        ),
        "hakka.five-tigers-pattern": "los cinco tigres son {tigers}; {key}",
        "hakka.five-tigers-split": (
            "five_tigers.points = {points} en total no se reparte a partes iguales entre los dos "
            "perdedores"
        ),
        "hakka.no-tricks": "falta {key}: los trucos que ganó el ganador",
        "hakka.too-few-tricks": (
            "{who} suma {tricks} trucos (trucos ganados + tarjetas de anciano en mano); un "
            "ganador necesita {min}"
        ),
        "hakka.too-few-tricks.elders": (
            "{who} suma {tricks} trucos (trucos ganados + tarjetas de anciano en mano); un "
            "ganador necesita {min}"
        ),
        "hakka.too-many-tricks": (
            "a {who} se le cuentan {tricks} trucos; ninguna mano tiene más de {max} (12 tarjetas "
            "cada jugador)"
        ),
        "hakka.no-pattern": "falta {key}: las tarjetas del patrón ganador (para el Soñador)",
        "hakka.bad-pattern": (
            "el patrón {cards} no es una escalera (3 o más del mismo palo y números "
            "consecutivos), un set (3 o más del mismo número) ni una tarjeta única"
        ),
        "hakka.pattern-tricks": "un patrón de {n} tarjetas gana {n} trucos; {key}",
        "hakka.card-twice": "{card} está a la vez en {places: / }; la baraja tiene una sola",
        "hakka.flag": "{key} debe ser true o false",
        "hakka.whole": "{who}: {key} = {value}; se esperaba un número entero de {low} a {high}",
        "hakka.whole-huge": (
            "{who}: {key} = un número enorme; se esperaba un número entero de {low} a {high}"
        ),
        "word.count.winner": "el ganador",
        "word.count.game": "el juego",
        "word.each": "de cada jugador activo",
        "word.total": "en total",
        "detail.tricks": "{tricks}",
        "detail.tricks.elders": "{won} + {elders}",
        "detail.tricks.woke": "{wake} + {more}",
    },
    "koikoi": {
        **REASONS,
        "quick.koikoi-who": (
            "--koikoi {item}: se esperaba QUIÉN:N con QUIÉN jugador o rival, p. ej. jugador:1"
        ),
        "quick.koikoi-count": "--koikoi {item}: {count} no es un número de koi-koi",
        "quick.dealt": "--dealt {item}: se esperaba QUIÉN:TIPO, p. ej. jugador:teshi",
        "outcome.draw": "nadie puntuó: oya-ken",
        "outcome.redeal": "reparto nulo: se reparte de nuevo",
        "note.override": "regla {key} = {value} (de {origin})",
        "note.superseded": "{rule} no cuenta junto a {by} ({key})",
        "note.rain-sanko": "tres luces con el hombre de la lluvia: no hay Sankō",
        "note.no-month": "sin mes: no se comprueba Tsuki-fuda",
        "note.calls": "cantó koi-koi {n:|vez|veces}",
        "note.caller-lost": "cantó koi-koi y {who} puntuó antes: no gana nada",
        "note.redeal": "la mesa recibió {kind}: se vuelve a repartir, sin puntos",
        "note.oyaken": (
            "nadie puntuó: oya-ken, {points} puntos para el padre ({dealer}), que vuelve a "
            "repartir"
        ),
        "note.oyaken-none": (
            "nadie puntuó: oya-ken, sin puntos (oyaken.points = 0); el padre vuelve a repartir"
        ),
        "note.round.round": "ronda {round}",
        "note.round.month": "mes {month} ({plant})",
        "note.round.dealer": "padre (oya) {dealer}",
        "note.round.round-month": "ronda {round} · mes {month} ({plant})",
        "note.round.round-dealer": "ronda {round} · padre (oya) {dealer}",
        "note.round.month-dealer": "mes {month} ({plant}) · padre (oya) {dealer}",
        "note.round.round-month-dealer": (
            "ronda {round} · mes {month} ({plant}) · padre (oya) {dealer}"
        ),
        "seven-double": "{points} puntos (>= {min})",
        "koikoi-double": "{who} cantó koi-koi {n:|vez|veces} antes",
        "koikoi-own-double": "{who} cantó koi-koi {n:|vez|veces} y luego paró",
        "koikoi-any-double": (
            "se cantó koi-koi {n:|vez|veces} en la mano ({me} {mine}, {other} {theirs})"
        ),
        "detail.count": "{count}",
        "detail.extra": "{need} + {extra} de más",
        "detail.count.cup": "{count} (la copa de sake como {cup})",
        "detail.season": "x2 en el mes {month}",
        "detail.teshi": "cuatro del mes {month} ({plant})",
        "detail.kuttsuki": "pares de los meses {months}",
        "note.redeal-cards.teshi": (
            "la mesa recibió Teshi (cuatro del mes {month}, {plant}: {cards}): se vuelve a "
            "repartir, sin puntos"
        ),
        "note.redeal-cards.kuttsuki": (
            "la mesa recibió Kuttsuki (pares de los meses {months}: {cards}): se vuelve a "
            "repartir, sin puntos"
        ),
        "koikoi.dealt-count": "{who}: {n} cartas repartidas; un reparto da {size}",
        "koikoi.dealt-twice": "{card} está repartida dos veces: {who}",
        "koikoi.dealt-too-many-junk": (
            "{n} cartas básicas de {plant} repartidas ({who}); la baraja tiene {held}"
        ),
        "koikoi.dealt-disagrees": "{who}: dealt = {value!r}, pero dealt_cards tiene {found}",
        "koikoi.dealt-and-pile": (
            "el montón de {who} tiene {cards}, pero la mano terminó en el reparto ({kind})"
        ),
        "note.viewing-weather": "{rule} no cuenta: el sorteo del tiempo salió lluvia (weather)",
        "note.viewing-rain": (
            "{rule} no cuenta: lluvia en el montón, {cards} (viewing.rain = {mode})"
        ),
        "note.viewing-season": (
            "{rule} no cuenta: el mes {month} no es su mes {own} (viewing.season = only)"
        ),
        "note.viewing-alone": (
            "{rule} no cuenta: no hay otro yaku a su lado (viewing.needs_other_yaku)"
        ),
        "detail.extra.cup": "{need} + {extra} de más (la copa de sake como {cup})",
        "term.seven-double": "7+ puntos",
        "term.koikoi-double": "koi-koi",
        "term.koikoi-own-double": "koi-koi propio",
        "term.koikoi-any-double": "koi-koi",
        "koikoi.load.dealt": "dealt debe ser teshi o kuttsuki",
        "koikoi.load.redeal": "redeal debe ser teshi o kuttsuki",
        "koikoi.load.weather": (
            "weather = {value}; se esperaba rain (lluvia) o fair (buen tiempo): un sorteo del "
            "tiempo"
        ),
        "koikoi.load.round": "round = {round}; las rondas se cuentan desde 1",
        "koikoi.load.whole": "{key} = {value}; se esperaba un número entero",
        "koikoi.load.whole-huge": "{key} = un número enorme; se esperaba un número entero",
        "koikoi.players": "Koi-Koi es para 2 jugadores; el registro tiene {n}",
        "koikoi.unknown-month": (
            "{key}: se esperaba de 1 a 12 (meses japoneses: sauce 11, paulonia 12)"
        ),
        "koikoi.match-rounds": "match.rounds = {rounds}: una partida tiene 12, 9, 6 o 3 rondas",
        "koikoi.match-too-long": (
            "la ronda {round} pasa de las {rounds} rondas de la partida (match.rounds)"
        ),
        "koikoi.unknown-player": "stopped = {who!r} no es un jugador ({names})",
        "koikoi.card-in-both-piles": "{card} está en más de un montón: {who}",
        "koikoi.too-many-junk": (
            "{n} cartas básicas de {plant} entre los montones ({who}); la baraja tiene {held}"
        ),
        "koikoi.second-call": (
            "{who} cantó koi-koi {calls} veces; las reglas {preset!r} permiten un solo canto por "
            "mano (koikoi.multiple)"
        ),
        "koikoi.unknown-dealt": "{who}: dealt = {value!r}; se esperaba teshi o kuttsuki",
        "koikoi.instant-and-call": "{who} ganó al instante ({kind}), antes de cantar koi-koi",
        "koikoi.two-instant-wins": "solo una victoria inmediata por mano: {who}",
        "koikoi.instant-and-stop": (
            "{who} ganó al instante ({kind}), así que nadie pudo parar ({stopper})"
        ),
        "koikoi.unknown-redeal": (
            "redeal = {value!r}; se esperaba teshi o kuttsuki (repartidas en la mesa)"
        ),
        "koikoi.redeal-and-play": (
            "la mesa recibió {kind}: la mano se vuelve a repartir, así que nadie paró, cantó "
            "koi-koi ni ganó al instante"
        ),
        "koikoi.stop-without-yaku": "{who} paró sin ningún yaku",
        "koikoi.call-without-yaku": "{who} cantó koi-koi sin ningún yaku (se canta tras un yaku)",
        "koikoi.yaku-without-call": "{who} tiene un yaku ({made}) pero ni paró ni cantó koi-koi",
        "koikoi.draw-without-dealer": (
            "nadie paró: el oya-ken paga al padre; indique quién repartió (dealer)"
        ),
        "word.teshi": "Teshi",
        "word.kuttsuki": "Kuttsuki",
        **_PLANTS,
    },
    "mahjong": {
        "reason.went-out": "{winner_typed} cerró con {total}",
        "reason.difference": "diferencia {high_typed} {hi} - {low_typed} {lo}",
        "reason.east": "Este x{factor}",
        "outcome.draw": "tablas: el muro llegó a 14 fichas, nadie puntúa",
        "double.own-wind": "{set}: viento propio ({wind})",
        "double.prevailing-wind": "{set}: viento dominante ({wind})",
        "double.dragon": "{set}: trío o cuarteto de {tile}",
        "double.one-suit-honours": "toda la mano de {suit} con Dragones o Vientos",
        "double.pure-suit": "toda la mano de {suit}",
        "double.own-bonus": "flor o estación propia {tile}",
        "double.bonus-set": "las cuatro {set}",
        "note.seat": "viento de asiento: {seat}",
        "note.seats": "Este (el mano): {east}; viento dominante: {prevailing}",
        "note.split.chosen": "lectura elegida ({n} posibles): {sets} = {total} puntos",
        "note.split.other": "otra lectura: {sets} = {total} puntos",
        "note.split.more": "y {n} lecturas más, de {total} puntos o menos",
        "note.on-discard": "{set} cerrado con el descarte cuenta sobre la mesa",
        "note.limit": "límite: {raw} cuenta como {limit}",
        "note.limit-hand": "mano de límite: {value} puntos (las combinaciones darían {sets})",
        "note.source": "la última ficha: {source}",
        "note.declarations": "declarado: {declarations}",
        "note.limit-part": "{rule}: {value} puntos, menos que los {sets} de las combinaciones",
        "note.limit-part.tiles": (
            "{rule}: {value} puntos, menos que los {sets} de las combinaciones"
        ),
        "note.calling": "esperando una mano de límite: {value} puntos (las fichas dan {sets})",
        "note.east-wins": "el Este había ganado {n} manos seguidas antes de esta",
        "detail.calling": "esperando {tiles}",
        "detail.as-exposed": "= ({set})",
        # the pair's wind, said as the English has always been shown (to be worded in Spanish)
        "detail.wind.seat": "seat",
        "detail.wind.prevailing": "prevailing",
        "detail.wind.seat-prevailing": "seat + prevailing",
        "calling.purity": "esperando un solo palo con {tiles}",
        "double.own-bonus-pair": "flor propia {flower} y estación propia {season}",
        "double.three-concealed-pungs": "en mano: {sets}",
        "double.no-chow": "sin escaleras",
        "double.only-concealed": "todas las combinaciones en mano",
        "double.zero-points": "las combinaciones no puntúan",
        "double.only-majors": "solo terminales y honores",
        "double.only-honours": "solo honores",
        "double.little-three-dragons": "{sets}",
        "double.big-three-dragons": "{sets}",
        "double.little-four-joys": "{sets}",
        "double.big-four-joys": "{sets}",
        "double.dead-wall": "la última ficha vino del muro muerto",
        "double.last-wall": "la última ficha fue la última del muro",
        "double.last-wall-discard": "la última ficha fue el descarte de la última del muro",
        "double.robbed-kong": "la última ficha se robó de un cuarteto",
        "double.original-call": "anuncio inicial",
        "word.src.wall": "del muro",
        "word.src.discard": "un descarte",
        "word.src.dead-wall": "del muro muerto",
        "word.src.last-wall": "la última del muro",
        "word.src.last-wall-discard": "el descarte de la última del muro",
        "word.src.robbed-kong": "robada de un cuarteto",
        "word.decl.original-call": "anuncio inicial",
        "word.decl.twofold-fortune": "doble fortuna",
        "mahjong.too-many-chows": (
            "{who} ({seat}) no ha cerrado: estas reglas admiten {max} escalera(s) y la mano solo "
            "se lee con más"
        ),
        "mahjong.source-drawn-discarder": (
            "{key} es una ficha robada, pero {by}"
        ),
        "mahjong.source-discard-self-drawn": (
            "{key} es una ficha de otro jugador, pero {drawn:true}"
        ),
        "mahjong.twofold-source": (
            "twofold-fortune es cerrar con la ficha de reposición del muro muerto; {key}"
        ),
        "mahjong.load.last-source": "last_source = {value}; se esperaba uno de {choices}",
        "mahjong.load.declarations": "declarations = {value}; se esperaba una lista con {choices}",
        "note.special.first-draw": (
            "el Este cierra con su primera ficha: {value} puntos (las combinaciones dan {sets}); "
            "la mano cuenta {total}"
        ),
        "note.special.first-discard": (
            "cierre con el primer descarte del mano: {value} puntos (las combinaciones dan "
            "{sets}); la mano cuenta {total}"
        ),
        "note.draw": "tablas: quedan 14 fichas y nadie cierra; no se suma ninguna puntuación",
        "note.bonus-unscored": "las flores y estaciones no puntúan (bonus.points = 0)",
        "note.self-drawn": "{who} cierra con ficha robada",
        "note.discard": "{who} cierra con el descarte de {from}",
        "note.tie": "{a} y {b} empatan: no se pagan nada",
        "term.settle.win": "mano ganadora",
        "term.settle.difference": "diferencia",
        "term.east.double": "Este",
        "mahjong.players": "al mahjong juegan 4 jugadores; el registro tiene {n}",
        "mahjong.seat-missing": "da asiento a todos los jugadores o a ninguno: {who} sin asiento",
        "mahjong.seat-twice": "{who} ocupan el mismo asiento ({seat})",
        "mahjong.dealer-not-east": "el mano (Este) es {dealer}, pero en el Este se sienta {east}",
        "mahjong.winner-unknown": "winner = {who!r} no es ningún jugador ni asiento",
        "mahjong.draw-with-winner": "unas tablas no tienen vencedor",
        "mahjong.no-winner": "di quién cerró ({winner:NOMBRE}) o {draw:true}",
        "mahjong.too-many-melds": (
            "{who} ({seat}) muestra {n} combinaciones; una mano tiene como máximo 4"
        ),
        "mahjong.tile-count": (
            "{who} ({seat}) tiene {have} fichas ({concealed} en mano, {melds} combinaciones "
            "declaradas x 3); {want_text} (un cuarteto cuenta como 3)"
        ),
        "mahjong.tile-count.melds": (
            "{who} ({seat}) tiene {have} fichas ({concealed} en mano, {melds} combinaciones "
            "declaradas x 3); {want_text} (un cuarteto cuenta como 3)"
        ),
        "mahjong.not-winning": (
            "{who} ({seat}) no ha cerrado: las fichas en mano {tiles} no forman {sets} "
            "combinaciones y un par (4 combinaciones y un par en total, contando las declaradas)"
        ),
        "mahjong.fifth-copy": "{n} x {tile} entre {who}; el juego tiene 4",
        "mahjong.bonus-twice": "{tile} lo tienen {who}; el juego tiene uno",
        "mahjong.winning-tile": "{key} {tile} no está entre las fichas en mano de {who}",
        "mahjong.discarder-unknown": "{key} no es ningún jugador ni asiento",
        "mahjong.discarder-is-winner": (
            "{who} no puede cerrar con su propio descarte ({drawn:true})"
        ),
        "mahjong.self-drawn-and-discard": "{drawn} y {by} no van juntos",
        "mahjong.special-first-draw": (
            "special = first-draw es el Este ({east}) cerrando con la primera ficha que roba; "
            "{who} {why}"
        ),
        "mahjong.special-first-discard": (
            "special = first-discard es cerrar con el primer descarte del Este ({east}); {why}"
        ),
        "mahjong.special-first-discard.other": (
            "special = first-discard es cerrar con el primer descarte del Este ({east}); {why}"
        ),
        "mahjong.special-draw": "unas tablas no tienen victoria especial",
        "quick.draw-and-winner": "--draw y --winner no van juntos: unas tablas no tienen vencedor",
        "quick.no-winner": "di quién cerró (--winner ASIENTO) o --draw",
        "quick.self-drawn-and-discarder": "--self-drawn y --discarder no van juntos",
        "quick.draw-facts": "unas tablas no tienen ficha ganadora, descarte ni victoria especial",
        "mahjong.east-wins": (
            "east_wins = {n}: con estas reglas el Este pasa el turno tras su novena victoria "
            "seguida, así que antes de una mano ha ganado 8 como mucho"
        ),
        "mahjong.load.seat": (
            "seat = {value}; se esperaba east, south, west o north (o este, sur, oeste, norte)"
        ),
        "mahjong.load.cards-twice": "da las fichas una sola vez, en cards (o hand)",
        "mahjong.load.no-tiles": "sin fichas (cards = \"123m 55p (777z) ...\")",
        "mahjong.load.cards-type": "cards debe ser un texto de códigos de fichas",
        "mahjong.load.bool": "{key} = {value}; se esperaba true o false",
        "mahjong.load.prevailing": (
            "prevailing = {value}; se esperaba east, south, west o north (o este, sur, oeste, "
            "norte)"
        ),
        "mahjong.load.special": "special = {value}; se esperaba uno de {choices}",
        "mahjong.load.winning-tile": (
            "{key}; se esperaba un código de ficha, p. ej. 5s o east"
        ),
        "word.want-winner": "el vencedor tiene 14",
        "word.want-hand": "una mano tiene 13",
        "word.not-east": "no es el Este",
        "word.on-discard": "cerró con un descarte",
        "word.own-discard": "el Este no puede tomar su propio descarte",
        "word.other-discard": "el descarte no fue del Este",
        "word.east": "Este",
        "word.south": "Sur",
        "word.west": "Oeste",
        "word.north": "Norte",
        "word.characters": "caracteres",
        "word.circles": "círculos",
        "word.bamboo": "bambúes",
        "word.flowers": "flores",
        "word.seasons": "estaciones",
        "word.1z": "Este",
        "word.2z": "Sur",
        "word.3z": "Oeste",
        "word.4z": "Norte",
        "word.5z": "Dragón blanco",
        "word.6z": "Dragón verde",
        "word.7z": "Dragón rojo",
    },
}

# A game's rules by name, by game and rule id (their native names: scorer.catalog.native).
RULES: dict[str, dict[str, str]] = {
    "gostop": {
        "brights.three": "Tres luces",
        "brights.three-rain": "Tres luces con la de lluvia",
        "brights.four": "Cuatro luces",
        "brights.four-rain": "Cuatro luces con la de lluvia",
        "brights.five": "Cinco luces",
        "brights": "Luces",
        "godori": "Tres pájaros",
        "animals": "Animales",
        "ribbons": "Banderas",
        "hongdan": "Banderas rojas con texto",
        "cheongdan": "Banderas azules con texto",
        "chodan": "Banderas rojas sin texto",
        "junk": "Sangre",
        "go.points": "Puntos por Go",
        "go.double": "Go duplica",
        "go.caller-stop": "Stop tras su Go",
        "go.stopper-double": "Detiene a quien dijo Go",
        "go-bak": "Go-bak: quien dijo Go paga por todos",
        "score-lost": "Puntuación perdida",
        "gwang-bak": "Sin luces",
        "pi-bak": "Poca sangre",
        "meong-bak": "Muchos animales",
        "shake": "Sacudida",
        "bomb": "Bomba",
        "instant.four-in-hand": "Cuatro del mes en mano",
        "instant.three-ppuk": "Tercer ppuk",
        "nagari": "Nadie paró",
        "go.reverse": "Go inverso",
        "nagari.carry": "Nagari acumulado",
        "event.ttadak": "Dos parejas de golpe",
        "event.sseul": "Mesa barrida",
        "event.ppeok": "Ppeok recogido",
        "event.first-ppeok": "Ppeok en el primer turno",
        "event.three-ppuk": "Tercer ppuk (pago aparte)",
        "event.gwang-selling": "Venta de luces",
        "event.brights": "Luces vendidas",
        "balance.cap": "Paga como mucho su saldo",
        "big-hand": "Mano grande",
        "pi-bak.typed": "Poca sangre (indicado)",
        "gwang-bak.typed": "Sin luces (indicado)",
        "meong-bak.typed": "Muchos animales (indicado)",
        "event.money": "Precio en dinero",
    },
    "hakka": {
        "win": "Trucos del ganador",
        "dreamer": "Soñador",
        "five-tigers": "Cinco tigres",
        "privileged": "El jugador privilegiado paga por otro",
        "void": "Nadie llamó: mano anulada",
    },
    "koikoi": {
        "goko": "Cinco luces",
        "shiko": "Cuatro luces secas",
        "ame-shiko": "Cuatro luces mojadas",
        "sanko": "Tres luces secas",
        "inoshikacho": "Jabalí, ciervo y mariposas",
        "tane": "Tierra o animales",
        "akatan": "Cintas rojas",
        "aotan": "Cintas azules",
        "akaao": "Cintas rojas poéticas y azules",
        "tanzaku": "Cintas",
        "tsukifuda": "Cartas mensuales",
        "kasu": "Básicas",
        "hanami-zake": "Un trago con las flores",
        "tsukimi-zake": "Un trago con la luna",
        "teshi": "Cuatro cartas del mismo palo",
        "kuttsuki": "Cuatro pares del mismo palo",
        "oya-ken": "Privilegio del padre",
        "seven-double": "Siete o más puntos",
        "koikoi-double": "Puntúa tras el koi-koi del otro",
        "koikoi-own-double": "Para tras su propio koi-koi",
        "koikoi-any-double": "Se cantó koi-koi en la mano",
    },
    "mahjong": {
        "pung.exposed.simple": "Trío (de 2 a 8) sobre la mesa",
        "pung.exposed.terminal": "Trío (1 ó 9) sobre la mesa",
        "pung.exposed.wind": "Trío de Vientos sobre la mesa",
        "pung.exposed.dragon": "Trío de Dragón sobre la mesa",
        "pung.concealed.simple": "Trío (de 2 a 8) en mano",
        "pung.concealed.terminal": "Trío (1 ó 9) en mano",
        "pung.concealed.wind": "Trío de Vientos en mano",
        "pung.concealed.dragon": "Trío de Dragón en mano",
        "kong.exposed.simple": "Cuarteto (de 2 a 8) sobre la mesa",
        "kong.exposed.terminal": "Cuarteto (1 ó 9) sobre la mesa",
        "kong.exposed.wind": "Cuarteto de Vientos sobre la mesa",
        "kong.exposed.dragon": "Cuarteto de Dragón sobre la mesa",
        "kong.concealed.simple": "Cuarteto (de 2 a 8) en mano",
        "kong.concealed.terminal": "Cuarteto (1 ó 9) en mano",
        "kong.concealed.wind": "Cuarteto de Vientos en mano",
        "kong.concealed.dragon": "Cuarteto de Dragón en mano",
        "chow.exposed": "Chou (escalera) sobre la mesa",
        "chow.concealed": "Chou (escalera) en mano",
        "pair.dragon": "Par de Dragón",
        "pair.wind": "Par de Viento",
        "pair": "Par",
        "bonus.tile": "Flor o estación",
        "out": "Cerrar la mano",
        "double.own-wind": "Vientos propios",
        "double.prevailing-wind": "Viento dominante",
        "double.dragon": "Grupo Dragón",
        "double.one-suit-honours": "Un palo con Dragones o Vientos",
        "double.pure-suit": "Toda la mano de un palo",
        "double.own-bonus": "Flor o estación propia",
        "double.bonus-set": "Las cuatro flores o estaciones",
        "east.double": "El Este doble",
        "settle.base": "Puntos",
        "settle.win": "Total del vencedor",
        "settle.difference": "Diferencia entre perdedores",
        "special.first-draw": "El Este cierra con su primera ficha",
        "special.first-discard": "Cierre con el primer descarte del mano",
        "limit": "Límite",
        "limit.thirteen-orphans": "Trece Huérfanos",
        "limit.nine-gates": "Nueve Puertas",
        "limit.only-honours": "Solo honores",
        "limit.heads-and-tails": "Cabezas y colas",
        "limit.fourfold-plenty": "Cuádruple abundancia",
        "limit.hidden-treasure": "Tesoro escondido",
        "limit.buried-treasure": "Tesoro enterrado",
        "limit.three-great-scholars": "Tres Grandes Sabios",
        "limit.four-blessings": "Cuatro Bendiciones sobre la puerta",
        "limit.all-greens": "Todo verde",
        "limit.concealed-true-colour": "Color puro en mano",
        "limit.squirming-snake": "La Serpiente",
        "limit.twofold-fortune": "Doble fortuna",
        "limit.plum-blossom": "Recoger la flor del ciruelo del tejado",
        "limit.plucking-moon": "Sacar la luna del fondo del mar",
        "limit.carrying-pole": "Rascar la pértiga",
        "tile.from-wall": "Última ficha del muro",
        "tile.only-possible": "Única ficha posible",
        "tile.pair-simple": "La última ficha completa un par de 2 a 8",
        "tile.pair-major": "La última ficha completa un par de terminales u honores",
        "double.own-bonus-pair": "Flor y estación propias",
        "double.three-concealed-pungs": "Tres tríos en mano",
        "double.no-chow": "Sin escaleras",
        "double.only-concealed": "Todo en mano",
        "double.zero-points": "Mano sin puntos",
        "double.only-majors": "Solo terminales y honores",
        "double.only-honours": "Solo honores",
        "double.little-three-dragons": "Tres Dragones menores",
        "double.big-three-dragons": "Tres Dragones mayores",
        "double.little-four-joys": "Cuatro alegrías menores",
        "double.big-four-joys": "Cuatro alegrías mayores",
        "double.dead-wall": "Última ficha del muro muerto",
        "double.last-wall": "Última ficha del muro",
        "double.last-wall-discard": "Descarte de la última ficha del muro",
        "double.robbed-kong": "Robar un cuarteto",
        "double.original-call": "Anuncio inicial",
        "draw": "Tablas",
        "limit.wriggling-snake": "La Serpiente que se retuerce",
        "limit.knitting": "El Tejido",
        "limit.triple-knitting": "El Tejido triple",
        "limit.all-pair-honours": "Parejas de honores",
        "limit.east-nine": "El Este gana nueve veces seguidas",
        "calling.only-honours": "Esperando Solo honores",
        "calling.wriggling-snake": "Esperando la Serpiente que se retuerce",
        "calling.triple-knitting": "Esperando el Tejido triple",
        "calling.nine-gates": "Esperando las Nueve Puertas",
        "calling.knitting": "Esperando el Tejido",
        "calling.all-greens": "Esperando Todo verde",
        "calling.thirteen-orphans": "Esperando los Trece Huérfanos",
        "calling.three-great-scholars": "Esperando los Tres Grandes Sabios",
        "calling.all-pair-honours": "Esperando Parejas de honores",
        "calling.heads-and-tails": "Esperando Cabezas y colas",
        "calling.four-blessings": "Esperando las Cuatro Bendiciones sobre la puerta",
        "calling.buried-treasure": "Esperando el Tesoro enterrado",
        "calling.fourfold-plenty": "Esperando la Cuádruple abundancia",
        "calling.purity": "Esperando un solo palo (Pureza)",
    },
}
