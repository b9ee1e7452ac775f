"""Helpers of the web tests: a synthetic pile photo and hand-made bad uploads."""

from __future__ import annotations

import re
import struct
import zlib
from typing import Any

import cv2
import numpy as np
from vision_fakes import DATA, HAVE_DATA

SIZE = (900, 1200)  # (h, w): big enough for 6 cards, fast to draw, detect and upload


def pile_photo(n: int = 6, seed: int = 3) -> bytes:
    """A JPEG of ``n`` cards on a table: the shared art when present, else drawn rectangles."""
    from scorer.training import scenes

    rng = np.random.default_rng(seed)
    if HAVE_DATA:
        art = scenes.load_hanafuda_art(DATA, ["itsent_hwatu"], max_side=300)
        art = [a for a in art if a.label != "back"]
    else:
        art = scenes.procedural_cards(rng, n)
    scene = scenes.spread_scene(rng, art, n, size=SIZE, kind="felt")
    ok, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return jpeg.tobytes()


def truncated_jpeg() -> bytes:
    data = pile_photo(3, seed=1)
    return data[: len(data) // 2]


def bomb_png(side: int = 30_000) -> bytes:
    """A tiny PNG whose header claims ``side`` x ``side`` pixels (900 megapixels)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def web_client(app: Any, **kwargs: Any) -> Any:
    """A test client that calls itself localhost (the Host allow-list's default)."""
    import warnings

    with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx works the same here
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    return TestClient(app, base_url="http://localhost", **kwargs)


def form_token(client: Any) -> str:
    """The form token the pages give this client's browser cookie."""
    page = client.get("/")
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None, page.text[:300]
    return found.group(1)


def post_form(client: Any, url: str, data: dict[str, str] | None = None, **kwargs: Any) -> Any:
    """A form post as the page sends it: with the browser's form token."""
    return client.post(url, data={"csrf": form_token(client), **(data or {})}, **kwargs)
