"""Scenario generators and independent oracles for the odds tests."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from typing import Any

from hypothesis import strategies as st

from armourpen.gurps.chain import TargetResult, resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.locations import HUMANOID, Location
from armourpen.gurps.model import GurpsScenario

GRAY: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-"},
    "line": [{"target": "Gray", "hp": 12, "dr": 8}, {"target": "VIP", "hp": 10}],
}

TYPES = ["pi-", "pi", "pi+", "pi++", "imp", "cut", "cr", "burn", "burn tbb", "cor", "tox", "fat",
         "kb"]
# GU-5: the types that can overpenetrate when the attack is ranged (the others stop in the first
# target, so a line of them has no threshold twin to compare).
OVERPENETRATING = ["pi-", "pi", "pi+", "pi++", "imp", "burn tbb"]
DIVISORS = ["", "(2)", "(3)", "(5)", "(10)", "(0.5)", "(0.2)", "(0.1)", "(inf)"]
TOLERANCES = ["none", "unliving", "homogenous", "diffuse"]
LACKING = ["no_brain", "no_vitals", "no_blood", "no_eyes", "no_head", "no_neck"]
LOCATIONS = ["torso", "vitals", "skull", "eye", "face", "neck", "arm", "groin", "leg", "hand",
             "foot", "random"]
CHANCES = ["1", "1/2", "1/3", "2/5", "0"]


@st.composite
def damages(draw: st.DrawFn, max_dice: int = 3, types: Sequence[str] = TYPES) -> str:
    n = draw(st.integers(1, max_dice))
    adds = draw(st.sampled_from(["", "+1", "+4", "-1", "-3"]))
    mult = draw(st.sampled_from(["", "", "x2", "x3"]))
    return f"{n}d{adds}{mult}{draw(st.sampled_from(DIVISORS))} {draw(st.sampled_from(types))}"


@st.composite
def tolerances(draw: st.DrawFn) -> str | list[str]:
    kind = draw(st.sampled_from(TOLERANCES))
    lacking = draw(st.lists(st.sampled_from(LACKING), max_size=2, unique=True))
    if not lacking:
        return kind
    return lacking if kind == "none" else [kind, *lacking]


@st.composite
def scenarios(
    draw: st.DrawFn, max_dice: int = 3, max_random: int = 4, overpenetrating: bool = False
) -> dict[str, Any]:
    """GURPS scenarios with every rule in play; at most ``max_random`` random-location targets.

    ``overpenetrating``: only ranged attacks of the types that can pass through (GU-5).
    """
    line: list[dict[str, Any]] = []
    randoms = 0
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
            tolerance = draw(tolerances())
            lacking = set([tolerance] if isinstance(tolerance, str) else tolerance)
            missing = set()
            if "no_head" in lacking:
                missing |= {"skull", "face", "eye"}
            if "no_eyes" in lacking:
                missing.add("eye")
            if "no_neck" in lacking:
                missing.add("neck")
            allowed = [loc for loc in LOCATIONS if loc not in missing
                       and (loc != "random" or randoms < max_random)]
            location = draw(st.sampled_from(allowed))
            randoms += location == "random"
            target: dict[str, Any] = {
                "target": f"t{i}",
                "hp": draw(st.integers(1, 25)),
                "dr": draw(st.integers(0, 8)),
                "injury_tolerance": tolerance,
                "location": location,
            }
            extras = draw(st.fixed_dictionaries({}, optional={
                "dr_back": st.integers(0, 8),
                "flexible": st.booleans(),
                "vulnerability": st.integers(1, 3),
                "hardened": st.integers(0, 3),
                "st": st.integers(0, 14),
                "perfect_balance": st.booleans(),
                "groin_double_shock": st.booleans(),
            }))
            target.update(extras)
            if draw(st.integers(0, 3)) == 0:  # DR by location (GU-3): 0 where it is silent
                spots = [loc for loc in LOCATIONS if loc != "random"]
                for key in draw(st.lists(st.sampled_from(["dr", "dr_back"]), min_size=1,
                                         unique=True)):
                    target[key] = draw(st.dictionaries(st.sampled_from(spots),
                                                       st.integers(0, 8), max_size=4))
            if not first:
                target["hit_chance"] = draw(st.sampled_from(CHANCES))
            line.append(target)
    if not any("target" in e for e in line):
        line.append({"target": "last", "hp": 10})
    return {
        "rules": "gurps",
        "attack": {
            "damage": draw(damages(max_dice, OVERPENETRATING if overpenetrating else TYPES)),
            "ranged": True if overpenetrating else draw(st.booleans()),
        },
        "line": line,
    }


State = tuple[bool, Location]  # hit, and where (where is irrelevant when missed)


def states(scenario: GurpsScenario) -> list[tuple[Fraction, tuple[State, ...]]]:
    """Every combination of hits and hit locations with its probability, by brute force.

    A target hit at a random location can be hit at each of its table's rolls (3d6: 216 ways).
    """
    per_target: list[list[tuple[Fraction, State]]] = []
    for t in scenario.targets:
        c = t.hit_chance
        where: list[tuple[Fraction, Location]]
        if t.random_location:
            ways: dict[Location, int] = {}  # count the 216 rolls of 3d6 on the table
            for r in product(range(1, 7), repeat=3):
                loc = HUMANOID.location(sum(r))
                ways[loc] = ways.get(loc, 0) + 1
            where = [(Fraction(n, 216), loc) for loc, n in ways.items()]
        else:
            assert isinstance(t.location, Location)
            where = [(Fraction(1), t.location)]
        opts = [(c * q, (True, loc)) for q, loc in where]
        opts.append((1 - c, (False, Location.TORSO)))
        per_target.append([(p, s) for p, s in opts if p])
    out = []
    for combo in product(*per_target):
        p = Fraction(1)
        for q, _ in combo:
            p *= q
        out.append((p, tuple(s for _, s in combo)))
    return out


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


def _empty(names: list[str]) -> dict[str, Any]:
    zero = Fraction(0)
    return {
        "reached": dict.fromkeys(names, zero), "over": dict.fromkeys(names, zero),
        "hit": dict.fromkeys(names, zero), "major": dict.fromkeys(names, zero),
        "knockdown": dict.fromkeys(names, zero), "crippled": dict.fromkeys(names, zero),
        "pmf": {n: {} for n in names}, "shock": {n: {} for n in names},
        "location": {n: {} for n in names},
    }


Fate = tuple[str, bool, bool, bool, int, int, bool, bool, bool, str]


def fate_of(t: TargetResult) -> Fate:
    """A target's outcome as plain values (icepool needs outcomes it can sort)."""
    fx = t.effects
    return (
        t.name, t.reached, t.overpenetrates, t.hit,
        t.injury or 0,  # a target not hit takes no injury
        0 if fx is None else fx.shock,
        fx is not None and fx.major_wound,
        fx is not None and fx.knockdown_ht_modifier is not None,
        fx is not None and fx.crippled,
        "" if t.location is None else t.location.value,
    )


def _add(out: dict[str, Any], fate: Fate, w: Fraction) -> None:
    name, reached, over, hit, inj, shock, major, knockdown, crippled, where = fate
    out["reached"][name] += w * reached
    out["over"][name] += w * over
    out["hit"][name] += w * hit
    out["pmf"][name][inj] = out["pmf"][name].get(inj, Fraction(0)) + w
    out["shock"][name][shock] = out["shock"][name].get(shock, Fraction(0)) + w
    out["major"][name] += w * major
    out["knockdown"][name] += w * knockdown
    out["crippled"][name] += w * crippled
    if where:
        out["location"][name][where] = out["location"][name].get(where, Fraction(0)) + w


def brute_force(scenario: GurpsScenario) -> dict[str, Any]:
    """Every die face combination x every hit and hit location: the chain called on each."""
    damage = scenario.attack.damage
    total = Fraction(1, 6**damage.dice)
    out = _empty([t.name for t in scenario.targets])
    combos = states(scenario)
    for faces in product(range(1, 7), repeat=damage.dice):
        b = basic_damage(damage, sum(faces) + damage.adds).value
        for p, combo in combos:
            hits = tuple(h for h, _ in combo)
            where = [loc for _, loc in combo]
            for t in resolve_chain(scenario, b, hits, where).targets:
                _add(out, fate_of(t), p * total)
    return out


def with_icepool(scenario: GurpsScenario) -> dict[str, Any]:
    """The same distributions built with icepool: dice -> basic damage -> the chain."""
    import icepool

    damage = scenario.attack.damage
    dice = damage.dice @ icepool.d6 + damage.adds
    basic = dice.map(lambda r: basic_damage(damage, r).value)
    out = _empty([t.name for t in scenario.targets])
    for p, combo in states(scenario):
        hits = tuple(h for h, _ in combo)
        where = tuple(loc for _, loc in combo)

        def fates(b: int, hits: tuple[bool, ...] = hits, where: tuple[Location, ...] = where
                  ) -> tuple[Fate, ...]:
            return tuple(fate_of(t) for t in resolve_chain(scenario, b, hits, where).targets)

        die = basic.map(fates)
        for outcome, q in zip(die.outcomes(), die.probabilities(), strict=True):
            for fate in outcome:
                _add(out, fate, p * q)
    return out
