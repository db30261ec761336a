"""``armourpen resolve``: quick flags, scenario files, JSON, and AP-2 for every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli.cli_helpers import cli


def test_quick_flags_json_matches_the_text_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", "--weapon", "7.62x51mm NATO", "--range", "150m",
                       "--armour", "NIJ Type III", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["attack"]["pen"] == 6
    assert data["attack"]["range_band"] == "very_long"
    assert data["attack"]["dc_modifier"] == -1
    assert data["attack"]["ammo"] == "ball"
    assert data["targets"][0]["outcome"] == "penetrated_reduced"
    assert data["targets"][0]["wound_modifier"] == -4
    assert all(set(s) == {"rule", "text"} for s in data["steps"])


def test_readable_output_shows_outcome_then_steps(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", "--weapon", "9mm Parabellum pistol", "--range", "10m",
                       "--cover", "Sandbag wall, single layer", "--from", "above")
    assert code == 0
    assert out.index("penetrates") < out.index("PA-9")
    assert "PA-9" in out and "gives" in out


def test_scenario_file_toml_and_json_agree(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    toml = tmp_path / "s.toml"
    toml.write_text(
        'rules = "penav"\n[attack]\nweapon = "7.62x51mm NATO"\nrange = "50 m"\n'
        '[[line]]\ntarget = "Gray"\narmour = ["NIJ Type III"]\n[[line]]\ntarget = "VIP"\n'
    )
    js = tmp_path / "s.json"
    js.write_text(json.dumps({"attack": {"weapon": "7.62x51mm NATO", "range": "50 m"},
                              "line": [{"target": "Gray", "armour": ["NIJ Type III"]},
                                       {"target": "VIP"}]}))
    a = cli(capsys, "resolve", str(toml), "--json")
    b = cli(capsys, "resolve", str(js), "--json")
    assert a[0] == b[0] == 0
    assert json.loads(a[1]) == json.loads(b[1])
    assert [t["outcome"] for t in json.loads(a[1])["targets"]] == ["penetrated", "stopped"]


BAD_FLAGS = [
    (["--weapon", "7.62x51 NATOO", "--range", "50m"], "--weapon", "7.62x51mm NATO"),
    (["--weapon", "7.62x51mm NATO", "--range", "-5m"], "--range", "negative"),
    (["--weapon", "7.62x51mm NATO", "--range", "3201m"], "--range", "beyond Very Distant"),
    (["--weapon", "7.62x51mm NATO", "--range", "fifty"], "--range", "distance"),
    (["--weapon", "7.62x51mm NATO", "--range", "50m", "--from", "up"], "--from", "above"),
    (["--weapon", "7.62x51mm NATO", "--range", "50m", "--armour", "NIJ Type 3"], "--armour",
     "NIJ Type III"),
    (["--weapon", "7.62x51mm NATO", "--range", "50m", "--cover", "Brick wall"], "--cover",
     "PA-13"),
    (["--weapon", "7.62x51mm NATO", "--range", "50m", "--optional-rule", "x"],
     "--optional-rule", "rifle_ball_as_sp"),
    (["--weapon", "7.62x51mm NATO"], "--range", "contact"),
    (["--weapon", "7.62x51mm NATO", "--range", "5m", "--contact"], "--range", "contact"),
    (["--range", "5m"], "--weapon", "required: an attack profile"),
    (["--weapon", "7.62x51mm NATO", "--range", "5m", "--ammo", "plasma"], "--ammo", "no ammo"),
]


@pytest.mark.parametrize(("args", "field", "hint"), BAD_FLAGS)
def test_ap2_bad_flags_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                            field: str, hint: str) -> None:
    code, out, err = cli(capsys, "resolve", *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert field in lines[0] and hint in lines[0]
    assert "Traceback" not in err


BAD_FILES = [
    ('[attack]\nweapon = "7.62x51mm NATO"\nrange = "50 m"\nrnage = 3\n[[line]]\ntarget = "T"\n',
     "attack.rnage", "unknown key"),
    ('[attack]\nweapon = "7.62x51mm NATO"\nrange = "50 m"\n[[line]]\ntarget = "T"\n'
     'armour = [{ name = "x", av = 1001 }]\n', "line[0].armour[0].av", "1000"),
    ('[attack]\npen = -1\nrange_column = "rifle"\nrange = "5 m"\n[[line]]\ntarget = "T"\n',
     "attack.pen", "0 to 1000"),
    ('[attack]\npen = 5\nrange_column = "laser"\nrange = "5 m"\n[[line]]\ntarget = "T"\n',
     "attack.range_column", "handgun"),
    ('[attack]\nweapon = "7.62x51mm NATO"\nrange = "50 m"\n[[line]]\ncover = "Stone wall"\n'
     '[[line]]\ntarget = "T"\n', "line[0].cover", "PA-13"),
    ('[attack]\nweapon = "7.62x51mm NATO"\nrange = "50 m"\n[[line]]\ncover = "Steel door"\n',
     "line", "target"),
    ('rules = "d20"\n[attack]\n', "rules", "penav"),
    ('[attack\n', "scenario", "TOML"),
    ('[attack]\nweapon = "7.62x51mm NATO"\nrange = "50 m"\n[[line]]\ntarget = "T"\n'
     'cover = "Steel door"\n', "line[0]", "either"),
]


@pytest.mark.parametrize(("text", "field", "hint"), BAD_FILES)
def test_ap2_bad_scenario_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                field: str, hint: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, _, err = cli(capsys, "resolve", str(path))
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert field in lines[0] and hint in lines[0], lines[0]


def test_ap2_missing_file_and_wrong_extension(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", str(tmp_path / "nope.toml"))
    assert code == 2 and "no such file" in err
    other = tmp_path / "s.yaml"
    other.write_text("x: 1")
    code, _, err = cli(capsys, "resolve", str(other))
    assert code == 2 and ".toml or .json" in err


def test_ap2_unknown_option_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "--wepon", "x")
    assert code == 2
    assert "Traceback" not in err


def test_pa10_quick_flags_for_a_vehicle(capsys: pytest.CaptureFixture[str]) -> None:
    # T-34 side from the left: 40 mm at 41 deg x1.42 = 56.8 mm -> AV 21 (SAV 4.2)
    code, out, _ = cli(capsys, "resolve", "--weapon", "8.8 cm KwK 36 L/56 APCBC", "--range",
                       "1000m", "--vehicle", "T-34", "--from", "left", "--json")
    assert code == 0
    t = json.loads(out)["targets"][0]
    assert (t["av"], t["sav"], t["outcome"]) == (21, 4.2, "penetrated")
    # from above, straight down onto the 20 mm roof: AV 12 = .50 BMG ball PEN 12 at 100 m
    code, out, _ = cli(capsys, "resolve", "--weapon", ".50 BMG ball", "--range", "100m",
                       "--vehicle", "T-34", "--from", "above", "--json")
    t = json.loads(out)["targets"][0]
    assert (t["av"], t["outcome"]) == (12, "penetrated_reduced")


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--vehicle", "T-34", "--face", "nose"], "--face"),
        (["--vehicle", "T-35"], "--vehicle"),
        (["--face", "front"], "--face"),
        (["--vehicle", "T-34", "--elevation", "100"], "--elevation"),
        (["--vehicle", "T-34", "--armour", "NIJ Type III"], "armour"),
    ],
)
def test_ap2_bad_vehicle_flags(capsys: pytest.CaptureFixture[str], args: list[str],
                               field: str) -> None:
    code, _, err = cli(capsys, "resolve", "--weapon", ".50 BMG ball", "--range", "100m", *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and field in err


def test_pa8_readable_warning_names_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", "--weapon", "7.62x51mm NATO", "--range", "50m",
                       "--armour", "Riot shield", "--armour", "Steel helmet")
    assert code == 0
    assert "warning: [PA-8]" in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--range", "100m", "--face", "front"], "--face: 'front' is not allowed; only with --vehicle"),
        (["--range", "10m", "--contact"], "--range: '10m' is not allowed; not with --contact: give one"),
        ([], "--range: required: a distance such as '150 m', or --contact (PA-3)"),  # issue 24, item 8
    ],
)
def test_ap2_quick_flag_errors_name_the_flags_they_need(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str
) -> None:
    code, out, err = cli(capsys, "resolve", "--weapon", "7.62x51mm NATO", *args)
    assert (code, out, err) == (2, "", f"armourpen: error: {line}\n")


def test_ap2_scenario_errors_keep_the_scenario_keys() -> None:
    import armourpen
    from armourpen.errors import ScenarioError

    with pytest.raises(ScenarioError) as info:  # the API names its parameters, not flags
        armourpen.quick_scenario(weapon="7.62x51mm NATO", range="100m", face="front")
    assert (info.value.field, info.value.allowed) == ("face", "only with vehicle = ...")
