"""What every chart value shares: its kind, its title, the rulings it draws on, its JSON form."""

from __future__ import annotations

from typing import Any, Protocol

from armourpen.explain import Caution
from armourpen.limits import Limits

RULING_TITLES: dict[str, str] = {
    "PA-1": "scales",
    "PA-2": "outcome",
    "PA-3": "range bands",
    "PA-4": "range columns",
    "PA-5": "damage class",
    "PA-6": "ammunition",
    "PA-7": "layering",
    "PA-8": "wearing limits",
    "PA-9": "direction",
    "PA-10": "sloped armour",
    "PA-11": "thickness curve",
    "PA-13": "unknown values",
    "GU-1": "notation",
    "GU-3": "DR and divisors",
    "GU-4": "injury",
    "GU-6": "cover DR",
    "GU-7": "the chain",
    "GU-8": "who is hit",
    "GU-10": "hit locations",
    "GU-12": "major wounds and knockdown",
}
"""Short names of the rulings a chart cites in its footnote (RULINGS.md has the full text)."""


class Chart(Protocol):
    """A chart's plotted data: frozen, with the rulings it follows and a JSON-ready form."""

    @property
    def kind(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def rulings(self) -> tuple[str, ...]: ...

    @property
    def warnings(self) -> tuple[Caution, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


def footnote(chart: Chart) -> str:
    """``Rulings: PA-3 range bands, PA-7 layering ...``: the line under every chart."""
    return "Rulings: " + ", ".join(f"{r} {RULING_TITLES.get(r, '')}".rstrip() for r in chart.rulings)



def drawn_cells(chart: Chart) -> int:
    """How much drawing ``chart`` takes, in cells (``max_chart_cells``), known before drawing."""
    from armourpen.charts.matrix import MatrixChart
    from armourpen.charts.odds import PANEL_CELLS, OddsChart
    from armourpen.charts.pen_range import PenRangeChart

    if isinstance(chart, MatrixChart):
        return len(chart.attacks) * len(chart.defences)
    if isinstance(chart, PenRangeChart):
        return sum(len(a.steps) for a in chart.attacks) + len(chart.defences)
    if isinstance(chart, OddsChart):
        return sum(PANEL_CELLS + len(chart.drawn_injury(t)[0]) + len(chart.effects(t))
                   + len(chart.locations(t)) for t in chart.targets)
    return 0  # a slope chart: always the same few lines


def check_drawable(chart: Chart, limits: Limits, field: str = "chart") -> None:
    """Refuse, before drawing, a chart beyond ``max_chart_cells`` (its data is not refused)."""
    limits.check("max_chart_cells", drawn_cells(chart), "cells to draw", field)
