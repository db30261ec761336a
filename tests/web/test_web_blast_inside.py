"""The HTTP API refuses an explosive inside one target beside another on it (GU-21, AP-2)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

INSIDE_AND_ON_IT: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "2d cr ex", "roll": 7},
    "line": [{"target": "Bomb", "hp": 10, "situation": "inside"},
             {"target": "Hero", "hp": 12, "situation": "threw_self"}],
}


def test_gu21_inside_beside_threw_self_is_a_422_naming_the_field(client: TestClient) -> None:
    for route in ("/api/resolve", "/api/odds"):
        got = client.post(route, json=INSIDE_AND_ON_IT)
        assert got.status_code == 422, route
        body = got.json()
        assert body["field"] == "line[1].situation"
        assert "GU-21" in str(body) and "Traceback" not in str(body)


def test_gu21_inside_alone_resolves_x3_through_the_api(client: TestClient) -> None:
    # 2d cr ex rolling 7 inside: no DR, x3 at the vitals: 21
    one = {**INSIDE_AND_ON_IT, "line": INSIDE_AND_ON_IT["line"][:1]}
    out = client.post("/api/resolve", json=one).json()
    assert out["targets"][0]["injury"] == 21
