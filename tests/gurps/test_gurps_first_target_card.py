"""The first target card (GU-16, GU-20, GU-23) behind a vehicle whose occupants no card lists
(GU-17): the stand-in "unnamed occupant of ..." is no card, so it never takes the first card's
place, even when its vehicle comes first in the line. Values worked by hand from the rulings."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import armourpen
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.gurps.scenario import parse_gurps

# The issue's line: a car (thin slab, DR 2, SM +3) holding 2 people, one listed (Rider, 60 yd
# from the shooter: past 1/2D 50); the other stands in as "unnamed occupant of Car", right after
# the car, so it is the first target in the line, but not the first target card.
CAR: dict[str, Any] = {"cover": {"name": "Car", "dr": 2, "slab": True, "sm": 3, "occupants": 2}}
RIDER: dict[str, Any] = {"target": "Rider", "hp": 10, "inside": "Car", "range": 60}
OUT: dict[str, Any] = {"target": "Out", "hp": 10}


def scenario(attack: dict[str, Any], *line: dict[str, Any]) -> GurpsScenario:
    return parse_gurps({"rules": "gurps", "attack": attack, "line": list(line)})


def issue(**attack: Any) -> GurpsScenario:
    return scenario({"damage": "6d pi", "skill": 12, "half_damage_range": 50, "aim": "Out",
                     **attack}, CAR, RIDER, OUT)


def test_gu23_gu17_the_stand_in_for_unlisted_occupants_is_never_the_first_target_card() -> None:
    s = issue()
    # the stand-in comes first among the targets, but the first card is Rider's, range and all
    assert [t.name for t in s.targets] == ["unnamed occupant of Car", "Rider", "Out"]
    first = s.first_target
    assert first is not None
    assert (first.name, first.range) == ("Rider", Fraction(60))


def test_gu23_resolve_halves_by_the_first_card_behind_a_car_of_unlisted_occupants() -> None:
    # 6d rolling 16, Rider at 60 yd past 1/2D 50: basic 16 / 2 = 8 (GU-23), whoever is hit.
    # The car is a thin slab: cover DR 2; 8 > 2, the shot passes it (GU-7). The aimed roll of 10
    # hits Out (skill 12, Rider inside the car costs no -4). The car's occupant roll (GU-17: 2
    # occupants, SM +3: 9 or less) and choice come from the seed; by hand, in each case:
    # - no occupant hit: Out, aimed and hit, faces 2 + 0: penetrating 8 - 2 = 6, injury 6;
    # - the stand-in hit: 8 - 2 = 6, injury 6, and the shot stops in it (Rider, Out not reached);
    # - Rider hit: 8 - 2 = 6, injury 6; his cover DR 2 + 0 + 0 + HP 10 = 12, and 8 does not exceed
    #   12: the shot stops in him, Out not reached (at full damage 16 > 12 would reach Out).
    seen = set()
    for seed in range(60):
        out = armourpen.resolve(issue(roll=16, attack_roll=10), seed=seed)
        assert out.basic_damage == 8
        assert [s.text for s in out.steps if s.rule == "GU-23"] == [
            "Rider at 60 yd, at or beyond 1/2D 50 yd: basic damage halved",
            "basic damage 16 / 2 = 8 (rounded down), before DR"]
        attack = out.to_dict()["attack"]
        assert (attack["half_damage"], attack["basic_damage"]) == (True, 8)
        hit = {t.name: (t.penetrating, t.injury) for t in out.targets if t.hit}
        reached = {t.name for t in out.targets if t.reached}
        assert hit in ({"Out": (6, 6)}, {"unnamed occupant of Car": (6, 6)},
                       {"Rider": (6, 6)}), hit
        if "Out" not in hit:
            assert "Out" not in reached
        seen.add(next(iter(hit)))
    assert seen == {"Out", "unnamed occupant of Car", "Rider"}  # every case was met


def _sums_6d() -> Counter[int]:
    return Counter(sum(dice) for dice in product(range(1, 7), repeat=6))


def test_gu23_odds_halve_by_the_first_card_behind_a_car_of_unlisted_occupants() -> None:
    # Worked from GU-15 to GU-17 and GU-23, over every 6d roll r (46656 ways): basic
    # B = max(1, r // 2), 3 to 18, always more than the car's cover DR 2, so the car is passed.
    # The aimed roll hits Out on 3d <= 12: 160 of 216. The occupant roll succeeds on 3d <= 9: 81 of
    # 216, then Rider or the stand-in, 1 in 2 each.
    # - aimed hit, no occupant hit (160/216 x 135/216): Out faces 2, injury B - 2;
    # - Rider chosen (81/432, either way): injury B - 2; the shot goes past him only when
    #   B > 12 (his cover DR 2 + HP 10); then Out faces 12, injury B - 12, hit for sure after an
    #   aimed hit (160/216), on a wrong-target roll of 3d <= min(9, 12) after a miss
    #   (56/216 x 81/216);
    # - the stand-in chosen (81/432): injury B - 2, the shot stops in it.
    aimed, missed, occupant, wrong = (Fraction(160, 216), Fraction(56, 216), Fraction(81, 216),
                                      Fraction(81, 216))
    out: dict[int, Fraction] = {}
    rider: dict[int, Fraction] = {}
    for r, ways in _sums_6d().items():
        p = Fraction(ways, 6**6)
        b = max(1, r // 2)
        out[b - 2] = out.get(b - 2, Fraction(0)) + p * aimed * (1 - occupant)
        if b > 12:
            out[b - 12] = out.get(b - 12, Fraction(0)) + p * occupant / 2 * (aimed + missed * wrong)
        rider[b - 2] = rider.get(b - 2, Fraction(0)) + p * occupant / 2
    out[0] = out.get(0, Fraction(0)) + 1 - sum(out.values())
    rider[0] = rider.get(0, Fraction(0)) + 1 - sum(rider.values())
    want_out = sum(k * v for k, v in out.items())
    assert round(float(want_out), 2) == 3.86  # the issue's figure; 10.21 at full damage

    got = armourpen.odds(issue())
    assert [str(s) for s in got.steps if s.rule == "GU-23"] == [
        "[GU-23] Rider at 60 yd, at or beyond 1/2D 50 yd: basic damage halved"]
    assert got.target("Out").injury_pmf == {k: v for k, v in sorted(out.items()) if v}
    assert got.target("Out").expected_injury == want_out
    assert got.target("Rider").injury_pmf == {k: v for k, v in sorted(rider.items()) if v}
    assert got.target("unnamed occupant of Car").injury_pmf == \
        got.target("Rider").injury_pmf  # the same car, the same chance, the same damage
    assert got.target("Rider").p_hit == occupant / 2


def test_gu16_the_aimed_card_by_default_is_the_first_card_not_the_stand_in() -> None:
    # No aim: the first target card, Rider, is aimed at. He sits in the car, so no occupant roll
    # is made for it (GU-17) and the stand-in is never hit. 6d rolling 16 at 60 yd: basic 8; the
    # attack roll 10 hits (skill 12, nobody in the way): Rider faces the car's 2, injury 6; his
    # cover DR 12 stops the shot.
    s = scenario({"damage": "6d pi", "skill": 12, "half_damage_range": 50, "roll": 16,
                  "attack_roll": 10}, CAR, RIDER, OUT)
    assert s.attack.aim == "Rider"
    out = armourpen.resolve(s)
    assert out.to_dict()["attack"]["aim"] == "Rider"
    assert {t.name: t.injury for t in out.targets if t.hit} == {"Rider": 6}
    assert not any(s.rule == "GU-17" and "occupant roll" in s.text for s in out.steps)
    got = armourpen.odds(s)
    assert got.target("unnamed occupant of Car").p_hit == 0
    assert got.target("Rider").p_hit == Fraction(160, 216)  # 3d <= 12


def _shotgun(occupants: int) -> GurpsScenario:
    # a shotgun, RoF 3x9, 1/2D 50: Rider at 4 yd is under a tenth of it (5), extremely close range
    car = {"cover": {**CAR["cover"], "occupants": occupants}}
    return scenario({"damage": "1d+1 pi", "skill": 12, "half_damage_range": 50, "shots": "3x9",
                     "rcl": 1, "aim": "Out", "attack_roll": 8}, car,
                    {**RIDER, "range": 4}, OUT)


def _burst_steps(out: GurpsOutcome) -> list[str]:
    # the attack's own rapid-fire and projectile steps (about no line entry): what the first
    # card's range may change (GU-20)
    return [s.text for s in out.steps if s.rule in ("GU-19", "GU-20") and s.entry is None]


def test_gu20_close_range_is_read_on_the_first_card_behind_a_car_of_unlisted_occupants() -> None:
    # Rider at 4 yd is the first target card, with or without the car's unlisted occupant: the
    # close range of GU-20 is read from his range alike in both lines (4 < 50 / 10), so the burst's
    # own steps (shots counted, bonus, shots landed) are the same; were the stand-in the first
    # card, its missing range would count every projectile in the one line and not the other.
    # The 1/2D step names Rider: 4 yd, within 1/2D 50, full damage (GU-23).
    full, one = _shotgun(2), _shotgun(1)
    assert full.targets[0].name == "unnamed occupant of Car"
    assert one.targets[0].name == "Rider"
    near = "Rider at 4 yd, within 1/2D 50 yd: full damage"
    a, b = armourpen.resolve(full, seed=3), armourpen.resolve(one, seed=3)
    for out in (a, b):
        gu23 = [s.text for s in out.steps if s.rule == "GU-23"]
        assert gu23 and all(text.endswith(near) for text in gu23), gu23
    assert _burst_steps(a) == _burst_steps(b)
    keys = ("shots", "rof_bonus", "margin", "shots_landed")
    assert [a.to_dict()["attack"][k] for k in keys] == [b.to_dict()["attack"][k] for k in keys]
    oa, ob = armourpen.odds(full), armourpen.odds(one)
    for got in (oa, ob):
        assert [s.text for s in got.steps if s.rule == "GU-23"] == [near]
    assert [s.text for s in oa.steps if s.rule in ("GU-19", "GU-20")] == \
        [s.text for s in ob.steps if s.rule in ("GU-19", "GU-20")]


def test_gu16_gu17_immediately_behind_is_behind_the_nearest_card_not_the_stand_in() -> None:
    # Gunman, aimed and hit (attack roll 10 on skill 12), then a van (DR 1, HP 2, SM +1) with one
    # occupant no card lists, then Hostage, immediately behind. 7d fixed at 30 passes the gunman
    # (cover DR 0 + 0 + HP 10) and the van (1 + HP 2 / 4, GU-6), both far below 30. The van's
    # occupant roll (1 occupant, SM +1: 10 or less) comes from the seed:
    # - it succeeds: the stand-in is hit and the shot stops in it; Hostage is not reached;
    # - it fails: the stand-in is no card, so the nearest card in front of Hostage is Gunman, who
    #   was hit: she is hit without a roll (GU-8), hit_by "behind", with no roll of her own.
    s = scenario({"damage": "7d pi", "skill": 12, "roll": 30, "attack_roll": 10},
                 {"target": "Gunman", "hp": 10},
                 {"cover": {"name": "Van", "dr": 1, "hp": 2, "occupants": 1, "sm": 1}},
                 {"target": "Hostage", "hp": 10, "immediately_behind": True})
    seen = set()
    for seed in range(40):
        out = armourpen.resolve(s, seed=seed)
        hit = {t.name: t.hit_by for t in out.targets if t.hit}
        assert hit in ({"Gunman": "aimed", "unnamed occupant of Van": "occupant"},
                       {"Gunman": "aimed", "Hostage": "behind"}), hit
        if "Hostage" in hit:
            assert next(t.hit_roll for t in out.targets if t.name == "Hostage") is None
        seen.add("Hostage" in hit)
    assert seen == {True, False}  # both cases were met
