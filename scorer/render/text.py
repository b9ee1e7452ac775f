"""A small fixed-width table renderer.

Scoring output is rendered here rather than with rich so that ``scorer score`` and
``scorer cards`` start in a few tens of milliseconds (importing rich alone costs more than
Python's own start-up on a 2-core machine). Colour is ANSI, only when the caller asks for
it (a TTY without NO_COLOR); the plain text is identical otherwise, so snapshots are stable.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

_ANSI = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}


def paint(text: str, style: str, color: bool) -> str:
    if not color or not style or not text:
        return text
    codes = ";".join(_ANSI[s] for s in style.split())
    return f"\x1b[{codes}m{text}\x1b[0m"


def width(text: str) -> int:
    """Terminal columns: East Asian wide characters take two."""
    if text.isascii():
        return len(text)
    import unicodedata  # a C extension: start-up time that ASCII-only tables never need

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, limit: int) -> list[str]:
    if limit <= 0 or width(text) <= limit:
        return [text]
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if width(candidate) > limit and current:
            lines.append(current)
            current = word
        else:
            current = candidate
    lines.append(current)
    return lines


class Column(NamedTuple):
    header: str
    align: str = "left"  # "left" | "right"
    max_width: int = 0  # 0: no wrapping
    style: str = ""


def table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    *,
    color: bool = False,
    title: str = "",
    indent: int = 0,
) -> str:
    """Columns separated by two spaces, a rule under the header, long cells wrapped.

    Written for long tables (a ledger session of hundreds of hands): each cell is measured
    once, and a row of one line each, the usual case, is joined without a per-line loop.
    """
    n = len(columns)
    cells: list[list[list[str]]] = []
    cell_widths: list[list[list[int]]] = []
    widths = [width(col.header) for col in columns]
    limits = [col.max_width for col in columns]
    heights: list[int] = []
    for row in rows:
        if len(row) != n:
            raise ValueError(f"a row of {len(row)} cells in a table of {n} columns")
        lines_row: list[list[str]] = []
        w_row: list[list[int]] = []
        height = 1
        for i in range(n):
            text = str(row[i])
            lines = wrap(text, limits[i]) if limits[i] > 0 else [text]
            ws = [width(x) for x in lines]
            top = max(ws)
            if top > widths[i]:
                widths[i] = top
            if len(lines) > height:
                height = len(lines)
            lines_row.append(lines)
            w_row.append(ws)
        cells.append(lines_row)
        cell_widths.append(w_row)
        heights.append(height)
    pad = " " * indent
    right = [col.align == "right" for col in columns]

    def fmt(values: Sequence[str], sizes: Sequence[int], styles: Sequence[str]) -> str:
        parts = []
        for i in range(n):
            v = values[i]
            gap = " " * (widths[i] - sizes[i])
            text = gap + v if right[i] else v + gap
            parts.append(paint(text, styles[i], color) if v else text)
        return (pad + "  ".join(parts)).rstrip()

    out: list[str] = []
    if title:
        out.append(pad + paint(title, "bold", color))
    out.append(fmt([c.header for c in columns], [width(c.header) for c in columns],
                   ["bold"] * n))
    out.append(pad + "  ".join("─" * w for w in widths))
    styles = [c.style for c in columns]
    for lines_row, w_row, height in zip(cells, cell_widths, heights, strict=True):
        if height == 1:
            out.append(fmt([lines[0] for lines in lines_row], [ws[0] for ws in w_row], styles))
            continue
        for k in range(height):
            values = [lines[k] if k < len(lines) else "" for lines in lines_row]
            sizes = [ws[k] if k < len(ws) else 0 for ws in w_row]
            out.append(fmt(values, sizes, styles))
    return "\n".join(out)
