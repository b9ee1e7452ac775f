"""Parsing typed piles: fast codes, interchangeable junk, and errors that say everything."""

from __future__ import annotations

import pytest

from scorer.decks import hakka, hanafuda, mahjong
from scorer.decks.base import DuplicateCardError, NotationError, UnknownCardError


def ids(cards: list[hanafuda.HanafudaCard]) -> list[str]:
    return [c.id for c in cards]


def test_compact_codes_and_generic_junk() -> None:
    pile = hanafuda.parse_pile("1b 3b, 8b; 9a 1j 1j 11jd 12j")
    assert ids(pile) == [
        "pine-bright",
        "pine-junk-1",
        "pine-junk-2",
        "cherry-bright",
        "pampas-bright",
        "chrysanthemum-animal",
        "willow-junk",
        "paulownia-junk-double",
    ]


def test_either_plain_junk_spelling_and_both_in_one_pile() -> None:
    assert ids(hanafuda.parse_pile("pine-junk-2 pine-junk")) == ["pine-junk-1", "pine-junk-2"]
    assert ids(hanafuda.parse_pile("pine-junk pine-junk-1")) == ["pine-junk-1", "pine-junk-2"]


def test_unknown_token_names_position_and_suggestions() -> None:
    with pytest.raises(UnknownCardError) as info:
        hanafuda.parse_pile("1b cup pine-brite")
    (problem,) = info.value.problems
    assert problem.token == "pine-brite"
    assert problem.position == 3
    assert problem.column == 7
    assert "pine-bright" in problem.suggestions
    assert "'pine-brite' at position 3; did you mean 'pine-bright'" in str(info.value)


def test_duplicates_and_overflow_name_the_cards() -> None:
    with pytest.raises(DuplicateCardError) as info:
        hanafuda.parse_pile("crane 1b pine-junk pine-junk pine-junk")
    messages = [p.message for p in info.value.problems]
    assert any("'crane', '1b' (all pine-bright) listed 2 times (positions 1, 2)" in m
               for m in messages)
    with pytest.raises(DuplicateCardError) as info:
        hanafuda.parse_pile("1b 3b 1b")
    assert "'1b' (pine-bright) listed 2 times (positions 1, 3)" in str(info.value)
    assert any("pine-junk-1, pine-junk-2" in m and "position 5" in m for m in messages)


def test_a_problem_told_with_another_word_says_it_again() -> None:
    """The word typed is a problem's data: a problem told with another spelling of it (a month
    code as typed before renumbering) says that word, and only where the sentence names it."""
    with pytest.raises(NotationError) as info:
        hanafuda.parse_pile("{x} 1b 1b 11b")
    unknown, duplicate = info.value.problems
    assert unknown._replace(token="{y}").message.startswith("unknown card '{y}' at position 1")
    assert duplicate._replace(token="pine").message == (
        "'pine' (pine-bright) listed 2 times (positions 2, 3); the deck holds 1")
    assert duplicate._replace(token="pine").to_json()["message"].startswith("'pine'")


def test_all_problems_reported_together() -> None:
    with pytest.raises(NotationError) as info:
        hanafuda.parse_pile("zzz 1b 1b qqq")
    codes = sorted(p.code for p in info.value.problems)
    assert codes == ["duplicate", "unknown", "unknown"]


def test_bonus_cards_can_be_refused() -> None:
    assert ids(hanafuda.parse_pile("b2 b2 b3")) == ["bonus-2", "bonus-2", "bonus-3"]
    with pytest.raises(NotationError, match="without bonus cards"):
        hanafuda.parse_pile("b2", allow_bonus=False)
    with pytest.raises(DuplicateCardError):
        hanafuda.parse_pile("b3 sampi")


def test_mahjong_runs_and_hand_notation() -> None:
    assert [str(t) for t in mahjong.parse_tiles("123m55p 7z")] == [
        "1m",
        "2m",
        "3m",
        "5p",
        "5p",
        "7z",
    ]
    hand = mahjong.parse_hand("234m 456p 55s (777z) (345s) [1111m] 1f 5f")
    assert [m.kind.value for m in hand.melds] == ["pung", "chow", "kong"]
    assert [m.exposed for m in hand.melds] == [True, True, False]
    assert [str(t) for t in hand.bonus] == ["1f", "5f"]
    assert len(hand.concealed) == 8
    assert mahjong.parse_hand(str(hand)) == hand


def test_mahjong_errors() -> None:
    with pytest.raises(NotationError) as info:
        mahjong.parse_hand("(12m) [111m] 8z 11111p")
    codes = [p.code for p in info.value.problems]
    assert codes.count("bad-meld") == 2
    assert "unknown" in codes and "too-many" in codes
    assert any("5 x 1p" in p.message for p in info.value.problems)


def test_hakka_hand_and_errors() -> None:
    assert [str(c) for c in hakka.parse_hand("sup1 sip2 123gon wansin")] == [
        "sup1",
        "sup2",
        "gon1",
        "gon2",
        "gon3",
        "wansin",
    ]
    with pytest.raises(NotationError) as info:
        hakka.parse_hand("sup1 sup1 sux3")
    assert {p.code for p in info.value.problems} == {"duplicate", "unknown"}
