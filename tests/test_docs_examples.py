"""Every ```sh example in README.md and docs/ runs, and prints what the page shows.

The convention (docs/design.md, "Examples in the docs"):

- A ```sh block holds `scorer` commands only, one a line (a trailing `\\` continues it,
  `  # comment` after two spaces is dropped). Each must exit 0.
- A line `$ scorer ...` is a command whose output follows it, up to the next `$` line or
  the block's end. `...` stands for lines left out; the lines between are consecutive lines
  of the output (stdout, then stderr), and without a `...` at the start or end the shown
  output starts or ends where the command's does. Shown output that starts with
  `scorer: error:` means the command must exit 2.
- Anything else (installs, `scorer serve`, a camera, a photo the repo does not ship, shell
  pipes) goes in a ```console block, which is not run; output alone goes in ```text.

Commands run in-process (`scorer.cli.entry.main`), a page's blocks in order, in a fresh
folder holding `samples/` and a fresh ledger, so a page's ledger commands build on each
other and nothing is written to the checkout.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from scorer.cli.entry import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)
ELLIPSIS = "..."


@dataclass
class Example:
    page: str
    line: int  # the command's line in the page, for the failure message
    argv: list[str]
    shown: list[str] | None  # None: no output shown, only the exit code is checked


def _commands(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    examples: list[Example] = []
    for fence in FENCE.finditer(text):
        if fence.group(1) != "sh":
            continue
        first = text.count("\n", 0, fence.start(2)) + 1
        lines = fence.group(2).splitlines()
        prompted = any(line.startswith("$ ") for line in lines)
        i = 0
        while i < len(lines):
            number, line = first + i, lines[i]
            i += 1
            if prompted and not line.startswith("$ "):
                raise AssertionError(f"{page.name}:{number}: output before any `$` command")
            command = line[2:] if prompted else line
            while command.endswith("\\") and i < len(lines):
                command = command[:-1] + " " + lines[i].strip()
                i += 1
            command = command.split("  #", 1)[0].strip()
            if not command or command.startswith("#"):
                continue
            argv = shlex.split(command)
            assert argv[0] == "scorer", (
                f"{page.name}:{number}: a ```sh block runs only `scorer` commands; use "
                f"```console for {argv[0]!r}")
            shown = None
            if prompted:
                shown = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    shown.append(lines[i].rstrip())
                    i += 1
            examples.append(Example(page.name, number, argv[1:], shown))
    return examples


def _matches(shown: list[str], actual: list[str]) -> bool:
    """Whether `actual` reads as `shown`, `...` standing for any lines (none included)."""
    chunks: list[list[str]] = [[]]
    for line in shown:
        if line == ELLIPSIS:
            chunks.append([])
        else:
            chunks[-1].append(line)
    # chunk by chunk: the first is anchored at the start, the last at the end
    pos = 0
    for k, chunk in enumerate(chunks):
        last = k == len(chunks) - 1
        if k == 0:
            if actual[: len(chunk)] != chunk:
                return False
            pos = len(chunk)
            if last:
                return pos == len(actual)
            continue
        if last:
            return len(actual) - len(chunk) >= pos and (
                not chunk or actual[len(actual) - len(chunk):] == chunk)
        for start in range(pos, len(actual) - len(chunk) + 1):
            if actual[start : start + len(chunk)] == chunk:
                pos = start + len(chunk)
                break
        else:
            return False
    return True


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_page_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    examples = _commands(page)
    if not examples:
        return  # nothing to run here (its blocks are ```console, ```text, ```toml, ...)
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCORER_DB", str(tmp_path / "ledger.sqlite3"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for example in examples:
        try:
            main(list(example.argv))
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
        out, err = capsys.readouterr()
        where = f"{example.page}:{example.line}: scorer {shlex.join(example.argv)}"
        wanted = 2 if example.shown and example.shown[0].startswith("scorer: error:") else 0
        assert code == wanted, f"{where} exited {code}, not {wanted}\n{err}"
        if example.shown is not None:
            actual = [line.rstrip() for line in (out + err).splitlines()]
            assert _matches(example.shown, actual), (
                f"{where} printed\n" + "\n".join(actual) + "\n\nbut the page shows\n"
                + "\n".join(example.shown))


def test_the_readme_holds_the_ci_test_command() -> None:
    # .ci/run runs the README's install-and-test line as written: they must not drift apart
    command = 'python -m pip install ".[test]" && python -m pytest'
    assert command in (ROOT / "README.md").read_text(encoding="utf-8")
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_matcher() -> None:
    assert _matches(["a", "b"], ["a", "b"])
    assert not _matches(["a"], ["a", "b"])
    assert _matches(["a", ELLIPSIS], ["a", "b"])
    assert _matches([ELLIPSIS, "c"], ["a", "b", "c"])
    assert _matches(["a", ELLIPSIS, "c", ELLIPSIS, "e"], ["a", "b", "c", "d", "e"])
    assert not _matches(["a", ELLIPSIS, "d", ELLIPSIS, "c"], ["a", "b", "c", "d", "e"])
    assert _matches([], [])
