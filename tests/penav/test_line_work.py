"""PA-12: each target faces everything passed before it, so a long line of armoured targets is
refused before it is resolved when the layers faced, summed over the targets, pass the cap."""

from __future__ import annotations

import pytest

import armourpen
from armourpen.limits import LimitError, Limits
from armourpen.penav.line import line_work
from armourpen.penav.model import PenavScenario

LINE = {
    "attack": {"pen": 20, "range": "10 m"},
    "line": [
        {"cover": "Sandbag wall, single layer"},
        {"target": "A", "armour": [{"av": 1}, {"av": 1}]},
        {"target": "T-34", "vehicle": "T-34 (1941)"},
        {"target": "B", "armour": [{"av": 1}], "body": "none"},
    ],
}


def test_pa12_the_layers_faced_are_counted_before_resolving() -> None:
    # sandbags: 1 in front; A faces 1 + its 2 items = 3 and passes on its body and each item
    # twice (5, PA-12): 6 in front; the T-34 faces 6 + its face = 7 and passes its face: 7;
    # B faces 7 + its 1 item = 8. Together 3 + 7 + 8 = 18.
    scenario = armourpen.load_scenario(LINE)
    assert isinstance(scenario, PenavScenario)
    assert line_work(scenario) == 18


def test_pa12_a_line_beyond_the_cap_is_refused_up_front() -> None:
    armourpen.load_scenario(LINE, limits=Limits(max_line_work=18))
    with pytest.raises(LimitError) as info:
        armourpen.load_scenario(LINE, limits=Limits(max_line_work=17))
    assert info.value.field == "line" and "ARMOURPEN_MAX_LINE_WORK" in info.value.allowed


def test_pa12_hundreds_of_armoured_targets_are_refused_not_resolved() -> None:
    line = [{"target": f"t{i}", "armour": [{"av": 0}] * 100, "body": "none"} for i in range(100)]
    with pytest.raises(LimitError, match="max_line_work"):
        armourpen.load_scenario({"attack": {"pen": 1000, "range": "1 m"}, "line": line})
