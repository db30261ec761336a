"""Oracle tests: the exact engine against icepool and brute force, Fractions equal (GU-2..GU-14)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from hypothesis import HealthCheck, given, settings
from probability.odds_helpers import GRAY, brute_force, patterns, scenarios, with_icepool

from armourpen.gurps.scenario import parse_gurps
from armourpen.probability import odds
from armourpen.probability.exact import basic_damage_distribution
from armourpen.probability.fast import line_model
from armourpen.probability.model import ChainModel, Sums, placements, tally
from armourpen.probability.result import OddsResult

ORACLE = settings(
    max_examples=200, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _same(result: OddsResult, oracle: dict[str, Any]) -> None:
    for t in result.targets:
        assert t.p_reached == oracle["reached"][t.name], t.name
        assert t.p_overpenetrates == oracle["over"][t.name], t.name
        assert t.p_hit == oracle["hit"][t.name], t.name
        want = {k: v for k, v in sorted(oracle["pmf"][t.name].items()) if v}
        assert t.injury_pmf == want, t.name
        assert sum(t.injury_pmf.values()) == 1
        assert t.expected_injury == sum(k * v for k, v in want.items())
        assert t.shock_pmf == {k: v for k, v in sorted(oracle["shock"][t.name].items()) if v}
        assert t.p_major_wound == oracle["major"][t.name], t.name
        assert t.p_knockdown_roll == oracle["knockdown"][t.name], t.name
        assert t.p_crippled == oracle["crippled"][t.name], t.name
        assert t.location_pmf == {k: v for k, v in oracle["location"][t.name].items() if v}


@ORACLE
@given(scenarios(max_dice=4, max_random=1))
def test_gu7_to_gu14_exact_odds_equal_icepool(data: dict[str, Any]) -> None:
    scenario = parse_gurps(data)
    _same(odds(scenario), with_icepool(scenario))


@settings(ORACLE, max_examples=120)
@given(scenarios(max_dice=2, max_random=2))
def test_gu10_exact_odds_equal_brute_force_enumeration_of_dice_and_locations(
    data: dict[str, Any],
) -> None:
    scenario = parse_gurps(data)
    _same(odds(scenario), brute_force(scenario))


def test_gu10_random_location_odds_against_brute_force_on_agent_gray() -> None:
    # Both hit at random: every 3d6 location for each, every roll of 2d (x2 keeps it quick).
    data = {**GRAY, "attack": {"damage": "2dx4(2) pi-", "location": "random"}}
    scenario = parse_gurps(data)
    result = odds(scenario)
    _same(result, brute_force(scenario))
    assert result.target("Gray").location_pmf["skull"] == Fraction(4, 216)


@ORACLE
@given(scenarios(max_dice=40, overpenetrating=True))
def test_gu7_threshold_twin_equals_the_chain_on_every_value_pattern_and_location(
    data: dict[str, Any],
) -> None:
    scenario = parse_gurps(data)
    twin = line_model(scenario)
    # Only attacks that can overpenetrate have a twin; the strategy makes no other, so every
    # example is judged.
    assert twin is not None, data["attack"]
    chain = ChainModel.of(scenario)
    values, weights = basic_damage_distribution(scenario.attack.damage)
    # every placement of every target, hit and missed, in one pass per combination
    for pattern in product(*[(None, *p) for p in placements(scenario)]):
        reference = chain.columns(values, pattern)
        for a, b in zip(twin.columns(values, pattern), reference, strict=True):
            assert a.same(b)
        # and the twin's sums, made without columns, are the sums of the chain's columns
        assert _sums(twin.tally(values, weights, pattern)) == _sums(tally(reference, weights))


def _sums(sums: tuple[Sums, ...]) -> list[Any]:
    """Sums with the codes read through their tables (codes differ between models)."""
    out = []
    for s in sums:
        hits = []
        for where, weight, part, table in s.hits:
            by_wound: dict[Any, int] = {}
            for code, w in part.items():
                by_wound[table[code]] = by_wound.get(table[code], 0) + w
            hits.append((where, weight, {k: w for k, w in by_wound.items() if w}))
        out.append((s.reached, s.overpenetrates, hits))
    return out


@ORACLE
@given(scenarios(max_dice=12))
def test_gu8_every_pmf_sums_to_exactly_one(data: dict[str, Any]) -> None:
    scenario = parse_gurps(data)
    result = odds(scenario)
    assert sum(result.basic_damage_pmf.values()) == 1
    for t in result.targets:
        assert sum(t.injury_pmf.values()) == 1
        assert sum(t.shock_pmf.values()) == 1
        assert sum(t.location_pmf.values()) == t.p_hit
        assert 0 <= t.p_overpenetrates <= t.p_reached <= 1
        assert t.p_crippled <= t.p_major_wound <= 1  # crippling is a major wound
        assert t.p_major_wound <= t.p_knockdown_roll  # every major wound calls for the roll
    # Hit patterns: the probabilities of all patterns add up to 1 as well.
    assert sum(p for p, _ in patterns(scenario)) == Fraction(1)
