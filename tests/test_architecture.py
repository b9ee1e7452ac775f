"""The code's shape (issue #47): no import cycle, no function over 120 lines, no generic
module that names a game (runtime apart from training: test_training_apart.py).

Read from the source with ``ast``: nothing is imported, so a heavy or optional module
(torch, cv2) is checked as any other.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scorer.decks import DECKS
from scorer.games.base import game_aliases, game_names

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorer"
MAX_FUNCTION_LINES = 120
# Every game and deck by its registered name, and every other name a game answers to
# (Game.aliases: "koi-koi", "hwatu"), read from the registries so a new game is covered too.
GAMES = (*game_names(), *DECKS)
NAMES = frozenset((*GAMES, *game_aliases()))
# The modules that are a game's or a deck's own: they may name themselves and each other's
# decks; and the catalogs, whose sections per game (GAMES[<game>], RULES[<game>]) are each
# game's words. Everything else is generic code and asks the deck or the game.
OWN = re.compile(r"^scorer\.(games|decks)\.(" + "|".join(GAMES) + r")(_\w+)?$"
                 r"|^scorer\.games\.presets\b|^scorer\.catalog\b|^scorer\.training\b")


def _modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    return modules


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The scorer modules `name` imports, at module level or inside a function.

    ``from scorer.web import pages`` imports the module ``scorer.web.pages``; only a name
    that is no module counts as an import of the package itself.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return {module for module in found if module in MODULES and module != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    assert _cycles(GRAPH) == []


# The rooms in the order they may import (docs/design.md, "The shape"): each imports only
# from rooms before it; vision reads photos beside the engines and serves web and cli; the
# cli comes last as `scorer serve` starts the web app.
ROOMS = {"decks": 0, "games": 1, "vision": 2, "render": 2, "ledger": 3, "web": 4, "cli": 5}


def _room(module: str) -> str:
    return module.split(".")[1] if module.count(".") else ""


def _backward(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a room from a later one (or from one beside it), as ``a -> b``."""
    return sorted(f"{a} -> {b}" for a, after in graph.items() for b in after
                  if _room(a) in ROOMS and _room(b) in ROOMS and _room(a) != _room(b)
                  and ROOMS[_room(b)] >= ROOMS[_room(a)])


def test_the_room_check_finds_a_backward_import() -> None:
    graph = {"scorer.decks.x": {"scorer.games.y"}, "scorer.games.y": {"scorer.decks.x"},
             "scorer.render.z": {"scorer.vision.w"}, "scorer.web.a": {"scorer.cli.b"}}
    assert _backward(graph) == ["scorer.decks.x -> scorer.games.y",
                                "scorer.render.z -> scorer.vision.w",
                                "scorer.web.a -> scorer.cli.b"]


def test_rooms_import_one_way() -> None:
    assert _backward(GRAPH) == []


def _functions(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.name, (node.end_lineno or node.lineno) - node.lineno + 1)
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_the_function_measure_counts_every_line(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    sample.write_text(f"def long():\n{body}\n\nclass A:\n    async def short(self):\n"
                      "        pass\n", encoding="utf-8")
    assert sorted(_functions(sample)) == [("long", MAX_FUNCTION_LINES + 1), ("short", 2)]


def test_no_function_over_the_limit() -> None:
    long = [f"{path.relative_to(ROOT)}:{name} ({lines} lines)"
            for path in MODULES.values() for name, lines in _functions(path)
            if lines > MAX_FUNCTION_LINES]
    assert long == []


def _is_name(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value in NAMES


def _names_a_game(path: Path) -> list[str]:
    """Each place a value is told apart by a game's or deck's name, as ``line: source``: a
    comparison (``x == "mahjong"``, ``x in ("hanafuda", ...)``, ``case "hakka":``), a table
    keyed by one (``{"hakka": ...}``, ``table["hakka"]``, ``table.get("hakka")``)."""
    text = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            hit = any(_is_name(s) for side in sides for s in ast.walk(side))
        elif isinstance(node, ast.Dict):
            hit = any(_is_name(key) for key in node.keys)
        elif isinstance(node, ast.Subscript):
            hit = _is_name(node.slice)
        elif isinstance(node, ast.Call):
            hit = (isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                   and bool(node.args) and _is_name(node.args[0]))
        elif isinstance(node, ast.MatchValue):
            hit = _is_name(node.value)
        else:
            continue
        if hit:
            found.append(f"{node.lineno}: {ast.get_source_segment(text, node)}")
    return found


def test_the_game_name_finder_finds_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('if deck.name == "mahjong" or game in ("gostop", "x"):\n    pass\n'
                      'if kind == "card":\n    pass\n'
                      'WORDS = {"hakka": {"CARDS": "TARJETAS"}, "card": "x"}\n'
                      'a, b = WORDS["koi-koi"], WORDS.get("hanafuda", {})\n'
                      'c, d = WORDS["card"], WORDS.get(game.name)\n'
                      'match game.name:\n    case "go-stop":\n        pass\n',
                      encoding="utf-8")
    assert sorted(int(line.split(":")[0]) for line in _names_a_game(sample)) == [
        1, 1, 5, 6, 6, 9]


@pytest.mark.parametrize("name", [n for n in MODULES if not OWN.match(n)])
def test_generic_code_names_no_game(name: str) -> None:
    assert _names_a_game(MODULES[name]) == []
