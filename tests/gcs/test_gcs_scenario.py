"""GCS character files as targets of GURPS scenarios: what the file gives, what the scenario
overrides, where the shot lands (GU-3, GU-4, GU-10, GU-14), in resolve and in the exact odds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from gcs.gcs_helpers import DR_ALL, HUMANOID, character, location, modifier, sample, trait

import armourpen
from armourpen.errors import GcsError, ScenarioError
from armourpen.gurps.locations import Location
from armourpen.gurps.model import GurpsScenario, Target

OGRE = character(
    name="Ogre", hp=20, st=20, ht=13,
    locations=[
        location("eye", "-"),
        location("skull", "3-4", 5, dr_bonus=2),  # DR 3 everywhere, and the skull's natural 2
        location("face", "5", 3),
        location("leg", "6-7", 3, table_name="Right Leg"),
        location("arm", "8", 3, table_name="Right Arm"),
        location("torso", "9-10", {"all": 3, "burning": 2, "electricity": 4}),
        location("groin", "11", 3),
        location("arm", "12", 3, table_name="Left Arm"),
        location("leg", "13-14", 3, table_name="Left Leg"),
        location("hand", "15", 3),
        location("foot", "16", 3),
        location("neck", "17-18", 3),
        location("vitals", "-", 3),
    ],
    traits=[
        trait("Damage Resistance", modifier("Hardened"), levels=3, features=[DR_ALL]),
        trait("Injury Tolerance", modifier("Unliving")),
        trait("Perfect Balance"),
        trait("Vulnerability", modifier("Crushing"), modifier("Wounding x2")),
    ],
)


@pytest.fixture
def ogre_file(tmp_path: Path) -> Path:
    path = tmp_path / "monsters" / "Ogre.gcs"
    path.parent.mkdir()
    path.write_text(json.dumps(OGRE), encoding="utf-8")
    return path


def scenario(damage: str, *line: dict[str, Any], **attack: Any) -> dict[str, Any]:
    return {"rules": "gurps", "attack": {"damage": damage, **attack}, "line": list(line)}


def load(data: dict[str, Any], base: Path | None = None) -> GurpsScenario:
    """Parse a scenario mapping whose files are found in ``base`` (the current folder); its
    files are named by their absolute paths in a test's own folder, outside ``base``."""
    from armourpen.gcs.scenario import parse_gurps

    return parse_gurps(data, base=Path.cwd() if base is None else base, allow_outside_files=True)


def resolved(data: dict[str, Any], base: Path | None = None) -> dict[str, Any]:
    out: dict[str, Any] = armourpen.resolve(load(data, base), seed=1).to_dict()
    return out


BY_HAND = {"target": "Ogre", "hp": 20, "st": 20, "dr": 3, "injury_tolerance": "unliving",
           "hardened": 1, "perfect_balance": True}
VIP = {"target": "VIP", "hp": 10}


@pytest.mark.parametrize(("damage", "roll", "where"), [
    ("3d(2) pi+", 14, "torso"), ("3d(2) pi+", 7, "torso"), ("6d imp", 30, "vitals"),
    ("3d pi", 12, "skull"), ("2d cr", 9, "leg"), ("4d(5) pi", 20, "neck"), ("1d+1 pi-", 5, "hand"),
])
def test_gcs_target_resolves_exactly_as_the_same_target_written_by_hand(
    ogre_file: Path, damage: str, roll: int, where: str,
) -> None:
    by_file = {"target": "Ogre", "gcs": str(ogre_file)}
    # by hand, the skull's DR is the armour's 3: the rules add its natural 2 (GU-4)
    a = resolved(scenario(damage, by_file, VIP, roll=roll, location=where))
    b = resolved(scenario(damage, BY_HAND, VIP, roll=roll, location=where))
    assert a["targets"] == b["targets"]
    assert a["stopped_in"] == b["stopped_in"]


def test_gcs_target_odds_equal_the_same_target_written_by_hand(ogre_file: Path) -> None:
    by_file = {"target": "Ogre", "gcs": str(ogre_file), "location": "skull"}
    by_hand = {**BY_HAND, "location": "skull"}
    a = armourpen.odds(load(scenario("3d(2) pi+", by_file, VIP)))
    b = armourpen.odds(load(scenario("3d(2) pi+", by_hand, VIP)))
    assert [t.to_dict() for t in a.targets] == [t.to_dict() for t in b.targets]


def test_gu4_the_files_skull_dr_already_holds_the_natural_dr(ogre_file: Path) -> None:
    # skull DR 5 in the file: 12 - 5 = 7 penetrating, x4 = 28 (not 12 - 7 = 5, x4 = 20)
    out = resolved(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file),
                                      "injury_tolerance": "none"}, roll=12, location="skull"))
    ogre = out["targets"][0]
    assert (ogre["own_dr"], ogre["penetrating"], ogre["injury"]) == (5, 7, 28)
    assert any("already counts the skull's natural DR" in s["text"] for s in out["steps"])


@pytest.mark.parametrize(("beside", "cover"), [
    ({}, 30),                # the file's skull DR 5 on both sides + HP 20
    ({"dr_back": 1}, 28),    # 5 in, 1 + the file's natural 2 out, + 20
    ({"dr": 8}, 40),         # (8 + 2) in, (8 + 2) out, + 20
])
def test_gu6_the_files_skull_dr_counts_on_both_sides(
    ogre_file: Path, beside: dict[str, int], cover: int,
) -> None:
    out = resolved(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file),
                                      "injury_tolerance": "none", **beside},
                            roll=12, location="skull"))
    assert out["targets"][0]["cover_dr"] == cover


def test_gcs_relative_path_is_found_beside_the_scenario_file(ogre_file: Path) -> None:
    data = scenario("3d pi", {"target": "Ogre", "gcs": "monsters/Ogre.gcs"}, roll=10)
    path = ogre_file.parent.parent / "fight.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    s = armourpen.load_scenario(path)
    assert isinstance(s, GurpsScenario)
    assert s.targets[0].hp == 20


def test_gcs_a_mapping_names_files_only_where_the_caller_says(ogre_file: Path) -> None:
    data = scenario("3d pi", {"target": "Ogre", "gcs": "Ogre.gcs"}, roll=10)
    s = armourpen.load_scenario(data, base=ogre_file.parent)
    assert isinstance(s, GurpsScenario) and s.targets[0].st == 20
    # a mapping from elsewhere (an HTTP body) must not reach the machine's files
    for path in ("Ogre.gcs", str(ogre_file)):
        with pytest.raises(ScenarioError) as info:
            armourpen.load_scenario(scenario("3d pi", {"target": "Ogre", "gcs": path}, roll=10))
        assert info.value.field == "line[0].gcs" and "names no files" in info.value.allowed


def test_gcs_the_files_json_may_stand_in_the_scenario() -> None:
    s = armourpen.load_scenario(scenario("3d pi", {"target": "Ogre", "gcs": OGRE}, roll=10))
    assert isinstance(s, GurpsScenario) and (s.targets[0].hp, s.targets[0].dr) == (20, 3)
    assert any("from line[0].gcs: HP 20" in step.text for step in s.steps)
    broken = {**OGRE, "version": 6}
    with pytest.raises(GcsError) as info:
        armourpen.load_scenario(scenario("3d pi", {"target": "Ogre", "gcs": broken}, roll=10))
    # AP-2: named by its path in the scenario, as a form names its fields (not as a file's are)
    assert info.value.field == "line[0].gcs.version"
    assert str(info.value).startswith("line[0].gcs.version: 6 is not allowed")


def test_gcs_character_value_from_an_upload_stands_for_the_file(ogre_file: Path) -> None:
    ogre = armourpen.load_gcs(ogre_file.read_bytes(), name="Ogre.gcs")
    s = armourpen.load_scenario(scenario("3d pi", {"target": "Ogre", "gcs": ogre}, roll=10))
    assert isinstance(s, GurpsScenario) and s.targets[0].hp == 20
    assert any("from Ogre.gcs" in step.text for step in s.steps)


def test_gcs_file_figures_and_traits_reach_the_target(ogre_file: Path) -> None:
    s = load(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file)}, roll=10))
    t = s.targets[0]
    assert (t.hp, t.st, t.dr, t.hardened, t.perfect_balance) == (20, 20, 3, 1, True)
    assert t.injury_tolerance.value == "unliving"
    assert t.vulnerability == 1  # listed, not applied
    texts = [step.text for step in s.steps]
    assert any("HP 20, ST 20, HT 13" in x for x in texts)
    assert any("Hardened 1" in x for x in texts)
    assert any("Perfect Balance" in x for x in texts)


def test_gcs_keys_beside_the_file_override_it_and_a_step_says_so(ogre_file: Path) -> None:
    s = load(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file), "hp": 30, "st": 25,
                                "hardened": 0, "perfect_balance": False,
                                "injury_tolerance": ["homogenous", "no_brain"]}, roll=10))
    t = s.targets[0]
    assert (t.hp, t.st, t.hardened, t.perfect_balance) == (30, 25, 0, False)
    assert t.injury_tolerance.value == "homogenous" and {k.value for k in t.lacking} == {"no_brain"}
    texts = [step.text for step in s.steps]
    assert "Ogre: hp 30 from the scenario overrides the file's 20 (" in texts[0]
    for said in ("st 25 from the scenario overrides the file's 20",
                 "hardened 0 from the scenario overrides the file's 1",
                 "perfect_balance false from the scenario overrides the file's true",
                 "injury_tolerance homogenous, no_brain from the scenario overrides the file's "
                 "unliving"):
        assert any(said in x for x in texts), said


def test_gcs_dr_beside_the_file_counts_everywhere_and_the_skull_adds_its_own(
    ogre_file: Path,
) -> None:
    out = resolved(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file), "dr": 8,
                                      "injury_tolerance": "none"}, roll=12, location="skull"))
    assert out["targets"][0]["own_dr"] == 10  # 8 + the natural 2 (GU-4)


def test_gu10_a_location_the_body_lacks_names_the_locations_it_has(ogre_file: Path) -> None:
    with pytest.raises(ScenarioError) as info:
        load(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file), "location": "wing"},
                      roll=10))
    e = info.value
    assert e.field == "line[0].location" and e.value == "wing"
    assert ("eye, skull, face, leg, arm, torso, groin, hand, foot, neck, vitals, or \"random\""
            in e.allowed)


def test_gu10_the_attacks_location_must_be_on_the_body_too(tmp_path: Path) -> None:
    skull = character(name="Flaming Skull", body_name="Skull", locations=[location("skull", "-")])
    path = tmp_path / "Flaming Skull.gcs"
    path.write_text(json.dumps(skull), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(scenario("1d burn", {"target": "Skull", "gcs": str(path)}, roll=3))
    assert info.value.field == "attack.location" and info.value.value == "torso"
    assert info.value.allowed.endswith("(Skull): skull, or \"random\"")  # its one location
    rolled = load(scenario("1d burn", {"target": "Skull", "gcs": str(path), "location": "random"},
                           roll=3))
    assert rolled.targets[0].location == "random"
    ok = load(scenario("1d burn", {"target": "Skull", "gcs": str(path), "location": "skull"},
                       roll=3))
    assert ok.targets[0].location.value == "skull"  # type: ignore[union-attr]


@pytest.mark.parametrize(("damage", "dr"), [
    ("3d burn", 5), ("3d burn tbb", 5), ("3d cr", 3), ("3d pi", 3), ("3d cut", 3),
])
def test_gu3_per_kind_dr_applies_to_the_damage_type_it_names(
    ogre_file: Path, damage: str, dr: int,
) -> None:
    out = resolved(scenario(damage, {"target": "Ogre", "gcs": str(ogre_file), "hardened": 0},
                            roll=12))
    assert out["targets"][0]["own_dr"] == dr


def test_gu3_kinds_that_name_no_damage_type_are_warned_about_and_never_applied(
    ogre_file: Path,
) -> None:
    out = resolved(scenario("3d pi", {"target": "Ogre", "gcs": str(ogre_file)}, roll=12))
    assert any("'electricity'" in w["text"] and "never applies it" in w["text"]
               for w in out["warnings"])
    assert out["targets"][0]["own_dr"] == 3


def test_gu14_vulnerability_is_listed_and_applied_only_when_the_scenario_says_so(
    ogre_file: Path,
) -> None:
    target = {"target": "Ogre", "gcs": str(ogre_file), "injury_tolerance": "none", "hardened": 0}
    plain = resolved(scenario("3d cr", target, roll=13))
    vulnerable = resolved(scenario("3d cr", {**target, "vulnerability": 2}, roll=13))
    assert any(w["rule"] == "GU-14" and "Vulnerability" in w["text"] and "x2" in w["text"]
               for w in plain["warnings"])
    # 13 - DR 3 = 10 penetrating, cr x1 at the torso: 10; x2 Vulnerability: 20
    assert plain["targets"][0]["injury"] == 10
    assert vulnerable["targets"][0]["injury"] == 20


def test_gu14_two_bodies_of_injury_tolerance_in_a_file_give_the_most_protective(
    tmp_path: Path,
) -> None:
    blob = character(name="Blob", traits=[trait("Injury Tolerance", modifier("Homogenous"),
                                                modifier("Diffuse"))])
    path = tmp_path / "Blob.gcs"
    path.write_text(json.dumps(blob), encoding="utf-8")
    s = load(scenario("3d pi", {"target": "Blob", "gcs": str(path)}, roll=10))
    assert s.targets[0].injury_tolerance.value == "diffuse"
    assert any("the most protective, diffuse" in w.text for w in s.warnings)


def test_ap2_gcs_target_errors_name_the_field(tmp_path: Path) -> None:
    with pytest.raises(GcsError) as missing:
        load(scenario("3d pi", {"target": "X", "gcs": "nothing.gcs"}, roll=10), base=tmp_path)
    assert missing.value.field == "line[0].gcs" and missing.value.allowed == "no such file"
    with pytest.raises(ScenarioError) as number:
        load(scenario("3d pi", {"target": "X", "gcs": 5}, roll=10))
    assert number.value.field == "line[0].gcs"
    broken = tmp_path / "broken.gcs"
    broken.write_text('{"version": 4}', encoding="utf-8")
    with pytest.raises(GcsError) as version:
        load(scenario("3d pi", {"target": "X", "gcs": str(broken)}, roll=10))
    assert version.value.field == f"{broken}: version"
    with pytest.raises(ScenarioError) as typo:
        load(scenario("3d pi", {"target": "X", "gcs": str(broken), "hpp": 3}, roll=10))
    assert typo.value.field == "line[0].hpp"


def test_gcs_target_in_the_json_schema() -> None:
    schema = armourpen.RULE_SETS["gurps"].schema()
    assert "gcs" in json.dumps(schema)


# --- random hit locations on the file's own body (GU-10) ------------------------------------

def _swarm(tmp_path: Path, locations: list[dict[str, Any]]) -> Path:
    # as the library's Nest Scorpion (a swarm of 20) writes its body: a roll of "0"
    path = tmp_path / "Nest Scorpion.gcs"
    path.write_text(json.dumps(character(name="Nest Scorpion", hp=11, roll="0",
                                         locations=locations)), encoding="utf-8")
    return path


def test_gu10_random_on_a_body_of_one_location_whose_roll_is_not_dice(tmp_path: Path) -> None:
    path = _swarm(tmp_path, [location("torso", "0-1", table_name="Swarm Body")])
    line = {"target": "Swarm", "gcs": str(path), "injury_tolerance": "none"}
    s = load(scenario("2d cr", {**line, "location": "random"}, roll=9))
    assert s.targets[0].location == Location.TORSO  # every hit lands on its one location
    assert any("a random hit lands on Swarm Body, the body's only location (its roll '0'"
               in step.text for step in s.steps)
    # 2d cr rolled 9 against DR 0: 9 HP of injury, as for the torso aimed at
    aimed = load(scenario("2d cr", {**line, "location": "torso"}, roll=9))
    for run in (s, aimed):
        assert armourpen.resolve(run, seed=1).targets[0].injury == 9


def test_gu10_random_on_a_body_of_several_locations_whose_roll_is_not_dice(
    tmp_path: Path,
) -> None:
    path = _swarm(tmp_path, [location("torso", "0-1"), location("tail", "2")])
    with pytest.raises(ScenarioError) as info:
        load(scenario("2d cr", {"target": "Swarm", "gcs": str(path), "location": "random"},
                      roll=9))
    e = info.value
    assert (e.field, e.value) == ("line[0].location", "random")
    assert e.allowed.endswith("torso, tail (its roll '0' gives no table armourpen can roll)")


# 3d6: the number of the 216 rolls giving each total from 3 to 18
WAYS = dict(zip(range(3, 19), (1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1),
                strict=True))


def _ways(*totals: int) -> int:
    return sum(WAYS[t] for t in totals)


def test_gu10_random_location_weighs_the_files_own_table_quadruped() -> None:
    data = scenario("1d pi", {"target": "Rat", "gcs": str(sample("Giant Rat.gcs"))},
                    location="random")
    result = armourpen.odds(load(data))
    where = result.targets[0].location_pmf
    assert where == {
        "skull": Fraction(_ways(3, 4), 216), "face": Fraction(_ways(5), 216),
        "neck": Fraction(_ways(6), 216), "leg": Fraction(_ways(7, 8, 13, 14), 216),
        "torso": Fraction(_ways(9, 10, 11), 216), "groin": Fraction(_ways(12), 216),
        "foot": Fraction(_ways(15, 16), 216), "tail": Fraction(_ways(17, 18), 216),
    }


def test_gu10_random_location_odds_with_each_locations_dr_worked_by_hand() -> None:
    # Giant Rat: HP 9, DR 1 everywhere on the table but the skull's 3. 1d pi (x1):
    # skull (4 of 216 rolls): 1d - 3, x4 -> 0, 0, 0, 4, 8, 12
    # elsewhere 1d - 1: 0..5; a leg caps at HP/2 + 1 = 5, a foot or the tail (extremities)
    # at HP/3 + 1 = 4
    data = scenario("1d pi", {"target": "Rat", "gcs": str(sample("Giant Rat.gcs"))},
                    location="random")
    rat = armourpen.odds(load(data)).targets[0]
    skull, ends = 4, _ways(15, 16, 17, 18)  # foot and tail: 20
    rest = 216 - skull
    want = {0: rest + 3 * skull, 1: rest, 2: rest, 3: rest, 4: rest + ends + skull,
            5: rest - ends, 8: skull, 12: skull}
    assert rat.injury_pmf == {k: Fraction(v, 6 * 216) for k, v in want.items()}
    # crippled: a leg over HP/2 (injury 5: roll 6), a foot or tail over HP/3 (injury 4: 5 or 6)
    assert rat.p_crippled == Fraction(_ways(7, 8, 13, 14) + 2 * ends, 6 * 216)


def test_gu10_resolve_rolls_the_files_own_table() -> None:
    data = scenario("1d pi", {"target": "Rat", "gcs": str(sample("Giant Rat.gcs"))},
                    location="random", seed=3)
    out = armourpen.resolve(load(data))
    rat = out.targets[0]
    assert rat.location_roll is not None and rat.location_roll.body == "Quadruped"
    quadruped = {3: "skull", 4: "skull", 5: "face", 6: "neck", 7: "leg", 8: "leg", 9: "torso",
                 10: "torso", 11: "torso", 12: "groin", 13: "leg", 14: "leg", 15: "foot",
                 16: "foot", 17: "tail", 18: "tail"}
    assert rat.location is not None
    assert rat.location.value == quadruped[rat.location_roll.total]


def test_gu10_ooze_every_roll_hits_the_torso() -> None:
    data = scenario("2d pi", {"target": "Ooze", "gcs": str(sample("Illithocyte.gcs"))},
                    location="random")
    s = load(data)
    ooze = armourpen.odds(s).targets[0]
    assert ooze.location_pmf == {"torso": Fraction(1)}
    assert any("rolls 5-18 of 3d" in w.text for w in s.warnings)


def test_gu10_a_wing_is_a_limb() -> None:
    # Harpy: HP 12, DR 1 on the wing. 4d imp rolling 14: 13 penetrating, imp x1 on a limb
    # (not x2): 13, capped at HP/2 + 1 = 7, crippled (GU-10)
    out = resolved(scenario("4d imp", {"target": "Harpy", "gcs": str(sample("Harpy.gcs")),
                                       "location": "wing"}, roll=14))
    harpy = out["targets"][0]
    assert (harpy["location"], harpy["penetrating"], harpy["injury"], harpy["crippled"]) == (
        "wing", 13, 7, True)
    assert any("a wing is a limb" in s["text"] for s in out["steps"])


def test_gu10_a_tail_is_an_extremity_and_a_fish_tail_a_limb(tmp_path: Path) -> None:
    # HP 12: an extremity takes at most HP/3 + 1 = 5, a limb HP/2 + 1 = 7
    tail = [location("torso", "3-16"), location("tail", "17-18")]
    for body, cap in (("Quadruped", 5), ("Ichthyoid", 7)):
        path = tmp_path / f"{body}.gcs"
        path.write_text(json.dumps(character(body_name=body, locations=tail)), encoding="utf-8")
        out = resolved(scenario("3d pi", {"target": body, "gcs": str(path), "location": "tail"},
                                roll=15))
        assert out["targets"][0]["injury"] == cap, body


def test_gu10_a_striker_tail_is_a_limb(tmp_path: Path) -> None:
    path = tmp_path / "Lizard.gcs"
    lizard = character(locations=[*HUMANOID[:-2], location("tail", "-")],
                       traits=[trait("Striker (Tail)")])
    path.write_text(json.dumps(lizard), encoding="utf-8")
    out = resolved(scenario("3d pi", {"target": "L", "gcs": str(path), "location": "tail"},
                            roll=15))
    assert out["targets"][0]["injury"] == 7
    assert any("an Extra Arm or Striker" in s["text"] for s in out["steps"])


def test_gu10_a_fin_is_an_extremity_and_a_brain_the_skull(tmp_path: Path) -> None:
    path = tmp_path / "Squid.gcs"
    squid = character(body_name="Squid", locations=[
        location("brain", "3-4", 1, dr_bonus=1), location("torso", "5-14"),
        location("fin", "15-18")])
    path.write_text(json.dumps(squid), encoding="utf-8")
    fin = resolved(scenario("3d pi", {"target": "S", "gcs": str(path), "location": "fin"},
                            roll=15))
    assert fin["targets"][0]["injury"] == 5  # 15 penetrating, capped at HP/3 + 1
    brain = resolved(scenario("3d pi", {"target": "S", "gcs": str(path), "location": "brain"},
                              roll=11))
    # DR 1 (the brain's own, no natural DR added): 10 penetrating x4
    assert (brain["targets"][0]["own_dr"], brain["targets"][0]["injury"]) == (1, 40)
    assert any("the brain is read as the skull" in s["text"] for s in brain["steps"])


@pytest.mark.parametrize("name", ["Boneyard.gcs", "Giant Rat.gcs", "Harpy.gcs",
                                  "Illithocyte.gcs", "Kabal.gcs", "The Overlord of Jupiter.gcs"])
def test_gu10_every_sample_rolls_on_its_own_body(name: str) -> None:
    s = load(scenario("3d(2) pi+", {"target": "It", "gcs": str(sample(name))},
                      location="random"))
    t: Target = s.targets[0]
    assert t.body.name == armourpen.load_gcs(sample(name)).body.name
    result = armourpen.odds(s).targets[0]
    assert sum(result.location_pmf.values()) == 1
    assert sum(result.injury_pmf.values()) == 1


FINGERS = character(name="Gauntleted", hp=10, locations=[
    location("torso", "3-14"),
    location("hand", "15", 1, sub_table={"roll": "1d", "locations": [
        location("hand", "1-4", 1, table_name="Palm"),
        location("finger", "5-6", 2, table_name="Fingers"),
    ]}),
    location("arm", "16", 1, table_name="Right Arm"),
    location("arm", "17", 4, table_name="Left Arm"),
    location("foot", "18"),
])


def test_gu10_a_shot_aimed_at_a_sub_table_location_is_a_hit_on_its_location_with_its_own_dr(
) -> None:
    # The fingers (a hand sub-table's id armourpen does not know) are part of the hand: wounded
    # and crippled as the hand (GU-10), armoured as the file says the fingers are (DR 2, not the
    # hand's 1, GU-3). 3d cr rolling 10 against DR 2: 8 penetrates, x1 for crushing; a hand
    # cripples over HP/3 and loses the rest: at most floor(10/3) + 1 = 4 injury.
    out = resolved(scenario("3d cr", {"target": "G", "gcs": FINGERS, "location": "finger"},
                            roll=10))
    assert out["targets"][0]["injury"] == 4
    texts = [s["text"] for s in out["steps"]]
    assert any("DR at the Fingers from line[0].gcs: 2" in t for t in texts), texts
    assert any("'finger' (Fingers) is not a location armourpen knows: it is part of the hand, "
               "and hit as the hand" in t for t in texts), texts
    # the hand itself meets its own DR 1: 9 penetrates, still capped at 4; rolling 4, 3 injury
    hand = resolved(scenario("3d cr", {"target": "G", "gcs": FINGERS, "location": "hand"},
                             roll=4))
    assert hand["targets"][0]["injury"] == 3
    # the torso meets its own DR 0: 10 crushing, x1, injury 10
    torso = resolved(scenario("3d cr", {"target": "G", "gcs": FINGERS, "location": "torso"},
                              roll=10))
    assert torso["targets"][0]["injury"] == 10


def test_gu10_a_random_hit_never_lands_in_a_sub_table_so_its_dr_is_not_compared() -> None:
    # the hand's table is not rolled (GU-10): the fingers' DR 2 beside the hand's 1 is no warning
    out = resolved(scenario("3d cr", {"target": "G", "gcs": FINGERS, "location": "random"},
                            roll=10))
    warnings = [w["text"] for w in out["warnings"]]
    assert not any("Fingers" in w for w in warnings), warnings
    assert any("sub-tables are not rolled" in w for w in warnings), warnings


def test_gu3_an_aimed_id_two_locations_share_takes_the_first_and_warns_of_the_other() -> None:
    # "arm" is the Right Arm (DR 1) and the Left Arm (DR 4): aimed at "arm", the first in the
    # file is hit. 3d cr rolling 4 against DR 1: 3 penetrates, x1 for crushing at an arm, injury 3
    # (under the limb's cap of HP/2 = 5, GU-10).
    out = resolved(scenario("3d cr", {"target": "G", "gcs": FINGERS, "location": "arm"}, roll=4))
    assert out["targets"][0]["injury"] == 3
    warnings = [w["text"] for w in out["warnings"]]
    assert any("Left Arm (DR 4) is hit as the arm, whose DR is Right Arm's, 1" in w
               for w in warnings), warnings
    # the fingers' DR 2 is no concern of a shot at the arm: no warning names them
    assert not any("Fingers" in w for w in warnings)


def test_gu4_a_files_json_sent_with_its_name_is_named_by_it_in_the_steps() -> None:
    """Issue 24 item 14: the calculator sends a chosen file's JSON with its name (gcs_name), and
    the steps name the file as its hint does, not line[0].gcs."""
    entry: dict[str, Any] = {"target": "Ogre", "gcs": character(name="Ogre", hp=20, st=20, ht=13),
                             "gcs_name": "Ogre.gcs"}
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7}, "line": [entry]}
    steps = [s.text for s in armourpen.resolve(armourpen.load_scenario(data)).steps]
    assert "from Ogre.gcs: HP 20, ST 20, HT 13" in " ".join(steps)
    assert not any("line[0].gcs" in s for s in steps)
    del entry["gcs_name"]  # without it, the JSON is named by where it stands
    steps = [s.text for s in armourpen.resolve(armourpen.load_scenario(data)).steps]
    assert any("from line[0].gcs: HP 20" in s for s in steps)


def test_ap2_gcs_name_only_beside_the_files_json(tmp_path: Path) -> None:
    (tmp_path / "Ogre.gcs").write_text(json.dumps(character(name="Ogre")), encoding="utf-8")
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
            "line": [{"target": "Ogre", "gcs": "Ogre.gcs", "gcs_name": "Other.gcs"}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data, base=tmp_path)
    assert (info.value.field, info.value.value) == ("line[0].gcs_name", "Other.gcs")
    assert "only with gcs as the file's JSON" in info.value.allowed


def test_gu10_a_gcs_targets_location_roll_reads_its_bodys_table() -> None:
    """A humanoid file's table (3d): 17-18 is the neck; 19 is past its dice."""
    entry: dict[str, Any] = {"target": "Ogre", "gcs": character(name="Ogre", hp=20, st=20, ht=13),
                             "location_roll": 17}
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7, "location": "random"},
            "line": [entry]}
    out = armourpen.resolve(armourpen.load_scenario(data)).to_dict()
    assert out["targets"][0]["location"] == "neck"
    entry["location_roll"] = 19
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert info.value.field == "line[0].location_roll" and "3 to 18" in info.value.allowed


def test_gu21_gu22_a_gcs_character_caught_in_an_explosion_stands_as_any_card() -> None:
    # Kabal (HP 13, torso DR 0, no DR at the arms: large-area DR (0 + 0) / 2 = 0) lies prone
    # 3 yd from a grenade's roll of 21 (basic 42): 42 // 9 = 4, injury 4 (cr x1). His fragments:
    # skill 15 - 1 (3 yd) - 2 (prone) - 2 (on the ground, beyond 0 yd) = 10; his SM +1 -> 11
    kabal = {"target": "Kabal", "gcs": str(sample("Kabal.gcs")), "distance": 3,
             "posture": "prone"}
    out = resolved(scenario("6dx2 cr ex [2d cut]", kabal, roll=21))["targets"][0]
    assert (out["blast_damage"], out["large_area_dr"], out["blast_injury"],
            out["fragment_skill"]) == (4, 0, 4, 10)
    out = resolved(scenario("6dx2 cr ex [2d cut]", {**kabal, "sm": 1}, roll=21))["targets"][0]
    assert out["fragment_skill"] == 11
    # without a distance he is refused as any card caught in it is
    with pytest.raises(ScenarioError, match=r"line\[0\]\.distance: `distance` is required"):
        load(scenario("6dx2 cr ex", {"target": "Kabal", "gcs": str(sample("Kabal.gcs"))},
                      roll=21))
    # and his odds are those of the same man typed in: HP 13, High Pain Threshold, DR 3 at the
    # face and 4 at the hands (the skull's 2 in the file is the natural 2 a typed skull has)
    typed = {"target": "Kabal", "hp": 13, "st": 13, "high_pain_threshold": True, "distance": 3,
             "posture": "prone", "dr": {"face": 3, "hand": 4}}
    by_file = armourpen.odds(load(scenario("6dx2 cr ex [2d cut]", kabal)))
    by_hand = armourpen.odds(load(scenario("6dx2 cr ex [2d cut]", typed)))
    assert by_file.targets[0].injury_pmf == by_hand.targets[0].injury_pmf


def test_gu21_a_gcs_characters_large_area_dr_is_read_from_every_location_of_the_file() -> None:
    # a vest of DR 12 on the torso alone: large-area DR = (torso 12 + least 0) / 2 = 6 (GU-21),
    # not the torso's 12 everywhere. At 1 yd from a roll of 21 (basic 42): 42 // 3 = 14; 14 - 6
    # = 8 penetrating, injury 8 (cr x1)
    vested = [location("torso", "9-10", 12) if loc["id"] == "torso" else loc for loc in HUMANOID]
    data = character(name="Vested", hp=12, locations=vested)
    out = resolved(scenario("6dx2 cr ex", {"target": "Vested", "gcs": data, "distance": 1},
                            roll=21))["targets"][0]
    assert (out["blast_damage"], out["large_area_dr"], out["blast_injury"]) == (14, 6, 8)


def test_gu27_a_gcs_target_asked_for_its_condition_rolls_on_the_sheets_ht(ogre_file: Path) -> None:
    # the Ogre's sheet: HP 20, HT 13, Unliving. 6d pi rolling 30 at the torso, DR 3: 27
    # penetrating, x1/3 = 9 injury; from hp_left 5: -4, 0 or less: the consciousness roll at +0
    # (no full multiple of HP below zero) on the sheet's HT 13
    card = {"target": "Ogre", "gcs": str(ogre_file), "hp_left": 5}
    t = resolved(scenario("6d pi", card, roll=30))["targets"][0]
    assert (t["injury"], t["hp_left"]) == (9, -4)
    assert [(r["for"], r["ht"], r["modifier"]) for r in t["ht_rolls"]] == [
        ("consciousness", 13, 0)]
    # the card's ht wins over the sheet's; without any GU-27 key no condition is reported
    card = {**card, "ht": 9}
    assert resolved(scenario("6d pi", card, roll=30))["targets"][0]["ht_rolls"][0]["ht"] == 9
    plain = resolved(scenario("6d pi", {"target": "Ogre", "gcs": str(ogre_file)}, roll=30))
    assert "condition" not in plain["targets"][0]


def test_gu27_a_sheets_hard_to_kill_hard_to_subdue_and_fitness_change_its_ht_rolls() -> None:
    # a sheet of HP 10, HT 11 with Hard to Kill 2, Hard to Subdue 1 and Very Fit (+2 to both
    # rolls, p. 55). 3d pi rolling 12 at the torso, no DR: injury 12, from hp_left 0 to -12.
    # -10 (1 x HP) is crossed: a death check at +2 (Hard to Kill) +2 (Very Fit) = +4;
    # -12 is one full multiple below zero: the consciousness roll at -1 +1 (Hard to Subdue) +2
    # (Very Fit) = +2. Both on the sheet's HT 11.
    data = character(name="Tough", hp=10, ht=11, traits=[
        trait("Hard to Kill", levels=2), trait("Hard to Subdue", levels=1), trait("Very Fit")])
    card = {"target": "Tough", "gcs": data, "hp_left": 0}
    t = resolved(scenario("3d pi", card, roll=12))["targets"][0]
    assert (t["injury"], t["hp_left"]) == (12, -12)
    assert [(r["for"], r["ht"], r["modifier"]) for r in t["ht_rolls"]] == [
        ("death", 11, 4), ("consciousness", 11, 2)]
    # Unfit and Easy to Kill 2: the death check at -1 -2 = -3, the consciousness roll -1 -1 = -2
    data = character(name="Frail", hp=10, ht=11, traits=[
        trait("Unfit"), trait("Easy to Kill", levels=2)])
    t = resolved(scenario("3d pi", {"target": "Frail", "gcs": data, "hp_left": 0},
                          roll=12))["targets"][0]
    assert [(r["for"], r["modifier"]) for r in t["ht_rolls"]] == [
        ("death", -3), ("consciousness", -2)]
