"""GU-10: hit locations, the random hit location table of a body type, and where a hit lands.

A body type is a value: its name and the 3d6 ranges of its random table. The humanoid table of the
Basic Set (p. 552) ships as :data:`HUMANOID`; other bodies (quadrupeds, avians, ...) are other
values of the same type. The eye and the vitals are on no random table: they are hit only when aimed
at.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Literal

from armourpen.explain import Explained, Ruling

Random = Literal["random"]
RANDOM: Random = "random"


class Location(StrEnum):
    """Hit locations with the wounding rules of GU-4 (Basic Set pp. 398-400)."""

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
    # Locations of other body types (Basic Set p. 552), hit on GCS bodies: a target maps each to
    # the location whose rules it follows (:attr:`~armourpen.gurps.model.Target.rules`).
    WING = "wing"
    TAIL = "tail"
    FIN = "fin"


# The locations only other body types have: hand-written targets (humanoid) cannot be hit there.
OTHER_BODIES = frozenset({Location.WING, Location.TAIL, Location.FIN})
# A humanoid's locations, in the order of GU-4: where a hand-written target is hit, and the keys
# of a table of DR by location (GU-3).
HUMANOID_LOCATIONS: tuple[Location, ...] = tuple(loc for loc in Location if loc not in OTHER_BODIES)
LIMBS = frozenset({Location.ARM, Location.LEG})
EXTREMITIES = frozenset({Location.HAND, Location.FOOT})


class Lacking(StrEnum):
    """Injury Tolerance kinds that take a part of the body away (GU-14, Basic Set p. 60)."""

    NO_BRAIN = "no_brain"
    NO_VITALS = "no_vitals"
    NO_BLOOD = "no_blood"
    NO_EYES = "no_eyes"
    NO_HEAD = "no_head"
    NO_NECK = "no_neck"


def missing_locations(lacking: frozenset[Lacking]) -> frozenset[Location]:
    """The locations a target does not have: no head, no skull, face or eyes; no neck; no eyes."""
    out: set[Location] = set()
    if Lacking.NO_HEAD in lacking:
        out |= {Location.SKULL, Location.FACE, Location.EYE}
    if Lacking.NO_EYES in lacking:
        out.add(Location.EYE)
    if Lacking.NO_NECK in lacking:
        out.add(Location.NECK)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class BodyType:
    """A body's random hit location table: ``(low, high, location)`` ranges of a roll of ``dice``d6.

    The ranges must cover every total from ``dice`` to ``6 * dice`` once, in order.
    """

    name: str
    table: tuple[tuple[int, int, Location], ...]
    dice: int = 3

    def __post_init__(self) -> None:
        expected = self.dice
        for low, high, _ in self.table:
            if low != expected or high < low:
                raise ValueError(f"body {self.name}: the ranges must run on from {expected}")
            expected = high + 1
        if expected != 6 * self.dice + 1:
            raise ValueError(f"body {self.name}: the ranges must end at {6 * self.dice}")

    def location(self, total: int) -> Location:
        """The location a dice total hits."""
        for low, high, where in self.table:
            if low <= total <= high:
                return where
        raise ValueError(f"body {self.name}: no location for a roll of {total}")

    @property
    def denominator(self) -> int:
        """The number of equally likely rolls: 6 ** dice."""
        return int(6**self.dice)

    def weights(self) -> tuple[tuple[Location, int], ...]:
        """Each location the table can hit with the number of rolls that hit it (exact)."""
        return _weights(self)

    def ranges(self, where: Location) -> str:
        """The rolls that hit ``where``, as the table prints them (``6-7, 13-14``)."""
        parts = [str(low) if low == high else f"{low}-{high}" for low, high, w in self.table if w == where]
        return ", ".join(parts)


@cache
def _weights(body: BodyType) -> tuple[tuple[Location, int], ...]:
    counts = [1]  # ways to roll each total of the dice so far, from the lowest total
    for _ in range(body.dice):
        counts = [sum(counts[max(0, k - 5) : k + 1]) for k in range(len(counts) + 5)]
    out: dict[Location, int] = {}
    for k, count in enumerate(counts):
        where = body.location(body.dice + k)
        out[where] = out.get(where, 0) + count
    return tuple(out.items())


HUMANOID = BodyType(
    "humanoid",
    (
        (3, 4, Location.SKULL),
        (5, 5, Location.FACE),
        (6, 7, Location.LEG),
        (8, 8, Location.ARM),
        (9, 10, Location.TORSO),
        (11, 11, Location.GROIN),
        (12, 12, Location.ARM),
        (13, 14, Location.LEG),
        (15, 15, Location.HAND),
        (16, 16, Location.FOOT),
        (17, 18, Location.NECK),
    ),
)


@dataclass(frozen=True, slots=True)
class LocationRoll:
    """A random hit location as rolled: the dice and the location they hit on ``body``."""

    dice: tuple[int, ...]
    location: Location
    body: str = HUMANOID.name
    fixed: bool = False  # the GM's own roll, typed as its total (``dice`` is that one total)

    @property
    def total(self) -> int:
        return sum(self.dice)

    def __str__(self) -> str:
        if self.fixed:
            return f"{self.total} (the GM's roll)"
        return f"{' + '.join(map(str, self.dice))} = {self.total}"


def roll_location(rng: random.Random, body: BodyType = HUMANOID) -> LocationRoll:
    """Roll ``body``'s random table with ``rng`` (seeded by the caller)."""
    dice = tuple(rng.randint(1, 6) for _ in range(body.dice))
    return LocationRoll(dice, body.location(sum(dice)), body.name)


def fixed_location(total: int, body: BodyType = HUMANOID) -> LocationRoll:
    """The GM's own roll of ``total`` on ``body``'s table, in place of a random one (GU-10)."""
    return LocationRoll((total,), body.location(total), body.name, fixed=True)


def lands_on(location: Location, lacking: frozenset[Lacking]) -> Explained[Location]:
    """Where a random hit lands on a target that lacks the rolled part: the torso (GU-14).

    Aimed hits at a part the target lacks are refused when the scenario is read; a roll on the
    random table can still land there, and then the torso takes the hit.
    """
    if location in missing_locations(lacking):
        why = "no_neck" if location is Location.NECK else "no_head"
        return Explained.of(
            Location.TORSO, Ruling.GU_14, f"{why}: there is no {location.value}; the hit lands on the torso"
        )
    return Explained(location)


def counts_as(location: Location, lacking: frozenset[Lacking]) -> Explained[Location]:
    """The location whose wounding and knockdown rules apply after No Brain and No Vitals (GU-14).

    No Brain: skull and eye count as the face (an eye can still be blinded). No Vitals: vitals and
    groin count as the torso.
    """
    if Lacking.NO_BRAIN in lacking and location in (Location.SKULL, Location.EYE):
        extra = " (the eye can still be blinded)" if location is Location.EYE else ""
        return Explained.of(
            Location.FACE, Ruling.GU_14, f"no_brain: the {location.value} counts as the face{extra}"
        )
    if Lacking.NO_VITALS in lacking and location in (Location.VITALS, Location.GROIN):
        return Explained.of(
            Location.TORSO, Ruling.GU_14, f"no_vitals: the {location.value} counts as the torso"
        )
    return Explained(location)
