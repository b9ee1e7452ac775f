"""The contract every registered game keeps, checked the same way for each.

A game is found by the registry (a presets folder with a module beside it); it scores its
golden records with payments that sum to zero, names every rule it can emit in English and
Spanish, says every sentence it adds in Spanish, reports problems with ids, and declares a
quick form that the generic CLI can build.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorer.catalog import en, es
from scorer.cli.quick import build_parser
from scorer.decks import DECKS, Deck
from scorer.explain import HandResult, SeriesResult
from scorer.games.base import Game, Problem, game_names, get_game
from scorer.games.record import RecordError, load_record, score_record
from scorer.games.rules import list_presets, load_preset

GOLDEN = Path(__file__).parent / "golden"
CODE = re.compile(r"^[a-z][a-z0-9]*([.-][a-z0-9]+)*$")
GAMES = game_names()


def _cases(game: str) -> list[tuple[Path, dict[str, Any]]]:
    out = []
    for path in sorted((GOLDEN / game).glob("*/*.toml")):
        expected = json.loads(path.with_suffix(".expected.json").read_text("utf-8"))
        out.append((path, expected))
    return out


def _hands(result: HandResult | SeriesResult) -> list[HandResult]:
    return list(result.hands) if isinstance(result, SeriesResult) else [result]


def test_the_registry_finds_the_shipped_games() -> None:
    assert "gostop" in GAMES
    assert GAMES == sorted(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_game_declares_itself(name: str) -> None:
    game = get_game(name)
    assert isinstance(game, Game) and game.name == name
    assert game.title and game.short_title and game.deck in DECKS
    assert game.default_preset in list_presets(name)
    for preset in list_presets(name):
        rules = load_preset(name, preset, check=True)  # every declared key, every value typed
        assert rules.description and rules.source, preset
    assert "name" in game.player_keys


@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_spanish_help_names_every_decks_pieces(deck: Deck) -> None:
    from scorer.cli import help_es

    assert help_es.PIECES[deck.unit]  # CARDS / TILES in a usage line, as the deck's unit says


@pytest.mark.parametrize("name", GAMES)
def test_every_golden_hand_pays_zero_sum_and_names_its_rules(name: str) -> None:
    get_game(name)  # registered
    scored = 0
    rules_seen: set[str] = set()
    for path, expected in _cases(name):
        if "error" in expected:
            continue
        for hand in _hands(score_record(load_record(path))):
            scored += 1
            assert sum(hand.balances().values()) == 0, path
            for p in hand.players:
                rules_seen |= {x.rule for x in (*p.lines, *p.bonuses, *p.multipliers)}
            rules_seen |= {m.rule for m in hand.multipliers}
            for pay in hand.payments:
                rules_seen |= {t.rule for t in pay.terms if t.op in ("+", "x")}
            keys = {n.key for n in hand.notes} | {n.key for p in hand.players for n in p.notes}
            keys |= {c.key for p in hand.players for c in p.choices}
            missing = {k for k in keys if k and k not in es.GAMES[name]}
            assert not missing, f"{path}: no Spanish for {sorted(missing)}"
    assert scored >= 5, f"{name}: too few golden hands"
    unnamed = rules_seen - set(en.RULES[name])
    assert not unnamed, f"{name}: rules without names: {sorted(unnamed)}"
    for rule in en.RULES[name]:
        assert en.RULES[name][rule] and es.RULES[name][rule], rule


@pytest.mark.parametrize("name", GAMES)
def test_check_reports_problems_with_ids(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(name)
    seen: list[Any] = []
    original = type(game).check

    def spy(self: Game, hand: Any, rules: Any) -> list[Problem]:
        found = original(self, hand, rules)
        seen.extend(found)
        return found

    monkeypatch.setattr(type(game), "check", spy)
    errors = [(p, e) for p, e in _cases(name) if "error" in e]
    assert errors, f"{name}: no golden error cases"
    for path, expected in errors:
        with pytest.raises(RecordError) as err:
            score_record(load_record(path))
        for fragment in expected["error"]:
            assert fragment in str(err.value), path
    assert seen, f"{name}: no golden error case reaches check()"
    for problem in seen:
        assert isinstance(problem, Problem) and CODE.match(problem.code), problem
        # said from the game's section of both catalogs, never from text the engine wrote
        assert problem.catalog == name, problem
        assert problem.code in en.GAMES[name] and problem.code in es.GAMES[name], problem
        assert str(problem) != problem.code


@pytest.mark.parametrize("name", GAMES)
def test_quick_form_builds_from_its_declaration(name: str) -> None:
    game = get_game(name)
    dests = [o.dest for o in game.quick]
    assert len(dests) == len(set(dests))
    parser = build_parser(game)
    assert parser.format_help()
    assert game.quick_help and f"scorer {name}" in game.quick_help  # an example to copy


@pytest.mark.parametrize(("game", "old", "new"), [("mahjong", "seed", "antiguo"),
                                                  ("hakka", "seed", "tarjetas")])
def test_an_earlier_preset_name_still_loads(game: str, old: str, new: str) -> None:
    assert old not in list_presets(game)  # not listed twice
    rules = load_preset(game, old)
    assert rules.preset == new and rules.values == load_preset(game, new).values


def test_aliases_name_one_game_each() -> None:
    from scorer.games.base import game_aliases, game_name

    aliases = game_aliases()
    assert aliases["go-stop"] == aliases["hwatu"] == "gostop"
    assert aliases["koi-koi"] == aliases["hanafuda"] == "koikoi"
    assert not set(aliases) & set(game_names())
    every = [a for name in game_names() for a in get_game(name).aliases]
    assert len(every) == len(set(every))  # no alias for two games
    assert get_game("Go-Stop") is get_game("gostop") and game_name("poker") is None


def test_an_alias_works_wherever_a_game_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scorer.cli.entry import main

    main(["go-stop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--json"])
    assert json.loads(capsys.readouterr().out)["game"] == "gostop"
    record = tmp_path / "hand.toml"
    text = (Path(__file__).parents[1] / "samples" / "koikoi-labsk-hand.toml").read_text("utf-8")
    record.write_text(text.replace('game = "koikoi"', 'game = "koi-koi"'), encoding="utf-8")
    db = str(tmp_path / "l.sqlite3")
    main(["ledger", "new", "night", "--game", "hanafuda", "--players", "Ana,Bo", "--stake", "10",
          "--db", db])  # the sample's stake: another is refused (issue 43)
    main(["ledger", "add", "night", str(record), "--yes", "--db", db])
    capsys.readouterr()
    main(["ledger", "show", "night", "--json", "--db", db])
    shown = json.loads(capsys.readouterr().out)
    assert shown["session"]["game"] == "koikoi" and len(shown["hands"]) == 1
