"""The files a scenario names stay in its own folder unless the user allows others, and a refusal
of what such a file holds names the path and the field, never the content."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli
from gcs.gcs_helpers import character

import armourpen
from armourpen.errors import GcsError, InputError, ScenarioError
from armourpen.gurps.model import GurpsScenario

SECRET = "s3cret-Token"


def _fight(folder: Path, gcs: str) -> Path:
    path = folder / "fight.json"
    path.write_text(json.dumps({"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
                                "line": [{"target": "Ogre", "gcs": gcs}]}), encoding="utf-8")
    return path


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """A scenario's folder (with a character in a subfolder) and a folder beside it."""
    scenario, other = tmp_path / "game", tmp_path / "elsewhere"
    (scenario / "monsters").mkdir(parents=True)
    other.mkdir()
    for folder in (scenario / "monsters", other):
        (folder / "Ogre.gcs").write_text(json.dumps(character(name="Ogre", hp=20)),
                                         encoding="utf-8")
    return scenario, other


def test_a_file_in_the_scenarios_folder_or_below_it_is_read(folders: tuple[Path, Path]) -> None:
    scenario, _ = folders
    for gcs in ("monsters/Ogre.gcs", "./monsters/../monsters/Ogre.gcs",
                str(scenario / "monsters" / "Ogre.gcs")):
        s = armourpen.load_scenario(_fight(scenario, gcs))
        assert isinstance(s, GurpsScenario) and s.targets[0].hp == 20, gcs


@pytest.mark.parametrize("how", ["dotdot", "absolute", "link"])
def test_a_file_outside_the_scenarios_folder_is_refused_unread(
        folders: tuple[Path, Path], how: str) -> None:
    scenario, other = folders
    outside = other / "Ogre.gcs"
    gcs = {"dotdot": "../elsewhere/Ogre.gcs", "absolute": str(outside), "link": "link.gcs"}[how]
    if how == "link":
        (scenario / "link.gcs").symlink_to(outside)
    outside.write_text(f'{{"version": "{SECRET}"}}', encoding="utf-8")  # refused if it were read
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(_fight(scenario, gcs))
    assert info.value.field == "line[0].gcs" and "--allow-outside-files" in info.value.allowed
    assert "allow_outside_files=True" in info.value.allowed
    assert SECRET not in str(info.value)


def test_allow_outside_files_reads_a_file_elsewhere(folders: tuple[Path, Path]) -> None:
    scenario, other = folders
    s = armourpen.load_scenario(_fight(scenario, "../elsewhere/Ogre.gcs"),
                                allow_outside_files=True)
    assert isinstance(s, GurpsScenario) and s.targets[0].hp == 20
    s = armourpen.load_scenario(_fight(scenario, str(other / "Ogre.gcs")),
                                allow_outside_files=True)
    assert isinstance(s, GurpsScenario) and s.targets[0].hp == 20


def _hp(value: Any) -> dict[str, Any]:
    data = character(name="Ogre")
    data["attributes"][-1]["calc"]["value"] = value
    return data


@pytest.mark.parametrize("content", [
    {"version": SECRET},  # the wrong format version
    _hp(SECRET),  # a string where a number is wanted
    {**character(name="Ogre"), "settings": SECRET},  # a string where an object is wanted
])
def test_a_refusal_of_a_named_files_content_names_the_field_but_not_the_value(
        tmp_path: Path, content: dict[str, Any]) -> None:
    (tmp_path / "Ogre.gcs").write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(GcsError) as info:
        armourpen.load_scenario(_fight(tmp_path, "Ogre.gcs"))
    message = str(info.value)
    assert SECRET not in message
    assert message.startswith(f"{tmp_path / 'Ogre.gcs'}: ")  # the path, then the field
    assert "(not shown)" in message


def test_a_file_that_is_no_gcs_file_is_refused_by_its_path_alone(tmp_path: Path) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text(f"root:x:0:0:{SECRET}:/root:/bin/bash\n", encoding="utf-8")
    with pytest.raises(GcsError) as info:
        armourpen.load_scenario(_fight(tmp_path, "passwd"))
    assert SECRET not in str(info.value) and "root:" not in str(info.value)
    assert str(passwd) in str(info.value) and "not valid JSON" in str(info.value)


def test_cli_refuses_a_file_outside_unless_allow_outside_files(
        capsys: pytest.CaptureFixture[str], folders: tuple[Path, Path]) -> None:
    scenario, _ = folders
    fight = _fight(scenario, "../elsewhere/Ogre.gcs")
    for command in (["resolve"], ["odds"], ["chart", "odds", "--json"]):
        code, _, err = cli(capsys, *command, str(fight))
        assert code == 2 and "line[0].gcs" in err and "--allow-outside-files" in err, command
        code, out, _ = cli(capsys, *command, str(fight), "--allow-outside-files")
        assert code == 0 and "Ogre" in out, command


def test_the_web_app_never_reads_a_path_whatever_the_scenario_says(tmp_path: Path) -> None:
    # an HTTP body names no files at all (not even inside a folder): only a GCS file's JSON
    from fastapi.testclient import TestClient

    from armourpen.web import create_app

    body = json.loads(_fight(tmp_path, os.devnull).read_text(encoding="utf-8"))
    got = TestClient(create_app(), base_url="http://127.0.0.1").post("/api/resolve", json=body)
    assert got.status_code == 422 and got.json()["field"] == "line[0].gcs"
    with pytest.raises(InputError):
        armourpen.load_scenario(body)


def test_a_key_a_named_file_lacks_is_said_plainly(tmp_path: Path) -> None:
    data = character(name="Ogre")
    del data["settings"]
    (tmp_path / "Ogre.gcs").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GcsError) as info:
        armourpen.load_scenario(_fight(tmp_path, "Ogre.gcs"))
    assert str(info.value).startswith(f"{tmp_path / 'Ogre.gcs'}: settings: `settings` is required")
