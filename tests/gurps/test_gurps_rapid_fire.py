"""GU-19 and GU-20: rapid fire and multiple projectiles, values worked out by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gurps.gurps_helpers import gurps

from armourpen.errors import ScenarioError
from armourpen.gurps.projectiles import Shots, read_shots
from armourpen.gurps.rapid_fire import rof_bonus, shots_landed
from armourpen.gurps.resolve import resolve_gurps

DOOR = {"cover": {"name": "car door", "dr": 2, "slab": True}}
THUG = {"target": "Thug", "hp": 11, "dr": 2}


@pytest.mark.parametrize(("shots", "bonus"), [
    (1, 0), (4, 0), (5, 1), (8, 1), (9, 2), (12, 2), (13, 3), (16, 3), (17, 4), (24, 4),
    (25, 5), (49, 5), (50, 6), (99, 6), (100, 7), (199, 7), (200, 8), (399, 8), (400, 9),
])
def test_gu19_rapid_fire_bonus_at_the_edges(shots: int, bonus: int) -> None:
    assert rof_bonus(shots) == bonus


@pytest.mark.parametrize(("margin", "landed"), [
    (-2, 1),   # a 3 or 4 hits below the skill: still one shot
    (0, 1),
    (1, 1),    # Rcl - 1
    (2, 2),    # Rcl
    (4, 3),    # 2 x Rcl
    (17, 9),
    (18, 10),
    (30, 10),  # past the shots fired: at most N
])
def test_gu19_shots_landed_at_margins_rcl_2_of_10(margin: int, landed: int) -> None:
    assert shots_landed(margin, 2, 10) == landed


def test_gu19_rcl_1_lands_one_more_per_point() -> None:
    assert [shots_landed(m, 1, 9) for m in (0, 1, 5, 8, 9)] == [1, 2, 6, 9, 9]


def test_gu20_shotgun_3x9_counts_27_shots() -> None:
    shots = read_shots("3x9")
    assert shots == Shots(3, 9)
    assert shots.total == 27
    assert rof_bonus(shots.total) == 5
    assert str(shots) == "3x9"


def _smg(**attack: Any) -> Any:
    base: dict[str, Any] = {"skill": 12, "shots": 10, "rcl": 2, "attack_roll": 9,
                            "rolls": [9, 10, 4]}
    base.update(attack)
    return gurps("2d+2 pi", DOOR, THUG, **base)


def test_gu19_smg_burst_at_a_car_door_by_hand() -> None:
    # skill 12 + 2 (10 shots) = 14; roll 9: margin 5; 1 + 5 // 2 = 3 shots.
    # Each: the door's DR 2 and the thug's DR 2 = 4: 9 -> 5, 10 -> 6, 4 -> 0.
    out = resolve_gurps(_smg()).to_dict()
    attack = out["attack"]
    assert attack["effective_skill"] == 14
    assert attack["rof_bonus"] == 2
    assert attack["margin"] == 5
    assert attack["shots_landed"] == 3
    assert attack["rolls"] == [9, 10, 4]
    thug = out["targets"][0]
    assert thug["hits"] == 3
    assert thug["injuries"] == [5, 6, 0]
    assert thug["injury"] == 11
    # a major wound from the 6 (> 11/2); shock on the sum 11, at most -4
    assert thug["major_wound"] is True
    assert thug["shock"] == -4


def test_gu19_a_seed_that_rolls_nothing_is_not_reported() -> None:
    # every roll given (the attack roll, the three landed shots', the torso): nothing to replay
    assert resolve_gurps(_smg(), seed=5).seed is None
    # the landed shots' rolls left out: the seed rolls them and the outcome says which seed
    unrolled = gurps("2d+2 pi", DOOR, THUG, skill=12, shots=10, rcl=2, attack_roll=9)
    assert resolve_gurps(unrolled, seed=5).seed == 5


def test_gu19_major_wound_is_per_hit_not_on_the_sum() -> None:
    # 4 + 5 = 9 > 11/2, but neither hit alone is over 5.5: no major wound
    out = resolve_gurps(_smg(rolls=[8, 9], attack_roll=12)).to_dict()
    thug = out["targets"][0]
    assert out["attack"]["shots_landed"] == 2  # margin 2: 1 + 1
    assert thug["injuries"] == [4, 5]
    assert thug["injury"] == 9
    assert thug["major_wound"] is False


def test_gu19_knockback_on_the_sum_of_basic_damage() -> None:
    # 1d cr, 3 shots of 6 at ST 10 (8 per yard): 6 alone pushes nothing, 18 pushes 2 yards
    s = gurps("1d cr", {"target": "Bob", "hp": 10, "st": 10}, skill=12, shots=3, rcl=1,
              attack_roll=10, rolls=[6, 6, 6])
    bob = resolve_gurps(s).to_dict()["targets"][0]
    assert bob["hits"] == 3
    assert bob["knockback_yards"] == 2
    assert bob["knockback_dx_modifier"] == -1
    assert bob["shock"] == -4  # 18 injury, capped


def test_gu19_a_failed_burst_is_one_shot_at_the_others() -> None:
    line = ({"target": "Bystander", "hp": 10}, {"target": "Thug", "hp": 11})
    for seed in range(12):
        s = gurps("2d pi", *line, skill=12, shots=10, rcl=2, aim="Thug", attack_roll=17,
                  seed=seed)
        out = resolve_gurps(s).to_dict()
        assert out["attack"]["shots_landed"] == 0
        assert len(out["attack"]["rolls"]) == 1
        assert out["targets"][1]["hits"] == 0
        assert out["targets"][0]["hits"] <= 1


def test_gu19_each_landed_shot_rolls_its_own_location() -> None:
    s = gurps("1d pi", {"target": "Bob", "hp": 30, "location": "random"}, skill=18, shots=20,
              rcl=1, attack_roll=3, seed=5)
    out = resolve_gurps(s).to_dict()
    bob = out["targets"][0]
    assert out["attack"]["shots_landed"] == 20  # margin 18 + 4 - 3 = 19 -> 20, at most 20
    assert bob["hits"] == 20 and len(bob["locations"]) == 20
    assert len(set(bob["locations"])) > 1


def test_gu19_without_the_new_keys_nothing_changes() -> None:
    s = gurps("2d+2 pi", DOOR, THUG, skill=12, attack_roll=9, roll=9)
    out = resolve_gurps(s).to_dict()
    assert "shots" not in out["attack"] and "hits" not in out["targets"][0]
    assert out["targets"][0]["injury"] == 5


@pytest.mark.parametrize(("attack", "field"), [
    ({"shots": 0}, "attack.shots"),
    ({"shots": 10_001}, "attack.shots"),
    ({"shots": "3y9"}, "attack.shots"),
    ({"shots": "0x9"}, "attack.shots"),
    ({"shots": "100x101"}, "attack.shots"),
    ({"shots": "²"}, "attack.shots"),  # a digit to str.isdigit(), none to int(): no traceback
    ({"shots": "1²"}, "attack.shots"),
    ({"rcl": 0}, "attack.rcl"),
    ({"rcl": None}, "attack.rcl"),
    ({"skill": None, "attack_roll": None}, "attack.skill"),
    ({"rolls": [1, 2]}, "attack.rolls[0]"),
    ({"roll": 9}, "attack.roll"),
])
def test_gu19_bad_burst_input_names_the_field(attack: dict[str, Any], field: str) -> None:
    base: dict[str, Any] = {"skill": 12, "shots": 10, "rcl": 2}
    base.update(attack)
    base = {k: v for k, v in base.items() if v is not None}
    with pytest.raises(ScenarioError) as err:
        gurps("2d+2 pi", THUG, **base)
    assert err.value.field == field


def test_gu19_rcl_and_rolls_need_shots() -> None:
    with pytest.raises(ScenarioError) as err:
        gurps("2d pi", THUG, skill=12, rcl=2)
    assert err.value.field == "attack.rcl"


def test_gu19_an_explosion_fires_no_shots() -> None:
    with pytest.raises(ScenarioError) as err:
        gurps("6dx2 cr ex", THUG, skill=12, shots=3, rcl=1)
    assert err.value.field == "attack.shots"


def test_gu19_work_beyond_the_cap_is_refused_before_it_starts() -> None:
    with pytest.raises(ScenarioError) as err:
        gurps("100d pi", THUG, skill=12, shots=5000, rcl=1)
    assert err.value.field == "attack.shots"


def test_gu15_gu19_a_bursts_attack_roll_says_whether_it_was_given_or_rolled() -> None:
    given = resolve_gurps(_smg()).steps
    assert any(s.text.startswith("the attack roll (given): 3d rolled 9 against 14") for s in given)
    rolled = resolve_gurps(gurps("2d+2 pi", DOOR, THUG, skill=12, shots=10, rcl=2), seed=3)
    texts = [s.text for s in rolled.steps if s.rule == "GU-15"]
    assert texts and texts[0].startswith("the attack roll: 3d rolled ")  # drawn from seed 3


def _dice(seed: int, n: int) -> list[int]:
    """By hand: the d6s a seed gives, in the order a burst draws them (random.Random, 1 to 6)."""
    rng = random.Random(seed)
    return [rng.randint(1, 6) for _ in range(n)]


def test_gu19_gu16_every_landed_shot_hits_on_the_one_attack_roll() -> None:
    # 9 shots: +2, skill 10 + 2 = 12; the given roll 11 succeeds by 1; Rcl 1: 1 + 1 = 2 shots.
    # Both hit T (the attack roll hit, GU-16): neither re-judges the roll without the bonus (11 >
    # 10 would miss). Seed 3 draws shot 1's 2d, then shot 2's (the attack roll and the torso are
    # given). T: DR 0, pi x1: injury = the roll; a roll over 6 is over HP/2, a major wound.
    s = gurps("2d pi", {"target": "T", "hp": 12}, skill=10, shots=9, rcl=1, attack_roll=11,
              seed=3)
    out = resolve_gurps(s)
    d = _dice(3, 4)
    first, second = d[0] + d[1], d[2] + d[3]
    attack = out.to_dict()["attack"]
    assert (attack["effective_skill"], attack["margin"], attack["shots_landed"]) == (12, 1, 2)
    assert attack["rolls"] == [first, second]
    t = out.to_dict()["targets"][0]
    assert (t["hits"], t["injuries"], t["injury"]) == (2, [first, second], first + second)
    assert t["major_wound"] is (first > 6 or second > 6)
    texts = [s.text for s in out.steps]
    assert "shot 2: T: the aimed roll hit: hit" in texts
    assert not any("aimed roll missed" in x for x in texts)


def test_gu19_gu16_a_burst_that_hits_tries_no_wrong_target_with_later_shots() -> None:
    # Aimed at Thug past a bystander: skill 14 - 4 (in the way) + 2 (9 shots) = 12; roll 11: 2
    # shots + 1 per point over Rcl 1 = 2 shots, each shot past the bystander (not hit, no roll,
    # no DR) into Thug. Re-judged without the bonus (11 > 10), shot 2 would be a miss tried at the
    # bystander on min(9, 14) as the wrong target.
    for seed in range(20):
        s = gurps("2d pi", {"target": "Bystander", "hp": 10}, {"target": "Thug", "hp": 30},
                  skill=14, aim="Thug", shots=9, rcl=1, attack_roll=11, seed=seed)
        out = resolve_gurps(s)
        by, thug = out.to_dict()["targets"]
        assert out.to_dict()["attack"]["shots_landed"] == 2
        assert (by["hits"], thug["hits"]) == (0, 2)
        texts = [x.text for x in out.steps]
        assert not any("wrong target" in x for x in texts)
        assert sum("Bystander: shot past" in x for x in texts) == 2


def test_gu19_gu11_shock_is_on_the_sum_of_a_bursts_injuries() -> None:
    # 2 shots (margin 1, Rcl 1) of 1d pi rolling 1 and 1 at HP 12, DR 0: injury 1 + 1 = 2.
    # Shock on the sum: -2 (GU-11); judged on either hit alone it would be -1.
    s = gurps("1d pi", {"target": "Bob", "hp": 12}, skill=12, shots=2, rcl=1, attack_roll=11,
              rolls=[1, 1])
    bob = resolve_gurps(s).to_dict()["targets"][0]
    assert (bob["hits"], bob["injuries"], bob["injury"]) == (2, [1, 1], 2)
    assert bob["shock"] == -2
    # and three hits of 1 and 2 and 1 on HP 12: 4, not 2 (still within -4)
    s = gurps("1d pi", {"target": "Bob", "hp": 12}, skill=12, shots=3, rcl=1, attack_roll=10,
              rolls=[1, 2, 1])
    bob = resolve_gurps(s).to_dict()["targets"][0]
    assert (bob["injuries"], bob["shock"]) == ([1, 2, 1], -4)


# GU-20 at extremely close range: 1/2D 50, so under 5 yards; RoF 3x9: 9 // 2 = 4.
CLOSE: dict[str, Any] = {"skill": 11, "shots": "3x9", "rcl": 1, "half_damage_range": 50}


def _raider(yards: float, **more: Any) -> dict[str, Any]:
    return {"target": "Raider", "hp": 12, "dr": 3, "range": yards, **more}


def test_gu20_close_range_example_by_hand() -> None:
    # 4 yd < 50 / 10: only the 3 shots count, +0: skill 11; roll 10: margin 1, 1 + 1 = 2 shots.
    # Each hit rolls 4d+4 (1d+1 x 4) against DR 3 x 4 = 12: 16 - 12 = 4, 15 - 12 = 3 (pi x1),
    # sum 7: shock -4 (HP 12); neither over 6, no major wound. Cover DR 3 + 3 + 12 = 18 >= 16.
    s = gurps("1d+1 pi", _raider(4), attack_roll=10, rolls=[16, 15], **CLOSE)
    out = resolve_gurps(s)
    d = out.to_dict()
    assert (d["attack"]["rof_bonus"], d["attack"]["effective_skill"]) == (0, 11)
    assert (d["attack"]["margin"], d["attack"]["shots_landed"]) == (1, 2)
    r = d["targets"][0]
    assert (r["effective_dr"], r["hits"], r["injuries"], r["injury"]) == (12, 2, [4, 3], 7)
    assert (r["cover_dr"], r["overpenetrates"], r["shock"], r["major_wound"]) == (
        18, False, -4, False)
    texts = [x.text for x in out.steps]
    assert any("4d+4 pi: fixed roll 16" in x for x in texts)
    assert any(x.rule == "GU-20" and "effective DR 3 x 4 = 12" in x.text for x in out.steps)
    assert d["attack"]["damage"] == "1d+1 pi"  # as written; the steps say what each hit rolls


def test_gu20_close_range_hits_roll_four_times_the_dice_from_the_seed() -> None:
    # attack roll 10 given: 2 shots, each drawing 4 dice from the seed (4d+4), no location roll
    for seed in range(5):
        out = resolve_gurps(gurps("1d+1 pi", _raider(4), attack_roll=10, seed=seed, **CLOSE))
        d = _dice(seed, 8)
        assert out.burst is not None
        assert out.burst.rolls == (sum(d[:4]) + 4, sum(d[4:]) + 4)
        assert out.burst.injuries == ((max(0, sum(d[:4]) + 4 - 12),
                                       max(0, sum(d[4:]) + 4 - 12)),)


def test_gu20_at_a_tenth_of_half_damage_the_projectiles_have_spread() -> None:
    # 5 yd is not under 5: 27 count, +5: 16; roll 13: margin 3, 4 shots of 1d+1 against DR 3
    s = gurps("1d+1 pi", _raider(5), attack_roll=13, rolls=[7, 6, 5, 4], **CLOSE)
    d = resolve_gurps(s).to_dict()
    assert (d["attack"]["rof_bonus"], d["attack"]["shots_landed"]) == (5, 4)
    r = d["targets"][0]
    assert (r["effective_dr"], r["injuries"]) == (3, [4, 3, 2, 1])


def test_gu20_a_b_of_1_changes_nothing_at_close_range() -> None:
    # 9 shots of one projectile at 1 yd: +2 as anywhere; 1d+1 against DR 3 as written
    s = gurps("1d+1 pi", _raider(1), skill=11, shots=9, rcl=1, half_damage_range=50,
              attack_roll=13, rolls=[7])
    out = resolve_gurps(s)
    d = out.to_dict()
    assert (d["attack"]["rof_bonus"], d["attack"]["shots_landed"]) == (2, 1)
    assert (d["targets"][0]["effective_dr"], d["targets"][0]["injuries"]) == (3, [4])
    assert not any(x.rule == "GU-20" for x in out.steps)


def test_gu20_three_projectiles_at_close_range_count_the_shots_only() -> None:
    # 4x3 at 2 yd: half of 3 is 1, damage and DR as written; but only the 4 shots count: +0
    s = gurps("1d+1 pi", _raider(2), skill=11, shots="4x3", rcl=1, half_damage_range=50,
              attack_roll=9, rolls=[7, 6, 5])
    d = resolve_gurps(s).to_dict()
    assert (d["attack"]["rof_bonus"], d["attack"]["shots_landed"]) == (0, 3)
    assert (d["targets"][0]["effective_dr"], d["targets"][0]["injuries"]) == (3, [4, 3, 2])


@pytest.mark.parametrize(("attack", "field"), [
    ({"rolls": [7]}, "attack.rolls[0]"),  # 4d+4 rolls 8 to 28
    ({"rolls": [29]}, "attack.rolls[0]"),
    ({"rolls": [8, 8, 8, 8]}, "attack.rolls"),  # only the 3 shots count
])
def test_gu20_close_range_rolls_are_of_the_concentrated_damage(attack: dict[str, Any],
                                                               field: str) -> None:
    with pytest.raises(ScenarioError) as err:
        gurps("1d+1 pi", _raider(4), **CLOSE, **attack)
    assert err.value.field == field


def test_gu20_close_range_beyond_the_dice_cap_is_one_error() -> None:
    # 300d x 50 (100 projectiles) would be 15,000 dice: refused, naming attack.shots
    with pytest.raises(ScenarioError) as err:
        gurps("300d pi", _raider(1), skill=11, shots="1x100", rcl=1, half_damage_range=50)
    assert err.value.field == "attack.shots"
    assert "15000d" in str(err.value)
