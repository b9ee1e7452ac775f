"""Properties of Go-Stop scoring that hold for any pile or deal (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from scorer.decks.hanafuda import DECK, HanafudaCard, Kind
from scorer.games.gostop import GoStopHand, GoStopPlayer, count_pile, score_hand, target
from scorer.games.rules import load_preset

PRESETS = ("familia", "cardavia", "estandar")
presets = st.sampled_from(PRESETS).map(lambda name: load_preset("gostop", name))

JUNK = [c for c in DECK if c.kind is Kind.JUNK]
# The cards of one scoring combination each (and a near miss), named by card so that
# neither month numbering matters; random cards join them, so that most piles score.
CORES = [
    tuple(HanafudaCard.parse(name) for name in core.split())
    for core in (
        "plum-animal wisteria-animal pampas-animal",  # godori
        "pine-ribbon plum-ribbon cherry-ribbon",  # hongdan
        "peony-ribbon chrysanthemum-ribbon maple-ribbon",  # cheongdan
        "wisteria-ribbon iris-ribbon clover-ribbon",  # chodan
        "pine-bright cherry-bright pampas-bright",  # three brights
        "pine-bright cherry-bright willow-bright",  # three with the rain bright
        "pine-bright cherry-bright pampas-bright paulownia-bright",
        "plum-animal peony-animal clover-animal maple-animal willow-animal",  # five animals
        "pine-ribbon wisteria-ribbon peony-ribbon clover-ribbon willow-ribbon",  # five ribbons
        "pine-bright cherry-bright",  # a near miss
    )
] + [tuple(JUNK[:10])]


@st.composite
def piles(draw: Any) -> list[HanafudaCard]:
    """Piles steered to score: one combination's cards (or a near miss) plus random cards."""
    core = draw(st.sampled_from(CORES))
    more = draw(st.lists(st.sampled_from(DECK), unique=True, max_size=12))
    return list(dict.fromkeys([*core, *more]))


def _categories(cards: list[HanafudaCard], rules: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in count_pile(cards, rules).lines:
        family = "brights" if line.rule.startswith("brights.") else line.rule
        out[family] = out.get(family, 0) + line.points
    return out


def _interesting(counts: list[bool]) -> None:
    """Most examples reached the case the property is about (a pile that scores)."""
    assert counts and sum(counts) >= 0.6 * len(counts), f"{sum(counts)} of {len(counts)}"


def test_score_does_not_depend_on_card_order() -> None:
    seen: list[bool] = []

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(presets, piles(), st.randoms(use_true_random=False))
    def check(rules: Any, cards: list[HanafudaCard], rnd: Any) -> None:
        shuffled = list(cards)
        rnd.shuffle(shuffled)
        a, b = count_pile(cards, rules), count_pile(shuffled, rules)
        assert (a.lines, a.choices, a.subtotal) == (b.lines, b.choices, b.subtotal)
        assert a.subtotal == sum(line.points for line in a.lines)
        seen.append(a.subtotal > 0)
        event("scores" if a.subtotal else "scores nothing")

    check()
    _interesting(seen)


def test_adding_a_card_never_lowers_the_subtotal() -> None:
    seen: list[bool] = []

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(presets, piles(), st.sampled_from(DECK))
    def check(rules: Any, cards: list[HanafudaCard], extra: HanafudaCard) -> None:
        assume(extra not in cards)
        before = count_pile(cards, rules).subtotal
        assert count_pile([*cards, extra], rules).subtotal >= before
        seen.append(before > 0)
        event("scores" if before else "scores nothing")

    check()
    _interesting(seen)


def test_adding_a_card_never_lowers_a_category() -> None:
    seen: list[bool] = []

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(presets, piles(), st.sampled_from(DECK))
    def check(rules: Any, cards: list[HanafudaCard], extra: HanafudaCard) -> None:
        # A dual-role card may change role when a card is added (that moves points between
        # animals and junk on purpose), so the per-category property is for the other piles.
        assume(extra not in cards and not any(c.is_dual_role for c in [*cards, extra]))
        before, after = _categories(cards, rules), _categories([*cards, extra], rules)
        for family, points in before.items():
            assert after.get(family, 0) >= points, family
        seen.append(bool(before))
        event("scores" if before else "scores nothing")

    check()
    _interesting(seen)


@st.composite
def deals(draw: Any) -> tuple[Any, GoStopHand]:
    """A hand of 2-3 players whose piles are steered to score (random cards, then one
    combination's cards after another until the pile could stop; no card in two piles)."""
    name = draw(st.sampled_from(PRESETS))
    rules = load_preset("gostop", name)
    n = draw(st.integers(rules.num("players.min"), rules.num("players.max")))
    names = ["Ana", "Bo", "Cy"][:n]
    factor_ok = {"shakes": rules.num("shake.factor") > 0, "bombs": rules.num("bomb.factor") > 0}
    need = target(rules, n)
    taken: set[HanafudaCard] = set()
    players = []
    for i in range(n):
        pile = draw(st.lists(st.sampled_from(DECK), unique=True, max_size=6))
        for core in draw(st.permutations(CORES)):  # until the pile could stop
            pile = [c for c in dict.fromkeys([*pile, *core]) if c not in taken]
            if count_pile(pile, rules).subtotal >= need:
                break
        taken.update(pile)
        players.append(GoStopPlayer(
            names[i], tuple(pile),
            gos=draw(st.integers(0, 4)),
            shakes=draw(st.integers(0, 2)) if factor_ok["shakes"] else 0,
            bombs=draw(st.integers(0, 1)) if factor_ok["bombs"] else 0,
        ))
    can_stop = [p.name for p in players if count_pile(p.cards, rules).subtotal >= need]
    # nobody stopping (nagari) while someone could: about one draw in six
    stopper = draw(st.sampled_from([*can_stop * 5, None])) if can_stop else None
    callers = [p.name for p in players if p.gos and p.name != stopper]
    last_go = callers[-1] if callers else None
    stake = draw(st.sampled_from([1, 100, 0.5]))
    return rules, GoStopHand(tuple(players), stopper=stopper, stake=stake, last_go=last_go)


def test_payments_sum_to_zero() -> None:
    seen: list[bool] = []

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(deals())
    def check(deal: tuple[Any, GoStopHand]) -> None:
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
            assert sum(p.points for p in result.payments) >= (
                winner.total * (len(hand.players) - 1)
            )
        seen.append(bool(result.payments))
        event(result.outcome)

    check()
    _interesting(seen)
