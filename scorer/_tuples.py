"""``typing.NamedTuple`` class syntax, built at import time without typing's checks.

Why: `scorer score` must start in at most 4x the time of a bare ``python -c pass``
(bench/startup.py), and the score path defines about 20 record classes. With
``from __future__ import annotations`` every field annotation is a string, and
``typing.NamedTuple`` turns each one into a ``ForwardRef`` (a ``compile()`` call) just to
check it: 0.3-0.6 ms a class, two thirds of which go to those checks. This builder reads the
same class body and hands the field names and defaults straight to
``collections.namedtuple``, so the class is the same kind of object (a tuple subclass with
``_fields``, ``_field_defaults``, ``_replace``, ``_asdict``, ``__match_args__``, pickling),
keeps its ``__annotations__`` (as strings) and its methods, docstring and class attributes.

Modules import it like this, so type checkers see the real ``typing.NamedTuple``::

    if TYPE_CHECKING:
        from typing import NamedTuple
    else:
        from scorer._tuples import NamedTuple

Not supported (none is used here; ``typing.NamedTuple`` is the fallback for them): generic
records (``NamedTuple, Generic[T]``), zero-argument ``super()`` in a record's methods.
"""

from __future__ import annotations

from collections import namedtuple

from scorer._typing import Any

# class-body entries that describe the class itself rather than a field or a method
_CLASS_KEYS = frozenset(
    {"__module__", "__qualname__", "__annotations__", "__doc__", "__orig_bases__"}
)
# what typing.NamedTuple refuses to let a class body overwrite
_PROHIBITED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
     "_make", "_replace", "_asdict", "_source"}
)


class _RecordMeta(type):
    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # the NamedTuple base below
            return super().__new__(mcls, name, bases, ns)
        if "__classcell__" in ns:
            raise TypeError(f"{name}: zero-argument super() is not supported in a record")
        annotations: dict[str, Any] = ns.get("__annotations__", {})
        fields = tuple(annotations)
        defaults: list[Any] = []
        for field in fields:
            if field in ns:
                defaults.append(ns[field])
            elif defaults:
                raise TypeError(
                    f"{name}: field {field!r} without a default follows fields with defaults"
                )
        make: Any = namedtuple  # a dynamic name and fields: nothing for mypy to check here
        cls = make(name, fields, defaults=defaults, module=ns["__module__"])
        cls.__qualname__ = ns.get("__qualname__", name)
        cls.__annotations__ = dict(annotations)
        if ns.get("__doc__") is not None:
            cls.__doc__ = ns["__doc__"]
        for key, value in ns.items():
            if key in _CLASS_KEYS or key in annotations:
                continue
            if key in _PROHIBITED:
                raise AttributeError(f"{name}: cannot overwrite NamedTuple attribute {key}")
            setattr(cls, key, value)
        return cls


class NamedTuple(metaclass=_RecordMeta):
    """Base of a record class: ``class Line(NamedTuple): rule: str; points: int = 0``."""
