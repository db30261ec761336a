"""The GM's penetration chart as the ``/table`` page shows it: one chart per defence.

Rows are attacks (with their PEN), columns the range bands (or distances), each cell the outcome's
badge (the symbol and, for screen readers and the colour-blind, its word): the same chart as
``armourpen table`` prints, from the same sweep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from armourpen.layout import Badge

if TYPE_CHECKING:
    from armourpen.grid import SweepResult


@dataclass(frozen=True, slots=True)
class Column:
    short: str
    title: str


@dataclass(frozen=True, slots=True)
class AttackRow:
    name: str
    pen: str
    cells: tuple[Badge, ...]


@dataclass(frozen=True, slots=True)
class Chart:
    title: str
    rows: tuple[AttackRow, ...]


@dataclass(frozen=True, slots=True)
class Charts:
    columns: tuple[Column, ...]
    charts: tuple[Chart, ...]
    legend: tuple[Badge, ...]
    warnings: tuple[str, ...]


SHORT = {
    "contact": "C", "point_blank": "PB", "close": "Cl", "short": "S", "medium": "M", "long": "L",
    "very_long": "VL", "far": "F", "very_far": "VF", "distant": "D", "very_distant": "VD",
}


def charts(res: SweepResult) -> Charts:
    """One chart per defence for the sweep's first direction."""
    from armourpen.grid import CODE_RESULTS
    from armourpen.penav.layout import BADGES
    from armourpen.penav.ranges import band_span

    badges = [BADGES[r] for r in CODE_RESULTS]
    columns = []
    for k, band in enumerate(res.bands):
        if res.distances[k] is None:
            columns.append(Column(SHORT[band.value], f"{band.label} {band_span(band)}"))
        else:
            columns.append(Column(res.column_label(k), band.label))
    out = []
    for j, d in enumerate(res.defences):
        av = int(res.av[j, 0])
        shown = f"AV {av}" + (f" (SAV {av / 5:g})" if d.structural else "")
        codes = res.outcome[:, j, :, 0].tolist()
        rows = []
        for i, a in enumerate(res.attacks):
            pen = f"{a.pen}" + (f" (SPEN {a.pen / 5:g})" if a.structural else "")
            rows.append(AttackRow(a.name, pen, tuple(badges[c] for c in codes[i])))
        out.append(Chart(f"{d.name}: {shown}, from {res.directions[0].value}", tuple(rows)))
    return Charts(tuple(columns), tuple(out), tuple(reversed(badges)),
                  tuple(str(w) for w in res.warnings))
