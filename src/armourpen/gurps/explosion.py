"""GU-21: explosions (Basic Set pp. 414-415).

Damage marked ``ex`` is rolled once for the whole blast. A target at ``distance`` yards takes it
divided by 3 x the distance in air (1 x underwater, 10 x in vacuum), rounded down; at distance 0, or
struck directly, undivided. Beyond twice the dice of damage (the multiplier counts) a target takes
nothing. The collateral damage is a large-area injury (p. 400): the DR that counts is the average of
the torso's and the least protected location's, rounded up. Cover between the blast and a target
adds its DR as for a shot; someone who threw himself on the explosive takes the undivided maximum
against his own DR, and covers everyone else with his torso DR plus his HP. An armour divisor
written on the explosion's damage applies only to a target struck directly or with the explosive
inside him, never to collateral damage; fragments keep only their own bracket's divisor. An
explosive inside a target is an attack on the vitals: undivided, no DR, x3 (Injury Tolerance as
GU-4 says for the vitals).
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor
from typing import TYPE_CHECKING

from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.damage import InjuryTolerance, Wounding, fmt, wounding_modifier
from armourpen.gurps.locations import Location, counts_as
from armourpen.gurps.notation import DamageType, Divisor
from armourpen.gurps.situations import Environment, Posture, Situation

if TYPE_CHECKING:
    from armourpen.gurps.model import Target
    from armourpen.gurps.notation import Damage

ENVIRONMENTS = {Environment.AIR: 3, Environment.WATER: 1, Environment.VACUUM: 10}
"""The blast's divisor per yard of distance, by where it goes off (GU-21)."""

# the names a file writes (the schema's and the form's lists)
ENVIRONMENT_NAMES = tuple(e.value for e in Environment)
POSTURES = tuple(p.value for p in Posture)
SITUATIONS = tuple(s.value for s in Situation)
UNDIVIDED = (Situation.STRUCK, Situation.THREW_SELF, Situation.INSIDE)  # the blast undivided
DIRECT = (Situation.STRUCK, Situation.INSIDE)  # the explosion's own armour divisor applies
INSIDE_MODIFIER = Fraction(3)  # an explosive inside a target: an attack on the vitals (GU-21)

# The locations a large-area injury covers (p. 400): the random table's, the vitals and eyes left
# out (inside the torso, and too small to be the "least protected location" of a body)
SURFACE = (Location.SKULL, Location.FACE, Location.NECK, Location.TORSO, Location.GROIN,
           Location.ARM, Location.HAND, Location.LEG, Location.FOOT)


def blast_radius(damage: Damage) -> int:
    """Yards within which a blast does damage: twice its dice, the multiplier counted (GU-21)."""
    return 2 * damage.dice * damage.multiplier


def blast_divisor(distance: Fraction, environment: Environment,
                  situation: Situation = Situation.CAUGHT) -> Explained[Fraction]:
    """What the blast is divided by at ``distance`` yards (GU-21): 3, 1 or 10 x the distance;
    undivided at 0 and in the situations that take it whole."""
    if situation in UNDIVIDED:
        why = {Situation.STRUCK: "struck directly",
               Situation.THREW_SELF: "threw himself on the explosive",
               Situation.INSIDE: "the explosive went off inside him"}[situation]
        return Explained.of(Fraction(1), Ruling.GU_21, f"{why}: the blast undivided")
    if distance == 0:
        return Explained.of(Fraction(1), Ruling.GU_21, "at distance 0: the blast undivided")
    per = ENVIRONMENTS[environment]
    divisor = per * distance
    text = f"{fmt(distance)} yd in {environment}: divided by {per} x {fmt(distance)} = {fmt(divisor)}"
    if divisor < 1:
        # closer than 1/3 yard (1 yard underwater): the text divides; it never multiplies
        text += ", at least 1"
        divisor = Fraction(1)
    return Explained.of(divisor, Ruling.GU_21, text)


def blast_armour_divisor(damage: Damage, situation: Situation) -> Explained[Divisor]:
    """The armour divisor the blast itself brings against a target's DR and its cover (GU-21):
    the one written on the damage for a target struck directly or with the explosive inside him,
    none for collateral damage (caught in the blast, or on the explosive)."""
    if damage.divisor == Divisor.NONE or situation in DIRECT:
        return Explained(damage.divisor)
    return Explained.of(Divisor.NONE, Ruling.GU_21, f"collateral damage: the armour divisor "
                        f"({damage.divisor.value}) does not apply")


def inside_wounding(damage: Damage, target: Target) -> Wounding:
    """The wounding modifier of an explosive inside ``target`` (GU-21): an attack on the vitals,
    x3 for every damage type; Injury Tolerance as GU-4 says for the vitals (Unliving keeps the x3,
    Homogenous its own, Diffuse its cap on the injury), and No Vitals makes it the torso (GU-14).
    Fatigue ignores location and kb wounds nobody (GU-4, GU-13)."""
    where = counts_as(Location.VITALS, target.lacking)
    if (where.value is not Location.VITALS or damage.type in (DamageType.FAT, DamageType.KB)
            or target.injury_tolerance is InjuryTolerance.HOMOGENOUS):
        own = wounding_modifier(damage.type, damage.tbb, where.value, target.injury_tolerance)
        return Wounding(own.modifier, (*where.steps, *own.steps))
    why = f"the explosive inside him: an attack on the vitals, {damage.type.value} x3"
    if target.injury_tolerance is InjuryTolerance.UNLIVING:
        why += " (Unliving keeps the vitals' modifier)"
    return Wounding(INSIDE_MODIFIER, (Step(Ruling.GU_21, why),))


def divided(basic: int, divisor: Fraction) -> int:
    """The blast's damage at a target: basic damage / divisor, rounded down (GU-21)."""
    return floor(basic / divisor)


def in_reach(damage: Damage, distance: Fraction) -> bool:
    """Whether a target at ``distance`` yards is within the blast's radius (GU-21)."""
    return distance <= blast_radius(damage)


def large_area_dr(target: Target) -> Explained[int]:
    """The DR against a large-area injury (p. 400): the average of the torso's DR and the least
    protected location's, rounded up (GU-21)."""
    torso = target.dr_for(Location.TORSO)[0]
    least, where = min((target.dr_for(loc)[0], loc.value) for loc in SURFACE)
    value = ceil(Fraction(torso + least, 2))
    if least == torso:
        return Explained.of(value, Ruling.GU_21, f"large-area injury: DR {value} everywhere")
    return Explained.of(value, Ruling.GU_21, f"large-area injury: (torso DR {torso} + least protected "
                        f"DR {least} at the {where}) / 2, rounded up = {value}")


def body_cover(target: Target) -> int:
    """What someone who threw himself on the explosive adds for everyone else: his torso DR plus
    his HP (GU-21)."""
    return target.dr_for(Location.TORSO)[0] + target.hp
