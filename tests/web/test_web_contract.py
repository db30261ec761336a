"""Every HTTP answer is exactly the JSON of the matching CLI command with ``--json``.

Both front ends call the same public API and print through the one serializer; these tests run
the command in-process and the request through the app, and compare the parsed JSON. Errors too:
an API error's ``error`` is the line the CLI prints after ``armourpen: error:``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli
from fastapi.testclient import TestClient
from gcs.gcs_helpers import character

from armourpen.scenario import read_scenario_file


def _example(name: str) -> dict[str, Any]:
    return read_scenario_file(f"example:{name}")


OGRE = character(name="Ogre", hp=20, st=20, ht=13)
QUICK = {"rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
         "line": [{"cover": "Car door/body"}, {"target": "target", "armour": ["NIJ Type III"]}]}

# (CLI arguments, HTTP method, path, query, JSON body); "{file}" is the body written as a file
CASES: list[tuple[list[str], str, str, dict[str, Any], dict[str, Any] | None]] = [
    (["resolve", "{file}", "--json"], "POST", "/api/resolve", {}, QUICK),
    (["resolve", "example:agent-gray", "--json"], "POST", "/api/resolve", {},
     _example("agent-gray")),
    (["resolve", "example:tank-ambush", "--json"], "POST", "/api/resolve", {},
     _example("tank-ambush")),
    (["resolve", "example:car-occupants", "--json"], "POST", "/api/resolve", {},
     _example("car-occupants")),
    (["odds", "example:agent-gray", "--json"], "POST", "/api/odds", {}, _example("agent-gray")),
    (["odds", "example:office-shootout", "--samples", "2000", "--seed", "3", "--json"], "POST",
     "/api/odds", {"samples": 2000, "seed": 3}, _example("office-shootout")),
    (["table", "--attack", "7.62x51mm NATO", "--armour", "PASGT", "--band", "long", "--from",
      "left", "--format", "json"], "POST", "/api/table", {},
     {"attack": ["7.62x51mm NATO"], "armour": ["PASGT"], "band": ["long"], "from": ["left"]}),
    # the body's older key names (armourpen.table's parameters) are still read
    (["table", "--attack", "9mm", "--cover", "Sandbag", "--armour", "NIJ Type II", "--range",
      "30m", "--ammo", "ap", "--format", "json"], "POST", "/api/table", {},
     {"attacks": ["9mm"], "cover": ["Sandbag"], "armour": ["NIJ Type II"],
      "distances": ["30m"], "ammo": "ap"}),
    (["catalog", "list", "cover", "--json"], "GET", "/api/catalog", {"kind": "cover"}, None),
    (["catalog", "list", "--json"], "GET", "/api/catalog", {}, None),
    (["catalog", "search", "nij", "--json"], "GET", "/api/catalog", {"q": "nij"}, None),
    (["catalog", "search", "ak", "--kind", "attack", "--json"], "GET", "/api/catalog",
     {"q": "ak", "kind": "attack"}, None),
    (["catalog", "show", "T-34 (1941)", "--json"], "GET", "/api/catalog/T-34 (1941)", {}, None),
    (["thickness", "78.75mm", "--json"], "GET", "/api/thickness", {"mm": "78.75mm"}, None),
    (["thickness", "--av", "60", "--json"], "GET", "/api/thickness", {"av": 60}, None),
    (["thickness", "--sav", "6.8", "--json"], "GET", "/api/thickness", {"sav": "6.8"}, None),
    (["estimate", "--calibre", ".308in", "--mass", "147gr", "--velocity", "2700fps", "--json"],
     "POST", "/api/estimate", {}, {"calibre": ".308in", "mass": "147gr", "velocity": "2700fps"}),
    (["estimate", "--calibre", "9mm", "--mass", "8", "--velocity", "360", "--handgun",
      "--bullet", "ap", "--json"], "POST", "/api/estimate", {},
     {"calibre": 9, "mass": 8, "velocity": 360, "column": "handgun", "bullet": "ap"}),
    (["roll", "3d+1x2 cut", "--seed", "7", "--json"], "POST", "/api/roll", {},
     {"damage": "3d+1x2 cut", "seed": 7}),
    (["schema", "penav"], "GET", "/api/schema/penav", {}, None),
    (["schema", "gurps"], "GET", "/api/schema/gurps", {}, None),
    (["chart", "pen-range", "--attack", "7.62x51mm NATO", "--armour", "NIJ Type III", "--json"],
     "GET", "/api/chart/pen-range", {"attack": "7.62x51mm NATO", "armour": "NIJ Type III"}, None),
    (["chart", "matrix", "--attack", "7.62", "--armour", "NIJ", "--band", "long", "--json"],
     "GET", "/api/chart/matrix", {"attack": "7.62", "armour": "NIJ", "band": "long"}, None),
    (["chart", "slope", "--thickness", "60mm", "--json"], "GET", "/api/chart/slope",
     {"thickness": "60mm"}, None),
    (["chart", "odds", "example:agent-gray", "--json"], "POST", "/api/chart/odds", {},
     _example("agent-gray")),
    (["gcs", "show", "{gcs}", "--json"], "POST", "/api/gcs", {}, OGRE),
    (["resolve", "{file}", "--json"], "POST", "/api/resolve", {},
     {"rules": "gurps", "attack": {"damage": "3d cut", "roll": 11, "location": "skull"},
      "line": [{"target": "Ogre", "gcs": OGRE, "hp": 14}]}),
]


def _run(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str],
         data: dict[str, Any] | None) -> tuple[int, str, str]:
    for key, name in (("{file}", "scenario.json"), ("{gcs}", "Ogre.gcs")):
        if key in args:
            path = tmp_path / name
            path.write_text(json.dumps(data), encoding="utf-8")
            args = [str(path) if a == key else a for a in args]
    return cli(capsys, *args)


@pytest.mark.parametrize(("args", "method", "path", "query", "data"), CASES,
                         ids=[" ".join(c[0][:2]) + f" {i}" for i, c in enumerate(CASES)])
def test_every_answer_is_the_cli_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, client: TestClient, args: list[str],
    method: str, path: str, query: dict[str, Any], data: dict[str, Any] | None,
) -> None:
    code, out, err = _run(capsys, tmp_path, args, data)
    assert code == 0, err
    r = client.request(method, path, params=query, json=data)
    assert r.status_code == 200, r.text
    assert r.json() == json.loads(out)


def test_every_json_command_has_an_endpoint() -> None:
    from armourpen.cli import commands

    covered = {args[0] for args, *_ in CASES}
    # examples prints TOML, screen writes a PDF, serve is this app
    assert covered == set(commands.COMMAND_MODULES) - {"examples", "screen", "serve"}


@pytest.mark.parametrize(
    "data",
    [
        {"attack": {"weapon": "7.62x51mm NATO", "range": "3300 m"}, "line": [{"target": "A"}]},
        {"attack": {"weapon": "7.62x51 NATOO", "range": "30 m"}, "line": [{"target": "A"}]},
        {"attack": {"weapon": "7.62x51mm NATO", "range": "30 m", "colour": "red"},
         "line": [{"target": "A"}]},
        {"rules": "gurps", "attack": {"damage": "7d(2) pi+-"}, "line": [{"target": "A", "hp": 1}]},
    ],
    ids=["range", "name", "unknown-key", "notation"],
)
def test_ap2_an_error_is_the_clis_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, client: TestClient, data: dict[str, Any]
) -> None:
    code, _, err = _run(capsys, tmp_path, ["resolve", "{file}", "--json"], data)
    assert code == 2
    r = client.post("/api/resolve", json=data)
    assert r.status_code == 422
    assert err.strip() == "armourpen: error: " + r.json()["error"]
