"""Small pieces every game engine uses alike: registries of scoring patterns by rule id, and
the notes that say which rules a table overrode.

Pure, like the engines: no I/O, no printing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from scorer.explain import Note
from scorer.games.rules import Rules, format_value

F = TypeVar("F", bound=Callable[..., object])


def registrar(table: dict[str, F]) -> Callable[[str], Callable[[F], F]]:
    """A decorator maker that registers a function in ``table`` under a rule id, in the
    order the functions are defined (the order an engine shows what they find)."""

    def by_rule(rule: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            table[rule] = fn
            return fn

        return register

    return by_rule


def override_notes(rules: Rules) -> list[Note]:
    """One note per rule the table overrode (a record's ``[rules]``, a file, ``--set``)."""
    return [
        Note(
            f"rule {key} = {format_value(value)} (from {origin})",
            "note.override",
            (("key", key), ("value", format_value(value)), ("origin", origin)),
        )
        for key, value, origin in rules.overrides
    ]
