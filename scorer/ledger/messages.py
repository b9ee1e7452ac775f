"""Every sentence the ledger says, in English and Spanish, by message id.

One catalog for the CLI's lines and tables and for the ledger's problems: a
:class:`~scorer.ledger.db.LedgerError` made with :func:`problem` keeps its id and values,
so the CLI says it in the user's language (:func:`message`); its ``str()`` is the English.
Only the standard library: every typed ledger command loads it.
"""

from __future__ import annotations

from typing import Any

# (English, Spanish) per message id; Spanish is the rule sources' Spanish.
_CATALOG: dict[str, tuple[str, str]] = {
    "session": ("Session", "Sesión"),
    "hand": ("Hand", "Mano"),
    "hands": ("hands", "manos"),
    "preset": ("Preset", "Reglas"),
    "note": ("Note", "Nota"),
    "game": ("Game", "Juego"),
    "players": ("Players", "Jugadores"),
    "last": ("Last entry", "Última entrada"),
    "stake": ("stake", "apuesta"),
    "per_point": ("per point", "por punto"),
    "totals_points": ("Totals (points)", "Totales (puntos)"),
    "totals_money": ("Totals (money)", "Totales (dinero)"),
    "no_hands": ("No hands yet.", "Todavía no hay manos."),
    "no_sessions": (
        "No sessions yet: start one with `scorer ledger new NAME --game G --players A,B`.",
        "Todavía no hay sesiones: empieza una con `scorer ledger new NOMBRE --game J "
        "--players A,B`.",
    ),
    "void": ("void", "anulada"),
    "replaced_by": ("replaced by #{seq}", "sustituida por la #{seq}"),
    "replaces": ("replaces #{seq}", "sustituye a la #{seq}"),
    "added": ("Hand {hand} added: {nets}", "Mano {hand} anotada: {nets}"),
    "replaced": (
        "Hand {old} replaced by {hand}: {nets}",
        "Mano {old} sustituida por la {hand}: {nets}",
    ),
    "voided": ("Hand {hand} voided: {reason}", "Mano {hand} anulada: {reason}"),
    "started": ("Session {session} started: {what}", "Sesión {session} empezada: {what}"),
    "imported": (
        "Session {session} imported: {n} hands",
        "Sesión {session} importada: {n} manos",
    ),
    "running": ("Running totals: {totals}", "Totales acumulados: {totals}"),
    "running_after": (
        "Running totals after {hand}: {totals}", "Totales acumulados tras la {hand}: {totals}"
    ),
    "payer": ("Payer", "Paga"),
    "payee": ("Payee", "Cobra"),
    "amount": ("Amount", "Cantidad"),
    "settle_title": ("Who pays whom — {what}", "Quién paga a quién — {what}"),
    "settled": ("Nobody owes anything.", "Nadie debe nada."),
    "checked": (
        "Checked: the {n} transfers reproduce every player's total and sum to zero.",
        "Comprobado: las {n} transferencias reproducen el total de cada jugador y suman cero.",
    ),
    "checked_one": (
        "Checked: the transfer reproduces every player's total and sums to zero.",
        "Comprobado: la transferencia reproduce el total de cada jugador y suma cero.",
    ),
    "by_name": (
        "The sessions' players differ ({groups}): settled by name across them.",
        "Los jugadores de las sesiones no coinciden ({groups}): se liquida por nombre.",
    ),
    "when": ("When", "Cuándo"),
    "action": ("Action", "Acción"),
    "target": ("Affects", "Afecta a"),
    "reason": ("Reason", "Motivo"),
    "detail": ("Detail", "Detalle"),
    "player": ("Player", "Jugador"),
    "stored": ("Stored", "Anotado"),
    "rescored": ("Re-scored", "Recalculado"),
    "points": ("points", "puntos"),
    "money": ("money", "dinero"),
    "rescore_title": ("Hand {hand}: {old} → {new}", "Mano {hand}: {old} → {new}"),
    "payments_old": ("Stored payments:", "Pagos anotados:"),
    "payments_new": ("Re-scored payments:", "Pagos recalculados:"),
    "pays": ("{payer} pays {payee}: {points} points = {money}",
             "{payer} paga a {payee}: {points} puntos = {money}"),
    "house": ("House rules kept: {rules}", "Reglas de la casa mantenidas: {rules}"),
    "not_saved": (
        "Not saved: add --save --reason \"...\" to replace the hand.",
        "No se ha guardado: añade --save --reason \"...\" para sustituir la mano.",
    ),
    "entry_head": (
        "Hand {hand} · entered {created} · scorer {version}",
        "Mano {hand} · anotada {created} · scorer {version}",
    ),
    "entry_void": ("Voided: {reason}", "Anulada: {reason}"),
    "entry_differs": (
        "Note: this scorer now scores the hand differently; the ledger keeps what was stored.",
        "Nota: este scorer puntúa hoy la mano de otra forma; el libro conserva lo anotado.",
    ),
    "new-session": ("new session", "nueva sesión"),
    "add": ("add", "anotar"),
    "replace": ("replace", "sustituir"),
    # -- problems (LedgerError keys): what was wrong, and that nothing changed -------------
    "err.no-sessions": (
        "no sessions yet: start one with `scorer ledger new NAME ...`",
        "todavía no hay sesiones: empieza una con `scorer ledger new NOMBRE ...`",
    ),
    "err.unknown-session": ("unknown session {name}", "no hay ninguna sesión {name}"),
    "err.unknown-session-close": (
        "unknown session {name}; did you mean {close}?",
        "no hay ninguna sesión {name}; ¿querías decir {close}?",
    ),
    "err.unknown-session-known": (
        "unknown session {name} (sessions: {known})",
        "no hay ninguna sesión {name} (sesiones: {known})",
    ),
    "err.no-ledger": (
        "no ledger at {path} yet: start one with `scorer ledger new`",
        "todavía no hay libro en {path}: empieza uno con `scorer ledger new`",
    ),
    "err.bad-ref": (
        "{ref} is not a hand: expected SESSION#N, e.g. friday#2 (or N with --session NAME)",
        "{ref} no es una mano: se espera SESIÓN#N, p. ej. friday#2 (o N con --session NOMBRE)",
    ),
    "err.ref-conflict": (
        "{ref} names session {named}, but --session says {given}",
        "{ref} nombra la sesión {named}, pero --session dice {given}",
    ),
    "err.which-session": (
        "hand {seq}: which session? The ledger has {n}: say {latest}#{seq} (the latest) "
        "or --session NAME; nothing was changed",
        "mano {seq}: ¿de qué sesión? El libro tiene {n}: di {latest}#{seq} (la última) "
        "o --session NOMBRE; no se ha cambiado nada",
    ),
    "err.no-hand": (
        "no hand {hand}: session {session} has hands #1 to #{last}",
        "no hay mano {hand}: la sesión {session} tiene las manos #1 a #{last}",
    ),
    "err.no-hands": (
        "no hand {hand}: session {session} has no hands yet",
        "no hay mano {hand}: la sesión {session} todavía no tiene manos",
    ),
    "err.already-void": (
        "hand {hand} is already voided ({reason})", "la mano {hand} ya está anulada ({reason})"
    ),
    "err.already-replaced": (
        "hand {hand} is already replaced by {by} ({reason})",
        "la mano {hand} ya está sustituida por la {by} ({reason})",
    ),
    "err.empty-reason": ("--reason must not be empty", "--reason no puede estar vacío"),
    "err.save-needs-reason": (
        '--save needs --reason "why the hand is re-scored"',
        '--save necesita --reason "por qué se recalcula la mano"',
    ),
    "err.other-game": (
        "a {game} hand cannot go in session {session} ({session_game})",
        "una mano de {game} no puede ir en la sesión {session} ({session_game})",
    ),
    "err.other-currency": (
        "the hand is in {currency}, session {session} in {session_currency}",
        "la mano está en {currency}, la sesión {session} en {session_currency}",
    ),
    "err.stranger": (
        "player {who} is not in session {session} ({players})",
        "el jugador {who} no está en la sesión {session} ({players})",
    ),
    "err.series-replace": (
        "{origin}: a hand is replaced by one hand, not a series",
        "{origin}: una mano se sustituye por una mano, no por una serie",
    ),
    "err.series-stored": (
        "hand {hand} is stored as a series; it cannot be re-scored",
        "la mano {hand} está anotada como serie; no se puede recalcular",
    ),
    "err.no-record": ("no record file at {path}", "no hay ningún registro en {path}"),
    "err.name-empty": (
        "the session name must not be empty", "el nombre de la sesión no puede estar vacío"
    ),
    "err.unknown-game": (
        "unknown game {game} (games: {games})", "juego desconocido {game} (juegos: {games})"
    ),
    "err.few-players": (
        "a session needs at least 2 players, got {n}",
        "una sesión necesita al menos 2 jugadores; hay {n}",
    ),
    "err.player-twice": (
        "player {who} listed more than once", "el jugador {who} aparece más de una vez"
    ),
    "err.player-count": (
        "{game} is played by {span} players{under}; --players gives {n} ({names}), so no hand "
        "could ever be added",
        "al {game} juegan {span} jugadores{under}; --players da {n} ({names}), así que nunca "
        "se podría anotar una mano",
    ),
    "err.stake": (
        "stake = {stake}; expected a number >= 0", "stake = {stake}; se espera un número >= 0"
    ),
    "err.unknown-preset": (
        "unknown {game} preset {preset} (presets: {presets})",
        "reglas de {game} desconocidas {preset} (reglas: {presets})",
    ),
    "err.session-exists": (
        "a session named {name} already exists", "ya existe una sesión llamada {name}"
    ),
    "err.unknown-format": (
        "unknown format {fmt}: expected csv or json",
        "formato desconocido {fmt}: se espera csv o json",
    ),
    "err.cannot-write": ("cannot write {path} ({why})", "no se puede escribir {path} ({why})"),
    "err.cannot-read": ("cannot read {path} ({why})", "no se puede leer {path} ({why})"),
    "err.not-export": (
        "{path}: not a JSON ledger export ({why})",
        "{path}: no es una exportación JSON del libro ({why})",
    ),
    # -- slips: a hand that scores but is probably not what was meant ----------------------
    "slip.no-cards": (
        "player {who} has no cards line (scored as an empty pile)",
        "el jugador {who} no tiene línea cards (se puntúa como un montón vacío)",
    ),
    "slip.fewer": (
        "the hand has {n} players ({names}), session {session} has {m} ({players})",
        "la mano tiene {n} jugadores ({names}), la sesión {session} tiene {m} ({players})",
    ),
    "slip.again": (
        "the same hand is already in the ledger as {hand} (entered {created})",
        "la misma mano ya está en el libro como {hand} (anotada {created})",
    ),
    "slips": (
        "{origin}: {slips}; nothing was added (--yes to add it anyway)",
        "{origin}: {slips}; no se ha anotado nada (--yes para anotarla de todos modos)",
    ),
}


def say(key: str, lang: str, **kwargs: Any) -> str:
    en, es = _CATALOG[key]
    text = es if lang == "es" else en
    if "{hand}" in text and "hand" not in kwargs and "session" in kwargs and "seq" in kwargs:
        kwargs["hand"] = f"{kwargs['session']}#{kwargs['seq']}"  # callers of old (the web page)
    return text.format(**kwargs) if kwargs else text


def problem(key: str, **params: Any) -> Any:
    """A LedgerError saying catalog entry ``key`` (English as its text)."""
    from scorer.ledger.db import LedgerError

    err = LedgerError(say(key, "en", **params))
    err.key, err.params = key, params
    return err


def problems(errors: list[Any]) -> Any:
    """One LedgerError for several problems (every problem reported at once)."""
    from scorer.ledger.db import LedgerError

    if len(errors) == 1:
        return errors[0]
    err = LedgerError("; ".join(str(e) for e in errors))
    err.parts = list(errors)
    return err


def message(err: BaseException, lang: str) -> str:
    """An error's one line in ``lang``: from the catalog when it carries an id."""
    if lang == "en":
        return str(err)
    parts = getattr(err, "parts", None)
    if parts:
        return "; ".join(message(e, lang) for e in parts)
    key = getattr(err, "key", None)
    if key in _CATALOG:
        params = {k: message(v, lang) if isinstance(v, BaseException) else v
                  for k, v in err.params.items()}  # type: ignore[attr-defined]
        return say(key, lang, **params)
    return str(err)


def known(key: str) -> bool:
    return key in _CATALOG
