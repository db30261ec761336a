"""The weapons of GCS character files (GU-1, GU-23), and GURPS attacks taken from them.

Expected values are read by hand off the sample sheets as GCS shows them (each weapon's damage,
skill, RoF, Rcl and range columns)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from gcs.gcs_helpers import character, other_samples, sample, samples_dir

import armourpen
from armourpen.errors import InputError, NotationError, ScenarioError
from armourpen.gcs.uses import WeaponUse
from armourpen.gcs.weapons import Carrier, GcsWeapon
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.gurps.projectiles import Shots

OVERLORD = "The Overlord of Jupiter.gcs"


def weapons(name: str) -> tuple[GcsWeapon, ...]:
    return armourpen.load_gcs(sample(name)).weapons


def one(name: str, label: str) -> GcsWeapon:
    found = [w for w in weapons(name) if w.label == label]
    assert len(found) == 1, [w.label for w in weapons(name)]
    return found[0]


# --- reading: each weapon as GCS shows it -------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "label", "damage", "skill", "rof", "rcl", "half", "longest", "ranged"),
    [
        ("Boneyard.gcs", "Fangs (Bite)", "5d imp", 14, "", "", None, None, False),
        ("Giant Rat.gcs", "Teeth, Sharp (Bite)", "1d cut", 15, "", "", None, None, False),
        ("Harpy.gcs", "Sharp Claws (Kick)", "1d cut", 13, "", "", None, None, False),
        ("Kabal.gcs", "Natural Attacks (Punch)", "1d+1 cr", 16, "", "", None, None, False),
        ("Kabal.gcs", "Hook Sword (Swing)", "1d+2 cr", None, "", "", None, None, False),
        (OVERLORD, "Innate Attack (Burn) - Laser Gauntlets", "3d burn", 13, "1", "1", 10, 100, True),
        (OVERLORD, "Innate Attack (Burn) - Look of Disdain", "8d burn", 13, "1", "1", 10, 100, True),
        (OVERLORD, "Beam Weapons (Rifle) (Beam Rifle)", "(5)", 18, "4", "", 700, 2100, True),
    ],
)
def test_gcs_weapon_reads_damage_skill_rof_rcl_and_range_as_gcs_shows_them(
    file: str, label: str, damage: str, skill: int | None, rof: str, rcl: str,
    half: int | None, longest: int | None, ranged: bool,
) -> None:
    w = one(file, label)
    assert (w.damage, w.skill, w.rate_of_fire, w.recoil) == (damage, skill, rof, rcl)
    assert (w.half_damage_range, w.max_range, w.ranged) == (half, longest, ranged)


def test_gcs_weapons_come_from_traits_equipment_and_skills_in_file_order() -> None:
    assert [(w.carrier, w.usage) for w in weapons("Kabal.gcs")] == [
        (Carrier.TRAIT, "Bite"), (Carrier.TRAIT, "Punch"), (Carrier.TRAIT, "Kick"),
        (Carrier.EQUIPMENT, "Hilt Punch"), (Carrier.EQUIPMENT, "Swing"),
        (Carrier.EQUIPMENT, "Thrust"), (Carrier.EQUIPMENT, "Hook Slice")]
    assert one(OVERLORD, "Beam Weapons (Pistol) (Beam Pistol)").carrier is Carrier.SKILL


@pytest.mark.parametrize(("file", "label", "text"), [
    (OVERLORD, "Beam Weapons (Pistol) (Beam Pistol)", "(5)"),  # a divisor without dice or type
    ("Illithocyte.gcs", "Vibration Sense (Ooze Senses)", "cr"),  # a type without dice
])
def test_gu1_a_sheet_damage_with_no_rule_is_marked_with_why(file: str, label: str, text: str
                                                            ) -> None:
    w = one(file, label)
    assert not w.usable and w.parsed is None
    assert w.problem is not None and f"damage {text!r} has no rule behind it (GU-1" in w.problem


def _sheet(*weapons: dict[str, Any], carrier: str = "equipment") -> dict[str, Any]:
    key = "description" if carrier in ("equipment", "other_equipment") else "name"
    extra: dict[str, Any] = {carrier: [{key: "Gadget", "weapons": list(weapons)}]}
    return character(**extra)


def _w(**fields: Any) -> dict[str, Any]:
    return {"id": "Wgadget", "damage": {"type": "pi"}, **fields}


@pytest.mark.parametrize(
    ("weapon", "damage", "problem"),
    [
        (_w(calc={"damage": "Cough/Weep"}), "Cough/Weep", "has no rule behind it"),
        (_w(calc={"damage": "1d burn/point"}), "1d burn/point", "has no rule behind it"),
        (_w(calc={"damage": "1d ctrl"}), "1d ctrl", "has no rule behind it"),
        (_w(calc={"damage": "2d cut/imp"}), "2d cut/imp", "has no rule behind it"),
        (_w(calc={"damage": "1d3 cr"}), "1d3 cr", "has no rule behind it"),
        (_w(calc={"damage": "See notes for the effect"}), "See notes for the effect",
         "has no rule behind it"),
        (_w(damage={"type": "cr", "st": "sw"}), "", "depends on ST (sw)"),
        (_w(damage={"type": "burn", "base_leveled": "1d"}), "", "depends on the trait's level"),
    ],
)
def test_gu1_every_kind_of_unusable_damage_says_why(weapon: dict[str, Any], damage: str,
                                                     problem: str) -> None:
    w = armourpen.load_gcs(_sheet(weapon)).weapons[0]
    assert w.damage == damage and not w.usable
    assert w.problem is not None and problem in w.problem


def test_gu1_a_per_unit_damage_names_the_whole_string_not_its_first_letter() -> None:
    # "1d burn/point": burn is a GU-1 type, "/point" is what has no rule; the refusal used to
    # point at burn's "b" as if no type stood there
    w = armourpen.load_gcs(_sheet(_w(calc={"damage": "1d burn/point"}))).weapons[0]
    assert w.problem == ("damage '1d burn/point' has no rule behind it (GU-1: at position 4, "
                         "expected a damage type: pi-, pi, pi+, pi++, imp, cut, cr, burn, cor, "
                         "tox, fat, kb, as a word of its own, found 'burn/point')")


@pytest.mark.parametrize(
    ("weapon", "damage"),
    [
        (_w(calc={"damage": "2d+2 pi+"}), "2d+2 pi+"),
        (_w(calc={"damage": "3d(1.5) pi"}), "3d(1.5) pi"),
        (_w(calc={"damage": "6dx2 cr ex [2d cut]"}), "6dx2 cr ex [2d cut]"),
        # no calc.damage: built from the fields as GCS writes them
        (_w(damage={"type": "pi-", "base": "4d+1", "armor_divisor": 2}), "4d+1(2) pi-"),
        (_w(damage={"type": "cr ex", "base": "6dx2", "fragmentation": "2d",
                    "fragmentation_type": "cut"}), "6dx2 cr ex [2d cut]"),
    ],
)
def test_gu1_every_form_gcs_writes_with_a_rule_is_usable(weapon: dict[str, Any], damage: str
                                                         ) -> None:
    w = armourpen.load_gcs(_sheet(weapon)).weapons[0]
    assert (w.damage, w.usable) == (damage, True)
    assert w.parsed is not None and str(w.parsed) == damage


@pytest.mark.parametrize(("fields", "damage"), [
    # GCS resolves a per-die modifier into the adds: the modifier x the number of dice, its
    # fraction dropped (toward zero), the multiplier left as it is
    ({"base": "1d", "modifier_per_die": 2, "type": "cr"}, "1d+2 cr"),  # 2 x 1 die
    ({"base": "3d+1", "modifier_per_die": 0.5, "type": "cut"}, "3d+2 cut"),  # 1 + 1.5 -> 1
    ({"base": "3d", "modifier_per_die": -0.5, "type": "cr"}, "3d-1 cr"),  # -1.5 -> -1
    ({"base": "10d", "modifier_per_die": 0.3, "type": "cr"}, "10d+3 cr"),  # 3, as decimals
    ({"base": "2dx3", "modifier_per_die": -1, "type": "cr"}, "2d-2x3 cr"),  # -2, then x3
    ({"base": "1d+1", "modifier_per_die": -1, "type": "pi", "armor_divisor": 2}, "1d(2) pi"),
])
def test_gcs_modifier_per_die_folds_into_the_adds_as_gcs_resolves_it(
        fields: dict[str, Any], damage: str) -> None:
    w = armourpen.load_gcs(_sheet(_w(damage=fields))).weapons[0]
    assert (w.damage, w.usable) == (damage, True)
    assert w.parsed is not None and str(w.parsed) == damage


@pytest.mark.parametrize(("text", "half", "longest"), [
    ("50/1,900", 50, 1900), ("100", None, 100), ("5-100", None, 100), ("1/10 mi", 1760, 17600),
    ("x1/x1.5", None, None), ("Sight", None, None), ("", None, None)])
def test_gu23_range_gives_half_damage_and_max_in_yards(text: str, half: int | None,
                                                       longest: int | None) -> None:
    w = armourpen.load_gcs(_sheet(_w(range=text, calc={"damage": "1d pi"}))).weapons[0]
    assert (w.half_damage_range, w.max_range) == (half, longest)


def test_gcs_weapon_prefers_what_gcs_resolved_over_its_own_fields() -> None:
    w = armourpen.load_gcs(_sheet(_w(range="10/100", rate_of_fire="3", recoil="2", calc={
        "damage": "2d pi", "level": 12, "range": "12/120", "rate_of_fire": "3x9",
        "recoil": "2/4"}))).weapons[0]
    assert (w.half_damage_range, w.rate_of_fire, w.recoil, w.skill) == \
        (Fraction(12), "3x9", "2/4", 12)


def test_gcs_weapon_of_another_shape_never_refuses_the_file() -> None:
    data = _sheet(_w(calc={"damage": 7, "level": "high"}, usage=["x"]), carrier="traits")
    w = armourpen.load_gcs(data).weapons[0]
    assert (w.damage, w.skill, w.usage) == ("", None, "")  # left out; no damage given
    assert not w.usable


def _disabled_sheet() -> dict[str, Any]:
    bite = {"id": "wbite", "usage": "Bite", "damage": {"type": "cut", "base": "1d"},
            "calc": {"damage": "1d cut", "level": 12}}
    claw = {"id": "wclaw", "usage": "Claw", "damage": {"type": "cr", "base": "1d"},
            "calc": {"damage": "1d cr", "level": 12}}
    kick = {"id": "wkick", "usage": "Kick", "calc": {"damage": "1d+1 cr", "level": 12}}
    return character(traits=[
        {"id": "t1", "name": "Fangs", "disabled": True, "weapons": [bite]},
        {"id": "t2", "name": "Shapeshifted", "disabled": True, "children": [
            {"id": "t3", "name": "Claws", "weapons": [claw]}]},
        {"id": "t4", "name": "Natural Attacks", "weapons": [kick]},
    ])


def test_gcs_weapon_of_a_disabled_trait_or_container_is_refused_with_why() -> None:
    # GCS lists no weapon of a disabled trait, nor of a trait a disabled container holds (the
    # traits read for a target skip them too); the enabled trait's Kick is an attack
    bite, claw, kick = armourpen.load_gcs(_disabled_sheet()).weapons
    assert not bite.usable and bite.disabled
    assert bite.problem == ("its trait Fangs is disabled on the sheet (GCS offers no weapon of "
                            "a disabled trait)")
    assert not claw.usable and claw.disabled
    assert claw.problem == ("it lies in the trait Shapeshifted, which is disabled on the sheet "
                            "(GCS offers no weapon of a disabled trait)")
    assert kick.usable and not kick.disabled
    for name, usage in (("Fangs", "Bite"), ("Claws", "Claw")):
        for beside in ({}, {"damage": "1d cut"}):  # damage beside gcs does not enable it
            with pytest.raises(ScenarioError) as info:
                _load(_scenario({"gcs": _disabled_sheet(), "weapon": name, "roll": 3, **beside}))
            assert info.value.field == "attack.weapon"
            assert f"{name} ({usage}): " in str(info.value) and "disabled" in str(info.value)


def test_gu1_a_control_character_in_a_weapon_is_kept_escaped_and_has_no_rule() -> None:
    # the file loads (GCS writes "\r" in a weapon's usage notes); every text of a weapon is
    # escaped, and a damage holding a terminal escape or a line break has no rule (GU-1)
    data = _sheet(_w(usage="Swing\x1b[31m", calc={"damage": "1d\x1b[31m cr"}))
    w = armourpen.load_gcs(json.dumps(data).encode(), "Agent.gcs").weapons[0]
    assert w.damage == "1d\\x1b[31m cr" and w.usage == "Swing\\x1b[31m" and not w.usable
    assert w.problem is not None and "\x1b" not in w.problem and "no rule behind it" in w.problem
    w = armourpen.load_gcs(_sheet(_w(calc={"damage": "1d\ncr"}))).weapons[0]
    assert w.damage == "1d\\ncr" and not w.usable


def test_gcs_weapon_text_over_the_cap_is_unusable_not_a_refusal() -> None:
    w = armourpen.load_gcs(_sheet(_w(usage="u" * 500, calc={"damage": "1d pi"}))).weapons[0]
    assert not w.usable and "usage is longer than 200 characters" in (w.problem or "")
    assert len(w.usage) == 200


# --- the attack from a sheet ----------------------------------------------------------------


def _load(data: dict[str, Any] | Path) -> GurpsScenario:
    sc = armourpen.load_scenario(data)
    assert isinstance(sc, GurpsScenario)
    return sc


def _resolve(data: dict[str, Any] | Path) -> GurpsOutcome:
    return armourpen.resolve(_load(data))


def _scenario(attack: dict[str, Any], *line: dict[str, Any]) -> dict[str, Any]:
    return {"rules": "gurps", "attack": attack,
            "line": list(line) or [{"target": "Kabal", "hp": 13, "dr": 2, "range": 20}]}


def test_gu1_gu15_gu23_an_attack_from_a_sheet_equals_the_same_attack_typed() -> None:
    sheet = armourpen.load_gcs(sample(OVERLORD))
    from_sheet = _resolve(_scenario(
        {"gcs": sheet, "weapon": "Innate Attack (Burn) - Look of Disdain", "roll": 30,
         "attack_roll": 10}))
    # the sheet's columns: 8d burn, skill 13, RoF 1 (a single shot: no shots), 1/2D 10
    typed = _resolve(_scenario(
        {"damage": "8d burn", "skill": 13, "roll": 30, "attack_roll": 10,
         "half_damage_range": 10}))
    # GU-15: 10 against skill 13 hits Kabal; 8d burn rolling 30; Kabal at 20 yd, beyond 1/2D
    # 10 yd: 15; DR 2: 13 penetrating, injury 13
    assert from_sheet.basic_damage == typed.basic_damage == 15
    assert from_sheet.targets == typed.targets
    assert from_sheet.targets[0].injury == 13
    assert from_sheet.to_dict()["attack"]["weapon"] == {
        "source": str(sample(OVERLORD)), "name": "Innate Attack (Burn) - Look of Disdain", "usage": "",
        "damage_string": "8d burn"}
    typed_attack = typed.to_dict()["attack"]
    assert "weapon" not in typed_attack and "shots" not in typed_attack
    assert typed_attack["skill"] == 13 and typed_attack["attack_hit"] is True
    assert {k: v for k, v in from_sheet.to_dict()["attack"].items() if k != "weapon"} == \
        typed_attack


_THOMPSON = _w(usage="Burst", calc={"damage": "2d+2 pi+", "level": 14, "rate_of_fire": "13",
                                    "recoil": "2", "range": "50/1,000"})


def test_gu15_gu19_a_burst_from_a_sheet_equals_the_same_burst_typed() -> None:
    sheet = armourpen.load_gcs(_sheet(_THOMPSON))
    target = {"target": "Kabal", "hp": 13, "dr": 2, "range": 20}
    rolls = [10, 9, 8, 7, 6, 5, 4]
    from_sheet = _resolve(_scenario({"gcs": sheet, "weapon": "Gadget", "attack_roll": 5,
                                     "rolls": rolls}, target))
    typed = _resolve(_scenario({"damage": "2d+2 pi+", "skill": 14, "shots": 13, "rcl": 2,
                                "half_damage_range": 50, "attack_roll": 5, "rolls": rolls},
                               target))
    # GU-19: 13 shots give +3: skill 17; roll 5, margin 12; Rcl 2: 1 + 6 = 7 shots land. At 20 yd
    # (within 1/2D 50) each does its roll; DR 2; pi+ to the torso x1.5, rounded down:
    # 8 -> 12, 7 -> 10, 6 -> 9, 5 -> 7, 4 -> 6, 3 -> 4, 2 -> 3: 51 in all
    attack = from_sheet.to_dict()["attack"]
    assert (attack["skill"], attack["shots"], attack["rcl"], attack["shots_landed"]) == \
        (14, "13", 2, 7)
    assert from_sheet.to_dict()["targets"][0]["injuries"] == [12, 10, 9, 7, 6, 4, 3]
    assert from_sheet.targets[0].injury == 51
    assert {k: v for k, v in attack.items() if k != "weapon"} == typed.to_dict()["attack"]
    assert from_sheet.to_dict()["targets"] == typed.to_dict()["targets"]
    taken = next(s.text for s in from_sheet.steps if s.rule == "GU-15")
    assert taken.endswith("skill 14 (calc.level); shots 13 (its RoF 13, GU-19); Rcl 2 (GU-19)")


def test_gcs_attack_gcs_name_names_the_files_json_and_only_json(tmp_path: Path) -> None:
    data = json.loads(sample("Kabal.gcs").read_text(encoding="utf-8"))
    sc = _load(_scenario({"gcs": data, "gcs_name": "Kabal.gcs", "weapon": "Natural Attacks",
                          "usage": "Bite", "roll": 3}))
    assert sc.attack.weapon is not None and sc.attack.weapon.source == "Kabal.gcs"
    (tmp_path / "Kabal.gcs").write_bytes(sample("Kabal.gcs").read_bytes())
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(_scenario({"gcs": "Kabal.gcs", "gcs_name": "Other.gcs",
                                           "weapon": "Natural Attacks", "usage": "Bite"}),
                                base=tmp_path)
    assert info.value.field == "attack.gcs_name"


@pytest.mark.parametrize(("rof", "shots"), [("3x9", Shots(3, 9)), ("13!", Shots(13)),
                                            ("1", None), ("", None)])
def test_gu19_gu20_a_sheets_rof_gives_the_shots_and_a_rof_of_1_a_single_shot(
        rof: str, shots: Shots | None) -> None:
    sheet = armourpen.load_gcs(_sheet(_w(calc={"damage": "1d+1 pi", "level": 12,
                                               "rate_of_fire": rof, "recoil": "1"})))
    sc = _load(_scenario({"gcs": sheet, "weapon": "Gadget", "attack_roll": 10}))
    assert (sc.attack.skill, sc.attack.shots) == (12, shots)
    assert sc.attack.rcl == (None if shots is None else 1)


def test_gcs_attack_keys_beside_gcs_override_the_sheets_skill_shots_and_rcl() -> None:
    sheet = armourpen.load_gcs(_sheet(_THOMPSON))
    sc = _load(_scenario({"gcs": sheet, "weapon": "Gadget", "skill": 11, "shots": 5, "rcl": 3,
                          "damage": "2d pi"}))
    a = sc.attack
    assert (str(a.damage), a.skill, a.shots, a.rcl) == ("2d pi", 11, Shots(5), 3)
    assert "skill 11 (given beside gcs); shots 5 (given beside gcs); Rcl 3 (given beside gcs)" \
        in sc.steps[1].text


@pytest.mark.parametrize(("calc", "beside", "field", "text"), [
    ({"damage": "1d cut"}, {}, "attack.skill", "gives no skill"),
    ({"damage": "1d pi", "level": 12, "rate_of_fire": "1/3"}, {}, "attack.shots",
     "gives RoF '1/3'"),
    ({"damage": "1d pi", "level": 12, "rate_of_fire": "3", "recoil": ""}, {}, "attack.rcl",
     "gives Rcl ''"),
    ({"damage": "1d pi", "level": 12, "rate_of_fire": "3", "recoil": "-"}, {"shots": 2},
     "attack.rcl", "gives Rcl '-'"),
    # '²' is a digit to str.isdigit() but none to int(): one error, not a traceback
    ({"damage": "1d pi", "level": 12, "rate_of_fire": "²"}, {}, "attack.shots", "gives RoF '²'"),
    ({"damage": "1d pi", "level": 12, "rate_of_fire": "3", "recoil": "²"}, {}, "attack.rcl",
     "gives Rcl '²'"),
])
def test_gu15_gu19_a_sheet_without_what_the_roll_needs_is_one_error(
        calc: dict[str, Any], beside: dict[str, Any], field: str, text: str) -> None:
    sheet = armourpen.load_gcs(_sheet(_w(calc=calc)))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Gadget", **beside}))
    assert info.value.field == field
    assert text in str(info.value) and "\n" not in str(info.value)
    assert f"`{field}` is required" in str(info.value)


@pytest.mark.parametrize(("level", "skill", "shown", "said"), [
    # a float level is read as the integer one: whole, it is the skill, and outside the scenario
    # range -50 to +50 it is refused when used, naming it
    (60.0, 60, "60", "gives skill 60, outside -50 to 50 (GU-15)"),
    (-51, -51, "-51", "gives skill -51, outside -50 to 50 (GU-15)"),
    # 1e308 is no skill of 309 digits: the level is named as the file writes it
    (1e308, None, "1e+308", "gives skill level 1e+308 (calc.level), not a whole number from -50 "
     "to 50 (GU-15)"),
    (12.5, None, "12.5", "gives skill level 12.5 (calc.level), not a whole number from -50 to "
     "50 (GU-15)"),
])
def test_gu15_a_sheet_level_outside_the_skill_range_is_refused_naming_weapon_and_value(
        level: float, skill: int | None, shown: str, said: str) -> None:
    sheet = armourpen.load_gcs(_sheet(_w(calc={"damage": "1d pi", "level": level})))
    w = sheet.weapons[0]
    assert w.skill == skill and (w.level or str(w.skill)) == shown
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Gadget", "roll": 3}))
    assert info.value.field == "attack.skill" and "\n" not in str(info.value)
    assert f"Gadget {said}; give skill beside gcs" in str(info.value)
    sc = _load(_scenario({"gcs": sheet, "weapon": "Gadget", "roll": 3, "skill": 12}))
    assert sc.attack.skill == 12


def test_gu15_a_weapon_without_skill_is_usable_with_skill_given_beside_it() -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Hook Sword", "usage": "Swing", "roll": 6}))
    assert info.value.field == "attack.skill" and "Hook Sword (Swing) gives no skill" in \
        str(info.value)
    sc = _load(_scenario({"gcs": sheet, "weapon": "Hook Sword", "usage": "Swing", "roll": 6,
                          "skill": 12}))
    assert sc.attack.skill == 12 and sc.attack.shots is None


def test_gcs_attack_from_a_path_in_a_scenario_file(tmp_path: Path) -> None:
    (tmp_path / "Kabal.gcs").write_bytes(sample("Kabal.gcs").read_bytes())
    (tmp_path / "fight.toml").write_text(
        'rules = "gurps"\n[attack]\ngcs = "Kabal.gcs"\nweapon = "Hook Sword"\nusage = "Swing"\n'
        'roll = 6\nskill = 12\nattack_roll = 10\n[[line]]\ntarget = "Rat"\nhp = 8\n', encoding="utf-8")
    out = _resolve(tmp_path / "fight.toml")
    # 1d+2 cr rolling 6 (the die's 4, and 2): basic 6 against DR 0, a melee weapon (GU-5)
    assert (str(out.damage), out.basic_damage, out.ranged) == ("1d+2 cr", 6, False)
    assert out.targets[0].injury == 6


def test_gcs_attack_from_the_files_json_with_damage_given_beside_it() -> None:
    data = json.loads(sample("Kabal.gcs").read_text(encoding="utf-8"))
    sc = _load(_scenario({"gcs": data, "weapon": "Hook Sword", "usage": "thrust",
                                            "damage": "2d cut", "roll": 7,
                                            "skill": 12}))
    assert str(sc.attack.damage) == "2d cut"
    assert sc.attack.weapon is not None and sc.attack.weapon.damage_string == "1d+1 cr"


def test_gcs_attack_weapon_found_by_its_id_and_by_a_skills_plain_name() -> None:
    sheet = armourpen.load_gcs(sample(OVERLORD))
    by_id = _load(_scenario({"gcs": sheet, "weapon": "Wg_AUHZ_1DwyIE6WJ",
                                               "roll": 10}))
    assert by_id.attack.weapon is not None
    assert by_id.attack.weapon.name == "Innate Attack (Burn) - Laser Gauntlets"
    with pytest.raises(ScenarioError) as info:  # found by its plain name: its damage is "(5)"
        _load(_scenario({"gcs": sheet, "weapon": "Beam Weapons",
                                           "usage": "Beam Rifle", "roll": 10}))
    assert info.value.field == "attack.weapon"
    assert "'(5)' has no rule behind it" in str(info.value)
    assert "Beam Weapons (Rifle) (Beam Rifle)" in str(info.value)
    assert "\n" not in str(info.value)


def test_gcs_attack_weapon_not_found_lists_the_candidates_with_their_usages() -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Thompson", "roll": 3}))
    assert info.value.field == "attack.weapon"
    assert "Hook Sword (Swing) [w89KxfLx6lZD3Owrz]" in str(info.value)
    assert "Natural Attacks (Bite)" in str(info.value)


def test_gcs_attack_several_weapons_ask_for_the_usage() -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "natural attacks", "roll": 3}))
    assert info.value.field == "attack.usage"
    text = str(info.value)
    assert all(f"Natural Attacks ({u})" in text for u in ("Bite", "Punch", "Kick"))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Natural Attacks",
                                           "usage": "Tail", "roll": 3}))
    assert info.value.field == "attack.usage"


def test_gu21_an_explosive_weapon_is_an_explosion_with_its_fragments() -> None:
    sheet = armourpen.load_gcs(_sheet(_w(usage="Grenade", calc={"damage": "4d cr ex [2d cut]"})))
    sc = _load(_scenario({"gcs": sheet, "weapon": "Gadget", "roll": 10},
                         {"target": "T", "hp": 10, "distance": 2}))
    assert sc.attack.explosive and str(sc.attack.fragments) == "2d cut"
    # 4d rolls 10: at 2 yards divided by 6: 1
    assert armourpen.resolve(sc, seed=1).to_dict()["targets"][0]["blast_damage"] == 1
    with pytest.raises(ScenarioError) as info:  # an explosion's target stands at a distance
        _load(_scenario({"gcs": sheet, "weapon": "Gadget", "roll": 10}, {"target": "T", "hp": 9}))
    assert info.value.field == "line[0].distance" and "GU-21" in str(info.value)


def test_gcs_attack_unknown_key_and_bad_damage_beside_gcs_are_input_errors() -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    with pytest.raises(InputError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Hook Sword", "usage": "Swing",
                                           "environment": "water"}))
    assert info.value.field.startswith("attack")
    with pytest.raises(NotationError) as bad:
        _load(_scenario({"gcs": sheet, "weapon": "Hook Sword", "usage": "Swing",
                                           "damage": "2d bogus"}))
    assert bad.value.field == "attack.damage"


# --- every weapon of the samples (and of other files named by ARMOURPEN_GCS_SAMPLES) ------------

# a value for each key beside gcs that a weapon may need; any the key allows would do
_GIVEN: dict[str, Any] = {"skill": 12, "shots": 3, "rcl": 2}


def _reason(use: WeaponUse) -> str:
    if use.usable:
        return "becomes an attack" if not use.needs else \
            f"with {', '.join(n.key for n in use.needs)} beside gcs"
    problem = use.problem or ""
    if "no rule behind it" in problem:
        return "damage with no rule behind it (GU-1)"
    if "disabled" in problem:
        return "a disabled trait's"
    return problem[:80]


def _as_resolve_says(sheet: armourpen.gcs.GcsCharacter, use: WeaponUse) -> None:
    """Resolve the weapon as the listing says it can be, and as it says it cannot: a burst rolls
    its shots and an explosion reaches a target at a distance, so the attack rolls by seed."""
    w = use.weapon
    explosive = w.parsed is not None and w.parsed.explosive
    line = {"target": "T", "hp": 10, **({"distance": 2} if explosive else {})}
    attack: dict[str, Any] = {"gcs": sheet, "weapon": w.id,
                              **({"usage": w.usage} if w.usage else {})}
    given = {n.key: _GIVEN[n.key] for n in use.needs}
    if not use.usable:
        with pytest.raises(InputError) as info:
            _resolve_seeded(_scenario({**attack, **given}, line))
        assert use.problem is not None and use.problem in str(info.value)
        return
    _resolve_seeded(_scenario({**attack, **given}, line))  # an attack, with what it needs
    if use.needs:  # and without, the error of the first it needs
        with pytest.raises(InputError) as info:
            _resolve_seeded(_scenario(attack, line))
        assert info.value.field == f"attack.{use.needs[0].key}"
        assert use.needs[0].note in str(info.value)


def _resolve_seeded(data: dict[str, Any]) -> GurpsOutcome:
    return armourpen.resolve(_load(data), seed=1)


def _count(folder: Path) -> Counter[str]:
    """What each weapon of each file under ``folder`` becomes, checked against resolve."""
    counts: Counter[str] = Counter()
    for path in sorted(folder.rglob("*.gcs")):
        try:
            sheet = armourpen.load_gcs(path)
        except InputError as exc:  # a library file refused whole is counted, with why
            counts[f"file refused: {exc.allowed[:60]}"] += 1
            continue
        for use in armourpen.gcs.weapon_uses(sheet):
            _as_resolve_says(sheet, use)
            counts[_reason(use)] += 1
    return counts


def test_gcs_every_sample_weapon_becomes_an_attack_or_is_refused_with_a_reason() -> None:
    other = other_samples()
    folder = other or samples_dir()
    if folder is None:
        pytest.skip("the GCS samples folder tests/gcs/samples is absent")
    counts = _count(folder)
    if other is not None:
        print(f"{other}: {dict(counts)}")  # the counts over other files, for the record
        return
    # the six samples: 23 weapons; the Overlord's two Beam Weapons say "(5)" and the Illithocyte's
    # Vibration Sense says "cr": no dice; Kabal's Hook Sword has no calc.level for its Swing,
    # Thrust and Hook Slice (its Hilt Punch has 14); the 17 others become attacks
    assert counts == {"becomes an attack": 17, "damage with no rule behind it (GU-1)": 3,
                      "with skill beside gcs": 3}


def test_gcs_samples_named_by_the_environment_are_the_ones_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a folder without "Giant Rat.gcs" is still the one used: here Kabal alone, at some depth,
    # whose 7 weapons are 4 attacks and 3 that need skill beside gcs (the Hook Sword's Swing,
    # Thrust and Hook Slice) -- not the 23 of the six bundled samples
    (tmp_path / "Fantasy").mkdir()
    (tmp_path / "Fantasy" / "Kabal.gcs").write_bytes(sample("Kabal.gcs").read_bytes())
    monkeypatch.setenv("ARMOURPEN_GCS_SAMPLES", str(tmp_path))
    assert other_samples() == tmp_path
    assert _count(tmp_path) == {"becomes an attack": 4, "with skill beside gcs": 3}
    # a folder of no GCS file, or none at all, fails saying so
    monkeypatch.setenv("ARMOURPEN_GCS_SAMPLES", str(tmp_path / "Fantasy" / "Kabal.gcs"))
    with pytest.raises(pytest.fail.Exception, match="names no folder"):
        other_samples()
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("ARMOURPEN_GCS_SAMPLES", str(tmp_path / "empty"))
    with pytest.raises(pytest.fail.Exception, match=r"holds no \.gcs file"):
        other_samples()


def _library() -> dict[str, Any]:
    """A sheet of every kind of weapon (as the public library writes them): a burst, a shotgun,
    an explosion with its fragments, fragments without one, a RoF of two modes, a disabled
    trait's weapon."""
    def w(i: int, **calc: Any) -> dict[str, Any]:
        return {"id": f"W{i}", "calc": {"level": 12, **calc}}

    return character(
        equipment=[{"description": "Thompson", "weapons": [
            w(0, damage="2d+2 pi+", rate_of_fire="13", recoil="3")]},
            {"description": "Shotgun", "weapons": [
                w(1, damage="1d+1 pi", rate_of_fire="3x9", recoil="1")]},
            {"description": "Grenade", "weapons": [w(2, damage="4d cr ex [2d cut]")]},
            {"description": "Claymore", "weapons": [w(3, damage="4d cut [2d cut]")]},
            {"description": "Crossbow", "weapons": [w(4, damage="1d+4 imp", rate_of_fire="1/3")]}],
        traits=[{"id": "t", "name": "Claws", "disabled": True, "weapons": [
            w(5, damage="1d cut")]}],
    )


def test_gcs_weapon_uses_say_what_resolve_makes_of_every_kind_of_weapon() -> None:
    sheet = armourpen.load_gcs(_library())
    uses = {u.weapon.name: u for u in armourpen.gcs.weapon_uses(sheet)}
    # GU-19: 13 shots and Rcl 3; GU-20: 3 shots of 9; GU-21: an explosion, rolled against no
    # skill; GU-22: fragments thrown by no blast are not resolved; a crossbow's 1/3 is no number
    # of shots, and shots given make a burst, which needs the Rcl its sheet does not give; the
    # disabled trait's claws are no attack (GCS lists none)
    assert {name: u.verdict for name, u in uses.items()} == {
        "Thompson": "yes", "Shotgun": "yes", "Grenade": "yes", "Claymore": "no",
        "Crossbow": "with shots, rcl", "Claws": "no"}
    assert "fragments ([2d cut]) without an explosion (ex, GU-22)" in (uses["Claymore"].problem
                                                                      or "")
    assert uses["Crossbow"].needs[0].note.startswith("Crossbow gives RoF '1/3', which is not")
    for use in uses.values():
        _as_resolve_says(sheet, use)


def test_gcs_attack_weapon_named_as_gcs_show_lists_it_takes_that_usage() -> None:
    # `gcs show --weapons` and every list of candidates print Kabal's punch as
    # "Natural Attacks (Punch)": the label names the weapon and its usage, 1d+1 cr (the sheet)
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    for typed in ("Natural Attacks (Punch)", "natural  attacks (PUNCH)"):
        sc = _load(_scenario({"gcs": sheet, "weapon": typed, "roll": 3}))
        assert sc.attack.weapon is not None and sc.attack.weapon.damage_string == "1d+1 cr"
    with pytest.raises(ScenarioError) as info:  # the label's usage and another usage disagree
        _load(_scenario({"gcs": sheet, "weapon": "Natural Attacks (Punch)", "usage": "Bite",
                         "roll": 3}))
    assert info.value.field == "attack.usage"


def test_gcs_attack_weapon_found_by_a_part_only_one_weapon_has() -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    # "bite" starts a word of one label only, Natural Attacks (Bite): 1d-1 cr
    sc = _load(_scenario({"gcs": sheet, "weapon": "bite", "roll": 3}))
    assert sc.attack.weapon is not None and sc.attack.weapon.damage_string == "1d-1 cr"
    # "punch" is in Natural Attacks (Punch) and Hook Sword (Hilt Punch): two weapons, both named
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "punch", "roll": 3}))
    assert info.value.field == "attack.weapon"
    text = str(info.value)
    assert "Natural Attacks (Punch)" in text and "Hook Sword (Hilt Punch)" in text
    assert "Natural Attacks (Bite)" not in text
    # "hook" is one weapon's (Hook Sword) with four usages: the usage is asked for, as for its name
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "hook", "roll": 3}))
    assert info.value.field == "attack.usage"
    # a part inside a word is not a name: "unch" finds nothing
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "unch", "roll": 3}))
    assert info.value.field == "attack.weapon"


@pytest.mark.parametrize(("typed", "meant"), [
    ("Hok Sword", "Hook Sword"),
    ("kik", "Natural Attacks (Kick)"),
    ("Natral Attacks (Bite)", "Natural Attacks (Bite)"),
])
def test_gcs_attack_weapon_typo_suggests_the_close_names(typed: str, meant: str) -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": typed, "roll": 3}))
    assert info.value.field == "attack.weapon"
    assert f"did you mean {meant}" in str(info.value)


def test_gcs_attack_weapon_nothing_close_suggests_nothing() -> None:
    sheet = armourpen.load_gcs(sample("Kabal.gcs"))
    with pytest.raises(ScenarioError) as info:
        _load(_scenario({"gcs": sheet, "weapon": "Thompson", "roll": 3}))
    assert "did you mean" not in str(info.value)
