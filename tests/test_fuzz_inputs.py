"""AP-2: whatever a scenario or catalog file holds, the answer is an outcome or one InputError.

Hypothesis builds mappings shaped like scenarios (real keys, wrong types, odd values, unknown
keys); nothing may escape as another exception.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.catalog import Catalog
from armourpen.errors import InputError

CATALOG = Catalog.builtin()

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5000, 5000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["150 m", "contact", "front", "above", "NIJ Type III", "7.62x51mm NATO",
                     "Brick wall", "Steel door", "T-34 (1941)", "turret_front", "7d(2) pi-",
                     "3d-1 pi+", "inf", "0.5", "rifle", "handgun", "none", "sp", "-1 m",
                     "3201 m", "1e9", "unliving", "skull", "1/3"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6,
)

PENAV_ATTACK_KEYS = ["weapon", "name", "pen", "spen", "range_column", "dc", "sdc", "ammo",
                     "high_velocity", "range", "contact", "from", "elevation", "azimuth", "bogus"]
PENAV_LINE_KEYS = ["cover", "covers", "target", "armour", "body", "vehicle", "face", "plate",
                   "bogus"]
GURPS_ATTACK_KEYS = ["damage", "roll", "seed", "ranged", "location", "bogus"]
GURPS_LINE_KEYS = ["target", "cover", "dr", "dr_back", "hp", "injury_tolerance", "hit_chance",
                   "location", "slab", "bogus"]


def shaped(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(st.sampled_from(keys), values, max_size=5)


def scenario(rules: str, attack_keys: list[str], line_keys: list[str]) -> st.SearchStrategy[Any]:
    return st.fixed_dictionaries(
        {"attack": shaped(attack_keys), "line": st.lists(shaped(line_keys), max_size=4)},
        optional={"rules": st.just(rules), "optional_rules": values, "settings": values},
    )


PENAV_BASE: dict[str, Any] = {
    "rules": "penav",
    "optional_rules": ["rifle_ball_as_sp"],
    "attack": {"weapon": "7.62x51mm NATO", "range": "150 m", "from": "front"},
    "line": [
        {"cover": "Sandbag wall, single layer"},
        {"target": "Gray", "armour": ["NIJ Type III", {"name": "plate", "av": 7, "rigid": True}]},
        {"cover": {"name": "glacis", "thickness_mm": 60, "slope": 60}},
        {"target": "T-34", "vehicle": "T-34 (1941)", "face": "front"},
        {"target": "VIP", "plate": {"sav": 3, "slope": 30}},
    ],
}
GURPS_BASE: dict[str, Any] = {
    "rules": "gurps",
    "settings": {"fractional_dr0": "becomes_1"},
    "attack": {"damage": "7d(2) pi-", "roll": 20, "location": "torso"},
    "line": [
        {"target": "Gray", "dr": 8, "hp": 12},
        {"cover": {"name": "door", "dr": 2, "slab": True}},
        {"target": "VIP", "hp": 10, "hit_chance": 0.5, "injury_tolerance": "unliving"},
    ],
}


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*prefix, i)))
    return out


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """The base scenario with one or two places changed: a new value, a removed or unknown key."""
    import copy

    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(_paths(data)))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["set", "set", "delete", "unknown"]))
        if action == "set":
            parent[path[-1]] = draw(values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=6))] = draw(values)
        # a path may vanish with an earlier change: look it up afresh next time
    return data


def outcome_or_input_error(data: Any) -> None:
    try:
        sc = armourpen.load_scenario(data, CATALOG)
        armourpen.resolve(sc).to_dict()
    except InputError as exc:
        assert exc.field and str(exc)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(scenario("penav", PENAV_ATTACK_KEYS, PENAV_LINE_KEYS))
def test_ap2_any_penav_scenario_gives_an_outcome_or_one_input_error(data: Any) -> None:
    outcome_or_input_error(data)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(scenario("gurps", GURPS_ATTACK_KEYS, GURPS_LINE_KEYS))
def test_ap2_any_gurps_scenario_gives_an_outcome_or_one_input_error(data: Any) -> None:
    outcome_or_input_error(data)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(PENAV_BASE))
def test_ap2_near_valid_penav_scenarios(data: Any) -> None:
    outcome_or_input_error(data)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(GURPS_BASE))
def test_ap2_near_valid_gurps_scenarios(data: Any) -> None:
    outcome_or_input_error(data)


def test_fuzz_bases_are_valid() -> None:
    for base in (PENAV_BASE, GURPS_BASE):
        armourpen.resolve(armourpen.load_scenario(base, CATALOG))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(
        st.sampled_from(["attack", "armour", "cover", "ammo", "vehicle", "bogus"]),
        st.lists(shaped(["name", "aliases", "pen", "spen", "av", "sav", "range_column", "ammo",
                         "rigid", "covers", "faces", "note", "unknown_av", "bogus"]), max_size=3),
        max_size=3,
    )
)
def test_ap2_any_catalog_file_loads_or_gives_one_catalog_error(data: dict[str, Any]) -> None:
    import tempfile
    import tomllib

    def dump(v: Any) -> str:  # a minimal TOML writer for these shapes
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int | float) and v == v and v not in (float("inf"), float("-inf")):
            return repr(v)
        if isinstance(v, list):
            return "[" + ", ".join(dump(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f'"{k}" = {dump(x)}' for k, x in v.items()) + " }"
        return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = []
    for kind, items in data.items():
        for item in items:
            lines.append(f"[[{kind}]]")
            lines.extend(f'"{k}" = {dump(v)}' for k, v in item.items() if v is not None)
    text = "\n".join(lines) + "\n"
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return  # our own writer's limits, not the loader's
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "user.toml"
        path.write_text(text, encoding="utf-8")
        try:
            Catalog.load([path], user_dir=False)
        except InputError as exc:
            assert exc.field and str(exc)
