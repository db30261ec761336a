"""Where each command lives. Only the module of the command being run is imported, so that a
one-shot ``armourpen resolve`` does not pay for the others (start-up, bench/startup.py)."""

from __future__ import annotations

from collections.abc import Callable

import typer

# command name -> module exposing ``register(app)``
COMMAND_MODULES: dict[str, str] = {
    "resolve": "armourpen.cli.resolve_cmd",
    "roll": "armourpen.cli.gurps_cmds",
    "catalog": "armourpen.cli.catalog_cmds",
    "thickness": "armourpen.cli.thickness_cmd",
    "odds": "armourpen.cli.odds_cmd",
    "table": "armourpen.cli.table_cmd",
    "examples": "armourpen.cli.examples_cmd",
    "schema": "armourpen.cli.schema_cmd",
    "chart": "armourpen.cli.chart_cmd",
    "screen": "armourpen.cli.screen_cmd",
    "gcs": "armourpen.cli.gcs_cmd",
}

# Registrars imported eagerly (prefer an entry in COMMAND_MODULES).
REGISTRARS: list[Callable[[typer.Typer], None]] = []
