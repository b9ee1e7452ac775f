"""Properties of Go-Stop scoring that hold for any pile or deal (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.decks.hanafuda import DECK, HanafudaCard
from scorer.games.gostop import GoStopHand, GoStopPlayer, count_pile, score_hand, target
from scorer.games.rules import load_preset

PRESETS = ("familia", "cardavia", "estandar")
presets = st.sampled_from(PRESETS).map(lambda name: load_preset("gostop", name))
piles = st.lists(st.sampled_from(DECK), unique=True, max_size=30)


def _categories(cards: list[HanafudaCard], rules) -> dict[str, int]:  # type: ignore[no-untyped-def]
    out: dict[str, int] = {}
    for line in count_pile(cards, rules).lines:
        family = "brights" if line.rule.startswith("brights.") else line.rule
        out[family] = out.get(family, 0) + line.points
    return out


@settings(max_examples=60, deadline=None)
@given(presets, piles, st.randoms(use_true_random=False))
def test_score_does_not_depend_on_card_order(rules, cards, rnd) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    a, b = count_pile(cards, rules), count_pile(shuffled, rules)
    assert (a.lines, a.choices, a.subtotal) == (b.lines, b.choices, b.subtotal)
    assert a.subtotal == sum(line.points for line in a.lines)


@settings(max_examples=60, deadline=None)
@given(presets, piles, st.sampled_from(DECK))
def test_adding_a_card_never_lowers_the_subtotal(rules, cards, extra) -> None:  # type: ignore[no-untyped-def]
    if extra in cards:
        return
    assert count_pile([*cards, extra], rules).subtotal >= count_pile(cards, rules).subtotal


@settings(max_examples=60, deadline=None)
@given(presets, piles, st.sampled_from(DECK))
def test_adding_a_card_never_lowers_a_category(rules, cards, extra) -> None:  # type: ignore[no-untyped-def]
    # A dual-role card may change role when a card is added (that moves points between
    # animals and junk on purpose), so the per-category property is for the other piles.
    if extra in cards or any(c.is_dual_role for c in [*cards, extra]):
        return
    before, after = _categories(cards, rules), _categories([*cards, extra], rules)
    for family, points in before.items():
        assert after.get(family, 0) >= points, family


@st.composite
def deals(draw):  # type: ignore[no-untyped-def]
    name = draw(st.sampled_from(PRESETS))
    rules = load_preset("gostop", name)
    n = draw(st.integers(rules.num("players.min"), rules.num("players.max")))
    deck = draw(st.permutations(DECK))
    cuts = sorted(draw(st.lists(st.integers(0, 48), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, 48]
    names = ["Ana", "Bo", "Cy"][:n]
    factor_ok = {"shakes": rules.num("shake.factor") > 0, "bombs": rules.num("bomb.factor") > 0}
    players = tuple(
        GoStopPlayer(
            names[i],
            tuple(deck[bounds[i] : bounds[i + 1]]),
            gos=draw(st.integers(0, 4)),
            shakes=draw(st.integers(0, 2)) if factor_ok["shakes"] else 0,
            bombs=draw(st.integers(0, 1)) if factor_ok["bombs"] else 0,
        )
        for i in range(n)
    )
    need = target(rules, n)
    can_stop = [p.name for p in players if count_pile(p.cards, rules).subtotal >= need]
    stopper = draw(st.sampled_from([None, *can_stop]))
    callers = [p.name for p in players if p.gos and p.name != stopper]
    last_go = callers[-1] if callers else None
    stake = draw(st.sampled_from([1, 100, 0.5]))
    return rules, GoStopHand(players, stopper=stopper, stake=stake, last_go=last_go)


@settings(max_examples=60, deadline=None)
@given(deals())
def test_payments_sum_to_zero(deal) -> None:  # type: ignore[no-untyped-def]
    rules, hand = deal
    result = score_hand(hand, rules)
    assert sum(result.balances().values()) == 0
    assert all(p.points >= 0 for p in result.payments)
    if hand.stopper is None:
        assert result.outcome == "nagari" and not result.payments
    else:
        assert {p.payee for p in result.payments} == {hand.stopper}
        winner = next(p for p in result.players if p.player == hand.stopper)
        # every opponent owes at least the winner's total before per-opponent factors
        assert sum(p.points for p in result.payments) >= winner.total * (len(hand.players) - 1)
