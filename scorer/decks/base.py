"""What every deck shares: token normalisation, look-up with suggestions, and the errors.

A deck module builds a :class:`Lexicon` (normalised alias -> card or card group) and
uses :func:`tokenize` + :class:`Lexicon` to parse what a player typed. Every problem
in one input is collected and raised together as one :class:`NotationError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:  # a type for the checker only: building a Protocol costs start-up
    from typing import Protocol

    class Piece(Protocol):
        """A card or a tile: hashable, and named by its id."""

        def __hash__(self) -> int: ...

        @property
        def id(self) -> str: ...


C = TypeVar("C", bound=Hashable)
P = TypeVar("P", bound="Piece")
V = TypeVar("V")

# Separators a player may use between cards: spaces, commas, semicolons, '+'.
_TOKEN_RE = re.compile(r"[^\s,;+]+")
# Inside one token, these only join words ("pine-bright" == "pine_bright" == "pine bright").
_JOINERS_RE = re.compile(r"[\s\-_.:'/]+")


def normalize(text: str) -> str:
    """Lower-case, strip accents and joiners, so 'Pájaro-Luz' and 'pajaroluz' look alike."""
    text = text.strip().lower()
    if text.isascii():  # the common case: skip Unicode decomposition
        return _JOINERS_RE.sub("", text)
    import unicodedata  # a C extension: ~1 ms of start-up that typed codes never need

    decomposed = unicodedata.normalize("NFKD", text)
    no_accents = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _JOINERS_RE.sub("", no_accents)


# Records here are NamedTuples, not dataclasses: `import dataclasses` (it pulls in inspect)
# and generating each class cost more than Python's own start-up in `scorer score`.


class Token(NamedTuple):
    """One word the player typed, with where it was (1-based position, 0-based column)."""

    text: str
    position: int
    column: int


def tokenize(text: str) -> list[Token]:
    return [
        Token(m.group(0), i, m.start()) for i, m in enumerate(_TOKEN_RE.finditer(text), start=1)
    ]


class Problem(NamedTuple):
    """One thing wrong with an input; ``code`` is stable for JSON consumers.

    Its English (``message``) is ``form`` said with ``args``, ``{token}`` standing for the
    word typed: the word is data, so a problem is told with another spelling of it (a month
    code as the player typed it before renumbering, :mod:`scorer.games.record`) by replacing
    ``token``, and the sentence is said again, never edited.
    """

    code: str  # "unknown" | "duplicate" | "too-many" | "bad-meld" | ...
    form: str  # the English, "{token}" for repr(token) and "{name}" for each of ``args``
    token: str | None = None
    position: int | None = None
    column: int | None = None
    suggestions: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    piece: str = ""  # what the token is not ("card", "tile": Deck.piece), for other languages
    args: tuple[tuple[str, Any], ...] = ()  # the values ``form`` names besides the token

    @property
    def message(self) -> str:
        """What is wrong, in English."""
        return self.form.format(token=repr(self.token), **dict(self.args))

    def to_json(self) -> dict[str, object]:
        """Its code, English, word typed and where, tuples as lists."""
        return {"code": self.code, "message": self.message, "token": self.token,
                "position": self.position, "column": self.column,
                "suggestions": list(self.suggestions), "cards": list(self.cards),
                "piece": self.piece}


class NotationError(ValueError):
    """Everything wrong with one input, reported together."""

    def __init__(self, problems: Sequence[Problem], source: str | None = None) -> None:
        self.problems = tuple(problems)
        self.source = source
        super().__init__("; ".join(p.message for p in self.problems))


class UnknownCardError(NotationError):
    """A single token that names no card: ``'pine-brite' at position 3; did you mean ...``."""


class DuplicateCardError(NotationError):
    """A card listed twice, or more copies than the deck holds."""


def unknown_problem(token: Token, what: str, suggestions: Sequence[str]) -> Problem:
    hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
    return Problem(
        code="unknown",
        form="unknown {what} {token} at position {position}{hint}",
        token=token.text,
        position=token.position,
        column=token.column,
        suggestions=tuple(suggestions),
        piece=what,
        args=(("what", what), ("position", token.position), ("hint", hint)),
    )


def named(value: V | None, text: str, what: str, lexicon: Callable[[], Lexicon[Any]]) -> V:
    """``value``, what one typed word ``text`` names; where it names nothing, an
    :class:`UnknownCardError` quoting it, with the closest spellings of ``lexicon()`` (built
    only then: a deck's full lexicon is costly)."""
    if value is None:
        raise_if_problems([unknown_problem(Token(text, 1, 0), what, lexicon().suggest(text))])
    assert value is not None
    return value


def raise_if_problems(problems: list[Problem], source: str | None = None) -> None:
    if not problems:
        return
    kinds = {p.code for p in problems}
    if kinds == {"unknown"}:
        raise UnknownCardError(problems, source)
    if kinds <= {"duplicate", "too-many"}:
        raise DuplicateCardError(problems, source)
    raise NotationError(problems, source)


class Lexicon(Generic[C]):
    """Normalised spelling -> value, remembering one display spelling for suggestions.

    ``entries``: (spelling, value) pairs to start with, each added as by :meth:`add` (a
    deck's own ids and codes, before its aliases).
    """

    def __init__(self, entries: Iterable[tuple[str, C]] = ()) -> None:
        self.entries: dict[str, C] = {}
        self.display: dict[str, str] = {}
        self.canonical: dict[C, str] = {}  # the spelling suggestions show
        for spelling, value in entries:
            self.add(spelling, value)

    def add(self, spelling: str, value: C, *, show: bool = True) -> None:
        key = normalize(spelling)
        if not key:
            return
        existing = self.entries.get(key)
        if existing is not None and existing != value:
            raise AssertionError(f"alias {spelling!r} names both {existing!r} and {value!r}")
        self.entries[key] = value
        if show and key not in self.display:
            self.display[key] = spelling
        if show and value not in self.canonical:
            self.canonical[value] = spelling

    def get(self, spelling: str) -> C | None:
        return self.entries.get(normalize(spelling))

    def suggest(self, spelling: str, n: int = 3) -> list[str]:
        import difflib  # only on the error path: keeps start-up fast

        # Match against every alias, in every language, but always suggest the canonical
        # spelling of the card it names: 'pino-lux' suggests 'pine-bright'.
        key = normalize(spelling)
        close = difflib.get_close_matches(key, list(self.entries), n=4 * n, cutoff=0.6)
        out: list[str] = []
        for k in close:
            value = self.entries[k]
            name = self.canonical.get(value, self.display.get(k, k))
            if name not in out:
                out.append(name)
        return out[:n]

    def __iter__(self) -> Iterator[tuple[str, C]]:
        return iter(self.entries.items())


def count_copies(items: Iterable[C]) -> dict[C, int]:
    counts: dict[C, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def too_many(
    pieces: Iterable[P], most: Callable[[P], int], code: str, form: str
) -> list[Problem]:
    """A problem ``code`` for each piece listed more times than the deck holds it
    (``most(piece)``), in the order first listed, said by ``form`` with the piece
    (``{piece}``), the times listed (``{n}``) and the most the deck holds (``{most}``)."""
    return [
        Problem(code=code, form=form, token=piece.id, cards=(piece.id,),
                args=(("piece", piece), ("n", n), ("most", most(piece))))
        for piece, n in count_copies(pieces).items()
        if n > most(piece)
    ]
