"""Oracle tests: the exact engine against icepool and brute force, Fractions equal (GU-2..GU-8)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from hypothesis import HealthCheck, given, settings
from odds_helpers import brute_force, patterns, scenarios, with_icepool

from armourpen.gurps.scenario import parse_gurps
from armourpen.probability import odds
from armourpen.probability.exact import basic_damage_distribution
from armourpen.probability.fast import line_model
from armourpen.probability.model import ChainModel
from armourpen.probability.result import OddsResult

ORACLE = settings(
    max_examples=200, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _same(result: OddsResult, oracle: dict[str, Any]) -> None:
    for t in result.targets:
        assert t.p_reached == oracle["reached"][t.name], t.name
        assert t.p_overpenetrates == oracle["over"][t.name], t.name
        want = {k: v for k, v in sorted(oracle["pmf"][t.name].items()) if v}
        assert t.injury_pmf == want, t.name
        assert sum(t.injury_pmf.values()) == 1
        assert t.expected_injury == sum(k * v for k, v in want.items())


@ORACLE
@given(scenarios(max_dice=4))
def test_gu7_gu8_exact_odds_equal_icepool(data: dict[str, Any]) -> None:
    scenario = parse_gurps(data)
    _same(odds(scenario), with_icepool(scenario))


@ORACLE
@given(scenarios(max_dice=3))
def test_gu7_gu8_exact_odds_equal_brute_force_enumeration(data: dict[str, Any]) -> None:
    scenario = parse_gurps(data)
    _same(odds(scenario), brute_force(scenario))


@ORACLE
@given(scenarios(max_dice=40))
def test_gu7_threshold_twin_equals_the_chain_on_every_value_and_pattern(
    data: dict[str, Any],
) -> None:
    scenario = parse_gurps(data)
    twin = line_model(scenario)
    chain = ChainModel.of(scenario)
    values, _ = basic_damage_distribution(scenario.attack.damage)
    for hits in product([False, True], repeat=len(scenario.targets)):
        if twin is None:
            break
        assert twin.columns(values, hits) == chain.columns(values, hits)


@ORACLE
@given(scenarios(max_dice=12))
def test_gu8_every_pmf_sums_to_exactly_one(data: dict[str, Any]) -> None:
    scenario = parse_gurps(data)
    result = odds(scenario)
    assert sum(result.basic_damage_pmf.values()) == 1
    for t in result.targets:
        assert sum(t.injury_pmf.values()) == 1
        assert 0 <= t.p_overpenetrates <= t.p_reached <= 1
    # Hit patterns: the probabilities of all patterns add up to 1 as well.
    assert sum(p for p, _ in patterns(scenario)) == Fraction(1)
