"""OpenCV file and device I/O for the photo commands: writing images, opening video sources.

Kept in scorer/vision so the CLI modules never touch OpenCV themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.i18n import SaidError
from scorer.vision.quiet import quiet_opencv


class CaptureError(SaidError, ValueError):
    """A video source or output image that cannot be used; the message says which and why
    (the catalog's ``capture.<key>``)."""

    prefix = "capture."


def write_image(path: Path, img: np.ndarray) -> None:
    try:
        with quiet_opencv():
            ok = cv2.imwrite(str(path), img)
    except cv2.error:
        ok = False
    if not ok:
        raise CaptureError("unwritable", path=str(path))


def open_source(source: str) -> Any:
    """A ``cv2.VideoCapture`` for a camera index ("0") or a video file path. OpenCV's and
    ffmpeg's own complaints are silenced: the ``CaptureError`` is the one line the user sees."""
    if source.isdigit():
        with quiet_opencv():
            cap = cv2.VideoCapture(int(source))
        if not cap.isOpened():
            raise CaptureError("camera", source=source)
        return cap
    path = Path(source).expanduser()
    if not path.is_file():
        raise CaptureError("no-video", source=source)
    with quiet_opencv():
        cap = cv2.VideoCapture(str(path))
    if not cap.isOpened():
        raise CaptureError("not-video", source=source)
    return cap
