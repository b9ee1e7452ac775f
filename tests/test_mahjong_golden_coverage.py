"""Issue 34, deliver item 5: hand-worked golden cases for every new mahjong rule, per preset.

For each limit hand, pattern double, winning-tile points rule, bonus double and loser's
'Calling for ...' rule that a preset plays (its value is on), count the golden cases under
``tests/golden/mahjong/<preset>/`` whose hand-derived expected explanation names that rule by
its reason id (a line, a bonus or a multiplier of any player, in any hand of a series). Each
must reach :data:`WANT`; the pairs not there yet are listed, with the count they have, in
:data:`SHORT` (the test fails if one drops below its listed count, or reaches WANT while still
listed, so the list only ever shrinks).

Counted under ``dmjl`` and ``bmja``, the presets issue 34 brought. ``antiguo`` and ``common`` play
none of its rules: only the one-suit doubles and (``common``) the flower doubles of issue 17, whose
golden cases came with that issue.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from scorer.games.mahjong_score import CALLING_KEYS, LIMIT_KEYS, PATTERN_KEYS
from scorer.games.rules import load_preset

GOLDEN = Path(__file__).parent / "golden" / "mahjong"
PRESETS = ("dmjl", "bmja")
WANT = 5
TILE_KEYS = ("from_wall", "only_possible", "pair_simple", "pair_major")

# (preset, reason id) -> cases so far, where fewer than WANT: what is left to do.
SHORT: dict[tuple[str, str], int] = {}


def _rid(key: str) -> str:
    return key.replace("_", "-")


def played(preset: str) -> list[str]:
    """The reason ids of the new rules ``preset`` plays."""
    rules = load_preset("mahjong", preset)
    out: list[str] = []
    on_limit = rules.num("limit_hand.points") > 0
    for key in LIMIT_KEYS:
        if on_limit and rules.num(f"limit_hand.{key}"):
            out.append(f"limit.{_rid(key)}")
    for key in ("one_suit_honours", "pure_suit", *PATTERN_KEYS):
        if rules.num(f"double.{key}") <= 1:
            continue
        if key == "only_honours" and on_limit and rules.num("limit_hand.only_honours"):
            continue  # 'Only Honors' doubles only where it is not a limit: the limit replaces it
        out.append(f"double.{_rid(key)}")
    for key in TILE_KEYS:
        if rules.num(f"tile.{key}"):
            out.append(f"tile.{_rid(key)}")
    if rules.num("bonus.own_factor") > 1:
        out.append("double.own-bonus-pair" if rules.flag("bonus.own_together")
                   else "double.own-bonus")
    if rules.num("bonus.set_factor") > 1:
        out.append("double.bonus-set")
    if on_limit:
        out += [f"calling.{_rid(k)}" for k in CALLING_KEYS if rules.num(f"calling.{k}")]
    if rules.num("calling.purity") > 1:
        out.append("calling.purity")
    return out


def _named(hand: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    for player in hand.get("players", {}).values():
        for part in ("lines", "bonuses", "multipliers"):
            names |= set(player.get(part, {}))
    return names


def counts(preset: str) -> Counter[str]:
    got: Counter[str] = Counter()
    for path in sorted((GOLDEN / preset).glob("*.expected.json")):
        expected = json.loads(path.read_text("utf-8"))
        names: set[str] = set()
        for hand in expected.get("hands", [expected]):
            names |= _named(hand)
        got.update(names)
    return got


def table() -> dict[tuple[str, str], int]:
    out = {}
    for preset in PRESETS:
        got = counts(preset)
        for rid in played(preset):
            out[(preset, rid)] = got[rid]
    return out


def test_every_new_rule_has_enough_golden_cases() -> None:
    found = table()
    gaps = {pair: n for pair, n in sorted(found.items()) if n < WANT}
    for (preset, rid), n in gaps.items():
        print(f"{preset:5} {rid:32} {n}")
    unlisted = {pair: n for pair, n in gaps.items() if pair not in SHORT}
    assert not unlisted, f"below {WANT} golden cases and not listed in SHORT: {unlisted}"
    dropped = {pair: (found[pair], n) for pair, n in SHORT.items() if found.get(pair, 0) < n}
    assert not dropped, f"fewer cases than SHORT lists (now, listed): {dropped}"
    done = [pair for pair in SHORT if found.get(pair, 0) >= WANT]
    assert not done, f"reached {WANT}: take them out of SHORT: {done}"
    stale = [pair for pair in SHORT if pair not in found]
    assert not stale, f"SHORT names rules no preset plays: {stale}"


def test_the_presets_play_the_rules_counted() -> None:
    dmjl, bmja = played("dmjl"), played("bmja")
    assert "limit.squirming-snake" in dmjl and "limit.squirming-snake" not in bmja
    assert "calling.purity" in bmja and "calling.purity" not in dmjl
    assert "double.own-bonus-pair" in dmjl and "double.own-bonus" in bmja
    assert "double.only-honours" not in dmjl  # the limit hand plays it
    older = {"double.one-suit-honours", "double.pure-suit", "double.own-bonus", "double.bonus-set"}
    assert set(played("common")) <= older and set(played("antiguo")) <= older  # issue 17's
    assert len(dmjl) == 38 and len(bmja) == 42  # every rule counted
