"""Session names of any characters work in every link, redirect and API path."""

from __future__ import annotations

import re
from html import escape
from typing import Any
from urllib.parse import quote, unquote

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("multipart", reason="python-multipart (web extra) is not installed")

from vision_fakes import HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import form_token, web_client  # noqa: E402

from scorer.ledger.render import hand_ref  # noqa: E402
from scorer.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)

AWKWARD = [
    "Table #2", "Fri 3/4", "what?", "100% fun", "%2F", 'say "hi"', "it's", "a&b=c",
    "back\\slash", "+plus+", "<b>bold</b>", "🀄 night 🎴", "ليلة الورق", "עברית 2",
    "x" * 200, "a/b/../c", "semi;colon", "tab\there", "~tilde", "dots...",
]
HAND = {"q.me": "1b 3b 8b 1r 2r 3r 4r 6r", "q.vs.0": "11b 6j", "q.gos": "1", "q.stop": "me"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return web_client(create_app(str(tmp_path_factory.mktemp("names") / "l.sqlite3")))


def hrefs(html: str) -> list[str]:
    return [h.replace("&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"')
            for h in re.findall(r'(?:href|action)="([^"]+)"', html)]


@pytest.mark.parametrize("name", AWKWARD, ids=lambda n: repr(n)[:24])
def test_an_awkward_name_works_everywhere(client: Any, name: str) -> None:
    r = client.post("/sessions", data={"csrf": form_token(client), "name": name,
                                       "game": "gostop", "players": "Ana, Bo"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text[:400]
    where = r.headers["location"]
    assert where == "/s/" + quote(name.strip(), safe="")
    page = client.get(where)
    assert page.status_code == 200 and "<h1>" in page.text
    stored = next(s["name"] for s in client.get("/api/sessions").json()["sessions"]
                  if s["name"] == name.strip())
    assert stored == name.strip()
    # the index links to it, the session page to its add page, which posts back to itself
    assert where in hrefs(client.get("/").text)
    add = where + "/add"
    assert add in hrefs(page.text)
    form = client.get(add)
    assert form.status_code == 200 and add in hrefs(form.text) and where in hrefs(form.text)
    added = client.post(add, data={"csrf": form_token(client), **HAND, "action": "add"},
                        follow_redirects=False)
    assert added.status_code == 303 and added.headers["location"].startswith(where + "?added=")
    said = f"Hand {hand_ref(name.strip(), 1)} added."  # SESSION#N, as the CLI names it
    assert escape(said) in client.get(added.headers["location"]).text
    hand = client.get(f"/api/sessions/{quote(name.strip(), safe='')}").json()["hands"][0]
    assert where in hrefs(client.get(f"/hands/{hand['id']}").text)  # back to the session
    api = "/api/sessions/" + quote(name.strip(), safe="")
    assert client.get(api).json()["session"]["name"] == name.strip()
    assert client.get(api + "/settle").json()["sessions"] == [name.strip()]
    record = {"stopped": "Ana", "players": [{"name": "Ana", "cards": HAND["q.me"]},
                                            {"name": "Bo", "cards": HAND["q.vs.0"]}]}
    assert client.post(api + "/hands", json=record).status_code == 201


def test_a_name_made_by_the_api_opens_too(client: Any) -> None:
    r = client.post("/api/sessions", json={"name": "Sat 5/6 #1?", "game": "koikoi",
                                           "players": ["Ana", "Bo"]})
    assert r.status_code == 201
    assert client.get("/s/" + quote("Sat 5/6 #1?", safe="")).status_code == 200
    assert unquote(quote("Sat 5/6 #1?", safe="")) == "Sat 5/6 #1?"


@pytest.mark.parametrize("name", [".", "..", "x" * 201])
def test_names_no_address_can_carry_are_refused_with_a_reason(client: Any, name: str) -> None:
    r = client.post("/sessions", data={"csrf": form_token(client), "name": name,
                                       "game": "gostop", "players": "Ana, Bo"})
    assert r.status_code == 400 and ("cannot be called" in r.text or "at most 200" in r.text)
