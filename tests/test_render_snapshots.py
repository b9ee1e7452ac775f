"""Fixed-width snapshots of the terminal explanation: one hand of each game, in English
and Spanish (as rich's own tests compare rendered text).

Each ``tests/snapshots/<sample>.<lang>.txt`` was read line by line against the sample's
record when it was written. When a change to the renderer or a catalog is meant to change
one, read the new text the failure shows and replace the file by hand; the test never
writes it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.explain import HandResult
from scorer.games.record import load_record, score_record
from scorer.render.hand import render_hand

REPO = Path(__file__).resolve().parents[1]
SNAPSHOTS = Path(__file__).parent / "snapshots"
SAMPLES = ["gostop-cardavia-go", "koikoi-labsk-hand", "mahjong-seed-hand", "hakka-hand"]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("sample", SAMPLES)
def test_explanation_matches_its_snapshot(sample: str, lang: str) -> None:
    result = score_record(load_record(REPO / "samples" / f"{sample}.toml"))
    assert isinstance(result, HandResult)
    text = render_hand(result, lang, color=False)
    expected = (SNAPSHOTS / f"{sample}.{lang}.txt").read_text(encoding="utf-8")
    assert text.rstrip("\n") == expected.rstrip("\n"), f"got:\n{text}"
