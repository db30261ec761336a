"""The six public GCS sample files, checked against values read by hand from each file's JSON.

The files lie in ``tests/gcs/samples`` (MPL-2.0, unmodified, with their licence), so the tests run
wherever the repository is cloned. Roll ranges and DR are the files' ``calc.roll_range`` and ``calc.dr``.
"""

from __future__ import annotations

from typing import Any

import pytest
from gcs.gcs_helpers import sample

import armourpen
from armourpen.gcs import GcsCharacter

# (id, table name, roll, DR against all) per location, in the file's order
QUADRUPED_RAT = [
    ("eye", "Eyes", None, 0), ("skull", "Skull", "3-4", 3), ("face", "Face", "5", 1),
    ("neck", "Neck", "6", 1), ("leg", "Foreleg", "7-8", 1), ("torso", "Torso", "9-11", 1),
    ("groin", "Groin", "12", 1), ("leg", "Hindleg", "13-14", 1), ("foot", "Foot", "15-16", 1),
    ("tail", "Tail", "17-18", 1), ("vitals", "Vitals", None, 1),
]
AVIAN_HARPY = [
    ("eye", "Eyes", None, 0), ("skull", "Skull", "3-4", 3), ("face", "Face", "5", 1),
    ("neck", "Neck", "6", 1), ("wing", "Wing", "7-8", 1), ("torso", "Torso", "9-11", 1),
    ("groin", "Groin", "12", 1), ("leg", "Leg", "13-14", 1), ("foot", "Foot", "15-16", 1),
    ("tail", "Tail", "17-18", 1), ("vitals", "Vitals", None, 1),
]


def humanoid(skull: int, face: int, hand: int, rest: int) -> list[tuple[str, str, str | None, int]]:
    return [
        ("eye", "Eyes", None, 0), ("skull", "Skull", "3-4", skull), ("face", "Face", "5", face),
        ("leg", "Right Leg", "6-7", rest), ("arm", "Right Arm", "8", rest),
        ("torso", "Torso", "9-10", rest), ("groin", "Groin", "11", rest),
        ("arm", "Left Arm", "12", rest), ("leg", "Left Leg", "13-14", rest),
        ("hand", "Hand", "15", hand), ("foot", "Foot", "16", rest),
        ("neck", "Neck", "17-18", rest), ("vitals", "Vitals", None, rest),
    ]


SAMPLES: dict[str, dict[str, Any]] = {
    "Boneyard.gcs": {
        "name": "Boneyard", "hp": 72, "st": 39, "ht": 14, "body": "Vermiform",
        "locations": [("face", "Face", "3", 4), ("neck", "Neck", "4-6", 4),
                      ("torso", "Torso", "7-16", 4)],
        "injury_tolerance": ["unliving", "no_brain", "no_vitals", "no_blood", "no_eyes"],
        "hardened": 0, "vulnerabilities": [{"multiplier": 2, "against": "Crushing"}],
        "warned": ["GU-10", "GU-3", "GU-14"], "pain": "high",
    },
    "Giant Rat.gcs": {
        "name": "Giant Rat", "hp": 9, "st": 9, "ht": 13, "body": "Quadruped",
        "locations": QUADRUPED_RAT, "injury_tolerance": [], "hardened": 0,
        "vulnerabilities": [], "warned": [],
    },
    "Harpy.gcs": {
        "name": "Harpy", "hp": 12, "st": 12, "ht": 13, "body": "Avian",
        "locations": AVIAN_HARPY, "injury_tolerance": [], "hardened": 0,
        "vulnerabilities": [], "warned": [],
    },
    "Illithocyte.gcs": {
        "name": "Illithocyte", "hp": 15, "st": 7, "ht": 10, "body": "Ooze",
        "locations": [("torso", "Torso", "3-4", 0)],
        "injury_tolerance": ["homogenous", "no_blood", "no_eyes", "no_head", "no_neck"],
        "hardened": 0, "vulnerabilities": [{"multiplier": 2, "against": "Fire"}],
        "warned": ["GU-10", "GU-3", "GU-14"], "pain": "high",
    },
    "Kabal.gcs": {
        "name": "Kabal", "hp": 13, "st": 13, "ht": 12, "body": "Humanoid",
        # the face's DR 3 is a worn plate, the hand's DR 4 a hook sword's guard
        "locations": humanoid(skull=2, face=3, hand=4, rest=0), "injury_tolerance": [],
        "hardened": 0, "vulnerabilities": [], "warned": [], "pain": "high",
    },
    "The Overlord of Jupiter.gcs": {
        "name": "The Overlord of Jupiter", "hp": 14, "st": 14, "ht": 14, "body": "Humanoid",
        # DR 15 (Hardened 1) everywhere but the eyes; the skull adds its natural DR 2
        "locations": humanoid(skull=17, face=15, hand=15, rest=15), "injury_tolerance": [],
        "hardened": 1, "vulnerabilities": [], "warned": [], "pain": "high",
    },
}


@pytest.fixture(params=sorted(SAMPLES), scope="module")
def loaded(request: pytest.FixtureRequest) -> tuple[dict[str, Any], GcsCharacter]:
    return SAMPLES[request.param], armourpen.load_gcs(sample(request.param))


def test_gcs_sample_figures(loaded: tuple[dict[str, Any], GcsCharacter]) -> None:
    want, c = loaded
    assert (c.name, c.hp, c.st, c.ht) == (want["name"], want["hp"], want["st"], want["ht"])
    assert c.body.name == want["body"]
    assert c.body.roll == "3d"


def test_gcs_sample_locations_roll_ranges_and_dr(loaded: tuple[dict[str, Any], GcsCharacter]) -> None:
    want, c = loaded
    got = [(loc.id, loc.table_name, loc.roll, loc.dr_all) for loc in c.body.locations]
    assert got == want["locations"]
    # none of the samples has per-kind DR: calc.dr is {"all": n} everywhere
    assert all(dict(loc.dr) == {"all": loc.dr_all} for loc in c.body.locations)


def test_gcs_sample_traits(loaded: tuple[dict[str, Any], GcsCharacter]) -> None:
    want, c = loaded
    d = c.to_dict()
    assert d["injury_tolerance"] == want["injury_tolerance"]
    assert d["hardened"] == want["hardened"]
    assert d["perfect_balance"] is False
    assert d["vulnerabilities"] == want["vulnerabilities"]
    assert [w["rule"] for w in d["warnings"]] == want["warned"]
    assert d["pain_threshold"] == want.get("pain", "normal")  # High Pain Threshold, enabled


def test_gcs_sample_to_dict_has_exactly_the_documented_keys(
    loaded: tuple[dict[str, Any], GcsCharacter],
) -> None:
    _, c = loaded
    d = c.to_dict()
    assert list(d) == ["name", "hp", "st", "ht", "body", "injury_tolerance", "hardened",
                       "perfect_balance", "pain_threshold", "vulnerabilities", "warnings"]
    assert list(d["body"]) == ["name", "roll", "locations"]
    assert all(list(loc) == ["id", "table_name", "roll", "dr"] for loc in d["body"]["locations"])


def test_gu10_ooze_torso_covers_only_3_4_and_takes_every_other_roll() -> None:
    c = armourpen.load_gcs(sample("Illithocyte.gcs"))
    assert c.body.table == ((3, 18, 0),)
    warning = next(w for w in c.warnings if w.rule == "GU-10")
    assert "rolls 5-18 of 3d" in warning.text and "torso" in warning.text


def test_gu10_vermiform_stops_at_16_so_17_and_18_hit_the_torso() -> None:
    c = armourpen.load_gcs(sample("Boneyard.gcs"))
    assert c.body.table == ((3, 3, 0), (4, 6, 1), (7, 18, 2))
    assert "rolls 17-18 of 3d" in next(w.text for w in c.warnings if w.rule == "GU-10")


def test_gu10_quadruped_table_is_read_as_written() -> None:
    c = armourpen.load_gcs(sample("Giant Rat.gcs"))
    by_roll = {t: c.body.locations[i].table_name
               for low, high, i in c.body.table for t in range(low, high + 1)}
    assert by_roll == {
        3: "Skull", 4: "Skull", 5: "Face", 6: "Neck", 7: "Foreleg", 8: "Foreleg", 9: "Torso",
        10: "Torso", 11: "Torso", 12: "Groin", 13: "Hindleg", 14: "Hindleg", 15: "Foot",
        16: "Foot", 17: "Tail", 18: "Tail",
    }


def test_gcs_sample_warnings_name_what_is_not_modelled() -> None:
    c = armourpen.load_gcs(sample("Illithocyte.gcs"))
    texts = [w.text for w in c.warnings]
    assert not any("Pain Threshold" in t for t in texts)  # read, not merely named (GU-11)
    assert any("Damage Resistance" in t and "Acid" in t for t in texts)  # DR 5 limited to acid
    assert any("Vulnerability" in t and "x2" in t and "Fire" in t for t in texts)


def test_gcs_load_from_bytes_and_mapping_equals_load_from_path() -> None:
    import json

    path = sample("Harpy.gcs")
    raw = path.read_bytes()
    by_path = armourpen.load_gcs(path)
    assert armourpen.load_gcs(raw) == by_path
    assert armourpen.load_gcs(json.loads(raw)) == by_path
    assert armourpen.load_gcs(raw, "Harpy.gcs") == by_path
