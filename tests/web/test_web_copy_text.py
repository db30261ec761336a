"""Issue 34 item 13: "copy as text" is the CLI's plain output, through /api/resolve/text; the
errors of the form's fields are in the form's words (item 14)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web.web_helpers import JSON_TYPE

from armourpen.scenario import example_path, read_scenario_file


@pytest.mark.parametrize("example", ["grenade-courtyard", "brick-wall", "office-shootout"])
def test_ap2_copy_as_text_is_the_cli_plain_output(client: TestClient, example: str,
                                                  tmp_path: Path) -> None:
    # the CLI writing to a pipe is the plain backend; the route must give the same bytes
    data = read_scenario_file(example_path(example, "example"))
    file = tmp_path / "s.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "armourpen", "resolve", str(file)],
                         capture_output=True, text=True, check=True, env=None)
    r = client.post("/api/resolve/text", content=json.dumps(data), headers=JSON_TYPE)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    assert r.text == cli.stdout


def test_ap2_copy_as_text_of_a_bad_scenario_is_a_422_naming_the_field(client: TestClient) -> None:
    body = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10, "skil": 12},
            "line": [{"target": "T", "hp": 10}]}
    r = client.post("/api/resolve/text", content=json.dumps(body), headers=JSON_TYPE)
    assert r.status_code == 422
    assert r.json()["field"] == "attack.skil"
    assert "did you mean `skill`?" in r.json()["allowed"]
