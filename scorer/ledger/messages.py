"""The ledger's problems: :class:`LedgerError`, and ids (``err.*``, ``slip.*`` in
:mod:`scorer.catalog`) made into one with :func:`problem`.

A LedgerError made with :func:`problem` keeps its id and values, so the CLI and the web page
say it in the user's language (:func:`scorer.i18n.describe`); its ``str()`` is the English.
Every ledger module imports its error from here, and this module imports none of them.
"""

from __future__ import annotations

from typing import Any

from scorer.i18n import t


class LedgerError(ValueError):
    """Bad input or an unusable ledger file: one line that says what and why.

    Made by :func:`problem`, it keeps its catalog id and values (said in Spanish too);
    ``parts``: the problems of one joined at once.
    """

    key: str = ""
    params: dict[str, object] = {}  # noqa: RUF012 - replaced per instance, never mutated
    parts: list[LedgerError] = []  # noqa: RUF012


def problem(key: str, **params: Any) -> LedgerError:
    """A LedgerError saying catalog entry ``key`` (English as its text)."""
    err = LedgerError(t(key, "en", **params))
    err.key, err.params = key, params
    return err


def problems(errors: list[LedgerError]) -> LedgerError:
    """One LedgerError for several problems (every problem reported at once)."""
    if len(errors) == 1:
        return errors[0]
    err = LedgerError("; ".join(str(e) for e in errors))
    err.parts = list(errors)
    return err
