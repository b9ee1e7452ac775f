"""Reject crops of tiles turned over (scorer.training.table_crops.turned_over)."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.training import table_crops


class _Reads:
    """A stand-in first stage: reads each crop by its top-left pixel's value, a label index."""

    meta = {"labels": ["1p", "2p", "7p", "9p", "reject"], "reject_label": "reject"}

    def __init__(self, *_: object) -> None: ...

    def load(self) -> None: ...

    def probabilities(self, crops: list[np.ndarray]) -> np.ndarray:
        out = np.zeros((len(crops), 5))
        for i, c in enumerate(crops):
            out[i, int(c[0, 0, 0])] = 1.0
        return out


def _crop(turned_reads: int) -> np.ndarray:
    # Upright the crop is blank at its top left; turned a half turn, its bottom-right pixel
    # (the one that comes to the top left) says what the stand-in reads.
    c = np.zeros((8, 6, 3), np.uint8)
    c[-1, -1] = turned_reads
    return c


def test_only_crops_read_as_another_tile_turned_over_become_rejects(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_crops, "OnnxModel", _Reads)
    # A 7p read as a 9p turned over: a reject crop. A 2p read as itself (drawn the same both
    # ways): left out. A 9p read as the reject class turned over: already unsure, left out.
    x = np.stack([_crop(3), _crop(1), _crop(4)])
    out = table_crops.turned_over(x, ["7p", "2p", "9p"])
    assert len(out) == 1
    assert np.array_equal(out[0], x[0][::-1, ::-1])  # the crop itself, a half turn round


def test_turned_over_rejects_are_a_seeded_draw_of_at_most_the_cap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_crops, "OnnxModel", _Reads)
    monkeypatch.setattr(table_crops, "TURNED_OVER_MOST", 3)
    x = np.stack([_crop(3)] * 10)
    x[:, 0, 0, 1] = np.arange(10)  # tell the crops apart (a pixel the stand-in ignores)
    first = table_crops.turned_over(x, ["7p"] * 10, seed=1)
    again = table_crops.turned_over(x, ["7p"] * 10, seed=1)
    other = table_crops.turned_over(x, ["7p"] * 10, seed=2)
    assert len(first) == 3 and np.array_equal(first, again)
    assert not np.array_equal(first, other)
