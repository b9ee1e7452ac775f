"""`scorer cards`: each deck as data (for JSON) and as a table (for people)."""

from __future__ import annotations

from typing import Any

from scorer.decks import DECKS
from scorer.i18n import has_message, t
from scorer.render.text import Column, table


def deck_records(game: str, lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
    """A registered deck's cards as records; ValueError naming the decks for another name."""
    deck = DECKS.get(game)
    if deck is None:
        raise ValueError(f"unknown deck {game!r}: expected one of {', '.join(DECKS)}")
    return deck.card_records(lang, months)


def deck_json(game: str, lang: str, months: str) -> dict[str, Any]:
    cards = deck_records(game, lang, months)
    return {
        "schema": "scorer.deck/1",
        "game": game,
        "months": months if DECKS[game].by_month else None,
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
        attributes = ", ".join(_attribute(a, lang) for a in c["attributes"])
        rows.append([c["code"], c["id"], c["name"] + copies, c["native"], attributes])
    title = t(f"deck_title.{DECKS[game].unit}", lang, game=game, n=data["count"])
    if data["bonus"]:
        title += " + " + t("deck_bonus", lang, n=data["bonus"])
    if DECKS[game].by_month:
        title += " — " + t("deck_months", lang, months=months)
    return table(cols, rows, color=color, title=title)


def _attribute(attribute: str, lang: str) -> str:
    """A scoring attribute as people read it in ``lang`` (its id where none is written)."""
    key = f"attr.{attribute}"
    return t(key, lang) if has_message(key) else attribute
