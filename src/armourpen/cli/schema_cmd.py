"""``armourpen schema``: the JSON Schema of scenario files, for editors and tool builders."""

from __future__ import annotations

from typing import Annotated

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import echo_json


@guarded
def schema(
    rules: Annotated[str, typer.Argument(help="penav or gurps.")] = "penav",
) -> None:
    """Print the JSON Schema of a scenario file of one rule set."""
    from armourpen.scenario import json_schema

    echo_json(json_schema(rules))


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)
