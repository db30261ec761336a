"""What a chart's axes and lines say, each one thing: odds ticks on round percentages, a panel
that is never injured drawn as such, and in a pen-range chart a dashed line is an AV line only."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import matplotlib
import pytest
from matplotlib.lines import Line2D
from matplotlib.patches import StepPatch

import armourpen
from armourpen.catalog import Catalog
from armourpen.charts import odds_chart, pen_range_chart
from armourpen.charts.draw import figure
from armourpen.charts.odds import chance_ticks, tick_label


def _figure(chart: Any) -> Any:
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        return figure(chart)


def _round(percent: Fraction) -> bool:
    """1, 2 or 5 times a power of ten (0.1%, 2%, 50%)."""
    while percent >= 10:
        percent /= 10
    while percent < 1:
        percent *= 10
    return percent in (1, 2, 5)


def test_a_chance_axis_steps_by_one_two_or_five_times_a_power_of_ten() -> None:
    # up to 14.4%: a step of 1% or 2% needs over 6 steps; 5% needs 2
    assert chance_ticks(Fraction(144, 1000)) == (Fraction(0), Fraction(5, 100), Fraction(10, 100))
    # up to 115% (a bar of 100% and room for its label): 20% steps, 100% the last tick
    assert chance_ticks(Fraction(115, 100))[-1] == 1
    assert len(chance_ticks(Fraction(115, 100))) == 6
    # up to 0.7%: 0.1% needs 7 steps, 0.2% three
    assert chance_ticks(Fraction(7, 1000)) == (Fraction(0), Fraction(2, 1000), Fraction(4, 1000),
                                                Fraction(6, 1000))
    assert [tick_label(k) for k in chance_ticks(Fraction(7, 1000))] == [
        "0%", "0.2%", "0.4%", "0.6%"]


@pytest.mark.parametrize("example", ["office-shootout", "agent-gray", "random-location-burst",
                                     "knockback-door"])
def test_gu7_every_injury_panel_ticks_round_percentages_labelled_as_they_are(example: str) -> None:
    chart = odds_chart(armourpen.load_scenario(f"example:{example}"))
    for ax in _figure(chart).axes:
        if not (ax.get_gid() or "").endswith(":injury"):
            continue
        ticks = [Fraction(v).limit_denominator(10**6) for v in ax.get_yticks()]
        # from 0, in equal steps of 1, 2 or 5 times a power of ten
        step = ticks[1]
        assert ticks == [step * k for k in range(len(ticks))] and _round(step), ticks
        labels = [t.get_text() for t in ax.get_yticklabels()]
        assert [Fraction(re.sub("%$", "", x)) for x in labels] == ticks
        low, high = ax.get_ylim()
        assert low == 0 and all(t <= high + 1e-9 for t in ticks)


def test_gu4_a_target_never_injured_has_a_whole_number_axis_and_says_so() -> None:
    # 3d pi at most 18 against DR 100: penetrating 0, injury 0 at every roll (GU-4)
    sc = armourpen.load_scenario({
        "rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
        "line": [{"target": "Tank", "hp": 10, "dr": 100}]})
    chart = odds_chart(sc)
    ax = next(a for a in _figure(chart).axes if a.get_gid() == "Tank:injury")
    assert list(ax.get_xticks()) == [0, 1, 2, 3, 4]  # not -0.6 to 0.6 around the one bar
    assert [round(b.get_height(), 9) for b in ax.patches] == [100]
    assert "no injury at any roll" in [t.get_text() for t in ax.texts]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["0%", "20%", "40%", "60%", "80%",
                                                            "100%"]


def test_pa2_an_attacks_line_is_never_dashed_for_dashes_mean_av(catalog: Catalog) -> None:
    attacks = [a.name for a in catalog.items("attack")[:11]]  # more than the 8 colours
    chart = pen_range_chart(attacks, ["NIJ Type III", "NIJ Type IIIA"], catalog=catalog)
    fig = _figure(chart)
    pen = fig.axes[0]
    steps = [p for ax in fig.axes for p in ax.patches if isinstance(p, StepPatch)]
    assert len(steps) == 2 * len(attacks)  # a PEN line and a DC line each
    assert {p.get_linestyle() for p in steps} == {"-"}
    # axhline: from the left edge to the right one (x 0 to 1 of the axes) at one height
    av_lines = [ln for ln in pen.lines if list(ln.get_xdata()) == [0, 1]]
    assert sorted(ln.get_ydata()[0] for ln in av_lines) == [5, 6]  # IIIA AV 5, III AV 6
    assert {ln.get_linestyle() for ln in av_lines} == {"--"}
    legend = pen.get_legend()
    handles = [h for h in legend.legend_handles if isinstance(h, Line2D)]
    styles = {h.get_label(): h.get_linestyle() for h in handles}
    assert [styles[t.get_text()] for t in legend.get_texts()][: len(attacks)] == ["-"] * len(attacks)
    assert legend.get_title().get_text() == "attacks (solid) and AV lines (dashed)"
    # past the colours, a repeated colour carries a marker: the lines stay told apart
    markers = [h.get_marker() for h in handles[: len(attacks)]]
    assert markers[:8] == ["None"] * 8 and all(m != "None" for m in markers[8:])
