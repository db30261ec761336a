"""GU-6: cover DR, what an object or a person in the way takes off the damage behind it."""

from __future__ import annotations

from fractions import Fraction

from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance, apply_divisor, fmt
from armourpen.gurps.notation import Divisor

_HP_SHARE: dict[InjuryTolerance, tuple[Fraction, str]] = {
    InjuryTolerance.NONE: (Fraction(1), "HP"),
    InjuryTolerance.UNLIVING: (Fraction(1, 2), "HP/2 (Unliving)"),
    InjuryTolerance.HOMOGENOUS: (Fraction(1, 4), "HP/4 (Homogenous)"),
    InjuryTolerance.DIFFUSE: (Fraction(1, 4), "HP/4 (Diffuse)"),
}


def raw_cover_dr(
    dr_front: int,
    dr_back: int,
    hp: int | None,
    tolerance: InjuryTolerance,
    slab: bool = False,
) -> Explained[Fraction]:
    """GU-6 before the divisor: DR in + DR out + the HP share, or a thin slab's DR alone.

    The sum is exact (HP/2 and HP/4 may be fractions); the divisor floors it once.
    """
    if slab:
        return Explained.of(Fraction(dr_front), Ruling.GU_6, f"thin slab: cover DR = its DR {dr_front}")
    if hp is None:
        raise ValueError("cover that is not a thin slab needs hp")
    share, label = _HP_SHARE[tolerance]
    part = hp * share
    total = dr_front + dr_back + part
    steps: list[Step] = []
    if tolerance is InjuryTolerance.DIFFUSE:
        steps.append(Step(Ruling.GU_6, "Diffuse: the rules give no cover DR; HP/4 is used"))
    steps.append(
        Step(
            Ruling.GU_6,
            f"cover DR = DR {dr_front} in + DR {dr_back} out + {label} {fmt(part)} = {fmt(total)}",
        )
    )
    return Explained(total, tuple(steps))


def cover_dr(
    dr_front: int,
    dr_back: int,
    hp: int | None,
    tolerance: InjuryTolerance,
    divisor: Divisor,
    slab: bool = False,
    reading: Dr0Reading = Dr0Reading.BECOMES_1,
) -> Explained[int]:
    """GU-6: the effective cover DR of one object, after its armour divisor (GU-3, once)."""
    raw = raw_cover_dr(dr_front, dr_back, hp, tolerance, slab)
    eff = apply_divisor(raw.value, divisor, reading, what="cover DR")
    return Explained(eff.value, raw.steps + eff.steps)
