"""Small pieces every game engine uses alike: registries of scoring patterns by rule id, the
rule values an engine reads kept once per rule set, and the notes that say which rules a
table overrode.

Pure, like the engines: no I/O, no printing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from scorer.explain import Note
from scorer.games.rules import Rules, format_value

F = TypeVar("F", bound=Callable[..., object])
T = TypeVar("T")


def registrar(table: dict[str, F]) -> Callable[[str], Callable[[F], F]]:
    """A decorator maker that registers a function in ``table`` under a rule id, in the
    order the functions are defined (the order an engine shows what they find)."""

    def by_rule(rule: str) -> Callable[[F], F]:
        def register(fn: F) -> F:
            table[rule] = fn
            return fn

        return register

    return by_rule


def per_rules(build: Callable[[Rules], T]) -> Callable[[Rules], T]:
    """``build(rules)`` worked out once per rule set: an engine's values, looked up once.

    Kept by the rule set's identity (a Rules is never changed in place); many one-off
    override sets clear the cache past 64, to keep it small.
    """
    cache: dict[int, tuple[Rules, T]] = {}

    def cached(rules: Rules) -> T:
        hit = cache.get(id(rules))
        if hit is not None and hit[0] is rules:
            return hit[1]
        value = build(rules)
        if len(cache) > 64:
            cache.clear()
        cache[id(rules)] = (rules, value)
        return value

    cached.__doc__ = build.__doc__
    return cached


def override_notes(rules: Rules) -> list[Note]:
    """One note per rule the table overrode (a record's ``[rules]``, a file, ``--set``)."""
    return [
        Note("note.override", (("key", key), ("value", format_value(value)), ("origin", origin)))
        for key, value, origin in rules.overrides
    ]


# A payment's reasons (``Payment.reasons``): message ids of every game's section of the
# catalogs, said in English in JSON.
def by_rule(rule: str) -> Note:
    """The reason ``rule`` (a rule id, as it is)."""
    return Note("reason.rule", (("rule", rule),))


def times(rule: str, factor: int) -> Note:
    """``rule x2``: a factor on the payment."""
    return Note("reason.times", (("rule", rule), ("factor", factor)))


def plus(rule: str, points: int) -> Note:
    """``rule +3``: points added to the payment."""
    return Note("reason.plus", (("rule", rule), ("points", points)))
