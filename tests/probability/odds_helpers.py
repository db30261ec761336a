"""Scenario generators and independent oracles for the odds tests."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from hypothesis import strategies as st

from armourpen.gurps.chain import resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.scenario import GurpsScenario

GRAY: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-"},
    "line": [{"target": "Gray", "hp": 12, "dr": 8}, {"target": "VIP", "hp": 10}],
}

TYPES = ["pi-", "pi", "pi+", "pi++", "imp", "cut", "cr", "burn", "burn tbb", "cor", "tox", "fat"]
DIVISORS = ["", "(2)", "(3)", "(5)", "(10)", "(0.5)", "(0.2)", "(0.1)", "(inf)"]
TOLERANCES = ["none", "unliving", "homogenous", "diffuse"]
LOCATIONS = ["torso", "vitals", "skull", "eye", "face", "neck", "arm", "groin"]
CHANCES = ["1", "1/2", "1/3", "2/5", "0"]


@st.composite
def damages(draw: st.DrawFn, max_dice: int = 3) -> str:
    n = draw(st.integers(1, max_dice))
    adds = draw(st.sampled_from(["", "+1", "+4", "-1", "-3"]))
    mult = draw(st.sampled_from(["", "", "x2", "x3"]))
    return f"{n}d{adds}{mult}{draw(st.sampled_from(DIVISORS))} {draw(st.sampled_from(TYPES))}"


@st.composite
def scenarios(draw: st.DrawFn, max_dice: int = 3) -> dict[str, Any]:
    line: list[dict[str, Any]] = []
    for i in range(draw(st.integers(1, 4))):
        if draw(st.booleans()) and i > 0:
            cover: dict[str, Any] = {"name": f"wall{i}", "dr": draw(st.integers(0, 6))}
            if draw(st.booleans()):
                cover["slab"] = True
            else:
                cover["hp"] = draw(st.integers(0, 20))
                cover["injury_tolerance"] = draw(st.sampled_from(TOLERANCES))
            line.append({"cover": cover})
        else:
            first = not any("target" in e for e in line)
            target: dict[str, Any] = {
                "target": f"t{i}",
                "hp": draw(st.integers(1, 15)),
                "dr": draw(st.integers(0, 8)),
                "injury_tolerance": draw(st.sampled_from(TOLERANCES)),
                "location": draw(st.sampled_from(LOCATIONS)),
            }
            if not first:
                target["hit_chance"] = draw(st.sampled_from(CHANCES))
            line.append(target)
    if not any("target" in e for e in line):
        line.append({"target": "last", "hp": 10})
    return {
        "rules": "gurps",
        "attack": {"damage": draw(damages(max_dice)), "ranged": draw(st.booleans())},
        "line": line,
    }


def patterns(scenario: GurpsScenario) -> list[tuple[Fraction, tuple[bool, ...]]]:
    """Every hit pattern with its probability, by brute force over all 2**n flags."""
    out = []
    chances = scenario.hit_chances
    for hits in product([False, True], repeat=len(chances)):
        p = Fraction(1)
        for h, c in zip(hits, chances, strict=True):
            p *= c if h else 1 - c
        if p:
            out.append((p, hits))
    return out


def brute_force(scenario: GurpsScenario) -> dict[str, Any]:
    """Every die face combination, every hit pattern: the chain called on each."""
    damage = scenario.attack.damage
    total = Fraction(1, 6**damage.dice)
    names = [t.name for t in scenario.targets]
    reached = dict.fromkeys(names, Fraction(0))
    over = dict.fromkeys(names, Fraction(0))
    pmf: dict[str, dict[int, Fraction]] = {n: {} for n in names}
    for faces in product(range(1, 7), repeat=damage.dice):
        b = basic_damage(damage, sum(faces) + damage.adds).value
        for p, hits in patterns(scenario):
            for t in resolve_chain(scenario, b, hits).targets:
                w = p * total
                reached[t.name] += w * t.reached
                over[t.name] += w * t.overpenetrates
                inj = t.injury or 0  # a target not hit takes no injury
                pmf[t.name][inj] = pmf[t.name].get(inj, Fraction(0)) + w
    return {"reached": reached, "over": over, "pmf": pmf}


def with_icepool(scenario: GurpsScenario) -> dict[str, Any]:
    """The same distributions built with icepool: dice -> basic damage -> the chain."""
    import icepool

    damage = scenario.attack.damage
    dice = damage.dice @ icepool.d6 + damage.adds
    basic = dice.map(lambda r: basic_damage(damage, r).value)
    names = [t.name for t in scenario.targets]
    reached = dict.fromkeys(names, Fraction(0))
    over = dict.fromkeys(names, Fraction(0))
    pmf: dict[str, dict[int, Fraction]] = {n: {} for n in names}
    for p, hits in patterns(scenario):
        for i, name in enumerate(names):

            def fate(b: int, i: int = i, hits: tuple[bool, ...] = hits) -> tuple[bool, bool, int]:
                t = resolve_chain(scenario, b, hits).targets[i]
                return (t.reached, t.overpenetrates, t.injury or 0)

            die = basic.map(fate)
            for (r, o, inj), q in zip(die.outcomes(), die.probabilities(), strict=True):
                w = p * q
                reached[name] += w * r
                over[name] += w * o
                pmf[name][inj] = pmf[name].get(inj, Fraction(0)) + w
    return {"reached": reached, "over": over, "pmf": pmf}
