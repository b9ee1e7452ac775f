"""Photos as phones make them (issue #23 item 1), tiny images (#20 item 4) and OpenCV's own
log lines kept off stderr (#20 item 6).

Every image is made here, at test time, with Pillow, OpenCV and numpy; none is committed.
"""

from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from cli_helpers import run_main
from PIL import Image, ImageOps
from typer.testing import CliRunner
from vision_fakes import HAVE_MODELS, NO_MODELS, FakeClassifier

from scorer.cli.app import app
from scorer.vision import pipeline

runner = CliRunner()
REPO = Path(__file__).resolve().parents[1]

try:
    import pillow_heif
except ImportError:  # a runtime dependency; absent only in a broken install
    pillow_heif = None


def _blocks(w: int = 400, h: int = 300) -> np.ndarray:
    """BGR image of flat coloured blocks, a different colour in each: any wrong turn or
    mirror moves a block and shows as a large difference, JPEG noise as a small one."""
    img = np.zeros((h, w, 3), np.uint8)
    rng = np.random.default_rng(5)
    for r in range(3):
        for c in range(4):
            img[r * h // 3:(r + 1) * h // 3, c * w // 4:(c + 1) * w // 4] = rng.integers(
                0, 255, 3)
    return img


def _jpeg(img: np.ndarray, quality: int = 92) -> bytes:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes()


def _pil_jpeg(img: np.ndarray, orientation: int) -> bytes:
    exif = Image.Exif()
    exif[pipeline.EXIF_ORIENTATION] = orientation
    buf = io.BytesIO()
    Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB)).save(buf, "JPEG", quality=92,
                                                               exif=exif)
    return buf.getvalue()


def _pillow_upright(data: bytes) -> np.ndarray:
    """What Pillow alone makes of a file: decoded, turned by ImageOps.exif_transpose, BGR."""
    im = ImageOps.exif_transpose(Image.open(io.BytesIO(data)))
    return cv2.cvtColor(np.asarray(im.convert("RGB")), cv2.COLOR_RGB2BGR)


def _diff(a: np.ndarray, b: np.ndarray) -> float:
    assert a.shape == b.shape
    return float(np.abs(a.astype(np.int16) - b.astype(np.int16)).mean())


def _mp4_tail(n: int = 300_000) -> bytes:
    """A plausible MP4 as a motion photo carries it after the JPEG: ftyp, moov, mdat boxes.
    The payload is random, so it holds stray 0xFFD8/0xFFD9 pairs as real video does."""
    def box(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", 8 + len(body)) + kind + body

    ftyp = box(b"ftyp", b"mp42" + struct.pack(">I", 0) + b"isommp42")
    mvhd = box(b"mvhd", bytes(4) + struct.pack(">IIII", 0, 0, 1000, 3000) + bytes(80))
    moov = box(b"moov", mvhd + box(b"trak", bytes(200)))
    mdat = box(b"mdat", np.random.default_rng(2).integers(0, 256, n, np.uint8).tobytes())
    return ftyp + moov + mdat


def _png_header_only(w: int, h: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# ---------------------------------------------------------------- what phones write


def test_jpeg_with_padding_after_the_end_marker(tmp_path: Path) -> None:
    """Android phones pad after the end marker: 200 KB of zeros is still a photo."""
    img = _blocks()
    plain = _write(tmp_path, "plain.jpg", _jpeg(img))
    padded = _write(tmp_path, "padded.jpg", _jpeg(img) + bytes(200_000))
    out, full = pipeline.load_image_sized(padded)
    assert full == (400, 300)
    assert np.array_equal(out, pipeline.load_image(plain))


def test_motion_photo_jpeg_followed_by_an_mp4(tmp_path: Path) -> None:
    img = _blocks()
    path = _write(tmp_path, "motion.jpg", _jpeg(img) + _mp4_tail())
    out, full = pipeline.load_image_sized(path)
    assert full == (400, 300) and _diff(out, img) < 3


def test_png_with_bytes_after_iend(tmp_path: Path) -> None:
    img = _blocks()
    ok, buf = cv2.imencode(".png", img)
    assert ok
    tail = np.random.default_rng(1).integers(0, 256, 50_000, np.uint8).tobytes()
    path = _write(tmp_path, "tail.png", buf.tobytes() + tail)
    out, full = pipeline.load_image_sized(path)
    assert full == (400, 300) and np.array_equal(out, img)


def test_exif_rotated_portrait_photo_is_upright(tmp_path: Path) -> None:
    """A portrait phone photo: stored landscape with orientation 6 (turn 90 degrees
    clockwise to view). The block stored at the top-left shows at the top-right."""
    stored = _blocks()
    path = _write(tmp_path, "portrait.jpg", _pil_jpeg(stored, 6))
    out, full = pipeline.load_image_sized(path)
    assert full == (300, 400) and out.shape[:2] == (400, 300)
    assert _diff(out, cv2.rotate(stored, cv2.ROTATE_90_CLOCKWISE)) < 3
    code, doc = _recognize_json(path)
    assert code == 0 and (doc["width"], doc["height"]) == (300, 400)


def _recognize_json(path: Path) -> tuple[int, dict]:
    res = runner.invoke(app, ["recognize", str(path), "--game", "hanafuda", "--json"])
    return res.exit_code, (json.loads(res.stdout) if res.exit_code == 0 else {})


@pytest.mark.parametrize("orientation", range(1, 9))
def test_every_exif_orientation_matches_pillow(tmp_path: Path, orientation: int) -> None:
    """JPEG pixels come from OpenCV, turned by our table; Pillow's exif_transpose is the
    reference for each of the eight orientations."""
    data = _pil_jpeg(_blocks(), orientation)
    out, full = pipeline.load_image_sized(_write(tmp_path, "o.jpg", data))
    expected = _pillow_upright(data)
    assert full == (expected.shape[1], expected.shape[0])
    assert _diff(out, expected) < 3


def test_exif_orientation_of_a_png(tmp_path: Path) -> None:
    """Non-JPEG files are decoded and turned by Pillow itself (EXIF may follow the pixels)."""
    exif = Image.Exif()
    exif[pipeline.EXIF_ORIENTATION] = 8
    buf = io.BytesIO()
    Image.fromarray(cv2.cvtColor(_blocks(), cv2.COLOR_BGR2RGB)).save(buf, "PNG", exif=exif)
    out, full = pipeline.load_image_sized(_write(tmp_path, "o.png", buf.getvalue()))
    assert full == (300, 400)
    assert np.array_equal(out, cv2.rotate(_blocks(), cv2.ROTATE_90_COUNTERCLOCKWISE))


def test_reduced_decode_of_a_rotated_photo_reports_the_upright_full_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "DECODE_LONG_SIDE", 100)  # 400 px is "four times" that
    stored = _blocks(800, 600)
    out, full = pipeline.load_image_sized(_write(tmp_path, "big.jpg", _pil_jpeg(stored, 6)))
    assert full == (600, 800) and out.shape[:2] == (200, 150)
    small = cv2.resize(cv2.rotate(stored, cv2.ROTATE_90_CLOCKWISE), (150, 200),
                       interpolation=cv2.INTER_AREA)
    assert _diff(out, small) < 6


@pytest.mark.skipif(pillow_heif is None, reason="pillow-heif is not installed (it is a "
                    "runtime dependency of scorer; pip install pillow-heif)")
def test_heic_photo(tmp_path: Path) -> None:
    img = _blocks()
    heif = pillow_heif.from_bytes(mode="RGB", size=(400, 300),
                                  data=cv2.cvtColor(img, cv2.COLOR_BGR2RGB).tobytes())
    buf = io.BytesIO()
    heif.save(buf, quality=90)
    path = _write(tmp_path, "IMG_0001.HEIC", buf.getvalue())
    out, full = pipeline.load_image_sized(path)
    assert full == (400, 300) and _diff(out, img) < 6


def test_heic_without_pillow_heif_says_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A HEIC file on an install without pillow-heif: one line naming the package."""
    data = struct.pack(">I", 24) + b"ftypheic" + struct.pack(">I", 0) + b"mif1heic" + bytes(64)
    path = _write(tmp_path, "IMG_0002.heic", data)
    monkeypatch.setattr(pipeline, "_HEIF_READY", False)
    with pytest.raises(pipeline.ImageError, match="pip install pillow-heif"):
        pipeline.load_image(path)


# ---------------------------------------------------------------- still refused


def test_truncated_jpeg_with_exif_is_refused(tmp_path: Path) -> None:
    data = _pil_jpeg(_blocks(), 6)
    path = _write(tmp_path, "cut.jpg", data[: len(data) * 2 // 3])
    with pytest.raises(pipeline.ImageError, match="truncated"):
        pipeline.load_image(path)


def test_image_between_the_limit_and_twice_it_is_refused_with_its_size(
        tmp_path: Path) -> None:
    path = _write(tmp_path, "big.png", _png_header_only(12000, 10000))
    with pytest.raises(pipeline.ImageError, match="12000x10000 pixels.*100 megapixels"):
        pipeline.load_image(path)


@pytest.mark.parametrize("name, data, words", [
    ("empty.jpg", b"", "empty"),
    ("notes.jpg", b"pine-bright plum-ribbon\n", "not an image"),
    ("bomb.png", _png_header_only(60000, 60000), "megapixels"),
])
def test_bad_input_keeps_its_message(tmp_path: Path, name: str, data: bytes,
                                     words: str) -> None:
    with pytest.raises(pipeline.ImageError, match=words):
        pipeline.load_image(_write(tmp_path, name, data))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command in a child process: C libraries write to the stderr file itself,
    which CliRunner does not capture."""
    return subprocess.run([sys.executable, "-m", "scorer.cli.entry", *args],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def test_bad_photo_and_bad_video_give_exactly_one_stderr_line(tmp_path: Path) -> None:
    data = _jpeg(_blocks())
    cut = _write(tmp_path, "cut.jpg", data[: len(data) // 2])
    video = _write(tmp_path, "clip.mp4", _mp4_tail(20_000)[:5_000])  # no moov atom read
    for args in (["recognize", str(cut), "--game", "hanafuda"],
                 ["camera", "--game", "hanafuda", "--source", str(video)]):
        res = _cli(*args)
        assert res.returncode == 2, res.stderr
        assert res.stderr.count("\n") == 1 and res.stderr.startswith("scorer: error:"), (
            res.stderr)


# ---------------------------------------------------------------- tiny images


def _tiny(tmp_path: Path) -> Path:
    path = tmp_path / "line.png"
    cv2.imwrite(str(path), np.full((1, 300, 3), 120, np.uint8))
    return path


def test_single_on_a_one_pixel_high_image_is_no_card(tmp_path: Path) -> None:
    res = runner.invoke(app, ["recognize", str(_tiny(tmp_path)), "--game", "hanafuda",
                              "--single", "--json"])
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["code"] is None and doc["rejected"] and doc["top"] == []
    assert "300x1" in doc["warnings"][0]
    res = runner.invoke(app, ["recognize", str(_tiny(tmp_path)), "--game", "mahjong",
                              "--single"])
    assert res.exit_code == 0 and res.stdout.strip() == "no tile"
    assert "too small" in res.stderr and "Traceback" not in res.stderr


def test_game_names_read_their_deck(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    # A Koi-Koi or Go-Stop player types the game, not the deck: both are played with hanafuda
    # cards, so both read them (the JSON names the deck read); Hakka cards have no photo reader.
    for game in ("koikoi", "gostop", "hanafuda"):
        res = runner.invoke(app, ["recognize", str(_tiny(tmp_path)), "--game", game,
                                  "--single", "--json"])
        assert res.exit_code == 0, res.stderr
        assert json.loads(res.stdout)["game"] == "hanafuda"
    assert run_main(["recognize", str(_tiny(tmp_path)), "--game", "hakka"], capsys) == (
        2, "", "scorer: error: scorer recognize: Invalid value for '--game': 'hakka' is not one "
        "of 'hanafuda', 'mahjong', 'gostop', 'koikoi'. (see --help)\n")


def test_whole_photo_path_on_a_one_pixel_high_image_is_no_card(tmp_path: Path) -> None:
    result, _ = pipeline.recognize_path(_tiny(tmp_path), "hanafuda",
                                        FakeClassifier([("pine-bright", 0.9)]))
    assert result.cards == [] and "no cards found in the photo" in result.warnings


@pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)
def test_classifier_names_a_too_small_crop_for_what_it_is() -> None:
    from scorer.vision.classify import Classifier

    with pytest.raises(ValueError, match="300x1 pixels") as err:
        Classifier("hanafuda").classify([np.zeros((1, 300, 3), np.uint8)])
    assert "not a BGR uint8" not in str(err.value)


# ---------------------------------------------------------------- start-up budget


def test_pillow_is_imported_only_when_a_photo_is_loaded() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from scorer.cli.entry import main\n"
        "import scorer.vision.pipeline\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['score', 'samples/gostop-cardavia-go.toml'])\n"
        "print(','.join(m for m in ('PIL', 'pillow_heif') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout.strip()
    assert out == ""


@pytest.mark.parametrize("cut", [300, 5000, 9000])
def test_a_phone_jpeg_cut_inside_its_exif_block_is_one_line(tmp_path: Path, cut: int) -> None:
    """Pillow's Image.open raises a bare OSError ("Truncated File Read") when the file ends
    inside the header's EXIF block: it is the loader's one-line error, in the CLI too."""
    im = Image.fromarray((np.random.default_rng(1).random((600, 800, 3)) * 255)
                         .astype("uint8"))
    exif = Image.Exif()
    exif[0x927C] = b"x" * 20000  # a maker note as large as phones write
    buf = io.BytesIO()
    im.save(buf, "JPEG", exif=exif.tobytes(), icc_profile=b"\0" * 3000)
    path = tmp_path / "cut.jpg"
    path.write_bytes(buf.getvalue()[:cut])
    with pytest.raises(pipeline.ImageError, match="is truncated"):
        pipeline.load_image_sized(path)
    result = runner.invoke(app, ["recognize", str(path), "--game", "hanafuda"])
    assert result.exit_code == 2
    assert "truncated" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
