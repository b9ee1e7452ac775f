"""The table's page in players' words (issue 44): every page of every game, in English and
Spanish, shows no command-line option (``--players``), no rule key (``bak.from = typed``),
no bare id where words exist (``dead-wall``, a preset's ``bmja`` alone), and no English on
a Spanish page; and the facts the words stand for reach the record."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("multipart", reason="python-multipart (web extra) is not installed")

from vision_fakes import HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import post_form, web_client  # noqa: E402

from scorer.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS)

SESSIONS = {
    "go3": ("gostop", "Ana, Bo, Cy", "gostop:estandar"),
    "go2": ("gostop", "Ana, Bo", "gostop:cardavia"),
    "koi": ("koikoi", "Ana, Bo", ""),
    "mj": ("mahjong", "Ana, Bo, Cy, Di", "mahjong:bmja"),
    "hk": ("hakka", "Ana, Bo, Cy, Di", ""),
}
GO3 = {"q.me": "1b 3b 8b 1r 2r 3r 4r 6r", "q.vs.0": "11b 6j", "q.vs.1": "2a 5a",
       "q.stop": "me", "seat.0": "Ana", "seat.1": "Bo", "seat.2": "Cy"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    c = web_client(create_app(str(tmp_path_factory.mktemp("words") / "ledger.sqlite3")))
    for name, (game, players, preset) in SESSIONS.items():
        r = post_form(c, "/sessions", data={"name": name, "game": game, "players": players,
                                            "preset": preset}, follow_redirects=False)
        assert r.status_code == 303, r.text[:500]
    r = post_form(c, "/s/go3/add", data={**GO3, "action": "add"}, follow_redirects=False)
    assert r.status_code == 303, r.text[:800]
    return c


def pages(c: Any, lang: str) -> dict[str, str]:
    """Every page a player meets, by what it is."""
    got = {path: c.get(f"{path}?lang={lang}") for path in
           ["/", "/nowhere", "/s/nobody", "/hands/999", "/api-less/x"]
           + [f"/s/{n}" for n in SESSIONS] + [f"/s/{n}/add" for n in SESSIONS]}
    hand = c.get("/api/sessions/go3").json()["hands"][0]["id"]
    got["/hands/N"] = c.get(f"/hands/{hand}?lang={lang}")
    got["score go3"] = post_form(c, f"/s/go3/add?lang={lang}",
                                 data={**GO3, "action": "score", "w.shakes.vs1": "1"})
    got["koikoi of 3"] = post_form(c, f"/sessions?lang={lang}", data={
        "name": "k3", "game": "koikoi", "players": "Ana, Bo, Cy", "preset": "koikoi:labsk"})
    got["bad stake"] = post_form(c, f"/sessions?lang={lang}", data={
        "name": "s", "game": "gostop", "players": "Ana, Bo", "stake": "lots"})
    for what, r in got.items():
        assert r.status_code < 500, (what, r.text[:300])
    return {what: r.text for what, r in got.items()}


def visible(page: str) -> str:
    """What a player reads: text, option labels, placeholders and titles."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    shown = re.findall(r'(?:placeholder|title|alt)="([^"]*)"', page)
    return htmllib.unescape(" ".join([re.sub(r"<[^>]+>", " ", page), *shown]))


def options(page: str) -> list[tuple[str, str]]:
    return [(htmllib.unescape(v), htmllib.unescape(re.sub(r"<[^>]+>", "", text)).strip())
            for v, text in re.findall(r'<option value="([^"]*)"[^>]*>(.*?)</option>', page)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_page_shows_an_option_a_rule_key_or_a_bare_id(client: Any, lang: str) -> None:
    for what, page in pages(client, lang).items():
        seen = visible(page)
        assert not re.search(r"(?<![\w-])--[a-z]", seen), (what, re.findall(r".{40}--\w+", seen))
        assert not re.search(r"\b[a-z_]+\.[a-z_]+ ?= ?\w", seen), (
            what, re.findall(r".{30}\b[a-z_]+\.[a-z_]+ ?= ?\w+", seen))
        for value, text in options(page):  # an id shown as itself: words exist for all
            assert not (re.fullmatch(r"[a-z][a-z0-9:-]*", value) and text == value), (
                what, value)
            assert ":" not in text or " " in text, (what, text)  # "gostop:cardavia"
        assert "404" not in re.sub(r"<[^>]+>", " ", page) or what.startswith("/hands/"), what


def test_a_spanish_page_has_no_english(client: Any) -> None:
    """No English of the page's own catalog, and no quick-form help (the CLI's English)."""
    from scorer.catalog import en, es
    from scorer.games.base import game_names, get_game

    english = [v for k, v in en.MESSAGES.items()
               if k.startswith("web.") and isinstance(v, str) and "{" not in v
               and v != es.MESSAGES.get(k) and len(v) > 6]
    english += [o.help for g in game_names() for o in get_game(g).quick]
    for what, page in pages(client, "es").items():
        seen = " ".join(visible(page).split())
        found = [e for e in english if e in seen]
        assert not found, (what, found)


def test_the_wind_of_the_round_offers_winds(client: Any) -> None:
    for lang, winds in (("en", ["East", "South", "West", "North"]),
                        ("es", ["Este", "Sur", "Oeste", "Norte"])):
        page = client.get(f"/s/mj/add?lang={lang}").text
        menu = re.search(r'<select name="q.prevailing">(.*?)</select>', page, re.S)
        assert menu is not None
        assert [text for _, text in options(menu.group(1))] == winds


def test_presets_are_described_in_both_languages(client: Any) -> None:
    from scorer.games.base import game_names
    from scorer.games.rules import list_presets
    from scorer.i18n import has_message, t

    for game in game_names():
        for preset in list_presets(game):
            key = f"web.preset.{game}.{preset}"
            assert has_message(key), key
            assert t(key, "en") != t(key, "es") or preset == "tarjetas", key
    index = client.get("/?lang=es").text
    assert "bmja — clásico chino, asociación británica" in index


@pytest.mark.parametrize("place,pile", [("vs1", "q.vs.0"), ("vs2", "q.vs.1")])
def test_every_player_has_shakes_bombs_and_a_win_at_once(client: Any, place: str,
                                                         pile: str) -> None:
    """Not only the first player: Bo's and Cy's shakes and bombs multiply their own win, and
    either may win at once (no stop then)."""
    who = {"vs1": "Bo", "vs2": "Cy"}[place]
    page = client.get("/s/go3/add?lang=en").text
    for dest in ("shakes", "bombs", "instant"):
        assert f'name="w.{dest}.{place}"' in page, dest
    wins = {**GO3, "q.me": "2a 5a", "q.vs.0": "11b 6j", "q.vs.1": "11b 6j",
            pile: GO3["q.me"], "q.stop": place, "action": "score"}
    plain = post_form(client, "/s/go3/add?lang=en", data=wins)
    shaken = post_form(client, "/s/go3/add?lang=en", data={**wins, f"w.shakes.{place}": "1",
                                                           f"w.bombs.{place}": "1"})
    assert plain.status_code == shaken.status_code == 200, shaken.text[:800]

    def total(page: str) -> int:
        mine = re.search(rf"<h3>{who} ★</h3>.*?Total: (\d+)", page, re.S)
        assert mine is not None, page[:2000]
        return int(mine.group(1))

    assert total(shaken.text) == 4 * total(plain.text) > 0  # x2 for the shake, x2 for the bomb
    won = post_form(client, "/s/go3/add?lang=en", data={
        **GO3, "action": "score", f"w.instant.{place}": "four-in-hand"})
    assert won.status_code == 200, won.text[:800]
    assert f"Winner: {who}" in won.text


@pytest.mark.parametrize("lang,said", [("en", "is not played by 3 players"),
                                       ("es", "no se juega con 3 jugadores")])
def test_a_session_of_the_wrong_size_is_said_in_the_forms_words(client: Any, lang: str,
                                                                said: str) -> None:
    r = post_form(client, f"/sessions?lang={lang}", data={
        "name": "k3", "game": "koikoi", "players": "Ana, Bo, Cy", "preset": "koikoi:labsk"})
    assert r.status_code == 400 and said in r.text and "--players" not in r.text


def test_a_mahjong_photo_finds_tiles_and_hakka_types_without_a_photo(client: Any) -> None:
    from scorer.web import pages as p

    page = client.get("/s/hk/add?lang=en").text  # Hakka cards are not read from photos
    assert "Cards, typed" in page and "added to the photo" not in page
    assert 'placeholder="e.g. sup9 wansin"' in page  # elders are elder cards
    grid = p.Grid("k", ["1m", "2m"], [False, True], ["0,0", "0,0"], [0.9, 0.4])
    for lang, said in (("en", "2 tiles found"), ("es", "2 fichas encontradas")):
        html = p._grid_html("q.east", grid, [("1m", "1m"), ("2m", "2m")], lang, "mahjong")
        assert said in html and "card" not in html and "carta" not in html


@pytest.mark.parametrize("lang,typed,stake", [("es", "0,5", 0.5), ("es", "1.000", 1000),
                                              ("es", "2.5", 2.5), ("en", "1,000", 1000),
                                              ("en", "0,5", 0.5), ("en", "0.25", 0.25)])
def test_a_stake_reads_as_the_player_typed_it(client: Any, lang: str, typed: str,
                                              stake: float) -> None:
    """A Spanish "0,5" is half a unit a point, not 5 (the comma was dropped as a thousands
    separator); a decimal mark typed the other way is still a decimal mark."""
    name = f"stake {lang} {typed}"
    r = post_form(client, f"/sessions?lang={lang}", data={
        "name": name, "game": "gostop", "players": "Ana, Bo", "stake": typed},
        follow_redirects=False)
    assert r.status_code == 303, r.text[:500]
    doc = client.get("/api/sessions/" + name.replace(" ", "%20")).json()
    assert float(doc["session"]["stake"]) == stake


@pytest.mark.parametrize("lang,said,english", [
    ("en", "is truncated", None), ("es", "está cortada", "truncated")])
def test_a_photo_that_cannot_be_read_is_said_in_the_pages_language(
    client: Any, lang: str, said: str, english: str | None
) -> None:
    from web_helpers import truncated_jpeg

    r = post_form(client, f"/s/go2/add?lang={lang}", data={"action": "read"},
                  files={"photo.q.me": ("pila.jpg", truncated_jpeg(), "image/jpeg")})
    assert r.status_code == 400, r.text[:500]
    shown = visible(r.text)
    assert said in shown and "pila.jpg" in shown
    assert english is None or english not in shown
