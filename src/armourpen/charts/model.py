"""What every chart value shares: its kind, its title, the rulings it draws on, its JSON form."""

from __future__ import annotations

from typing import Any, Protocol

from armourpen.explain import Caution, Ruling
from armourpen.limits import Limits

RULING_TITLES: dict[str, str] = {
    Ruling.PA_1: "scales",
    Ruling.PA_2: "outcome",
    Ruling.PA_3: "range bands",
    Ruling.PA_4: "range columns",
    Ruling.PA_5: "damage class",
    Ruling.PA_6: "ammunition",
    Ruling.PA_7: "layering",
    Ruling.PA_8: "wearing limits",
    Ruling.PA_9: "direction",
    Ruling.PA_10: "sloped armour",
    Ruling.PA_11: "thickness curve",
    Ruling.PA_13: "unknown values",
    Ruling.GU_1: "notation",
    Ruling.GU_3: "DR and divisors",
    Ruling.GU_4: "injury",
    Ruling.GU_6: "cover DR",
    Ruling.GU_7: "the chain",
    Ruling.GU_8: "who is hit",
    Ruling.GU_10: "hit locations",
    Ruling.GU_12: "major wounds and knockdown",
    Ruling.GU_2: "basic damage",
    Ruling.GU_15: "the attack roll",
    Ruling.GU_16: "firing past people",
    Ruling.GU_17: "occupants",
    Ruling.GU_19: "rapid fire",
    Ruling.GU_20: "multiple projectiles",
    Ruling.GU_21: "explosions",
    Ruling.GU_22: "fragments",
    Ruling.GU_23: "half damage range",
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
