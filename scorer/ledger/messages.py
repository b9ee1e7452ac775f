"""The ledger's problems as message ids (``err.*``, ``slip.*`` in :mod:`scorer.catalog`).

A :class:`~scorer.ledger.db.LedgerError` made with :func:`problem` keeps its id and values,
so the CLI says it in the user's language (:func:`message`); its ``str()`` is the English.
"""

from __future__ import annotations

from typing import Any

from scorer.i18n import has_message, t


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


def message(err: BaseException, lang: str) -> str:
    """An error's one line in ``lang``: from the catalog when it carries an id."""
    if lang == "en":
        return str(err)
    parts = getattr(err, "parts", None)
    if parts:
        return "; ".join(message(e, lang) for e in parts)
    key = getattr(err, "key", None)
    if key is not None and has_message(key):
        params = {k: message(v, lang) if isinstance(v, BaseException) else v
                  for k, v in err.params.items()}  # type: ignore[attr-defined]
        return t(key, lang, **params)
    return str(err)

