"""AP-2 against hostile input, by kind (see ``hostile``): a non-finite number, a huge integer, a
nesting deeper than any scenario needs, or a key holding control characters, anywhere in a valid
scenario or catalog, gives one InputError naming that exact place, whether the scenario comes as a
mapping, a JSON file or a TOML file (the command line: tests/cli/test_flags_hostile.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hostile import CATALOG, GURPS, PENAV, Case, check, hostile, put, to_json, to_toml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.catalog import Catalog
from armourpen.errors import InputError

HOSTILE_SETTINGS = settings(max_examples=60, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow,
                                                   HealthCheck.function_scoped_fixture])


@HOSTILE_SETTINGS
@given(hostile())
def test_ap2_hostile_mapping_names_the_exact_field(case: Case) -> None:
    data, where, nested = case
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(data)
    check(info.value, where, nested)


@HOSTILE_SETTINGS
@given(hostile(), st.sampled_from(["json", "toml"]))
def test_ap2_hostile_file_names_the_exact_field(tmp_path: Path, case: Case, suffix: str) -> None:
    data, where, nested = case
    path = tmp_path / f"hostile.{suffix}"
    path.write_text(to_json(data) if suffix == "json" else to_toml(data), encoding="utf-8")
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(path)
    check(info.value, where, nested)


@HOSTILE_SETTINGS
@given(hostile((CATALOG,), top_level_keys=False))
def test_ap2_hostile_catalog_file_names_the_exact_field(tmp_path: Path, case: Case) -> None:
    data, where, nested = case
    path = tmp_path / "mine.toml"
    path.write_text(to_toml(data), encoding="utf-8")
    with pytest.raises(InputError) as info:
        Catalog.load([path], user_dir=False)
    err = info.value
    assert err.field.startswith(f"{path}: ")
    err.field = err.field.removeprefix(f"{path}: ")
    check(err, where, nested)


def test_the_bases_are_valid_and_the_writers_round_trip(tmp_path: Path) -> None:
    for name, base in (("penav", PENAV), ("gurps", GURPS)):
        armourpen.resolve(armourpen.load_scenario(base), 1)
        for suffix, text in (("json", to_json(base)), ("toml", to_toml(base))):
            path = tmp_path / f"{name}.{suffix}"
            path.write_text(text, encoding="utf-8")
            assert armourpen.load_scenario(path) == armourpen.load_scenario(base)
    path = tmp_path / "mine.toml"
    path.write_text(to_toml(CATALOG), encoding="utf-8")
    catalog = Catalog.load([path], user_dir=False)
    assert catalog.attack("TG").pen == 5 and catalog.cover("Test wall").av == 12


def _without(node: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    import copy

    data = copy.deepcopy(node)
    parent: Any = data
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]
    return data


@pytest.mark.parametrize("base", [PENAV, GURPS], ids=["penav", "gurps"])
def test_ap2_a_key_left_out_or_turned_off_is_shown_as_missing_never_none(base: dict[str, Any]) -> None:
    # A value the user never typed is '(missing)', not Python's None (GU-6: `slab = false` on
    # cover without hp named hp with the value None)
    from hostile import places

    cases = [_without(base, p) for p in places(base) if isinstance(p[-1], str)]
    cases += [put(base, p, False) for p in places(base) if p[-1] in ("slab", "rigid", "contact")]
    for data in cases:
        try:
            armourpen.resolve(armourpen.load_scenario(data), 1)
        except InputError as exc:
            assert exc.value is not None and "None is not allowed" not in str(exc), str(exc)


@pytest.mark.parametrize(("where", "value", "spelled"), [
    (("attack", "range"), True, "attack.range: true is not"),
    (("line", 1, "armour", 1, "av"), False, "line[1].armour[1].av: false is not"),
    (("rules",), None, "rules: null is not"),
    (("line", 0, "cover"), [True, None], "line[0].cover: [true, null] is not"),
])
def test_ap2_true_false_and_null_are_shown_as_a_file_spells_them(
    tmp_path: Path, where: tuple[Any, ...], value: Any, spelled: str
) -> None:
    path = tmp_path / "s.json"
    path.write_text(to_json(put(PENAV, where, value)), encoding="utf-8")
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(path)
    assert str(info.value).startswith(spelled), str(info.value)
