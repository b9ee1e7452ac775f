"""The pages, as HTML strings: every value a user or a photo supplied goes through ``esc``.

The hand's explanation is the same records the terminal shows (:mod:`scorer.render.hand`),
laid out as HTML: one table a player (rule, cards, points), the dual-role choices, the
subtotal, bonuses, multipliers with reasons, the total, then each payment with its terms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from scorer.i18n import t

if TYPE_CHECKING:
    from scorer.explain import HandResult
    from scorer.games.base import Game, QuickOption
    from scorer.ledger.store import HandRow, Session
    from scorer.settle import Transfer
    from scorer.vision.pipeline import PhotoResult

# The likeliest other codes offered beside an unsure card, one tap each.
ALTERNATIVES = 2


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
        f'<header><a href="/">{esc(t("web.title", lang))}</a>'
        f'<a class="lang" href="{esc(switch_url + other)}">{esc(t("web.switch", lang))}</a>'
        f"</header><main>{body}</main></body></html>"
    )


def problems_box(problems: Sequence[str], lang: str) -> str:
    if not problems:
        return ""
    items = "".join(f"<li>{esc(p)}</li>" for p in problems)
    head = esc(t("web.problems", lang))
    return f'<div class="problems" role="alert"><p>{head}</p><ul>{items}</ul></div>'


def money(value: Any, currency: str, lang: str = "en") -> str:
    """Money one way everywhere, as the explanation writes it: ``2,800 won`` (``2.800``)."""
    from scorer.ledger.store import exact
    from scorer.render.hand import format_money

    return format_money(exact(value), currency, lang)


def plural(n: int, key: str, lang: str) -> str:
    return t(f"web.{key}_1", lang) if n == 1 else t(f"web.{key}_n", lang, n=f"{n:,}")


def link(name: str, *rest: str) -> str:
    """The page of a session: its name percent-encoded, whatever characters it has."""
    from urllib.parse import quote

    return "/".join(["/s", quote(name, safe=""), *rest])


def card_text(game: Game, code: str, lang: str) -> str:
    """A grid option: the code a player types, then the card's name (``11b · paulownia
    bright``)."""
    from scorer.decks import get_deck

    short = game.card_label(code)
    by_id = getattr(get_deck(game.deck).module, "BY_ID", {})
    card = by_id.get(code) or next(
        (c for c in by_id.values() if getattr(c, "design", None) == code), None)
    if card is None:
        return short
    name = str(card.name(lang))
    copy = getattr(card, "copy", 0)
    if card.id != code and copy:  # a design (a junk card of either copy): no copy number
        name = name.removesuffix(f" {copy}")
        short = game.card_label(card.id).removesuffix(str(copy))
    return name if short == name else f"{short} · {name}"


def code_page(text: str, path: str, lang: str) -> str:
    """The 403 page: where the code is, and a box to type it."""
    from urllib.parse import quote

    body = (
        f"<h1>{esc(t('web.refused', lang))}</h1><p>{esc(text)}</p>"
        f'<form method="get" action="{esc(quote(path))}" class="card code">'
        f'<label>{esc(t("web.code", lang))}<input type="text" name="code" required '
        'autocomplete="off" autocapitalize="none" spellcheck="false" '
        'placeholder="abcd-efgh-jkmn"></label>'
        f'<button type="submit">{esc(t("web.enter", lang))}</button></form>'
    )
    return page(t("web.refused", lang), body, lang)


# -- the index ----------------------------------------------------------------------------------
def index_page(
    sessions: Sequence[tuple[Session, int, str]],
    games: Sequence[Game],
    presets: Mapping[str, Sequence[str]],
    lang: str,
    problems: Sequence[str] = (),
    form: Mapping[str, str] | None = None,
    *,
    csrf: str = "",
) -> str:
    form = form or {}
    titles = {g.name: game_title(g.name, lang) for g in games}
    rows = "".join(
        f'<li><a href="{esc(link(s.name))}">{esc(s.name)}</a> · '
        f'{esc(titles.get(s.game, s.game))} · {esc(", ".join(s.players))} · '
        f"{esc(plural(n, 'hand', lang))}</li>"
        for s, n, _ in reversed(sessions)
    )
    empty = f"<p>{esc(t('web.no_sessions', lang))}</p>"
    listing = f'<ul class="sessions">{rows}</ul>' if rows else empty
    chosen_game = form.get("game") or (games[0].name if games else "")
    game_opts = "".join(
        f'<option value="{esc(g.name)}"{" selected" if chosen_game == g.name else ""}>'
        f"{esc(titles[g.name])}</option>"
        for g in games
    )
    # Every game's presets, each group marked with its game: app.js shows only the chosen
    # game's; without it the server still refuses another game's rules, saying so.
    preset_opts = f'<option value="">{esc(t("web.default", lang))}</option>' + "".join(
        f'<optgroup label="{esc(titles.get(g, g))}" data-game="{esc(g)}"'
        f'{"" if g == chosen_game else " hidden disabled"}>'
        + "".join(
            f'<option value="{esc(g)}:{esc(p)}"'
            f'{" selected" if form.get("preset") == f"{g}:{p}" else ""}>'
            f"{esc(preset_words(g, p, lang))}</option>"
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
        f"<h1>{esc(t('web.sessions', lang))}</h1>{listing}"
        f"<h2>{esc(t('web.new_session', lang))}</h2>{problems_box(problems, lang)}"
        '<form method="post" action="/sessions" class="card">'
        + hidden_csrf(csrf)
        + field("name", t("web.name", lang), extra=' required maxlength="200"')
        + f'<label>{esc(t("game", lang))}<select name="game" id="game">{game_opts}</select>'
        "</label>"
        + field("players", t("web.players", lang), extra=' required placeholder="Ana, Bo"')
        + f'<label>{esc(t("preset", lang).capitalize())}<select name="preset" id="preset">'
        + preset_opts
        + "</select></label>"
        + field("stake", t("web.stake", lang), extra=' inputmode="decimal" placeholder="1"')
        + field("currency", t("web.currency", lang))
        + f'<button type="submit">{esc(t("web.start", lang))}</button></form>'
    )
    return page(t("web.title", lang), body, lang)


def hidden_csrf(token: str) -> str:
    return f'<input type="hidden" name="csrf" value="{esc(token)}">'


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
            f"<td>{h.points.get(p, 0):+,d}<small> = {run.get(p, 0):,}</small></td>"
            for p in s.players
        )
        mark = "" if h.counts else f' class="void" title="{esc(h.void_reason or "")}"'
        label = f"#{h.seq}" + ("" if h.counts else f" ({esc(t('void', lang))})")
        rows.append(f'<tr{mark}><td><a href="/hands/{h.id}">{label}</a></td>{cells}</tr>')
    from scorer.ledger.store import totals

    points, cash = totals(hands)
    total_pts = "".join(f'<td class="total">{points.get(p, 0):,}</td>' for p in s.players)
    total_money = "".join(
        f"<td>{esc(money(cash.get(p, 0), s.currency, lang))}</td>" for p in s.players
    )
    table = (
        f'<div class="scroll"><table class="totals" id="totals"><thead><tr><th>#</th>{head}'
        f"</tr></thead><tbody>{''.join(rows)}</tbody><tfoot>"
        f'<tr><th>{esc(t("points", lang))}</th>{total_pts}</tr>'
        f'<tr><th>{esc(t("money", lang))}</th>{total_money}</tr></tfoot></table></div>'
    )
    if transfers:
        pays = "".join(
            "<li>"
            + esc(t("web.owes", lang, payer=x.payer, payee=x.payee,
                     amount=money(x.amount, s.currency, lang)))
            + "</li>"
            for x in transfers
        )
        settle = f'<ul class="settle">{pays}</ul>'
    else:
        settle = f"<p>{esc(t('settled', lang))}</p>"
    what = t("web.session_of", lang, game=game_title(s.game, lang),
              preset=preset_words(s.game, s.preset, lang) if s.preset else t("web.default", lang),
              stake=money(s.stake, s.currency, lang))
    body = (
        (f'<p class="notice" role="status">{esc(notice)}</p>' if notice else "")
        + f"<h1>{esc(s.name)}</h1><p>{esc(what)}</p>"
        f'<p><a class="button" href="{esc(link(s.name, "add"))}">{esc(t("web.add_hand", lang))}'
        "</a></p>"
        f"<h2>{esc(t('web.totals', lang))}</h2>{table}"
        f"<h2>{esc(t('web.settle', lang))}</h2>{settle}"
        f'<p><a href="/">{esc(t("web.home", lang))}</a></p>'
    )
    return page(s.name, body, lang)


# -- adding a hand ------------------------------------------------------------------------------
class Grid:
    """One pile field's recognised photo: the codes chosen per card, whether the recogniser
    was unsure of each, where each sat, its next likeliest codes (one tap each) and why an
    unsure one is asked about whatever its reading (``pipeline.DOUBTS``)."""

    def __init__(
        self, key: str | None, codes: list[str], uncertain: list[bool], places: list[str],
        confidence: list[float], alternatives: list[list[str]] | None = None,
        doubts: list[str] | None = None,
    ) -> None:
        self.key = key
        self.codes = codes
        self.uncertain = uncertain  # kept across posts, so the unsure stay marked
        self.places = places  # "row,group" per card (mahjong melds), kept across posts
        self.confidence = confidence
        self.alternatives = alternatives or [[] for _ in codes]
        self.doubts = doubts or ["" for _ in codes]  # kept across posts with the unsure

    @classmethod
    def from_result(cls, result: PhotoResult, key: str | None) -> Grid:
        return cls(
            key,
            [c.code for c in result.cards],
            [c.uncertain for c in result.cards],
            [f"{c.row},{c.group}" for c in result.cards],
            [round(float(c.confidence), 2) for c in result.cards],
            [[code for code, _ in c.top[1:1 + ALTERNATIVES] if code != "back"]
             for c in result.cards],
            [c.doubt if c.uncertain else "" for c in result.cards],
        )


def seated(s: Session, game: Game, form: Mapping[str, str]) -> list[str]:
    """Who sits in each place of the form, as its seat menus say (session order at first)."""
    from scorer.web.forms import pile_fields

    n = len(s.players)
    if len(pile_fields(game, n)) != n:
        return list(s.players)
    return [form.get(f"seat.{i}", s.players[i]) for i in range(n)]


def _who_index(game: Game, opt: QuickOption, copy: int, players: int) -> int:
    """The seat an option's ``{who}`` is: a repeated option's copies follow the repeated
    piles (``--vs-gos`` after ``--vs``), a single one is the first place's (``--gos``)."""
    from scorer.web.forms import pile_options

    if opt.repeat:
        return sum(1 for o in pile_options(game) if not o.repeat) + copy
    singles = [o for o in pile_options(game) if not o.repeat]
    return next((i for i, o in enumerate(singles) if o.dest == opt.dest), 0)


def option_label(game: Game, opt: QuickOption, copy: int, players: int, lang: str,
                 names: Sequence[str], *, markup: bool = False) -> str:
    """An option's label in players' words, ``{who}`` its seated player (as a span that
    app.js renames when the seats change, with ``markup``)."""
    from scorer.web.words import said

    spoken = said(game.name, opt.dest)
    text = t(spoken.label, lang) if spoken else opt.help
    i = _who_index(game, opt, copy, players)
    who = names[i] if i < len(names) else ""
    if not markup:
        return text.replace("{who}", who)
    return esc(text).replace("{who}", f'<span data-seat="{i}">{esc(who)}</span>')


def pile_title(game: Game, s: Session, field: str, form: Mapping[str, str], lang: str) -> str:
    """The words of a pile field (``Cards Ana captured``), for its legend and problems."""
    from scorer.web.forms import pile_fields

    n = len(s.players)
    for opt, name in pile_fields(game, n):
        if name == field:
            copy = int(name.rsplit(".", 1)[1]) if opt.repeat else 0
            return option_label(game, opt, copy, n, lang, seated(s, game, form))
    return field


def _place_menu(game: Game, opt: QuickOption, name: str, value: str, label: str, n: int,
                names: Sequence[str], lang: str) -> str:
    from scorer.web.words import choice_words, places, shown_choices

    seats = places(game.name, n)
    default = "" if opt.default is None else str(opt.default)
    chosen = value or default
    none = choice_words(game.name, opt.dest, "", lang) or t("web.nobody", lang)
    opts = "" if opt.default is not None else f'<option value="">{esc(none)}</option>'
    for c in shown_choices(game.name, opt.choices, n):
        words = choice_words(game.name, opt.dest, c, lang)  # a wind of the round is a wind
        if words is None and c in seats:
            i = seats.index(c)
            text, extra = names[i], f' data-seat="{i}"'
        else:
            text, extra = words or c, ""
        opts += (f'<option value="{esc(c)}"{extra}{" selected" if c == chosen else ""}>'
                 f"{esc(text)}</option>")
    return f'<label>{label}<select name="{esc(name)}">{opts}</select></label>'


def _quick_field(game: Game, opt: QuickOption, name: str, value: str, label: str,
                 s: Session, names: Sequence[str], lang: str) -> str:
    """One fact of the hand as the control that fits it; ``label`` is already HTML."""
    from scorer.web.words import choice_words, places, said

    n = len(s.players)
    spoken = said(game.name, opt.dest)
    control = spoken.control if spoken else ""
    if opt.kind == "bool":
        checked = " checked" if value else ""
        return (f'<label class="check"><input type="checkbox" name="{esc(name)}" value="1"'
                f"{checked}> {label}</label>")
    if opt.kind == "choice":
        return _place_menu(game, opt, name, value, label, n, names, lang)
    if control == "player":
        opts = f'<option value="">{esc(t("web.nobody", lang))}</option>' + "".join(
            f'<option{" selected" if p == value else ""}>{esc(p)}</option>' for p in s.players)
        return f'<label>{label}<select name="{esc(name)}">{opts}</select></label>'
    if control == "who_choice" and spoken is not None and spoken.choices:
        seats = places(game.name, n)
        none = t(spoken.choices[""], lang) if "" in spoken.choices else "—"
        opts = f'<option value="">{esc(none)}</option>'
        for i, place in enumerate(seats):
            for kind in spoken.kinds:
                v = f"{place}:{kind}"
                words = choice_words(game.name, opt.dest, kind, lang) or kind
                opts += (f'<option value="{esc(v)}" data-seat="{i}" '
                         f'data-suffix="{esc(": " + words)}"{" selected" if v == value else ""}>'
                         f"{esc(names[i])}: {esc(words)}</option>")
        return f'<label>{label}<select name="{esc(name)}">{opts}</select></label>'
    if opt.kind == "int":
        top = f' max="{opt.high}"' if opt.high is not None else ""
        shown = value if value or opt.default is None else str(opt.default)
        return (f'<label>{label}<input type="number" name="{esc(name)}" value="{esc(shown)}" '
                f'min="0"{top} inputmode="numeric"></label>')
    kind = ' inputmode="decimal"' if opt.kind == "float" else ""
    shown = value if value or opt.default is None else str(opt.default)
    return (f'<label>{label}<input type="text" name="{esc(name)}" value="{esc(shown)}"'
            f"{kind}></label>")


def _each_field(game: Game, opt: QuickOption, name: str, label: str, value: str,
                lang: str) -> str:
    """One player's copy of an option the quick form asks of its first player only."""
    from scorer.web.words import choice_words

    if opt.kind == "choice":
        none = choice_words(game.name, opt.dest, "", lang) or t("web.nobody", lang)
        opts = f'<option value="">{esc(none)}</option>' + "".join(
            f'<option value="{esc(c)}"{" selected" if c == value else ""}>'
            f"{esc(choice_words(game.name, opt.dest, c, lang) or c)}</option>"
            for c in opt.choices)
        return f'<label>{label}<select name="{esc(name)}">{opts}</select></label>'
    top = f' max="{opt.high}"' if opt.high is not None else ""
    return (f'<label>{label}<input type="number" name="{esc(name)}" min="0"{top} '
            f'value="{esc(value or "0")}" inputmode="numeric"></label>')


def game_title(game: str, lang: str) -> str:
    """A game's name in ``lang`` (the registry's title is English)."""
    from scorer.games.base import find_game
    from scorer.i18n import has_message

    if has_message(f"web.game.{game}"):
        return t(f"web.game.{game}", lang)
    found = find_game(game)
    return found.title if found is not None and found.title else game


def preset_words(game: str, preset: str, lang: str) -> str:
    """A preset in a menu: its name and what it is (``bmja — the British association's
    rules: limit 1,000, one chow``)."""
    from scorer.i18n import has_message

    key = f"web.preset.{game}.{preset}"
    return f"{preset} — {t(key, lang)}" if has_message(key) else preset


def _grid_html(name: str, grid: Grid, labels: Sequence[tuple[str, str]], lang: str,
               deck: str | None = None) -> str:
    """The photo's cards as a list a phone can match: each card's own crop beside its menu,
    the unsure ones first and marked, their likeliest other readings one tap away; with the
    ``deck``, its own words (tiles or cards) and the cards chosen counted by kind, to check
    against the pile as it lies."""
    from scorer.decks import get_deck
    from scorer.vision.confirm import by_kind, doubt_words

    tiles = deck is not None and get_deck(deck).piece == "tile"
    found, help_key, none = (("tiles_found", "web.grid_help_tiles", "web.not_a_tile") if tiles
                             else ("cards_found", "web.grid_help_cards", "web.not_a_card"))
    words = dict(labels)
    cells = []
    order = sorted(range(len(grid.codes)), key=lambda j: (not grid.uncertain[j], j))
    for j in order:
        code, unsure = grid.codes[j], grid.uncertain[j]
        field = f"grid.{name}.{j}"
        opts = f'<option value="">{esc(t(none, lang))}</option>' + "".join(
            f'<option value="{esc(v)}"{" selected" if v == code else ""}>{esc(text)}</option>'
            for v, text in labels
        )
        because = doubt_words(grid.doubts[j], lang) if unsure else ""
        why = grid.doubts[j] if because else ""  # a value posted that no catalog says: dropped
        note = (f' <em>{esc(t("web.uncertain", lang))}'
                + (f" {esc(because)}" if because else "") + "</em>" if unsure else "")
        crop = (f'<img class="crop" src="/photos/{esc(grid.key)}/{j}.jpg" alt="#{j + 1}" '
                'loading="lazy">' if grid.key else "")
        picks = "".join(
            f'<button type="button" class="pick" data-pick="{esc(field)}" value="{esc(v)}">'
            f"{esc(words.get(v, v))}</button>"
            for v in grid.alternatives[j] if v != code and v in words
        ) if unsure else ""
        cells.append(
            f'<div class="cell{" uncertain" if unsure else ""}">{crop}<div class="choice">'
            f'<label><span>#{j + 1}{note}</span>'
            f'<select name="{esc(field)}" data-cell="{j + 1}">{opts}</select></label>'
            + (f'<div class="picks">{picks}</div>' if picks else "")
            + f'<input type="hidden" name="place.{esc(name)}.{j}" value="{esc(grid.places[j])}">'
            + (f'<input type="hidden" name="unsure.{esc(name)}.{j}" value="1">'
               f'<input type="hidden" name="alts.{esc(name)}.{j}" '
               f'value="{esc(" ".join(grid.alternatives[j]))}">' if unsure else "")
            + (f'<input type="hidden" name="doubt.{esc(name)}.{j}" value="{esc(why)}">'
               if why else "")
            + "</div></div>"
        )
    img = (
        f'<details class="whole"><summary>{esc(t("web.whole_photo", lang))}</summary>'
        f'<img class="annotated" src="/photos/{esc(grid.key)}.jpg" alt=""></details>'
        f'<input type="hidden" name="photokey.{esc(name)}" value="{esc(grid.key)}">'
        if grid.key
        else ""
    )
    kinds = by_kind(deck, grid.codes, lang) if deck else ""
    return (
        f'<div class="grid-block"><p>{esc(plural(len(grid.codes), found, lang))} · '
        + (f"{esc(kinds)} · " if kinds else "")
        + f'{esc(t(help_key, lang))}</p>{img}<input type="hidden" name="gridn.{esc(name)}" '
        f'value="{len(grid.codes)}"><div class="grid">{"".join(cells)}</div></div>'
    )


def _table_html(game: Game, piles: Sequence[tuple[QuickOption, str]], names: Sequence[str],
                form: Mapping[str, str], grids: Mapping[str, Grid],
                labels: Sequence[tuple[str, str]] | None, lang: str) -> str:
    """One photo of the whole table (issue 46): the photo with each pile's box, number and
    player, and for each pile a menu of the players (tap to give it to another) and its
    cards' grid."""
    key = form.get("tablekey", "")
    photo = (f'<img class="annotated" id="table-photo" src="/photos/{esc(key)}.jpg" '
             f'alt="{esc(t("web.table_photo", lang))}">'
             f'<input type="hidden" name="tablekey" value="{esc(key)}">' if key else "")
    blocks = []
    numbers = sorted(int(g[2:]) for g in grids if g.startswith("t.") and g[2:].isdigit())
    for k in numbers:
        name = f"t.{k}"
        chosen = form.get(f"tablepile.{name}", "")
        opts = "".join(
            f'<option value="{esc(field)}"{" selected" if field == chosen else ""}>'
            f"{esc(who)}</option>"
            for who, (_, field) in zip(names, piles, strict=False))
        blocks.append(
            f'<div class="table-pile" data-pile="{k}"><label>'
            f'{esc(t("web.table_pile", lang, n=k))}'
            f'<select name="tablepile.{esc(name)}" data-pile-player="{k}">{opts}</select>'
            f"</label>{_grid_html(name, grids[name], labels or (), lang, game.deck)}</div>")
    return (
        f'<fieldset class="table"><legend>{esc(t("web.table_photo", lang))}</legend>'
        f'<label class="photo">{esc(t("web.table_help", lang))}'
        '<input type="file" name="table" accept="image/*" capture="environment"></label>'
        f"{photo}{''.join(blocks)}</fieldset>"
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
    csrf: str = "",
) -> str:
    from scorer.decks import get_deck
    from scorer.web.forms import field_names, is_pile, pile_fields
    from scorer.web.words import places, said, seat_name

    n = len(s.players)
    piles = pile_fields(game, n)
    names = seated(s, game, form)
    deck = get_deck(game.deck)
    tiles = deck.piece == "tile"  # the page says tiles, not cards
    seats = ""
    if len(piles) == n:  # the form's piles are its players: say who sits where
        rows = []
        for i in range(n):
            opts = "".join(
                f'<option{" selected" if p == names[i] else ""}>{esc(p)}</option>'
                for p in s.players
            )
            rows.append(
                f'<label>{esc(seat_name(game.name, i, n, lang))}'
                f'<select name="seat.{i}" data-seat-select="{i}">{opts}</select></label>'
            )
        seats = f'<fieldset><legend>{esc(t("web.seats", lang))}</legend>{"".join(rows)}</fieldset>'
    blocks = [_table_html(game, piles, names, form, grids, labels, lang)
              if labels is not None and game.table_piles and len(piles) == n else ""]
    for opt, name in piles:
        spoken = said(game.name, opt.dest)
        example = t("web.example", lang, x=(spoken.example if spoken and spoken.example
                                            else deck.example))
        typed = "web.typed_tiles" if tiles else "web.typed"
        if labels is None:  # no photo button beside it: nothing to add the typed ones to
            typed += "_only"
        copy = int(name.rsplit(".", 1)[1]) if opt.repeat else 0
        title = option_label(game, opt, copy, n, lang, names, markup=True)
        photo = (
            f'<label class="photo">{esc(t("web.photo_tiles" if tiles else "web.photo", lang))}'
            f'<input type="file" name="photo.{esc(name)}" accept="image/*" '
            'capture="environment"></label>'
            if labels is not None
            else ""
        )
        grid = _grid_html(name, grids[name], labels or (), lang, game.deck) if name in grids \
            else ""
        blocks.append(
            f'<fieldset class="pile"><legend>{title}</legend>{photo}{grid}'
            f'<label>{esc(t(typed, lang))}<input type="text" '
            f'name="{esc(name)}" value="{esc(form.get(name, ""))}" placeholder="{esc(example)}" '
            'autocomplete="off" autocapitalize="none" spellcheck="false"></label></fieldset>'
        )
    facts = []
    for opt in game.quick:
        if is_pile(opt):
            continue
        spoken = said(game.name, opt.dest)
        if spoken is not None and spoken.control == "who_number":
            for i, place in enumerate(places(game.name, n)):
                label = esc(t(spoken.label, lang)).replace(
                    "{who}", f'<span data-seat="{i}">{esc(names[i])}</span>')
                key = f"w.{opt.dest}.{place}"
                top = f' max="{opt.high}"' if opt.high is not None else ""
                facts.append(f'<label>{label}<input type="number" name="{esc(key)}" min="0"{top} '
                             f'value="{esc(form.get(key, "0"))}" inputmode="numeric"></label>')
            continue
        if spoken is not None and spoken.control == "each_player":
            for i, place in enumerate(places(game.name, n)):
                label = esc(t(spoken.label, lang)).replace(
                    "{who}", f'<span data-seat="{i}">{esc(names[i])}</span>')
                facts.append(_each_field(game, opt, f"w.{opt.dest}.{place}", label,
                                         form.get(f"w.{opt.dest}.{place}", ""), lang))
            continue
        for k, field in enumerate(field_names(game, opt, n)):
            value = form.get(field, "")
            if opt.dest == "players" and not value:  # Hakka's seat order: the session's
                value = ", ".join(s.players)
            label = option_label(game, opt, k, n, lang, names, markup=True)
            facts.append(_quick_field(game, opt, field, value, label, s, names, lang))
    chosen_preset = form.get("preset") or s.preset or game.default_preset
    preset_opts = "".join(
        f'<option value="{esc(p)}"{" selected" if p == chosen_preset else ""}>'
        f"{esc(preset_words(game.name, p, lang))}</option>" for p in presets
    )
    facts.append(f'<label>{esc(t("preset", lang).capitalize())}<select name="preset">'
                 f"{preset_opts}</select></label>")
    buttons = (
        (f'<button name="action" value="read" class="secondary">{esc(t("web.read", lang))}</button>'
         if labels is not None else "")
        + f'<button name="action" value="score">{esc(t("web.score", lang))}</button>'
        + (f'<button name="action" value="add" id="add">{esc(t("web.add", lang))}</button>'
           if explanation else "")
    )
    body = (
        f'<h1><a href="{esc(link(s.name))}">{esc(s.name)}</a> · {esc(t("web.add_hand", lang))}'
        "</h1>"
        + problems_box(problems, lang)
        + f'<form method="post" action="{esc(link(s.name, "add"))}" '
        'enctype="multipart/form-data" id="hand">'
        + hidden_csrf(csrf)
        + seats
        + "".join(blocks)
        + f'<fieldset><legend>{esc(t("web.hand_facts", lang))}</legend>{"".join(facts)}</fieldset>'
        + (f'<section class="explanation"><h2>{esc(t("web.explanation", lang))}</h2>'
           f"{explanation}</section>" if explanation else "")
        + f'<div class="buttons">{buttons}</div></form>'
    )
    return page(f"{s.name} · {t('web.add_hand', lang)}", body, lang)


# -- a hand's explanation -----------------------------------------------------------------------
# A span's terminal style as the page's markup: the same emphasis, in the page's colours.
STYLE_TAGS = {"": ("", ""), "bold": ("<strong>", "</strong>"),
              "dim": ('<span class="dim">', "</span>"),
              "yellow": ('<span class="factor">', "</span>")}


def _spans(spans: Sequence[tuple[str, str]]) -> str:
    out = []
    for text, style in spans:
        start, end = STYLE_TAGS.get(style, ("", ""))
        out.append(f"{start}{esc(text)}{end}")
    return "".join(out)


def hand_html(result: HandResult, lang: str, *, months: str = "") -> str:
    """The explanation of one scored hand: the layout the terminal draws
    (:func:`scorer.render.hand.layout_hand`), drawn as HTML: one table a player, the lines
    under it, the payments, the notes."""
    from scorer.render.hand import layout_hand

    hand = layout_hand(result, lang, months=months)
    # the game and its rules in words, where the terminal prints their ids
    head = (f"{game_title(hand.game, lang)} · {preset_words(hand.game, hand.preset, lang)} · "
            f"{hand.verdict}")
    out = [f'<div class="hand">\n<p class="head">{esc(head)}</p>']
    rule, cards, points = (esc(c) for c in hand.columns)
    for p in hand.players:
        out.append(f'<section class="player">\n<h3>{esc(p.head[0])}</h3>')
        if p.rows:
            rows = "".join(
                f'<tr><td>{esc(name)}</td><td class="cards">{esc(shown)}</td>'
                f'<td class="num">{esc(n)}</td></tr>\n' for name, shown, n in p.rows)
            out.append(f'<table><thead><tr><th>{rule}</th><th>{cards}</th>'
                       f'<th class="num">{points}</th></tr></thead>\n<tbody>\n{rows}'
                       "</tbody></table>")
        out.append("<ul>\n" + "".join(f"<li>{_spans(line)}</li>\n" for line in p.lines)
                   + "</ul>\n</section>")
    out.append('<ul class="payments">\n'
               + "".join(f"<li>{_spans(line)}</li>\n" for line in hand.payments) + "</ul>")
    out += [f"<p>{_spans((note,))}</p>" for note in hand.notes]
    out.append("</div>")
    return "\n".join(out)


def hand_page(entry: Mapping[str, Any], explanation: str, lang: str) -> str:
    head = t("entry_head", lang, hand=f"{entry['session']}#{entry['seq']}", id=entry["id"],
             created=entry["created"][:19].replace("T", " "), version=entry["engine_version"])
    void = ""
    if entry.get("void_reason") is not None:
        void = f'<p class="problems">{esc(t("void", lang))}: {esc(entry["void_reason"])}</p>'
    body = (
        f"<h1>{esc(head)}</h1>{void}{explanation}"
        f'<p><a href="{esc(link(entry["session"]))}">{esc(t("web.back", lang))}</a></p>'
    )
    return page(head, body, lang)


def message_page(title: str, text: str, lang: str, *, back: str | None = None,
                 home: bool = False) -> str:
    from urllib.parse import quote

    more = (f'<p><a class="button" href="{esc(quote(back))}">{esc(t("web.back_page", lang))}</a>'
            "</p>" if back else "")
    if home:
        more += f'<p><a class="button" href="/">{esc(t("web.all_sessions", lang))}</a></p>'
    title = title.rstrip(".")
    return page(title, f"<h1>{esc(title)}</h1><p>{esc(text)}</p>{more}", lang)
