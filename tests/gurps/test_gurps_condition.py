"""GU-27: what is left of a person. Every figure worked by hand from the ruling; the odds against
an enumeration written here from GU-27 (the rule code is not called to make the expectations)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from gurps.gurps_helpers import gurps

from armourpen.errors import InputError
from armourpen.gurps.resolve import resolve_gurps
from armourpen.probability.exact import odds

# 3d6: how many of the 216 ways give each total
WAYS = {t: sum(1 for d in product(range(1, 7), repeat=3) if sum(d) == t) for t in range(3, 19)}


def _target(out: Any, k: int = 0) -> dict[str, Any]:
    t: dict[str, Any] = out.to_dict()["targets"][k]
    return t


def test_gu27_reeling_below_a_third_of_hp() -> None:
    # 3d pi rolling 10 at HP 12, DR 0: injury 10, 12 - 10 = 2 left; 2 < 12/3: reeling; above 0:
    # no HT roll
    t = _target(resolve_gurps(gurps("3d pi", {"target": "a", "hp": 12, "ht": 11}, roll=10)))
    assert (t["hp_left"], t["condition"], t["ht_rolls"]) == (2, "reeling", [])
    # 4 left (injury 8) is not below 12/3 = 4: fine
    t = _target(resolve_gurps(gurps("3d pi", {"target": "a", "hp": 12, "ht": 11}, roll=8)))
    assert (t["hp_left"], t["condition"]) == (4, "fine")


def test_gu27_a_card_without_hp_left_or_ht_reports_no_condition() -> None:
    t = _target(resolve_gurps(gurps("3d pi", {"target": "a", "hp": 12}, roll=10)))
    assert "condition" not in t and "hp_left" not in t


def test_gu27_at_zero_or_less_the_consciousness_roll_is_listed_undrawn_without_a_seed() -> None:
    # hp_left 5, injury 10: -5; full multiples of HP 12 below zero: 0, so HT 10 at +0; Hard to
    # Subdue 2 and Fit +1 add: +3; no seed: not drawn, collapsing
    card = {"target": "a", "hp": 12, "hp_left": 5, "hard_to_subdue": 2, "fitness": "fit"}
    t = _target(resolve_gurps(gurps("3d pi", card, roll=10)))
    assert (t["hp_left"], t["condition"]) == (-5, "collapsing")
    assert t["ht_rolls"] == [{"for": "consciousness", "ht": 10, "modifier": 3, "roll": None,
                              "success": None}]


def test_gu27_death_checks_at_each_multiple_crossed_with_hard_to_kill() -> None:
    # HP 10 from 10, 6d pi rolling 25: -15 crosses -10: one death check, HT 12 + Hard to Kill 2
    # - Easy to Kill 1 + Very Fit 2 = +3; then consciousness at -1 (one full multiple below
    # zero) + Very Fit 2 = +1. Not drawn: risking death
    card = {"target": "a", "hp": 10, "ht": 12, "hard_to_kill": 2, "easy_to_kill": 1,
            "fitness": "very_fit"}
    t = _target(resolve_gurps(gurps("6d pi", card, roll=25)))
    assert (t["hp_left"], t["condition"]) == (-15, "risking death")
    assert [(r["for"], r["modifier"], r.get("at_hp_multiple")) for r in t["ht_rolls"]] == [
        ("death", 3, -1), ("consciousness", 1, None)]
    # 6d pi rolling 36 from 10: -26 crosses -10 and -20: two death checks
    t = _target(resolve_gurps(gurps("6d pi", card, roll=36)))
    assert [r.get("at_hp_multiple") for r in t["ht_rolls"]] == [-1, -2, None]


def test_gu27_dead_at_minus_5_hp_and_the_body_destroyed_at_minus_10_hp() -> None:
    # HP 5, 10d pi rolling 30: 5 - 30 = -25 = -5 x HP: dead, no roll
    t = _target(resolve_gurps(gurps("10d pi", {"target": "a", "hp": 5, "ht": 10}, roll=30)))
    assert (t["hp_left"], t["condition"], t["ht_rolls"]) == (-25, "dead", [])
    # 10d pi rolling 55: -50 = -10 x HP: the body is destroyed
    t = _target(resolve_gurps(gurps("10d pi", {"target": "a", "hp": 5, "ht": 10}, roll=55)))
    assert (t["hp_left"], t["condition"]) == (-50, "body destroyed")


def _judged(roll: int, target: int) -> int:
    """p. 348, written here: 0 success; else how much it failed by (at least 1)."""
    if roll <= 4 or (roll <= target and roll < 17):
        return 0
    return max(1, roll - target)


def test_gu27_seeded_ht_rolls_come_after_every_other_roll_and_decide_the_condition() -> None:
    # the same shot with a random location and a seed, with and without GU-27's keys: every
    # other figure is the same (the HT rolls are drawn last)
    card = {"target": "a", "hp": 10, "location": "random"}
    plain = resolve_gurps(gurps("6d pi", card, seed=7)).to_dict()
    told = resolve_gurps(gurps("6d pi", {**card, "hp_left": -8}, seed=7)).to_dict()
    t = told["targets"][0]
    assert told["attack"] == plain["attack"]
    assert {k: v for k, v in t.items() if k not in ("hp_left", "condition", "ht_rolls")} == \
        plain["targets"][0]
    # -8 - injury: at most -8 - 6 = -14 (6d at least 6); crosses -10: a death check at +0,
    # then consciousness at -1 (unless dead); judge them by hand
    rolls = t["ht_rolls"]
    assert rolls[0]["for"] == "death" and rolls[0]["modifier"] == 0
    failed = _judged(rolls[0]["roll"], 10)
    if failed > 2:
        assert t["condition"] == "dead"
    else:
        awake = _judged(rolls[1]["roll"], 10 + rolls[1]["modifier"])
        assert t["condition"] == ("mortally wounded" if failed else
                                  "unconscious" if awake else "collapsing")


def test_gu27_a_fixed_roll_with_a_seed_replays_the_ht_rolls() -> None:
    card = {"target": "a", "hp": 10, "hp_left": 0}
    one = resolve_gurps(gurps("3d pi", card, roll=12, seed=3)).to_dict()
    two = resolve_gurps(gurps("3d pi", card, roll=12, seed=3)).to_dict()
    assert one == two and one["attack"]["seed"] == 3
    assert one["targets"][0]["ht_rolls"][0]["roll"] is not None


# --- the odds, against an enumeration written from GU-27 -------------------------------------


def _classes(target: int) -> dict[int, Fraction]:
    """One HT roll against ``target`` over 3d6: 0 success, 1 failed by 1 or 2, 3 by more."""
    out = {0: Fraction(0), 1: Fraction(0), 3: Fraction(0)}
    for r in range(3, 19):
        f = _judged(r, target)
        out[0 if f == 0 else 1 if f <= 2 else 3] += Fraction(WAYS[r], 216)
    return out


def _person(hp: int, before: int, injury: int, ht: int, death_mod: int, awake_mod: int
            ) -> tuple[Fraction, Fraction, Fraction]:
    """(unconscious and alive, mortally wounded and alive, dead) for one injury, every HT roll
    enumerated (by its result over 3d6), from GU-27's words."""
    after = before - injury
    if after <= -5 * hp:
        return Fraction(0), Fraction(0), Fraction(1)
    if injury == 0:
        return Fraction(0), Fraction(0), Fraction(0)
    checks = [m for m in (1, 2, 3, 4) if after <= -m * hp < before]
    awake = after <= 0
    targets = [ht + death_mod] * len(checks)
    if awake:
        targets.append(ht + awake_mod - (-after) // hp)
    unc = mort = dead = Fraction(0)
    for results in product(*(list(_classes(t).items()) for t in targets)):
        w = Fraction(1)
        for _, p in results:
            w *= p
        fails = [f for f, _ in results[:len(checks)]]
        if any(f > 2 for f in fails):
            dead += w
            continue
        if any(fails):
            mort += w
        if awake and results[-1][0]:
            unc += w
    return unc, mort, dead


def _expected(injuries: dict[int, Fraction], hp: int, before: int, ht: int, death_mod: int,
              awake_mod: int) -> tuple[Fraction, Fraction, Fraction]:
    total = [Fraction(0)] * 3
    for inj, p in injuries.items():
        for i, x in enumerate(_person(hp, before, inj, ht, death_mod, awake_mod)):
            total[i] += p * x
    return total[0], total[1], total[2]


def _three_d_pi() -> dict[int, Fraction]:
    return {t: Fraction(WAYS[t], 216) for t in range(3, 19)}  # 3d pi at DR 0: injury = roll


def test_gu27_odds_of_a_single_shot_against_the_enumeration() -> None:
    # 3d pi at HP 10, 2 left, HT 10: injury = the roll; every HT roll enumerated
    result = odds(gurps("3d pi", {"target": "a", "hp": 10, "hp_left": 2, "ht": 10}))
    t = result.targets[0]
    assert (t.p_unconscious, t.p_mortal, t.p_dead) == _expected(_three_d_pi(), 10, 2, 10, 0, 0)
    assert t.to_dict()["p_dead"] == str(t.p_dead)


def test_gu27_odds_with_hard_to_kill_subdue_and_fitness_against_the_enumeration() -> None:
    # 3d pi x1 against HP 6 from 6, HT 9: Hard to Kill 3, Unfit -1: death checks at +2;
    # Hard to Subdue 1, Unfit -1: consciousness at +0 (before the multiples below zero)
    card = {"target": "a", "hp": 6, "hp_left": 6, "ht": 9, "hard_to_kill": 3,
            "hard_to_subdue": 1, "fitness": "unfit"}
    t = odds(gurps("3d pi", card)).targets[0]
    assert (t.p_unconscious, t.p_mortal, t.p_dead) == _expected(_three_d_pi(), 6, 6, 9, 2, 0)
    assert t.p_dead > 0 and t.p_mortal > 0  # -12 is reachable (18 - 6): the checks count


def test_gu27_odds_of_a_burst_and_an_explosion_weigh_their_total_injury() -> None:
    # whatever the burst's or the blast's injury distribution, GU-27 applies to the total: the
    # chances are the enumeration's over the odds' own injury distribution
    card = {"target": "a", "hp": 8, "hp_left": 3, "ht": 10}
    burst = odds(gurps("2d pi", card, skill=14, shots=3, rcl=2)).targets[0]
    assert (burst.p_unconscious, burst.p_mortal, burst.p_dead) == _expected(
        burst.injury_pmf, 8, 3, 10, 0, 0)
    blast = odds(gurps("3d cr ex", {**card, "distance": 1})).targets[0]
    assert (blast.p_unconscious, blast.p_mortal, blast.p_dead) == _expected(
        blast.injury_pmf, 8, 3, 10, 0, 0)


@pytest.mark.parametrize(("edit", "field"), [
    ({"hp_left": 13}, "line[0].hp_left"),
    ({"hp_left": -121}, "line[0].hp_left"),
    ({"ht": 0}, "line[0].ht"),
    ({"hard_to_kill": 21}, "line[0].hard_to_kill"),
    ({"fitness": "fitt"}, "line[0].fitness"),
])
def test_gu27_bad_input_is_one_line_naming_the_field(edit: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as info:
        gurps("3d pi", {"target": "a", "hp": 12, **edit}, roll=10)
    assert info.value.field == field
    assert "\n" not in str(info.value)
