"""Koi-Koi: the quick form, Spanish output, JSON, photo piles, properties, every error case.

Expected numbers are worked by hand from seed 003 (the comment beside each says how).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorer.catalog import en, es
from scorer.catalog.native import NATIVE
from scorer.cli.entry import main
from scorer.decks.hanafuda import DECK, HanafudaCard, Kind
from scorer.games.koikoi import YAKU, KoiHand, KoiPlayer, count_yaku, score_hand
from scorer.games.record import RecordError, record_from_data, score_record
from scorer.games.rules import load_preset

RULE_NAMES = {r: (en.RULES["koikoi"][r], es.RULES["koikoi"][r], NATIVE["koikoi"].get(r, ""))
              for r in en.RULES["koikoi"]}

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"
PRESETS = ("labsk", "nintendo")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = 0
    try:
        main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# -- the quick form ------------------------------------------------------------------------------
def test_quick_form_documented_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "koikoi", "--me", "1b 3b 8b 9a", "--vs", "2a 6a 7a 10a 11a", "--month", "3",
        "--koikoi", "vs:1",
    )
    assert code == 0
    # Sanko 5 + Hanami-zake 5 + Tsukimi-zake 5 = 15; x2 (>= 7) x2 (vs called) = 60
    assert "Subtotal: 15" in out and "Total: 60" in out
    assert "vs pays me: 15 × 2 7+ points × 2 koi-koi = 60 points = 60" in out
    assert "month 3 (cherry)" in out


def test_quick_form_koikoi_me_and_stop_vs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "koikoi", "--me", "1r 2r 3r", "--vs", "6r 9r 10r", "--koikoi", "me:1",
        "--stop", "vs", "--stake", "10",
    )
    assert code == 0
    # vs Aotan 6, x2 after my koi-koi = 12 points, 120 at 10 a point
    assert "me pays vs: 6 × 2 koi-koi = 12 points = 120" in out


def test_quick_form_instant_win_redeal_and_draw(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "koikoi", "--dealt", "vs:teshi", "--json")
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "instant-win" and data["winner"] == "vs"
    assert [(p["payer"], p["points"]) for p in data["payments"]] == [("me", 6)]  # Teshi 6
    code, out, _ = run(capsys, "koikoi", "--redeal", "kuttsuki", "--json")
    assert json.loads(out)["outcome"] == "redeal" and json.loads(out)["payments"] == []
    code, out, _ = run(
        capsys, "koikoi", "--me", "1j", "--vs", "2j", "--stop", "none", "--dealer", "vs",
        "--rules", "nintendo", "--json",
    )
    data = json.loads(out)  # nintendo: oya-ken 6 to the dealer
    assert data["outcome"] == "draw"
    assert [(p["payer"], p["payee"], p["points"]) for p in data["payments"]] == [("me", "vs", 6)]


def test_quick_form_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "koikoi", "--me", "1r 2r 3r 4r 5r", "--vs", "1j", "--json")
    data = json.loads(out)
    assert code == 0 and data["schema"] == "scorer.hand/1" and data["game"] == "koikoi"
    me = data["players"][0]
    # Akatan 6 + 2 extra = 8, Tanzaku 1: 9, x2 (>= 7) = 18
    assert [(x["rule"], x["points"], x["detail"]) for x in me["lines"]] == [
        ("akatan", 8, "3 + 2 extra"),
        ("tanzaku", 1, "5"),
    ]
    assert me["lines"][0]["cards"][:3] == ["pine-ribbon", "plum-ribbon", "cherry-ribbon"]
    assert [(m["rule"], m["factor"]) for m in me["multipliers"]] == [("seven-double", 2)]
    pay = data["payments"][0]
    assert pay["terms"] == [
        {"rule": "subtotal", "op": "=", "value": 9},
        {"rule": "seven-double", "op": "x", "value": 2, "args": {"points": 9, "min": 7}},
    ]
    assert data["balances"] == {"me": 18, "vs": -18}


def test_match_record_round_by_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(SAMPLES / "koikoi-match.toml"))
    assert code == 0
    assert "koikoi · labsk · match, rounds: 6" in out  # seven hands, one a redeal (issue 43)
    assert "round 5 · month 5 (iris) · oya Bo" in out  # after the redeal: the same round
    assert "round 6 · month 6 (peony) · oya Ana" in out  # Ana won round 5 (Teshi)
    # 5 + 12 (Akatan 6 x2 after Bo's koi-koi) - 16 (Ino-Shika-Cho 7 + Tane 1, x2) + 6 - 5 = 2
    assert out.rstrip().endswith("Bo pays Ana: 2 points = 200 yen")
    code, out, _ = run(capsys, "score", str(SAMPLES / "koikoi-match.toml"), "--json")
    data = json.loads(out)
    assert data["schema"] == "scorer.series/1" and data["kind"] == "match"
    assert [h["outcome"] for h in data["hands"]] == [
        "stop", "stop", "draw", "stop", "redeal", "instant-win", "stop"
    ]
    assert data["balances"] == {"Ana": 2, "Bo": -2}


def test_sample_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(SAMPLES / "koikoi-labsk-hand.toml"))
    assert code == 0 and (
        "Bo pays Ana: 15 × 2 7+ points × 2 koi-koi = 60 points = 600 yen" in out
    )  # 15 x2 x2
    assert "called koi-koi and Ana scored first: wins nothing" in out


# -- Spanish ----------------------------------------------------------------------------------
def test_spanish_names_each_yaku_with_the_japanese_beside(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "koikoi", "--me", "1b 3b 8b 9a 6a 7a 10a 2a 1r 2r 3r 4r 5r", "--vs",
        "4a 5a 8a 11a 12j", "--month", "3", "--lang", "es",
        "--set", "stack.inoshikacho_tane=false",
    )
    assert code == 0, out
    for rule in ("sanko", "hanami-zake", "tsukimi-zake", "inoshikacho", "akatan", "tanzaku"):
        _en, es, native = RULE_NAMES[rule]
        assert f"{es} ({native})" in out
    english = [en for en, _es, _nat in RULE_NAMES.values()]
    for word in english:
        assert word not in out, word
    for word in ("called", "points", "month", "pays", "not counted"):
        assert word not in out, word
    assert "mes 3 (cerezo)" in out and "paga a" in out


def test_spanish_match_and_draw_notes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(SAMPLES / "koikoi-match.toml"), "--lang", "es")
    assert code == 0
    assert "ronda 5 · mes 5 (lirio) · padre (oya) Bo" in out
    assert "nadie puntuó: oya-ken" in out
    assert "cantó koi-koi y Ana puntuó antes: no gana nada" in out
    assert "la mesa recibió Kuttsuki: se vuelve a repartir" in out
    assert "Cuatro cartas del mismo palo (Teshi)" in out
    assert "called" not in out and "nobody" not in out and "redeal," not in out



def test_spanish_quick_form_names_counts_and_details(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "koikoi", "--me", "1b 3b 8b 9a", "--vs", "2a 6a 7a 10a 11a", "--month", "3",
        "--koikoi", "vs:1", "--lang", "es",
    )
    assert code == 0
    # the players are jugador / rival (third person, as the messages are worded); one call
    # is "1 vez"; the detail is worded from its key
    assert "rival paga a jugador: 15 × 2 7+ puntos × 2 koi-koi = 60 puntos = 60" in out
    assert "rival cantó koi-koi 1 vez antes" in out and "cantó koi-koi 1 vez\n" in out
    assert "[3 + 2 de más]" in out
    assert "vez/veces" not in out and "extra]" not in out
    code, out, _ = run(
        capsys, "koikoi", "--me", "1b 3b 8b 9a", "--vs", "2a 6a 7a 10a 11a", "--month", "3",
        "--koikoi", "vs:2", "--stop", "me", "--lang", "es",
    )
    assert code == 0 and "rival cantó koi-koi 2 veces antes" in out
    assert "cantó koi-koi 2 veces\n" in out


def test_spanish_problems_from_check_and_load(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(
        capsys, "koikoi", "--me", "1b 3b 11b", "--vs", "1b 2a 4a 5a 8a 11a", "--month", "13",
        "--koikoi", "vs:2", "--set", "koikoi.multiple=false", "--lang", "es",
    )
    assert code == 2
    for fragment in (
        "pine-bright está en más de un montón: jugador, rival",
        "rival cantó koi-koi 2 veces; las reglas 'labsk' permiten un solo canto por mano",
        "jugador paró sin ningún yaku",
        "--month 13: se esperaba de 1 a 12",
    ):
        assert fragment in err, err
    record = tmp_path / "bad.toml"
    record.write_text(
        'game = "koikoi"\nmonth = "x"\nround = 0\nredeal = 3\n'
        '[[players]]\nname = "Ana"\ncards = "1b"\ndealt = 4\n'
        '[[players]]\nname = "Bo"\ncards = "2a"\n', "utf-8",
    )
    code, _, err = run(capsys, "score", str(record), "--lang", "es")
    assert code == 2
    for fragment in (
        "jugador 'Ana': dealt debe ser teshi o kuttsuki",
        "month = 'x'; se esperaba un número entero",
        "round = 0; las rondas se cuentan desde 1",
        "redeal debe ser teshi o kuttsuki",
    ):
        assert fragment in err, err


def test_huge_call_count_is_told_without_its_digits(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "koikoi", "--me", "1b 3b 8b 9a", "--koikoi", "me:" + "9" * 5000)
    assert code == 2 and "koikoi = a huge number; expected a whole number from 0 to 8" in err
    assert len(err) < 300

# -- bad input: every problem at once, exit 2, one line -------------------------------------------
def test_quick_form_all_problems_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "koikoi", "--me", "1b 3b 11b", "--vs", "1b 2a 4a 5a 8a 11a", "--month", "13",
        "--koikoi", "vs:2", "--set", "koikoi.multiple=false",
    )
    assert code == 2 and out == ""
    assert err.startswith("scorer: error:") and err.count("\n") == 1
    for fragment in (
        "pine-bright is in more than one pile: me, vs",
        "vs called koi-koi 2 times; preset 'labsk' allows one call a hand",
        "me stopped with no yaku",
        "--month 13: expected 1 to 12",
    ):
        assert fragment in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--me", "1b 3b 12b", "--koikoi", "bo:1"], "--koikoi bo:1: expected WHO:N"),
        (["--me", "1b 3b 12b", "--koikoi", "me:x"], "'x' is not a number of calls"),
        (["--dealt", "teshi"], "--dealt teshi: expected WHO:KIND"),
        (["--dealt", "me:tesh"], "dealt = 'tesh'; expected teshi or kuttsuki"),
        (["--me", "1b 3b 13b"], "13b"),
        (["--me", "1b 3b 12b", "--month", "0"], "--month 0: expected 1 to 12"),
        (["--me", "1b 3b 12b", "--koikoi", "me:9"], "koikoi = 9; expected a whole number"),
        (["--me", "1j", "--vs", "2j", "--stop", "none", "--rules", "nintendo"], "say who dealt"),
        (["--me", "1b 3b 12b", "--vs", "2a 4a 5a 8a 11a"], "vs has a yaku (Tane) but"),
        (["--me", "1b 3b 12b", "--koikoi", "vs:1"], "vs called koi-koi with no yaku"),
        (["--redeal", "teshi", "--koikoi", "me:1"], "the hand is redealt"),
        (["--dealt", "me:teshi", "--stop", "vs"], "me won at once (teshi), so nobody"),
        (["--dealt", "me:teshi", "--koikoi", "me:1"], "before any koi-koi call"),
        (["--me", "1j 1j", "--vs", "1j"], "3 plain pine junk across piles"),
        (["--me", "1b", "--set", "match.rounds=5"], "match.rounds = 5"),
    ],
)
def test_quick_form_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, "koikoi", *argv)
    assert code == 2 and out == ""
    assert err.startswith("scorer: error:") and err.count("\n") == 1, err
    assert fragment in err, err


def test_record_errors_from_load_are_all_told() -> None:
    data = {
        "game": "koikoi",
        "month": "March",
        "redeal": 3,
        "players": [
            {"name": "Ana", "cards": "1b zz", "koikoi": -1, "dealt": 4},
            {"name": "Bo", "cards": "1j", "koikoi": "two"},
        ],
    }
    with pytest.raises(RecordError) as err:
        record_from_data(data, origin="t", base_dir=".")
    text = str(err.value)
    for fragment in (
        "month = 'March'; expected a whole number",
        "redeal must be teshi or kuttsuki",
        "player 'Ana': koikoi = -1",
        "player 'Ana': dealt must be teshi or kuttsuki",
        "zz",
        "player 'Bo': koikoi = 'two'",
    ):
        assert fragment in text


# -- photo piles go through the pipeline, read in Japanese months ----------------------------
def test_photo_pile_is_resolved_for_koikoi(tmp_path: Path) -> None:
    (tmp_path / "ana.jpg").write_bytes(b"")
    seen: list[tuple[str, str]] = []

    def resolver(path: str, game: str) -> str:
        seen.append((Path(path).name, game))
        return "pine-bright cherry-bright paulownia-bright"

    data = {
        "game": "koikoi",
        "stopped": "Ana",
        "players": [{"name": "Ana", "cards": "ana.jpg"}, {"name": "Bo", "cards": "11j"}],
    }
    record = record_from_data(data, origin="t", base_dir=str(tmp_path), pile_resolver=resolver)
    result = score_record(record)
    assert seen == [("ana.jpg", "koikoi")]
    assert [(x.rule, x.points) for x in result.players[0].lines] == [("sanko", 5)]
    from scorer.games.base import get_game

    assert get_game("koikoi").card_label("paulownia-bright") == "12b"  # Japanese months
    assert get_game("koikoi").card_label("willow-bright") == "11b"


# -- properties -------------------------------------------------------------------------------
JUNK = [c for c in DECK if c.kind is Kind.JUNK]


BY_CODE = {c.code("jp"): c for c in DECK}
# The cards of one yaku each (and none), so that most drawn piles score something.
CORES = [
    tuple(BY_CODE[x] for x in core.split())
    for core in (
        "1b 3b 12b", "1b 3b 11b", "1b 3b 8b 11b", "6a 7a 10a", "1r 2r 3r", "6r 9r 10r",
        "8b 9a", "3b 9a", "2a 4a 5a 8a 11a", "1r 2r 4r 5r 7r", "3b 3r 3j1 3j2", "1j1",
    )
] + [tuple(JUNK[:10])]


@st.composite
def piles(draw: Any) -> list[HanafudaCard]:
    """Piles steered to score: one yaku's cards (or a near miss) plus random cards."""
    core = draw(st.sampled_from(CORES))
    more = draw(st.lists(st.sampled_from(DECK), unique=True, max_size=12))
    return list(dict.fromkeys([*core, *more]))


_FAMILY = {"goko": "brights", "shiko": "brights", "ame-shiko": "brights", "sanko": "brights",
           "akatan": "poem", "aotan": "poem", "akaao": "poem"}


def _families(lines: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in lines:
        key = _FAMILY.get(line.rule, line.rule)
        out[key] = out.get(key, 0) + line.points
    return out


def _interesting(counts: list[bool]) -> None:
    assert counts and sum(counts) >= 0.6 * len(counts), f"{sum(counts)} of {len(counts)}"


@pytest.mark.parametrize("preset", PRESETS)
def test_card_order_never_matters(preset: str) -> None:
    rules = load_preset("koikoi", preset)
    seen: list[bool] = []

    @settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(piles(), st.randoms(use_true_random=False), st.integers(1, 12))
    def check(pile: list[HanafudaCard], rnd: Any, month: int) -> None:
        shuffled = list(pile)
        rnd.shuffle(shuffled)
        a, b = count_yaku(pile, rules, month), count_yaku(shuffled, rules, month)
        assert a == b
        seen.append(a.subtotal > 0)
        event("scores" if a.subtotal else "no yaku")

    check()
    _interesting(seen)


@pytest.mark.parametrize("preset", PRESETS)
def test_adding_a_card_never_lowers_a_yaku(preset: str) -> None:
    rules = load_preset("koikoi", preset)
    seen: list[bool] = []

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(piles(), st.sampled_from(DECK), st.integers(1, 12))
    def check(pile: list[HanafudaCard], card: HanafudaCard, month: int) -> None:
        if card in pile:
            return
        before = count_yaku(pile, rules, month)
        after = count_yaku([*pile, card], rules, month)
        assert after.subtotal >= before.subtotal
        now = _families(after.lines)
        for family, points in _families(before.lines).items():
            if family == "tane" and "inoshikacho" in now and "tane" not in now:
                continue  # stack switch: Tane is not counted beside Ino-Shika-Cho
            assert now.get(family, 0) >= points, (family, before.lines, after.lines)
        seen.append(before.subtotal > 0)
        event("scores" if before.subtotal else "no yaku")

    check()
    _interesting(seen)


@st.composite
def hands(draw: Any) -> tuple[KoiHand, str]:
    """Two piles from one deck, with the facts a real hand would have."""
    first = draw(piles())
    second = [c for c in draw(piles()) if c not in first]
    preset = draw(st.sampled_from(PRESETS))
    rules = load_preset("koikoi", preset)
    month = draw(st.integers(1, 12))
    names = ("Ana", "Bo")
    piles_ = (tuple(first), tuple(second))
    scored = [count_yaku(p, rules, month).has_yaku for p in piles_]
    dealer = draw(st.sampled_from(names))
    if draw(st.integers(0, 9)) == 0:
        who = draw(st.sampled_from(names))
        kind = draw(st.sampled_from(("teshi", "kuttsuki")))
        players = tuple(
            KoiPlayer(n, p, 0, kind if n == who else None)
            for n, p in zip(names, piles_, strict=True)
        )
        return KoiHand(players, None, draw(st.integers(0, 50)), "", dealer, month), preset
    stoppers = [n for n, s in zip(names, scored, strict=True) if s]
    stopper = draw(st.sampled_from(stoppers)) if stoppers else None
    players = tuple(
        KoiPlayer(n, p, draw(st.integers(1, 3)) if s and n != stopper else 0)
        for n, p, s in zip(names, piles_, scored, strict=True)
    )
    return KoiHand(players, stopper, draw(st.integers(0, 50)), "", dealer, month), preset


def test_payments_sum_to_zero() -> None:
    seen: list[bool] = []

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hands())
    def check(item: tuple[KoiHand, str]) -> None:
        hand, preset = item
        result = score_hand(hand, load_preset("koikoi", preset))
        assert sum(result.balances().values()) == 0
        for pay in result.payments:
            assert pay.money == pay.points * hand.stake
            payee = next(p for p in result.players if p.player == pay.payee)
            assert pay.points == payee.total > 0
        seen.append(bool(result.payments))
        event(result.outcome)

    check()
    _interesting(seen)


def test_every_registered_yaku_is_named_and_documented() -> None:
    assert set(YAKU) <= set(RULE_NAMES)
    keys = load_preset("koikoi", "labsk", check=True).specs
    assert "tsukifuda.enabled" in keys and "cup.kasu" in keys
