"""Averaging networks into one exported model (scorer.training.classifier.Averaged)."""

from __future__ import annotations

from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")
train = pytest.importorskip("scorer.training.classifier", reason="the train extra is not installed")


def test_averaged_model_outputs_the_log_of_the_mean_probability() -> None:
    torch.manual_seed(0)
    a, b = torch.nn.Linear(5, 3), torch.nn.Linear(5, 3)
    x = torch.randn(4, 5)
    out = train.Averaged([a, b])(x)
    want = (torch.softmax(a(x), 1) + torch.softmax(b(x), 1)) / 2
    assert torch.allclose(out.exp(), want, atol=1e-6)
    assert torch.allclose(out.exp().sum(1), torch.ones(4), atol=1e-6)


def test_only_the_bonus_reader_trains_several_members_by_default_and_bad_options_are_refused(
) -> None:
    assert train.DEFAULT_MEMBERS == {"hanafuda": 1, "mahjong": 1, "mahjong-bonus": 2}
    with pytest.raises(SystemExit):
        train.main(["--game", "hanafuda", "--stage", "bonus"])
    with pytest.raises(SystemExit):
        train.main(["--game", "mahjong", "--members", "0"])
    with pytest.raises(SystemExit):  # --recipe picks among the reader's recipes only
        train.main(["--game", "mahjong", "--recipe", "fonts"])
    with pytest.raises(SystemExit):
        train.main(["--game", "mahjong", "--stage", "bonus", "--recipe", "nosuch"])
    with pytest.raises(SystemExit):  # turned-over rejects come from the real table crops
        train.main(["--game", "mahjong", "--turned-over"])
    with pytest.raises(SystemExit):  # and teach the first stage, which has the reject class
        train.main(["--game", "mahjong", "--stage", "bonus", "--table-crops", "--turned-over"])


def test_joined_files_average_their_probabilities(tmp_path: Path) -> None:
    """`--join`: one file whose output is the log of the mean of the files' probabilities."""
    pytest.importorskip("onnx", reason="the train extra (onnx) is not installed")
    pytest.importorskip("onnxruntime")
    import numpy as np

    torch.manual_seed(0)
    a, b, c = (train.CardNet(5).eval() for _ in range(3))
    meta = {"input_size": [32, 40]}
    train.export(train.Averaged([a, b]), meta, tmp_path / "pair.onnx")
    train.export(c, meta, tmp_path / "single.onnx")
    joined = train.join_onnx([tmp_path / "pair.onnx", tmp_path / "single.onnx"])
    x = np.random.default_rng(0).integers(0, 256, (6, 40, 32, 3), dtype=np.uint8)
    got = train._onnx_logits(joined, x)
    with torch.no_grad():
        t = train._to_tensor(x)
        pair = (torch.softmax(a(t), 1) + torch.softmax(b(t), 1)) / 2
        want = torch.log((pair + torch.softmax(c(t), 1)) / 2)
    assert got.shape == (6, 5)
    assert torch.allclose(got, want, atol=1e-4)


def test_pretrained_backbone_sees_rgb_in_imagenet_statistics() -> None:
    """`LiteNet` takes the classifier's BGR input (MEAN/STD) and turns it into what its
    ImageNet weights were trained on, so the ONNX metadata stays the same for every arch."""
    pytest.importorskip("efficientnet_lite_pytorch", reason="the pretrained trial's package")
    net = train.LiteNet(5, pretrained=False)
    rgb01 = torch.rand(2, 3, 8, 8)
    bgr_in = (rgb01.flip(1) - torch.tensor(train.MEAN).view(1, 3, 1, 1)) / torch.tensor(
        train.STD).view(1, 3, 1, 1)
    want = (rgb01 - torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)) / torch.tensor(
        [0.229, 0.224, 0.225]).view(1, 3, 1, 1)
    got = bgr_in.flip(1) * net.in_scale + net.in_shift
    assert torch.allclose(got, want, atol=1e-5)
    assert set(train.ARCHS) == {"cardnet", "lite0"}
    with pytest.raises(ValueError, match="unknown architecture"):
        train.make_net("resnet", 5)


def test_a_shipped_file_becomes_the_networks_it_was_exported_from() -> None:
    """`cardnets_from_onnx` (going on training a shipped model): the rebuilt CardNets, their
    BatchNorms in eval mode, compute what the file computes."""
    pytest.importorskip("onnx", reason="the train extra (onnx) is not installed")
    pytest.importorskip("onnxruntime")
    import numpy as np
    import onnx

    from scorer.vision.models import models_dir

    for game, (w, h) in (("hanafuda", (64, 96)), ("mahjong", (64, 80))):
        path = models_dir() / f"{game}.onnx"
        net = train.cardnets_from_onnx(path).eval()
        x = np.random.default_rng(0).integers(0, 256, (3, h, w, 3), dtype=np.uint8)
        want = train._onnx_logits(onnx.load(str(path)), x).log_softmax(1)
        with torch.no_grad():
            got = net(train._to_tensor(x)).log_softmax(1)
        assert torch.allclose(got, want, atol=1e-4), game
    assert isinstance(train.cardnets_from_onnx(models_dir() / "mahjong.onnx"), train.Averaged)


def test_a_step_budget_trains_that_many_steps_whatever_the_cpu_time() -> None:
    import numpy as np

    x = np.zeros((8, 32, 24, 3), np.uint8)
    y = np.arange(8) % 3
    # 3 steps of 4 crops, though the CPU budget (1e6 s) would allow millions
    _, stats = train.fit_budget("cardnet", 3, x, y, 1e6, seed=0, batch=4, steps=3,
                                log=lambda *_: None)
    assert stats["steps"] == 3 and stats["epochs"] == 1.5
