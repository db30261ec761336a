"""Who is hit (GU-15 to GU-18) through the HTTP API: the keys are read, the answers carry
``hit_by``, ``hit_roll`` and ``p_hit``, and bad input is one AP-2 body with a 422."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web.test_web_api import ap2

from armourpen.scenario import read_scenario_file

TAXI = read_scenario_file("example:taxi")


def test_gu17_api_resolve_carries_who_hit_each_target(client: TestClient) -> None:
    body = client.post("/api/resolve", json=dict(TAXI)).json()
    # the occupant roll chose the fare: the occupants no card lists, not hit, are no entry
    assert [t["name"] for t in body["targets"]] == ["Driver", "Fare", "Gunman"]
    fare = body["targets"][1]
    assert (fare["name"], fare["hit_by"], fare["injury"]) == ("Fare", "occupant", 7)
    assert body["attack"]["aim"] == "Gunman"


def test_gu17_api_odds_give_p_hit_per_card(client: TestClient) -> None:
    body = client.post("/api/odds", json=dict(TAXI)).json()
    names = [t["name"] for t in body["targets"]]
    assert names == ["unnamed occupant of Taxi", "Driver", "Fare", "Gunman"]
    driver, fare = body["targets"][1:3]
    assert driver["p_hit"] == fare["p_hit"]  # each occupant alike (GU-17)


def test_gu18_api_refuses_a_material_not_in_the_table(client: TestClient) -> None:
    bad: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "7d pi"}, "line": [
        {"cover": {"material": "cheese", "inches": 2}}, {"target": "A", "hp": 10}]}
    body = ap2(client.post("/api/resolve", json=bad), 422, "line[0].cover.material")
    assert "reinforced concrete" in body["allowed"]


def test_gu16_api_schema_has_the_keys(client: TestClient) -> None:
    schema = client.get("/api/schema/gurps").json()
    assert {"skill", "aim", "attack_roll"} <= set(schema["$defs"]["_Attack"]["properties"])
    assert {"occupants", "sm", "material", "inches"} <= set(
        schema["$defs"]["_CoverSpec"]["properties"])
