"""PA-9 and PA-10 for vehicles: which face an attack hits, and that face's effective AV.

A vehicle has named faces (``front``, ``side``, ``rear``, ``top``, ``bottom`` and, with a turret,
``turret_front``, ``turret_side``, ``turret_rear``, ``turret_top``: :mod:`armourpen.values`), each a
:class:`Plate`; a vehicle with other or missing faces is refused when it is built.

The face follows the attack's direction (front -> front, rear -> rear, left/right -> side, above ->
top, below -> bottom) unless the caller names one.

Bottom plates: a plate's slope is measured back from vertical *upwards* (a flat top plate is 90 and
faces the sky). A bottom plate's slope is measured the same way but *downwards* (a flat belly is 90
and faces the ground), so its elevation is mirrored before PA-10's formula: an attack from straight
below (elevation -90, seen from the target) meets a flat bottom plate at elevation 90 in the plate's
own frame, i.e. at incidence 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from armourpen.catalog.items import Plate, Vehicle
from armourpen.errors import InputError
from armourpen.explain import Caution, Explained, Ruling, Step
from armourpen.penav.direction import Direction
from armourpen.penav.scale import fmt
from armourpen.penav.slope import check_stated, effective_av, fmt_deg, notation
from armourpen.values import FACE_NAMES

_BY_DIRECTION: dict[Direction, str] = {
    Direction.FRONT: "front",
    Direction.REAR: "rear",
    Direction.LEFT: "side",
    Direction.RIGHT: "side",
    Direction.ABOVE: "top",
    Direction.BELOW: "bottom",
}

_DEFAULT_ELEVATION: dict[Direction, float] = {Direction.ABOVE: 90.0, Direction.BELOW: -90.0}


def is_bottom(face: str) -> bool:
    """A face whose slope is measured downward (its elevation is mirrored, see the module doc)."""
    return face == "bottom" or face.endswith("_bottom")


def plate_elevation(face: str, elevation: float) -> float:
    """The attack's elevation in the face's own frame: mirrored for bottom plates."""
    return -elevation if is_bottom(face) else elevation


def default_elevation(direction: Direction) -> float:
    """The elevation assumed when none is given: straight down from above, up from below."""
    return _DEFAULT_ELEVATION.get(direction, 0.0)


def _faces_text(vehicle: Vehicle) -> str:
    return f"{vehicle.name} has faces: " + ", ".join(vehicle.faces)


def _direction(direction: Direction | str, field: str) -> Direction:
    if isinstance(direction, Direction):
        return direction
    return Direction.parse(direction, field)


def face_for(
    vehicle: Vehicle,
    direction: Direction | str,
    face: str | None = None,
    *,
    field: str = "face",
    turret: bool = False,
) -> tuple[str, Plate]:
    """The face an attack from ``direction`` hits (an explicit ``face`` wins) and its plate.

    ``turret=True`` picks the turret's face for the direction (``turret_top`` from above); a
    vehicle without a turret face there is an input error.
    """
    if face is not None:
        if not isinstance(face, str) or face not in vehicle.faces:
            raise InputError(field, face, _faces_text(vehicle))
        return face, vehicle.faces[face]
    d = _direction(direction, "from")
    name = ("turret_" if turret else "") + _BY_DIRECTION[d]
    if name not in vehicle.faces:  # only a turret may be missing (Vehicle checks the hull)
        raise InputError(field, f"turret face hit from {d.value}",
                         f"{vehicle.name} has no {name} face (no turret); name one: "
                         + ", ".join(vehicle.faces))
    return name, vehicle.faces[name]


@dataclass(frozen=True, slots=True)
class FaceHit:
    """The face a shot meets on a vehicle and its effective AV (personal scale)."""

    vehicle: str
    face: str
    plate: Plate
    av: int
    warning: Caution | None = None  # PA-10: a stated SAV that disagrees with the computed one


def hit_face(
    vehicle: Vehicle,
    direction: Direction | str,
    elevation: float | None = None,
    azimuth: float = 0,
    face: str | None = None,
    *,
    turret: bool = False,
    field: str = "face",
) -> Explained[FaceHit]:
    """The face hit and its effective AV for an attack (PA-9 direction, PA-10 slope).

    ``elevation`` is seen from the target (positive above the horizontal); when it is None an
    attack from above is taken to come straight down and one from below straight up.
    """
    d = _direction(direction, "from")
    name, plate = face_for(vehicle, d, face, field=field, turret=turret)
    how = "named" if face is not None else f"attack from {d.value}"
    steps = [Step(Ruling.PA_10, f"{vehicle.name}: the {how} hits the {name} face, {notation(plate)}")]
    if elevation is None:
        elevation = default_elevation(d)
        if elevation:
            way = "straight down" if elevation > 0 else "straight up"
            steps.append(
                Step(Ruling.PA_10, f"no elevation given: an attack from {d.value} comes {way} "
                     f"(elevation {fmt_deg(elevation)})")
            )
    e = plate_elevation(name, elevation)
    if e != elevation:
        steps.append(
            Step(Ruling.PA_10, f"bottom plate: its slope is measured downward, so elevation "
                 f"{fmt_deg(elevation)} is {fmt_deg(e)} in the plate's frame")
        )
    res = effective_av(plate, e, azimuth, field=f"{field}.{name}")
    steps.extend(res.steps)
    warning = check_stated(plate, field=f"{vehicle.name} {name}")
    if warning is not None:
        steps.append(Step(warning.rule, f"warning: {warning.text}"))
    steps.append(Step(Ruling.PA_10, f"{name} face: effective {fmt(res.value, show_structural=True)}"))
    return Explained(FaceHit(vehicle.name, name, plate, res.value, warning), tuple(steps))


def face_notations(vehicle: Vehicle) -> tuple[tuple[str, str], ...]:
    """Each face with the text's notation, in the order of :data:`~armourpen.values.FACE_NAMES`."""
    return tuple((f, notation(vehicle.faces[f])) for f in FACE_NAMES if f in vehicle.faces)


def stated_warnings(vehicle: Vehicle) -> tuple[Caution, ...]:
    """PA-10 warnings for every face whose stated SAV disagrees with the computed one."""
    out: list[Caution] = []
    for name, plate in vehicle.faces.items():
        w = check_stated(plate, field=f"{vehicle.name} {name}")
        if w is not None:
            out.append(w)
    return tuple(out)
