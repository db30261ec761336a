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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from armourpen.catalog.items import RangeColumn
from armourpen.errors import InputError
from armourpen.explain import Caution, Ruling, Step
from armourpen.penav.laws import (
    DE_MARRE_POWER,
    GROUPS,
    LAW_ROWS,
    FitError,
    Laws,
    av_of_mm,
    de_marre_x,
    fit_laws,
    gun_weight,
    interval_error,
    listed,
    outside_rows,
    pen_figure,
)
from armourpen.penav.ranges import Band, range_modifier
from armourpen.penav.rounds import (
    GUN_BOTTOM_MM,
    NEAREST,
    PERSONAL_TABLE_MAX,
    RIFLE_VELOCITY_MPS,
    SMALL_ARMS_TOP_MM,
    STRUCTURAL_CALIBRE_MM,
    Ballistics,
    TableRow,
    default_column,
)
from armourpen.penav.thickness import MAX_AV
from armourpen.serialize import number

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
    beyond = [f"beyond the {LAW_ROWS[name]}' rows, " + listed(where)
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
