"""AP-2 for PEN/AV scenarios: no coercion and nothing silently dropped.

A boolean or a text where a number belongs is an error (``range = true`` is no 1 m); an empty or
blank name never falls back to a default; ``covers`` lists one or more directions, each once (an
empty list is refused rather than honoured as "protects from nothing" or ignored on a catalog
item); each optional rule is given once.
"""

from __future__ import annotations

from typing import Any

import pytest
from hostile import field, put

import armourpen
from armourpen.errors import MISSING, InputError
from armourpen.penav.model import PenavScenario

BASE: dict[str, Any] = {
    "optional_rules": [],
    "attack": {"pen": 7, "range_column": "rifle", "range": "10 m", "elevation": 0, "azimuth": 0,
               "dc": 5},
    "line": [
        {"cover": "Sandbag wall, single layer"},
        {"cover": {"name": "door", "av": 3}},
        {"cover": {"name": "glacis", "thickness_mm": 60, "slope": 60}},
        {"target": "Gray", "armour": [{"name": "plate", "av": 2}]},
        {"target": "VIP", "plate": {"sav": 3, "slope": 30}},
    ],
}
NUMBERS = [("attack", "pen"), ("attack", "dc"), ("attack", "elevation"), ("attack", "azimuth"),
           ("line", 1, "cover", "av"), ("line", 2, "cover", "thickness_mm"),
           ("line", 2, "cover", "slope"), ("line", 3, "armour", 0, "av"),
           ("line", 4, "plate", "sav"), ("line", 4, "plate", "slope")]


def _with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    return put(BASE, path, value)


def refused(data: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as info:
        armourpen.resolve(armourpen.load_scenario(data))
    return info.value


def test_the_base_scenario_resolves() -> None:
    # PEN 7 at 10 m (Close, rifle column: +0) against sandbags (AV 6, PA-9 front) and a door (3)
    # and the glacis (60 mm at 60 degrees: 120 mm, AV 60): Gray stops it (PA-2, PA-12)
    scenario = armourpen.load_scenario(BASE)
    assert isinstance(scenario, PenavScenario)
    outcome = armourpen.resolve(scenario)
    assert [t.result.value for t in outcome.targets] == ["stopped", "not_reached"]


@pytest.mark.parametrize("path", NUMBERS, ids=field)
@pytest.mark.parametrize("value", [True, False, "7", "7.0", "inf", "nan", [7], {"v": 7}])
def test_ap2_no_coercion_where_a_number_belongs(path: tuple[Any, ...], value: Any) -> None:
    err = refused(_with(path, value))
    assert err.field == field(path) and err.value == value
    assert "number" in err.allowed


@pytest.mark.parametrize("value", [True, False])
def test_ap2_range_true_is_no_distance(value: bool) -> None:
    err = refused(_with(("attack", "range"), value))
    assert err.field == "attack.range" and err.value is value
    assert "contact = true" in err.allowed


@pytest.mark.parametrize("path", [("attack", "name"), ("attack", "ammo"), ("line", 1, "cover", "name"),
                                  ("line", 3, "target"), ("line", 3, "armour", 0, "name"),
                                  ("line", 4, "plate", "name"), ("line", 0, "cover"),
                                  ("line", 3, "armour", 0)], ids=field)
@pytest.mark.parametrize("value", ["", "   ", "two\nlines", "tab\there"])
def test_ap2_a_name_is_never_empty_blank_or_on_two_lines(path: tuple[Any, ...], value: str) -> None:
    err = refused(_with(path, value))
    if value == "":  # nothing typed (a new card's box): required, not a value refused
        assert (err.field, err.value, str(err)) == (field(path), MISSING,
                                                    f"{field(path)}: a name is required")
        return
    assert err.field == field(path) and err.value == value
    assert "one line" in err.allowed


def test_ap2_an_empty_ammo_does_not_fall_back_to_the_profiles() -> None:
    data = {"attack": {"weapon": "7.62x51mm NATO", "range": "10 m", "ammo": ""},
            "line": [{"target": "x"}]}
    assert refused(data).field == "attack.ammo"


@pytest.mark.parametrize("where", ["line", "inline"])
def test_pa9_covers_empty_is_refused_not_honoured_or_ignored(where: str) -> None:
    entry: dict[str, Any] = (
        {"cover": "Sandbag wall, single layer", "covers": []} if where == "line"
        else {"cover": {"name": "wall", "av": 6, "covers": []}}
    )
    err = refused({"attack": {"pen": 7, "range": "10 m"}, "line": [entry, {"target": "x"}]})
    assert err.field == ("line[0].covers" if where == "line" else "line[0].cover.covers")
    assert err.value == [] and "one or more" in err.allowed


@pytest.mark.parametrize("covers", [["above", "above"], ["above", "Above"], ["front", "rear", "front"]])
def test_pa9_a_direction_listed_twice_is_refused(covers: list[str]) -> None:
    second = max(i for i, c in enumerate(covers) if c.lower() in [x.lower() for x in covers[:i]])
    for entry, where in (({"cover": "Sandbag wall, single layer", "covers": covers}, "line[0].covers"),
                         ({"cover": {"name": "roof", "av": 6, "covers": covers}},
                          "line[0].cover.covers")):
        err = refused({"attack": {"pen": 7, "range": "10 m"}, "line": [entry, {"target": "x"}]})
        assert err.field == f"{where}[{second}]" and err.value == covers[second]


def test_pa9_covers_on_a_catalog_cover_is_honoured() -> None:
    # Sandbags cover the four horizontal directions; covers = ["above"] makes them overhead cover
    data = {"attack": {"pen": 5, "range": "10 m", "from": "above"},
            "line": [{"cover": "Sandbag wall, single layer", "covers": ["above"]}, {"target": "x"}]}
    scenario = armourpen.load_scenario(data)
    assert isinstance(scenario, PenavScenario)
    assert armourpen.resolve(scenario).targets[0].av == 6  # the sandbags' AV 6, from above


def test_pa6_an_optional_rule_given_twice_is_refused() -> None:
    err = refused(_with(("optional_rules",), ["rifle_ball_as_sp", "rifle_ball_as_sp"]))
    assert err.field == "optional_rules[1]" and err.value == "rifle_ball_as_sp"
