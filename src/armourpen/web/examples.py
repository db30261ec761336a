"""The worked examples of the HTTP API's description, which Swagger UI (``/docs``) fills in when a
route is tried: each body is one of docs/web.md's curl examples (a test holds them equal), and each
query or path parameter a value that answers 200 beside the others.

A route's body examples go into its ``requestBody`` (OpenAPI ``examples``, the first one shown);
a parameter's into ``openapi_examples``. Swagger UI sends them as they are, so every one is a
whole working request: ``tests/web/test_web_openapi_examples.py`` sends each and expects 200.
"""

from __future__ import annotations

from typing import Any

GRAY: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "7d(2) pi-"},
        "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}]}
"""Agent Gray behind nothing, shot with 7d(2) pi- (GURPS): docs/web.md's odds and chart body."""

BODIES: dict[str, dict[str, dict[str, Any]]] = {
    "/api/resolve": {
        "penav": {"summary": "PEN/AV: a rifle round against body armour at 150 m",
                  "value": {"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
                            "line": [{"target": "Gray", "armour": ["NIJ Type III"]}]}},
        "gurps": {"summary": "GURPS: Agent Gray, DR 8, HP 12, a rolled 7d(2) pi-",
                  "value": {**GRAY, "attack": {"damage": "7d(2) pi-", "seed": 7}}},
    },
    "/api/resolve/text": {
        "gurps": {"summary": "GURPS: Agent Gray, DR 8, HP 12, a rolled 7d(2) pi-, as plain text",
                  "value": {**GRAY, "attack": {"damage": "7d(2) pi-", "seed": 7}}},
    },
    "/api/odds": {
        "exact": {"summary": "Exact odds: Agent Gray against 7d(2) pi-", "value": GRAY},
        "small": {"summary": "A 3d pi shot at a target of HP 10 (with samples=N: Monte Carlo)",
                  "value": {"rules": "gurps", "attack": {"damage": "3d pi"},
                            "line": [{"target": "A", "hp": 10}]}},
    },
    "/api/table": {
        "rifle": {"summary": "A rifle round against body armour at two bands",
                  "value": {"attack": ["7.62x51mm NATO"], "armour": ["NIJ Type III"],
                            "band": ["long", "very_long"], "from": ["front"]}},
    },
    "/api/estimate": {
        "6.5mm": {"summary": "A 6.5 mm ball round, 9 g at 820 m/s",
                  "value": {"calibre": "6.5mm", "mass": "9g", "velocity": "820 m/s"}},
    },
    "/api/roll": {
        "cut": {"summary": "3d+1x2 cut, seed 7", "value": {"damage": "3d+1x2 cut", "seed": 7}},
    },
    "/api/chart/odds": {
        "gray": {"summary": "Agent Gray's injury odds against 7d(2) pi-", "value": GRAY},
    },
}
"""Each JSON body's examples, by route (the first is the one Swagger UI fills in)."""


def _location(id_: str, name: str, roll: str, dr: int = 0) -> dict[str, Any]:
    return {"id": id_, "choice_name": name, "table_name": name,
            "calc": {"roll_range": roll, "dr": {"all": dr}}}


OGRE: dict[str, Any] = {
    "version": 5, "id": "c-test", "total_points": 100, "profile": {"name": "Ogre"},
    "settings": {"damage_progression": "basic_set", "body_type": {
        "name": "Humanoid", "roll": "3d", "locations": [
            _location("eye", "Eye", "-"), {**_location("skull", "Skull", "3-4", 2), "dr_bonus": 2},
            _location("face", "Face", "5"), _location("leg", "Right Leg", "6-7"),
            _location("arm", "Right Arm", "8"), _location("torso", "Torso", "9-10"),
            _location("groin", "Groin", "11"), _location("arm", "Left Arm", "12"),
            _location("leg", "Left Leg", "13-14"), _location("hand", "Hand", "15"),
            _location("foot", "Foot", "16"), _location("neck", "Neck", "17-18"),
            _location("vitals", "Vitals", "-")]}},
    "attributes": [
        {"attr_id": "st", "adj": 10, "calc": {"value": 20, "points": 0}},
        {"attr_id": "dx", "adj": 0, "calc": {"value": 10, "points": 0}},
        {"attr_id": "ht", "adj": 0, "calc": {"value": 10, "points": 0}},
        {"attr_id": "basic_speed", "adj": 0, "calc": {"value": 5.25, "points": 0}},
        {"attr_id": "hp", "adj": 0, "calc": {"value": 20, "current": 20, "points": 0}}],
    "traits": [],
}
"""A small GCS character file (an ogre of ST 20 and HP 20 on the humanoid body; the tests'
``Ogre.gcs`` of docs/web.md's curl lines), for ``/api/gcs``'s JSON body."""

BODIES["/api/gcs"] = {"ogre": {"summary": "A GCS file's JSON: an ogre, ST 20, HP 20",
                               "value": OGRE}}


def body_examples(path: str) -> dict[str, dict[str, Any]]:
    """The ``examples`` of the JSON body of the route at ``path``."""
    return BODIES[path]


def one(summary: str, value: Any) -> dict[str, dict[str, Any]]:
    """A parameter's ``openapi_examples``: one value, which Swagger UI fills in."""
    return {"example": {"summary": summary, "value": value}}
