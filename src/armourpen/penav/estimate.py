"""The PEN estimator: a suggested PEN (or SPEN), range column and DC for a round from its ballistics.

Pure rules: the rows of the text's tables with their ballistics come in (``penav/ballistics.py``
reads them), a law is fitted to them, and the estimate comes out with every step explained.

- **The small-arms law.** The text reads a PEN as the thickness of steel the round defeats (the
  AK-47's PEN 6 is 6 mm of plate, the .50 BMG's PEN 12 is 20 mm): the PA-11 curve. The law
  predicts that thickness from the kinetic energy over the calibre, ``mm = k x (E/d)^n``, fitted
  by least squares in log space (closed form) to the ball, lead and soft rows. A row the text
  lists at PEN p defeats between the curve's p and p + 1 (PA-11 floors), so its target is the
  geometric middle of the two. Below AV 3 (1 mm) the curve has no thickness; for the estimate it
  goes on geometrically with its first segment's ratio (1 mm at AV 3, 6 mm at AV 6).
- **Hard cores** (``ap``, ``sub_calibre``) add a PEN offset, the mean by which the text's AP rows
  exceed the law (PA-6: an ammunition type modifies PEN); a sub-calibre round's calibre is its
  penetrator's.
- **Guns on the structural scale** (calibre 20 mm and more): De Marre's form,
  ``e^0.7 x d^0.75 = K x m^0.5 x v``, its one constant K fitted to the hard-core rows.

The error of the fit is the leave-one-out error: each row estimated from a fit to the others.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from armourpen.catalog.items import RangeColumn
from armourpen.errors import InputError
from armourpen.explain import Caution, Step
from armourpen.penav.ranges import Band, band_for_metres, range_modifier
from armourpen.penav.thickness import CURVE, MAX_AV
from armourpen.serialize import number

# --- the values --------------------------------------------------------------------------------


class Bullet(StrEnum):
    """How the bullet is built: only a hard core changes the law (PA-6)."""

    BALL = "ball"
    LEAD = "lead"
    SOFT = "soft"
    AP = "ap"
    SUB_CALIBRE = "sub_calibre"

    @property
    def hard(self) -> bool:
        return self in (Bullet.AP, Bullet.SUB_CALIBRE)


STRUCTURAL_CALIBRE_MM = 20.0
"""From this calibre on a round is a gun's (autocannon and up): De Marre's form, on the structural
scale (PA-1), with no range column (PA-4)."""

RIFLE_VELOCITY_MPS = 700.0
"""Without a column given, a round at least this fast uses the rifle column: every handgun and SMG
row of the data is slower, every rifle row faster (PA-4)."""

PERSONAL_TABLE_MAX = 20
"""The small-arms table ends at PEN 20; past it the answer is given as SPEN too (PA-1)."""

NEAREST = 3
"""How many rows of the text's tables an estimate shows beside it."""


@dataclass(frozen=True, slots=True)
class Ballistics:
    """A round: its calibre (a sub-calibre round's penetrator), mass, muzzle velocity and bullet."""

    calibre_mm: float
    mass_g: float
    velocity_mps: float
    bullet: Bullet = Bullet.BALL

    @property
    def energy_j(self) -> float:
        """Kinetic energy at the muzzle, E = m v^2 / 2 (joules)."""
        return self.mass_g / 1000 * self.velocity_mps**2 / 2

    @property
    def energy_per_mm(self) -> float:
        """E/d, joules per millimetre of calibre: what the small-arms law grows with."""
        return self.energy_j / self.calibre_mm

    @property
    def structural(self) -> bool:
        return self.calibre_mm >= STRUCTURAL_CALIBRE_MM


@dataclass(frozen=True, slots=True)
class TableRow:
    """A row of the text's tables with sourced ballistics: its PEN, and the range it is given at
    (``.50 BMG M8 API-T at 500m``) where the text ties it to one (PA-13)."""

    name: str
    pen: int
    ballistics: Ballistics
    at_range_m: int | None = None
    construction: str = ""
    source: str = ""

    @property
    def column(self) -> RangeColumn:
        return default_column(self.ballistics)

    @property
    def muzzle_pen(self) -> int:
        """The PEN at the muzzle: a row given at a range gets back its range modifier (PA-4)."""
        if self.at_range_m is None:
            return self.pen
        return self.pen - range_modifier(band_for_metres(self.at_range_m), self.column).pen

    def to_dict(self) -> dict[str, Any]:
        b = self.ballistics
        return {"name": self.name, "pen": self.pen, "at_range_m": self.at_range_m,
                "muzzle_pen": self.muzzle_pen, "bullet": b.bullet.value,
                "calibre_mm": number(b.calibre_mm), "mass_g": number(b.mass_g),
                "velocity_mps": number(b.velocity_mps), "energy_j": round(b.energy_j, 1),
                "construction": self.construction, "source": self.source}


def default_column(b: Ballistics) -> RangeColumn:
    """The range column a round uses when none is given (PA-4)."""
    if b.structural:
        return RangeColumn.NONE
    return RangeColumn.RIFLE if b.velocity_mps >= RIFLE_VELOCITY_MPS else RangeColumn.HANDGUN


# --- the thickness curve as a continuous scale (PA-11) ------------------------------------------

_AVS = tuple(float(av) for av, _ in CURVE)
_MMS = tuple(float(mm) for _, mm in CURVE)
_FIRST_RATIO = (_MMS[1] / _MMS[0]) ** (1 / (_AVS[1] - _AVS[0]))  # x1.817 per AV, AV 3 to 6


def mm_of_av(av: float) -> float:
    """The thickness AV ``av`` stands for, linear between the curve's points (PA-11), geometric
    below AV 3 with the first segment's ratio."""
    if av < _AVS[0]:
        return float(_MMS[0] * _FIRST_RATIO ** (av - _AVS[0]))
    i = min(bisect_right(_AVS, av) - 1, len(_AVS) - 2)
    a0, a1, m0, m1 = _AVS[i], _AVS[i + 1], _MMS[i], _MMS[i + 1]
    return m0 + (m1 - m0) * (av - a0) / (a1 - a0)


def av_of_mm(mm: float) -> float:
    """The AV a thickness reaches, as a continuous value (its floor is the PA-11 figure)."""
    if mm < _MMS[0]:
        return _AVS[0] + math.log(mm / _MMS[0]) / math.log(_FIRST_RATIO)
    i = min(bisect_right(_MMS, mm) - 1, len(_MMS) - 2)
    a0, a1, m0, m1 = _AVS[i], _AVS[i + 1], _MMS[i], _MMS[i + 1]
    return a0 + (a1 - a0) * (mm - m0) / (m1 - m0)


def target_mm(pen: int) -> float:
    """What a row at PEN ``pen`` defeats: the geometric middle of the curve's pen and pen + 1."""
    return math.sqrt(mm_of_av(pen) * mm_of_av(pen + 1))


# --- the laws ------------------------------------------------------------------------------------

DE_MARRE_E = 0.7
DE_MARRE_D = 0.75
DE_MARRE_M = 0.5


@dataclass(frozen=True, slots=True)
class SmallArmsLaw:
    """``mm = exp(ln_k) x (E/d)^n`` for ball, lead and soft bullets; ``hard`` PEN more for a hard
    core. ``rows`` and ``hard_rows`` count the rows each part was fitted to."""

    ln_k: float
    n: float
    hard: float
    rows: int
    hard_rows: int

    def av(self, b: Ballistics) -> float:
        """The continuous PEN of a round (floor it for the figure)."""
        soft = av_of_mm(math.exp(self.ln_k + self.n * math.log(b.energy_per_mm)))
        return soft + self.hard if b.bullet.hard else soft


@dataclass(frozen=True, slots=True)
class DeMarreLaw:
    """De Marre's form, ``ln e = (ln_k + 0.5 ln m + ln v - 0.75 ln d) / 0.7`` (e and d in mm,
    m in kg, v in m/s), its constant fitted to ``rows`` hard-core rows."""

    ln_k: float
    rows: int

    def mm(self, b: Ballistics) -> float:
        m_kg = b.mass_g / 1000
        return math.exp((self.ln_k + DE_MARRE_M * math.log(m_kg) + math.log(b.velocity_mps)
                         - DE_MARRE_D * math.log(b.calibre_mm)) / DE_MARRE_E)

    def av(self, b: Ballistics) -> float:
        return av_of_mm(self.mm(b))


def fit_small_arms(rows: Sequence[TableRow]) -> SmallArmsLaw:
    """Least squares in log space (closed form), then the hard cores' mean excess."""
    soft = [r for r in rows if not r.ballistics.bullet.hard]
    hard = [r for r in rows if r.ballistics.bullet.hard]
    if len(soft) < 2 or not hard:
        raise ValueError("the small-arms law needs two rows without a hard core and one with")
    xs = [math.log(r.ballistics.energy_per_mm) for r in soft]
    ys = [math.log(target_mm(r.muzzle_pen)) for r in soft]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    n = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    ln_k = my - n * mx
    base = SmallArmsLaw(ln_k, n, 0.0, len(soft), 0)
    excess = [r.muzzle_pen + 0.5 - base.av(r.ballistics) for r in hard]
    return SmallArmsLaw(ln_k, n, sum(excess) / len(excess), len(soft), len(hard))


def fit_de_marre(rows: Sequence[TableRow]) -> DeMarreLaw:
    """De Marre's constant, the mean in log space over the hard-core rows."""
    hard = [r for r in rows if r.ballistics.bullet.hard]
    if not hard:
        raise ValueError("De Marre's constant needs a row with a hard core")
    lns = []
    for r in hard:
        b = r.ballistics
        lns.append(DE_MARRE_E * math.log(target_mm(r.muzzle_pen)) - DE_MARRE_M
                   * math.log(b.mass_g / 1000) - math.log(b.velocity_mps)
                   + DE_MARRE_D * math.log(b.calibre_mm))
    return DeMarreLaw(sum(lns) / len(lns), len(hard))


def _figure(av: float) -> int:
    return max(0, math.floor(av + 1e-9))  # PA-3: never below 0


# --- leave one out -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeftOut:
    """One row estimated by a law fitted to the other rows: the error is estimate minus text."""

    row: TableRow
    law: str  # "small_arms" or "de_marre"
    continuous: float
    estimate: int

    @property
    def error(self) -> int:
        return self.estimate - self.row.muzzle_pen

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.row.name, "law": self.law, "pen_in_text": self.row.pen,
                "at_range_m": self.row.at_range_m, "muzzle_pen": self.row.muzzle_pen,
                "estimate": self.estimate, "continuous": round(self.continuous, 2),
                "error": self.error}


@cache
def leave_one_out(rows: tuple[TableRow, ...]) -> tuple[LeftOut, ...]:
    """Every row estimated from the others by the small-arms law; the hard rows also by De
    Marre's form (its constant from the other hard rows)."""
    out = []
    for i, row in enumerate(rows):
        others = rows[:i] + rows[i + 1:]
        x = fit_small_arms(others).av(row.ballistics)
        out.append(LeftOut(row, "small_arms", x, _figure(x)))
    for i, row in enumerate(rows):
        others = rows[:i] + rows[i + 1:]
        if row.ballistics.bullet.hard and any(r.ballistics.bullet.hard for r in others):
            x = fit_de_marre(others).av(row.ballistics)
            out.append(LeftOut(row, "de_marre", x, _figure(x)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class FitError:
    """What leave-one-out gives a law: the rows, within one PEN, the errors' range."""

    law: str
    rows: int
    within_one: int
    lowest: int
    highest: int

    def to_dict(self) -> dict[str, Any]:
        return {"law": self.law, "rows": self.rows, "within_one": self.within_one,
                "lowest_error": self.lowest, "highest_error": self.highest}


def fit_error(rows: tuple[TableRow, ...], law: str) -> FitError:
    errs = [x.error for x in leave_one_out(rows) if x.law == law]
    return FitError(law, len(errs), sum(abs(e) <= 1 for e in errs), min(errs), max(errs))


# --- the estimate --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BandFigure:
    """The estimate's PEN and DC modifier at one range band, in its column (PA-3 to PA-5)."""

    band: Band
    pen: int
    dc_modifier: int

    def to_dict(self) -> dict[str, Any]:
        return {"band": self.band.value, "pen": self.pen, "dc_modifier": self.dc_modifier}


@dataclass(frozen=True, slots=True)
class Estimate:
    """A suggested PEN for a round, with its interval, column, bands and the rows near it."""

    ballistics: Ballistics
    law: str
    pen: int
    structural: bool
    low: int
    high: int
    column: RangeColumn
    column_given: bool
    bands: tuple[BandFigure, ...]
    nearest: tuple[TableRow, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...]

    @property
    def spen(self) -> float:
        return self.pen / 5

    @property
    def dc(self) -> None:
        """The text gives no base DC (PA-5) and the data none to fit: the estimate gives none."""
        return None

    def to_dict(self) -> dict[str, Any]:
        b = self.ballistics
        return {
            "input": {"calibre_mm": number(b.calibre_mm), "mass_g": number(b.mass_g),
                      "velocity_mps": number(b.velocity_mps), "bullet": b.bullet.value},
            "energy_j": round(b.energy_j, 1),
            "energy_per_mm": round(b.energy_per_mm, 2),
            "law": self.law,
            "pen": self.pen,
            "spen": number(round(self.spen, 1)) if self.structural else None,
            "interval": {"low": self.low, "high": self.high},
            "dc": self.dc,
            "range_column": self.column.value,
            "column_given": self.column_given,
            "bands": [f.to_dict() for f in self.bands],
            "nearest": [r.to_dict() for r in self.nearest],
            "steps": [s.to_dict() for s in self.steps],
            "warnings": [w.to_dict() for w in self.warnings],
        }


def _pen_text(pen: int) -> str:
    return f"PEN {pen} (SPEN {pen / 5:g})" if pen > PERSONAL_TABLE_MAX else f"PEN {pen}"


def estimate(b: Ballistics, rows: tuple[TableRow, ...],
             column: RangeColumn | None = None) -> Estimate:
    """The suggested PEN of round ``b``, from a law fitted to ``rows`` (every step explained)."""
    steps: list[Step] = []
    warnings: list[Caution] = []
    e, epm = b.energy_j, b.energy_per_mm
    steps.append(Step("PA-11", f"kinetic energy E = m v^2 / 2 = {b.mass_g:g} g x "
                      f"({b.velocity_mps:g} m/s)^2 / 2 = {e:,.0f} J; over the calibre, "
                      f"E/d = {e:,.0f} J / {b.calibre_mm:g} mm = {epm:,.1f} J/mm"))
    if b.structural:
        law_name = "de_marre"
        law = fit_de_marre(rows)
        mm = law.mm(b)
        steps.append(Step("PA-1", f"a calibre of {b.calibre_mm:g} mm is {STRUCTURAL_CALIBRE_MM:g} mm "
                          "or more: a gun's round, on the structural scale (SPEN = PEN / 5), by "
                          "De Marre's form e^0.7 x d^0.75 = K x m^0.5 x v"))
        steps.append(Step("PA-11", f"K fitted to the {law.rows} hard-core rows of the text's tables "
                          f"(ln K = {law.ln_k:.4f}): e = {mm:,.1f} mm of RHA"))
        x = av_of_mm(mm)
        if not b.bullet.hard:
            warnings.append(Caution("PA-6", "De Marre's form describes armour-piercing shot; a "
                                    f"{b.bullet.value} round from a gun defeats less"))
    else:
        law_name = "small_arms"
        sa = fit_small_arms(rows)
        mm = math.exp(sa.ln_k + sa.n * math.log(epm))
        steps.append(Step("PA-11", f"the small-arms law mm = k x (E/d)^n, fitted in log space to "
                          f"the text's {sa.rows} ball, lead and soft rows: k = {math.exp(sa.ln_k):.4f}, "
                          f"n = {sa.n:.4f}; {math.exp(sa.ln_k):.4f} x {epm:,.1f}^{sa.n:.4f} = "
                          f"{mm:,.2f} mm of RHA"))
        x = av_of_mm(mm)
        if b.bullet.hard:
            steps.append(Step("PA-6", f"a hard core ({b.bullet.value}) adds {sa.hard:+.2f} PEN, "
                              f"the mean excess of the text's {sa.hard_rows} hard-core rows over "
                              "the law"))
            x += sa.hard
        else:
            steps.append(Step("PA-6", f"a {b.bullet.value} bullet follows the law as it is: the "
                              "text's ball, lead and soft rows show no difference between them"))
        known = [r.ballistics.energy_per_mm for r in rows if not r.ballistics.structural]
        if not min(known) <= epm <= max(known):
            warnings.append(Caution("PA-11", f"E/d = {epm:,.1f} J/mm lies outside the fitted rows' "
                                    f"{min(known):,.0f} to {max(known):,.0f} J/mm: the law is "
                                    "extrapolated"))
    pen = _figure(x)
    if pen > MAX_AV:
        raise InputError("velocity", f"{b.velocity_mps:g} m/s",
                         f"a round whose estimate stays within PEN {MAX_AV} (PA-1); this one "
                         f"comes to PEN {pen}")
    steps.append(Step("PA-11", f"{mm:,.2f} mm of RHA reads as AV {x:.2f} on the thickness curve "
                      f"(below AV 3 continued geometrically); the highest whole figure it reaches: "
                      f"{_pen_text(pen)}"))
    structural = b.structural or pen > PERSONAL_TABLE_MAX
    if structural:
        steps.append(Step("PA-1", f"{_pen_text(pen)}: past the small-arms table's PEN "
                          f"{PERSONAL_TABLE_MAX}, the structural figure is SPEN {pen / 5:g}"))
    err = fit_error(rows, law_name)
    low, high = max(0, pen - err.highest), pen - err.lowest
    steps.append(Step("PA-11", f"leave-one-out over the {err.rows} rows put every estimate "
                      f"{err.lowest:+d} to {err.highest:+d} from the text ({err.within_one} within "
                      f"one PEN): the text would give this round PEN {low} to {high}"))
    given = column is not None
    if column is None:
        column = default_column(b)
        why = ("a gun's round: the text gives autocannon and artillery no range rule"
               if b.structural else
               f"{b.velocity_mps:g} m/s is {'at least' if column is RangeColumn.RIFLE else 'below'} "
               f"{RIFLE_VELOCITY_MPS:g} m/s")
        steps.append(Step("PA-4", f"range column {column.value} ({why})"))
    else:
        steps.append(Step("PA-4", f"range column {column.value}, as given"))
    bands = tuple(
        BandFigure(band, max(0, pen + m.pen), m.dc)
        for band in Band for m in (range_modifier(band, column),)
    )
    steps.append(Step("PA-5", "DC: the text gives no base DC and the rows none to fit, so the "
                      "estimate gives none; each band's DC modifier is listed"))
    hard = b.bullet.hard
    pool = [r for r in rows if r.ballistics.bullet.hard == hard] or list(rows)
    lx = math.log(epm)
    nearest = tuple(sorted(pool, key=lambda r: abs(math.log(r.ballistics.energy_per_mm) - lx))
                    [:NEAREST])
    return Estimate(b, law_name, pen, structural, low, high, column, given, bands, nearest,
                    tuple(steps), tuple(warnings))
