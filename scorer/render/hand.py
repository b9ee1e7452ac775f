"""A scored hand for people: one line per rule with its cards, then multipliers and payments.

The same :class:`~scorer.explain.HandResult` is serialised by ``to_json()`` for ``--json``;
this module only decides how it reads in a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.explain import HandResult, Line, PlayerScore
from scorer.i18n import outcome, rule_name, say, t
from scorer.render.text import Column, paint, table

if TYPE_CHECKING:
    from fractions import Fraction


def _card_label(game: str, card_id: str, months: str) -> str:
    """Short, tradition-aware code for hanafuda ('9a'), the id elsewhere."""
    if game in ("gostop", "koikoi", "hanafuda"):
        from scorer.decks.hanafuda import BY_ID

        card = BY_ID.get(card_id)
        if card is not None:
            return card.code(months)  # type: ignore[arg-type]
    return card_id


def format_money(amount: int | float | Fraction, currency: str = "") -> str:
    if not isinstance(amount, int | float):  # a Fraction
        amount = int(amount) if amount.denominator == 1 else float(amount)
    if isinstance(amount, float):
        text = f"{amount:.2f}".rstrip("0").rstrip(".")
    else:
        text = str(amount)
    return f"{text} {currency}".strip()


def _lines_table(
    result: HandResult, lines: tuple[Line, ...], lang: str, months: str, color: bool
) -> str:
    cols = [
        Column(t("rule", lang)),
        Column(t("cards", lang), max_width=44, style="cyan"),
        Column(t("points", lang), align="right", style="bold"),
    ]
    rows = []
    for line in lines:
        name = rule_name(result.game, line.rule, lang)
        if line.detail:
            name = f"{name} [{line.detail}]"
        cards = " ".join(_card_label(result.game, c, months) for c in line.cards)
        rows.append([name, cards, str(line.points)])
    return table(cols, rows, color=color, indent=2)


def _player(result: HandResult, p: PlayerScore, lang: str, months: str, color: bool) -> list[str]:
    star = " ★" if result.winner == p.player else ""
    out = [paint(f"{p.player}{star}", "bold green" if star else "bold", color)]
    if p.lines:
        out.append(_lines_table(result, p.lines, lang, months, color))
    else:
        out.append("  " + paint(t("no_score", lang), "dim", color))
    for c in p.choices:
        label = _card_label(result.game, c.card, months)
        reason = say(c.key, c.args, c.reason, lang)
        role = {"junk": "sangre"}.get(c.role, c.role) if lang == "es" else c.role
        text = t("choice", lang, card=label, role=role, reason=reason)
        out.append("  " + paint(text, "dim", color))
    out.append(f"  {t('subtotal', lang)}: {p.subtotal}")
    for b in p.bonuses:
        sign = "+" if b.points >= 0 else ""
        detail = f" [{b.detail}]" if b.detail else ""
        out.append(f"  {sign}{b.points} {rule_name(result.game, b.rule, lang)}{detail}")
    for m in p.multipliers:
        name = rule_name(result.game, m.rule, lang)
        reason = say(m.rule, m.args, m.reason, lang)
        out.append("  " + paint(f"x{m.factor} {name}", "yellow", color) + f": {reason}")
    for m in result.multipliers:
        if m.against is None:
            continue
        if not any(pay.payee == p.player and pay.payer == m.against for pay in result.payments):
            continue
        name = rule_name(result.game, m.rule, lang)
        who = t("against", lang, who=m.against)
        reason = say(m.rule, m.args, m.reason, lang)
        out.append("  " + paint(f"x{m.factor} {name}", "yellow", color) + f" ({who}): {reason}")
    out.append("  " + paint(f"{t('total', lang)}: {p.total}", "bold", color))
    for note in p.notes:
        out.append("  " + paint(say(note.key, note.args, note.text, lang), "dim", color))
    return out


def _payment_reason(game: str, reason: str, lang: str) -> str:
    """Payment reasons are '<rule id> +N' / '<rule id> xN' terms: name the rule in ``lang``."""
    rule, _, amount = reason.rpartition(" ")
    if rule and amount[:1] in "+x" and amount[1:].isdigit():
        return f"{rule_name(game, rule, lang, native=False)} {amount}"
    if lang == "es" and reason.startswith("go-bak: ") and " pays for " in reason:
        payer, _, other = reason[len("go-bak: ") :].partition(" pays for ")
        return f"go-bak: {payer} paga por {other}"
    return reason


def render_hand(result: HandResult, lang: str = "en", *, color: bool = False) -> str:
    months = str(result.rules.get("months", "kr"))
    head = (
        f"{result.game} · {result.preset} · {t('outcome', lang)}: {outcome(result.outcome, lang)}"
    )
    if result.winner:
        head += f" · {t('winner', lang)}: {result.winner}"
    out = [paint(head, "bold", color), ""]
    for p in result.players:
        out += _player(result, p, lang, months, color)
        out.append("")
    if result.payments:
        for pay in result.payments:
            text = t(
                "pays",
                lang,
                payer=pay.payer,
                payee=pay.payee,
                points=pay.points,
                money=format_money(pay.money, result.currency),
            )
            said = [_payment_reason(result.game, r, lang) for r in pay.reasons]
            reasons = f" ({'; '.join(said)})" if said else ""
            out.append(paint(text, "bold", color) + reasons)
    else:
        out.append(t("no_payments", lang))
    for note in result.notes:
        out.append(paint(say(note.key, note.args, note.text, lang), "dim", color))
    return "\n".join(out)
