"""Shared test helpers. The art data lives beside the repo, in ../shared/data."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data"


@pytest.fixture(autouse=True)
def _plain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests see English, no colour, whatever the developer's locale."""
    for var in ("SCORER_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "FORCE_COLOR"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
