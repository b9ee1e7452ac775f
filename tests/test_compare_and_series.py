"""`score --compare` and series records ([[hands]]), on Go-Stop: generic, game-agnostic code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.cli.entry import main
from scorer.compare import compare
from scorer.explain import SeriesResult
from scorer.games.record import RecordError, load_record, score_record

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
SAMPLE = SAMPLES / "gostop-cardavia-go.toml"


def test_compare_lists_each_changed_item(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", str(SAMPLE), "--compare", "familia", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "scorer.compare/1"
    changes = {(c["kind"], c["player"], c["item"]): (c["a"], c["b"]) for c in data["changes"]}
    # Ana's 1b 3b 8b: Cardavia "tres 3 sin la lluvia" (seed 004) vs familia "3 luces ... 1 punto"
    # (seed 000's table): 3 -> 1.
    assert changes[("line", "Ana", "brights.three")] == (3, 1)
    # Cardavia adds +1 for Ana's one go; familia scores a go-caller's stop x2 instead.
    assert changes[("bonus", "Ana", "go.points")] == (1, None)
    assert changes[("multiplier", "Ana", "go.caller-stop")] == (None, 2)
    # what Bo pays Ana under cardavia is the sample's documented 28 points
    assert changes[("payment", "Ana", "Bo->Ana")][0] == 28
    # unchanged items are not listed
    assert ("line", "Ana", "godori") not in changes


def test_compare_with_itself_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", str(SAMPLE), "--compare", "cardavia"])
    out = capsys.readouterr().out
    assert "0 items differ" in out and "same result" in out


def test_compare_unknown_preset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["score", str(SAMPLE), "--compare", "cardvia"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("scorer: error:") and err.count("\n") == 1 and "cardavia" in err


def test_compare_function_is_symmetric_in_its_items() -> None:
    a = score_record(load_record(SAMPLE))
    rec = load_record(SAMPLE)
    from scorer.games.rules import load_preset

    b = score_record(rec._replace(rules=load_preset("gostop", "familia")))
    assert not isinstance(a, SeriesResult) and not isinstance(b, SeriesResult)
    forward = {(c.kind, c.player, c.item): (c.a, c.b) for c in compare(a, b)}
    back = {(c.kind, c.player, c.item): (c.b, c.a) for c in compare(b, a)}
    assert forward == back


# Two hands worked by hand in the sample's comments: Bo pays Ana 9, then Ana pays Bo 16.
SERIES = (SAMPLES / "gostop-evening.toml").read_text(encoding="utf-8")


def test_series_running_totals_and_final_payment(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_text(SERIES, encoding="utf-8")
    result = score_record(load_record(path))
    assert isinstance(result, SeriesResult)
    assert [h.winner for h in result.hands] == ["Ana", "Bo"]
    # after hand 1: Ana +9, Bo -9; after hand 2: Ana 9 - 16 = -7, Bo +7
    assert [dict(t) for t in result.totals] == [{"Ana": 9, "Bo": -9}, {"Ana": -7, "Bo": 7}]
    # one transfer settles it: Ana pays Bo 7 points = 70 at a stake of 10
    assert [(p.payer, p.payee, p.points, p.money) for p in result.payments] == [
        ("Ana", "Bo", 7, 70)
    ]
    assert result.to_json()["schema"] == "scorer.series/1"


def test_series_reports_every_hands_problems(tmp_path: Path) -> None:
    bad = SERIES.replace('cards = "11b 6j 6j 7j 7j 10j"', 'cards = "11b zz"').replace(
        'stopped = "Bo"', 'stopped = "Cy"\nstoped = "Bo"'
    )
    path = tmp_path / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(RecordError) as err:
        score_record(load_record(path))
    message = str(err.value)
    assert "hand 1: player 'Bo': unknown card 'zz'" in message
    assert "hand 2" in message and "'Cy'" in message
    assert "hand 2: unknown key 'stoped'; did you mean 'stopped'" in message


def test_series_text_shows_each_hand_and_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.toml"
    path.write_text(SERIES, encoding="utf-8")
    main(["score", str(path)])
    out = capsys.readouterr().out
    assert "Hand 1" in out and "Hand 2" in out and "Running totals" in out
    assert "Ana pays Bo: 7 points = 70" in out
