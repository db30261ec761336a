"""The schema of a PEN/AV scenario file, validated with pydantic.

Each model gives its values as the plain spec of :mod:`armourpen.penav.spec` (the model named
``AttackSpec`` as :class:`armourpen.penav.spec.AttackSpec`, with the same fields), which
:func:`~armourpen.penav.spec.build` turns into frozen values; the quick parameters fill that spec
without pydantic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import (
    AllowInfNan,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
)

from armourpen.penav import spec as plain
from armourpen.validation import Name, from_validation_error

if TYPE_CHECKING:
    from armourpen.catalog import Catalog
    from armourpen.penav.model import PenavScenario

# No coercion (AP-2): a boolean or a text where a number belongs is an error, and so are inf and nan.
Number = StrictInt | Annotated[StrictFloat, AllowInfNan(False)]


def _no_bool_range(value: object) -> object:
    if isinstance(value, bool):  # `range = true` is a mistake for `contact = true`, never 1 m
        raise ValueError(plain.RANGE_NOT_BOOL)
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    SPEC: ClassVar[type[Any]]  # the plain spec with the same fields

    def to_spec(self) -> Any:
        """The same values as the plain spec (lists as tuples, inner models as their specs)."""
        fields = type(self).model_fields
        return self.SPEC(**{name: _spec_of(getattr(self, name)) for name in fields})


def _spec_of(value: Any) -> Any:
    if isinstance(value, _Strict):
        return value.to_spec()
    if isinstance(value, list):
        return tuple(_spec_of(v) for v in value)
    return value


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
    range: Annotated[StrictStr | Number | None, BeforeValidator(_no_bool_range)] = None
    contact: StrictBool = False
    from_: StrictStr = Field("front", alias="from")
    elevation: Number | None = None
    azimuth: Number = 0


class PlateSpec(_Strict):
    SPEC = plain.PlateSpec

    name: Name | None = None
    thickness_mm: Number | None = None
    sav: Number | None = None
    slope: Number = 0
    composite: StrictBool = False


class CoverSpec(_Strict):
    SPEC = plain.CoverSpec

    name: Name = "cover"
    av: Number | None = None
    sav: Number | None = None
    covers: list[StrictStr] | None = None
    thickness_mm: Number | None = None
    slope: Number | None = None
    composite: StrictBool | None = None


class ArmourSpec(_Strict):
    SPEC = plain.ArmourSpec

    name: Name = "armour"
    av: Number | None = None
    sav: Number | None = None
    rigid: StrictBool = False


class LineSpec(_Strict):
    SPEC = plain.LineSpec

    cover: Name | CoverSpec | None = None
    covers: list[StrictStr] | None = None
    target: Name | None = None
    armour: list[Name | ArmourSpec] = []
    body: Literal["human", "none"] | None = None
    vehicle: Name | None = None
    face: StrictStr | None = None
    plate: PlateSpec | None = None


class ScenarioSpec(_Strict):
    SPEC = plain.ScenarioSpec

    rules: Literal["penav"] = "penav"
    optional_rules: list[StrictStr] = []
    attack: AttackSpec
    line: list[LineSpec] = []


def parse_penav(data: Mapping[str, Any], catalog: Catalog) -> PenavScenario:
    """Validate a scenario mapping and resolve its names in ``catalog``."""
    from armourpen.reading import check_tree

    check_tree(data, limits=None)  # numbers, keys and text, wherever the mapping came from
    try:
        model = ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc, model=ScenarioSpec) from None
    return plain.build(model.to_spec(), catalog)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a PEN/AV scenario file."""
    return ScenarioSpec.model_json_schema(by_alias=True)
