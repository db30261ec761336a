"""Where each command lives. Only the module of the command being run is imported, so that a
one-shot ``armourpen resolve`` does not pay for the others (start-up, bench/startup.py)."""

from __future__ import annotations

# command name -> "module:attribute" of its Click command (or group), in the order help lists them
COMMAND_MODULES: dict[str, str] = {
    "resolve": "armourpen.cli.resolve_cmd:resolve",
    "roll": "armourpen.cli.gurps_cmds:roll",
    "thickness": "armourpen.cli.thickness_cmd:thickness",
    "estimate": "armourpen.cli.estimate_cmd:estimate",
    "odds": "armourpen.cli.odds_cmd:odds",
    "table": "armourpen.cli.table_cmd:table",
    "examples": "armourpen.cli.examples_cmd:examples",
    "schema": "armourpen.cli.schema_cmd:schema",
    "screen": "armourpen.cli.screen_cmd:screen",
    "catalog": "armourpen.cli.catalog_cmds:catalog_group",
    "chart": "armourpen.cli.chart_cmd:chart_group",
    "gcs": "armourpen.cli.gcs_cmd:gcs",
    "serve": "armourpen.cli.serve_cmd:serve",
}
