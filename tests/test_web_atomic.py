"""Phones adding hands at once (issue 33 on the web page): each hand inherits from the one
stored before it, read in the same transaction that stores it, as `scorer ledger add` does
(tests/test_ledger_evening.py)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("multipart", reason="python-multipart (web extra) is not installed")

from vision_fakes import HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import form_token, web_client  # noqa: E402

from scorer.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)

CODE = "abcd-efgh-jkmn"
# The Koi-Koi hand of tests/test_ledger_evening.py: no round, month or dealer named, so it
# takes the match's. Bo stops with five tane; the same piles every round, on purpose.
RECORD = {"preset": "labsk", "stopped": "Bo",
          "players": [{"name": "Ana", "cards": "1j 4j"},
                      {"name": "Bo", "cards": "6a 7a 10a 2a 4a"}]}
FORM = {"preset": "labsk", "seat.0": "Bo", "seat.1": "Ana", "q.me": "6a 7a 10a 2a 4a",
        "q.vs": "1j 4j", "q.stop": "me", "action": "add"}


def phone(app: Any) -> Any:
    """A client as a phone that scanned the code: its cookies, its own form token."""
    c = web_client(app)
    assert c.get(f"/?code={CODE}").status_code == 200
    return c




@pytest.mark.parametrize("how", ["form", "api"])
def test_eight_phones_adding_at_once_get_rounds_1_to_8(tmp_path: Path, how: str) -> None:
    app = create_app(str(tmp_path / "l.sqlite3"), token=CODE)
    first = phone(app)
    assert first.post("/api/sessions", json={"name": "m", "game": "koikoi",
                                             "players": ["Ana", "Bo"]}).status_code == 201
    phones = [first] + [phone(app) for _ in range(7)]
    barrier = threading.Barrier(len(phones))
    codes: list[int] = []

    def run(c: Any) -> None:
        token = form_token(c)
        barrier.wait()  # all eight post at the same moment
        if how == "api":
            r = c.post("/api/sessions/m/hands", json=RECORD)
        else:
            r = c.post("/s/m/add", data={"csrf": token, **FORM}, follow_redirects=False)
        codes.append(r.status_code)

    threads = [threading.Thread(target=run, args=(c,)) for c in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert codes == [303 if how == "form" else 201] * 8
    hands = first.get("/api/sessions/m").json()["hands"]
    stored = [first.get(f"/api/hands/{h['id']}").json()["record"] for h in hands]
    # round 1 names none; each next round is one more, its month the round's number, dealt
    # by the last winner, Bo
    assert [r.get("round", 1) for r in stored] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [r.get("month") for r in stored] == [None, 2, 3, 4, 5, 6, 7, 8]
    assert [r.get("dealer") for r in stored] == [None] + ["Bo"] * 7
    assert [h["seq"] for h in hands] == list(range(1, 9))


def test_the_page_names_the_hand_added_as_session_and_number(tmp_path: Path) -> None:
    c = phone(create_app(str(tmp_path / "l.sqlite3"), token=CODE))
    c.post("/api/sessions", json={"name": "Table #2", "game": "koikoi", "players": ["Ana", "Bo"]})
    r = c.post("/s/Table%20%232/add", data={"csrf": form_token(c), **FORM})
    assert r.status_code == 200 and "Hand Table #2#1 added." in r.text
    r = c.post("/api/sessions/Table%20%232/hands",
               json={**RECORD, "hands": [{"round": 2}, {"round": 3}]})
    assert r.status_code == 400 and "one hand at a time" in r.json()["error"]
    assert len(c.get("/api/sessions/Table%20%232").json()["hands"]) == 1
