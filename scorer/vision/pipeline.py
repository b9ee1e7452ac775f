"""From a photo of a captured pile to a list of recognised cards (or tiles) with outlines.

Stages: ``load_image`` (checked decode; photos of 4000 px and more at half size, see
``DECODE_LONG_SIDE``) -> detection by a learned detector (mahjong: ``tiles.TileDetector``;
hanafuda: ``cards.CardDetector``, which also says which card lies over which) -> rectified
crops from the decoded image (a card's covered part painted grey) -> ``Classifier.classify``
-> ``PhotoResult`` (corners in the photo's own pixels).
``PhotoResult.to_json()`` is the documented ``--json`` schema; ``PhotoResult.annotate(image)``
draws outlines and labels on a copy of the photo when the caller asks for it.
"""

from __future__ import annotations

import functools
import io
import re
import struct
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, cast

import cv2
import numpy as np

from scorer.i18n import Said, SaidError
from scorer.vision import detect, models
from scorer.vision.cards import (
    CardDetector,
    CardFace,
    second_look,
    shown_share,
    snap,
    visible_band,
)
from scorer.vision.models import photo_reader
from scorer.vision.tiles import TileDetector, TileFace, arrange

SCHEMA = "scorer.photo/1"
GAMES = models.GAMES

# Refuse images above this many pixels before decoding: a 100 MP photo is already beyond any
# phone, and a small file claiming more is a decompression bomb.
MAX_PIXELS = 100_000_000
# JPEGs at least twice this long side are decoded at 1/2 or 1/4 size (DCT scaling): a 12 MP
# photo decodes in ~50 ms instead of ~140 ms on a 2-core laptop CPU, the difference between
# meeting and missing a 400 ms budget. Crops still come from the decoded image at 2000 px
# (a card of a 24-card pile is ~160 px wide there, the classifier reads 64x96), never from
# the 1280 px detection copy. Raise this constant to crop from every pixel.
DECODE_LONG_SIDE = 2000
# Below this confidence a card is shown as uncertain and must be confirmed before scoring.
UNCERTAIN_CONFIDENCE = 0.6
# Classes whose confidence is not to be trusted: every maker draws mahjong flowers and
# seasons differently, and on real photos the two-stage reading (classify.Classifier) names
# them right 60% of the time (`python bench/eval_classifier.py`, README "Accuracy"),
# often while sounding sure. They are always shown as uncertain, so the confirm prompt asks
# for each one (`--yes` still accepts them).
ALWAYS_CONFIRM = frozenset(f"{n}f" for n in range(1, 9))
# Crop size handed to the classifier (it resizes to its own input; this keeps some margin).
CROP_SHORT_SIDE = 96
# A card of a pile is cropped whole, the part the cards above it cover painted this grey:
# the hanafuda reader is trained on such crops (synth.HIDDEN_FILL, synth.PARTIAL_SHARE).
HIDDEN_FILL = 128
# Mahjong's one use of a partial crop (a close-up's whole photo as one tile) stretches.
HIDDEN_CROP = "stretch"
# A card showing less than this share of its face is reported hidden, never guessed: the
# reader learned parts of at least about a fifth of a card (synth.PARTIAL_BAND).
MIN_READABLE = 0.2
# A card the card detector scores below this is asked about, however sure its reading
# (chosen on the selection piles, bench/card_piles.py --selection; bench/NOTES.md).
UNSURE_CARD = 0.5
# A card read below this confidence is asked about: the reader is sure too soon of makers it
# never saw and of a fan's or cascade's band. Chosen on the selection piles (bench/NOTES.md,
# "The card detector's look with local contrast"): of 0.93, 0.95 and 0.97, the lowest line
# at which at most half the 0.5% of cards go through wrong unasked (0.16%, 26.0%
# asked), with the detector's input equalised; a rule fixed before the lines were counted.
SURE_CARD = 0.97
# A region the classifier rejects with its best card guess below this confidence is table
# texture or clutter, not a card: it is left out (and counted in a warning), never scored.
# Not a mahjong face the learned detector is sure of (UNSURE_FACE): the first stage also
# rejects tiles upside down and tiles of makers it reads badly, and such a face is asked
# about instead (bench/NOTES.md, "Which way up").
REJECT_DROP = 0.25
# Tiles of one detected piece whose top edges turn the same way, to this many degrees, lie
# in one row or grid and are first read the same way up; a cluster's tiles at odd angles
# each choose their own.
SAME_TURN_DEG = 10.0
# Players push captured tiles together without turning each one the same way up: in
# table-photos/valid a row's tiles face both ways, and the classifier reads a tile turned
# over as a likely other tile (7p as 9p, 6p as 4p, 7s as 6s) where the right way up reads it
# surer. A tile of a row is read its own way up when that reading is this much more
# convincing (log confidence) than the row's way. Chosen on valid and the generated benches
# among 0, 0.1, 0.3, 0.7 and the earlier rule (own way only when the row's way is
# uncertain): bench/NOTES.md, "Which way up".
OWN_TURN_MARGIN = 0.1
# A mahjong photo in which nothing stands out from a table is most often one tile filling
# the frame (the border band, which should be table, is tile): it is read whole, as
# `scorer recognize --single` reads it, and said so.
# A found face this short (its short side, in decoded-image pixels) is too small to read:
# the classifier's crops of real tiles read poorly below it.
MIN_TILE_SIDE = 16
# Learned detector: a face whose centre score is below this is shown as uncertain, whatever
# the classifier says (the detector's threshold keeps faces from about 0.3 up).
UNSURE_FACE = 0.5
# Why a piece is asked about whatever its reading (``RecognizedCard.doubt``, said as
# ``photo.doubt.<why>``): it lies on another as one would (one seen twice, or two lying as
# one), its outline has no card's shape (two touching cards seen as one?), the detector is
# unsure a piece is there, or it is read more times than the deck holds it.
DOUBTS = ("tangled", "misshapen", "faint", "over")
WHOLE_PHOTO_TILE = Said("photo.whole-tile")  # warnings: English, said again where shown


class ImageError(SaidError, ValueError):
    """The file is missing, empty, truncated, not an image, or too large (the catalog's
    ``image.<key>``)."""

    prefix = "image."


class ClassifierLike(Protocol):
    def classify(self, crops: list[np.ndarray]) -> list[Any]: ...


# ---------------------------------------------------------------- loading

# Pillow decides whether a file is a readable image, how big it is and which way up; it is
# imported on the first photo only (typed scoring never loads it). pillow-heif (HEIC/HEIF,
# the iPhone default) only when a file is an ISO media file: its import costs ~50 ms.
_PIL_READY = False
_HEIF_READY: bool | None = None  # None: not tried yet; False: pillow-heif is not installed
# EXIF tag 0x0112. Phones store portrait photos sideways with this tag saying how to turn them.
EXIF_ORIENTATION = 0x0112
# Orientation values that swap width and height (a quarter turn, with or without a mirror).
_QUARTER_TURNS = frozenset({5, 6, 7, 8})
# Each EXIF orientation as OpenCV operations on the stored pixels, the same turns and mirrors
# as PIL.ImageOps.exif_transpose (tests compare the two for all eight values); used where
# OpenCV decodes the pixels.
_UPRIGHT: dict[int, Any] = {
    2: lambda a: cv2.flip(a, 1),
    3: lambda a: cv2.rotate(a, cv2.ROTATE_180),
    4: lambda a: cv2.flip(a, 0),
    5: cv2.transpose,
    6: lambda a: cv2.rotate(a, cv2.ROTATE_90_CLOCKWISE),
    7: lambda a: cv2.flip(cv2.transpose(a), -1),
    8: lambda a: cv2.rotate(a, cv2.ROTATE_90_COUNTERCLOCKWISE),
}
# What Pillow's plugins raise on bad data while decoding.
_DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, struct.error, RuntimeError)
HEIF_HINT = "pip install pillow-heif"  # a dependency of scorer; missing only in a broken install


class _Source(io.BytesIO):
    """The file's bytes, noting whether a decoder asked for more than the file holds: that is
    what "truncated" means, whatever words the decoder's own error uses."""

    ran_out = False

    def read(self, size: int | None = -1, /) -> bytes:
        chunk = super().read(size)
        if not chunk and size != 0:
            self.ran_out = True
        return chunk


def _pillow(data: bytes) -> Any:
    """PIL.Image, set up on first use; with pillow-heif registered when ``data`` is an ISO
    media file (``ftyp`` box first), which HEIC photos are."""
    global _PIL_READY, _HEIF_READY
    from PIL import Image

    if not _PIL_READY:
        # Pillow refuses a larger header before decoding (DecompressionBombError); between
        # this and twice it only warns, and our own check on the size answers instead.
        Image.MAX_IMAGE_PIXELS = MAX_PIXELS
        _PIL_READY = True
    if _HEIF_READY is None and data[4:8] == b"ftyp":
        try:
            from pillow_heif import register_heif_opener
        except ImportError:
            _HEIF_READY = False
        else:
            register_heif_opener()
            _HEIF_READY = True
    return Image


def _too_big(name: str, w: int, h: int) -> ImageError:
    return ImageError("too-big", name=name, w=w, h=h, most=MAX_PIXELS // 1_000_000)


def _upright_size(w: int, h: int, orientation: int) -> tuple[int, int]:
    return (h, w) if orientation in _QUARTER_TURNS else (w, h)


def _reduction(long_side: int) -> int:
    """1, 2 or 4: the DCT scaling a JPEG of this long side is decoded at."""
    if long_side >= 4 * DECODE_LONG_SIDE:
        return 4
    if long_side >= 2 * DECODE_LONG_SIDE:
        return 2
    return 1


def _decode_jpeg_cv(data: bytes, reduce: int) -> np.ndarray | None:
    """OpenCV's JPEG decode (BGR, stored orientation), or None where it fails. Measured
    faster than Pillow's for a 12 MP photo (29 vs 34 ms at half size, mostly Pillow's copy
    out to numpy), so it gives the pixels once Pillow has accepted the file."""
    flag = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2,
            4: cv2.IMREAD_REDUCED_COLOR_4}[reduce] | cv2.IMREAD_IGNORE_ORIENTATION
    from scorer.vision.quiet import quiet_opencv

    with quiet_opencv():
        try:
            return cv2.imdecode(np.frombuffer(data, np.uint8), flag)
        except cv2.error:
            return None


def _to_bgr(im: Any) -> np.ndarray:
    """A loaded Pillow image as BGR uint8; alpha is dropped, as OpenCV's IMREAD_COLOR does."""
    if im.mode.startswith("I;16"):  # 16-bit grey: keep the high byte, as OpenCV does
        grey = (np.asarray(im).astype(np.uint16) >> 8).astype(np.uint8)
        return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    if im.mode != "RGB":
        im = im.convert("RGB")
    return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)


def load_image(path: str | Path) -> np.ndarray:
    """Decode a photo (BGR uint8, upright), refusing bad input with an ``ImageError`` naming
    the file.

    Photos far above the detector's needs are decoded at 1/2 or 1/4 size; see
    ``load_image_sized`` for the original size.
    """
    return load_image_sized(path)[0]


def load_image_sized(
    path: str | Path, shown: str | None = None
) -> tuple[np.ndarray, tuple[int, int]]:
    """``load_image`` plus the photo's full upright (width, height); ``shown``: the name its
    problems give the file where that is not ``path`` (a web upload's own name, not the
    temporary file holding it).

    Pillow judges the file: format and size from the header (bombs refused before decoding),
    truncation from its decoder, orientation from EXIF. Whatever follows the image in the file
    (phone padding, the video of a motion photo, bytes after a PNG's IEND) is never read.
    """
    p = Path(path)
    name = str(p) if shown is None else shown
    if not p.exists():
        raise ImageError("missing", name=name)
    if not p.is_file():
        raise ImageError("not-file", name=name)
    data = p.read_bytes()
    if not data:
        raise ImageError("empty", name=name)
    src = _Source(data)
    try:
        return _decode(data, src, name)
    except ImageError:
        raise
    except _DECODE_ERRORS as exc:  # a header or EXIF block cut or mangled: Pillow's own words
        if src.ran_out or src.tell() >= len(data):  # read to the end, and still wanted more
            raise ImageError("truncated", name=name) from exc
        raise ImageError("undecodable", name=name, detail=exc) from exc


def _decode(data: bytes, src: _Source, name: str) -> tuple[np.ndarray, tuple[int, int]]:
    image_mod = _pillow(data)
    # Pillow warns about odd EXIF blocks and large images; the one line the user sees is ours.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            im = image_mod.open(src)
        except image_mod.DecompressionBombError as exc:
            raise ImageError("bomb", name=name, most=MAX_PIXELS // 1_000_000) from exc
        except image_mod.UnidentifiedImageError as exc:
            if _HEIF_READY is False and data[8:12] in (b"heic", b"heix", b"mif1", b"msf1"):
                raise ImageError("heic", name=name, hint=HEIF_HINT) from exc
            raise ImageError("not-image", name=name) from exc
        w, h = im.size
        if w * h > MAX_PIXELS:
            raise _too_big(name, w, h)
        jpeg = im.format in ("JPEG", "MPO")
        reduce = _reduction(max(w, h)) if jpeg else 1
        img = _decode_jpeg_cv(data, reduce) if jpeg else None
        if img is not None:  # a JPEG's EXIF is in its header: read without decoding
            orientation = int(im.getexif().get(EXIF_ORIENTATION, 1))
            turn = _UPRIGHT.get(orientation)
            return (turn(img) if turn else img), _upright_size(w, h, orientation)
        # Everything else, and any JPEG OpenCV refused: Pillow decodes and has the last word.
        if reduce > 1:
            im.draft(None, (w // reduce, h // reduce))
        try:
            im.load()  # before getexif: a PNG may keep its EXIF after the pixels
        except _DECODE_ERRORS as exc:
            if src.ran_out:
                raise ImageError("truncated", name=name) from exc
            raise ImageError("undecodable", name=name, detail=exc) from exc
        from PIL import ImageOps

        full = _upright_size(w, h, int(im.getexif().get(EXIF_ORIENTATION, 1)))
        ImageOps.exif_transpose(im, in_place=True)
        return _to_bgr(im), full


# ---------------------------------------------------------------- results


@dataclass
class RecognizedCard:
    """One card or tile in the photo. ``corners``: visible outline, TL TR BR BL, image px."""

    code: str
    confidence: float
    corners: np.ndarray
    rejected: bool = False
    top: list[tuple[str, float]] = field(default_factory=list)
    visible: float = 1.0
    row: int = 0
    group: int = 0
    # its reader asks about it at a confidence the general line would let through (SURE_CARD)
    ask: bool = False
    # why it is asked about whatever its reading's confidence (DOUBTS; "": its reading only)
    doubt: str = ""

    @property
    def uncertain(self) -> bool:
        return (
            self.rejected
            or self.ask
            or self.confidence < UNCERTAIN_CONFIDENCE
            or self.code in ALWAYS_CONFIRM
        )

    def to_json(self, game: str) -> dict[str, Any]:
        from scorer.decks import get_deck

        deck = get_deck(game)
        out: dict[str, Any] = {"code": self.code, **deck.label_fields(self.code)}
        out["confidence"] = round(float(self.confidence), 4)
        out["uncertain"] = self.uncertain
        out["corners"] = _corners_json(self.corners)
        if deck.rows:  # rows of a hand and melds: where it lies, never how much shows
            out["row"] = self.row
        else:
            out["visible"] = round(float(self.visible), 2)
        out["group"] = self.group
        out["alternatives"] = [{"code": c, "confidence": round(float(p), 4)}
                               for c, p in self.top[1:]]
        out["doubt"] = self.doubt or None
        return out


def _corners_json(corners: np.ndarray) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in corners]


@dataclass
class PhotoResult:
    """Everything recognised in one photo; ``cards`` excludes backs, which are only counted,
    and cards covered beyond reading (``hidden``: where they lie, never what they are)."""

    image: str
    game: str
    width: int
    height: int
    cards: list[RecognizedCard] = field(default_factory=list)
    backs: list[RecognizedCard] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    hidden: list[RecognizedCard] = field(default_factory=list)

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]

    @property
    def uncertain(self) -> list[int]:
        return [i for i, c in enumerate(self.cards) if c.uncertain]

    def to_json(self) -> dict[str, Any]:
        from scorer.decks import get_deck

        key = f"{get_deck(self.game).piece}s"  # "cards", "tiles"
        return {
            "schema": SCHEMA,
            "image": self.image,
            "game": self.game,
            "width": self.width,
            "height": self.height,
            key: [c.to_json(self.game) for c in self.cards],
            "backs": len(self.backs),
            "found": len(self.cards) + len(self.backs) + len(self.hidden),
            "hidden": [{"corners": _corners_json(c.corners), "visible": round(c.visible, 2)}
                       for c in self.hidden],
            "warnings": list(self.warnings),
        }

    def annotate(self, image: np.ndarray) -> np.ndarray:
        """A copy of ``image`` with every outline and label; uncertain cards in thick red."""
        out = image.copy()
        scale = max(out.shape[:2]) / 1000
        thick = max(2, int(round(2 * scale)))
        font = 0.5 * scale
        items = [(i, c, "") for i, c in enumerate(self.cards)]
        items += [(-1, c, "back") for c in self.backs]
        items += [(-1, c, "hidden") for c in self.hidden]
        for i, card, other in items:
            pts = np.round(card.corners).astype(np.int32)
            if other:
                colour, label = (160, 160, 160), other
            elif card.uncertain:
                colour, label = (0, 0, 255), f"#{i + 1} {card.code}? {card.confidence:.2f}"
            else:
                colour, label = (0, 200, 0), f"#{i + 1} {card.code} {card.confidence:.2f}"
            cv2.polylines(out, [pts], True, colour, thick * (2 if card.uncertain else 1),
                          cv2.LINE_AA)
            cv2.circle(out, tuple(int(v) for v in pts[0]), thick * 2, colour, -1)
            (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font, thick)
            x, y = pts.min(0)
            y = max(int(y), th + base)
            cv2.rectangle(out, (int(x), y - th - base), (int(x) + tw, y), (0, 0, 0), -1)
            cv2.putText(out, label, (int(x), y - base), cv2.FONT_HERSHEY_SIMPLEX, font, colour,
                        max(1, thick // 2), cv2.LINE_AA)
        return out

    def card_jpegs(self, image: np.ndarray, width: int, quality: int = 80) -> list[bytes]:
        """Each card or tile (``cards``, in order) as the player sees it on the table, turned
        upright: its outline warped to ``width`` px wide from ``image`` (the photo as decoded,
        which may be smaller than the photo: corners are in the photo's pixels), JPEG bytes
        (b"" where encoding fails)."""
        scale = image.shape[1] / max(1, self.width)
        out = []
        for card in self.cards:
            quad = (np.asarray(card.corners, np.float32) * scale).astype(np.float32)
            across = float(np.linalg.norm(quad[1] - quad[0]))
            down = float(np.linalg.norm(quad[3] - quad[0]))
            height = int(round(width * min(3.0, max(0.3, down / max(across, 1.0)))))
            target = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
            warp = cv2.getPerspectiveTransform(quad, target)
            upright = cv2.warpPerspective(image, warp, (width, height), flags=cv2.INTER_AREA)
            ok, jpeg = cv2.imencode(".jpg", upright, [cv2.IMWRITE_JPEG_QUALITY, quality])
            out.append(jpeg.tobytes() if ok else b"")
        return out

    def annotated_jpeg(self, image: np.ndarray, long_side: int, quality: int = 80) -> bytes:
        """:meth:`annotate` on a copy of ``image`` reduced to ``long_side`` (never enlarged:
        a photo decoded reduced stays as it is), as JPEG bytes (b"" if encoding fails)."""
        scale = min(1.0, long_side / max(self.width, self.height))
        size = (max(1, round(self.width * scale)), max(1, round(self.height * scale)))
        small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
        shown = replace(
            self,
            cards=[replace(c, corners=c.corners * scale) for c in self.cards],
            backs=[replace(c, corners=c.corners * scale) for c in self.backs],
            hidden=[replace(c, corners=c.corners * scale) for c in self.hidden],
        )
        ok, jpeg = cv2.imencode(".jpg", shown.annotate(small), [cv2.IMWRITE_JPEG_QUALITY, quality])
        return jpeg.tobytes() if ok else b""


# ---------------------------------------------------------------- recognition


def _crop(image: np.ndarray, corners: np.ndarray, aspect: float, visible: float,
          hidden: str = "pad") -> np.ndarray:
    """Rectify a card to an upright crop. A partly hidden card (fanned) is either its visible
    top stretched to the crop (``hidden="stretch"``), padded with grey below (``"pad"``), or
    cropped as the whole card outline, showing the cards that cover it (``"extend"``)."""
    w = CROP_SHORT_SIDE
    h = int(round(w * aspect))
    if hidden == "extend" and visible < 1.0:
        down = (corners[3] - corners[0]) / max(visible, 1e-3)
        corners = np.array([corners[0], corners[1], corners[1] + down, corners[0] + down],
                           np.float32)
        visible = 1.0
    if hidden == "stretch":
        visible = 1.0
    vis_h = max(2, int(round(h * min(1.0, visible))))
    dst = np.array([[0, 0], [w, 0], [w, vis_h], [0, vis_h]], np.float32)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    crop = cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_CONSTANT,
                               borderValue=(HIDDEN_FILL,) * 3)
    if vis_h < h:
        crop[vis_h:] = HIDDEN_FILL
    return crop


# Two faces lie in one row while their centres are less than this share of a tile's height
# apart across the row (rows laid apart are at least a tile's height apart).
ROW_BREAK = 0.6


def rows_and_groups(found: Sequence[detect.Found],
                     tile_h: float) -> list[tuple[int, int, float]]:
    """Mahjong: rows top to bottom, groups (detected pieces) left to right within a row, and
    each tile's position along its row (for ordering)."""
    if not found:
        return []
    # Row direction: the long axis of the tile rows, i.e. along TL->TR of the tiles.
    dirs = [f.corners[1] - f.corners[0] for f in found]
    ang = np.array([np.arctan2(d[1], d[0]) for d in dirs])
    # Average the direction modulo 180 degrees (doubling the angle folds opposite vectors).
    a2 = np.arctan2(np.sin(2 * ang).mean(), np.cos(2 * ang).mean()) / 2
    u = np.array([np.cos(a2), np.sin(a2)])
    if u[0] < 0:
        u = -u
    n = np.array([-u[1], u[0]])
    if n[1] < 0:
        n = -n
    # A piece that is a grid (a hand row and a meld laid close below it touch as one) lies
    # in as many rows as it has lines of faces: a new line where the next face across the
    # row is more than ROW_BREAK tile heights further on. Its runs (faces side by side:
    # three melds in a line above a hand row are one piece, three runs) are groups apart.
    pieces: dict[int, list[int]] = {}
    for key in dict.fromkeys((f.piece, f.run) for f in found):
        idx = sorted((i for i, f in enumerate(found) if (f.piece, f.run) == key),
                     key=lambda i: float(found[i].corners.mean(0) @ n))
        line = [idx[0]]
        for a, b in zip(idx, idx[1:], strict=False):
            if float((found[b].corners.mean(0) - found[a].corners.mean(0)) @ n) > (
                    ROW_BREAK * tile_h):
                pieces[len(pieces)] = line
                line = []
            line.append(b)
        pieces[len(pieces)] = line
    centre = {p: np.mean([found[i].corners.mean(0) for i in idx], axis=0)
              for p, idx in pieces.items()}
    order = sorted(pieces, key=lambda p: float(centre[p] @ n))
    rows: list[list[int]] = []
    for p in order:
        if rows and abs(float((centre[p] - centre[rows[-1][0]]) @ n)) < ROW_BREAK * tile_h:
            rows[-1].append(p)
        else:
            rows.append([p])
    out = [(0, 0, 0.0)] * len(found)
    for r, row in enumerate(rows):
        for g, p in enumerate(sorted(row, key=lambda q: float(centre[q] @ u))):
            for i in pieces[p]:
                out[i] = (r, g, float(found[i].corners.mean(0) @ u))
    return out


@functools.cache
def shipped_detector() -> TileDetector:
    """The shipped tile detector, loaded once per process."""
    return TileDetector()


def learned_tiles(image: np.ndarray, detector: TileDetector | None = None
                  ) -> tuple[detect.DetectResult, list[float]]:
    """Mahjong faces found by the learned detector, as the hand-made detector reports cards
    (pieces for rows and groups), and each face's centre score."""
    faces, pieces, runs = arrange((detector or shipped_detector()).detect(image))
    corners = [f.corners for f in faces]
    found = [detect.Found(c, 1.0, p, run=r)
             for c, p, r in zip(corners, pieces, runs, strict=True)]
    width = float(np.median([np.linalg.norm(c[1] - c[0]) for c in corners])) if faces else 0.0
    warnings_: list[str] = []
    if faces and width < MIN_TILE_SIDE:
        warnings_.append(Said("photo.too-small"))  # detect.TOO_SMALL, with its id
    return detect.DetectResult(found, 1.0, width, warnings_), [f.score for f in faces]


def pieces_of(found: Sequence[detect.Found], scores: Sequence[float]) -> list[detect.Found]:
    """``found`` with the pieces and runs ``tiles.arrange`` makes of them alone (their turns
    and corners as they are)."""
    _, pieces, runs = arrange([TileFace(f.corners, s) for f, s in zip(found, scores,
                                                                       strict=True)])
    return [replace(f, piece=p, run=r) for f, p, r in zip(found, pieces, runs, strict=True)]


@functools.cache
def shipped_card_detector() -> CardDetector:
    """The shipped card detector, loaded once per process."""
    return CardDetector()


def shipped_detector_of(game: str) -> TileDetector:
    """The shipped detector a deck's reader finds its pieces with by default: the card
    detector for piles of cards (``read_cards``), the tile detector for rows of tiles."""
    return shipped_card_detector() if photo_reader(game).reading() is read_cards \
        else shipped_detector()


def outlines(image: np.ndarray, game: str, detector: TileDetector | None = None
             ) -> list[np.ndarray]:
    """Where a photo's pieces lie, not what they are: the outlines (TL TR BR BL, ``image``
    px) of the faces the deck's reader would read, found as it finds them but in one look
    (cards: not mirrored too), none cropped or read."""
    if photo_reader(game).reading() is read_cards:
        cards = cast(CardDetector, detector or shipped_card_detector())
        return [f.corners for f in cards.detect(image, mirrored=False)]
    det, _ = learned_tiles(image, detector)
    return [f.corners for f in det.found]


def card_crop(image: np.ndarray, face: np.ndarray, band: tuple[float, float, float, float],
              aspect: float = detect.HANAFUDA_ASPECT) -> np.ndarray:
    """A card's whole face (``face``, TL TR BR BL) rectified upright with all but its visible
    ``band`` (``cards.visible_band``) painted HIDDEN_FILL grey, the band at the top where it
    lies at one end (a cascade's top band), as the reader learned."""
    a0, a1, b0, b1 = band
    if b0 > 0.0 and b1 >= 1.0:  # the band lies at the far end: turn the face round
        face = np.roll(face, 2, axis=0)
        a0, a1, b0, b1 = 1.0 - a1, 1.0 - a0, 0.0, 1.0 - b0
    w = CROP_SHORT_SIDE
    h = int(round(w * aspect))
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(face.astype(np.float32), dst)
    crop = cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=(HIDDEN_FILL,) * 3)
    keep = np.zeros((h, w), bool)
    keep[int(round(b0 * h)):int(round(b1 * h)), int(round(a0 * w)):int(round(a1 * w))] = True
    crop[~keep] = HIDDEN_FILL
    return crop


def _card_groups(faces: Sequence[CardFace]) -> list[int]:
    """Groups of a pile: cards that overlap or touch (within a tenth of a card's short side)
    are one group, numbered in reading order of their first card."""
    up = list(range(len(faces)))

    def root(i: int) -> int:
        while up[i] != i:
            up[i] = up[up[i]]
            i = up[i]
        return i

    grown = []
    for f in faces:
        c = f.corners.mean(0)
        short = float(np.linalg.norm(f.corners[1] - f.corners[0]))
        size = float(np.linalg.norm(f.corners[3] - f.corners[0]))
        grown.append(c + (f.corners - c) * np.array([1 + 0.1 * short / max(size, 1e-6)]))
    for i in range(len(faces)):
        for j in range(i + 1, len(faces)):
            inter, _ = cv2.intersectConvexConvex(grown[i].astype(np.float32),
                                                 grown[j].astype(np.float32))
            if inter > 0:
                up[root(i)] = root(j)
    names: dict[int, int] = {}
    return [names.setdefault(root(i), len(names)) for i in range(len(faces))]


def _reading_order(faces: Sequence[CardFace]) -> list[int]:
    """Cards top to bottom in bands a card's height tall, left to right within a band."""
    if not faces:
        return []
    height = float(np.median([np.linalg.norm(f.corners[3] - f.corners[0]) for f in faces]))
    return sorted(range(len(faces)), key=lambda i: (
        int(faces[i].centre[1] // max(height, 1.0)), float(faces[i].centre[0])))


def read_cards(image: np.ndarray, classifier: ClassifierLike, result: PhotoResult,
               back_scale: float, detector: TileDetector | None) -> PhotoResult:
    """A hanafuda pile (``cards.READER``): every card the learned detector finds, read from
    the part of it that shows; a card covered beyond reading is reported hidden, two cards
    the detector cannot tell apart are asked about."""
    if isinstance(detector, TileDetector) and not isinstance(detector, CardDetector):
        raise TypeError("hanafuda photos need a CardDetector")
    found = second_look(detector or shipped_card_detector(), image)
    ih, iw = image.shape[:2]
    # What shows of a card: its visible band, inside the photo.
    bands = [snap(visible_band(f.corners, f.centre)) for f in found]
    found = [replace(f, fraction=shown_share(f.corners, band, frame=(iw, ih)))
             for f, band in zip(found, bands, strict=True)]
    order = _reading_order(found)
    faces = [found[i] for i in order]
    at = {old: new for new, old in enumerate(order)}
    groups = _card_groups(faces)
    if faces and np.median([np.linalg.norm(f.corners[1] - f.corners[0])
                            for f in faces]) < MIN_TILE_SIDE:
        result.warnings.append(Said("photo.too-small"))
    readable = [i for i, f in enumerate(faces) if f.fraction >= MIN_READABLE]
    for i, f in enumerate(faces):
        if f.fraction < MIN_READABLE:
            result.hidden.append(RecognizedCard("hidden", 0.0, f.corners * back_scale,
                                                visible=f.fraction, group=groups[i]))
    crops = [card_crop(image, faces[i].corners, bands[order[i]]) for i in readable]
    preds = classifier.classify(crops) if crops else []
    dropped = 0
    tangled: set[tuple[int, int]] = set()
    misshapen = 0
    for i, p in zip(readable, preds, strict=True):
        f = faces[i]
        confidence = float(p.confidence)
        doubt = ("tangled" if f.tangled else "misshapen" if f.misshapen
                 else "faint" if f.score < UNSURE_CARD else "")
        if doubt:  # asked about, however sure the reading
            confidence = min(confidence, UNCERTAIN_CONFIDENCE - 0.01)
        if p.rejected and confidence < REJECT_DROP and f.score < UNSURE_CARD:
            dropped += 1
            continue
        tangled |= {tuple(sorted((i, at[j]))) for j in f.tangled}  # type: ignore[misc]
        misshapen += f.misshapen
        card = RecognizedCard(p.label, confidence, (f.corners * back_scale).astype(np.float32),
                              bool(p.rejected), list(p.top), f.fraction, 0, groups[i],
                              ask=confidence < SURE_CARD, doubt=doubt)
        (result.backs if p.label == "back" and not p.rejected else result.cards).append(card)
    if result.hidden:
        result.warnings.append(Said("photo.covered", n=len(result.hidden)))
    if tangled:
        result.warnings.append(Said("photo.tangled", n=len(tangled)))
    if misshapen:
        result.warnings.append(Said("photo.misshapen", n=misshapen))
    if dropped:
        result.warnings.append(Said("photo.dropped", n=dropped))
    if not faces:
        result.warnings.append(Said("photo.no-cards"))
    return result


def recognize_array(image: np.ndarray, game: str, classifier: ClassifierLike, *,
                    name: str = "", width: int | None = None,
                    height: int | None = None, detector: TileDetector | None = None
                    ) -> PhotoResult:
    """Detect, crop and classify, as the deck's reader says (``models.PhotoReader``).
    ``width``/``height``: the original size if ``image`` was decoded reduced (corners are
    reported in original pixels). ``detector``: the deck's learned detector (default: the
    shipped one; hanafuda's is a ``CardDetector``)."""
    read = photo_reader(game).reading()
    ih, iw = image.shape[:2]
    ow, oh = width or iw, height or ih
    result = read(image, classifier, PhotoResult(name, game, ow, oh), ow / iw, detector)
    return within_the_deck(result)


def read_tiles(image: np.ndarray, classifier: ClassifierLike, result: PhotoResult,
               back_scale: float, detector: TileDetector | None) -> PhotoResult:
    """Mahjong tiles (``tiles.READER``): every face the learned detector finds, read either
    way up, placed in rows and groups; a photo in which no tile stands out is read whole."""
    shape = detect.MAHJONG
    det, scores = learned_tiles(image, detector)
    result.warnings += det.warnings
    if not det.found and detect.TOO_SMALL not in det.warnings:
        whole = _whole_photo_tile(image, classifier, shape.aspect, back_scale)
        if whole is not None:
            result.cards.append(whole)
            result.warnings.append(WHOLE_PHOTO_TILE)
            return result
    if not det.found:
        result.warnings.append(Said("photo.no-tiles"))
        return result
    crops = [_crop(image, f.corners, shape.aspect, f.fraction, HIDDEN_CROP)
             for f in det.found]
    preds, flips = _classify_rows(classifier, crops, det.found)
    sure = scores
    # A face the detector is unsure of is asked about, however sure its reading.
    confidences = [float(p.confidence) if face >= UNSURE_FACE
                   else min(float(p.confidence), UNCERTAIN_CONFIDENCE - 0.01)
                   for p, face in zip(preds, sure, strict=True)]
    # A rejected region read with little confidence is table texture or clutter the detector
    # took for a card, unless the learned detector is sure of it: then it is a tile.
    kept = [i for i, (p, c, face) in enumerate(zip(preds, confidences, sure, strict=True))
            if not (p.rejected and c < REJECT_DROP and face < UNSURE_FACE)]
    dropped = len(det.found) - len(kept)
    found = [det.found[i] for i in kept]
    if dropped:  # the pieces of the tiles kept: a patch of table dropped joins no melds
        found = pieces_of(found, [sure[i] for i in kept])
    places = rows_and_groups(found, det.card_width * shape.aspect)
    placed: list[tuple[tuple[int, int, float], RecognizedCard]] = []
    for i, f, place in zip(kept, found, places, strict=True):
        p = preds[i]
        corners = f.corners * back_scale
        if flips[i]:
            corners = np.roll(corners, 2, axis=0)
        placed.append((place, RecognizedCard(p.label, confidences[i],
                                             corners.astype(np.float32), bool(p.rejected),
                                             list(p.top), f.fraction, place[0], place[1],
                                             doubt="faint" if sure[i] < UNSURE_FACE else "")))
    placed.sort(key=lambda e: e[0])  # reading order: row, group, then along the row
    for _, it in placed:
        if it.code == "back" and not it.rejected:
            result.backs.append(it)
        else:
            result.cards.append(it)
    if dropped:
        result.warnings.append(Said("photo.dropped", n=dropped))
    return result


@functools.cache
def deck_copies(deck: str) -> dict[str, int]:
    """How many of each reader's label one deck holds: its records' copies, the plain junk
    cards of a month (``pine-junk-1``, ``pine-junk-2``: one design) under one label."""
    from scorer.decks import get_deck

    out: dict[str, int] = {}
    for record in get_deck(deck).card_records():
        label = str(record["id"])
        if record.get("junk_variant") == "plain":
            label = re.sub(r"-\d+$", "", label)
        out[label] = out.get(label, 0) + int(record["copies"])
    return out


def within_the_deck(result: PhotoResult) -> PhotoResult:
    """A photo of one deck's pieces cannot show more of a card than the deck holds: where
    more are read as one card, all but the surest of them are asked about."""
    copies = deck_copies(result.game)
    by_code: dict[str, list[int]] = {}
    for i, c in enumerate(result.cards):
        by_code.setdefault(c.code, []).append(i)
    over = 0
    for code, idx in by_code.items():
        room = copies.get(code)
        if room is None or len(idx) <= room:
            continue
        for i in sorted(idx, key=lambda i: -result.cards[i].confidence)[room:]:
            card = result.cards[i]
            if not card.uncertain:
                over += 1
                result.cards[i] = replace(card, confidence=min(card.confidence,
                                                               UNCERTAIN_CONFIDENCE - 0.01),
                                          doubt="over")
    if over:
        result.warnings.append(Said("photo.over", n=over))
    return result



def _whole_photo_tile(image: np.ndarray, classifier: ClassifierLike, aspect: float,
                      back_scale: float) -> RecognizedCard | None:
    """A photo in which no tile stands out from a table: a close-up of one tile filling the
    frame, read whole as ``--single`` reads it (either way up), or None where the classifier
    sees no tile in it."""
    ih, iw = image.shape[:2]
    corners = np.array([[0, 0], [iw, 0], [iw, ih], [0, ih]], np.float32)
    if iw > ih:  # a tile lying sideways: its top is one of the long sides
        corners = np.roll(corners, -1, axis=0)
    crop = _crop(image, corners, aspect, 1.0, HIDDEN_CROP)
    (p,), (flip,) = _classify_rows(classifier, [crop], [detect.Found(corners)])
    if p.rejected:
        return None
    if flip:
        corners = np.roll(corners, 2, axis=0)
    return RecognizedCard(p.label, float(p.confidence), corners * back_scale, False,
                          list(p.top))


def _same_turn_groups(found: Sequence[detect.Found]) -> list[list[int]]:
    """Tiles grouped by piece and, within a piece, by turn: a tile joins the first group of
    its piece whose first tile's top edge turns the same way to SAME_TURN_DEG (modulo 180
    degrees). Tiles of one row or grid share a group; tiles pushed together at odd angles
    mostly do not."""
    groups: list[list[int]] = []
    first: list[tuple[int, float]] = []  # (piece, angle) of each group's first tile
    for i, f in enumerate(found):
        d = f.corners[1] - f.corners[0]
        angle = float(np.degrees(np.arctan2(d[1], d[0]))) % 180.0
        for g, (piece, a0) in enumerate(first):
            diff = abs(angle - a0) % 180.0
            if piece == f.piece and min(diff, 180.0 - diff) <= SAME_TURN_DEG:
                groups[g].append(i)
                break
        else:
            groups.append([i])
            first.append((f.piece, angle))
    return groups


def _classify_rows(classifier: ClassifierLike, crops: list[np.ndarray],
                   found: Sequence[detect.Found]) -> tuple[list[Any], list[bool]]:
    """Tiles are upright only up to 180 degrees; pick, per row piece (its tiles of one turn),
    the reading that the classifier finds more convincing overall. A classifier in two
    stages chooses the turn by its first stage and reads only the chosen turn in both: the
    flower/season reader, the costlier stage, reads each tile once, not twice."""
    turned = [cv2.rotate(c, cv2.ROTATE_180) for c in crops]
    first = getattr(classifier, "first_stage", None)
    both = (first or classifier.classify)(crops + turned)
    a, b = both[:len(crops)], both[len(crops):]
    preds: list[Any] = list(a)
    flips = [False] * len(crops)
    for idx in _same_turn_groups(found):
        la = sum(np.log(max(a[i].confidence, 1e-6)) for i in idx)
        lb = sum(np.log(max(b[i].confidence, 1e-6)) for i in idx)
        turn = lb > la
        for i in idx:
            mine, other = (b[i], a[i]) if turn else (a[i], b[i])
            own = (not other.rejected and np.log(max(other.confidence, 1e-6))
                   - np.log(max(mine.confidence, 1e-6)) > OWN_TURN_MARGIN)
            flips[i] = turn != own
            preds[i] = b[i] if flips[i] else a[i]
    if first is not None:
        preds = classifier.classify([t if f else c for c, t, f in zip(crops, turned, flips,
                                                                     strict=True)])
    return preds, flips


def recognize_path(path: str | Path, game: str, classifier: ClassifierLike | None = None,
                   *, detector: TileDetector | None = None
                   ) -> tuple[PhotoResult, np.ndarray]:
    """Load and recognise a photo; returns the result and the decoded image (for annotate)."""
    image, (w, h) = load_image_sized(path)
    if classifier is None:
        from scorer.vision.classify import Classifier

        classifier = Classifier(game)
    result = recognize_array(image, game, classifier, name=str(path), detector=detector,
                             width=w, height=h)
    if (w, h) != (image.shape[1], image.shape[0]):
        image = cv2.resize(image, (w, h), interpolation=cv2.INTER_LINEAR)
    return result, image
