"""GU-19: a burst's exact odds against brute-force enumeration of every roll, and a seeded Monte
Carlo of ``resolve`` for a large burst."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from gurps.gurps_helpers import gurps

from armourpen.gurps.chain import resolve_chain
from armourpen.gurps.locations import HUMANOID, Location, LocationRoll
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.resolve import resolve_gurps
from armourpen.probability.burst import BurstTargetOdds, convolve
from armourpen.probability.exact import odds

THREE_D = {t: sum(1 for d in product(range(1, 7), repeat=3) if sum(d) == t) for t in range(3, 19)}


def _landed(skill: int, roll: int, rcl: int, shots: int) -> int:
    """By hand: 3, 4 hit; 17, 18 miss; else at or below skill. 0: missed."""
    if roll >= 17 or (roll > 4 and roll > skill):
        return 0
    return max(1, min(shots, 1 + (skill - roll) // rcl))


def _brute(s: GurpsScenario, skill: int, rcl: int, shots: int, random_location: bool
           ) -> dict[str, dict[Any, Fraction]]:
    """Every attack roll, every die of every landed shot, every location roll: the aimed target's
    hits, summed injury and any major wound (one target, so a miss hits nobody)."""
    hits: dict[int, Fraction] = {}
    injury: dict[int, Fraction] = {}
    major = Fraction(0)
    places = [(t, w) for t, w in THREE_D.items()] if random_location else [(10, 216)]
    for roll, ways in THREE_D.items():
        p_roll = Fraction(ways, 216)
        k = _landed(skill, roll, rcl, shots)
        if k == 0:
            hits[0] = hits.get(0, Fraction(0)) + p_roll
            injury[0] = injury.get(0, Fraction(0)) + p_roll
            continue
        for combo in product(product(range(1, 7), places), repeat=k):
            p = p_roll
            total, any_major = 0, False
            for die, (where, w) in combo:
                p *= Fraction(w, 6 * 216)
                loc = (LocationRoll((where,), HUMANOID.location(where), "humanoid")
                       if random_location else Location.TORSO)
                res = resolve_chain(s, die, None, [loc]).targets[0]
                assert res.effects is not None
                total += res.effects.injury
                any_major = any_major or res.effects.major_wound
            hits[k] = hits.get(k, Fraction(0)) + p
            injury[total] = injury.get(total, Fraction(0)) + p
            if any_major:
                major += p
    return {"hits": hits, "injury": injury, "major": {True: major}}


@pytest.mark.parametrize(("shots", "skill", "rcl", "random_location"), [
    (2, 10, 1, False), (3, 9, 1, False), (3, 12, 2, False), (2, 11, 1, True),
])
def test_gu19_exact_odds_equal_brute_force_enumeration(shots: int, skill: int, rcl: int,
                                                       random_location: bool) -> None:
    where = "random" if random_location else "torso"
    s = gurps("1d pi", {"target": "Bob", "hp": 6, "dr": 1, "location": where}, skill=skill,
              shots=shots, rcl=rcl)
    got = odds(s).target("Bob")
    assert isinstance(got, BurstTargetOdds)
    # skill + rof bonus: +0 for 2 to 4 shots
    want = _brute(s, skill, rcl, shots, random_location)
    assert got.hits_pmf == {k: v for k, v in want["hits"].items() if v}
    assert got.injury_pmf == {k: v for k, v in sorted(want["injury"].items()) if v}
    assert got.p_major_wound == want["major"][True]
    assert got.p_hit == 1 - want["hits"][0]


def test_gu19_a_target_behind_takes_each_overpenetrating_shot() -> None:
    # Bob (HP 4, DR 0) has cover DR 4: a die of 5 or 6 goes on into Ann, immediately behind.
    s = gurps("1d pi", {"target": "Bob", "hp": 4}, {"target": "Ann", "hp": 10,
              "immediately_behind": True}, skill=10, shots=2, rcl=1)
    ann = odds(s).target("Ann")
    assert isinstance(ann, BurstTargetOdds)
    # k landed: roll 3..10 hit; margin 0 -> 1 shot, 1 or more -> 2 (at most 2).
    p_one = Fraction(THREE_D[10], 216)  # 27/216
    p_two = sum((Fraction(THREE_D[r], 216) for r in range(3, 10)), Fraction(0))  # 81/216
    per = Fraction(2, 6)  # each shot goes through Bob with 5 or 6
    # a miss (108/216) is one shot tried at Ann on min(9, 10): 81 of 216 rolls hit her (GU-16)
    miss = 1 - p_one - p_two
    want_none = miss * Fraction(135, 216) + p_one * (1 - per) + p_two * (1 - per) ** 2
    assert want_none == Fraction(9, 16)
    assert ann.hits_pmf[0] == want_none
    assert ann.hits_pmf[2] == p_two * per**2


def test_gu19_convolution_by_packing_equals_the_schoolbook_one() -> None:
    rng = random.Random(3)
    for _ in range(50):
        a = [rng.randrange(0, 10**rng.randrange(1, 30)) for _ in range(rng.randrange(1, 30))]
        b = [rng.randrange(0, 10**rng.randrange(1, 30)) for _ in range(rng.randrange(1, 30))]
        want = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                want[i + j] += x * y
        assert convolve(a, b) == want


def test_gu19_twenty_shot_burst_matches_a_seeded_monte_carlo() -> None:
    s = gurps("2d+1 pi", {"target": "Bob", "hp": 12, "dr": 3, "location": "random"},
              skill=11, shots=20, rcl=2)
    exact = odds(s).target("Bob")
    assert isinstance(exact, BurstTargetOdds)
    n = 400
    rng = random.Random(20)
    hits, injury = 0, 0
    for _ in range(n):
        out = resolve_gurps(s, rng.randrange(2**32))
        bob = out.targets[0]
        assert out.burst is not None
        hits += len(out.burst.injuries[0])
        injury += bob.injury or 0
    mean_hits = Fraction(hits, n)
    # 4 standard errors: hits range 0-20 (sd at most 10), injury's sd well under 40
    assert abs(float(mean_hits - exact.expected_hits)) < 4 * 10 / n**0.5
    assert abs(float(Fraction(injury, n) - exact.expected_injury)) < 4 * 40 / n**0.5
    assert sum(exact.hits_pmf.values()) == 1
    assert sum(exact.injury_pmf.values()) == 1


def _close_brute(skill: int) -> dict[str, dict[int, Fraction]]:
    """GU-19 and GU-20 by hand for 1d pi, RoF 2x4, Rcl 1, at 1 yd of a 1/2D of 20 (under 2):
    only the 2 shots count (+0); each hit is 4 // 2 = 2 times 1d, so 2d, against Bob's DR 1 x 2
    = 2; pi x1 on the torso; a major wound over HP 6 / 2 = 3 from one hit; shock on the sum, at
    most -4 (HP under 20). Every attack roll and every die."""
    out: dict[str, dict[int, Fraction]] = {"hits": {}, "injury": {}, "shock": {}, "major": {}}

    def add(name: str, key: int, p: Fraction) -> None:
        out[name][key] = out[name].get(key, Fraction(0)) + p

    for roll, ways in THREE_D.items():
        p_roll = Fraction(ways, 216)
        k = _landed(skill, roll, 1, 2)
        for dice in product(range(1, 7), repeat=2 * k):
            p = p_roll * Fraction(1, 6 ** (2 * k))
            injuries = [max(0, dice[2 * j] + dice[2 * j + 1] - 2) for j in range(k)]
            total = sum(injuries)
            add("hits", k, p)
            add("injury", total, p)
            add("shock", -min(total, 4), p)
            add("major", int(any(i > 3 for i in injuries)), p)
    return out


@pytest.mark.parametrize("skill", [8, 10, 15])
def test_gu20_close_range_exact_odds_equal_an_enumeration_by_hand(skill: int) -> None:
    s = gurps("1d pi", {"target": "Bob", "hp": 6, "dr": 1, "range": 1}, skill=skill,
              shots="2x4", rcl=1, half_damage_range=20)
    got = odds(s).target("Bob")
    assert isinstance(got, BurstTargetOdds)
    want = _close_brute(skill)
    assert got.hits_pmf == {k: v for k, v in want["hits"].items() if v}
    assert got.injury_pmf == {k: v for k, v in sorted(want["injury"].items()) if v}
    assert got.shock_pmf == {k: v for k, v in sorted(want["shock"].items()) if v}
    assert got.p_major_wound == want["major"].get(1, Fraction(0))
    assert got.p_hit == 1 - want["hits"].get(0, Fraction(0))


def test_gu20_close_range_odds_by_hand_for_the_rulings_example() -> None:
    # 1d+1 pi, RoF 3x9, 1/2D 50, at 4 yd against DR 3, skill 11, Rcl 1: 3 shots count, +0.
    # Rolls 3 to 11 hit: 1+3+6+10+15+21+25+27+27 = 135 of 216 ways, so 81 miss; margin 0 lands
    # 1 (roll 11: 27), margin 1 lands 2 (roll 10: 27), 2 or more lands 3 (rolls 3-9: 81). Each
    # hit rolls 4d+4 against DR 3 x 4 = 12: no injury when 4d <= 8.
    s = gurps("1d+1 pi", {"target": "Raider", "hp": 12, "dr": 3, "range": 4}, skill=11,
              shots="3x9", rcl=1, half_damage_range=50)
    got = odds(s).target("Raider")
    assert isinstance(got, BurstTargetOdds)
    assert got.hits_pmf == {0: Fraction(81, 216), 1: Fraction(27, 216), 2: Fraction(27, 216),
                            3: Fraction(81, 216)}
    four_d = {t: 0 for t in range(4, 25)}
    for dice in product(range(1, 7), repeat=4):
        four_d[sum(dice)] += 1
    no_injury = Fraction(sum(w for t, w in four_d.items() if t <= 8), 6**4)
    p_none = (Fraction(81, 216) + Fraction(27, 216) * no_injury
              + Fraction(27, 216) * no_injury**2 + Fraction(81, 216) * no_injury**3)
    assert got.injury_pmf[0] == p_none


@pytest.mark.parametrize(("damage", "line", "attack"), [
    ("2d pi", [{"target": "T", "hp": 12}], {"skill": 10, "shots": 9, "rcl": 1}),
    ("2d pi", [{"target": "By", "hp": 10}, {"target": "Thug", "hp": 8},
               {"target": "Ann", "hp": 10, "immediately_behind": True}],
     {"skill": 14, "aim": "Thug", "shots": 9, "rcl": 1}),
    ("1d+1 pi", [{"target": "Raider", "hp": 12, "dr": 3, "range": 4},
                 {"target": "Ann", "hp": 10}],
     {"skill": 11, "shots": "3x9", "rcl": 1, "half_damage_range": 50}),
])
def test_gu19_gu20_seeded_resolve_falls_within_the_exact_odds(
        damage: str, line: list[dict[str, Any]], attack: dict[str, Any]) -> None:
    s = gurps(damage, *line, **attack)
    exact = odds(s)
    for seed in range(40):
        out = resolve_gurps(s, seed)
        assert out.burst is not None
        for k, t in enumerate(out.targets):
            o = exact.target(t.name)
            assert isinstance(o, BurstTargetOdds)
            assert o.hits_pmf.get(len(out.burst.injuries[k]), 0) > 0, (seed, t.name)
            assert o.injury_pmf.get(t.injury or 0, 0) > 0, (seed, t.name)
