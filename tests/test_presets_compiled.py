"""The compiled presets (scorer/games/_compiled/) are exactly what the TOML files parse to.

A typed quick form reads presets from these modules instead of importing tomllib; if a TOML
file changes without recompiling, scorer would score with the old values. This test fails
then: run `python -m scorer.games.rules --compile`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.games import rules

COMPILED = Path(rules.__file__).parent / "_compiled"
SOURCES = rules.compiled_sources()


@pytest.mark.parametrize("rel", sorted(SOURCES))
def test_compiled_module_is_current(rel: str) -> None:
    path = COMPILED / rel
    assert path.is_file(), f"{rel} missing: run `python -m scorer.games.rules --compile`"
    assert path.read_text(encoding="utf-8") == SOURCES[rel], (
        f"{rel} is stale: run `python -m scorer.games.rules --compile`"
    )


def test_no_compiled_module_without_its_toml_file() -> None:
    on_disk = {str(p.relative_to(COMPILED)) for p in COMPILED.rglob("*.py")}
    assert on_disk == set(SOURCES)


def test_a_preset_reads_the_same_from_toml_and_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = rules.load_preset("gostop", "cardavia", check=True)
    rules._PRESETS.clear()
    monkeypatch.setattr(rules, "_parsed_shipped", lambda game, name: rules.parse_toml(
        rules._read_shipped(game, name) or "", name))
    from_toml = rules.load_preset("gostop", "cardavia", check=True)
    rules._PRESETS.clear()
    assert dict(compiled.values) == dict(from_toml.values)
    assert compiled.source == from_toml.source and dict(compiled.notes) == dict(from_toml.notes)


@pytest.mark.parametrize("game", ["gostop", "koikoi", "mahjong", "hakka"])
def test_the_quick_form_imports_neither_tomllib_nor_typing(game: str) -> None:
    """Both cost a tenth of the start-up budget (bench/startup.py); see scorer/_typing.py."""
    import shlex
    import subprocess
    import sys

    from scorer.games.base import get_game

    help_text = get_game(game).quick_help
    line = next(x for x in help_text.splitlines() if x.lstrip().startswith("Example"))
    argv = shlex.split(line[line.index("scorer ") :])[1:]  # the documented example
    code = (
        "import sys; from scorer.cli.entry import main\n"
        f"main({argv!r})\n"
        "heavy = [m for m in ('tomllib', 'typing', 'argparse', 'contextlib', 'importlib')\n"
        "         if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=root, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
