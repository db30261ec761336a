"""GU-21 and GU-22: explosions and fragments, values worked out by hand."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from armourpen.errors import InputError
from armourpen.gurps.explosion import blast_radius
from armourpen.gurps.fragments import fragment_reach, fragment_skill, range_penalty
from armourpen.gurps.notation import Damage
from armourpen.gurps.resolve import resolve_gurps
from armourpen.gurps.scenario import parse_gurps
from armourpen.gurps.situations import Posture


def blast(damage: str, *cards: dict[str, Any], **attack: Any) -> Any:
    return parse_gurps({"rules": "gurps", "attack": {"damage": damage, **attack},
                        "line": list(cards)})


def card(name: str, distance: Any, **more: Any) -> dict[str, Any]:
    return {"target": name, "hp": 100, "distance": distance, **more}


def one(scenario: Any, k: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = resolve_gurps(scenario).to_dict()["targets"][k]
    return out


@pytest.mark.parametrize(("roll", "damage"), [(6, 1), (36, 8), (20, 4)])
def test_gu21_basic_set_worked_blast_6dx2_at_3_yards(roll: int, damage: int) -> None:
    # 6dx2 rolls 12-72; at 3 yards in air it is divided by 3 x 3 = 9: 1-8 (40 / 9 = 4)
    t = one(blast("6dx2 cr ex", card("Al", 3), roll=roll))
    assert t["blast_divisor"] == 9
    assert t["blast_damage"] == damage
    assert t["blast_injury"] == damage  # DR 0, crushing x1
    assert t["injury"] == damage


@pytest.mark.parametrize(("environment", "divisor", "damage"), [
    ("air", 9, 4), ("water", 3, 13), ("vacuum", 30, 1)])
def test_gu21_environment_divides_3_1_or_10_per_yard(environment: str, divisor: int,
                                                      damage: int) -> None:
    t = one(blast("6dx2 cr ex", card("Al", 3), roll=20, environment=environment))
    assert (t["blast_divisor"], t["blast_damage"]) == (divisor, damage)  # 40 / divisor


def test_gu21_a_distance_in_metres_and_a_fraction_keep_the_divisor_exact() -> None:
    t = one(blast("6dx2 cr ex", card("Al", "2.5 m"), roll=20))
    assert t["blast_divisor_exact"] == "15/2"  # 3 x 2.5
    assert t["blast_damage"] == 5  # 40 / 7.5 = 5.33


def test_gu21_radii_6dx2_24_yards_fragments_2d_10_yards() -> None:
    assert blast_radius(Damage.parse("6dx2 cr ex")) == 24
    assert fragment_reach(Damage.parse("2d cut")) == 10
    s = blast("6dx2 cr ex", card("In", 24), card("Out", 25), roll=36)
    inside, outside = one(s, 0), one(s, 1)
    assert inside["blast_damage"] == 1  # 72 / 72
    assert outside["blast_damage"] == 0 and outside["blast_divisor"] is None


def test_gu21_undivided_at_0_and_struck_directly() -> None:
    s = blast("6dx2 cr ex", card("Zero", 0), {"target": "Hit", "hp": 100, "situation": "struck"},
              roll=20)
    assert one(s, 0)["blast_damage"] == 40
    assert one(s, 1)["blast_damage"] == 40


def test_gu21_large_area_dr_is_the_average_of_torso_and_least_protected_rounded_up() -> None:
    # torso 5, everything else 0: (5 + 0) / 2 = 2.5 -> 3; blast 40 / 3 = 13 at 1 yd: 13 - 3 = 10
    t = one(blast("6dx2 cr ex", card("Vest", 1, dr={"torso": 5}), roll=20))
    assert t["large_area_dr"] == 3
    assert t["blast_damage"] == 13 and t["blast_injury"] == 10


def test_gu21_cover_between_the_blast_and_a_target_adds_its_dr() -> None:
    wall = {"name": "low wall", "dr": 8, "slab": True}
    t = one(blast("6dx2 cr ex", card("Hid", 1, cover=[wall]), roll=20))
    assert t["blast_cover_dr"] == 8
    assert t["blast_injury"] == 5  # 13 - 8


def test_gu21_thrown_himself_on_the_grenade() -> None:
    # the hero takes the undivided maximum, 72, against his DR 4: 68; he covers the other with
    # torso DR 4 + HP 12 = 16: at 1 yd 40 / 3 = 13 does not get past 16
    s = blast("6dx2 cr ex", {"target": "Hero", "hp": 12, "dr": 4, "situation": "threw_self"},
              card("Buddy", 1), roll=20)
    hero, buddy = one(s, 0), one(s, 1)
    assert hero["blast_damage"] == 72 and hero["blast_injury"] == 68
    assert buddy["blast_cover_dr"] == 16 and buddy["blast_injury"] == 0


@pytest.mark.parametrize(("distance", "sm", "posture", "airburst", "skill"), [
    (3, 0, "standing", False, 14),   # 15 - 1 for 3 yd
    (10, 0, "standing", False, 11),  # -4 for 10 yd
    (3, 1, "standing", False, 15),   # SM +1
    (3, 0, "crouching", False, 12),  # -2
    (3, 0, "prone", False, 10),      # -2, and -2 more on the ground beyond 0 yd
    (0, 0, "prone", False, 13),      # at 0 yd: the -2 alone
    (3, 0, "prone", True, 14),       # an airburst ignores posture
])
def test_gu22_fragment_skill_with_range_posture_sm_and_airburst(
        distance: int, sm: int, posture: str, airburst: bool, skill: int) -> None:
    assert fragment_skill(Fraction(distance), sm, Posture(posture), airburst).value == skill


@pytest.mark.parametrize(("yards", "penalty"), [
    (0, 0), (2, 0), (3, -1), (5, -2), (7, -3), (10, -4), (15, -5), (20, -6), (30, -7), (50, -8),
    (70, -9), (100, -10), (150, -11)])
def test_gu22_range_penalties_of_the_size_and_speed_range_table(yards: int, penalty: int) -> None:
    assert range_penalty(Fraction(yards)) == penalty


def test_gu22_fragments_land_one_plus_one_per_3_of_margin() -> None:
    # skill 14 at 3 yd; seeds give rolls; whatever the roll, the count is 1 + margin // 3
    for seed in range(20):
        s = blast("6dx2 cr ex [2d cut]", card("Al", 3), roll=20, seed=seed)
        t = one(s)
        roll = t["fragment_roll"]
        want = 0 if roll > 14 and roll > 4 else 1 + max(0, 14 - roll) // 3
        assert t["fragment_skill"] == 14
        assert t["fragment_hits"] == want == len(t["fragment_injuries"])


def test_gu22_struck_directly_takes_one_fragment_without_a_roll() -> None:
    s = blast("6dx2 cr ex", {"target": "Hit", "hp": 100, "situation": "struck"}, roll=20,
              fragments="2d", seed=1)
    t = one(s)
    assert t["fragment_roll"] is None and t["fragment_hits"] == 1


def test_gu22_beyond_reach_no_fragment_skill() -> None:
    t = one(blast("6dx2 cr ex [2d cut]", card("Far", 11), roll=20, seed=1))
    assert t["fragment_skill"] is None and t["fragment_hits"] == 0


@pytest.mark.parametrize(("attack", "cards", "field"), [
    ({"damage": "2d pi"}, [{"target": "A", "hp": 10, "distance": 3}], "line[0].distance"),
    ({"damage": "2d pi", "fragments": "2d"}, [{"target": "A", "hp": 10}], "attack.fragments"),
    ({"damage": "6dx2 cr ex"}, [{"target": "A", "hp": 10, "distance": -3}], "line[0].distance"),
    ({"damage": "6dx2 cr ex"}, [{"target": "A", "hp": 10}], "line[0].distance"),
    ({"damage": "6dx2 cr ex"}, [{"target": "A", "hp": 10, "distance": 3, "posture": "flying"}],
     "line[0].posture"),
    ({"damage": "6dx2 cr ex"}, [{"target": "A", "hp": 10, "distance": 3,
                                 "situation": "asleep"}], "line[0].situation"),
    ({"damage": "6dx2 cr ex"}, [{"target": "A", "hp": 10, "situation": "threw_self"},
                                {"target": "B", "hp": 10, "situation": "threw_self"}],
     "line[1].situation"),
    ({"damage": "6dx2 cr ex"}, [{"cover": {"name": "wall", "dr": 5, "slab": True}},
                                {"target": "A", "hp": 10, "distance": 3}], "line[0].cover"),
    ({"damage": "6dx2 cr ex", "skill": 12}, [{"target": "A", "hp": 10, "distance": 3}],
     "attack.skill"),
    ({"damage": "6dx2 cr ex [2d cut]", "fragments": "2d"},
     [{"target": "A", "hp": 10, "distance": 3}], "attack.fragments"),
    ({"damage": "6dx2 cr ex", "environment": "space"},
     [{"target": "A", "hp": 10, "distance": 3}], "attack.environment"),
])
def test_gu21_gu22_bad_input_names_the_field(attack: dict[str, Any], cards: list[Any],
                                             field: str) -> None:
    with pytest.raises(InputError) as err:
        parse_gurps({"rules": "gurps", "attack": attack, "line": cards})
    assert err.value.field == field
    assert "\n" not in str(err.value)


def test_gu21_a_seed_that_rolls_nothing_is_not_reported() -> None:
    # the blast's one roll given and no fragments: nothing is drawn, nothing to replay
    assert resolve_gurps(blast("6dx2 cr ex", card("Al", 3), roll=20), seed=5).seed is None
    # fragments in reach roll their 3d from the seed (GU-22): it is reported
    assert resolve_gurps(blast("6dx2 cr ex [2d cut]", card("Al", 3), roll=20), seed=5).seed == 5


def test_gu12_gu22_a_fragments_major_wound_at_the_face_keeps_its_knockdown_roll() -> None:
    # beyond the 1d blast's 2 yd; one fragment (seed 58) hits the face: 2d cut rolled 12, x1.5
    # = 18 > HP/2 = 15, a major wound at the face: HT-5 to avoid knockdown (GU-12), which the
    # summed injury, judged as the torso's, would have made +0
    s = blast("1d cr ex [2d cut]", card("T", 10, hp=30), roll=1, seed=58)
    out = resolve_gurps(s).to_dict()["targets"][0]
    assert (out["fragment_locations"], out["fragment_injuries"]) == (["face"], [18])
    assert (out["injury"], out["major_wound"], out["knockdown_ht_modifier"]) == (18, True, -5)
