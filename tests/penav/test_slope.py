"""PA-10: incidence, the slope table, composite plates, effective AV and the vehicle notation."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armourpen.catalog.items import Plate
from armourpen.errors import InputError
from armourpen.penav.slope import (
    actual_av,
    check_stated,
    effective_av,
    incidence,
    multiplier,
    notation,
)

F = Fraction


# --- the slope table -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("angle", "m"),
    [(0, F(1)), (15, F(1)), (30, F("1.2")), (45, F("1.5")), (60, F(2)), (75, F(4)), (80, F(6))],
)
def test_pa10_table_points(angle: int, m: Fraction) -> None:
    assert multiplier(F(angle)) == m


@pytest.mark.parametrize(
    ("angle", "m"),
    [
        (F("52.5"), F("1.75")),  # halfway 45 (1.5) -> 60 (2)
        (F("37.5"), F("1.35")),  # halfway 30 (1.2) -> 45 (1.5)
        (F(10), F(1)),  # 0..15 is flat at 1
        (F("22.5"), F("1.1")),  # halfway 15 (1) -> 30 (1.2)
        (F(70), F(2) + F(10, 15) * 2),  # 60 (2) -> 75 (4): 2 + 10/15 x 2 = 10/3
        (F("77.5"), F(5)),  # halfway 75 (4) -> 80 (6)
        (F(85), F(6)),  # beyond 80 stays 6
        (F("89.9"), F(6)),
    ],
)
def test_pa10_linear_between_points_and_6_beyond_80(angle: Fraction, m: Fraction) -> None:
    assert multiplier(angle) == m


@pytest.mark.parametrize("angle", [F(90), F(120), F(-1)])
def test_pa10_multiplier_outside_0_to_90_is_an_input_error(angle: Fraction) -> None:
    with pytest.raises(InputError):
        multiplier(angle)


@given(st.fractions(min_value=0, max_value=F(8999, 100)), st.fractions(0, F(8999, 100)))
def test_pa10_multiplier_never_decreases(a: Fraction, b: Fraction) -> None:
    lo, hi = sorted((a, b))
    assert 1 <= multiplier(lo) <= multiplier(hi) <= 6


# --- incidence -------------------------------------------------------------------------------


@pytest.mark.parametrize("slope", [0, 15, 30, 45, 55, 60, 75, 80])
def test_pa10_horizontal_square_attack_meets_the_slope(slope: int) -> None:
    assert incidence(F(slope), 0, 0).value == slope


def test_pa10_attack_from_directly_above_onto_flat_top_is_0() -> None:
    # cos i = cos 90 cos 90 cos 0 + sin 90 sin 90 = 1 -> i = 0
    assert incidence(F(90), 90, 0).value == 0


def test_pa10_horizontal_attack_onto_flat_top_is_90() -> None:
    # cos i = cos 90 x 1 x 1 + sin 90 x 0 = 0 -> i = 90
    assert incidence(F(90), 0, 0).value == 90


def test_pa10_attack_from_the_optimal_angle_is_0() -> None:
    # plate sloped 60 back: its normal points 60 above the horizontal; an attack from e = 60
    # gives cos i = cos 60 cos 60 + sin 60 sin 60 = cos 0 = 1
    assert incidence(F(60), 60, 0).value == 0


@pytest.mark.parametrize(
    ("slope", "e", "a", "i"),
    [
        (0, 0, 60, 60),  # vertical plate, 60 off square: cos i = cos 60
        (0, 45, 0, 45),  # vertical plate, from 45 above
        (0, -45, 0, 45),  # ... or below
        (60, 30, 0, 30),  # 60 back, from 30 above: cos(60-30)
        (60, -30, 0, 90),  # 60 back, from 30 below: grazing
        (45, 0, 90, 90),  # from the plate's side
        (90, 30, 0, 60),  # flat top from 30 above: cos i = sin 30 -> 60
    ],
)
def test_pa10_incidence_by_hand(slope: int, e: float, a: float, i: int) -> None:
    assert incidence(F(slope), e, a).value == i


def test_pa10_incidence_off_the_grid_follows_the_formula() -> None:
    # slope 30, azimuth 45: cos i = cos 30 cos 45 = 0.61237 -> i = 52.2388 degrees
    got = incidence(F(30), 0, 45).value
    want = math.degrees(math.acos(math.cos(math.radians(30)) * math.cos(math.radians(45))))
    assert abs(float(got) - want) < 1e-8


def test_pa10_incidence_step_cites_the_ruling() -> None:
    r = incidence(F(60), 30, 0)
    assert r.steps[0].rule == "PA-10"
    assert "i = 30°" in r.steps[0].text


@pytest.mark.parametrize(
    ("slope", "e", "a", "field"),
    [
        (F(-1), 0, 0, "attack.slope"),
        (F(91), 0, 0, "attack.slope"),
        (F(0), 91, 0, "attack.elevation"),
        (F(0), math.nan, 0, "attack.elevation"),
        (F(0), 0, 181, "attack.azimuth"),
        (F(0), 0, math.inf, "attack.azimuth"),
    ],
)
def test_pa10_bad_angles_are_input_errors(slope: Fraction, e: float, a: float, field: str) -> None:
    with pytest.raises(InputError) as exc:
        incidence(slope, e, a)
    assert exc.value.field == field


# --- effective AV ----------------------------------------------------------------------------


def test_pa10_text_example_60mm_at_60_is_av60_sav12() -> None:
    # 60 mm x 2 (60 degrees) = 120 mm -> AV 60 exactly (PA-11 table point), SAV 12
    r = effective_av(Plate(thickness_mm=F(60), slope=F(60)))
    assert r.value == 60
    rules = [s.rule for s in r.steps]
    assert "PA-10" in rules and "PA-11" in rules


def test_pa10_text_example_from_the_optimal_angle_is_sav5() -> None:
    # from e = 60 the incidence is 0 -> x1 -> 60 mm -> AV 25 = SAV 5
    assert effective_av(Plate(thickness_mm=F(60), slope=F(60)), 60, 0).value == 25


def test_pa10_pa11_45mm_at_52_5_is_av34() -> None:
    # 45 x 1.75 = 78.75 mm -> AV 34 (SAV 6.8)
    assert effective_av(Plate(thickness_mm=F(45), slope=F("52.5"))).value == 34


def test_pa10_sixty_degrees_stays_exact_through_trigonometry() -> None:
    # vertical plate hit from 60 above: cos i = cos 60, computed in floats; must stay exactly 60
    assert incidence(F(0), 60, 0).value == 60
    assert effective_av(Plate(thickness_mm=F(60), slope=F(0)), 60, 0).value == 60
    assert effective_av(Plate(thickness_mm=F(60), slope=F(0)), 0, 60).value == 60


def test_pa10_plate_given_as_actual_sav() -> None:
    # SAV 5 = AV 25 = 60 mm; at 60 degrees x2 = 120 mm -> AV 60
    assert effective_av(Plate(sav=F(5), slope=F(60))).value == 60
    # unsloped: effective = actual, AV 25
    assert effective_av(Plate(sav=F(5))).value == 25


def test_pa10_composite_ignores_slope() -> None:
    # SAV 20 composite at 60 degrees: x1 -> AV 100 (SAV 20), not the AV of 2 x 200 mm
    p = Plate(sav=F(20), slope=F(60), composite=True)
    r = effective_av(p)
    assert r.value == 100
    assert any("composite" in s.text for s in r.steps)
    # 60 mm composite at 60 degrees: 60 mm -> AV 25
    assert effective_av(Plate(thickness_mm=F(60), slope=F(60), composite=True)).value == 25


def test_pa10_composite_still_cannot_be_hit_from_behind_its_face() -> None:
    with pytest.raises(InputError):
        effective_av(Plate(thickness_mm=F(60), slope=F(90), composite=True))


def test_pa10_horizontal_attack_onto_flat_top_cannot_hit() -> None:
    with pytest.raises(InputError) as exc:
        effective_av(Plate(thickness_mm=F(25), slope=F(90)), field="top")
    assert exc.value.field == "top"
    assert "cannot hit that face" in exc.value.allowed


def test_pa10_attack_from_above_onto_flat_top() -> None:
    # 25 mm flat, from straight above: i = 0, x1 -> 25 mm -> AV 14
    assert effective_av(Plate(thickness_mm=F(25), slope=F(90)), 90, 0).value == 14
    # from 30 above: i = 60 -> x2 -> 50 mm -> AV 19
    assert effective_av(Plate(thickness_mm=F(25), slope=F(90)), 30, 0).value == 19


def test_pa10_beyond_80_multiplies_by_6() -> None:
    # 7 mm at 85: x6 = 42 mm -> between AV 17 = 40 and 18 = 45: 17.4 -> AV 17
    assert effective_av(Plate(thickness_mm=F(7), slope=F(85))).value == 17


@pytest.mark.parametrize(
    "plate",
    [
        Plate(),  # neither thickness nor SAV
        Plate(thickness_mm=F(10), sav=F(2)),  # both
        Plate(thickness_mm=F("0.5")),  # under the curve's 1 mm
        Plate(sav=F("5.1")),  # AV 25.5 is not whole (PA-1)
        Plate(thickness_mm=F(10), slope=F(95)),
    ],
)
def test_pa10_malformed_plates_are_input_errors(plate: Plate) -> None:
    with pytest.raises(InputError) as exc:
        effective_av(plate, field="plate")
    assert exc.value.field.startswith("plate")


def test_pa10_actual_av_of_a_plate() -> None:
    assert actual_av(Plate(thickness_mm=F(60), slope=F(60))).value == 25
    assert actual_av(Plate(sav=F("6.8"))).value == 34


@given(
    st.fractions(min_value=1, max_value=1000, max_denominator=100),
    st.integers(min_value=0, max_value=89),
    st.floats(min_value=-89, max_value=89),
)
def test_pa10_effective_av_at_least_actual(mm: Fraction, slope: int, e: float) -> None:
    p = Plate(thickness_mm=mm, slope=F(slope))
    try:
        eff = effective_av(p, e, 0).value
    except InputError:
        return  # the attack misses the face (i >= 90), or the result leaves the curve
    assert eff >= actual_av(p).value


# --- notation and the stated figure --------------------------------------------------------


def test_pa10_notation_of_the_text_example() -> None:
    assert notation(Plate(thickness_mm=F(60), slope=F(60))) == "SAV 12 (5) 60°"


def test_pa10_notation_of_a_flat_plate_and_a_composite_one() -> None:
    # 25 mm = AV 14 = SAV 2.8; a horizontal attack cannot hit a flat plate
    assert notation(Plate(thickness_mm=F(25), slope=F(90))) == "SAV — (2.8) 90°"
    assert notation(Plate(sav=F(20), slope=F(60), composite=True)) == "SAV 20 (20) 60° composite"
    # 45 at 52.5: AV 34 (SAV 6.8); 45 mm alone = AV 18 (SAV 3.6)
    assert notation(Plate(thickness_mm=F(45), slope=F("52.5"))) == "SAV 6.8 (3.6) 52.5°"


def test_pa10_stated_sav_that_agrees_gives_no_warning() -> None:
    assert check_stated(Plate(thickness_mm=F(60), slope=F(60), stated_sav=F(12))) is None
    assert check_stated(Plate(thickness_mm=F(60), slope=F(60))) is None
    # flat plate: compared with the actual SAV (25 mm = SAV 2.8)
    assert check_stated(Plate(thickness_mm=F(25), slope=F(90), stated_sav=F("2.8"))) is None


def test_pa10_stated_sav_that_disagrees_is_reported() -> None:
    w = check_stated(Plate(thickness_mm=F(60), slope=F(60), stated_sav=F(13)), field="glacis")
    assert w is not None
    assert w.rule == "PA-10"
    assert "SAV 13" in w.text and "SAV 12" in w.text and "glacis" in w.text


def test_pa10_angles_without_a_plate_are_said_not_dropped() -> None:
    # elevation and azimuth act on sloped plates and vehicle faces only (PA-10); given for a line
    # without one they change nothing, and the outcome says so rather than ignoring them
    import armourpen

    def warned(attack: dict[str, object], line: list[dict[str, object]]) -> list[str]:
        scenario = armourpen.load_scenario({"attack": attack, "line": line})
        return [w["text"] for w in armourpen.resolve(scenario).to_dict()["warnings"]
                if w["rule"] == "PA-10"]

    sword = {"weapon": "Sword", "contact": True}
    assert warned({**sword, "azimuth": 45}, [{"target": "a"}]) == [
        "attack.azimuth given, but the line holds no plate or vehicle: the angles change nothing here"]
    assert "attack.elevation and attack.azimuth" in warned(
        {**sword, "elevation": 0, "azimuth": -10}, [{"target": "a"}])[0]
    assert warned({**sword, "from": "above"}, [{"target": "a"}]) == []  # the default, not given
    assert warned({**sword, "azimuth": 45}, [{"target": "T", "plate": {"sav": 3, "slope": 30}}]) == []
    assert warned({**sword, "elevation": 10},
                  [{"cover": {"name": "glacis", "thickness_mm": 60, "slope": 60}}, {"target": "a"}]) == []
