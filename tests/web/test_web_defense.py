"""GU-24 and GU-25 over HTTP: a card's defense and shield in the API's bodies, and the
calculator's page keeping them (as the card's other keys) when it shows the shipped example."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web.test_web_api import ap2

from armourpen.scenario import read_scenario_file

KNIGHT: dict[str, Any] = dict(read_scenario_file("example:knight-blocks-arrow"))


def test_gu25_api_resolve_gives_the_shield(client: TestClient) -> None:
    # the example worked by hand: shield injury 6 (20 - 7 = 13, x1/2), HP 34, punched through
    # cover DR 17: the knight's injury 2 (20 - 19 = 1, x2)
    t = client.post("/api/resolve", json=KNIGHT).json()["targets"][0]
    assert (t["shield_injury"], t["shield_hp_left"], t["punched_through"], t["injury"]) == (
        6, 34, True, 2)


def test_gu24_api_odds_give_p_defended(client: TestClient) -> None:
    # attack 14 (196 of 216) then block 12 with DB 2: 160 of 216 succeed:
    # p_defended = 196 * 160 / 216^2 = 490/729
    t = client.post("/api/odds", json=KNIGHT).json()["targets"][0]
    assert t["p_defended"] == "490/729"


def test_ap2_api_refuses_an_unknown_shield_with_422(client: TestClient) -> None:
    bad = {**KNIGHT, "line": [{**KNIGHT["line"][0], "shield": "tower"}]}
    ap2(client.post("/api/resolve", json=bad), 422, "line[0].shield")


def test_gu24_the_calculator_shows_the_knight_example(client: TestClient) -> None:
    page = client.get("/?example=knight-blocks-arrow")
    assert page.status_code == 200 and "the blow struck the shield" in page.text
