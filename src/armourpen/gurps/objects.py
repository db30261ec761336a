"""GU-26: damage to objects, vehicles and buildings (Basic Set pp. 483-484, 558).

Every cover card a shot reaches takes the basic damage beyond the cover DR in front of it and its
own DR, times the wounding modifier of its Injury Tolerance; what is left of its HP decides its
state. A building may give its HP from its floor area and how it is built. The state function is
shared with shields (GU-25), which are objects too.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from armourpen.errors import InputError
from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.damage import (
    Dr0Reading,
    InjuryTolerance,
    apply_divisor,
    fmt,
    injury,
    wounding_modifier,
)
from armourpen.gurps.locations import Location
from armourpen.gurps.notation import Damage

# Tons of empty weight per 1,000 square feet of floor, by how the building is built (p. 558).
TONS_PER_1000_SQ_FT: dict[str, int] = {
    "wood": 50,
    "mud brick": 50,
    "brick": 100,
    "steel frame": 100,
    "stone": 150,
}
CONSTRUCTIONS = tuple(TONS_PER_1000_SQ_FT)
MAX_AREA = 10_000_000  # square feet: a cap like every other, far beyond any one building
MACHINE_HT = 10  # a machine's HT by default (GU-26)
HOMOGENOUS_HT = 12  # a Homogenous object's HT by default (GU-26)
DESTROYED_AT = 5  # multiples of HP below zero where an object is destroyed outright


class ObjectState(StrEnum):
    """The ruling's words for what is left of an object (GU-26)."""

    WORKING = "working"
    MAY_STOP = "HT roll or it stops working"
    MAY_BREAK = "HT roll or it is destroyed"
    DESTROYED = "destroyed"


def construction(word: str, where: str) -> str:
    """A building's construction word (GU-26), case and ``_`` forgiven; else an AP-2 error with
    the closest words."""
    key = " ".join(word.lower().replace("_", " ").split())
    if key in TONS_PER_1000_SQ_FT:
        return key
    close = difflib.get_close_matches(key, CONSTRUCTIONS, n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise InputError(where, word, "one of " + ", ".join(CONSTRUCTIONS) + hint)


def _icbrt(n: Fraction) -> int:
    """The largest whole k with k ** 3 <= n (n >= 0), exactly."""
    lo, hi = 0, 1
    while hi**3 <= n:
        hi *= 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid**3 <= n:
            lo = mid
        else:
            hi = mid
    return lo


def building_hp(area: Fraction, built: str) -> Explained[int]:
    """GU-26: a building's HP, 100 x the cube root of its empty weight in tons, rounded down.

    The weight is ``area`` square feet times the construction's tons per 1,000 sq ft. The floor
    of 100 x cbrt(tons) is the largest k with k ** 3 <= 1,000,000 x tons, found exactly.
    """
    tons = area * TONS_PER_1000_SQ_FT[built] / 1000
    hp = _icbrt(tons * 1_000_000)
    return Explained(hp, (
        Step(Ruling.GU_26, f"building: {fmt(area)} sq ft of {built} x "
             f"{TONS_PER_1000_SQ_FT[built]} tons per 1,000 sq ft = {fmt(tons)} tons"),
        Step(Ruling.GU_26, f"building: HP = 100 x cube root of {fmt(tons)} = {hp} (rounded down)"),
    ))


def default_ht(tolerance: InjuryTolerance) -> int:
    """An object's HT when its card gives none (GU-26): 12 Homogenous, 10 for a machine (and,
    the ruling naming no other, for every other kind)."""
    return HOMOGENOUS_HT if tolerance is InjuryTolerance.HOMOGENOUS else MACHINE_HT


@dataclass(frozen=True, slots=True)
class ObjectStatus:
    """What is left of an object: its state and the HT rolls the shot calls for (GU-26).

    ``stop_roll``: a HT roll or it stops working; ``destruction_rolls``: one HT roll or it is
    destroyed per multiple of -HP the shot crossed (down to -4 x HP).
    """

    state: ObjectState
    stop_roll: bool = False
    destruction_rolls: int = 0


def object_state(hp: int, before: int, after: int) -> Explained[ObjectStatus]:
    """GU-26: the state of an object of ``hp`` HP taken from ``before`` to ``after`` HP left.

    At -5 x HP it is destroyed. Each multiple -1 to -4 x HP the shot crosses calls for a HT roll
    or it is destroyed; at 0 or less, hurt by this shot, a HT roll or it stops working. With HP 0
    every multiple is 0: any injury destroys it.
    """
    hurt = after < before
    if hp == 0:
        if hurt:
            return Explained.of(ObjectStatus(ObjectState.DESTROYED), Ruling.GU_26,
                                "HP 0: every multiple of HP is 0, so any injury destroys it")
        return Explained.of(ObjectStatus(ObjectState.WORKING), Ruling.GU_26,
                            "HP 0 and no injury: nothing changes")
    if after <= -DESTROYED_AT * hp:
        return Explained.of(ObjectStatus(ObjectState.DESTROYED), Ruling.GU_26,
                            f"{after} HP left is at or below -5 x HP ({-DESTROYED_AT * hp}): "
                            "destroyed")
    crossed = [m for m in range(1, DESTROYED_AT) if after <= -m * hp < before]
    stop = hurt and after <= 0
    if crossed:
        at = ", ".join(f"{-m * hp}" for m in crossed)
        return Explained.of(ObjectStatus(ObjectState.MAY_BREAK, stop, len(crossed)), Ruling.GU_26,
                            f"{after} HP left: the shot crosses {at} (multiples of -HP): "
                            f"{len(crossed)} HT roll(s) or it is destroyed"
                            + ("; and a HT roll or it stops working" if stop else ""))
    if after <= 0:
        why = "a HT roll or it stops working" if stop else "at 0 HP or less (no new injury)"
        return Explained.of(ObjectStatus(ObjectState.MAY_STOP, stop), Ruling.GU_26,
                            f"{after} HP left, 0 or less: {why}")
    return Explained.of(ObjectStatus(ObjectState.WORKING), Ruling.GU_26,
                        f"{after} HP left, above 0: working")


@dataclass(frozen=True, slots=True)
class ObjectDamage:
    """What one shot did to a cover card (GU-26). ``hp``, ``hp_left``, ``state`` and ``ht`` are
    None for a thin slab given no HP (its injury alone is reported)."""

    penetrating: int
    injury: int
    hp: int | None
    hp_left: int | None
    state: ObjectStatus | None
    ht: int | None


def object_damage(damage: Damage, basic: int, in_front: int, dr: int,
                  tolerance: InjuryTolerance | None, hp: int | None, hp_left: int | None,
                  ht: int | None, object_kind: InjuryTolerance = InjuryTolerance.HOMOGENOUS,
                  reading: Dr0Reading = Dr0Reading.BECOMES_1) -> Explained[ObjectDamage]:
    """GU-26: the damage a cover card takes: ``basic`` less the cover DR ``in_front`` and its own
    DR after the divisor, times its Injury Tolerance's wounding modifier (the torso's when it
    gives none, ``tolerance`` None), and the state it is left in; ``object_kind`` (the card's
    kind as cover, GU-6) sets its HT when it gives none."""
    own = apply_divisor(dr, damage.divisor, reading)
    steps = list(own.steps)
    penetrating = max(0, basic - in_front - own.value)
    front = f" - cover DR {in_front} in front" if in_front else ""
    steps.append(Step(Ruling.GU_26, f"damage to it: {basic}{front} - DR {own.value} = "
                      f"{penetrating} penetrating" if penetrating else
                      f"damage to it: {basic}{front} - DR {own.value}: nothing penetrates"))
    kind = InjuryTolerance.NONE if tolerance is None else tolerance
    if tolerance is None and penetrating:
        steps.append(Step(Ruling.GU_26, "no Injury Tolerance given: the torso's modifiers"))
    wound = wounding_modifier(damage.type, damage.tbb, Location.TORSO, kind)
    if penetrating:
        steps.extend(wound.steps)
    hurt = injury(penetrating, wound.modifier, damage.type, kind)
    steps.extend(hurt.steps)
    if hp is None:
        steps.append(Step(Ruling.GU_26, f"injury {hurt.value}; a thin slab given no HP has no HP "
                          "left to report"))
        return Explained(ObjectDamage(penetrating, hurt.value, None, None, None, None),
                         tuple(steps))
    before = hp if hp_left is None else hp_left
    after = before - hurt.value
    steps.append(Step(Ruling.GU_26, f"HP left {before} - injury {hurt.value} = {after}"))
    state = object_state(hp, before, after)
    steps.extend(state.steps)
    shown_ht = default_ht(object_kind) if ht is None else ht
    return Explained(ObjectDamage(penetrating, hurt.value, hp, after, state.value, shown_ht),
                     tuple(steps))


def read_building(area: Fraction, built: str, where: str) -> Explained[int]:
    """A card's ``building = { area, built }`` (GU-26) as its HP; an unknown word is an AP-2
    error with the closest words."""
    return building_hp(area, construction(built, f"{where}.built"))


def combined_damage(parts: list[ObjectDamage], before: int | None) -> Explained[ObjectDamage]:
    """GU-26 for several hits (a burst, GU-19): their injuries summed, and the state the sum
    leaves from ``before`` HP left (its HP when None)."""
    first = parts[0]
    total = sum(p.injury for p in parts)
    penetrating = sum(p.penetrating for p in parts)
    if first.hp is None:
        return Explained(ObjectDamage(penetrating, total, None, None, None, None))
    start = first.hp if before is None else before
    after = start - total
    state = object_state(first.hp, start, after)
    steps = (Step(Ruling.GU_26, f"{len(parts)} hits: injury "
                  f"{' + '.join(str(p.injury) for p in parts)} = {total}; HP left {start} - "
                  f"{total} = {after}"), *state.steps)
    return Explained(ObjectDamage(penetrating, total, first.hp, after, state.value, first.ht),
                     steps)
