"""The value types and bounds that the catalog and the rules share: one source of truth.

Directions (PA-9), vehicle face names, the scales (PA-1), the longest range (PA-3) and the angles of
PA-10 are defined here and nowhere else, and so is the rule that the targets of a line of fire have
different names; the catalog's loader, the scenario schemas, the rules and the error messages all
read them from this module, which imports no rule set.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum
from typing import Literal, get_args

from armourpen.errors import InputError, ScenarioError

# --- names ----------------------------------------------------------------------------------------

MAX_NAME_CHARS = 200
"""No name or alias is longer: the catalog's schema and every scenario's refuse longer ones."""

# --- PA-1: the scales ----------------------------------------------------------------------------

STRUCTURAL_FACTOR = 5
"""1 structural point (SPEN, SDC, SAV) is 5 personal points (PEN, DC, AV)."""
MAX_PERSONAL = 1000
"""PEN, AV and DC run 0 to 1000 on the personal scale."""
MAX_STRUCTURAL = MAX_PERSONAL // STRUCTURAL_FACTOR
"""... and 0 to 200 on the structural scale."""

# --- PA-3: the longest range ---------------------------------------------------------------------

MAX_DISTANCE = 3200
"""The end of Very Distant, in metres or yards; past it is an input error."""

BandKey = Literal["contact", "point_blank", "close", "short", "medium", "long", "very_long", "far",
                  "very_far", "distant", "very_distant"]
"""The range bands' keys, nearest first (PA-3): a catalog attack's ``reach`` is one of them."""
BAND_KEYS: tuple[str, ...] = get_args(BandKey)

# --- PA-10, PA-11: plates and angles -------------------------------------------------------------

MAX_SLOPE = 90
"""A plate's slope runs 0 (vertical) to 90 (a flat roof or belly) degrees back from vertical."""
ELEVATION = (-90, 90)
"""Degrees above the horizontal, seen from the target."""
AZIMUTH = (-180, 180)
"""Degrees off square to a plate."""
MIN_THICKNESS_MM = 1
"""The thickness curve starts at 1 mm (AV 3); less is an input error."""
MAX_THICKNESS_MM = 8200
"""... and ends at AV 1000: 1700 mm at AV 350, then 100 mm per 10 AV (PA-11)."""

HINTS: dict[str, str] = {
    "av": f"AV runs 0 to {MAX_PERSONAL} on the personal scale (PA-1)",
    "pen": f"PEN runs 0 to {MAX_PERSONAL} on the personal scale (PA-1)",
    "dc": f"DC runs 0 to {MAX_PERSONAL} on the personal scale (PA-1)",
    "sav": f"SAV runs 0 to {MAX_STRUCTURAL} on the structural scale (PA-1)",
    "spen": f"SPEN runs 0 to {MAX_STRUCTURAL} on the structural scale (PA-1)",
    "sdc": f"SDC runs 0 to {MAX_STRUCTURAL} on the structural scale (PA-1)",
    "stated_sav": f"SAV runs 0 to {MAX_STRUCTURAL} on the structural scale (PA-1)",
    "slope": f"degrees back from vertical, 0 to {MAX_SLOPE} ({MAX_SLOPE} is a flat roof or belly)",
    "thickness_mm": f"mm of RHA, {MIN_THICKNESS_MM} to {MAX_THICKNESS_MM} (the thickness curve, "
                    "PA-11)",
    "tied_range_m": f"a distance in metres, 1 to {MAX_DISTANCE} (PA-3)",
    "reach": "the last range band the attack reaches: " + ", ".join(BAND_KEYS),
    "elevation": f"{ELEVATION[0]} to {ELEVATION[1]} degrees above the horizontal (PA-10)",
    "azimuth": f"{AZIMUTH[0]} to {AZIMUTH[1]} degrees off square to the plate (PA-10)",
}
"""What each bounded key means, for error messages (AP-2)."""


# --- PA-9: directions ----------------------------------------------------------------------------


class Direction(StrEnum):
    """Where the attack comes from, seen from the target."""

    FRONT = "front"
    REAR = "rear"
    LEFT = "left"
    RIGHT = "right"
    ABOVE = "above"
    BELOW = "below"

    @classmethod
    def parse(cls, text: str, field: str = "from") -> Direction:
        try:  # a lookup, where calling the enum costs several times as much
            return _DIRECTIONS[text.strip().lower()]
        except (KeyError, AttributeError):
            raise InputError(field, text, "allowed: " + ", ".join(d.value for d in cls)) from None


_DIRECTIONS = {d.value: d for d in Direction}

HORIZONTAL: frozenset[Direction] = frozenset(
    {Direction.FRONT, Direction.REAR, Direction.LEFT, Direction.RIGHT}
)
"""What walls, doors, sandbags and the like cover by default (PA-9)."""


# --- vehicle faces (PA-9, PA-10) -----------------------------------------------------------------


class Face(StrEnum):
    """A vehicle's faces: the hull's five, and a turret's four."""

    FRONT = "front"
    SIDE = "side"
    REAR = "rear"
    TOP = "top"
    BOTTOM = "bottom"
    TURRET_FRONT = "turret_front"
    TURRET_SIDE = "turret_side"
    TURRET_REAR = "turret_rear"
    TURRET_TOP = "turret_top"


HULL_FACES: tuple[str, ...] = tuple(f.value for f in Face if not f.value.startswith("turret_"))
"""Every vehicle has these."""
TURRET_FACES: tuple[str, ...] = tuple(f.value for f in Face if f.value.startswith("turret_"))
"""A vehicle with a turret has all of these."""
FACE_NAMES: tuple[str, ...] = HULL_FACES + TURRET_FACES


def faces_problem(faces: Collection[str]) -> str | None:
    """What is wrong with a vehicle's set of faces, or None: the five hull faces are required, and
    a turret gives all four of its faces; no other names exist."""
    unknown = [f for f in faces if f not in FACE_NAMES]
    if unknown:
        return (f"unknown face {', '.join(unknown)}; the face names are: "
                + ", ".join(FACE_NAMES))
    missing = [f for f in HULL_FACES if f not in faces]
    if missing:
        return f"a vehicle needs the faces {', '.join(HULL_FACES)}; missing: {', '.join(missing)}"
    turret = [f for f in TURRET_FACES if f in faces]
    if turret and len(turret) != len(TURRET_FACES):
        missing = [f for f in TURRET_FACES if f not in faces]
        return ("a vehicle with a turret gives every turret face: " + ", ".join(TURRET_FACES)
                + "; missing: " + ", ".join(missing))
    return None


# --- both rule sets: the line of fire ------------------------------------------------------------


def check_target_names(names: Collection[tuple[int, str]]) -> None:
    """Refuse a target name that an earlier target of the line has: the outcome, the odds and the
    charts name each target by its name alone (AP-2). ``names``: (line index, name) of each
    target, in line order."""
    seen: dict[str, int] = {}
    for i, name in names:
        if name in seen:
            raise ScenarioError(
                f"line[{i}].target", name,
                f"allowed: a name no other target of the line has (line[{seen[name]}] is already called "
                f"{name!r}): each target is named by it in the outcome and the odds")
        seen[name] = i
