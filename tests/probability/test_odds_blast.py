"""GU-21, GU-22: an explosion's exact odds against brute-force enumeration of every roll."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from armourpen.gurps.blast import blast_at, cover_in_front, fragment_hit
from armourpen.gurps.locations import HUMANOID
from armourpen.gurps.scenario import parse_gurps
from armourpen.probability.burst import BurstTargetOdds
from armourpen.probability.exact import odds

THREE_D = {t: sum(1 for d in product(range(1, 7), repeat=3) if sum(d) == t) for t in range(3, 19)}

SCENARIO = {
    "rules": "gurps",
    "attack": {"damage": "1d cr ex [1d cut]"},
    "line": [
        # SM -8: skill 15 - 8 = 7 at 1 and 2 yards (no range penalty up to 2 yd)
        {"target": "Al", "hp": 6, "distance": 1, "sm": -8},
        {"target": "Bo", "hp": 5, "dr": 1, "distance": 2, "sm": -8},
        # beyond the blast's 2 yd; fragments at 15 - 2 (4 yd) - 8 (SM) = 5
        {"target": "Cy", "hp": 8, "distance": 4, "sm": -8},
    ],
}


def _landed(roll: int, skill: int) -> int:
    """By hand: 3, 4 succeed; 17, 18 fail; 1 fragment + 1 per full 3 of margin."""
    if roll >= 17 or (roll > 4 and roll > skill):
        return 0
    return 1 + max(0, skill - roll) // 3


def _fragment_pmf(sc: object, t: object, skill: int, cover: int) -> dict[int, Fraction]:
    """Every attack roll, every fragment's die and location roll, enumerated."""
    out: dict[int, Fraction] = {}
    frag = sc.attack.fragments  # type: ignore[attr-defined]
    for roll, ways in THREE_D.items():
        k = _landed(roll, skill)
        for combo in product(product(range(1, 7), THREE_D.items()), repeat=k):
            p = Fraction(ways, 216)
            total = 0
            for die, (where, w) in combo:
                p *= Fraction(w, 6 * 216)
                hit = fragment_hit(sc, t, frag, die, HUMANOID.location(where), cover,  # type: ignore[arg-type]
                                   explain=False)
                total += hit.value.effects.injury
            out[total] = out.get(total, Fraction(0)) + p
    return out


def test_gu21_gu22_exact_odds_and_joint_equal_enumeration_of_every_roll() -> None:
    sc = parse_gurps(SCENARIO)
    got = odds(sc)
    skills = [7, 7, 5]
    frag = [_fragment_pmf(sc, t, s, 0) for t, s in zip(sc.targets, skills, strict=True)]
    totals: list[dict[int, Fraction]] = [{} for _ in sc.targets]
    nobody = Fraction(0)
    for b in range(1, 7):
        p_b = Fraction(1, 6)
        everyone_fine = p_b
        for k, t in enumerate(sc.targets):
            cover = cover_in_front(sc, t).value
            blast = blast_at(sc, t, b, cover, explain=False).value.effects.injury
            for f, p in frag[k].items():
                totals[k][blast + f] = totals[k].get(blast + f, Fraction(0)) + p_b * p
            everyone_fine *= frag[k].get(0, Fraction(0)) if blast == 0 else 0
        nobody += everyone_fine
    for k, o in enumerate(got.targets):
        assert isinstance(o, BurstTargetOdds)
        assert o.injury_pmf == {i: p for i, p in sorted(totals[k].items()) if p}
    assert got.joint is not None
    assert got.joint[0] == nobody
    assert got.joint[1] == sum((1 - tot.get(0, Fraction(0)) for tot in totals), Fraction(0))


def test_gu21_blast_damage_by_hand_at_one_yard() -> None:
    # 1d at 1 yd in air: divided by 3: rolls 1-2 do 0, 3-5 do 1, 6 does 2 (Al: DR 0)
    sc = parse_gurps({**SCENARIO, "attack": {"damage": "1d cr ex"}})
    al = odds(sc).target("Al")
    assert al.injury_pmf == {0: Fraction(2, 6), 1: Fraction(3, 6), 2: Fraction(1, 6)}
    assert al.p_reached == 1
    cy = odds(sc).target("Cy")
    assert cy.injury_pmf == {0: Fraction(1)} and cy.p_reached == 0


def test_gu21_an_explosion_is_not_sampled() -> None:
    import pytest

    from armourpen.errors import InputError
    from armourpen.probability import sample

    with pytest.raises(InputError) as err:
        sample(parse_gurps(SCENARIO), 100, 1)
    assert err.value.field == "samples" and "GU-21" in str(err.value)


def _worst(a: int | None, b: int | None) -> int | None:
    """The worse of two knockdown rolls called for (the lower modifier), None for none."""
    return b if a is None else a if b is None else min(a, b)


def test_gu12_gu22_major_wound_and_knockdown_judged_per_hit_equal_enumeration() -> None:
    # GU-12: a major wound is injury over HP/2 from one hit. The blast is one hit (Al at 1 yd:
    # at most 6 // 3 = 2, never over his HP/2 = 3), each fragment another (1d cut at the face or
    # the skull can pass 3): the chance of a major wound and of each knockdown roll are those
    # of any hit, not of the summed injury (2 + 2 = 4 is no major wound)
    sc = parse_gurps(SCENARIO)
    got = odds(sc)
    skills = [7, 7, 5]
    frag = sc.attack.fragments
    for k, (t, skill) in enumerate(zip(sc.targets, skills, strict=True)):
        per_hit: dict[tuple[bool, int | None], Fraction] = {}  # the fragments', over their rolls
        for roll, ways in THREE_D.items():
            for combo in product(product(range(1, 7), THREE_D.items()),
                                 repeat=_landed(roll, skill)):
                p = Fraction(ways, 216)
                major, worst = False, None
                for die, (where, w) in combo:
                    p *= Fraction(w, 6 * 216)
                    fx = fragment_hit(sc, t, frag, die, HUMANOID.location(where), 0,  # type: ignore[arg-type]
                                      explain=False).value.effects
                    major = major or fx.major_wound
                    worst = _worst(worst, fx.knockdown_ht_modifier)
                per_hit[(major, worst)] = per_hit.get((major, worst), Fraction(0)) + p
        p_major = Fraction(0)
        knock: dict[int, Fraction] = {}
        for b in range(1, 7):
            fx = blast_at(sc, t, b, cover_in_front(sc, t).value, explain=False).value.effects
            for (major, worst), p in per_hit.items():
                q = Fraction(1, 6) * p
                if major or fx.major_wound:
                    p_major += q
                kd = _worst(worst, fx.knockdown_ht_modifier)
                if kd is not None:
                    knock[kd] = knock.get(kd, Fraction(0)) + q
        o = got.targets[k]
        assert o.p_major_wound == p_major, t.name
        assert o.knockdown_pmf == {m: p for m, p in sorted(knock.items()) if p}, t.name
    assert got.targets[0].p_major_wound > 0  # a fragment can do it
