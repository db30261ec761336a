"""The shipped example scenarios load, resolve to their hand-worked answers, and run from the CLI."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

import armourpen
from armourpen.cli.app import main
from armourpen.errors import ScenarioError
from armourpen.scenario import example_names


def outcome(name: str) -> dict[str, Any]:
    return armourpen.resolve(armourpen.load_scenario(f"example:{name}")).to_dict()


def test_every_example_resolves() -> None:
    assert len(example_names()) >= 6
    for name in example_names():
        assert outcome(name)["targets"]


def test_gu7_agent_gray_example() -> None:
    gray, vip = outcome("agent-gray")["targets"]
    assert (gray["effective_dr"], gray["penetrating"], gray["injury"]) == (4, 16, 8)
    assert (gray["cover_dr"], gray["overpenetrates"]) == (14, True)
    assert (vip["penetrating"], vip["injury"]) == (6, 3)


def test_gu9_vest_blunt_trauma_example() -> None:
    # 2d+2 pi rolling 12 against a flexible DR 12 vest: nothing penetrates; 12 // 10 = 1 HP of
    # blunt trauma, shock -1 (HP 10), not a major wound
    (guard,) = outcome("vest-blunt-trauma")["targets"]
    assert (guard["penetrating"], guard["injury"], guard["blunt_trauma"]) == (0, 1, 1)
    assert (guard["shock"], guard["major_wound"], guard["knockdown_ht_modifier"]) == (-1, False, None)
    assert guard["effects"] == ["blunt_trauma", "shock"]


def test_gu10_random_location_burst_example() -> None:
    from armourpen.gurps.locations import HUMANOID, Location

    out = outcome("random-location-burst")
    for t in out["targets"]:
        if t["location"] is not None:  # each hit target's location comes from its own roll
            assert HUMANOID.location(t["location_roll"]).value == t["location"]
    exact = armourpen.odds(armourpen.load_scenario("example:random-location-burst"))
    sentry = exact.target("Sentry")
    # always hit; each location by its 3d6 ways out of 216
    ways = {"skull": 4, "face": 6, "leg": 61, "arm": 46, "torso": 52, "groin": 27, "hand": 10,
            "foot": 6, "neck": 4}
    assert sentry.location_pmf == {k: Fraction(v, 216) for k, v in ways.items()}
    assert sum(exact.target("Radio operator").location_pmf.values()) == exact.target(
        "Radio operator").p_hit
    assert Location.LEG.value in sentry.location_pmf


def test_gu3_random_location_burst_vest_covers_torso_vitals_and_groin_only() -> None:
    # 7d pi at the Sentry (HP 11), whose vest (DR 4) covers the torso, vitals and groin; every
    # other location has DR 0. Cover DR by location (GU-6): torso, groin 4 + 4 + 11 = 19; skull
    # (0 + 2) + (0 + 2) + 11 = 15; face, neck, limbs and extremities 0 + 0 + 11 = 11. Of the 216
    # rolls of 3d6: torso 52 + groin 27 = 79, skull 4, the rest 133.
    ways: dict[int, int] = {}  # ways to roll each total of 7d6
    for dice in product(range(1, 7), repeat=7):
        ways[sum(dice)] = ways.get(sum(dice), 0) + 1
    at_least = {t: sum(w for k, w in ways.items() if k >= t) for t in (12, 16, 20)}
    assert at_least == {12: 279606, 16: 273753, 20: 241539}
    exact = armourpen.odds(armourpen.load_scenario("example:random-location-burst"))
    sentry = exact.target("Sentry")
    over = 79 * at_least[20] + 4 * at_least[16] + 133 * at_least[12]
    assert sentry.p_overpenetrates == Fraction(over, 216 * 6**7)
    assert exact.target("Radio operator").p_reached == sentry.p_overpenetrates
    # No DR on an arm (46 rolls), leg (61), hand (10) or foot (6): 7d x1 is 7 or more, over HP/2
    # (5.5) and over HP/3 (3.7): always crippled; through the vest 7d - 4 can stay below.
    assert sentry.p_crippled == Fraction(46 + 61 + 10 + 6, 216)
    # Not a major wound only in the torso or groin with 7d - 4 <= 5: 7d of 7, 8 or 9 (1 + 7 + 28
    # of the 6**7 rolls); the skull ((7d - 2) x4), face and neck always are.
    assert ways[7] + ways[8] + ways[9] == 36
    assert sentry.p_major_wound == 1 - Fraction(79 * 36, 216 * 6**7)


def test_gu13_knockback_door_example() -> None:
    # 6d kb rolling 21, ST 10: 21 // (10 - 2) = 2 yards, DX -1 to stay standing; no injury; kb
    # cannot go on (GU-5): the door behind is not reached
    out = outcome("knockback-door")
    (rioter,) = out["targets"]
    assert (rioter["injury"], rioter["knockback_yards"], rioter["knockback_dx_modifier"]) == (0, 2, -1)
    assert rioter["effects"] == ["knockback"]
    assert out["covers"][0]["reached"] is False


def test_pa12_bodyguard_example() -> None:
    # PEN 7 - 1 (Very Long) = 6 vs NIJ III 6: -4; the VIP faces body 3 + vest twice: 6 + 2 = 8
    gray, vip = outcome("bodyguard")["targets"]
    assert (gray["av"], gray["outcome"]) == (6, "penetrated_reduced")
    assert (vip["av"], vip["outcome"]) == (8, "stopped")


def test_pa12_car_occupants_example() -> None:
    # from the left: car 3; passenger: car 3, driver side to side 4, own vest 4 -> 4 + 1 + 1 = 6
    driver, passenger = outcome("car-occupants")["targets"]
    assert (driver["av"], driver["outcome"]) == (3, "penetrated")
    assert (passenger["av"], passenger["outcome"]) == (6, "penetrated_reduced")


def test_pa9_sandbags_from_above_example() -> None:
    (rifleman,) = outcome("sandbags-from-above")["targets"]
    assert (rifleman["av"], rifleman["outcome"]) == (3, "penetrated")  # the helmet alone


def test_pa10_tank_ambush_example() -> None:
    # SPEN 14 = PEN 70; glacis 45 mm at 60 deg -> 90 mm -> AV 40
    tank, driver = outcome("tank-ambush")["targets"]
    assert (tank["av"], tank["outcome"]) == (40, "penetrated")
    assert (driver["av"], driver["outcome"]) == (40, "penetrated")


def test_unknown_example_lists_the_names() -> None:
    with pytest.raises(ScenarioError, match="agent-gray"):
        armourpen.load_scenario("example:nope")


def test_examples_command_lists_and_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["examples"])
    assert info.value.code == 0
    assert "tank-ambush" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        main(["examples", "agent-gray"])
    assert info.value.code == 0
    assert 'damage = "7d(2) pi-"' in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        main(["examples", "nope"])
    assert info.value.code == 2
    # AP-2: the value as typed, not as `example:nope`
    assert capsys.readouterr().err.startswith("armourpen: error: name: 'nope' is not allowed")
    with pytest.raises(SystemExit) as info:
        main(["resolve", "example:nope"])
    assert capsys.readouterr().err.startswith("armourpen: error: scenario: 'example:nope' is")


def test_ap1_every_step_of_every_example_cites_a_ruling() -> None:
    import re

    for name in example_names():
        out = outcome(name)
        assert out["steps"], name
        for step in out["steps"]:
            assert re.fullmatch(r"(PA|GU|AP)-\d+", step["rule"]), (name, step)
            assert step["text"]


def test_gu16_shot_past_the_bodyguards_example() -> None:
    out = outcome("shot-past-the-bodyguards")
    attack = out["attack"]
    # skill 14, -4 for each bodyguard in the way: 6; the seeded roll misses
    assert (attack["effective_skill"], attack["attack_hit"]) == (6, False)
    assert attack["attack_roll"] > 6
    first, _second, _gunman, _hostage = out["targets"]
    # the miss hits Bodyguard 1 on the lesser of 9 and skill 14: as Agent Gray (GU-7), 20 basic:
    # 16 penetrating, injury 8, cover DR 14
    assert (first["hit_by"], first["penetrating"], first["injury"]) == ("wrong_target", 16, 8)
    assert first["hit_roll"] <= 9
    exact = armourpen.odds(armourpen.load_scenario("example:shot-past-the-bodyguards"))
    # Bodyguard 1 is hit only after a miss (196 of 216) and its own roll on 9 (81 of 216)
    assert exact.target("Bodyguard 1").p_hit == Fraction(196 * 81, 216 * 216)


def test_gu17_taxi_example() -> None:
    out = outcome("taxi")
    # the occupant roll chose the fare: no occupant no card lists was hit, so none is listed
    driver, fare, gunman = out["targets"]
    assert [driver["name"], fare["name"], gunman["name"]] == ["Driver", "Fare", "Gunman"]
    # the taxi's cover DR 3 + 3 + 30/2 = 21 < 30: passed; 4 occupants, SM +3: 10 or less; the fare
    # is hit, facing 21 + DR 2 = 23: 7 penetrating, injury 7; its cover DR 2 + 2 + 10 = 14 makes
    # 35 in front, not beaten by 30: the gunman is not reached
    assert (fare["hit_by"], fare["penetrating"], fare["injury"]) == ("occupant", 7, 7)
    assert fare["hit_roll"] <= 10
    assert (driver["hit"], gunman["reached"]) == (False, False)


def test_gu18_brick_wall_example() -> None:
    out = outcome("brick-wall")
    (gunman,) = out["targets"]
    # 6 inches of brick at 5 per inch: DR 30, a thin slab; 33 - 30 = 3 penetrating, injury 3
    assert out["covers"][0]["cover_dr"] == 30
    assert (gunman["hit_by"], gunman["penetrating"], gunman["injury"]) == ("aimed", 3, 3)
    exact = armourpen.odds(armourpen.load_scenario("example:brick-wall"))
    # hit: the attack roll on 12 (160 of 216 rolls: 3 to 12) and 7d beating 30
    beats = sum(1 for dice in product(range(1, 7), repeat=5) for d6 in range(2, 13)
                if sum(dice) + d6 > 30 for _ in range(6 - abs(d6 - 7)))
    assert exact.target("Gunman").p_hit == Fraction(160, 216) * Fraction(beats, 6**7)


def test_gu19_smg_burst_at_a_car_door_example() -> None:
    # skill 12 + 2 (10 shots); roll 9: margin 5, 1 + 5 // 2 = 3 shots; each faces DR 2 + 2
    out = outcome("smg-burst-car-door")
    assert (out["attack"]["rof_bonus"], out["attack"]["margin"]) == (2, 5)
    assert out["attack"]["shots_landed"] == 3
    (thug,) = out["targets"]
    assert (thug["hits"], thug["injuries"], thug["injury"]) == (3, [5, 6, 0], 11)
    assert (thug["major_wound"], thug["shock"]) == (True, -4)


def test_gu20_shotgun_at_close_range_example() -> None:
    # 3x9: 27 projectiles, +5; skill 16, roll 10: margin 6, Rcl 1: 7 pellets land
    out = outcome("shotgun-close-range")
    assert (out["attack"]["shots"], out["attack"]["rof_bonus"]) == ("3x9", 5)
    assert out["attack"]["shots_landed"] == 7
    (raider,) = out["targets"]
    assert raider["hits"] == 7 == len(raider["locations"])
    assert raider["injury"] == sum(raider["injuries"])


def test_gu19_gu20_shotgun_example_at_attack_roll_13_lands_4_hits_on_the_raider() -> None:
    # 27 projectiles, +5: skill 11 + 5 = 16 (no 1/2D given: GU-20's close range does not apply);
    # roll 13 succeeds by 3, Rcl 1: 1 + 3 = 4 pellets land, and every one hits the Raider on the
    # one attack roll (13 > 11 would miss without the bonus). Each is 1d+1 (2 to 7) against DR 2.
    import tomllib

    from armourpen.scenario import example_path

    data = tomllib.loads(example_path("shotgun-close-range").read_text(encoding="utf-8"))
    data["attack"]["attack_roll"] = 13
    out = armourpen.resolve(armourpen.load_scenario(data)).to_dict()
    assert (out["attack"]["effective_skill"], out["attack"]["margin"]) == (16, 3)
    assert out["attack"]["shots_landed"] == 4
    (raider,) = out["targets"]
    assert raider["hits"] == 4 == len(raider["injuries"]) == len(raider["locations"])
    assert all(2 <= r <= 7 for r in out["attack"]["rolls"]) and len(out["attack"]["rolls"]) == 4
    assert not any("aimed roll missed" in s["text"] for s in out["steps"])


def test_gu21_gu22_grenade_in_the_courtyard_example() -> None:
    out = outcome("grenade-courtyard")
    ann, bob, cid, dan = out["targets"]
    assert out["attack"]["basic_damage"] == 42
    # 42 / 3, / 9, / 18, / 36
    assert [t["blast_damage"] for t in (ann, bob, cid, dan)] == [14, 4, 2, 1]
    # Bob DR 2: 4 - 2; Cid behind the wall's DR 8: nothing; Dan: 1
    assert [t["blast_injury"] for t in (ann, bob, cid, dan)] == [14, 2, 0, 1]
    # fragments: 15 at 1 yd; 15 - 1 (3 yd) - 4 (prone on the ground); 15 - 3 (6 yd) - 2
    # (crouching); Dan beyond 10 yards
    assert [t["fragment_skill"] for t in (ann, bob, cid, dan)] == [15, 10, 10, None]
    for t in (ann, bob, cid, dan):
        assert t["injury"] == t["blast_injury"] + sum(t["fragment_injuries"])


def test_gu21_thrown_himself_on_the_grenade_example() -> None:
    hero, mate, sergeant = outcome("thrown-on-grenade")["targets"]
    # the undivided maximum 72 against DR 4; his 4 + 12 covers the others
    assert (hero["blast_damage"], hero["blast_injury"]) == (72, 68)
    assert hero["fragment_hits"] == 1 and hero["fragment_roll"] is None
    for t in (mate, sergeant):
        assert t["blast_cover_dr"] == 16 and t["injury"] == 0
    assert (mate["blast_damage"], sergeant["blast_damage"]) == (7, 3)
