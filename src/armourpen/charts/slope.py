"""The ``slope`` chart: a plate's effective thickness and AV against the angle of incidence.

The thickness multiplier is the text's table (the points: 0 and 15° x1, 30° x1.2, 45° x1.5, 60° x2,
75° x4, 80° x6) joined by straight lines, x6 beyond 80° (PA-10); the effective thickness goes through
the thickness curve to an AV, the highest one it reaches (PA-11). The curve is sampled every half
degree from 0 up to 89.5° (at 90° a shot no longer meets the face).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from armourpen.explain import Caution, Ruling
from armourpen.penav.scale import structural_number
from armourpen.penav.slope import SLOPE_TABLE, multiplier
from armourpen.penav.thickness import MAX_MM, av_for_mm, fmt_mm, mm_for_av
from armourpen.serialize import number as _num

STEP = Fraction(1, 2)  # degrees between the curve's samples
LAST = Fraction(179, 2)  # 89.5°: the last angle that still meets the face


@dataclass(frozen=True, slots=True)
class SlopePoint:
    """At incidence ``angle``: the multiplier, the effective mm of RHA and the AV (None past AV 1000)."""

    angle: Fraction
    multiplier: Fraction
    mm: Fraction
    av: int | None

    @classmethod
    def at(cls, actual_mm: Fraction, angle: Fraction) -> SlopePoint:
        m = multiplier(angle)
        mm = actual_mm * m
        return cls(angle, m, mm, av_for_mm(mm).value if mm <= MAX_MM else None)

    def to_dict(self) -> dict[str, Any]:
        return {"angle": _num(self.angle), "multiplier": _num(self.multiplier),
                "mm": _num(self.mm), "mm_exact": str(self.mm), "av": self.av,
                "sav": None if self.av is None else structural_number(self.av)}


@dataclass(frozen=True, slots=True)
class SlopeChart:
    """A plate of ``actual_mm`` of RHA (AV ``actual_av``) met at every angle of incidence."""

    actual_mm: Fraction
    actual_av: int
    table: tuple[SlopePoint, ...]
    curve: tuple[SlopePoint, ...]

    kind = "slope"
    rulings = (Ruling.PA_1, Ruling.PA_10, Ruling.PA_11)

    @property
    def title(self) -> str:
        return (f"A plate of {fmt_mm(self.actual_mm)} mm RHA (AV {self.actual_av}, "
                f"SAV {structural_number(self.actual_av)}) against the angle of incidence")

    @property
    def warnings(self) -> tuple[Caution, ...]:
        beyond = [p.angle for p in self.curve if p.av is None]
        if not beyond:
            return ()
        return (Caution(Ruling.PA_11, f"from {_num(beyond[0])}° the effective thickness passes "
                        f"{fmt_mm(MAX_MM)} mm, the end of the thickness curve (AV 1000): no AV is "
                        "drawn there"),)

    @classmethod
    def of(cls, *, mm: Fraction | int | None = None, av: int | None = None,
           field: str = "thickness") -> SlopeChart:
        """The chart of a plate given by its actual thickness in mm or its actual personal AV."""
        from armourpen.errors import MISSING, InputError

        if mm is None and av is None:
            raise InputError(field, MISSING, "a thickness in mm or an AV is required")
        if mm is not None and av is not None:
            raise InputError(field, str(mm), "give a thickness in mm or an AV, not both")
        if mm is not None:
            actual_mm = Fraction(mm)
            actual_av = av_for_mm(actual_mm, field=field).value
        else:
            assert av is not None
            actual_mm = mm_for_av(av, field=field).value
            actual_av = av
        table = tuple(SlopePoint.at(actual_mm, a) for a, _ in SLOPE_TABLE)
        n = int(LAST / STEP)
        curve = tuple(SlopePoint.at(actual_mm, STEP * k) for k in range(n + 1))
        return cls(actual_mm, actual_av, table, curve)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title,
            "actual_mm": _num(self.actual_mm),
            "actual_av": self.actual_av,
            "actual_sav": structural_number(self.actual_av),
            "table": [p.to_dict() for p in self.table],
            "curve": [p.to_dict() for p in self.curve],
            "rulings": list(self.rulings),
            "warnings": [w.to_dict() for w in self.warnings],
        }


def slope_chart(
    *, mm: Fraction | int | None = None, av: int | None = None, field: str = "thickness"
) -> SlopeChart:
    """The slope chart of a plate of ``mm`` of RHA, or of personal AV ``av`` (PA-10, PA-11)."""
    from armourpen import arguments
    from armourpen.penav.thickness import parse_thickness

    field = arguments.text("field", field)
    exact = None
    if mm is not None:
        given = mm if isinstance(mm, Fraction) else arguments.number(
            "mm", mm, "a thickness in mm (an int, a float or a Fraction), or None")
        exact = parse_thickness(given, field)  # exact, and finite
    av = arguments.optional_whole("av", av, "a whole personal AV (an int)")
    return SlopeChart.of(mm=exact, av=av, field=field)
