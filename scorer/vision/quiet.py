"""OpenCV's own log lines kept off stderr: the one error line scorer writes is what the user
should see, not ``[ WARN:0@0.1] global cap_v4l.cpp ...`` or ffmpeg's ``moov atom not found``
before it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

# ffmpeg, behind OpenCV's video backend, logs straight to stderr at the level this variable
# names; OpenCV reads it once, when the first capture is opened (-8 is AV_LOG_QUIET).
# setdefault: someone debugging a video can still set it.
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")


@contextmanager
def quiet_opencv() -> Iterator[None]:
    """OpenCV's logging silenced for the block, then restored."""
    import cv2

    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    try:
        yield
    finally:
        cv2.utils.logging.setLogLevel(level)
