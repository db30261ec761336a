"""``armourpen gcs show FILE``: readable and ``--json`` (exactly ``load_gcs(FILE).to_dict()``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli

import armourpen


def _location(loc_id: str, roll: str, dr: dict[str, int]) -> dict[str, Any]:
    return {"id": loc_id, "table_name": loc_id.title(), "calc": {"roll_range": roll, "dr": dr}}


@pytest.fixture
def ogre(tmp_path: Path) -> Path:
    """A small GCS 5 character file: the keys armourpen reads."""
    data = {
        "version": 5,
        "profile": {"name": "Ogre"},
        "settings": {"body_type": {"name": "Humanoid", "roll": "3d", "locations": [
            _location("skull", "3-4", {"all": 5}),
            _location("torso", "5-16", {"all": 3, "fire": 2}),
            _location("vitals", "-", {"all": 3}),
        ]}},
        "attributes": [{"attr_id": a, "calc": {"value": v}}
                       for a, v in (("st", 20), ("ht", 13), ("hp", 20))],
        "traits": [
            {"name": "Damage Resistance", "modifiers": [{"name": "Hardened", "levels": 1}],
             "features": [{"type": "dr_bonus", "locations": ["all"], "amount": 3}]},
            {"name": "High Pain Threshold"},
        ],
    }
    path = tmp_path / "Ogre.gcs"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_gcs_show_json_is_the_api_to_dict(capsys: pytest.CaptureFixture[str], ogre: Path) -> None:
    code, out, err = cli(capsys, "gcs", "show", str(ogre), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == armourpen.load_gcs(ogre).to_dict()
    data = json.loads(out)
    assert (data["name"], data["hp"], data["st"], data["ht"], data["hardened"]) == (
        "Ogre", 20, 20, 13, 1)
    assert data["body"]["locations"][1] == {
        "id": "torso", "table_name": "Torso", "roll": "5-16", "dr": {"all": 3, "fire": 2}}
    assert data["body"]["locations"][2]["roll"] is None


def test_gcs_show_readable(capsys: pytest.CaptureFixture[str], ogre: Path) -> None:
    code, out, _ = cli(capsys, "gcs", "show", str(ogre))
    assert code == 0
    assert "Ogre: HP 20, ST 20, HT 13" in out
    assert "5-16" in out and "3, fire 5" in out  # fire: all 3 + 2
    assert "hardened 1" in out
    assert "rolls 17-18 of 3d" in out  # GU-10: the rolls no location covers
    assert "pain threshold high" in out  # High Pain Threshold, read (GU-11)


@pytest.mark.parametrize("content", ["{", '{"version": 4}', "[]"])
def test_ap2_gcs_show_bad_file_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str,
) -> None:
    path = tmp_path / "broken.gcs"
    path.write_text(content, encoding="utf-8")
    code, out, err = cli(capsys, "gcs", "show", str(path))
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and "broken.gcs" in err


def test_ap2_gcs_show_over_the_gcs_cap_exits_2_naming_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, ogre: Path,
) -> None:
    monkeypatch.setenv("ARMOURPEN_MAX_GCS_BYTES", "100")
    code, out, err = cli(capsys, "gcs", "show", str(ogre))
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert "at most 100 bytes (max_gcs_bytes)" in err and "ARMOURPEN_MAX_GCS_BYTES" in err


def test_ap2_gcs_show_folder_and_missing_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    for target in (tmp_path, tmp_path / "nothing.gcs"):
        code, out, err = cli(capsys, "gcs", "show", str(target), "--json")
        assert (code, out) == (2, "")
        assert err.startswith("armourpen: error: gcs:")


def test_gcs_target_of_a_scenario_file_is_found_beside_it(
    capsys: pytest.CaptureFixture[str], ogre: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "fights"
    folder.mkdir()
    (folder / "monsters").mkdir()
    ogre.rename(folder / "monsters" / "Ogre.gcs")
    fight = folder / "fight.toml"
    fight.write_text('rules = "gurps"\n[attack]\ndamage = "3d pi"\nroll = 12\n'
                     '[[line]]\ntarget = "Ogre"\ngcs = "monsters/Ogre.gcs"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # elsewhere than the scenario
    code, out, err = cli(capsys, "resolve", str(fight), "--json")
    assert (code, err) == (0, "")
    ogre_out = json.loads(out)["targets"][0]
    # the torso's DR 3 (hardened 1, no divisor to lower): 12 - 3 = 9 penetrating, pi x1
    assert (ogre_out["own_dr"], ogre_out["penetrating"], ogre_out["injury"]) == (3, 9, 9)
    code, out, _ = cli(capsys, "odds", str(fight), "--json")
    assert code == 0 and json.loads(out)["targets"][0]["name"] == "Ogre"


_OVERLORD = Path(__file__).parent.parent / "gcs" / "samples" / "The Overlord of Jupiter.gcs"


def test_gcs_show_weapons_lists_each_weapon_and_why_one_cannot_be_used(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "gcs", "show", str(_OVERLORD), "--weapons")
    assert code == 0, err
    assert "The Overlord of Jupiter: 7 weapons, 5 usable as attacks" in out
    # Laser Gauntlets as GCS shows it: 3d burn, skill 13, RoF 1, Rcl 1, 1/2D 10
    row = next(line for line in out.splitlines() if "Laser Gauntlets" in line)
    assert row.split()[-8:] == ["-", "3d", "burn", "13", "1", "1", "10", "yes"]
    assert ("Beam Weapons (Rifle) (Beam Rifle): cannot be used: damage '(5)' has no rule behind "
            "it (GU-1") in out


def test_gu15_gcs_show_weapons_marks_a_weapon_the_sheet_gives_no_skill(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Kabal's Hook Sword: the Hilt Punch has level 14 on the sheet, the Swing none, so the Swing
    # is an attack only with a skill written beside gcs (GU-15)
    code, out, err = cli(capsys, "gcs", "show", str(_OVERLORD.parent / "Kabal.gcs"), "--weapons")
    assert code == 0, err
    rows = {line.split()[2]: line for line in out.splitlines() if line.startswith("Hook Sword ")}
    assert rows["Hilt"].endswith(" yes") and rows["Swing"].endswith(" with skill")
    assert "Kabal: 7 weapons, 7 usable as attacks, 3 of them with a key written beside gcs" in out
    # the note is resolve's own refusal of the Swing without skill, after the weapon's label
    assert ("Hook Sword (Swing) gives no skill (GCS wrote no calc.level), and the attack roll "
            "needs the shooter's effective skill (GU-15); give skill beside gcs") in out


def test_gcs_show_weapons_json_is_each_weapon_with_what_resolve_makes_of_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "gcs", "show", str(_OVERLORD), "--weapons", "--json")
    assert code == 0, err
    data = json.loads(out)
    sheet = armourpen.load_gcs(_OVERLORD)
    assert data == {"name": "The Overlord of Jupiter",
                    "weapons": [u.to_dict() for u in armourpen.gcs.weapon_uses(sheet)]}
    rifle = data["weapons"][-1]
    assert (rifle["usage"], rifle["damage"], rifle["skill"], rifle["rate_of_fire"],
            rifle["half_damage_range"], rifle["max_range"], rifle["usable"], rifle["needs"]) == \
        ("Beam Rifle", "(5)", 18, "4", 700, 2100, False, [])


def test_gu15_gcs_show_weapons_json_says_a_weapon_needs_skill_and_why(
        capsys: pytest.CaptureFixture[str]) -> None:
    # the Swing of Kabal's Hook Sword has no calc.level: usable once skill is given beside gcs,
    # and the JSON says so, as the table's note does
    code, out, err = cli(capsys, "gcs", "show", str(_OVERLORD.parent / "Kabal.gcs"), "--weapons",
                         "--json")
    assert code == 0, err
    swing = next(w for w in json.loads(out)["weapons"] if w["usage"] == "Swing")
    assert (swing["skill"], swing["usable"], swing["needs"], swing["problem"]) == \
        (None, True, ["skill"], None)
    assert swing["notes"] == ["Hook Sword (Swing) gives no skill (GCS wrote no calc.level), and "
                              "the attack roll needs the shooter's effective skill (GU-15); give "
                              "skill beside gcs"]


def _gadgets(tmp_path: Path, *weapons: dict[str, Any]) -> Path:
    from gcs.gcs_helpers import character

    sheet = tmp_path / "Gadgets.gcs"
    sheet.write_text(json.dumps(character(equipment=[
        {"description": f"Gadget {i}", "weapons": [w]} for i, w in enumerate(weapons)])),
        encoding="utf-8")
    return sheet


def test_gu19_gcs_show_weapons_says_what_a_rof_or_rcl_the_rules_do_not_read_needs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # each resolves to an error unless a key is written beside gcs (GU-19): a RoF of 1/3 (two
    # modes) or Jet is no number of shots; a burst of 3 with Rcl "-" has no Rcl; the last two
    # need both. A single shot of 1 with no Rcl needs none, a burst of 3 with Rcl 2 none either.
    sheet = _gadgets(tmp_path, *({"id": f"W{i}", "calc": {"damage": "1d pi", "level": 12,
                                                           "rate_of_fire": rof, "recoil": rcl}}
                                 for i, (rof, rcl) in enumerate([
                                     ("1/3", "2"), ("Jet", "1"), ("3", "-"), ("Jet", "-"),
                                     ("1/3", ""), ("1", ""), ("3", "2")])))
    code, out, err = cli(capsys, "gcs", "show", str(sheet), "--weapons")
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.startswith("Gadget ")][:7]  # then notes
    verdicts = [row.split("  ")[-1].strip() for row in rows]
    assert verdicts == ["with shots", "with shots", "with rcl", "with shots, rcl",
                        "with shots, rcl", "yes", "yes"]
    assert ("Gadget 0 gives RoF '1/3', which is not a whole number of shots from 1 to 10,000, or "
            "\"AxB\"") in out
    assert "Gadget 2 gives Rcl '-', and a burst needs a whole number from 1 to 1000 (GU-19); " \
        "give rcl beside gcs" in out


def test_gu15_gcs_show_weapons_shows_a_level_beyond_any_skill_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # calc.level 1e308 is no skill of 309 digits: shown as the file writes it, needing skill
    sheet = _gadgets(tmp_path, {"id": "W0", "calc": {"damage": "1d pi", "level": 1e308}})
    code, out, err = cli(capsys, "gcs", "show", str(sheet), "--weapons")
    assert code == 0, err
    row = next(line for line in out.splitlines() if line.startswith("Gadget 0"))
    assert row.split() == ["Gadget", "0", "-", "1d", "pi", "1e+308", "-", "-", "-", "with",
                           "skill"]
    assert "Gadget 0 gives skill level 1e+308 (calc.level), not a whole number from -50 to 50" \
        in out and "0" * 300 not in out


@pytest.mark.parametrize(("args", "field"), [
    (["gcs", "show", ""], "FILE"), (["odds", ""], "SCENARIO"), (["resolve", ""], "SCENARIO"),
])
def test_ap2_an_empty_path_is_named_as_given_not_as_the_folder_dot(
    capsys: pytest.CaptureFixture[str], args: list[str], field: str,
) -> None:
    # Path("") is Path("."): before, the message named '.', a folder nobody typed
    code, out, err = cli(capsys, *args)
    assert (code, out) == (2, "")
    assert err == (f"armourpen: error: {field}: '' is not allowed; a path to a file to read (it is "
                   "required, and was given empty)\n")
