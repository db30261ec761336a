"""Issue 23 over HTTP: a sheet's weapons from /api/gcs?weapons=true, and an attack taken from one
in a scenario sent to /api/resolve. Figures read by hand off the sample sheets' weapon columns."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from gcs.gcs_helpers import sample

OVERLORD = "The Overlord of Jupiter.gcs"


def _sheet(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(sample(name).read_text(encoding="utf-8"))
    return data


def test_gcs_weapons_route_lists_every_weapon_with_why_it_is_unusable(client: TestClient) -> None:
    r = client.post("/api/gcs", params={"weapons": "true", "name": OVERLORD},
                    json=_sheet(OVERLORD))
    assert r.status_code == 200
    body = r.json()
    assert body["name"] == "The Overlord of Jupiter"
    shown = {(w["name"], w["usage"]): w for w in body["weapons"]}
    assert len(shown) == 7
    disdain = shown[("Innate Attack (Burn) - Look of Disdain", "")]
    assert (disdain["damage"], disdain["skill"], disdain["rate_of_fire"], disdain["recoil"],
            disdain["half_damage_range"], disdain["usable"]) == ("8d burn", 13, "1", "1", 10, True)
    rifle = shown[("Beam Weapons (Rifle)", "Beam Rifle")]
    assert rifle["usable"] is False and "'(5)' has no rule behind it" in rifle["problem"]


def test_gu15_gcs_attack_over_http_takes_the_sheets_damage_and_skill(client: TestClient) -> None:
    scenario = {"rules": "gurps",
                "attack": {"gcs": _sheet(OVERLORD), "gcs_name": "Overlord.gcs",
                           "weapon": "Innate Attack (Burn) - Laser Gauntlets", "roll": 10,
                           "attack_roll": 14},
                "line": [{"target": "Kabal", "hp": 13, "dr": 2}]}
    r = client.post("/api/resolve", json=scenario)
    assert r.status_code == 200, r.text
    attack = r.json()["attack"]
    # 3d burn at skill 13: an attack roll of 14 misses (GU-15), and nobody else is in the line
    assert (attack["damage"], attack["skill"], attack["attack_hit"]) == ("3d burn", 13, False)
    assert attack["weapon"]["source"] == "Overlord.gcs"
    assert r.json()["steps"][0]["text"].startswith("attack from Overlord.gcs: Innate Attack")


def test_gcs_attack_over_http_without_skill_is_one_422_line(client: TestClient) -> None:
    scenario = {"rules": "gurps",
                "attack": {"gcs": _sheet("Kabal.gcs"), "weapon": "Hook Sword", "usage": "Swing",
                           "roll": 4},
                "line": [{"target": "Rat", "hp": 8}]}
    r = client.post("/api/resolve", json=scenario)
    assert r.status_code == 422
    body = r.json()
    assert body["field"] == "attack.skill" and "gives no skill" in body["error"]
    assert "\n" not in body["error"]
