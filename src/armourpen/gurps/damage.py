"""GU-2 to GU-4: basic damage, DR and armour divisors, wounding modifiers, injury."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from armourpen.errors import InputError
from armourpen.explain import Caution, Explained, Ruling, Step
from armourpen.gurps.locations import Location
from armourpen.gurps.notation import Damage, DamageType, Divisor

__all__ = [
    "Dr0Reading",
    "InjuryTolerance",
    "Location",
    "Wounding",
    "apply_divisor",
    "basic_damage",
    "diffuse_cap",
    "fmt",
    "injury",
    "location_modifier",
    "wounding_modifier",
]


class Dr0Reading(StrEnum):
    """GU-3: what DR 0 becomes against a fractional divisor.

    ``BECOMES_1`` (the default): the effective DR is 1. ``MULTIPLIED``: DR 0 counts as DR 1 and is
    then multiplied like any other DR (1 x 1/D: 2, 5 or 10).
    """

    BECOMES_1 = "becomes_1"
    MULTIPLIED = "multiplied"


class InjuryTolerance(StrEnum):
    """Injury Tolerance (GU-4, Basic Set p. 380); ``NONE`` is ordinary flesh."""

    NONE = "none"
    UNLIVING = "unliving"
    HOMOGENOUS = "homogenous"
    DIFFUSE = "diffuse"


SKULL_DR = 2

# GU-4 torso wounding modifiers.
TORSO: dict[DamageType, Fraction] = {
    DamageType.PI_MINUS: Fraction(1, 2),
    DamageType.PI: Fraction(1),
    DamageType.PI_PLUS: Fraction(3, 2),
    DamageType.PI_PLUS_PLUS: Fraction(2),
    DamageType.IMP: Fraction(2),
    DamageType.CUT: Fraction(3, 2),
    DamageType.CR: Fraction(1),
    DamageType.BURN: Fraction(1),
    DamageType.COR: Fraction(1),
    DamageType.TOX: Fraction(1),
    DamageType.FAT: Fraction(1),
    DamageType.KB: Fraction(0),
}
UNLIVING: dict[DamageType, Fraction] = {
    DamageType.PI_MINUS: Fraction(1, 5),
    DamageType.PI: Fraction(1, 3),
    DamageType.PI_PLUS: Fraction(1, 2),
    DamageType.PI_PLUS_PLUS: Fraction(1),
    DamageType.IMP: Fraction(1),
}
HOMOGENOUS: dict[DamageType, Fraction] = {
    DamageType.PI_MINUS: Fraction(1, 10),
    DamageType.PI: Fraction(1, 5),
    DamageType.PI_PLUS: Fraction(1, 3),
    DamageType.PI_PLUS_PLUS: Fraction(1, 2),
    DamageType.IMP: Fraction(1, 2),
}
_PIERCING_OR_IMP = frozenset(
    {
        DamageType.PI_MINUS,
        DamageType.PI,
        DamageType.PI_PLUS,
        DamageType.PI_PLUS_PLUS,
        DamageType.IMP,
    }
)
_LIMBS = frozenset({Location.ARM, Location.LEG, Location.HAND, Location.FOOT})
_UNLIVING_KEEPS = frozenset({Location.EYE, Location.SKULL, Location.VITALS})


def fmt(x: Fraction | int) -> str:
    """A number for explanations: integers plainly, halves and tenths as decimals, else a/b."""
    q = Fraction(x)
    if q.denominator == 1:
        return str(q.numerator)
    if 10 % q.denominator == 0:
        return str(float(q))
    return f"{q.numerator}/{q.denominator}"


def basic_damage(damage: Damage, roll: int) -> Explained[int]:
    """GU-2: the dice total with adds (``roll``), times the multiplier, then the minimum.

    The minimum is 1, or 0 for crushing damage. A ``roll`` that the dice cannot give is an error.
    """
    if isinstance(roll, bool) or not damage.min_roll <= roll <= damage.max_roll:
        raise InputError(
            "roll",
            roll,
            f"{damage} rolls from {damage.min_roll} to {damage.max_roll} (dice total with adds)",
        )
    value = roll * damage.multiplier
    shown = f"roll {roll} x {damage.multiplier} = {value}" if damage.multiplier != 1 else f"roll {roll}"
    floor = 0 if damage.type is DamageType.CR else 1
    if value < floor:
        kind = "crushing" if floor == 0 else "non-crushing"
        return Explained.of(
            floor, Ruling.GU_2, f"{shown}: basic damage raised to {floor}, the {kind} minimum"
        )
    return Explained.of(value, Ruling.GU_2, f"{shown}: basic damage {value}")


def apply_divisor(
    dr: Fraction | int,
    divisor: Divisor,
    reading: Dr0Reading = Dr0Reading.BECOMES_1,
    what: str = "DR",
) -> Explained[int]:
    """GU-3: DR after an armour divisor, a whole number.

    D >= 1 divides and floors; a fractional D multiplies by 1/D (and DR 0 becomes 1, or 1 x 1/D
    under :attr:`Dr0Reading.MULTIPLIED`); an infinite divisor ignores DR.
    """
    dr = Fraction(dr)
    if dr < 0:
        raise InputError(what, fmt(dr), "DR is 0 or more")
    shown = fmt(dr)
    if divisor == Divisor.NONE:
        value = math.floor(dr)
        if value == dr:
            return Explained.of(value, Ruling.GU_3, f"{what} {shown}, no armour divisor")
        return Explained.of(value, Ruling.GU_3, f"{what} {shown}, no armour divisor: {value} (floor)")
    if divisor.ignores_dr:
        return Explained.of(0, Ruling.GU_3, f"{what} {shown} ignored: armour divisor (inf) gives 0")
    if not divisor.is_fractional:
        value = math.floor(dr / divisor.value_fraction)
        return Explained.of(
            value, Ruling.GU_3, f"{what} {shown} / armour divisor {divisor.value} = {value} (floor)"
        )
    factor = divisor.dr_factor
    if dr == 0:
        if reading is Dr0Reading.BECOMES_1:
            return Explained.of(
                1, Ruling.GU_3, f"{what} 0 against fractional divisor ({divisor.value}) becomes 1"
            )
        value = math.floor(factor)
        return Explained.of(
            value,
            Ruling.GU_3,
            f"{what} 0 against fractional divisor ({divisor.value}) counts as 1, "
            f"x {fmt(factor)} = {value} (setting fractional_dr0 = multiplied)",
        )
    value = math.floor(dr * factor)
    return Explained.of(
        value,
        Ruling.GU_3,
        f"{what} {shown} x {fmt(factor)} (fractional divisor {divisor.value}) = {value}",
    )


@dataclass(frozen=True, slots=True)
class Wounding:
    """A wounding modifier with its steps and any warnings (GU-4)."""

    modifier: Fraction
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...] = ()


def location_modifier(  # noqa: C901, PLR0911 (GU-4's table: one return per row)
    damage_type: DamageType, tbb: bool, location: Location
) -> tuple[Fraction, str, tuple[Caution, ...]]:
    """GU-4 hit locations: (modifier, why, warnings) for an ordinary living target."""
    torso = TORSO[damage_type]
    name = damage_type.value + (" tbb" if tbb else "")
    if damage_type is DamageType.FAT:
        return torso, "fatigue ignores location", ()
    if location in (Location.TORSO, Location.GROIN):
        return torso, f"{location.value}: {name} x{fmt(torso)}", ()
    if location is Location.VITALS:
        if damage_type in _PIERCING_OR_IMP:
            return Fraction(3), f"vitals: {name} x3", ()
        if damage_type is DamageType.BURN and tbb:
            return Fraction(2), "vitals: tight-beam burning x2", ()
        warning = Caution(
            Ruling.GU_4,
            "the Basic Set lets only impaling, piercing and tight-beam burning attacks target "
            f"the vitals; {name} keeps its torso modifier",
        )
        return torso, f"vitals: {name} keeps its torso modifier x{fmt(torso)}", (warning,)
    if location in (Location.SKULL, Location.EYE):
        if damage_type is DamageType.TOX:
            return torso, f"{location.value}: tox keeps x{fmt(torso)}", ()
        return Fraction(4), f"{location.value}: {name} x4", ()
    if location is Location.FACE:
        if damage_type is DamageType.COR:
            return Fraction(3, 2), "face: cor x1.5", ()
        return torso, f"face: {name} x{fmt(torso)} as torso", ()
    if location is Location.NECK:
        if damage_type in (DamageType.CR, DamageType.COR):
            return Fraction(3, 2), f"neck: {name} x1.5", ()
        if damage_type is DamageType.CUT:
            return Fraction(2), "neck: cut x2", ()
        return torso, f"neck: {name} x{fmt(torso)} as torso", ()
    # Limbs and extremities.
    if damage_type in (DamageType.IMP, DamageType.PI_PLUS, DamageType.PI_PLUS_PLUS):
        return Fraction(1), f"{location.value}: {name} x1", ()
    return torso, f"{location.value}: {name} x{fmt(torso)} as torso", ()


def wounding_modifier(
    damage_type: DamageType,
    tbb: bool,
    location: Location,
    tolerance: InjuryTolerance = InjuryTolerance.NONE,
) -> Wounding:
    """GU-4: the wounding modifier for a damage type at a location, after Injury Tolerance."""
    name = damage_type.value + (" tbb" if tbb else "")
    if damage_type is DamageType.KB:
        return Wounding(Fraction(0), (Step(Ruling.GU_13, "kb: knockback only, no wounding"),))
    if tolerance is InjuryTolerance.HOMOGENOUS and damage_type is not DamageType.FAT:
        mod = HOMOGENOUS.get(damage_type, TORSO[damage_type])
        return Wounding(
            mod, (Step(Ruling.GU_4, f"Homogenous ignores location: {name} x{fmt(mod)}"),)
        )
    mod, why, warnings = location_modifier(damage_type, tbb, location)
    steps = [Step(Ruling.GU_4, f"wounding modifier, {why}")]
    if tolerance is InjuryTolerance.UNLIVING and damage_type in UNLIVING:
        if location in _UNLIVING_KEEPS:
            steps.append(Step(Ruling.GU_4, f"Unliving: {location.value} keeps x{fmt(mod)}"))
        else:
            mod = UNLIVING[damage_type]
            steps.append(Step(Ruling.GU_4, f"Unliving: {name} x{fmt(mod)} instead"))
    return Wounding(mod, tuple(steps), warnings)


def diffuse_cap(damage_type: DamageType) -> int:
    """GU-4 Diffuse: the most injury one attack can do."""
    return 1 if damage_type in _PIERCING_OR_IMP else 2


def injury(
    penetrating: int,
    modifier: Fraction,
    damage_type: DamageType,
    tolerance: InjuryTolerance = InjuryTolerance.NONE,
    vulnerability: int = 1,
) -> Explained[int]:
    """GU-4: floor(penetrating x modifier), at least 1 when anything penetrates; Diffuse caps it.

    Vulnerability (GU-14) multiplies the penetrating damage before the wounding modifier; the
    Diffuse cap comes last, so Vulnerability cannot lift it. ``kb`` does no injury (GU-13).
    """
    if damage_type is DamageType.KB:
        return Explained.of(0, Ruling.GU_13, "kb: knockback only, no injury")
    if penetrating <= 0:
        return Explained.of(0, Ruling.GU_4, "no penetrating damage, no injury")
    out: Explained[int] = Explained(penetrating)
    if vulnerability != 1:
        multiplied = penetrating * vulnerability
        out = out.then(
            multiplied, Ruling.GU_14,
            f"Vulnerability x{vulnerability}: penetrating {penetrating} x {vulnerability} = {multiplied}",
        )
        penetrating = multiplied
    value = math.floor(penetrating * modifier)
    out = out.then(
        value, Ruling.GU_4, f"injury {penetrating} x {fmt(modifier)} = {value} (floor)"
    )
    if value < 1:
        out = out.then(1, Ruling.GU_4, "injury raised to 1, the minimum when damage penetrates")
        value = 1
    if tolerance is InjuryTolerance.DIFFUSE:
        cap = diffuse_cap(damage_type)
        if value > cap:
            out = out.then(cap, Ruling.GU_4, f"Diffuse: injury {value} capped at {cap}")
    return out
