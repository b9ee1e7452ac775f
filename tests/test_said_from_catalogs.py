"""Engines return ids and values; every sentence lives in the catalogs (issue 47 item 1).

A line's detail, a payment's reasons, a note, a multiplier's reason and a problem are message
ids with values: each id is in the game's section of both catalogs, and nothing an engine
returns carries English of its own. A photo's warnings keep their id beside their English.
"""

from __future__ import annotations

import copy
import pickle
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scorer.catalog import en, es
from scorer.explain import HandResult, Line, Note, Payment, SeriesResult
from scorer.games.base import Problem, RecordProblem
from scorer.games.record import RecordError, load_record, record_from_data, score_record
from scorer.i18n import Said, in_language

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*/*/*.toml"))
SCORER = Path(__file__).parent.parent / "scorer"


def _hands(result: HandResult | SeriesResult) -> list[HandResult]:
    return list(result.hands) if isinstance(result, SeriesResult) else [result]


def _ids(hand: HandResult) -> list[tuple[str, Any]]:
    """Every (message id, record) a hand's records are said from."""
    out: list[tuple[str, Any]] = []
    payments: list[Payment] = list(hand.payments)
    lines: list[Line] = []
    notes: list[Note] = list(hand.notes)
    for p in hand.players:
        lines += [*p.lines, *p.bonuses, *p.unscored]
        notes += p.notes
        out += [(m.key or m.rule, m) for m in p.multipliers]
        out += [(c.key, c) for c in p.choices]
    out += [(m.key or m.rule, m) for m in hand.multipliers]
    out += [(n.key, n) for n in notes]
    out += [(r.key, pay) for pay in payments for r in pay.reasons]
    for line in lines:
        if line.key:
            out.append((line.key, line))
        if line.worded is not None:
            out.append((line.worded.key, line))
    return out


def test_records_have_no_english_fields() -> None:
    assert "detail" not in Line._fields and "text" not in Problem._fields
    assert "Note" in str(Payment.__annotations__["reasons"])


@pytest.mark.parametrize("record", GOLDEN, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_id_a_hand_is_said_from_is_in_both_catalogs(record: Path) -> None:
    try:
        result = score_record(load_record(record))
    except RecordError:
        return  # problems: below
    for hand in _hands(result):
        for key, rec in _ids(hand):
            said = [key in c.GAMES[hand.game] for c in (en, es)]
            assert said == [True, True], (key, rec)
        for pay in hand.payments:  # reasons are Notes, said only when written out
            assert all(isinstance(r, Note) for r in pay.reasons), pay


def _problems(err: RecordError) -> list[Problem]:
    inner = [p.problem if isinstance(p, RecordProblem) else p for p in err.problems]
    return [p for p in inner if isinstance(p, Problem)]


# Values that make a record wrong in many ways: each problem it reports must be said from
# both catalogs, never fall back to its code.
WRONG = ["zzz", -1, 10**13, True, [1, "x"], 1.5, ""]


@pytest.mark.parametrize("game", ["gostop", "koikoi", "hakka", "mahjong"])
def test_every_problem_is_said_from_both_catalogs(game: str) -> None:
    seen: set[str] = set()
    for path in [p for p in GOLDEN if p.parent.parent.name == game][:12]:
        base = tomllib.loads(path.read_text("utf-8"))
        for key in [k for k in base if k not in ("game", "preset", "hands")]:
            for value in WRONG:
                data = copy.deepcopy(base)
                data[key] = value
                try:
                    score_record(record_from_data(data, origin="r.toml", base_dir="."))
                except RecordError as err:
                    for p in _problems(err):
                        seen.add(p.code)
                        catalogs = [c.GAMES[p.catalog] if p.catalog else c.MESSAGES
                                    for c in (en, es)]
                        assert all(p.code in c for c in catalogs), p
                        assert str(p) != p.code, p
    assert seen, game


def _keys_in(path: Path, pattern: str) -> set[str]:
    return set(re.findall(pattern, path.read_text("utf-8")))


def test_every_reason_a_piece_is_asked_about_is_said_in_both_catalogs() -> None:
    from scorer.vision.pipeline import DOUBTS

    for why in DOUBTS:
        key = f"photo.doubt.{why}"
        assert key in en.MESSAGES and key in es.MESSAGES, key
        assert en.MESSAGES[key] != es.MESSAGES[key], key


def test_every_kind_a_pile_is_counted_by_is_said_in_both_catalogs() -> None:
    from scorer.decks import DECKS

    kinds = {k for deck in DECKS.values() for k in deck.pile_kinds}
    assert {"bright", "animal", "ribbon", "junk"} <= kinds  # hanafuda's, at least
    for kind in kinds:
        key = f"photo.kind.{kind}"
        assert key in en.MESSAGES and key in es.MESSAGES, key


def test_the_photo_warnings_keep_their_ids_in_both_catalogs() -> None:
    keys = _keys_in(SCORER / "vision" / "pipeline.py", r'Said\("([\w.-]+)"')
    assert keys >= {"photo.no-cards", "photo.no-tiles", "photo.covered", "photo.over"}
    for key in keys:
        assert key in en.MESSAGES and key in es.MESSAGES, key
    warning = Said("photo.dropped", n=2)
    assert warning == "2 card-like region(s) were not recognised as cards"  # JSON as it was
    assert in_language(warning, "es") == "2 zonas parecidas a cartas no se reconocieron como cartas"
    assert in_language("plain text", "es") == "plain text"
    for copied in (copy.deepcopy(warning), pickle.loads(pickle.dumps(warning))):
        assert copied == warning and in_language(copied, "es") == in_language(warning, "es")


def test_engines_build_no_sentences_beside_their_ids() -> None:
    """No engine passes English text where an id and values belong (the old ``detail=``,
    ``Problem(code, "text")``, ``reasons`` written as f-strings)."""
    for path in sorted((SCORER / "games").glob("*.py")):
        if path.name == "record.py":  # the record loader: another change
            continue
        source = path.read_text("utf-8")
        assert "detail=f" not in source, path
        assert not re.search(r'Problem\(\s*f?"[\w.-]+",\s*f?"', source), path
        assert not re.search(r'reasons\s*=.*f"', source), path


def test_game_sections_say_the_same_messages_in_both_languages() -> None:
    """Words (``word.*``) are said in English as they are typed; every message is in both."""
    for game in en.GAMES:
        ours = {k for k in en.GAMES[game] if not k.startswith("word.")}
        theirs = {k for k in es.GAMES[game] if not k.startswith("word.")}
        assert ours - {"note.override"} <= theirs, (game, ours - theirs)
        assert theirs <= ours, (game, theirs - ours)


def test_who_a_problem_is_about_is_said_in_the_users_language(tmp_path: Path) -> None:
    # A player with no name is "player 2"; Ana's unknown card is about "player 'Ana'": both
    # come from the catalog's about.player, in Spanish "jugador".
    record = tmp_path / "bad.toml"
    record.write_text('game = "gostop"\n[[players]]\nname = "Ana"\ncards = "1b zz"\n'
                      '[[players]]\ncards = "2a"\n', encoding="utf-8")
    with pytest.raises(RecordError) as err:
        load_record(record)
    from scorer.i18n import describe

    assert "player 2: missing 'name'; player 'Ana': unknown card 'zz'" in describe(err.value, "en")
    said_es = describe(err.value, "es")
    assert "jugador 2: falta 'name'" in said_es
    assert "jugador 'Ana': carta desconocida 'zz'" in said_es
    assert "player" not in said_es


def test_a_photo_pile_is_listed_in_the_users_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorer.cli.run import photo_resolver
    from scorer.vision import confirm

    seen: dict[str, Any] = {}

    def fake(path: str, deck: str, **kw: Any) -> str:
        seen.update(kw)
        return "1b"

    monkeypatch.setattr(confirm, "resolve_pile_source", fake)
    assert photo_resolver(True, "es")("pile.jpg", "gostop") == "1b"
    assert seen["lang"] == "es"


def test_a_record_key_is_said_as_the_spelling_writes_it() -> None:
    """A problem names a record key as a :class:`Key`: a record's words by default, the
    options a quick form typed where it is said with their spelling (no text rewritten)."""
    from scorer.i18n import Key, say_problem

    typed = {"winner": ("--winner", False), "void": ("--void", True),
             "winning_tile": ("--tile", False)}
    missing = RecordProblem(Problem("hakka.no-winner", (("key", Key("winner")),
                                                        ("void", Key("void"))), "hakka"),
                            "h.toml", catalog="hakka")
    assert str(missing) == "h.toml: winner is needed (or void = true)"
    assert say_problem(missing, "es") == "h.toml: falta winner (o void = true)"
    assert say_problem(missing, "en", typed) == "h.toml: --winner is needed (or --void)"
    assert say_problem(missing, "es", typed) == "h.toml: falta --winner (o --void)"
    bad = RecordProblem(Problem("mahjong.load.winning-tile",
                                (("key", Key("winning_tile", "'5x'")),), "mahjong"), "m.toml",
                        about=Key("winning_tile"), catalog="mahjong")
    assert str(bad).startswith("m.toml: winning_tile: winning_tile = '5x'; expected")
    assert say_problem(bad, "en", typed).startswith("m.toml: --tile: --tile '5x'; expected")
    key = copy.deepcopy(pickle.loads(pickle.dumps(Key("winning_tile", "'5x'"))))
    assert (key, key.name, key.value) == ("winning_tile = '5x'", "winning_tile", "'5x'")
