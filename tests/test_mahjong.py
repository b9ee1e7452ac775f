"""Classical mahjong: the quick form, Spanish output, JSON, errors, and properties.

Expected numbers are worked by hand from seed 002 (the derivation beside each).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from scorer.catalog.es import GAMES as SPANISH
from scorer.catalog.es import RULES as SPANISH_RULES
from scorer.cli.entry import main
from scorer.games.mahjong import GAME, LaidHand, seating
from scorer.games.mahjong_score import (
    SET_UNITS,
    PlayerTiles,
    Seat,
    SetView,
    score_tiles,
)
from scorer.games.mahjong_settle import settle_losers_differ
from scorer.games.mahjong_split import counts_of, index, readings
from scorer.games.record import RecordError, load_record, record_from_data, score_record
from scorer.games.rules import load_preset
from scorer.i18n import say

ROOT = Path(__file__).parent.parent
SEED = load_preset("mahjong", "antiguo")
COMMON = load_preset("mahjong", "common")
EXAMPLE = [
    "mahjong", "--east", "123m 456m 789m 11z 22z", "--south", "234p 345p 456p 777z 55s",
    "--west", "19m19p19s1234567z", "--north", "(111s) (999s) 2345s 66s 4z",
    "--winner", "south", "--discarder", "east", "--tile", "5s",
]


def _idx(text: str) -> list[int]:
    import re

    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        out += [index(suit, int(d)) for d in digits]
    return out


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = 0
    try:
        main(argv)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- the quick form ----------------------------------------------------------------------------
def test_quick_form_documented_example(capsys: pytest.CaptureFixture[str]) -> None:
    # south: 234p 345p 456p chows 0, 55s pair 0, 777z concealed 8 = 8; +10 = 18; dragons x2 = 36.
    # east 1z 2z pairs 2 + 2 = 4; west 0; north (111s) 4 + (999s) 4 = 8.
    code, out, _ = _run(capsys, [*EXAMPLE, "--json"])
    assert code == 0
    data = json.loads(out)
    totals = {p["player"]: p["total"] for p in data["players"]}
    assert totals == {"east": 4, "south": 36, "west": 0, "north": 8}
    pays = [[p["payer"], p["payee"], p["points"]] for p in data["payments"]]
    assert pays == [
        ["east", "south", 72], ["west", "south", 36], ["north", "south", 36],
        ["west", "east", 8], ["east", "north", 8], ["west", "north", 8],
    ]
    assert data["schema"] == "scorer.hand/1" and data["outcome"] == "win"
    assert sum(data["balances"].values()) == 0
    south = next(p for p in data["players"] if p["player"] == "south")
    assert {m["rule"] for m in south["multipliers"]} == {"double.dragon"}
    assert any(line["params"]["set"] == "777z" for line in south["lines"])


def test_quick_form_text_and_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, EXAMPLE)
    assert code == 0 and "Concealed pung of dragons" in out and "reading chosen" in out
    code, out, _ = _run(capsys, [*EXAMPLE, "--lang", "es"])
    assert code == 0
    assert "Trío de Dragón en mano" in out and "Grupo Dragón" in out
    assert "lectura elegida" in out and "viento de asiento: Sur" in out
    for english in ("pung", "Concealed", "Exposed", "Going out", "seat wind", "reading",
                    "total 36", "difference", "East double", "Pair of", "went out"):
        assert english not in out, english


def test_quick_form_draw_scores_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*EXAMPLE[:9], "--draw"]
    argv[argv.index("--south") + 1] = "234p 345p 456p 777z 5s"  # 13 tiles: nobody went out
    code, out, _ = _run(capsys, [*argv, "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "draw" and data["payments"] == []


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--draw"], "--draw and --winner"),
        (["--self-drawn"], "--self-drawn and --discarder"),
    ],
)
def test_quick_form_bad_options_exit_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], fragment: str
) -> None:
    code, _, err = _run(capsys, [*EXAMPLE, *extra])
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("scorer: error:") and fragment in lines[0]


def test_quick_form_bad_hand_names_the_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = list(EXAMPLE)
    argv[argv.index("--west") + 1] = "19m19p19s123456z"  # 12 tiles
    code, _, err = _run(capsys, argv)
    assert code == 2 and "west (west) has 12 tiles" in err
    assert len(err.strip().splitlines()) == 1


# -- records ---------------------------------------------------------------------------------
def test_samples_score() -> None:
    # Each sample settles among exactly its four players, and what is paid is what is won.
    samples = sorted((ROOT / "samples").glob("mahjong-*.toml"))
    assert len(samples) >= 2
    for sample in samples:
        balances = score_record(load_record(sample)).to_json()["balances"]
        assert set(balances) == {"Ana", "Bo", "Cy", "Di"}, sample.name
        assert sum(balances.values()) == 0, sample.name
        assert any(balances.values()), sample.name
    # The one-hand sample: Bo goes out on Ana's discard, so Bo alone gains and Ana, East and the
    # discarder, pays the most.
    hand = score_record(load_record(ROOT / "samples" / "mahjong-seed-hand.toml"))
    balances = hand.to_json()["balances"]
    assert [name for name, v in balances.items() if v > 0] == ["Bo"]
    assert min(balances, key=balances.__getitem__) == "Ana"


def _record(**facts: object) -> dict[str, object]:
    players = [
        {"name": "Ana", "seat": "east", "cards": "1379m 1379p 37s 5m 55p"},
        {"name": "Bo", "seat": "south", "cards": "(333m) (111p) (333z) 456s 77s"},
        {"name": "Cy", "seat": "west", "cards": "2468m 2468p 2468s 5p"},
        {"name": "Di", "seat": "north", "cards": "2468m 2468p 2468s 9p"},
    ]
    return {"game": "mahjong", "players": players, "winner": "Bo", "self_drawn": True, **facts}


def _problems(data: dict[str, object]) -> str:
    with pytest.raises(RecordError) as err:
        score_record(record_from_data(data, origin="t", base_dir="."))
    return str(err.value)


def test_every_error_at_once() -> None:
    data = _record(discarder="Di", special="first-draw", winning_tile="9m")
    text = _problems(data)
    assert "self_drawn and discarder do not go together" in text
    assert "special = first-draw is East (Ana)" in text
    assert "winning_tile 9m is not among Bo's concealed tiles" in text


@pytest.mark.parametrize(
    ("facts", "fragment"),
    [
        ({"winner": "Zed"}, "winner = 'Zed' is no player or seat"),
        ({"draw": True}, "a draw has no winner"),
        ({"discarder": "Bo", "self_drawn": False}, "cannot go out on his own discard"),
        ({"special": "first-discard", "discarder": "Cy", "self_drawn": False},
         "the discard was Cy's"),
        ({"prevailing": "up"}, "prevailing = 'up'"),
        ({"special": "nine-gates"}, "special = 'nine-gates'"),
        ({"winning_tile": "xx"}, "winning_tile = 'xx'"),
        ({"deal": 9}, "deal = 9"),
    ],
)
def test_each_error(facts: dict[str, object], fragment: str) -> None:
    assert fragment in _problems(_record(**facts))


def test_seat_errors() -> None:
    data = _record()
    players = [dict(p) for p in data["players"]]  # type: ignore[attr-defined]
    players[1]["seat"] = "east"
    assert "Ana and Bo both sit east" in _problems({**data, "players": players})
    del players[1]["seat"]
    assert "Bo have no seat" in _problems({**data, "players": players})
    players[1]["seat"] = "sideways"
    assert "seat = 'sideways'" in _problems({**data, "players": players})
    assert "dealer (East) is Cy but Ana sits east" in _problems({**data, "dealer": "Cy"})
    three = [dict(p) for p in data["players"]][:3]  # type: ignore[attr-defined]
    assert "played by 4 players" in _problems({**data, "players": three})


def _problems_es(data: dict[str, object]) -> str:
    from scorer.cli.output import describe

    with pytest.raises(RecordError) as err:
        score_record(record_from_data(data, origin="t", base_dir="."))
    return describe(err.value, "es")


@pytest.mark.parametrize(
    ("facts", "fragment"),
    [
        ({"winner": "Zed"}, "winner = 'Zed' no es ningún jugador ni asiento"),
        ({"draw": True}, "unas tablas no tienen vencedor"),
        ({"discarder": "Bo", "self_drawn": False}, "Bo no puede cerrar con su propio descarte"),
        ({"special": "first-discard", "discarder": "Cy", "self_drawn": False},
         "special = first-discard es cerrar con el primer descarte del Este (Ana); el descarte "
         "no fue del Este"),
        ({"special": "first-draw"},
         "special = first-draw es el Este (Ana) cerrando con la primera ficha que roba; Bo no "
         "es el Este"),
        ({"prevailing": "up"}, "prevailing = 'up'; se esperaba east, south, west o north"),
        ({"special": "nine-gates"}, "special = 'nine-gates'; se esperaba uno de first-draw"),
        ({"winning_tile": "xx"}, "winning_tile = 'xx'; se esperaba un código de ficha"),
        ({"self_drawn": 1}, "self_drawn = 1; se esperaba true o false"),
        ({"winning_tile": "9m"}, "winning_tile 9m no está entre las fichas en mano de Bo"),
    ],
)
def test_each_error_in_spanish(facts: dict[str, object], fragment: str) -> None:
    text = _problems_es(_record(**facts))
    assert fragment in text
    for english in (" is ", " the ", " expected ", " and "):
        assert english not in text, (english, text)


def test_hand_errors_in_spanish() -> None:
    data = _record()
    players = [dict(p) for p in data["players"]]  # type: ignore[attr-defined]
    players[2]["cards"] = "2468m 2468p 2468s"  # 12 tiles
    players[3]["cards"] = "1111m 2468p 2468s 9p"  # with Ana's 1m: five
    text = _problems_es({**data, "players": players})
    assert "Cy (Oeste) tiene 12 fichas (12 en mano, 0 combinaciones declaradas x 3); una " \
        "mano tiene 13" in text
    assert "5 x 1m entre Ana, Di; el juego tiene 4" in text
    players[1]["seat"] = "east"
    assert "Ana, Bo ocupan el mismo asiento (Este)" in _problems_es({**data, "players": players})
    del players[1]["seat"]
    assert "a ninguno: Bo sin asiento" in _problems_es({**data, "players": players})
    players[1]["seat"] = "sideways"
    assert "jugador 'Bo': seat = 'sideways'; se esperaba" in _problems_es(
        {**data, "players": players})
    assert "el mano (Este) es Cy, pero en el Este se sienta Ana" in _problems_es(
        {**data, "dealer": "Cy"})
    three = [dict(p) for p in data["players"]][:3]  # type: ignore[attr-defined]
    assert "al mahjong juegan 4 jugadores; el registro tiene 3" in _problems_es(
        {**data, "players": three})


def test_every_problem_code_has_spanish() -> None:
    import re

    source = (ROOT / "scorer" / "games" / "mahjong.py").read_text("utf-8")
    codes = set(re.findall(r'"(mahjong\.[\w-]+)"', source))
    codes |= {f"mahjong.load.{c}" for c in re.findall(r'_said\(problems, \w+, "([\w-]+)"',
                                                       source)}
    codes -= {"mahjong.load."}
    assert len(codes) > 20
    missing = sorted(c for c in codes if c not in SPANISH["mahjong"])
    assert not missing


def test_payments_print_as_formulas(capsys: pytest.CaptureFixture[str]) -> None:
    # settle-east-loses: Ana 40 wins, Bo (East) 4, Cy 0, Di 16 (worked in its derivation):
    # Bo pays 40 x2 = 80; Cy pays Bo 4 - 0 = 4 x2 = 8; Bo pays Di 16 - 4 = 12 x2 = 24.
    path = ROOT / "tests" / "golden" / "mahjong" / "antiguo" / "settle-east-loses.toml"
    code, out, _ = _run(capsys, ["score", str(path)])
    assert code == 0
    assert "Bo pays Ana: 40 winning hand × 2 East = 80 points = 80\n" in out
    assert "Cy pays Ana: 40 winning hand = 40 points = 40\n" in out
    assert "Cy pays Bo: 4 difference × 2 East = 8 points = 8\n" in out
    assert "Bo pays Di: 12 difference × 2 East = 24 points = 24\n" in out
    assert "Cy pays Di: 16 difference = 16 points = 16\n" in out
    code, out, _ = _run(capsys, ["score", str(path), "--lang", "es"])
    assert "Bo paga a Ana: 40 mano ganadora × 2 Este = 80 puntos = 80\n" in out
    assert "Bo paga a Di: 12 diferencia × 2 Este = 24 puntos = 24\n" in out
    assert "Este (el mano): Bo; viento dominante: Este" in out


def test_quick_form_names_the_seats_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    # the documented example: south 36 (see above); east (East) pays 36 x2 = 72.
    code, out, _ = _run(capsys, [*EXAMPLE, "--lang", "es"])
    assert code == 0
    assert "este paga a sur: 36 mano ganadora × 2 Este = 72 puntos = 72\n" in out
    assert "sur cierra con el descarte de este" in out
    assert "east" not in out and "south" not in out
    code, _, err = _run(capsys, [*EXAMPLE, "--draw", "--lang", "es"])
    assert code == 2 and "--draw y --winner no van juntos" in err


def test_seating_follows_the_list_from_the_dealer() -> None:
    seats, problems = seating((("A", None), ("B", None), ("C", None), ("D", None)), "C")
    assert not problems
    assert seats == {"C": "east", "D": "south", "A": "west", "B": "north"}


def test_winner_named_by_seat_word() -> None:
    result = score_record(record_from_data(_record(winner="south"), origin="t", base_dir="."))
    assert result.winner == "Bo"


def test_photo_pile_without_resolver_is_a_problem() -> None:
    data = _record()
    players = [dict(p) for p in data["players"]]  # type: ignore[attr-defined]
    players[0]["cards"] = "ana.jpg"
    assert "photos need `scorer score`" in _problems({**data, "players": players})


# -- splits ----------------------------------------------------------------------------------
def test_ambiguous_splits() -> None:
    assert len(readings(counts_of(_idx("111222333m44p")))) == 2
    assert len(readings(counts_of(_idx("11112222333344m")))) == 3
    assert readings(counts_of(_idx("13579m13579p1357s"))) == []
    assert readings(counts_of(_idx("1112345678999m5m"))) != []


def test_worst_hand_splits_fast() -> None:
    import time

    start = time.perf_counter()
    for hand in ("11122233344455m", "11223344556677m", "11112222333344m"):
        readings.__globals__["_suit"].cache_clear()
        score_tiles(PlayerTiles(tuple(_idx(hand)), ()), Seat("south", "east", True), SEED)
    assert time.perf_counter() - start < 5  # a hang guard: bench/mahjong_speed.py measures it


# -- properties --------------------------------------------------------------------------------
SETS = [(s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)]
SETS += [(t, t, t) for t in range(34)]


@st.composite
def winning_hands(draw: st.DrawFn) -> list[int]:
    """Four sets and a pair, never more than four copies of a tile."""
    groups = draw(st.lists(st.sampled_from(SETS), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    tiles = [t for g in groups for t in g] + [pair, pair]
    assume(max(counts_of(tiles)) <= 4)
    return tiles


@settings(max_examples=80,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(winning_hands(), st.randoms(use_true_random=False))
def test_tile_order_never_matters(hand: list[int], rnd: random.Random) -> None:
    seat = Seat("south", "east", True)
    best, others = score_tiles(PlayerTiles(tuple(hand), ()), seat, COMMON)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    again, others2 = score_tiles(PlayerTiles(tuple(shuffled), ()), seat, COMMON)
    event("several readings" if others else "one reading")
    assert (best.total, len(others)) == (again.total, len(others2))
    assert best.total >= 10  # going out scores


# too_slow: drawing a winning hand waits on the machine's load, not on the strategy.
@settings(max_examples=80,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(winning_hands(), st.sampled_from(["antiguo", "common"]))
def test_a_concealed_set_never_scores_less_than_exposed(hand: list[int], preset: str) -> None:
    rules = load_preset("mahjong", preset)
    seat = Seat("south", "east", True)
    counts = counts_of(hand)
    pungs = [t for t in range(34) if counts[t] >= 3]
    event("has a pung" if pungs else "no pung")
    concealed, _ = score_tiles(PlayerTiles(tuple(hand), ()), seat, rules)
    for t in pungs:
        rest = list(hand)
        for _ in range(3):
            rest.remove(t)
        if not readings(counts_of(rest)):
            continue
        exposed, _ = score_tiles(PlayerTiles(tuple(rest), (SetView("pung", t, True, True),)),
                                 seat, rules)
        assert concealed.total >= exposed.total


@pytest.mark.parametrize("rules", [SEED, COMMON], ids=["antiguo", "common"])
def test_each_set_concealed_scores_at_least_exposed(rules: object) -> None:
    from scorer.games.mahjong_score import params

    p = params(rules)  # type: ignore[arg-type]
    seat = Seat("south", "east")
    for kind in ("pung", "kong", "chow"):
        for tile in (0, 4, 8, 27, 28, 31):
            if kind == "chow" and tile > 6:
                continue
            hidden = SET_UNITS[kind](SetView(kind, tile, False), seat, p).points
            shown = SET_UNITS[kind](SetView(kind, tile, True), seat, p).points
            assert hidden >= shown


@given(
    st.lists(st.integers(0, 300), min_size=4, max_size=4),
    st.integers(0, 3),
    st.integers(0, 3),
    st.sampled_from([1, 2, 3]),
)
def test_settlement_sums_to_zero(totals: list[int], w: int, e: int, factor: int) -> None:
    names = ["A", "B", "C", "D"]
    pays = settle_losers_differ(list(zip(names, totals, strict=True)), names[w], names[e],
                                factor)
    net = dict.fromkeys(names, 0)
    for p in pays:
        net[p.payer] -= p.points
        net[p.payee] += p.points
        assert p.points > 0
    event("east wins" if w == e else "east loses")
    assert sum(net.values()) == 0
    assert net[names[w]] >= 0  # the winner never pays


def test_json_records_match_the_text() -> None:
    result = score_record(load_record(ROOT / "samples" / "mahjong-seed-hand.toml"))
    data = result.to_json()
    assert set(data) >= {"players", "payments", "balances", "notes"}
    for p in data["payments"]:
        assert {t["op"] for t in p["terms"]} <= {"=", "note", "x"}
    assert SPANISH_RULES["mahjong"]["pung.concealed.dragon"] == "Trío de Dragón en mano"


def test_a_round_carries_east_wins_and_the_deal_passes_after_the_ninth(tmp_path: Path) -> None:
    from scorer.games.record import load_record, series_hands

    path = Path(__file__).parent / "golden" / "mahjong" / "dmjl" / "limit-east-nine.toml"
    head, _, players = path.read_text("utf-8").partition("[[players]]")
    text = head.replace("east_wins = 8\n", "east_wins = 7\n") + "[[hands]]\n[[hands]]\n"
    text += "\n[[players]]" + players
    tmp = tmp_path / "east-nine-round.toml"
    tmp.write_text(text, "utf-8")
    hands = series_hands(load_record(tmp))
    (first, r1), (second, r2) = hands
    # the eighth win: wall 2 + only tile 2 + pair of 2-8 2 = 6, +20 = 26, x2 x2 = 104
    assert first["east_wins"] == 7 and r1.players[0].total == 104
    assert second["east_wins"] == 8 and r2.players[0].lines[0].rule == "limit.east-nine"
    after = GAME.next_hand(1, second, r2, load_record(path).rules)
    assert after["east_wins"] == 0 and after["dealer"] == "Bo"  # the winds rotate


def test_a_limit_hand_quotes_the_best_the_sets_give() -> None:
    # DMJL, East's ninth win: 123m 456m 55m 789p 234s, the drawn 5m read into 456m gives
    # wall 2 + only tile 2 = 4 +20 = 24 x2 x2 = 96, read into the pair 55m also 2..8 pair 2:
    # 6 +20 = 26 x2 x2 = 104. The limit note quotes 104, the sets' best (issue 43: the only
    # possible tile is 2 points, Kajongg's 'Last Tile is Only Possible Tile' points=2).
    dmjl = load_preset("mahjong", "dmjl")
    five = index("m", 5)
    seat = Seat("east", "east", True, False, five, None, True, "wall", (), 8)
    best, _ = score_tiles(PlayerTiles(tuple(_idx("123m 456m 55m 789p 234s")), ()), seat, dmjl)
    assert best.total == 500 and best.lines[0].rule == "limit.east-nine"
    said = [n for n in best.notes if n.key == "note.limit-hand"]
    assert [dict(n.args)["sets"] for n in said] == [104]
    assert "the sets give 104" in say(said[0].key, said[0].args, "", "en", "mahjong")


@pytest.mark.parametrize(("concealed", "melds", "tiles", "odd", "possible"), [
    (13, (), 13, (), True),  # a hand: "cada jugador juega con 13 fichas"
    (14, (), 14, (), True),  # the winner's: 4 x 3 + 2 = 14
    (10, (4,), 13, (), True),  # 10 + 3: a kong counts as 3
    (2, (4, 4, 4, 4), 14, (), True),  # 2 + 4 x 3: four kongs and the pair
    (12, (), 12, (), False),  # a tile missing
    (11, (4,), 14, (), True),  # 11 + 3
    (12, (4,), 15, (), False),  # 12 + 3 = 15 (16 if the kong counted as 4)
    (11, (2,), 13, (0,), False),  # 11 + 2 = 13, but a meld of 2
    (5, (3, 5), 13, (1,), False),  # 5 + 3 + 5 = 13, but a meld of 5
])
def test_laid_hand_counts_a_kong_as_three_and_wants_13_or_14(
        concealed: int, melds: tuple[int, ...], tiles: int, odd: tuple[int, ...],
        possible: bool) -> None:
    laid = LaidHand(concealed, melds)
    assert (laid.tiles, laid.odd_melds, laid.possible) == (tiles, odd, possible)
