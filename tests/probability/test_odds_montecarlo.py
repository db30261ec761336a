"""Monte Carlo: within 4 standard errors of the exact odds, reproducible, flat in chunks (GU-8)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from probability.odds_helpers import GRAY

from armourpen.errors import InputError
from armourpen.gurps.scenario import parse_gurps
from armourpen.probability import odds, sample
from armourpen.probability.montecarlo import Estimate, alias_table

COVERED: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "3d+1(2) pi+"},
    "line": [
        {"cover": {"name": "door", "dr": 6, "slab": True}},
        {"target": "thug", "hp": 10, "dr": 2},
        {"target": "bystander", "hp": 10, "hit_chance": "0.3"},
        {"target": "last", "hp": 8, "hit_chance": "1/2", "location": "vitals"},
    ],
}


def _within(est: Estimate, exact: Fraction) -> None:
    if est.se == 0:
        assert est.value == exact
    else:
        assert abs(est.value - float(exact)) <= 4 * est.se, (est, float(exact))


RANDOM: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-", "location": "random"},
    "line": [
        {"target": "Gray", "hp": 12, "dr": 8, "flexible": True},
        {"target": "VIP", "hp": 10, "hit_chance": "1/2", "groin_double_shock": True},
    ],
}


# A vest on the torso, vitals and groin only, and a helmet: DR by location (GU-3).
VEST: dict[str, Any] = {**RANDOM, "line": [
    {**RANDOM["line"][0], "dr": {"torso": 8, "vitals": 8, "groin": 8, "skull": 4}},
    RANDOM["line"][1]]}

# Low Pain Threshold in front (shock doubled, GU-11), High Pain Threshold behind (no shock).
PAIN: dict[str, Any] = {**RANDOM, "line": [
    {**RANDOM["line"][0], "low_pain_threshold": True},
    {**RANDOM["line"][1], "high_pain_threshold": True}]}


@pytest.mark.parametrize(
    ("data", "seed"),
    [(GRAY, 1), ({**GRAY, "line": [GRAY["line"][0], {**GRAY["line"][1], "hit_chance": "1/3"}]}, 2),
     (COVERED, 3), (COVERED, 4), (RANDOM, 5), (VEST, 6), (PAIN, 7)],
)
def test_gu8_monte_carlo_within_4_standard_errors(data: dict[str, Any], seed: int) -> None:
    scenario = parse_gurps(data)
    exact = odds(scenario)
    mc = sample(scenario, 200_000, seed)
    for e, m in zip(exact.targets, mc.targets, strict=True):
        assert e.name == m.name
        _within(m.p_reached, e.p_reached)
        _within(m.p_hit, e.p_hit)
        _within(m.p_overpenetrates, e.p_overpenetrates)
        _within(m.expected_injury, e.expected_injury)
        _within(m.p_hit, e.p_hit)
        pmf = e.injury_pmf
        for inj, est in m.injury_pmf:
            _within(est, pmf[inj])  # never an injury the exact odds rule out
        assert sum(est.value for _, est in m.injury_pmf) == pytest.approx(1)
        for shock, est in m.shock_pmf:
            _within(est, e.shock_pmf[shock])
        assert sum(est.value for _, est in m.shock_pmf) == pytest.approx(1)
        _within(m.p_major_wound, e.p_major_wound)
        _within(m.p_knockdown_roll, e.p_knockdown_roll)
        for modifier, est in m.knockdown_pmf:
            _within(est, e.knockdown_pmf[modifier])  # never a modifier the exact odds rule out
        _within(m.p_crippled, e.p_crippled)
        assert {k for k, _ in m.location_pmf} <= set(e.location_pmf)
        for where, est in m.location_pmf:
            _within(est, e.location_pmf[where])


def test_gu8_same_seed_same_answer_whatever_the_chunk() -> None:
    scenario = parse_gurps(COVERED)
    a = sample(scenario, 50_001, 7)
    b = sample(scenario, 50_001, 7, chunk=1000)
    c = sample(scenario, 50_001, 7, chunk=33_333)
    assert a == b == c
    assert sample(scenario, 50_001, 8) != a


def test_gu8_progress_reports_every_chunk() -> None:
    seen: list[tuple[int, int]] = []
    sample(parse_gurps(GRAY), 2500, 1, chunk=1000, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1000, 2500), (2000, 2500), (2500, 2500)]


def test_gu1_alias_table_gives_the_exact_weights() -> None:
    # 2d6 totals: weights 1..6..1 out of 36. Slot j is drawn with chance 1/11, then kept with
    # keep[j] or given to alias[j]: the total chance of each value must come back to w/36.
    weights = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    keep, alias = alias_table(weights)
    n = len(weights)
    got = [Fraction(0)] * n
    for j in range(n):
        k = Fraction(keep[j]).limit_denominator(10**6)
        got[j] += k / n
        got[alias[j]] += (1 - k) / n
    assert got == [Fraction(w, 36) for w in weights]


@pytest.mark.parametrize(
    ("field", "kwargs"),
    [("samples", {"samples": 0, "seed": 1}), ("seed", {"samples": 10, "seed": -1}),
     ("chunk", {"samples": 10, "seed": 1, "chunk": 0})],
)
def test_ap2_bad_sampling_arguments_name_the_field(field: str, kwargs: dict[str, Any]) -> None:
    with pytest.raises(InputError, match=f"^{field}:"):
        sample(parse_gurps(GRAY), **kwargs)
