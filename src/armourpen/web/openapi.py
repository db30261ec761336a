"""The scenario schemas of every rule set as OpenAPI components (the body of resolve and odds).

``armourpen schema RULES`` gives each rule set's JSON Schema with its own ``$defs``; in an OpenAPI
document those must live under ``components/schemas``, so they are moved there, prefixed with the
rule set's name, and every ``$ref`` is rewritten to match.
"""

from __future__ import annotations

from typing import Any


def _rewrite(node: Any, prefix: str) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                out[key] = "#/components/schemas/" + prefix + value.removeprefix("#/$defs/")
            else:
                out[key] = _rewrite(value, prefix)
        return out
    if isinstance(node, list):
        return [_rewrite(v, prefix) for v in node]
    return node


def scenario_schemas() -> dict[str, Any]:
    """``Scenario`` (any rule set's) and ``<Rules>Scenario`` with their parts, as components."""
    from armourpen.rulesets import RULE_SETS
    from armourpen.scenario import json_schema

    out: dict[str, Any] = {}
    names = []
    for key in RULE_SETS:
        prefix = key.capitalize()
        schema = json_schema(key)
        for name, part in schema.pop("$defs", {}).items():
            out[prefix + name] = _rewrite(part, prefix)
        schema.pop("$schema", None)
        out[prefix + "Scenario"] = _rewrite(schema, prefix)
        names.append(prefix + "Scenario")
    out["Scenario"] = {"anyOf": [{"$ref": f"#/components/schemas/{n}"} for n in names],
                       "description": "A scenario of any rule set, as a scenario file holds it"}
    return out
