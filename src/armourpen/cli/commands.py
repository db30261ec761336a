"""The list of command modules; each exposes ``register(app)``."""

from __future__ import annotations

from collections.abc import Callable

import typer

REGISTRARS: list[Callable[[typer.Typer], None]] = []
