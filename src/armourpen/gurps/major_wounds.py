"""GU-12: major wounds, and the HT roll against knockdown and stunning."""

from __future__ import annotations

from armourpen.explain import Explained, Ruling
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.locations import Location
from armourpen.gurps.notation import DamageType
from armourpen.gurps.pain import PainThreshold


def major_wound(injury: int, hp: int, crippled: bool = False, explain: bool = True) -> Explained[bool]:
    """Injury over HP/2 from one hit, or a crippling injury (a crippled limb, extremity or eye)."""
    if injury <= 0:
        return Explained(False)
    over = 2 * injury > hp
    value = over or crippled
    if not explain:
        return Explained(value)
    if over:
        return Explained.of(True, Ruling.GU_12, f"injury {injury} > HP/2 (HP {hp}): a major wound")
    if crippled:
        return Explained.of(
            True, Ruling.GU_12, f"injury {injury} is not over HP/2 (HP {hp}), but a crippling injury "
            "is a major wound"
        )
    return Explained.of(
        False, Ruling.GU_12, f"injury {injury} is not over HP/2 (HP {hp}): not a major wound"
    )


def knockdown_modifier(
    counts_as: Location,
    damage_type: DamageType,
    tolerance: InjuryTolerance,
    major: bool,
    shocked: bool,
    explain: bool = True,
    pain: PainThreshold = PainThreshold.NORMAL,
) -> Explained[int | None]:
    """The HT modifier of the roll against knockdown and stunning, or None when none is called for.

    A major wound calls for it: at -5 to the face, vitals or groin, +0 elsewhere. Any shock-causing
    hit to the skull or eye calls for it at -10, and one to the vitals at -5. Toxic damage gets none
    of the skull's or eye's effects; Homogenous and Diffuse targets ignore the location modifiers.
    ``shocked``: the injury is enough to cause shock (:func:`~armourpen.gurps.shock.causes_shock`),
    felt or not. High Pain Threshold adds +3 to the roll, Low Pain Threshold -4.
    """
    value, why = _knockdown(counts_as, damage_type, tolerance, major, shocked)
    if value is None:
        return Explained(value)
    total = value + pain.knockdown_modifier
    if not explain:
        return Explained(total)
    if pain is not PainThreshold.NORMAL:
        why += f"; {pain.knockdown_modifier:+d} for {pain.trait}: {value:+d} {pain.knockdown_modifier:+d}"
    return Explained.of(
        total, Ruling.GU_12, f"{why}: HT roll at {total:+d} against knockdown and stunning"
    )


def _knockdown(
    counts_as: Location,
    damage_type: DamageType,
    tolerance: InjuryTolerance,
    major: bool,
    shocked: bool,
) -> tuple[int | None, str]:
    if tolerance in (InjuryTolerance.HOMOGENOUS, InjuryTolerance.DIFFUSE):
        return (0, f"{tolerance.value} ignores the location: major wound") if major else (None, "")
    why = "major wound" if major else "shock"
    head = counts_as in (Location.SKULL, Location.EYE)
    if head and damage_type is not DamageType.TOX and (shocked or major):
        return -10, f"{counts_as.value}, {why}"
    if counts_as is Location.VITALS and (shocked or major):
        return -5, f"vitals, {why}"
    if not major:
        return None, ""
    if counts_as in (Location.FACE, Location.GROIN):
        return -5, f"{counts_as.value}, major wound"
    where = counts_as.value + (" (toxic: none of its effects)" if head else "")
    return 0, f"{where}, major wound"
