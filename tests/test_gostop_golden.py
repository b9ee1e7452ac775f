"""Golden Go-Stop hands: a record file in, hand-derived key numbers out.

Each ``tests/golden/gostop/<preset>/<case>.toml`` has a ``<case>.expected.json`` holding the
numbers derived by hand from the seed sentence it quotes (``source``/``derivation``). The
expected files are never produced by running the scorer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.games.record import RecordError, load_record, score_record

GOLDEN = Path(__file__).parent / "golden" / "gostop"
CASES = sorted(GOLDEN.glob("*/*.toml"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_every_preset_has_golden_cases() -> None:
    assert {p.parent.name for p in CASES} == {"familia", "cardavia", "estandar"}


@pytest.mark.parametrize("record", CASES, ids=_id)
def test_golden(record: Path) -> None:
    expected: dict[str, Any] = json.loads(record.with_suffix(".expected.json").read_text("utf-8"))
    if "error" in expected:
        with pytest.raises(RecordError) as err:
            score_record(load_record(record))
        for fragment in expected["error"]:
            assert fragment in str(err.value)
        return
    result = score_record(load_record(record))
    data = result.to_json()
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
    if "against" in expected:
        got_against = sorted([m["rule"], m["factor"], m["against"]] for m in data["multipliers"])
        assert got_against == sorted(expected["against"])
    if "payments" in expected:
        got_pay = [[p["payer"], p["payee"], p["points"], p["money"]] for p in data["payments"]]
        assert got_pay == expected["payments"]
    if "balances" in expected:
        assert data["balances"] == expected["balances"]
    for name, fragment in expected.get("notes_contain", {}).items():
        assert any(fragment in note for note in players[name]["notes"]), players[name]["notes"]
    assert sum(data["balances"].values()) == 0


def test_every_emitted_rule_has_names() -> None:
    from scorer.games.gostop import RULE_NAMES

    seen: set[str] = set()
    for record in CASES:
        if "error" in json.loads(record.with_suffix(".expected.json").read_text("utf-8")):
            continue
        result = score_record(load_record(record))
        for p in result.players:
            seen |= {x.rule for x in (*p.lines, *p.bonuses, *p.multipliers)}
        seen |= {m.rule for m in result.multipliers}
    assert seen <= set(RULE_NAMES), seen - set(RULE_NAMES)
    assert all(en and es for en, es, _native in RULE_NAMES.values())
