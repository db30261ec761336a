"""Exact odds worked out by hand from the rule text and rulings (GU-2, GU-3, GU-4, GU-7, GU-8)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from probability.odds_helpers import GRAY

from armourpen.errors import ScenarioError
from armourpen.gurps.scenario import parse_gurps
from armourpen.probability import odds
from armourpen.probability.dice import basic_damage_weights, dice_total_weights
from armourpen.probability.model import MAX_UNCERTAIN_TARGETS, hit_patterns

SEVEN_D6 = 6**7  # 279936


def _gray(**vip: Any) -> dict[str, Any]:
    data = {**GRAY, "line": [GRAY["line"][0], {**GRAY["line"][1], **vip}]}
    return data


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5])
def test_gu1_dice_total_weights_equal_enumeration(n: int) -> None:
    low, weights = dice_total_weights(n)
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=n):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    assert {low + k: w for k, w in enumerate(weights)} == counts


def test_gu1_both_convolutions_agree() -> None:
    from armourpen.probability.dice import _kronecker, _window

    for n in (1, 2, 7, 40, 150):
        assert _kronecker(n, 6) == _window(n, 6)


def test_gu2_minimum_folds_low_totals_into_1() -> None:
    # 1d-3: totals -2, -1, 0, 1 (faces 1-4) all become 1; face 5 gives 2, face 6 gives 3.
    assert basic_damage_weights(1, -3, 1, 1) == ((1, 2, 3), (4, 1, 1))


def test_gu2_crushing_minimum_is_0() -> None:
    # 1d-3 cr: faces 1-3 give -2, -1, 0 -> 0; faces 4-6 give 1, 2, 3.
    assert basic_damage_weights(1, -3, 1, 0) == ((0, 1, 2, 3), (3, 1, 1, 1))


def test_gu2_multiplier_after_adds() -> None:
    # 1d+1x3: (face + 1) x 3 = 6, 9, ..., 21, one way each.
    assert basic_damage_weights(1, 1, 3, 1) == ((6, 9, 12, 15, 18, 21), (1,) * 6)


def test_gu1_40d6_is_exact() -> None:
    low, weights = dice_total_weights(40)
    assert low == 40 and len(weights) == 201
    assert sum(weights) == 6**40  # beyond int64: Python ints throughout
    assert weights[0] == 1 and weights[-1] == 1 and weights[1] == 40  # one die shows 2
    scenario = parse_gurps(
        {
            "rules": "gurps",
            "attack": {"damage": "40d pi"},
            "line": [
                {"target": "a", "hp": 10, "dr": 20},
                {"target": "b", "hp": 10, "dr": 5},
                {"target": "c", "hp": 10},
            ],
        }
    )
    for t in odds(scenario).targets:
        assert sum(t.injury_pmf.values()) == 1
        assert all((6**40) % p.denominator == 0 for p in t.injury_pmf.values())
    # a: DR 20, pi x1: injury = 40d6 - 20, so the chance of the top injury 220 is 1 / 6**40.
    assert odds(scenario).target("a").injury_pmf[220] == Fraction(1, 6**40)


def test_gu7_agent_gray_odds() -> None:
    result = odds(parse_gurps(GRAY))
    gray, vip = result.targets
    # Gray is first: always reached. Injury floor((b - 4) / 2) for b = 7..42; 7d6 is symmetric
    # about 24.5 and floor((b-4)/2) + floor((45-b)/2) = 20 for every b, so the mean is exactly 10.
    assert gray.p_reached == 1
    assert gray.expected_injury == 10
    # b = 7 (all ones, 1 way) -> 3 penetrating -> injury 1; b = 42 (1 way) -> 38 -> 19.
    assert gray.injury_pmf[1] == Fraction(1, SEVEN_D6)
    assert gray.injury_pmf[19] == Fraction(1, SEVEN_D6)
    # Gray passes when b > 14 (cover DR 8 + 8 + 12 = 28, halved); the VIP is reached exactly then.
    assert vip.p_reached == gray.p_overpenetrates
    # The text's roll 20: VIP takes 20 - 14 = 6 -> 3; so does 21 (7 -> 3).
    low, w = dice_total_weights(7)
    assert vip.injury_pmf[3] == Fraction(w[20 - low] + w[21 - low], SEVEN_D6)
    # The VIP's cover DR is 0 + 0 + 10 HP = 10 -> 5, so the shot goes on past him when b > 19.
    assert vip.p_overpenetrates == Fraction(sum(w[20 - low :]), SEVEN_D6)
    assert vip.injury_pmf[14] == Fraction(1, SEVEN_D6)  # b = 42 only: 28 -> 14


def test_gu8_hit_chance_scales_injury_not_reach() -> None:
    full = odds(parse_gurps(GRAY)).target("VIP")
    third = odds(parse_gurps(_gray(hit_chance="1/3"))).target("VIP")
    assert third.p_reached == full.p_reached  # reaching does not depend on being hit
    assert third.expected_injury == full.expected_injury / 3
    assert third.p_overpenetrates == full.p_overpenetrates / 3  # a miss does not pass "through"
    assert 1 - third.injury_pmf[0] == (1 - full.injury_pmf[0]) / 3


def test_gu8_missed_target_adds_no_cover_dr() -> None:
    data = {
        "rules": "gurps",
        "attack": {"damage": "1d pi"},
        "line": [
            {"target": "front", "hp": 1},  # cover DR 1: passes when b > 1
            {"target": "middle", "hp": 3, "hit_chance": "1/2"},  # cover DR 3
            {"target": "back", "hp": 5},
        ],
    }
    result = odds(parse_gurps(data))
    middle, back = result.target("middle"), result.target("back")
    # middle is reached when b > 1 (faces 2..6), then hit half the time: p_hit = 5/6 x 1/2.
    assert (middle.p_reached, middle.p_hit) == (Fraction(5, 6), Fraction(5, 12))
    assert result.to_dict()["targets"][1]["p_hit"] == "5/12"
    # middle hit (1/2): back reached when b > 4 (faces 5, 6); missed: b > 1 (faces 2..6).
    assert back.p_reached == Fraction(1, 2) * Fraction(2, 6) + Fraction(1, 2) * Fraction(5, 6)
    assert back.p_hit == back.p_reached == Fraction(7, 12)  # hit chance 1 behind
    # injury = b - 4 (hit) or b - 1 (missed), pi x1.
    assert back.expected_injury == Fraction(1, 2) * Fraction(1 + 2, 6) + Fraction(1, 2) * Fraction(
        1 + 2 + 3 + 4 + 5, 6
    )


def test_gu5_crushing_stops_in_the_first_target() -> None:
    data = {**GRAY, "attack": {"damage": "2d cr"}}
    gray, vip = odds(parse_gurps(data)).targets
    assert gray.p_overpenetrates == 0
    assert vip.p_reached == 0
    assert vip.injury_pmf == {0: 1}
    # 2d cr vs DR 8, x1: injury = b - 8 for b = 9..12 (ways 4, 3, 2, 1 of 36): mean 20/36.
    assert gray.expected_injury == Fraction(1 * 4 + 2 * 3 + 3 * 2 + 4 * 1, 36)


def test_gu8_exact_odds_cap_on_uncertain_targets() -> None:
    chances = [Fraction(1)] + [Fraction(1, 2)] * (MAX_UNCERTAIN_TARGETS + 1)
    with pytest.raises(ScenarioError, match="at most 12"):
        hit_patterns(chances)
    assert len(hit_patterns(chances[:-1]).patterns) == 2**MAX_UNCERTAIN_TARGETS


def test_gu2_fixed_roll_is_ignored_by_odds_and_said_so() -> None:
    data = {**GRAY, "attack": {"damage": "7d(2) pi-", "roll": 20}}
    result = odds(parse_gurps(data))
    assert result.targets == odds(parse_gurps(GRAY)).targets
    assert any("roll 20 is ignored" in s.text for s in result.steps)


def test_gu7_json_shape_reduced_fractions() -> None:
    out = odds(parse_gurps(GRAY)).to_dict()
    assert [t["name"] for t in out["targets"]] == ["Gray", "VIP"]
    assert (out["rules"], out["method"], out["damage"]) == ("gurps", "exact", "7d(2) pi-")
    gray = out["targets"][0]
    assert set(gray) == {"name", "p_reached", "p_hit", "p_overpenetrates", "injury_pmf",
                         "expected_injury", "expected_injury_exact", "shock_pmf", "p_major_wound",
                         "p_knockdown_roll", "knockdown_pmf", "p_crippled", "location_pmf"}
    assert gray["location_pmf"] == {"torso": "1/1"}
    assert gray["p_reached"] == gray["p_hit"] == "1/1"
    assert gray["expected_injury"] == 10 and gray["expected_injury_exact"] == "10/1"
    assert gray["injury_pmf"]["19"] == "1/279936"
    for text in gray["injury_pmf"].values():
        n, d = (int(x) for x in text.split("/"))
        assert Fraction(n, d).numerator == n  # already reduced


def test_gu7_public_api_odds_stays_callable_after_the_package_is_imported() -> None:
    import armourpen
    import armourpen.probability  # the engine's package does not shadow the API function

    scenario = armourpen.load_scenario(GRAY)
    first = armourpen.odds(scenario)
    assert armourpen.odds(scenario) == first
    assert first.target("Gray").expected_injury == 10  # worked out above
