"""AP-2: two targets of one line of fire with the same name are refused, in both rule sets, from a
file, a mapping or an HTTP body: the outcome, the odds and the charts name each target by it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web.web_helpers import TEST_HOSTS

import armourpen
from armourpen.errors import ScenarioError
from armourpen.web import create_app

GURPS: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 12}, "line": [
    {"target": "Gray", "hp": 12}, {"cover": {"name": "door", "dr": 2, "slab": True}},
    {"target": "Gray", "hp": 10}]}
PENAV: dict[str, Any] = {"rules": "penav",
                         "attack": {"weapon": "9mm Parabellum pistol", "range": "10 m"},
                         "line": [{"target": "Gray"}, {"target": "Gray"}]}


@pytest.mark.parametrize(("data", "field"), [(GURPS, "line[2].target"), (PENAV, "line[1].target")])
def test_ap2_a_target_name_given_twice_names_the_second(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    e = info.value
    assert (e.field, e.value) == (field, "Gray")
    assert "line[0] is already called 'Gray'" in e.allowed
    r = TestClient(create_app(allow_hosts=TEST_HOSTS)).post("/api/resolve", json=data)
    assert (r.status_code, r.json()["field"], r.json()["value"]) == (422, field, "Gray")


def test_ap2_a_gcs_target_named_as_another_is_refused(tmp_path: Path) -> None:
    import json

    from gcs.gcs_helpers import character

    (tmp_path / "Ogre.gcs").write_text(json.dumps(character()), encoding="utf-8")
    data = {**GURPS, "line": [{"target": "Ogre", "hp": 12},
                              {"target": "Ogre", "gcs": "Ogre.gcs"}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data, base=tmp_path)
    assert info.value.field == "line[1].target"


def test_names_that_differ_only_in_case_or_cover_names_repeated_are_kept() -> None:
    data = {**GURPS, "line": [{"target": "Gray", "hp": 12},
                              {"cover": {"name": "door", "dr": 2, "slab": True}},
                              {"cover": {"name": "door", "dr": 2, "slab": True}},
                              {"target": "gray", "hp": 10}]}
    assert [t.name for t in armourpen.load_scenario(data).targets] == ["Gray", "gray"]
