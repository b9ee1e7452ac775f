"""A scored hand for people: one line per rule with its cards, then multipliers and payments.

The same :class:`~scorer.explain.HandResult` is serialised by ``to_json()`` for ``--json``;
this module only decides how it reads in a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.explain import HandResult, Line, Payment, PlayerScore, SeriesResult, Term
from scorer.explain import detail as worded_detail
from scorer.i18n import has_message, native_name, outcome, rule_name, say, t
from scorer.render.money import format_money  # noqa: F401  (re-exported: pages, tests)
from scorer.render.text import Column, paint, table


def _card_label(game: str, card_id: str, months: str = "") -> str:
    """The game's short code for a card ('9a' in Go-Stop, '9a' or '8a' by month tradition);
    ``months``: the numbering the hand was typed in, where it is not the game's own."""
    if months:
        from scorer.decks.hanafuda import BY_ID

        card = BY_ID.get(card_id)
        if card is not None:
            return card.code(months)  # type: ignore[arg-type]
    from scorer.games.base import find_game

    found = find_game(game)
    return found.card_label(card_id) if found is not None else card_id


def line_detail(game: str, line: Line, lang: str) -> str:
    """A line's detail in ``lang``, from the game's catalog ("" for a line without one)."""
    return worded_detail(line, game, lang)


Span = tuple[str, str]  # (text, style): the style as :func:`paint` takes it, "" for plain


@dataclass(frozen=True)
class PlayerLayout:
    """One player's part of a hand: the heading, the table of rules (what scores, then
    what fell short of scoring), then each line under it as styled spans."""

    head: Span
    rows: tuple[tuple[str, str, str], ...]  # rule [detail], cards, points
    lines: tuple[tuple[Span, ...], ...]


@dataclass(frozen=True)
class HandLayout:
    """A scored hand laid out once, in one language: the terminal (:func:`render_hand`) and
    the web page (:func:`scorer.web.pages.hand_html`) only draw it."""

    game: str  # ids: the terminal shows them as typed, the page in its words
    preset: str
    verdict: str  # "Outcome: stop · Winner: Ana"
    columns: tuple[str, str, str]
    players: tuple[PlayerLayout, ...]
    payments: tuple[tuple[Span, ...], ...]  # each payment, the nets, or "no payments"
    notes: tuple[Span, ...]  # the hand's notes, then who deals next

    @property
    def head(self) -> str:
        return f"{self.game} · {self.preset} · {self.verdict}"


def _rows(
    result: HandResult, lines: tuple[Line, ...], lang: str, months: str
) -> tuple[tuple[str, str, str], ...]:
    rows = []
    for line in lines:
        name = rule_name(result.game, line.rule, lang)
        detail = line_detail(result.game, line, lang)
        if detail:
            name = f"{name} [{detail}]"
        cards = " ".join(_card_label(result.game, c, months) for c in line.cards)
        rows.append((name, cards, str(line.points)))
    return tuple(rows)


def _player_layout(result: HandResult, p: PlayerScore, lang: str, months: str) -> PlayerLayout:
    star = " ★" if result.winner == p.player else ""
    head = (f"{p.player}{star}", "bold green" if star else "bold")
    # what scores, then the categories held short of scoring
    rows = _rows(result, p.lines + p.unscored, lang, months) if p.lines or p.unscored else ()
    out: list[tuple[Span, ...]] = []
    if not p.lines:
        out.append(((t("no_score", lang), "dim"),))
    for c in p.choices:
        label = _card_label(result.game, c.card, months)
        reason = say(c.key, c.args, c.key, lang, result.game)
        role = say(f"word.{c.role}", (), c.role, lang, result.game)
        out.append(((t("choice", lang, card=label, role=role, reason=reason), "dim"),))
    out.append(((f"{t('subtotal', lang)}: {p.subtotal}", ""),))
    for b in p.bonuses:
        sign = "+" if b.points >= 0 else ""
        said = line_detail(result.game, b, lang)
        detail = f" [{said}]" if said else ""
        out.append(((f"{sign}{b.points} {rule_name(result.game, b.rule, lang)}{detail}", ""),))
    for m in p.multipliers:
        name = rule_name(result.game, m.rule, lang)
        reason = say(m.key or m.rule, m.args, m.rule, lang, result.game)
        out.append(((f"x{m.factor} {name}", "yellow"), (f": {reason}", "")))
    if p.total or result.winner in (None, p.player):  # a loser's 0 would read as a score
        out.append(((f"{t('total', lang)}: {p.total}", "bold"),))
    # Per-opponent factors multiply the total in one payment each (shown as its formula).
    # Every one is listed, also against a player someone else pays for (go-bak).
    for m in result.multipliers if result.winner == p.player else ():
        if m.against is None:
            continue
        name = rule_name(result.game, m.rule, lang)
        who = t("against", lang, who=m.against)
        reason = say(m.key or m.rule, m.args, m.rule, lang, result.game)
        out.append(((f"{who}: ", ""), (f"x{m.factor} {name}", "yellow"), (f": {reason}", "")))
    for note in p.notes:
        out.append(((say(note.key, note.args, note.key, lang, result.game), "dim"),))
    return PlayerLayout(head, rows, tuple(out))


def layout_hand(result: HandResult, lang: str = "en", *, months: str = "") -> HandLayout:
    """Lay a hand out: ``months``: the numbering its card codes were typed in (a hanafuda
    hand typed with ``--months``), shown in the tables the same way."""
    said_outcome = outcome(result.outcome, lang, result.game)
    verdict = f"{t('outcome', lang)}: {said_outcome}"
    if result.winner:
        verdict += f" · {t('winner', lang)}: {result.winner}"
    columns = (t("rule", lang), t("cards", lang), t("points", lang).capitalize())
    players = tuple(_player_layout(result, p, lang, months) for p in result.players)
    payments: list[tuple[Span, ...]] = []
    if result.payments:
        for pay in result.payments:
            payments.append(_pays_spans(result.game, pay, result.currency, lang, None))
        payments += [((x, ""),) for x in net_lines(result.payments, result.currency, lang)]
    else:
        payments.append(((t("no_payments", lang), ""),))
    notes = [(say(n.key, n.args, n.key, lang, result.game), "dim") for n in result.notes]
    dealer = result.next_hand.get("dealer")  # in an evening: who deals the next hand
    if isinstance(dealer, str) and dealer:
        notes.append((t("next_dealer", lang, who=dealer), ""))
    return HandLayout(result.game, result.preset, verdict, columns, players, tuple(payments),
                      tuple(notes))


def draw(spans: tuple[Span, ...], color: bool) -> str:
    return "".join(paint(text, style, color) for text, style in spans)


def _term(game: str, term: Term, lang: str) -> str | None:
    """One step of a payment's formula in ``lang``; None for the base points."""
    if term.op == "=":
        return None
    if term.op in ("+", "x"):
        return f"{rule_name(game, term.rule, lang, native=False)} {term.op}{term.value}"
    key = f"term.{term.rule}.{term.op}"
    fallback = rule_name(game, term.rule, lang, native=False)
    return say(key, term.args, fallback, lang, game) if term.args else fallback


def payment_reasons(game: str, pay: Payment, lang: str) -> list[str]:
    if not pay.terms:
        return [say(r.key, r.args, r.key, lang, game) for r in pay.reasons]
    return [x for x in (_term(game, t, lang) for t in pay.terms) if x is not None]


def term_label(game: str, rule: str, lang: str) -> str:
    """A rule's short name in a formula: the game's ``term.<rule>`` entry, else its native
    name (``gwang-bak``), else its name in ``lang``."""
    fallback = native_name(game, rule) or rule_name(game, rule, lang, native=False)
    return say(f"term.{rule}", (), fallback, lang, game)


def formula(game: str, pay: Payment, lang: str) -> tuple[str, list[str]] | None:
    """``(13 + 1 go) × 2 gwang-bak`` from a payment's terms, and the notes beside it.

    None when the payment has no terms or they do not give its points (then the renderer
    falls back to the reasons): a formula on screen must add up.
    """
    if not pay.terms:
        return None
    base: list[str] = []
    added: list[str] = []
    factors: list[str] = []
    notes: list[str] = []
    points = 0
    product = 1
    for term in pay.terms:
        if term.op == "=":
            label = "" if term.rule == "subtotal" else " " + term_label(game, term.rule, lang)
            base.append(f"{term.value}{label}")
            points += term.value
        elif term.op == "+":
            added.append(f"{term.value} {term_label(game, term.rule, lang)}")
            points += term.value
        elif term.op == "x":
            factors.append(f"× {term.value} {term_label(game, term.rule, lang)}")
            product *= term.value
        elif term.op == "note":
            notes.append(term_label(game, term.rule, lang))
        else:
            said = _term(game, term, lang)
            if said:
                notes.append(said)
    if points * product != pay.points or not base:
        return None
    head = " + ".join([*base, *added])
    if added and factors:
        head = f"({head})"
    return " ".join([head, *factors]), notes


def _pays_spans(
    game: str, pay: Payment, currency: str, lang: str, reasons: list[str] | None
) -> tuple[Span, ...]:
    """``Bo pays Ana: (13 + 1 go) × 2 gwang-bak = 28 points = 2,800 won``.

    ``reasons=None``: worded from the payment's terms; a list: those reasons, in brackets.
    """
    money = format_money(pay.money, currency, lang)
    worded = formula(game, pay, lang) if reasons is None else None
    if worded is not None:
        shown, notes = worded
        text = t("pays_formula", lang, payer=pay.payer, payee=pay.payee, formula=shown,
                 points=pay.points, money=money)
        return ((text, "bold"),) + (((f" ({'; '.join(notes)})", ""),) if notes else ())
    if reasons is None:
        reasons = payment_reasons(game, pay, lang)
    text = t("pays", lang, payer=pay.payer, payee=pay.payee, points=pay.points, money=money)
    return ((text, "bold"),) + (((f" ({'; '.join(reasons)})", ""),) if reasons else ())


def _pays_line(
    game: str, pay: Payment, currency: str, lang: str, color: bool, reasons: list[str] | None
) -> str:
    return draw(_pays_spans(game, pay, currency, lang, reasons), color)


def net_lines(
    payments: tuple[Payment, ...], currency: str, lang: str, stake: object = None
) -> list[str]:
    """The net per pair of players, when some pair has more than one payment."""
    pairs: dict[tuple[str, str], list[Payment]] = {}
    for pay in payments:
        a, b = sorted((pay.payer, pay.payee))
        pairs.setdefault((a, b), []).append(pay)
    if all(len(v) == 1 for v in pairs.values()):
        return []
    out = []
    for (a, b), pays in pairs.items():
        points = sum(p.points if p.payer == a else -p.points for p in pays)
        money = sum(p.money if p.payer == a else -p.money for p in pays)
        if points == 0 and money == 0:
            out.append(t("net_even", lang, a=a, b=b))
            continue
        payer, payee = (a, b) if points > 0 or (points == 0 and money > 0) else (b, a)
        shown = format_money(abs(money), currency, lang)  # type: ignore[arg-type]
        out.append(t("net", lang, payer=payer, payee=payee, points=abs(points), money=shown))
    return out


def render_hand(
    result: HandResult, lang: str = "en", *, color: bool = False, months: str = ""
) -> str:
    """A hand for people, in a terminal: its layout (:func:`layout_hand`) drawn as text."""
    hand = layout_hand(result, lang, months=months)
    out = [paint(hand.head, "bold", color), ""]
    cols = [
        Column(hand.columns[0]),
        Column(hand.columns[1], max_width=44, style="cyan"),
        Column(hand.columns[2], align="right", style="bold"),
    ]
    for p in hand.players:
        out.append(paint(*p.head, color))
        if p.rows:
            out.append(table(cols, [list(r) for r in p.rows], color=color, indent=2))
        out += ["  " + draw(line, color) for line in p.lines]
        out.append("")
    out += [draw(line, color) for line in hand.payments]
    out += [paint(text, style, color) for text, style in hand.notes]
    return "\n".join(out)


def render_series(
    series: SeriesResult, lang: str = "en", *, color: bool = False, months: str = ""
) -> str:
    """Each hand of a match or round in full, then the running totals and the settlement."""
    from scorer.games.base import find_game

    said = "hands" if series.kind == "series" else f"series.{series.kind}"  # a bare series
    kind = t(said, lang) if has_message(said) else series.kind
    game = find_game(series.game)
    count = game.series_count(series.hands) if game is not None else len(series.hands)
    out = [paint(f"{series.game} · {series.preset} · {kind}: {count}", "bold", color)]
    # a rule the record overrides is a note on every hand: said once, under the header
    shared = [n for n in series.hands[0].notes if n.key == "note.override"
              and all(n in h.notes for h in series.hands)] if series.hands else []
    out += [paint(say(n.key, n.args, n.key, lang, series.game), "dim", color) for n in shared]
    for i, hand in enumerate(series.hands, start=1):
        out += ["", paint(f"── {t('hand_n', lang, n=i)} ──", "bold", color)]
        own = hand._replace(notes=tuple(n for n in hand.notes if n not in shared))
        out.append(render_hand(own, lang, color=color, months=months))
    out += ["", paint(t("running_totals", lang), "bold", color)]
    names = [name for name, _ in series.totals[-1]] if series.totals else []
    cols = [Column("#", align="right")] + [Column(n, align="right") for n in names]
    rows = [
        [str(i)] + [str(dict(row).get(n, 0)) for n in names]
        for i, row in enumerate(series.totals, start=1)
    ]
    out.append(table(cols, rows, color=color, indent=2))
    out.append("")
    if series.payments:
        out += [
            _pays_line(series.game, p, series.currency, lang, color, [])
            for p in series.payments
        ]
    else:
        out.append(t("no_payments", lang))
    return "\n".join(out)


def render_compare(
    a: HandResult, b: HandResult, label_a: str, label_b: str, lang: str = "en",
    *, color: bool = False,
) -> str:
    """The same hand under two rule sets: each item that changes, then the net per player."""
    from scorer.compare import compare

    changes = compare(a, b)
    head = t("compare_title", lang, game=a.game, a=label_a, b=label_b, n=len(changes))
    out = [paint(head, "bold", color), ""]
    if not changes:
        out.append(t("compare_same", lang))
        return "\n".join(out)
    kinds = {"line": "rule", "bonus": "rule", "multiplier": "rule"}
    rows = []
    for c in changes:
        if c.kind in kinds:
            item = rule_name(a.game, c.item, lang)
        elif c.kind == "payment":
            payer, _, payee = c.item.partition("->")
            item = t("payment_item", lang, payer=payer, payee=payee)
        else:
            item = t(c.kind if c.kind != "outcome" else c.item, lang)
        shown = ["—" if v is None else (f"x{v}" if c.kind == "multiplier" else str(v))
                 for v in (c.a, c.b)]
        rows.append([c.player or "", item, *shown])
    cols = [
        Column(t("player", lang), style="bold"),
        Column(t("item", lang), max_width=48),
        Column(label_a, align="right"),
        Column(label_b, align="right", style="bold"),
    ]
    out.append(table(cols, rows, color=color, indent=2))
    out.append("")
    ba, bb = a.balances(), b.balances()
    for name in ba:
        if ba[name] != bb.get(name, 0):
            out.append(t("compare_net", lang, who=name, a=ba[name], b=bb.get(name, 0)))
    return "\n".join(out)
