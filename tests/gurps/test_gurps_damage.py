"""GU-2 to GU-4: basic damage, DR and divisors, wounding modifiers, Injury Tolerance, injury."""

from __future__ import annotations

from fractions import Fraction

import pytest
from gurps.gurps_helpers import divisors
from hypothesis import given
from hypothesis import strategies as st

from armourpen.errors import InputError
from armourpen.gurps.damage import (
    Dr0Reading,
    InjuryTolerance,
    Location,
    apply_divisor,
    basic_damage,
    injury,
    wounding_modifier,
)
from armourpen.gurps.notation import Damage, DamageType, Divisor

T = DamageType
IT = InjuryTolerance
L = Location

# --- GU-2 basic damage ------------------------------------------------------------------------


def test_gu2_crushing_minimum_is_0() -> None:
    # 1d-3 rolling a 1: 1 - 3 = -2 -> crushing minimum 0
    assert basic_damage(Damage.parse("1d-3 cr"), -2).value == 0


@pytest.mark.parametrize("kind", ["pi-", "pi", "imp", "cut", "burn", "cor", "tox", "fat"])
def test_gu2_non_crushing_minimum_is_1(kind: str) -> None:
    # 1d-3 rolling a 1: -2 -> 1
    assert basic_damage(Damage.parse(f"1d-3 {kind}"), -2).value == 1
    # 1d-3 rolling a 3: 0 -> 1
    assert basic_damage(Damage.parse(f"1d-3 {kind}"), 0).value == 1


def test_gu2_crushing_zero_stays_zero_and_positive_unchanged() -> None:
    assert basic_damage(Damage.parse("1d-3 cr"), 0).value == 0
    assert basic_damage(Damage.parse("1d-3 cr"), 2).value == 2


def test_gu2_multiplier_before_minimum() -> None:
    # 2dx3(5) pi rolling 4: 4 x 3 = 12
    out = basic_damage(Damage.parse("2dx3(5) pi"), 4)
    assert out.value == 12
    assert all(s.rule == "GU-2" for s in out.steps)
    # 1d-3x2 cut rolling -1: -1 x 2 = -2 -> 1
    assert basic_damage(Damage.parse("1d-3x2 cut"), -1).value == 1


def test_gu2_impossible_roll_is_an_input_error() -> None:
    # 7d rolls 7..42
    with pytest.raises(InputError) as info:
        basic_damage(Damage.parse("7d(2) pi-"), 43)
    assert "7 to 42" in info.value.allowed
    with pytest.raises(InputError):
        basic_damage(Damage.parse("7d(2) pi-"), 6)


# --- GU-3 DR and armour divisors --------------------------------------------------------------


@pytest.mark.parametrize(
    ("divisor", "dr", "expected"),
    [
        (Divisor.NONE, 25, 25),
        (Divisor.TWO, 25, 12),  # 25 / 2 = 12.5 -> 12
        (Divisor.THREE, 25, 8),  # 8.33 -> 8
        (Divisor.FIVE, 25, 5),
        (Divisor.TEN, 25, 2),  # 2.5 -> 2
        (Divisor.HUNDRED, 25, 0),  # 0.25 -> 0
        (Divisor.TWO, 7, 3),  # 3.5 -> 3
        (Divisor.THREE, 7, 2),  # 2.33 -> 2
        (Divisor.FIVE, 7, 1),  # 1.4 -> 1
        (Divisor.TEN, 7, 0),  # 0.7 -> 0
        (Divisor.HUNDRED, 199, 1),  # 1.99 -> 1
        (Divisor.HALF, 25, 50),  # 25 x 2
        (Divisor.FIFTH, 25, 125),  # 25 x 5
        (Divisor.TENTH, 25, 250),  # 25 x 10
        (Divisor.INFINITE, 25, 0),
        (Divisor.INFINITE, 0, 0),
        (Divisor.TWO, 0, 0),
    ],
)
def test_gu3_every_divisor_floors(divisor: Divisor, dr: int, expected: int) -> None:
    out = apply_divisor(dr, divisor)
    assert out.value == expected
    assert [s.rule for s in out.steps] == ["GU-3"]


@pytest.mark.parametrize("divisor", [Divisor.HALF, Divisor.FIFTH, Divisor.TENTH])
def test_gu3_fractional_divisor_dr0_becomes_1(divisor: Divisor) -> None:
    assert apply_divisor(0, divisor).value == 1
    assert apply_divisor(0, divisor, Dr0Reading.BECOMES_1).value == 1


@pytest.mark.parametrize(
    ("divisor", "expected"),
    [(Divisor.HALF, 2), (Divisor.FIFTH, 5), (Divisor.TENTH, 10)],  # 1 x 1/D
)
def test_gu3_fractional_divisor_dr0_other_reading_multiplies_1(
    divisor: Divisor, expected: int
) -> None:
    out = apply_divisor(0, divisor, Dr0Reading.MULTIPLIED)
    assert out.value == expected
    assert "multiplied" in out.steps[0].text


def test_gu3_fractional_dr_is_floored_once() -> None:
    # a cover sum of 29/2 against (2): 14.5 / 2 = 7.25 -> 7
    assert apply_divisor(Fraction(29, 2), Divisor.TWO).value == 7
    # 29/2 with no divisor -> 14
    assert apply_divisor(Fraction(29, 2), Divisor.NONE).value == 14


def test_gu3_negative_dr_is_an_input_error() -> None:
    with pytest.raises(InputError):
        apply_divisor(-1, Divisor.TWO)


@given(st.integers(0, 10_000), divisors())
def test_gu3_divisors_never_raise_dr_and_fractions_never_lower_it(dr: int, d: Divisor) -> None:
    value = apply_divisor(dr, d).value
    if d.is_fractional:
        assert value >= max(dr, 1)
    else:
        assert 0 <= value <= dr


# --- GU-4 wounding modifiers ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        # penetrating 10 x the torso modifier
        (T.PI_MINUS, 5),
        (T.PI, 10),
        (T.PI_PLUS, 15),
        (T.PI_PLUS_PLUS, 20),
        (T.IMP, 20),
        (T.CUT, 15),
        (T.CR, 10),
        (T.BURN, 10),
        (T.COR, 10),
        (T.TOX, 10),
        (T.FAT, 10),
    ],
)
def test_gu4_torso_wounding_modifier_each_type(kind: DamageType, expected: int) -> None:
    w = wounding_modifier(kind, False, L.TORSO)
    assert injury(10, w.modifier, kind).value == expected


def test_gu4_injury_floors() -> None:
    # pi- 7 x 0.5 = 3.5 -> 3; pi+ 3 x 1.5 = 4.5 -> 4; cut 5 x 1.5 = 7.5 -> 7
    assert injury(7, Fraction(1, 2), T.PI_MINUS).value == 3
    assert injury(3, Fraction(3, 2), T.PI_PLUS).value == 4
    assert injury(5, Fraction(3, 2), T.CUT).value == 7


def test_gu4_minimum_injury_1_when_penetrating() -> None:
    # pi- 1 x 0.5 = 0.5 -> 0 -> raised to 1
    out = injury(1, Fraction(1, 2), T.PI_MINUS)
    assert out.value == 1
    assert "minimum" in out.steps[-1].text
    # Homogenous pi- 9 x 1/10 = 0.9 -> 0 -> 1
    assert injury(9, Fraction(1, 10), T.PI_MINUS).value == 1


def test_gu4_no_penetration_no_injury() -> None:
    assert injury(0, Fraction(2), T.IMP).value == 0


@pytest.mark.parametrize(
    ("kind", "tbb", "location", "expected"),
    [
        (T.PI_MINUS, False, L.GROIN, Fraction(1, 2)),  # groin as torso
        (T.IMP, False, L.GROIN, Fraction(2)),
        (T.PI_MINUS, False, L.VITALS, Fraction(3)),
        (T.PI, False, L.VITALS, Fraction(3)),
        (T.PI_PLUS, False, L.VITALS, Fraction(3)),
        (T.PI_PLUS_PLUS, False, L.VITALS, Fraction(3)),
        (T.IMP, False, L.VITALS, Fraction(3)),
        (T.BURN, True, L.VITALS, Fraction(2)),
        (T.CR, False, L.SKULL, Fraction(4)),
        (T.CUT, False, L.SKULL, Fraction(4)),
        (T.TOX, False, L.SKULL, Fraction(1)),
        (T.PI, False, L.EYE, Fraction(4)),
        (T.TOX, False, L.EYE, Fraction(1)),
        (T.COR, False, L.FACE, Fraction(3, 2)),
        (T.CUT, False, L.FACE, Fraction(3, 2)),  # as torso
        (T.CR, False, L.NECK, Fraction(3, 2)),
        (T.COR, False, L.NECK, Fraction(3, 2)),
        (T.CUT, False, L.NECK, Fraction(2)),
        (T.PI_MINUS, False, L.NECK, Fraction(1, 2)),
        (T.IMP, False, L.ARM, Fraction(1)),
        (T.PI_PLUS, False, L.LEG, Fraction(1)),
        (T.PI_PLUS_PLUS, False, L.HAND, Fraction(1)),
        (T.PI_MINUS, False, L.FOOT, Fraction(1, 2)),  # keeps torso
        (T.CUT, False, L.ARM, Fraction(3, 2)),  # keeps torso
        (T.FAT, False, L.SKULL, Fraction(1)),  # fatigue ignores location
        (T.FAT, False, L.VITALS, Fraction(1)),
    ],
)
def test_gu4_hit_location_modifiers(
    kind: DamageType, tbb: bool, location: Location, expected: Fraction
) -> None:
    w = wounding_modifier(kind, tbb, location)
    assert w.modifier == expected
    assert w.warnings == ()


@pytest.mark.parametrize("kind", [T.CUT, T.CR, T.COR, T.TOX])
def test_gu4_vitals_other_types_keep_torso_with_warning(kind: DamageType) -> None:
    w = wounding_modifier(kind, False, L.VITALS)
    assert w.modifier == wounding_modifier(kind, False, L.TORSO).modifier
    assert len(w.warnings) == 1


def test_gu4_vitals_plain_burn_warns() -> None:
    w = wounding_modifier(T.BURN, False, L.VITALS)
    assert w.modifier == 1
    assert w.warnings


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (T.PI_MINUS, Fraction(1, 5)),
        (T.PI, Fraction(1, 3)),
        (T.PI_PLUS, Fraction(1, 2)),
        (T.PI_PLUS_PLUS, Fraction(1)),
        (T.IMP, Fraction(1)),
        (T.CUT, Fraction(3, 2)),  # not in the Unliving list: torso modifier
        (T.CR, Fraction(1)),
    ],
)
def test_gu4_unliving_modifiers(kind: DamageType, expected: Fraction) -> None:
    assert wounding_modifier(kind, False, L.TORSO, IT.UNLIVING).modifier == expected


def test_gu4_unliving_replaces_location_but_not_eye_skull_vitals() -> None:
    # arm: pi+ x1 for flesh, Unliving replaces it with 1/2
    assert wounding_modifier(T.PI_PLUS, False, L.ARM, IT.UNLIVING).modifier == Fraction(1, 2)
    # vitals, skull, eye keep the location's modifier
    assert wounding_modifier(T.PI, False, L.VITALS, IT.UNLIVING).modifier == 3
    assert wounding_modifier(T.PI, False, L.SKULL, IT.UNLIVING).modifier == 4
    assert wounding_modifier(T.PI_MINUS, False, L.EYE, IT.UNLIVING).modifier == 4
    # Unliving pi 10 x 1/3 = 3.33 -> 3
    assert injury(10, Fraction(1, 3), T.PI).value == 3


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (T.PI_MINUS, Fraction(1, 10)),
        (T.PI, Fraction(1, 5)),
        (T.PI_PLUS, Fraction(1, 3)),
        (T.PI_PLUS_PLUS, Fraction(1, 2)),
        (T.IMP, Fraction(1, 2)),
        (T.CR, Fraction(1)),
        (T.CUT, Fraction(3, 2)),
    ],
)
@pytest.mark.parametrize("location", [L.TORSO, L.VITALS, L.SKULL, L.ARM])
def test_gu4_homogenous_modifiers_ignore_location(
    kind: DamageType, expected: Fraction, location: Location
) -> None:
    assert wounding_modifier(kind, False, location, IT.HOMOGENOUS).modifier == expected


@pytest.mark.parametrize(
    ("kind", "penetrating", "expected"),
    [
        (T.IMP, 20, 1),  # 20 x 2 = 40 -> at most 1
        (T.PI_MINUS, 1, 1),  # 0.5 -> minimum 1 -> at most 1
        (T.PI_PLUS_PLUS, 9, 1),
        (T.CR, 10, 2),  # 10 -> at most 2
        (T.CUT, 10, 2),
        (T.BURN, 1, 1),  # 1 is under the cap
    ],
)
def test_gu4_diffuse_caps_injury(kind: DamageType, penetrating: int, expected: int) -> None:
    w = wounding_modifier(kind, False, L.TORSO, IT.DIFFUSE)
    assert injury(penetrating, w.modifier, kind, IT.DIFFUSE).value == expected


@given(st.integers(1, 10_000), st.sampled_from([t for t in DamageType if t is not T.KB]),
       st.sampled_from(list(Location)), st.sampled_from(list(InjuryTolerance)))
def test_gu4_injury_at_least_1_whenever_damage_penetrates(
    pen: int, kind: DamageType, loc: Location, tol: InjuryTolerance
) -> None:
    w = wounding_modifier(kind, kind is T.BURN, loc, tol)
    assert injury(pen, w.modifier, kind, tol).value >= 1


@pytest.mark.parametrize(
    ("divisor", "dr", "expected"),
    [
        ("1.5", 10, 6),  # 10 / 1.5 = 6.67 -> 6
        ("4", 10, 2),  # 2.5 -> 2
        ("0.25", 3, 12),  # 3 x 4
        ("0.25", 0, 1),  # DR 0 against a fractional divisor becomes 1
    ],
)
def test_gu3_divisors_gcs_writes_divide_or_multiply_exactly(divisor: str, dr: int, expected: int
                                                            ) -> None:
    d = Damage.parse(f"1d({divisor}) pi").divisor
    assert apply_divisor(dr, d).value == expected
