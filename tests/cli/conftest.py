"""Fixtures of the command-line tests."""

from __future__ import annotations

import pytest

from armourpen.cli import options


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Readable output drawn as at a terminal (the Rich backend), though pytest captures it."""
    monkeypatch.setattr(options, "terminal", lambda: True)
