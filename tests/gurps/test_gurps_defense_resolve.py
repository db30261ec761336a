"""GU-24 and GU-25 through resolve and the exact odds: the knight who blocks with a medium shield
(DB 2, DR 7, HP 40; Basic Set p. 287). Every figure is worked by hand in the comments."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from gurps.gurps_helpers import gurps
from hypothesis import given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.errors import ScenarioError
from armourpen.gurps.resolve import resolve_gurps


def knight(defense_roll: int, kind: str = "block", **more: Any) -> dict[str, Any]:
    return {"target": "knight", "hp": 12, "defense": {"kind": kind, "level": 10,
                                                       "roll": defense_roll},
            "shield": {"name": "medium", "location_roll": 4}, **more}


def resolve(*line: dict[str, Any], roll: int = 20, seed: int | None = None) -> dict[str, Any]:
    s = gurps("3d+6 imp", *line, roll=roll, skill=14, attack_roll=10)
    out: dict[str, Any] = resolve_gurps(s, seed=seed).to_dict()
    return out


def test_gu25_medium_shield_struck_and_punched_through() -> None:
    # attack roll 10 <= 14 hits; block 11 against 10 + DB 2 = 12: success by 1 <= DB 2: the
    # shield is struck. Shield: 20 - DR 7 = 13, Homogenous imp x1/2 = 6, HP 40 - 6 = 34 (working).
    # Cover DR 7 + 40/4 = 17; 20 > 17: punches through; 1d = 4: the torso aimed at;
    # penetrating 20 - 17 - DR 0 = 3, imp x2 torso: injury 6.
    t = resolve(knight(11))["targets"][0]
    assert (t["defended"], t["struck_shield"], t["shield_injury"], t["shield_hp_left"],
            t["shield_state"]) == (True, True, 6, 34, "working")
    assert (t["hit"], t["punched_through"], t["location"], t["penetrating"], t["injury"]) == (
        True, True, "torso", 3, 6)


def test_gu25_a_punched_through_blow_on_1_or_2_hits_the_shield_arm() -> None:
    # 1d = 2: the shield arm; 3 through, imp on an arm x1 (GU-4): injury 3
    line = knight(11)
    line["shield"] = {"name": "medium", "location_roll": 2}
    t = resolve(line)["targets"][0]
    assert (t["location"], t["penetrating"], t["injury"]) == ("arm", 3, 3)


def test_gu25_a_blow_that_stays_in_the_shield() -> None:
    # roll 15: shield 15 - 7 = 8, x1/2 = 4, HP 36; 15 does not exceed cover DR 17: the blow stops
    # in the shield and the knight takes nothing
    out = resolve(knight(11), roll=15)
    t = out["targets"][0]
    assert (t["struck_shield"], t["shield_injury"], t["shield_hp_left"], t["punched_through"]) == (
        True, 4, 36, False)
    assert (t["hit"], t["injury"], out["stopped_in"]) == (False, None, "knight's shield")


def test_gu24_a_failed_defense_is_a_plain_hit() -> None:
    # block 13 against 12 fails: 20 - DR 0 = 20 penetrating, imp x2: injury 40; the shield untouched
    t = resolve(knight(13))["targets"][0]
    assert (t["defended"], t["struck_shield"], t["shield_injury"], t["shield_hp_left"]) == (
        False, False, None, 40)
    assert (t["hit"], t["penetrating"], t["injury"]) == (True, 20, 40)


def test_gu24_a_clear_block_stops_the_blow() -> None:
    # block 8 against 12: success by 4 > DB 2: not hit, the shot stops; the squire is not reached
    out = resolve(knight(8), {"target": "squire", "hp": 10})
    k, sq = out["targets"]
    assert (k["defended"], k["struck_shield"], k["hit"], sq["reached"]) == (True, False, False,
                                                                           False)


def test_gu24_a_clear_dodge_flies_on_as_a_missed_shot() -> None:
    # dodge 8 against 12: by 4 > 2: dodged; the shot flies on as a missed one (GU-16): the squire
    # behind is tried as the wrong target on min(9, 14) = 9
    out = resolve(knight(8, "dodge"), {"target": "squire", "hp": 10}, seed=3)
    k, sq = out["targets"]
    assert (k["defended"], k["hit"], sq["reached"]) == (True, False, True)
    assert any("squire: the aimed roll missed: tried as the wrong target on min(9, skill 14) = 9"
               in s["text"] for s in out["steps"])


def test_gu24_only_the_aimed_card_defends() -> None:
    # the squire in front is aimed at: the knight behind, hit as a wrong target or not, makes no
    # defense roll (its defense key is then unused)
    s = gurps("3d+6 imp", {"target": "squire", "hp": 10}, knight(11), roll=20, skill=14,
              attack_roll=10)
    t = resolve_gurps(s, seed=1).to_dict()["targets"][1]
    assert t["defense"] is None and t["defended"] is False


def _3d() -> dict[int, int]:
    ways: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                ways[a + b + c] = ways.get(a + b + c, 0) + 1
    return ways


def test_gu24_gu25_knights_p_hit_against_an_enumeration() -> None:
    # Enumerated from GU-15, GU-24, GU-25: the attack roll against 14 (3, 4 hit; 17, 18 miss);
    # then the block against 12 (3, 4 succeed, 17, 18 fail), margin 12 - roll (0 for 3 or 4
    # above it); margin > 2 defends, 0..2 strikes the shield, else hit. The bearer is hit on a
    # failure, or when the shield is struck and 3d+6 > cover DR 17.
    three = _3d()
    hit = defended = struck = 0
    for a, wa in three.items():
        if not (a <= 4 or (a < 17 and a <= 14)):
            continue
        for d, wd in three.items():
            ok = d <= 4 or (d < 17 and d <= 12)
            margin = max(0, 12 - d)
            for r, wr in three.items():
                w = wa * wd * wr
                if not ok:
                    hit += w
                elif margin > 2:
                    defended += w
                else:
                    defended += w
                    struck += w
                    hit += w if r + 6 > 17 else 0
    total = 216 ** 3
    s = gurps("3d+6 imp", {"target": "knight", "hp": 12, "defense": {"kind": "block", "level": 10},
                           "shield": "medium"}, skill=14)
    o = armourpen.odds(s).target("knight")
    assert o.p_hit == Fraction(hit, total)
    assert o.p_defended == Fraction(defended, total)
    assert o.p_struck_shield == Fraction(struck, total)


def test_gu25_expected_shield_injury_against_an_enumeration() -> None:
    # the shield struck (margin 0..2 of a block against 12, after a hit against 14) takes
    # floor((3d+6 - 7) / 2), at least 1 when 3d+6 > 7: every 3d+6 does (9 or more)
    three = _3d()
    p_aim = Fraction(sum(w for a, w in three.items() if a <= 14), 216)
    p_struck = Fraction(sum(w for d, w in three.items() if 10 <= d <= 12), 216)
    mean = Fraction(sum(w * max(1, (r + 6 - 7) // 2) for r, w in three.items()), 216)
    s = gurps("3d+6 imp", {"target": "knight", "hp": 12, "defense": {"kind": "block", "level": 10},
                           "shield": "medium"}, skill=14)
    assert armourpen.odds(s).target("knight").expected_shield_injury == p_aim * p_struck * mean


@settings(max_examples=25, deadline=None)
@given(st.integers(9, 24), st.integers(0, 8), st.integers(6, 16), st.integers(3, 18))
def test_gu24_a_card_without_a_defense_roll_changes_no_figure(roll: int, dr: int, skill: int,
                                                              attack: int) -> None:
    # a defense on a card that is not aimed at is never rolled (GU-24): every figure of resolve and
    # of the odds equals the same scenario without it, but for the new keys of that card
    plain = [{"target": "lead", "hp": 10, "dr": dr}, {"target": "back", "hp": 10}]
    guarded = [plain[0], {**plain[1], "defense": {"kind": "dodge", "level": 9}, "shield": "small"}]
    keys = {"defense", "defended", "struck_shield", "shield_injury", "shield_hp_left",
            "shield_state", "shield_cover_dr", "punched_through", "punch_roll"}
    a = resolve_gurps(gurps("3d+6 pi", *plain, roll=roll, skill=skill, attack_roll=attack),
                      seed=7).to_dict()
    b = resolve_gurps(gurps("3d+6 pi", *guarded, roll=roll, skill=skill, attack_roll=attack),
                      seed=7).to_dict()
    b["targets"] = [{k: v for k, v in t.items() if k not in keys} for t in b["targets"]]
    assert a == b
    oa = armourpen.odds(gurps("3d+6 pi", *plain, skill=skill)).to_dict()
    ob = armourpen.odds(gurps("3d+6 pi", *guarded, skill=skill)).to_dict()
    assert oa == ob


@pytest.mark.parametrize(("card", "field", "allowed"), [
    ({"defense": {"kind": "duck", "level": 9}}, "line[0].defense.kind", "dodge, block, parry"),
    ({"defense": {"kind": "dodge", "level": 99}}, "line[0].defense.level", "-50 to 50"),
    ({"defense": {"kind": "dodge", "level": 9, "roll": 19}}, "line[0].defense.roll", "3 to 18"),
    ({"defense": {"kind": "dodge", "level": 9}, "shield": "meduim"}, "line[0].shield",
     "did you mean medium"),
    ({"defense": {"kind": "dodge", "level": 9}, "shield": {"db": 2, "dr": -1, "hp": 40}},
     "line[0].shield.dr", "0 to"),
    ({"defense": {"kind": "dodge", "level": 9}, "shield": {"db": 2, "dr": 7, "hp": -4}},
     "line[0].shield.hp", "0 to"),
    ({"defense": {"kind": "dodge", "level": 9}, "shield": {"db": 11, "dr": 7, "hp": 4}},
     "line[0].shield.db", "0 to 10"),
    ({"defense": {"kind": "dodge", "level": 9},
      "shield": {"name": "medium", "location_roll": 7}}, "line[0].shield.location_roll", "1 to 6"),
    ({"shield": "medium"}, "line[0].shield", "only beside defense"),
])
def test_ap2_bad_defense_and_shield(card: dict[str, Any], field: str, allowed: str) -> None:
    with pytest.raises(ScenarioError) as e:
        gurps("3d imp", {"target": "knight", "hp": 12, **card}, skill=12)
    assert e.value.field == field and allowed in e.value.allowed


def test_ap2_a_defense_needs_the_attack_roll() -> None:
    # with GU-8's given hit chances no card defends (GU-24)
    with pytest.raises(ScenarioError) as e:
        gurps("3d imp", {"target": "knight", "hp": 12, "defense": {"kind": "block", "level": 9}})
    assert e.value.field == "line[0].defense" and "attack.skill" in e.value.allowed


def test_ap2_a_defense_on_a_cover_card_is_refused() -> None:
    with pytest.raises(ScenarioError) as e:
        gurps("3d imp", {"cover": {"name": "door", "dr": 2, "hp": 10,
                                   "defense": {"kind": "block", "level": 9}}},
              {"target": "knight", "hp": 12}, skill=12)
    assert "defense" in str(e.value)


def test_gu24_a_dodge_against_a_burst_avoids_one_plus_its_margin() -> None:
    # 10 shots: +2, skill 12 + 2 = 14; attack roll 7: margin 7, Rcl 2: 1 + 7 // 2 = 4 hits land.
    # Dodge 6 against 8 (no shield): success by 2: 1 + 2 = 3 hits avoided, flying on as ONE missed
    # shot (the bystander is tried once, on min(9, 12) = 9); the 4th hit (roll 10) lands:
    # 10 pi against DR 0, x1 torso: injury 10.
    s = gurps("2d pi", {"target": "duelist", "hp": 11,
                        "defense": {"kind": "dodge", "level": 8, "roll": 6}},
              {"target": "bystander", "hp": 10}, skill=12, shots=10, rcl=2, attack_roll=7,
              rolls=[7, 8, 9, 10])
    out = resolve_gurps(s, seed=2).to_dict()
    d = out["targets"][0]
    assert (d["defended"], d["hits"], d["injuries"]) == (True, 1, [10])
    tried = [st for st in out["steps"] if "bystander: the aimed roll missed: tried" in st["text"]]
    assert len(tried) == 1


def test_gu24_a_block_against_a_burst_stops_one_hit() -> None:
    # the same burst, blocked 6 against 8 + DB 0... with no shield a block that succeeds stops one
    # hit; the other 3 land: 8 + 9 + 10 = 27 (x1 torso, DR 0)
    s = gurps("2d pi", {"target": "duelist", "hp": 11,
                        "defense": {"kind": "block", "level": 8, "roll": 6}},
              skill=12, shots=10, rcl=2, attack_roll=7, rolls=[7, 8, 9, 10])
    d = resolve_gurps(s, seed=2).to_dict()["targets"][0]
    assert (d["hits"], d["injuries"]) == (3, [8, 9, 10])


def test_gu24_no_exact_odds_yet_for_a_defense_against_a_burst() -> None:
    s = gurps("2d pi", {"target": "duelist", "hp": 11, "defense": {"kind": "dodge", "level": 8}},
              skill=12, shots=10, rcl=2)
    with pytest.raises(armourpen.InputError) as e:
        armourpen.odds(s)
    assert e.value.field == "line[0].defense"


def test_gu25_knight_blocks_arrow_example() -> None:
    # block 11 against 12: by 1 <= DB 2, the shield struck: 20 - 7 = 13, x1/2 = 6, HP 34;
    # 20 > cover DR 17: punched through to the torso (1d = 4): 20 - (17 + 2) = 1, x2: injury 2
    out = armourpen.resolve(armourpen.load_scenario("example:knight-blocks-arrow")).to_dict()
    (k,) = out["targets"]
    assert (k["shield_injury"], k["shield_hp_left"], k["shield_state"]) == (6, 34, "working")
    assert (k["punched_through"], k["location"], k["penetrating"], k["injury"]) == (
        True, "torso", 1, 2)


def test_gu24_duel_burst_dodged_example() -> None:
    # 4 hits land (skill 14, roll 7, Rcl 2); dodge 6 against 8: by 2, 3 avoided; the 4th (10)
    # lands: injury 10; the avoided hits fly on as one shot at the bystander (7: injury 7 if hit)
    out = armourpen.resolve(armourpen.load_scenario("example:duel-burst-dodged")).to_dict()
    duelist, bystander = out["targets"]
    assert (duelist["defended"], duelist["hits"], duelist["injuries"]) == (True, 1, [10])
    assert bystander["hits"] <= 1 and bystander["injuries"] in ([], [7])


SAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "gcs" / "samples"


def _kabal(defense: dict[str, Any]) -> dict[str, Any]:
    data = {"rules": "gurps", "attack": {"damage": "3d+6 imp", "roll": 20, "skill": 14,
                                         "attack_roll": 10},
            "line": [{"target": "Kabal", "gcs": "Kabal.gcs", "defense": defense}]}
    out: dict[str, Any] = armourpen.resolve(armourpen.load_scenario(data, base=SAMPLES)).to_dict()
    return out


def test_gu24_a_gcs_sheet_defends_with_its_own_levels() -> None:
    # Kabal.gcs: calc.dodge = [10, 9, ...] (unencumbered 10); its weapons' calc.parry 12 and 11:
    # the best is 12. Parry rolling 11 against 12: by 1, no shield: parried. Dodge rolling 11
    # against 10: failed, hit.
    parry = _kabal({"kind": "parry", "roll": 11})["targets"][0]["defense"]
    assert (parry["number"], parry["result"]) == (12, "defended")
    dodge = _kabal({"kind": "dodge", "roll": 11})["targets"][0]["defense"]
    assert (dodge["number"], dodge["result"]) == (10, "hit")
    # a level written beside gcs overrides the sheet's: 11 against 11 succeeds
    given = _kabal({"kind": "dodge", "level": 11, "roll": 11})["targets"][0]["defense"]
    assert (given["number"], given["result"]) == (11, "defended")


def test_ap2_a_gcs_sheet_without_a_block_asks_for_the_level() -> None:
    # Kabal.gcs has no weapon with a calc.block
    with pytest.raises(armourpen.InputError) as e:
        _kabal({"kind": "block", "roll": 11})
    assert e.value.field == "line[0].defense.level" and "gives no block" in e.value.allowed


@pytest.mark.parametrize("damage", ["3d+6 imp", "3d+6 cr"])  # cr cannot overpenetrate (GU-5)
def test_gu24_gu25_odds_agree_with_resolve_over_every_roll(damage: str) -> None:
    # resolve with each roll fixed, weighed by its ways: the attack roll (10 hits against 14, 196
    # ways; 17 misses, 20 ways), the block's 3d, the damage's 3d, the punch-through's 1d (2 of 6
    # the shield arm, 4 the torso): p_hit and the mean injury equal the exact odds'
    three = _3d()
    hit = Fraction(0)
    hurt = Fraction(0)
    for attack, wa in ((10, 196), (17, 20)):
        for d, wd in three.items():
            for r, wr in three.items():
                for punch, wp in ((1, 2), (3, 4)):
                    card = {"target": "knight", "hp": 12, "dr": 2,
                            "defense": {"kind": "block", "level": 10, "roll": d},
                            "shield": {"name": "medium", "location_roll": punch}}
                    s = gurps(damage, card, roll=r + 6, skill=14, attack_roll=attack)
                    t = resolve_gurps(s).to_dict()["targets"][0]
                    w = Fraction(wa * wd * wr * wp, 216 ** 3 * 6)
                    hit += w if t["hit"] else 0
                    hurt += w * (t["injury"] or 0)
    s = gurps(damage, {"target": "knight", "hp": 12, "dr": 2,
                       "defense": {"kind": "block", "level": 10}, "shield": "medium"}, skill=14)
    o = armourpen.odds(s).target("knight")
    assert (o.p_hit, o.expected_injury) == (hit, hurt)


def test_gu25_a_running_fight_starts_the_shield_where_the_last_blow_left_it() -> None:
    # the knight example leaves the shield at 34 HP; the next arrow (the same, 20) takes 6 more:
    # 34 - 6 = 28
    first = armourpen.load_scenario("example:knight-blocks-arrow")
    last = armourpen.resolve(first).to_dict()
    again = armourpen.resolve(armourpen.next_shot(first, last)).to_dict()["targets"][0]
    assert (again["shield_injury"], again["shield_hp_left"]) == (6, 28)


def test_gu25_a_destroyed_shield_gives_no_db() -> None:
    # a medium shield at -200 HP (-5 x 40) is destroyed (GU-26): block 11 against 10 + 0 = 10
    # fails: the knight is hit, 20 - DR 0 = 20, x2: injury 40
    from dataclasses import replace

    s = gurps("3d+6 imp", knight(11), roll=20, skill=14, attack_roll=10)
    k = s.targets[0]
    assert k.shield is not None
    s = replace(s, line=(replace(k, shield=replace(k.shield, hp_left=-200)),))
    t = resolve_gurps(s).to_dict()["targets"][0]
    assert (t["defense"]["number"], t["defended"], t["injury"]) == (10, False, 40)


def test_gu24_a_dodged_shot_flies_on_in_the_odds() -> None:
    # 1d pi can never pass the knight (cover DR = HP 12 > 6): the squire behind is hit only by a
    # shot that misses the knight (GU-16, tried on min(9, 14) = 9: 81 ways of 216): the attack
    # roll missing (17-18, 15-16: 20 ways) or hitting (196) and dodged (9 or less: 81 of 216)
    three = _3d()
    nine = sum(w for r, w in three.items() if r <= 9)
    assert nine == 81
    flies_on = Fraction(20, 216) + Fraction(196, 216) * Fraction(nine, 216)
    s = gurps("1d pi", {"target": "knight", "hp": 12, "defense": {"kind": "dodge", "level": 9}},
              {"target": "squire", "hp": 10}, skill=14, aim="knight")
    o = armourpen.odds(s)
    assert o.target("squire").p_hit == flies_on * Fraction(nine, 216)
    assert o.target("knight").p_defended == Fraction(196, 216) * Fraction(nine, 216)
