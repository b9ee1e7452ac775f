"""The winning-tile analysis (issue 34): which tiles complete a hand, as a pure function."""

from __future__ import annotations

from scorer.games.mahjong_split import counts_of, index, thirteen_orphans, winning_tiles


def _tiles(text: str) -> tuple[int, ...]:
    out: list[int] = []
    for group in text.split():
        suit = group[-1]
        out += [index(suit, int(r)) for r in group[:-1]]
    return counts_of(out)


def _ids(waits: tuple[int, ...]) -> list[str]:
    return [f"{i % 9 + 1}{'mpsz'[i // 9]}" for i in waits]


def test_a_single_wait_is_the_only_tile() -> None:
    assert _ids(winning_tiles(_tiles("123m 456m 789p 555s 1z"))) == ["1z"]


def test_an_edge_wait_and_a_two_sided_wait() -> None:
    assert _ids(winning_tiles(_tiles("12m 456m 789p 555s 11z"))) == ["3m"]
    assert _ids(winning_tiles(_tiles("34s 123m 456m 789m 66s"))) == ["2s", "5s"]


def test_two_pairs_wait_on_either() -> None:
    assert _ids(winning_tiles(_tiles("123m 456m 789p 55s 11z"))) == ["5s", "1z"]


def test_nine_gates_waits_on_every_tile_of_its_suit() -> None:
    assert len(winning_tiles(_tiles("1112345678999m"))) == 9


def test_the_chow_bound_removes_waits() -> None:
    assert winning_tiles(_tiles("12m 456m 789p 555s 11z"), max_chows=1) == ()


def test_thirteen_orphans_only_when_the_rules_play_it() -> None:
    hand = _tiles("19m 19p 19s 1234567z")
    assert winning_tiles(hand) == ()
    assert len(winning_tiles(hand, orphans=True)) == 13
    assert thirteen_orphans(_tiles("19m 19p 19s 12345677z"))


def test_the_bmja_shapes_of_their_own() -> None:
    from scorer.games.mahjong_split import (
        all_pair_honours,
        knitting,
        triple_knitting,
        wriggling_snake,
    )

    assert wriggling_snake(_tiles("1123456789m 1234z"))
    assert not wriggling_snake(_tiles("1223456789m 1234z"))  # the pair must be of 1s
    assert knitting(_tiles("1234567m 1234567p"))
    assert not knitting(_tiles("1234567m 123456p 7s"))  # a third suit
    assert triple_knitting(_tiles("24568m 2468p 24568s"))
    assert not triple_knitting(_tiles("245568m 2468p 2468s"))  # the pair in one suit
    assert all_pair_honours(_tiles("1199m 11p 99s 115577z"))
    assert not all_pair_honours(_tiles("1111m 99p 99s 115577z"))  # four alike are no 2 pairs


def test_shapes_complete_in_the_wait_analysis() -> None:
    assert _ids(winning_tiles(_tiles("123456789s 1234z"), shapes=("wriggling-snake",))) == ["1s"]
    assert winning_tiles(_tiles("123456789s 1234z")) == ()
    assert _ids(winning_tiles(_tiles("2468m 24568p 2468s"), max_chows=1,
                              shapes=("triple-knitting",))) == ["5m", "5s"]
    assert _ids(winning_tiles(_tiles("123456m 123456p 7m"), max_chows=1,
                              shapes=("knitting",))) == ["7p"]
