"""Issue 35 items 7 and 8: what the terminal text and ``--json`` show of a category held short
of scoring, the next dealer of an evening, a big hand, a price in money and typed baks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.cli.entry import main

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "golden" / "gostop"
CALC = REPO / "samples" / "house-rules" / "gostop-calculator.toml"


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        main(args)
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr().err
    return capsys.readouterr().out


def test_nine_junk_read_as_nine_needing_ten(capsys: pytest.CaptureFixture[str]) -> None:
    record = str(GOLDEN / "cardavia" / "unscored-counts.toml")
    doc = json.loads(_run(["score", record, "--json"], capsys))
    bo = next(p for p in doc["players"] if p["player"] == "Bo")
    junk = next(u for u in bo["unscored"] if u["rule"] == "junk")
    assert (junk["points"], junk["params"]["count"], junk["params"]["need"]) == (0, 9, 10)
    assert len(junk["cards"]) == 9
    assert all(line["points"] > 0 for line in bo["lines"])  # lines stay what scored
    text = _run(["score", record], capsys)
    assert "Junk (pi) [9; needs 10]" in text
    assert "Sangre (pi) [9; hacen falta 10]" in _run(["score", record, "--lang", "es"], capsys)


def test_an_evening_says_who_deals_next(capsys: pytest.CaptureFixture[str]) -> None:
    record = str(REPO / "samples" / "gostop-evening.toml")
    doc = json.loads(_run(["score", record, "--json"], capsys))
    # hand 1 Ana stops, hand 2 Bo stops: "el ganador de la partida anterior iniciará el juego"
    assert [h["next_hand"]["dealer"] for h in doc["hands"]] == ["Ana", "Bo"]
    assert doc["next_hand"] == {"carry": 0, "dealer": "Bo"}
    text = _run(["score", record], capsys)
    assert text.count("Next dealer: ") == 2 and text.index("Next dealer: Ana") < text.index(
        "Next dealer: Bo")
    assert "Reparte la siguiente mano: Bo" in _run(["score", record, "--lang", "es"], capsys)


def test_a_big_hand_is_a_multiplier_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    record = str(GOLDEN / "cardavia" / "big-hand.toml")
    doc = json.loads(_run(["score", record, "--json"], capsys))
    ana = doc["players"][0]
    assert ana["multipliers"] == [{"rule": "big-hand", "factor": 2, "against": None,
                                   "reason": "the table agreed this is a big hand (big_hand)"}]
    text = _run(["score", record], capsys)
    assert "x2 Big hand (daepan): the table agreed this is a big hand" in text
    assert "Bo pays Ana: 7 × 2 daepan = 14 points = 1,400 won" in text
    es = _run(["score", record, "--lang", "es"], capsys)
    assert "x2 Mano grande (daepan): la mesa acordó que es una mano grande" in es


def test_the_quick_form_marks_a_big_hand(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--big-hand",
                "--json"], capsys)
    assert [p["points"] for p in json.loads(out)["payments"]] == [14]


def test_a_big_hand_where_the_rules_play_none_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = str(GOLDEN / "cardavia" / "big-hand.toml")
    with pytest.raises(SystemExit) as info:
        main(["score", record, "--set", "bighand.factor=1"])
    assert info.value.code == 2
    assert "plays no big hand (bighand.factor = 1)" in capsys.readouterr().err


def test_a_price_in_money_shows_its_money_and_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = str(GOLDEN / "estandar" / "events-priced-in-money.toml")
    doc = json.loads(_run(["score", record, "--json"], capsys))
    sale = doc["payments"][1]
    assert (sale["points"], sale["money"]) == (3, 300)
    assert sale["terms"][1] == {"rule": "event.money", "op": "each", "value": 0,
                                "args": {"price": "150", "currency": " won"}}
    text = _run(["score", record], capsys)
    assert "Ana pays Di: 3 points = 300 won (Brights sold; 150 won each; Brights sold x2)" in text
    es = _run(["score", record, "--lang", "es"], capsys)
    assert "Ana paga a Di: 1 punto = 150 won (Venta de luces; 150 won cada una)" in es


def test_typed_baks_are_taken_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """gostop-calculator.toml: the loser ticked pi-bak pays x2 though his pile holds plenty
    of junk; the quick form's --bak says the same."""
    args = ["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 1j 1j 2j 2j 3j 3j 4j 4j "
            "5j 5j 6j 6j", "--bak", "vs:pi-bak", "--rules-file", str(CALC)]
    doc = json.loads(_run([*args, "--json"], capsys))
    assert doc["payments"][0]["points"] == 14
    assert doc["multipliers"][0]["rule"] == "pi-bak.typed"
    assert "vs: pi-bak, as typed (baks)" in _run(args, capsys)
    assert "rival: pi-bak, como se indicó (baks)" in _run([*args, "--lang", "es"], capsys)
    with pytest.raises(SystemExit) as info:  # estandar finds the baks from the piles
        main(args[:-2])
    assert info.value.code == 2
    assert "bak.from = piles" in capsys.readouterr().err


def test_rules_diff_shows_the_new_keys(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(_run(["rules", "diff", "gostop", "estandar", str(CALC), "--json"], capsys))
    diff = {d["key"]: (d["a"], d["b"]) for d in doc["differences"]}
    assert diff["bak.from"] == ("piles", "typed")
    assert diff["target.two"] == (7, 0) and diff["target.three"] == (3, 0)
    keys = _run(["rules", "gostop", "estandar", "--lang", "es"], capsys)
    assert "bighand.factor" in keys and "de dónde salen los baks" in keys
