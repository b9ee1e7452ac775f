"""The terminal table renderer: column widths with wide (CJK/Hangul) and accented text."""

from __future__ import annotations

from scorer.render.text import Column, table, width


def test_width_counts_terminal_columns() -> None:
    assert width("samgwang") == 8
    assert width("Pájaro") == 6  # an accent is one column
    assert width("광") == 2 and width("五光") == 4  # Hangul and kanji are wide
    assert width("") == 0


def test_table_aligns_wide_text() -> None:
    text = table([Column("Rule"), Column("Pts", align="right")], [["光 five", "15"], ["pi", "1"]])
    body = [line for line in text.splitlines() if "pi" in line or "光" in line]
    assert len(body) == 2
    assert width(body[0]) == width(body[1])  # the wide rule name does not push its row out
