"""GU-24 (active defense) and GU-25 (damage to shields), every figure worked by hand from the
rulings in the comments."""

from __future__ import annotations

from armourpen.gurps.defense import (
    Defense,
    DefenseKind,
    Result,
    burst_stopped,
    defend,
    result_ways,
)
from armourpen.gurps.locations import Location
from armourpen.gurps.notation import Damage
from armourpen.gurps.shields import (
    SHIELDS,
    Shield,
    punch_through_location,
    shield_cover_dr,
    shield_damage,
    shield_state,
)

IMP = Damage.parse("3d+6 imp")
MEDIUM = Shield(2, 7, 40)


def test_gu25_medium_shield_cover_dr_is_17() -> None:
    # GU-25 with GU-6: DR 7 counted once + HP 40 / 4 (Homogenous) = 7 + 10 = 17
    assert shield_cover_dr(MEDIUM, IMP).value == 17


def test_gu25_medium_shield_by_name_has_the_rulings_figures() -> None:
    # GU-25's example: a medium shield is DR 7, HP 40; DB 2 (Basic Set p. 287)
    m = SHIELDS["medium"]
    assert (m.db, m.dr, m.hp, m.page) == (2, 7, 40, "B287")


def test_gu25_medium_shield_struck_by_20_takes_6() -> None:
    # 3d+6 imp rolling 20: 20 - DR 7 = 13 through; Homogenous imp x 1/2: 6.5 -> 6; HP 40 - 6 = 34
    hit = shield_damage(MEDIUM, IMP, 20).value
    assert (hit.penetrating, hit.injury, hit.hp_left, hit.state) == (13, 6, 34, "working")
    # and it punches through: 20 > cover DR 17, 3 beyond it go on to the bearer (checked in the
    # resolve test); the shield's own figures do not depend on it


def test_gu25_blow_within_the_shields_dr_does_nothing() -> None:
    # 3d+6 imp rolling 7 on DR 7: 7 - 7 = 0 through, no injury, HP stays 40
    hit = shield_damage(MEDIUM, IMP, 7).value
    assert (hit.penetrating, hit.injury, hit.hp_left) == (0, 0, 40)


def test_gu26_shield_states_by_hp_left() -> None:
    # GU-26 with HP 40: above 0 working; 0 or less a HT roll or it stops working; -40 or less a
    # HT roll or destroyed; -200 (-5 x HP) destroyed; -400 (-10 x HP, GU-25) falls apart
    assert shield_state(40, 40, 1).value == "working"
    assert shield_state(40, 40, 0).value == "HT roll or it stops working"
    assert shield_state(40, 40, -40).value == "HT roll or it is destroyed"
    assert shield_state(40, 40, -200).value == "destroyed"
    assert shield_state(40, 40, -400).value == "falls apart"


def test_gu25_punch_through_location_by_1d() -> None:
    # 1-2 the shield arm, 3-6 the location aimed at
    assert punch_through_location(2, Location.TORSO).value is Location.ARM
    assert punch_through_location(3, Location.TORSO).value is Location.TORSO


def test_gu24_block_success_by_more_than_db_defends() -> None:
    # block level 10 + DB 2 = 12; roll 8: success by 4 > DB 2: not hit, the blow stops
    r = defend(Defense(DefenseKind.BLOCK, 10), 2, True, 8, "knight").value
    assert (r.number, r.margin, r.result) == (12, 4, Result.DEFENDED)


def test_gu24_success_by_db_or_less_struck_the_shield() -> None:
    # 12 against 12: success by 0 <= 2; 10: by 2 <= 2: the shield was struck
    for roll, margin in ((12, 0), (10, 2)):
        r = defend(Defense(DefenseKind.BLOCK, 10), 2, True, roll, "knight").value
        assert (r.margin, r.result) == (margin, Result.STRUCK_SHIELD)


def test_gu24_failed_defense_is_hit() -> None:
    # 13 against 12: failure; 17 always fails even against 20
    assert defend(Defense(DefenseKind.DODGE, 10), 2, True, 13, "k").value.result is Result.HIT
    assert defend(Defense(DefenseKind.DODGE, 18), 2, True, 17, "k").value.result is Result.HIT


def test_gu24_three_or_four_above_the_number_succeeds_by_0() -> None:
    # level 1 + DB 2 = 3; a roll of 4 always succeeds, margin 0 <= DB: the shield was struck
    r = defend(Defense(DefenseKind.DODGE, 1), 2, True, 4, "k").value
    assert (r.margin, r.result) == (0, Result.STRUCK_SHIELD)


def test_gu24_sheet_level_holds_the_db_already() -> None:
    # a GCS level of 12 with DB 2 included: rolled against 12, not 14; 11: success by 1 <= 2
    r = defend(Defense(DefenseKind.BLOCK, 12, db_included=True), 2, True, 11, "k").value
    assert (r.number, r.result) == (12, Result.STRUCK_SHIELD)


def test_gu24_dodge_against_a_burst_avoids_one_plus_margin() -> None:
    # dodge success by 2 against 5 hits: 1 + 2 = 3 avoided; by 7: all 5; block: 1
    assert burst_stopped(DefenseKind.DODGE, 2, 5) == 3
    assert burst_stopped(DefenseKind.DODGE, 7, 5) == 5
    assert burst_stopped(DefenseKind.BLOCK, 7, 5) == 1


def test_gu24_result_ways_over_3d() -> None:
    # against 12 with DB 2: rolls 3-9 by more than 2 (1+3+6+10+15+21+25 = 81), 10-12 by 0-2
    # (27+27+25 = 79), 13-18 fail (21+15+10+6+3+1 = 56); 81 + 79 + 56 = 216
    ways = result_ways(12, 2, True)
    assert ways == {Result.DEFENDED: 81, Result.STRUCK_SHIELD: 79, Result.HIT: 56}


def test_gu25_the_shields_a_form_offers_are_the_tables() -> None:
    import armourpen

    assert tuple(SHIELDS) == armourpen.GURPS_SHIELDS
    assert armourpen.GURPS_DEFENSES == ("dodge", "block", "parry")
