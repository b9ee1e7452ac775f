"""scorer serve: every route with Starlette's test client, bad uploads, the access code."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("multipart", reason="python-multipart (web extra) is not installed")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from vision_fakes import HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import (  # noqa: E402
    bomb_png,
    pile_photo,
    post_form,
    truncated_jpeg,
    web_client,
)

from scorer.web.app import create_app  # noqa: E402
from scorer.web.forms import FormError, quick_values, seat_record  # noqa: E402
from scorer.web.photos import MAX_UPLOAD_BYTES  # noqa: E402

pytestmark = pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)

HAND = {
    "q.me": "1b 3b 8b 1r 2r 3r 4r 6r", "q.vs.0": "11b 6j", "q.gos": "1", "q.stop": "me",
    "seat.0": "Ana", "seat.1": "Bo",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("web") / "ledger.sqlite3")


@pytest.fixture(scope="module")
def client(db: str) -> TestClient:
    c = web_client(create_app(db))
    r = post_form(c, "/sessions", data={"name": "fri", "game": "gostop", "players": "Ana, Bo",
                                  "preset": "gostop:cardavia", "stake": "100",
                                  "currency": "won"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/s/fri"
    return c


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def hands_of(client: TestClient, name: str = "fri") -> int:
    return len(client.get(f"/api/sessions/{name}").json()["hands"])


def test_index_lists_sessions_and_offers_a_new_one(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert 'href="/s/fri"' in r.text and 'action="/sessions"' in r.text
    assert '<option value="gostop:cardavia"' in r.text


def test_a_bad_session_is_refused_with_every_problem(client: TestClient) -> None:
    r = post_form(client, "/sessions", data={"name": "x", "game": "gostop", "players": "Solo",
                                       "stake": "-3"})
    assert r.status_code == 400
    assert "at least 2 players" in r.text and "stake" in r.text
    assert "x" not in [s["name"] for s in client.get("/api/sessions").json()["sessions"]]


def test_rules_of_another_game_are_refused(client: TestClient) -> None:
    r = post_form(client, "/sessions", data={"name": "y", "game": "gostop", "players": "A,B",
                                       "preset": "othergame:x"})
    assert r.status_code == 400 and "not gostop" in r.text


def test_add_page_renders_the_games_declared_options(client: TestClient) -> None:
    r = client.get("/s/fri/add")
    assert r.status_code == 200
    from scorer.games.base import get_game

    for opt in get_game("gostop").quick:
        assert re.search(rf'name="(q|w)\.{re.escape(opt.dest)}[."]', r.text), opt.dest
    assert 'capture="environment"' in r.text and 'accept="image/*"' in r.text


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("game", "players"), [
    ("gostop", "Ana, Bo"), ("gostop", "Ana, Bo, Cy"), ("koikoi", "Ana, Bo"),
    ("mahjong", "Ana, Bo, Cy, Di"), ("hakka", "Ana, Bo, Cy, Di"),
])
def test_the_hand_form_is_in_players_words(client: TestClient, game: str, players: str,
                                           lang: str) -> None:
    name = f"words {game} {len(players)}"
    if client.get(f"/api/sessions/{name.replace(' ', '%20')}").status_code == 404:
        r = post_form(client, "/sessions", data={"name": name, "game": game,
                                                  "players": players})
        assert r.status_code == 200, text(r.text)
    page = client.get(f"/s/{name.replace(' ', '%20')}/add",
                      headers={"accept-language": lang}).text
    shown = text(page)
    assert "--" not in shown  # no option names
    assert not re.search(r"\b(me|vs|vs1|vs2|WHO|CARDS|TILES)\b", shown), shown
    assert "Ana" in shown and "Bo" in shown
    from scorer.games.base import get_game

    for opt in get_game(game).quick:  # every option has its field
        assert re.search(rf'name="(q|w)\.{re.escape(opt.dest)}[."]', page), opt.dest
    if lang == "es":
        for english in ("Cards", "Tiles", "Who", "Photo", "Score", "Rules", "The hand"):
            assert not re.search(rf"\b{english}\b", shown), (english, shown)


def test_score_shows_the_explanation_and_adds_nothing(client: TestClient) -> None:
    before = hands_of(client)
    r = post_form(client, "/s/fri/add", data={**HAND, "action": "score"})
    assert r.status_code == 200
    shown = text(r.text)
    assert "Three brights (samgwang)" in shown and "Winner: Ana" in shown
    assert "Bo pays Ana: 7 + 1 go = 8 points = 800 won" in shown  # the formula, as printed
    assert hands_of(client) == before


def test_a_hand_added_is_shown_with_totals_and_settlement(client: TestClient) -> None:
    r = post_form(client, "/s/fri/add", data={**HAND, "action": "add"}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(r.headers["location"])
    shown = text(page.text)
    assert "added" in shown and "Bo pays Ana" in shown
    doc = client.get("/api/sessions/fri").json()
    hand_id = doc["hands"][-1]["id"]
    assert doc["hands"][-1]["points"]["Ana"] == 8
    entry = client.get(f"/hands/{hand_id}")
    assert entry.status_code == 200 and "Three brights" in entry.text
    api = client.get(f"/api/hands/{hand_id}").json()
    assert api["schema"] == "scorer.ledger-entry/1" and api["result"]["schema"] == "scorer.hand/1"
    assert api["record"]["players"][0]["name"] == "Ana"


def test_seats_say_who_is_who(client: TestClient) -> None:
    r = post_form(client, "/s/fri/add", data={**HAND, "seat.0": "Bo", "seat.1": "Ana",
                                        "action": "score"})
    assert "Ana pays Bo" in text(r.text)
    r = post_form(client, "/s/fri/add", data={**HAND, "seat.1": "Ana", "action": "score"})
    assert r.status_code == 400 and "different player" in r.text


def test_a_bad_hand_is_reported_and_not_added(client: TestClient) -> None:
    before = hands_of(client)
    r = post_form(client, "/s/fri/add", data={**HAND, "q.me": "1b pine-brite", "action": "add"})
    assert r.status_code == 400 and "pine-brite" in r.text and "did you mean" in r.text
    r = post_form(client, "/s/fri/add", data={**HAND, "q.gos": "99", "action": "add"})
    assert r.status_code == 400 and "out of range" in r.text
    assert hands_of(client) == before


def test_unknown_session_and_hand_are_404(client: TestClient) -> None:
    assert client.get("/s/nope").status_code == 404
    assert client.get("/s/nope/add").status_code == 404
    assert client.get("/hands/9999").status_code == 404
    assert client.get("/photos/nokey.jpg").status_code == 404
    assert client.get("/api/sessions/nope").status_code == 404
    assert client.get("/api/hands/9999").status_code == 404


def test_static_files_are_served(client: TestClient) -> None:
    assert client.get("/static/app.css").status_code == 200
    assert "addEventListener" in client.get("/static/app.js").text


# -- photos -----------------------------------------------------------------------------------
def upload(client: TestClient, data: bytes, name: str = "pile.jpg",
           fields: dict[str, str] | None = None) -> Any:
    return post_form(client, "/s/fri/add", data={**HAND, **(fields or {}), "action": "read"},
                       files={"photo.q.me": (name, data, "image/jpeg")})


def test_photo_upload_shows_the_grid_and_the_annotated_photo(client: TestClient) -> None:
    r = upload(client, pile_photo())
    assert r.status_code == 200, text(r.text)
    cells = re.findall(r'name="grid\.q\.me\.(\d+)"', r.text)
    assert len(cells) >= 4
    key = re.search(r'src="/photos/([^"]+)\.jpg"', r.text)
    assert key is not None
    img = client.get(f"/photos/{key.group(1)}.jpg")
    assert img.status_code == 200 and img.content[:2] == b"\xff\xd8"
    assert 'value="Ana"' in r.text or ">Ana<" in r.text  # the other fields are kept


def test_grid_corrections_become_the_pile(client: TestClient) -> None:
    fields = {"gridn.q.me": "3", "grid.q.me.0": "pine-bright", "grid.q.me.1": "cherry-bright",
              "grid.q.me.2": "", "place.q.me.0": "0,0", "place.q.me.1": "0,1",
              "place.q.me.2": "0,2", "q.me": "8b 1r 2r 3r 4r 6r", "action": "score"}
    r = post_form(client, "/s/fri/add", data={**HAND, **fields})
    assert r.status_code == 200, text(r.text)
    assert "Three brights (samgwang) 1b 3b 8b" in text(r.text)


@pytest.mark.parametrize(
    ("data", "name", "expected"),
    [
        (b"these are my cards\n", "cards.jpg", "not an image"),
        (truncated_jpeg(), "half.jpg", "truncated"),
        (bomb_png(), "bomb.png", "megapixels"),
        (b"", "empty.jpg", "empty"),
    ],
    ids=["text", "truncated", "bomb", "empty"],
)
def test_bad_uploads_are_refused_on_the_page(client: TestClient, data: bytes, name: str,
                                             expected: str) -> None:
    before = hands_of(client)
    r = upload(client, data, name, {"action": "add"})
    assert r.status_code == 400
    assert expected in text(r.text) and name in text(r.text)
    assert "scorer-upload-" not in r.text  # the phone's name, never the server's file
    assert hands_of(client) == before


def test_a_photo_over_the_limit_is_refused(client: TestClient) -> None:
    before = hands_of(client)
    r = upload(client, b"\xff\xd8" + b"\0" * MAX_UPLOAD_BYTES, "huge.jpg")
    assert r.status_code == 400 and "at most 25 MB" in text(r.text)
    assert hands_of(client) == before


def test_a_body_over_the_limit_is_refused_from_its_length(db: str) -> None:
    from scorer.web import app as web

    c = web_client(create_app(db))
    r = c.post("/s/fri/add", content=b"x", headers={
        "content-type": "multipart/form-data; boundary=b",
        "content-length": str(web.MAX_BODY_BYTES + 1)})
    assert r.status_code == 400 and "too large" in text(r.text)


# -- the API ----------------------------------------------------------------------------------
def test_api_games_lists_quick_options_and_presets(client: TestClient) -> None:
    doc = client.get("/api/games").json()
    gostop = next(g for g in doc["games"] if g["name"] == "gostop")
    assert "cardavia" in gostop["presets"] and gostop["photos"] is True
    assert any(o["flag"] == "--gos" for o in gostop["quick"])


def test_api_photo_returns_the_photo_document(client: TestClient) -> None:
    r = client.post("/api/photo?game=gostop",
                    files={"photo": ("p.jpg", pile_photo(), "image/jpeg")})
    doc = r.json()
    assert r.status_code == 200 and doc["schema"] == "scorer.photo/1"
    assert doc["image"] == "p.jpg" and len(doc["cards"]) >= 4
    bad = client.post("/api/photo?game=gostop", files={"photo": ("t.jpg", b"hello", "text/plain")})
    assert bad.status_code == 400 and "not an image" in bad.json()["error"]
    assert client.post("/api/photo?game=chess").status_code == 400


def test_api_score_and_add(client: TestClient) -> None:
    record = {"game": "gostop", "preset": "cardavia", "stake": 100, "currency": "won",
              "stopped": "Ana", "players": [
                  {"name": "Ana", "cards": "1b 3b 8b 1r 2r 3r 4r 6r", "gos": 1},
                  {"name": "Bo", "cards": "11b 6j"}]}
    r = client.post("/api/score", json=record)
    assert r.status_code == 200 and r.json()["schema"] == "scorer.hand/1"
    assert r.json()["balances"] == {"Ana": 8, "Bo": -8}
    before = hands_of(client)
    r = client.post("/api/sessions/fri/hands", json=record)
    assert r.status_code == 201, r.text
    assert r.json()["schema"] == "scorer.ledger-hand/1" and hands_of(client) == before + 1
    bad = client.post("/api/sessions/fri/hands", json={**record, "players": [
        record["players"][0], {"name": "Zed", "cards": "11b 6j"}]})
    assert bad.status_code == 400 and "Zed" in bad.json()["error"]
    assert client.post("/api/score", content=b"not json").status_code == 415
    bad = client.post("/api/score", content=b"not json",
                      headers={"content-type": "application/json"})
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]
    settle = client.get("/api/sessions/fri/settle").json()
    assert settle["schema"] == "scorer.ledger-settle/1"
    assert settle["transfers"][0]["payer"] == "Bo"


def test_api_sessions_create_and_list(client: TestClient) -> None:
    r = client.post("/api/sessions", json={"name": "sat", "game": "gostop",
                                           "players": ["Cy", "Di", "Ed"], "stake": 10})
    assert r.status_code == 201 and r.json()["players"] == ["Cy", "Di", "Ed"]
    names = [s["name"] for s in client.get("/api/sessions").json()["sessions"]]
    assert "sat" in names
    assert client.post("/api/sessions", json={"name": "sat", "game": "gostop",
                                              "players": ["A", "B"]}).status_code == 400
    page = client.get("/s/sat/add").text  # three players: one --me and two --vs fields
    assert 'name="q.vs.0"' in page and 'name="q.vs.1"' in page


# -- access and language ----------------------------------------------------------------------
def test_the_access_code_is_required(db: str) -> None:
    c = web_client(create_app(db, token="abcd-efgh-jkmn"))
    r = c.get("/")
    assert r.status_code == 403 and 'name="code"' in r.text  # a box to type it in
    assert "QR code" in text(r.text) and 'href="/static/app.css"' in r.text  # styled
    assert c.get("/api/sessions").status_code == 403
    assert c.get("/?code=wrong").status_code == 403
    assert c.get("/static/app.css").status_code == 200  # the 403 page's own style
    r = c.get("/s/fri?code=ABCD efgh-JKMN", follow_redirects=False)  # typed loosely
    assert r.status_code == 303 and r.headers["location"] == "/s/fri"  # not left in the bar
    assert "scorer_code=abcd-efgh-jkmn" in r.headers["set-cookie"]
    assert c.get("/s/fri").status_code == 200  # the cookie carries it from now on
    other = web_client(create_app(db, token="abcd-efgh-jkmn"))
    other.cookies.set("scorer_code", "nope")
    assert other.get("/s/fri").status_code == 403
    script = web_client(create_app(db, token="abcd-efgh-jkmn"))
    assert script.get("/api/sessions", headers={"authorization": "Bearer abcd-efgh-jkmn"}
                      ).status_code == 200


def test_spanish_from_accept_language_and_the_switch(client: TestClient) -> None:
    r = client.get("/s/fri", headers={"accept-language": "es-ES,es;q=0.9"})
    assert "Quién paga a quién" in r.text
    r = post_form(client, "/s/fri/add", data={**HAND, "action": "score"},
                    headers={"accept-language": "es"})
    assert "Tres luces" in text(r.text) or "paga a" in text(r.text)
    c = web_client(client.app)
    r = c.get("/?lang=es")
    assert "Sesiones" in r.text and c.cookies.get("scorer_lang") == "es"
    assert "Sesiones" in c.get("/").text


def test_user_text_is_escaped(client: TestClient) -> None:
    post_form(client, "/sessions", data={"name": "<b>x</b>", "game": "gostop",
                                   "players": "<i>A</i>, B"})
    r = client.get("/")
    assert "<b>x</b>" not in r.text and "&lt;b&gt;x&lt;/b&gt;" in r.text


# -- forms ------------------------------------------------------------------------------------
def test_seat_record_renames_places_and_their_references() -> None:
    from scorer.games.base import get_game

    gostop, mahjong = get_game("gostop"), get_game("mahjong")
    data = {"game": "gostop", "stopped": "me", "players": [{"name": "me", "cards": "1b"},
                                                           {"name": "vs", "cards": "2a"}]}
    out = seat_record(data, ["Ana", "Bo"], gostop)
    assert out["stopped"] == "Ana" and [p["name"] for p in out["players"]] == ["Ana", "Bo"]
    assert out["game"] == "gostop"
    assert seat_record({"players": [{"name": "Ana"}, {"name": "Bo"}]}, ["Ana", "Bo"], gostop) == {
        "players": [{"name": "Ana"}, {"name": "Bo"}]}
    with pytest.raises(FormError, match="3 are seated"):
        seat_record(data, ["A", "B", "C"], gostop)
    # a wind is not a player: only the keys a game declares as names change
    seats = [{"name": w, "cards": ""} for w in ("east", "south", "west", "north")]
    hand = {"game": "mahjong", "winner": "south", "prevailing": "east", "players": seats}
    out = seat_record(hand, ["Ana", "Bo", "Cy", "Di"], mahjong)
    assert out["winner"] == "Bo" and out["prevailing"] == "east"


def test_quick_values_as_argparse_gives_them() -> None:
    from scorer.games.base import get_game

    game = get_game("gostop")
    values = quick_values(game, {"q.gos": "2", "q.stop": "vs", "q.vs-gos.0": ""}, 2,
                          {"q.me": "1b", "q.vs.0": "2a"})
    assert values["me"] == "1b" and values["vs"] == ["2a"] and values["gos"] == 2
    assert values["stop"] == "vs" and values["shakes"] == 0
    with pytest.raises(FormError, match="not a whole number"):
        quick_values(game, {"q.gos": "two"}, 2, {"q.me": "", "q.vs.0": ""})


def test_serve_prints_a_qr_code_of_the_url() -> None:
    from scorer.cli.serve import lan_address, qr_text

    art = qr_text("http://192.168.1.5:8000/?token=abc")
    assert len(art.splitlines()) > 10 and "█" in art
    assert lan_address().count(".") == 3


def test_web_package_import_is_light() -> None:
    import subprocess
    import sys

    code = ("import sys, scorer.web; "
            "sys.exit(1 if {'starlette', 'cv2'} & set(sys.modules) else 0)")
    root = str(Path(__file__).resolve().parents[1])
    assert subprocess.run([sys.executable, "-c", code], cwd=root,
                          env={"PYTHONPATH": root}).returncode == 0


@pytest.mark.parametrize("lang,said", [("en", "already in use"), ("es", "ya está en uso")])
def test_serve_on_a_taken_port_says_so_before_printing_the_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str, said: str
) -> None:
    """Issue 43 item 12: the URL, QR code and code of a server that never starts were printed,
    then uvicorn's [Errno 98] and exit 3. Now one line, exit 2, nothing else."""
    import socket

    import uvicorn
    from typer.testing import CliRunner

    from scorer.cli.app import app

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: pytest.fail("uvicorn was started"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--lang", lang,
                                          "--db", str(tmp_path / "l.sqlite3")])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # no address, QR code or access code of a server not running
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("scorer: error: "), result.stderr
    assert said in lines[0] and str(port) in lines[0] and "Errno" not in lines[0]
    assert not (tmp_path / "data").exists()  # not even a code was made


def test_serve_says_where_and_how_in_spanish(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from scorer.cli.app import app

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: None)
    with __import__("socket").socket() as probe:  # a port free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(app, ["serve", "--port", str(port), "--lang", "es",
                                      "--db", str(tmp_path / "l.sqlite3")])
    assert result.exit_code == 0, result.output
    assert f"scorer serve: abre http://127.0.0.1:{port}/?code=" in result.stdout
    assert "Código de acceso:" in result.stdout and "La página responde en:" in result.stdout
    for english in ("open ", "Access code", "answers at", "kept across"):
        assert english not in result.stdout, english


@pytest.mark.parametrize("args", [[], ["--host", "0.0.0.0"]])
def test_serve_always_needs_the_code_and_keeps_it_across_restarts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str]
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from scorer.cli.app import app

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda a, **kw: ran.update(app=a, **kw))

    def serve(*more: str) -> str:
        result = CliRunner().invoke(
            app, ["serve", *args, *more, "--port", "8123", "--db", str(tmp_path / "l.sqlite3")]
        )
        assert result.exit_code == 0, result.output
        assert ran["port"] == 8123 and ran["host"] == (args[1] if args else "127.0.0.1")
        url = re.search(r"open (http://\S+)", result.output)
        assert url is not None and ":8123/?code=" in url.group(1) and "█" in result.output
        return url.group(1)

    first = serve()
    code = first.split("?code=")[1]
    stored = tmp_path / "data" / "scorer" / "web-access-code"
    assert stored.read_text().strip() == code and stored.stat().st_mode & 0o077 == 0
    assert serve() == first  # a restart keeps the code: phones stay in
    renewed = serve("--new-code")
    assert renewed != first and stored.read_text().strip() == renewed.split("?code=")[1]
    host = renewed.split("/")[2]
    c = TestClient(ran["app"], base_url=f"http://{host}")
    assert c.get("/").status_code == 403
    assert c.get(f"/?code={code}").status_code == 403  # the old code no longer opens it
    assert c.get("/" + renewed.split("/", 3)[3]).status_code == 200
    evil = TestClient(ran["app"], base_url="http://rebind.evil.example:8123")
    r = evil.get("/" + renewed.split("/", 3)[3])
    assert r.status_code == 400 and "rebind.evil.example" in r.text
