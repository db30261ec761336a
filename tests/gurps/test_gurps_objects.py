"""GU-26: damage to objects, vehicles and buildings; every figure worked by hand from the ruling."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from gurps.gurps_helpers import gurps

from armourpen.errors import InputError
from armourpen.gurps.objects import ObjectState, object_state
from armourpen.gurps.resolve import resolve_gurps
from armourpen.probability.exact import odds

CAR = {"cover": {"name": "car", "dr": 5, "hp": 31, "injury_tolerance": "unliving"}}
DRIVER = {"target": "driver", "hp": 10}


def _cover(out: Any, i: int = 0) -> dict[str, Any]:
    cover: dict[str, Any] = out.to_dict()["covers"][i]
    return cover


def test_gu26_the_car_of_the_ruling_takes_9_and_has_22_left() -> None:
    # 6d(2) pi rolling 30: the car's DR 5 / 2 = 2, 30 - 2 = 28 penetrating; Unliving pi x1/3:
    # floor(28 / 3) = 9; 31 - 9 = 22 HP left, above 0: working. Cover DR (5 + 5 + 31/2) / 2 =
    # 12 (floor of 12.75): 30 > 12, the shot goes on to the driver (30 - 12 = 18).
    out = resolve_gurps(gurps("6d(2) pi", CAR, DRIVER, roll=30))
    car = _cover(out)
    assert (car["hp"], car["injury"], car["hp_left"], car["state"]) == (31, 9, 22, "working")
    assert car["ht"] == 10  # a machine's HT by default (GU-26)
    assert car["overpenetrates"] is True
    assert out.targets[0].injury == 18
    assert any(s.rule == "GU-26" and "car:" in s.text for s in out.steps)


def test_gu26_the_car_damaged_before_takes_hp_left_from_its_card() -> None:
    # hp_left 5 on the card: 5 - 9 = -4, 0 or less: a HT roll or it stops working
    car = {"cover": {**CAR["cover"], "hp_left": 5}}
    c = _cover(resolve_gurps(gurps("6d(2) pi", car, DRIVER, roll=30)))
    assert (c["hp_left"], c["state"]) == (-4, "HT roll or it stops working")


def test_gu26_crossing_minus_hp_calls_for_a_roll_or_destroyed_and_minus_5_hp_destroys() -> None:
    # the car at -25 HP left before (HP 31): -25 - 9 = -34 crosses -31 (-1 x HP): a HT roll or
    # it is destroyed
    car = {"cover": {**CAR["cover"], "hp_left": -25}}
    c = _cover(resolve_gurps(gurps("6d(2) pi", car, DRIVER, roll=30)))
    assert (c["hp_left"], c["state"]) == (-34, "HT roll or it is destroyed")
    # at -150 before: -159 <= -155 (-5 x 31): destroyed
    car = {"cover": {**CAR["cover"], "hp_left": -150}}
    c = _cover(resolve_gurps(gurps("6d(2) pi", car, DRIVER, roll=30)))
    assert (c["hp_left"], c["state"]) == (-159, "destroyed")


def test_gu26_state_counts_each_multiple_crossed() -> None:
    # HP 10, from 5 to -32: crosses -10, -20, -30 (three rolls or destroyed), and is at 0 or
    # less, hurt: a roll or it stops working
    s = object_state(10, 5, -32).value
    assert (s.state, s.destruction_rolls, s.stop_roll) == (ObjectState.MAY_BREAK, 3, True)
    # from -12 to -15: no multiple crossed, still 0 or less: a roll or it stops working
    s = object_state(10, -12, -15).value
    assert (s.state, s.destruction_rolls) == (ObjectState.MAY_STOP, 0)
    # HP 0 (a sheet may say so): any injury destroys
    assert object_state(0, 0, -1).value.state is ObjectState.DESTROYED


def test_gu26_homogenous_wall_without_tolerance_takes_torso_modifiers() -> None:
    # a 10-HP cover, DR 2, no Injury Tolerance given: cover DR as Homogenous 2 + 2 + 10/4 = 6.5,
    # 6 (floor); 3d pi rolling 12 passes (12 > 6); its damage 12 - 2 = 10 x1 (torso) = 10:
    # 10 - 10 = 0 HP left, 0 or less: a HT roll or it stops working
    wall = {"cover": {"name": "crate", "dr": 2, "hp": 10}}
    c = _cover(resolve_gurps(gurps("3d pi", wall, DRIVER, roll=12)))
    assert (c["injury"], c["hp_left"], c["state"]) == (10, 0, "HT roll or it stops working")
    # given Homogenous: pi x1/5: floor(10 / 5) = 2, 8 left; HT 12 by default, or the card's
    wall = {"cover": {"name": "crate", "dr": 2, "hp": 10, "injury_tolerance": "homogenous"}}
    c = _cover(resolve_gurps(gurps("3d pi", wall, DRIVER, roll=12)))
    assert (c["injury"], c["hp_left"], c["state"], c["ht"]) == (2, 8, "working", 12)
    wall = {"cover": {**wall["cover"], "ht": 14}}
    assert _cover(resolve_gurps(gurps("3d pi", wall, DRIVER, roll=12)))["ht"] == 14


def test_gu26_damage_behind_other_cover_less_the_cover_dr_in_front() -> None:
    # a door (slab DR 3) then the car: 6d pi rolling 20: the door passes (20 > 3) and takes
    # 20 - 3 = 17 x1 (no tolerance given) = 17, no HP: no HP left; the car faces 20 - 3 in front
    # - its DR 5 = 12 penetrating, x1/3 = 4, 27 left
    door = {"cover": {"name": "door", "dr": 3, "slab": True}}
    out = resolve_gurps(gurps("6d pi", door, CAR, DRIVER, roll=20))
    d, c = _cover(out, 0), _cover(out, 1)
    assert (d["injury"], d["hp"], d["hp_left"], d["state"]) == (17, None, None, None)
    assert (c["injury"], c["hp_left"]) == (4, 27)


def test_gu26_the_cover_the_shot_stops_in_is_damaged_too_and_one_not_reached_is_not() -> None:
    # 1d pi rolling 6 at a brick wall slab DR 8: stops (6 <= 8), nothing penetrates: injury 0;
    # the car behind is not reached: no injury, no HP left
    wall = {"cover": {"name": "wall", "dr": 8, "slab": True, "hp": 50}}
    out = resolve_gurps(gurps("1d pi", wall, CAR, DRIVER, roll=6))
    w, c = _cover(out, 0), _cover(out, 1)
    assert (w["injury"], w["hp_left"], w["state"]) == (0, 50, "working")
    assert (c["reached"], c["injury"], c["hp_left"], c["hp"]) == (False, None, None, 31)


def test_gu26_a_brick_building_of_1000_sq_ft_has_464_hp() -> None:
    # 1,000 sq ft of brick: 100 tons; 100 x cube root of 100 = 100 x 4.6416 = 464 (down)
    house = {"cover": {"name": "house", "dr": 8, "slab": True,
                       "building": {"area": 1000, "built": "brick"}}}
    sc = gurps("3d pi", house, DRIVER, roll=10)
    c = _cover(resolve_gurps(sc))
    assert c["hp"] == 464
    # 2,000 sq ft of stone: 300 tons; cube root 6.6943: 669. 500 sq ft of wood: 25 tons; 2.9240:
    # 292
    house = {"cover": {"name": "keep", "dr": 8, "slab": True,
                       "building": {"area": 2000, "built": "stone"}}}
    assert _cover(resolve_gurps(gurps("3d pi", house, DRIVER, roll=10)))["hp"] == 669
    house = {"cover": {"name": "shed", "dr": 8, "slab": True,
                       "building": {"area": 500, "built": "Wood"}}}
    assert _cover(resolve_gurps(gurps("3d pi", house, DRIVER, roll=10)))["hp"] == 292


def test_gu26_a_burst_sums_its_hits_on_the_car() -> None:
    # 3 shots at skill 20, Rcl 1, attack roll 10: margin 10, 1 + 10 = 11 capped at 3 shots.
    # Rolls 30, 30, 30: each 9 on the car (as the first test), together 27: 31 - 27 = 4 left
    out = resolve_gurps(gurps("6d(2) pi", CAR, DRIVER, skill=20, attack_roll=10, shots=3, rcl=1,
                              rolls=[30, 30, 30]))
    c = _cover(out)
    assert (c["injury"], c["hp_left"], c["state"]) == (27, 4, "working")


@pytest.mark.parametrize(("card", "field", "allowed"), [
    ({**CAR["cover"], "hp_left": 32}, "line[0].cover.hp_left", "to the HP 31"),
    ({**CAR["cover"], "hp_left": -311}, "line[0].cover.hp_left", "-310"),
    ({"name": "h", "dr": 8, "slab": True, "building": {"area": 1000, "built": "brik"}},
     "line[0].cover.building.built", "brick"),
    ({"name": "h", "dr": 8, "slab": True, "building": {"built": "brick"}},
     "line[0].cover.building.area", ""),
    ({"name": "h", "dr": 8, "slab": True, "hp": 5, "building": {"area": 9, "built": "brick"}},
     "line[0].cover.building", "not both"),
    ({"name": "h", "dr": 8, "slab": True, "building": {"area": 10**8, "built": "brick"}},
     "line[0].cover.building.area", ""),
    ({"name": "h", "dr": 8, "slab": True, "hp_left": 3}, "line[0].cover.hp_left", "only with"),
])
def test_gu26_bad_input_is_one_line_naming_the_field(card: dict[str, Any], field: str,
                                                    allowed: str) -> None:
    with pytest.raises(InputError) as info:
        gurps("3d pi", {"cover": card}, DRIVER, roll=10)
    assert info.value.field == field
    assert allowed in str(info.value)
    assert "\n" not in str(info.value)


def _ways(dice: int) -> dict[int, int]:
    """How many of the 6 ** dice rolls give each total."""
    out: dict[int, int] = {}
    for roll in product(range(1, 7), repeat=dice):
        out[sum(roll)] = out.get(sum(roll), 0) + 1
    return out


def test_gu26_odds_of_the_car_against_the_hand_rule() -> None:
    # 6d(2) pi: every roll r meets the car's DR 5 / 2 = 2: r - 2 penetrating, x1/3 floored, at
    # least 1 (r >= 6 so r - 2 >= 4); 31 - injury stays above 0: always working
    ways = _ways(6)
    want: dict[int, Fraction] = {}
    for r, n in ways.items():
        hurt = max(1, (r - 2) // 3)
        want[hurt] = want.get(hurt, Fraction(0)) + Fraction(n, 6**6)
    car = odds(gurps("6d(2) pi", CAR, DRIVER)).covers[0]
    assert car.injury_pmf == want and car.p_reached == 1
    assert car.state_pmf == {"working": Fraction(1)}


def test_gu26_resolve_and_odds_agree_on_every_roll() -> None:
    # a damaged car (3 HP left) behind a door: each roll of 4d pi resolved, weighed by its ways,
    # gives the odds' injury and state distributions
    door = {"cover": {"name": "door", "dr": 2, "slab": True}}
    car = {"cover": {**CAR["cover"], "hp_left": 3}}
    ways = _ways(4)
    injury: dict[int, Fraction] = {}
    state: dict[str, Fraction] = {}
    for r, n in ways.items():
        c = _cover(resolve_gurps(gurps("4d pi", door, car, DRIVER, roll=r)), 1)
        p = Fraction(n, 6**4)
        injury[c["injury"] or 0] = injury.get(c["injury"] or 0, Fraction(0)) + p
        if c["state"] is not None:
            state[c["state"]] = state.get(c["state"], Fraction(0)) + p
    got = odds(gurps("4d pi", door, car, DRIVER)).covers[1]
    assert got.injury_pmf == {k: v for k, v in injury.items() if v}
    assert got.state_pmf == state
    assert len(state) > 1  # the rolls reach more than one state: the comparison can fail


def test_gu26_gu27_the_cards_show_hp_left_and_each_covers_damage() -> None:
    # the car of the ruling (9 injury, 22 of 31 left) and a driver with 4 HP left taking
    # 30 - 12 = 18: -14 crosses -10, a death check called for (no seed: not drawn): risking death
    from armourpen.view.outcome import gurps_view

    sc = gurps("6d(2) pi", CAR, {**DRIVER, "hp_left": 4}, roll=30)
    view = gurps_view(resolve_gurps(sc), odds(sc), None, sc)
    car, driver = ({f.label: f.value for f in c.figures} for c in view.cards)
    assert (car["injury"], car["HP left"]) == ("9", "22 / 31: working")
    assert driver["HP left"] == "-14: risking death"
    labels = [label for label, _ in view.cards[1].odds.effects] if view.cards[1].odds else []
    assert "dead (GU-27)" in labels


def test_gu26_gu27_a_running_fight_starts_each_card_where_the_last_shot_left_it() -> None:
    # the car of the ruling takes 9 a shot: 31 -> 22 -> 13; the driver (HP 10, hp_left 10)
    # takes 30 - 12 = 18 a shot: 10 -> -8 -> -26
    from armourpen.gurps.next_shot import next_shot

    sc = gurps("6d(2) pi", CAR, {**DRIVER, "hp_left": 10}, roll=30)
    first = resolve_gurps(sc).to_dict()
    second = resolve_gurps(next_shot(sc, first)).to_dict()
    assert (first["covers"][0]["hp_left"], second["covers"][0]["hp_left"]) == (22, 13)
    assert (first["targets"][0]["hp_left"], second["targets"][0]["hp_left"]) == (-8, -26)
