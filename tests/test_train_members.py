"""Averaging networks into one exported model (scorer.vision.train.Averaged)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")
train = pytest.importorskip("scorer.vision.train", reason="the train extra is not installed")


def test_averaged_model_outputs_the_log_of_the_mean_probability() -> None:
    torch.manual_seed(0)
    a, b = torch.nn.Linear(5, 3), torch.nn.Linear(5, 3)
    x = torch.randn(4, 5)
    out = train.Averaged([a, b])(x)
    want = (torch.softmax(a(x), 1) + torch.softmax(b(x), 1)) / 2
    assert torch.allclose(out.exp(), want, atol=1e-6)
    assert torch.allclose(out.exp().sum(1), torch.ones(4), atol=1e-6)


def test_only_the_bonus_reader_averages_and_bad_options_are_refused() -> None:
    assert train.DEFAULT_MEMBERS == {"hanafuda": 1, "mahjong": 1, "mahjong-bonus": 2}
    with pytest.raises(SystemExit):
        train.main(["--game", "hanafuda", "--stage", "bonus"])
    with pytest.raises(SystemExit):
        train.main(["--game", "mahjong", "--members", "0"])
