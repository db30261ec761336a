"""What a new user trips on in the second hour (issue 34): GURPS quick flags for bursts, blasts,
1/2D and a sheet's weapon, a stray word after a flag's value, ``--seed`` on a shipped example, and
the GM's tables (hit locations, materials) in ``catalog list``. Every figure below is worked by
hand from the rulings named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli

KABAL = str(Path(__file__).resolve().parents[1] / "gcs" / "samples" / "Kabal.gcs")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = cli(capsys, "resolve", *args, "--json")
    assert (code, err) == (0, ""), err
    data: dict[str, Any] = json.loads(out)
    return data


# --- item 5: quick flags for the new rules -------------------------------------------------

def test_gu19_quick_burst_lands_one_plus_margin_over_rcl(capsys: pytest.CaptureFixture[str]) -> None:
    # GU-19: 10 shots give +2 (9 to 12 shots), skill 12 + 2 = 14; roll 9 succeeds by 5;
    # Rcl 2: 1 + 5 // 2 = 3 shots land, each rolled on its own (3 injuries of 2d+2 pi, x1 torso).
    data = _json(capsys, "--damage", "2d+2 pi", "--hp", "11", "--skill", "12", "--shots", "10",
                 "--rcl", "2", "--attack-roll", "9", "--seed", "5")
    attack, target = data["attack"], data["targets"][0]
    assert (attack["rof_bonus"], attack["effective_skill"], attack["margin"]) == (2, 14, 5)
    assert attack["shots_landed"] == 3 and target["hits"] == 3
    assert len(target["injuries"]) == 3
    assert all(4 <= i <= 14 for i in target["injuries"])  # 2d+2 against DR 0, x1


def test_gu20_quick_pellets_count_every_projectile(capsys: pytest.CaptureFixture[str]) -> None:
    # GU-20: 3x9 = 27 projectiles: +5 (25 to 49); skill 11 + 5 = 16; roll 10 succeeds by 6;
    # Rcl 1: 1 + 6 // 1 = 7 pellets land.
    data = _json(capsys, "--damage", "1d+1 pi", "--hp", "11", "--skill", "11", "--shots", "3x9",
                 "--rcl", "1", "--attack-roll", "10", "--seed", "9")
    assert (data["attack"]["rof_bonus"], data["attack"]["shots_landed"]) == (5, 7)
    assert data["targets"][0]["hits"] == 7


def test_gu21_quick_distance_divides_the_blast(capsys: pytest.CaptureFixture[str]) -> None:
    # GU-21: roll 21 x 2 = 42 basic damage; in air at 3 yards divided by 3 x 3 = 9: 42 // 9 = 4,
    # crushing to the torso x1 against DR 0: injury 4 (no fragments given).
    target = _json(capsys, "--damage", "6dx2 cr ex", "--roll", "21", "--hp", "10",
                   "--distance", "3 yd")["targets"][0]
    assert (target["blast_divisor"], target["blast_damage"], target["injury"]) == (9, 4, 4)


def test_gu23_quick_half_damage_halves_beyond_it(capsys: pytest.CaptureFixture[str]) -> None:
    # GU-23: 150 yd is beyond 1/2D 100 yd: basic damage 20 // 2 = 10; pi- to the torso x0.5: 5.
    far = _json(capsys, "--damage", "7d(2) pi-", "--roll", "20", "--hp", "12",
                "--half-damage", "100", "--target-range", "150")["targets"][0]
    near = _json(capsys, "--damage", "7d(2) pi-", "--roll", "20", "--hp", "12",
                 "--half-damage", "100", "--target-range", "50")["targets"][0]
    assert (far["penetrating"], far["injury"]) == (10, 5)
    assert (near["penetrating"], near["injury"]) == (20, 10)


def test_gcs_quick_sheet_weapon_is_the_attack(capsys: pytest.CaptureFixture[str]) -> None:
    # Kabal's Natural Attacks (Punch) is 1d+1 cr at skill 16 on the sheet: a fixed roll of 4
    # (the total) is basic damage 4, crushing x1 to the torso: injury 4; attack roll 10 <= 16 hits.
    data = _json(capsys, "--gcs", KABAL, "--gcs-weapon", "Natural Attacks", "--usage", "Punch",
                 "--roll", "4", "--attack-roll", "10", "--hp", "10")
    assert data["attack"]["damage"] == "1d+1 cr" and data["attack"]["skill"] == 16
    assert data["attack"]["weapon"]["usage"] == "Punch"
    assert data["targets"][0]["injury"] == 4


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["--damage", "3d pi", "--hp", "9", "--skill", "12", "--shots", "x"], "--shots: 'x'"),
        (["--damage", "3d pi", "--hp", "9", "--skill", "12", "--shots", "3", "--rcl", "0"],
         "--rcl: 0"),
        (["--damage", "3d cr ex", "--hp", "9", "--distance", "far"], "--distance: 'far'"),
        (["--damage", "3d pi", "--hp", "9", "--half-damage", "near"], "--half-damage: 'near'"),
        (["--damage", "3d pi", "--hp", "9", "--target-range", "-3"], "--target-range: '-3'"),
        (["--gcs", "no-such.gcs", "--gcs-weapon", "Rifle", "--hp", "9"], "--gcs: no such file"),
        (["--gcs", KABAL, "--gcs-weapon", "Bazooka", "--hp", "9"], "--gcs-weapon: 'Bazooka'"),
        (["--gcs", KABAL, "--gcs-weapon", "Natural Attacks", "--usage", "Headbutt", "--hp", "9"],
         "--usage: 'Headbutt'"),
        (["--gcs", KABAL, "--hp", "9"], "--gcs-weapon: required with --gcs"),
        (["--gcs-weapon", "Rifle", "--hp", "9"], "--gcs-weapon: 'Rifle' is not allowed; only "
         "with --gcs FILE"),
        (["--gcs", KABAL, "--weapon", "Punch", "--hp", "9"], "--weapon: 'Punch' is not allowed; "
         "PEN/AV's catalog attack, not with --gcs: a sheet's weapon is --gcs-weapon NAME"),
    ],
)
def test_ap2_every_new_quick_flag_names_itself(
    capsys: pytest.CaptureFixture[str], args: list[str], start: str,
) -> None:
    code, out, err = cli(capsys, "resolve", *args)
    assert (code, out) == (2, "")
    assert err.startswith("armourpen: error: " + start) and err.count("\n") == 1, err


# --- item 4: a stray word --------------------------------------------------------------------

@pytest.mark.parametrize(
    ("args", "flag", "value", "word"),
    [
        (["--weapon", "9mm Parabellum pistol", "--range", "10", "yards"], "--range", "10", "yards"),
        (["--weapon", "Sword", "--range=10", "yards"], "--range", "10", "yards"),
        (["--damage", "3d pi", "--hp", "9", "--target", "Bob", "Smith"], "--target", "Bob",
         "Smith"),
    ],
)
def test_ap2_a_stray_word_is_named_with_how_to_quote(
    capsys: pytest.CaptureFixture[str], args: list[str], flag: str, value: str, word: str,
) -> None:
    code, out, err = cli(capsys, "resolve", *args)
    assert (code, out) == (2, "")
    assert err == (f"armourpen: error: scenario: '{word}' is not allowed; read as a scenario file, "
                   "and there is none by that name (a word after a flag's value is taken as the "
                   f"scenario); it follows {flag} {value}: quote the whole value, "
                   f"{flag} \"{value} {word}\"\n")
    assert "weapon" not in err


def test_ap2_a_missing_file_before_the_flags_is_no_stray_word(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = cli(capsys, "resolve", "nope.toml", "--hp", "9")
    assert code == 2 and "give a scenario file or quick flags, not both" in err


def test_ap2_a_real_file_beside_flags_is_still_refused_as_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('rules = "gurps"\nattack = { damage = "3d pi" }\n[[line]]\n'
                        'target = "a"\nhp = 10\n', encoding="utf-8")
    code, _, err = cli(capsys, "resolve", str(scenario), "--hp", "9")
    assert code == 2 and "give a scenario file or quick flags, not both" in err


# --- item 3: --seed re-rolls an example -----------------------------------------------------

def test_gu2_seed_rerolls_an_example_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # agent-gray fixes roll = 20 (7d(2) pi-); --seed leaves it out: 7 dice are rolled from seed 3.
    code, out, err = cli(capsys, "resolve", "example:agent-gray", "--seed", "3", "--json")
    assert code == 0
    assert err == ("armourpen: note: --seed 3 re-rolls example:agent-gray: its own rolls left out "
                   "(attack.roll = 20)\n")
    attack = json.loads(out)["attack"]
    assert attack["seed"] == 3 and len(attack["dice"]) == 7 and sum(attack["dice"]) == attack["roll"]
    # the same seed replays the same roll
    assert cli(capsys, "resolve", "example:agent-gray", "--seed", "3", "--json")[1] == out


def test_gu19_seed_rerolls_an_examples_burst(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "resolve", "example:smg-burst-car-door", "--seed", "3", "--json")
    assert code == 0
    assert "(attack.attack_roll = 9, attack.rolls = [9, 10, 4])" in err \
        or "(attack.rolls = [9, 10, 4], attack.attack_roll = 9)" in err
    assert json.loads(out)["attack"]["seed"] == 3


@pytest.mark.parametrize(
    ("attack", "line"),
    [
        ('{ damage = "3d pi", seed = 7 }',
         "--seed: 3 is not allowed; not with a scenario that fixes its roll (attack.seed = 7): "
         "leave out one of them"),
        # a burst whose attack roll and each landed shot's roll are given (GU-19)
        ('{ damage = "2d+2 pi", skill = 12, shots = 10, rcl = 2, attack_roll = 9, '
         "rolls = [9, 10, 4] }",
         "--seed: 3 is not allowed; not with a scenario that gives every roll (attack.roll, "
         "attack.rolls, attack.attack_roll): nothing is left to roll: leave out one of them"),
    ],
)
def test_ap2_seed_beside_a_users_fixed_roll_is_still_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, attack: str, line: str,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'rules = "gurps"\nattack = {attack}\n[[line]]\n'
                        'target = "a"\nhp = 11\n', encoding="utf-8")
    assert cli(capsys, "resolve", str(scenario), "--seed", "3") == (
        2, "", f"armourpen: error: {line}\n")


def test_ap2_seed_on_a_penav_example_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "resolve", "example:bodyguard", "--seed", "3") == (
        2, "", "armourpen: error: --seed: 3 is not allowed; only for GURPS, whose dice it seeds: "
               "PEN/AV rolls no dice\n")


# --- item 10: the GM's tables ---------------------------------------------------------------

def test_gu10_catalog_list_locations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "locations", "--json")
    rows = {r["location"]: r for r in json.loads(out)}
    assert code == 0
    # Basic Set p. 552 as GU-10 reads it; chances over 216 rolls of 3d6:
    # 3-4: 1 + 3 = 4 -> 1/54; 5: 6 -> 1/36; 6-7: 10 + 15, 13-14: 21 + 15 -> 61/216;
    # 8: 21, 12: 25 -> 46/216 = 23/108; 9-10: 25 + 27 -> 13/54; 11: 27 -> 1/8; 15: 10 -> 5/108;
    # 16: 6 -> 1/36; 17-18: 3 + 1 -> 1/54. Eye and vitals only when aimed at.
    assert {k: (r["rolls"], r["chance"]) for k, r in rows.items()} == {
        "skull": ("3-4", "1/54"), "face": ("5", "1/36"), "leg": ("6-7, 13-14", "61/216"),
        "arm": ("8, 12", "23/108"), "torso": ("9-10", "13/54"), "groin": ("11", "1/8"),
        "hand": ("15", "5/108"), "foot": ("16", "1/36"), "neck": ("17-18", "1/54"),
        "eye": ("", "0/1"), "vitals": ("", "0/1")}
    code, out, _ = cli(capsys, "catalog", "list", "locations")
    assert code == 0 and "vitals    aimed only" in out and "leg       6-7, 13-14  61/216" in out


def test_gu18_catalog_list_materials(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "materials", "--json")
    rows = {r["material"]: (r["dr_per_inch_low"], r["dr_per_inch_high"]) for r in json.loads(out)}
    assert code == 0
    # GU-18's twelve materials with their DR per inch (Basic Set p. 559)
    assert rows == {"aluminum": (20, 30), "brick": (5, 8), "concrete": (6, 9),
                    "reinforced concrete": (10, 12), "window glass": (5, 8),
                    "bullet-resistant glass": (10, 20), "iron": (40, 60), "sandbags": (3, 3),
                    "mild steel": (50, 60), "hard steel": (60, 70), "stone": (8, 13),
                    "wood": (0.5, 1)}
    code, out, _ = cli(capsys, "catalog", "list", "materials")
    assert code == 0 and "wood                    0.5 to 1" in out and "sandbags                3\n" in out


def test_ap2_a_catalog_flag_beside_a_gurps_table_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli(capsys, "catalog", "list", "materials", "--no-user-catalog") == (
        2, "", "armourpen: error: --no-user-catalog: '--no-user-catalog' is not allowed; not with "
               "materials: GURPS's materials come from the rules, not from a catalog\n")


def test_ap2_catalog_list_names_the_gurps_tables_among_what_is_allowed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli(capsys, "catalog", "list", "nope") == (
        2, "", "armourpen: error: kind: 'nope' is not allowed; allowed: attack, armour, cover, "
               "vehicle, ammo; or GURPS's locations, materials, shields\n")
