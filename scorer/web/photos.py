"""Uploaded photos: the pipeline's checked loader, the classifier loaded once, annotated copies.

An upload is written to a temporary file and read by :func:`scorer.vision.pipeline.
load_image_sized`, so a phone's photo meets exactly the checks ``scorer recognize`` applies
(missing, empty, truncated, not an image, a bomb's header above 100 megapixels); each
``ImageError`` is shown on the page in the page's language. The annotated photo is kept in memory,
JPEG-encoded at a phone screen's size, for the page to show.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections import OrderedDict

    from scorer.i18n import Said
    from scorer.vision.pipeline import PhotoResult
    from scorer.vision.table import TableResult

# Largest photo accepted, per file. Phones write 2-8 MB JPEGs and HEICs; 25 MB leaves room
# for a 50-megapixel sensor's JPEG while refusing anything that is not a photo of a pile.
MAX_UPLOAD_BYTES = 25 * 1024 * 1024
# Annotated copies kept for the pages (each ~100-300 kB at ANNOTATED_LONG_SIDE): enough for
# a table's phones uploading at once, small enough for any machine.
KEEP_ANNOTATED = 64
# The annotated photo is sent at this long side: a phone screen's width, a fraction of
# the bytes of the full photo.
ANNOTATED_LONG_SIDE = 1280
# Each card's own crop beside its choice in the grid: wide enough to tell two cards of a
# month apart on a phone (shown at 64 CSS px, sharp on a 2x screen), 2-5 kB each.
CROP_WIDTH = 128


class UploadError(ValueError):
    """An upload that is refused: too large, not an image, truncated, a bomb, ...

    ``str()`` says it in English (the pipeline's loader says exactly what is wrong),
    :meth:`said` in the page's language."""

    def __init__(self, message: Said) -> None:
        super().__init__(message)
        self.message = message

    def said(self, lang: str) -> str:
        from scorer.i18n import in_language

        return in_language(self.message, lang)


class Recognizer:
    """Every photo deck's classifier, loaded when the app starts; recognise() per upload."""

    def __init__(self, decks: list[str], classifiers: dict[str, Any] | None = None) -> None:
        import threading
        from collections import OrderedDict

        from scorer.vision.pipeline import GAMES

        self.classifiers: dict[str, Any] = dict(classifiers or {})
        for deck in decks:
            if deck in GAMES and deck not in self.classifiers:
                from scorer.vision.classify import Classifier

                clf = Classifier(deck)
                clf.labels  # noqa: B018  (loads the ONNX sessions now, not on the first upload)
                self.classifiers[deck] = clf
        self._lock = threading.Lock()
        self._annotated: OrderedDict[str, bytes] = OrderedDict()  # oldest first
        self._crops: dict[str, list[bytes]] = {}  # per annotated photo, dropped with it

    def reads(self, deck: str) -> bool:
        return deck in self.classifiers

    def labels(self, deck: str) -> list[str]:
        """The card or tile codes a grid cell may be set to (card backs are never scored)."""
        clf = self.classifiers[deck]
        return [x for x in clf.labels if x != "back"]

    def recognize(
        self, data: bytes, name: str, deck: str, *, annotate: bool = True
    ) -> tuple[PhotoResult, str | None]:
        """The recognised pile and the key of its annotated copy (``annotated(key)``)."""
        from scorer.vision.pipeline import recognize_array

        name, image, (w, h) = self._load(data, name)
        result = recognize_array(image, deck, self.classifiers[deck], name=name, width=w,
                                 height=h)
        key = self._keep(result, image) if annotate else None
        return result, key

    def recognize_table(self, data: bytes, name: str, deck: str, seats: list[Any]
                        ) -> tuple[TableResult, str, list[str]]:
        """A photo of the whole table: its piles given to ``seats``, the key of the photo
        with each pile's box, number and player drawn, and each pile's own key (its cards'
        crops, its outlines on the photo)."""
        import secrets

        import cv2

        from scorer.vision.table import recognize_table

        name, image, (w, h) = self._load(data, name)
        table = recognize_table(image, deck, self.classifiers[deck], seats=seats, name=name,
                                width=w, height=h)
        scale = min(1.0, ANNOTATED_LONG_SIDE / max(image.shape[:2]))
        small = cv2.resize(image, (max(1, round(image.shape[1] * scale)),
                                   max(1, round(image.shape[0] * scale))),
                           interpolation=cv2.INTER_AREA)
        ok, jpeg = cv2.imencode(".jpg", table.annotate(small), [cv2.IMWRITE_JPEG_QUALITY, 80])
        key = secrets.token_urlsafe(12)
        self._store(key, jpeg.tobytes() if ok else b"", [])
        piles = [self._keep(table.pile_photo(n), image) for n in range(1, len(table.piles) + 1)]
        return table, key, piles

    def _load(self, data: bytes, name: str) -> tuple[str, Any, tuple[int, int]]:
        """The upload's shown name and its pixels, through the pipeline's checked loader."""
        import tempfile

        from scorer.i18n import Said
        from scorer.media import IMAGE_SUFFIXES
        from scorer.vision.pipeline import ImageError, load_image_sized

        # The phone's file name is only shown: printable, not too long, never a path here.
        name = "".join(c for c in os.path.basename(name.replace("\\", "/"))
                       if c.isprintable())[:120] or "photo"
        if len(data) > MAX_UPLOAD_BYTES:
            raise UploadError(Said("web.upload.too-large", name=name,
                                   size=f"{len(data) / 1e6:.1f}",
                                   most=MAX_UPLOAD_BYTES // (1024 * 1024)))
        suffix = os.path.splitext(name)[1].lower()  # Pillow reads the bytes, not the name
        suffix = suffix if suffix in IMAGE_SUFFIXES else ""
        fd, path = tempfile.mkstemp(prefix="scorer-upload-", suffix=suffix)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            try:
                image, size = load_image_sized(path, shown=name)
            except ImageError as err:
                raise UploadError(err.message) from None
        finally:
            os.unlink(path)
        return name, image, size

    def _keep(self, result: PhotoResult, image: Any) -> str:
        """Keep the annotated copy's JPEG at ANNOTATED_LONG_SIDE and each card's crop;
        return their key."""
        import secrets

        jpeg = result.annotated_jpeg(image, ANNOTATED_LONG_SIDE)
        crops = result.card_jpegs(image, CROP_WIDTH)
        key = secrets.token_urlsafe(12)
        self._store(key, jpeg, crops)
        return key

    def _store(self, key: str, jpeg: bytes, crops: list[bytes]) -> None:
        with self._lock:
            self._annotated[key] = jpeg
            self._crops[key] = crops
            while len(self._annotated) > KEEP_ANNOTATED:
                old, _ = self._annotated.popitem(last=False)
                self._crops.pop(old, None)

    def annotated(self, key: str) -> bytes | None:
        with self._lock:
            return self._annotated.get(key)

    def crop(self, key: str, n: int) -> bytes | None:
        """The ``n``-th card's crop of the photo ``key`` (None: no such photo or card)."""
        with self._lock:
            crops = self._crops.get(key, [])
            return crops[n] if 0 <= n < len(crops) else None
