"""The ``pen-range`` chart: effective PEN (and DC modifier) against distance, and the AV to beat.

PEN changes only at the range-band boundaries (PA-3, PA-4, PA-5), so each attack is a series of
steps, one per band from its lower to its upper bound in m/yd; Contact has no distance and stands
apart. Each defence is a horizontal line at its layered AV from the chosen direction (PA-7, PA-9).
All of it is read off one sweep (:mod:`armourpen.penav.grid`), so the chart says what ``table`` and
``resolve`` say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.catalog.items import RangeColumn
from armourpen.explain import Caution, Ruling
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.penav.direction import Direction
from armourpen.penav.ranges import BAND_LIMITS, Band
from armourpen.penav.scale import structural_number

if TYPE_CHECKING:
    from armourpen.catalog import AttackProfile, Catalog
    from armourpen.penav.defences import Defence
    from armourpen.penav.sweep_result import SweepResult

_BOUNDS = (0, *(limit for _, limit in BAND_LIMITS))
SPANS: dict[Band, tuple[int, int]] = {
    band: (_BOUNDS[i], _BOUNDS[i + 1]) for i, (band, _) in enumerate(BAND_LIMITS)
}
"""Each band's span in m/yd, lower bound excluded except Point Blank's 0 (PA-3); Contact has none."""


def _low(band: Band) -> int | None:
    return SPANS[band][0] if band in SPANS else None


def _high(band: Band) -> int | None:
    return SPANS[band][1] if band in SPANS else None


@dataclass(frozen=True, slots=True)
class BandStep:
    """One band of an attack's series: its span in m/yd (None for Contact), PEN, DC modifier, ammo;
    the last three None past the attack's reach (PA-3: melee reaches Contact only)."""

    band: Band
    low: int | None
    high: int | None
    pen: int | None
    dc_modifier: int | None
    ammo: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"band": self.band.value, "from_m": self.low, "to_m": self.high, "pen": self.pen,
                "dc_modifier": self.dc_modifier, "ammo": self.ammo}


@dataclass(frozen=True, slots=True)
class PenSeries:
    """One attack's effective PEN at each band (personal scale; SPEN x 5 when structural)."""

    name: str
    base_pen: int
    range_column: RangeColumn
    structural: bool
    steps: tuple[BandStep, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "pen": self.base_pen, "range_column": self.range_column.value,
                "structural": self.structural, "steps": [s.to_dict() for s in self.steps]}


@dataclass(frozen=True, slots=True)
class AvLine:
    """A defence's layered AV from the chart's direction (PA-7, PA-9)."""

    name: str
    av: int
    structural: bool

    @property
    def label(self) -> str:
        shown = f"AV {self.av}" + (f" (SAV {structural_number(self.av)})" if self.structural else "")
        return f"{self.name}: {shown}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "av": self.av,
                "sav": structural_number(self.av) if self.structural else None}


@dataclass(frozen=True, slots=True)
class PenRangeChart:
    """Effective PEN against distance for some attacks, and the AV lines of some defences."""

    attacks: tuple[PenSeries, ...]
    defences: tuple[AvLine, ...]
    direction: Direction
    optional_rules: tuple[str, ...] = ()
    warnings: tuple[Caution, ...] = ()

    kind = "pen-range"
    rulings = (Ruling.PA_1, Ruling.PA_2, Ruling.PA_3, Ruling.PA_4,
               Ruling.PA_5, Ruling.PA_6, Ruling.PA_7, Ruling.PA_9)

    @property
    def title(self) -> str:
        return f"Effective PEN against distance (attack from {self.direction.value})"

    @classmethod
    def from_sweep(cls, res: SweepResult, direction: int = 0) -> PenRangeChart:
        """The chart of a sweep over bands (not distances), from its ``direction``-th direction."""
        if any(d is not None for d in res.distances):
            raise ValueError("a pen-range chart is drawn from a sweep over bands, not distances")
        pen, dcm, ammo = res.pen.tolist(), res.dc_modifier.tolist(), res.ammo_index.tolist()
        reached = res.reached.tolist()
        attacks = tuple(
            PenSeries(
                a.name, a.pen, a.range_column, a.structural,
                tuple(BandStep(b, _low(b), _high(b), pen[i][k], dcm[i][k],
                               res.ammo_names[ammo[i][k]])
                      if reached[i][k] else BandStep(b, _low(b), _high(b), None, None, None)
                      for k, b in enumerate(res.bands)),
            )
            for i, a in enumerate(res.attacks)
        )
        av = res.av[:, direction].tolist()
        defences = tuple(AvLine(d.name, av[j], d.structural) for j, d in enumerate(res.defences))
        return cls(attacks, defences, res.directions[direction], tuple(sorted(res.optional_rules)),
                   res.warnings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title,
            "from": self.direction.value,
            "optional_rules": list(self.optional_rules),
            "attacks": [a.to_dict() for a in self.attacks],
            "defences": [d.to_dict() for d in self.defences],
            "rulings": list(self.rulings),
            "warnings": [w.to_dict() for w in self.warnings],
        }


def pen_range_chart(
    attacks: Sequence[AttackProfile | str],
    defences: Sequence[Defence | str] = (),
    direction: Direction | str = Direction.FRONT,
    *,
    ammo: str | None = None,
    optional_rules: Sequence[str] = (),
    catalog: Catalog | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> PenRangeChart:
    """Sweep the attacks over every band against the defences and chart it (see :class:`PenRangeChart`).

    Attacks and defences are what :func:`armourpen.sweep` takes (names, or ``"cover + armour"``);
    with no defence the chart has no AV line.
    """
    from armourpen import arguments
    from armourpen.penav.defences import Defence
    from armourpen.penav.grid import sweep

    defences = arguments.entries("defences", defences, "defences or names joined by '+'",
                                 arguments.text_or(Defence, "a Defence or names joined by '+'"))
    direction = arguments.text_or(Direction, "a direction (a str)")("direction", direction)
    defs: Sequence[Defence | str] = defences or [Defence("(none)")]
    res = sweep(attacks, defs, directions=[direction], optional_rules=optional_rules,
                catalog=catalog, ammo=ammo, limits=limits)
    chart = PenRangeChart.from_sweep(res)
    if not defences:
        chart = PenRangeChart(chart.attacks, (), chart.direction, chart.optional_rules,
                              chart.warnings)
    return chart
