"""The JSON Schema export describes the scenario files: the shipped examples validate against it,
and a file with a typo does not."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import jsonschema
import pytest
from hostile import GURPS as GURPS_BASE
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz_inputs import PENAV_BASE, mutated

import armourpen
from armourpen.cli.app import main
from armourpen.errors import InputError, ScenarioError
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


def test_the_schema_says_a_line_entry_is_a_cover_or_a_target_never_both() -> None:
    for rules, both in (("penav", {"cover": "Log wall", "target": "x"}),
                        ("gurps", {"cover": {"name": "w", "dr": 1, "slab": True}, "target": "x",
                                   "hp": 1})):
        entries = json_schema(rules)["properties"]["line"]["items"]
        assert len(entries["oneOf"]) >= 2  # a tagged union: exactly one of its branches
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"line": [both]}, {**json_schema(rules), "required": []})


@settings(max_examples=150)
@given(st.one_of(mutated(PENAV_BASE), mutated(GURPS_BASE)))
def test_whatever_loads_the_schema_accepts(data: Any) -> None:
    # The schema describes what validation accepts: a scenario that loads never fails it (the
    # schema cannot know the catalog's names or the dice's range, so the converse is not asked).
    try:
        armourpen.load_scenario(data)
    except InputError:
        return
    jsonschema.validate(data, json_schema(data.get("rules", "penav")))


@pytest.mark.parametrize(
    ("where", "value"),
    [(("attack", "elevation"), "10"), (("attack", "azimuth"), True),
     (("line", 1, "armour", 1, "av"), True), (("line", 2, "cover", "slope"), 91),
     (("line", 2, "cover", "thickness_mm"), 0.5)],
)
def test_ap2_what_the_schema_refuses_does_not_load(where: tuple[Any, ...], value: Any) -> None:
    import copy

    data = copy.deepcopy(PENAV_BASE)
    node: Any = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = value
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, json_schema("penav"))
    with pytest.raises(ScenarioError):
        armourpen.load_scenario(data)


@pytest.mark.parametrize(("shots", "valid"), [
    (10, True), ("3x9", True), (" 3 x 9 ", True), ("10", True), (10_000, True),
    (0, False), (10_001, False), ("3y9", False), ("3x", False), (2.5, False),
])
def test_gu19_gu20_the_schema_holds_shots_to_a_number_or_axb(shots: object, valid: bool) -> None:
    # GU-19: 1 to 10,000 shots; GU-20: "AxB" for A shots of B projectiles (the product's bound
    # is the reader's alone)
    data = example("smg-burst-car-door")
    data["attack"]["shots"] = shots
    if valid:
        jsonschema.validate(data, json_schema("gurps"))
    else:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(data, json_schema("gurps"))
