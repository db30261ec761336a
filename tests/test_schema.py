"""The JSON Schema export describes the scenario files: the shipped examples validate against it,
and a file with a typo does not."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import jsonschema
import pytest

from armourpen.cli.app import main
from armourpen.errors import ScenarioError
from armourpen.scenario import example_names, example_path, json_schema


def example(name: str) -> dict[str, Any]:
    return tomllib.loads(example_path(name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", example_names())
def test_every_example_validates_against_its_schema(name: str) -> None:
    data = example(name)
    jsonschema.validate(data, json_schema(data.get("rules", "penav")))


@pytest.mark.parametrize(("name", "where"), [("bodyguard", "attack"), ("agent-gray", "attack")])
def test_ap2_schema_rejects_unknown_keys_too(name: str, where: str) -> None:
    data = example(name)
    data[where]["rnage"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, json_schema(data.get("rules", "penav")))


def test_schema_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["schema", "gurps"])
    assert info.value.code == 0
    schema = json.loads(capsys.readouterr().out)
    assert "line" in schema["properties"]
    with pytest.raises(ScenarioError):
        json_schema("d20")
