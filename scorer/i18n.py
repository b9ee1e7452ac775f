"""English and Spanish for messages, headings and rule names; native terms beside them.

Which language is asked for is :mod:`scorer.lang`'s to say.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_MESSAGES: dict[str, tuple[str, str]] = {
    "quick.names-count": (
        "this form is for {n} players ({players}); {given} names given ({names})",
        "esta forma es para {n} jugadores ({players}); se han dado {given} nombres ({names})",
    ),
    "quick.names-unique": (
        "each player needs a different name: {names}",
        "cada jugador necesita un nombre distinto: {names}",
    ),
    "code": ("Code", "Código"),
    "id": ("Id", "Id"),
    "card": ("Card", "Carta"),
    "tile": ("Tile", "Ficha"),
    "name": ("Name", "Nombre"),
    "native": ("Native", "Nativo"),
    "month": ("Month", "Mes"),
    "kind": ("Kind", "Tipo"),
    "attributes": ("Scoring attributes", "Atributos de puntuación"),
    "deck_title.card": ("{game} deck: {n} cards", "Baraja de {game}: {n} cartas"),
    "deck_title.tile": ("{game} set: {n} tiles", "Juego de {game}: {n} fichas"),
    "deck_bonus": ("{n} bonus", "{n} extra"),
    "deck_months": ("months: {months}", "meses: {months}"),
    # the scoring attributes `scorer cards` shows (ids in --json)
    "attr.bird": ("bird", "pájaro"),
    "attr.bonus:2-junk": ("bonus:2-junk", "extra: vale 2 sangres"),
    "attr.bonus:3-junk": ("bonus:3-junk", "extra: vale 3 sangres"),
    "attr.double-junk": ("double-junk", "sangre doble"),
    "attr.dragon": ("dragon", "dragón"),
    "attr.dual-role:animal|double-junk": ("dual-role:animal|double-junk",
                                          "doble papel: animal o sangre doble"),
    "attr.elder": ("elder", "anciano"),
    "attr.flower": ("flower", "flor"),
    "attr.rain-bright": ("rain-bright", "luz de la lluvia"),
    "attr.ribbon:blue": ("ribbon:blue", "bandera azul"),
    "attr.ribbon:plain-red": ("ribbon:plain-red", "bandera roja lisa"),
    "attr.ribbon:rain": ("ribbon:rain", "bandera de la lluvia"),
    "attr.ribbon:red-poem": ("ribbon:red-poem", "bandera roja con poema"),
    "attr.season": ("season", "estación"),
    "attr.terminal": ("terminal", "terminal"),
    "attr.wind": ("wind", "viento"),
    "rule": ("Rule", "Regla"),
    "cards": ("Cards", "Cartas"),
    "points": ("Points", "Puntos"),
    "subtotal": ("Subtotal", "Subtotal"),
    "total": ("Total", "Total"),
    "choice": ("{card} counted as {role}: {reason}", "{card} contada como {role}: {reason}"),
    "multiplier": ("x{factor} {name}", "x{factor} {name}"),
    "against": ("against {who}", "contra {who}"),
    "pays": (
        "{payer} pays {payee}: {points} points = {money}",
        "{payer} paga a {payee}: {points} puntos = {money}",
    ),
    "pays_formula": (
        "{payer} pays {payee}: {formula} = {points} points = {money}",
        "{payer} paga a {payee}: {formula} = {points} puntos = {money}",
    ),
    "net": (
        "Net: {payer} pays {payee} {points} points = {money}",
        "Neto: {payer} paga a {payee} {points} puntos = {money}",
    ),
    "pays_one": (
        "{payer} pays {payee}: {points} point = {money}",
        "{payer} paga a {payee}: {points} punto = {money}",
    ),
    "pays_formula_one": (
        "{payer} pays {payee}: {formula} = {points} point = {money}",
        "{payer} paga a {payee}: {formula} = {points} punto = {money}",
    ),
    "net_one": (
        "Net: {payer} pays {payee} {points} point = {money}",
        "Neto: {payer} paga a {payee} {points} punto = {money}",
    ),
    "net_even": ("Net: {a} and {b} are even", "Neto: {a} y {b} quedan a la par"),
    "no_payments": ("No payments.", "Sin pagos."),
    "more_problems": ("… and {n} more problems", "… y {n} problemas más"),
    # problems every record can have (scorer.games.base.Said with game "")
    "record.whole": (
        "{key} = {value}; expected a whole number from {low} to {high}",
        "{key} = {value}; se esperaba un número entero de {low} a {high}",
    ),
    "record.whole-huge": (
        "{key} = a huge number; expected a whole number from {low} to {high}",
        "{key} = un número enorme; se esperaba un número entero de {low} a {high}",
    ),
    "record.unknown-key": ("unknown key {key}", "clave desconocida {key}"),
    "record.months": (
        "months = {value}; expected jp (willow 11, paulownia 12) or kr (paulownia 11, willow 12)",
        "months = {value}; se esperaba jp (sauce 11, paulonia 12) o kr (paulonia 11, sauce 12)",
    ),
    "record.months-no-months": (
        "months = {value}: months number hanafuda cards; {game} has none",
        "months = {value}: los meses numeran las cartas de hanafuda; {game} no las tiene",
    ),
    "record.months-hint": (
        "{title} numbers {numbering}; for the other numbering say --months {other} "
        "(months = '{other}' in a record)",
        "{title} numera {numbering_es}; para la otra numeración di --months {other} "
        "(months = '{other}' en un registro)",
    ),
    "record.months-hint-given": (
        "the codes are read as months = '{used}': {numbering}; for the other numbering say "
        "--months {other} (months = '{other}' in a record)",
        "los códigos se leen con months = '{used}': {numbering_es}; para la otra numeración "
        "di --months {other} (months = '{other}' en un registro)",
    ),
    "record.unknown-key-hint": (
        "unknown key {key}; did you mean {close}?",
        "clave desconocida {key}; ¿quisiste decir {close}?",
    ),
    "record.preset-not-name": (
        "preset must be a preset name (see `scorer rules {game}`)",
        "preset debe ser el nombre de unas reglas (mira `scorer rules {game}`)",
    ),
    "record.rules-file-not-path": (
        "rules_file must be a path string", "rules_file debe ser la ruta de un archivo"
    ),
    "record.rules-not-table": (
        "[rules] must be a table of rule overrides",
        "[rules] debe ser una tabla de reglas cambiadas",
    ),
    "record.hands-not-tables": (
        "hands must be [[hands]] tables, one per hand",
        "hands deben ser tablas [[hands]], una por mano",
    ),
    "record.no-players": ("no [[players]] tables", "no hay tablas [[players]]"),
    "record.player-not-table": (
        "players entry {n} must be a table", "la entrada {n} de players debe ser una tabla"
    ),
    "record.no-name": ("missing 'name'", "falta 'name' (el nombre)"),
    "record.names-differ": (
        "player names must differ: {names}",
        "los nombres de los jugadores deben ser distintos: {names}",
    ),
    "record.dealer-not-player": (
        "dealer = {dealer} is not a player ({names})",
        "dealer = {dealer} no es un jugador ({names})",
    ),
    "record.stake": (
        "stake = {value}; expected a number from 0 to {high} (money per point)",
        "stake = {value}; se esperaba un número de 0 a {high_es} (dinero por punto)",
    ),
    "record.currency": ("currency must be a string", "currency debe ser un texto"),
    "record.cards-not-text": (
        "cards must be a string of card codes",
        "cards debe ser un texto con los códigos de las cartas",
    ),
    "record.photo-needs-cli": (
        "cards is a photo ({photo}); photos need `scorer score` from the CLI",
        "cards es una foto ({photo}); las fotos se leen con `scorer score` en la terminal",
    ),
    "record.no-photo": ("no photo at {path}", "no hay ninguna foto en {path}"),
    "record.not-a-name": (
        "{key} must be a player's name", "{key} debe ser el nombre de un jugador"
    ),
    "record.pile-long": (
        "{n} cards typed; a pile holds at most {most}",
        "{n} cartas escritas; un montón tiene como mucho {most}",
    ),
    "preset": ("preset", "reglas"),
    "description": ("description", "descripción"),
    "source": ("source", "fuente"),
    "key": ("key", "clave"),
    "value": ("value", "valor"),
    "presets_title": ("{game} presets", "Reglas de {game}"),
    "rules_hint": (
        "Show one: scorer rules {game} PRESET · compare: scorer rules diff {game} A B",
        "Ver unas: scorer rules {game} REGLAS · comparar: scorer rules diff {game} A B",
    ),
    "resolved_head": (
        "† how this preset reads its source where the source is unclear:",
        "† cómo leen estas reglas su fuente donde la fuente no es clara:",
    ),
    "overridden": ("* overridden: {items}", "* cambiadas: {items}"),
    "from_origin": ("{rule} (from {origin})", "{rule} (de {origin})"),
    "diff_title": (
        "{game}: {a} vs {b} — {n} rules differ",
        "{game}: {a} frente a {b}: {n} reglas distintas",
    ),
    "diff_same": ("{a} and {b} agree on every rule.", "{a} y {b} coinciden en todas las reglas."),
    "player": ("Player", "Jugador"),
    "outcome": ("Outcome", "Resultado"),
    "winner": ("Winner", "Ganador"),
    "error": ("error", "error"),
    "no_score": ("no scoring combination", "ninguna combinación puntúa"),
    "hand_n": ("Hand {n}", "Mano {n}"),
    "next_dealer": ("Next dealer: {who}", "Reparte la siguiente mano: {who}"),
    "compare_title": (
        "{game}: the same hand under {a} and {b} — {n} items differ",
        "{game}: la misma mano con {a} y con {b}: {n} diferencias",
    ),
    "compare_same": (
        "Both rule sets give the same result.",
        "Ambas reglas dan el mismo resultado.",
    ),
    "compare_net": ("{who}: net {a} → {b} points", "{who}: saldo {a} → {b} puntos"),
    "payment_item": ("{payer} pays {payee}", "{payer} paga a {payee}"),
    "item": ("Item", "Concepto"),
    "running_totals": ("Running totals (points)", "Totales acumulados (puntos)"),
    "series.match": ("match, rounds", "partida, rondas"),
    "series.round": ("round, hands", "ronda, manos"),
    "series.game": ("game, hands", "juego, manos"),
    "series.series": ("hands", "manos"),
}

_OUTCOMES: dict[str, tuple[str, str]] = {
    "stop": ("stop", "stop (parar)"),
    "nagari": ("nagari: nobody stopped, no payment", "nagari: nadie paró, no hay pagos"),
    "instant-win": ("instant win", "victoria inmediata"),
    "win": ("win", "victoria"),
}


_WHAT_ES = {"card": "carta", "tile": "ficha"}


def problem_message(problem: Any, lang: str) -> str:
    """A notation problem in the user's language, from its structured fields."""
    if lang != "es":
        return str(problem.message)
    where = f" en la posición {problem.position}" if problem.position else ""
    cards = ", ".join(problem.cards)
    if problem.code == "unknown":
        what = "carta"
        for en, es in _WHAT_ES.items():
            if f"unknown {en}" in problem.message:
                what = es
        hint = ""
        if problem.suggestions:
            hint = "; ¿quisiste decir " + ", ".join(repr(x) for x in problem.suggestions) + "?"
        if not problem.message.startswith("unknown"):
            return f"{problem.token!r}{where} no es una {what} válida ({problem.message})"
        return f"{what} desconocida {problem.token!r}{where}{hint}"
    if problem.code == "duplicate":
        typed = f"{problem.token!r} ({cards})" if problem.token != cards else repr(cards)
        return f"{typed} repetida más veces de las que tiene la baraja{where}"
    if problem.code == "too-many":
        return f"demasiadas copias: la baraja solo tiene {cards}{where}"
    if problem.code == "not-in-deck":
        return f"{problem.token!r}{where}: estas reglas se juegan sin cartas extra"
    if problem.code == "bad-meld":
        return f"{problem.token!r}{where} no es una combinación válida ({problem.message})"
    return str(problem.message)


def _catalog(game: str | None, lang: str) -> dict[str, str] | Any:
    if not game:
        return {}
    from scorer.games.base import find_game

    found = find_game(game)
    if found is None:
        return {}
    return found.messages_es if lang == "es" else found.messages_en


def say(key: str, args: Any, text: str, lang: str, game: str | None = None) -> str:
    """An engine's sentence in ``lang`` from the game's catalog; else its English ``text``.

    ``game`` empty: scorer's own catalog (problems every record can have).

    String arguments that name a word of the game (``"junk"``) are said from the catalog's
    ``word.<value>`` entries.
    """
    if not game:
        pair = _MESSAGES.get(key)
        if pair is None:
            return text
        try:
            return (pair[1] if lang == "es" else pair[0]).format(**dict(args))
        except (KeyError, IndexError, ValueError):
            return text
    catalog = _catalog(game, lang)
    template = catalog.get(key)
    if template is None:
        return text
    values = {
        k: catalog.get(f"word.{v}", v) if isinstance(v, str) else v for k, v in args
    }
    try:
        return str(template).format(**values)
    except (KeyError, IndexError):
        return text


def has_message(key: str) -> bool:
    return key in _MESSAGES


def t(key: str, lang: str, **kwargs: Any) -> str:
    """A message in ``lang``; one point takes the message's singular (``<key>_one``)."""
    if kwargs.get("points") in (1, -1) and f"{key}_one" in _MESSAGES:
        key = f"{key}_one"
    en, es = _MESSAGES[key]
    text = es if lang == "es" else en
    return text.format(**kwargs) if kwargs else text


def outcome(key: str, lang: str, game: str | None = None) -> str:
    """An outcome id in ``lang``: the shared ones here, a game's own from its catalog
    (``outcome.<id>`` in ``messages_es`` / ``messages_en``)."""
    if key not in _OUTCOMES:
        said = _catalog(game, lang).get(f"outcome.{key}")
        if said is not None:
            return str(said)
    en, es = _OUTCOMES.get(key, (key, key))
    return es if lang == "es" else en


def rule_names(game: str) -> Mapping[str, tuple[str, str, str]]:
    """(English, Spanish, native) per rule id, from the game's ``rule_names``."""
    from scorer.games.base import find_game

    found = find_game(game)
    return found.rule_names if found is not None else {}


def rule_name(game: str, rule: str, lang: str, *, native: bool = True) -> str:
    names = rule_names(game).get(rule)
    if names is None:
        return rule
    en, es, nat = names
    text = es if lang == "es" else en
    return f"{text} ({nat})" if native and nat and nat.lower() != text.lower() else text


# -- an error from bad input, as one line in the user's language ---------------------------
def describe(err: BaseException, lang: str = "en") -> str:
    """The one-line message for an error we expect from bad input: a record's problems, a
    card-notation error, or one problem raised alone (a quick-form option, ``quick_error``)."""
    from scorer.decks.base import NotationError  # on the error path only: not at start-up

    if isinstance(err, NotationError):
        return "; ".join(problem_message(p, lang) for p in err.problems)
    problems = getattr(err, "problems", None)
    if lang == "en":
        return str(err)
    if not isinstance(problems, tuple):
        alone = err.args[0] if len(err.args) == 1 else None
        if isinstance(alone, str) and hasattr(alone, "problem"):
            return said_problem(alone, lang)
        return str(err)
    from scorer.games.record import join_problems

    return join_problems(problems, getattr(err, "source", None), lang,
                         lambda p: said_problem(p, lang))


def said_problem(problem: str, lang: str) -> str:
    """One problem in ``lang``, from its structure; English where it has none."""
    text = str(problem)
    inner = getattr(problem, "problem", None)
    if inner is not None and hasattr(inner, "code") and hasattr(problem, "game"):
        if problem.game:  # a game's Problem
            return text.replace(inner.text, say(inner.code, inner.args, inner.text, lang,
                                                problem.game))
        args = tuple((k, _who(v, lang) if k == "who" else v) for k, v in inner.args)
        who = dict(inner.args).get("who", "")
        out = text.replace(inner.text, say(inner.code, args, inner.text, lang, ""))
        return out.replace(f": {who}: ", f": {_who(who, lang)}: ", 1) if who else out
    if inner is not None and hasattr(problem, "who"):  # a card-notation problem
        who = problem.who
        return text.replace(f"{who}: {inner.message}",
                            f"{_who(who, lang)}: {problem_message(inner, lang)}")
    return text


def _who(who: str, lang: str) -> str:
    return who.replace("player ", "jugador ", 1) if lang == "es" else who
