"""GU-14 from a GCS file's traits: Injury Tolerance, Hardened, Perfect Balance, Vulnerability, High
and Low Pain Threshold (GU-11), and
the warnings for what armourpen does not model. Disabled traits and modifiers never count; traits
nested in containers do."""

from __future__ import annotations

from typing import Any

import pytest
from gcs.gcs_helpers import DR_ALL, character, modifier, trait

import armourpen
from armourpen.gcs import GcsCharacter, Vulnerability
from armourpen.gurps.pain import PainThreshold


def load(*traits: dict[str, Any], **extra: Any) -> GcsCharacter:
    return armourpen.load_gcs(character(traits=list(traits), **extra))


def rules(c: GcsCharacter) -> list[str]:
    return [w.rule for w in c.warnings]


def test_gu14_injury_tolerance_kinds_from_enabled_modifiers_only() -> None:
    c = load(trait("Injury Tolerance", modifier("Unliving"), modifier("No Blood"),
                   modifier("Homogenous", disabled=True), modifier("No Neck", disabled=True),
                   modifier("Infiltration")))
    assert c.injury_tolerance == ("unliving", "no_blood")
    assert c.warnings == ()


def test_gu14_injury_tolerance_kinds_from_the_name_and_in_the_scenario_keys_order() -> None:
    c = load(trait("Injury Tolerance (No Neck, Diffuse)"), trait("Injury Tolerance (No Brain)"))
    assert c.injury_tolerance == ("diffuse", "no_brain", "no_neck")


def test_gu14_disabled_trait_and_traits_inside_a_disabled_container_do_not_count() -> None:
    c = load(
        trait("Injury Tolerance", modifier("Diffuse"), disabled=True),
        trait("Machine", children=[trait("Perfect Balance")], disabled=True),
    )
    assert c.injury_tolerance == ()
    assert c.perfect_balance is False


def test_gu14_traits_nested_in_containers_count() -> None:
    c = load(trait("Racial Template", children=[
        trait("Advantages", children=[
            trait("Injury Tolerance", modifier("Homogenous")),
            trait("Perfect Balance"),
        ]),
    ]))
    assert c.injury_tolerance == ("homogenous",)
    assert c.perfect_balance is True


def test_gu14_modifiers_inside_a_modifier_container_count_unless_disabled() -> None:
    c = load(trait("Injury Tolerance", modifier("Kinds", children=[
        modifier("No Vitals"), modifier("Unliving", disabled=True)])))
    assert c.injury_tolerance == ("no_vitals",)


def test_gu14_hardened_level_from_the_dr_trait_modifier() -> None:
    c = load(trait("Damage Resistance", modifier("Hardened", levels=2),
                   modifier("Force Field", disabled=True), levels=10, features=[DR_ALL]))
    assert c.hardened == 2
    assert c.warnings == ()


def test_gu14_hardened_without_levels_is_one_and_disabled_is_none() -> None:
    assert load(trait("DR", modifier("Hardened"), features=[DR_ALL])).hardened == 1
    assert load(trait("DR", modifier("Hardened", disabled=True), features=[DR_ALL])).hardened == 0


def test_gu14_dr_traits_with_different_hardened_levels_give_the_lowest_with_a_warning() -> None:
    c = load(
        trait("Damage Resistance (Armoured Suit)", modifier("Hardened", levels=2),
              features=[DR_ALL]),
        trait("Damage Resistance (Tough Hide)", features=[DR_ALL]),
    )
    assert c.hardened == 0
    assert rules(c) == ["GU-14"]
    assert "Armoured Suit) 2" in c.warnings[0].text and "lowest, 0" in c.warnings[0].text


def test_gu14_worn_armour_beside_hardened_dr_is_warned() -> None:
    armour = {"description": "Vest", "equipped": True,
              "features": [{"type": "dr_bonus", "locations": ["torso"], "amount": 12}]}
    c = load(trait("Damage Resistance", modifier("Hardened"), features=[DR_ALL]),
             equipment=[armour])
    assert c.hardened == 1
    assert rules(c) == ["GU-14"] and "worn armour" in c.warnings[0].text
    # armour carried, not worn, adds no DR
    c = load(trait("Damage Resistance", modifier("Hardened"), features=[DR_ALL]),
             equipment=[{**armour, "equipped": False}])
    assert c.warnings == ()


def test_gu13_perfect_balance() -> None:
    assert load(trait("Perfect Balance")).perfect_balance is True
    assert load(trait("Perfect Balance", disabled=True)).perfect_balance is False


def test_gu14_vulnerability_multiplier_and_attack_listed_as_a_warning() -> None:
    c = load(trait("Vulnerability", modifier("@Rare attack@", disabled=True), modifier("Crushing"),
                   modifier("Wounding x3"), modifier("Wounding x2", disabled=True)))
    assert c.vulnerabilities == (Vulnerability(3, "Crushing"),)
    assert rules(c) == ["GU-14"]
    assert "x3 against Crushing" in c.warnings[0].text
    assert "only where the scenario says vulnerability" in c.warnings[0].text


def test_gu14_vulnerability_named_in_the_trait_name_with_its_frequency_notes() -> None:
    c = load(trait("Vulnerability (Lightning)", modifier("Occasional", local_notes="bolts"),
                   modifier("Wounding x4")))
    assert c.vulnerabilities == (Vulnerability(4, "Lightning, bolts"),)


def test_gu14_vulnerability_without_a_multiplier_says_so() -> None:
    c = load(trait("Vulnerability", modifier("Fire")))
    assert c.vulnerabilities == (Vulnerability(None, "Fire"),)
    assert "multiplier not given" in c.warnings[0].text


def test_gu14_vulnerability_replacements_are_filled_in() -> None:
    c = load(trait("Vulnerability (@Attack@)", modifier("Wounding x2"),
                   replacements={"Attack": "Silver"}))
    assert c.vulnerabilities == (Vulnerability(2, "Silver"),)


def test_gu4_supernatural_durability_and_damage_reduction_are_warned_as_not_modelled() -> None:
    c = load(trait("High Pain Threshold"), trait("Supernatural Durability"),
             trait("Injury Tolerance", modifier("Damage Reduction", levels=2)),
             trait("Low Pain Threshold", disabled=True))
    assert rules(c) == ["GU-4", "GU-4"]
    assert "Damage Reduction" in c.warnings[1].text
    assert c.pain_threshold is PainThreshold.HIGH  # the disabled Low Pain Threshold does not count


@pytest.mark.parametrize(("name", "pain"), [
    ("High Pain Threshold", PainThreshold.HIGH), ("Low Pain Threshold", PainThreshold.LOW),
    ("high-pain threshold", PainThreshold.HIGH), ("Acute Vision", PainThreshold.NORMAL),
])
def test_gu11_pain_threshold_is_read_from_the_trait(name: str, pain: PainThreshold) -> None:
    c = load(trait(name))
    assert (c.pain_threshold, c.warnings) == (pain, ())


def test_gu11_high_and_low_pain_threshold_in_one_file_are_read_as_neither_with_a_warning() -> None:
    c = load(trait("High Pain Threshold"), trait("Low Pain Threshold"))
    assert c.pain_threshold is PainThreshold.NORMAL
    assert rules(c) == ["GU-11"] and "read as neither" in c.warnings[0].text


def test_traits_that_do_not_change_a_shot_are_silently_irrelevant() -> None:
    c = load(trait("Acute Vision", levels=3), trait("Combat Reflexes"), trait("Hard to Kill"),
             trait("Fit"), trait("Languages", children=[trait("Language: English")]))
    assert c.warnings == ()
    assert (c.injury_tolerance, c.hardened, c.perfect_balance, c.vulnerabilities) == (
        (), 0, False, ())


def test_gu3_dr_modifiers_the_file_cannot_show_are_warned() -> None:
    c = load(trait("Damage Resistance", modifier("Directional", local_notes="Front"),
                   modifier("Flexible"), features=[DR_ALL]))
    assert rules(c) == ["GU-3", "GU-9"]
    assert "Front" in c.warnings[0].text and "flexible = true" in c.warnings[1].text


def test_gu3_limited_dr_is_warned_only_when_the_file_counts_it_against_everything() -> None:
    limited = modifier("Limited", local_notes="Fire")
    counted = load(trait("Damage Resistance", limited, features=[DR_ALL]))
    assert rules(counted) == ["GU-3"] and "against every attack" in counted.warnings[0].text
    by_kind = {**DR_ALL, "specialization": "burning"}
    assert load(trait("Damage Resistance", limited, features=[by_kind])).warnings == ()
    absent = load(trait("Damage Resistance", limited, levels=5))
    assert rules(absent) == ["GU-3"] and "gives no DR" in absent.warnings[0].text


def test_gu14_dungeon_fantasy_writes_each_kind_as_a_trait_of_its_own() -> None:
    c = load(trait("Unliving"), trait("No Blood"), trait("Diffuse", modifier("Infiltration")),
             trait("No Manipulators"), trait("No Legs (Slithers)"), trait("No Eyes", disabled=True))
    assert c.injury_tolerance == ("unliving", "diffuse", "no_blood")


def test_gu14_notes_written_as_notes_by_earlier_gcs_5_releases_are_read() -> None:
    c = load(trait("Vulnerability", modifier("Occasional", notes="Holy water"),
                   modifier("Wounding x2")))
    assert c.vulnerabilities == (Vulnerability(2, "Holy water"),)


def test_gu14_skill_and_weapon_bonuses_write_a_criterion_as_their_specialization() -> None:
    # GCS 5 writes a skill or weapon bonus's specialization as {"compare", "qualifier"}; only a DR
    # bonus's specialization (a damage kind, text) means anything to a shot
    criterion = {"compare": "is", "qualifier": "Pistol"}
    skill = {"type": "skill_bonus", "selection_type": "skills_with_name",
             "name": {"compare": "is", "qualifier": "Guns"}, "specialization": criterion,
             "amount": 1}
    weapon = {"type": "weapon_bonus", "selection_type": "weapons_with_required_skill",
              "name": {"compare": "is", "qualifier": "Guns"},
              "specialization": {"compare": "starts_with", "qualifier": "P"},
              "level": {"compare": "at_least", "qualifier": 2}, "amount": 1}
    limited = modifier("Limited", local_notes="Fire", features=[weapon])
    c = load(trait("Gunslinger", features=[skill]),
             trait("Damage Resistance", limited, modifier("Hardened"), levels=2,
                   features=[DR_ALL, skill]),
             equipment=[{"id": "e1", "equipped": False, "features": [skill],
                         "modifiers": [{"id": "m1", "name": "Fine", "features": [weapon]}]}])
    assert c.hardened == 1
    assert rules(c) == ["GU-3"] and "against every attack" in c.warnings[0].text
