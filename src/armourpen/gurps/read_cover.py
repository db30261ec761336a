"""Reading a cover card of a GURPS scenario (GU-6), by DR or by material and thickness (GU-18);
a vehicle's occupants and SM (GU-17)."""

from __future__ import annotations

from fractions import Fraction

from armourpen.errors import MISSING, ScenarioError
from armourpen.explain import Caution, Ruling
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.materials import MATERIALS, material_dr, material_range, thickness
from armourpen.gurps.model import (
    Cover,
)
from armourpen.gurps.read_attack import _WHO_ONLY
from armourpen.gurps.read_line import _Line
from armourpen.gurps.schema import (
    CoverSpec,
)


def _cover(c: CoverSpec, i: int, line: _Line, where: str | None = None) -> Cover:
    here = f"line[{i}].cover" if where is None else where
    given = c.model_fields_set
    slab = c.slab
    if c.material is not None:
        name, dr, slab = _material(c, here, line)
    else:
        for key in ("inches", "grade", "dr_per_inch"):
            if key in given:
                raise ScenarioError(f"{here}.{key}", getattr(c, key), "only with material "
                                    "(cover by material, GU-18)")
        if c.name is None:
            raise ScenarioError(f"{here}.name", MISSING, "`name` is required")
        if c.dr is None:
            raise ScenarioError(f"{here}.dr", MISSING, "`dr` is required")
        name, dr = c.name, c.dr
    if not line.who:
        for key in ("occupants", "sm"):
            if key in given:
                raise ScenarioError(f"{here}.{key}", getattr(c, key), _WHO_ONLY)
    if slab:
        ignored = [
            k for k in ("hp", "dr_back", "injury_tolerance") if getattr(c, k) is not None
        ]
        if ignored:
            line.warnings.append(Caution(
                Ruling.GU_6, f"{name}: a thin slab counts its DR alone; " + ", ".join(ignored)
                + " ignored"
            ))
    elif c.hp is None:
        raise ScenarioError(
            f"{here}.hp", MISSING,
            "cover that is not a thin slab needs hp (GU-6), or set slab = true",
        )
    return Cover(
        name=name,
        dr=dr,
        dr_back=dr if c.dr_back is None else c.dr_back,
        hp=c.hp,
        slab=slab,
        injury_tolerance=(
            InjuryTolerance.HOMOGENOUS if c.injury_tolerance is None else c.injury_tolerance
        ),
        index=i,
        occupants=c.occupants,
        sm=c.sm,
    )


_MATERIALS = ", ".join(MATERIALS)


def _material(c: CoverSpec, here: str, line: _Line) -> tuple[str, int, bool]:
    """Cover by material (GU-18): its name, its DR, and whether it is a thin slab (unless the card
    says slab = false)."""
    assert c.material is not None
    material = " ".join(c.material.lower().split())
    if material not in MATERIALS:
        raise ScenarioError(f"{here}.material", c.material, f"one of {_MATERIALS} "
                            "(case-insensitive, GU-18)")
    if c.dr is not None:
        raise ScenarioError(f"{here}.dr", c.dr, "dr or material with inches, not both (GU-18)")
    if c.inches is None:
        raise ScenarioError(f"{here}.inches", MISSING, "`inches` is required: the thickness of a "
                            "material cover in inches, more than 0, at most 1000 (GU-18)")
    per = None
    if c.dr_per_inch is not None:
        if c.grade is not None:
            raise ScenarioError(f"{here}.grade", c.grade, "grade or dr_per_inch, not both (GU-18)")
        per = Fraction(repr(c.dr_per_inch)) if isinstance(c.dr_per_inch, float) \
            else Fraction(c.dr_per_inch)
        low, high = MATERIALS[material]
        if not low <= per <= high:
            raise ScenarioError(f"{here}.dr_per_inch", c.dr_per_inch, f"DR per inch of "
                                f"{material}: {material_range(material)} (GU-18)")
    inches, said = thickness(c.inches, f"{here}.inches")
    dr = material_dr(material, inches, c.grade or "low", per, said)
    line.steps.extend(dr.steps)
    slab = c.slab if "slab" in c.model_fields_set else True
    return (c.name or material), dr.value, slab
