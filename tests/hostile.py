"""Hostile input by kind, for the AP-2 tests: strategies that put a non-finite number, a huge
integer, a nesting deeper than any scenario needs or a key holding control characters anywhere in a
valid scenario or catalog, writers that put them in JSON and TOML files (where the standard
writers refuse), and the check that the error names that exact place."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

from hypothesis import strategies as st

from armourpen.errors import InputError

PENAV: dict[str, Any] = {
    "rules": "penav",
    "optional_rules": ["rifle_ball_as_sp"],
    "attack": {"weapon": "7.62x51mm NATO", "range": "150 m", "from": "front", "elevation": 5},
    "line": [
        {"cover": "Sandbag wall, single layer"},
        {"target": "Gray", "armour": ["NIJ Type III", {"name": "plate", "av": 7, "rigid": True}]},
        {"cover": {"name": "glacis", "thickness_mm": 60, "slope": 60}},
        {"target": "VIP", "plate": {"sav": 3, "slope": 30}},
    ],
}
GURPS: dict[str, Any] = {
    "rules": "gurps",
    "settings": {"fractional_dr0": "becomes_1"},
    "attack": {"damage": "7d(2) pi-", "roll": 20, "location": "torso"},
    "line": [
        {"target": "Gray", "dr": 8, "hp": 12},
        {"cover": {"name": "door", "dr": 2, "slab": True}},
        {"target": "VIP", "hp": 10, "hit_chance": 0.5, "injury_tolerance": "unliving"},
    ],
}
CATALOG: dict[str, Any] = {
    "ammo": [{"name": "Test load", "pen_mod": 1, "dc_mod": 0}],
    "attack": [{"name": "Test gun", "pen": 5, "range_column": "rifle", "ammo": "Test load",
                "aliases": ["TG"], "tied_range_m": 100}],
    "armour": [{"name": "Test vest", "av": 4, "rigid": True, "thickness_mm": 12.5}],
    "cover": [{"name": "Test wall", "sav": 2.4, "covers": ["front", "rear"]}],
    "vehicle": [{"name": "Test tank",
                 "faces": {face: {"thickness_mm": 45, "slope": 60} for face in
                           ("front", "side", "rear", "top", "bottom")},
                 "extra": {"year": "1941"}}],
}


# --- the kinds ---------------------------------------------------------------------------------

non_finite = st.sampled_from([math.nan, math.inf, -math.inf])
huge = st.one_of(
    st.integers(19, 6000).map(lambda n: 10**n),  # past 2**63, past Python's 4300 digits
    st.integers(2**63, 2**70),
    st.integers(19, 400).map(lambda n: -(10**n)),
)
NUMBERS = st.one_of(non_finite, huge)
CONTROLS = ["\n", "\r", "\t", "\x00", "\x07", "\x1b[31m", "\x1b[2J", "\x7f", "\x9b", "\u202e"]
odd_keys = st.builds(lambda a, c, b: a + c + b, st.text("abc xyz", max_size=3),
                     st.sampled_from(CONTROLS), st.text("abc", max_size=3))


def deep(depth: int) -> list[Any]:
    node: list[Any] = []
    for _ in range(depth):
        node = [node]
    return node


# --- where -------------------------------------------------------------------------------------


def places(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here] if here else []
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(places(v, (*here, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(places(v, (*here, i)))
    return out


def field(path: tuple[Any, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + part
    return out


def put(base: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return data


Case = tuple[dict[str, Any], str, bool]  # (data, the exact field, nested?)


@st.composite
def hostile(draw: st.DrawFn, bases: tuple[dict[str, Any], ...] = (PENAV, GURPS),
            top_level_keys: bool = True) -> Case:
    """One of ``bases`` with one hostile thing in it, and the field an error must name."""
    base = draw(st.sampled_from(bases))
    kind = draw(st.sampled_from(["number", "number", "deep", "key"]))
    if kind == "key":
        tables = [p for p in places(base) if isinstance(_at(base, p), dict)]
        path = draw(st.sampled_from([(), *tables] if top_level_keys else tables))
        key = draw(odd_keys)
        data = copy.deepcopy(base)
        _at(data, path)[key] = draw(st.sampled_from([1, "x", True]))
        return data, field((*path, key)), False
    path = draw(st.sampled_from(places(base)))
    if kind == "deep":
        return put(base, path, deep(draw(st.integers(33, 150)))), field(path), True
    return put(base, path, draw(NUMBERS)), field(path), False


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


# --- writing files the standard writers refuse to write -----------------------------------------


def to_json(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return _digits(value)
    if isinstance(value, float):
        return json.dumps(value)  # NaN, Infinity, -Infinity: what JSON writers emit
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(to_json(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)}: {to_json(v)}" for k, v in value.items()) + "}"


def to_toml(data: dict[str, Any]) -> str:
    return "".join(f"{_toml_key(k)} = {_toml(v)}\n" for k, v in data.items())


def _toml_key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return _digits(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return _toml_key(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{ " + ", ".join(f"{_toml_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"


def _digits(n: int) -> str:
    """str(n), also past Python's 4300-digit limit on int-to-text conversion (for the powers of
    ten drawn that large)."""
    if abs(n) < 10**4000:
        return str(n)
    k = round(math.log10(abs(n)))
    assert abs(n) == 10**k
    return ("-" if n < 0 else "") + "1" + "0" * k


def check(err: InputError, where: str, nested: bool) -> None:
    if nested:  # the place where nesting passed the cap, inside the value put at `where`
        assert err.field.startswith(where), (err.field, where)
    else:
        assert err.field == where, (err.field, where)
    message = str(err)
    assert "\n" not in message and "\x1b" not in message and len(message) < 1000
    assert not any(c in message for c in "\x00\x07\x7f\x9b\u202e\r")


