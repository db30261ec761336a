"""The PEN estimator's laws, fitted to the text's rows (:mod:`armourpen.penav.estimate` says what
each law reads): the thickness curve as a continuous scale (PA-11), the small-arms law and De
Marre's for guns, their leave-one-out errors, and how far the rows they were fitted to reach.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from armourpen.penav.rounds import GUN_BOTTOM_MM, SMALL_ARMS_TOP_MM, Ballistics, TableRow
from armourpen.penav.thickness import CURVE, TABLE_MAX_AV
from armourpen.serialize import number

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


def listed(items: Sequence[str]) -> str:
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

