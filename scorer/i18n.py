"""Saying things in the user's language: scorer's catalogs (:mod:`scorer.catalog`), each
game's own, rule names with their native terms beside them.

Which language is asked for is :mod:`scorer.lang`'s to say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def messages(lang: str) -> Mapping[str, str]:
    """The catalog of ``lang`` (English for any language without one)."""
    return _module(lang).MESSAGES  # type: ignore[no-any-return]


def problem_message(problem: Any, lang: str) -> str:
    """A notation problem (:class:`scorer.decks.base.Problem`) in the user's language, from its
    code and fields; English is the deck's own message."""
    if lang == "en" or not has_message(f"notation.{problem.code}"):
        return str(problem.message)
    where = t("notation.where", lang, position=problem.position) if problem.position else ""
    cards = ", ".join(problem.cards)
    values = {"token": repr(problem.token), "where": where, "cards": cards,
              "message": problem.message}
    if problem.code == "unknown":
        values["what"] = t(problem.piece or "card", lang).lower()  # the deck's piece
        values["hint"] = t("notation.hint", lang, suggestions=", ".join(
            repr(x) for x in problem.suggestions)) if problem.suggestions else ""
        if not problem.piece:  # a token the deck read and refused (no tile 0m)
            return t("notation.not-valid", lang, **values)
    if problem.code == "duplicate":
        values["token"] = (f"{problem.token!r} ({cards})" if problem.token != cards
                           else repr(cards))
    return t(f"notation.{problem.code}", lang, **values)


def _module(lang: str) -> Any:
    """The catalog module of ``lang`` (English for any language without one)."""
    if lang == "es":
        from scorer.catalog import es

        return es
    from scorer.catalog import en

    return en


def _catalog(game: str | None, lang: str) -> Mapping[str, str]:
    """A game's section of the catalog of ``lang`` (by the game's registered name)."""
    return _module(lang).GAMES.get(game, {}) if game else {}


def say(key: str, args: Any, text: str, lang: str, game: str | None = None,
        spelling: Spelling | None = None) -> str:
    """An engine's sentence in ``lang`` from the game's catalog; else its English ``text``.

    ``game`` empty: scorer's own catalog (problems every record can have).

    String arguments that name a word (``"junk"``) are said from the catalog's ``word.<value>``
    entries (``{<name>_typed}``: the value as it is); a tuple of names is listed with the
    catalog's ``word.and`` ("Ana and Bo"), or with the separator its format gives
    (``{keys:, }``); scorer's own catalog writes whole numbers as the language does
    (:func:`number`). A record key (:class:`Key`) is said as ``spelling`` spells it; its
    format gives the value the sentence assigns it (``{void:true}``).
    """
    catalog = _catalog(game, lang) if game else messages(lang)
    template = catalog.get(key)
    if template is None:
        return text
    values = {k: _Spelled(v, spelling, catalog) if isinstance(v, Key)
              else catalog.get(f"word.{v}", v) if isinstance(v, str)
              else number(v, lang) if not game and type(v) is int
              else _Listed(v, spelling, catalog) if isinstance(v, tuple)
              else v
              for k, v in args}
    # a word's singular, for a plural form that names it: {held:|{unit_one}|{unit}}
    values.update({f"{k}_one": catalog.get(f"word.{v}_one", values[k])
                   for k, v in args if isinstance(v, str) and not isinstance(v, Key)})
    # a value as typed, never a word (a player's name, a rule's value): {value_typed}
    values.update({f"{k}_typed": v for k, v in args
                   if isinstance(v, str) and not isinstance(v, Key)})
    try:
        return plural_forms(str(template), dict(args)).format(**values)
    except (KeyError, IndexError, ValueError):
        return text


#: How record keys are written where a problem names one: ``{record key: (flag, the flag
#: takes no value)}`` for the keys a command line gives as options (a quick form's
#: ``--dream``, ``--void``); a key not in it is written as a record writes it.
Spelling = Mapping[str, tuple[str, bool]]


class Key(str):
    """A record key a problem names (``dream_card``), with the value it is given where the
    problem says one (``winning_tile = '5x'``): reads as a record writes it; said as the
    user typed it where the problem is said with a :data:`Spelling` (``--tile '5x'``)."""

    name: str
    value: str | None

    def __new__(cls, name: str, value: Any = None) -> Key:
        shown = None if value is None else str(value)
        key = super().__new__(cls, name if shown is None else f"{name} = {shown}")
        key.name, key.value = name, shown
        return key

    def __reduce__(self) -> tuple[Any, ...]:  # copied and pickled as a key, not as its text
        return Key, (self.name, self.value)


def spelled(name: str, value: str | None, spelling: Spelling | None) -> str:
    """Record key ``name`` (given ``value``, None: none) as ``spelling`` writes it: the
    record's ``name = value``, or the option typed (``--tile '5x'``; a flag given true:
    ``--void``)."""
    flag, bare = (spelling or {}).get(name, ("", False))
    if not flag:
        return name if value is None else f"{name} = {value}"
    if value is None or bare and value == "true":
        return flag
    return f"{flag} {value}"


class _Spelled(str):
    """A :class:`Key` in a sentence, as ``spelling`` writes it, its value said as a value
    of the sentence is (a word from ``catalog``'s ``word.<value>``); its format in the
    catalog (``{void:true}``) is the value the sentence gives it."""

    def __new__(cls, key: Key, spelling: Spelling | None, catalog: Mapping[str, str]
                ) -> _Spelled:
        value = None if key.value is None else catalog.get(f"word.{key.value}", key.value)
        said = super().__new__(cls, spelled(key.name, value, spelling))
        said.name, said.spelling = key.name, spelling
        return said

    name: str
    spelling: Spelling | None

    def __format__(self, spec: str) -> str:
        return spelled(self.name, spec, self.spelling) if spec else str(self)


class _Listed(str):
    """A tuple in a sentence: listed with the catalog's ``word.and``, or with the separator
    its format in the catalog gives (``{keys:, }``); a :class:`Key` in it as spelled."""

    def __new__(cls, items: tuple[Any, ...], spelling: Spelling | None,
                catalog: Mapping[str, str]) -> _Listed:
        shown = tuple(_Spelled(x, spelling, catalog) if isinstance(x, Key) else str(x)
                      for x in items)
        listed = super().__new__(cls, catalog.get("word.and", ", ").join(shown))
        listed.items = shown
        return listed

    items: tuple[str, ...]

    def __format__(self, spec: str) -> str:
        return spec.join(self.items) if spec else str(self)


# A plural form in a catalog entry: {n:|one|other} says "{n} one" for 1 (or -1) and
# "{n} other" for any other number (gettext's ngettext, for the two forms English and Spanish
# have); each form may name other values: {held:|{unit_one}|{unit}}.
_PLURAL = None


def plural_forms(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each plural form chosen by its number (issue 43: "1 junk units")."""
    if ":|" not in template:
        return template
    global _PLURAL
    if _PLURAL is None:
        import re

        form = r"((?:[^|{}]|\{\w+\})*)"
        _PLURAL = re.compile(r"\{(\w+):\|" + form + r"\|" + form + r"\}")

    def choose(m: Any) -> str:
        n = values.get(m.group(1))
        one = isinstance(n, int) and abs(n) == 1 or str(n).strip() in ("1", "-1")
        return "{" + m.group(1) + "} " + (m.group(2) if one else m.group(3))

    return str(_PLURAL.sub(choose, template))


def number(n: int, lang: str) -> str:
    """A whole number as ``lang`` writes it: ``1,000,000`` (``1.000.000`` in Spanish)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "es" else text


def has_message(key: str) -> bool:
    return key in messages("en")


def t(key: str, lang: str, **kwargs: Any) -> str:
    """Message ``key`` in ``lang``; one point (or one of ``n``) takes the message's singular
    (``<key>_one``), and a plural form ``{n:|one|other}`` its form (:func:`plural_forms`)."""
    catalog = messages(lang)
    one = kwargs.get("points") in (1, -1) or kwargs.get("n") in (1, -1, "1", "-1")
    if one and f"{key}_one" in catalog:
        key = f"{key}_one"
    text = catalog[key]
    return plural_forms(text, kwargs).format(**kwargs) if kwargs else text


class Said(str):
    """A sentence of scorer's catalog, in English, that keeps its message id and values, so
    whoever shows it says it in the user's language (:func:`in_language`): for lists that
    stay plain text where they are stored and serialised (a photo's warnings, which JSON
    carries in English as it always has)."""

    key: str
    args: dict[str, Any]

    def __new__(cls, key: str, **args: Any) -> Said:
        said = super().__new__(cls, t(key, "en", **_in_language(args, "en")))
        said.key, said.args = key, args
        return said

    def __reduce__(self) -> tuple[Any, ...]:  # copied and pickled by its id, not its text
        return _said_again, (self.key, self.args)


def _said_again(key: str, args: dict[str, Any]) -> Said:
    return Said(key, **args)


class SaidError(Exception):
    """An error whose message is a sentence of the catalog (``<prefix><key>`` with its
    values): ``str()`` says it in English, :func:`describe` in the user's language."""

    prefix = ""

    def __init__(self, key: str, **values: Any) -> None:
        self.message = Said(f"{self.prefix}{key}", **values)
        super().__init__(self.message)


def in_language(text: str, lang: str) -> str:
    """``text`` in ``lang``: a :class:`Said` from its message id and values, other text as
    it is."""
    return t(text.key, lang, **_in_language(text.args, lang)) if isinstance(text, Said) else text


def _in_language(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A :class:`Said`'s values in ``lang``: a value that is itself a :class:`Said` said in
    ``lang`` too, and a tuple of them each said and joined by "; ", as a line of problems
    is (:func:`join_problems`); other values as they are."""
    return {k: "; ".join(in_language(x, lang) for x in v) if isinstance(v, tuple)
            else in_language(v, lang) if isinstance(v, Said) else v
            for k, v in args.items()}


def outcome(key: str, lang: str, game: str | None = None) -> str:
    """An outcome id in ``lang``: the shared ones here, a game's own from its catalog
    (``outcome.<id>`` in its section of the catalog)."""
    said = messages(lang).get(f"outcome.{key}") or _catalog(game, lang).get(f"outcome.{key}")
    return str(said) if said is not None else key


def native_name(game: str, rule: str) -> str:
    """A rule's native name (Korean, Japanese, Chinese), "" where it has none."""
    from scorer.catalog.native import NATIVE

    return NATIVE.get(game, {}).get(rule, "")


def rule_name(game: str, rule: str, lang: str, *, native: bool = True) -> str:
    """A rule's name in ``lang``, its native name beside it; the rule id where it has none."""
    text = _module(lang).RULES.get(game, {}).get(rule)
    if text is None:
        return rule
    nat = native_name(game, rule) if native else ""
    return f"{text} ({nat})" if nat and nat.lower() != text.lower() else text


# -- an error from bad input, as one line in the user's language ---------------------------
def describe(err: BaseException, lang: str = "en", spelling: Spelling | None = None) -> str:
    """The one-line message for an error we expect from bad input: a record's problems, a
    card-notation error, a ledger's problem (:func:`scorer.ledger.messages.problem`), or one
    problem raised alone (a quick-form option, ``quick_error``); the record keys its
    problems name written as ``spelling`` writes them (a quick form: the options typed)."""
    from scorer.decks.base import NotationError  # on the error path only: not at start-up

    if isinstance(err, NotationError):
        return "; ".join(problem_message(p, lang) for p in err.problems)
    if lang == "en" and spelling is None:
        return str(err)
    parts = getattr(err, "parts", None)  # a LedgerError of several
    if parts:
        return "; ".join(describe(part, lang, spelling) for part in parts)
    key = getattr(err, "key", "")  # a LedgerError: a catalog id and its values
    if key and has_message(key):
        return t(key, lang, **{k: describe(v, lang, spelling) if isinstance(v, BaseException)
                               else v for k, v in getattr(err, "params", {}).items()})
    problems = getattr(err, "problems", None)
    if isinstance(problems, tuple):
        return join_problems(problems, getattr(err, "source", None), lang, spelling)
    alone = err.args[0] if len(err.args) == 1 else None
    return say_problem(alone, lang, spelling) if alone is not None else str(err)


# Problems shown in full in one error line; the rest are counted.
MAX_SHOWN = 10


def join_problems(problems: Sequence[Any], source: str | None, lang: str = "en",
                  spelling: Spelling | None = None) -> str:
    """``SOURCE: problem; problem; … and N more problems`` in ``lang``, the first
    ``MAX_SHOWN`` in full (a record's problems: :class:`scorer.games.record.RecordError`)."""
    shown = [say_problem(p, lang, spelling) for p in problems[:MAX_SHOWN]]
    if source:
        cut = len(source) + 2
        shown = [p[cut:] if p.startswith(source + ": ") else p for p in shown]
    message = (f"{source}: " if source else "") + "; ".join(shown)
    if len(problems) > MAX_SHOWN:
        message += "; " + t("more_problems", lang, n=number(len(problems) - MAX_SHOWN, lang))
    return message


def say_problem(problem: Any, lang: str, spelling: Spelling | None = None) -> str:
    """One problem in ``lang``: where it is, who it is about, then what is wrong, each said
    from its structure (:class:`scorer.games.base.RecordProblem`, a game's or a deck's
    ``Problem``; the record keys it names as ``spelling`` writes them); English text as it
    is; a :class:`Said` said in ``lang``."""
    if isinstance(problem, str):
        return in_language(problem, lang)
    where, about, game = "", "", ""
    if hasattr(problem, "where"):  # a RecordProblem
        where, about, game, problem = problem.where, problem.about, problem.catalog, problem.problem
    if isinstance(problem, str):
        what = in_language(problem, lang)
    elif hasattr(problem, "message"):  # a card-notation problem
        what = problem_message(problem, lang)
    elif hasattr(problem, "code"):  # a game's or scorer's Problem
        what = say(problem.code, problem.args, problem.code, lang, problem.catalog or game,
                   spelling)
    else:
        what = str(problem)
    who = (spelled(about.name, about.value, spelling) if isinstance(about, Key)
           else in_language(about, lang))
    return ": ".join(part for part in (where, who, what) if part)


def english(problem: Any) -> str:
    """What is wrong, in English: a deck's notation problem its ``message``, a game's or
    scorer's :class:`Problem` from the English catalog, English text as it is."""
    if isinstance(problem, str):
        return problem
    if hasattr(problem, "message"):  # a card-notation problem
        return str(problem.message)
    if hasattr(problem, "code"):
        return say(problem.code, problem.args, problem.code, "en", problem.catalog)
    return str(problem)

