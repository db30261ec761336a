"""How a PEN/AV scenario's input model becomes frozen values.

:func:`build` reads a :class:`~armourpen.penav.scenario.ScenarioSpec`, validated from a scenario
file (:func:`parse_penav`) or filled by the quick parameters (:mod:`armourpen.penav.quick`), into
the frozen :class:`~armourpen.penav.model.PenavScenario`: the scales (PA-1), ranges (PA-3),
directions (PA-9), plates (PA-10) and catalog names, with the same errors either way, which name
the scenario's keys (``line[1].armour[0]``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from armourpen.catalog.items import AmmoType, AttackProfile, Plate, RangeColumn
from armourpen.errors import MISSING, InputError, ScenarioError, UnknownNameError
from armourpen.explain import Caution, Ruling
from armourpen.penav.ammo import OPTIONAL_RULES
from armourpen.penav.model import Armour, Attack, Body, Cover, LineEntry, PenavScenario, Target
from armourpen.penav.ranges import Band, Distance, band_for
from armourpen.penav.scale import to_personal
from armourpen.penav.scenario import (
    AttackSpec,
    CoverEntry,
    CoverSpec,
    PlateSpec,
    ScenarioSpec,
    TargetEntry,
)
from armourpen.validation import MAX_PROBLEMS, from_validation_error, joined
from armourpen.values import (
    AZIMUTH,
    ELEVATION,
    HINTS,
    HORIZONTAL,
    MAX_SLOPE,
    MAX_THICKNESS_MM,
    MIN_THICKNESS_MM,
    Direction,
    check_target_names,
)

if TYPE_CHECKING:
    from armourpen.catalog import Catalog

Number = int | float


def parse_penav(data: Mapping[str, Any], catalog: Catalog) -> PenavScenario:
    """Validate a scenario mapping and resolve its names in ``catalog``; a
    :class:`armourpen.reading.CheckedTree` (what ``load_scenario`` passes) is not walked again."""
    from armourpen.reading import CheckedTree
    from armourpen.trees import check_tree

    if not isinstance(data, CheckedTree):
        check_tree(data, limits=None)  # numbers, keys and text, wherever the mapping came from
    try:
        model = ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc, model=ScenarioSpec, hints=HINTS) from None
    return build(model, catalog)


def build(spec: ScenarioSpec, catalog: Catalog) -> PenavScenario:
    """The frozen scenario the input model describes, its names resolved in ``catalog``."""
    for i, rule in enumerate(spec.optional_rules):
        if rule not in OPTIONAL_RULES:
            raise ScenarioError(f"optional_rules[{i}]", rule,
                                "allowed: " + ", ".join(sorted(OPTIONAL_RULES)))
        if rule in spec.optional_rules[:i]:
            raise ScenarioError(f"optional_rules[{i}]", rule,
                                "this rule is already on; give each optional rule once")
    try:
        attack = _attack(spec.attack, catalog)
        line = tuple([_line_entry(e, i, catalog) for i, e in enumerate(spec.line)])
    except UnknownNameError:
        _check_names(spec, catalog)  # the first problem is a name: every unknown name is told
        raise
    targets = [(i, e.name) for i, e in enumerate(line) if isinstance(e, Target)]
    if not targets:
        raise ScenarioError("line", "(no target)", "the line needs at least one target = ...")
    check_target_names(targets)
    _check_geometry(attack, line)
    notes: list[Caution] = []
    a = spec.attack
    if a.weapon is None and a.pen is not None and a.range_column is None:
        notes.append(Caution(Ruling.PA_4, "attack.range_column not given, so none: no range modifier "
                             "applies (give handgun or rifle for a firearm)"))
    angles = [k for k, given in (("elevation", a.elevation is not None), ("azimuth", a.azimuth != 0))
              if given]
    if angles and not any(e.plate is not None if isinstance(e, Cover) else
                          e.vehicle is not None or e.plate is not None for e in line):
        # said, not dropped in silence
        notes.append(Caution(Ruling.PA_10, f"attack.{' and attack.'.join(angles)} given, but the line "
                             "holds no plate or vehicle: the angles change nothing here"))
    return PenavScenario(attack, line, frozenset(spec.optional_rules), notes=tuple(notes))


def _check_names(spec: ScenarioSpec, catalog: Catalog) -> None:
    """Every catalog name the scenario gives, looked up again: the names no item has are told at
    once (AP-2), each with the closest names, up to MAX_PROBLEMS; past them only counted
    (suggesting names costs a search of the catalog)."""
    wanted: list[tuple[str, str, str]] = []  # kind, name, field
    a = spec.attack
    if a.weapon is not None:
        wanted.append(("attack", a.weapon, "attack.weapon"))
    if a.ammo is not None:
        wanted.append(("ammo", a.ammo, "attack.ammo"))
    for i, e in enumerate(spec.line):
        if isinstance(e, CoverEntry):
            if isinstance(e.cover, str):
                wanted.append(("cover", e.cover, f"line[{i}].cover"))
            continue
        if e.vehicle is not None:
            wanted.append(("vehicle", e.vehicle, f"line[{i}].vehicle"))
        wanted += [("armour", x, f"line[{i}].armour[{j}]")
                   for j, x in enumerate(e.armour) if isinstance(x, str)]
    unknown: list[InputError] = []
    more = 0
    for kind, name, field in wanted:
        if len(unknown) == MAX_PROBLEMS:
            more += int(catalog.find(name, kind) is None)
            continue
        try:
            getattr(catalog, kind)(name, field)
        except UnknownNameError as exc:
            unknown.append(exc)
        except InputError:  # another kind of problem (a cover of no value): told where it is read
            pass
    if unknown:
        raise joined(unknown, more)


def _shown(value: object) -> object:
    """A value as the scenario gave it: a list where the quick parameters gave a tuple."""
    return list(value) if isinstance(value, tuple) else value


def _frac(x: Number) -> Fraction:
    # a float as written (0.3 is 3/10); a whole number as it is, without reading its text
    return Fraction(x) if type(x) is int else Fraction(str(x))


def _directions(values: Sequence[str], field: str) -> frozenset[Direction]:
    """The directions a cover protects from (PA-9): one or more, each once. An empty list would
    leave the cover protecting from nothing, or (on a catalog item) be ignored: it is refused."""
    allowed = ("one or more of front, rear, left, right, above, below, each once (PA-9); leave "
               "covers out for the cover's own directions")
    if not values:
        raise ScenarioError(field, _shown(values), "allowed: " + allowed)
    found = [Direction.parse(v, f"{field}[{i}]") for i, v in enumerate(values)]
    for i, d in enumerate(found):
        if d in found[:i]:
            raise ScenarioError(f"{field}[{i}]", values[i],
                                f"{d.value} is listed twice; allowed: " + allowed)
    return frozenset(found)


def _one_of(field: str, personal: Number | None, structural: Number | None,
            names: tuple[str, str], required: bool = True) -> tuple[int | None, bool]:
    """A value given on the personal scale or the structural one, never both (PA-1)."""
    if personal is not None and structural is not None:
        raise ScenarioError(f"{field}.{names[1]}", structural,
                            f"give {names[0]} or {names[1]}, not both")
    if structural is not None:
        return to_personal(_frac(structural), True, f"{field}.{names[1]}"), True
    if personal is not None:
        return to_personal(_frac(personal), False, f"{field}.{names[0]}"), False
    if required:
        raise ScenarioError(field, MISSING, f"required: give {names[0]} or {names[1]}")
    return None, False


def _plate(spec: PlateSpec | CoverSpec, field: str) -> Plate:
    if spec.thickness_mm is not None and spec.sav is not None:
        raise ScenarioError(f"{field}.sav", spec.sav, "give thickness_mm or sav, not both")
    if spec.thickness_mm is None and spec.sav is None:
        raise ScenarioError(field, MISSING, "a plate needs thickness_mm or sav (PA-10)")
    slope = _frac(spec.slope or 0)
    if not 0 <= slope <= MAX_SLOPE:
        raise ScenarioError(f"{field}.slope", spec.slope, "allowed: " + HINTS["slope"])
    if spec.thickness_mm is not None and not (
            MIN_THICKNESS_MM <= spec.thickness_mm <= MAX_THICKNESS_MM):
        raise ScenarioError(f"{field}.thickness_mm", spec.thickness_mm,
                            "allowed: " + HINTS["thickness_mm"])
    if spec.sav is not None:
        to_personal(_frac(spec.sav), True, f"{field}.sav")  # range check
    return Plate(
        thickness_mm=None if spec.thickness_mm is None else _frac(spec.thickness_mm),
        sav=None if spec.sav is None else _frac(spec.sav),
        slope=slope,
        composite=bool(spec.composite),
    )


def _attack(spec: AttackSpec, catalog: Catalog) -> Attack:
    f = "attack"
    direction = Direction.parse(spec.from_, f"{f}.from")
    if spec.weapon is not None:
        for key in ("pen", "spen", "range_column", "high_velocity"):
            if getattr(spec, key) is not None:
                raise ScenarioError(f"{f}.{key}", getattr(spec, key),
                                    "not with weapon: a catalog profile sets it; drop weapon "
                                    "to describe the attack inline")
        profile = catalog.attack(spec.weapon, f"{f}.weapon")
        dc, _ = _one_of(f, spec.dc, spec.sdc, ("dc", "sdc"), required=False)
        if dc is not None:
            profile = dataclasses.replace(profile, dc=dc)
    else:
        pen, structural = _one_of(f, spec.pen, spec.spen, ("pen", "spen"))
        assert pen is not None
        column = RangeColumn(spec.range_column or "none")
        dc, _ = _one_of(f, spec.dc, spec.sdc, ("dc", "sdc"), required=False)
        profile = AttackProfile(
            name=spec.name or ("inline attack" if not structural else "inline structural attack"),
            pen=pen, range_column=column, structural=structural, dc=dc,
            high_velocity=bool(spec.high_velocity), source="scenario",
        )
    ammo: AmmoType = catalog.ammo(spec.ammo or profile.ammo, f"{f}.ammo")
    soft_point = catalog.ammo("sp", f"{f}.ammo")

    distance: Distance | None = None
    if spec.contact:
        if spec.range is not None:
            raise ScenarioError(f"{f}.range", spec.range, "not with contact = true: give one")
        band = Band.CONTACT
    else:
        if spec.range is None:
            raise ScenarioError(f"{f}.range", MISSING,
                                "required: a distance such as '150 m', or contact = true (PA-3)")
        distance = Distance.parse(spec.range, f"{f}.range")
        band = band_for(distance)

    # The angles are checked as given, before they become Fractions: a number is within whole
    # bounds exactly when its Fraction is, and a Fraction compared with an int costs far more.
    if spec.elevation is None:
        elevation = _DEFAULT_ELEVATION.get(direction, _LEVEL)
    elif ELEVATION[0] <= spec.elevation <= ELEVATION[1]:
        elevation = _frac(spec.elevation)
    else:
        raise ScenarioError(f"{f}.elevation", spec.elevation, "allowed: " + HINTS["elevation"])
    if not AZIMUTH[0] <= spec.azimuth <= AZIMUTH[1]:
        raise ScenarioError(f"{f}.azimuth", spec.azimuth, "allowed: " + HINTS["azimuth"])
    azimuth = _LEVEL if spec.azimuth == 0 else _frac(spec.azimuth)
    return Attack(profile, ammo, soft_point, band, distance, direction, elevation, azimuth)


_LEVEL = Fraction(0)
# from above the shot comes straight down, from below straight up, unless an elevation is given
_DEFAULT_ELEVATION = {Direction.ABOVE: Fraction(ELEVATION[1]), Direction.BELOW: Fraction(ELEVATION[0])}


def _line_entry(spec: CoverEntry | TargetEntry, index: int, catalog: Catalog) -> LineEntry:
    # a cover's keys and a target's are kept apart by the input model (one entry, one kind)
    f = f"line[{index}]"
    return _cover(spec, f, catalog) if isinstance(spec, CoverEntry) else _target(spec, f, catalog)


def _cover(spec: CoverEntry, f: str, catalog: Catalog) -> Cover:
    covers = _directions(spec.covers, f"{f}.covers") if spec.covers is not None else None
    if isinstance(spec.cover, str):
        item = catalog.cover(spec.cover, f"{f}.cover")
        assert item.av is not None  # the catalog refuses valueless rows (PA-13)
        return Cover(item.name, item.av, item.structural, covers or item.covers)
    c = spec.cover
    if c.covers is not None:
        if covers is not None:
            raise ScenarioError(f"{f}.covers", _shown(spec.covers), "give covers once")
        covers = _directions(c.covers, f"{f}.cover.covers")
    if c.thickness_mm is not None or c.slope is not None or c.composite is not None:
        if c.av is not None:
            raise ScenarioError(f"{f}.cover.av", c.av, "a plate takes thickness_mm or sav")
        return Cover(c.name, plate=_plate(c, f"{f}.cover"))
    av, structural = _one_of(f"{f}.cover", c.av, c.sav, ("av", "sav"))
    assert av is not None
    return Cover(c.name, av, structural, covers if covers is not None else HORIZONTAL)


def _target(spec: TargetEntry, f: str, catalog: Catalog) -> Target:
    name = spec.target
    if spec.vehicle is not None or spec.plate is not None:
        if spec.armour:
            raise ScenarioError(f"{f}.armour", _shown(spec.armour),
                                "a vehicle or plate target wears none")
        if spec.vehicle is not None and spec.plate is not None:
            raise ScenarioError(f"{f}.plate", "(given)", "give vehicle or plate, not both")
        if spec.vehicle is not None:
            vehicle = catalog.vehicle(spec.vehicle, f"{f}.vehicle")
            if spec.face is not None and spec.face not in vehicle.faces:
                raise ScenarioError(f"{f}.face", spec.face,
                                    "allowed: " + ", ".join(vehicle.faces))
            return Target(name, body=Body.NONE, vehicle=vehicle, face=spec.face)
        assert spec.plate is not None
        return Target(name, body=Body.NONE, plate=_plate(spec.plate, f"{f}.plate"))
    if spec.face is not None:
        raise ScenarioError(f"{f}.face", spec.face, "only with vehicle = ...")
    armour: list[Armour] = []
    for i, a in enumerate(spec.armour):
        af = f"{f}.armour[{i}]"
        if isinstance(a, str):
            item = catalog.armour(a, af)
            armour.append(Armour(item.name, item.av, item.rigid, item.structural))
        else:
            av, structural = _one_of(af, a.av, a.sav, ("av", "sav"))
            assert av is not None
            armour.append(Armour(a.name, av, a.rigid, structural))
    return Target(name, tuple(armour), Body(spec.body) if spec.body else Body.HUMAN)


def _check_geometry(attack: Attack, line: tuple[LineEntry, ...]) -> None:
    """Every plate and vehicle face in the line can be hit from this attack (PA-9, PA-10).

    Checked here, so that a parsed scenario always resolves: a face met at 90 degrees or more,
    or a thickness past the curve, is an input error of the scenario, not of ``resolve``.
    """
    for index, entry in enumerate(line):
        if isinstance(entry, Cover):
            if entry.plate is not None:
                from armourpen.penav.line import cover_layers

                cover_layers(entry, attack, f"line[{index}].cover")
        elif entry.vehicle is not None or entry.plate is not None:
            from armourpen.penav.line import own_layers

            own_layers(entry, attack, f"line[{index}]")
