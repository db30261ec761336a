"""GU-21 (amended), GU-22: an explosion's exact odds with an armour divisor and an explosive inside,
against an enumeration of every roll written here from the rulings (no rule code called)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any

from armourpen.gurps.scenario import parse_gurps
from armourpen.probability.exact import odds

THREE_D = {t: sum(1 for d in product(range(1, 7), repeat=3) if sum(d) == t) for t in range(3, 19)}
Pmf = dict[int, Fraction]

# 3d(2) cr ex, fragments [1d(2) cut] (reach 5 yd), blast radius 6 yd, in air. Homogenous targets
# (cut x1.5 and cr x1 wherever a fragment lands, no skull DR) but for Eve; HP 100 keeps every cap
# and limb limit out of reach; SM -8 sets the fragments' skill.
SCENARIO: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "3d(2) cr ex [1d(2) cut]"},
    "line": [
        {"target": "Al", "hp": 100, "dr": 3, "distance": 1, "sm": -8,
         "injury_tolerance": "homogenous"},
        {"target": "Bo", "hp": 100, "dr": 3, "situation": "struck",
         "injury_tolerance": "homogenous"},
        {"target": "Cy", "hp": 100, "dr": 1, "distance": 1, "sm": -8,
         "injury_tolerance": "homogenous", "cover": [{"name": "slab", "dr": 4, "slab": True}]},
        {"target": "Di", "hp": 100, "distance": 0.25, "sm": -8, "injury_tolerance": "homogenous"},
        {"target": "Eve", "hp": 100, "dr": 5, "situation": "inside"},
        {"target": "Fy", "hp": 100, "distance": 4, "sm": -8, "injury_tolerance": "homogenous"},
    ],
}


def _injury(pen: int, num: int, den: int) -> int:
    """GU-4: floor(penetrating x modifier), at least 1 when anything penetrates."""
    return 0 if pen <= 0 else max(1, pen * num // den)


def _landed(roll: int, skill: int) -> int:
    """GU-15, GU-22: 3 and 4 hit, 17 and 18 miss; 1 fragment + 1 per full 3 of margin."""
    if roll >= 17 or (roll > 4 and roll > skill):
        return 0
    return 1 + max(0, skill - roll) // 3


def _homogenous_fragment(dr_met: int) -> Pmf:
    """One 1d cut fragment against ``dr_met`` (cover and DR after the fragments' own (2)): x1.5."""
    out: Pmf = {}
    for b in range(1, 7):
        i = _injury(b - dr_met, 3, 2)
        out[i] = out.get(i, Fraction(0)) + Fraction(1, 6)
    return out


def _inside_fragment() -> Pmf:
    """Eve's one fragment: no DR (GU-21), its location on the 3d table (GU-10): cut x4 at the
    skull (3-4), x2 at the neck (17-18), x1.5 elsewhere (GU-4)."""
    out: Pmf = {}
    for b in range(1, 7):
        for where, ways in THREE_D.items():
            num, den = (4, 1) if where <= 4 else (2, 1) if where >= 17 else (3, 2)
            i = _injury(b, num, den)
            out[i] = out.get(i, Fraction(0)) + Fraction(ways, 6 * 216)
    return out


def _sum(a: Pmf, b: Pmf) -> Pmf:
    out: Pmf = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def _fragments(one: Pmf, skill: int | None) -> tuple[Pmf, Fraction]:
    """The summed injury of the fragments and the chance none hits: ``skill`` None is one
    fragment without a roll (GU-22)."""
    if skill is None:
        return one, Fraction(0)
    out: Pmf = {}
    none = Fraction(0)
    for roll, ways in THREE_D.items():
        k = _landed(roll, skill)
        total: Pmf = {0: Fraction(1)}
        for _ in range(k):
            total = _sum(total, one)
        for i, p in total.items():
            out[i] = out.get(i, Fraction(0)) + Fraction(ways, 216) * p
        if k == 0:
            none += Fraction(ways, 216)
    return out, none


# Per target: the blast's damage after the divisor (before DR), its injury, both from the roll s;
# the fragments' single injury and skill. Worked by hand from GU-21 and GU-22:
HAND: dict[str, tuple[Callable[[int], int], Callable[[int], int], Pmf, int | None]] = {
    # 1 yd: s // 3; collateral: large-area DR 3, the (2) ignored; cr x1. Fragments: skill 15 +
    # 0 (1 yd) - 8 = 7; DR 3 met with their own (2): 1
    "Al": (lambda s: s // 3, lambda s: max(0, s // 3 - 3), _homogenous_fragment(1), 7),
    # struck: s undivided, DR 3 / 2 = 1: s - 1. One fragment without a roll, DR 3 / 2 = 1
    "Bo": (lambda s: s, lambda s: s - 1, _homogenous_fragment(1), None),
    # 1 yd behind a slab of DR 4: the blast meets 4 + 1 whole: s // 3 - 5; the fragments meet
    # 4 / 2 = 2 and 1 / 2 = 0 (floor): 2
    "Cy": (lambda s: s // 3, lambda s: max(0, s // 3 - 5), _homogenous_fragment(2), 7),
    # 0.25 yd: 3 x 0.25 = 0.75 is taken as 1: s; DR 0. Fragments: range 0, skill 7, DR 0
    "Di": (lambda s: s, lambda s: s, _homogenous_fragment(0), 7),
    # inside: s undivided, no DR, x3 at the vitals; one fragment without a roll, no DR
    "Eve": (lambda s: s, lambda s: 3 * s, _inside_fragment(), None),
    # 4 yd: s // 12, DR 0. Fragments: 15 - 2 (up to 5 yd) - 8 = 5, DR 0
    "Fy": (lambda s: s // 12, lambda s: s // 12, _homogenous_fragment(0), 5),
}


def test_gu21_gu22_divisor_and_inside_odds_equal_the_hand_enumeration() -> None:
    got = odds(parse_gurps(SCENARIO))
    nobody = Fraction(0)
    fragments = {name: _fragments(one, skill) for name, (_, _, one, skill) in HAND.items()}
    for s, ways in THREE_D.items():
        p = Fraction(ways, 216)
        for _, injury, _, _ in HAND.values():
            p *= 1 if injury(s) == 0 else 0
        for frag, _ in fragments.values():
            p *= frag.get(0, Fraction(0))
        nobody += p
    for name, (damage, injury, _, _) in HAND.items():
        frag, none = fragments[name]
        total: Pmf = {}
        missed = Fraction(0)  # no blast damage and no fragment hit
        for s, ways in THREE_D.items():
            p = Fraction(ways, 216)
            for f, q in frag.items():
                total[injury(s) + f] = total.get(injury(s) + f, Fraction(0)) + p * q
            if damage(s) == 0:
                missed += p * none
        target = got.target(name)
        assert target.injury_pmf == {i: p for i, p in sorted(total.items()) if p}, name
        assert target.p_hit == 1 - missed, name
    assert got.joint is not None and got.joint[0] == nobody


def test_gu21_the_extremes_of_the_divisor_and_inside_odds() -> None:
    # Al at most: the blast 18 // 3 = 6 against his whole DR 3 (with the (2): DR 1, 5): 3; the
    # fragments at skill 7 land at most 1 + (7 - 3) // 3 = 2, each at most (6 - 1) x 1.5 = 7:
    # 3 + 14 = 17. Eve at least: 3 x 3 = 9 (the torso's cr x1 would give 3), and her fragment's
    # least is 1 x 1.5 -> 1: 10
    got = odds(parse_gurps(SCENARIO))
    assert max(got.target("Al").injury_pmf) == 17
    assert min(got.target("Eve").injury_pmf) == 10


def test_gu21_resolve_gives_the_hand_blast_for_every_roll_the_odds_weigh() -> None:
    # resolve and odds agree: the blast figures of every 3d roll, resolved, are the hand ones
    from armourpen.gurps.resolve import resolve_gurps

    for s in THREE_D:
        data = {**SCENARIO, "attack": {**SCENARIO["attack"], "roll": s, "seed": s}}
        targets = resolve_gurps(parse_gurps(data)).to_dict()["targets"]
        for t in targets:
            damage, injury, _, _ = HAND[t["name"]]
            assert (t["blast_damage"], t["blast_injury"]) == (damage(s), injury(s)), (s, t["name"])
