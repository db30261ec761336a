"""PA-11: the thickness curve (mm of RHA <-> personal AV), worked out from the text's two tables."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armourpen.errors import InputError
from armourpen.penav.thickness import (
    CURVE,
    POINTS,
    av_for_mm,
    mm_for_av,
    neighbours,
)

F = Fraction

# The table's points by hand: small-arms table (steel plate / RHA rows) then the autocannon table's
# SAV rows times 5 (SAV 5 = AV 25 = 60 mm ... SAV 70 = AV 350 = 1700 mm).
HAND_POINTS = [
    (3, F(1)), (6, F(6)), (7, F(8)), (8, F(10)), (9, F("12.5")), (10, F(15)), (11, F("17.5")),
    (12, F(20)), (13, F("22.5")), (14, F(25)), (15, F(30)), (16, F(35)), (17, F(40)),
    (18, F(45)), (19, F(50)), (20, F(55)),
    (5 * 5, F(60)), (6 * 5, F(70)), (7 * 5, F(80)), (8 * 5, F(90)), (9 * 5, F(100)),
    (10 * 5, F(110)), (12 * 5, F(120)), (14 * 5, F(130)), (16 * 5, F(150)), (18 * 5, F(175)),
    (20 * 5, F(200)), (22 * 5, F(225)), (24 * 5, F(250)), (26 * 5, F(275)), (28 * 5, F(300)),
    (30 * 5, F(325)), (32 * 5, F(350)), (34 * 5, F(375)), (36 * 5, F(400)), (38 * 5, F(450)),
    (40 * 5, F(500)), (42 * 5, F(550)), (44 * 5, F(600)), (46 * 5, F(650)), (48 * 5, F(700)),
    (50 * 5, F(750)), (52 * 5, F(800)), (54 * 5, F(900)), (56 * 5, F(1000)), (58 * 5, F(1100)),
    (60 * 5, F(1200)), (62 * 5, F(1300)), (64 * 5, F(1400)), (66 * 5, F(1500)),
    (68 * 5, F(1600)), (70 * 5, F(1700)),
]


def test_pa11_points_are_the_tables_rows() -> None:
    assert list(POINTS) == HAND_POINTS


@pytest.mark.parametrize(("av", "mm"), HAND_POINTS)
def test_pa11_every_table_point_av_to_mm(av: int, mm: Fraction) -> None:
    assert mm_for_av(av).value == mm


@pytest.mark.parametrize(("av", "mm"), HAND_POINTS)
def test_pa11_every_table_point_mm_to_av(av: int, mm: Fraction) -> None:
    assert av_for_mm(mm).value == av


@pytest.mark.parametrize(
    ("mm", "av"),
    [
        # 78.75 lies between AV 30 = 70 and AV 35 = 80: 30 + 8.75/10 x 5 = 34.375 -> 34
        (F("78.75"), 34),
        # 7.9 between AV 6 = 6 and AV 7 = 8: 6 + 1.9/2 = 6.95 -> 6
        (F("7.9"), 6),
        # exactly 1 mm is AV 3
        (F(1), 3),
        # 2 mm between AV 3 = 1 and AV 6 = 6: 3 + 1/5 x 3 = 3.6 -> 3
        (F(2), 3),
        # AV 5 = 1 + 2/3 x 5 = 13/3 mm: 4.4 mm -> 5 (13/3 = 4.333 <= 4.4 < 6)
        (F("4.4"), 5),
        # 119.99 is just under AV 60 = 120: between AV 50 = 110 and AV 60: 50 + 9.99 -> 59
        (F("119.99"), 59),
        # 1705 mm: past the table, 1700 + 10 per AV -> AV 350.5 -> 350
        (F(1705), 350),
        # 1710 mm is AV 351
        (F(1710), 351),
        # the last point: AV 1000 = 1700 + 65 x 100 = 8200 mm
        (F(8200), 1000),
    ],
)
def test_pa11_floor_between_points(mm: Fraction, av: int) -> None:
    assert av_for_mm(mm).value == av


@pytest.mark.parametrize(
    ("av", "mm"),
    [
        (4, F(8, 3)),  # 1 + 1/3 x (6 - 1)
        (5, F(13, 3)),  # 1 + 2/3 x 5
        (34, F(78)),  # 70 + 4/5 x 10
        (55, F(115)),  # 110 + 5/10 x 10
        (85, F("162.5")),  # 150 + 5/10 x 25
        (360, F(1800)),  # past AV 350: +100 mm per 10 AV
        (1000, F(8200)),
    ],
)
def test_pa11_linear_between_points(av: int, mm: Fraction) -> None:
    assert mm_for_av(av).value == mm


def test_pa11_worked_example_120mm_is_av60_sav12() -> None:
    r = av_for_mm(F(120))
    assert r.value == 60
    assert r.steps[0].rule == "PA-11"
    assert "AV 60 (SAV 12)" in r.steps[0].text


def test_pa11_worked_example_7875mm_is_av34_sav68() -> None:
    r = av_for_mm(F("78.75"))
    assert r.value == 34
    assert "AV 34 (SAV 6.8)" in r.steps[-1].text


@pytest.mark.parametrize("mm", [F("0.99"), F(0), F(-5), F(8201)])
def test_pa11_thickness_off_the_curve_is_an_input_error(mm: Fraction) -> None:
    with pytest.raises(InputError) as exc:
        av_for_mm(mm)
    assert exc.value.field == "thickness_mm"
    assert "1 mm to 8200 mm" in exc.value.allowed


@pytest.mark.parametrize("av", [-1, 0, 2, 1001, 2000])
def test_pa11_av_off_the_curve_is_an_input_error(av: int) -> None:
    with pytest.raises(InputError) as exc:
        mm_for_av(av)
    assert "AV 3 to 1000" in exc.value.allowed


def test_pa11_neighbours_of_a_point_and_between() -> None:
    n = neighbours(av=60)
    assert (n.below, n.at, n.above) == ((50, F(110)), (60, F(120)), (70, F(130)))
    n = neighbours(mm=F("78.75"))
    assert (n.below, n.at, n.above) == ((30, F(70)), None, (35, F(80)))
    n = neighbours(mm=F(1))
    assert (n.below, n.at, n.above) == (None, (3, F(1)), (6, F(6)))
    n = neighbours(av=1000)
    assert (n.below, n.at, n.above) == ((990, F(8100)), (1000, F(8200)), None)


def test_pa11_curve_is_strictly_increasing() -> None:
    assert all(a0 < a1 and m0 < m1 for (a0, m0), (a1, m1) in itertools.pairwise(CURVE))


@given(st.integers(min_value=3, max_value=1000))
def test_pa11_av_round_trips_through_mm(av: int) -> None:
    assert av_for_mm(mm_for_av(av).value).value == av


@given(st.fractions(min_value=1, max_value=8200, max_denominator=1000))
def test_pa11_floor_property(mm: Fraction) -> None:
    # the AV found is reached by mm, and the next AV is not
    av = av_for_mm(mm).value
    assert mm_for_av(av).value <= mm
    if av < 1000:
        assert mm_for_av(av + 1).value > mm
