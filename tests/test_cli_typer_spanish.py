"""Spanish that is all Spanish for the typer commands too (`scorer --help`, recognize, camera,
serve, rules): their help screens and their usage errors, with `--lang es` or
SCORER_LANG=es, as the typed commands (argparse) already say theirs; English unchanged."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_main as run

REPO = Path(__file__).resolve().parents[1]


# -- usage errors -----------------------------------------------------------------------------
# (command line, what it said in English before Spanish was added, what it says in Spanish):
# each a whole line of stderr after "scorer: error: ".
ERRORS = [
    (["recognize"],
     "scorer recognize: Missing argument 'image'. (see --help)",
     "scorer recognize: falta el argumento foto (véase --help)"),
    (["recognize", "x.jpg"],
     "scorer recognize: Missing option '--game'. Choose from: hanafuda, mahjong, gostop, koikoi "
     "(see --help)",
     "scorer recognize: falta la opción --game: elige entre hanafuda, mahjong, gostop, koikoi "
     "(véase --help)"),
    # click makes this one without its command: English says "scorer:", Spanish knows it
    (["recognize", "x.jpg", "--game"],
     "scorer: Option '--game' requires an argument. (see --help)",
     "scorer recognize: opción --game: necesita un valor (véase --help)"),
    (["recognize", "p.jpg", "--game", "hanafuda", "--single=x"],
     "scorer: Option '--single' does not take a value. (see --help)",
     "scorer recognize: opción --single: no admite ningún valor (véase --help)"),
    (["recognize", "p.jpg", "--gme", "hanafuda"],
     "scorer recognize: No such option: --gme (Possible options: --game, --single) "
     "(see --help)",
     "scorer recognize: opción desconocida --gme; ¿quisiste decir --game, --single? "
     "(véase --help)"),
    (["recognize", "p.jpg", "--game", "hakka"],
     "scorer recognize: Invalid value for '--game': 'hakka' is not one of 'hanafuda', "
     "'mahjong', 'gostop', 'koikoi'. (see --help)",
     "scorer recognize: opción --game: valor no válido: 'hakka' (elige entre 'hanafuda', "
     "'mahjong', 'gostop', 'koikoi') (véase --help)"),
    (["recognize", "p.jpg", "--game", "hanafuda", "extra"],
     "scorer recognize: Got unexpected extra argument(s) (extra) (see --help)",
     "scorer recognize: argumentos no reconocidos: extra (véase --help)"),
    (["camera", "--game", "hanafuda", "--every", "x"],
     "scorer camera: Invalid value for '--every': expected a whole number (see --help)",
     "scorer camera: opción --every: 'x' no es un número entero (véase --help)"),
    (["camera", "--game", "hanafuda", "--stable", "0"],
     "scorer camera: Invalid value for '--stable': expected at least 1 (see --help)",
     "scorer camera: opción --stable: 0 está fuera del rango (1 o más) (véase --help)"),
    (["serve", "--port", "70000"],
     "scorer serve: Invalid value for '--port': expected at most 65535 (see --help)",
     "scorer serve: opción --port: 70000 está fuera del rango (de 1 a 65535) (véase --help)"),
    (["serve", "--port", "x"],
     "scorer serve: Invalid value for '--port': expected a whole number (see --help)",
     "scorer serve: opción --port: 'x' no es un número entero (véase --help)"),
    (["rules", "diff", "gostop"],
     "scorer rules diff: Missing argument 'a'. (see --help)",
     "scorer rules diff: falta el argumento a (véase --help)"),
    (["rules", "gostop", "familia", "cardavia"],
     "scorer rules gostop: Got unexpected extra argument(s) (cardavia) (see --help)",
     "scorer rules gostop: argumentos no reconocidos: cardavia (véase --help)"),
    (["rules", "gostop", "--set"],
     "scorer: Option '--set' requires an argument. (see --help)",
     "scorer rules gostop: opción --set: necesita un valor (véase --help)"),
]
# Without a --lang of their own (the group's have none): said in SCORER_LANG's language.
GROUP_ERRORS = [
    (["gostp"],
     "scorer: No such command 'gostp'. Did you mean 'gostop'? (see --help)",
     "scorer: orden desconocida 'gostp'; ¿quisiste decir 'gostop'? (véase --help)"),
    (["rules", "nope"],
     "scorer: No such command 'nope'. (see --help)".replace("scorer:", "scorer rules:"),
     "scorer rules: orden desconocida 'nope' (véase --help)"),
    (["--nope"],
     "scorer: No such option: --nope (see --help)",
     "scorer: opción desconocida --nope (véase --help)"),
    (["--"],
     "scorer: Missing command. (see --help)",
     "scorer: falta la orden (véase --help)"),
]


@pytest.mark.parametrize("args, english, spanish", ERRORS)
def test_typer_usage_errors_are_said_in_spanish(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at = 2 if args[0] == "rules" else 1  # --lang after the command's name, before its values
    spanish_argv = [*args[:at], "--lang", "es", *args[at:]]
    assert run(spanish_argv, capsys) == (2, "", f"scorer: error: {spanish}\n")
    monkeypatch.setenv("SCORER_LANG", "es")  # the language the CLI reads from the environment
    assert run(args, capsys) == (2, "", f"scorer: error: {spanish}\n")


@pytest.mark.parametrize("args, english, spanish", [*ERRORS, *GROUP_ERRORS])
def test_typer_usage_errors_stay_as_they_were_in_english(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(args, capsys) == (2, "", f"scorer: error: {english}\n")


@pytest.mark.parametrize("args, english, spanish", GROUP_ERRORS)
def test_group_usage_errors_are_said_in_the_environments_spanish(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCORER_LANG", "es")
    assert run(args, capsys) == (2, "", f"scorer: error: {spanish}\n")


def test_an_unknown_lang_is_answered_not_a_crash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCORER_LANG", "es")
    # English for an unknown --lang, as the typed commands answer it (scorer.lang.argv_lang)
    assert run(["serve", "--lang", "fr"], capsys) == (
        2, "", "scorer: error: scorer serve: Invalid value for '--lang': 'fr' is not one of "
        "'en', 'es'. (see --help)\n")
    code, out, err = run(["recognize", "--lang"], capsys)
    assert (code, out, err.count("\n")) == (2, "", 1) and "--lang" in err



# -- the commands' own errors ------------------------------------------------------------------
# (command line, as English says it (unchanged), as Spanish says it): a whole line of stderr
# after "scorer: error: ", checked before any photo is read (x.jpg need not exist).
OWN_ERRORS = [
    (["rules", "gostop", "nope"],
     "unknown gostop preset 'nope' (presets: cardavia, estandar, familia)",
     "reglas de gostop desconocidas 'nope' (reglas: cardavia, estandar, familia)"),
    (["rules", "gostop", "estandr"],
     "unknown gostop preset 'estandr'; did you mean 'estandar'? (presets: cardavia, estandar, "
     "familia)",
     "reglas de gostop desconocidas 'estandr'; ¿quisiste decir 'estandar'? (reglas: cardavia, "
     "estandar, familia)"),
    (["rules", "gostop", "--set", "go.points=3"],
     "--set needs a preset to apply to, e.g. scorer rules gostop PRESET --set KEY=VALUE",
     "--set necesita unas reglas a las que aplicarse, p. ej. scorer rules gostop REGLAS "
     "--set CLAVE=VALOR"),
    (["rules", "gostop", "estandar", "--set", "x"],
     "--set 'x': expected key=value, e.g. brights.three=3",
     "--set 'x': se esperaba clave=valor, p. ej. brights.three=3"),
    (["rules", "gostop", "estandar", "--set", "brights.thre=1", "--set", "nope=1"],
     "--set: unknown rule 'brights.thre'; did you mean 'brights.three', 'brights.three_rain', "
     "'brights.four'?; --set: unknown rule 'nope'",
     "--set: regla desconocida 'brights.thre'; ¿quisiste decir 'brights.three', "
     "'brights.three_rain', 'brights.four'?; --set: regla desconocida 'nope'"),
    (["rules", "gostop", "estandar", "--set", "brights.three=abc", "--set", "go.points=-1"],
     "--set: rule 'brights.three' expects int (a whole number), got 'abc'; --set: rule "
     "'go.points' = -1 is out of range; expected from 0 to 100 for each item",
     "--set: la regla 'brights.three' espera int (un número entero), no 'abc'; --set: la regla "
     "'go.points' = -1 se sale del rango; se esperaba de 0 a 100 en cada elemento"),
    (["rules", "diff", "nope", "a", "b"],
     "unknown game 'nope'; expected one of gostop, hakka, koikoi, mahjong",
     "juego desconocido 'nope'; elige entre gostop, hakka, koikoi, mahjong"),
    (["rules", "diff", "gostop", "estandar", "nope"],
     "unknown gostop preset 'nope' (presets: cardavia, estandar, familia)",
     "reglas de gostop desconocidas 'nope' (reglas: cardavia, estandar, familia)"),
    (["recognize", "x.jpg", "--game", "hanafuda", "--seats", "Ana,Bo"],
     "--seats and --swap read a photo of the whole table: add --table",
     "--seats y --swap leen una foto de toda la mesa: añade --table"),
    (["recognize", "x.jpg", "--game", "hanafuda", "--annotate", "out.gif"],
     "--annotate 'out.gif': the file name must end in .png, .jpg or .jpeg",
     "--annotate 'out.gif': el nombre del fichero debe acabar en .png, .jpg o .jpeg"),
    (["recognize", "x.jpg", "--game", "hanafuda", "--table", "--annotate", "out.gif"],
     "--annotate 'out.gif': the file name must end in .png, .jpg or .jpeg",
     "--annotate 'out.gif': el nombre del fichero debe acabar en .png, .jpg o .jpeg"),
    (["recognize", "missing.jpg", "--game", "hanafuda", "--single"],
     "image 'missing.jpg' does not exist",
     "la imagen «missing.jpg» no existe"),
]


@pytest.mark.parametrize("args, english, spanish", OWN_ERRORS)
def test_the_commands_own_errors_are_said_in_spanish(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert run([*args, "--lang", "es"], capsys) == (2, "", f"scorer: error: {spanish}\n")
    monkeypatch.setenv("SCORER_LANG", "es")
    assert run(args, capsys) == (2, "", f"scorer: error: {spanish}\n")


@pytest.mark.parametrize("args, english, spanish", OWN_ERRORS)
def test_the_commands_own_errors_stay_as_they_were_in_english(
    args: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(args, capsys) == (2, "", f"scorer: error: {english}\n")


def test_a_rules_files_problems_are_said_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text('[brights]\nthree = "x"\n', encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_bytes(b"\xff\xfe[brights]\n")
    missing = tmp_path / "missing.toml"
    cases = [
        (bad, f"{bad}: rule 'brights.three' expects int (a whole number), got 'x'",
         f"{bad}: la regla 'brights.three' espera int (un número entero), no 'x'"),
        (broken, f"{broken}: not a text file (a rules file is TOML)",
         f"{broken}: no es un fichero de texto (un fichero de reglas es TOML)"),
        (missing, f"{missing}: cannot read rules file (No such file or directory)",
         f"{missing}: no se puede leer el fichero de reglas (No such file or directory)"),
        (tmp_path / "dir.toml", f"{tmp_path / 'dir.toml'}: not a regular file (a rules file "
         "is a TOML file)", f"{tmp_path / 'dir.toml'}: no es un fichero normal (un fichero de "
         "reglas es un fichero TOML)"),
    ]
    (tmp_path / "dir.toml").mkdir()
    for path, english, spanish in cases:
        args = ["rules", "diff", "gostop", "estandar", str(path)]
        assert run(args, capsys) == (2, "", f"scorer: error: {english}\n")
        assert run([*args, "--lang", "es"], capsys) == (2, "", f"scorer: error: {spanish}\n")


def test_serve_without_the_web_extra_says_so_in_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn fails as uninstalled
    assert run(["serve"], capsys) == (2, "", "scorer: error: scorer serve needs the web extra: "
                                      "pip install 'scorer[web]' (uvicorn missing)\n")
    assert run(["serve", "--lang", "es"], capsys) == (
        2, "", "scorer: error: scorer serve necesita el extra web: pip install 'scorer[web]' "
        "(falta uvicorn)\n")

# -- help ---------------------------------------------------------------------------------------
# Words of the English help screens (typer's own and scorer's) that no Spanish one says.
ENGLISH = {
    "usage", "options", "arguments", "commands", "required", "default", "show", "this",
    "message", "exit", "version", "install", "completion", "current", "copy",
    "customize", "installation", "the", "and", "with", "of", "or", "for", "from", "which",
    "photo", "file", "cards", "card", "tiles", "tile", "expect", "image", "print", "document",
    "instead", "text", "write", "outlines", "labels", "uncertain", "whole", "find", "each",
    "player", "pile", "piles", "who", "sits", "where", "exchange", "players", "two",
    "repeatable", "language", "listing", "str", "path", "int", "range", "list", "index",
    "video", "frame", "frames", "many", "must", "agree", "before", "counts", "captured",
    "address", "listen", "machine", "only", "network", "phones", "port", "database",
    "else", "user", "data", "folder", "browsers", "ask", "neither", "nor", "make", "new",
    "access", "code", "preset", "presets", "rule", "key", "value", "description", "examples",
    "example", "first", "second", "house", "hand", "typed", "at", "deck", "codes", "you",
    "can", "type", "names", "scoring", "attributes", "recorded", "every", "multiplier",
    "payment", "night", "sessions", "hands", "running", "totals", "pays", "whom", "page",
    "see", "scores", "recognise", "through", "capture", "start", "notation", "then",
    "physical", "lists", "photos", "is", "it", "to", "on", "by", "an", "one", "none",
}
_FLAGS = re.compile(r"-{1,2}[\w-]+")
_TYPED = re.compile(r"[\w'\"]*[-._=/:][\w.\-=/:'\",]*")  # file names, seats, keys: typed


def english_left(text: str) -> set[str]:
    """The English words of ``text`` but for what a user types: the commands' names, their
    flags, file names and values."""
    import typer.main

    from scorer.cli.app import app

    names: set[str] = set()

    def walk(command: Any) -> None:
        names.update(getattr(command, "commands", {}))
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    text = _TYPED.sub(" ", _FLAGS.sub(" ", text))
    words = {w for w in re.findall(r"\w+", text) if w not in names and w != "scorer"}
    return {w for w in words if w.lower() in ENGLISH}


def _typer_commands() -> list[list[str]]:
    """Every typer command's and group's words on a command line, listed ones only (the
    argparse commands typer lists have their own Spanish help)."""
    import typer.main

    from scorer.cli.app import app

    found: list[list[str]] = []

    def walk(command: Any, path: list[str]) -> None:
        if command.hidden or not command.add_help_option:
            return
        found.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return found


def test_the_typer_commands_are_all_found() -> None:
    found = {" ".join(path) for path in _typer_commands()}
    assert {"", "recognize", "camera", "serve", "rules", "rules gostop", "rules diff"} <= found
    assert not {"gostop", "score", "cards", "ledger"} & found  # argparse's, listed by typer


@pytest.mark.parametrize("path", _typer_commands(), ids=lambda p: " ".join(p) or "scorer")
def test_help_is_spanish_under_lang_es(
    path: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    english = run([*path, "--help"], capsys)
    monkeypatch.setenv("SCORER_LANG", "es")
    code, out, err = run([*path, "--help"], capsys)
    assert (code, err) == (0, "")
    assert out.lstrip().startswith(f"Uso: scorer {' '.join(path)}".rstrip() + " [OPCIONES]"), out
    assert "Muestra esta ayuda y termina." in flat(out) and "Opciones" in out, out
    assert not english_left(out), (english_left(out), out)
    if path in ([], ["rules"]):  # the groups
        assert "Órdenes" in out and "ORDEN [ARGUMENTOS]..." in out
    if "--lang" in english[1]:  # the command's own --lang says the same as the environment
        monkeypatch.delenv("SCORER_LANG")
        assert run([*path, "--help", "--lang", "es"], capsys) == (0, out, "")
    monkeypatch.delenv("SCORER_LANG", raising=False)
    assert run([*path, "--help"], capsys) == english  # nothing of Spanish left behind


def flat(text: str) -> str:
    """A help screen as one line of words, without its boxes."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A help screen wide enough that rich wraps no option's help."""
    monkeypatch.setenv("COLUMNS", "200")


@pytest.mark.usefixtures("wide")
def test_spanish_help_says_typers_own_words_in_spanish(
    capsys: pytest.CaptureFixture[str]
) -> None:
    out = flat(run(["camera", "--help", "--lang", "es"], capsys)[1])
    assert "--every <entero> [x>=1] Cada cuántos fotogramas se procesa uno. [por defecto: 5]" \
        in out
    assert ("--game <hanafuda|mahjong|gostop|koikoi> Qué cartas o fichas se esperan: la baraja, "
            "o un juego que se juega con ella. [obligatorio]") in out
    out = flat(run(["recognize", "--help", "--lang", "es"], capsys)[1])
    assert "Uso: scorer recognize [OPCIONES] {foto}" in out and "Argumentos" in out
    assert "foto <ruta> El fichero de la foto (PNG, JPEG...). [obligatorio]" in out
    out = flat(run(["rules", "diff", "--help", "--lang", "es"], capsys)[1])
    assert "Uso: scorer rules diff [OPCIONES] {juego} {a} {b}" in out


@pytest.mark.usefixtures("wide")
def test_english_help_keeps_typers_words(capsys: pytest.CaptureFixture[str]) -> None:
    out = flat(run(["recognize", "--help"], capsys)[1])
    assert "Usage: scorer recognize [OPTIONS] {image}" in out
    assert "image <path> Photo file (PNG, JPEG, ...). [required]" in out
    assert "--help -h Show this message and exit." in out
    out = flat(run(["--help"], capsys)[1])
    assert "Usage: scorer [OPTIONS] COMMAND [ARGS]..." in out
    assert "recognize Recognise cards or tiles in a photo." in out
    assert "--version Show the version." in out
    out = flat(run(["camera", "--help"], capsys)[1])
    assert "--every <int range> [x>=1] Process one frame in this many. [default: 5]" in out


@pytest.mark.usefixtures("wide")
def test_top_level_spanish_help_lists_every_command_in_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCORER_LANG", "es")
    out = flat(run(["--help"], capsys)[1])
    assert "Mahjong (clásico chino)" in out and "tarjetas Hakka" in out
    assert "recognize Reconoce las cartas o fichas de una foto." in out
    assert "--version Muestra la versión." in out
    assert "--install-completion Instala el autocompletado para la shell actual." in out
    # a bare `scorer` shows the same help
    assert flat(run([], capsys)[1]) == out


# -- every option has its Spanish beside its English -------------------------------------------
def _commands(command: Any, path: str = "scorer") -> list[tuple[str, Any]]:
    found = [(path, command)]
    for name, sub in getattr(command, "commands", {}).items():
        found += _commands(sub, f"{path} {name}")
    return found


def test_every_typer_command_and_option_has_spanish_help() -> None:
    import typer.main

    from scorer.cli.app import app
    from scorer.cli.typer_es import spanish_help

    missing = []
    for path, command in _commands(typer.main.get_command(app)):
        spanish = spanish_help(command)
        missing += [f"{path}: {p.name}" for p in command.params if p.name not in spanish]
        missing += [] if "" in spanish else [f"{path}: its description"]
    assert not missing, f"no Spanish help (help_es beside the English declaration): {missing}"


def test_an_option_without_spanish_is_found() -> None:
    """The check above finds an option or a command declared with English only."""
    import typer
    import typer.main

    from scorer.cli.bilingual import App, option, spanish_doc
    from scorer.cli.typer_es import spanish_help

    sample = App(name="sample")

    @sample.command("both")
    @spanish_doc("Las dos.")
    def both(x: int = option(0, "--x", help="X.", help_es="La x.")) -> None:
        """Both."""

    @sample.command("english")
    def english(y: int = typer.Option(0, "--y", help="Y.")) -> None:
        """English only."""

    built = typer.main.get_command(sample)
    assert spanish_help(built.commands["both"]) == {"x": "La x.", "": "Las dos."}
    assert spanish_help(built.commands["english"]) == {}


def test_a_commands_own_help_needs_its_spanish() -> None:
    from scorer.cli.choices import declared
    from scorer.options import JSON

    with pytest.raises(TypeError, match="--json"):
        declared(JSON, "Print the pile as JSON.")
    assert declared(JSON).help_es == JSON.help_es


# -- start-up ---------------------------------------------------------------------------------
def test_spanish_version_loads_no_help_machinery(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from scorer.cli.entry import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit as e:\n"
        "    assert not e.code\n"
        "loaded = [m for m in ('rich', 'typer.rich_utils', 'pydantic', 'argparse', 'cv2',\n"
        "                      'onnxruntime') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "SCORER_LANG": "es", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("scorer ")


# -- `scorer recognize --single`: its listing --------------------------------------------------
def test_a_single_image_too_small_is_answered_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    import cv2
    import numpy as np

    tiny = tmp_path / "tiny.png"
    cv2.imwrite(str(tiny), np.zeros((1, 5, 3), np.uint8))
    args = ["recognize", str(tiny), "--game", "mahjong", "--single"]
    assert run(args, capsys) == (0, "no tile\n", "scorer: warning: no tile found: the image is "
                                 "5x1 pixels, too small to show one\n")
    assert run([*args, "--lang", "es"], capsys) == (
        0, "ninguna ficha\n", "scorer: aviso: no se encontró ninguna ficha: la imagen mide 5x1 "
        "píxeles, demasiado pequeña para mostrar una\n")
    code, out, _ = run([*args, "--json", "--lang", "es"], capsys)  # JSON: English, as always
    assert code == 0 and '"no tile found: the image is 5x1 pixels, too small to show one"' in out


def test_a_single_card_read_is_listed_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cv2
    import numpy as np

    from scorer.vision import classify

    def unsure(self: Any, images: list[Any]) -> list[classify.Prediction]:  # no model read
        return [classify.Prediction("willow-junk", 0.41, True,
                                    [("willow-junk", 0.41), ("pine-junk", 0.3)])]

    monkeypatch.setattr(classify.Classifier, "__init__", lambda self, game: None)
    monkeypatch.setattr(classify.Classifier, "classify", unsure)
    card = tmp_path / "card.png"
    cv2.imwrite(str(card), np.zeros((64, 40, 3), np.uint8))
    args = ["recognize", str(card), "--game", "hanafuda", "--single"]
    assert run(args, capsys) == (0, "willow-junk  0.41  not a card or tile? (low confidence)\n"
                                 "  next: pine-junk 0.30\n", "")
    assert run([*args, "--lang", "es"], capsys) == (
        0, "willow-junk  0.41  ¿no es una carta ni una ficha? (confianza baja)\n"
        "  después: pine-junk 0.30\n", "")
