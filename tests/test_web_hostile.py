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


# -- issue 44: text no store can hold, numbers no row can have, stakes no table plays -------------
SURROGATE = "\ud800x"  # what JSON's "\ud800x" reads as: half a character


def _sessions_doc(**fields: Any) -> dict[str, Any]:
    return {"name": "sur", "game": "gostop", "players": ["Ana", "Bo"], "stake": 1, **fields}


@case
def surrogate_in_a_session_name(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", _sessions_doc(name=SURROGATE))
    return r, 400, lambda t: "surrogate" in t and "name" in t and "sur" not in sessions(c)


@case
def surrogate_in_a_session_player(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", _sessions_doc(players=["Ana", SURROGATE]))
    return r, 400, lambda t: "players[1]" in t and "sur" not in sessions(c)


@case
def surrogate_in_a_session_currency(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", _sessions_doc(currency=SURROGATE))
    return r, 400, lambda t: "currency" in t and "sur" not in sessions(c)


@case
def surrogate_player_in_a_scored_record(c: Any, s: Path) -> Any:
    doc = {**RECORD, "players": [{"name": SURROGATE, "cards": "1b"}, RECORD["players"][1]]}
    r = api(c, "/api/score", doc)
    return r, 400, lambda t: "players[0].name" in t


@case
def surrogate_player_in_an_added_record(c: Any, s: Path) -> Any:
    before = hands(c)
    doc = {**RECORD, "players": [{"name": SURROGATE, "cards": "1b"}, RECORD["players"][1]]}
    r = api(c, "/api/sessions/fri/hands", doc)
    return r, 400, lambda t: "surrogate" in t and hands(c) == before


@case
def hand_number_past_any_row_id_page(c: Any, s: Path) -> Any:
    r = c.get("/hands/99999999999999999999999")
    return r, 404, lambda t: "Not found" in t


@case
def hand_number_past_any_row_id_api(c: Any, s: Path) -> Any:
    r = c.get("/api/hands/99999999999999999999999")
    return r, 404, lambda t: "no hand" in t


@case
def hand_number_of_five_thousand_digits(c: Any, s: Path) -> Any:
    r = c.get("/api/hands/" + "9" * 5000)
    return r, 404, lambda t: "no hand" in t and len(t) < 400


@case
def stake_past_any_float(c: Any, s: Path) -> Any:
    r = api(c, "/api/sessions", _sessions_doc(stake="1e4400"))
    return r, 400, lambda t: "1e4400" in t and "sur" not in sessions(c)


@case
def stake_of_a_billion_digit_exponent(c: Any, s: Path) -> Any:
    import time

    start = time.perf_counter()
    r = api(c, "/api/sessions", _sessions_doc(stake="1e999999999"))
    fast = time.perf_counter() - start < 1
    return r, 400, lambda t: fast and "1e999999999" in t and "sur" not in sessions(c)


@case
def stake_past_any_float_as_a_json_number(c: Any, s: Path) -> Any:
    r = c.post("/api/sessions", content=json.dumps(_sessions_doc()).replace(
        '"stake": 1', '"stake": 1e4400').encode(), headers={"content-type": "application/json"})
    return r, 400, lambda t: "money per point" in t and "sur" not in sessions(c)


@case
def stake_past_the_largest_on_the_page(c: Any, s: Path) -> Any:
    r = c.post("/sessions", data={"csrf": form_token(c), "name": "sur", "game": "gostop",
                                  "players": "Ana, Bo", "stake": "1e999999999"})
    return r, 400, lambda t: "Money per point" in t and "sur" not in sessions(c)


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


# -- issue 44: the access code, redirects, bodies cut short, one request never stalls another ----
CODE = "abcd-efgh-jkmn"


def _coded_client(tmp_path: Path) -> Any:
    return web_client(create_app(str(tmp_path / "coded.sqlite3"), CODE))


def test_a_code_in_a_double_slash_address_redirects_here(tmp_path: Path) -> None:
    """``//evil.example/`` is another site to a browser: the redirect that drops the code
    stays on this one."""
    c = _coded_client(tmp_path)
    for path in ("//evil.example/", "/\\evil.example/", "///evil.example/x"):
        r = c.get(f"http://localhost{path}?code={CODE}&lang=es", follow_redirects=False)
        assert r.status_code == 303, r.text[:300]
        where = r.headers["location"]
        assert where.startswith("/") and not where.startswith(("//", "/\\")), where
        assert where.endswith("?lang=es") and CODE not in where


def test_wrong_codes_are_throttled_per_client(tmp_path: Path) -> None:
    from scorer.web.guard import THROTTLE_FREE

    c = _coded_client(tmp_path)
    assert c.get("/api/games").status_code == 403  # no code at all: not a guess
    for i in range(THROTTLE_FREE):
        r = c.get("/api/games", headers={"authorization": f"Bearer wrong-{i}"})
        assert r.status_code == 403, i
    r = c.get("/api/games", headers={"authorization": "Bearer wrong-again"})
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert "Wait" in r.json()["error"]
    # the right code is not even compared while throttled: a guesser learns nothing
    assert c.get("/api/games", headers={"authorization": f"Bearer {CODE}"}).status_code == 429
    page = c.get(f"/?code={CODE}", headers={"accept-language": "es"})
    assert page.status_code == 429 and "Espera" in page.text and 'name="code"' in page.text
    assert c.get("/static/app.css").status_code == 200  # the code page's style still loads


def test_the_throttle_refills_and_forgets() -> None:
    from scorer.web.guard import Throttle

    now = [0.0]
    th = Throttle(free=3, every=6.0, clients=2, clock=lambda: now[0])
    for _ in range(3):
        assert th.wait("a") == 0
        th.failed("a")
    assert th.wait("a") == pytest.approx(6.0)
    assert th.wait("b") == 0  # another client is not slowed by a's guesses
    now[0] += 3
    assert th.wait("a") == pytest.approx(3.0)
    now[0] += 3
    assert th.wait("a") == 0  # one try back after 6 s ...
    th.failed("a")
    assert th.wait("a") == pytest.approx(6.0)  # ... and only one
    th.passed("a")
    assert th.wait("a") == 0  # the right code clears the count
    for who in ("a", "b", "c"):
        th.failed(who)
    assert len(th._tries) == 2  # memory stays bounded: the longest unseen is forgotten


def _asgi(app: Any, scope: dict[str, Any], parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    import anyio

    sent: list[dict[str, Any]] = []
    queue = list(parts)

    async def receive() -> dict[str, Any]:
        return queue.pop(0) if queue else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    anyio.run(app, scope, receive, send)
    return sent


@pytest.mark.parametrize("path,kind", [("/api/sessions", b"application/json"),
                                       ("/sessions", b"application/x-www-form-urlencoded"),
                                       ("/s/fri/add", b"multipart/form-data; boundary=XyZ")])
def test_a_body_shorter_than_its_length_logs_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, path: str, kind: bytes
) -> None:
    from scorer.ledger.store import create_session

    create_session(str(tmp_path / "cut.sqlite3"), "fri", "gostop", ["Ana", "Bo"])
    app = create_app(str(tmp_path / "cut.sqlite3"))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 5),
             "server": ("localhost", 80),
             "headers": [(b"host", b"localhost"), (b"content-type", kind),
                         (b"content-length", b"1000")]}
    with caplog.at_level("DEBUG"):
        sent = _asgi(app, scope, [{"type": "http.request", "body": b'{"name": "cu',
                                   "more_body": True}])
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] < 500
    assert "Traceback" not in caplog.text and "ClientDisconnect" not in caplog.text


def test_no_request_delays_another_by_more_than_a_second(server: Any, secret: Path) -> None:
    """Every hostile case above runs at once beside a player loading the games list every
    50 ms: the slowest of those loads stays under 1 s (blocking work is off the event loop)."""
    import time

    import anyio
    import httpx

    app = server.app
    slowest = [0.0]
    hostile = [
        ("POST", "/api/sessions", json.dumps(_sessions_doc(name=f"s{i}", stake=stake)))
        for i, stake in enumerate(["1e999999999", "1e4400", "9" * 4000, "1/3", "1e99"])
    ] + [
        ("POST", "/api/score", json.dumps(RECORD)),
        ("POST", "/api/score", json.dumps({"stake": 1, "x": [[[[1]]]] * 2000})),
        ("GET", "/api/hands/" + "9" * 30, None),
        ("GET", "/s/fri", None),
    ]

    async def main() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as ac:
            done = anyio.Event()

            async def ticker() -> None:
                while not done.is_set():
                    start = time.perf_counter()
                    r = await ac.get("/api/games")
                    assert r.status_code == 200
                    slowest[0] = max(slowest[0], time.perf_counter() - start)
                    await anyio.sleep(0.05)

            async def attack() -> None:
                async with anyio.create_task_group() as tg:
                    for method, path, body in hostile * 3:
                        tg.start_soon(lambda m=method, p=path, b=body: ac.request(
                            m, p, content=b, headers={"content-type": "application/json"}))
                done.set()

            async with anyio.create_task_group() as tg:
                tg.start_soon(ticker)
                tg.start_soon(attack)

    anyio.run(main)
    assert slowest[0] < 1.0, f"a games list waited {slowest[0]:.2f} s"
