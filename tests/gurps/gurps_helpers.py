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


def divisors() -> Any:
    """Every armour divisor GU-1 reads: the usual ones, and any of 0.1 to 100 in four decimals."""
    from fractions import Fraction

    from hypothesis import strategies as st

    from armourpen.gurps.notation import Divisor

    return st.one_of(st.sampled_from(Divisor.STANDARD),
                     st.integers(1_000, 1_000_000).map(lambda n: Divisor(Fraction(n, 10_000))))
