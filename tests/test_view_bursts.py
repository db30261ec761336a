"""Bursts and explosions as the view model and the terminal show them (GU-19 to GU-22).

Every figure is worked by hand from the example's rolls or from the 3d table; the comments show
the work.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import armourpen
from armourpen.gurps.layout import layout
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.view.odds import counted, hits_chances, joint_text
from armourpen.view.outcome import outcome_view

# 1d cr ex (blast radius 2 x 1 = 2 yd) among two unarmoured people, no fragments: in air the
# damage is divided by 3 x distance (GU-21). Ann at 1 yd: roll // 3 >= 1 on 3..6 (4 of 6);
# Ben at 2 yd: roll // 6 >= 1 on 6 only. Nobody hurt on 1 and 2: 1/3; expected hurt
# 4/6 + 1/6 = 5/6.
SMALL_BLAST: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "1d cr ex"},
    "line": [{"target": "Ann", "hp": 10, "distance": 1},
             {"target": "Ben", "hp": 10, "distance": 2}],
}


def _resolve(name: str) -> GurpsOutcome:
    outcome = armourpen.resolve(armourpen.load_scenario(name))
    assert isinstance(outcome, GurpsOutcome)
    return outcome


def _figures(card: Any) -> dict[str, str]:
    return {f.label: f.value for f in card.figures}


def test_gu21_an_explosion_row_has_the_blast_figures_not_the_shot_words() -> None:
    # grenade-courtyard: roll 21 x 2 = basic damage 42, in air divided by 3 x distance
    sc = armourpen.load_scenario("example:grenade-courtyard")
    outcome = _resolve("example:grenade-courtyard")
    titles = [c.title for c in layout(outcome).columns]
    assert "penetrating" not in titles and "shot" not in titles and "cover DR" not in titles
    cards = {c.name: _figures(c) for c in outcome_view(outcome, sc).cards}
    # Ann, 1 yd: 42 / 3 = 14, DR 0, injury 14 (cr x1)
    assert {k: cards["Ann"][k] for k in ("distance", "divisor", "blast damage", "large-area DR",
                                         "blast injury")} == {
        "distance": "1 yd", "divisor": "3", "blast damage": "14", "large-area DR": "0",
        "blast injury": "14"}
    # Bob, 3 yd: 42 / 9 = 4 (rounded down), his DR 2 everywhere: injury 2
    assert (cards["Bob"]["divisor"], cards["Bob"]["blast damage"], cards["Bob"]["large-area DR"],
            cards["Bob"]["blast injury"]) == ("9", "4", "2", "2")
    # Cid, 6 yd behind the low wall's DR 8: 42 / 18 = 2, all stopped by the wall
    assert (cards["Cid"]["cover in front"], cards["Cid"]["divisor"],
            cards["Cid"]["blast damage"], cards["Cid"]["blast injury"]) == ("8", "18", "2", "0")
    # Dan, 12 yd: 42 / 36 = 1, injury 1; the fragments [2d] reach 5 x 2 = 10 yd, not him
    assert (cards["Dan"]["distance"], cards["Dan"]["divisor"], cards["Dan"]["blast injury"],
            cards["Dan"]["fragments"], cards["Dan"]["injury"]) == (
        "12 yd", "36", "1", "out of reach", "1")


def test_gu21_the_head_line_says_the_blast_and_fragment_reach() -> None:
    head = layout(_resolve("example:grenade-courtyard")).head_text()
    # 6dx2: 2 x 12 dice = 24 yd; [2d]: 5 x 2 = 10 yd
    assert "basic damage 42" in head and "the blast reaches 24 yd in air" in head
    assert "fragments 2d cut reach 10 yd" in head


def test_gu19_a_burst_row_has_its_hits_and_each_injury() -> None:
    # smg-burst-car-door: rolls 9, 10, 4 against the door's DR 2 + the thug's DR 2:
    # 5, 6 and 0 (pi x1 at the torso)
    sc = armourpen.load_scenario("example:smg-burst-car-door")
    outcome = _resolve("example:smg-burst-car-door")
    thug = next(c for c in outcome_view(outcome, sc).cards if c.name == "Thug")
    figures = _figures(thug)
    assert (figures["hits"], figures["injuries"], figures["injury"]) == ("3", "5 + 6 + 0", "11")
    head = layout(outcome).head_text()
    # skill 12 + 2 for 10 shots (GU-19); margin 14 - 9 = 5: 1 + 5 // 2 = 3 landed
    assert "10 shots, Rcl 2" in head and "skill 12 +2 = 14" in head
    assert "3 shots landed, rolls 9 10 4" in head


def test_gu19_burst_odds_count_the_shots_landed() -> None:
    # skill 14 (12 + 2): rolls 15-18 miss (10+6+3+1 = 20 of 216); margin m lands 1 + m // 2:
    # rolls 13-14 -> 1 (21+15), 11-12 -> 2 (27+25), 9-10 -> 3 (25+27), 7-8 -> 4 (15+21),
    # 5-6 -> 5 (6+10), 3-4 -> 6 (1+3)
    sc = armourpen.load_scenario("example:smg-burst-car-door")
    result = armourpen.odds(sc)
    hits = hits_chances(result, result.targets[0])
    assert hits is not None and hits.rule == "GU-19"
    assert dict(hits.chances) == {0: Fraction(20, 216), 1: Fraction(36, 216),
                                  2: Fraction(52, 216), 3: Fraction(52, 216),
                                  4: Fraction(36, 216), 5: Fraction(16, 216),
                                  6: Fraction(4, 216)}
    assert hits.expected == Fraction(36 + 104 + 156 + 144 + 80 + 24, 216)
    assert "GU-19" in counted(result) and "hit patterns" not in counted(result)
    assert joint_text(result) is None


def test_gu21_explosion_odds_say_nobody_hurt_and_the_expected_number_hurt() -> None:
    result = armourpen.odds(armourpen.load_scenario(SMALL_BLAST))
    assert result.joint == (Fraction(1, 3), Fraction(5, 6))
    assert joint_text(result) == ("everyone, one blast (GU-21): nobody hurt 33.33%, expected "
                                  "number hurt 0.833 of 2")
    assert "GU-21" in counted(result) and "hit patterns" not in counted(result)
    # no fragments: no line of fragments hitting
    assert hits_chances(result, result.targets[0]) is None


@pytest.mark.parametrize("name", ["Bob", "Cid"])
def test_gu22_fragment_odds_at_three_and_six_yards(name: str) -> None:
    # Bob (3 yd, -1, prone -4) and Cid (6 yd, -3, crouching -2): skill 15 - 5 = 10.
    # 3d <= 10: 108 of 216 hit; margin 0-2 (rolls 8-10: 21+25+27 = 73) one fragment
    sc = armourpen.load_scenario("example:grenade-courtyard")
    result = armourpen.odds(sc)
    hits = hits_chances(result, result.target(name))
    assert hits is not None and hits.rule == "GU-22"
    assert dict(hits.chances)[0] == Fraction(1, 2)
    assert dict(hits.chances)[1] == Fraction(73, 216)


def test_gu19_a_burst_that_misses_still_has_a_card_per_entry() -> None:
    # the car door burst with an attack roll of 17: skill 14, a miss (GU-15): no shot lands, so
    # the thug is not hit; each row has as many cells as the table has columns
    outcome = armourpen.resolve(armourpen.load_scenario({
        "rules": "gurps",
        "attack": {"damage": "2d+2 pi", "skill": 12, "shots": 10, "rcl": 2, "attack_roll": 17,
                   "seed": 1},
        "line": [{"cover": {"name": "car door", "dr": 2, "slab": True}},
                 {"target": "Thug", "hp": 11, "dr": 2}]}))
    assert isinstance(outcome, GurpsOutcome)
    for row in layout(outcome).rows:
        assert len(row.cells) == len(layout(outcome).columns)
    assert "0 shots landed" in layout(outcome).head_text()
