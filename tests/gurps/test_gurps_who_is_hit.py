"""Who is hit (GU-15 to GU-18): the attack roll, firing past people and the wrong target, the
Occupant Hit Table, cover by material. Every expected value is worked out by hand from the
rulings in RULINGS.md."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from gurps.gurps_helpers import gurps

import armourpen
from armourpen.errors import InputError, ScenarioError
from armourpen.gurps.attack_roll import attack_roll, succeeds, success_ways
from armourpen.gurps.chain import resolve_chain
from armourpen.gurps.materials import MATERIALS
from armourpen.gurps.model import Cover, GurpsScenario
from armourpen.gurps.occupants import occupant_number
from armourpen.gurps.resolve import resolve_gurps
from armourpen.gurps.wrong_target import Mode, Shooter, card_try, cards, effective_skill

# ---- GU-15: the attack roll ------------------------------------------------------------------


@pytest.mark.parametrize(("skill", "hits", "misses"), [
    (3, [3, 4], [5, 6]),        # 3 and 4 always hit, whatever the skill
    (4, [3, 4], [5]),
    (16, [15, 16], [17, 18]),
    (17, [16], [17, 18]),       # 17 and 18 always miss, whatever the skill
    (-5, [3, 4], [5]),
    (30, [16], [17, 18]),
])
def test_gu15_three_and_four_always_hit_seventeen_and_eighteen_always_miss(
        skill: int, hits: list[int], misses: list[int]) -> None:
    assert all(succeeds(r, skill) for r in hits)
    assert not any(succeeds(r, skill) for r in misses)


@pytest.mark.parametrize(("skill", "ways"), [
    (3, 1 + 3), (4, 1 + 3), (5, 1 + 3 + 6), (9, 81), (10, 108), (16, 216 - 3 - 1),
    (17, 216 - 4), (50, 212), (-50, 4),
])
def test_gu15_ways_out_of_216(skill: int, ways: int) -> None:
    assert success_ways(skill) == ways


def test_gu15_the_step_gives_the_roll_the_skill_and_the_margin() -> None:
    step = attack_roll(9, 12, "the attack roll").steps[0]
    assert (step.rule, step.text) == ("GU-15", "the attack roll: 3d rolled 9 against 12: "
                                      "9 <= 12: success by 3")
    assert "always fails" in attack_roll(17, 20, "x").steps[0].text


# ---- GU-16: firing past people, the wrong target ---------------------------------------------

GUARD_1 = {"target": "Guard 1", "hp": 12, "dr": 8}
GUARD_2 = {"target": "Guard 2", "hp": 12, "dr": 8}
GUNMAN = {"target": "Gunman", "hp": 10}
HOSTAGE = {"target": "Hostage", "hp": 10, "immediately_behind": True}


def past_guards(*extra: dict[str, Any], **attack: Any) -> GurpsScenario:
    attack = {"skill": 14, "aim": "Gunman", **attack}
    return gurps("7d(2) pi-", GUARD_1, GUARD_2, GUNMAN, *extra, **attack)


def test_gu16_minus_4_per_person_in_the_way() -> None:
    eff = effective_skill(past_guards())
    assert eff.value == 14 - 4 - 4
    assert eff.steps[0].rule == "GU-16"


def test_gu16_no_penalty_for_a_card_that_does_not_obscure() -> None:
    s = gurps("7d(2) pi-", {**GUARD_1, "obscures": False}, GUARD_2, GUNMAN, skill=14,
              aim="Gunman")
    assert effective_skill(s).value == 10
    assert "Guard 1 (obscures = false)" in effective_skill(s).steps[0].text


def test_gu16_no_penalty_for_the_cards_behind_the_aimed_one_nor_for_the_aimed_one() -> None:
    s = gurps("7d(2) pi-", GUNMAN, GUARD_1, skill=14)  # aim: the first target card
    assert effective_skill(s).value == 14


def test_gu16_no_penalty_for_a_card_inside_a_vehicle() -> None:
    s = gurps("7d(2) pi-", {"cover": {"name": "Taxi", "dr": 3, "hp": 30, "sm": 3}},
              {"target": "Driver", "hp": 10, "inside": "Taxi"}, GUNMAN, skill=14, aim="Gunman")
    assert effective_skill(s).value == 14


def test_gu16_a_miss_tries_others_on_the_lesser_of_9_and_the_cards_skill() -> None:
    s = gurps("7d(2) pi-", {**GUARD_1, "skill": 7}, {**GUARD_2, "skill": 12}, GUNMAN,
              skill=14, aim="Gunman")
    one, two, gunman = cards(s)
    assert card_try(Mode.SEEKING, one, False, False).number == 7
    assert card_try(Mode.SEEKING, two, False, False).number == 9
    # the aimed card is skipped after a miss; the cards in front are shot past after a hit
    assert card_try(Mode.SEEKING, gunman, False, False).sure is False
    assert card_try(Mode.AIMED, one, False, False).sure is False
    assert card_try(Mode.AIMED, gunman, False, False).sure is True


def test_gu16_immediately_behind_a_hit_card_is_hit_without_a_roll() -> None:
    s = past_guards(HOSTAGE)
    hostage = cards(s)[3]
    sure = card_try(Mode.BEHIND, hostage, True, False)
    assert (sure.number, sure.sure, sure.hit_by) == (None, True, "behind")
    # not when the card in front of it was not hit: tried on the lesser of 9 and the skill
    assert card_try(Mode.BEHIND, hostage, False, False).number == 9


def scripted(rolls: dict[str, list[int]], picks: dict[str, int] | None = None
             ) -> tuple[Any, Any]:
    left = {k: list(v) for k, v in rolls.items()}

    def roll(what: str) -> int:
        return left[what].pop(0)

    def choose(what: str, n: int) -> int:  # noqa: ARG001
        assert picks is not None
        return picks[what]

    return roll, choose


def shoot(s: GurpsScenario, basic: int, rolls: dict[str, list[int]],
          picks: dict[str, int] | None = None) -> tuple[Shooter, Any]:
    roll, choose = scripted(rolls, picks)
    shooter = Shooter(s, roll, choose, s.attack.attack_roll)
    return shooter, resolve_chain(s, basic, None, None, decide=shooter)


def test_gu16_an_aimed_hit_shoots_past_the_guards_and_hits_the_gunman() -> None:
    # skill 14 - 8 = 6; rolled 5: a hit. The guards are shot past (no DR), the gunman takes 20,
    # pi- halves: injury 10; cover DR 0 + 0 + HP 10 = 10, halved: 5; 20 > 5: on to the hostage,
    # immediately behind: hit without a roll, 20 - 5 = 15 penetrating, injury 7.
    shooter, chain = shoot(past_guards(HOSTAGE), 20, {"aimed": [5]})
    one, two, gunman, hostage = chain.targets
    assert (one.reached, one.hit, two.hit) == (True, False, False)
    assert (gunman.hit, gunman.penetrating, gunman.injury) == (True, 20, 10)
    assert (hostage.hit, hostage.penetrating, hostage.injury) == (True, 15, 7)
    assert (shooter.hit_by, shooter.hit_roll) == ({2: "aimed", 3: "behind"}, {2: 5})


def test_gu16_a_miss_hits_the_first_guard_whose_roll_succeeds() -> None:
    # rolled 7 against 6: a miss. Guard 1 on 9: rolled 10, not hit. Guard 2 on 9: rolled 9, hit:
    # 20 - 4 = 16 penetrating, injury 8, cover DR (8 + 8 + 12) / 2 = 14, 20 > 14: goes on. The
    # gunman, behind a hit card, is tried on 9: rolled 12, not hit. The hostage behind him: the
    # card in front was not hit, so it is tried: 8, hit, facing 14: 6 penetrating, injury 3.
    shooter, chain = shoot(past_guards(HOSTAGE), 20, {
        "aimed": [7], "Guard 1": [10], "Guard 2": [9], "Gunman": [12], "Hostage": [8]})
    one, two, gunman, hostage = chain.targets
    assert (one.hit, two.hit, gunman.hit, hostage.hit) == (False, True, False, True)
    assert (two.penetrating, two.injury, two.cover_dr) == (16, 8, 14)
    assert (hostage.penetrating, hostage.injury) == (6, 3)
    assert shooter.hit_by == {1: "wrong_target", 3: "wrong_target"}
    assert shooter.hit_roll == {0: 10, 1: 9, 2: 12, 3: 8}
    rules = [s.rule for s in chain.steps if "rolled" in s.text]
    assert rules == ["GU-16"] * 4


def test_gu16_no_roll_for_a_card_the_shot_does_not_reach() -> None:
    # basic 10 stops in Guard 1 (cover DR 14): nobody behind is tried, no roll is asked for
    shooter, chain = shoot(past_guards(HOSTAGE), 10, {"aimed": [7], "Guard 1": [3]})
    assert [t.reached for t in chain.targets] == [True, False, False, False]
    assert shooter.hit_roll == {0: 3}


def test_gu16_hit_chance_with_attack_skill_is_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"line\[1\]\.hit_chance"):
        gurps("7d(2) pi-", GUNMAN, {**GUARD_1, "hit_chance": 0.5}, skill=12)


# ---- GU-17: the Occupant Hit Table ------------------------------------------------------------

TABLE = {  # Basic Set p. 555 as RULINGS.md gives it: occupants -> SM +1 .. +11
    1: (10, 9, 8, 7, 6, 5, 4, 3, 3, 3, 3),
    2: (12, 10, 9, 8, 7, 6, 5, 4, 3, 3, 3),
    5: (14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 3),
    10: (16, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3),
    20: (17, 16, 14, 12, 10, 9, 8, 7, 6, 5, 4),
    50: (17, 17, 16, 14, 12, 10, 9, 8, 7, 6, 5),
    100: (17, 17, 17, 16, 14, 12, 10, 9, 8, 7, 6),
    200: (17, 17, 17, 17, 16, 14, 12, 10, 9, 8, 7),
    500: (17, 17, 17, 17, 17, 16, 14, 12, 10, 9, 8),
}
LOWEST = {1: 1, 2: 2, 5: 3, 10: 6, 20: 11, 50: 21, 100: 51, 200: 101, 500: 201}


def cells() -> Iterator[tuple[int, int, int]]:
    for top, row in TABLE.items():
        for n in {LOWEST[top], top}:
            for sm, number in enumerate(row, start=1):
                yield n, sm, number


@pytest.mark.parametrize(("occupants", "sm", "number"), list(cells()))
def test_gu17_every_cell_of_the_occupant_hit_table(occupants: int, sm: int, number: int) -> None:
    assert occupant_number(occupants, sm).value == number


@pytest.mark.parametrize(("occupants", "sm", "number"), [
    (1, 0, 10), (1, -10, 10), (20, -3, 17),   # an SM below +1 reads as +1
    (1, 12, 3), (1, 30, 3),                    # never below 3
    (501, 11, 9), (1000, 11, 9),               # the row 501-1000: the 201-500 row moved right
    (1001, 11, 10), (2001, 11, 12), (5001, 11, 14), (10001, 11, 16), (20001, 11, 17),
    (501, 12, 8), (500, 12, 7), (1_000_000, 1, 17),  # never above 17
    (2, 12, 3), (200, 14, 4),  # the row 101-200 reads 7 at +11, so 4 at +14
])
def test_gu17_the_table_past_its_edges(occupants: int, sm: int, number: int) -> None:
    assert occupant_number(occupants, sm).value == number


TAXI = {"cover": {"name": "Taxi", "dr": 3, "hp": 30, "injury_tolerance": "unliving",
                  "occupants": 4, "sm": 3}}
DRIVER = {"target": "Driver", "hp": 10, "inside": "Taxi"}
FARE = {"target": "Fare", "hp": 10, "dr": 2, "inside": "Taxi"}
BEHIND_TAXI = {"target": "Passer-by", "hp": 10}


def taxi() -> GurpsScenario:
    return gurps("7d pi", {"target": "Cop", "hp": 10, "obscures": False}, TAXI, DRIVER, FARE,
                 BEHIND_TAXI, skill=12)


def test_gu17_the_unlisted_occupants_stand_as_one_target_after_the_vehicle() -> None:
    s = taxi()
    names = [e.name for e in s.line]
    assert names == ["Cop", "Taxi", "unnamed occupant of Taxi", "Driver", "Fare", "Passer-by"]
    unnamed = s.targets[1]
    assert (unnamed.unnamed, unnamed.inside, unnamed.hp, unnamed.index) == (True, "Taxi", 10, 5)


def test_gu17_an_occupant_roll_picks_a_listed_occupant_who_faces_the_whole_vehicle() -> None:
    # aimed at the cop (skill 12, nobody in front): rolled 8, hit. Basic 40: the cop's cover DR
    # is 0 + 0 + HP 10 = 10; the taxi's 3 + 3 + 30/2 (Unliving) = 21: 31 in front, 40 > 31, the
    # shot passes. 4 occupants, SM +3: 10 or less (row 3-5); rolled 10: one is hit, pick 2 of 4
    # (0-based 1): the fare, facing 31 + DR 2 = 33: 7 penetrating, injury 7 (pi x1).
    shooter, chain = shoot(taxi(), 40, {"aimed": [8], "Taxi": [10]}, {"Taxi": 1})
    cop, unnamed, driver, fare, passer = chain.targets
    assert cop.hit and not unnamed.hit and not driver.hit
    assert (fare.hit, fare.effective_dr, fare.penetrating, fare.injury) == (True, 33, 7, 7)
    assert (shooter.hit_by[3], shooter.hit_roll[3]) == ("occupant", 10)
    texts = [s.text for s in chain.steps if s.rule == "GU-17"]
    assert any("10 or less" in t for t in texts)
    # fare's cover DR 2 + 2 + 10 = 14: 31 + 14 = 45 >= 40: stops; the passer-by is not reached
    assert not passer.reached


def test_gu17_an_unlisted_occupant_stops_the_shot() -> None:
    shooter, chain = shoot(taxi(), 80, {"aimed": [8], "Taxi": [4]}, {"Taxi": 3})
    _cop, unnamed, driver, fare, passer = chain.targets
    # pick 4 of 4: beyond the 2 listed, an occupant no card lists: faces 31, the shot stops there
    assert (unnamed.hit, unnamed.penetrating, unnamed.overpenetrates) == (True, 80 - 31, False)
    assert (driver.reached, fare.reached, passer.reached) == (False, False, False)
    assert shooter.hit_by == {0: "aimed", 1: "occupant"}


def test_gu17_no_occupant_roll_for_the_vehicle_of_the_aimed_card() -> None:
    s = gurps("7d pi", TAXI, DRIVER, FARE, skill=12, aim="Fare")
    _shooter, chain = shoot(s, 60, {"aimed": [9]})  # no "Taxi" roll is scripted: none is made
    unnamed, driver, fare = chain.targets
    assert (unnamed.hit, driver.hit, fare.hit) == (False, False, True)


# ---- GU-18: cover by material ----------------------------------------------------------------


def material(**cover: Any) -> GurpsScenario:
    return gurps("7d pi", {"cover": cover}, GUNMAN)


@pytest.mark.parametrize(("cover", "dr"), [
    ({"material": "brick", "inches": 6}, 30),                     # 5 x 6
    ({"material": "brick", "inches": 6, "grade": "high"}, 48),    # 8 x 6
    ({"material": "Brick", "inches": 6, "dr_per_inch": 7}, 42),
    ({"material": "wood", "inches": 3}, 1),                       # 0.5 x 3 = 1.5, rounded down
    ({"material": "wood", "inches": 3, "grade": "high"}, 3),
    ({"material": "Reinforced Concrete", "inches": 2.5}, 25),
    ({"material": "sandbags", "inches": 12}, 36),
    ({"material": "mild steel", "inches": 0.25, "grade": "high"}, 15),
])
def test_gu18_dr_per_inch_times_the_inches_rounded_down(cover: dict[str, Any], dr: int) -> None:
    wall = material(**cover).line[0]
    assert isinstance(wall, Cover)
    assert (wall.dr, wall.slab) == (dr, True)


def test_gu18_the_material_names_the_cover_and_explains_its_dr() -> None:
    s = material(material="brick", inches=6)
    assert s.line[0].name == "brick"
    assert s.steps[0].rule == "GU-18"
    assert "5 per inch" in s.steps[0].text and "DR 30" in s.steps[0].text


def test_gu18_a_dr_per_inch_given_is_explained_in_decimals() -> None:
    # stone, 8 to 13 per inch: 9.5 x 1.5 = 14.25, rounded down: DR 14
    s = material(material="stone", inches=1.5, dr_per_inch=9.5)
    assert s.steps[0].text == ("stone: DR 9.5 per inch (as given, within 8 to 13) x 1.5 in. = "
                               "14.25, rounded down: DR 14")


def test_gu18_a_material_cover_that_is_not_a_thin_slab_needs_hp() -> None:
    with pytest.raises(ScenarioError, match=r"cover\.hp"):
        material(material="iron", inches=1, slab=False)
    s = material(material="iron", inches=1, slab=False, hp=20)
    assert isinstance(s.line[0], Cover) and s.line[0].slab is False


def test_gu18_twelve_materials() -> None:
    assert len(MATERIALS) == 12


# ---- Bad input: one line naming the field and what is allowed --------------------------------

BAD: list[tuple[dict[str, Any], tuple[dict[str, Any], ...], str, str]] = [
    ({"skill": 12, "aim": "Nobody"}, (GUNMAN,), "attack.aim", "one of Gunman"),
    ({"skill": 12, "aim": "Wall"}, ({"cover": {"name": "Wall", "dr": 5, "slab": True}}, GUNMAN),
     "attack.aim", "Wall is a cover"),
    ({"skill": 12}, (GUNMAN, {**DRIVER, "inside": "Bus"}), r"line\[1\]\.inside", "none"),
    ({"skill": 12}, (GUNMAN, DRIVER, TAXI), r"line\[1\]\.inside", "Taxi comes after it"),
    ({"skill": 12}, (GUNMAN, {"cover": {**TAXI["cover"], "occupants": 1}}, DRIVER, FARE),
     r"line\[1\]\.cover\.occupants", "at least the 2 cards inside it"),
    ({"skill": 12}, (GUNMAN, {"cover": {**TAXI["cover"], "sm": 31}}), r"cover\.sm", "30"),
    ({"skill": 12}, (GUNMAN, {"cover": {**TAXI["cover"], "sm": -11}}), r"cover\.sm", "-10"),
    ({"skill": 51}, (GUNMAN,), "attack.skill", "50"),
    ({"skill": -51}, (GUNMAN,), "attack.skill", "-50"),
    ({"skill": 12}, (GUNMAN, {**GUARD_1, "skill": 99}), r"line\[1\]\.skill", "50"),
    ({"skill": 12}, (GUNMAN, {**GUARD_1, "hit_chance": 1}), r"line\[1\]\.hit_chance",
     "no hit_chance with attack.skill"),
    ({}, ({"cover": {"material": "brick", "inches": 0}}, GUNMAN), r"cover\.inches", "0"),
    ({}, ({"cover": {"material": "brick", "inches": 1001}}, GUNMAN), r"cover\.inches", "1000"),
    ({}, ({"cover": {"material": "adamantium", "inches": 1}}, GUNMAN), r"cover\.material",
     "aluminum, brick, concrete, reinforced concrete, window glass, bullet-resistant glass, "
     "iron, sandbags, mild steel, hard steel, stone, wood"),
    ({}, ({"cover": {"material": "brick", "inches": 6, "dr_per_inch": 9}}, GUNMAN),
     r"cover\.dr_per_inch", "5 to 8"),
    ({}, ({"cover": {"material": "brick", "inches": 6, "dr": 4}}, GUNMAN), r"cover\.dr",
     "not both"),
    ({"skill": 12, "attack_roll": 19}, (GUNMAN,), "attack.attack_roll", "18"),
    ({"aim": "Gunman"}, (GUNMAN,), "attack.aim", "only with attack.skill"),
    ({}, (GUNMAN, {**GUARD_1, "immediately_behind": True}), r"line\[1\]\.immediately_behind",
     "only with attack.skill"),
    ({}, (GUNMAN, TAXI), r"cover\.occupants", "only with attack.skill"),
    ({"skill": 12}, (GUNMAN, {"cover": {"name": "Wall", "dr": 5, "slab": True, "sm": 2}}),
     r"cover\.sm", "only for a cover that holds people"),
    ({"skill": 12}, (GUNMAN, {"cover": {"name": "Bus", "dr": 5, "hp": 40, "occupants": 9}}),
     r"cover\.sm", "Size Modifier"),
    ({"skill": 12}, ({**GUNMAN, "skill": 10},), r"line\[0\]\.skill", "attack.skill"),
]


@pytest.mark.parametrize(("attack", "line", "field", "allowed"), BAD)
def test_gu16_to_gu18_bad_input_is_one_line_naming_the_field(
        attack: dict[str, Any], line: tuple[dict[str, Any], ...], field: str, allowed: str
) -> None:
    with pytest.raises(ScenarioError, match=field) as info:
        gurps("7d pi", *line, **attack)
    message = str(info.value)
    assert "\n" not in message
    assert allowed in message


# ---- resolve: the whole, from the seed -------------------------------------------------------


def test_gu15_resolve_reports_the_attack_roll_and_who_hit_each_target() -> None:
    s = past_guards(HOSTAGE, attack_roll=5, roll=20)
    out = resolve_gurps(s, seed=1).to_dict()
    assert {k: out["attack"][k] for k in ("skill", "aim", "effective_skill", "attack_roll",
                                          "attack_hit")} == {
        "skill": 14, "aim": "Gunman", "effective_skill": 6, "attack_roll": 5, "attack_hit": True}
    by = [(t["name"], t["hit"], t["hit_by"], t["hit_roll"]) for t in out["targets"]]
    assert by == [("Guard 1", False, None, None), ("Guard 2", False, None, None),
                  ("Gunman", True, "aimed", 5), ("Hostage", True, "behind", None)]


def test_gu8_without_attack_skill_no_who_is_hit_keys() -> None:
    out = resolve_gurps(gurps("7d(2) pi-", GUARD_1, GUNMAN, roll=20)).to_dict()
    assert "hit_by" not in out["targets"][0] and "attack_roll" not in out["attack"]


def test_gu16_the_same_seed_gives_the_same_rolls() -> None:
    s = past_guards(HOSTAGE)
    assert resolve_gurps(s, seed=7).to_dict() == resolve_gurps(s, seed=7).to_dict()


def test_gu16_fixed_rolls_without_a_seed_need_one_only_when_a_roll_is_asked_for() -> None:
    hit = past_guards(roll=20, attack_roll=5)  # aimed roll hits: no further roll
    assert resolve_gurps(hit).to_dict()["targets"][2]["hit_by"] == "aimed"
    from armourpen.errors import InputError

    with pytest.raises(InputError, match=r"attack\.seed"):
        resolve_gurps(past_guards(roll=20, attack_roll=12))  # a miss: Guard 1 must be rolled


def test_gu16_fixed_rolls_resolved_with_a_seed_draw_a_needed_roll_from_it() -> None:
    # the attack roll 12 misses (skill 14 - 8 = 6): Guard 1 must be rolled for; the seed given to
    # resolve rolls it, as the scenario's own attack.seed would, and the outcome reports it
    missed = resolve_gurps(past_guards(roll=20, attack_roll=12), seed=3)
    as_own = resolve_gurps(past_guards(roll=20, attack_roll=12, seed=3))
    assert missed.seed == 3 and missed.targets == as_own.targets
    assert any(s.rule == "GU-16" and s.text.endswith("rolled with seed 3") for s in missed.steps)
    # the attack roll 5 hits: no further roll, none drawn, no seed reported
    assert resolve_gurps(past_guards(roll=20, attack_roll=5), seed=3).seed is None


def test_gu17_an_unnamed_occupant_is_in_targets_only_when_hit() -> None:
    # the taxi holds 4, two of them listed (the driver, the fare): a pick of 3 or 4 of 4 hits an
    # occupant no card lists, which is then an entry of targets right after the vehicle, the shot
    # stopping in it; any other shot has no such entry, and no step speaks of it
    s = taxi()
    seen = set()
    for seed in range(400):
        out = resolve_gurps(s, seed=seed).to_dict()
        names = [t["name"] for t in out["targets"]]
        picked = [re.search(r"chosen: (\d) of 4", step["text"]) for step in out["steps"]]
        pick = next((int(m.group(1)) for m in picked if m), None)
        if pick is not None and pick > 2:
            assert names == ["Cop", "unnamed occupant of Taxi", "Driver", "Fare", "Passer-by"]
            unnamed = out["targets"][1]
            assert (unnamed["hit"], unnamed["hit_by"], unnamed["unnamed"], unnamed["inside"],
                    unnamed["overpenetrates"]) == (True, "occupant", True, "Taxi", False)
            seen.add("unlisted")
        else:
            assert names == ["Cop", "Driver", "Fare", "Passer-by"]
            assert not any("unnamed occupant" in step["text"] for step in out["steps"])
            seen.add("listed" if pick else "none")
    assert seen == {"unlisted", "listed", "none"}


def test_gu17_the_odds_list_an_unnamed_occupant_whether_or_not_it_is_hit() -> None:
    from armourpen.probability import odds

    # each of the taxi's 4 occupants is hit alike (GU-17): the 2 no card lists stand as one
    # target, hit twice as often as the driver, who adds no DR when not hit
    result = odds(taxi())
    names = [t.name for t in result.targets]
    assert names == ["Cop", "unnamed occupant of Taxi", "Driver", "Fare", "Passer-by"]
    assert result.target("unnamed occupant of Taxi").p_hit == 2 * result.target("Driver").p_hit


def test_gu16_p_hit_hand_worked() -> None:
    from armourpen.probability import odds

    # skill 14 - 8 = 6: 20 ways of 216 hit. Guard 1 is hit only after a miss and its own roll
    # on 9 (81 ways): 196/216 x 81/216.
    result = odds(past_guards())
    assert result.target("Guard 1").p_hit == Fraction(196, 216) * Fraction(81, 216)


def test_gu15_an_attack_roll_neither_given_nor_seeded_is_named_as_missing() -> None:
    # a fixed damage roll but no attack roll and no seed: the attack roll (GU-15) is what is
    # missing, not a hit location
    sc = armourpen.load_scenario({"rules": "gurps",
                                  "attack": {"damage": "3d pi", "roll": 10, "skill": 12},
                                  "line": [{"target": "A", "hp": 10}]})
    with pytest.raises(InputError) as info:
        armourpen.resolve(sc)
    assert str(info.value) == (
        "seed: the scenario has no fixed attack roll (GU-15) and no seed: give "
        "attack.attack_roll or attack.seed, or a seed (a whole number or a random.Random) to "
        "resolve")


VAN = {"cover": {"name": "Van", "dr": 0, "hp": 2, "injury_tolerance": "unliving", "occupants": 1,
                 "sm": 1}}
HOSTAGE_RIGHT_BEHIND = {"target": "Hostage", "hp": 10, "immediately_behind": True}


def test_gu16_gu17_unlisted_occupants_are_no_card_in_front_of_one_immediately_behind() -> None:
    # aimed at the gunman (skill 12, rolled 8: hit). The van's one occupant no card lists is
    # missed (occupant roll 11 against 10: 1 occupant, SM +1). The nearest target *card* in
    # front of the hostage is the gunman, who was hit: she is hit without a roll (GU-16).
    s = gurps("7d pi", {"target": "Gunman", "hp": 10}, VAN, HOSTAGE_RIGHT_BEHIND, skill=12)
    shooter, chain = shoot(s, 40, {"aimed": [8], "Van": [11]})
    gunman, unnamed, hostage = chain.targets
    assert gunman.hit and not unnamed.hit
    assert hostage.hit and shooter.hit_by[2] == "behind"
    assert any(st.text == "Hostage: immediately behind a target that was hit (GU-8): hit"
               for st in chain.steps)
