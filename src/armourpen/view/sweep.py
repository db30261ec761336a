"""The sweep's charts (``armourpen table``, the ``/table`` page): one per defence and group of
directions that meet the same AV; rows are attacks, columns range bands or distances."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from armourpen.layout import Badge
from armourpen.penav.scale import figure

if TYPE_CHECKING:
    from armourpen.penav.sweep_result import SweepResult

SHORT = {
    "contact": "C", "point_blank": "PB", "close": "Cl", "short": "S", "medium": "M", "long": "L",
    "very_long": "VL", "far": "F", "very_far": "VF", "distant": "D", "very_distant": "VD",
}
"""Each range band's code as a narrow column's title."""


@dataclass(frozen=True, slots=True)
class SweepColumn:
    """A column: ``short`` heads a narrow chart (a band's code or the distance), ``label`` a wide
    one (the band's name or the distance), ``title`` explains it (with the band's span)."""

    short: str
    label: str
    title: str


@dataclass(frozen=True, slots=True)
class SweepRow:
    """An attack: its name, its PEN (with SPEN where structural, PA-1), a badge per column."""

    name: str
    pen: str
    cells: tuple[Badge, ...]


@dataclass(frozen=True, slots=True)
class SweepChart:
    """One defence met from ``directions`` (all at the same AV)."""

    title: str
    directions: tuple[str, ...]
    rows: tuple[SweepRow, ...]


@dataclass(frozen=True, slots=True)
class SweepView:
    """Every chart of a sweep, with the columns they share, the legend and the warnings."""

    columns: tuple[SweepColumn, ...]
    charts: tuple[SweepChart, ...]
    legend: tuple[tuple[Badge, str], ...]  # each outcome's badge and what it means, worst first
    band_key: str | None  # the band codes spelled out, when the columns are bands
    warnings: tuple[str, ...]


def sweep_view(res: SweepResult) -> SweepView:
    """The charts of a sweep, built from its arrays (never from a rendered cell)."""
    from armourpen.penav.layout import BADGES
    from armourpen.penav.ranges import band_span
    from armourpen.penav.sweep_result import CODE_RESULTS, LEGEND, OUT_OF_REACH, OUT_OF_REACH_BADGE

    badges = [BADGES[r] for r in CODE_RESULTS]
    by_code = {**dict(enumerate(badges)), OUT_OF_REACH: OUT_OF_REACH_BADGE}
    banded = all(d is None for d in res.distances)
    columns = []
    for k, band in enumerate(res.bands):
        if res.distances[k] is None:
            short = SHORT[band.value] if banded else res.column_label(k)
            columns.append(SweepColumn(short, band.label, f"{band.label} {band_span(band)}"))
        else:
            label = res.column_label(k)
            columns.append(SweepColumn(label, label, band.label))
    pens = [figure(a.pen, "PEN", a.structural) for a in res.attacks]
    charts = []
    for j, d in enumerate(res.defences):
        groups: dict[int, list[int]] = {}
        for l in range(len(res.directions)):  # noqa: E741
            groups.setdefault(int(res.av[j, l]), []).append(l)
        for av, ls in groups.items():
            codes = res.outcome[:, j, :, ls[0]].tolist()
            rows = tuple(SweepRow(a.name, pens[i], tuple(by_code[c] for c in codes[i]))
                         for i, a in enumerate(res.attacks))
            directions = tuple(res.directions[l].value for l in ls)  # noqa: E741
            title = f"{d.name}: AV {figure(av, 'AV', d.structural)}, from {', '.join(directions)}"
            charts.append(SweepChart(title, directions, rows))
    # The out-of-reach mark is explained where some cell shows it.
    shown = [*reversed(badges), *([OUT_OF_REACH_BADGE] if not res.reached.all() else [])]
    legend = tuple((b, LEGEND[b.symbol]) for b in shown)
    key = None
    if banded:
        key = "bands: " + ", ".join(f"{SHORT[b.value]} {b.label}" for b in res.bands)
    return SweepView(tuple(columns), tuple(charts), legend, key,
                     tuple(str(w) for w in res.warnings))
