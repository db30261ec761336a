"""PA-1: the personal and structural scales.

1 structural point (SPEN, SDC, SAV) is 5 personal points (PEN, DC, AV). Every comparison is made on
the personal scale in whole numbers; outputs show the structural figure beside a personal one.
"""

from __future__ import annotations

from fractions import Fraction

from armourpen.errors import InputError
from armourpen.values import MAX_PERSONAL, STRUCTURAL_FACTOR

MAX_VALUE = MAX_PERSONAL  # PEN and AV run 0..1000 on the personal scale (PA-1)

__all__ = ["MAX_VALUE", "STRUCTURAL_FACTOR", "figure", "fmt", "shown_value", "structural",
           "structural_number", "structural_text", "to_personal"]


def to_personal(value: Fraction | int, structural: bool, field: str) -> int:
    """A PEN/AV/DC value on the personal scale, as a whole number; rejects what is off the scale."""
    v = Fraction(value) * (STRUCTURAL_FACTOR if structural else 1)
    if v.denominator != 1:
        hint = (f"it gives {float(v):g} on the personal scale; a structural value must be a "
                "multiple of 0.2" if structural else "the personal scale has whole numbers only")
        raise InputError(field, shown_value(value), f"{hint} (PA-1)")
    n = int(v)
    if not 0 <= n <= MAX_VALUE:
        raise InputError(field, shown_value(value), f"allowed: 0 to {MAX_VALUE} on the personal scale "
                         f"(0 to {MAX_VALUE // STRUCTURAL_FACTOR} structural) (PA-1)")
    return n


def shown_value(value: Fraction | int | float) -> str:
    f = float(value)
    return f"{f:g}"


def structural(personal: int | Fraction) -> Fraction:
    """The structural figure of a personal value (AV 26 -> SAV 5.2)."""
    return Fraction(personal) / STRUCTURAL_FACTOR


def structural_number(personal: int) -> int | float:
    """The structural figure as a JSON number (SAV 12, SAV 5.2)."""
    v = structural(personal)
    return int(v) if v.denominator == 1 else float(v)


def structural_text(personal: int | Fraction) -> str:
    """The structural figure for people: ``5.2`` for AV 26, ``12`` for AV 60."""
    return shown_value(structural(personal))


def figure(personal: int, prefix: str = "AV", show_structural: bool = False) -> str:
    """``26 (SAV 5.2)`` when the structural scale is involved, ``6`` otherwise (a chart's cell)."""
    if not show_structural:
        return f"{personal}"
    return f"{personal} (S{prefix} {structural_text(personal)})"


def fmt(personal: int, prefix: str = "AV", show_structural: bool = False) -> str:
    """``AV 26 (SAV 5.2)`` when the structural scale is involved, ``AV 6`` otherwise."""
    return f"{prefix} {figure(personal, prefix, show_structural)}"
