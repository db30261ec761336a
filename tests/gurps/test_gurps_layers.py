"""GU-28: layered DR, worked by hand from the ruling (with GU-3, GU-9, GU-14)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from gurps.gurps_helpers import gurps
from hypothesis import given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.errors import ScenarioError
from armourpen.gurps.resolve import resolve_gurps
from armourpen.limits import Limits


def _trooper(dr: Any, **card: Any) -> dict[str, Any]:
    return {"target": "trooper", "hp": 12, "dr": dr, **card}


def _hit(damage: str, roll: int, *line: dict[str, Any], **attack: Any) -> dict[str, Any]:
    out: dict[str, Any] = resolve_gurps(gurps(damage, *line, roll=roll, **attack)).to_dict()
    return out


@pytest.mark.parametrize(("outer", "inner", "penetrating", "injury"), [
    # 44 cut (2): a Hardened 1 layer meets no divisor: 20; the other 20 / 2 = 10.
    # 44 - (20 + 10) = 14, x1.5 cut = 21.
    (1, 0, 14, 21),
    # both Hardened: 44 - (20 + 20) = 4, x1.5 = 6.
    (1, 1, 4, 6),
    # neither: 44 - (10 + 10) = 24, x1.5 = 36.
    (0, 0, 24, 36),
])
def test_gu28_the_layered_trooper(outer: int, inner: int, penetrating: int, injury: int) -> None:
    layers = [{"dr": 20, "hardened": outer}, {"dr": 20, "hardened": inner, "flexible": True}]
    t = _hit("8d(2) cut", 44, _trooper(layers))["targets"][0]
    assert (t["penetrating"], t["injury"]) == (penetrating, injury)
    assert [x["dr_left"] for x in t["layers"]] == [20, 20]


def test_gu28_a_table_of_dr_by_location_holds_layers() -> None:
    # torso as the trooper above (21); the skull has plain DR 4 + natural 2 = 6, / 2 = 3:
    # 44 - 3 = 41, x4 = 164
    table = {"torso": [{"dr": 20, "hardened": 1}, {"dr": 20}], "skull": 4}
    torso = _hit("8d(2) cut", 44, _trooper(table))["targets"][0]
    skull = _hit("8d(2) cut", 44, _trooper(table, location="skull"))["targets"][0]
    assert torso["injury"] == 21
    assert (skull["penetrating"], skull["injury"]) == (41, 164)
    assert "layers" not in skull


def test_gu28_ablative_80_at_5_stopping_15_keeps_65() -> None:
    # 80 / 5 = 16 effective; 15 stopped, 15 DR lost: 65 left, nothing penetrates
    t = _hit("3d(5) pi", 15, _trooper([{"dr": 80, "ablation": "ablative"}]))["targets"][0]
    assert t["penetrating"] == 0
    assert t["layers"][0]["stopped"] == 15
    assert t["layers"][0]["dr_left"] == 65


def test_gu28_a_blow_past_an_ablative_layer_costs_its_effective_dr() -> None:
    # 5d(5) rolling 20 against 80 ablative: 16 stopped, 4 through; 80 - 16 = 64 left
    t = _hit("5d(5) pi", 20, _trooper([{"dr": 80, "ablation": "ablative"}]))["targets"][0]
    assert t["penetrating"] == 4
    assert t["layers"][0]["dr_left"] == 64


def test_gu28_semi_ablative_loses_one_per_full_ten_that_strike_it() -> None:
    # 6d pi rolling 25 at an outer DR 5 over a semi-ablative DR 10: 20 strike the inner layer:
    # 2 DR lost, 8 left; penetrating 25 - 15 = 10; the outer layer keeps its 5
    layers = [{"dr": 5}, {"dr": 10, "ablation": "semi-ablative"}]
    t = _hit("6d pi", 25, _trooper(layers))["targets"][0]
    assert t["penetrating"] == 10
    assert [x["dr_left"] for x in t["layers"]] == [5, 8]


def test_gu28_split_dr_gives_its_crushing_figure_to_crushing_damage() -> None:
    # armour 4/2: 3d cr rolling 12 faces 2: 10 through, x1 = 10; 3d pi faces 4: 8, x1 = 8
    split = [{"dr": 4, "crushing": 2}]
    assert _hit("3d cr", 12, _trooper(split))["targets"][0]["injury"] == 10
    assert _hit("3d pi", 12, _trooper(split))["targets"][0]["injury"] == 8


@pytest.mark.parametrize(("layers", "trauma"), [
    # 6d pi rolling 18: a flexible DR 20 outermost stops all 18: 1 HP per full 10 = 1 (the rigid
    # layer behind it is never struck)
    ([{"dr": 20, "flexible": True}, {"dr": 10}], 1),
    # a flexible DR 10 stops 10, the rigid DR 10 behind it the last 8: a rigid layer stopped it
    ([{"dr": 10, "flexible": True}, {"dr": 10}], 0),
    # both flexible: 1
    ([{"dr": 10, "flexible": True}, {"dr": 10, "flexible": True}], 1),
])
def test_gu28_blunt_trauma_only_when_every_layer_that_stopped_it_is_flexible(
        layers: list[dict[str, Any]], trauma: int) -> None:
    t = _hit("6d pi", 18, _trooper(layers))["targets"][0]
    assert t["penetrating"] == 0
    assert (t["blunt_trauma"], t["injury"]) == (trauma, trauma)


def test_gu28_as_cover_a_layered_card_counts_the_sum_of_its_layers() -> None:
    # 8d(2) pi rolling 48 at a layered card of HP 5, DR 20 + 20: as cover (GU-6) 40 in + 40 out
    # + 5 = 85, / 2 = 42 (floor); 48 > 42: on to the VIP (DR 0): 48 - 42 = 6, pi x1 = 6
    card = {"target": "trooper", "hp": 5, "dr": [{"dr": 20, "hardened": 1}, {"dr": 20}]}
    out = _hit("8d(2) pi", 48, card, {"target": "VIP", "hp": 10})
    first, vip = out["targets"]
    assert first["cover_dr"] == 42
    assert (vip["penetrating"], vip["injury"]) == (6, 6)


def test_gu28_a_burst_faces_the_layers_as_before_it() -> None:
    # skill 12 + 2 (10 shots) = 14, roll 11: margin 3, 1 + 3 // 2 = 2 hits of 15 each.
    # Both face 80 / 5 = 16: nothing through; each stops 15: 65 after the first, 50 after both
    scenario = gurps("3d(5) pi", _trooper([{"dr": 80, "ablation": "ablative"}]), skill=12,
                     shots=10, rcl=2, attack_roll=11, rolls=[15, 15])
    t = resolve_gurps(scenario).to_dict()["targets"][0]
    assert t["penetrating"] == 0
    assert t["layers"][0]["dr_left_after_hits"] == [65, 50]
    assert t["layers"][0]["dr_left"] == 50


@settings(max_examples=60, deadline=None)
@given(dr=st.integers(0, 40), hardened=st.integers(0, 3), flexible=st.booleans(),
       divisor=st.sampled_from(["", "(2)", "(3)", "(5)", "(0.5)"]),
       kind=st.sampled_from(["pi", "cr", "cut", "imp"]), roll=st.integers(3, 18),
       where=st.sampled_from(["torso", "skull", "arm"]))
def test_gu28_a_single_layer_list_is_the_plain_dr(dr: int, hardened: int, flexible: bool,
                                                   divisor: str, kind: str, roll: int,
                                                   where: str) -> None:
    # GU-28 with one layer says no more than GU-3, GU-9 and GU-14 say of a single DR
    damage = f"3d{divisor} {kind}"
    plain = _hit(damage, roll, _trooper(dr, hardened=hardened, flexible=flexible,
                                        location=where))
    layered = _hit(damage, roll, _trooper([{"dr": dr, "hardened": hardened,
                                            "flexible": flexible}], location=where))
    a, b = plain["targets"][0], layered["targets"][0]
    b.pop("layers")
    assert a == b


def test_gu28_odds_against_a_brute_force_over_the_dice() -> None:
    # 3d(2) pi against a flexible DR 20 (20 / 2 = 10) over a Hardened 1 DR 6 (6, no divisor):
    # 16 in all. 3-9: the flexible layer stops all, under 10: nothing. 10: the flexible layer
    # stops all 10: blunt trauma 1. 11-16: the rigid layer stopped some: 0. 17, 18: 1 and 2
    # through, pi x1.
    layers = [{"dr": 20, "flexible": True}, {"dr": 6, "hardened": 1}]
    expected: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                total = a + b + c
                injury = total - 16 if total > 16 else (1 if total == 10 else 0)
                expected[injury] = expected.get(injury, Fraction(0)) + Fraction(1, 216)
    scenario = gurps("3d(2) pi", _trooper(layers))
    pmf = armourpen.odds(scenario).to_dict()["targets"][0]["injury_pmf"]
    assert {int(k): Fraction(v) for k, v in pmf.items()} == expected


@pytest.mark.parametrize(("dr", "field", "allowed"), [
    ([{"dr": -1}], "line[0].dr[0].dr", "0 or more"),
    ([{"dr": 5, "hardened": -1}], "line[0].dr[0].hardened", "0 or more"),
    ([{"dr": 5, "ablation": "ablatve"}], "line[0].dr[0].ablation", "ablative, semi-ablative"),
    ([], "line[0].dr", "a list of layers"),
])
def test_gu28_bad_layers_are_named(dr: Any, field: str, allowed: str) -> None:
    with pytest.raises(ScenarioError) as info:
        gurps("3d pi", _trooper(dr), roll=10)
    assert info.value.field == field
    assert allowed in info.value.allowed


def test_gu28_a_layer_list_on_a_cover_card_is_refused() -> None:
    wall = {"cover": {"name": "wall", "dr": [{"dr": 20}], "slab": True}}
    with pytest.raises(ScenarioError) as info:
        gurps("3d pi", wall, _trooper(0), roll=10)
    assert info.value.field == "line[0].cover.dr"
    assert "a cover card keeps one DR" in info.value.allowed


def test_gu28_card_flexible_with_layers_is_refused() -> None:
    with pytest.raises(ScenarioError) as info:
        gurps("3d pi", _trooper([{"dr": 5}], flexible=True), roll=10)
    assert info.value.field == "line[0].flexible"


def test_gu28_layers_count_against_max_list_entries() -> None:
    data = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
            "line": [_trooper([{"dr": 1}] * 4)]}
    with pytest.raises(armourpen.errors.InputError) as info:
        armourpen.load_scenario(data, limits=Limits(max_list_entries=3))
    assert "max_list_entries" in info.value.allowed


def test_gu28_the_readable_outcome_says_the_layers_dr_left() -> None:
    from armourpen.gurps.layout import effect_lines

    # 80 ablative at (5) stopping 15: 65 left; the DR 4 behind it untouched
    scenario = gurps("3d(5) pi", _trooper([{"dr": 80, "ablation": "ablative"}, {"dr": 4}]), roll=15)
    (line,) = effect_lines(resolve_gurps(scenario))
    assert "".join(s.text for s in line).endswith("layers' DR left 65 / 4 (GU-28)")
