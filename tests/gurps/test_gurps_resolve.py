"""resolve_gurps: the roll, basic damage and the chain together; the JSON shape."""

from __future__ import annotations

import json
import random

import pytest
from gurps.gurps_helpers import GRAY, VIP, gurps

from armourpen.errors import InputError
from armourpen.gurps.resolve import resolve_gurps


def test_gu7_agent_gray_through_resolve() -> None:
    out = resolve_gurps(gurps("7d(2) pi-", GRAY, VIP, roll=20))
    d = out.to_dict()
    assert d["rules"] == "gurps"
    assert d["attack"]["damage"] == "7d(2) pi-"
    assert d["attack"]["basic_damage"] == 20
    gray, vip = d["targets"]
    # 8/2 = 4; 20 - 4 = 16; x0.5 = 8; cover 28/2 = 14; 20 > 14
    assert {k: gray[k] for k in ("name", "reached", "effective_dr", "penetrating", "injury",
                                 "cover_dr", "overpenetrates")} == {
        "name": "Agent Gray", "reached": True, "effective_dr": 4, "penetrating": 16,
        "injury": 8, "cover_dr": 14, "overpenetrates": True,
    }
    # VIP: 14 + 0; 20 - 14 = 6; x0.5 = 3
    assert (vip["effective_dr"], vip["penetrating"], vip["injury"]) == (14, 6, 3)
    assert d["warnings"] == []
    assert {s["rule"] for s in d["steps"]} >= {"GU-1", "GU-2", "GU-3", "GU-4", "GU-5", "GU-6",
                                               "GU-7", "GU-8"}
    json.dumps(d)  # serialisable as it is
    assert out.steps[0].rule == "GU-1"


def test_gu1_seeded_roll_is_replayable_and_consistent() -> None:
    a = resolve_gurps(gurps("7d(2) pi-", GRAY, VIP, seed=7))
    b = resolve_gurps(gurps("7d(2) pi-", GRAY, VIP, seed=7))
    assert a.dice == b.dice and a.seed == 7
    assert a.dice is not None and len(a.dice) == 7 and all(1 <= x <= 6 for x in a.dice)
    assert a.roll == sum(a.dice)
    assert a.basic_damage == a.roll  # 7..42, no multiplier, above the minimum


def test_gu1_no_roll_and_no_seed_asks_for_one() -> None:
    # The API draws nothing in secret: a roll needs a seed from the scenario or the caller.
    with pytest.raises(InputError) as info:
        resolve_gurps(gurps("3d+1x2 cut", GRAY))
    assert info.value.field == "seed"
    for bad in (-1, True, 2**63):
        with pytest.raises(InputError, match="seed"):
            resolve_gurps(gurps("3d+1x2 cut", GRAY), bad)


def test_gu1_a_random_generator_gives_a_reported_replayable_seed() -> None:
    a = resolve_gurps(gurps("3d+1x2 cut", GRAY), random.Random(5))
    assert a.seed is not None and a.dice is not None
    assert a.seed == random.Random(5).randrange(2**32)  # drawn from the generator, then shown
    b = resolve_gurps(gurps("3d+1x2 cut", GRAY, seed=a.seed))
    assert b.dice == a.dice
    assert resolve_gurps(gurps("3d+1x2 cut", GRAY), a.seed).dice == a.dice
    # the scenario's own seed, and a fixed roll, come first
    assert resolve_gurps(gurps("3d+1x2 cut", GRAY, seed=a.seed), 99).seed == a.seed
    fixed = resolve_gurps(gurps("3d+1x2 cut", GRAY, roll=10), 99)
    assert (fixed.seed, fixed.dice, fixed.roll) == (None, None, 10)
    # (dice + 1) x 2
    assert a.basic_damage == (sum(a.dice) + 1) * 2
    assert a.to_dict()["attack"]["seed"] == a.seed


def test_gu8_assumed_hit_is_a_warning() -> None:
    out = resolve_gurps(gurps("7d(2) pi-", GRAY, {**VIP, "hit_chance": 0.5}, roll=20))
    assert any(w.rule == "GU-8" and "VIP" in w.text for w in out.warnings)
    assert {"rule": "GU-8", "text": out.warnings[-1].text} in out.to_dict()["warnings"]
    assert out.to_dict()["targets"][1]["hit_chance"] == 0.5


def test_gu2_fixed_roll_below_the_minimum() -> None:
    # 1d-3 pi rolling -2 -> basic damage 1; DR 0: 1 penetrating, x1 = 1
    out = resolve_gurps(gurps("1d-3 pi", {"target": "a", "hp": 10}, roll=-2))
    assert out.basic_damage == 1
    assert out.targets[0].injury == 1


def test_gu6_covers_appear_in_json() -> None:
    out = resolve_gurps(gurps("7d(2) pi-", GRAY, {"cover": {"name": "door", "dr": 2,
                                                           "slab": True}}, VIP, roll=20))
    (door,) = out.to_dict()["covers"]
    # 2 / 2 = 1; 20 > 14 + 1
    assert (door["name"], door["cover_dr"], door["overpenetrates"]) == ("door", 1, True)


def test_gu7_a_target_never_reached_has_null_figures() -> None:
    # roll 14: Gray 14 - 4 = 10 penetrating; cover DR 28 / 2 = 14 and 14 does not exceed 14, so
    # the VIP is never reached: its figures are null, never 0.
    d = resolve_gurps(gurps("7d(2) pi-", GRAY, VIP, roll=14)).to_dict()
    vip = d["targets"][1]
    assert (vip["reached"], vip["hit"]) == (False, False)
    for key in ("effective_dr", "own_dr", "dr_in_front", "penetrating", "wounding_modifier",
                "wounding_modifier_exact", "injury", "cover_dr"):
        assert vip[key] is None, key
    gray = d["targets"][0]
    assert (gray["wounding_modifier"], gray["wounding_modifier_exact"]) == (0.5, "1/2")
    assert (gray["hit_chance"], gray["hit_chance_exact"]) == (1, "1/1")


def test_gu8_warnings_are_rule_and_text_records() -> None:
    d = resolve_gurps(gurps("7d(2) pi-", GRAY, {**VIP, "hit_chance": "1/3"}, roll=20)).to_dict()
    (warning,) = d["warnings"]
    assert set(warning) == {"rule", "text"} and warning["rule"] == "GU-8"
    assert "VIP" in warning["text"] and "GU-8" not in warning["text"]  # the rule is its own field
