"""The public API front ends share: quick_scenario, table, thickness, roll, and their errors.

Every error names the API parameter (``armour[1]``, counted from 0), so that the CLI and a web form
can each name what their user typed from the same error.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

import armourpen
from armourpen.errors import InputError, UnknownNameError
from armourpen.penav.penetration import Result


def quick(**params: Any) -> Any:
    return armourpen.resolve(armourpen.quick_scenario(**params))


def test_pa2_quick_scenario_is_the_text_example() -> None:
    # 7.62x51mm NATO PEN 7, rifle column, Very Long -1 = 6 against NIJ Type III AV 6: equal
    out = quick(weapon="7.62x51mm NATO", range="150m", armour=["NIJ Type III"])
    assert (out.attack.pen, out.targets[0].av, out.targets[0].result) == (
        6, 6, Result.PENETRATED_REDUCED)


def test_pa9_quick_scenario_cover_from_above() -> None:
    # 9mm pistol PEN 4 at Close (0); sandbags cover only the horizontal directions: AV 0
    out = quick(weapon="9mm Parabellum pistol", range="10m", cover=["Sandbag wall, single layer"],
                from_="above")
    assert (out.attack.pen, out.targets[0].av) == (4, 0)


@pytest.mark.parametrize(
    ("params", "field", "value"),
    [
        ({"weapon": None, "range": "5m"}, "weapon", "(missing)"),
        ({"weapon": "7.62x51 NATOO", "range": "5m"}, "weapon", "7.62x51 NATOO"),
        ({"range": "3201m"}, "range", "3201m"),
        ({"range": "-5m"}, "range", "-5m"),
        ({}, "range", "(missing)"),
        ({"range": "5m", "contact": True}, "range", "5m"),
        ({"range": "5m", "from_": "up"}, "from_", "up"),
        ({"range": "5m", "armour": ["PASGT vest", "NIJ Type 3"]}, "armour[1]", "NIJ Type 3"),
        ({"range": "5m", "cover": ["Log wall", "Brick wall"]}, "cover[1]", "Brick wall"),
        ({"range": "5m", "ammo": "plasma"}, "ammo", "plasma"),
        ({"range": "5m", "optional_rules": ["rifle_ball_as_sp", "x"]}, "optional_rules[1]", "x"),
        ({"range": "5m", "face": "front"}, "face", "front"),
        ({"range": "5m", "vehicle": "T-35"}, "vehicle", "T-35"),
        ({"range": "5m", "vehicle": "T-34 (1941)", "face": "belly"}, "face", "belly"),
        ({"range": "5m", "vehicle": "T-34 (1941)", "armour": ["PASGT vest"]}, "armour",
         ["PASGT vest"]),
        ({"range": "5m", "elevation": 91}, "elevation", 91),
        ({"range": "5m", "azimuth": 200}, "azimuth", 200),
    ],
)
def test_ap2_quick_scenario_errors_name_the_parameter(params: dict[str, Any], field: str,
                                                      value: object) -> None:
    params = {"weapon": "7.62x51mm NATO", **params}
    with pytest.raises(InputError) as info:
        armourpen.quick_scenario(**params)
    assert (info.value.field, info.value.value) == (field, value)
    assert str(info.value).startswith(f"{field}: ")


def test_ap2_unknown_armour_suggests_the_closest_names() -> None:
    with pytest.raises(UnknownNameError) as info:
        armourpen.quick_scenario(weapon="7.62x51mm NATO", range="5m", armour=["NIJ Type 3"])
    assert info.value.field == "armour[0]" and "NIJ Type III" in info.value.suggestions


def test_pa10_a_face_the_attack_cannot_meet_is_refused_when_the_scenario_is_read() -> None:
    # T-34 front: 45 mm at 60 deg. From 60 deg below the horizontal:
    # cos i = cos 60 cos(-60) + sin 60 sin(-60) = 1/4 - 3/4 = -1/2, i = 120 >= 90: no hit (PA-10)
    with pytest.raises(InputError) as info:
        armourpen.quick_scenario(weapon="8.8 cm KwK 36 L/56 APCBC", range="500m",
                                 vehicle="T-34 (1941)", elevation=-60)
    assert info.value.field == "face" and "90 degrees" in info.value.allowed


def test_pa2_pa3_table_rows_by_band() -> None:
    # PEN 7 rifle: Long 0 -> 7 > 6; Very Long -1 -> 6 = 6; Far -2 -> 5 < 6 (NIJ Type III AV 6)
    res = armourpen.table(attacks=["7.62x51mm NATO"], armour=["NIJ Type III"],
                          bands=["long", "very_long", "far"])
    assert [res.result(0, 0, k, 0) for k in range(3)] == [
        Result.PENETRATED, Result.PENETRATED_REDUCED, Result.STOPPED]


def test_table_picks_items_by_text_and_puts_cover_in_front_of_armour() -> None:
    res = armourpen.table(attacks=["7.62x51mm NATO"], armour=["PASGT"], cover=["Log wall"],
                          bands=["long"])
    assert [d.name for d in res.defences] == [
        "Log wall + US PASGT ballistic nylon helmet (tested)", "Log wall + US PASGT vest"]
    # Log wall AV 4 layered with the PASGT vest AV 5: 5 + 1 = 6 (PA-7); from the front
    assert int(res.av[1, 0]) == 6


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"armour": ["zzzz"]}, "armour[0]"),
        ({"cover": ["Log wall", "Brick wall"]}, "cover[1]"),
        ({"attacks": ["NIJ Type III"]}, "attacks[0]"),
        ({"bands": ["long", "verylong"]}, "bands[1]"),
        ({"distances": ["100m", "4km"]}, "distances[1]"),
        ({"bands": ["long"], "distances": ["100m"]}, "distances"),
        ({"directions": ["up"]}, "directions[0]"),
        ({"optional_rules": ["x"]}, "optional_rules[0]"),
        ({"ammo": "plasma"}, "ammo"),
        ({"defences": ["Log wall + nothing"]}, "defences[0][1]"),
    ],
)
def test_ap2_table_errors_name_the_parameter(params: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as info:
        armourpen.table(**{"attacks": ["7.62x51mm NATO"], **params})
    assert info.value.field == field


def test_pa11_thickness_both_ways() -> None:
    # 120 mm is a table point: AV 60 (SAV 12); 78.75 mm lies between 70 (AV 30) and 80 (AV 35):
    # 30 + 8.75 / 10 x 5 = 34.375 -> AV 34; AV 34 = 70 + 4/5 x 10 = 78 mm
    assert armourpen.thickness("120mm").mm_av == 60
    r = armourpen.thickness("78.75mm")
    assert (r.mm, r.mm_av, r.av_mm) == (Fraction("78.75"), 34, Fraction(78))
    assert [(p.av, p.mm) for p in r.neighbours] == [(30, Fraction(70)), (35, Fraction(80))]
    assert armourpen.thickness(av=34).av_mm == 78
    assert armourpen.thickness(sav="12").av_mm == 120  # SAV 12 = AV 60
    assert armourpen.thickness(Fraction(40)).mm_av == 17  # a number is mm: 40 mm = AV 17


@pytest.mark.parametrize(
    ("args", "params", "field"),
    [((), {}, "mm"), (("0.5mm",), {}, "mm"), (("abc",), {}, "mm"), ((), {"av": 2}, "av"),
     ((), {"av": 2000}, "av"), ((), {"sav": "5.1"}, "sav"), (("120mm",), {"av": 60}, "mm")],
)
def test_ap2_thickness_errors_name_the_parameter(args: tuple[Any, ...], params: dict[str, Any],
                                                  field: str) -> None:
    with pytest.raises(InputError) as info:
        armourpen.thickness(*args, **params)
    assert info.value.field == field


def test_gu1_gu2_roll_is_replayable() -> None:
    a = armourpen.roll("3d+1x2 cut", 7)
    assert a.seed == 7 and len(a.dice) == 3
    assert a.basic_damage == (sum(a.dice) + 1) * 2  # (dice + 1) x 2, above the minimum of 1
    assert armourpen.roll("3d+1x2 cut", 7) == a
    b = armourpen.roll("3d+1x2 cut", random.Random(1))
    assert armourpen.roll("3d+1x2 cut", b.seed) == b
    with pytest.raises(InputError) as info:
        armourpen.roll("3d cut", -1)
    assert info.value.field == "seed"


def test_input_error_at_moves_the_blame_and_keeps_the_rest() -> None:
    err = UnknownNameError("armour[1]", "NIJ 3", "armour", ["NIJ Type III"])
    moved = err.at("--armour #2")
    assert type(moved) is UnknownNameError and moved.suggestions == err.suggestions
    assert str(moved) == str(err).replace("armour[1]", "--armour #2", 1)
    assert err.field == "armour[1]"  # the original is left alone


def test_every_public_name_resolves_and_import_armourpen_loads_no_rule_set() -> None:
    # The front ends take the rule sets' names from here (lint-imports forbids them the rule
    # modules), so each name of __all__ must resolve, and `import armourpen` must stay light.
    code = (
        "import json, sys, armourpen\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('armourpen.'))\n"
        "missing = [n for n in armourpen.__all__ if getattr(armourpen, n, None) is None]\n"
        "print(json.dumps([loaded, missing]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    loaded, missing = json.loads(done.stdout)
    assert missing == []
    rule_sets = ("penav", "gurps", "probability", "catalog", "gcs", "grid", "tables")
    # the registry imports each rule set's light module for its types (and so its package's
    # __init__), and nothing else of the rule sets: their heavy parts load when first used
    plugins = ["armourpen.gurps", "armourpen.gurps.plugin", "armourpen.penav",
               "armourpen.penav.plugin", "armourpen.probability", "armourpen.probability.engine"]
    assert [m for m in loaded if m.split(".")[1] in rule_sets] == plugins
