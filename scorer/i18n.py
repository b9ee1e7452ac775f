"""English and Spanish for messages, headings and rule names; native terms beside them.

The language comes from ``--lang``, else ``SCORER_LANG``, else the locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``): anything starting with ``es`` gives Spanish.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Any

LANGS = ("en", "es")

_MESSAGES: dict[str, tuple[str, str]] = {
    "code": ("Code", "Código"),
    "id": ("Id", "Id"),
    "card": ("Card", "Carta"),
    "tile": ("Tile", "Ficha"),
    "name": ("Name", "Nombre"),
    "native": ("Native", "Nativo"),
    "month": ("Month", "Mes"),
    "kind": ("Kind", "Tipo"),
    "attributes": ("Scoring attributes", "Atributos de puntuación"),
    "deck_title": ("{game} deck: {n} cards", "Baraja de {game}: {n} cartas"),
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
    "no_payments": ("No payments.", "Sin pagos."),
    "player": ("Player", "Jugador"),
    "outcome": ("Outcome", "Resultado"),
    "winner": ("Winner", "Ganador"),
    "error": ("error", "error"),
    "no_score": ("no scoring combination", "ninguna combinación puntúa"),
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
        return f"{cards} repetida más veces de las que tiene la baraja{where}"
    if problem.code == "too-many":
        return f"demasiadas copias: la baraja solo tiene {cards}{where}"
    if problem.code == "not-in-deck":
        return f"{problem.token!r}{where}: estas reglas se juegan sin cartas extra"
    if problem.code == "bad-meld":
        return f"{problem.token!r}{where} no es una combinación válida ({problem.message})"
    return str(problem.message)


# Spanish for the sentences engines add (explain.Note, Choice and Multiplier reasons); the
# English text comes with the record itself. Keys are Note.key / Choice.key / the rule id.
_SAY_ES: dict[str, str] = {
    "choice.best": "{best} puntos como {role}, {alt} como {other}",
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
    "shake": "{n} sacudida(s)",
    "bomb": "{n} bomba(s)",
    "gwang-bak": "{who} no tiene luces",
    "pi-bak": "{who} tiene {held} {unit} (menos de {limit})",
}
_WORDS_ES = {
    "animal": "animal",
    "junk": "sangre",
    "cards": "cartas de sangre",
    "units": "unidades de sangre",
    "protected": "unidades de sangre, cartas duales como doble",
}


def say(key: str, args: Any, text: str, lang: str) -> str:
    """The engine's sentence in ``lang``; English (or an unknown key) gives ``text``."""
    template = _SAY_ES.get(key) if lang == "es" else None
    if template is None:
        return text
    values = {k: _WORDS_ES.get(v, v) if isinstance(v, str) else v for k, v in args}
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return text


def say_es_keys() -> set[str]:
    return set(_SAY_ES)


def detect_lang(explicit: str | None = None) -> str:
    if explicit:
        lang = explicit.lower()[:2]
        if lang not in LANGS:
            raise ValueError(f"unknown language {explicit!r}: expected one of {', '.join(LANGS)}")
        return lang
    for var in ("SCORER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


def t(key: str, lang: str, **kwargs: Any) -> str:
    en, es = _MESSAGES[key]
    text = es if lang == "es" else en
    return text.format(**kwargs) if kwargs else text


def outcome(key: str, lang: str) -> str:
    en, es = _OUTCOMES.get(key, (key, key))
    return es if lang == "es" else en


def rule_names(game: str) -> dict[str, tuple[str, str, str]]:
    """(English, Spanish, native) per rule id, from ``scorer.games.<game>.RULE_NAMES``."""
    try:
        module = import_module(f"scorer.games.{game}")
    except ModuleNotFoundError:
        return {}
    names: dict[str, tuple[str, str, str]] = getattr(module, "RULE_NAMES", {})
    return names


def rule_name(game: str, rule: str, lang: str, *, native: bool = True) -> str:
    names = rule_names(game).get(rule)
    if names is None:
        return rule
    en, es, nat = names
    text = es if lang == "es" else en
    return f"{text} ({nat})" if native and nat and nat.lower() != text.lower() else text
