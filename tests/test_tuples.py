"""scorer._tuples.NamedTuple behaves like typing.NamedTuple for the records scorer defines."""

from __future__ import annotations

import pickle
import typing
from typing import Any

import pytest

from scorer import _tuples
from scorer.explain import Line, Multiplier


def _pair(base: Any) -> Any:
    class Point(base):
        """A point."""

        x: int
        y: int = 0
        label: str = ""
        ORIGIN_NAME = "origin"

        def norm1(self) -> int:
            return abs(self.x) + abs(self.y)

        @property
        def named(self) -> bool:
            return bool(self.label)

        @classmethod
        def origin(cls) -> Any:
            return cls(0, 0, cls.ORIGIN_NAME)

        def __str__(self) -> str:
            return f"({self.x}, {self.y})"

    return Point


FAST = _pair(_tuples.NamedTuple)
REF = _pair(typing.NamedTuple)


def test_same_shape_as_typing_namedtuple() -> None:
    for attr in ("_fields", "_field_defaults", "__match_args__", "__doc__", "__name__"):
        assert getattr(FAST, attr) == getattr(REF, attr), attr
    assert issubclass(FAST, tuple)
    assert FAST.__annotations__ == {"x": "int", "y": "int", "label": "str"}


def test_same_behaviour_as_typing_namedtuple() -> None:
    for cls in (FAST, REF):
        p = cls(3, -4)
        assert p == (3, -4, "")
        assert repr(p) == "Point(x=3, y=-4, label='')"
        assert str(p) == "(3, -4)"
        assert p.norm1() == 7
        assert not p.named
        assert p._replace(label="a").named
        assert p._asdict() == {"x": 3, "y": -4, "label": ""}
        assert cls._make([1, 2, "b"]) == cls(1, 2, "b")
        assert cls.origin() == (0, 0, "origin")
        assert hash(p) == hash((3, -4, ""))
        with pytest.raises(TypeError):
            cls()  # x has no default
        with pytest.raises(AttributeError):
            p.x = 1  # type: ignore[misc]


def test_records_of_the_package_pickle_and_compare() -> None:
    line = Line("brights.three", ("1b", "3b", "8b"), 3)
    assert pickle.loads(pickle.dumps(line)) == line
    assert type(pickle.loads(pickle.dumps(line))) is Line
    assert Line.__module__ == "scorer.explain"
    assert Multiplier._fields[:2] == ("rule", "factor")


def test_mistakes_typing_refuses_are_refused() -> None:
    with pytest.raises(TypeError, match="without a default follows"):

        class Bad(_tuples.NamedTuple):
            a: int = 0
            b: int

    with pytest.raises(AttributeError, match="_replace"):

        class Worse(_tuples.NamedTuple):
            a: int

            def _replace(self) -> None:  # type: ignore[override]
                pass
