"""Reading a cover card of a GURPS scenario (GU-6), by DR or by material and thickness (GU-18);
a vehicle's occupants and SM (GU-17)."""

from __future__ import annotations

from fractions import Fraction

from armourpen.errors import MISSING, ScenarioError
from armourpen.explain import Caution, Ruling, Step, about
from armourpen.gurps.condition import check_hp_left
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.materials import MATERIALS, material_dr, material_range, thickness
from armourpen.gurps.model import (
    Cover,
)
from armourpen.gurps.objects import read_building
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
    hp = _object_hp(c, here, line, name, i)
    if slab:
        # GU-26: a slab's hp and injury_tolerance still count for the damage it takes
        ignored = [k for k in ("dr_back",) if getattr(c, k) is not None]
        if ignored:
            line.warnings.append(Caution(
                Ruling.GU_6, f"{name}: a thin slab counts its DR alone; " + ", ".join(ignored)
                + " ignored"
            ))
    elif hp is None:
        raise ScenarioError(
            f"{here}.hp", MISSING,
            "cover that is not a thin slab needs hp (GU-6), or set slab = true",
        )
    return Cover(
        name=name,
        dr=dr,
        dr_back=dr if c.dr_back is None else c.dr_back,
        hp=hp,
        slab=slab,
        injury_tolerance=(
            InjuryTolerance.HOMOGENOUS if c.injury_tolerance is None else c.injury_tolerance
        ),
        index=i,
        occupants=c.occupants,
        sm=c.sm,
        hp_left=c.hp_left,
        ht=c.ht,
        tolerance_given=c.injury_tolerance is not None,
    )


def _object_hp(c: CoverSpec, here: str, line: _Line, name: str, i: int) -> int | None:
    """A cover card's HP (GU-26): ``hp``, or a building's from its area and construction;
    ``hp_left`` checked against it."""
    hp = c.hp
    if c.building is not None:
        if hp is not None:
            raise ScenarioError(f"{here}.building", "building", "hp or building, not both (GU-26)")
        built = read_building(Fraction(c.building.area), c.building.built, f"{here}.building")
        hp = built.value
        line.steps.extend(about((Step(s.rule, f"{name}: {s.text}") for s in built.steps), i))
    if c.hp_left is not None and hp is None:
        raise ScenarioError(f"{here}.hp_left", c.hp_left, "only with hp or building (GU-26)")
    if hp is not None:
        check_hp_left(c.hp_left, hp, f"{here}.hp_left")
    return hp


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
