"""Training apart from running: nothing outside ``scorer/training`` imports it, at load or
lazily inside a function, so reading a photo never needs the train extra; and the package's
own trainers do not import each other (what both use lives in ``common``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SCORER = Path(__file__).resolve().parent.parent / "scorer"


def _imported(path: Path) -> Iterator[str]:
    """Every module an import statement anywhere in ``path`` names (``from a import b``: a.b)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield from (f"{'.' * node.level}{node.module}.{a.name}" for a in node.names)


def test_the_runtime_imports_nothing_of_the_training_package() -> None:
    found = sorted(
        f"{path.relative_to(SCORER).as_posix()}: {name}"
        for path in SCORER.rglob("*.py") if path.relative_to(SCORER).parts[0] != "training"
        for name in _imported(path) if name.startswith("scorer.training") or ".training" in name
    )
    assert found == []


def test_the_trainers_do_not_import_each_other() -> None:
    training = SCORER / "training"
    assert not any(n.startswith("scorer.training.detector")
                   for n in _imported(training / "classifier.py"))
    assert not any(n.startswith("scorer.training.classifier")
                   for n in _imported(training / "detector.py"))
