"""GU-21 (amended), GU-22: an explosion's armour divisor, fragments' own divisor, an explosive
inside a target, and a blast closer than a third of a yard. Values worked out by hand."""

from __future__ import annotations

from typing import Any

import pytest

import armourpen
from armourpen.cli.app import main
from armourpen.errors import InputError
from armourpen.gurps.resolve import resolve_gurps
from armourpen.gurps.scenario import parse_gurps


def blast(damage: str, *cards: dict[str, Any], **attack: Any) -> Any:
    return parse_gurps({"rules": "gurps", "attack": {"damage": damage, **attack},
                        "line": list(cards)})


def one(scenario: Any, k: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = resolve_gurps(scenario).to_dict()["targets"][k]
    return out


def test_gu21_collateral_damage_ignores_the_explosions_armour_divisor() -> None:
    # 6d(2) cr ex rolling 30 at 1 yd in air: 30 / (3 x 1) = 10. DR 10 everywhere: the large-area
    # DR is (10 + 10) / 2 = 10, and collateral damage ignores the (2): 10 - 10 = 0, injury 0
    # (with the divisor it would have been 10 - 5 = 5)
    t = one(blast("6d(2) cr ex", {"target": "A", "hp": 40, "dr": 10, "distance": 1}, roll=30))
    assert (t["blast_divisor"], t["blast_damage"]) == (3, 10)
    assert t["large_area_dr"] == 10
    assert (t["blast_injury"], t["injury"]) == (0, 0)


def test_gu21_a_target_struck_directly_meets_the_armour_divisor() -> None:
    # struck directly: 30 undivided; the (2) applies to him: DR 10 / 2 = 5; 30 - 5 = 25, cr x1
    t = one(blast("6d(2) cr ex", {"target": "B", "hp": 40, "dr": 10, "situation": "struck"},
                  roll=30))
    assert (t["blast_divisor"], t["blast_damage"], t["large_area_dr"]) == (1, 30, 5)
    assert (t["blast_injury"], t["injury"]) == (25, 25)


def test_gu14_gu21_hardened_dr_steps_the_divisor_down_for_a_target_struck_directly() -> None:
    # Hardened 1 moves (2) one step down the ladder to none (GU-14): DR 10 whole, 30 - 10 = 20
    t = one(blast("6d(2) cr ex", {"target": "B", "hp": 40, "dr": 10, "situation": "struck",
                                  "hardened": 1}, roll=30))
    assert (t["large_area_dr"], t["blast_injury"]) == (10, 20)


def test_gu21_cover_against_collateral_damage_keeps_its_whole_dr() -> None:
    # at 1 yd 30 / 3 = 10; a slab of DR 4 between (GU-6: its DR alone), not 4 / 2 = 2: the
    # target (DR 0) takes 10 - 4 = 6
    wall = {"name": "crate", "dr": 4, "slab": True}
    t = one(blast("6d(2) cr ex", {"target": "A", "hp": 40, "distance": 1, "cover": [wall]},
                  roll=30))
    assert (t["blast_cover_dr"], t["blast_injury"]) == (4, 6)


def test_gu21_the_one_on_the_explosive_is_not_struck_directly_no_divisor() -> None:
    # the ruling names only a target struck directly or with the explosive inside: the one who
    # threw himself on it takes the maximum, 6 x 6 = 36, against his whole torso DR 10: 26
    t = one(blast("6d(2) cr ex", {"target": "Hero", "hp": 40, "dr": 10,
                                  "situation": "threw_self"}, roll=30))
    assert (t["blast_damage"], t["large_area_dr"], t["blast_injury"]) == (36, 10, 26)


def _fragments(scenario: Any) -> list[tuple[int, int]]:
    """(basic damage, penetrating) of each fragment that hit the first target."""
    explosion = resolve_gurps(scenario).explosion
    assert explosion is not None
    return [(f.basic, f.penetrating) for f in explosion.targets[0].fragments]


@pytest.mark.parametrize("seed", range(6))
def test_gu21_gu22_fragments_keep_only_their_own_brackets_divisor(seed: int) -> None:
    # B is struck directly: one fragment without a roll (GU-22). Homogenous DR 10 everywhere (no
    # skull DR to add, GU-4), so every location gives the same sum.
    # [2d cut] under 6d(2): the blast's (2) is not the fragments': max(0, basic - 10)
    struck = {"target": "B", "hp": 40, "dr": 10, "situation": "struck",
              "injury_tolerance": "homogenous"}
    got = _fragments(blast("6d(2) cr ex [2d cut]", struck, roll=30, seed=seed))
    assert len(got) == 1
    assert all(pen == max(0, basic - 10) for basic, pen in got)
    # [2d(2) cut] under 6d: their own (2) applies: DR 10 / 2 = 5, max(0, basic - 5)
    got = _fragments(blast("6d cr ex [2d(2) cut]", struck, roll=30, seed=seed))
    assert len(got) == 1
    assert all(pen == max(0, basic - 5) for basic, pen in got)


def test_gu21_gu22_fragments_meet_the_cover_with_their_own_divisor() -> None:
    # A crouches at 1 yd behind a slab of DR 6, DR 0 himself, Homogenous (no skull DR): the
    # blast (collateral, no divisor) meets 6: 30 / 3 = 10 - 6 = 4; the [2d(2) cut] fragments
    # meet 6 / 2 = 3: each max(0, basic - 3). Seeds until some fragments landed.
    wall = {"name": "slab", "dr": 6, "slab": True}
    card = {"target": "A", "hp": 40, "distance": 1, "cover": [wall],
            "injury_tolerance": "homogenous"}
    seen = 0
    for seed in range(8):
        s = blast("6d(2) cr ex [2d(2) cut]", card, roll=30, seed=seed)
        assert one(s)["blast_injury"] == 4
        got = _fragments(s)
        seen += len(got)
        assert all(pen == max(0, basic - 3) for basic, pen in got)
    assert seen > 0


def test_gu21_an_explosive_inside_is_an_attack_on_the_vitals() -> None:
    # 2d cr ex rolling 7 inside: undivided 7, no DR (his DR 5 does not count), x3: injury 21
    # (not 7). HP 30: 21 > 15 is a major wound at the vitals: HT-5 against knockdown (GU-12)
    t = one(blast("2d cr ex", {"target": "Bomb", "hp": 30, "dr": 5, "situation": "inside"},
                  roll=7))
    assert (t["blast_divisor"], t["blast_damage"], t["large_area_dr"]) == (1, 7, 0)
    assert (t["blast_injury"], t["injury"]) == (21, 21)
    assert t["location"] == "vitals"
    assert (t["major_wound"], t["knockdown_ht_modifier"]) == (True, -5)


def test_gu21_inside_the_divisor_has_no_dr_to_meet() -> None:
    # a fractional divisor would make DR 0 into 1 (GU-3) - but inside there is no DR at all:
    # 2d(0.5) cr ex rolling 7: 7 x 3 = 21
    t = one(blast("2d(0.5) cr ex", {"target": "Bomb", "hp": 30, "situation": "inside"}, roll=7))
    assert (t["large_area_dr"], t["blast_injury"]) == (0, 21)


@pytest.mark.parametrize(("tolerance", "injury"), [
    ("homogenous", 7),          # Homogenous ignores location: cr keeps x1 (GU-4)
    ("diffuse", 2),             # x3 = 21, Diffuse caps one attack's injury at 2 for cr (GU-4)
    ("unliving", 21),           # Unliving keeps the vitals' modifier (GU-4): x3
    (["no_vitals"], 7),         # No Vitals: the vitals count as the torso, cr x1 (GU-14)
])
def test_gu21_injury_tolerance_inside_as_gu4_says_for_the_vitals(tolerance: Any,
                                                                 injury: int) -> None:
    t = one(blast("2d cr ex", {"target": "It", "hp": 30, "dr": 5, "situation": "inside",
                               "injury_tolerance": tolerance}, roll=7))
    assert t["blast_injury"] == injury


@pytest.mark.parametrize("seed", range(6))
def test_gu21_gu22_the_fragment_of_an_explosive_inside_meets_no_dr(seed: int) -> None:
    # one fragment without a roll (GU-22); DR 50 everywhere is not met: penetrating = basic
    s = blast("2d cr ex [1d cut]", {"target": "Bomb", "hp": 30, "dr": 50, "situation": "inside"},
              roll=7, seed=seed)
    got = _fragments(s)
    assert len(got) == 1
    assert all(pen == basic >= 1 for basic, pen in got)
    # Homogenous: cut x1.5 whatever the location (GU-4): the card's injury is 7 + floor(1.5 x b)
    s = blast("2d cr ex [1d cut]", {"target": "Bomb", "hp": 30, "dr": 50, "situation": "inside",
                                    "injury_tolerance": "homogenous"}, roll=7, seed=seed)
    (basic, pen), = _fragments(s)
    assert pen == basic
    assert one(s)["injury"] == 7 + (3 * basic) // 2


def test_gu21_a_divisor_below_1_is_taken_as_1_never_a_multiplier() -> None:
    # 6d cr ex rolling 30 at 0.25 yd in air: 3 x 0.25 = 0.75, below 1: read as 1 (the blast is
    # divided, never multiplied): 30 / 1 = 30, DR 0: injury 30 (30 / 0.75 would be 40)
    t = one(blast("6d cr ex", {"target": "Close", "hp": 100, "distance": 0.25}, roll=30))
    assert (t["blast_divisor"], t["blast_damage"]) == (1, 30)
    assert t["blast_injury"] == 30
    # underwater 1 x 0.5 = 0.5: the same, 30 (not 60)
    t = one(blast("6d cr ex", {"target": "Close", "hp": 100, "distance": 0.5}, roll=30,
                  environment="water"))
    assert (t["blast_divisor"], t["blast_damage"]) == (1, 30)


INSIDE_AND_ON_IT: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "2d cr ex", "roll": 7},
    "line": [{"target": "Bomb", "hp": 10, "situation": "inside"},
             {"target": "Hero", "hp": 12, "situation": "threw_self"}],
}


@pytest.mark.parametrize(("first", "second"), [("inside", "threw_self"),
                                               ("threw_self", "inside"),
                                               ("inside", "inside")])
def test_gu21_inside_beside_one_on_the_explosive_is_an_input_error(first: str,
                                                                  second: str) -> None:
    # the public API: one line naming the later card's situation, its value, what is allowed
    line = [{**INSIDE_AND_ON_IT["line"][0], "situation": first},
            {**INSIDE_AND_ON_IT["line"][1], "situation": second}]
    with pytest.raises(InputError) as err:
        armourpen.load_scenario({**INSIDE_AND_ON_IT, "line": line})
    assert err.value.field == "line[1].situation"
    text = str(err.value)
    assert "\n" not in text and repr(second) in text and "GU-21" in text


def test_gu21_cover_on_a_card_with_the_explosive_inside_is_an_input_error() -> None:
    card = {"target": "Bomb", "hp": 10, "situation": "inside",
            "cover": [{"name": "crate", "dr": 4, "slab": True}]}
    with pytest.raises(InputError) as err:
        blast("2d cr ex", card, roll=7)
    assert err.value.field == "line[0].cover" and "GU-21" in str(err.value)


def test_gu21_inside_beside_threw_self_in_the_cli_exits_2_with_one_line(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bomb.toml"
    path.write_text('rules = "gurps"\n[attack]\ndamage = "2d cr ex"\nroll = 7\n'
                    '[[line]]\ntarget = "Bomb"\nhp = 10\nsituation = "inside"\n'
                    '[[line]]\ntarget = "Hero"\nhp = 12\nsituation = "threw_self"\n')
    with pytest.raises(SystemExit) as info:
        main(["resolve", str(path)])
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == ""
    assert err.count("\n") == 1 and "line[1].situation" in err and "'threw_self'" in err
    assert "Traceback" not in err
