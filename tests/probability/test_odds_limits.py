"""Odds and Monte Carlo estimate their work first and refuse, naming the cap, what would run for
minutes or take gigabytes; below the caps they run as before."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from probability.odds_helpers import scenarios

import armourpen
from armourpen.gurps.model import GurpsScenario
from armourpen.limits import LimitError, Limits
from armourpen.probability.cost import shot_rows
from armourpen.probability.fast import model_for
from armourpen.probability.model import hit_patterns, odds_work, pattern_shape, placements
from armourpen.probability.tabulation import shot_work


def line_of(dice: int, targets: int, uncertain: int = 0, damage: str = "pi") -> Any:
    line = [{"target": f"t{i}", "hp": 10, "hit_chance": "1/2" if 0 < i <= uncertain else 1}
            for i in range(targets)]
    return armourpen.load_scenario(
        {"rules": "gurps", "attack": {"damage": f"{dice}d {damage}"}, "line": line}
    )


def test_the_estimate_counts_values_entries_patterns_and_the_weight_width() -> None:
    # 1000 dice: 5001 values; 3 entries; 2 uncertain targets: 4 patterns; weights x (1 + 1000/200)
    sc = line_of(1000, 3, uncertain=2)
    assert odds_work(sc, model_for(sc)) == 5001 * 3 * 4 * 6
    # crushing cannot overpenetrate (GU-5): the chain is followed roll by roll, 25 times dearer
    cr = line_of(2, 4, damage="cr")
    assert odds_work(cr, model_for(cr)) == 11 * 4 * 1 * 202 // 200 * 25


def test_1000_targets_behind_1000_dice_are_refused_up_front() -> None:
    sc = line_of(1000, 400)
    with pytest.raises(LimitError) as info:
        armourpen.odds(sc)
    err = info.value
    assert err.field == "scenario"
    assert "max_odds_work" in err.allowed and "ARMOURPEN_MAX_ODDS_WORK" in err.allowed


def test_12_uncertain_targets_in_a_long_line_are_refused_by_both_engines() -> None:
    sc = line_of(10, 300, uncertain=12)
    with pytest.raises(LimitError, match="max_odds_work"):
        armourpen.odds(sc)
    with pytest.raises(LimitError, match="max_odds_work"):
        armourpen.sample(sc, 1000, 1)


def test_a_trillion_samples_are_refused_naming_the_draws() -> None:
    sc = line_of(7, 2)
    with pytest.raises(LimitError) as info:
        armourpen.sample(sc, 10**12, 1)
    assert info.value.field == "samples" and "max_sample_work" in info.value.allowed
    # each uncertain target adds a draw per sample
    three = line_of(7, 4, uncertain=3)
    armourpen.sample(three, 1000, 1, limits=Limits(max_sample_work=4000))
    with pytest.raises(LimitError, match="4,004 draws"):
        armourpen.sample(three, 1001, 1, limits=Limits(max_sample_work=4000))


def test_a_setting_raises_the_cap() -> None:
    sc = line_of(3, 2)
    # the chain's tabulation and the answer's rows, the whole estimate the cap is held against
    places = placements(sc)
    work = shot_work(sc, model_for(sc), places) + shot_rows(sc, places, model_for(sc)).work
    with pytest.raises(LimitError):
        armourpen.odds(sc, limits=Limits(max_odds_work=work - 1))
    exact = armourpen.odds(sc, limits=Limits(max_odds_work=work))
    # 3d pi against HP 10 and DR 0: the first target is always reached and hit
    assert exact.targets[0].p_reached == 1


def test_gu8_hit_chance_typed_with_a_huge_exponent_is_refused_at_once() -> None:
    data = {"rules": "gurps", "attack": {"damage": "1d pi"},
            "line": [{"target": "a", "hp": 10}, {"target": "b", "hp": 10,
                                                 "hit_chance": "1e999999999"}]}
    with pytest.raises(armourpen.InputError) as info:
        armourpen.load_scenario(data)
    assert info.value.field == "line[1].hit_chance" and info.value.value == "1e999999999"


@settings(max_examples=60, deadline=None)
@given(scenarios(max_dice=2, max_random=2))
def test_the_patterns_are_counted_exactly_without_enumerating_them(data: dict[str, Any]) -> None:
    sc = armourpen.load_scenario(data)
    assert isinstance(sc, GurpsScenario)
    places = placements(sc)
    chances = [t.hit_chance for t in sc.targets]
    count, _, uncertain = pattern_shape(chances, places)
    patterns = hit_patterns(chances, places, sc.targets)
    assert (count, uncertain) == (len(patterns.patterns), len(patterns.uncertain))


def test_gu10_many_random_locations_are_refused_before_their_patterns_exist() -> None:
    # 13 targets hit at random locations, 12 of them uncertain: billions of patterns
    line = [{"target": f"t{i}", "hp": 10, "dr": i % 3, "location": "random",
             "hit_chance": "1/2" if i else 1} for i in range(13)]
    sc = armourpen.load_scenario({"rules": "gurps", "attack": {"damage": "3d pi"}, "line": line})
    with pytest.raises(LimitError, match="max_odds_work"):
        armourpen.odds(sc)
    with pytest.raises(LimitError, match="max_odds_work"):
        armourpen.sample(sc, 100, 1)
