"""Issue 34 item 14: names in any case (GU-10, GU-16) and a material's thickness in units (GU-18)."""

from __future__ import annotations

from typing import Any

import pytest

import armourpen
from armourpen.errors import ScenarioError


def _scenario(attack: dict[str, Any], *line: dict[str, Any]) -> dict[str, Any]:
    return {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10, **attack},
            "line": list(line)}


def _cover_dr(inches: object) -> int:
    data = _scenario({}, {"cover": {"material": "brick", "inches": inches}},
                     {"target": "T", "hp": 10})
    cover = armourpen.load_scenario(data).line[0]
    return int(cover.dr)  # type: ignore[union-attr]


@pytest.mark.parametrize(("inches", "dr"), [
    # brick is DR 5 to 8 per inch; the low end by default (GU-18), rounded down:
    (6, 30),            # 6 in. x 5 = 30
    ("6 in", 30),       # the same, with its unit
    ("0.5 ft", 30),     # 0.5 x 12 = 6 in. -> 30
    ("15 cm", 29),      # 15 / 2.54 = 5.905.. in. x 5 = 29.52.. -> 29
    ("150mm", 29),      # 150 mm = 15 cm, as above
    ("2 CM", 3),        # 2 / 2.54 = 0.787.. in. x 5 = 3.93.. -> 3 (units in any case)
])
def test_gu18_material_thickness_takes_units_as_distances_do(inches: object, dr: int) -> None:
    assert _cover_dr(inches) == dr


def test_gu18_converted_thickness_is_explained() -> None:
    data = _scenario({}, {"cover": {"material": "brick", "inches": "15 cm"}},
                     {"target": "T", "hp": 10})
    steps = [s.text for s in armourpen.resolve(armourpen.load_scenario(data)).steps]
    assert any(s.startswith("15 cm = about 5.91 in.; brick: DR 5 per inch") for s in steps)


@pytest.mark.parametrize("inches", ["15 furlongs", "0 cm", "-3 cm", "cm", "2600 cm", "1e3"])
def test_gu18_thickness_with_a_bad_unit_or_out_of_range_names_the_field(inches: str) -> None:
    # 2600 cm = 1023.6 in., over the 1000 in. cap
    with pytest.raises(ScenarioError) as info:
        _cover_dr(inches)
    assert info.value.field == "line[0].cover.inches"
    assert info.value.value == inches
    assert "'15 cm'" in info.value.allowed


@pytest.mark.parametrize("location", ["Skull", "SKULL", "skull"])
def test_gu10_aimed_location_in_any_case(location: str) -> None:
    data = _scenario({"location": location}, {"target": "T", "hp": 10, "dr": {"Skull": 3}})
    target = armourpen.load_scenario(data).line[0]
    assert target.location == armourpen.gurps.locations.Location.SKULL  # type: ignore[union-attr]
    assert target.dr_at[0][:2] == (armourpen.gurps.locations.Location.SKULL, 3)  # type: ignore[union-attr]


def test_gu10_unknown_location_is_named_as_typed() -> None:
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(_scenario({"location": "Skul"}, {"target": "T", "hp": 10}))
    assert info.value.field == "attack.location"
    assert info.value.value == "Skul"


def test_gu16_aim_matches_a_target_name_in_any_case() -> None:
    data = _scenario({"aim": "bob", "skill": 12},
                     {"target": "Alice", "hp": 10}, {"target": "Bob", "hp": 10})
    assert armourpen.load_scenario(data).attack.aim == "Bob"  # type: ignore[union-attr]


def test_gu16_aim_prefers_the_exact_name_when_two_differ_in_case() -> None:
    data = _scenario({"aim": "bob", "skill": 12},
                     {"target": "Bob", "hp": 10}, {"target": "bob", "hp": 10})
    assert armourpen.load_scenario(data).attack.aim == "bob"  # type: ignore[union-attr]
