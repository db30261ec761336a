"""The API's description tried as Swagger UI fills it in (``/docs``, "Try it out"): every route's
body examples and parameter examples, sent as they are, answer 200; the bodies are docs/web.md's
curl bodies. And HTTP errors give HTTP advice: a cap is raised by whoever runs the server (its
environment), never by a Python call the client cannot make.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from gcs.gcs_helpers import character
from web.test_web_curl_examples import examples, operation
from web.web_helpers import TEST_HOSTS

from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.web import create_app
from armourpen.web.server import ServerSettings


@pytest.fixture(scope="module")
def spec(client: TestClient) -> dict[str, Any]:
    got: dict[str, Any] = client.get("/openapi.json").json()
    return got


def first_example(parameter: dict[str, Any]) -> Any:
    found = parameter.get("examples") or {}
    return next(iter(found.values()))["value"] if found else None


def prefilled(path: str, op: dict[str, Any]) -> tuple[str, list[tuple[str, str | int | float | bool | None]]]:
    """The path and the query Swagger UI sends with every parameter's example filled in."""
    query: list[tuple[str, str | int | float | bool | None]] = []
    for parameter in op.get("parameters", []):
        value = first_example(parameter)
        if parameter["in"] == "path":
            assert value is not None, f"{path}: the path parameter {parameter['name']} has no example"
            path = path.replace("{" + parameter["name"] + "}", quote(str(value)))
        elif value is not None:
            values = value if isinstance(value, list) else [value]
            query.extend((parameter["name"], str(v)) for v in values)
    return path, query


def tried(spec: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """Every (method, path, body) the description's examples make: one per body example."""
    out: list[tuple[str, str, Any]] = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            content = op.get("requestBody", {}).get("content", {})
            if not content:
                out.append((method, path, None))
                continue
            bodies = content.get("application/json", {}).get("examples", {})
            assert bodies, f"{method.upper()} {path}: its JSON body has no example"
            out.extend((method, path, b["value"]) for b in bodies.values())
    return out


def test_every_route_tried_as_prefilled_answers_200(client: TestClient,
                                                   spec: dict[str, Any]) -> None:
    sent = tried(spec)
    assert {(m, p) for m, p, _ in sent} == {(m, p) for p, ops in spec["paths"].items()
                                           for m in ops}
    assert sum(1 for _, _, body in sent if body is not None) >= 8  # every POST route's
    for method, template, body in sent:
        op = spec["paths"][template][method]
        path, query = prefilled(template, op)
        got = client.request(method.upper(), path, params=query,
                             **({} if body is None else {"json": body}))
        assert got.status_code == 200, (method, path, query, got.text[:300])


def test_the_body_examples_are_docs_web_mds_curl_bodies(spec: dict[str, Any]) -> None:
    ogre = character(name="Ogre", hp=20, st=20)  # the curl lines' Ogre.gcs, as the curl test writes it
    checked = 0
    for curl in examples():
        if curl.data is None:
            continue
        path, method = operation(curl, spec["paths"])
        values = [e["value"] for e in spec["paths"][path][method]["requestBody"]["content"]
                  ["application/json"]["examples"].values()]
        sent = ogre if curl.data == "@Ogre.gcs" else json.loads(curl.data)
        assert sent in values, (curl.line, values)
        checked += 1
    assert checked >= 8


def test_the_calculators_gurps_resolve_example_is_a_roll_that_replays(client: TestClient,
                                                                     spec: dict[str, Any]) -> None:
    body = spec["paths"]["/api/resolve"]["post"]["requestBody"]["content"]["application/json"][
        "examples"]["gurps"]["value"]
    first, again = (client.post("/api/resolve", json=body).json() for _ in range(2))
    assert first == again and first["attack"]["seed"] == 7  # a seed: "Try it out" twice, one roll


# --- HTTP errors give HTTP advice ---------------------------------------------------------------

PYTHON_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\((?:[^()]*=|\.\.\.)|\bin Python\b|from Python")
"""A Python call as advice (``Limits(max_odds_work=...)``, ``load_scenario(..., base=folder)``)."""

TINY = Limits(max_file_bytes=2000, max_gcs_objects=5, max_depth=4, max_line_entries=1,
              max_list_entries=1, max_odds_work=10, max_sample_work=10, max_sweep_cells=1,
              max_text_chars=5, max_chart_cells=1, max_table_cells=1)

GURPS = {"rules": "gurps", "attack": {"damage": "7d(2) pi-"},
         "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}]}
REFUSED: list[tuple[str, str, Any, str]] = [
    # method, path, JSON body, the cap (or field) the refusal names
    ("post", "/api/resolve", {**GURPS, "line": [{"target": "A", "hp": 3}, {"target": "B", "hp": 3}]},
     "max_line_entries"),
    ("post", "/api/resolve", {"attack": {"weapon": "9mm", "range": "10 m"}, "line": [
        {"target": "A", "armour": ["NIJ Type III", "NIJ Type IIA"]}]}, "max_list_entries"),
    ("post", "/api/odds", GURPS, "max_odds_work"),
    ("post", "/api/odds?samples=1000&seed=1", GURPS, "max_sample_work"),
    ("post", "/api/resolve", {**GURPS, "note": "a" * 3000}, "max_file_bytes"),
    ("post", "/api/resolve", {"a": [[[[[[1]]]]]]}, "max_depth"),
    ("post", "/api/gcs", character(name="Ogre", hp=20, st=20), "max_gcs_objects"),
    ("get", "/api/catalog?q=nijtype", None, "max_text_chars"),
    ("get", "/api/chart/matrix?attack=7.62&armour=NIJ&band=long", None, "max_sweep_cells"),
    ("post", "/api/table", {"attack": ["7.62"], "armour": ["NIJ"], "band": ["long"]},
     "max_table_cells"),
    ("post", "/api/chart/odds?format=svg", GURPS, "max_chart_cells"),
    ("post", "/api/resolve", {**GURPS, "attack": {"gcs": "Agent.gcs", "weapon": "Thompson"}},
     "attack.gcs"),
    ("post", "/api/resolve", {**GURPS, "line": [{"target": "A", "gcs": "../Ogre.gcs"}]},
     "line[0].gcs"),
]


@pytest.fixture(scope="module")
def tight() -> TestClient:
    return TestClient(create_app(limits=TINY, allow_hosts=TEST_HOSTS,
                                 server=ServerSettings(workers=0)))


@pytest.mark.parametrize(("method", "path", "body", "cap"), REFUSED, ids=lambda v: str(v)[:40])
def test_http_errors_give_http_advice_never_a_python_call(
    tight: TestClient, method: str, path: str, body: Any, cap: str,
) -> None:
    got = tight.request(method.upper(), path, **({} if body is None else {"json": body}))
    assert 400 <= got.status_code < 500, got.text[:300]
    answer = got.json()
    assert cap in answer["allowed"] or cap == answer["field"], answer
    for key in ("error", "allowed"):
        assert PYTHON_CALL.search(answer[key]) is None, answer[key]
    if cap.startswith("max_"):  # a cap: who raises it, and how, for a server
        setting = "ARMOURPEN_" + cap.upper()
        assert f"environment variable {setting} ({setting}=N armourpen serve)" in answer["allowed"]
    if cap == "max_odds_work":  # Monte Carlo asked for as HTTP asks for it, not as --samples
        assert "POST /api/odds?samples=N" in answer["allowed"] and "--samples" not in answer["error"]


def test_every_caps_python_advice_has_an_http_wording() -> None:
    import dataclasses

    from armourpen.web.errors import body

    for f in dataclasses.fields(Limits):
        said = LimitError("x", 2, f"at most 1 ({f.name}); " + DEFAULT_LIMITS.how_to_raise(f.name))
        assert "Limits(" in said.allowed  # the library's words, which the CLI keeps
        answer = body(said)
        assert PYTHON_CALL.search(answer["error"] + answer["allowed"]) is None, answer
        assert Limits.setting(f.name) in answer["allowed"]


def test_the_cli_keeps_its_words() -> None:
    # the library's and CLI's advice is unchanged: only the HTTP answer says it for a server
    assert DEFAULT_LIMITS.how_to_raise("max_odds_work") == (
        "raise the cap with the setting ARMOURPEN_MAX_ODDS_WORK or Limits(max_odds_work=...) in "
        "Python")
