"""The 200 answers of the HTTP API as OpenAPI schemas: what each route's JSON holds.

The answers are the serializer's (:mod:`armourpen.serialize`) JSON of the public API's values; these
schemas name their keys and the types a client reads (every key listed is always there), and leave
room for keys added later and for the parts each rule set fills its own way (``additionalProperties``
is not closed). The tests hold every answer of the documented examples and of the fuzzed requests
to them (``tests/web/test_web_curl_examples.py``, ``tests/web/test_web_schemathesis.py``).
"""

from __future__ import annotations

from typing import Any


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(description: str, **keys: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": description, "required": list(keys),
            "properties": keys}


def _list(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


_S: dict[str, Any] = {"type": "string"}
_I: dict[str, Any] = {"type": "integer"}
_B: dict[str, Any] = {"type": "boolean"}
_N: dict[str, Any] = {"type": "number"}
_O: dict[str, Any] = {"type": "object"}
_STEPS = _list(ref("Step"))


def _rules(name: str) -> dict[str, Any]:
    return {"type": "string", "enum": [name]}


def _chart(kind: str, description: str, **keys: dict[str, Any]) -> dict[str, Any]:
    return _obj(description, kind={"type": "string", "enum": [kind]}, title=_S, **keys,
                rulings=_list(_S), warnings=_STEPS)


SCHEMAS: dict[str, dict[str, Any]] = {
    "Step": _obj("A step of an explanation, or a warning: the ruling and what it says",
                 rule=_S, text=_S),
    "PenavOutcome": _obj(
        "A PEN/AV shot: the attack as it arrives, each target's outcome, every step",
        rules=_rules("penav"), attack=_O, targets=_list(_O), warnings=_STEPS, steps=_STEPS),
    "GurpsOutcome": _obj(
        "A GURPS shot (GU-5 to GU-8): the roll, each target's injury and effects, every step",
        rules=_rules("gurps"), attack=_O, targets=_list(_O), covers=_list(_O),
        stopped_in={"type": ["string", "null"]}, settings=_O, warnings=_STEPS, steps=_STEPS),
    "Outcome": {"description": "The explained outcome (armourpen resolve --json)",
                "anyOf": [ref("PenavOutcome"), ref("GurpsOutcome")]},
    "ExactOdds": _obj("Exact odds over every roll (integer weights, shown as n/d)",
                      rules=_rules("gurps"), method=_S, damage=_S, patterns=_I,
                      targets=_list(_O), steps=_STEPS),
    "SampledOdds": _obj("A Monte Carlo estimate from samples shots with seed",
                        rules=_rules("gurps"), method=_S, damage=_S, samples=_I, seed=_I,
                        targets=_list(_O)),
    "Odds": {"description": "armourpen odds --json", "anyOf": [ref("ExactOdds"),
                                                               ref("SampledOdds")]},
    "TableCell": _obj("One attack against one defence at one band or distance, from one side",
                      attack=_S, defence=_S, band={"type": ["string", "null"]},
                      distance={"type": ["string", "null"]},
                      pen={"type": ["integer", "null"], "description": "null past the attack's "
                           "reach (outcome out_of_reach)"}, av=_I,
                      outcome={"type": "string", "description": "stopped, penetrated_reduced, "
                               "penetrated, or out_of_reach (past the attack's reach, PA-3)"},
                      symbol=_S, wound_modifier={"type": ["integer", "null"]}),
    "Table": _obj("The GM's penetration chart, one cell per row (armourpen table --format json)",
                  rules=_rules("penav"), attacks=_list(_O), defences=_list(_O),
                  columns=_list(_O), directions=_list(_S), optional_rules=_list(_S),
                  legend=_O, cells=_list(ref("TableCell")), warnings=_STEPS),
    "CatalogItem": _obj("An attack, armour, cover, vehicle or ammunition of the catalog",
                        kind=_S, name=_S, aliases=_list(_S), note=_S, source=_S),
    "MatchedBy": _obj("Why a search hit matched (armourpen catalog search's \"matched by\")",
                      by={"type": "string", "enum": ["name", "alias", "note", "spelling", "all"],
                          "description": "all: a blank q, which lists every item"},
                      text={"type": "string", "description": "the alias, or the name spelt "
                            "close to q; empty for name, note and all"}),
    "CatalogHit": {"type": "object", "allOf": [ref("CatalogItem")],
                   "description": "A catalog item; from a search (q), with why it matched",
                   "properties": {"matched_by": ref("MatchedBy")}},
    "Thickness": _obj("The thickness curve read both ways around a value (PA-11)",
                      input=_O, mm_to_av=_O, av_to_mm=_O, neighbours=_list(_O), steps=_STEPS),
    "Estimate": _obj(
        "A suggested PEN for a round from its ballistics (PA-11), with the fit's interval",
        input=_O, energy_j=_N, energy_per_mm=_N, law=_S, pen=_I,
        spen={"type": ["number", "null"]}, interval={"type": ["object", "null"]},
        dc={"type": ["integer", "null"]},
        range_column=_S, column_given=_B, bands=_list(_O), nearest=_list(_O), steps=_STEPS,
        warnings=_STEPS),
    "Roll": _obj("A GURPS damage roll (GU-1, GU-2)", damage=_S, dice=_list(_I), adds=_I,
                 multiplier={"type": ["integer", "number"]}, roll=_I, basic_damage=_I,
                 seed={"type": ["integer", "null"]}, steps=_STEPS),
    "GcsTarget": _obj(
        "What a GCS character file gives a GURPS target", name=_S, hp=_I, st=_I, ht=_I,
        body=_obj("The body's hit locations, with roll ranges and DR", name=_S, roll=_S,
                  locations=_list(_O)),
        injury_tolerance=_list(_S), hardened=_I, perfect_balance=_B, pain_threshold=_S,
        vulnerabilities=_list(_O), warnings=_STEPS),
    "GcsWeapons": _obj(
        "Every weapon of a GCS character file (armourpen gcs show --weapons --json)", name=_S,
        weapons=_list(_obj(
            "One weapon (one usage), as GCS computed it, and what resolve makes of it: usable "
            "as an attack (once the keys of needs are given beside gcs, each with its note) or "
            "not, with why (problem)",
            id=_S, carrier=_S, name=_S, usage=_S, ranged=_B, damage=_S,
            skill={"type": ["integer", "null"]}, rate_of_fire=_S, recoil=_S, shots=_S, range=_S,
            half_damage_range={"type": ["number", "null"]},
            max_range={"type": ["number", "null"]}, usable=_B,
            needs=_list({"type": "string", "enum": ["skill", "shots", "rcl"]}),
            notes=_list(_S), problem={"type": ["string", "null"]}))),
    "GcsAnswer": {"description": "armourpen gcs show --json (weapons=true: --weapons)",
                  "anyOf": [ref("GcsTarget"), ref("GcsWeapons")]},
    "JsonSchema": {"type": "object", "description": "A JSON Schema (draft 2020-12) of scenario "
                   "files of one rule set (armourpen schema RULES)"},
    "PenRangeChart": _chart("pen-range", "PEN against distance, and the AV lines",
                            attacks=_list(_O), defences=_list(_O)),
    "MatrixChart": _chart("matrix", "Attacks x defences at one band or distance",
                          attacks=_list(_O), defences=_list(_O), cells=_list(_O)),
    "SlopeChart": _chart("slope", "A plate's effective AV and thickness against the angle",
                         table=_list(_O), curve=_list(_O)),
    "OddsChart": _chart("odds", "The injury distribution of every target",
                        damage=_S, targets=_list(_O)),
}
"""The answers' schemas, as OpenAPI components."""


def ok(name: str, description: str) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses``: 200 with the JSON of schema ``name``."""
    return {200: {"description": description,
                  "content": {"application/json": {"schema": ref(name)}}}}


def ok_chart(name: str) -> dict[int | str, dict[str, Any]]:
    """A chart's ``responses``: its data as JSON, or (``format=svg``) the drawing."""
    return {200: {"description": "The chart's data (format=json), or its drawing (format=svg)",
                  "content": {"application/json": {"schema": ref(name)},
                              "image/svg+xml": {"schema": {"type": "string"}}}}}
