"""One source of truth (armourpen.values): the bounds, directions and face names every part uses."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from armourpen import values
from armourpen.catalog import Catalog
from armourpen.errors import CatalogError


def test_pa11_the_thickness_bounds_are_the_curves_ends() -> None:
    from armourpen.penav import thickness

    # AV 3 = 1 mm; AV 350 = 1700 mm, then +100 mm per 10 AV: AV 1000 = 1700 + 65 x 100 = 8200 mm
    assert (Fraction(1), Fraction(8200)) == (thickness.MIN_MM, thickness.MAX_MM)
    assert (Fraction(values.MIN_THICKNESS_MM), Fraction(values.MAX_THICKNESS_MM)) == (
        thickness.MIN_MM, thickness.MAX_MM)


def test_pa1_pa3_the_scales_and_the_longest_range() -> None:
    from armourpen.penav.ranges import BAND_LIMITS, Band
    from armourpen.penav.scale import MAX_VALUE

    assert (values.MAX_PERSONAL, values.MAX_STRUCTURAL, values.STRUCTURAL_FACTOR) == (1000, 200, 5)
    assert MAX_VALUE == values.MAX_PERSONAL
    assert BAND_LIMITS[-1] == (Band.VERY_DISTANT, values.MAX_DISTANCE) == (Band.VERY_DISTANT, 3200)


def test_pa9_the_rules_and_the_catalog_share_one_direction_type() -> None:
    from armourpen.catalog import items
    from armourpen.penav import direction

    assert direction.Direction is values.Direction is vars(items)["Direction"]
    assert direction.HORIZONTAL is values.HORIZONTAL


def test_faces_the_rules_look_up_are_checked_when_a_catalog_loads(tmp_path: Path) -> None:
    path = tmp_path / "v.toml"
    path.write_text('[[vehicle]]\nname = "Hull"\n'
                    + "".join(f"[vehicle.faces.{f}]\nsav = 3\n" for f in ("front", "side", "rear",
                                                                          "top")),
                    encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    assert info.value.field == f"{path}: vehicle[0] ('Hull').faces"
    assert info.value.value == "front, side, rear, top"
    assert "missing: bottom" in info.value.allowed


def test_a_turret_gives_all_four_faces() -> None:
    hull = ["front", "side", "rear", "top", "bottom"]
    assert values.faces_problem(hull) is None
    assert values.faces_problem([*hull, *values.TURRET_FACES]) is None
    problem = values.faces_problem([*hull, "turret_front"])
    assert problem is not None and "missing: turret_side, turret_rear, turret_top" in problem
