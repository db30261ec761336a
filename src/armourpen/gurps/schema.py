"""The schema of a GURPS scenario file, validated with pydantic, and its JSON Schema export.

Unknown keys are forbidden. The names a file may write (hit locations, kinds of Injury Tolerance)
are the lists of :mod:`armourpen.gurps.choices`; a location is validated into a
:class:`~armourpen.gurps.locations.Location` (or ``"random"``). :mod:`armourpen.gurps.scenario`
reads the validated models into frozen values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    GetPydanticSchema,
    JsonValue,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    Tag,
)

from armourpen.gurps.attack_roll import MAX_SKILL, MIN_SKILL
from armourpen.gurps.choices import ATTACK_LOCATIONS, HIT_LOCATIONS, INJURY_TOLERANCES
from armourpen.gurps.condition import FITNESS, MAX_HT, MAX_LEVEL, MIN_HT
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance
from armourpen.gurps.dice import MAX_SEED
from armourpen.gurps.explosion import ENVIRONMENT_NAMES, POSTURES, SITUATIONS
from armourpen.gurps.layers import ABLATIONS
from armourpen.gurps.locations import RANDOM, Location, Random
from armourpen.gurps.materials import GRADES, MATERIALS, MAX_INCHES
from armourpen.gurps.objects import CONSTRUCTIONS, MAX_AREA
from armourpen.gurps.occupants import MAX_OCCUPANTS, MAX_SM, MIN_SM
from armourpen.gurps.projectiles import AXB, MAX_SHOTS
from armourpen.gurps.traits import MAX_HARDENED
from armourpen.validation import Name

JsonDict = dict[str, JsonValue]

_SHOTS: JsonDict = {"anyOf": [  # what the reader takes (GU-19, GU-20), but for A x B's bound
    {"type": "integer", "minimum": 1, "maximum": MAX_SHOTS},
    {"type": "string", "pattern": f"^(?:{AXB}|\\s*[0-9]{{1,6}}\\s*)$"},
    {"type": "null"}]}


def _one_of(name: str, doc: str, values: tuple[str, ...], read: Callable[[str], Any]) -> Any:
    """Validate, and describe in the JSON Schema, a value as a string enum called ``name`` of
    ``values`` would (its error lists ``values``), then ``read`` it into the rule set's value."""
    # mypy reads the functional API of enums only with literal arguments
    names: type[StrEnum] = StrEnum(name, [(v.upper(), v) for v in values])  # type: ignore[misc]
    names.__doc__ = doc  # the schema's description
    return (GetPydanticSchema(lambda _type, handler: handler(names)),
            BeforeValidator(lambda n: _any_case(n, values)),
            AfterValidator(lambda n: read(str(n))))


def _any_case(given: object, values: tuple[str, ...]) -> object:
    """``"Torso"`` read as ``"torso"``: names match in any case, as materials and weapons do; a
    value that matches none is left as typed, for its error to name."""
    if isinstance(given, str) and given not in values and given.lower() in values:
        return given.lower()
    return given


def _aimed(name: str) -> Location | Random:
    return RANDOM if name == RANDOM else Location(name)


LocationName = Annotated[Location | Random, *_one_of(
    "LocationName", 'Hit locations as scenario files write them: every :class:`Location`, or '
    '"random" (GU-10).', ATTACK_LOCATIONS, _aimed)]
HumanoidLocation = Annotated[Location, *_one_of(
    "HumanoidLocation", "The hit locations of a humanoid target (GU-4, GU-10), as a table of DR "
    "by location names\nthem.", HIT_LOCATIONS, Location)]
ToleranceName = Annotated[str, *_one_of(
    "ToleranceName", "Every kind of Injury Tolerance a target may list (GU-4, GU-14).",
    INJURY_TOLERANCES, str)]
Tolerances = ToleranceName | list[ToleranceName]


# The models' class names are the keys of the published JSON Schema's definitions ($defs): kept
# as they are; the reader's callers know them by the public names below the models.


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


_Skill = Annotated[StrictInt, Field(ge=MIN_SKILL, le=MAX_SKILL)]
_SKILL = ("the shooter's effective skill against the target aimed at, every modifier but the "
          "people in the way (who is hit, GU-15, GU-16); without it each target's hit_chance "
          "counts (GU-8)")
_CARD_SKILL = ("the shooter's effective skill against this target (GU-16; the attack's skill when "
               "left out): a miss or a shot past a hit target hits it on the lower of 9 and this")
_OBSCURES = ("whether this target costs -4 to a shot past it at a target behind (GU-16); false "
             "for a prone, kneeling or much smaller person")
_BEHIND = ("immediately behind the target card in front of it: hit without a roll when that one "
           "is hit (GU-8, GU-16)")
_INSIDE = "the name of the cover card (a vehicle or building, before this card) it sits in (GU-17)"
_DISTANCE = StrictInt | StrictFloat | StrictStr  # read as a distance by the reader (GU-23)
_HALF_DAMAGE_RANGE = ("the weapon's 1/2D range (GU-23): yards, or a distance such as '50 yd' "
                      "(units yd, m, ft, km)")
_RANGE = ("how far the target is from the shooter (GU-23): yards, or a distance such as '60 yd' "
          "(units yd, m, ft, km); on the first target card, which decides the shot's damage")


class _Attack(_Model):
    damage: str
    roll: StrictInt | None = None
    seed: StrictInt | None = Field(default=None, ge=0, le=MAX_SEED)
    ranged: StrictBool = True
    location: LocationName = Location.TORSO
    skill: _Skill | None = Field(default=None, description=_SKILL)
    aim: Name | None = Field(default=None, description=(
        "the name of the target aimed at (GU-16); the first target card when left out"))
    attack_roll: StrictInt | None = Field(default=None, ge=3, le=18, description=(
        "a fixed 3d attack roll (GU-15); rolled from the seed when left out"))
    half_damage_range: _DISTANCE | None = Field(default=None, description=_HALF_DAMAGE_RANGE)
    shots: StrictInt | StrictStr | None = Field(default=None, json_schema_extra=_SHOTS,
                                                description=(
        "a burst (GU-19): the shots fired, a whole number from 1 to 10,000, or \"AxB\" for A "
        "shots of B projectiles (a shotgun's \"3x9\", GU-20); with skill and rcl"))
    rcl: StrictInt | None = Field(default=None, ge=1, description=(
        "the weapon's Recoil, 1 or more: a hit lands 1 more shot per full Rcl of margin (GU-19)"))
    rolls: list[StrictInt] | None = Field(default=None, description=(
        "a burst's damage rolls, in order, one per landed shot (GU-19); the rest are rolled"))
    fragments: StrictStr | None = Field(default=None, description=(
        "an explosion's fragments (GU-22): their damage, cutting when no type is given "
        "(\"2d\"); or in the damage's bracket (\"6dx2 cr ex [2d cut]\")"))
    environment: Literal[*ENVIRONMENT_NAMES] | None = Field(  # type: ignore[valid-type]
        default=None, description="where an explosion goes off (GU-21): air (the default), "
        "water or vacuum")
    airburst: StrictBool | None = Field(default=None, description=(
        "an explosion in the air: its fragments ignore the targets' posture (GU-22)"))


class _GcsAttack(_Model):
    """An attack taken from a weapon of a GCS character file; each key beside ``gcs`` overrides
    the sheet's."""

    gcs: Any = Field(json_schema_extra={
        "anyOf": [{"type": "string"}, {"type": "object"}],
        "description": "the shooter's GCS character file (.gcs), relative to the scenario file, "
                       "or its JSON",
    })  # checked by the GCS reader: a path, the file's JSON, or (from Python) a GcsCharacter
    gcs_name: Name | None = Field(default=None, description=(
        "the name of the file whose JSON gcs holds (e.g. Agent.gcs), which the steps then name; "
        "only with gcs as JSON (a path names its file already)"))
    weapon: StrictStr = Field(min_length=1, description=(
        "the name or description of the trait, equipment, skill or spell that carries the "
        "weapon, or the weapon's id"))
    usage: StrictStr | None = Field(default=None, min_length=1, description=(
        "the weapon's usage (Swing, Burst, ...), where it has several"))
    damage: StrictStr | None = Field(default=None, description="damage instead of the sheet's")
    roll: StrictInt | None = None
    seed: StrictInt | None = Field(default=None, ge=0, le=MAX_SEED)
    ranged: StrictBool | None = Field(default=None, description=(
        "a ranged attack (GU-5); by default as the sheet lists the weapon: ranged or melee"))
    location: LocationName = Location.TORSO
    half_damage_range: _DISTANCE | None = Field(default=None, description=(
        _HALF_DAMAGE_RANGE + "; by default the sheet's"))
    skill: _Skill | None = Field(default=None, description=_SKILL + "; by default the sheet's "
                                 "(calc.level)")
    aim: Name | None = Field(default=None, description=(
        "the name of the target aimed at (GU-16); the first target card when left out"))
    attack_roll: StrictInt | None = Field(default=None, ge=3, le=18, description=(
        "a fixed 3d attack roll (GU-15); rolled from the seed when left out"))
    shots: StrictInt | StrictStr | None = Field(default=None, json_schema_extra=_SHOTS,
                                                description=(
        "a burst (GU-19, GU-20): the shots fired, as for a typed attack; by default the sheet's "
        "RoF (a RoF of 1 is a single shot)"))
    rcl: StrictInt | None = Field(default=None, ge=1, description=(
        "the weapon's Recoil, 1 or more (GU-19); by default the sheet's Rcl"))
    rolls: list[StrictInt] | None = Field(default=None, description=(
        "a burst's damage rolls, in order, one per landed shot (GU-19); the rest are rolled"))


_Number = StrictInt | StrictFloat
# GU-26, GU-27: what is left after the shot
_HP_LEFT = ("HP before the shot (GU-26, GU-27): at most its HP and at least -10 x HP; its HP when "
            "left out")
_Ht = Annotated[StrictInt, Field(ge=MIN_HT, le=MAX_HT)]
_Level = Annotated[StrictInt, Field(ge=0, le=MAX_LEVEL)]


class _Building(_Model):
    """A building's HP from its size and construction (GU-26)."""

    area: Annotated[_Number, Field(gt=0, le=MAX_AREA)] = Field(description=(
        "its floor area in square feet"))
    built: StrictStr = Field(description="how it is built: one of " + ", ".join(CONSTRUCTIONS))


class _Vitals(_Model):
    """A target card's keys for what is left of it (GU-27)."""

    hp_left: StrictInt | None = Field(default=None, description=_HP_LEFT)
    ht: _Ht | None = Field(default=None, description=(
        "HT for the consciousness roll and death checks (GU-27); 10 when left out"))
    hard_to_kill: _Level | None = Field(default=None, description="Hard to Kill: + on death "
                                        "checks (GU-27)")
    hard_to_subdue: _Level | None = Field(default=None, description="Hard to Subdue: + on the "
                                          "consciousness roll (GU-27)")
    easy_to_kill: _Level | None = Field(default=None, description="Easy to Kill: - on death "
                                        "checks (GU-27)")
    fitness: Literal[*FITNESS] | None = Field(  # type: ignore[valid-type]
        default=None, description="Very Fit +2, Fit +1, Unfit -1, Very Unfit -2 on both rolls "
        "(GU-27)")
_MATERIAL = ("cover by material (GU-18), case-insensitive: one of " + ", ".join(MATERIALS)
             + "; with inches, instead of dr")


def _one_dr(value: object) -> object:
    """A cover card keeps one DR (GU-28): a list of layers there is refused by name."""
    if isinstance(value, list):
        raise ValueError("one whole number of 0 or more: a cover card keeps one DR (layers of "
                         "DR are a target card's, GU-28)")
    return value


class _CoverSpec(_Model):
    name: Name | None = Field(default=None, description="its name; the material's when left out")
    dr: Annotated[StrictInt | None, BeforeValidator(_one_dr)] = Field(
        default=None, ge=0, description="its DR: a whole number of 0 or more (or material and "
        "inches, GU-18)")
    dr_back: StrictInt | None = Field(default=None, ge=0)
    hp: StrictInt | None = Field(default=None, ge=0)
    slab: StrictBool = False
    injury_tolerance: InjuryTolerance | None = None
    occupants: StrictInt | None = Field(default=None, ge=1, le=MAX_OCCUPANTS, description=(
        "how many people a vehicle or building holds (GU-17); the cards inside it when left out"))
    sm: StrictInt | None = Field(default=None, ge=MIN_SM, le=MAX_SM, description=(
        "the Size Modifier of a vehicle or building, for the Occupant Hit Table (GU-17)"))
    material: str | None = Field(default=None, description=_MATERIAL)
    inches: Annotated[_Number, Field(gt=0, le=MAX_INCHES)] | StrictStr | None = Field(
        default=None, description="the thickness of a material cover, in inches (GU-18), or with "
        "a unit: '15 cm', '150 mm', '6 in', '1.5 ft'")
    grade: Literal[*GRADES] | None = Field(default=None, description=(  # type: ignore[valid-type]
        "the end of the material's DR range: low (the default) or high (GU-18)"))
    dr_per_inch: Annotated[_Number, Field(ge=0)] | None = Field(default=None, description=(
        "DR per inch within the material's range (GU-18)"))
    hp_left: StrictInt | None = Field(default=None, description=_HP_LEFT)
    ht: _Ht | None = Field(default=None, description=(
        "its HT (GU-26): 10 for a machine, 12 for a Homogenous object when left out"))
    building: _Building | None = Field(default=None, description=(
        "a building's HP from { area = square feet, built = \"brick\" } (GU-26), instead of hp"))


_Dr = Annotated[StrictInt, Field(ge=0)]


class LayerSpec(_Model):
    """One layer of a target card's DR (GU-28), outermost first."""


    dr: _Dr = Field(description="the layer's DR, 0 or more")
    hardened: StrictInt = Field(default=0, ge=0, le=MAX_HARDENED, description=(
        "Hardened levels of this layer alone (GU-14): each steps the armour divisor down once"))
    flexible: StrictBool = Field(default=False, description=(
        "flexible armour: blunt trauma (GU-9) when every layer that stopped the blow is flexible"))
    crushing: _Dr | None = Field(default=None, description=(
        "a split DR (armour written 4/2): this DR against crushing damage, dr against the rest"))
    ablation: Literal[*ABLATIONS] | None = Field(  # type: ignore[valid-type]
        default=None, description="ablative (loses 1 DR per point of basic damage it stops) or "
        "semi-ablative (1 DR per full 10 points of basic damage that strike it)")


_Layers = Annotated[list[LayerSpec], Field(min_length=1)]
DrByLocation = dict[HumanoidLocation, _Dr | _Layers]
_DR = ("DR where the shot enters: a whole number of 0 or more for every location, or a table of DR "
       f"by hit location ({', '.join(HIT_LOCATIONS)}; e.g. {{ torso = 8, vitals = 8, groin = 8 }}, "
       "a location it does not list has DR 0), or a list of layers outermost first, alone or as a "
       "table's entry (GU-28: [{ dr = 20, hardened = 1 }, { dr = 20, flexible = true }])")
_DR_BACK = ("DR where the shot leaves (GU-6), as dr: a whole number of 0 or more for every location, "
            "or a table of DR by hit location; the same as dr when left out")
_TOLERANCE = ("the kind of Injury Tolerance: one of " + ", ".join(INJURY_TOLERANCES)
              + ', or a list of several (e.g. ["homogenous", "no_brain"])')


_LOCATION_ROLL = ("the GM's own roll on the target's hit location table (GU-10), which replaces the "
                  "random roll: 3 to 18 on the humanoid table (a file's body: its dice); only with "
                  "a random location")
_HIGH_PAIN = ("High Pain Threshold (Basic Set p. 59): no shock penalties (GU-11), +3 on the HT roll "
              "against knockdown and stunning (GU-12)")
_LOW_PAIN = ("Low Pain Threshold (Basic Set p. 142): shock penalties doubled, at worst -8 (GU-11), "
             "-4 on the HT roll against knockdown and stunning (GU-12)")


class _AroundBlast(_Vitals):
    """Where a target card stands in an explosion (GU-21, GU-22), typed or from a GCS file."""

    distance: _DISTANCE | None = Field(default=None, description=(
        "in an explosion: yards from its centre (GU-21), or a distance such as '3 yd', '3 m'"))
    posture: Literal[*POSTURES] | None = Field(  # type: ignore[valid-type]
        default=None, description="in an explosion: the target's posture, for the fragments "
        "(GU-22); standing when left out")
    sm: StrictInt | None = Field(default=None, ge=-10, le=30, description=(
        "in an explosion: the target's Size Modifier, for the fragments (GU-22); 0 when left out"))
    situation: Literal[*SITUATIONS] | None = Field(  # type: ignore[valid-type]
        default=None, description="in an explosion (GU-21): caught in it (the default), struck "
        "directly, threw_self (threw himself on the explosive) or inside (it went off inside him: "
        "an attack on the vitals, no DR, no cover; one target at most, and none threw_self)")
    cover: list[_CoverSpec] | None = Field(default=None, description=(
        "in an explosion: the cover between the blast and this target (GU-21), each as a cover "
        "card's cover"))


_DEFENSE = ("the card's active defense when the attack roll hits it (GU-24): kind dodge, block "
            "or parry, level (every modifier but the shield's DB; beside gcs, the sheet's when "
            "left out) and roll (a given 3d, 3 to 18; rolled when left out); only with "
            "attack.skill, on the card aimed at")
_SHIELD = ("the card's shield (GU-25): a name of the Basic Set's table (armourpen catalog list "
           "shields), or { db, dr, hp } or { name }, with location_roll: the 1d (1 to 6) of a "
           "blow that punched through (1-2 the shield arm, 3-6 the location aimed at)")


class _DefenseSpec(_Model):
    kind: StrictStr
    level: StrictInt | None = None
    roll: StrictInt | None = None


class _ShieldSpec(_Model):
    name: StrictStr | None = None
    db: StrictInt | None = None
    dr: StrictInt | None = None
    hp: StrictInt | None = None
    location_roll: StrictInt | None = None


class _Defends(_Model):
    """A target card's defense and shield (GU-24, GU-25), typed or beside a GCS file."""

    defense: _DefenseSpec | None = Field(default=None, description=_DEFENSE)
    shield: StrictStr | _ShieldSpec | None = Field(default=None, description=_SHIELD)


class _Target(_AroundBlast, _Defends):
    target: Name
    hp: StrictInt = Field(ge=1)
    dr: _Dr | _Layers | DrByLocation = Field(default=0, description=_DR)
    dr_back: _Dr | dict[HumanoidLocation, _Dr] | None = Field(default=None, description=_DR_BACK)
    injury_tolerance: Tolerances = Field(default=InjuryTolerance.NONE.value, description=_TOLERANCE)
    hit_chance: Any = 1  # checked by the reader, which keeps 0.3 exact
    location: LocationName | None = None
    st: StrictInt | None = Field(default=None, ge=0)
    flexible: StrictBool = False
    vulnerability: StrictInt = Field(default=1, ge=1, le=4)
    hardened: StrictInt = Field(default=0, ge=0, le=MAX_HARDENED)
    perfect_balance: StrictBool = False
    groin_double_shock: StrictBool = False
    high_pain_threshold: StrictBool = Field(default=False, description=_HIGH_PAIN)
    low_pain_threshold: StrictBool = Field(default=False, description=_LOW_PAIN)
    skill: _Skill | None = Field(default=None, description=_CARD_SKILL)
    obscures: StrictBool = Field(default=True, description=_OBSCURES)
    immediately_behind: StrictBool = Field(default=False, description=_BEHIND)
    inside: Name | None = Field(default=None, description=_INSIDE)
    range: _DISTANCE | None = Field(default=None, description=_RANGE)
    location_roll: StrictInt | None = Field(default=None, description=_LOCATION_ROLL)


class _GcsTarget(_AroundBlast, _Defends):
    """A target read from a GCS character file; each key beside ``gcs`` overrides the file."""

    target: Name
    gcs: Any = Field(json_schema_extra={
        "anyOf": [{"type": "string"}, {"type": "object"}],
        "description": "a GCS character file (.gcs), relative to the scenario file, or its JSON",
    })  # checked by the GCS reader: a path, the file's JSON, or (from Python) a GcsCharacter
    gcs_name: Name | None = Field(default=None, description=(
        "the name of the file whose JSON gcs holds (e.g. Ogre.gcs), which the steps then name; "
        "only with gcs as JSON (a path names its file already)"))
    hp: StrictInt | None = Field(default=None, ge=1)
    st: StrictInt | None = Field(default=None, ge=0)
    dr: StrictInt | None = Field(default=None, ge=0)
    dr_back: StrictInt | None = Field(default=None, ge=0)
    injury_tolerance: Tolerances | None = Field(default=None, description=_TOLERANCE)
    hit_chance: Any = 1  # checked by the reader, which keeps 0.3 exact
    location: str | None = Field(default=None, min_length=1, description=(
        'a location of the file\'s body type (its ids: "skull", "wing", ...), or "random"'))
    flexible: StrictBool = False
    vulnerability: StrictInt = Field(default=1, ge=1, le=4)
    hardened: StrictInt | None = Field(default=None, ge=0, le=MAX_HARDENED)
    perfect_balance: StrictBool | None = None
    groin_double_shock: StrictBool = False
    high_pain_threshold: StrictBool | None = Field(default=None, description=_HIGH_PAIN)
    low_pain_threshold: StrictBool | None = Field(default=None, description=_LOW_PAIN)
    skill: _Skill | None = Field(default=None, description=_CARD_SKILL)
    obscures: StrictBool = Field(default=True, description=_OBSCURES)
    immediately_behind: StrictBool = Field(default=False, description=_BEHIND)
    inside: Name | None = Field(default=None, description=_INSIDE)
    range: _DISTANCE | None = Field(default=None, description=_RANGE)
    location_roll: StrictInt | None = Field(default=None, description=_LOCATION_ROLL)


class _Cover(_Model):
    cover: _CoverSpec


class _Settings(_Model):
    fractional_dr0: Dr0Reading = Dr0Reading.BECOMES_1


class _Top(_Model):
    rules: Literal["gurps"] = "gurps"
    optional_rules: list[str] = Field(default_factory=list)
    settings: _Settings = _Settings()
    attack: Any  # typed attack or one from a GCS file (attack_kind): validated by the reader
    line: list[Any] = Field(min_length=1)


# What the reader hands on: the validated file, each kind of line entry.
ScenarioFile = _Top
AttackEntry = _Attack
GcsAttackEntry = _GcsAttack
TargetEntry = _Target
GcsTargetEntry = _GcsTarget
CoverEntry = _Cover
CoverSpec = _CoverSpec


def entry_kind(value: Any) -> str | None:
    """The kind of a line entry, by the key it has: ``target`` (from a ``gcs`` file or not; in an
    explosion its ``cover`` lists what shields it, GU-21) or else ``cover``; None for neither."""
    if isinstance(value, Mapping) and ("cover" in value or "target" in value):
        if "target" not in value:
            return "cover"
        return "gcs" if "gcs" in value else "target"
    return None


def attack_kind(value: Any) -> str:
    """The kind of the attack: from a GCS file's weapon (``gcs``) or typed (``damage``)."""
    return "gcs" if isinstance(value, Mapping) and "gcs" in value else "damage"


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a GURPS scenario file: each entry of the line is exactly one of a
    target or a cover (a tagged union, as the reader reads it)."""
    entry = Annotated[Annotated[_Target, Tag("target")] | Annotated[_GcsTarget, Tag("gcs")]
                      | Annotated[_Cover, Tag("cover")], Discriminator(entry_kind)]

    attack = Annotated[Annotated[_Attack, Tag("damage")] | Annotated[_GcsAttack, Tag("gcs")],
                       Discriminator(attack_kind)]

    class GurpsScenarioFile(_Top):
        attack: attack
        line: list[entry] = Field(min_length=1)

    return GurpsScenarioFile.model_json_schema()
