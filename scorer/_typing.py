"""`typing`'s names for the typed-scoring path, without importing `typing` at run time.

`import typing` (with `contextlib` behind it) costs a typed quick form about a tenth of its
start-up budget (bench/startup.py), and this code needs typing's names only for type
checkers: annotations are strings (``from __future__ import annotations``). Modules on that
path write ``from scorer._typing import TYPE_CHECKING, Any`` ...; type checkers see the real
`typing` (the ``TYPE_CHECKING`` branch), the interpreter these stand-ins.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Generic, Literal, NoReturn, TextIO, TypeVar
else:

    class _Subscriptable:
        """``Generic[C]``, ``Literal["jp", "kr"]`` at run time: the class itself."""

        def __class_getitem__(cls, item: object) -> type:
            return cls

    class Generic(_Subscriptable):
        pass

    class Literal(_Subscriptable):
        pass

    def TypeVar(name: str, *constraints: object, **options: object) -> str:  # noqa: N802
        return name

    Any = ClassVar = NoReturn = TextIO = object

__all__ = [
    "TYPE_CHECKING", "Any", "ClassVar", "Generic", "Literal", "NoReturn", "TextIO", "TypeVar",
]
