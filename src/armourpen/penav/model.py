"""The frozen values of a PEN/AV scenario: one attack and its line of fire."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from armourpen.catalog.items import AmmoType, AttackProfile, Plate, Vehicle
from armourpen.explain import Caution
from armourpen.penav.direction import Direction
from armourpen.penav.ranges import Band, Distance


class Body(StrEnum):
    """What a target's body adds for those behind it (PA-12): a human body or nothing."""

    HUMAN = "human"
    NONE = "none"


# The scenario's parts are frozen dataclasses, not tuples: each equals only a value of its own type
# (an Armour never equals a plain tuple of the same fields) and none is indexable by position
# (docs/decisions/0001-value-types.md).


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack as the scenario gives it, names already resolved to catalog profiles."""

    profile: AttackProfile
    ammo: AmmoType
    soft_point: AmmoType  # what Ball becomes under the optional rule (PA-6)
    band: Band
    distance: Distance | None = None  # None at Contact
    direction: Direction = Direction.FRONT
    elevation: Fraction = Fraction(0)  # degrees above the horizontal, seen from the target
    azimuth: Fraction = Fraction(0)  # degrees off square to a plate (PA-10)


@dataclass(frozen=True, slots=True)
class Armour:
    """A worn layer: counts from every direction (PA-9)."""

    name: str
    av: int
    rigid: bool = False
    structural: bool = False


@dataclass(frozen=True, slots=True)
class Cover:
    """Cover in the line: a fixed AV over the directions it covers, or an oriented plate."""

    name: str
    av: int | None = None
    structural: bool = False
    covers: frozenset[Direction] = frozenset()
    plate: Plate | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """Someone or something the shot may hit: a person with worn armour, or a vehicle."""

    name: str
    armour: tuple[Armour, ...] = ()
    body: Body = Body.HUMAN
    vehicle: Vehicle | None = None
    face: str | None = None
    plate: Plate | None = None


LineEntry = Cover | Target


@dataclass(frozen=True, slots=True)
class PenavScenario:
    """One attack and what it meets, from the shooter outward."""

    attack: Attack
    line: tuple[LineEntry, ...]
    optional_rules: frozenset[str] = frozenset()
    rules: str = "penav"
    notes: tuple[Caution, ...] = ()  # warnings about how the scenario was read

    @property
    def targets(self) -> tuple[Target, ...]:
        return tuple(e for e in self.line if isinstance(e, Target))
