"""Golden hands of every game: a record file in, hand-derived key numbers out.

Each ``tests/golden/<game>/<preset>/<case>.toml`` has a ``<case>.expected.json`` holding the
numbers derived by hand from the seed sentence it quotes (``source``/``derivation``). The
expected files are never produced by running the scorer. A series record (``[[hands]]``)
lists what each hand must give under ``"hands"``, plus ``"totals"`` after each hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.games.base import game_names
from scorer.games.record import RecordError, load_record, score_record
from scorer.games.rules import list_presets

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(GOLDEN.glob("*/*/*.toml"))


def _id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("game", game_names())
def test_every_preset_of_every_game_has_golden_cases(game: str) -> None:
    covered = {p.parent.name for p in CASES if p.parent.parent.name == game}
    assert covered == set(list_presets(game))


@pytest.mark.parametrize("record", CASES, ids=_id)
def test_golden(record: Path) -> None:
    expected: dict[str, Any] = json.loads(record.with_suffix(".expected.json").read_text("utf-8"))
    if "error" in expected:
        with pytest.raises(RecordError) as err:
            score_record(load_record(record))
        for fragment in expected["error"]:
            assert fragment in str(err.value)
        return
    data = score_record(load_record(record)).to_json()
    if data["schema"] == "scorer.series/1":
        assert len(data["hands"]) == len(expected["hands"])
        for got, want in zip(data["hands"], expected["hands"], strict=True):
            _check_hand(got, want)
        if "totals" in expected:
            assert data["totals"] == expected["totals"]
        if "next_hand" in expected:  # what the evening's next hand inherits (its dealer)
            assert data.get("next_hand") == expected["next_hand"]
        _check_payments(data, expected)
        return
    _check_hand(data, expected)


def _check_payments(data: dict[str, Any], expected: dict[str, Any]) -> None:
    if "payments" in expected:
        got_pay = [[p["payer"], p["payee"], p["points"], p["money"]] for p in data["payments"]]
        assert got_pay == expected["payments"]
    if "balances" in expected:
        assert data["balances"] == expected["balances"]
    assert sum(data["balances"].values()) == 0


def _check_hand(data: dict[str, Any], expected: dict[str, Any]) -> None:
    assert data["outcome"] == expected["outcome"]
    if "winner" in expected:
        assert data["winner"] == expected["winner"]
    players = {p["player"]: p for p in data["players"]}
    for name, want in expected.get("players", {}).items():
        got = players[name]
        assert {line["rule"]: line["points"] for line in got["lines"]} == want["lines"], name
        assert got["subtotal"] == want["subtotal"], name
        if "total" in want:
            assert got["total"] == want["total"], name
        if "bonuses" in want:
            assert {b["rule"]: b["points"] for b in got["bonuses"]} == want["bonuses"], name
        if "multipliers" in want:
            assert {m["rule"]: m["factor"] for m in got["multipliers"]} == want["multipliers"]
        if "choices" in want:
            assert {c["card"]: c["role"] for c in got["choices"]} == want["choices"], name
        if "unscored" in want:  # categories held short of scoring: their counts, 0 points
            short = got.get("unscored", [])
            assert {u["rule"]: u["params"]["count"] for u in short} == want["unscored"], name
            assert all(u["points"] == 0 for u in short), name
    if "next_hand" in expected:
        assert data.get("next_hand") == expected["next_hand"]
    if "against" in expected:
        got_against = sorted([m["rule"], m["factor"], m["against"]] for m in data["multipliers"])
        assert got_against == sorted(expected["against"])
    _check_payments(data, expected)
    for name, fragment in expected.get("notes_contain", {}).items():
        assert any(fragment in note for note in players[name]["notes"]), players[name]["notes"]
    for fragment in expected.get("hand_notes_contain", []):
        assert any(fragment in note for note in data["notes"]), data["notes"]
