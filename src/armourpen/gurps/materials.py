"""GU-18: cover by material (Basic Set p. 559): DR per inch times the thickness, rounded down.

The low end of the table's range unless the card says ``grade = "high"`` or gives ``dr_per_inch``
within the range. Such cover is a thin slab (GU-6) unless the card says otherwise.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

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


def material_range(material: str) -> str:
    low, high = MATERIALS[material]
    return fmt(low) if low == high else f"{fmt(low)} to {fmt(high)}"


def material_dr(material: str, inches: Fraction, grade: str = "low",
                dr_per_inch: Fraction | None = None) -> Explained[int]:
    """The DR of ``inches`` of ``material`` (GU-18): the range's low or high end, or
    ``dr_per_inch`` (checked within the range by the reader), times the inches, rounded down."""
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
    return Explained.of(dr, Ruling.GU_18, f"{material}: DR {_decimal(per)} per inch ({why}{within} "
                        f"{material_range(material)}) x {_decimal(inches)} in. = {_decimal(raw)}, "
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
