"""scorer's message catalogs: one per language, the same ids in each, each message once."""

from __future__ import annotations

import re
from pathlib import Path

from scorer.catalog import en, es

SCORER = Path(__file__).resolve().parent.parent / "scorer"


def test_every_language_has_every_id() -> None:
    assert en.MESSAGES.keys() == es.MESSAGES.keys()


def test_each_message_is_said_once() -> None:
    seen: dict[tuple[str, str], str] = {}
    for key, english in en.MESSAGES.items():
        pair = (english.lower(), es.MESSAGES[key].lower())
        assert pair not in seen, f"{key} repeats {seen[pair]}: {pair}"
        seen[pair] = key


def test_every_id_the_code_names_is_in_the_catalog() -> None:
    named = {
        (path.relative_to(SCORER).as_posix(), m.group(2))
        for path in SCORER.rglob("*.py")
        for m in re.finditer(r"""\bt\((["'])([\w.:-]+)\1""", path.read_text(encoding="utf-8"))
    }
    missing = sorted(f"{path}: {key}" for path, key in named if key not in en.MESSAGES)
    assert not missing


def test_every_web_field_is_worded_in_the_catalog() -> None:
    from scorer.games.base import game_names, get_game

    words = [w for name in game_names() for w in get_game(name).words.values()]
    ids = {w.label for w in words} | {i for w in words for i in (w.choices or {}).values()}
    assert sorted(ids - en.MESSAGES.keys()) == []
