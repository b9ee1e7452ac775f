"""Which file names are photos: one list for the record loader, the CLI and the pipeline.

Light on purpose (no OpenCV, no Pillow): the typed-scoring path imports it to tell a photo
pile ("ana.jpg") from typed notation ("1b 3b") by its ending alone.
"""

from __future__ import annotations

# File name endings read as photos. Anything else is typed notation, even if a file of that
# name happens to exist (a record's pile "1b 3b" must never be read from disk).
IMAGE_SUFFIXES = (
    ".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".heif",
)


def is_photo_name(text: str) -> bool:
    """True when ``text`` names an image file by its ending; existence is checked later."""
    t = text.strip()
    return bool(t) and t.lower().endswith(IMAGE_SUFFIXES)  # no card code ends like that
