"""The ledger for people: running totals, settlements, the audit trail, in English or Spanish.

Tables use :func:`scorer.render.text.table` (not rich): ``scorer ledger show`` must start
fast. Every name a user typed goes through :func:`clean`, so a control character in a
player's name shows as ``\\x1b`` instead of moving the cursor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer._typing import TYPE_CHECKING, Any
from scorer.ledger.store import HandRow, Session, show_money
from scorer.render.text import Column, paint, table

if TYPE_CHECKING:
    from fractions import Fraction

    from scorer.settle import Transfer

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
    "added": (
        "Hand #{seq} added to {session} (id {id}): {nets}",
        "Mano #{seq} anotada en {session} (id {id}): {nets}",
    ),
    "replaced": (
        "Hand #{old} replaced by hand #{seq} (id {id}): {nets}",
        "Mano #{old} sustituida por la mano #{seq} (id {id}): {nets}",
    ),
    "voided": ("Hand #{seq} voided: {reason}", "Mano #{seq} anulada: {reason}"),
    "started": ("Session {session} started: {what}", "Sesión {session} empezada: {what}"),
    "imported": (
        "Session {session} imported: {n} hands",
        "Sesión {session} importada: {n} manos",
    ),
    "running": ("Running totals: {totals}", "Totales acumulados: {totals}"),
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
    "rescore_title": (
        "Hand #{seq} of {session}: {old} → {new}",
        "Mano #{seq} de {session}: {old} → {new}",
    ),
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
        "Hand #{seq} of {session} (id {id}) · entered {created} · scorer {version}",
        "Mano #{seq} de {session} (id {id}) · anotada {created} · scorer {version}",
    ),
    "entry_void": ("Voided: {reason}", "Anulada: {reason}"),
    "entry_differs": (
        "Note: this scorer now scores the hand differently; the ledger keeps what was stored.",
        "Nota: este scorer puntúa hoy la mano de otra forma; el libro conserva lo anotado.",
    ),
    "new-session": ("new session", "nueva sesión"),
    "add": ("add", "anotar"),
    "replace": ("replace", "sustituir"),
}


def say(key: str, lang: str, **kwargs: Any) -> str:
    en, es = _CATALOG[key]
    text = es if lang == "es" else en
    return text.format(**kwargs) if kwargs else text


def clean(text: str) -> str:
    """A user's text with control characters escaped (``\\x1b``, ``\\n``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def money(value: int | Fraction, currency: str) -> str:
    return f"{show_money(value)} {clean(currency)}".strip()


def signed(value: int) -> str:
    return f"{value:+d}"


def nets_line(points: Mapping[str, int], cash: Mapping[str, Any], currency: str) -> str:
    parts = []
    for p, v in points.items():
        m = cash.get(p, 0)
        extra = f" ({money(m, currency)})" if m != v else ""
        parts.append(f"{clean(p)} {signed(v)}{extra}")
    return ", ".join(parts)


def session_what(s: Session, lang: str) -> str:
    stake = f"{say('stake', lang)} {money(s.stake, s.currency)} {say('per_point', lang)}"
    what = f"{s.game} · {', '.join(clean(p) for p in s.players)} · {stake}"
    if s.preset:
        what += f" · {s.preset}"
    return what


def render_show(
    s: Session, hands: Sequence[HandRow], lang: str, *, color: bool = False
) -> str:
    """Running totals per player after each hand; voided hands listed, not counted."""
    title = f"{say('session', lang)} {clean(s.name)} · {session_what(s, lang)}"
    if not hands:
        return paint(title, "bold", color) + "\n" + say("no_hands", lang)
    seq_of = {h.id: h.seq for h in hands}
    run = {p: 0 for p in s.players}
    cash: dict[str, Any] = {p: 0 for p in s.players}
    rows = []
    for h in hands:
        notes = []
        if h.replaces is not None:
            notes.append(say("replaces", lang, seq=seq_of.get(h.replaces, "?")))
        if h.counts:
            for p, v in h.points.items():
                run[p] = run.get(p, 0) + v
            for p, m in h.money.items():
                cash[p] = cash.get(p, 0) + m
        elif h.void_by is not None:
            notes.append(say("replaced_by", lang, seq=seq_of.get(h.void_by, "?")))
        else:
            notes.append(f"{say('void', lang)}: {clean(h.void_reason or '')}")
        mark = "" if h.counts else " ✗"
        cells = [f"#{h.seq}{mark}", str(h.id), h.preset]
        cells += [
            (f"{run[p]} ({signed(h.points[p])})" if p in h.points else str(run[p]))
            if h.counts
            else "—"
            for p in s.players
        ]
        rows.append([*cells, "; ".join(notes)])
    cols = [
        Column(say("hand", lang), style="bold"),
        Column("id", align="right", style="dim"),
        Column(say("preset", lang)),
        *(Column(clean(p), align="right") for p in s.players),
        Column(say("note", lang), max_width=40, style="dim"),
    ]
    out = [table(cols, rows, color=color, title=title)]
    out.append("")
    out.append(
        f"{say('totals_points', lang)}: "
        + " · ".join(f"{clean(p)} {run[p]}" for p in s.players)
    )
    from scorer.ledger.store import money_sum

    out.append(
        f"{say('totals_money', lang)}: "
        + " · ".join(f"{clean(p)} {money(money_sum([cash[p]]), s.currency)}" for p in s.players)
    )
    return "\n".join(out)


def render_list(sessions: Sequence[tuple[Session, int, str]], lang: str, color: bool) -> str:
    if not sessions:
        return say("no_sessions", lang)
    cols = [
        Column(say("session", lang), style="bold"),
        Column(say("game", lang)),
        Column(say("players", lang), max_width=40),
        Column(say("hands", lang).capitalize(), align="right"),
        Column(say("last", lang), style="dim"),
    ]
    rows = [
        [clean(s.name), s.game, ", ".join(clean(p) for p in s.players), str(n), last[:16]]
        for s, n, last in sessions
    ]
    return table(cols, rows, color=color)


def render_settle(
    what: str,
    transfers: Sequence[Transfer],
    currency: str,
    lang: str,
    color: bool,
    note: str = "",
) -> str:
    out = [paint(say("settle_title", lang, what=what), "bold", color)]
    if note:
        out.append(note)
    if not transfers:
        out.append(say("settled", lang))
        return "\n".join(out)
    cols = [
        Column(say("payer", lang), style="bold"),
        Column(say("payee", lang), style="bold"),
        Column(say("amount", lang), align="right", style="green"),
    ]
    rows = [[clean(t.payer), clean(t.payee), money(_int(t.amount), currency)] for t in transfers]
    out.append(table(cols, rows, color=color, indent=2))
    out.append(say("checked_one", lang) if len(transfers) == 1
               else say("checked", lang, n=len(transfers)))
    return "\n".join(out)


def _int(value: int | Fraction) -> int | Fraction:
    if isinstance(value, int):
        return value
    return int(value) if value.denominator == 1 else value


def render_log(entries: Sequence[Mapping[str, Any]], lang: str, color: bool) -> str:
    cols = [
        Column(say("when", lang), style="dim"),
        Column(say("session", lang)),
        Column(say("action", lang), style="bold"),
        Column(say("hand", lang), align="right"),
        Column(say("target", lang), align="right"),
        Column(say("reason", lang), max_width=30),
        Column(say("detail", lang), max_width=40, style="dim"),
    ]
    rows = []
    for e in entries:
        action = e["action"]
        label = say(action, lang) if action in _CATALOG else action
        if action == "void":
            label = say("void", lang)
        rows.append(
            [
                str(e["created"])[:19].replace("T", " "),
                clean(e["session"]),
                label,
                f"#{e['seq']} (id {e['hand']})" if e["hand"] else "",
                f"#{e['target_seq']} (id {e['target']})" if e["target"] else "",
                clean(e["reason"]),
                clean(e["detail"]),
            ]
        )
    return table(cols, rows, color=color)
