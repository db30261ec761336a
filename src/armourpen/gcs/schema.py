"""The part of a GCS character file (format version 5) that armourpen reads, as pydantic models.

Every other key of the file is ignored. What is read, and where (the paths are the file's keys):

- ``version`` (must be 5), ``profile.name``;
- ``attributes[]``: ``attr_id`` and ``calc.value`` of ``hp``, ``st`` and ``ht``;
- ``settings.body_type``: ``name``, ``roll`` and ``locations[]`` with ``id``, ``table_name``,
  ``calc.roll_range``, ``calc.dr``, ``dr_bonus`` (the location's natural DR, which ``calc.dr``
  already holds: the skull's 2) and ``sub_table`` (a body type of its own);
- ``traits[]`` (and their ``children``): ``name``, ``disabled``, ``replacements``, ``local_notes``
  (or ``notes``), ``features[].type`` and ``.specialization`` (a DR bonus's damage kind; a
  skill or weapon bonus writes a criterion there, ignored), and ``modifiers[]`` (and their
  ``children``): ``name``, ``disabled``, ``levels``, ``local_notes`` (or ``notes``), ``features``;
- ``equipment[]`` (and their ``children``): ``equipped``, ``features`` and ``modifiers``, only to
  see whether worn armour adds DR beside a Hardened trait.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


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
    levels: StrictInt | StrictFloat | None = None
    features: list[FeatureData] = Field(default_factory=list)
    children: list[ModifierData] = Field(default_factory=list)


class TraitData(_Noted):
    name: StrictStr = ""
    disabled: StrictBool = False
    replacements: dict[str, StrictStr] = Field(default_factory=dict)
    features: list[FeatureData] = Field(default_factory=list)
    modifiers: list[ModifierData] = Field(default_factory=list)
    children: list[TraitData] = Field(default_factory=list)


class EquipmentData(_Part):
    equipped: StrictBool = False
    features: list[FeatureData] = Field(default_factory=list)
    modifiers: list[ModifierData] = Field(default_factory=list)
    children: list[EquipmentData] = Field(default_factory=list)


class AttributeCalc(_Part):
    value: StrictInt | StrictFloat


class AttributeData(_Part):
    attr_id: StrictStr
    calc: AttributeCalc | None = None


class LocationCalc(_Part):
    roll_range: StrictStr
    # GCS leaves an empty DR map out (its body type files write no "dr" at all): no DR
    dr: dict[str, StrictInt] = Field(default_factory=dict)


class LocationData(_Part):
    id: StrictStr
    table_name: StrictStr = ""
    dr_bonus: StrictInt = 0
    calc: LocationCalc
    sub_table: BodyData | None = None


class BodyData(_Part):
    name: StrictStr = ""
    roll: StrictStr
    locations: list[LocationData] = Field(min_length=1)


class SettingsData(_Part):
    body_type: BodyData


class ProfileData(_Part):
    name: StrictStr = ""


class GcsFileData(_Part):
    version: StrictInt
    profile: ProfileData = ProfileData()
    settings: SettingsData
    attributes: list[AttributeData]
    traits: list[TraitData] = Field(default_factory=list)
    equipment: list[EquipmentData] = Field(default_factory=list)
