"""GU-23: half damage range. Values worked by hand from the ruling."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from gurps.gurps_helpers import GRAY, VIP, gurps

import armourpen
from armourpen.errors import InputError, ScenarioError
from armourpen.gurps.resolve import resolve_gurps


def test_gu23_beyond_half_damage_range_halves_basic_damage_before_dr() -> None:
    # 7d(2) pi- rolling 20, 1/2D 50 yd, Agent Gray at 60 yd: basic 20 / 2 = 10. Gray's DR 8 / 2 = 4,
    # penetrating 6, injury 6 x 0.5 = 3; cover DR (8 + 8 + 12) / 2 = 14: 10 does not exceed 14,
    # so the VIP behind is not reached (at full damage 20 > 14 reaches him: GU-7's example).
    out = resolve_gurps(gurps("7d(2) pi-", {**GRAY, "range": 60}, VIP, roll=20,
                              half_damage_range=50))
    gray, vip = out.targets
    assert out.basic_damage == 10
    assert (gray.penetrating, gray.injury, gray.cover_dr) == (6, 3, 14)
    assert not gray.overpenetrates and not vip.reached
    texts = [str(s) for s in out.steps if s.rule == "GU-23"]
    assert texts == ["[GU-23] Agent Gray at 60 yd, at or beyond 1/2D 50 yd: basic damage halved",
                     "[GU-23] basic damage 20 / 2 = 10 (rounded down), before DR"]
    attack = out.to_dict()["attack"]
    assert (attack["half_damage_range"], attack["half_damage"], attack["basic_damage"]) == \
        (50, True, 10)


@pytest.mark.parametrize(("distance", "basic"), [(49, 20), (50, 10), ("150 ft", 10), ("49 m", 20)])
def test_gu23_at_the_range_or_farther_is_halved(distance: Any, basic: int) -> None:
    out = resolve_gurps(gurps("7d(2) pi-", {**GRAY, "range": distance}, roll=20,
                              half_damage_range=50))
    assert out.basic_damage == basic


@pytest.mark.parametrize(
    ("damage", "roll", "basic"),
    [
        ("1d cut", 1, 1),  # 1 / 2 = 0, raised to 1
        ("1d cr", 1, 0),  # crushing: at least 0
        ("2dx3 pi", 7, 10),  # 7 x 3 = 21, / 2 = 10
        ("3d+1 pi", 4, 2),  # 5 / 2 = 2
    ],
)
def test_gu23_rounds_down_with_the_gu2_minimum(damage: str, roll: int, basic: int) -> None:
    out = resolve_gurps(gurps(damage, {"target": "T", "hp": 10, "range": 100}, roll=roll,
                              half_damage_range="100 yd"))
    assert out.basic_damage == basic


def test_gu23_without_a_range_or_a_half_damage_range_keeps_full_damage() -> None:
    out = resolve_gurps(gurps("7d(2) pi-", GRAY, roll=20, half_damage_range=50))
    assert out.basic_damage == 20
    assert [s.text for s in out.steps if s.rule == "GU-23"] == [
        "1/2D 50 yd: Agent Gray has no range given, full damage"]
    plain = resolve_gurps(gurps("7d(2) pi-", GRAY, roll=20))
    assert "half_damage" not in plain.to_dict()["attack"]  # no key for an attack without 1/2D


def test_gu23_range_is_read_on_the_first_target_card_only() -> None:
    with pytest.raises(ScenarioError) as info:
        gurps("7d(2) pi-", GRAY, {**VIP, "range": 60}, half_damage_range=50)
    assert info.value.field == "line[1].range"


@pytest.mark.parametrize(("key", "value"), [("half_damage_range", "-5 yd"),
                                            ("half_damage_range", "fifty"),
                                            ("half_damage_range", 5000)])
def test_gu23_bad_distances_name_the_field(key: str, value: Any) -> None:
    with pytest.raises(InputError) as info:
        gurps("7d(2) pi-", {**GRAY, "range": 60}, **{key: value})
    assert info.value.field == f"attack.{key}"


def test_gu23_exact_odds_weigh_the_halved_damage() -> None:
    # 1d pi beyond 1/2D against DR 0: rolls 1..6 halve to 0, 1, 1, 2, 2, 3 -> at least 1:
    # injury 1 with 3/6, 2 with 2/6, 3 with 1/6 (pi x1).
    sc = gurps("1d pi", {"target": "T", "hp": 10, "range": 20}, half_damage_range=10)
    result = armourpen.odds(sc)
    assert result.targets[0].injury_pmf == {1: Fraction(1, 2), 2: Fraction(1, 3),
                                            3: Fraction(1, 6)}
    assert any(s.rule == "GU-23" for s in result.steps)
    near = armourpen.odds(gurps("1d pi", {"target": "T", "hp": 10, "range": 5},
                                half_damage_range=10))
    assert near.targets[0].injury_pmf == {k: Fraction(1, 6) for k in range(1, 7)}


def test_gu23_monte_carlo_samples_the_halved_damage() -> None:
    # as above: only injuries 1, 2 and 3 can be drawn, about half of them 1
    sc = gurps("1d pi", {"target": "T", "hp": 10, "range": 20}, half_damage_range=10)
    est = armourpen.sample(sc, 4000, 1).targets[0]
    seen = dict(est.injury_pmf)
    assert set(seen) == {1, 2, 3}
    assert abs(seen[1].value - 0.5) < 5 * seen[1].se


def test_gu23_gu17_the_first_card_decides_even_inside_a_vehicle_holding_more_people() -> None:
    # The car holds 2, one of them listed (the driver, the first and only target card, at 25 yd;
    # 1/2D 20): an occupant no card lists is no card, so the driver's range decides. 1d pi
    # halved: rolls 1 to 6 give 1, 1, 1, 2, 2, 3 (at least 1). Aimed at the driver inside (no
    # occupant roll, GU-17), skill 12: 160 of the 216 rolls of 3d hit (3 to 12). The car, a thin
    # slab of DR 1, lets through basic 2 and 3 only: rolls 4, 5, 6. So the driver is hit 160/216
    # x 3/6; at full damage (the range not read) it would be x 5/6. Resolving roll 6: basic 3,
    # 3 - 1 = 2 penetrating, injury 2.
    car = {"cover": {"name": "Car", "dr": 1, "slab": True, "occupants": 2, "sm": 3}}
    driver = {"target": "Driver", "hp": 10, "inside": "Car", "range": 25}
    s = gurps("1d pi", car, driver, skill=12, half_damage_range=20, attack_roll=12, roll=6)
    out = resolve_gurps(s)
    assert (out.basic_damage, out.half_damage) == (3, True)
    hit = next(t for t in out.targets if t.name == "Driver")
    assert (hit.hit, hit.penetrating, hit.injury) == (True, 2, 2)
    odds = armourpen.odds(s)
    assert odds.target("Driver").p_hit == Fraction(160, 216) * Fraction(3, 6)
