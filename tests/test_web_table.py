"""The page's photo of the whole table (issue 46): one upload becomes one grid a pile, each
pile given to the player on its side, a menu per pile to give it to another, and the piles
scored as the players' piles."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("multipart", reason="python-multipart (web extra) is not installed")

from vision_fakes import DATA, HAVE_DATA, HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import post_form, web_client  # noqa: E402

from scorer.web.app import create_app  # noqa: E402

BRIGHTS = ["pine-bright", "cherry-bright", "pampas-bright", "paulownia-bright", "willow-bright"]
JUNK = ["plum-junk", "wisteria-junk", "iris-junk"]


def table_photo(seed: int = 2) -> bytes:
    """A JPEG of two players' piles of six cards (bottom and top), the shared art's
    itsent deck, each pile's cards spread apart or touching (what the detector finds
    surely: the page's flow is tested here, the reading of piles in bench/)."""
    import cv2
    import numpy as np

    from scorer.training import scenes, table_scenes

    art = [a for a in scenes.load_hanafuda_art(DATA, ["itsent_hwatu"], max_side=300)
           if a.label != "back"]
    scene = table_scenes.table_scene(np.random.default_rng(seed), art, ("bottom", "top"),
                                     cards=(6, 7), size=(1200, 1600), layout="spread")
    ok, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return jpeg.tobytes()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    c = web_client(create_app(str(tmp_path_factory.mktemp("table") / "ledger.sqlite3")))
    r = post_form(c, "/sessions", data={"name": "fri", "game": "gostop", "players": "Ana, Bo"},
                  follow_redirects=False)
    assert r.status_code == 303
    return c


def _grid(name: str, codes: list[str]) -> dict[str, str]:
    fields = {f"gridn.{name}": str(len(codes))}
    for j, code in enumerate(codes):
        fields[f"grid.{name}.{j}"] = code
        fields[f"place.{name}.{j}"] = "0,0"
    return fields


def test_the_form_offers_a_photo_of_the_whole_table(client: Any) -> None:
    page = client.get("/s/fri/add")
    assert '<input type="file" name="table"' in page.text
    assert "One photo of the whole table" in page.text


def test_a_pile_given_to_another_player_scores_as_theirs(client: Any) -> None:
    """Two piles of a table photo as the page sends them back: the brights' pile first
    given to Ana, then (one tap) to Bo; who pays whom follows the menus."""
    fields = {**_grid("t.1", BRIGHTS), **_grid("t.2", JUNK), "q.stop": "me",
              "action": "score", "tablepile.t.1": "q.me", "tablepile.t.2": "q.vs.0"}
    r = post_form(client, "/s/fri/add", data=fields)
    assert r.status_code == 200, r.text[:500]
    assert "Bo pays Ana" in r.text
    # the menus keep what was chosen
    assert re.search(r'name="tablepile\.t\.1"[^>]*><option value="q\.me" selected>Ana', r.text)
    swapped = {**fields, "tablepile.t.1": "q.vs.0", "tablepile.t.2": "q.me", "q.stop": "vs"}
    r = post_form(client, "/s/fri/add", data=swapped)
    assert r.status_code == 200, r.text[:500]
    assert "Ana pays Bo" in r.text


@pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)
@pytest.mark.skipif(not HAVE_DATA, reason="the table photo is drawn from ../shared/data's art")
def test_a_table_photo_becomes_one_grid_a_pile(client: Any) -> None:
    r = post_form(client, "/s/fri/add", data={"action": "read"},
                  files={"table": ("end.jpg", table_photo(), "image/jpeg")})
    assert r.status_code == 200, r.text[:500]
    # pile 1 lies at the top of the photo: Bo's (seats clockwise from the bottom: Ana, Bo)
    chosen = dict(re.findall(r'name="tablepile\.(t\.\d)"[^>]*>.*?value="([^"]+)" selected',
                             r.text))
    assert chosen == {"t.1": "q.vs.0", "t.2": "q.me"}
    # each pile's own grid: six cards laid, of which the detector may miss a covered one
    for pile in ("t.1", "t.2"):
        assert len(re.findall(rf'name="grid\.{pile}\.\d+"', r.text)) in (5, 6)
    key = re.search(r'id="table-photo" src="/photos/([\w-]+)\.jpg"', r.text)
    assert key is not None
    got = client.get(f"/photos/{key.group(1)}.jpg")
    assert got.status_code == 200 and got.headers["content-type"] == "image/jpeg"
