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
- **Guns on the structural scale**: De Marre's grouping of mass,
  velocity and calibre, ``e = k x (m^0.5 x v / d^0.75)^p``, its constant and its power fitted to
  the guns the text's autocannon and artillery table lists (De Marre's own power is 1/0.7). A gun
  the text lists at SPEN s defeats between that row of its table and the next (SPEN 16: 150 to
  175 mm), so its target is the geometric middle of the two.

- **Between the two** the text lists no round: its small-arms table ends at the 12-gauge slug
  (18.5 mm), its autocannon table begins at 30x173mm. A calibre between weighs the two laws by its
  place between 18.5 and 30 mm in log scale, so the estimate runs on without a jump; the scale it
  is shown on (SPEN from 20 mm, PA-1) and its range column (none from 20 mm, PA-4) change at 20 mm,
  as the text's own classes do. A gun's round without a hard core takes off the small arms'
  hard-core difference, so that ball and AP differ by the same PEN at every calibre.

The error of the fit is the leave-one-out error: each row estimated from a fit to the others, in
PEN for the small-arms rows and in SPEN for the guns. Turned round, it is the interval of PENs the
text would give, for a round among the rows its law was fitted to; a round beyond them (its
calibre, mass, velocity or the law's own measure outside theirs) has none, and a warning says where.
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
from armourpen.explain import Caution, Ruling, Step
from armourpen.penav.ranges import Band, band_for_metres, range_modifier
from armourpen.penav.thickness import CURVE, MAX_AV, TABLE_MAX_AV
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
"""From this calibre on a round is a gun's (autocannon and up): shown on the structural scale
(PA-1), with no range column (PA-4)."""

SMALL_ARMS_TOP_MM = 18.5
"""The widest round of the text's small-arms table (the 12-gauge slug): the small-arms law alone
up to here."""

GUN_BOTTOM_MM = 30.0
"""The narrowest gun of the text's autocannon table (30x173mm): the gun law alone from here."""

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
    (``.50 BMG M8 API-T at 500m``) where the text ties it to one (PA-13). A row of the autocannon
    and artillery table is ``structural``: the text gives it as SPEN ``pen / 5`` (PA-1)."""

    name: str
    pen: int
    ballistics: Ballistics
    at_range_m: int | None = None
    construction: str = ""
    source: str = ""
    structural: bool = False

    @property
    def column(self) -> RangeColumn:
        return RangeColumn.NONE if self.structural else default_column(self.ballistics)

    @property
    def figure(self) -> str:
        """The row's figure as the text prints it: ``PEN 7`` or ``SPEN 16``."""
        return f"SPEN {self.pen // 5}" if self.structural else f"PEN {self.pen}"

    @property
    def muzzle_pen(self) -> int:
        """The PEN at the muzzle: a row given at a range gets back its range modifier (PA-4)."""
        if self.at_range_m is None:
            return self.pen
        return self.pen - range_modifier(band_for_metres(self.at_range_m), self.column).pen

    def to_dict(self) -> dict[str, Any]:
        b = self.ballistics
        return {"name": self.name, "pen": self.pen,
                "spen": self.pen // 5 if self.structural else None, "at_range_m": self.at_range_m,
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


STRUCTURAL_ROWS = tuple(av for av, _ in CURVE if 25 <= av <= TABLE_MAX_AV)
"""The rows of the text's autocannon and artillery table, as personal AV (SAV 5 to 70: AV 25,
30, ..., 50, then every 10)."""


def structural_target_mm(pen: int) -> float:
    """What a gun the text lists at PEN ``pen`` (SPEN pen / 5) defeats: the geometric middle of its
    row of the table and the next (SPEN 16: 150 and 175 mm)."""
    if pen not in STRUCTURAL_ROWS[:-1]:
        raise ValueError(f"PEN {pen} is not a row of the text's structural table")
    after = STRUCTURAL_ROWS[STRUCTURAL_ROWS.index(pen) + 1]
    return math.sqrt(mm_of_av(pen) * mm_of_av(after))


def row_target_mm(row: TableRow) -> float:
    """The thickness a row of the text's tables is fitted to."""
    return structural_target_mm(row.pen) if row.structural else target_mm(row.muzzle_pen)


# --- the laws ------------------------------------------------------------------------------------

DE_MARRE_E = 0.7
DE_MARRE_D = 0.75
DE_MARRE_M = 0.5
DE_MARRE_POWER = 1 / DE_MARRE_E


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


def de_marre_x(b: Ballistics) -> float:
    """De Marre's grouping, ``ln(m^0.5 x v / d^0.75)`` (m in kg, v in m/s, d in mm)."""
    return (DE_MARRE_M * math.log(b.mass_g / 1000) + math.log(b.velocity_mps)
            - DE_MARRE_D * math.log(b.calibre_mm))


@dataclass(frozen=True, slots=True)
class DeMarreLaw:
    """``ln e = ln_k + power x ln(m^0.5 x v / d^0.75)`` (e and d in mm, m in kg, v in m/s), fitted
    to ``rows`` guns of the text's structural table. De Marre's own power is 1/0.7 = 1.43."""

    ln_k: float
    power: float
    rows: int

    def mm(self, b: Ballistics) -> float:
        return math.exp(self.ln_k + self.power * de_marre_x(b))

    def av(self, b: Ballistics) -> float:
        return av_of_mm(self.mm(b))


def fit_small_arms(rows: Sequence[TableRow]) -> SmallArmsLaw:
    """Least squares in log space (closed form) over the small-arms table's rows, then the hard
    cores' mean excess."""
    soft = [r for r in rows if not r.structural and not r.ballistics.bullet.hard]
    hard = [r for r in rows if not r.structural and r.ballistics.bullet.hard]
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


FIT_POWER_FROM = 3
"""From this many guns on, the power is fitted with the constant; with fewer, De Marre's 1/0.7."""


def fit_de_marre(rows: Sequence[TableRow], power: float | None = None) -> DeMarreLaw:
    """The gun law over the structural table's rows: constant and power by least squares in log
    space (closed form), or the constant alone for a ``power`` given (or too few guns)."""
    guns = [r for r in rows if r.structural]
    if not guns:
        raise ValueError("the gun law needs a row of the text's structural table")
    xs = [de_marre_x(r.ballistics) for r in guns]
    ys = [math.log(row_target_mm(r)) for r in guns]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    if power is None:
        power = DE_MARRE_POWER
        if len(guns) >= FIT_POWER_FROM and sxx > 0:
            power = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    return DeMarreLaw(my - power * mx, power, len(guns))


def gun_weight(calibre_mm: float) -> float:
    """How much the gun law counts at ``calibre_mm``: 0 up to 18.5 mm, 1 from 30 mm, in between the
    calibre's place in log scale (the text lists no round between)."""
    if calibre_mm <= SMALL_ARMS_TOP_MM:
        return 0.0
    if calibre_mm >= GUN_BOTTOM_MM:
        return 1.0
    return math.log(calibre_mm / SMALL_ARMS_TOP_MM) / math.log(GUN_BOTTOM_MM / SMALL_ARMS_TOP_MM)


@dataclass(frozen=True, slots=True)
class Laws:
    """Both laws, fitted to the same rows: the continuous PEN of any round."""

    small: SmallArmsLaw
    gun: DeMarreLaw

    def gun_av(self, b: Ballistics) -> float:
        """The gun law's PEN; a round without a hard core takes off the small arms' hard-core
        difference (every gun of the text fires armour-piercing shot)."""
        return self.gun.av(b) - (0.0 if b.bullet.hard else self.small.hard)

    def av(self, b: Ballistics) -> float:
        w = gun_weight(b.calibre_mm)
        small = self.small.av(b) if w < 1 else 0.0
        gun = self.gun_av(b) if w > 0 else 0.0
        return (1 - w) * small + w * gun


def fit_laws(rows: Sequence[TableRow]) -> Laws:
    return Laws(fit_small_arms(rows), fit_de_marre(rows))


def pen_figure(av: float) -> int:
    return max(0, math.floor(av + 1e-9))  # PA-3: never below 0


# --- leave one out -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeftOut:
    """One row estimated by a law fitted to the other rows. The error is the estimate minus the
    text: in PEN for a small-arms row (the figure against the row's PEN), in SPEN for a gun (the
    figure's SPEN against the middle of the text's row, as :func:`structural_target_mm`)."""

    row: TableRow
    law: str  # "small_arms" or "de_marre"
    continuous: float
    estimate: int

    @property
    def unit(self) -> str:
        return "SPEN" if self.row.structural else "PEN"

    @property
    def group(self) -> str:
        """The row's construction group: ``guns``, or ``hard`` (ap, sub-calibre) and ``soft``
        (ball, lead, soft) among the small arms."""
        if self.row.structural:
            return "guns"
        return "hard" if self.row.ballistics.bullet.hard else "soft"

    @property
    def target(self) -> float:
        """What the estimate is set against, in :attr:`unit`."""
        if self.row.structural:
            return av_of_mm(structural_target_mm(self.row.pen)) / 5
        return float(self.row.muzzle_pen)

    @property
    def error(self) -> float:
        if self.row.structural:
            return self.estimate / 5 - self.target
        return float(self.estimate - self.row.muzzle_pen)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.row.name, "law": self.law, "figure_in_text": self.row.figure,
                "pen_in_text": self.row.pen, "at_range_m": self.row.at_range_m,
                "muzzle_pen": self.row.muzzle_pen, "estimate": self.estimate,
                "continuous": round(self.continuous, 2), "unit": self.unit,
                "target": round(self.target, 2), "error": round(self.error, 2)}


@cache
def leave_one_out(rows: tuple[TableRow, ...]) -> tuple[LeftOut, ...]:
    """Every small-arms row estimated from the others by the small-arms law, every gun by the gun
    law fitted to the other guns."""
    out = []
    for i, row in enumerate(rows):
        others = rows[:i] + rows[i + 1:]
        if row.structural and not any(r.structural for r in others):
            continue
        x = fit_laws(others).av(row.ballistics)
        out.append(LeftOut(row, "de_marre" if row.structural else "small_arms", x, pen_figure(x)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class FitError:
    """What leave-one-out gives a law: the rows, within one (PEN, or SPEN for guns), the errors'
    range."""

    law: str
    rows: int
    within_one: int
    lowest: float
    highest: float
    unit: str = "PEN"
    group: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"law": self.law, "group": self.group, "rows": self.rows,
                "within_one": self.within_one, "lowest_error": number(round(self.lowest, 2)),
                "highest_error": number(round(self.highest, 2)), "unit": self.unit}


GROUPS = {"soft": "ball, lead and soft", "hard": "hard-core", "guns": "gun"}
MIN_GROUP_ROWS = 3
"""A construction group's own errors give its interval from this many rows on; with fewer, the
law's errors over all its rows."""


def fit_error(rows: tuple[TableRow, ...], law: str, group: str | None = None) -> FitError:
    """Leave-one-out's errors of ``law``, over the rows of one construction ``group`` if given."""
    loo = [x for x in leave_one_out(rows) if x.law == law and group in (None, x.group)]
    if not loo:
        raise ValueError(f"no row of the {law} law in group {group}")
    errs = [x.error for x in loo]
    return FitError(law, len(errs), sum(abs(e) <= 1 + 1e-9 for e in errs), min(errs), max(errs),
                    loo[0].unit, group)


def interval_error(rows: tuple[TableRow, ...], law: str, b: Ballistics) -> FitError:
    """The errors a round's interval comes from: its construction group's, where the data has
    :data:`MIN_GROUP_ROWS` of them; else the law's over all its rows."""
    group = "guns" if law == "de_marre" else "hard" if b.bullet.hard else "soft"
    try:
        err = fit_error(rows, law, group)
    except ValueError:
        return fit_error(rows, law)
    return err if err.rows >= MIN_GROUP_ROWS else fit_error(rows, law)


# --- the rows' reach ------------------------------------------------------------------------------

LAW_ROWS = {"small_arms": "small arms", "de_marre": "guns"}
"""Whose rows each law was fitted to: the small-arms table's (its ball, lead and soft rows for the
law, its hard-core rows for their offset) or the structural table's guns."""


def _measures(law: str, b: Ballistics) -> tuple[tuple[str, str, float], ...]:
    """What a round is set against a law's rows by (name, unit, value): its calibre, mass and
    velocity, and the law's own measure (E/d, or De Marre's grouping)."""
    own = (("E/d", "J/mm", b.energy_per_mm) if law == "small_arms" else
           ("m^0.5 x v / d^0.75", "", math.exp(de_marre_x(b))))
    return (("calibre", "mm", b.calibre_mm), ("mass", "g", b.mass_g),
            ("velocity", "m/s", b.velocity_mps), own)


def _figure(x: float) -> str:
    """A measure as the warning shows it: 0.308, 5.62, 2,275.6, 25,000."""
    return f"{x:,.1f}".removesuffix(".0") if x >= 100 else f"{x:.4g}"


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def outside_rows(b: Ballistics, rows: Sequence[TableRow], law: str) -> tuple[str, ...]:
    """Where round ``b`` lies beyond the rows ``law`` was fitted to: each measure outside the
    rows' lowest to highest, as ``calibre 0.308 mm (theirs: 5.62 to 18.5 mm)``. Leave-one-out's
    errors, the interval, say what the text would give only among those rows."""
    fitted = [_measures(law, r.ballistics) for r in rows if r.structural == (law == "de_marre")]
    out = []
    for i, (name, unit, x) in enumerate(_measures(law, b)):
        lowest, highest = min(m[i][2] for m in fitted), max(m[i][2] for m in fitted)
        if not lowest <= x <= highest:
            u = f" {unit}" if unit else ""
            out.append(f"{name} {_figure(x)}{u} (theirs: {_figure(lowest)} to "
                       f"{_figure(highest)}{u})")
    return tuple(out)


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
    """A suggested PEN for a round, with its interval, column, bands and the rows near it. A round
    outside the text's rows has no interval (``low`` and ``high`` None; a warning says where)."""

    ballistics: Ballistics
    law: str
    pen: int
    structural: bool
    low: int | None
    high: int | None
    column: RangeColumn
    column_given: bool
    bands: tuple[BandFigure, ...]
    nearest: tuple[TableRow, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...]
    interval_rows: tuple[str, ...] = ()

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
            "interval": None if self.low is None else {
                "low": self.low, "high": self.high, "from_rows": list(self.interval_rows)},
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


def _gun_law(b: Ballistics, laws: Laws, steps: list[Step], warnings: list[Caution]) -> float:
    """The gun law's continuous PEN for ``b``, its steps and warnings."""
    law = laws.gun
    mm = law.mm(b)
    steps.append(Step(Ruling.PA_11, "the gun law, De Marre's grouping e = k x (m^0.5 x v / d^0.75)^p: "
                      f"k and p fitted to the {law.rows} guns of the text's autocannon "
                      f"and artillery table: k = {math.exp(law.ln_k):.4g}, p = {law.power:.3f} "
                      f"(De Marre's own p is {DE_MARRE_POWER:.3f}); m^0.5 x v / d^0.75 = "
                      f"{math.exp(de_marre_x(b)):,.1f}, so e = {mm:,.1f} mm of RHA, AV "
                      f"{av_of_mm(mm):.2f} on the thickness curve"))
    if b.bullet.hard:
        return av_of_mm(mm)
    steps.append(Step(Ruling.PA_6, f"a {b.bullet.value} round: the small arms' hard-core difference, "
                      f"{laws.small.hard:.2f} PEN, taken off the gun law's armour-piercing figure"))
    warnings.append(Caution(Ruling.PA_6, "every gun of the text's table fires armour-piercing shot: "
                            f"for a {b.bullet.value} round from a gun the small arms' hard-core "
                            "difference is carried over, not fitted"))
    return laws.gun_av(b)


def _small_arms_law(b: Ballistics, laws: Laws, steps: list[Step]) -> float:
    """The small-arms law's continuous PEN for ``b``, and its steps."""
    sa = laws.small
    epm = b.energy_per_mm
    mm = math.exp(sa.ln_k + sa.n * math.log(epm))
    steps.append(Step(Ruling.PA_11, f"the small-arms law mm = k x (E/d)^n, fitted in log space to "
                      f"the text's {sa.rows} ball, lead and soft rows: k = {math.exp(sa.ln_k):.4f}, "
                      f"n = {sa.n:.4f}; {math.exp(sa.ln_k):.4f} x {epm:,.1f}^{sa.n:.4f} = "
                      f"{mm:,.2f} mm of RHA, AV {av_of_mm(mm):.2f} on the thickness curve (below "
                      "AV 3 continued geometrically)"))
    x = av_of_mm(mm)
    if b.bullet.hard:
        steps.append(Step(Ruling.PA_6, f"a hard core ({b.bullet.value}) adds {sa.hard:+.2f} PEN, "
                          f"the mean excess of the text's {sa.hard_rows} hard-core rows over "
                          "the law"))
        x += sa.hard
    else:
        steps.append(Step(Ruling.PA_6, f"a {b.bullet.value} bullet follows the law as it is: the "
                          "text's ball, lead and soft rows show no difference between them"))
    return x


def _interval(pen: int, err: FitError, steps: list[Step]) -> tuple[int, int]:
    """The PENs the text would give a round estimated at ``pen``: the errors turned round."""
    over = f"the {err.rows} {GROUPS[err.group]} rows" if err.group else f"the {err.rows} rows"
    if err.unit == "SPEN":
        low = max(0, math.floor(pen - 5 * err.highest + 1e-9))
        high = min(MAX_AV, math.ceil(pen - 5 * err.lowest - 1e-9))
        steps.append(Step(Ruling.PA_11, f"leave-one-out over the text's {err.rows} guns put every "
                          f"estimate {err.lowest:+.1f} to {err.highest:+.1f} SPEN from the middle "
                          f"of the text's row ({err.within_one} within one SPEN): the text would "
                          f"give this round SPEN {low / 5:g} to {high / 5:g} (PEN {low} to {high})"))
        return low, high
    low, high = max(0, pen - round(err.highest)), min(MAX_AV, pen - round(err.lowest))
    steps.append(Step(Ruling.PA_11, f"leave-one-out over {over} put every estimate "
                      f"{err.lowest:+.0f} to {err.highest:+.0f} from the text "
                      f"({err.within_one} within one PEN): the text would give this round "
                      f"PEN {low} to {high}"))
    return low, high


def blend_interval(pen: int, w: float, small: FitError, gun: FitError,
                   steps: list[Step]) -> tuple[int, int]:
    """Between the laws, each law's errors (in PEN) weighed as the laws are: the small arms' by
    1 - w, the guns' by w (``w`` the gun law's weight, :func:`gun_weight`)."""
    lowest = (1 - w) * small.lowest + w * 5 * gun.lowest
    highest = (1 - w) * small.highest + w * 5 * gun.highest
    low = max(0, math.floor(pen - highest + 1e-9))
    high = min(MAX_AV, math.ceil(pen - lowest - 1e-9))
    steps.append(Step(Ruling.PA_11, f"leave-one-out put the {small.rows} small-arms "
                      f"{GROUPS[small.group or 'soft']} rows {small.lowest:+.0f} to "
                      f"{small.highest:+.0f} PEN from the text and the guns {gun.lowest:+.1f} to "
                      f"{gun.highest:+.1f} SPEN; weighed as the laws are, {lowest:+.1f} to "
                      f"{highest:+.1f} PEN: the text would give this round PEN {low} to {high}"))
    return low, high


def _column(b: Ballistics, column: RangeColumn | None, steps: list[Step]) -> RangeColumn:
    """The range column: as given, or the round's own (PA-4)."""
    if column is not None:
        steps.append(Step(Ruling.PA_4, f"range column {column.value}, as given"))
        return column
    column = default_column(b)
    why = ("a gun's round: the text gives autocannon and artillery no range rule"
           if b.structural else
           f"{b.velocity_mps:g} m/s is {'at least' if column is RangeColumn.RIFLE else 'below'} "
           f"{RIFLE_VELOCITY_MPS:g} m/s")
    steps.append(Step(Ruling.PA_4, f"range column {column.value} ({why})"))
    return column


def _nearest(b: Ballistics, rows: tuple[TableRow, ...]) -> tuple[TableRow, ...]:
    """The text's rows nearest the round in energy over calibre, among rows of its kind."""
    pool = ([r for r in rows if r.structural] if b.structural else
            [r for r in rows if not r.structural and r.ballistics.bullet.hard == b.bullet.hard])
    pool = pool or list(rows)
    lx = math.log(b.energy_per_mm)
    return tuple(sorted(pool, key=lambda r: abs(math.log(r.ballistics.energy_per_mm) - lx))
                 [:NEAREST])


class BeyondScale(InputError):
    """A round whose estimate passes PEN 1000, the top of the scale (PA-1): the round as a whole
    (``field`` ``round``) is at fault until a front end names the input that made it so."""

    def __init__(self, b: Ballistics, pen: int) -> None:
        super().__init__("round", f"{b.calibre_mm:g} mm, {b.mass_g:g} g at {b.velocity_mps:g} m/s",
                         f"a round whose estimate stays within PEN {MAX_AV} (PA-1); this one "
                         f"comes to PEN {pen:,}")
        self.ballistics = b
        self.pen = pen


GUN_COLUMN = ("none: a round of 20 mm or more is a gun's (autocannon or artillery), and the text "
              "gives guns no range column (PA-4); give no column")


def estimate(b: Ballistics, rows: tuple[TableRow, ...], column: RangeColumn | None = None,
             reading: Sequence[Step] = ()) -> Estimate:
    """The suggested PEN of round ``b``, from a law fitted to ``rows`` (every step explained). A
    gun's round (PA-1) takes no ``column``: the text gives guns none (PA-4). ``reading``: how the
    front door read what was typed (a bare calibre under 1 read as inches), the first steps."""
    if b.structural and column not in (None, RangeColumn.NONE):
        raise InputError("column", column.value if column else column, GUN_COLUMN)
    steps: list[Step] = list(reading)
    warnings: list[Caution] = []
    e = b.energy_j
    steps.append(Step(Ruling.PA_11, f"kinetic energy E = m v^2 / 2 = {b.mass_g:g} g x "
                      f"({b.velocity_mps:g} m/s)^2 / 2 = {e:,.0f} J; over the calibre, "
                      f"E/d = {e:,.0f} J / {b.calibre_mm:g} mm = {b.energy_per_mm:,.1f} J/mm"))
    laws = fit_laws(rows)
    w = gun_weight(b.calibre_mm)
    small = _small_arms_law(b, laws, steps) if w < 1 else 0.0
    gun = _gun_law(b, laws, steps, warnings) if w > 0 else 0.0
    law_name = "small_arms" if w == 0 else "de_marre" if w == 1 else "blend"
    x = (1 - w) * small + w * gun
    if law_name == "blend":
        steps.append(Step(Ruling.PA_1, f"the text lists no round between {SMALL_ARMS_TOP_MM:g} mm (its "
                          f"widest small arm, the 12-gauge slug) and {GUN_BOTTOM_MM:g} mm (its "
                          f"narrowest gun, 30x173mm): at {b.calibre_mm:g} mm the gun law counts "
                          f"w = ln({b.calibre_mm:g} / {SMALL_ARMS_TOP_MM:g}) / "
                          f"ln({GUN_BOTTOM_MM:g} / {SMALL_ARMS_TOP_MM:g}) = {w:.3f}: AV "
                          f"{1 - w:.3f} x {small:.2f} + {w:.3f} x {gun:.2f} = {x:.2f}"))
    pen = pen_figure(x)
    if pen > MAX_AV:
        raise BeyondScale(b, pen)
    steps.append(Step(Ruling.PA_11, f"AV {x:.2f}: the highest whole figure it reaches is "
                      f"{_pen_text(pen)}"))
    structural = b.structural or pen > PERSONAL_TABLE_MAX
    if b.structural:
        steps.append(Step(Ruling.PA_1, f"a calibre of {b.calibre_mm:g} mm is {STRUCTURAL_CALIBRE_MM:g} "
                          "mm or more: a gun's round (autocannon or artillery), shown on the "
                          f"structural scale, SPEN {pen / 5:g}"))
    elif structural:
        steps.append(Step(Ruling.PA_1, f"{_pen_text(pen)}: past the small-arms table's PEN "
                          f"{PERSONAL_TABLE_MAX}, the structural figure is SPEN {pen / 5:g}"))
    used = [name for name, on in (("small_arms", w < 1), ("de_marre", w > 0)) if on]
    beyond = [f"beyond the {LAW_ROWS[name]}' rows, " + _listed(where)
              for name in used if (where := outside_rows(b, rows, name))]
    low: int | None = None
    high: int | None = None
    errs: list[FitError] = []
    if beyond:
        # leave-one-out measured the law's errors among its rows: past them they say nothing of
        # what the text would give, so no interval is shown as if the text gave it
        warnings.insert(0, Caution(Ruling.PA_11, f"outside the text's rows: {'; '.join(beyond)}: "
                                   "the estimate is extrapolated, and has no interval"))
        steps.append(Step(Ruling.PA_11, "no interval: leave-one-out's errors tell what the text "
                          "would give only among the rows the law was fitted to, and this round "
                          "lies outside them (see the warning)"))
    else:
        errs = [interval_error(rows, name, b) for name in used]
        # between the laws only rows that reach into the gap give an interval; the text's do not
        low, high = (blend_interval(pen, w, errs[0], errs[1], steps) if law_name == "blend" else
                     _interval(pen, errs[0], steps))
    given = column is not None
    column = _column(b, column, steps)
    bands = tuple(
        BandFigure(band, max(0, pen + m.pen), m.dc)
        for band in Band for m in (range_modifier(band, column),)
    )
    steps.append(Step(Ruling.PA_5, "DC: none. The text gives no weapon a DC (its tables list PEN and "
                      "SPEN alone) and no rule from a round to a DC, only the range table's DC "
                      "modifiers, listed for each band, to add to a DC the GM sets"))
    return Estimate(b, law_name, pen, structural, low, high, column, given, bands,
                    _nearest(b, rows), tuple(steps), tuple(warnings),
                    tuple(err.group or "all" for err in errs))
