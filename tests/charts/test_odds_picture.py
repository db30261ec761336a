"""The odds chart draws the exact odds and nothing else: every bar of every panel (injury, the
effects of GU-10 and GU-12, the rolled locations of GU-10) is the chance ``armourpen.odds`` gives,
and ``--json`` carries the same numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import matplotlib
import pytest

import armourpen
from armourpen.charts import odds_chart
from armourpen.charts.draw import figure
from armourpen.charts.odds import OddsChart


def _panels(chart: OddsChart) -> dict[str, Any]:
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        fig = figure(chart)
    return {gid: ax for ax in fig.axes if (gid := ax.get_gid())}


@pytest.mark.parametrize("example", ["random-location-burst", "office-shootout", "agent-gray"])
def test_gu12_gu10_every_bar_is_the_exact_chance(example: str) -> None:
    chart = odds_chart(armourpen.load_scenario(f"example:{example}"))
    exact = armourpen.odds(armourpen.load_scenario(f"example:{example}"))
    panels = _panels(chart)
    data = chart.to_dict()["targets"]
    for t, e, d in zip(chart.targets, exact.targets, data, strict=True):
        drawn, cut, rest = chart.drawn_injury(t)
        bars = panels[f"{t.name}:injury"].patches
        assert [(round(b.get_x() + b.get_width() / 2), b.get_height()) for b in bars] == [
            (k, pytest.approx(float(p) * 100)) for k, p in drawn.items()]
        assert drawn == {k: p for k, p in e.injury_pmf.items() if cut is None or k <= cut}
        assert sum(drawn.values()) + rest == 1
        effects = [b.get_width() for b in panels[f"{t.name}:effects"].patches]
        assert effects == pytest.approx(
            [float(e.p_major_wound) * 100, float(e.p_knockdown_roll) * 100,
             float(e.p_crippled) * 100])
        assert [Fraction(d[k]) for k in ("p_major_wound", "p_knockdown_roll", "p_crippled")] == [
            e.p_major_wound, e.p_knockdown_roll, e.p_crippled]
        where = chart.locations(t)
        if len(e.location_pmf) > 1:
            loc = panels[f"{t.name}:locations"]
            labels = [label.get_text() for label in loc.get_yticklabels()]
            widths = {label: b.get_width() for label, b in zip(labels, loc.patches, strict=True)}
            assert widths == {k: pytest.approx(float(p) * 100) for k, p in e.location_pmf.items()}
            assert {k: Fraction(v) for k, v in d["location_pmf"].items()} == e.location_pmf
        else:
            assert where == {} and f"{t.name}:locations" not in panels


def test_gu10_rolled_locations_by_hand_and_in_one_order() -> None:
    # the Sentry is always hit: 3d6 gives skull 4/216 (3-4), face 6/216 (5), leg 61/216 (6-7,
    # 13-14), arm 46/216 (8, 12), torso 52/216 (9-10), groin 27/216 (11), hand 10/216 (15),
    # foot 6/216 (16), neck 4/216 (17-18)
    chart = odds_chart(armourpen.load_scenario("example:random-location-burst"))
    sentry, radio = chart.targets
    assert chart.locations(sentry) == {
        "skull": Fraction(4, 216), "face": Fraction(6, 216), "leg": Fraction(61, 216),
        "arm": Fraction(46, 216), "hand": Fraction(10, 216), "foot": Fraction(6, 216),
        "neck": Fraction(4, 216), "torso": Fraction(52, 216), "groin": Fraction(27, 216)}
    assert list(chart.locations(radio)) == list(chart.locations(sentry))
    assert sum(chart.locations(radio).values()) == radio.p_hit
