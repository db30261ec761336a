"""The charts' plotted data, worked out by hand from the rules (PA-3 to PA-5, PA-7, PA-9, PA-10,
PA-11, GU-7)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

import armourpen
from armourpen.catalog import Catalog
from armourpen.charts import matrix_chart, odds_chart, pen_range_chart, slope_chart
from armourpen.errors import InputError
from armourpen.penav.penetration import Result

NATO = "7.62x51mm NATO"
PISTOL = "9mm Parabellum pistol"
WALL_VEST = "Sandbag wall, single layer + US PASGT vest"


def test_pa3_pa4_pen_range_steps_follow_the_range_table(catalog: Catalog) -> None:
    chart = pen_range_chart([NATO, PISTOL], ["NIJ Type III"], catalog=catalog)
    nato, pistol = chart.attacks
    # Rifle/MG column: -1 at Very Long, -2 Far, -3 Very Far, -4 Distant, -5 Very Distant.
    assert [s.pen for s in nato.steps] == [7, 7, 7, 7, 7, 7, 6, 5, 4, 3, 2]
    # Handgun/SMG column: -1 at Long ... -6 at Very Distant, never below 0 (PA-3).
    assert [s.pen for s in pistol.steps] == [4, 4, 4, 4, 4, 3, 2, 1, 0, 0, 0]
    # PA-5: the DC column is the same for both: Contact +1, -1 from Very Long, -2 at Very Distant.
    assert [s.dc_modifier for s in nato.steps] == [1, 0, 0, 0, 0, 0, -1, -1, -1, -1, -2]
    assert [s.dc_modifier for s in pistol.steps] == [1, 0, 0, 0, 0, 0, -1, -1, -1, -1, -2]
    # Steps sit at the band boundaries in m/yd; Contact has no distance.
    assert [(s.low, s.high) for s in nato.steps] == [
        (None, None), (0, 1), (1, 12), (12, 25), (25, 50), (50, 100), (100, 200), (200, 400),
        (400, 800), (800, 1600), (1600, 3200)]
    assert [(d.name, d.av) for d in chart.defences] == [("NIJ Type III", 6)]


def test_pa7_pa9_av_lines_layer_and_follow_the_direction(catalog: Catalog) -> None:
    front = pen_range_chart([NATO], [WALL_VEST, "NIJ Type III"], "front", catalog=catalog)
    above = pen_range_chart([NATO], [WALL_VEST, "NIJ Type III"], "above", catalog=catalog)
    # Wall AV 6 + vest AV 5: 6 + 1 = 7 from the front; the wall covers nothing above: 5.
    assert [d.av for d in front.defences] == [7, 6]
    assert [d.av for d in above.defences] == [5, 6]
    assert pen_range_chart([NATO], catalog=catalog).defences == ()


def test_pa6_ammo_and_optional_rule_change_the_steps(catalog: Catalog) -> None:
    plain = pen_range_chart(["5.56mm NATO"], catalog=catalog)
    as_sp = pen_range_chart(["5.56mm NATO"], optional_rules=["rifle_ball_as_sp"], catalog=catalog)
    assert {s.ammo for s in plain.attacks[0].steps} == {"ball"}
    # High-velocity rifle Ball is treated as SP from Contact to Medium, Ball beyond (PA-6).
    assert [s.ammo for s in as_sp.attacks[0].steps] == ["sp"] * 5 + ["ball"] * 6


def test_pa2_matrix_cells_hold_outcome_and_margin(catalog: Catalog) -> None:
    chart = matrix_chart([NATO, ".50 BMG ball", "57mm British QF 6-pdr"],
                         ["NIJ Type III", "NIJ Type IV", "120mm RHA"], band="very_long",
                         catalog=catalog)
    # Very Long: NATO 7 - 1 = 6, .50 BMG ball 12 - 1 = 11, the 6-pdr (no range rule) SPEN 10 = 50.
    assert [a.value for a in chart.attacks] == [6, 11, 50]
    assert [d.value for d in chart.defences] == [6, 9, 60]
    assert chart.results[0] == (Result.PENETRATED_REDUCED, Result.STOPPED, Result.STOPPED)
    assert chart.results[1] == (Result.PENETRATED, Result.PENETRATED, Result.STOPPED)
    assert chart.results[2] == (Result.PENETRATED, Result.PENETRATED, Result.STOPPED)
    assert [chart.margin(0, j) for j in range(3)] == [0, -3, -54]
    assert chart.margin(2, 2) == -10
    assert chart.to_dict()["defences"][2] == {"name": "120mm RHA", "av": 60, "sav": 12}


def test_pa3_matrix_at_a_distance_names_its_band(catalog: Catalog) -> None:
    chart = matrix_chart([NATO], ["NIJ Type III"], distance="150 m", catalog=catalog)
    assert chart.where == "Very Long (150 m)"
    assert chart.results == ((Result.PENETRATED_REDUCED,),)
    with pytest.raises(InputError, match="one band or one distance"):
        matrix_chart([NATO], ["NIJ Type III"], catalog=catalog)


def _dice(n: int) -> dict[int, int]:
    """Ways to roll each total on n d6, by convolution (an oracle independent of the engine)."""
    ways = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + w
        ways = nxt
    return ways


def test_gu7_odds_chart_agent_gray_by_hand(catalog: Catalog) -> None:
    chart = odds_chart(armourpen.load_scenario("example:agent-gray", catalog))
    gray, vip = chart.targets
    ways = _dice(7)
    total = 6**7
    # Gray's cover DR: 8 in + 8 out + HP 12 = 28, halved by the divisor (2): 14. Over 14 goes on.
    assert gray.p_reached == 1
    assert gray.p_overpenetrates == Fraction(sum(w for s, w in ways.items() if s > 14), total)
    assert vip.p_reached == gray.p_overpenetrates
    # Gray's injury: (basic - DR 8/2) x 0.5 for pi-, floored, at least 1 when anything gets through.
    want: dict[int, int] = {}
    for s, w in ways.items():
        pen = max(0, s - 4)
        inj = max(1, pen // 2) if pen else 0
        want[inj] = want.get(inj, 0) + w
    assert gray.injury_pmf == {k: Fraction(w, total) for k, w in sorted(want.items())}
    assert sum(vip.injury_pmf.values()) == 1


def test_pa10_pa11_slope_chart_matches_the_texts_example() -> None:
    chart = slope_chart(mm=60)
    at = {p.angle: p for p in chart.curve}
    assert chart.actual_av == 25
    # 60 mm at 60° -> x2 -> 120 mm -> AV 60 (the text's example); 52.5° -> x1.75 (PA-10 example).
    assert (at[Fraction(60)].mm, at[Fraction(60)].av) == (Fraction(120), 60)
    assert at[Fraction(105, 2)].multiplier == Fraction(7, 4)
    assert at[Fraction(0)].av == at[Fraction(15)].av == 25
    # 80°: x6 = 360 mm, between 350 (AV 160) and 375 (AV 170): 160 + 10 x 10/25 = 164.
    assert at[Fraction(80)].av == 164
    assert at[Fraction(179, 2)].multiplier == 6
    F = Fraction
    assert [(p.angle, p.multiplier) for p in chart.table] == [
        (F(0), F(1)), (F(15), F(1)), (F(30), F(6, 5)), (F(45), F(3, 2)), (F(60), F(2)),
        (F(75), F(4)), (F(80), F(6))]
    assert chart.warnings == ()


def test_pa11_slope_chart_from_an_av_and_past_the_curve() -> None:
    # AV 60 is 120 mm; at 60° 240 mm lies between 225 (AV 110) and 250 (AV 120): 110 + 6 = 116.
    by_av = slope_chart(av=60)
    assert by_av.actual_mm == 120
    assert {p.angle: p.av for p in by_av.curve}[Fraction(60)] == 116
    # 2000 mm passes the curve's end (8200 mm) at x4.1, i.e. at 75.25°: no AV from 75.5° on.
    thick = slope_chart(mm=2000)
    past = [p.angle for p in thick.curve if p.av is None]
    assert past[0] == Fraction(151, 2)
    assert thick.warnings[0].rule == "PA-11" and "from 75.5°" in thick.warnings[0].text
    with pytest.raises(InputError, match="PA-11"):
        slope_chart(mm=Fraction(1, 2))


def test_the_core_import_stays_light() -> None:
    code = ("import sys, armourpen, armourpen.charts; "
            "bad = [m for m in ('matplotlib', 'numpy', 'reportlab') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_pa3_matrix_and_pen_range_stop_at_the_attacks_reach(catalog: Catalog) -> None:
    """At Long the Sword (melee: Contact only) has no outcome and no margin; the pen-range series
    of #4 to #12 birdshot (PEN 1, catalog reach Medium) holds PEN 1 from Contact to Medium and
    has no PEN past it."""
    chart = matrix_chart(["Sword", NATO], ["NIJ Type III"], band="long", catalog=catalog)
    assert chart.results == ((None,), (Result.PENETRATED,))  # NATO 7 at Long vs AV 6
    assert chart.margin(0, 0) is None and chart.margin(1, 0) == 1
    data = chart.to_dict()
    assert [c["outcome"] for c in data["cells"]] == ["out_of_reach", "penetrated"]
    assert data["cells"][0]["margin"] is None and "out_of_reach" in data["legend"]
    assert "out_of_reach" not in matrix_chart([NATO], ["NIJ Type III"], band="long",
                                              catalog=catalog).to_dict()["legend"]
    series = pen_range_chart(["#4 to #12 birdshot"], ["NIJ Type I"], catalog=catalog).attacks[0]
    assert [s.pen for s in series.steps] == [1] * 5 + [None] * 6
    assert series.to_dict()["steps"][5] == {"band": "long", "from_m": 50, "to_m": 100, "pen": None,
                                            "dc_modifier": None, "ammo": None}
