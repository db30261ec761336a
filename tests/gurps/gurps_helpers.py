"""Helpers for GURPS tests: build scenarios from plain mappings, as a user would write them."""

from __future__ import annotations

from typing import Any

from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.scenario import parse_gurps


def gurps(damage: str, *line: dict[str, Any], roll: int | None = None, **attack: Any) -> GurpsScenario:
    data: dict[str, Any] = {"rules": "gurps", "attack": {"damage": damage, **attack}, "line": list(line)}
    if roll is not None:
        data["attack"]["roll"] = roll
    settings = data["attack"].pop("settings", None)
    if settings is not None:
        data["settings"] = settings
    return parse_gurps(data)


GRAY = {"target": "Agent Gray", "dr": 8, "hp": 12}
VIP = {"target": "VIP", "hp": 10}
