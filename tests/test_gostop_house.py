"""Go-Stop house rules of the apps (issue 21): what the golden cases cannot show.

The series carry (``GoStop.next_hand``), the quick form's ``--cup``, the house-rules files,
and the property that every payment set stays zero-sum with every new key on.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorer.decks.hanafuda import DECK
from scorer.games.gostop import (
    EVENT_KINDS,
    GAME,
    MAX_CARRY,
    GoStopEvent,
    GoStopHand,
    GoStopPlayer,
    _force,
    count_pile,
    score_hand,
    target,
)
from scorer.games.rules import load_preset, resolve_rules

HOUSE = Path(__file__).resolve().parents[1] / "samples" / "house-rules"
ANA = "1b 3b 8b 1r 2r 3r 4r 6r"  # 7 points
BO = "11b 6j 6j 7j 7j 10j 10j"


def _hand(stopped: str | None, **top: object) -> tuple[dict[str, object], object]:
    from scorer.games.record import record_from_data, score_record

    data: dict[str, object] = {"game": "gostop", "preset": "estandar", **top,
                               "players": [{"name": "Ana", "cards": ANA},
                                           {"name": "Bo", "cards": BO},
                                           {"name": "Cy", "cards": "12b"}]}
    if stopped:
        data["stopped"] = stopped
    return data, score_record(record_from_data(data, origin="test", base_dir="."))


def test_a_nagari_carries_one_more_and_keeps_the_dealer() -> None:
    rules = load_preset("gostop", "estandar")
    data, result = _hand(None, dealer="Bo", carry=2)
    assert GAME.next_hand(0, data, result, rules) == {"carry": 3, "dealer": "Bo"}


def test_after_a_nagari_the_next_player_deals_under_nagari_dealer_next() -> None:
    rules = resolve_rules("gostop", "estandar", assignments=["nagari.dealer=next"])
    data, result = _hand(None, dealer="Cy")
    assert GAME.next_hand(0, data, result, rules) == {"carry": 1, "dealer": "Ana"}


def test_a_payment_resets_the_carry_and_the_winner_deals() -> None:
    rules = load_preset("gostop", "estandar")
    data, result = _hand("Ana", dealer="Bo", carry=4)
    assert GAME.next_hand(0, data, result, rules) == {"carry": 0, "dealer": "Ana"}


def test_the_carry_is_bounded() -> None:
    rules = load_preset("gostop", "estandar")
    data, result = _hand(None, carry=MAX_CARRY)
    assert GAME.next_hand(0, data, result, rules)["carry"] == MAX_CARRY


def test_quick_form_cup_states_a_players_role() -> None:
    data = GAME.quick_record({"me": ANA, "vs": [BO + " 9a"], "cup": ["vs:junk", "me:animal"]})
    players = {p["name"]: p for p in data["players"]}
    assert players["vs"]["cup"] == "junk" and players["me"]["cup"] == "animal"
    with pytest.raises(ValueError, match="WHO:ROLE"):
        GAME.quick_record({"me": ANA, "vs": [BO], "cup": ["vs:both"]})


@pytest.mark.parametrize("path", sorted(HOUSE.glob("*.toml")), ids=lambda p: p.stem)
def test_house_rules_files_load_over_estandar(path: Path) -> None:
    rules = resolve_rules("gostop", "estandar", files_=[str(path)])
    assert rules.overrides, path.name  # each file changes something
    text = path.read_text("utf-8")
    assert "Source" in text and "How sure" in text  # each cites what it follows
    # ... by repository and commit (issue 21 item 9: "cite each source in the file")
    assert re.search(r"github\.com/[\w.-]+/[\w.-]+", text), path.name
    assert re.search(r"commit [0-9a-f]{8,40}\b", text), path.name


# -- every payment set stays zero-sum with every new key on ---------------------------------
ON = [
    "pibak.exempt_no_junk=true", "pibak.fewer_than_three=5",
    "meongbak.needs_loser_without_animals=true", "gobak.factor=2", "go.reverse_factor=4",
    "shake.count=once", "bomb.count=once", "nagari.factor=2", "nagari.cap=16",
    "dual.winner_maximises=payment",
]


@st.composite
def house_deals(draw):  # type: ignore[no-untyped-def]
    extra = ["gobak.factor_on=" + draw(st.sampled_from(["all", "own"]))]
    rules = resolve_rules("gostop", "estandar", assignments=[*ON, *extra])
    n = draw(st.integers(2, 3))
    deck = draw(st.permutations(DECK))
    # piles large enough that someone can usually stop: steer toward hands that pay
    cuts = sorted(draw(st.lists(st.integers(8, 40), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, 48]
    names = ["Ana", "Bo", "Cy"][:n]
    players = tuple(
        GoStopPlayer(
            names[i],
            tuple(deck[bounds[i] : bounds[i + 1]]),
            gos=draw(st.integers(0, 4)),
            shakes=draw(st.integers(0, 2)),
            bombs=draw(st.integers(0, 1)),
            cup=draw(st.sampled_from([None, "animal", "junk"])),
            balance=draw(st.sampled_from([None, 0, 3, 250, 10**6])),
        )
        for i in range(n)
    )
    need = target(rules, n)
    can_stop = [
        p.name for p in players if count_pile(p.cards, rules, _force(p)).subtotal >= need
    ]
    stopper = draw(st.sampled_from([*can_stop, *can_stop, None])) if can_stop else None
    callers = [p.name for p in players if p.gos and p.name != stopper]
    events = tuple(
        GoStopEvent(kind, draw(st.sampled_from([*names, "Di"] if kind == "gwang-selling"
                                                else names)),
                    price=None if money else draw(st.sampled_from([None, 1, 5])),
                    count=draw(st.integers(1, 5)), money=money)
        for kind in draw(st.lists(st.sampled_from(sorted(EVENT_KINDS)), max_size=4))
        for money in [draw(st.sampled_from([None, None, 150, 0.5]))]  # issue 35: in money
    )
    hand = GoStopHand(players, stopper=stopper, stake=draw(st.sampled_from([1, 100, 0.5])),
                      last_go=callers[-1] if callers else None,
                      carry=draw(st.integers(0, MAX_CARRY)), events=events,
                      big_hand=draw(st.booleans()))
    return rules, hand


@settings(max_examples=80, deadline=None)
@given(house_deals())
def test_every_payment_set_is_zero_sum_with_every_new_key_on(deal) -> None:  # type: ignore[no-untyped-def]
    rules, hand = deal
    result = score_hand(hand, rules)
    event(f"outcome {result.outcome}")
    event("side payments" if hand.events else "no side payments")
    capped = any(t.rule == "balance.cap" for p in result.payments for t in p.terms)
    event("capped" if capped else "not capped")
    assert sum(result.balances().values()) == 0
    assert sum(p.money if p.payee == name else -p.money if p.payer == name else 0
               for name in result.balances() for p in result.payments) == 0
    assert all(p.points >= 0 and p.money >= 0 for p in result.payments)
    for pl in hand.players:  # limited liability: nobody pays past the chips held
        if pl.balance is not None:
            paid = sum(p.money for p in result.payments if p.payer == pl.name)
            assert paid <= pl.balance


def test_rules_diff_shows_what_a_house_rules_file_changes() -> None:
    from typer.testing import CliRunner

    from scorer.cli.app import app

    path = Path(__file__).resolve().parents[1] / "samples" / "house-rules" / "gostop-ts.toml"
    result = CliRunner().invoke(app, ["rules", "diff", "gostop", "estandar", str(path), "--json"])
    assert result.exit_code == 0, result.output
    diff = {d["key"]: (d["a"], d["b"]) for d in json.loads(result.stdout)["differences"]}
    # the file's "pibakMaxJunk: 7 ... 이하면 피박" (7 or less) is fewer_than 8; estandar has 6
    assert diff["pibak.fewer_than"] == (6, 8)
    assert diff["pibak.exempt_no_junk"] == (False, True)
    assert "go.double_from" not in diff  # both double from the 3rd go


# -- the house-rules files of the other open-source engines (issue 21 item 9) -------------------
P2P = HOUSE / "p2p-gostop.toml"  # kywoo26/p2p-gostop, standard preset
CALC = HOUSE / "gostop-calculator.toml"  # ZeroFriends/GoStopCalculator


def _diff(path: Path) -> dict[str, tuple[object, object]]:
    from typer.testing import CliRunner

    from scorer.cli.app import app

    result = CliRunner().invoke(app, ["rules", "diff", "gostop", "estandar", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return {d["key"]: (d["a"], d["b"]) for d in json.loads(result.stdout)["differences"]}


def test_the_house_rules_folder_holds_the_three_engines() -> None:
    assert {p.stem for p in HOUSE.glob("*.toml")} >= {"gostop-ts", "p2p-gostop",
                                                      "gostop-calculator"}


def test_rules_diff_shows_what_p2p_gostop_changes() -> None:
    diff = _diff(P2P)
    # STANDARD `piBakThreshold: 7` ("패자 피 이 장수 이하면 피박", 7 or less): fewer than 8
    assert diff["pibak.fewer_than"] == (6, 8)
    assert diff["pibak.exempt_no_junk"] == (False, True)  # `piBakZeroExempt: true`
    # "패자는 최소로 국진 위치를 고른다 (... 피박 회피)"; "승자는 최종 점수를 최대로"
    assert diff["pibak.cup_protects"] == (False, True)
    assert diff["dual.winner_maximises"] == ("subtotal", "payment")
    assert diff["gobak.factor"] == (1, 2)  # `if (loser.goCount > 0) mul(chain, 'goBak', DOUBLE)`
    assert diff["nagari.factor"] == (1, 2) and diff["nagari.cap"] == (0, 8)  # `nagariCap: 8`
    assert diff["players.max"] == (3, 2)  # two seats: matgo only
    assert diff["events.first_ppeok"] == (3, 7)  # 첫뻑 7점
    assert diff["events.ttadak"] == (1, 0)  # a ttadak takes a junk card, pays no points
    # both: each go +1, from the 3rd go x2 per go (`DOUBLE ** (go - 2)`); same bright values
    assert "go.double_from" not in diff and "go.points" not in diff
    assert "brights.three_rain" not in diff and "meongbak.animals" not in diff


def test_rules_diff_shows_what_gostop_calculator_changes() -> None:
    diff = _diff(CALC)
    # "각 박 옵션마다 2배씩 증가 (피박, 광박, 멍박, 고박)"
    assert diff["gobak.factor"] == (1, 2)
    # "고박한 사람이 다른 모든 패자들의 금액까지 대신 지불하며, 본인 금액에도 고박이 포함된다"
    assert diff["gobak.factor_on"] == ("all", "own")
    assert diff["events.ttadak"] == (1, 3)  # `FirstDdadak -> scorePerPoint * 3`
    # GoPoints.kt "(기본점수 + 고 횟수) × 2^(고-2)" is estandar's; the app counts no cards
    assert "go.points" not in diff and "go.double_from" not in diff
    assert "pibak.fewer_than" not in diff and "pibak.factor" not in diff


def _record_toml(players: list[dict[str, object]], events: tuple[dict[str, object], ...] = (),
                 top: dict[str, object] | None = None) -> str:
    """A one-hand record as TOML text (strings and whole numbers only)."""
    def line(key: str, value: object) -> str:
        return f"{key} = {json.dumps(value, ensure_ascii=False)}"

    out = [line("game", "gostop"), line("preset", "estandar"), line("stopped", "Ana")]
    out += [line(k, v) for k, v in (top or {}).items()]
    for table, rows in (("players", players), ("events", list(events))):
        for row in rows:
            out += [f"[[{table}]]", *(line(k, v) for k, v in row.items())]
    return "\n".join(out) + "\n"


def _money_with_rules_file(tmp_path: Path, rules_file: Path, text: str) -> dict[str, int]:
    """``scorer score RECORD --rules-file FILE --json``: each player's net money."""
    from typer.testing import CliRunner

    from scorer.cli.app import app

    record = tmp_path / "hand.toml"
    record.write_text(text, "utf-8")
    result = CliRunner().invoke(
        app, ["score", str(record), "--rules-file", str(rules_file), "--json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    out = dict.fromkeys(doc["balances"], 0)
    for pay in doc["payments"]:
        out[pay["payer"]] -= pay["money"]
        out[pay["payee"]] += pay["money"]
    return out


# p2p-gostop's vectors (packages/engine/test/vectors/gostop.json, G1 and G6) give the winner
# 11쌍피 12쌍피 1피a 1피b 2피a 2피b 3피a 3피b 4피a 4피b 6피a B2b, then "play 5열" takes 5피a
# from the floor; as scorer cards 12쌍피 is the lightning (12j), 11쌍피 the ssangpi (11jd), B2b
# a 2-junk bonus (b2): 2 + 2 + 8 + 1 + 2 + 1 = 16 junk units, 7 points (G1: "pi": 7).
VECTOR_PILE = "11jd 12j 1j 1j 2j 2j 3j 3j 4j 4j 6j b2 5a 5j"


@pytest.mark.parametrize(
    ("ana", "bo", "top", "expected"),
    [
        pytest.param(
            # gostop.json G10-all-multipliers: 3 brights 3 + 15 junk units 6 = basePoints 9;
            # shake, bomb, pi-bak (Bo: 1 unit), gwang-bak, go-bak (Bo called go), one nagari
            # before (carry 2 there): "multiplier": 64, "finalPoints": 576 = 9 x 2^6
            {"cards": "1b 3b 8b 11jd 12j 1j 1j 2j 2j 3j 3j 4j 4j b2 5a 5j", "shakes": 1,
             "bombs": 1},
            {"cards": "7j", "gos": 1}, {"carry": 1}, 576, id="G10-all-multipliers"),
        pytest.param(
            # gostop.json G6-pibak: 7 points; "패자 피가 7장 이하면 피박 ×2": finalPoints 14
            # (estandar: 7 junk is not fewer than 6, so 7)
            {"cards": VECTOR_PILE}, {"cards": "7j 7j 8j 8j 9j 9j 10j"}, {}, 14, id="G6-pibak"),
        pytest.param(
            # gostop.json G6-pibak-zero-exempt: "패자 피가 0장이면 피박이 아니다": 7
            # (estandar: 0 junk is pi-bak, 14)
            {"cards": VECTOR_PILE}, {"cards": ""}, {}, 7, id="G6-pibak-zero-exempt"),
        pytest.param(
            # by hand from settle.ts bestStopChain: Bo holds 6 junk units and the cup (국진,
            # piValue 2); the loser takes the position that pays least: as junk 6 + 2 = 8,
            # not "<= 7", so no pi-bak: 7 (as an animal it would be 7 x 2 = 14)
            {"cards": VECTOR_PILE}, {"cards": "7j 7j 8j 8j 10j 10j 9a"}, {}, 7,
            id="loser-cup-escapes-pibak"),
        pytest.param(
            # by hand from bestStopChain: Bo's only junk-like card is the cup (9a); kept as an
            # animal he holds 0 pi, "l.piCount === 0" is exempt: 7 (counted as 2 junk
            # units it would be pi-bak, 7 x 2 = 14)
            {"cards": VECTOR_PILE}, {"cards": "9a 1r"}, {}, 7, id="loser-cup-only-exempt"),
        pytest.param(
            # by hand from bestStopChain ("승자는 최종 점수를 최대로"): Ana holds the birds,
            # 5a 6a 7a, the cup and 9 junk units. Cup as junk: 6 animals 2 + godori 5 + 11
            # units 2 = 9 (the larger subtotal, estandar's choice: 9). Cup as an animal: 7
            # animals 3 + godori 5 = 8, and 7 animals is 멍따 x2 = 16, the larger payment.
            {"cards": "2a 4a 8a 5a 6a 7a 9a 1j 1j 2j 2j 3j 3j 4j 4j 5j"},
            {"cards": "6j 6j 7j 7j 8j 8j 10j 10j"}, {}, 16, id="winner-cup-for-payment"),
    ],
)
def test_p2p_gostop_golden_hands(
    tmp_path: Path, ana: dict[str, object], bo: dict[str, object], top: dict[str, object],
    expected: int,
) -> None:
    text = _record_toml([{"name": "Ana", **ana}, {"name": "Bo", **bo}], top=top)
    assert _money_with_rules_file(tmp_path, P2P, text) == {"Ana": expected, "Bo": -expected}


@pytest.mark.parametrize(
    ("players", "events", "expected"),
    [
        pytest.param(
            # CalculateGameResultUseCaseTest `고스톱 - 고박과 첫따닥`: winner 7 points, the
            # go-bak loser also gwang-bak: "(7×100×2^2) + (7×100) = 3,500을 고박자가 모두 부담",
            # "첫따닥: 점당 100 × 3 × 2명 = 600": Ana +4,100, Bo -3,800, Cy -300.
            # Ana: 3 brights 3 + hongdan 3 + 5 ribbons 1 = 7; Bo called go and holds no
            # bright, ticked gwang-bak (the app takes the baks as typed); Cy holds one.
            [{"name": "Ana", "cards": "1b 3b 8b 1r 2r 3r 4r 6r"},
             {"name": "Bo", "cards": "6j 6j 7j 7j 10j 10j", "gos": 1, "baks": ["gwang-bak"]},
             {"name": "Cy", "cards": "11b 9j 9j"}],
            ({"kind": "ttadak", "who": "Ana"},),
            {"Ana": 4100, "Bo": -3800, "Cy": -300}, id="gobak-and-first-ttadak"),
        pytest.param(
            # CalculateGameResultUseCaseTest `고스톱 3인 고박+광박`: 8 points and 5 gos,
            # "(점당 100 * (8+5) * 2^3 * 2명) + (광박 *2) = 41,600", all paid by the go-caller:
            # Bo's own share x2 (go-bak), Cy's x2 (gwang-bak). Ana: 3 brights 3 + hongdan 3 +
            # 6 ribbons 2 = 8; Bo called go and holds a bright; Cy holds none, ticked 광박.
            [{"name": "Ana", "cards": "1b 3b 8b 1r 2r 3r 4r 6r 7r", "gos": 5},
             {"name": "Bo", "cards": "11b 6j 6j", "gos": 1},
             {"name": "Cy", "cards": "9j 9j", "baks": ["gwang-bak"]}],
            (), {"Ana": 41600, "Bo": -41600, "Cy": 0}, id="gobak-and-gwangbak-5-gos"),
        pytest.param(
            # Issue 35 item 7, by hand from CalculateLoserScoreUseCase: "기본 금액 = 승자 점수
            # × 점당", "박이 있으면: 기본 금액 × (2 ^ 박의 개수)", the baks being the options
            # ticked for the loser. Ana 3 brights 3 + hongdan 3 + 6 ribbons 2 = 8. Bo is
            # ticked 피박 though he holds 12 junk units and a bright (from the piles he
            # would suffer no bak): 8 x 100 x 2 = 1,600; Cy, ticked nothing: 800. 연뻑 for
            # Ana (CalculateGameResultUseCase `SecondFuck -> fuckScore * 2`, each other
            # player pays; 뻑 = 100 won): money 200 from Bo and from Cy.
            # Ana +1,600 + 800 + 400 = +2,800; Bo -1,800; Cy -1,000.
            [{"name": "Ana", "cards": "1b 3b 8b 1r 2r 3r 4r 6r 7r"},
             {"name": "Bo", "cards": "11b 1j 1j 2j 2j 3j 3j 4j 4j 5j 5j 6j 6j",
              "baks": ["pi-bak"]},
             {"name": "Cy", "cards": "12b 9j 9j"}],
            ({"kind": "ppeok", "who": "Ana", "money": 200},),
            {"Ana": 2800, "Bo": -1800, "Cy": -1000}, id="typed-pibak-and-second-ppeok-money"),
        pytest.param(
            # RULES_CLARIFICATION.md 예시 2, "광팜: 200 × 3 = 600원 (광 판 사람이 받음)",
            # "(광 하나당 가격) × (판 광 수) × (다른 플레이어 수)": Di sits out and sells 1
            # bright at 200 won to the 3 players. Ana 3 brights 3 + hongdan 3 + 5 ribbons 1
            # = 7 at 100 a point: Bo and Cy pay 700 each. Ana -200 + 1,400 = +1,200; Bo and
            # Cy -700 - 200 = -900; Di +600.
            [{"name": "Ana", "cards": "1b 3b 8b 1r 2r 3r 4r 6r"},
             {"name": "Bo", "cards": "11b 6j 6j"},
             {"name": "Cy", "cards": "12b 7j 7j"}],
            ({"kind": "gwang-selling", "who": "Di", "money": 200, "count": 1},),
            {"Ana": 1200, "Bo": -900, "Cy": -900, "Di": 600}, id="gwang-selling-in-money"),
        pytest.param(
            # "accepts any typed score": CalculateLoserScoreUseCase pays `winnerScore *
            # scorePerPoint` with no target. Ana stops with 3 brights = 3 points (estandar's
            # target of 7 would refuse the stop): Bo pays 300.
            [{"name": "Ana", "cards": "1b 3b 8b"}, {"name": "Bo", "cards": "11b 6j 6j"}],
            (), {"Ana": 300, "Bo": -300}, id="no-target"),
    ],
)
def test_gostop_calculator_golden_hands(
    tmp_path: Path, players: list[dict[str, object]], events: tuple[dict[str, object], ...],
    expected: dict[str, int],
) -> None:
    text = _record_toml(players, events, {"stake": 100})
    assert _money_with_rules_file(tmp_path, CALC, text) == expected


@pytest.mark.parametrize(
    ("bo", "role"),
    [
        # settle.ts bestStopChain, by hand: 6 junk units and the cup; as junk 6 + 2 = 8 is not
        # "<= 7": the cup on junk is what keeps Bo out of pi-bak, so it is reported on junk
        pytest.param("7j 7j 8j 8j 10j 10j 9a", "junk", id="cup-on-junk-escapes-pibak"),
        # the cup alone: kept as an animal Bo holds 0 pi, exempt ("l.piCount === 0")
        pytest.param("9a 1r", "animal", id="cup-as-animal-exempt"),
    ],
)
def test_the_losers_cup_is_reported_in_the_role_it_played_in_the_payment(
    tmp_path: Path, bo: str, role: str
) -> None:
    """Issue 35 item 5: the loser's choice says what the payment did with the cup, in the
    JSON and in the text, in both languages."""
    from typer.testing import CliRunner

    from scorer.cli.app import app

    record = tmp_path / "hand.toml"
    record.write_text(_record_toml([{"name": "Ana", "cards": VECTOR_PILE},
                                    {"name": "Bo", "cards": bo}]), "utf-8")
    args = ["score", str(record), "--rules-file", str(P2P)]
    doc = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    bo_json = next(p for p in doc["players"] if p["player"] == "Bo")
    assert [(c["card"], c["role"]) for c in bo_json["choices"]] == [
        ("chrysanthemum-animal", role)]
    assert [p["points"] for p in doc["payments"]] == [7]  # no pi-bak either way
    if role == "junk":
        assert "8 junk units, not fewer than 8 (6 without it)" in bo_json["choices"][0]["reason"]
        es = CliRunner().invoke(app, [*args, "--lang", "es"]).output
        assert "doble sangre contra el pi-bak: 8 unidades de sangre" in es
