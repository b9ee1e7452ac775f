"""Rule presets as data, for every game: load, override, list, diff.

A game keeps its presets in ``scorer/games/presets/<game>/``:

- ``_keys.toml`` declares every rule key once: its type, a one-line description, and for
  strings the allowed choices. Keys are dotted (``"brights.three"``).
- ``<preset>.toml`` gives a value for every declared key, grouped in TOML tables
  (``[brights] three = 3`` is the key ``brights.three``), plus a ``[meta]`` table
  (``description``, ``source``). Values that come from a rule source carry a comment
  quoting it.

Presets are never changed in place: :meth:`Rules.with_overrides` returns a new value, so
a user file or ``--set key=value`` strings layer on top of the shipped preset.

Only light stdlib modules are imported here: the CLI's fast path loads rules without
typer or rich, and ``tomllib``/``difflib`` are imported when first needed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from scorer.i18n import Said

Value = bool | int | float | str | tuple[int, ...] | tuple[str, ...]
TYPES = ("bool", "int", "float", "str", "list[int]", "list[str]")


class RulesError(ValueError):
    """Everything wrong with a preset, an override file or ``--set`` strings, together: each
    problem a :class:`Said`, so the CLI says them in the user's language (``describe``)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


class KeySpec(NamedTuple):
    """One rule key: its type, its one-line description, and allowed strings if any."""

    key: str
    type: str
    doc: str
    choices: tuple[str, ...] = ()
    doc_es: str = ""  # the description in Spanish (``scorer rules --lang es``)
    low: int | float | None = None  # numbers: the range a value (each item of a list) is in
    high: int | float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "type": self.type, "doc": self.doc}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.doc_es:
            out["doc_es"] = self.doc_es
        if self.low is not None:
            out["min"] = self.low
        if self.high is not None:
            out["max"] = self.high
        return out

    def describe(self, lang: str = "en") -> str:
        return self.doc_es if lang == "es" and self.doc_es else self.doc

    def in_range(self, value: int | float) -> bool:
        return (self.low is None or value >= self.low) and (
            self.high is None or value <= self.high
        )

    def range_text(self) -> Said:
        if self.low is not None and self.high is not None:
            return Said("rules.range.from-to", low=self.low, high=self.high)
        if self.low is not None:
            return Said("rules.range.at-least", low=self.low)
        return Said("rules.range.at-most", high=self.high)


class Rules(NamedTuple):
    """A resolved rule set: a preset plus the overrides applied to it, in order."""

    game: str
    preset: str
    values: Mapping[str, Value]
    specs: Mapping[str, KeySpec]
    description: str = ""
    source: str = ""
    overrides: tuple[tuple[str, Value, str], ...] = ()  # (key, value, where from)
    notes: Mapping[str, str] = MappingProxyType({})  # key -> resolution note
    notes_es: Mapping[str, str] = MappingProxyType({})  # the same notes in Spanish
    source_es: str = ""  # the source's name in Spanish
    description_es: str = ""  # the preset's title in Spanish (``description``: English)

    def source_in(self, lang: str = "en") -> str:
        return self.source_es if lang == "es" and self.source_es else self.source

    def description_in(self, lang: str = "en") -> str:
        """The preset's title in ``lang`` (issue 43: English output showed the Spanish)."""
        return self.description_es if lang == "es" and self.description_es else self.description

    def note(self, key: str, lang: str = "en") -> str:
        """How the preset reads its source for ``key``, in ``lang`` where it has one."""
        return (self.notes_es.get(key) if lang == "es" else None) or self.notes.get(key, "")

    # -- typed access -------------------------------------------------------------------
    def _get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        try:
            value = self.values[key]
        except KeyError:
            raise RulesError([unknown_key(key, self.specs)]) from None
        if not isinstance(value, kind):
            raise RulesError([f"{self.game} rule {key!r} is {value!r}, not {kind}"])
        return value

    def num(self, key: str) -> int:
        return int(self._get(key, int))

    def flag(self, key: str) -> bool:
        return bool(self._get(key, bool))

    def text(self, key: str) -> str:
        return str(self._get(key, str))

    def ints(self, key: str) -> tuple[int, ...]:
        return tuple(self._get(key, tuple))

    def texts(self, key: str) -> tuple[str, ...]:
        return tuple(self._get(key, tuple))

    def value(self, key: str) -> Value:
        return self._get(key, object)  # type: ignore[no-any-return]

    # -- layering -------------------------------------------------------------------------
    def with_overrides(self, items: Mapping[str, Any], origin: str) -> Rules:
        """A new rule set with ``items`` applied; every bad key or value reported together.

        ``items`` maps dotted keys to values that are already typed (from TOML) or strings
        (from ``--set``), which are coerced by the key's declared type.
        """
        problems: list[str] = []
        values = dict(self.values)
        applied = list(self.overrides)
        for key, raw in items.items():
            spec = self.specs.get(key)
            if spec is None:
                problems.append(Said("rules.at", origin=origin,
                                     problem=unknown_key(key, self.specs)))
                continue
            try:
                value = coerce(spec, raw)
            except ValueError as err:
                problems.append(Said("rules.at", origin=origin, problem=err.args[0]))
                continue
            values[key] = value
            applied.append((key, value, origin))
        if problems:
            raise RulesError(problems)
        return Rules(
            self.game,
            self.preset,
            MappingProxyType(values),
            self.specs,
            self.description,
            self.source,
            tuple(applied),
            self.notes,
            self.notes_es,
            self.source_es,
            self.description_es,
        )

    def with_set(self, assignments: Iterable[str]) -> Rules:
        """Apply ``key=value`` strings (the CLI's ``--set``)."""
        items: dict[str, str] = {}
        problems: list[str] = []
        for text in assignments:
            key, sep, value = text.partition("=")
            if not sep or not key.strip():
                problems.append(Said("rules.set-syntax", text=repr(text)))
                continue
            items[key.strip()] = value.strip()
        try:
            rules = self.with_overrides(items, "--set")
        except RulesError as err:
            raise RulesError([*problems, *err.problems]) from None
        if problems:
            raise RulesError(problems)
        return rules

    def with_file(self, path: str | os.PathLike[str]) -> Rules:
        """Apply a user TOML file of overrides (same tables as a preset; ``[meta]`` ignored)."""
        path = os.fspath(path)
        data = read_toml_file(path, "rules file")
        data.pop("meta", None)
        return self.with_overrides(flatten(data), path)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "scorer.rules/1",
            "game": self.game,
            "preset": self.preset,
            "description": self.description,
            "description_es": self.description_es,
            "source": self.source,
            "source_es": self.source_es,
            "values": {k: _jsonable(v) for k, v in self.values.items()},
            "docs": {k: s.doc for k, s in self.specs.items()},
            "notes": dict(self.notes),
            "docs_es": {k: s.doc_es for k, s in self.specs.items() if s.doc_es},
            "notes_es": dict(self.notes_es),
            "overrides": [
                {"key": k, "value": _jsonable(v), "from": o} for k, v, o in self.overrides
            ],
        }


def _jsonable(value: Value) -> Any:
    return list(value) if isinstance(value, tuple) else value


# -- coercion ------------------------------------------------------------------------------
_TRUE = {"true", "yes", "on", "1", "si", "sí"}
_FALSE = {"false", "no", "off", "0"}


def coerce(spec: KeySpec, raw: Any) -> Value:
    """Typed value for ``spec`` from a TOML value or a ``--set`` string; ValueError if bad.

    Numbers must also be in the key's declared range (``min``/``max`` in ``_keys.toml``):
    a negative target or factor, or ``go.points = -1``, is a mistake, reported with it.
    """
    value = _coerce(spec, raw)
    if spec.low is None and spec.high is None or isinstance(value, bool | str):
        return value
    items = value if isinstance(value, tuple) else (value,)
    for item in items:
        if isinstance(item, int | float) and not spec.in_range(item):  # nan fails it too
            shown = repr(item) if abs(item) < 10**12 or item != item else Said("rules.huge")
            each = Said("rules.each-item") if isinstance(value, tuple) else ""
            raise ValueError(Said("rules.out-of-range", rule=repr(spec.key), value=shown,
                                  range=spec.range_text(), each=each))
    return value


def _expects(spec: KeySpec, raw: Any, what: str = "") -> ValueError:
    """Rule ``spec`` given ``raw``, not of its type (``what``: the catalog's
    ``rules.expects.<what>``, how the type is written)."""
    return ValueError(Said("rules.expects", rule=repr(spec.key), type=spec.type, raw=repr(raw),
                           what=Said(f"rules.expects.{what}") if what else ""))


def _coerce(spec: KeySpec, raw: Any) -> Value:
    if spec.type == "bool":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
            return raw.strip().lower() in _TRUE
        raise _expects(spec, raw, "bool")
    if spec.type == "int":
        return _number(raw, (int,), int, spec, "int")
    if spec.type == "float":
        return _number(raw, (int, float), float, spec, "float")
    if spec.type == "str":
        if not isinstance(raw, str):
            raise _expects(spec, raw)
        value = raw.strip()
        if spec.choices and value not in spec.choices:
            raise ValueError(Said("rules.one-of", rule=repr(spec.key),
                                  choices=", ".join(spec.choices), raw=repr(raw)))
        return value
    if spec.type in ("list[int]", "list[str]"):
        items: list[Any]
        if isinstance(raw, list | tuple):
            items = list(raw)
        elif isinstance(raw, str):
            text = raw.strip().strip("[]")
            items = [x.strip().strip("'\"") for x in text.split(",") if x.strip()]
        else:
            raise _expects(spec, raw, "list")
        if spec.type == "list[int]":
            out: list[int] = []
            for item in items:
                if isinstance(item, int) and not isinstance(item, bool):
                    out.append(item)
                elif isinstance(item, str) and item.lstrip("-").isdigit():
                    out.append(int(item))
                else:
                    raise _expects(spec, raw, "ints")
            return tuple(out)
        strs = tuple(str(x) for x in items)
        bad = [s for s in strs if spec.choices and s not in spec.choices]
        if bad:
            raise ValueError(Said("rules.items-among", rule=repr(spec.key),
                                  choices=", ".join(spec.choices), bad=repr(bad)))
        return strs
    raise ValueError(f"rule {spec.key!r} declares unknown type {spec.type!r}")


def _number(
    raw: Any, kinds: tuple[type, ...], convert: Callable[[Any], int | float], spec: KeySpec,
    what: str,
) -> int | float:
    """A number of one of ``kinds`` (never a bool), or one written as a string."""
    if isinstance(raw, kinds) and not isinstance(raw, bool):
        return convert(raw)
    if isinstance(raw, str):
        try:
            return convert(raw.strip())
        except ValueError:
            pass
    raise _expects(spec, raw, what)


def unknown_key(key: str, specs: Mapping[str, KeySpec]) -> Said:
    import difflib  # error path only

    close = difflib.get_close_matches(key, list(specs), n=3, cutoff=0.5)
    names = ", ".join(repr(c) for c in close)
    hint = Said("rules.did-you-mean", names=names) if close else ""
    return Said("rules.unknown-key", rule=repr(key), hint=hint)


# -- TOML helpers ---------------------------------------------------------------------------
# A record or a rules file is a few kilobytes; anything far larger is not one (and a device
# such as /dev/zero would never end).
MAX_FILE_BYTES = 1 << 20
# Rule keys are `section.name`; tables nested deeper than this are not rules.
MAX_DEPTH = 8


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML; a syntax error names the file and keeps tomllib's line and column.

    A leading byte-order mark (Windows Notepad writes one) is dropped; arrays or tables
    nested so deep that tomllib's recursion gives out are a syntax error, not a crash.
    """
    import tomllib

    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as err:
        # tomllib's own words (line and column) stay as it writes them
        raise RulesError([Said("rules.toml-syntax", name=name, error=str(err))]) from None
    except RecursionError:
        raise RulesError([Said("rules.toml-deep", name=name)]) from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise RulesError([Said("rules.number-long", name=name)]) from None


def read_toml_file(path: str, what: str) -> dict[str, Any]:
    """Read and parse a user's TOML file (``what``: "record", "rules file") or say why not."""
    return read_toml_text(path, what)[0]


def read_toml_text(path: str, what: str) -> tuple[dict[str, Any], str]:
    """:func:`read_toml_file` and the text as read (the ledger keeps the file as typed).

    os.path and open(), not pathlib: pathlib (with urllib.parse and ipaddress behind it)
    costs `scorer score` a noticeable share of its start-up time (bench/startup.py).
    """
    import stat

    from scorer.i18n import has_message

    # "record", "rules file": in the user's language
    said = Said(f"rules.what.{what}") if has_message(f"rules.what.{what}") else what
    try:
        # stat before open: opening a named pipe would wait for a writer
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise RulesError([Said("rules.not-regular", path=path, what=said)])
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise RulesError(
                [Said("rules.too-large", path=path, kib=MAX_FILE_BYTES >> 10, what=said)]
            )
        text = raw.decode("utf-8")
    except OSError as err:
        raise RulesError([Said("rules.cannot-read", path=path, what=said,
                               why=err.strerror)]) from None
    except UnicodeDecodeError:
        raise RulesError([Said("rules.not-text", path=path, what=said)]) from None
    return parse_toml(text, path), text


def flatten(data: Mapping[str, Any], prefix: str = "", depth: int = 0) -> dict[str, Any]:
    """``{"brights": {"three": 3}}`` -> ``{"brights.three": 3}``; quoted dotted keys kept.

    Tables nested deeper than :data:`MAX_DEPTH` are refused (no rule key is that long).
    """
    if depth > MAX_DEPTH:
        shown = prefix[:40] + ("…" if len(prefix) > 40 else "")
        raise RulesError([Said("rules.nested", rule=repr(shown), depth=MAX_DEPTH)])
    out: dict[str, Any] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, full + ".", depth + 1))
        else:
            out[full] = value
    return out


# -- the shipped presets ----------------------------------------------------------------------
# os.path on the package's own folder when it is on disk (the usual install): pathlib and
# importlib.resources cost `scorer score` a noticeable share of its start-up time
# (bench/startup.py). importlib.resources only when scorer runs from a zip.
_HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "presets")


def _read_shipped(*parts: str) -> str | None:
    """Text of ``presets/<parts...>``, or None when there is no such file."""
    if os.path.isdir(_HERE):
        path = os.path.join(_HERE, *parts)
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    from importlib.resources import files

    item = files("scorer.games").joinpath("presets", *parts)
    return item.read_text(encoding="utf-8") if item.is_file() else None


def _parsed_shipped(game: str, name: str) -> dict[str, Any] | None:
    """A game's shipped presets file (``presets/<game>/<name>``) as parsed TOML; None when
    there is no such file."""
    text = _read_shipped(game, name)
    return None if text is None else parse_toml(text, f"presets/{game}/{name}")


def _list_shipped(*parts: str) -> list[tuple[str, bool]] | None:
    """``(name, is_folder)`` for each entry of ``presets/<parts...>``; None when absent."""
    if os.path.isdir(_HERE):
        folder = os.path.join(_HERE, *parts)
        if not os.path.isdir(folder):
            return None
        return [(n, os.path.isdir(os.path.join(folder, n))) for n in os.listdir(folder)]
    from importlib.resources import files

    item = files("scorer.games").joinpath("presets", *parts)
    return [(c.name, c.is_dir()) for c in item.iterdir()] if item.is_dir() else None


_SPECS: dict[str, Mapping[str, KeySpec]] = {}


def key_specs(game: str) -> Mapping[str, KeySpec]:
    """The declared keys of a game, in declaration order."""
    cached = _SPECS.get(game)
    if cached is not None:
        return cached
    data = _parsed_shipped(game, "_keys.toml")
    if data is None:
        known = ", ".join(list_games()) or Said("rules.known-none")
        raise RulesError([Said("rules.no-presets", game=repr(game), known=known)])
    specs: dict[str, KeySpec] = {}
    problems: list[str] = []
    for key, entry in data.items():
        if not isinstance(entry, dict) or entry.get("type") not in TYPES or not entry.get("doc"):
            problems.append(f"presets/{game}/_keys.toml: {key!r} needs a type and a doc")
            continue
        low, high = entry.get("min"), entry.get("max")
        if not all(x is None or isinstance(x, int | float) for x in (low, high)):
            problems.append(f"presets/{game}/_keys.toml: {key!r}: min and max must be numbers")
            continue
        specs[key] = KeySpec(
            key,
            entry["type"],
            entry["doc"],
            tuple(entry.get("choices", ())),
            str(entry.get("doc_es", "")),
            low,
            high,
        )
    if problems:
        raise RulesError(problems)
    _SPECS[game] = MappingProxyType(specs)
    return _SPECS[game]


def list_games() -> list[str]:
    entries = _list_shipped() or []
    return sorted(name for name, is_dir in entries if is_dir and not name.startswith(("_", ".")))


def list_presets(game: str) -> list[str]:
    entries = _list_shipped(game)
    if entries is None:
        raise RulesError([Said("rules.no-presets", game=repr(game),
                               known=", ".join(list_games()))])
    return sorted(
        name[:-5]
        for name, is_dir in entries
        if not is_dir and name.endswith(".toml") and not name.startswith("_")
    )


_PRESETS: dict[tuple[str, str, bool], Rules] = {}


def preset_aliases(game: str) -> dict[str, str]:
    """Other names a game's presets answer to (``presets/<game>/_aliases.toml``: old name =
    preset), so records written with an earlier name still load."""
    data = _parsed_shipped(game, "_aliases.toml")
    return {} if data is None else {str(k): str(v) for k, v in data.items()}


def load_preset(game: str, name: str, *, check: bool = False) -> Rules:
    """A shipped preset (cached; immutable).

    The shipped presets are checked against the game's declared keys (``_keys.toml``) by
    the test suite, so a plain load trusts them and reads ``_keys.toml`` only when a key's
    type or doc is needed (an override, ``scorer rules``): parsing it is a tenth of
    `scorer score`'s start-up budget. ``check=True`` checks every key and value.
    """
    cached = _PRESETS.get((game, name, check))
    if cached is not None:
        return cached
    is_name = not name.startswith("_") and "/" not in name and os.sep not in name
    data = _parsed_shipped(game, f"{name}.toml") if is_name else None
    if data is None and is_name:  # an earlier name of a preset (`_aliases.toml`)
        alias = preset_aliases(game).get(name)
        if alias is not None:
            return load_preset(game, alias, check=check)
    if data is None:
        import difflib

        names = list_presets(game)
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
        hint = Said("rules.did-you-mean", names=repr(close[0])) if close else ""
        raise RulesError([Said("rules.unknown-preset", game=game, preset=repr(name), hint=hint,
                               presets=", ".join(names))])
    where = f"presets/{game}/{name}.toml"
    meta = data.get("meta", {})
    data = {k: v for k, v in data.items() if k != "meta"}
    notes_raw = meta.get("resolved", {}) if isinstance(meta, dict) else {}
    notes_es = meta.get("resolved_es", {}) if isinstance(meta, dict) else {}
    flat = flatten(data)
    values: dict[str, Value]
    specs: Mapping[str, KeySpec]
    if check:
        specs = key_specs(game)
        values = _checked(flat, specs, where)
    else:
        specs = _DeclaredKeys(game)
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in flat.items()}
    rules = Rules(
        game,
        name,
        MappingProxyType(values),
        specs,
        str(meta.get("description", "")),
        str(meta.get("source", "")),
        (),
        MappingProxyType({str(k): str(v) for k, v in notes_raw.items()}),
        MappingProxyType({str(k): str(v) for k, v in notes_es.items()}),
        str(meta.get("source_es", "")),
        str(meta.get("description_es", "")),
    )
    _PRESETS[(game, name, check)] = rules
    return rules


def _checked(flat: Mapping[str, Any], specs: Mapping[str, KeySpec], where: str) -> dict[str, Value]:
    """A preset's values, each key declared, none missing, each value of its key's type."""
    values: dict[str, Value] = {}
    problems: list[str] = [Said("rules.at", origin=where, problem=unknown_key(k, specs))
                           for k in flat if k not in specs]
    problems += [
        f"{where}: missing rule {k!r} ({s.doc})" for k, s in specs.items() if k not in flat
    ]
    for key, spec in specs.items():
        if key in flat:
            try:
                values[key] = coerce(spec, flat[key])
            except ValueError as err:
                problems.append(Said("rules.at", origin=where, problem=err.args[0]))
    if problems:
        raise RulesError(problems)
    return values


class _DeclaredKeys(Mapping[str, KeySpec]):
    """A game's declared keys, read from ``_keys.toml`` the first time one is looked up."""

    __slots__ = ("game",)

    def __init__(self, game: str) -> None:
        self.game = game

    def __getitem__(self, key: str) -> KeySpec:
        return key_specs(self.game)[key]

    def __iter__(self) -> Iterator[str]:
        return iter(key_specs(self.game))

    def __len__(self) -> int:
        return len(key_specs(self.game))


def resolve_rules(
    game: str,
    preset: str,
    *,
    files_: Sequence[str | os.PathLike[str]] = (),
    table: Mapping[str, Any] | None = None,
    table_origin: str = "record",
    assignments: Sequence[str] = (),
) -> Rules:
    """Preset, then override files, then a table (e.g. a record's ``[rules]``), then --set."""
    rules = load_preset(game, preset)
    for path in files_:
        rules = rules.with_file(path)
    if table:
        rules = rules.with_overrides(flatten(table), table_origin)
    if assignments:
        rules = rules.with_set(assignments)
    return rules


class DiffRow(NamedTuple):
    """One rule on which two presets differ."""

    key: str
    a: Value
    b: Value
    doc: str


def diff_rules(a: Rules, b: Rules) -> list[DiffRow]:
    """Keys whose values differ, in declaration order."""
    if a.game != b.game:
        raise RulesError([Said("rules.other-game", a=a.game, b=b.game)])
    return [
        DiffRow(key, a.values[key], b.values[key], spec.doc)
        for key, spec in a.specs.items()
        if a.values[key] != b.values[key]
    ]


def format_value(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(x) for x in value) + "]"
    return str(value)
