"""The one input model of a PEN/AV scenario: what a scenario file (or the quick parameters) says,
validated with pydantic, before its names are looked up.

:func:`armourpen.penav.spec.build` reads it into the frozen values of :mod:`armourpen.penav.model`.
A scenario file is validated into it; the quick parameters, checked on their own, fill it without
validation (``model_construct``), and ``build`` checks the rest of both alike. A new key is a field
here and what ``build`` makes of it in the frozen model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeAlias

from pydantic import (
    AllowInfNan,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    Tag,
)

from armourpen.validation import Name
from armourpen.values import AZIMUTH, ELEVATION, MAX_SLOPE, MAX_THICKNESS_MM, MIN_THICKNESS_MM

# No coercion (AP-2): a boolean or a text where a number belongs is an error, and so are inf and nan.
Number = StrictInt | Annotated[StrictFloat, AllowInfNan(False)]

# Numbers within the bounds of armourpen.values, so that the JSON Schema shows them too (build
# checks them again for the quick parameters, which skip validation).
Slope: TypeAlias = (Annotated[StrictInt, Field(ge=0, le=MAX_SLOPE)]
                    | Annotated[StrictFloat, Field(ge=0, le=MAX_SLOPE), AllowInfNan(False)])
Elevation: TypeAlias = (Annotated[StrictInt, Field(ge=ELEVATION[0], le=ELEVATION[1])]
                        | Annotated[StrictFloat, Field(ge=ELEVATION[0], le=ELEVATION[1]),
                                    AllowInfNan(False)])
Azimuth: TypeAlias = (Annotated[StrictInt, Field(ge=AZIMUTH[0], le=AZIMUTH[1])]
                      | Annotated[StrictFloat, Field(ge=AZIMUTH[0], le=AZIMUTH[1]),
                                  AllowInfNan(False)])
Thickness: TypeAlias = (Annotated[StrictInt, Field(ge=MIN_THICKNESS_MM, le=MAX_THICKNESS_MM)]
                        | Annotated[StrictFloat, Field(ge=MIN_THICKNESS_MM, le=MAX_THICKNESS_MM),
                                    AllowInfNan(False)])


RANGE_NOT_BOOL = ("a distance such as '150 m' (m, yd, ft, km) or a number of metres; for a weapon "
                  "touching the target, contact = true")
"""What a range that is true or false is told (``range = true`` means contact, never 1 m)."""


def _no_bool_range(value: object) -> object:
    if isinstance(value, bool):  # `range = true` is a mistake for `contact = true`, never 1 m
        raise ValueError(RANGE_NOT_BOOL)
    return value


class _Strict(BaseModel):
    # the validator is built on the first validation: the quick parameters only fill the model
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              defer_build=True)


def _empty_list() -> Any:
    """An empty list by default, made afresh: pydantic deep-copies a default ``[]`` on every
    validation that leaves the field out. The JSON Schema still shows ``"default": []``."""
    return Field(default_factory=list, json_schema_extra={"default": []})


class AttackSpec(_Strict):
    weapon: Name | None = None
    name: Name | None = None
    pen: Number | None = None
    spen: Number | None = None
    range_column: Literal["handgun", "rifle", "none"] | None = None
    dc: Number | None = None
    sdc: Number | None = None
    ammo: Name | None = None
    high_velocity: StrictBool | None = None
    range: Annotated[StrictStr | Number | None, BeforeValidator(_no_bool_range)] = Field(
        None, description=RANGE_NOT_BOOL)
    contact: StrictBool = False
    from_: StrictStr = Field("front", alias="from")
    elevation: Elevation | None = None
    azimuth: Azimuth = 0


class PlateSpec(_Strict):
    name: Name | None = None
    thickness_mm: Thickness | None = None
    sav: Number | None = None
    slope: Slope = 0
    composite: StrictBool = False


class CoverSpec(_Strict):
    name: Name = "cover"
    av: Number | None = None
    sav: Number | None = None
    covers: list[StrictStr] | None = None
    thickness_mm: Thickness | None = None
    slope: Slope | None = None
    composite: StrictBool | None = None


class ArmourSpec(_Strict):
    name: Name = "armour"
    av: Number | None = None
    sav: Number | None = None
    rigid: StrictBool = False


class CoverEntry(_Strict):
    """``cover = "catalog name"`` or ``cover = { ... }``, covering ``covers`` (PA-9)."""

    cover: Name | CoverSpec
    covers: list[StrictStr] | None = None


class TargetEntry(_Strict):
    """``target = "name"``: a person in ``armour``, a catalog ``vehicle`` or a ``plate``."""

    target: Name
    armour: list[Name | ArmourSpec] = _empty_list()
    body: Literal["human", "none"] | None = None
    vehicle: Name | None = None
    face: StrictStr | None = None
    plate: PlateSpec | None = None


def _entry_kind(value: Any) -> str | None:
    """A line entry is a cover or a target by the key it has; never both, never neither."""
    if type(value) is dict or isinstance(value, Mapping):  # a dict without the ABC's check
        cover, target = "cover" in value, "target" in value
        return None if cover == target else ("cover" if cover else "target")
    if isinstance(value, CoverEntry):
        return "cover"
    return "target" if isinstance(value, TargetEntry) else None


LineEntry = Annotated[
    Annotated[CoverEntry, Tag("cover")] | Annotated[TargetEntry, Tag("target")],
    Discriminator(_entry_kind, custom_error_type="line_entry",
                  custom_error_message="either `cover = ...` or `target = ...`, never both"),
]
"""A tagged union: the JSON Schema says what validation does, one of the two and never both."""


class ScenarioSpec(_Strict):
    rules: Literal["penav"] = "penav"
    optional_rules: list[StrictStr] = _empty_list()
    attack: AttackSpec
    line: list[LineEntry] = Field(min_length=1)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a PEN/AV scenario file."""
    return ScenarioSpec.model_json_schema(by_alias=True)
