"""`scorer cards`: each deck as data (for JSON) and as a table (for people)."""

from __future__ import annotations

from typing import Any

from scorer.i18n import t
from scorer.render.text import Column, table

GAMES = ("hanafuda", "mahjong", "hakka")


def deck_records(game: str, lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
    if game == "hanafuda":
        return _hanafuda(lang, months)
    if game == "mahjong":
        return _mahjong(lang)
    if game == "hakka":
        return _hakka(lang)
    raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")


def _hanafuda(lang: str, months: str) -> list[dict[str, Any]]:
    from scorer.decks import hanafuda as h

    assert months in ("jp", "kr")
    out = []
    for card in h.ALL_CARDS:
        attrs = []
        if card.is_rain_bright:
            attrs.append("rain-bright")
        if card.is_bird:
            attrs.append("bird")
        if card.ribbon_colour:
            attrs.append(f"ribbon:{card.ribbon_colour.value}")
        if card.is_double_junk:
            attrs.append("double-junk")
        if card.bonus_units:
            attrs.append(f"bonus:{card.bonus_units}-junk")
        if card.is_dual_role:
            attrs.append("dual-role:animal|double-junk")
        out.append(
            {
                "id": card.id,
                "code": card.code(months),  # type: ignore[arg-type]
                "name": card.name(lang),
                "native": card.native(),
                "plant": card.plant.value if card.plant else None,
                "kind": card.kind.value,
                "month": card.month(months) if card.plant else None,  # type: ignore[arg-type]
                "junk_variant": card.junk_variant,
                "copies": h.MAX_COPIES[card],
                "attributes": attrs,
            }
        )
    return out


def _mahjong(lang: str) -> list[dict[str, Any]]:
    from scorer.decks import mahjong as m

    out = []
    for tile in m.ALL_TILES:
        attrs = [
            a
            for a, on in (
                ("terminal", tile.is_terminal),
                ("wind", tile.is_wind),
                ("dragon", tile.is_dragon),
                ("flower", tile.is_flower),
                ("season", tile.is_season),
            )
            if on
        ]
        out.append(
            {
                "id": tile.id,
                "code": tile.id,
                "name": tile.name(lang),
                "native": tile.native(),
                "suit": tile.suit,
                "rank": tile.rank,
                "copies": m.MAX_COPIES[tile],
                "attributes": attrs,
            }
        )
    return out


def _hakka(lang: str) -> list[dict[str, Any]]:
    from scorer.decks import hakka as k

    return [
        {
            "id": c.id,
            "code": c.id,
            "name": c.name(lang),
            "native": c.native(),
            "suit": c.suit.value if c.suit else None,
            "rank": c.rank,
            "copies": 1,
            "attributes": ["elder"] if c.is_elder else [],
        }
        for c in k.DECK
    ]


def deck_json(game: str, lang: str, months: str) -> dict[str, Any]:
    cards = deck_records(game, lang, months)
    return {
        "schema": "scorer.deck/1",
        "game": game,
        "months": months if game == "hanafuda" else None,
        "count": sum(c["copies"] for c in cards if c.get("kind") != "bonus"),
        "bonus": sum(c["copies"] for c in cards if c.get("kind") == "bonus"),
        "cards": cards,
    }


def render_deck(game: str, lang: str, months: str, *, color: bool = False) -> str:
    data = deck_json(game, lang, months)
    cols = [
        Column(t("code", lang), style="cyan"),
        Column(t("id", lang)),
        Column(t("name", lang)),
        Column(t("native", lang), style="dim"),
        Column(t("attributes", lang), max_width=32),
    ]
    rows = []
    for c in data["cards"]:
        copies = f" (x{c['copies']})" if c["copies"] > 1 else ""
        rows.append(
            [c["code"], c["id"], c["name"] + copies, c["native"], ", ".join(c["attributes"])]
        )
    title = t("deck_title", lang, game=game, n=data["count"])
    if data["bonus"]:
        title += f" + {data['bonus']} bonus"
    if game == "hanafuda":
        title += f" — months: {months}"
    return table(cols, rows, color=color, title=title)
