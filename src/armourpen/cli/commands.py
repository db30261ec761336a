"""The list of command modules; each exposes ``register(app)``."""

from __future__ import annotations

from collections.abc import Callable

import typer

from armourpen.cli import catalog_cmds, gurps_cmds, resolve_cmd, thickness_cmd

REGISTRARS: list[Callable[[typer.Typer], None]] = [
    resolve_cmd.register,
    gurps_cmds.register,
    catalog_cmds.register,
    thickness_cmd.register,
]
