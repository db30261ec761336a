"""The schema of a PEN/AV scenario file, validated with pydantic.

Each model has the fields of the plain spec of its name in :mod:`armourpen.penav.spec` (the model
``AttackSpec`` those of :class:`armourpen.penav.spec.AttackSpec`, lists where the spec has
tuples), and :func:`~armourpen.penav.spec.build` reads the validated model into frozen values as
it reads a plain spec, which the quick parameters fill without pydantic. A line entry is a cover
entry or a target entry, where the spec has one ``LineSpec``: each holds the other's fields as
class attributes, empty, as a ``LineSpec`` of its kind does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias

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
    ValidationError,
)

from armourpen.penav import spec as plain
from armourpen.validation import Name, from_validation_error
from armourpen.values import AZIMUTH, ELEVATION, HINTS, MAX_SLOPE, MAX_THICKNESS_MM, MIN_THICKNESS_MM

if TYPE_CHECKING:
    from armourpen.catalog import Catalog
    from armourpen.penav.model import PenavScenario

# No coercion (AP-2): a boolean or a text where a number belongs is an error, and so are inf and nan.
Number = StrictInt | Annotated[StrictFloat, AllowInfNan(False)]

# Numbers within the bounds of armourpen.values, so that the JSON Schema shows them too (the spec's
# build checks them again for the quick parameters, which skip pydantic).
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


def _no_bool_range(value: object) -> object:
    if isinstance(value, bool):  # `range = true` is a mistake for `contact = true`, never 1 m
        raise ValueError(plain.RANGE_NOT_BOOL)
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    SPEC: ClassVar[type[Any]]  # the plain spec with the same fields

    def to_spec(self) -> Any:
        """The plain spec of the same values (lists as tuples, inner models as their specs): what
        the quick parameters fill for the same scenario. :func:`parse_penav` needs none, for
        :func:`~armourpen.penav.spec.build` reads the model itself."""
        return self.SPEC(**{name: _spec_of(v) for name, v in self.__dict__.items()})


def _spec_of(value: Any) -> Any:
    if isinstance(value, list):
        return tuple([_spec_of(v) for v in value])
    return value.to_spec() if isinstance(value, _Strict) else value


def _empty_list() -> Any:
    """An empty list by default, made afresh: pydantic deep-copies a default ``[]`` on every
    validation that leaves the field out. The JSON Schema still shows ``"default": []``."""
    return Field(default_factory=list, json_schema_extra={"default": []})


class AttackSpec(_Strict):
    SPEC = plain.AttackSpec

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
        None, description=plain.RANGE_NOT_BOOL)
    contact: StrictBool = False
    from_: StrictStr = Field("front", alias="from")
    elevation: Elevation | None = None
    azimuth: Azimuth = 0


class PlateSpec(_Strict):
    SPEC = plain.PlateSpec

    name: Name | None = None
    thickness_mm: Thickness | None = None
    sav: Number | None = None
    slope: Slope = 0
    composite: StrictBool = False


class CoverSpec(_Strict):
    SPEC = plain.CoverSpec

    name: Name = "cover"
    av: Number | None = None
    sav: Number | None = None
    covers: list[StrictStr] | None = None
    thickness_mm: Thickness | None = None
    slope: Slope | None = None
    composite: StrictBool | None = None


class ArmourSpec(_Strict):
    SPEC = plain.ArmourSpec

    name: Name = "armour"
    av: Number | None = None
    sav: Number | None = None
    rigid: StrictBool = False


class CoverEntry(_Strict):
    """``cover = "catalog name"`` or ``cover = { ... }``, covering ``covers`` (PA-9)."""

    SPEC = plain.LineSpec

    cover: Name | CoverSpec
    covers: list[StrictStr] | None = None

    # a target entry's fields, as a cover's LineSpec holds them
    target: ClassVar[None] = None
    armour: ClassVar[tuple[()]] = ()
    body: ClassVar[None] = None
    vehicle: ClassVar[None] = None
    face: ClassVar[None] = None
    plate: ClassVar[None] = None


class TargetEntry(_Strict):
    """``target = "name"``: a person in ``armour``, a catalog ``vehicle`` or a ``plate``."""

    SPEC = plain.LineSpec

    target: Name
    armour: list[Name | ArmourSpec] = _empty_list()
    body: Literal["human", "none"] | None = None
    vehicle: Name | None = None
    face: StrictStr | None = None
    plate: PlateSpec | None = None

    # a cover entry's fields, as a target's LineSpec holds them
    cover: ClassVar[None] = None
    covers: ClassVar[None] = None


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
    SPEC = plain.ScenarioSpec

    rules: Literal["penav"] = "penav"
    optional_rules: list[StrictStr] = _empty_list()
    attack: AttackSpec
    line: list[LineEntry] = Field(min_length=1)


def parse_penav(data: Mapping[str, Any], catalog: Catalog) -> PenavScenario:
    """Validate a scenario mapping and resolve its names in ``catalog``; a
    :class:`armourpen.reading.CheckedTree` (what ``load_scenario`` passes) is not walked again."""
    from armourpen.reading import CheckedTree, check_tree

    if not isinstance(data, CheckedTree):
        check_tree(data, limits=None)  # numbers, keys and text, wherever the mapping came from
    try:
        model = ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc, model=ScenarioSpec, hints=HINTS) from None
    return plain.build(model, catalog)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a PEN/AV scenario file."""
    return ScenarioSpec.model_json_schema(by_alias=True)
