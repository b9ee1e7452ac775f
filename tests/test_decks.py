"""Deck invariants and the text round trip for every card and tile."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.decks import hakka, hanafuda, mahjong
from scorer.decks.hanafuda import HanafudaCard, Kind, Plant, RibbonColour


def test_hanafuda_has_48_cards_by_kind() -> None:
    kinds = Counter(c.kind for c in hanafuda.DECK)
    assert len(hanafuda.DECK) == 48
    assert kinds == {Kind.BRIGHT: 5, Kind.ANIMAL: 9, Kind.RIBBON: 10, Kind.JUNK: 24}
    assert all(sum(c.plant is p for c in hanafuda.DECK) == 4 for p in Plant)


def test_hanafuda_scoring_attributes() -> None:
    birds = {c.id for c in hanafuda.DECK if c.is_bird}
    assert birds == {"plum-animal", "wisteria-animal", "pampas-animal"}
    colours = Counter(c.ribbon_colour for c in hanafuda.DECK if c.ribbon_colour)
    assert colours == {
        RibbonColour.RED_POEM: 3,
        RibbonColour.BLUE: 3,
        RibbonColour.PLAIN_RED: 3,
        RibbonColour.RAIN: 1,
    }
    assert {c.id for c in hanafuda.DECK if c.is_double_junk} == {
        "willow-junk",
        "paulownia-junk-double",
    }
    assert {c.id for c in hanafuda.DECK if c.is_rain_bright} == {"willow-bright"}
    assert {c.id for c in hanafuda.DECK if c.is_dual_role} == {
        "chrysanthemum-animal",
        "iris-animal",
    }
    assert [c.bonus_units for c in hanafuda.BONUS_CARDS] == [2, 3]


def test_month_numbers_depend_on_tradition() -> None:
    assert Plant.WILLOW.month("jp") == 11 and Plant.WILLOW.month("kr") == 12
    assert Plant.PAULOWNIA.month("jp") == 12 and Plant.PAULOWNIA.month("kr") == 11
    assert Plant.PINE.month("jp") == Plant.PINE.month("kr") == 1
    assert HanafudaCard.parse("11b", months="kr").plant is Plant.PAULOWNIA
    assert HanafudaCard.parse("11b", months="jp").plant is Plant.WILLOW


def test_mahjong_has_136_plus_8() -> None:
    assert len(mahjong.STANDARD) == 34 and len(mahjong.BONUS) == 8
    assert sum(mahjong.MAX_COPIES[t] for t in mahjong.STANDARD) == 136
    assert sum(mahjong.MAX_COPIES[t] for t in mahjong.BONUS) == 8


def test_hakka_has_37_cards() -> None:
    assert len(hakka.DECK) == 37
    assert len(set(hakka.DECK)) == 37
    # Seed 001: every 9, the 1 of Sup, the 1 of Sin and the Wan Sin are elders.
    assert {c.id for c in hakka.DECK if c.is_elder} == {
        "sup9", "gon9", "zok9", "sin9", "sup1", "sin1", "wansin"
    }


@given(st.sampled_from(hanafuda.ALL_CARDS), st.sampled_from(["jp", "kr"]))
def test_hanafuda_round_trip(card: HanafudaCard, months: str) -> None:
    assert HanafudaCard.parse(str(card)) == card
    assert HanafudaCard.parse(card.code(months), months=months) == card  # type: ignore[arg-type]
    assert eval(repr(card), {"HanafudaCard": HanafudaCard}) == card
    assert hash(card) == hash(HanafudaCard.parse(card.id))


@given(st.sampled_from(mahjong.ALL_TILES))
def test_mahjong_round_trip(tile: mahjong.Tile) -> None:
    assert mahjong.Tile.parse(str(tile)) == tile
    assert mahjong.parse_tiles(str(tile)) == [tile]


@given(st.sampled_from(hakka.DECK))
def test_hakka_round_trip(card: hakka.HakkaCard) -> None:
    assert hakka.HakkaCard.parse(str(card)) == card


def test_every_hanafuda_alias_resolves_to_its_card() -> None:
    for months in ("jp", "kr"):
        for card in hanafuda.ALL_CARDS:
            names = hanafuda.aliases(card, months)  # type: ignore[arg-type]
            assert names, card
            for alias in names:
                assert HanafudaCard.parse(alias, months=months) == card  # type: ignore[arg-type]
        for alias, group in hanafuda.group_aliases(months):  # type: ignore[arg-type]
            assert HanafudaCard.parse(alias, months=months) in group.copies  # type: ignore[arg-type]


def test_every_tile_and_hakka_alias_resolves() -> None:
    for tile in mahjong.ALL_TILES:
        for alias in mahjong.aliases(tile):
            assert mahjong.Tile.parse(alias) == tile
    for card in hakka.DECK:
        assert hakka.HakkaCard.parse(card.id) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # English, Spanish (the seeds' words), Japanese and Korean romanisation
        ("crane", "pine-bright"),
        ("pino-luz", "pine-bright"),
        ("matsu-hikari", "pine-bright"),
        ("song-gwang", "pine-bright"),
        ("cup", "chrysanthemum-animal"),
        ("copa", "chrysanthemum-animal"),
        ("kiku-tane", "chrysanthemum-animal"),
        ("gukjin-yeol", "chrysanthemum-animal"),
        ("lluvia-bandera", "willow-ribbon"),
        ("yanagi-tanzaku", "willow-ribbon"),
        ("bi-tti", "willow-ribbon"),
        ("lightning", "willow-junk"),
        ("ssangpi", "paulownia-junk-double"),
        ("Pájaro-Ciruelo", None),  # not a card: pájaro is a category, not a card
        ("topi", "bonus-2"),
        ("sampi", "bonus-3"),
        ("ume-kasu-2", "plum-junk-2"),
        ("Glicina Animal".replace(" ", "-"), "wisteria-animal"),
    ],
)
def test_named_aliases(text: str, expected: str | None) -> None:
    if expected is None:
        with pytest.raises(ValueError):
            HanafudaCard.parse(text)
    else:
        assert HanafudaCard.parse(text).id == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("east", "1z"), ("este", "1z"), ("ton", "1z"), ("chun", "7z"), ("haku", "5z"),
        ("dragon-verde", "6z"), ("0p", "5p"), ("pin-3", "3p"), ("3-bamboo", "3s"),
        ("spring", "5f"), ("orquidea", "2f"),
    ],
)
def test_tile_aliases(text: str, expected: str) -> None:
    assert str(mahjong.Tile.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("sip1", "sup1"), ("sok4", "zok4"), ("ten9", "sin9"), ("3gon", "gon3"), ("wan-sin", "wansin")],
)
def test_hakka_romanisations(text: str, expected: str) -> None:
    assert str(hakka.HakkaCard.parse(text)) == expected


def test_the_deck_registry_is_the_one_list_of_decks() -> None:
    from scorer.cli.camera import PhotoGame
    from scorer.decks import DECKS, deck_names, get_deck, photo_decks
    from scorer.games.base import game_names, get_game
    from scorer.render.cards import deck_records

    assert {get_game(name).deck for name in game_names()} <= set(DECKS)
    # --game: the decks photos are read of, then the games played with them
    assert [g.value for g in PhotoGame] == [*photo_decks(), "gostop", "koikoi"]
    for name in deck_names():
        records = deck_records(name, "es", "jp")
        assert records and all({"id", "code", "name", "copies"} <= set(r) for r in records)
        assert get_deck(name).by_month == (name == "hanafuda")
    with pytest.raises(KeyError, match="expected one of hanafuda, mahjong, hakka"):
        get_deck("poker")
