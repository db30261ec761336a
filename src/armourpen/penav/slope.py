"""PA-10: sloped and composite plates.

The incidence angle i lies between the plate's normal and the line back to the attacker. With the
plate sloped ``slope`` degrees back from vertical and the attack arriving at elevation e (degrees
above the horizontal, seen from the target) and azimuth a (0 = square to the plate):

    cos i = cos(slope) cos(e) cos(a) + sin(slope) sin(e)

The thickness multiplier follows the text's table (linear between its points, x6 beyond 80°);
composite armour takes x1 at every angle. The effective thickness goes through the thickness curve
(PA-11) to give the effective AV. Trigonometry is done in floats and the angle is then snapped to a
1e-9 degree grid, so that a table angle such as 60° stays exactly 60° and the text's example
(60 mm at 60° -> 120 mm -> AV 60) comes out exactly.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from armourpen.catalog.items import Plate
from armourpen.errors import InputError
from armourpen.explain import Caution, Explained, Ruling, Step
from armourpen.penav.scale import STRUCTURAL_FACTOR, fmt, shown_value, structural, to_personal
from armourpen.penav.thickness import av_for_mm, fmt_mm, mm_for_av

F = Fraction

SLOPE_TABLE: tuple[tuple[Fraction, Fraction], ...] = (
    (F(0), F(1)),
    (F(15), F(1)),
    (F(30), F(6, 5)),
    (F(45), F(3, 2)),
    (F(60), F(2)),
    (F(75), F(4)),
    (F(80), F(6)),
)
"""The text's multipliers as (incidence in degrees, thickness multiplier) (PA-10)."""

MAX_MULTIPLIER = SLOPE_TABLE[-1][1]
ANGLE_GRID = 10**9  # incidence angles are snapped to 1e-9 degree
NO_HIT = F(90)  # at 90° or more the shot does not meet the face


def fmt_deg(angle: Fraction | float | int) -> str:
    """An angle in degrees, as short as it is exact (``60``, ``52.5``, ``35.264389682``)."""
    if isinstance(angle, Fraction):
        if angle.denominator == 1:
            return f"{angle.numerator}°"
        return f"{float(angle):.9f}".rstrip("0").rstrip(".") + "°"
    return f"{float(angle):g}°"


def _finite(value: float, field: str, low: float, high: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise InputError(field, value, f"a number of degrees from {low:g} to {high:g} ({what})")
    f = float(value)
    if not math.isfinite(f) or not low <= f <= high:
        raise InputError(field, value, f"allowed: {low:g} to {high:g} degrees ({what})")
    return f


def _check_slope(slope: Fraction | int, field: str) -> Fraction:
    if isinstance(slope, bool) or not isinstance(slope, int | Fraction):
        raise InputError(field, slope, "a slope in degrees back from vertical, 0 to 90 (PA-10)")
    s = Fraction(slope)
    if not 0 <= s <= 90:
        raise InputError(
            field, shown_value(s), "allowed: 0 to 90 degrees back from vertical; a flat plate is 90"
        )
    return s


def _snap(degrees: float) -> Fraction:
    return Fraction(round(degrees * ANGLE_GRID), ANGLE_GRID)


def incidence(
    slope: Fraction | int, elevation: float = 0, azimuth: float = 0, *, field: str = "attack"
) -> Explained[Fraction]:
    """The incidence angle in degrees between the plate's normal and the line to the attacker."""
    s = _check_slope(slope, f"{field}.slope")
    e = _finite(elevation, f"{field}.elevation", -90, 90, "above the horizontal, seen from target")
    a = _finite(azimuth, f"{field}.azimuth", -180, 180, "0 is square to the plate")
    formula = (
        f"cos i = cos {fmt_deg(s)} x cos {fmt_deg(e)} x cos {fmt_deg(a)} "
        f"+ sin {fmt_deg(s)} x sin {fmt_deg(e)}"
    )
    if e == 0 and a == 0:
        # A horizontal attack square to the plate meets it at the slope itself: no trig needed.
        return Explained.of(s, Ruling.PA_10, f"incidence: {formula} -> i = slope = {fmt_deg(s)}")
    sr, er, ar = math.radians(float(s)), math.radians(e), math.radians(a)
    c = math.cos(sr) * math.cos(er) * math.cos(ar) + math.sin(sr) * math.sin(er)
    c = max(-1.0, min(1.0, c))
    i = _snap(math.degrees(math.acos(c)))
    return Explained.of(i, Ruling.PA_10, f"incidence: {formula} = {c:.6g} -> i = {fmt_deg(i)}")


def _check_angle(angle: Fraction | int, field: str) -> Fraction:
    if isinstance(angle, bool) or not isinstance(angle, int | Fraction):
        raise InputError(field, angle, "an incidence angle in degrees, 0 up to (not including) 90")
    a = Fraction(angle)
    if a < 0:
        raise InputError(field, fmt_deg(a), "allowed: 0 up to (not including) 90 degrees (PA-10)")
    if a >= NO_HIT:
        raise InputError(
            field,
            fmt_deg(a),
            "an attack meeting a face at 90 degrees or more cannot hit that face (PA-10)",
        )
    return a


def multiplier(angle: Fraction | int, *, field: str = "incidence") -> Fraction:
    """The thickness multiplier at an incidence angle (PA-10 table, linear, x6 past 80)."""
    a = _check_angle(angle, field)
    if a >= SLOPE_TABLE[-1][0]:
        return MAX_MULTIPLIER
    for (a0, m0), (a1, m1) in itertools.pairwise(SLOPE_TABLE):
        if a0 <= a <= a1:
            return m0 + (m1 - m0) * (a - a0) / (a1 - a0)
    raise AssertionError("unreachable: the table covers 0..80")  # pragma: no cover


def _multiplier_text(angle: Fraction, m: Fraction) -> str:
    for a0, m0 in SLOPE_TABLE:
        if a0 == angle:
            return f"multiplier at {fmt_deg(angle)}: x{shown_value(m0)} (table point)"
    if angle > SLOPE_TABLE[-1][0]:
        return f"multiplier at {fmt_deg(angle)}: x{shown_value(m)} (beyond 80°, the table's last)"
    pairs = itertools.pairwise(SLOPE_TABLE)
    (a0, m0), (a1, m1) = next(p for p in pairs if p[0][0] < angle < p[1][0])
    return (
        f"multiplier at {fmt_deg(angle)}: between {fmt_deg(a0)} (x{shown_value(m0)}) and "
        f"{fmt_deg(a1)} (x{shown_value(m1)}), linear: x{_fmt_mult(m)}"
    )


def _fmt_mult(m: Fraction) -> str:
    return fmt_mm(m) if m.denominator != 1 else str(m.numerator)


def _check_plate(plate: Plate, field: str) -> None:
    if not isinstance(plate, Plate):
        raise InputError(field, plate, "a Plate (thickness_mm or sav, slope, composite)")
    if (plate.thickness_mm is None) == (plate.sav is None):
        raise InputError(
            field,
            plate,
            "a plate gives exactly one of thickness_mm (actual mm of RHA) or sav (actual SAV)",
        )
    _check_slope(plate.slope, f"{field}.slope")


def actual_av(plate: Plate, *, field: str = "plate") -> Explained[int]:
    """The plate's AV for its actual thickness (what an attack from the optimal angle meets)."""
    _check_plate(plate, field)
    if plate.thickness_mm is not None:
        got = av_for_mm(plate.thickness_mm, field=f"{field}.thickness_mm")
        return Explained(got.value, got.steps)
    assert plate.sav is not None
    av = to_personal(plate.sav, True, f"{field}.sav")
    return Explained.of(
        av, Ruling.PA_1, f"actual SAV {shown_value(plate.sav)} x {STRUCTURAL_FACTOR} = AV {av}"
    )


def effective_av(
    plate: Plate, elevation: float = 0, azimuth: float = 0, *, field: str = "plate"
) -> Explained[int]:
    """The plate's effective personal AV against an attack from (elevation, azimuth) (PA-10)."""
    _check_plate(plate, field)
    inc = incidence(plate.slope, elevation, azimuth, field=field)
    i = inc.value
    if i >= NO_HIT:
        raise InputError(
            field,
            f"elevation {fmt_deg(elevation)}, azimuth {fmt_deg(azimuth)} against a plate sloped "
            f"{fmt_deg(plate.slope)}",
            f"the attack meets this face at i = {fmt_deg(i)}; at 90 degrees or more it cannot "
            "hit that face (PA-10): choose another face or attack direction",
        )
    steps: list[Step] = list(inc.steps)
    if plate.composite:
        m = F(1)
        steps.append(Step(Ruling.PA_10, "composite armour takes no benefit from slope: x1"))
    else:
        m = multiplier(i, field=f"{field}.incidence")
        steps.append(Step(Ruling.PA_10, _multiplier_text(i, m)))
    act = actual_av(plate, field=field)
    if m == 1:
        av = act.value
        steps.extend(act.steps)
        steps.append(Step(Ruling.PA_10, f"x1: effective {fmt(av, show_structural=True)} = actual"))
        return Explained(av, tuple(steps))
    if plate.thickness_mm is not None:
        mm = Fraction(plate.thickness_mm)
        what = f"{fmt_mm(mm)} mm"
    else:
        if act.value == 0:
            steps.extend(act.steps)
            steps.append(Step(Ruling.PA_10, "AV 0: no armour to slope, effective AV 0"))
            return Explained(0, tuple(steps))
        steps.extend(act.steps)
        got = mm_for_av(act.value, field=f"{field}.sav")
        steps.extend(got.steps)
        mm = got.value
        what = f"{fmt_mm(mm)} mm"
    eff_mm = mm * m
    steps.append(
        Step(Ruling.PA_10, f"effective thickness: {what} x {_fmt_mult(m)} = {fmt_mm(eff_mm)} mm")
    )
    res = av_for_mm(eff_mm, field=f"{field}.thickness_mm")
    steps.extend(res.steps)
    return Explained(res.value, tuple(steps))


def horizontal_hits(plate: Plate) -> bool:
    """Whether a horizontal attack square to the plate meets it (slope below 90°)."""
    return Fraction(plate.slope) < NO_HIT


def _sav_text(av: int) -> str:
    return shown_value(structural(av))


def notation(plate: Plate) -> str:
    """The text's vehicle notation, ``SAV 12 (5) 60°``: effective (actual) slope.

    The first figure is the effective SAV against a horizontal attack; a flat plate (slope 90)
    that such an attack cannot hit shows ``—`` there.
    """
    act = actual_av(plate).value
    first = _sav_text(effective_av(plate).value) if horizontal_hits(plate) else "—"
    text = f"SAV {first} ({_sav_text(act)}) {fmt_deg(Fraction(plate.slope))}"
    return text + " composite" if plate.composite else text


def check_stated(plate: Plate, *, field: str = "plate") -> Caution | None:
    """A warning when the source's effective SAV (``stated_sav``) disagrees with ours (PA-10).

    The stated figure is compared with the effective SAV against a horizontal attack; for a flat
    plate that such an attack cannot hit, a source can only mean the actual SAV, so that is used.
    """
    if plate.stated_sav is None:
        return None
    if horizontal_hits(plate):
        ours = effective_av(plate, field=field).value
        what = "effective SAV against a horizontal attack"
    else:
        ours = actual_av(plate, field=field).value
        what = "actual SAV (a horizontal attack cannot hit a flat plate)"
    stated = Fraction(plate.stated_sav)
    if stated * STRUCTURAL_FACTOR == ours:
        return None
    return Caution(
        Ruling.PA_10,
        f"{field} states SAV {shown_value(stated)}, but the computed {what} is "
        f"SAV {_sav_text(ours)} (AV {ours}), shown as {notation(plate)}; "
        "the computed figure is used",
    )
