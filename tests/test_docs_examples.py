"""Every ```sh example in README.md and docs/ runs, and prints what the page shows.

The convention is in docs/design.md, "Examples in the docs": ```sh blocks hold `scorer`
commands; `$ scorer ...` lines are followed by their output (`...` for lines left out);
```sh photos blocks read photos drawn from ../shared/data and skip where it is absent;
```console blocks are not run. Commands run in-process, a page's blocks in order, in a
fresh folder holding `samples/` and an empty ledger.
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
FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```", re.S | re.M)
DATA = ROOT.parent / "shared" / "data"
HAVE_ART = all((DATA / deck / "labels.csv").is_file() for deck in ("hanafuda", "mahjong"))
ELLIPSIS = "..."


@dataclass
class Example:
    page: str
    line: int  # the command's line in the page, for the failure message
    argv: list[str]
    shown: list[str] | None  # None: no output shown, only the exit code is checked
    photos: bool  # reads the generated photos (a ```sh photos block)


def _commands(page: Path, *, photos: bool = False) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    examples: list[Example] = []
    for fence in FENCE.finditer(text):
        if fence.group(1) != "sh" or (fence.group(2).split() == ["photos"]) != photos:
            continue
        first = text.count("\n", 0, fence.start(3)) + 1
        lines = fence.group(3).splitlines()
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
            examples.append(Example(page.name, number, argv[1:], shown, photos))
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


def _run(examples: list[Example], folder: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "samples").symlink_to(ROOT / "samples")
    monkeypatch.chdir(folder)
    monkeypatch.setenv("SCORER_DB", str(folder / "ledger.sqlite3"))
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "data"))
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


def _draw_photos(folder: Path) -> None:
    """The photos the ```sh photos blocks read, drawn from the art (fixed seeds)."""
    import cv2
    import numpy as np

    from scorer.training import piles, scenes

    cards = [c for c in scenes.load_hanafuda_art(DATA, ["itsent_hwatu"], max_side=600)
             if c.label != "back"]
    pile = scenes.spread_scene(np.random.default_rng(5), cards, 12, size=(3000, 4000),
                               kind="wood")
    cv2.imwrite(str(folder / "pile.jpg"), pile.image)
    captured = piles.pile_scene(np.random.default_rng(36), cards, 10, size=(1500, 2000),
                                layout="cascade", max_tilt=10.0)
    cv2.imwrite(str(folder / "captures.jpg"), captured.image)
    tiles = scenes.load_mahjong_art(DATA, ["fluffystuff_regular"], max_side=200)
    hand = scenes.tile_rows_scene(np.random.default_rng(36), tiles, groups=[[8], [3, 3]],
                                  size=(900, 1200), kind="felt")
    cv2.imwrite(str(folder / "hand.jpg"), hand.image)


COMMAND_PAGES = [page for page in PAGES if _commands(page)]
# Pages that show no command to run: the design notes, the output conventions and the web
# page's guide (its blocks are ```console: starting a server). Named here so that no page
# passes by running nothing.
PAGES_WITHOUT_COMMANDS = {"design.md", "output.md", "web.md"}


def test_every_page_runs_its_examples_or_is_named() -> None:
    without = {page.name for page in PAGES
               if not _commands(page) and not _commands(page, photos=True)}
    assert without == PAGES_WITHOUT_COMMANDS


@pytest.mark.parametrize("page", COMMAND_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_page_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    examples = _commands(page)
    assert examples
    _run(examples, tmp_path, monkeypatch, capsys)


PHOTO_PAGES = [page for page in PAGES if _commands(page, photos=True)]


@pytest.mark.parametrize("page", PHOTO_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
@pytest.mark.skipif(not HAVE_ART, reason=f"the photo examples are drawn from the card and "
                    f"tile art at {DATA}, which is absent")
def test_the_page_photo_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _draw_photos(tmp_path)
    _run(_commands(page, photos=True), tmp_path, monkeypatch, capsys)


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


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (lower case, punctuation dropped)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    heads = re.findall(r"^#+ (.+)$", text, flags=re.M)
    return {re.sub(r"[^\w\- ]", "", head.strip().lower()).replace(" ", "-") for head in heads}


def test_the_links_between_pages_lead_somewhere() -> None:
    pages = [*PAGES, ROOT / "models" / "README.md", ROOT / "bench" / "README.md"]
    broken = []
    for page in pages:
        text = FENCE.sub("", page.read_text(encoding="utf-8"))
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_every_compare_example_shows_a_difference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 43: the README's `--compare estandar` printed "0 items differ", which shows
    # nothing of what --compare is for; every page's compare example must change something
    examples = [e for page in PAGES for e in _commands(page) if "--compare" in e.argv]
    assert examples, "the docs show --compare somewhere"
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    monkeypatch.chdir(tmp_path)
    for example in examples:
        main(list(example.argv))
        out = capsys.readouterr().out
        where = f"{example.page}:{example.line}: scorer {shlex.join(example.argv)}"
        assert re.search(r" — [1-9]\d* items? differs?$", out.splitlines()[0]), (where, out)
        assert "Both rule sets give the same result." not in out, where
