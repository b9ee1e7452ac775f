"""The detector trainer going on from an earlier run (`--init-from`): the weights it starts
from, what the model card is told of them, and the one mistake refused."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")
pytest.importorskip("efficientnet_lite_pytorch",
                    reason="the train extra (efficientnet backbone) is not installed")

from scorer.vision import train_detector as td  # noqa: E402


def _checkpoint(path: Path, step: int, spent: float) -> dict[str, Any]:
    torch.manual_seed(5)
    net = td.TileNet(pretrained=False)
    with torch.no_grad():
        for p in net.parameters():
            p.add_(torch.randn_like(p))  # weights no fresh network has
    state = net.state_dict()
    torch.save({"model": state, "opt": {}, "step": step, "spent": spent, "config": "{}"}, path)
    return state


def test_init_from_starts_from_the_checkpoints_weights(tmp_path: Path) -> None:
    ckpt = tmp_path / "detector-ckpt.pt"
    want = _checkpoint(ckpt, step=3028, spent=5100.0)
    model, origin = td.start_model(str(ckpt))
    got = model.state_dict()
    assert got.keys() == want.keys()
    assert all(torch.equal(got[k], want[k]) for k in want)
    # 5100 s of training are 85.0 minutes; the sha256 is the file's own.
    assert origin == {"file": "detector-ckpt.pt",
                      "sha256": hashlib.sha256(ckpt.read_bytes()).hexdigest(),
                      "steps": 3028, "minutes": 85.0}


def test_without_init_from_nothing_is_claimed() -> None:
    _, origin = td.start_model("")  # ImageNet weights, shipped in their package
    assert origin == {}


def test_init_from_the_runs_own_checkpoint_is_refused(tmp_path: Path) -> None:
    ckpt = tmp_path / "detector-ckpt.pt"
    _checkpoint(ckpt, step=1, spent=1.0)
    with pytest.raises(SystemExit, match="another --work"):
        td.main(["--init-from", str(ckpt), "--work", str(tmp_path), "--minutes", "1"])


def test_the_model_card_command_names_the_start() -> None:
    cfg = td.Config(minutes=40.0, lr=1e-3, seed=1, init_from="/tmp/a/detector-ckpt.pt")
    assert td._command(cfg) == ("python -m scorer.vision.train detector --minutes 40.0 "
                                "--lr 0.001 --seed 1 --init-from /tmp/a/detector-ckpt.pt")


def test_a_given_threshold_is_kept_and_the_f1_best_is_recorded_beside_it() -> None:
    # F1 at 0.3: 2 * 0.93 * 0.97 / 1.90 = 0.9496; at 0.45: 2 * 0.92 * 0.99 / 1.91 = 0.9537.
    scores = {0.3: {"recall": 0.93, "precision": 0.97},
              0.45: {"recall": 0.92, "precision": 0.99}}
    assert td.pick_threshold(scores) == (0.45, {"split": "table-photos/valid",
                                                "threshold": "the best F1 here",
                                                "recall": 0.92, "precision": 0.99})
    assert td.pick_threshold(scores, 0.3) == (0.3, {
        "split": "table-photos/valid", "threshold": "given (the best F1 here: 0.45)",
        "recall": 0.93, "precision": 0.97})
    cfg = td.Config(minutes=40.0, threshold=0.3)
    assert td._command(cfg).endswith("--minutes 40.0 --threshold 0.3")
