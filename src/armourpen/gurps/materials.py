"""GU-18: cover by material (Basic Set p. 559): DR per inch times the thickness, rounded down.

The low end of the table's range unless the card says ``grade = "high"`` or gives ``dr_per_inch``
within the range. Such cover is a thin slab (GU-6) unless the card says otherwise.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction

from armourpen.errors import ScenarioError
from armourpen.explain import Explained, Ruling
from armourpen.gurps.damage import fmt

MATERIALS: dict[str, tuple[Fraction, Fraction]] = {
    "aluminum": (Fraction(20), Fraction(30)),
    "brick": (Fraction(5), Fraction(8)),
    "concrete": (Fraction(6), Fraction(9)),
    "reinforced concrete": (Fraction(10), Fraction(12)),
    "window glass": (Fraction(5), Fraction(8)),
    "bullet-resistant glass": (Fraction(10), Fraction(20)),
    "iron": (Fraction(40), Fraction(60)),
    "sandbags": (Fraction(3), Fraction(3)),
    "mild steel": (Fraction(50), Fraction(60)),
    "hard steel": (Fraction(60), Fraction(70)),
    "stone": (Fraction(8), Fraction(13)),
    "wood": (Fraction(1, 2), Fraction(1)),
}
"""Each material of the table, named as there, with its DR per inch from low to high."""

GRADES = ("low", "high")
MAX_INCHES = 1000

# A thickness in other units, as distances take them (GU-23): inches per unit, exactly (an inch is
# 2.54 cm by definition). A bare number is inches, the table's unit.
_PER_UNIT: dict[str, Fraction] = {
    "": Fraction(1), "in": Fraction(1), "inch": Fraction(1), "inches": Fraction(1),
    '"': Fraction(1), "ft": Fraction(12), "foot": Fraction(12), "feet": Fraction(12),
    "yd": Fraction(36), "yard": Fraction(36), "yards": Fraction(36),
    "mm": Fraction(10, 254), "cm": Fraction(100, 254), "m": Fraction(10000, 254),
}
_THICKNESS_RE = re.compile(r'^\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-zA-Z"]*)\s*$', re.ASCII)
THICKNESS = ("a thickness in inches more than 0, at most 1000, or with a unit: "
             "'15 cm', '150 mm', '6 in', '1.5 ft' (GU-18)")


def thickness(given: int | float | str, field: str) -> tuple[Fraction, str]:
    """A material cover's thickness in inches (GU-18) and how it was converted (``"15 cm = 5.91
    in."``; empty when it was given in inches)."""
    if isinstance(given, str):
        m = _THICKNESS_RE.match(given)
        unit = m.group(2).lower() if m else ""
        if m is None or unit not in _PER_UNIT or len(m.group(1)) > 30:
            raise ScenarioError(field, given, THICKNESS)
        inches = Fraction(m.group(1)) * _PER_UNIT[unit]
        said = "" if _PER_UNIT[unit] == 1 else f"{m.group(1)} {unit} = {_about(inches)} in."
    else:
        inches = Fraction(repr(given)) if isinstance(given, float) else Fraction(given)
        said = ""
    if not 0 < inches <= MAX_INCHES:
        raise ScenarioError(field, given, THICKNESS)
    return inches, said


def material_range(material: str) -> str:
    low, high = MATERIALS[material]
    return fmt(low) if low == high else f"{fmt(low)} to {fmt(high)}"


def material_dr(material: str, inches: Fraction, grade: str = "low",
                dr_per_inch: Fraction | None = None, converted: str = "") -> Explained[int]:
    """The DR of ``inches`` of ``material`` (GU-18): the range's low or high end, or
    ``dr_per_inch`` (checked within the range by the reader), times the inches, rounded down;
    ``converted`` says how a thickness in other units became inches."""
    low, high = MATERIALS[material]
    if dr_per_inch is not None:
        per, why = dr_per_inch, "as given, within"
    elif grade == "high":
        per, why = high, "the high end"
    else:
        per, why = low, "the low end"
    raw = per * inches
    dr = math.floor(raw)
    within = "" if why.endswith("within") else " of"
    first = f"{converted}; " if converted else ""
    shown = _about if converted else _decimal  # a converted thickness has no short fraction
    return Explained.of(dr, Ruling.GU_18, f"{first}{material}: DR {_decimal(per)} per inch ({why}{within} "
                        f"{material_range(material)}) x {shown(inches)} in. = {shown(raw)}, "
                        f"rounded down: DR {dr}")


def _decimal(x: Fraction) -> str:
    """``x`` as the decimal it is when it has one (9.5 x 1.5 = 14.25), else as :func:`fmt`."""
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        return fmt(x)
    return str(Decimal(x.numerator) / Decimal(x.denominator))


def _about(x: Fraction) -> str:
    """``x`` to two decimals, as ``about 5.91`` when that is not exact."""
    shown = f"{float(x):.2f}".rstrip("0").rstrip(".")
    return shown if Fraction(shown) == x else f"about {shown}"
