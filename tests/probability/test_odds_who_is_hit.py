"""Exact odds of who is hit (GU-15 to GU-17) against a brute-force enumeration of every 3d roll
(the aimed roll, each wrong-target roll, each occupant roll and choice) for small lines, and
against a seeded Monte Carlo of ``resolve`` for larger ones."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from armourpen.gurps.attack_roll import THREE_D_WAYS
from armourpen.gurps.chain import resolve_chain
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.resolve import resolve_gurps
from armourpen.gurps.scenario import parse_gurps
from armourpen.gurps.wrong_target import Shooter
from armourpen.probability import odds
from armourpen.probability.totals import basic_damage_distribution


class _Need(Exception):
    """The process asked for a roll past the ones scripted: branch on it."""


def brute_force(s: GurpsScenario) -> dict[str, dict[str, Any]]:  # noqa: C901
    """p_hit and the injury distribution of each target, over every basic damage value and every
    sequence of 3d totals (and occupant choices) the process asks for, each with its ways."""
    values, weights = basic_damage_distribution(s.attack.damage)
    names = [t.name for t in s.targets]
    hit = dict.fromkeys(names, Fraction(0))
    pmf: dict[str, dict[int, Fraction]] = {n: {} for n in names}

    def run(v: int, script: list[tuple[str, int]], p: Fraction,
            where: list[Any] | None = None) -> None:
        it = iter(script)

        def roll(what: str) -> int:  # noqa: ARG001
            try:
                kind, value = next(it)
            except StopIteration:
                raise _Need(("roll", 0)) from None
            assert kind == "roll"
            return value

        def choose(what: str, n: int) -> int:  # noqa: ARG001
            try:
                kind, value = next(it)
            except StopIteration:
                raise _Need(("choose", n)) from None
            assert kind == "choose"
            return value

        try:
            shooter = Shooter(s, roll, choose)
            chain = resolve_chain(s, v, None, where, decide=shooter)
        except _Need as need:
            kind, n = need.args[0]
            if kind == "roll":
                for total, ways in THREE_D_WAYS:
                    run(v, [*script, ("roll", total)], p * Fraction(ways, 216), where)
            else:
                for pick in range(n):
                    run(v, [*script, ("choose", pick)], p / n, where)
            return
        for t in chain.targets:
            if t.hit:
                hit[t.name] += p
            inj = t.injury or 0
            pmf[t.name][inj] = pmf[t.name].get(inj, Fraction(0)) + p

    total = sum(weights)
    # every hit location of a target whose location is random, by its ways on the table (GU-10)
    spots: list[list[tuple[Any, Fraction]]] = [[(t.location, Fraction(1))] for t in s.targets]
    for k, t in enumerate(s.targets):
        if t.random_location:
            table = t.body.weights()
            ways = sum(w for _, w in table)
            spots[k] = [(where, Fraction(w, ways)) for where, w in table]
    for v, w in zip(values, weights, strict=True):
        for combo in product(*spots):
            p = Fraction(w, total)
            for _, q in combo:
                p *= q
            run(v, [], p, [where for where, _ in combo])
    return {"hit": hit, "pmf": pmf}


def scenario(damage: str, *line: dict[str, Any], **attack: Any) -> GurpsScenario:
    return parse_gurps({"rules": "gurps", "attack": {"damage": damage, **attack},
                        "line": list(line)})


SMALL = [
    # a guard in the way of the gunman (its own skill), a hostage immediately behind him
    scenario("1d+8 pi", {"target": "Guard", "hp": 7, "dr": 2, "skill": 6},
             {"target": "Gunman", "hp": 12},
             {"target": "Hostage", "hp": 3, "immediately_behind": True}, skill=13, aim="Gunman"),
    # a car with three occupants, one listed, and someone behind it (the occupant roll and choice)
    scenario("1d+10 pi-", {"target": "Cop", "hp": 2, "obscures": False},
             {"cover": {"name": "Car", "dr": 1, "hp": 40, "occupants": 3, "sm": 4}},
             {"target": "Driver", "hp": 2, "inside": "Car"}, {"target": "Walker", "hp": 2},
             skill=11),
    # a shot that cannot overpenetrate (GU-5): the first hit stops it
    scenario("1d+2 cr", {"target": "Guard", "hp": 10}, {"target": "Gunman", "hp": 10},
             skill=15, aim="Gunman"),
    # the aimed one inside a vehicle (no occupant roll for it), a random hit location
    scenario("1d+9 pi", {"cover": {"name": "Van", "dr": 1, "hp": 2, "occupants": 2, "sm": 2}},
             {"target": "Boss", "hp": 3, "inside": "Van", "location": "random"},
             skill=12, aim="Boss"),
    # a van whose one occupant no card lists, and someone right behind it (no card in front of
    # her but the gunman's)
    scenario("1d+9 pi", {"target": "Gunman", "hp": 2},
             {"cover": {"name": "Van", "dr": 1, "hp": 2, "occupants": 1, "sm": 1}},
             {"target": "Hostage", "hp": 2, "immediately_behind": True}, skill=12),
]


@pytest.mark.parametrize("s", SMALL, ids=["guards", "car", "crushing", "aimed-inside", "van"])
def test_gu16_gu17_exact_odds_equal_a_brute_force_of_every_roll(s: GurpsScenario) -> None:
    want = brute_force(s)
    got = odds(s)
    for t in got.targets:
        assert t.p_hit == want["hit"][t.name], t.name
        assert t.injury_pmf == {k: v for k, v in sorted(want["pmf"][t.name].items()) if v}, t.name
        assert sum(t.injury_pmf.values()) == 1


LARGE = scenario(
    "6d pi",
    {"target": "Guard 1", "hp": 10, "dr": 4}, {"target": "Guard 2", "hp": 10, "obscures": False},
    {"cover": {"name": "Taxi", "dr": 2, "hp": 20, "injury_tolerance": "unliving",
               "occupants": 4, "sm": 3}},
    {"target": "Driver", "hp": 10, "inside": "Taxi"}, {"target": "Fare", "hp": 10,
                                                       "inside": "Taxi"},
    {"target": "Gunman", "hp": 10}, {"target": "Hostage", "hp": 10, "immediately_behind": True},
    {"target": "Bystander", "hp": 10, "skill": 7},
    skill=16, aim="Gunman",
)


def test_gu16_gu17_exact_odds_within_a_seeded_monte_carlo_of_resolve() -> None:
    exact = odds(LARGE)
    n = 3000
    counts = dict.fromkeys((t.name for t in LARGE.targets), 0)
    for seed in range(n):
        for t in resolve_gurps(LARGE, seed=seed).targets:
            counts[t.name] += t.hit
    for o in exact.targets:
        p = float(o.p_hit)
        se = math.sqrt(max(p * (1 - p), 1e-4) / n)
        assert abs(counts[o.name] / n - p) <= 4.5 * se, (o.name, counts[o.name] / n, p)


def test_gu16_every_figure_is_weighed_by_p_hit() -> None:
    exact = odds(LARGE)
    for t in exact.targets:
        # the locations a target is hit at sum to its p_hit, and nothing is counted twice
        assert sum(t.location_pmf.values()) == t.p_hit
        assert sum(t.injury_pmf.values()) == 1
        assert t.p_hit <= t.p_reached


def test_gu16_gu17_one_right_behind_a_van_of_unlisted_occupants_is_hit_when_it_is_missed() -> None:
    # GU-16: the hostage is hit without a roll when the nearest target card in front (the
    # gunman) was hit; the van's occupants no card lists are no card. So her chance is that of
    # the same line with an empty van, times the chance the occupant roll misses (1 occupant,
    # SM +1: 10 or less, 108 ways of 216 succeed, 108 fail), which would stop the shot in it.
    gunman = {"target": "Gunman", "hp": 10}
    hostage = {"target": "Hostage", "hp": 10, "immediately_behind": True}
    van = {"name": "Van", "dr": 1, "hp": 2}
    empty = odds(scenario("7d pi", gunman, {"cover": van}, hostage, skill=12))
    full = odds(scenario("7d pi", gunman, {"cover": {**van, "occupants": 1, "sm": 1}}, hostage,
                         skill=12))
    p_empty = next(t.p_hit for t in empty.targets if t.name == "Hostage")
    p_full = next(t.p_hit for t in full.targets if t.name == "Hostage")
    assert p_empty > 0
    assert p_full == p_empty * Fraction(108, 216)
