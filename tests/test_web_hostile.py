"""scorer serve against a hostile visitor: paths in fields, broken uploads, cross-site posts,
rebinding, malformed bodies. Every request's status and body are checked, none answers 500,
and no file outside the upload is ever opened (an audit hook watches every open)."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("multipart", reason="python-multipart (web extra) is not installed")

from vision_fakes import HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import form_token, pile_photo, web_client  # noqa: E402

from scorer.web.app import MAX_BODY_BYTES, MAX_JSON_BYTES, create_app  # noqa: E402

pytestmark = pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)

OPENED: list[str] = []
WATCHING = False


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if WATCHING and event == "open" and args and isinstance(args[0], str | bytes):
        OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # hooks cannot be removed; this one records only while WATCHING

HAND = {"q.me": "1b 3b 8b 1r 2r 3r 4r 6r", "q.vs.0": "11b 6j", "q.gos": "1", "q.stop": "me"}
RECORD = {"game": "gostop", "preset": "cardavia", "stopped": "Ana", "players": [
    {"name": "Ana", "cards": "1b 3b 8b 1r 2r 3r 4r 6r"}, {"name": "Bo", "cards": "11b 6j"}]}


@pytest.fixture(scope="module")
def secret(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Files a visitor must never get the server to read: a photo, a rules file, a key."""
    folder = tmp_path_factory.mktemp("secret")
    (folder / "pile.jpg").write_bytes(pile_photo(3, seed=2))
    (folder / "secret.toml").write_text('[secret]\napi_key = "hunter2"\n')
    (folder / "rules.toml").write_text('"gwang.three" = 99\n')
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, secret: Path) -> Iterator[Any]:
    global WATCHING
    db = str(tmp_path_factory.mktemp("hostile") / "ledger.sqlite3")
    c = web_client(create_app(db))
    token = form_token(c)
    r = c.post("/sessions", data={"csrf": token, "name": "fri", "game": "gostop",
                                  "players": "Ana, Bo", "preset": "gostop:cardavia",
                                  "stake": "100", "currency": "won"}, follow_redirects=False)
    assert r.status_code == 303
    cwd = os.getcwd()
    os.chdir(secret)  # relative names would now find the secret files
    WATCHING = True
    try:
        yield c
    finally:
        WATCHING = False
        os.chdir(cwd)


def hands(c: Any) -> int:
    return len(c.get("/api/sessions/fri").json()["hands"])


def sessions(c: Any) -> list[str]:
    return [s["name"] for s in c.get("/api/sessions").json()["sessions"]]


def visible(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def jpeg_cut(at: int) -> bytes:
    """A phone-like JPEG (EXIF and a colour profile first) cut at ``at`` bytes."""
    import numpy as np
    from PIL import Image

    im = Image.fromarray((np.random.default_rng(0).random((600, 800, 3)) * 255).astype("uint8"))
    exif = Image.Exif()
    exif[0x927C] = b"x" * 20000  # a maker note as large as phones write
    buf = io.BytesIO()
    im.save(buf, "JPEG", exif=exif.tobytes(), icc_profile=b"\0" * 3000)
    return buf.getvalue()[:at]


def png_cut() -> bytes:
    import cv2
    import numpy as np

    ok, png = cv2.imencode(".png", np.full((300, 300, 3), 90, np.uint8))
    assert ok
    return png.tobytes()[:400]


def multipart(parts: list[tuple[str, str | None, bytes]], boundary: str = "XyZ") -> bytes:
    out = b""
    for name, filename, data in parts:
        disp = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        out += (f"--{boundary}\r\nContent-Disposition: {disp}\r\n\r\n").encode() + data + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


Case = Callable[[Any, Path], tuple[Any, int, Callable[[str], bool]]]
CASES: dict[str, Case] = {}


def case(fn: Case) -> Case:
    CASES[fn.__name__] = fn
    return fn


def form(c: Any, data: dict[str, str], **kw: Any) -> Any:
    return c.post("/s/fri/add", data={"csrf": form_token(c), **data}, **kw)


def api(c: Any, path: str, doc: Any, **headers: str) -> Any:
    return c.post(path, content=json.dumps(doc), headers={"content-type": "application/json",
                                                           **headers})


# -- paths in fields ----------------------------------------------------------------------------
@case
def typed_pile_names_a_relative_photo_score(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "q.me": "pile.jpg", "action": "score"})
    return r, 400, lambda t: "file name" in t and "Three brights" not in t


@case
def typed_pile_names_a_photo_add(c: Any, s: Path) -> Any:
    before = hands(c)
    r = form(c, {**HAND, "q.me": "../" + s.name + "/pile.jpg", "action": "add"},
             follow_redirects=False)
    return r, 400, lambda t: "file name" in t and hands(c) == before


@case
def typed_pile_names_an_absolute_photo(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "q.vs.0": str(s / "pile.jpg"), "action": "score"})
    return r, 400, lambda t: "file name" in t


@case
def typed_pile_names_a_missing_photo(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "q.me": "../../../../no/such/pile.jpg", "action": "score"})
    return r, 400, lambda t: "file name" in t and str(s) not in t and os.getcwd() not in t


@case
def api_score_rules_file_leaks_no_keys(c: Any, s: Path) -> Any:
    r = api(c, "/api/score", {**RECORD, "rules_file": "secret.toml"})
    return r, 400, lambda t: "opens no files" in t and "api_key" not in t


@case
def api_score_rules_file_etc_hostname(c: Any, s: Path) -> Any:
    r = api(c, "/api/score", {**RECORD, "rules_file": "/etc/hostname"})
    return r, 400, lambda t: "opens no files" in t and "TOML" not in t


@case
def api_add_rules_file_stores_nothing(c: Any, s: Path) -> Any:
    before = hands(c)
    r = api(c, "/api/sessions/fri/hands", {**RECORD, "rules_file": str(s / "rules.toml")})
    return r, 400, lambda t: "opens no files" in t and hands(c) == before


@case
def api_score_photo_pile(c: Any, s: Path) -> Any:
    players = [{"name": "Ana", "cards": str(s / "pile.jpg")}, RECORD["players"][1]]
    r = api(c, "/api/score", {**RECORD, "players": players})
    return r, 400, lambda t: "file name" in t and "/api/photo" in t


@case
def api_series_hand_names_a_rules_file(c: Any, s: Path) -> Any:
    doc = {"game": "gostop", "hands": [{**RECORD, "game": "gostop", "rules_file": "rules.toml"}]}
    r = api(c, "/api/score", doc)
    return r, 400, lambda t: "opens no files" in t


@case
def api_hakka_pattern_is_a_photo(c: Any, s: Path) -> Any:
    doc = {"game": "hakka", "players": [{"name": n} for n in "ABCD"], "pattern": "pile.jpg"}
    r = api(c, "/api/score", doc)
    return r, 400, lambda t: "file name" in t


# -- broken uploads -----------------------------------------------------------------------------
@case
def jpeg_cut_at_5000_bytes_on_the_page(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "action": "read"},
             files={"photo.q.me": ("cut.jpg", jpeg_cut(5000), "image/jpeg")})
    return r, 400, lambda t: "truncated" in t and "cut.jpg" in t


@case
def jpeg_cut_at_5000_bytes_on_the_api(c: Any, s: Path) -> Any:
    r = c.post("/api/photo?game=gostop", files={"photo": ("cut.jpg", jpeg_cut(5000),
                                                          "image/jpeg")})
    return r, 400, lambda t: "truncated" in t


@case
def png_cut_short(c: Any, s: Path) -> Any:
    r = c.post("/api/photo?game=gostop", files={"photo": ("cut.png", png_cut(), "image/png")})
    return r, 400, lambda t: "truncated" in t or "not an image" in t


@case
def nul_byte_in_the_file_name(c: Any, s: Path) -> Any:
    r = c.post("/api/photo?game=gostop", files={"photo": ("pile.jp\x00g", b"no image",
                                                          "image/jpeg")})
    return r, 400, lambda t: "not an image" in t and "\\u0000" not in t


@case
def a_path_as_the_file_name(c: Any, s: Path) -> Any:
    r = c.post("/api/photo?game=gostop", files={"photo": ("../../etc/passwd.jpg", b"x",
                                                          "image/jpeg")})
    return r, 400, lambda t: "passwd.jpg" in t and "etc/" not in t


@case
def body_over_the_limit_by_its_length(c: Any, s: Path) -> Any:
    r = c.post("/s/fri/add", content=b"x", headers={
        "content-type": "multipart/form-data; boundary=b",
        "content-length": str(MAX_BODY_BYTES + 1)})
    return r, 400, lambda t: "too large" in t


@case
def multipart_without_a_boundary(c: Any, s: Path) -> Any:
    r = c.post("/api/photo?game=gostop", content=b"--x\r\n\r\n",
               headers={"content-type": "multipart/form-data"})
    return r, 400, lambda t: "could not be read" in t


@case
def multipart_that_never_ends(c: Any, s: Path) -> Any:
    body = b'--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nab'
    r = c.post("/api/photo?game=gostop", content=body,
               headers={"content-type": "multipart/form-data; boundary=XyZ"})
    return r, 400, lambda t: "error" in t


@case
def multipart_part_without_a_name(c: Any, s: Path) -> Any:
    body = b"--XyZ\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n"
    r = c.post("/api/photo?game=gostop", content=body,
               headers={"content-type": "multipart/form-data; boundary=XyZ"})
    return r, 400, lambda t: "could not be read" in t or "field 'photo'" in t


@case
def multipart_with_too_many_files(c: Any, s: Path) -> Any:
    parts = [(f"photo.q.x{i}", f"p{i}.jpg", b"x") for i in range(20)]
    r = c.post("/s/fri/add", content=multipart(parts),
               headers={"content-type": "multipart/form-data; boundary=XyZ"})
    return r, 400, lambda t: "could not be read" in t


@case
def multipart_with_too_many_fields(c: Any, s: Path) -> Any:
    parts = [(f"f{i}", None, b"x") for i in range(2500)]
    r = c.post("/s/fri/add", content=multipart(parts),
               headers={"content-type": "multipart/form-data; boundary=XyZ"})
    return r, 400, lambda t: "could not be read" in t


@case
def a_grid_of_nonsense(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "gridn.q.me": "99999", "grid.q.me.0": "no-such-card",
                 "place.q.me.0": "x,y", "action": "score"})
    return r, 400, lambda t: "Please fix" in t


@case
def numbers_out_of_range(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "q.gos": "-1", "q.shakes": "1e9", "action": "score"})
    return r, 400, lambda t: "out of range" in t and "not a whole number" in t


# -- cross-site and rebinding -------------------------------------------------------------------
@case
def text_plain_json_from_a_foreign_origin(c: Any, s: Path) -> Any:
    r = c.post("/api/sessions", content=json.dumps({"name": "evil", "game": "gostop",
                                                     "players": ["A", "B"]}),
               headers={"content-type": "text/plain", "origin": "http://evil.example"})
    return r, 403, lambda t: "another site" in t and "evil" not in sessions(c)


@case
def text_plain_json_from_no_origin(c: Any, s: Path) -> Any:
    r = c.post("/api/sessions", content=json.dumps({"name": "evil2", "game": "gostop",
                                                     "players": ["A", "B"]}),
               headers={"content-type": "text/plain"})
    return r, 415, lambda t: "application/json" in t and "evil2" not in sessions(c)


@case
def form_post_from_a_foreign_origin(c: Any, s: Path) -> Any:
    r = c.post("/sessions", data={"csrf": form_token(c), "name": "evil3", "game": "gostop",
                                  "players": "A, B"}, headers={"origin": "http://evil.example"})
    return r, 403, lambda t: "another site" in t and "evil3" not in sessions(c)


@case
def form_post_without_the_token(c: Any, s: Path) -> Any:
    r = c.post("/sessions", data={"name": "evil4", "game": "gostop", "players": "A, B"})
    return r, 403, lambda t: "out of date" in t and "evil4" not in sessions(c)


@case
def form_post_with_another_browsers_token(c: Any, s: Path) -> Any:
    other = web_client(c.app)
    r = c.post("/sessions", data={"csrf": form_token(other), "name": "evil5", "game": "gostop",
                                  "players": "A, B"})
    return r, 403, lambda t: "out of date" in t and "evil5" not in sessions(c)


@case
def sec_fetch_site_cross_site(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", {"name": "evil6", "game": "gostop", "players": ["A", "B"]},
            **{"sec-fetch-site": "cross-site"})
    return r, 403, lambda t: "another site" in t and "evil6" not in sessions(c)


@case
def origin_null_from_a_sandboxed_frame(c: Any, s: Path) -> Any:
    r = form(c, {**HAND, "action": "add"}, headers={"origin": "null"})
    return r, 403, lambda t: "another site" in t


@case
def rebinding_host_lists_nothing(c: Any, s: Path) -> Any:
    r = c.get("/api/sessions", headers={"host": "rebind.evil.example"})
    return r, 400, lambda t: "rebind.evil.example" in t and "fri" not in t


@case
def rebinding_host_writes_nothing(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", {"name": "evil7", "game": "gostop", "players": ["A", "B"]},
            host="rebind.evil.example:8000")
    return r, 400, lambda t: "evil7" not in sessions(c)


# -- malformed JSON -----------------------------------------------------------------------------
@case
def huge_json(c: Any, s: Path) -> Any:
    r = c.post("/api/score", content=b'{"a": "' + b"x" * MAX_JSON_BYTES + b'"}',
               headers={"content-type": "application/json"})
    return r, 413, lambda t: "larger than" in t


@case
def deep_json(c: Any, s: Path) -> Any:
    r = c.post("/api/score", content=b"[" * 100_000 + b"]" * 100_000,
               headers={"content-type": "application/json"})
    return r, 400, lambda t: "nested" in t


@case
def json_twenty_deep(c: Any, s: Path) -> Any:
    doc: Any = {"game": "gostop"}
    for _ in range(20):
        doc = {"rules": doc}
    r = api(c, "/api/score", doc)
    return r, 400, lambda t: "nested" in t


@case
def bad_utf8(c: Any, s: Path) -> Any:
    r = c.post("/api/sessions", content=b'{"name": "\xff\xfe"}',
               headers={"content-type": "application/json"})
    return r, 400, lambda t: "UTF-8" in t


@case
def nan_stake(c: Any, s: Path) -> Any:
    r = c.post("/api/sessions", content=b'{"name": "n", "game": "gostop", "players": ["A", "B"],'
               b' "stake": NaN}', headers={"content-type": "application/json"})
    return r, 400, lambda t: "NaN" in t and "n" not in sessions(c)


@case
def integer_of_five_thousand_digits(c: Any, s: Path) -> Any:
    r = c.post("/api/score", content=b'{"stake": ' + b"9" * 5000 + b"}",
               headers={"content-type": "application/json"})
    return r, 400, lambda t: "could not be read" in t


@case
def json_array_not_object(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions/fri/hands", [RECORD])
    return r, 400, lambda t: "JSON object" in t


@case
def session_fields_of_the_wrong_types(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", {"name": ["x"], "game": 3, "players": {"a": 1},
                                 "stake": {"x": 1}, "currency": [1]})
    return r, 400, lambda t: "must be text" in t


@case
def record_of_the_wrong_shapes(c: Any, s: Path) -> Any:
    r = api(c, "/api/score", {"game": "gostop", "players": [3, {"name": ["x"], "cards": 5}],
                              "stake": "lots", "rules": [1]})
    return r, 400, lambda t: "players entry 1" in t


@case
def photo_api_given_json(c: Any, s: Path) -> Any:
    r = api(c, "/api/photo?game=gostop", {"photo": "pile.jpg"})
    return r, 415, lambda t: "multipart" in t


@case
def bad_percent_encoding_in_a_name(c: Any, s: Path) -> Any:
    r = c.get("/api/sessions/%FF%FE%00")
    return r, 404, lambda t: "unknown session" in t


@case
def a_name_of_ten_thousand_characters(c: Any, s: Path) -> Any:
    r = c.get("/s/" + "x" * 10_000 + "/add")
    return r, 404, lambda t: "Not found" in t


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_request(server: Any, secret: Path, name: str) -> None:
    OPENED.clear()
    response, status, check = CASES[name](server, secret)
    body = response.text
    assert response.status_code == status, body[:500]
    assert check(body), body[:800]
    # (a form keeps what was typed in its field's value; no message repeats the path)
    assert "Traceback" not in body and str(secret) not in visible(body)
    assert not [p for p in OPENED if str(secret) in os.path.abspath(p)], OPENED


def test_the_hostile_suite_is_large_enough() -> None:
    assert len(CASES) >= 30


def test_a_real_upload_is_still_read(server: Any, secret: Path) -> None:
    """The refusals above are not everything refused: a real photo still makes a grid."""
    r = form(server, {**HAND, "action": "read"},
             files={"photo.q.me": ("pile.jp\x00g", pile_photo(), "image/jpeg")})
    assert r.status_code == 200, visible(r.text)[:400]
    assert re.search(r'name="grid\.q\.me\.\d+"', r.text)


def test_the_watch_sees_a_file_opened(server: Any, secret: Path) -> None:
    """The audit hook would have caught a read of the secret files (so its silence counts)."""
    OPENED.clear()
    (secret / "secret.toml").read_text()
    assert any(str(secret) in os.path.abspath(p) for p in OPENED)
