"""The GURPS scenario schema: defaults, and one clear error per bad input (AP-2)."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest

import armourpen
from armourpen.errors import InputError, NotationError, ScenarioError
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance, Location
from armourpen.gurps.model import Cover, Target
from armourpen.gurps.scenario import parse_gurps

BASE: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-", "roll": 20},
    "line": [
        {"target": "Agent Gray", "dr": 8, "hp": 12},
        {"cover": {"name": "interior door", "dr": 2, "slab": True}},
        {"target": "VIP", "hp": 10, "hit_chance": 0.3},
    ],
}


def _with(edit: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    edit(data)
    return data


def test_ap2_issue_example_parses_with_defaults() -> None:
    sc = parse_gurps(BASE)
    gray, door, vip = sc.line
    assert isinstance(gray, Target) and isinstance(door, Cover) and isinstance(vip, Target)
    assert (gray.dr, gray.dr_back, gray.hp) == (8, 8, 12)  # dr_back defaults to dr
    assert gray.injury_tolerance is InjuryTolerance.NONE
    assert gray.location is Location.TORSO
    assert vip.hit_chance == Fraction(3, 10)  # exactly, not the float 0.3
    assert door.slab and door.dr == 2
    assert sc.targets == (gray, vip)
    assert sc.attack.ranged is True
    assert sc.settings.fractional_dr0 is Dr0Reading.BECOMES_1
    assert str(sc.attack.damage) == "7d(2) pi-"


@pytest.mark.parametrize(
    ("edit", "field", "allowed_part"),
    [
        (lambda d: d.update(extra=1), "extra", "rules, optional_rules, settings, attack, line"),
        (lambda d: d["attack"].update(dammage="x"), "attack.dammage", "unknown key"),
        (lambda d: d["line"][0].update(dr=-1), "line[0].dr", "allowed: 0 or more"),
        (lambda d: d["line"][0].update(dr="8"), "line[0].dr",
         "a whole number of 0 or more for every location, or a table of DR by hit location"),
        (lambda d: d["line"][0].pop("hp"), "line[0].hp", "required"),
        (lambda d: d["line"][1]["cover"].update(naem="x"), "line[1].cover.naem", "slab"),
        (lambda d: d["line"][1]["cover"].update(slab=False), "line[1].cover.hp", "slab = true"),
        (
            lambda d: d["line"][2].update(injury_tolerance="robot"),
            "line[2].injury_tolerance",
            "one of none, unliving, homogenous, diffuse",
        ),
        (lambda d: d["line"][2].update(hit_chance=1.5), "line[2].hit_chance", "0 to 1"),
        (lambda d: d["line"][2].update(hit_chance="lots"), "line[2].hit_chance", "0 to 1"),
        (lambda d: d["line"][2].update(hit_chance=True), "line[2].hit_chance", "0 to 1"),
        (lambda d: d["line"][2].update(location="knee"), "line[2].location", "torso, groin, vitals"),
        (lambda d: d["attack"].update(roll=20.0), "attack.roll", "integer"),
        (lambda d: d["line"][0].update(hit_chance=0.5), "line[0].hit_chance", "first target"),
        (lambda d: d["line"].append({"name": "x"}), "line[3]", "target"),
        (
            lambda d: d["line"].append({"target": "x", "cover": {}}),
            "line[3]",
            "either",
        ),
        (lambda d: d["attack"].update(roll=43), "attack.roll", "7 to 42"),
        (lambda d: d["attack"].update(seed=1), "attack.seed", "not both"),
        (lambda d: d["attack"].update(location="elbow"), "attack.location", "torso, groin, vitals"),
        (lambda d: d.update(rules="penav"), "rules", "allowed: gurps"),
        (lambda d: d.update(optional_rules=["x"]), "optional_rules", "no optional rules"),
        (lambda d: d.update(settings={"fractional_dr0": "x"}), "settings.fractional_dr0",
         "allowed: becomes_1, multiplied"),
        (lambda d: d.update(line=[{"cover": {"name": "w", "dr": 1, "slab": True}}]), "line",
         "at least one"),
        (lambda d: d.update(line=[]), "line", "at least 1"),
    ],
)
def test_ap2_bad_scenario_names_field_value_and_allowed(
    edit: Any, field: str, allowed_part: str
) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_gurps(_with(edit))
    assert info.value.field == field
    assert allowed_part in info.value.allowed
    assert "Input should" not in str(info.value)  # our words, never pydantic's (AP-2)


@pytest.mark.parametrize(("dr", "field", "allowed_part"), [
    ({"chest": 3}, "line[0].dr.chest", "torso, groin, vitals, skull, eye, face, neck, arm, leg, "
                                       "hand, foot"),
    ({"torso": -1}, "line[0].dr.torso", "0 or more"),
    ({"torso": 2.5}, "line[0].dr.torso", "whole number"),
    ({"random": 3}, "line[0].dr.random", "torso"),
    ("8", "line[0].dr", "table"),
])
def test_ap2_gu3_a_table_of_dr_by_location_names_the_location(
    dr: object, field: str, allowed_part: str,
) -> None:
    data = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
            "line": [{"target": "a", "hp": 10, "dr": dr}]}
    with pytest.raises(ScenarioError) as info:
        parse_gurps(data)
    assert (info.value.field, allowed_part in info.value.allowed) == (field, True)
    with pytest.raises(ScenarioError) as info:
        parse_gurps({**data, "line": [{"target": "a", "hp": 10, "dr_back": dr}]})
    assert info.value.field == field.replace(".dr", ".dr_back")


def test_gu3_a_table_of_dr_by_location_gives_0_where_it_is_silent() -> None:
    sc = parse_gurps({"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10}, "line": [
        {"target": "a", "hp": 10, "dr": {"torso": 8, "skull": 3}, "dr_back": 2}]})
    a = sc.targets[0]
    assert (a.dr_for(Location.TORSO), a.dr_for(Location.SKULL), a.dr_for(Location.ARM)) == (
        (8, 2), (3, 2), (0, 2))
    assert [str(step) for step in sc.steps] == [
        "[GU-3] a: DR by location: torso 8 in, 2 out, skull 3 in, 2 out; every other location "
        "0 in, 2 out (a table gives DR 0 where it does not list a location)"]


def test_gu1_bad_damage_in_a_scenario_names_attack_damage() -> None:
    with pytest.raises(NotationError) as info:
        parse_gurps(_with(lambda d: d["attack"].update(damage="7d(400) pi-")))
    assert info.value.field == "attack.damage"
    assert info.value.position == 4


def test_gu26_slab_keeps_hp_for_its_damage_and_ignores_dr_back_with_a_warning() -> None:
    # GU-6: a thin slab's cover DR is its DR alone; GU-26: its hp still counts for the damage it
    # takes (a slab given no HP reports no HP left), so hp is kept and draws no warning
    sc = parse_gurps(_with(lambda d: d["line"][1]["cover"].update(hp=30, dr_back=4)))
    door = sc.line[1]
    assert isinstance(door, Cover) and door.hp == 30
    assert any(w.rule == "GU-6" and "interior door" in w.text and "dr_back" in w.text
               and "hp" not in w.text for w in sc.warnings)


def test_gu6_cover_defaults_to_homogenous_and_dr_back_to_dr() -> None:
    sc = parse_gurps(_with(lambda d: d["line"].__setitem__(1, {"cover": {"name": "tree",
                                                                         "dr": 1, "hp": 40}})))
    tree = sc.line[1]
    assert isinstance(tree, Cover)
    assert (tree.injury_tolerance, tree.dr_back, tree.hp) == (InjuryTolerance.HOMOGENOUS, 1, 40)


def test_ap2_not_a_mapping() -> None:
    with pytest.raises(InputError):
        parse_gurps([1, 2])  # type: ignore[arg-type]


def test_gurps_scenario_is_hashable_for_reuse() -> None:
    assert hash(parse_gurps(BASE)) == hash(parse_gurps(copy.deepcopy(BASE)))


# The humanoid hit locations of GU-4 (Basic Set pp. 398-400), in its order.
HUMANOID = ["torso", "groin", "vitals", "skull", "eye", "face", "neck", "arm", "leg", "hand", "foot"]


def test_gu10_location_names_are_the_locations_and_random() -> None:
    from armourpen.gurps.locations import OTHER_BODIES

    assert list(armourpen.GURPS_HIT_LOCATIONS) == HUMANOID
    assert list(armourpen.GURPS_ATTACK_LOCATIONS) == [*HUMANOID, "random"]
    # wings, tails and fins are hit on the bodies of GCS files only
    assert {loc.value for loc in OTHER_BODIES} == {"wing", "tail", "fin"}


@pytest.mark.parametrize(("where", "edit"), [
    ("attack.location", lambda d: d["attack"].update(location="wing")),
    ("line[0].location", lambda d: d["line"][0].update(location="tail")),
    ("line[0].dr.fin", lambda d: d["line"][0].update(dr={"fin": 3})),
])
def test_gu10_a_hand_written_target_is_hit_at_a_humanoid_location_only(
    where: str, edit: Any
) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_gurps(_with(edit))
    assert info.value.field == where
    assert str(info.value).endswith("allowed: " + ", ".join(
        HUMANOID + (["random"] if where.endswith("location") else [])))


def test_the_schema_offers_the_choices_the_reader_accepts() -> None:
    from armourpen.scenario import json_schema

    defs = json_schema("gurps")["$defs"]
    assert defs["LocationName"]["enum"] == [*HUMANOID, "random"]
    assert defs["HumanoidLocation"]["enum"] == HUMANOID
    assert defs["ToleranceName"]["enum"] == list(armourpen.GURPS_INJURY_TOLERANCES) == [
        "none", "unliving", "homogenous", "diffuse", "no_brain", "no_vitals", "no_blood",
        "no_eyes", "no_head", "no_neck"]
    assert defs["InjuryTolerance"]["enum"] == list(armourpen.GURPS_COVER_INJURY_TOLERANCES) == [
        "none", "unliving", "homogenous", "diffuse"]
    assert defs["Dr0Reading"]["enum"] == list(armourpen.GURPS_DR0_READINGS) == [
        "becomes_1", "multiplied"]
    assert list(armourpen.GURPS_DAMAGE_TYPES) == [
        "pi-", "pi", "pi+", "pi++", "imp", "cut", "cr", "burn", "cor", "tox", "fat", "kb"]


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("vulnerability", 5, "4"),
        ("vulnerability", 0, "1"),
        ("hardened", 7, "6"),
        ("hardened", -1, "0"),
        ("st", -1, "0"),
        ("flexible", "yes", "true or false"),
        ("location", "elbow", "random"),
    ],
)
def test_ap2_gu14_target_keys_are_checked(key: str, value: object, allowed: str) -> None:
    from armourpen.errors import ScenarioError
    from armourpen.gurps.scenario import parse_gurps

    with pytest.raises(ScenarioError) as info:
        parse_gurps({"rules": "gurps", "attack": {"damage": "3d pi"},
                     "line": [{"target": "T", "hp": 10, key: value}]})
    assert info.value.field == f"line[0].{key}"
    assert allowed in str(info.value)


def test_gu22_fragments_without_an_explosion_are_refused_naming_the_rule() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_gurps(_with(lambda d: d["attack"].update(damage="4d cr [2d cut]")))
    assert info.value.field == "attack.damage"
    assert "GU-22" in str(info.value) and "without an explosion" in str(info.value)
    assert "\n" not in str(info.value)
