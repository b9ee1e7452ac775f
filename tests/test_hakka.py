"""Hakka cards (seed 001): the quick form, Spanish output, JSON, every problem, properties."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorer.cli.entry import main
from scorer.decks.hakka import DECK, HakkaCard, Suit
from scorer.explain import HandResult
from scorer.games.base import get_game
from scorer.games.hakka import (
    FIVE_TIGERS,
    HakkaHand,
    check_hand,
    next_dealer,
    pattern_kind,
    score_hand,
)
from scorer.games.record import load_record, score_record
from scorer.games.rules import Rules, load_preset
from scorer.render.hand import formula

ROOT = Path(__file__).parent.parent
SEATS = ("Ana", "Bo", "Cy", "Di")  # counter-clockwise; dealer Ana -> dreamer Cy
QUICK = ["hakka", "--players", "Ana,Bo,Cy,Di", "--dealer", "Ana"]
SEED = load_preset("hakka", "tarjetas")


def _card(text: str) -> HakkaCard:
    return HakkaCard.parse(text)


def _cards(text: str) -> tuple[HakkaCard, ...]:
    return tuple(_card(t) for t in text.split())


def _rules(**values: Any) -> Rules:
    return SEED.with_overrides({k.replace("__", "."): v for k, v in values.items()}, "test")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out = capsys.readouterr()
    return code or 0, out.out, out.err


# -- the quick form -------------------------------------------------------------------------
def test_quick_form_documented_example(capsys: pytest.CaptureFixture[str]) -> None:
    # Cy is the dreamer (opposite Ana) holding sin7;
    # Bo wins 7 tricks with three 7s: 2 from Ana and Di; the dreamer 5 + 3 = 8 tricks: 4 each.
    code, out, _ = _run(
        capsys, *QUICK, "--called", "Ana", "--winner", "Bo", "--tricks", "7",
        "--pattern", "sup7 gon7 zok7", "--dream", "sin7",
    )
    assert code == 0
    # each payment is its formula: the table's points for the tricks, named by who earned them
    assert "Ana pays Bo: 2 win = 2 points = 2\n" in out
    assert "Di pays Bo: 2 win = 2 points = 2\n" in out
    assert "Ana pays Cy: 4 dreamer = 4 points = 4\n" in out
    assert "Di pays Cy: 4 dreamer = 4 points = 4\n" in out
    assert "wakes with 5 tricks + 1 for each card numbered 7" in out
    assert "Dreamer (Tsuk Mung) [5 + 3]" in out


def test_quick_form_privileged_json(capsys: pytest.CaptureFixture[str]) -> None:
    # the seed's example: a 6-trick win; the privileged Bo pays 2, the other loser Di nothing
    code, out, _ = _run(
        capsys, "hakka", "--players", "Ana,Bo,Cy,Di", "--dealer", "Ana", "--called", "Bo",
        "--winner", "Ana", "--tricks", "6", "--pattern", "gon3", "--dream", "zok9",
        "--stake", "2.5", "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["schema"] == "scorer.hand/1" and data["game"] == "hakka"
    assert data["outcome"] == "win" and data["winner"] == "Ana"
    assert [(p["payer"], p["payee"], p["points"], p["money"]) for p in data["payments"]] == [
        ("Bo", "Ana", 2, 5)
    ]
    terms = data["payments"][0]["terms"]
    assert {"rule": "win", "op": "=", "value": 1, "args": {"tricks": 6}} in terms
    # 1 point of his own and 1 added for Di: the formula reads "1 win + 1 privileged"
    assert {"rule": "privileged", "op": "+", "value": 1,
            "args": {"payer": "Bo", "other": "Di"}} in terms
    cover = next(t for t in terms if t["op"] == "for")
    assert cover["rule"] == "privileged" and cover["args"]["other"] == "Di"
    assert data["balances"] == {"Ana": 2, "Bo": -2, "Cy": 0, "Di": 0}
    assert [line["rule"] for p in data["players"] for line in p["lines"]] == ["win", "dreamer"]


def test_quick_form_spanish_has_the_seeds_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, *QUICK, "--called", "Di", "--winner", "Bo", "--tricks", "7",
        "--pattern", "sup7 zok7 sin7", "--dream", "gon7", "--lang", "es",
    )
    assert code == 0
    for word in ("Soñador", "Repartidor", "jugador privilegiado", "Tsuk Mung", "fu 虎"):
        assert word in out
    english = re.compile(
        r"\b(pays|points|tricks|dreamer|Dreamer|winner|Winner|dealer|privileged|collects|"
        r"wakes|called|passes|from each|Rule|Cards)\b"
    )
    assert not english.search(out), english.findall(out)


def test_quick_form_five_tigers_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, *QUICK, "--called", "Ana", "--winner", "Bo", "--five-tigers", "--dream",
        "gon9", "--lang", "es",
    )
    assert code == 0
    assert "Cinco tigres (Ung Fu Ha San 五虎下山)" in out
    assert "victoria inmediata" in out
    # 4 points from each of the other active players, Ana and Di (five_tigers.per = each)
    assert "Ana paga a Bo: 4 cinco tigres = 4 puntos = 4\n" in out
    assert "Di paga a Bo: 4 cinco tigres = 4 puntos = 4\n" in out
    assert not re.search(r"\b(five|tigers|tricks|from each)\b", out)


def test_quick_form_void(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, *QUICK, "--void", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "void" and data["payments"] == []
    assert any("nobody called" in n for n in data["notes"])


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--called", "Ana", "--winner", "Bo", "--tricks", "13", "--pattern", "gon3",
          "--dream", "sup1"], ["13 is out of range (0 to 12)"]),
        (["--called", "Ana", "--winner", "Bo", "--tricks", "5", "--pattern", "gon3",
          "--dream", "sup1"], ["Bo won 5 tricks; a winner needs 6"]),
        (["--called", "Ana", "--winner", "Cy", "--tricks", "6", "--pattern", "gon3",
          "--dream", "sup1"], ["Cy is the dreamer", "cannot win the hand"]),
        (["--called", "Ana", "--winner", "Bo", "--tricks", "6", "--pattern", "gon3 zok4",
          "--dream", "sup1"], ["pattern gon3 zok4 is not a run"]),
        (["--called", "Ana", "--winner", "Bo", "--tricks", "6", "--pattern", "gon3 gon4 gon5",
          "--dream", "gon4"], ["gon4 is in both --pattern and --dream"]),
        (["--called", "Ana", "--winner", "Bo", "--tricks", "6", "--pattern", "gon3 gonn4",
          "--dream", "sup10"], ["--pattern: unknown card 'gonn4'", "--dream: unknown card"]),
        (["--called", "Xu", "--winner", "Bo", "--tricks", "6", "--pattern", "gon3",
          "--dream", "sup1"], ["--called 'Xu' is not a player"]),
        (["--winner", "Bo", "--tricks", "6", "--pattern", "gon3", "--dream", "sup1"],
         ["who called?"]),
    ],
)
def test_quick_form_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], fragments: list[str]
) -> None:
    code, out, err = _run(capsys, *QUICK, *args)
    assert code == 2 and out == ""
    assert err.startswith("scorer: error:") and err.count("\n") == 1
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err


def test_quick_form_empty_player_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "hakka", "--players", "Ana,,Cy,Di", "--dealer", "Ana", "--void")
    assert code == 2 and "empty name" in err and err.count("\n") == 1


def test_every_problem_at_once_with_card_errors(capsys: pytest.CaptureFixture[str]) -> None:
    # an unknown card does not hide the game's own problems (the dreamer winning)
    code, _, err = _run(
        capsys, *QUICK, "--called", "Ana", "--winner", "Cy", "--tricks", "6", "--pattern",
        "gon3 gon4 gonx", "--dream", "sup1",
    )
    assert code == 2
    assert "unknown card 'gonx'" in err and "Cy is the dreamer" in err


# -- the engine -----------------------------------------------------------------------------
def _hand(**kw: Any) -> HakkaHand:
    base: dict[str, Any] = {
        "seats": SEATS, "dealer": "Ana", "called": "Ana", "winner": "Bo", "tricks": 6,
        "pattern": _cards("gon3 gon4 gon5"), "dream_card": _cards("sup8"),
    }
    base.update(kw)
    return HakkaHand(**base)


@pytest.mark.parametrize(
    ("kw", "code"),
    [
        ({"seats": SEATS[:3]}, "hakka.players"),
        ({"dealer": None}, "hakka.no-dealer"),
        ({"called": "Zed"}, "hakka.not-a-player"),
        ({"called": None}, "hakka.no-call"),
        ({"called": "Cy"}, "hakka.dreamer-called"),
        ({"winner": None}, "hakka.no-winner"),
        ({"winner": "Cy"}, "hakka.dreamer-wins"),
        ({"dream_card": ()}, "hakka.no-dream-card"),
        ({"dream_card": _cards("sup8 sup9")}, "hakka.dream-card-one"),
        ({"tricks": None}, "hakka.no-tricks"),
        ({"tricks": 5}, "hakka.too-few-tricks"),
        ({"tricks": 11, "elders": _cards("sup9 gon9")}, "hakka.too-many-tricks"),
        ({"pattern": ()}, "hakka.no-pattern"),
        ({"pattern": _cards("gon3 zok3")}, "hakka.bad-pattern"),
        ({"pattern": _cards("gon3 gon4 gon6")}, "hakka.bad-pattern"),
        ({"pattern": _cards("sin1 sin2 sin3 sin4 sin5 sin6 sin7"), "tricks": 6},
         "hakka.pattern-tricks"),
        ({"dream_card": _cards("gon4")}, "hakka.card-twice"),
        ({"elders": _cards("gon5")}, "hakka.card-twice"),
        ({"five_tigers": True, "tricks": 7}, "hakka.five-tigers-tricks"),
        ({"five_tigers": True, "tricks": None, "pattern": _cards("sup1 gon1 zok1")},
         "hakka.five-tigers-pattern"),
        ({"five_tigers": True, "tricks": None, "dream_card": _cards("wansin")},
         "hakka.card-twice"),
        ({"void": True}, "hakka.void-with-result"),
        ({"hand_number": 5}, "hakka.game-over"),
    ],
)
def test_each_problem_has_its_code(kw: dict[str, Any], code: str) -> None:
    codes = [p.code for p in check_hand(_hand(**kw), SEED)]
    assert code in codes, codes


def test_five_tigers_total_must_share_evenly() -> None:
    rules = _rules(five_tigers__per="total", five_tigers__points=3)
    hand = _hand(five_tigers=True, tricks=None, pattern=())
    assert [p.code for p in check_hand(hand, rules)] == ["hakka.five-tigers-split"]


def test_a_clean_hand_has_no_problems() -> None:
    assert check_hand(_hand(), SEED) == []
    assert check_hand(HakkaHand(SEATS, dealer="Ana", void=True), SEED) == []


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("gon7", "single"),
        ("wansin", "single"),
        ("sup7 gon7 zok7", "set"),
        ("sup1 gon1 zok1 sin1 wansin", "set"),
        ("sin1 sin2 sin3 sin4 sin5 sin6 sin7 sin8 sin9", "run"),
        ("gon7 gon8", None),
        ("gon7 gon8 gon9 zok9", None),
        ("sup2 sup3 sup5", None),
        ("sin1 sin2 wansin", None),
    ],
)
def test_pattern_kinds(cards: str, kind: str | None) -> None:
    assert pattern_kind(_cards(cards)) == kind


def test_next_dealer_keeps_or_passes_counter_clockwise() -> None:
    assert next_dealer(_hand(called="Ana")) == "Ana"  # "Si el Repartidor llama, continuará"
    assert next_dealer(_hand(called="Bo")) == "Bo"  # "el turno pasará al siguiente jugador"
    assert next_dealer(_hand(called="Di", winner="Di")) == "Bo"  # the next seat, not the caller
    assert next_dealer(HakkaHand(SEATS, dealer="Di", void=True)) == "Ana"  # round the table


def test_next_hand_counts_hands_and_skips_void() -> None:
    game = get_game("hakka")
    data = {"players": [{"name": n} for n in SEATS], "dealer": "Ana", "void": True}
    dummy = score_hand(HakkaHand(SEATS, dealer="Ana", void=True), SEED)
    assert game.next_hand(0, data, dummy, SEED) == {"hand_number": 1, "dealer": "Bo"}
    counted = _rules(game__void_counts=True)
    assert game.next_hand(0, data, dummy, counted)["hand_number"] == 2
    played = {**data, "void": False, "called": "Ana", "hand_number": 3}
    assert game.next_hand(2, played, dummy, SEED) == {"hand_number": 4, "dealer": "Ana"}


def test_samples_score() -> None:
    samples = sorted(ROOT.glob("samples/hakka-*.toml"))
    assert len(samples) >= 2
    kinds = set()
    for path in samples:
        result = score_record(load_record(path))
        kinds.add(result.to_json()["schema"])
    assert kinds == {"scorer.hand/1", "scorer.series/1"}


def test_rules_command_shows_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "rules", "hakka", "tarjetas")
    assert code == 0
    assert "dreamer.count" in out and "five_tigers.per" in out


# -- properties -----------------------------------------------------------------------------
_READINGS = st.fixed_dictionaries({
    "dreamer.count": st.sampled_from(["added", "matches"]),
    "dreamer.collects_from": st.sampled_from(["losers", "active"]),
    "five_tigers.per": st.sampled_from(["each", "total"]),
    "privileged.covers_dreamer": st.booleans(),
    "privileged.pays_for_other": st.booleans(),
})


@st.composite
def _patterns(draw: st.DrawFn) -> tuple[HakkaCard, ...]:
    """A valid winning pattern: a single card, a set or a run."""
    kind = draw(st.sampled_from(["single", "set", "run"]))
    if kind == "single":
        return (draw(st.sampled_from(DECK)),)
    if kind == "set":
        rank = draw(st.integers(1, 9))
        pool = [c for c in DECK if c.rank == rank]
        n = draw(st.integers(3, len(pool)))
        return tuple(draw(st.permutations(pool))[:n])
    suit = draw(st.sampled_from(list(Suit)))
    n = draw(st.integers(3, 6))
    start = draw(st.integers(1, 10 - n))
    return tuple(HakkaCard(suit, r) for r in range(start, start + n))


@st.composite
def _hands(draw: st.DrawFn) -> HakkaHand:
    dealer_i = draw(st.integers(0, 3))
    dealer = SEATS[dealer_i]
    dreamer = SEATS[(dealer_i + 2) % 4]
    active = [p for p in SEATS if p != dreamer]
    if draw(st.integers(0, 9)) == 0:
        return HakkaHand(SEATS, dealer=dealer, void=True)
    called = draw(st.sampled_from(active))
    winner = draw(st.sampled_from(active))
    tigers = draw(st.integers(0, 6)) == 0
    pattern = FIVE_TIGERS if tigers else draw(_patterns())
    rest = [c for c in DECK if c not in pattern]
    # steer the dreamer's card to the pattern's number half of the time
    same = [c for c in rest if c.rank == pattern[0].rank]
    dream = draw(st.sampled_from(same if same and draw(st.booleans()) else rest))
    tricks = draw(st.integers(max(6, len(pattern)), 12))
    return HakkaHand(
        SEATS, dealer=dealer, called=called, winner=winner,
        tricks=None if tigers else tricks, pattern=() if tigers else pattern,
        dream_card=(dream,), five_tigers=tigers, stake=draw(st.sampled_from([1, 10])),
    )


def test_every_hands_payments_sum_to_zero() -> None:
    seen: list[bool] = []

    @settings(max_examples=150, deadline=None)
    @given(_hands(), _READINGS)
    def check(hand: HakkaHand, readings: dict[str, Any]) -> None:
        rules = SEED.with_overrides(readings, "test")
        assert check_hand(hand, rules) == []
        result: HandResult = score_hand(hand, rules)
        assert sum(result.balances().values()) == 0
        pairs = [(p.payer, p.payee) for p in result.payments]
        assert len(pairs) == len(set(pairs))  # one payment per pair
        for pay in result.payments:
            assert pay.points > 0 and pay.payer != pay.payee
            assert pay.money == pay.points * hand.stake
            base = sum(t.value for t in pay.terms if t.op in ("=", "+"))
            assert base == pay.points  # the terms say every point
            assert formula("hakka", pay, "en") is not None  # so the formula is shown
        dreamer = hand.dreamer
        assert all(p.payer != dreamer for p in result.payments)  # the dreamer never pays
        if hand.void:
            assert result.payments == ()
        dream_paid = any(p.payee == dreamer for p in result.payments)
        if rules.text("dreamer.count") == "matches":
            assert not dream_paid  # at most 4 matches: never the table's 6 tricks
        privileged = hand.privileged
        if (privileged not in (None, hand.winner) and rules.flag("privileged.pays_for_other")
                and rules.flag("privileged.covers_dreamer") and not hand.void):
            other = next(p for p in hand.active() if p not in (hand.winner, privileged))
            assert result.balances()[other] == 0  # "el otro jugador no perderá puntos"
        interesting = bool(result.payments)
        event("pays" if interesting else "no payment")
        event("dreamer collects" if dream_paid else "dreamer idle")
        seen.append(interesting)

    check()
    assert sum(seen) >= 0.7 * len(seen), (sum(seen), len(seen))


@settings(max_examples=60, deadline=None)
@given(_hands())
def test_winner_gains_the_table_times_two_losers(hand: HakkaHand) -> None:
    result = score_hand(hand, SEED)
    if hand.void:
        event("void")
        return
    gained = sum(p.points for p in result.payments if p.payee == hand.winner)
    line = next(p for p in result.players if p.player == hand.winner).lines[0]
    assert gained == 2 * line.points  # from each other active player, or both from one
    event(line.rule)


def test_the_help_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import shlex

    line = next(x for x in get_game("hakka").quick_help.splitlines() if "scorer hakka" in x)
    args = shlex.split(line.split("Example: scorer ", 1)[1])
    code, out, _ = _run(capsys, *args)
    assert code == 0
    # Di called (privileged) and lost to Bo's 7 tricks: Di pays 2 + 2 for Ana; the dreamer
    # Cy (sin7, three 7s in the pattern) has 8 tricks: 4 from Ana and Di, Di paying both
    assert "Di pays Bo: 2 win + 2 privileged = 4 points = 4 (Di, the privileged player, pays " \
        "for Ana)\n" in out
    assert "Di pays Cy: 4 dreamer + 4 privileged = 8 points = 8 (Di, the privileged player, " \
        "pays for Ana)\n" in out


def test_the_hakka_page_commands_run(capsys: pytest.CaptureFixture[str]) -> None:
    import shlex

    section = (ROOT / "docs" / "hakka.md").read_text("utf-8")
    block = section.split("```sh", 1)[1].split("```", 1)[0].replace("\\\n", " ")
    commands = [line.split("#")[0] for line in block.splitlines() if line.startswith("scorer ")]
    assert len(commands) >= 5
    for command in commands:
        code, out, err = _run(capsys, *shlex.split(command)[1:])
        assert code == 0, (command, err)
        assert out


def test_a_pile_longer_than_the_deck_is_one_problem(capsys: pytest.CaptureFixture[str]) -> None:
    # the deck holds 37 cards (max_pile): 40 typed are refused unread, and the pattern is
    # not also reported missing
    code, _, err = _run(
        capsys, *QUICK, "--called", "Ana", "--winner", "Bo", "--tricks", "7", "--pattern",
        " ".join(["gon7"] * 40), "--dream", "sin7",
    )
    assert code == 2
    assert "pattern: 40 cards typed; a pile holds at most 37" in err
    assert "pattern is needed" not in err
