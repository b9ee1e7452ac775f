"""`scorer camera` on a small video made at test time from a synthetic scene."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner
from vision_fakes import HAVE_MODELS, NO_MODELS, FakeClassifier

from scorer.cli import camera as cam
from scorer.cli.app import app
from scorer.training import scenes
from scorer.vision.pipeline import PhotoResult, RecognizedCard

runner = CliRunner()
SIZE = (480, 640)


def _video(path: Path, frames: list[np.ndarray], fps: float = 10.0) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps,
                             (frames[0].shape[1], frames[0].shape[0]))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for f in frames:
        writer.write(f)
    writer.release()
    return path


def _pile_video(tmp_path: Path) -> Path:
    """A hand moving over the table (first frames), then the pile still for 12 frames."""
    rng = np.random.default_rng(9)
    scene = scenes.spread_scene(rng, scenes.procedural_cards(rng, 4), 4, size=SIZE,
                                kind="felt")
    moving = []
    for i in range(6):
        f = scene.image.copy()
        cv2.circle(f, (100 + 80 * i, 240), 90, (120, 160, 210), -1)  # a hand-like blob
        moving.append(f)
    return _video(tmp_path / "pile.avi", moving + [scene.image] * 12)


def _result(codes: list[str]) -> PhotoResult:
    cards = [RecognizedCard(c, 0.9, np.zeros((4, 2), np.float32)) for c in codes]
    return PhotoResult("x", "hanafuda", 10, 10, cards)


def test_tracker_needs_consecutive_agreement() -> None:
    t = cam.PileTracker(needed=3)
    assert not t.update(_result(["pine-bright"]))
    assert not t.update(_result(["pine-bright"]))
    assert not t.update(_result(["pine-bright", "plum-junk"]))  # a card arrives: start over
    assert not t.update(_result(["plum-junk", "pine-bright"]))
    assert t.update(_result(["pine-bright", "plum-junk"]))  # order does not matter
    assert t.stable is not None and sorted(t.stable.codes) == ["pine-bright", "plum-junk"]
    assert not t.update(_result([]))  # an empty table never becomes the stable pile
    assert t.stable.codes


def test_watch_video_file_gives_last_stable_pile(tmp_path: Path) -> None:
    path = _pile_video(tmp_path)
    cap = cv2.VideoCapture(str(path))
    assert cap.isOpened()
    tracker = cam.watch(cap, "hanafuda", FakeClassifier([("maple-animal", 0.9)]), step=2,
                        needed=3)
    cap.release()
    assert tracker.stable is not None
    # The stable pile is what the still frames show: the last frame read on its own gives the
    # same cards (the hand-covered frames before it read otherwise and were not kept).
    cap = cv2.VideoCapture(str(path))
    last = list(cam.frames(cap, 1))[-1]
    cap.release()
    from scorer.vision.pipeline import recognize_array

    alone = recognize_array(last, "hanafuda", FakeClassifier([("maple-animal", 0.9)]))
    assert len(tracker.stable.cards) == len(alone.cards) >= 2


def test_camera_missing_video_is_bad_input(tmp_path: Path) -> None:
    res = runner.invoke(app, ["camera", "--game", "hanafuda", "--source",
                              str(tmp_path / "none.avi")])
    assert res.exit_code == 2 and "no such video file" in res.stderr


def test_camera_not_a_video_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "x.avi").write_text("not a video")
    res = runner.invoke(app, ["camera", "--game", "hanafuda", "--source",
                              str(tmp_path / "x.avi")])
    assert res.exit_code == 2 and "not a video" in res.stderr


def test_camera_problems_are_said_in_the_language_asked(tmp_path: Path) -> None:
    res = runner.invoke(app, ["camera", "--game", "hanafuda", "--source",
                              str(tmp_path / "none.avi"), "--lang", "es"])
    assert res.exit_code == 2
    assert res.stderr == (f"scorer: error: --source «{tmp_path / 'none.avi'}»: no existe ese "
                          "vídeo (o da el número de una cámara)\n")


@pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)
def test_camera_warns_in_spanish_when_the_pile_never_settles(tmp_path: Path) -> None:
    """More agreeing frames asked for than the video holds: the last frame is shown, and
    the warning that says so is Spanish in the listing, English in the JSON."""
    path = _pile_video(tmp_path)
    args = ["camera", "--game", "hanafuda", "--source", str(path), "--stable", "50"]
    res = runner.invoke(app, [*args, "--lang", "es"])
    assert res.exit_code == 0, res.stderr
    assert ("el montón no se mantuvo igual durante 50 fotogramas procesados; se muestra el "
            "último") in res.stderr
    doc = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert ("the pile never stayed the same for 50 processed frames; showing the last frame"
            in doc["warnings"])


@pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)
def test_camera_cli_without_terminal_prints_pile(tmp_path: Path) -> None:
    path = _pile_video(tmp_path)
    res = runner.invoke(app, ["camera", "--game", "hanafuda", "--source", str(path),
                              "--every", "2", "--json"])
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["game"] == "hanafuda" and doc["image"] == str(path)
