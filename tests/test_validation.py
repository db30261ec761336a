"""AP-2: one translator of validation errors for scenarios and catalogs (armourpen.validation).

A key is named exactly as typed, whatever its spelling; what is allowed is said in our words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import armourpen
from armourpen.catalog import Catalog
from armourpen.errors import CatalogError, ScenarioError

PENAV: dict[str, Any] = {"attack": {"weapon": "7.62x51mm NATO", "range": "50 m"},
                         "line": [{"cover": {"name": "wall", "av": 3}},
                                  {"target": "T", "armour": [{"name": "plate", "av": 4}]}]}
GURPS: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
                         "line": [{"target": "T", "hp": 10},
                                  {"cover": {"name": "door", "dr": 2, "slab": True}}]}


@pytest.mark.parametrize("key", ["Weapon", "str", "a[b]", "CoverSpec", "[key]"])
@pytest.mark.parametrize(
    ("base", "where", "field"),
    [(PENAV, ("attack",), "attack"), (PENAV, ("line", 0, "cover"), "line[0].cover"),
     (PENAV, ("line", 1, "armour", 0), "line[1].armour[0]"), (PENAV, (), ""),
     (GURPS, ("attack",), "attack"), (GURPS, ("line", 0), "line[0]"),
     (GURPS, ("line", 1, "cover"), "line[1].cover")],
)
def test_ap2_unknown_key_named_as_typed(base: dict[str, Any], where: tuple[Any, ...], field: str,
                                        key: str) -> None:
    import copy

    data = copy.deepcopy(base)
    node: Any = data
    for part in where:
        node = node[part]
    node[key] = 1
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert info.value.field == (f"{field}.{key}" if field else key)
    assert info.value.value == key
    assert info.value.allowed.startswith("unknown key; the keys allowed here: ")


def test_ap2_the_keys_allowed_are_those_of_the_table_the_key_is_in() -> None:
    data = {**PENAV, "line": [{"cover": {"name": "wall", "av": 3, "Av": 4}}, {"target": "T"}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    # the cover's own keys, not the line entry's
    assert info.value.allowed.endswith("name, av, sav, covers, thickness_mm, slope, composite; "
                                       "did you mean `av`?")


@pytest.mark.parametrize(
    ("edit", "field", "allowed"),
    [
        ({"attack": {"weapon": "7.62x51mm NATO", "range": [1]}}, "attack.range",
         "allowed: a distance such as '150 m' (m, yd, ft, km) or a number of metres"),
        ({"attack": {"weapon": "7.62x51mm NATO", "range": "5 m", "contact": "yes"}},
         "attack.contact", "allowed: true or false"),
        ({"rules": "d20"}, "rules", "allowed: penav, gurps"),
        ({"optional_rules": "rifle_ball_as_sp"}, "optional_rules", 'allowed: a list, e.g.'),
    ],
)
def test_ap2_allowed_in_our_words(edit: dict[str, Any], field: str, allowed: str) -> None:
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario({**PENAV, **edit})
    assert info.value.field == field
    assert info.value.allowed.startswith(allowed)
    assert "Input should" not in str(info.value)


@pytest.mark.parametrize(
    ("item", "field", "allowed"),
    [
        ('[[armour]]\nname = "V"\nav = -1\n', "armour[0] ('V').av",
         "allowed: AV runs 0 to 1000 on the personal scale (PA-1)"),
        ('[[armour]]\nname = ""\nav = 1\n', "armour[0] ('').name", "allowed: at least 1 character"),
        ('[[armour]]\nname = "V"\nav = 1\nkind = "hat"\n', "armour[0] ('V').kind",
         "allowed: armour, vest, helmet, shield, plate, material, class"),
        ('[[vehicle]]\nname = "V"\n[vehicle.faces]\n', "vehicle[0] ('V').faces",
         "allowed: at least 1 entry"),
        ('[[armour]]\nname = "V"\nav = 1\n"a[b]" = 2\n', "armour[0] ('V').a[b]", "unknown key"),
        ('[[armour]]\nname = "V"\nav = 1\nstr = 2\n', "armour[0] ('V').str", "unknown key"),
    ],
)
def test_ap2_catalog_errors_in_the_same_words(tmp_path: Path, item: str, field: str,
                                              allowed: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(item, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    assert info.value.field == f"{path}: {field}"
    assert info.value.allowed.startswith(allowed)
    assert "Input should" not in str(info.value)


def test_ap2_infinity_written_as_text_is_no_number() -> None:
    data = {**PENAV, "line": [{"cover": {"name": "glacis", "thickness_mm": "INF", "slope": 60}},
                              {"target": "T"}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert (info.value.field, info.value.value) == ("line[0].cover.thickness_mm", "INF")
    assert info.value.allowed == "allowed: a number"


_DR_ALLOWED = ("allowed: DR where the shot enters: a whole number of 0 or more for every location, "
               "or a table of DR by hit location (torso, groin, vitals, skull, eye, face, neck, arm, "
               "leg, hand, foot; e.g. { torso = 8, vitals = 8, groin = 8 }, a location it does not "
               "list has DR 0), or a list of layers outermost first, alone or as a table's entry "
               "(GU-28: [{ dr = 20, hardened = 1 }, { dr = 20, flexible = true }])")


@pytest.mark.parametrize("dr", ["8", True, 1.5, [], None])
def test_ap2_gu4_a_dr_of_the_wrong_shape_says_what_dr_takes(dr: object) -> None:
    # text, a boolean, a fraction or an empty list where a number, a table of DR by location or
    # a list of layers (GU-28) belongs
    data = {**GURPS, "line": [{"target": "T", "hp": 10, "dr": dr}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert (info.value.field, info.value.value, info.value.allowed) == ("line[0].dr", dr, _DR_ALLOWED)


def test_ap2_gu28_a_list_of_numbers_for_dr_says_what_a_layer_takes() -> None:
    data = {**GURPS, "line": [{"target": "T", "hp": 10, "dr": [1, 2]}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert (info.value.field, info.value.value) == ("line[0].dr[0]", 1)
    assert info.value.allowed == ("allowed: a table / object with the keys dr, hardened, flexible, "
                                  "crushing, ablation")


@pytest.mark.parametrize(
    ("base", "edit", "field", "allowed"),
    [
        (GURPS, {"dr_back": [1]}, "line[0].dr_back",
         "allowed: DR where the shot leaves (GU-6), as dr: a whole number of 0 or more for every "
         "location, or a table of DR by hit location; the same as dr when left out"),
        (GURPS, {"injury_tolerance": 5}, "line[0].injury_tolerance",
         "allowed: the kind of Injury Tolerance: one of none, unliving, homogenous, diffuse, "
         'no_brain, no_vitals, no_blood, no_eyes, no_head, no_neck, or a list of several (e.g. '
         '["homogenous", "no_brain"])'),
        (GURPS, {"injury_tolerance": {"unliving": True}}, "line[0].injury_tolerance",
         "allowed: the kind of Injury Tolerance: one of none"),
        (PENAV, {"armour": [7]}, "line[0].armour[0]",
         "allowed: a string, or a table / object with the keys name, av, sav, rigid"),
        (PENAV, {"plate": 7}, "line[0].plate",
         "allowed: a table / object with the keys name, thickness_mm, sav, slope, composite"),
    ],
)
def test_ap2_a_value_of_the_wrong_shape_says_what_the_field_takes(
    base: dict[str, Any], edit: dict[str, Any], field: str, allowed: str,
) -> None:
    target = {"target": "T", "hp": 10} if base is GURPS else {"target": "T"}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario({**base, "line": [{**target, **edit}]})
    assert info.value.field == field
    assert info.value.allowed.startswith(allowed), info.value.allowed
    assert "table / object of keys" not in str(info.value)


@pytest.mark.parametrize(
    ("base", "edit", "field", "allowed"),
    [
        (GURPS, {"line": [{"cover": [2]}]}, "line[0].cover",
         "allowed: a table / object with the keys name, dr, dr_back, hp, slab, injury_tolerance, "
         "occupants, sm, material, inches, grade, dr_per_inch, hp_left, ht, building"),
        (GURPS, {"attack": "3d pi"}, "attack",
         "allowed: a table / object with the keys damage, roll, seed, ranged, location, skill, aim, "
         "attack_roll, half_damage_range, shots, rcl, rolls, fragments, environment, airburst; or "
         "gcs and weapon (an attack from a GCS character file's weapon)"),
        (PENAV, {"line": [{"cover": 5}]}, "line[0].cover",
         "allowed: a string, or a table / object with the keys name, av, sav, covers, "
         "thickness_mm, slope, composite"),
    ],
)
def test_ap2_a_table_of_known_keys_names_them(
    base: dict[str, Any], edit: dict[str, Any], field: str, allowed: str,
) -> None:
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario({**base, **edit})
    assert (info.value.field, info.value.allowed) == (field, allowed)


def _worn(armour: list[Any]) -> dict[str, Any]:
    return {"attack": {"weapon": "7.62x51mm NATO", "range": "150m"},
            "line": [{"target": "T", "armour": armour}]}


def test_ap2_many_bad_entries_are_each_walked_once_and_told_ten_then_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 900 entries of the wrong shape: each fails both branches of the armour union (a name, a
    # table), 1,800 errors at 900 places. The report tells the first ten places in order and
    # counts the other 890; every error's place is found once, never once per problem told.
    from armourpen import validation

    calls = 0
    walk = validation.walk

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return walk(*args)

    monkeypatch.setattr(validation, "walk", counted)
    with pytest.raises(ScenarioError) as caught:
        armourpen.load_scenario(_worn([5] * 900))
    err = caught.value
    assert [e.field for e in (err, *err.also)] == [f"line[0].armour[{i}]" for i in range(10)]
    assert err.also[-1].allowed.endswith("(and 890 more problems)")
    assert calls <= 1_800 + 10  # the errors, and a few more for the places told


def test_ap2_a_list_longer_than_max_list_entries_is_refused_before_it_is_validated() -> None:
    from armourpen.limits import LimitError, Limits

    with pytest.raises(LimitError) as caught:
        armourpen.load_scenario(_worn(["PASGT vest"] * 4), limits=Limits(max_list_entries=3))
    assert caught.value.field == "line[0].armour"
    assert "at most 3 entries (max_list_entries)" in caught.value.allowed
    assert "ARMOURPEN_MAX_LIST_ENTRIES" in caught.value.allowed
    # at the cap itself the list is read as before
    armourpen.load_scenario(_worn(["PASGT vest"] * 3), limits=Limits(max_list_entries=3))


@pytest.mark.parametrize(("key", "near"), [("skil", "skill"), ("Damage", "damage"), ("seeed", "seed")])
def test_ap2_unknown_key_suggests_the_closest_allowed_key(key: str, near: str) -> None:
    # a near miss of an attack key, as the flags' "did you mean": the closest key by spelling
    data = {**GURPS, "attack": {**GURPS["attack"], key: 1}}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert info.value.allowed.endswith(f"; did you mean `{near}`?")


def test_ap2_unknown_key_far_from_every_key_has_no_suggestion() -> None:
    data = {**GURPS, "attack": {**GURPS["attack"], "zzzzqx": 1}}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(data)
    assert "did you mean" not in info.value.allowed
