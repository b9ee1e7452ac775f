"""The ledger for people: running totals, settlements, the audit trail, in English or Spanish.

Tables use :func:`scorer.render.text.table` (not rich): ``scorer ledger show`` must start
fast. Every name a user typed goes through :func:`clean`, so a control character in a
player's name shows as ``\\x1b`` instead of moving the cursor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorer.i18n import has_message, t
from scorer.ledger.store import HandRow, Session
from scorer.render.money import format_money
from scorer.render.text import Column, paint, table

if TYPE_CHECKING:
    from fractions import Fraction

    from scorer.settle import Transfer

def clean(text: str) -> str:
    """A user's text with control characters escaped (``\\x1b``, ``\\n``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def money(value: int | Fraction, currency: str, lang: str = "en") -> str:
    """As the scoring output writes money: ``2,600 pesos`` (``2.600 pesos`` in Spanish)."""
    return format_money(value, clean(currency), lang)


def hand_ref(session: str, seq: int | str) -> str:
    """A hand as the user types it: ``friday#2``."""
    return f"{clean(session)}#{seq}"


def signed(value: int) -> str:
    return f"{value:+d}"


def nets_line(
    points: Mapping[str, int], cash: Mapping[str, Any], currency: str, lang: str = "en"
) -> str:
    parts = []
    for p, v in points.items():
        m = cash.get(p, 0)
        extra = f" ({money(m, currency, lang)})" if m != v else ""
        parts.append(f"{clean(p)} {signed(v)}{extra}")
    return ", ".join(parts)


def session_what(s: Session, lang: str) -> str:
    stake = f"{t('stake', lang)} {money(s.stake, s.currency, lang)} {t('per_point', lang)}"
    what = f"{s.game} · {', '.join(clean(p) for p in s.players)} · {stake}"
    if s.preset:
        what += f" · {s.preset}"
    return what


def render_show(
    s: Session, hands: Sequence[HandRow], lang: str, *, color: bool = False
) -> str:
    """Running totals per player after each hand; voided hands listed, not counted."""
    title = f"{t('session', lang)} {clean(s.name)} · {session_what(s, lang)}"
    if not hands:
        return paint(title, "bold", color) + "\n" + t("no_hands", lang)
    seq_of = {h.id: h.seq for h in hands}
    run = {p: 0 for p in s.players}
    cash: dict[str, Any] = {p: 0 for p in s.players}
    rows = []
    for h in hands:
        notes = []
        if h.replaces is not None:
            notes.append(t("replaces", lang, seq=seq_of.get(h.replaces, "?")))
        if h.counts:
            for p, v in h.points.items():
                run[p] = run.get(p, 0) + v
            for p, m in h.money.items():
                cash[p] = cash.get(p, 0) + m
        elif h.void_by is not None:
            notes.append(t("replaced_by", lang, seq=seq_of.get(h.void_by, "?")))
        else:
            notes.append(f"{t('void', lang)}: {clean(h.void_reason or '')}")
        mark = "" if h.counts else " ✗"
        cells = [f"#{h.seq}{mark}", h.preset]
        cells += [
            (f"{run[p]} ({signed(h.points[p])})" if p in h.points else str(run[p]))
            if h.counts
            else "—"
            for p in s.players
        ]
        rows.append([*cells, "; ".join(notes)])
    cols = [
        Column(t("hand", lang), style="bold"),
        Column(t("preset", lang).capitalize()),
        *(Column(clean(p), align="right") for p in s.players),
        Column(t("note", lang), max_width=40, style="dim"),
    ]
    out = [table(cols, rows, color=color, title=title)]
    out.append("")
    out.append(
        f"{t('totals_points', lang)}: "
        + " · ".join(f"{clean(p)} {run[p]}" for p in s.players)
    )
    out.append(
        f"{t('totals_money', lang)}: "
        + " · ".join(f"{clean(p)} {money(cash[p], s.currency, lang)}" for p in s.players)
    )
    return "\n".join(out)


def render_list(sessions: Sequence[tuple[Session, int, str]], lang: str, color: bool) -> str:
    if not sessions:
        return t("no_sessions", lang)
    cols = [
        Column(t("session", lang), style="bold"),
        Column(t("game", lang)),
        Column(t("players", lang), max_width=40),
        Column(t("hands", lang).capitalize(), align="right"),
        Column(t("last", lang), style="dim"),
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
    out = [paint(t("settle_title", lang, what=what), "bold", color)]
    if note:
        out.append(note)
    if not transfers:
        out.append(t("settled", lang))
        return "\n".join(out)
    cols = [
        Column(t("payer", lang), style="bold"),
        Column(t("payee", lang), style="bold"),
        Column(t("amount", lang), align="right", style="green"),
    ]
    rows = [
        [clean(t.payer), clean(t.payee), money(_int(t.amount), currency, lang)] for t in transfers
    ]
    out.append(table(cols, rows, color=color, indent=2))
    out.append(t("checked_one", lang) if len(transfers) == 1
               else t("checked", lang, n=len(transfers)))
    return "\n".join(out)


def _int(value: int | Fraction) -> int | Fraction:
    if isinstance(value, int):
        return value
    return int(value) if value.denominator == 1 else value


def render_log(entries: Sequence[Mapping[str, Any]], lang: str, color: bool) -> str:
    cols = [
        Column(t("when", lang), style="dim"),
        Column(t("session", lang)),
        Column(t("action", lang), style="bold"),
        Column(t("hand", lang), align="right"),
        Column(t("target", lang), align="right"),
        Column(t("reason", lang), max_width=30),
        Column(t("detail", lang), max_width=40, style="dim"),
    ]
    rows = []
    for e in entries:
        action = e["action"]
        label = t(action, lang) if has_message(action) else action
        if action == "void":
            label = t("void", lang)
        rows.append(
            [
                str(e["created"])[:19].replace("T", " "),
                clean(e["session"]),
                label,
                f"#{e['seq']}" if e["hand"] else "",
                f"#{e['target_seq']}" if e["target"] else "",
                clean(e["reason"]),
                clean(e["detail"]),
            ]
        )
    return table(cols, rows, color=color)
