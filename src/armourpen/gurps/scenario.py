"""The GURPS scenario schema: a mapping (from TOML or JSON) validated into frozen values.

Validation uses pydantic with unknown keys forbidden; the first problem becomes one
:class:`ScenarioError` naming the path (``line[1].dr``), the value and what is allowed (AP-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
)

from armourpen.errors import NotationError, ScenarioError
from armourpen.explain import Caution
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance, Location
from armourpen.gurps.dice import MAX_SEED
from armourpen.gurps.notation import Damage
from armourpen.validation import from_validation_error


@dataclass(frozen=True, slots=True)
class GurpsAttack:
    """The attack: its damage and either a fixed roll or a seed (or neither: a fresh roll)."""

    damage: Damage
    roll: int | None = None
    seed: int | None = None
    ranged: bool = True
    location: Location = Location.TORSO


@dataclass(frozen=True, slots=True)
class Target:
    """A person, creature or machine in the line of fire (it takes injury).

    ``index`` is its position in the line; ``hit_chance`` is exact (GU-8).
    """

    name: str
    hp: int
    dr: int = 0
    dr_back: int = 0
    injury_tolerance: InjuryTolerance = InjuryTolerance.NONE
    hit_chance: Fraction = Fraction(1)
    location: Location = Location.TORSO
    index: int = 0


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

    @property
    def targets(self) -> tuple[Target, ...]:
        """The targets in line order, covers left out (the order ``hits`` refers to)."""
        return tuple(e for e in self.line if isinstance(e, Target))

    @property
    def hit_chances(self) -> tuple[Fraction, ...]:
        return tuple(t.hit_chance for t in self.targets)


# --- the pydantic schema ---------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Attack(_Model):
    damage: str
    roll: StrictInt | None = None
    seed: StrictInt | None = Field(default=None, ge=0, le=MAX_SEED)
    ranged: StrictBool = True
    location: Location = Location.TORSO


class _Target(_Model):
    target: str = Field(min_length=1)
    hp: StrictInt = Field(ge=1)
    dr: StrictInt = Field(default=0, ge=0)
    dr_back: StrictInt | None = Field(default=None, ge=0)
    injury_tolerance: InjuryTolerance = InjuryTolerance.NONE
    hit_chance: Any = 1  # checked by _hit_chance, which keeps 0.3 exact
    location: Location | None = None


class _CoverSpec(_Model):
    name: str = Field(min_length=1)
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


def parse_gurps(data: Mapping[str, Any]) -> GurpsScenario:
    """Validate a whole scenario mapping (``rules = "gurps"``) into a :class:`GurpsScenario`."""
    if not isinstance(data, Mapping):
        raise ScenarioError("scenario", data, "a table of keys (rules, settings, attack, line)")
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
    if a.roll is not None and a.seed is not None:
        raise ScenarioError("attack.seed", a.seed, "give a fixed roll or a seed, not both")
    attack = GurpsAttack(damage, a.roll, a.seed, a.ranged, a.location)

    warnings: list[Caution] = []
    entries: list[LineEntry] = []
    for i, raw in enumerate(top.line):
        here = f"line[{i}]"
        if not isinstance(raw, Mapping) or ("cover" in raw) == ("target" in raw):
            raise ScenarioError(
                here,
                raw,
                "each entry of the line has either `target = \"name\"` (with hp, dr, ...) "
                "or `cover = { name, dr, hp?, slab?, injury_tolerance? }`",
            )
        if "cover" in raw:
            try:
                c = _Cover.model_validate(dict(raw)).cover
            except ValidationError as exc:
                raise from_validation_error(exc, here, model=_Cover) from None
            entries.append(_cover(c, i, warnings))
        else:
            try:
                t = _Target.model_validate(dict(raw))
            except ValidationError as exc:
                raise from_validation_error(exc, here, model=_Target) from None
            chance = _hit_chance(t.hit_chance, f"{here}.hit_chance")
            if chance != 1 and not any(isinstance(e, Target) for e in entries):
                raise ScenarioError(
                    f"{here}.hit_chance",
                    t.hit_chance,
                    "the first target is the one the shot hits: 1 (GU-8 chances are for "
                    "those behind it)",
                )
            entries.append(
                Target(
                    name=t.target,
                    hp=t.hp,
                    dr=t.dr,
                    dr_back=t.dr if t.dr_back is None else t.dr_back,
                    injury_tolerance=t.injury_tolerance,
                    hit_chance=chance,
                    location=a.location if t.location is None else t.location,
                    index=i,
                )
            )
    if not any(isinstance(e, Target) for e in entries):
        raise ScenarioError("line", "(no target)", "at least one entry with `target = \"name\"`")
    return GurpsScenario(
        attack=attack,
        line=tuple(entries),
        settings=GurpsSettings(top.settings.fractional_dr0),
        warnings=tuple(warnings),
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
            f"{here}.hp", None, "cover that is not a thin slab needs hp (GU-6), or set slab = true"
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


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a GURPS scenario file (the line's entries are targets or covers)."""

    class GurpsScenarioFile(_Top):
        line: list[_Target | _Cover] = Field(min_length=1)

    return GurpsScenarioFile.model_json_schema()
