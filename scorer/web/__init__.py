"""``scorer serve``: the table's web page (the ``web`` extra: Starlette, uvicorn, ...).

:func:`create_app` builds the ASGI application; :mod:`scorer.cli.serve` runs it with
uvicorn. Importing this package imports neither Starlette nor the vision pipeline.
"""

from __future__ import annotations

from typing import Any


def create_app(db_path: str | None, token: str | None = None, lang: str = "en",
               **kwargs: Any) -> Any:
    """The Starlette app (see :func:`scorer.web.app.create_app`)."""
    from scorer.web.app import create_app as build

    return build(db_path, token, lang, **kwargs)
