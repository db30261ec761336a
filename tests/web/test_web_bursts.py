"""The HTTP API carries bursts and blasts (GU-19 to GU-22): their keys in, their figures out."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

BURST: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "2d+2 pi", "skill": 12, "shots": 10, "rcl": 2, "attack_roll": 9,
               "rolls": [9, 10, 4]},
    "line": [{"cover": {"name": "car door", "dr": 2, "slab": True}},
             {"target": "Thug", "hp": 11, "dr": 2}],
}
BLAST: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "6dx2 cr ex", "roll": 20},
    "line": [{"target": "Al", "hp": 20, "distance": "3 yd"}],
}


def test_gu19_the_api_resolves_a_burst(client: TestClient) -> None:
    out = client.post("/api/resolve", json=BURST).json()
    assert out["attack"]["shots_landed"] == 3  # 1 + (14 - 9) // 2
    assert out["targets"][0]["injuries"] == [5, 6, 0]
    odds = client.post("/api/odds", json=BURST).json()
    assert sum(1 for _ in odds["targets"][0]["hits_pmf"]) >= 2


def test_gu21_the_api_resolves_a_blast_and_its_joint_odds(client: TestClient) -> None:
    out = client.post("/api/resolve", json=BLAST).json()
    assert out["targets"][0]["blast_damage"] == 4  # 40 / 9
    odds = client.post("/api/odds", json=BLAST).json()
    assert set(odds["joint"]) == {"p_nobody_hurt", "expected_hurt", "expected_hurt_exact"}


def test_gu19_bad_burst_input_is_a_422_naming_the_field(client: TestClient) -> None:
    bad = {**BURST, "attack": {**BURST["attack"], "shots": "3y9"}}
    got = client.post("/api/resolve", json=bad)
    assert got.status_code == 422
    assert got.json()["field"] == "attack.shots"


def test_gu21_a_targets_own_cover_opens_on_its_target_card(client: TestClient) -> None:
    # Cid crouches behind a low wall (DR 8, a thin slab): his card is a target card holding the
    # wall, not a cover card of the line, and the wall's other keys are kept beside it
    from armourpen.web.form import BlastCover, card_of

    card = card_of({"target": "Cid", "hp": 11, "distance": 6,
                    "cover": [{"name": "low wall", "dr": 8, "slab": True, "hp": 30}]}, "gurps")
    assert card.kind == "target" and card.blast_set
    assert card.blast_cover == (BlastCover("low wall", "8", True, '{"hp": 30}'),)
    assert "cover" not in card.extra
    # a cover card of the line stays one
    assert card_of({"cover": {"name": "door", "dr": 2}}, "gurps").kind == "gurps-cover"
    page = client.get("/?example=grenade-courtyard").text
    assert page.count('data-kind="target"') == 4 + 1  # the four people and the new card's template
    assert 'value="low wall"' in page
