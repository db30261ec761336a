"""PA-9/PA-10 on vehicles: the face an attack hits, bottom plates, and each face's effective AV."""

from __future__ import annotations

import types
from fractions import Fraction

import pytest

from armourpen.catalog.items import Plate, Vehicle
from armourpen.errors import InputError
from armourpen.penav.direction import Direction
from armourpen.penav.vehicle import (
    face_for,
    face_notations,
    hit_face,
    plate_elevation,
    stated_warnings,
)

F = Fraction

GLACIS = Plate(thickness_mm=F(60), slope=F(60))
SIDE = Plate(thickness_mm=F(40))
REAR = Plate(thickness_mm=F(30), slope=F(30))
TOP = Plate(thickness_mm=F(25), slope=F(90))
BOTTOM = Plate(thickness_mm=F(15), slope=F(90))
TURRET = Plate(thickness_mm=F(90))

TANK = Vehicle(
    "Test tank",
    types.MappingProxyType(
        {
            "front": GLACIS,
            "side": SIDE,
            "rear": REAR,
            "top": TOP,
            "bottom": BOTTOM,
            "turret_front": TURRET,
            "turret_side": SIDE,
            "turret_rear": SIDE,
            "turret_top": TOP,
        }
    ),
)


@pytest.mark.parametrize(
    ("direction", "face"),
    [
        (Direction.FRONT, "front"),
        (Direction.REAR, "rear"),
        (Direction.LEFT, "side"),
        (Direction.RIGHT, "side"),
        (Direction.ABOVE, "top"),
        (Direction.BELOW, "bottom"),
    ],
)
def test_pa9_face_follows_the_direction(direction: Direction, face: str) -> None:
    assert face_for(TANK, direction) == (face, TANK.faces[face])


def test_pa9_face_from_a_direction_name() -> None:
    assert face_for(TANK, "left")[0] == "side"


def test_pa9_both_sides_hit_the_side_face() -> None:
    assert face_for(TANK, Direction.LEFT) == face_for(TANK, Direction.RIGHT) == ("side", SIDE)


def test_pa9_turret_faces() -> None:
    assert face_for(TANK, Direction.FRONT, turret=True)[0] == "turret_front"
    assert face_for(TANK, Direction.RIGHT, turret=True)[0] == "turret_side"
    assert face_for(TANK, Direction.ABOVE, turret=True)[0] == "turret_top"


def test_pa9_explicit_face_wins() -> None:
    assert face_for(TANK, Direction.FRONT, "turret_front")[0] == "turret_front"
    assert face_for(TANK, Direction.ABOVE, "rear") == ("rear", REAR)
    with pytest.raises(InputError):  # a face is named as the vehicle names it
        face_for(TANK, Direction.FRONT, "Turret Front")


def test_pa9_unknown_face_lists_the_vehicles_faces() -> None:
    with pytest.raises(InputError) as exc:
        face_for(TANK, Direction.FRONT, "hatch")
    assert exc.value.field == "face"
    assert "front, side, rear, top, bottom, turret_front" in exc.value.allowed


def test_pa9_vehicle_without_a_turret_has_no_turret_face() -> None:
    hull = Vehicle("Hull", {k: v for k, v in TANK.faces.items() if not k.startswith("turret")})
    with pytest.raises(InputError) as exc:
        face_for(hull, Direction.FRONT, turret=True)
    assert "turret_front" in exc.value.allowed


def test_pa10_bottom_plate_elevation_is_mirrored() -> None:
    assert plate_elevation("bottom", -90) == 90
    assert plate_elevation("bottom", -30) == 30
    assert plate_elevation("top", 45) == 45
    assert plate_elevation("front", -10) == -10


def test_pa10_attack_from_straight_below_meets_a_flat_belly_square() -> None:
    # elevation -90 seen from the target, mirrored to 90: cos i = sin 90 sin 90 = 1 -> i = 0
    # 15 mm at x1 -> between AV 10 = 15 mm: AV 10
    r = hit_face(TANK, Direction.BELOW, -90)
    assert (r.value.face, r.value.av) == ("bottom", 10)
    assert any("bottom plate" in s.text for s in r.steps)


def test_pa10_attack_from_below_defaults_to_straight_up() -> None:
    assert hit_face(TANK, Direction.BELOW).value.av == 10


def test_pa10_attack_from_above_defaults_to_straight_down() -> None:
    # 25 mm flat from straight above: i = 0 -> AV 14
    r = hit_face(TANK, Direction.ABOVE)
    assert (r.value.face, r.value.av) == ("top", 14)


def test_pa10_attack_from_30_above_onto_the_top() -> None:
    # i = 60 -> x2 -> 50 mm -> AV 19
    assert hit_face(TANK, Direction.ABOVE, 30).value.av == 19


def test_pa10_front_of_the_test_tank_is_the_text_example() -> None:
    # 60 mm at 60 degrees, horizontal: 120 mm -> AV 60 (SAV 12)
    r = hit_face(TANK, Direction.FRONT)
    assert (r.value.face, r.value.av) == ("front", 60)
    assert r.steps[0].rule == "PA-10"
    assert "SAV 12 (5) 60°" in r.steps[0].text
    # from the optimal angle: SAV 5
    assert hit_face(TANK, Direction.FRONT, 60).value.av == 25


def test_pa10_horizontal_attack_on_a_named_top_face_cannot_hit() -> None:
    with pytest.raises(InputError) as exc:
        hit_face(TANK, Direction.FRONT, 0, face="top")
    assert exc.value.field == "face.top"


def test_pa10_side_attack_off_square() -> None:
    # 40 mm vertical side hit 60 degrees off square: i = 60 -> x2 -> 80 mm -> AV 35
    assert hit_face(TANK, Direction.LEFT, 0, 60).value.av == 35


def test_pa10_stated_sav_disagreement_is_reported_on_the_hit() -> None:
    v = Vehicle("Misprint", {**TANK.faces, "front": Plate(F(60), slope=F(60), stated_sav=F(13))})
    r = hit_face(v, Direction.FRONT)
    assert r.value.av == 60  # the computed figure is used
    assert r.value.warning is not None and "SAV 13" in r.value.warning.text
    assert r.value.warning.rule == "PA-10"
    assert len(stated_warnings(v)) == 1
    assert stated_warnings(TANK) == ()


def test_pa10_face_notations_in_face_order() -> None:
    got = dict(face_notations(TANK))
    assert list(got)[:5] == ["front", "side", "rear", "top", "bottom"]
    assert got["front"] == "SAV 12 (5) 60°"
    # 40 mm vertical: AV 17 -> SAV 3.4 both ways
    assert got["side"] == "SAV 3.4 (3.4) 0°"


def test_pa9_a_vehicle_has_the_faces_the_rules_look_up() -> None:
    # Refused when the vehicle is built (the catalog's loader builds every one): no belly to hit
    # from below, a face no direction maps to, a turret without all four faces.
    with pytest.raises(InputError, match="missing: bottom"):
        Vehicle("No belly", {k: v for k, v in TANK.faces.items() if k != "bottom"})
    with pytest.raises(InputError, match="unknown face hatch"):
        Vehicle("Odd", {**TANK.faces, "hatch": TOP})
    with pytest.raises(InputError, match="turret_side, turret_rear, turret_top"):
        Vehicle("Half turret", {**dict(list(TANK.faces.items())[:5]), "turret_front": TURRET})
