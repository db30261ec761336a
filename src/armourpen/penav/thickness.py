"""PA-11: the thickness curve, from millimetres of rolled homogeneous steel (RHA) to personal AV.

The points come from the small-arms table (AV 3 = 1 mm steel plate ... AV 20 = 55 mm RHA) and the
autocannon table (SAV 5 = 60 mm ... SAV 70 = 1700 mm, i.e. AV 25 ... AV 350). Between points the
curve is linear; past AV 350 it goes on at +100 mm per 10 AV up to AV 1000. Everything is exact
(``Fraction``), so a thickness that lies on a table point maps to that point's AV, never one below.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any

from armourpen.errors import MISSING, InputError, shown
from armourpen.explain import Explained, Ruling, Step
from armourpen.penav.scale import MAX_VALUE, fmt, shown_value, structural, structural_text, to_personal
from armourpen.serialize import exact, number

F = Fraction

POINTS: tuple[tuple[int, Fraction], ...] = (
    # small-arms table: steel plate and RHA rows
    (3, F(1)),
    (6, F(6)),
    (7, F(8)),
    (8, F(10)),
    (9, F(25, 2)),
    (10, F(15)),
    (11, F(35, 2)),
    (12, F(20)),
    (13, F(45, 2)),
    (14, F(25)),
    (15, F(30)),
    (16, F(35)),
    (17, F(40)),
    (18, F(45)),
    (19, F(50)),
    (20, F(55)),
    # autocannon table: SAV x 5
    (25, F(60)),
    (30, F(70)),
    (35, F(80)),
    (40, F(90)),
    (45, F(100)),
    (50, F(110)),
    (60, F(120)),
    (70, F(130)),
    (80, F(150)),
    (90, F(175)),
    (100, F(200)),
    (110, F(225)),
    (120, F(250)),
    (130, F(275)),
    (140, F(300)),
    (150, F(325)),
    (160, F(350)),
    (170, F(375)),
    (180, F(400)),
    (190, F(450)),
    (200, F(500)),
    (210, F(550)),
    (220, F(600)),
    (230, F(650)),
    (240, F(700)),
    (250, F(750)),
    (260, F(800)),
    (270, F(900)),
    (280, F(1000)),
    (290, F(1100)),
    (300, F(1200)),
    (310, F(1300)),
    (320, F(1400)),
    (330, F(1500)),
    (340, F(1600)),
    (350, F(1700)),
)
"""The table's points as (personal AV, mm of RHA)."""

MIN_AV = POINTS[0][0]
TABLE_MAX_AV = POINTS[-1][0]
MAX_AV = MAX_VALUE
EXTENSION_STEP_AV = 10
EXTENSION_STEP_MM = F(100)

EXTENSION: tuple[tuple[int, Fraction], ...] = tuple(
    (av, POINTS[-1][1] + EXTENSION_STEP_MM * (av - TABLE_MAX_AV) / EXTENSION_STEP_AV)
    for av in range(TABLE_MAX_AV + EXTENSION_STEP_AV, MAX_AV + 1, EXTENSION_STEP_AV)
)
"""Past the table, +100 mm per 10 AV up to AV 1000 (PA-11)."""

CURVE: tuple[tuple[int, Fraction], ...] = POINTS + EXTENSION
MIN_MM = CURVE[0][1]
MAX_MM = CURVE[-1][1]

_AVS = tuple(av for av, _ in CURVE)
_MMS = tuple(mm for _, mm in CURVE)


def fmt_mm(mm: Fraction | int) -> str:
    """A thickness in mm as a short decimal (``78.75``, ``120``; ``2.667`` for 8/3)."""
    q = Fraction(mm)
    if q.denominator == 1:
        return str(q.numerator)
    d = q.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:  # a finite decimal: show it in full
        text = f"{float(q):.12f}".rstrip("0").rstrip(".")
        return text
    return f"{float(q):.4g}"


def _point_name(av: int) -> str:
    kind = "table point" if av <= TABLE_MAX_AV else "extension point"
    return f"{fmt(av, show_structural=True)} = {fmt_mm(mm_at(av))} mm ({kind})"


def _allowed_av() -> str:
    return (
        f"allowed: AV {MIN_AV} to {MAX_AV} (the thickness curve starts at AV {MIN_AV} = "
        f"{fmt_mm(MIN_MM)} mm and ends at AV {MAX_AV} = {fmt_mm(MAX_MM)} mm) (PA-11)"
    )


def _allowed_mm() -> str:
    return (
        f"allowed: {fmt_mm(MIN_MM)} mm to {fmt_mm(MAX_MM)} mm of RHA (AV {MIN_AV} to {MAX_AV} "
        "on the thickness curve) (PA-11)"
    )


def _check_av(av: int, field: str) -> int:
    if isinstance(av, bool) or not isinstance(av, int):
        raise InputError(field, av, "a whole personal AV; " + _allowed_av())
    if not MIN_AV <= av <= MAX_AV:
        raise InputError(field, av, _allowed_av())
    return av


def mm_at(av: int) -> Fraction:
    """The thickness AV ``av`` stands for (no steps, no checks beyond the curve's range)."""
    i = bisect_right(_AVS, av) - 1
    a0, m0 = CURVE[i]
    if a0 == av:
        return m0
    a1, m1 = CURVE[i + 1]
    return m0 + (m1 - m0) * Fraction(av - a0, a1 - a0)


def mm_for_av(av: int, *, field: str = "av") -> Explained[Fraction]:
    """The millimetres of RHA that personal AV ``av`` stands for (PA-11), linear between points."""
    _check_av(av, field)
    i = bisect_right(_AVS, av) - 1
    a0, m0 = CURVE[i]
    shown = fmt(av, show_structural=True)
    if a0 == av:
        return Explained.of(m0, Ruling.PA_11, _point_name(av))
    a1, m1 = CURVE[i + 1]
    mm = m0 + (m1 - m0) * Fraction(av - a0, a1 - a0)
    return Explained.of(
        mm,
        Ruling.PA_11,
        f"{shown} lies between {_point_name(a0)} and {_point_name(a1)}: "
        f"{fmt_mm(m0)} + ({av} - {a0}) / ({a1} - {a0}) x ({fmt_mm(m1)} - {fmt_mm(m0)}) "
        f"= {fmt_mm(mm)} mm",
    )


def _as_fraction(mm: Fraction | int | float | str, field: str) -> Fraction:
    if isinstance(mm, Fraction):
        return mm
    from armourpen.numeric import exact_number

    return exact_number(mm, field, allowed="a thickness in mm; " + _allowed_mm().removeprefix(
        "allowed: "))


def av_for_mm(mm: Fraction | int, *, field: str = "thickness_mm") -> Explained[int]:
    """The highest personal AV whose thickness ``mm`` reaches (PA-11, floor)."""
    q = _as_fraction(mm, field)
    if q < MIN_MM or q > MAX_MM:
        shown = f"{fmt_mm(q)} mm" if abs(q) < 10**9 and q.denominator < 10**9 else mm
        raise InputError(field, shown, _allowed_mm())
    i = bisect_right(_MMS, q) - 1
    a0, m0 = CURVE[i]
    if m0 == q:
        text = f"{fmt_mm(q)} mm is a point of the curve: {_point_name(a0)}"
        return Explained.of(a0, Ruling.PA_11, text)
    a1, m1 = CURVE[i + 1]
    exact = a0 + (q - m0) * Fraction(a1 - a0) / (m1 - m0)
    av = floor(exact)
    exact_text = fmt_mm(exact)
    return Explained.of(
        av,
        Ruling.PA_11,
        f"{fmt_mm(q)} mm lies between {_point_name(a0)} and {_point_name(a1)}: "
        f"AV {a0} + ({fmt_mm(q)} - {fmt_mm(m0)}) / ({fmt_mm(m1)} - {fmt_mm(m0)}) x {a1 - a0} "
        f"= {exact_text}; the highest AV it reaches (floor) is {fmt(av, show_structural=True)}",
    )


@dataclass(frozen=True, slots=True)
class Neighbours:
    """The curve's points around a value: strictly below, exactly at (or None), strictly above."""

    below: tuple[int, Fraction] | None
    at: tuple[int, Fraction] | None
    above: tuple[int, Fraction] | None

    def points(self) -> tuple[tuple[int, Fraction], ...]:
        return tuple(p for p in (self.below, self.at, self.above) if p is not None)


def neighbours(
    *, av: int | None = None, mm: Fraction | int | None = None, field: str = "thickness"
) -> Neighbours:
    """The points of the curve around an AV or a thickness (give exactly one of them)."""
    if av is None and mm is None:
        raise InputError(field, MISSING, "an AV or a thickness in mm is required")
    if av is not None and mm is not None:
        raise InputError(field, str(mm), "give either an AV or a thickness in mm, not both")
    if av is not None:
        _check_av(av, "av")
        keys: tuple[Fraction | int, ...] = _AVS
        key: Fraction | int = av
    else:
        q = _as_fraction(mm if mm is not None else 0, "thickness_mm")
        if q < MIN_MM or q > MAX_MM:
            raise InputError("thickness_mm", f"{fmt_mm(q)} mm", _allowed_mm())
        keys = _MMS
        key = q
    i = bisect_right(keys, key) - 1
    at = CURVE[i] if keys[i] == key else None
    below_i = i - 1 if at is not None else i
    below = CURVE[below_i] if below_i >= 0 else None
    above = CURVE[i + 1] if i + 1 < len(CURVE) else None
    return Neighbours(below, at, above)



# --- the report behind `armourpen thickness` and `armourpen.thickness` ------------------------

_UNITS: dict[str, Fraction] = {
    "": Fraction(1),
    "mm": Fraction(1),
    "cm": Fraction(10),
    "in": Fraction("25.4"),
    '"': Fraction("25.4"),
}
# spaces taken possessively: two runs of them side by side (the unit may be empty) would otherwise
# be split every way on text that does not match, in time growing with the square of its length
_THICKNESS = re.compile(r"^\s*+(\d+(?:\.\d+)?|\.\d+)\s*+(mm|cm|in|\"|)\s*+$",
                        re.IGNORECASE | re.ASCII)
_ALLOWED_TEXT = "a thickness such as 120mm, 78.75mm, 4cm or 2in (a bare number is mm)"


def parse_thickness(text: str | float | Fraction, field: str = "mm") -> Fraction:
    """``"120mm"`` -> 120, ``"4cm"`` -> 40, ``"2in"`` -> 50.8 (exact); a number is mm."""
    if isinstance(text, bool):
        raise InputError(field, text, _ALLOWED_TEXT)
    if isinstance(text, Fraction):
        return text
    if isinstance(text, int | float):
        from armourpen.numeric import exact_number

        return exact_number(text, field, allowed=_ALLOWED_TEXT)
    from armourpen.numeric import MAX_NUMBER_CHARS

    m = _THICKNESS.match(text) if isinstance(text, str) else None
    if m is None or len(m.group(1)) > MAX_NUMBER_CHARS:
        raise InputError(field, text, _ALLOWED_TEXT)
    return Fraction(m.group(1)) * _UNITS[m.group(2).lower()]


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """A point of the curve near the value asked about; ``at`` when it is that value."""

    av: int
    mm: Fraction
    at: bool = False

    @property
    def table_point(self) -> bool:
        """A point the text's tables give (AV 350 and below), not the extension past them."""
        return self.av <= TABLE_MAX_AV

    def to_dict(self) -> dict[str, Any]:
        return {"av": self.av, "sav": number(structural(self.av)), "mm": number(self.mm),
                "mm_exact": exact(self.mm), "table_point": self.table_point, "at": self.at}


@dataclass(frozen=True, slots=True)
class ThicknessReport:
    """The curve both ways for one thickness or one AV (PA-11), with the neighbouring points.

    ``mm`` -> ``mm_av`` is the thickness looked at and the highest AV it reaches; ``av`` ->
    ``av_mm`` the AV looked at and the thickness it stands for. Given a thickness, ``av`` is
    ``mm_av``; given an AV, ``mm`` is ``av_mm``.
    """

    given: str  # "mm" or "av" (an SAV is given as its AV)
    mm: Fraction
    mm_av: int
    av: int
    av_mm: Fraction
    neighbours: tuple[CurvePoint, ...]
    steps: tuple[Step, ...]

    @property
    def next_point(self) -> CurvePoint | None:
        """The next AV up and the thickness it needs (None at AV 1000)."""
        return None if self.av >= MAX_AV else CurvePoint(self.av + 1, mm_at(self.av + 1))

    @property
    def on_point(self) -> bool:
        """Whether the value asked about is itself a point of the curve."""
        return any(p.at for p in self.neighbours)

    def to_dict(self) -> dict[str, Any]:
        nxt = self.next_point
        return {
            "input": {"mm": number(self.mm)} if self.given == "mm" else {"av": self.av},
            "mm_to_av": {"mm": number(self.mm), "mm_exact": exact(self.mm), "av": self.mm_av,
                         "sav": number(structural(self.mm_av))},
            "av_to_mm": {
                "av": self.av,
                "sav": number(structural(self.av)),
                "mm": number(self.av_mm),
                "mm_exact": exact(self.av_mm),
                "next": None if nxt is None else {"av": nxt.av, "sav": number(structural(nxt.av)),
                                                  "mm": number(nxt.mm), "mm_exact": exact(nxt.mm)},
            },
            "neighbours": [p.to_dict() for p in self.neighbours],
            "steps": [s.to_dict() for s in self.steps],
        }


def thickness(
    mm: str | float | Fraction | None = None,
    *,
    av: int | None = None,
    sav: str | float | Fraction | None = None,
) -> ThicknessReport:
    """The thickness curve (PA-11) both ways for exactly one of a thickness, an AV or an SAV.

    ``mm`` is a number of millimetres or a text with its unit (``"120mm"``, ``"4cm"``, ``"2in"``);
    ``sav`` is a structural AV (``12`` or ``"6.8"``, PA-1). Errors name the parameter.
    """
    from armourpen import arguments

    mm = _measure("mm", mm, "a thickness: a str such as '120mm', or a number of mm")
    av = arguments.optional_whole("av", av, "a whole personal AV (an int)")
    sav = _measure("sav", sav, "a structural AV: a str such as '6.8', or a number")
    given = {k: v for k, v in (("mm", mm), ("av", av), ("sav", sav)) if v is not None}
    if not given:
        raise InputError("mm", MISSING, "`mm`, `av` or `sav` is required: give exactly one of a "
                         "thickness (mm, e.g. 120mm), av or sav")
    if len(given) != 1:
        # the first value as given, the others named beside it (never one text made of them all)
        (first, typed), *others = [(k, str(v) if isinstance(v, Fraction) else v)
                                   for k, v in given.items()]
        raise InputError(first, typed, "not with " + " or ".join(
            f"{k} {shown(v)}" for k, v in others) + ": give exactly one of a thickness (mm, "
            "e.g. 120mm), av or sav")
    steps: list[Step] = []
    if mm is not None:
        q = parse_thickness(mm, "mm")
        try:
            fwd = av_for_mm(q, field="mm")
        except InputError as exc:  # the error repeats what was typed ('0', not '0 mm')
            if isinstance(mm, Fraction):
                raise
            raise InputError("mm", mm, exc.allowed) from None
        back = mm_for_av(fwd.value)
        steps.extend((*fwd.steps, *back.steps))
        near = neighbours(mm=q)
        return ThicknessReport("mm", q, fwd.value, fwd.value, back.value,
                               _points(near), tuple(steps))
    if av is not None:
        back = mm_for_av(av, field="av")
        personal = av
    else:
        from armourpen.numeric import exact_number

        allowed = (f"SAV {shown_value(structural(MIN_AV))} to {structural_text(MAX_VALUE)} in steps of 0.2 "
                   f"(AV {MIN_AV} to {MAX_VALUE} on the thickness curve) (PA-1, PA-11)")
        value = sav if isinstance(sav, Fraction) else exact_number(sav, "sav", allowed=allowed,
                                                                    ratio=True)
        try:  # the error repeats what was typed, not the AV it stands for
            personal = to_personal(value, True, "sav")
            back = mm_for_av(personal, field="sav")
        except InputError:
            raise InputError("sav", sav, "allowed: " + allowed) from None
    fwd = av_for_mm(back.value)
    steps.extend((*back.steps, *fwd.steps))
    return ThicknessReport("av", back.value, fwd.value, personal, back.value,
                           _points(neighbours(av=personal)), tuple(steps))


def _measure(field: str, value: object, allowed: str) -> str | int | float | Fraction | None:
    """A thickness or an SAV argument as a plain value: text, a number or a ``Fraction``."""
    from armourpen import arguments

    if value is None:
        return None
    if isinstance(value, Fraction):
        return Fraction(int.__int__(value.numerator), int.__int__(value.denominator))
    if isinstance(value, str):
        return arguments.text(field, value)
    return arguments.number(field, value, allowed + " (an int, a float or a Fraction), or None")


def _points(near: Neighbours) -> tuple[CurvePoint, ...]:
    return tuple(CurvePoint(a, m, near.at is not None and a == near.at[0])
                 for a, m in near.points())
