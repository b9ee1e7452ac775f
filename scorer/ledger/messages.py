"""The ledger's problems as message ids (``err.*``, ``slip.*`` in :mod:`scorer.catalog`).

A :class:`~scorer.ledger.db.LedgerError` made with :func:`problem` keeps its id and values,
so the CLI and the web page say it in the user's language (:func:`scorer.i18n.describe`); its
``str()`` is the English.
"""

from __future__ import annotations

from typing import Any

from scorer.i18n import t


def problem(key: str, **params: Any) -> Any:
    """A LedgerError saying catalog entry ``key`` (English as its text)."""
    from scorer.ledger.db import LedgerError

    err = LedgerError(t(key, "en", **params))
    err.key, err.params = key, params
    return err


def problems(errors: list[Any]) -> Any:
    """One LedgerError for several problems (every problem reported at once)."""
    from scorer.ledger.db import LedgerError

    if len(errors) == 1:
        return errors[0]
    err = LedgerError("; ".join(str(e) for e in errors))
    err.parts = list(errors)
    return err
