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

from scorer.training import detector as td  # noqa: E402


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
    assert td._command(cfg) == ("python -m scorer.training detector --minutes 40.0 "
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


# ---------------------------------------------------------------- the card detector's targets


def test_a_covered_card_peaks_at_its_visible_part_and_points_to_its_face() -> None:
    import numpy as np

    # A 40 x 64 px upright card (TL (100, 100)) whose visible top band is centred at
    # (120, 110): the peak is at cell (30, 27.5) (stride 4), the whole face's centre at
    # (120, 132) is 22 px = 5.5 cells below it; sides 10 and 16 cells, long side vertical.
    quad = np.array([[[100, 100], [140, 100], [140, 164], [100, 164]]], np.float32)
    t = td.targets(quad, np.ones(1, bool), size=256, centres=np.array([[120.0, 110.0]]))
    iy, ix = np.unravel_index(int(np.argmax(t["heat"])), t["heat"].shape)
    assert (ix, iy) == (30, 27) and t["heat"][iy, ix] == 1.0
    reg = t["reg"][:, iy, ix]
    assert reg.shape == (9,)
    assert reg[0:2].tolist() == pytest.approx([0.0, 0.5])
    assert np.exp(reg[2:4]).tolist() == pytest.approx([10.0, 16.0])
    assert reg[4:6].tolist() == pytest.approx([-1.0, 0.0], abs=1e-6)  # cos 2a, sin 2a: a = 90
    assert reg[7:9].tolist() == pytest.approx([0.0, 5.5])


def test_the_tile_detectors_targets_are_unchanged_without_centres() -> None:
    import numpy as np

    quad = np.array([[[100, 100], [140, 100], [140, 164], [100, 164]]], np.float32)
    t = td.targets(quad, np.ones(1, bool), size=256)
    assert t["reg"].shape[0] == 7
    iy, ix = np.unravel_index(int(np.argmax(t["heat"])), t["heat"].shape)
    assert (ix, iy) == (30, 33)  # the face's own centre (120, 132)


def test_a_view_carries_the_visible_centres_with_the_faces() -> None:
    import numpy as np

    rng = np.random.default_rng(0)
    img = np.full((480, 640, 3), 100, np.uint8)
    quad = np.array([[[300, 200], [340, 200], [340, 264], [300, 264]]], np.float32)
    item = td.Labelled(img, quad, np.ones(1, bool), "pile", np.array([[320.0, 210.0]]))
    for _ in range(20):
        _, q, _, c = td.augment(rng, item, crop=384, scale_range=(0.8, 1.2))
        if len(q):
            # the visible centre keeps its place on the face: a sixth of the way down it
            top, bottom = (q[0][0] + q[0][1]) / 2, (q[0][2] + q[0][3]) / 2
            assert np.linalg.norm(c[0] - (top + (bottom - top) * 10 / 64)) < 1e-3


def test_init_from_the_shipped_onnx_computes_what_the_file_does() -> None:
    # The exporter folds each batch norm into its convolution; going on from the shipped
    # detector sets the norms back so that the network answers what onnxruntime does.
    import numpy as np
    import onnxruntime as ort

    path = td.models_dir() / "mahjong-detector.onnx"
    torch.manual_seed(0)
    x = torch.rand(4, 3, 128, 160)
    model, origin = td.start_model(str(path), 7, x)
    assert origin["file"] == "mahjong-detector.onnx"
    assert origin["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    want = ort.InferenceSession(str(path)).run(None, {"image": x.numpy()})[0]
    model.eval()
    with torch.no_grad():
        got = model(x).numpy()
    assert np.abs(got - want).max() < 1e-3
    # In training, the sample batch normalises to about what the file computes: the norms'
    # statistics are that batch's.
    model.train()
    with torch.no_grad():
        got = model(x).numpy()
    assert np.abs(got - want).max() < 0.05 * np.abs(want).max()


def test_init_from_onnx_of_another_network_is_refused() -> None:
    # The card detector has nine outputs; a seven-output network cannot take its weights.
    with pytest.raises(ValueError, match="shape"):
        td.start_model(str(td.models_dir() / "hanafuda-detector.onnx"), 7,
                       torch.rand(1, 3, 64, 64))


def _toy_pool(n: int) -> list[Any]:
    import numpy as np

    rng = np.random.default_rng(3)
    pool = []
    for _ in range(n):
        img = rng.integers(0, 255, (200, 260, 3), dtype=np.uint8)
        quad = np.array([[[40, 30], [100, 30], [100, 130], [40, 130]]], np.float32)
        pool.append(td.Labelled(img, quad, np.ones(1, bool), "pile", quad.mean(1)))
    return pool


def test_worker_processes_build_the_batches_the_network_reads() -> None:
    # Two DataLoader workers forked from a process whose torch threads have run (the
    # forward pass below): a torch call in a worker would hang there, so workers build
    # arrays and the images become floats here.
    net = td.TileNet(pretrained=False, outputs=9).eval()
    with torch.no_grad():
        net(torch.zeros(1, 3, 64, 64))
    cfg = td.Config(deck="hanafuda", batch=3, workers=2)
    feed = td.batches(_toy_pool(4), [], cfg, __import__("numpy").random.default_rng(0), 0)
    for _ in range(3):
        x, heat, reg, mask = td._tensors(next(feed))
        assert x.shape == (3, 3, td.CROP, td.CROP) and x.dtype == torch.float32
        assert 0.0 <= float(x.min()) and float(x.max()) <= 1.0
        assert heat.shape[0] == reg.shape[0] == mask.shape[0] == 3


def test_in_process_batches_are_the_ones_batch_builds() -> None:
    import numpy as np

    cfg = td.Config(deck="hanafuda", batch=2)
    pool = _toy_pool(3)
    got = td._tensors(next(td.batches(pool, [], cfg, np.random.default_rng(9), 0)))
    want = td._batch(np.random.default_rng(9), pool, [], cfg)
    assert all(torch.equal(a, b) for a, b in zip(got, want, strict=True))


def test_export_only_without_a_checkpoint_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no checkpoint"):
        td.main(["--deck", "hanafuda", "--export-only", "--work", str(tmp_path)])


def test_the_origin_of_an_onnx_start_is_its_own_training_record() -> None:
    import json

    import onnx

    path = td.models_dir() / "hanafuda-detector.onnx"
    record = next(json.loads(p.value) for p in onnx.load(str(path)).metadata_props
                  if p.key == "train")
    assert td.origin_of(str(path)) == {
        "file": "hanafuda-detector.onnx",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "steps": record["steps"], "minutes": record["minutes"]}


def test_a_gpu_run_is_recorded_in_the_command_and_not_in_the_checkpoint_key() -> None:
    gpu = td.Config(deck="hanafuda", device="cuda", workers=15, train_only=True)
    here = td.Config(deck="hanafuda", export_only=True)
    # The same run: exported here from the checkpoint the GPU machine wrote.
    assert td._config_key(gpu) == td._config_key(here)
    assert td._command(gpu) == ("python -m scorer.training detector --deck hanafuda "
                                "--device cuda --workers 15")


def test_worker_processes_draw_the_same_piles_as_one(tmp_path: Path) -> None:
    from vision_fakes import HAVE_DATA, NO_DATA

    if not HAVE_DATA:
        pytest.skip(NO_DATA)
    import numpy as np

    one = td.card_set(3, 11, tmp_path / "one")
    many = td.card_set(3, 11, tmp_path / "many", workers=2)
    assert len(one) == len(many) == 3
    for a, b in zip(one, many, strict=True):
        assert np.array_equal(a.image, b.image) and np.array_equal(a.quads, b.quads)
    # Each pile is its own draw: pile 1 of a set of 3 is pile 1 of a set of 2.
    two = td.card_set(2, 11, tmp_path / "two")
    assert np.array_equal(two[1].image, one[1].image)
    assert not np.array_equal(one[0].image, one[1].image)


def test_a_table_photos_boxes_are_given_the_turn_of_the_face_over_them(tmp_path: Path) -> None:
    # Rows of tiles turned by 30 degrees, labelled only by axis-aligned boxes (as the table
    # photos' exporter labelled turned tiles): each box the shipped detector's face overlaps
    # becomes that face, turned as the tile lies, at the box's own centre; a box over bare
    # table stays a box.
    import math

    import cv2
    import numpy as np

    from scorer.training import scenes
    from scorer.training.common import DATA_DIR

    if not (DATA_DIR / "mahjong" / "art").is_dir():
        pytest.skip("the shared art (../shared/data/mahjong/art) is absent")
    art = scenes.load_mahjong_art(DATA_DIR, [td.HELD_OUT_ART[0]], max_side=200)
    scene = scenes.tile_rows_scene(np.random.default_rng(3), [a for a in art if a.label != "back"],
                                   groups=[[5], [4]], size=(600, 800), kind="felt")
    turn = cv2.getRotationMatrix2D((400, 300), 30, 0.8)
    image = cv2.warpAffine(scene.image, turn, (800, 600), borderMode=cv2.BORDER_REFLECT)
    faces = [c.corners @ turn[:, :2].T + turn[:, 2] for c in scene.cards]
    boxes = [td._box_quad(f[:, 0].min(), f[:, 1].min(), f[:, 0].max(), f[:, 1].max())
             for f in faces] + [td._box_quad(10, 10, 40, 50)]
    item = td.Labelled(image, np.stack(boxes), np.zeros(len(boxes), bool))
    given = td.given_directions([item], Path("models/mahjong-detector.onnx"), tmp_path)[0]
    assert not given.oriented[-1] and np.array_equal(given.quads[-1], boxes[-1])
    turned = np.flatnonzero(given.oriented)
    assert len(turned) >= 0.8 * len(faces)
    for i in turned:
        _, _, want = td.face_geometry(faces[i].astype(np.float32))
        _, _, got = td.face_geometry(given.quads[i])
        apart = abs((math.degrees(got - want) + 90) % 180 - 90)  # a half turn reads the same
        assert apart < 10
        assert np.allclose(given.quads[i].mean(0), boxes[i].mean(0), atol=1e-3)
    # drawn again from its cache: the same labels
    again = td.given_directions([item], Path("models/mahjong-detector.onnx"), tmp_path)[0]
    assert np.array_equal(again.quads, given.quads)
    assert np.array_equal(again.oriented, given.oriented)


def test_the_card_detectors_views_are_equalised_as_its_input_is() -> None:
    # The card detector sees its input equalised (CardDetector.equalise, tiles.prepare): its
    # training views are the same views equalised; the tile detector's are left as drawn.
    import numpy as np

    from scorer.vision import tiles

    pool = _toy_pool(3)
    for deck, scale_range, look in (("hanafuda", td.CARD_SCALE_RANGE, tiles.equalised),
                                    ("mahjong", td.SCALE_RANGE, lambda im: im)):
        got = td._batch_arrays(np.random.default_rng(4), [], pool,
                               td.Config(deck=deck, batch=1, synth_share=1.0))[0][0]
        rng = np.random.default_rng(4)
        rng.random()  # the batch's draw between the generated scenes and the photos
        item = pool[int(rng.integers(len(pool)))]
        view = td.augment(rng, item, scale_range=scale_range)[0]
        assert np.array_equal(got, look(view))
        assert not np.array_equal(view, tiles.equalised(view))  # the two looks differ
