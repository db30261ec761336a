"""The GURPS scenario schema: a mapping (from TOML or JSON) validated into frozen values.

Validation uses pydantic with unknown keys forbidden; the first problem becomes one
:class:`ScenarioError` naming the path (``line[1].dr``), the value and what is allowed (AP-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
)

from armourpen.errors import NotationError, ScenarioError
from armourpen.explain import Caution, Explained, Step
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance
from armourpen.gurps.dice import MAX_SEED
from armourpen.gurps.locations import (
    HUMANOID,
    RANDOM,
    BodyType,
    Lacking,
    Location,
    Random,
    missing_locations,
)
from armourpen.gurps.notation import Damage
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.traits import MAX_HARDENED
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.validation import Name, from_validation_error
from armourpen.values import check_target_names


@dataclass(frozen=True, slots=True)
class GurpsAttack:
    """The attack: its damage and either a fixed roll or a seed (or neither: a fresh roll)."""

    damage: Damage
    roll: int | None = None
    seed: int | None = None
    ranged: bool = True
    location: Location | Random = Location.TORSO


@dataclass(frozen=True, slots=True)
class Target:
    """A person, creature or machine in the line of fire (it takes injury).

    ``index`` is its position in the line; ``hit_chance`` is exact (GU-8). ``location`` is where
    the shot hits it, or ``"random"`` to roll on ``body``'s table (GU-10). ``injury_tolerance`` is
    the body's kind (GU-4) and ``lacking`` the parts it has not (GU-14); ``st`` (knockback, GU-13)
    defaults to HP.
    """

    name: str
    hp: int
    dr: int = 0
    dr_back: int = 0
    injury_tolerance: InjuryTolerance = InjuryTolerance.NONE
    hit_chance: Fraction = Fraction(1)
    location: Location | Random = Location.TORSO
    index: int = 0
    st: int | None = None
    flexible: bool = False
    vulnerability: int = 1
    hardened: int = 0
    perfect_balance: bool = False
    groin_double_shock: bool = False
    pain_threshold: PainThreshold = PainThreshold.NORMAL
    lacking: frozenset[Lacking] = frozenset()
    body: BodyType = HUMANOID
    dr_at: tuple[tuple[Location, int, int], ...] = ()
    skull_dr_included: bool = False
    rules: tuple[tuple[Location, Location, str], ...] = ()
    dr_table: bool = False

    def dr_for(self, hit: Location) -> tuple[int, int]:
        """The DR where the shot enters and where it leaves, hit at ``hit``.

        ``dr_at`` gives them per location (a GCS file's body, or a scenario's table of DR by
        location: ``dr_table``, GU-3); elsewhere ``dr``/``dr_back``.
        """
        for where, dr, back in self.dr_at:
            if where is hit:
                return dr, back
        return self.dr, self.dr_back

    def rules_for(self, hit: Location) -> Explained[Location]:
        """The location whose wounding and crippling rules ``hit`` follows (a wing: an arm).

        ``rules`` maps the locations of other body types (GU-10, Basic Set p. 552) with the reading
        to report; a humanoid location follows its own rules.
        """
        for where, treated, why in self.rules:
            if where is hit:
                return Explained.of(treated, "GU-10", f"{hit.value}: {why}")
        return Explained(hit)

    @property
    def knockback_st(self) -> int:
        """ST for knockback: ``st``, or HP when not given (GU-13)."""
        return self.hp if self.st is None else self.st

    @property
    def random_location(self) -> bool:
        return self.location == RANDOM


@dataclass(frozen=True, slots=True)
class Cover:
    """An object in the line of fire that only stops damage (GU-6): a wall, a door, a car."""

    name: str
    dr: int
    dr_back: int = 0
    hp: int | None = None
    slab: bool = False
    injury_tolerance: InjuryTolerance = InjuryTolerance.HOMOGENOUS
    index: int = 0


LineEntry = Target | Cover


@dataclass(frozen=True, slots=True)
class GurpsSettings:
    """Readings a table may choose; ``fractional_dr0`` is GU-3's DR 0 against (0.5), (0.2), (0.1)."""

    fractional_dr0: Dr0Reading = Dr0Reading.BECOMES_1


@dataclass(frozen=True, slots=True)
class GurpsScenario:
    """A validated GURPS scenario: the attack and the line from the shooter outward."""

    rules: ClassVar[str] = "gurps"

    attack: GurpsAttack
    line: tuple[LineEntry, ...]
    settings: GurpsSettings = GurpsSettings()
    warnings: tuple[Caution, ...] = field(default=())
    steps: tuple[Step, ...] = field(default=())  # what was read to build the line (GCS files)

    @property
    def targets(self) -> tuple[Target, ...]:
        """The targets in line order, covers left out (the order ``hits`` refers to)."""
        return tuple(e for e in self.line if isinstance(e, Target))

    @property
    def hit_chances(self) -> tuple[Fraction, ...]:
        return tuple(t.hit_chance for t in self.targets)

    @property
    def random_locations(self) -> bool:
        """Whether any target's hit location is rolled (GU-10)."""
        return any(t.random_location for t in self.targets)


# --- the pydantic schema ---------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LocationName(StrEnum):
    """Hit locations as scenario files write them: every :class:`Location`, or "random" (GU-10)."""

    TORSO = "torso"
    GROIN = "groin"
    VITALS = "vitals"
    SKULL = "skull"
    EYE = "eye"
    FACE = "face"
    NECK = "neck"
    ARM = "arm"
    LEG = "leg"
    HAND = "hand"
    FOOT = "foot"
    RANDOM = "random"


def _location(name: LocationName | None) -> Location | Random | None:
    if name is None:
        return None
    return RANDOM if name.value == RANDOM else Location(name.value)


class _Attack(_Model):
    damage: str
    roll: StrictInt | None = None
    seed: StrictInt | None = Field(default=None, ge=0, le=MAX_SEED)
    ranged: StrictBool = True
    location: LocationName = LocationName.TORSO


class ToleranceName(StrEnum):
    """Every kind of Injury Tolerance a target may list (GU-4, GU-14)."""

    NONE = "none"
    UNLIVING = "unliving"
    HOMOGENOUS = "homogenous"
    DIFFUSE = "diffuse"
    NO_BRAIN = "no_brain"
    NO_VITALS = "no_vitals"
    NO_BLOOD = "no_blood"
    NO_EYES = "no_eyes"
    NO_HEAD = "no_head"
    NO_NECK = "no_neck"


class HumanoidLocation(StrEnum):
    """The hit locations of a humanoid target (GU-4, GU-10), as a table of DR by location names
    them."""

    TORSO = "torso"
    GROIN = "groin"
    VITALS = "vitals"
    SKULL = "skull"
    EYE = "eye"
    FACE = "face"
    NECK = "neck"
    ARM = "arm"
    LEG = "leg"
    HAND = "hand"
    FOOT = "foot"


_Dr = Annotated[StrictInt, Field(ge=0)]
DrByLocation = dict[HumanoidLocation, _Dr]
_DR = ("DR where the shot enters: a whole number of 0 or more for every location, or a table of DR "
       f"by hit location ({', '.join(HumanoidLocation)}; e.g. {{ torso = 8, vitals = 8, groin = 8 }}, "
       "a location it does not list has DR 0)")
_DR_BACK = ("DR where the shot leaves (GU-6), as dr: a whole number of 0 or more for every location, "
            "or a table of DR by hit location; the same as dr when left out")
_TOLERANCE = ("the kind of Injury Tolerance: one of " + ", ".join(ToleranceName)
              + ', or a list of several (e.g. ["homogenous", "no_brain"])')


_HIGH_PAIN = ("High Pain Threshold (Basic Set p. 59): no shock penalties (GU-11), +3 on the HT roll "
              "against knockdown and stunning (GU-12)")
_LOW_PAIN = ("Low Pain Threshold (Basic Set p. 142): shock penalties doubled, at worst -8 (GU-11), "
             "-4 on the HT roll against knockdown and stunning (GU-12)")


class _Target(_Model):
    target: Name
    hp: StrictInt = Field(ge=1)
    dr: _Dr | DrByLocation = Field(default=0, description=_DR)
    dr_back: _Dr | DrByLocation | None = Field(default=None, description=_DR_BACK)
    injury_tolerance: ToleranceName | list[ToleranceName] = Field(
        default=ToleranceName.NONE, description=_TOLERANCE)
    hit_chance: Any = 1  # checked by _hit_chance, which keeps 0.3 exact
    location: LocationName | None = None
    st: StrictInt | None = Field(default=None, ge=0)
    flexible: StrictBool = False
    vulnerability: StrictInt = Field(default=1, ge=1, le=4)
    hardened: StrictInt = Field(default=0, ge=0, le=MAX_HARDENED)
    perfect_balance: StrictBool = False
    groin_double_shock: StrictBool = False
    high_pain_threshold: StrictBool = Field(default=False, description=_HIGH_PAIN)
    low_pain_threshold: StrictBool = Field(default=False, description=_LOW_PAIN)


class _GcsTarget(_Model):
    """A target read from a GCS character file; each key beside ``gcs`` overrides the file."""

    target: Name
    gcs: Any = Field(json_schema_extra={
        "anyOf": [{"type": "string"}, {"type": "object"}],
        "description": "a GCS character file (.gcs), relative to the scenario file, or its JSON",
    })  # checked by _character: a path, the file's JSON, or (from Python) a GcsCharacter
    hp: StrictInt | None = Field(default=None, ge=1)
    st: StrictInt | None = Field(default=None, ge=0)
    dr: StrictInt | None = Field(default=None, ge=0)
    dr_back: StrictInt | None = Field(default=None, ge=0)
    injury_tolerance: ToleranceName | list[ToleranceName] | None = Field(
        default=None, description=_TOLERANCE)
    hit_chance: Any = 1  # checked by _hit_chance, which keeps 0.3 exact
    location: str | None = Field(default=None, min_length=1, description=(
        'a location of the file\'s body type (its ids: "skull", "wing", ...), or "random"'))
    flexible: StrictBool = False
    vulnerability: StrictInt = Field(default=1, ge=1, le=4)
    hardened: StrictInt | None = Field(default=None, ge=0, le=MAX_HARDENED)
    perfect_balance: StrictBool | None = None
    groin_double_shock: StrictBool = False
    high_pain_threshold: StrictBool | None = Field(default=None, description=_HIGH_PAIN)
    low_pain_threshold: StrictBool | None = Field(default=None, description=_LOW_PAIN)


class _CoverSpec(_Model):
    name: Name
    dr: StrictInt = Field(ge=0)
    dr_back: StrictInt | None = Field(default=None, ge=0)
    hp: StrictInt | None = Field(default=None, ge=0)
    slab: StrictBool = False
    injury_tolerance: InjuryTolerance | None = None


class _Cover(_Model):
    cover: _CoverSpec


class _Settings(_Model):
    fractional_dr0: Dr0Reading = Dr0Reading.BECOMES_1


class _Top(_Model):
    rules: Literal["gurps"] = "gurps"
    optional_rules: list[str] = Field(default_factory=list)
    settings: _Settings = _Settings()
    attack: _Attack
    line: list[Any] = Field(min_length=1)


_PROBABILITY = "a probability from 0 to 1 (e.g. 0.3 or '1/3')"


def _hit_chance(raw: object, where: str) -> Fraction:
    # Exactly as written: 0.3 is 3/10.
    from armourpen.reading import exact_number

    value = exact_number(raw, where, allowed=_PROBABILITY, ratio=True, error=ScenarioError)
    if not 0 <= value <= 1:
        raise ScenarioError(where, raw, f"allowed: {_PROBABILITY}")
    return value


def parse_gurps(  # noqa: C901, PLR0912 (one check per key of the schema, in reading order)
    data: Mapping[str, Any], base: Path | None = None, limits: Limits = DEFAULT_LIMITS,
    *, allow_outside_files: bool = False,
) -> GurpsScenario:
    """Validate a whole scenario mapping (``rules = "gurps"``) into a :class:`GurpsScenario`.

    A target's ``gcs`` file is found relative to ``base`` (the scenario file's folder) and read
    within ``limits``; it must lie in ``base`` or below it unless ``allow_outside_files``, and
    a refusal of its content repeats no value from it. Without ``base`` no file may be named
    (``gcs`` holds the file's JSON, or a value :func:`armourpen.load_gcs` returned).
    A :class:`armourpen.reading.CheckedTree` (what ``load_scenario`` passes) is not walked again.
    """
    if not isinstance(data, Mapping):
        raise ScenarioError("scenario", data, "a table of keys (rules, settings, attack, line)")
    from armourpen.reading import CheckedTree, check_tree

    if not isinstance(data, CheckedTree):
        check_tree(data, limits=None)  # numbers, keys and text, wherever the mapping came from
    try:
        top = _Top.model_validate(dict(data))
    except ValidationError as exc:
        raise from_validation_error(exc, model=_Top) from None
    if top.optional_rules:
        raise ScenarioError(
            "optional_rules", top.optional_rules, "the GURPS rule set has no optional rules: []"
        )
    try:
        damage = Damage.parse(top.attack.damage)
    except NotationError as exc:
        raise NotationError(exc.text, exc.position, exc.expected, field="attack.damage") from None
    a = top.attack
    if a.roll is not None and not damage.min_roll <= a.roll <= damage.max_roll:
        raise ScenarioError(
            "attack.roll",
            a.roll,
            f"{damage} rolls from {damage.min_roll} to {damage.max_roll} (dice total with adds)",
        )
    attack_location = _location(a.location)
    assert attack_location is not None
    attack = GurpsAttack(damage, a.roll, a.seed, a.ranged, attack_location)

    warnings: list[Caution] = []
    steps: list[Step] = []
    entries: list[LineEntry] = []
    for i, raw in enumerate(top.line):
        here = f"line[{i}]"
        if not isinstance(raw, Mapping) or ("cover" in raw) == ("target" in raw):
            raise ScenarioError(
                here,
                raw,
                "each entry of the line has either `target = \"name\"` (with hp, dr, ..., or a "
                "GCS file: gcs = \"Ogre.gcs\") or `cover = { name, dr, hp?, slab?, "
                "injury_tolerance? }`",
            )
        if "cover" in raw:
            try:
                c = _Cover.model_validate(dict(raw)).cover
            except ValidationError as exc:
                raise from_validation_error(exc, here, model=_Cover) from None
            entries.append(_cover(c, i, warnings))
        elif "gcs" in raw:
            entries.append(_gcs_target(raw, i, attack, entries, (base, allow_outside_files),
                                       limits, steps, warnings))
        else:
            try:
                t = _Target.model_validate(dict(raw))
            except ValidationError as exc:
                raise from_validation_error(exc, here, model=_Target) from None
            chance = _hit_chance(t.hit_chance, f"{here}.hit_chance")
            _first_target_check(chance, t.hit_chance, f"{here}.hit_chance", entries)
            kind, lacking = _tolerances(t.injury_tolerance, f"{here}.injury_tolerance")
            own = _location(t.location)
            location = attack_location if own is None else own
            _check_location(location, lacking, "attack.location" if own is None else f"{here}.location",
                            t.target)
            given_back = t.dr if t.dr_back is None else t.dr_back
            dr, dr_back, dr_at = _dr_by_location(t.dr, given_back)
            table = isinstance(t.dr, dict) or isinstance(given_back, dict)
            if table:
                steps.append(_dr_table_step(t.target, dr, dr_back, dr_at))
            entries.append(
                Target(
                    name=t.target,
                    hp=t.hp,
                    dr=dr,
                    dr_back=dr_back,
                    dr_at=dr_at,
                    dr_table=table,
                    injury_tolerance=kind,
                    hit_chance=chance,
                    location=location,
                    index=i,
                    st=t.st,
                    flexible=t.flexible,
                    vulnerability=t.vulnerability,
                    hardened=t.hardened,
                    perfect_balance=t.perfect_balance,
                    groin_double_shock=t.groin_double_shock,
                    pain_threshold=_pain(t.high_pain_threshold, t.low_pain_threshold, here)
                    or PainThreshold.NORMAL,
                    lacking=lacking,
                )
            )
    if not any(isinstance(e, Target) for e in entries):
        raise ScenarioError("line", "(no target)", "at least one entry with `target = \"name\"`")
    check_target_names([(e.index, e.name) for e in entries if isinstance(e, Target)])
    rolls_location = any(isinstance(e, Target) and e.random_location for e in entries)
    if a.roll is not None and a.seed is not None and not rolls_location:
        raise ScenarioError(
            "attack.seed", a.seed,
            "give a fixed roll or a seed, not both (with a fixed roll, a seed only rolls random "
            "hit locations, GU-10)",
        )
    return GurpsScenario(
        attack=attack,
        line=tuple(entries),
        settings=GurpsSettings(top.settings.fractional_dr0),
        warnings=tuple(warnings),
        steps=tuple(steps),
    )


def _pain(high: bool | None, low: bool | None, here: str) -> PainThreshold | None:
    """The pain threshold the keys give (None: neither is true); both true is an error."""
    if high and low:
        raise ScenarioError(f"{here}.low_pain_threshold", True, "allowed: false when "
                            "high_pain_threshold is true (a target has High or Low Pain "
                            "Threshold, not both)")
    return PainThreshold.HIGH if high else PainThreshold.LOW if low else None


def _dr_by_location(
    dr: int | DrByLocation, dr_back: int | DrByLocation
) -> tuple[int, int, tuple[tuple[Location, int, int], ...]]:
    """DR in and out wherever no table says otherwise, and (location, in, out) for every location a
    table lists (GU-3): a whole number counts everywhere; a table gives DR 0 where it is silent."""
    ins = {Location(k.value): v for k, v in dr.items()} if isinstance(dr, dict) else {}
    outs = {Location(k.value): v for k, v in dr_back.items()} if isinstance(dr_back, dict) else {}
    dr_else = 0 if isinstance(dr, dict) else dr
    back_else = 0 if isinstance(dr_back, dict) else dr_back
    listed = [where for where in Location if where in ins or where in outs]
    return dr_else, back_else, tuple((where, ins.get(where, dr_else), outs.get(where, back_else))
                                     for where in listed)


def _dr_table_step(name: str, dr: int, dr_back: int,
                   dr_at: tuple[tuple[Location, int, int], ...]) -> Step:
    def pair(a: int, b: int) -> str:
        return str(a) if a == b else f"{a} in, {b} out"

    listed = ", ".join(f"{where.value} {pair(a, b)}" for where, a, b in dr_at) or "none listed"
    return Step("GU-3", f"{name}: DR by location: {listed}; every other location "
                f"{pair(dr, dr_back)} (a table gives DR 0 where it does not list a location)")


def _first_target_check(chance: Fraction, raw: object, where: str, entries: list[LineEntry]) -> None:
    if chance != 1 and not any(isinstance(e, Target) for e in entries):
        raise ScenarioError(
            where,
            raw,
            "the first target is the one the shot hits: 1 (GU-8 chances are for those behind it)",
        )


def _gcs_target(
    raw: Mapping[str, Any],
    i: int,
    attack: GurpsAttack,
    entries: list[LineEntry],
    files: tuple[Path | None, bool],
    limits: Limits,
    steps: list[Step],
    warnings: list[Caution],
) -> Target:
    """A target read from a GCS character file (:mod:`armourpen.gcs.target`)."""
    from armourpen.gcs.target import Overrides, from_character

    here = f"line[{i}]"
    try:
        t = _GcsTarget.model_validate(dict(raw))
    except ValidationError as exc:
        raise from_validation_error(exc, here, model=_GcsTarget) from None
    _pain(t.high_pain_threshold, t.low_pain_threshold, here)  # not both
    character, source = _character(t.gcs, f"{here}.gcs", *files, limits)
    chance = _hit_chance(t.hit_chance, f"{here}.hit_chance")
    _first_target_check(chance, t.hit_chance, f"{here}.hit_chance", entries)
    kinds: tuple[str, ...] | None = None
    if t.injury_tolerance is not None:
        _tolerances(t.injury_tolerance, f"{here}.injury_tolerance")  # one of each, at most one body
        names = [t.injury_tolerance] if isinstance(t.injury_tolerance, ToleranceName) \
            else t.injury_tolerance
        kinds = tuple(n.value for n in names if n is not ToleranceName.NONE)
    if t.location is not None:
        location: str | Location | Random = t.location
        where = f"{here}.location"
    else:
        location, where = attack.location, "attack.location"
    read = from_character(
        character, t.target, source, here, attack.damage, location,
        Overrides(t.hp, t.st, t.dr, t.dr_back, t.hardened, t.perfect_balance, kinds,
                  t.high_pain_threshold, t.low_pain_threshold),
        field=where,
    )
    _check_location(read.location, read.lacking, where, t.target)
    steps.extend(read.steps)
    warnings.extend(read.warnings)
    return Target(
        name=t.target,
        hp=read.hp,
        dr=read.dr,
        dr_back=read.dr_back,
        injury_tolerance=read.injury_tolerance,
        hit_chance=chance,
        location=read.location,
        index=i,
        st=read.st,
        flexible=t.flexible,
        vulnerability=t.vulnerability,
        hardened=read.hardened,
        perfect_balance=read.perfect_balance,
        groin_double_shock=t.groin_double_shock,
        pain_threshold=read.pain_threshold,
        lacking=read.lacking,
        body=HUMANOID if read.body is None else read.body,
        dr_at=read.dr_at,
        skull_dr_included=read.skull_dr_included,
        rules=read.rules,
    )


def _character(
    raw: object, where: str, base: Path | None, outside: bool, limits: Limits
) -> tuple[Any, str]:
    """The GCS character a target names, and how steps name it: a file relative to ``base`` (None:
    no file may be named; in ``base`` or below it unless ``outside``), the file's JSON itself, or
    from Python a value already read (:func:`armourpen.load_gcs`, e.g. an upload's)."""
    from armourpen.errors import WITHHELD, FileName, GcsError, InputError
    from armourpen.gcs import GcsCharacter
    from armourpen.gcs.reader import parse_mapping, read_path

    if isinstance(raw, GcsCharacter):
        return raw, raw.source or f"{raw.name}'s GCS data"
    if isinstance(raw, Mapping):
        try:
            return parse_mapping(raw, where, field=where, limits=limits), where
        except InputError as exc:  # a GcsError, or a LimitError naming a field of the file
            # the file's JSON written in the scenario: its fields are named by their path in it
            # (line[0].gcs.settings), not as a file's are (Ogre.gcs: settings)
            inside = exc.field.removeprefix(f"{where}: ")
            if inside == exc.field:
                raise
            raise exc.at(f"{where}.{inside}") from None
    if not isinstance(raw, str) or not raw.strip():
        raise ScenarioError(where, raw, _GCS_ALLOWED)
    if base is None:
        raise ScenarioError(where, raw, "here, a GCS file's JSON (an object): this scenario was "
                            "not read from a file, so it names no files (from Python, give "
                            "load_scenario(..., base=folder))")
    path = Path(raw) if Path(raw).is_absolute() else base / raw
    if not outside:
        _within(path, base, raw, where)
    try:
        return read_path(path, field=where, limits=limits), raw
    except GcsError as exc:
        if isinstance(exc.value, FileName) or exc.value in (str(path), "(missing)"):
            raise  # about the file itself (not there, not JSON) or a key it lacks: no content
        # the file may be any file the user can read: its path and the field, never its content
        raise GcsError(exc.field, WITHHELD, exc.allowed) from None


def _within(path: Path, base: Path, raw: str, where: str) -> None:
    """Refuse a file outside the scenario's folder (``..``, an absolute path, a link leading out):
    a scenario from elsewhere must not read the user's other files."""
    try:
        inside = path.resolve().is_relative_to(base.resolve())
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL character
        inside = False
    if not inside:
        folder = base.absolute()
        raise ScenarioError(where, raw, f"a file in the scenario's folder ({folder}) or below it; "
                            "another is read only when allowed (--allow-outside-files, or "
                            "allow_outside_files=True in Python)")


_GCS_ALLOWED = "a GCS character file (.gcs) as a path relative to the scenario file, or its JSON"


_KINDS = {
    ToleranceName.UNLIVING: InjuryTolerance.UNLIVING,
    ToleranceName.HOMOGENOUS: InjuryTolerance.HOMOGENOUS,
    ToleranceName.DIFFUSE: InjuryTolerance.DIFFUSE,
}


def _tolerances(
    raw: ToleranceName | list[ToleranceName], where: str
) -> tuple[InjuryTolerance, frozenset[Lacking]]:
    """One kind or a list (GU-14): at most one of unliving, homogenous, diffuse; no repeats."""
    names = [raw] if isinstance(raw, ToleranceName) else list(raw)
    shown = [n.value for n in names]
    if len(set(names)) != len(names):
        raise ScenarioError(where, shown, "each kind of Injury Tolerance once")
    if ToleranceName.NONE in names and len(names) > 1:
        raise ScenarioError(where, shown, '"none" alone, or a list of kinds without it')
    kinds = [n for n in names if n in _KINDS]
    if len(kinds) > 1:
        raise ScenarioError(
            where, shown, "at most one of unliving, homogenous and diffuse (they exclude each other)"
        )
    kind = _KINDS[kinds[0]] if kinds else InjuryTolerance.NONE
    lacking = frozenset(Lacking(n.value) for n in names if n not in _KINDS and n is not ToleranceName.NONE)
    return kind, lacking


def _check_location(
    location: Location | Random, lacking: frozenset[Lacking], where: str, name: str
) -> None:
    """An aimed hit at a part the target lacks is impossible (GU-14); a random one lands elsewhere."""
    missing = missing_locations(lacking)
    if isinstance(location, Location) and location in missing:
        kinds = ", ".join(sorted(k.value for k in lacking))
        gone = ", ".join(sorted(m.value for m in missing))
        raise ScenarioError(
            where, location.value,
            f"a location that {name} has ({kinds}: no {gone}), or \"random\"",
        )


def _cover(c: _CoverSpec, i: int, warnings: list[Caution]) -> Cover:
    here = f"line[{i}].cover"
    if c.slab:
        ignored = [
            k for k in ("hp", "dr_back", "injury_tolerance") if getattr(c, k) is not None
        ]
        if ignored:
            warnings.append(Caution(
                "GU-6", f"{c.name}: a thin slab counts its DR alone; " + ", ".join(ignored)
                + " ignored"
            ))
    elif c.hp is None:
        raise ScenarioError(
            f"{here}.hp", "(missing)",
            "cover that is not a thin slab needs hp (GU-6), or set slab = true",
        )
    return Cover(
        name=c.name,
        dr=c.dr,
        dr_back=c.dr if c.dr_back is None else c.dr_back,
        hp=c.hp,
        slab=c.slab,
        injury_tolerance=(
            InjuryTolerance.HOMOGENOUS if c.injury_tolerance is None else c.injury_tolerance
        ),
        index=i,
    )


def _entry_kind(value: Any) -> str | None:
    # As parse_gurps reads an entry: by the key it has, `target` (from a `gcs` file or not) or
    # `cover`, never both.
    if isinstance(value, Mapping) and ("cover" in value) != ("target" in value):
        if "cover" in value:
            return "cover"
        return "gcs" if "gcs" in value else "target"
    return None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a GURPS scenario file: each entry of the line is exactly one of a
    target or a cover (a tagged union, as parse_gurps reads it)."""
    from typing import Annotated

    from pydantic import Discriminator, Tag

    entry = Annotated[Annotated[_Target, Tag("target")] | Annotated[_GcsTarget, Tag("gcs")]
                      | Annotated[_Cover, Tag("cover")], Discriminator(_entry_kind)]

    class GurpsScenarioFile(_Top):
        line: list[entry] = Field(min_length=1)

    return GurpsScenarioFile.model_json_schema()
