"""``armourpen resolve --then LAST.json``: a running fight starts where the last shot left it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli.cli_helpers import cli

KNIGHT = """rules = "gurps"
[attack]
damage = "3d(5) pi"
roll = 15
[[line]]
target = "knight"
hp = 12
dr = [ { dr = 80, ablation = "ablative" }, { dr = 4, flexible = true } ]
"""


def _files(tmp_path: Path) -> Path:
    scenario = tmp_path / "knight.toml"
    scenario.write_text(KNIGHT, encoding="utf-8")
    return scenario


def test_gu28_then_takes_the_layers_dr_left(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    # shot 1: 80 / 5 = 16 against 15: 15 stopped, 65 left (GU-28's own figure).
    # shot 2 from 65: 65 / 5 = 13; 15 - 13 = 2 reach the DR 4 (4 / 5 = 0): 2 through; the
    # ablative layer stopped 13: 65 - 13 = 52; pi x1: injury 2
    scenario = _files(tmp_path)
    code, out, _ = cli(capsys, "resolve", str(scenario), "--json")
    assert code == 0
    first = tmp_path / "first.json"
    first.write_text(out, encoding="utf-8")
    assert json.loads(out)["targets"][0]["layers"][0]["dr_left"] == 65
    code, out, _ = cli(capsys, "resolve", str(scenario), "--then", str(first), "--json")
    assert code == 0
    t = json.loads(out)["targets"][0]
    assert (t["penetrating"], t["injury"]) == (2, 2)
    assert [x["dr_left"] for x in t["layers"]] == [52, 4]
    assert any("starts at DR 65" in s["text"] for s in json.loads(out)["steps"])


def test_gu28_then_without_a_field_keeps_the_scenarios_value(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    # an outcome naming the knight but giving no layers (or an unknown card): shot as the file says
    scenario = _files(tmp_path)
    last = tmp_path / "last.json"
    last.write_text(json.dumps({"rules": "gurps", "targets": [{"name": "knight"},
                                                              {"name": "squire", "hp_left": 3}]}))
    code, out, _ = cli(capsys, "resolve", str(scenario), "--then", str(last), "--json")
    assert code == 0
    assert json.loads(out)["targets"][0]["layers"][0]["dr_left"] == 65


@pytest.mark.parametrize(("content", "field"), [
    ({"rules": "gurps", "targets": [{"name": "knight", "layers": [{"dr_left": 99},
                                                                  {"dr_left": 4}]}]},
     "--then targets[0].layers[0].dr_left"),
    ({"rules": "gurps", "targets": [{"name": "knight", "layers": [{"dr_left": 9}]}]},
     "--then targets[0].layers"),
    ({"rules": "penav", "targets": []}, "--then"),
    ("not json", "--then"),
])
def test_ap2_then_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    content: object, field: str) -> None:
    scenario = _files(tmp_path)
    last = tmp_path / "last.json"
    last.write_text(content if isinstance(content, str) else json.dumps(content))
    code, _, err = cli(capsys, "resolve", str(scenario), "--then", str(last))
    assert code == 2
    assert err.count("\n") == 1
    assert f"error: {field}:" in err
