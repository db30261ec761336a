"""GU-6: cover DR for flesh, Unliving, Homogenous, Diffuse and thin slabs."""

from __future__ import annotations

import pytest

from armourpen.gurps.cover import cover_dr, raw_cover_dr
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance
from armourpen.gurps.notation import Divisor

IT = InjuryTolerance


def test_gu6_person_in_armour_counts_armour_twice_plus_hp() -> None:
    # Agent Gray: DR 8 in + DR 8 out + HP 12 = 28; (2) -> 14
    assert raw_cover_dr(8, 8, 12, IT.NONE).value == 28
    assert cover_dr(8, 8, 12, IT.NONE, Divisor.NONE).value == 28
    out = cover_dr(8, 8, 12, IT.NONE, Divisor.TWO)
    assert out.value == 14
    assert [s.rule for s in out.steps] == ["GU-6", "GU-3"]


def test_gu6_unliving_machine_uses_half_hp() -> None:
    # car: DR 10 + 10 + HP 45 / 2 = 42.5 -> 42; with (2): 42.5 / 2 = 21.25 -> 21
    assert cover_dr(10, 10, 45, IT.UNLIVING, Divisor.NONE).value == 42
    assert cover_dr(10, 10, 45, IT.UNLIVING, Divisor.TWO).value == 21


def test_gu6_homogenous_object_uses_quarter_hp() -> None:
    # tree: DR 0 + 0 + HP 50 / 4 = 12.5 -> 12
    assert cover_dr(0, 0, 50, IT.HOMOGENOUS, Divisor.NONE).value == 12
    # wall: 5 + 5 + 30 / 4 = 17.5; (3): 5.83 -> 5
    assert cover_dr(5, 5, 30, IT.HOMOGENOUS, Divisor.THREE).value == 5


def test_gu6_thin_slab_is_its_dr_alone() -> None:
    # door DR 2: 2; (2) -> 1; HP and the back are not counted
    assert cover_dr(2, 2, 40, IT.HOMOGENOUS, Divisor.NONE, slab=True).value == 2
    assert cover_dr(2, 2, 40, IT.HOMOGENOUS, Divisor.TWO, slab=True).value == 1


def test_gu6_diffuse_uses_quarter_hp_and_says_so() -> None:
    # swarm: 0 + 0 + HP 20 / 4 = 5
    out = cover_dr(0, 0, 20, IT.DIFFUSE, Divisor.NONE)
    assert out.value == 5
    assert any("Diffuse" in s.text and s.rule == "GU-6" for s in out.steps)


def test_gu6_sum_exactly_then_divide_once() -> None:
    # DR 1 + 1 + HP 13 / 2 = 8.5; (2): 8.5 / 2 = 4.25 -> 4
    # (dividing each part first would give 0 + 0 + 3 = 3)
    assert cover_dr(1, 1, 13, IT.UNLIVING, Divisor.TWO).value == 4


@pytest.mark.parametrize(
    ("reading", "expected"), [(Dr0Reading.BECOMES_1, 1), (Dr0Reading.MULTIPLIED, 2)]
)
def test_gu6_slab_dr0_against_fractional_divisor_follows_gu3(
    reading: Dr0Reading, expected: int
) -> None:
    assert cover_dr(0, 0, None, IT.HOMOGENOUS, Divisor.HALF, True, reading).value == expected


def test_gu6_fractional_divisor_multiplies_cover() -> None:
    # 8 + 8 + 12 = 28; (0.5) -> 56
    assert cover_dr(8, 8, 12, IT.NONE, Divisor.HALF).value == 56
