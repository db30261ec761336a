"""The part of a GCS character file (format version 5) that armourpen reads, as pydantic models.

Every other key of the file is ignored. Two kinds of models:

- **What a shot needs** (:class:`GcsFileData`, :class:`AttributeData`) is checked strictly: a file
  whose ``version`` is not 5, whose ``hp``, ``st`` or ``ht`` has no whole ``calc.value``, or whose
  body type is not as GCS 5 writes it is refused with one error naming the file and the field.
  That is ``version``; ``attributes[]``: ``attr_id`` and ``calc.value`` of ``hp``, ``st`` and
  ``ht`` (the other attributes are never looked at); ``settings.body_type``: ``name``, ``roll``
  and ``locations[]`` with ``id`` and ``calc`` (``roll_range`` and ``dr``). A location's
  ``table_name``, ``dr_bonus`` (its natural DR, which ``calc.dr`` already holds: the skull's 2)
  and ``sub_table`` (a body type of its own) are read where they have their shape, else left out
  with a warning (see :mod:`armourpen.gcs.body`).
- **The rest** (:class:`SheetData`) is read leniently (:mod:`armourpen.gcs.lenient`): every field
  has a default, and a value of another shape is left out (see
  :func:`armourpen.gcs.traits.unread_warnings` for when that is warned about). That is
  ``profile.name``; ``traits[]`` (and their ``children``): ``name``, ``disabled``,
  ``replacements``, ``local_notes`` (or ``notes``), ``features[].type`` and ``.specialization``
  (a DR bonus's damage kind; a skill or weapon bonus writes a criterion there, ignored), and
  ``modifiers[]`` (and their ``children``): ``name``, ``disabled``, ``levels``, ``local_notes``
  (or ``notes``), ``features``; ``equipment[]`` (and their ``children``): ``description``,
  ``equipped``, ``features`` and ``modifiers``, only to see whether worn armour adds DR beside a
  Hardened trait.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
)


class _Part(BaseModel):
    # built on a sheet's first validation: a GURPS scenario without a GCS file never builds them
    model_config = ConfigDict(extra="ignore", frozen=True, defer_build=True)


# ---- what a shot needs: checked strictly ----

class AttributeCalc(_Part):
    value: StrictInt | Annotated[StrictFloat, Field(allow_inf_nan=False)]


class AttributeData(_Part):
    attr_id: StrictStr
    calc: AttributeCalc | None = None


class LocationCalc(_Part):
    roll_range: StrictStr
    # GCS leaves an empty DR map out (its body type files write no "dr" at all): no DR
    dr: dict[str, StrictInt] = Field(default_factory=dict)


class LocationData(_Part):
    id: StrictStr
    calc: LocationCalc
    # read where they have their shape, else left out with a warning (armourpen.gcs.body)
    table_name: Any = ""
    dr_bonus: Any = 0
    sub_table: Any = None


class BodyData(_Part):
    name: StrictStr = ""
    roll: StrictStr
    locations: list[LocationData] = Field(min_length=1)


class SettingsData(_Part):
    body_type: BodyData


class GcsFileData(_Part):
    version: StrictInt
    settings: SettingsData
    # each entry is looked at only for hp, st and ht (armourpen.gcs.reader)
    attributes: list[Any]


# ---- the rest: read leniently, every field with a default ----

MAX_LEVELS = 1_000  # a modifier's levels: GCS's run to a few dozen


def _whole(value: int | float) -> int | float:
    if not 0 <= value <= MAX_LEVELS or value != int(value):
        raise ValueError(f"a whole number of levels, from 0 to {MAX_LEVELS}")
    return value


class NameCriterion(_Part):
    """How a skill or weapon bonus picks what it applies to (``{"compare": "is", "qualifier": ...}``)."""

    compare: StrictStr = ""
    qualifier: StrictStr | StrictInt | StrictFloat = ""


class FeatureData(_Part):
    type: StrictStr = ""
    # a DR bonus's specialization is the damage kind it is limited to (text); a skill or weapon
    # bonus's is a criterion on the skill's specialization, which armourpen never reads
    specialization: StrictStr | NameCriterion = ""

    @property
    def dr_kind(self) -> str:
        """The damage kind a DR bonus is limited to ("" for none)."""
        return self.specialization if isinstance(self.specialization, str) else ""


class _Noted(_Part):
    # GCS writes a user's notes as ``local_notes``; files saved by earlier GCS 5 releases, ``notes``
    local_notes: StrictStr = ""
    notes_: StrictStr = Field(default="", alias="notes")

    @property
    def notes(self) -> str:
        return (self.local_notes or self.notes_).strip()


class ModifierData(_Noted):
    name: StrictStr = ""
    disabled: StrictBool = False
    levels: Annotated[
        StrictInt | Annotated[StrictFloat, Field(allow_inf_nan=False)], AfterValidator(_whole)
    ] | None = None
    features: list[FeatureData] = Field(default_factory=list)
    children: list[ModifierData] = Field(default_factory=list)


class TraitData(_Noted):
    name: StrictStr = ""
    disabled: StrictBool = False
    levels: Annotated[
        StrictInt | Annotated[StrictFloat, Field(allow_inf_nan=False)], AfterValidator(_whole)
    ] | None = None  # a leveled trait's level (Hard to Kill 2)
    replacements: dict[str, StrictStr] = Field(default_factory=dict)
    features: list[FeatureData] = Field(default_factory=list)
    modifiers: list[ModifierData] = Field(default_factory=list)
    children: list[TraitData] = Field(default_factory=list)


class EquipmentData(_Part):
    description: StrictStr = ""
    equipped: StrictBool = False
    features: list[FeatureData] = Field(default_factory=list)
    modifiers: list[ModifierData] = Field(default_factory=list)
    children: list[EquipmentData] = Field(default_factory=list)


class ProfileData(_Part):
    name: StrictStr = ""


class SheetData(_Part):
    """What armourpen reads of a file beside what a shot needs: the name, traits and equipment."""

    profile: ProfileData = ProfileData()
    traits: list[TraitData] = Field(default_factory=list)
    equipment: list[EquipmentData] = Field(default_factory=list)


