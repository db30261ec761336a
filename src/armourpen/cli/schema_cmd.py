"""``armourpen schema``: the JSON Schema of scenario files, for editors and tool builders."""

from __future__ import annotations

import click

from armourpen.cli.options import echo_json
from armourpen.cli.params import command, completer


def _rule_sets() -> list[str]:
    from armourpen.rulesets import RULE_SETS

    return list(RULE_SETS)


@command("schema")
@click.argument("rules", required=False, default="penav", shell_complete=completer(_rule_sets),
          help="penav or gurps (default: penav).")
@click.option("--json", "as_json", is_flag=True,
              help="Print machine-readable JSON (what this command always prints).")
def schema(rules: str, as_json: bool) -> None:  # noqa: ARG001 (--json is what it prints anyway)
    """Print the JSON Schema of a scenario file of one rule set."""
    from armourpen.scenario import json_schema

    echo_json(json_schema(rules))
