"""Reading catalog files: the TOML schema (pydantic), its checks, and conversion to value types.

A catalog file holds arrays of tables named ``attack``, ``armour``, ``cover``, ``ammo`` and
``vehicle``. Values are written on the scale the text uses (``pen``/``av`` personal, ``spen``/``sav``
structural) and stored on the personal scale (PA-1). Every problem becomes one
:class:`~armourpen.errors.CatalogError` naming the file, the field path, the value and what is
allowed (AP-2); unknown keys are errors.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
    ValidationError,
    model_validator,
)

from armourpen.catalog.items import (
    MAX_NAME_CHARS,
    AmmoType,
    ArmourItem,
    AttackProfile,
    CatalogItem,
    CoverItem,
    Plate,
    RangeColumn,
    Vehicle,
)
from armourpen.errors import CatalogError, FileName
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.text import one_line
from armourpen.validation import KeyProblem, more_text, problems
from armourpen.values import (
    HINTS,
    HORIZONTAL,
    MAX_DISTANCE,
    MAX_PERSONAL,
    MAX_SLOPE,
    MAX_STRUCTURAL,
    MAX_THICKNESS_MM,
    MIN_THICKNESS_MM,
    BandKey,
    Direction,
    Face,
    faces_problem,
)

Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_CHARS),
    AfterValidator(one_line),
]
Number = int | float
Personal = Annotated[int, Field(ge=0, le=MAX_PERSONAL)]
Structural = Annotated[Number, Field(ge=0, le=MAX_STRUCTURAL)]
# The names as values.py defines them, taken from text (the models are strict otherwise).
DirectionName = Annotated[Direction, Strict(False)]
FaceName = Annotated[Face, Strict(False)]
Thickness = Annotated[Number, Field(ge=MIN_THICKNESS_MM, le=MAX_THICKNESS_MM)]
ArmourKind = Literal["armour", "vest", "helmet", "shield", "plate", "material", "class"]


def exact(x: Number) -> Fraction:
    """A TOML number as an exact fraction (52.5 stays 105/2)."""
    return Fraction(str(x)) if isinstance(x, float) else Fraction(x)


def _whole_personal(x: Number | None, key: str) -> None:
    if x is not None and (exact(x) * 5).denominator != 1:
        raise KeyProblem(
            f"{key} = {x} is {float(exact(x) * 5):g} on the personal scale; PA-1 compares whole "
            "numbers, so a structural value must be a multiple of 0.2",
            key,
        )


def _one_of(model: BaseModel, keys: Sequence[str], what: str) -> None:
    given = [k for k in keys if getattr(model, k) is not None]
    if len(given) != 1:
        shown = " or ".join(f"`{k}`" for k in keys)
        if given:
            raise KeyProblem(f"give {what} once: {shown}, not " + " and ".join(given), given[-1])
        raise KeyProblem(f"{what} is missing: give {shown}")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Named(_Model):
    name: Name
    aliases: list[Name] = []
    note: str = ""


class AttackModel(_Named):
    """``[[attack]]``: one attack profile (PA-4, PA-6, PA-13)."""

    pen: Personal | None = None
    spen: Structural | None = None
    range_column: Literal["handgun", "rifle", "none"]
    dc: Annotated[int, Field(ge=0, le=MAX_PERSONAL)] | None = None
    sdc: Structural | None = None
    ammo: Name = "ball"
    high_velocity: bool = False
    tied_range_m: Annotated[int, Field(gt=0, le=MAX_DISTANCE)] | None = None
    reach: BandKey | None = None
    reach_note: str = ""

    @model_validator(mode="after")
    def _check(self) -> AttackModel:
        _one_of(self, ("pen", "spen"), "the attack's penetration")
        if self.reach is None and self.reach_note:
            raise KeyProblem("`reach_note` says where `reach` comes from: give `reach` too",
                             "reach_note")
        _whole_personal(self.spen, "spen")
        _whole_personal(self.sdc, "sdc")
        if self.dc is not None and self.sdc is not None:
            raise KeyProblem("give `dc` or `sdc`, not both", "sdc")
        return self


class ArmourModel(_Named):
    """``[[armour]]``: worn armour, a helmet, shield, plate or material."""

    av: Personal | None = None
    sav: Structural | None = None
    kind: ArmourKind = "armour"
    rigid: bool = False
    thickness_mm: Annotated[Number, Field(gt=0, le=100_000)] | None = None

    @model_validator(mode="after")
    def _check(self) -> ArmourModel:
        _one_of(self, ("av", "sav"), "the armour value")
        _whole_personal(self.sav, "sav")
        return self


class CoverModel(_Named):
    """``[[cover]]``: a piece of cover; ``unknown_av = true`` marks a row without a value (PA-13)."""

    av: Personal | None = None
    sav: Structural | None = None
    unknown_av: bool = False
    covers: Annotated[list[DirectionName], Field(min_length=1)] | None = None

    @model_validator(mode="after")
    def _check(self) -> CoverModel:
        if self.unknown_av:
            if self.av is not None or self.sav is not None:
                raise KeyProblem("`unknown_av = true` and an AV contradict each other", "unknown_av")
        else:
            _one_of(self, ("av", "sav"), "the cover's armour value (or `unknown_av = true`)")
        _whole_personal(self.sav, "sav")
        if self.covers is not None and len(set(self.covers)) != len(self.covers):
            raise KeyProblem("`covers` lists a direction twice", "covers")
        return self


class AmmoModel(_Named):
    """``[[ammo]]``: an ammunition type (PA-6)."""

    pen_mod: Annotated[int, Field(ge=-MAX_PERSONAL, le=MAX_PERSONAL)] = 0
    dc_mod: Annotated[int, Field(ge=-MAX_PERSONAL, le=MAX_PERSONAL)] = 0


class PlateModel(_Model):
    """``[vehicle.faces.<face>]``: a plate with actual thickness or SAV, slope and composition."""

    thickness_mm: Thickness | None = None
    sav: Structural | None = None
    slope: Annotated[Number, Field(ge=0, le=MAX_SLOPE)] = 0
    composite: bool = False
    stated_sav: Structural | None = None
    source: str = ""  # optional, so that catalogs written before it still load
    note: str = ""

    @model_validator(mode="after")
    def _check(self) -> PlateModel:
        _one_of(self, ("thickness_mm", "sav"), "the plate's armour")
        return self


class VehicleModel(_Named):
    """``[[vehicle]]``: a vehicle with named faces."""

    faces: Annotated[dict[FaceName, PlateModel], Field(min_length=1)]
    extra: dict[str, str] = {}

    @model_validator(mode="after")
    def _check(self) -> VehicleModel:
        names = [f.value for f in self.faces]
        problem = faces_problem(names)
        if problem is not None:
            raise KeyProblem(problem, "faces", ", ".join(names))
        return self


class CatalogFileModel(_Model):
    """A whole catalog file."""

    attack: list[AttackModel] = []
    armour: list[ArmourModel] = []
    cover: list[CoverModel] = []
    ammo: list[AmmoModel] = []
    vehicle: list[VehicleModel] = []


@dataclass(frozen=True, slots=True)
class CatalogData:
    """The items of one file, as value types, in file order, by kind."""

    origin: str
    attack: tuple[AttackProfile, ...] = ()
    armour: tuple[ArmourItem, ...] = ()
    cover: tuple[CoverItem, ...] = ()
    ammo: tuple[AmmoType, ...] = ()
    vehicle: tuple[Vehicle, ...] = ()

    def by_kind(self) -> dict[str, tuple[CatalogItem, ...]]:
        # Ammo first so that attacks in the same file may name it.
        return {
            "ammo": self.ammo,
            "attack": self.attack,
            "armour": self.armour,
            "cover": self.cover,
            "vehicle": self.vehicle,
        }


# --- reading ---------------------------------------------------------------------------------


USER_FOLDER = "user catalog folder"  # the field a file found there is refused under


def read_file(
    path: str | Path, *, source: str | None = None, limits: Limits = DEFAULT_LIMITS,
    found: bool = False,
) -> CatalogData:
    """Read and validate one catalog TOML file (a regular file within the size cap); ``found``:
    it was not named by the user but found in the user catalog folder (so messages say that)."""
    from armourpen.reading import parse_toml, read_text

    origin = str(path)
    field = USER_FOLDER if found else "catalog"
    text = read_text(path, field=field, error=CatalogError, limits=limits)
    if Path(path).suffix.lower() != ".toml":  # a .json catalog would be "not valid TOML"
        allowed = "allowed: a .toml file (catalog files are TOML)"
        if found:  # the user did not name it: say why it was read at all
            allowed += ("; every *.toml and *.json file in that folder is read as a catalog: "
                        "move any other file out of it")
        raise CatalogError(field, FileName(origin), allowed)
    data = parse_toml(text, field=field, source=origin, prefix=f"{origin}: ",
                      error=CatalogError, limits=limits)
    return parse_mapping(data, origin=origin, source=origin if source is None else source)


def parse_mapping(data: Mapping[str, Any], *, origin: str, source: str) -> CatalogData:
    """Validate a parsed catalog mapping and convert it to value types."""
    try:
        model = CatalogFileModel.model_validate(data)
    except ValidationError as exc:
        raise _to_catalog_error(exc, data, origin) from None
    return CatalogData(
        origin=origin,
        attack=tuple(_attack(m, source) for m in model.attack),
        armour=tuple(_armour(m, source) for m in model.armour),
        cover=tuple(_cover(m, source) for m in model.cover),
        ammo=tuple(_ammo(m, source) for m in model.ammo),
        vehicle=tuple(_vehicle(m, source) for m in model.vehicle),
    )


# --- conversion ------------------------------------------------------------------------------


def _personal(pen: int | None, spen: Number | None) -> int:
    if pen is not None:
        return pen
    assert spen is not None  # the validator requires one of them
    return int(exact(spen) * 5)


def _attack(m: AttackModel, source: str) -> AttackProfile:
    dc = m.dc if m.sdc is None else int(exact(m.sdc) * 5)
    return AttackProfile(
        name=m.name,
        pen=_personal(m.pen, m.spen),
        range_column=RangeColumn(m.range_column),
        structural=m.spen is not None,
        dc=dc,
        ammo=m.ammo,
        high_velocity=m.high_velocity,
        tied_range_m=m.tied_range_m,
        aliases=tuple(m.aliases),
        note=m.note,
        source=source,
        reach=m.reach,
        reach_note=m.reach_note,
    )


def _armour(m: ArmourModel, source: str) -> ArmourItem:
    return ArmourItem(
        name=m.name,
        av=_personal(m.av, m.sav),
        structural=m.sav is not None,
        rigid=m.rigid,
        kind=m.kind,
        thickness_mm=None if m.thickness_mm is None else exact(m.thickness_mm),
        aliases=tuple(m.aliases),
        note=m.note,
        source=source,
    )


def _cover(m: CoverModel, source: str) -> CoverItem:
    covers = HORIZONTAL if m.covers is None else frozenset(m.covers)
    return CoverItem(
        name=m.name,
        av=None if m.unknown_av else _personal(m.av, m.sav),
        structural=m.sav is not None,
        covers=covers,
        aliases=tuple(m.aliases),
        note=m.note,
        source=source,
    )


def _ammo(m: AmmoModel, source: str) -> AmmoType:
    return AmmoType(
        name=m.name,
        pen_mod=m.pen_mod,
        dc_mod=m.dc_mod,
        aliases=tuple(m.aliases),
        note=m.note,
        source=source,
    )


def _plate(m: PlateModel) -> Plate:
    return Plate(
        thickness_mm=None if m.thickness_mm is None else exact(m.thickness_mm),
        sav=None if m.sav is None else exact(m.sav),
        slope=exact(m.slope),
        composite=m.composite,
        stated_sav=None if m.stated_sav is None else exact(m.stated_sav),
        source=m.source,
        note=m.note,
    )


def _vehicle(m: VehicleModel, source: str) -> Vehicle:
    return Vehicle(
        name=m.name,
        faces=types.MappingProxyType({face.value: _plate(p) for face, p in m.faces.items()}),
        aliases=tuple(m.aliases),
        note=m.note,
        source=source,
        extra=types.MappingProxyType(dict(m.extra)),
    )


# --- errors ----------------------------------------------------------------------------------


def _path(loc: Sequence[int | str], data: Mapping[str, Any]) -> str:
    out = ""
    node: Any = data
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
            try:
                node = node[part]
            except (IndexError, KeyError, TypeError):
                node = None
            if i == 1 and isinstance(node, Mapping) and isinstance(node.get("name"), str):
                out += f" ({node['name']!r})"
        else:
            out += ("." if out else "") + part
            node = node.get(part) if isinstance(node, Mapping) else None
    return out


def _to_catalog_error(exc: ValidationError, data: Mapping[str, Any], origin: str) -> CatalogError:
    found, more = problems(exc, CatalogFileModel, HINTS)
    errors = []
    for i, p in enumerate(found):
        where = _path(p.loc, data)
        last = i == len(found) - 1
        errors.append(CatalogError(f"{origin}: {where}" if where else origin, p.value,
                                   p.allowed + more_text(more) * last))
    first, *also = errors
    return CatalogError(first.field, first.value, first.allowed, also=also)


__all__ = [
    "AmmoModel",
    "ArmourModel",
    "AttackModel",
    "CatalogData",
    "CatalogFileModel",
    "CoverModel",
    "PlateModel",
    "VehicleModel",
    "exact",
    "parse_mapping",
    "read_file",
]
