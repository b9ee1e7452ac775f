"""Issue 20 items 13 and 14: `--lang es` is Spanish everywhere, and no development references
(seed files, issue numbers) reach users."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorer.cli.entry import main
from scorer.games.base import game_names
from scorer.games.rules import key_specs, list_presets

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "golden"

# English words that have no business in Spanish output (card ids, rule keys and typed
# values such as `units` are removed first: they are what the user types).
ENGLISH = {
    "points", "point", "units", "cards", "card", "pays", "against", "has", "counted",
    "either", "way", "players", "player", "preset", "stopped", "called", "below", "target",
    "instant", "pile", "with", "the", "and", "from", "description", "source", "key", "value",
    "nobody", "junk", "ties", "fewer", "than", "rules", "differ", "agree", "overridden", "how",
    "reads", "unclear", "every", "net", "shake", "bomb", "brights", "animals", "ribbons",
    "double", "counts", "payment", "must", "appears", "allows", "holds", "only",
}
# ids, keys, paths, TOML tables, quoted input: what a user types
TYPED = re.compile(r"\[\w+\]|[\w'\"]*[-._=/][\w.\-=/'\"]*|'[^']*'")


def english_words(text: str, game: str) -> set[str]:
    choices = {c for s in key_specs(game).values() for c in s.choices}
    text = re.sub(r"scorer [\w -]+", " ", text)  # a command to type, e.g. `scorer rules`
    words = set(re.findall(r"[A-Za-z]+", TYPED.sub(" ", text)))
    return {w for w in words if w.lower() in ENGLISH and w not in choices}


def spanish(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        main([*args, "--lang", "es"])
    except SystemExit as exc:
        assert exc.code == 2
    out = capsys.readouterr()
    return out.out + out.err


def _cases(game: str) -> list[tuple[Path, dict[str, object]]]:
    found = []
    for path in sorted((GOLDEN / game).glob("*/*.toml")):
        expected = path.with_name(path.name.replace(".toml", ".expected.json"))
        found.append((path, json.loads(expected.read_text("utf-8")) if expected.exists() else {}))
    return found


@pytest.mark.parametrize("game", game_names())
def test_every_golden_hand_and_error_reads_in_spanish(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    errors = 0
    for path, expected in _cases(game):
        text = spanish(["score", str(path)], capsys)
        errors += "error" in expected
        leaked = english_words(text.replace(str(path), ""), game)
        assert not leaked, f"{path.name}: English in Spanish output: {sorted(leaked)}\n{text}"
    assert errors, "no error cases were rendered"


@pytest.mark.parametrize("game", game_names())
def test_every_preset_table_reads_in_spanish(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = [spanish(["rules", game], capsys)]
    presets = list_presets(game)
    for preset in presets:
        texts.append(spanish(["rules", game, preset], capsys))
    texts.append(spanish(["rules", "diff", game, presets[0], presets[-1]], capsys))
    for text in texts:
        leaked = english_words(text, game)
        assert not leaked, f"English in Spanish rules output: {sorted(leaked)}\n{text}"


def test_quick_form_players_are_named_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    text = spanish(["gostop", "--me", "1b 3b 8b 1r 2r 3r 4r 6r", "--vs", "11b 6j", "--gos", "1"],
                   capsys)
    assert "rival paga a jugador: 7 + 1 go = 8 puntos = 8" in text
    assert "vs paga a me" not in text


def test_details_are_structured_not_english_text(capsys: pytest.CaptureFixture[str]) -> None:
    text = spanish(["score", str(REPO / "samples" / "gostop-cardavia-go.toml")], capsys)
    assert "Animales (yeolkkeut) [5 + 1 de más]" in text
    assert "Sangre (pi) [10 + 2 de más (12 unidades, 10 cartas)]" in text


DEV = re.compile(r"seed|\.txt\b|issue|#\d", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_development_references_reach_users(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for game in game_names():
        for args in (["rules", game], ["rules", game, "--json"]):
            main([*args, "--lang", lang] if "--json" not in args else args)
            outputs.append(capsys.readouterr().out)
        for preset in list_presets(game):
            for args in (
                ["rules", game, preset, "--lang", lang],
                ["rules", game, preset, "--json"],
            ):
                main(args)
                outputs.append(capsys.readouterr().out)
        for path, _ in _cases(game):
            if lang == "es":  # the record's own file name may say "seed": it is the user's
                outputs.append(spanish(["score", str(path)], capsys).replace(str(path), ""))
    for text in outputs:
        found = DEV.findall(text)
        assert not found, (found, text[:400])


@pytest.mark.parametrize(
    "assignment, expected",
    [
        ("go.points=-1", "rule 'go.points' = -1 is out of range; expected from 0 to 100"),
        ("target.two=-3", "rule 'target.two' = -3 is out of range; expected from 0 to 100"),
        ("gwangbak.factor=0", "rule 'gwangbak.factor' = 0 is out of range; expected from 1 to 10"),
        ("go.double_from=" + "9" * 30, "= a huge number is out of range"),
    ],
)
def test_rule_values_are_range_checked(
    assignment: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["score", str(REPO / "samples" / "gostop-cardavia-go.toml"), "--set", assignment])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1


def test_shipped_presets_are_within_their_ranges() -> None:
    from scorer.games.rules import load_preset

    for game in game_names():
        for preset in list_presets(game):
            load_preset(game, preset, check=True)  # raises on a value out of range


# Every quick-form and command-line mistake a Spanish user can make, one per error site:
# argparse's own sentences, the declared values' checks, and each game's option parsing.
OPTION_MISTAKES = [
    (["gostop", "--me", "1b", "--vs", "2j", "--gos", "abc"], "no es un número entero"),
    (["gostop", "--me", "1b", "--vs", "2j", "--gos", "99"], "fuera del rango (de 0 a 12)"),
    (["gostop", "--me", "1b", "--vs", "2j", "--stake", "nan"], "de 0 a 1.000.000.000"),
    (["gostop", "--me", "1b", "--vs", "2j", "--stop", "quien"], "valor no válido: 'quien'"),
    (["gostop", "--me", "1b", "--vs", "2j", "--stop", "vs2"], "con un rival di --stop vs"),
    (["gostop", "--me", "1b", "--vs", "2j", "--vs", "3j", "--stop", "vs"],
     "con dos rivales di --stop vs1 o --stop vs2"),
    (["gostop", "--me", "1b", "--vs", "2j", "--vs", "3j", "--vs", "4j"], "2 o 3 jugadores"),
    (["gostop", "--me", "1b", "--vs", "2j", "--vs-gos", "1", "--vs-gos", "1"],
     "como mucho una por cada --vs"),
    # the players and roles as Spanish output says them, the value as typed
    (["gostop", "--me", "1b", "--vs", "2j", "--cup", "me:xx"],
     "--cup me:xx: se esperaba QUIÉN:PAPEL, con QUIÉN uno de jugador, rival, rival1 y PAPEL "
     "animal o sangre"),
    (["gostop", "--me", "1b", "--vs", "2j", "--cup", "jugador:basura"], "--cup jugador:basura:"),
    (["gostop", "--me", "1b", "--vs", "2j", "--bak", "rival3:pi-bak"],
     "--bak rival3:pi-bak: se esperaba QUIÉN:BAK, con QUIÉN uno de jugador, rival, rival1 y"),
    (["gostop", "--me", "1b", "--vs", "2j", "--names", "a,b,c"],
     "esta forma es para 2 jugadores"),
    (["gostop", "--me", "1b", "--vs", "2j", "--names", "a,a"], "un nombre distinto"),
    (["gostop", "--me", "1b", "--vs", "2j", "--bogus"], "argumentos no reconocidos: --bogus"),
    (["gostop", "--me", "1b", "--vs"], "opción --vs: necesita un valor"),
    (["koikoi", "--me", "1b", "--vs", "2j", "--koikoi", "x"],
     "se esperaba QUIÉN:N con QUIÉN jugador o rival, p. ej. jugador:1"),
    (["koikoi", "--me", "1b", "--vs", "2j", "--koikoi", "me:x"], "no es un número de koi-koi"),
    (["koikoi", "--me", "1b", "--vs", "2j", "--dealt", "me"],
     "se esperaba QUIÉN:TIPO, p. ej. jugador:teshi"),
    (["mahjong", "--east", "1m"], "faltan opciones obligatorias"),
    (["hakka", "--players", "a,,b", "--dealer", "a"], "hay un nombre vacío"),
    (["score", "samples/koikoi-match.toml", "--bogus"], "argumentos no reconocidos"),
]


@pytest.mark.parametrize(("args", "expected"), OPTION_MISTAKES,
                         ids=[" ".join(a[:1] + a[-2:]) for a, _ in OPTION_MISTAKES])
def test_option_mistakes_are_said_in_spanish(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*args, "--lang", "es"])
    assert exc.value.code == 2
    out = capsys.readouterr()
    assert out.out == ""
    line = out.err.strip()
    assert line.startswith("scorer: error: ") and "\n" not in line
    assert expected in line, line
    game = args[0] if args[0] in game_names() else "gostop"
    assert not english_words(line.replace("--help", ""), game), line


def test_option_mistakes_stay_english_without_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["gostop", "--me", "1b", "--vs", "2j", "--stop", "vs2", "--lang", "en"])
    assert "with one opponent say --stop vs" in capsys.readouterr().err


# Each deck's pieces by the word its Spanish uses: mahjong's are fichas, the Hakka cards
# tarjetas (the seed's word, as the Hakka engine's messages say), hanafuda's cartas.
PIECE_MISTAKES = [
    (["mahjong", "--east", " ".join(["1m"] * 200), "--south", "1m", "--west", "1m",
      "--north", "1m", "--draw"], "200 fichas escritas", "cartas"),
    (["hakka", "--players", "Ana,Bo,Cy,Di", "--dealer", "Ana", "--called", "Di", "--winner",
      "Bo", "--tricks", "7", "--pattern", " ".join(["gon7"] * 40), "--dream", "sin7"],
     "pattern: 40 tarjetas escritas", "cartas"),
    (["gostop", "--me", " ".join(["1b"] * 60), "--vs", "2a"], "60 cartas escritas", "tarjetas"),
]


@pytest.mark.parametrize(("args", "expected", "other"), PIECE_MISTAKES,
                         ids=[a[0] for a, _, _ in PIECE_MISTAKES])
def test_each_deck_names_its_pieces_in_spanish(
    args: list[str], expected: str, other: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = spanish(args, capsys)
    assert expected in said and other not in said, said


@pytest.mark.parametrize(("game", "cards"), [
    ("mahjong", "códigos de las fichas"), ("gostop", "códigos de las cartas"),
])
def test_a_pile_that_is_not_text_names_the_decks_pieces(
    game: str, cards: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.toml"
    path.write_text(f'game = "{game}"\n[[players]]\nname = "Ana"\ncards = 5\n'
                    f'[[players]]\nname = "Bo"\ncards = ""\n', "utf-8")
    said = spanish(["score", str(path)], capsys)
    assert f"cards debe ser un texto con los {cards}" in said, said
