"""The pages, as HTML strings: every value a user or a photo supplied goes through ``esc``.

The hand's explanation is the same records the terminal shows (:mod:`scorer.render.hand`),
laid out as HTML: one table a player (rule, cards, points), the dual-role choices, the
subtotal, bonuses, multipliers with reasons, the total, then each payment with its terms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from scorer.i18n import outcome, rule_name, say, t

if TYPE_CHECKING:
    from scorer.explain import HandResult, PlayerScore
    from scorer.games.base import Game, QuickOption
    from scorer.ledger.store import HandRow, Session
    from scorer.settle import Transfer
    from scorer.vision.pipeline import PhotoResult

# (English, Spanish) per text of the pages.
_TEXT: dict[str, tuple[str, str]] = {
    "title": ("Scorer", "Scorer"),
    "sessions": ("Sessions", "Sesiones"),
    "no_sessions": ("No sessions yet.", "Todavía no hay sesiones."),
    "new_session": ("Start a session", "Empezar una sesión"),
    "name": ("Name", "Nombre"),
    "game": ("Game", "Juego"),
    "players": ("Players, separated by commas", "Jugadores, separados por comas"),
    "preset": ("Rules", "Reglas"),
    "default": ("the game's default", "las del juego"),
    "stake": ("Stake (money per point)", "Apuesta (dinero por punto)"),
    "currency": ("Currency", "Moneda"),
    "start": ("Start", "Empezar"),
    "hands": ("hands", "manos"),
    "add_hand": ("Add a hand", "Anotar una mano"),
    "totals": ("Totals", "Totales"),
    "points": ("points", "puntos"),
    "money": ("money", "dinero"),
    "settle": ("Who pays whom", "Quién paga a quién"),
    "owes": ("{payer} pays {payee} {amount}", "{payer} paga a {payee} {amount}"),
    "nobody_owes": ("Nobody owes anything.", "Nadie debe nada."),
    "seats": ("Who is who", "Quién es quién"),
    "place": ("Place {n} ({flag})", "Lugar {n} ({flag})"),
    "photo": ("Photo", "Foto"),
    "typed": ("Cards typed (added to the photo's)", "Cartas escritas (se suman a las de la foto)"),
    "read": ("Read the photos", "Leer las fotos"),
    "score": ("Score", "Puntuar"),
    "add": ("Add to the ledger", "Anotar en el libro"),
    "grid_help": (
        "Tap a card to correct it; uncertain ones are outlined in red.",
        "Toca una carta para corregirla; las dudosas van en rojo.",
    ),
    "not_a_card": ("— not a card —", "— no es una carta —"),
    "uncertain": ("uncertain", "dudosa"),
    "cards_found": ("{n} recognised", "{n} reconocidas"),
    "hand_facts": ("The hand", "La mano"),
    "problems": ("Please fix:", "Corrige esto:"),
    "added": ("Hand #{seq} added.", "Mano #{seq} anotada."),
    "back": ("Back to the session", "Volver a la sesión"),
    "home": ("All sessions", "Todas las sesiones"),
    "switch": ("Español", "English"),
    "void": ("void", "anulada"),
    "explanation": ("Explanation", "Explicación"),
    "see": ("see", "ver"),
    "forbidden": (
        "This page needs the access code: scan the QR code the server printed.",
        "Esta página necesita el código de acceso: escanea el QR que mostró el servidor.",
    ),
    "not_found": ("Not found.", "No existe."),
    "session_of": ("{game} · rules {preset} · {stake} per point", "{game} · reglas {preset} · "
                   "{stake} por punto"),
    "yes": ("yes", "sí"),
    "none": ("—", "—"),
}


def tr(key: str, lang: str, **kwargs: Any) -> str:
    en, es = _TEXT[key]
    text = es if lang == "es" else en
    return text.format(**kwargs) if kwargs else text


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def page(title: str, body: str, lang: str, *, switch_url: str = "?lang=") -> str:
    other = "en" if lang == "es" else "es"
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<script src="/static/app.js" defer></script></head><body>'
        f'<header><a href="/">{esc(tr("title", lang))}</a>'
        f'<a class="lang" href="{esc(switch_url + other)}">{esc(tr("switch", lang))}</a>'
        f"</header><main>{body}</main></body></html>"
    )


def problems_box(problems: Sequence[str], lang: str) -> str:
    if not problems:
        return ""
    items = "".join(f"<li>{esc(p)}</li>" for p in problems)
    head = esc(tr("problems", lang))
    return f'<div class="problems" role="alert"><p>{head}</p><ul>{items}</ul></div>'


def money(value: Any, currency: str) -> str:
    from scorer.ledger.store import exact, show_money

    return f"{show_money(exact(value))} {currency}".strip()


# -- the index ----------------------------------------------------------------------------------
def index_page(
    sessions: Sequence[tuple[Session, int, str]],
    games: Sequence[Game],
    presets: Mapping[str, Sequence[str]],
    lang: str,
    problems: Sequence[str] = (),
    form: Mapping[str, str] | None = None,
) -> str:
    form = form or {}
    rows = "".join(
        f'<li><a href="/s/{esc(s.name)}">{esc(s.name)}</a> · {esc(s.game)} · '
        f'{esc(", ".join(s.players))} · {n} {esc(tr("hands", lang))}</li>'
        for s, n, _ in reversed(sessions)
    )
    empty = f"<p>{esc(tr('no_sessions', lang))}</p>"
    listing = f'<ul class="sessions">{rows}</ul>' if rows else empty
    game_opts = "".join(
        f'<option value="{esc(g.name)}"{" selected" if form.get("game") == g.name else ""}>'
        f"{esc(g.title or g.name)}</option>"
        for g in games
    )
    preset_opts = f'<option value="">{esc(tr("default", lang))}</option>' + "".join(
        f'<optgroup label="{esc(g)}">'
        + "".join(
            f'<option value="{esc(g)}:{esc(p)}"'
            f'{" selected" if form.get("preset") == f"{g}:{p}" else ""}>{esc(p)}</option>'
            for p in ps
        )
        + "</optgroup>"
        for g, ps in presets.items()
    )

    def field(key: str, label: str, kind: str = "text", extra: str = "") -> str:
        return (
            f'<label>{esc(label)}<input type="{kind}" name="{key}" '
            f'value="{esc(form.get(key, ""))}"{extra}></label>'
        )

    body = (
        f"<h1>{esc(tr('sessions', lang))}</h1>{listing}"
        f"<h2>{esc(tr('new_session', lang))}</h2>{problems_box(problems, lang)}"
        '<form method="post" action="/sessions" class="card">'
        + field("name", tr("name", lang), extra=" required")
        + f'<label>{esc(tr("game", lang))}<select name="game">{game_opts}</select></label>'
        + field("players", tr("players", lang), extra=' required placeholder="Ana, Bo"')
        + f'<label>{esc(tr("preset", lang))}<select name="preset">{preset_opts}</select></label>'
        + field("stake", tr("stake", lang), extra=' inputmode="decimal" placeholder="1"')
        + field("currency", tr("currency", lang))
        + f'<button type="submit">{esc(tr("start", lang))}</button></form>'
    )
    return page(tr("title", lang), body, lang)


# -- a session ----------------------------------------------------------------------------------
def session_page(
    s: Session,
    hands: Sequence[HandRow],
    transfers: Sequence[Transfer],
    lang: str,
    notice: str = "",
) -> str:
    head = "".join(f"<th>{esc(p)}</th>" for p in s.players)
    run = {p: 0 for p in s.players}
    rows = []
    for h in hands:
        if h.counts:
            for p, v in h.points.items():
                run[p] = run.get(p, 0) + v
        cells = "".join(
            f"<td>{h.points.get(p, 0):+d}<small> = {run.get(p, 0)}</small></td>" for p in s.players
        )
        mark = "" if h.counts else f' class="void" title="{esc(h.void_reason or "")}"'
        label = f"#{h.seq}" + ("" if h.counts else f" ({esc(tr('void', lang))})")
        rows.append(f'<tr{mark}><td><a href="/hands/{h.id}">{label}</a></td>{cells}</tr>')
    from scorer.ledger.store import totals

    points, cash = totals(hands)
    total_pts = "".join(f'<td class="total">{points.get(p, 0)}</td>' for p in s.players)
    total_money = "".join(
        f"<td>{esc(money(cash.get(p, 0), s.currency))}</td>" for p in s.players
    )
    table = (
        f'<table class="totals" id="totals"><thead><tr><th>#</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody><tfoot>"
        f'<tr><th>{esc(tr("points", lang))}</th>{total_pts}</tr>'
        f'<tr><th>{esc(tr("money", lang))}</th>{total_money}</tr></tfoot></table>'
    )
    if transfers:
        pays = "".join(
            "<li>"
            + esc(tr("owes", lang, payer=x.payer, payee=x.payee,
                     amount=money(x.amount, s.currency)))
            + "</li>"
            for x in transfers
        )
        settle = f'<ul class="settle">{pays}</ul>'
    else:
        settle = f"<p>{esc(tr('nobody_owes', lang))}</p>"
    what = tr("session_of", lang, game=s.game, preset=s.preset or tr("default", lang),
              stake=money(s.stake, s.currency))
    body = (
        (f'<p class="notice" role="status">{esc(notice)}</p>' if notice else "")
        + f"<h1>{esc(s.name)}</h1><p>{esc(what)}</p>"
        f'<p><a class="button" href="/s/{esc(s.name)}/add">{esc(tr("add_hand", lang))}</a></p>'
        f"<h2>{esc(tr('totals', lang))}</h2>{table}"
        f"<h2>{esc(tr('settle', lang))}</h2>{settle}"
        f'<p><a href="/">{esc(tr("home", lang))}</a></p>'
    )
    return page(s.name, body, lang)


# -- adding a hand ------------------------------------------------------------------------------
class Grid:
    """One pile field's recognised photo: the codes chosen per card and where each sat."""

    def __init__(
        self, key: str | None, codes: list[str], uncertain: list[bool], places: list[str],
        confidence: list[float],
    ) -> None:
        self.key = key
        self.codes = codes
        self.uncertain = uncertain
        self.places = places  # "row,group" per card (mahjong melds), kept across posts
        self.confidence = confidence

    @classmethod
    def from_result(cls, result: PhotoResult, key: str | None) -> Grid:
        return cls(
            key,
            [c.code for c in result.cards],
            [c.uncertain for c in result.cards],
            [f"{c.row},{c.group}" for c in result.cards],
            [round(float(c.confidence), 2) for c in result.cards],
        )


def _quick_field(opt: QuickOption, name: str, value: str, label: str) -> str:
    if opt.kind == "bool":
        checked = " checked" if value else ""
        return (
            f'<label class="check"><input type="checkbox" name="{esc(name)}" value="1"{checked}> '
            f"{esc(label)}</label>"
        )
    if opt.kind == "choice":
        default = "" if opt.default is None else str(opt.default)
        chosen = value or default
        opts = ("" if opt.default is not None else '<option value="">—</option>') + "".join(
            f'<option value="{esc(c)}"{" selected" if c == chosen else ""}>{esc(c)}</option>'
            for c in opt.choices
        )
        return f'<label>{esc(label)}<select name="{esc(name)}">{opts}</select></label>'
    kind = ' inputmode="numeric"' if opt.kind == "int" else ""
    shown = value if value or opt.default is None else str(opt.default)
    return (
        f'<label>{esc(label)}<input type="text" name="{esc(name)}" value="{esc(shown)}"'
        f"{kind}></label>"
    )


def _grid_html(name: str, grid: Grid, labels: Sequence[tuple[str, str]], lang: str) -> str:
    cells = []
    for j, (code, unsure) in enumerate(zip(grid.codes, grid.uncertain, strict=True)):
        opts = f'<option value="">{esc(tr("not_a_card", lang))}</option>' + "".join(
            f'<option value="{esc(v)}"{" selected" if v == code else ""}>{esc(text)}</option>'
            for v, text in labels
        )
        cls = "cell uncertain" if unsure else "cell"
        note = f' <em>{esc(tr("uncertain", lang))}</em>' if unsure else ""
        cells.append(
            f'<label class="{cls}"><span>#{j + 1} {grid.confidence[j]:.2f}{note}</span>'
            f'<select name="grid.{esc(name)}.{j}" data-cell="{j + 1}">{opts}</select>'
            f'<input type="hidden" name="place.{esc(name)}.{j}" value="{esc(grid.places[j])}">'
            "</label>"
        )
    img = (
        f'<img class="annotated" src="/photos/{esc(grid.key)}.jpg" alt="">'
        f'<input type="hidden" name="photokey.{esc(name)}" value="{esc(grid.key)}">'
        if grid.key
        else ""
    )
    return (
        f'<div class="grid-block">{img}<p>{esc(tr("cards_found", lang, n=len(grid.codes)))} · '
        f'{esc(tr("grid_help", lang))}</p><input type="hidden" name="gridn.{esc(name)}" '
        f'value="{len(grid.codes)}"><div class="grid">{"".join(cells)}</div></div>'
    )


def add_page(
    s: Session,
    game: Game,
    presets: Sequence[str],
    form: Mapping[str, str],
    grids: Mapping[str, Grid],
    labels: Sequence[tuple[str, str]] | None,
    lang: str,
    *,
    problems: Sequence[str] = (),
    explanation: str = "",
) -> str:
    from scorer.web.forms import field_names, is_pile, pile_fields

    n = len(s.players)
    piles = pile_fields(game, n)
    seat_labels = [f"{o.flag}" + (f" {int(name.rsplit('.', 1)[1]) + 1}" if o.repeat else "")
                   for o, name in piles]
    seats = ""
    if len(piles) == n:  # the form's piles are its players: say who sits where
        rows = []
        for i, flag in enumerate(seat_labels):
            chosen = form.get(f"seat.{i}", s.players[i])
            opts = "".join(
                f'<option{" selected" if p == chosen else ""}>{esc(p)}</option>'
                for p in s.players
            )
            rows.append(
                f'<label>{esc(tr("place", lang, n=i + 1, flag=flag))}'
                f'<select name="seat.{i}">{opts}</select></label>'
            )
        seats = f'<fieldset><legend>{esc(tr("seats", lang))}</legend>{"".join(rows)}</fieldset>'
    blocks = []
    for i, (opt, name) in enumerate(piles):
        who = form.get(f"seat.{i}", s.players[i]) if len(piles) == n else ""
        title = f"{seat_labels[i]}" + (f" — {who}" if who else "")
        photo = (
            f'<label class="photo">{esc(tr("photo", lang))}<input type="file" '
            f'name="photo.{esc(name)}" accept="image/*" capture="environment"></label>'
            if labels is not None
            else ""
        )
        grid = _grid_html(name, grids[name], labels or (), lang) if name in grids else ""
        blocks.append(
            f'<fieldset class="pile"><legend>{esc(title)}</legend><p class="help">'
            f"{esc(opt.help)}</p>{photo}{grid}"
            f'<label>{esc(tr("typed", lang))}<input type="text" name="{esc(name)}" '
            f'value="{esc(form.get(name, ""))}" autocomplete="off" autocapitalize="none">'
            "</label></fieldset>"
        )
    facts = []
    for opt in game.quick:
        if is_pile(opt):
            continue
        for k, name in enumerate(field_names(game, opt, n)):
            label = f"{opt.flag}{f' {k + 1}' if opt.repeat else ''}: {opt.help}"
            facts.append(_quick_field(opt, name, form.get(name, ""), label))
    chosen_preset = form.get("preset") or s.preset or game.default_preset
    preset_opts = "".join(
        f'<option{" selected" if p == chosen_preset else ""}>{esc(p)}</option>' for p in presets
    )
    facts.append(f'<label>{esc(tr("preset", lang))}<select name="preset">{preset_opts}</select>'
                 "</label>")
    buttons = (
        (f'<button name="action" value="read" class="secondary">{esc(tr("read", lang))}</button>'
         if labels is not None else "")
        + f'<button name="action" value="score">{esc(tr("score", lang))}</button>'
        + (f'<button name="action" value="add" id="add">{esc(tr("add", lang))}</button>'
           if explanation else "")
    )
    body = (
        f'<h1><a href="/s/{esc(s.name)}">{esc(s.name)}</a> · {esc(tr("add_hand", lang))}</h1>'
        + problems_box(problems, lang)
        + f'<form method="post" action="/s/{esc(s.name)}/add" enctype="multipart/form-data" '
        'id="hand">'
        + seats
        + "".join(blocks)
        + f'<fieldset><legend>{esc(tr("hand_facts", lang))}</legend>{"".join(facts)}</fieldset>'
        + (f'<section class="explanation"><h2>{esc(tr("explanation", lang))}</h2>'
           f"{explanation}</section>" if explanation else "")
        + f'<div class="buttons">{buttons}</div></form>'
    )
    return page(f"{s.name} · {tr('add_hand', lang)}", body, lang)


# -- a hand's explanation -----------------------------------------------------------------------
def _card(game: str, card_id: str) -> str:
    from scorer.games.base import find_game

    found = find_game(game)
    return found.card_label(card_id) if found is not None else card_id


def _player_html(result: HandResult, p: PlayerScore, lang: str) -> str:
    star = " ★" if result.winner == p.player else ""
    out = [f'<section class="player"><h3>{esc(p.player)}{star}</h3>']
    if p.lines:
        rows = "".join(
            f"<tr><td>{esc(rule_name(result.game, x.rule, lang))}"
            + (f" <small>[{esc(x.detail)}]</small>" if x.detail else "")
            + f'</td><td class="cards">{esc(" ".join(_card(result.game, c) for c in x.cards))}'
            f'</td><td class="num">{x.points}</td></tr>'
            for x in p.lines
        )
        out.append(
            f"<table><thead><tr><th>{esc(t('rule', lang))}</th><th>{esc(t('cards', lang))}</th>"
            f'<th class="num">{esc(t("points", lang))}</th></tr></thead><tbody>{rows}</tbody>'
            "</table>"
        )
    else:
        out.append(f'<p class="dim">{esc(t("no_score", lang))}</p>')
    items = []
    for c in p.choices:
        reason = say(c.key, c.args, c.reason, lang, result.game)
        role = say(f"word.{c.role}", (), c.role, lang, result.game)
        items.append(esc(t("choice", lang, card=_card(result.game, c.card), role=role,
                           reason=reason)))
    items.append(f"{esc(t('subtotal', lang))}: {p.subtotal}")
    for b in p.bonuses:
        sign = "+" if b.points >= 0 else ""
        detail = f" [{b.detail}]" if b.detail else ""
        items.append(esc(f"{sign}{b.points} {rule_name(result.game, b.rule, lang)}{detail}"))
    for m in p.multipliers:
        reason = say(m.rule, m.args, m.reason, lang, result.game)
        items.append(esc(f"x{m.factor} {rule_name(result.game, m.rule, lang)}: {reason}"))
    for m in result.multipliers:
        if m.against is None or not any(
            pay.payee == p.player and pay.payer == m.against for pay in result.payments
        ):
            continue
        reason = say(m.rule, m.args, m.reason, lang, result.game)
        who = t("against", lang, who=m.against)
        items.append(esc(f"x{m.factor} {rule_name(result.game, m.rule, lang)} ({who}): {reason}"))
    items.append(f'<strong class="player-total">{esc(t("total", lang))}: {p.total}</strong>')
    for note in p.notes:
        said = say(note.key, note.args, note.text, lang, result.game)
        items.append(f'<span class="dim">{esc(said)}</span>')
    out.append("<ul>" + "".join(f"<li>{x}</li>" for x in items) + "</ul></section>")
    return "".join(out)


def hand_html(result: HandResult, lang: str) -> str:
    """The explanation of one scored hand, the same records as ``scorer score`` prints."""
    from scorer.render.hand import format_money, payment_reasons  # the terminal's wording of terms

    said_outcome = outcome(result.outcome, lang)
    head = f"{result.game} · {result.preset} · {t('outcome', lang)}: {said_outcome}"
    if result.winner:
        head += f" · {t('winner', lang)}: {result.winner}"
    out = [f'<div class="hand"><p class="head">{esc(head)}</p>']
    out += [_player_html(result, p, lang) for p in result.players]
    if result.payments:
        pays = []
        for pay in result.payments:
            text = t("pays", lang, payer=pay.payer, payee=pay.payee, points=pay.points,
                     money=format_money(pay.money, result.currency))
            said = payment_reasons(result.game, pay, lang)
            pays.append(f"<li><strong>{esc(text)}</strong>"
                        + (f" ({esc('; '.join(said))})" if said else "") + "</li>")
        out.append(f'<ul class="payments">{"".join(pays)}</ul>')
    else:
        out.append(f"<p>{esc(t('no_payments', lang))}</p>")
    for note in result.notes:
        note_text = say(note.key, note.args, note.text, lang, result.game)
        out.append(f'<p class="dim">{esc(note_text)}</p>')
    out.append("</div>")
    return "".join(out)


def hand_page(entry: Mapping[str, Any], explanation: str, lang: str) -> str:
    from scorer.ledger.render import say as ledger_say

    head = ledger_say("entry_head", lang, seq=entry["seq"], session=entry["session"],
                      id=entry["id"], created=entry["created"][:19].replace("T", " "),
                      version=entry["engine_version"])
    void = ""
    if entry.get("void_reason") is not None:
        void = f'<p class="problems">{esc(tr("void", lang))}: {esc(entry["void_reason"])}</p>'
    body = (
        f"<h1>{esc(head)}</h1>{void}{explanation}"
        f'<p><a href="/s/{esc(entry["session"])}">{esc(tr("back", lang))}</a></p>'
    )
    return page(head, body, lang)


def message_page(title: str, text: str, lang: str) -> str:
    return page(title, f"<h1>{esc(title)}</h1><p>{esc(text)}</p>", lang)
