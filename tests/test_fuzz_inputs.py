"""AP-2: whatever a scenario or catalog file holds, the answer is an outcome or one InputError.

Hypothesis builds mappings shaped like scenarios (real keys, wrong types, odd values, unknown
keys); nothing may escape as another exception. Where the change is known (an unknown key, a value
of the wrong type at one place), the error must name exactly that place and that value.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from hostile import GURPS as GURPS_BASE
from hypothesis import given, settings
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


@settings(max_examples=150)
@given(scenario("penav", PENAV_ATTACK_KEYS, PENAV_LINE_KEYS))
def test_ap2_any_penav_scenario_gives_an_outcome_or_one_input_error(data: Any) -> None:
    outcome_or_input_error(data)


@settings(max_examples=150)
@given(scenario("gurps", GURPS_ATTACK_KEYS, GURPS_LINE_KEYS))
def test_ap2_any_gurps_scenario_gives_an_outcome_or_one_input_error(data: Any) -> None:
    outcome_or_input_error(data)


@settings(max_examples=200)
@given(mutated(PENAV_BASE))
def test_ap2_near_valid_penav_scenarios(data: Any) -> None:
    outcome_or_input_error(data)


@settings(max_examples=200)
@given(mutated(GURPS_BASE))
def test_ap2_near_valid_gurps_scenarios(data: Any) -> None:
    outcome_or_input_error(data)


def _scalar_paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    return [p for p in _paths(node, prefix) if not isinstance(_at(node, p), dict | list)]


def _table_paths(node: Any) -> list[tuple[Any, ...]]:
    return [(), *(p for p in _paths(node) if isinstance(_at(node, p), dict))]


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _field(path: tuple[Any, ...]) -> str:
    from armourpen.validation import field_path

    return field_path(path)


# Keys as a user might mistype them: any case, type names, brackets and dots, other scripts.
KEYS = st.one_of(
    st.sampled_from(["Weapon", "str", "int", "a[b]", "Range", "CoverSpec", "list[str]",
                     "[key]", "function-after", "Target", "x.y", "ÉTÉ", "1"]),
    # printable text: control and format characters are refused on their own (reading.py)
    st.text(min_size=1, max_size=10).filter(str.isprintable),
)
KNOWN_KEYS = set(PENAV_ATTACK_KEYS + PENAV_LINE_KEYS + GURPS_ATTACK_KEYS + GURPS_LINE_KEYS) | {
    "rules", "optional_rules", "settings", "attack", "line", "fractional_dr0", "name", "av",
    "sav", "rigid", "covers", "thickness_mm", "slope", "composite", "slab"} - {"bogus"}


@settings(max_examples=150)
@given(st.sampled_from([PENAV_BASE, GURPS_BASE]), st.data())
def test_ap2_an_unknown_key_is_named_exactly_as_typed(base: dict[str, Any],
                                                      data: st.DataObject) -> None:
    import copy

    scenario = copy.deepcopy(base)
    where = data.draw(st.sampled_from(_table_paths(scenario)))
    key = data.draw(KEYS.filter(lambda k: k not in KNOWN_KEYS))
    _at(scenario, where)[key] = 1
    try:
        armourpen.load_scenario(scenario, CATALOG)
    except InputError as exc:
        assert (exc.field, exc.value) == (_field((*where, key)), key), str(exc)
        assert "unknown key" in exc.allowed
    else:
        raise AssertionError(f"the unknown key {key!r} at {where} was ignored")


TAKES_A_LIST = {"injury_tolerance"}


@settings(max_examples=150)
@given(st.sampled_from([PENAV_BASE, GURPS_BASE]), st.data())
def test_ap2_a_value_of_the_wrong_type_is_named_where_it_is(base: dict[str, Any],
                                                            data: st.DataObject) -> None:
    import copy

    scenario = copy.deepcopy(base)
    # a list is wrong at every scalar place, except where a list is allowed too (GU-14: several
    # kinds of Injury Tolerance)
    where = data.draw(st.sampled_from([p for p in _scalar_paths(scenario)
                                       if p[-1] not in TAKES_A_LIST]))
    wrong: list[Any] = []
    parent = _at(scenario, where[:-1])
    parent[where[-1]] = wrong
    try:
        armourpen.load_scenario(scenario, CATALOG)
    except InputError as exc:
        assert (exc.field, exc.value) == (_field(where), wrong), str(exc)
        assert "Input should" not in str(exc)
    else:
        raise AssertionError(f"a list at {where} was accepted")


@settings(max_examples=100)
@given(st.sampled_from(["attack", "armour", "cover", "ammo"]), KEYS)
def test_ap2_an_unknown_catalog_key_is_named_exactly_as_typed(kind: str, key: str) -> None:
    import tempfile

    items = {
        "attack": 'name = "G"\npen = 3\nrange_column = "rifle"\n',
        "armour": 'name = "V"\nav = 5\n',
        "cover": 'name = "W"\nav = 5\n',
        "ammo": 'name = "tracer"\n',
    }
    known = {"name", "aliases", "note", "pen", "spen", "range_column", "dc", "sdc", "ammo",
             "high_velocity", "tied_range_m", "av", "sav", "kind", "rigid", "thickness_mm",
             "unknown_av", "covers", "pen_mod", "dc_mod"}
    if key in known:
        return
    text = f"[[{kind}]]\n{items[kind]}{json.dumps(key, ensure_ascii=False)} = 1\n"
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "user.toml"
        path.write_text(text, encoding="utf-8")
        try:
            Catalog.load([path], user_dir=False)
        except InputError as exc:
            name = items[kind].split('"')[1]
            assert exc.field == f"{path}: {kind}[0] ({name!r}).{key}", str(exc)
            assert exc.value == key and "unknown key" in exc.allowed
        else:
            raise AssertionError(f"the unknown key {key!r} was ignored")


def test_fuzz_bases_are_valid() -> None:
    for base in (PENAV_BASE, GURPS_BASE):
        armourpen.resolve(armourpen.load_scenario(base, CATALOG))


@settings(max_examples=200)
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
        if isinstance(v, int | float) and math.isfinite(v):
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
