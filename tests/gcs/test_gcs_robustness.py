"""Every GCS file loads unless what a shot needs is broken (AP-2), by construction.

What a shot needs (``version``, the hp/st/ht attributes, the body type) refuses a file with one
error naming the file and the field; anything else of another shape (a trait, modifier, feature,
equipment entry, unknown keys anywhere) loads: left out, with a warning naming the entry and the
field where it could change the shot (GU-14), silently where armourpen never reads it.
"""

from __future__ import annotations

import copy
import functools
import json
import math
from collections.abc import Iterator
from pathlib import Path as FilePath
from typing import Any

import pytest
from gcs.gcs_helpers import DR_ALL, character, location, modifier, sample, trait
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.errors import GcsError
from armourpen.gcs import GcsCharacter
from armourpen.limits import LimitError

SAMPLES = ["Boneyard.gcs", "Giant Rat.gcs", "Harpy.gcs", "Illithocyte.gcs", "Kabal.gcs",
           "The Overlord of Jupiter.gcs"]
ESSENTIAL_TOP = {"version", "settings", "attributes"}

# Any JSON value that a scenario file may hold anywhere, nesting bounded (what the file rules
# refuse wherever it stands, a number not finite or past 2**63, a control character, is
# tests/gcs/test_gcs_errors.py's).
PLAIN_TEXT = st.text(st.characters(categories=["L", "M", "N", "P", "S"]) | st.just(" "),
                     max_size=8)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | PLAIN_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(PLAIN_TEXT, inner, max_size=3),
    max_leaves=8,
)
Path = tuple[str | int, ...]


@functools.cache
def _sample_json(name: str) -> str:
    return sample(name).read_text(encoding="utf-8")


def sample_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_sample_json(name))
    return data


def figures(c: GcsCharacter) -> tuple[int, int, int, dict[str, Any]]:
    """What a shot needs from a file: HP, ST, HT and the body type."""
    return c.hp, c.st, c.ht, c.body.to_dict()


def walk(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value of a JSON document with its path."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, (*path, i))


def put(data: Any, path: Path, value: Any, *, insert: bool = False) -> None:
    """Write ``value`` at ``path``; with ``insert``, into a list as a new entry before the one
    there (a dict's key is written over either way)."""
    for part in path[:-1]:
        data = data[part]
    if insert and isinstance(data, list):
        data.insert(int(path[-1]), value)
    else:
        data[path[-1]] = value


def non_essential(data: dict[str, Any]) -> list[Path]:
    """The paths of the values a shot does not need: everything outside version, attributes
    and the body type, and in settings every key but body_type."""
    out = [p for p, _ in walk(data) if p and p[0] not in ESSENTIAL_TOP]
    out += [p for p, _ in walk(data.get("settings", {}), ("settings",))
            if len(p) > 1 and p[1] != "body_type"]
    return out


@settings(max_examples=60)
@given(st.sampled_from(SAMPLES), st.data())
def test_gu14_any_value_in_what_a_shot_does_not_need_loads_with_the_figures_unchanged(
    name: str, data: st.DataObject
) -> None:
    original = armourpen.load_gcs(sample_data(name), name=name)
    doc = sample_data(name)
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        path = data.draw(st.sampled_from(non_essential(doc)), label="path")
        value = data.draw(JSON, label="value")
        put(doc, path, value, insert=data.draw(st.booleans(), label="insert"))
    c = armourpen.load_gcs(doc, name=name)  # never raises
    assert figures(c) == figures(original)
    assert all(w.text.isprintable() for w in c.warnings)
    # the same file as its bytes
    assert armourpen.load_gcs(json.dumps(doc).encode(), name=name) == c


@settings(max_examples=40)
@given(st.sampled_from(SAMPLES), st.data())
def test_unknown_keys_anywhere_load_with_the_figures_unchanged(
    name: str, data: st.DataObject
) -> None:
    original = armourpen.load_gcs(sample_data(name), name=name)
    doc = sample_data(name)
    # every object of the file but a location's DR map, whose keys are the file's damage kinds
    objects = [p for p, v in walk(doc) if isinstance(v, dict) and p[-1:] != ("dr",)]
    for _ in range(data.draw(st.integers(1, 4), label="keys")):
        path = data.draw(st.sampled_from(objects), label="object")
        key = "x-" + data.draw(PLAIN_TEXT, label="key")
        target: Any = doc
        for part in path:
            target = target[part]
        target[key] = data.draw(JSON, label="value")
    assert figures(armourpen.load_gcs(doc, name=name)) == figures(original)


def _hp_index(doc: dict[str, Any], attr: str) -> int:
    return next(i for i, a in enumerate(doc["attributes"]) if a["attr_id"] == attr)


def _essential(doc: dict[str, Any]) -> list[tuple[str, Path]]:
    """(kind, path) of each essential field of a sample file."""
    out: list[tuple[str, Path]] = [("version", ("version",)), ("list", ("attributes",)),
                                   ("object", ("settings",)),
                                   ("object", ("settings", "body_type")),
                                   ("text", ("settings", "body_type", "roll")),
                                   ("text", ("settings", "body_type", "name")),
                                   ("locations", ("settings", "body_type", "locations"))]
    for attr in ("hp", "st", "ht"):
        i = _hp_index(doc, attr)
        out += [("number", ("attributes", i, "calc", "value")),
                ("object", ("attributes", i, "calc"))]
    for i, _ in enumerate(doc["settings"]["body_type"]["locations"]):
        here: Path = ("settings", "body_type", "locations", i)
        out += [("text", (*here, "id")), ("object", (*here, "calc")),
                ("range", (*here, "calc", "roll_range")), ("dr", (*here, "calc", "dr"))]
    return out


def _breaks(kind: str, value: Any) -> bool:
    """Whether ``value`` is wrong for an essential field of that kind."""
    if kind == "version":
        return not (type(value) is int and value == 5)
    if kind == "text":
        return not isinstance(value, str)
    if kind == "number":
        return not (isinstance(value, int | float) and not isinstance(value, bool)
                    and math.isfinite(value) and value == int(value))
    if kind == "range":
        return not isinstance(value, str) or (value.strip() != "-" and not all(
            part.strip().isascii() and part.strip().isdigit() for part in value.split("-", 1)))
    if kind == "dr":
        return not isinstance(value, dict) or any(
            type(v) is not int for v in value.values())
    if kind == "locations":
        return not isinstance(value, list) or not value or not all(
            isinstance(v, dict) for v in value)
    if kind == "list":
        return not isinstance(value, list)
    return not isinstance(value, dict)


def _field_text(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


@settings(max_examples=80)
@given(st.sampled_from(SAMPLES), st.data())
def test_ap2_breaking_what_a_shot_needs_is_one_error_naming_the_file_and_the_field(
    name: str, data: st.DataObject
) -> None:
    doc = sample_data(name)
    kind, path = data.draw(st.sampled_from(_essential(doc)), label="field")
    value = data.draw(JSON | st.sampled_from(["4-3", "x", "3d", "", "3.5"]), label="value")
    assume(_breaks(kind, value))
    put(doc, path, value)
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(doc, name=name)
    e = info.value
    # the field named is the one broken, or a part of it (a DR map's bad entry, a missing key)
    assert e.field.startswith(f"{name}: {_field_text(path)}"), (e.field, path)
    assert "\n" not in str(e)


@pytest.mark.parametrize("name", SAMPLES)
def test_ap2_an_essential_field_left_out_is_one_error_naming_it(name: str) -> None:
    for _, path in _essential(sample_data(name)):
        if path[-1] in {"name", "dr"}:
            continue  # GCS leaves an empty name or DR map out: both may be missing
        doc = sample_data(name)
        target: Any = doc
        for part in path[:-1]:
            target = target[part]
        del target[path[-1]]
        with pytest.raises(GcsError) as info:
            armourpen.load_gcs(doc, name=name)
            pytest.fail(f"{_field_text(path)} left out was read")
        assert info.value.field.startswith(f"{name}: {_field_text(path)}") or \
            info.value.field == f"{name}: {_field_text(path[:-2])}", (info.value.field, path)


# ---- what the warnings say, entry by entry ----

def load(*traits: Any, **extra: Any) -> GcsCharacter:
    return armourpen.load_gcs(character(traits=list(traits), **extra), name="Ogre.gcs")


def texts(c: GcsCharacter) -> list[str]:
    return [w.text for w in c.warnings]


def test_gu14_a_trait_armourpen_reads_with_a_bad_value_loads_with_a_warning_naming_it() -> None:
    c = load(trait("Injury Tolerance", modifier("Unliving"), modifier("No Brain", levels="x")))
    assert c.injury_tolerance == ("unliving", "no_brain")
    assert texts(c) == ['traits[0] (Injury Tolerance): modifiers[1].levels "x" is not of the '
                        "shape GCS writes there; the trait is read without it"]
    assert c.warnings[0].rule == "GU-14"


def test_a_trait_armourpen_never_reads_with_bad_values_loads_silently() -> None:
    c = load(trait("Acute Vision", modifier("Telescopic", levels=[1]), modifiers=None,
                   replacements={"a": 3}, disabled="no", features={"type": 1}))
    assert c.warnings == ()


def test_gu14_one_bad_trait_does_not_drop_its_siblings() -> None:
    c = load(trait("Perfect Balance"), 42, {"name": None, "modifiers": [modifier("Diffuse")]},
             trait("High Pain Threshold"))
    assert c.perfect_balance is True
    assert c.pain_threshold.value == "high"
    assert texts(c) == [
        "traits[1]: 42 is not a trait (an object); left out",
        "traits[2] (unnamed): name null is not of the shape GCS writes there; the trait is read "
        "without it",
    ]


@pytest.mark.parametrize("levels", [-1, 2.5, 1001, 1e300, "2", True, [2]])
def test_gu14_hardened_levels_that_are_no_whole_number_read_as_one_with_a_warning(
    levels: Any,
) -> None:
    c = load(trait("Damage Resistance", modifier("Hardened", levels=levels), features=[DR_ALL]))
    assert c.hardened == 1  # as a Hardened modifier without levels
    assert len(c.warnings) == 1
    assert c.warnings[0].text.startswith("traits[0] (Damage Resistance): modifiers[0].levels ")


def test_gu14_hardened_levels_written_as_a_whole_float_count() -> None:
    assert load(trait("DR", modifier("Hardened", levels=2.0), features=[DR_ALL])).hardened == 2


def test_gu14_a_replacement_that_is_not_text_is_left_out_and_the_others_kept() -> None:
    c = load(trait("Vulnerability (@Attack@, @N@)", modifier("Wounding x2"),
                   replacements={"Attack": "Fire", "N": 3}))
    assert c.vulnerabilities[0].against == "Fire, @N@"
    assert "replacements.N 3 is not of the shape" in texts(c)[1]


def test_gu14_children_that_are_not_a_list_are_warned_about() -> None:
    c = load({"name": "Racial Template", "children": {"name": "Injury Tolerance (Homogenous)"}})
    assert c.injury_tolerance == ()
    assert texts(c) == ['traits[0] (Racial Template): children {"name": "Injury Tolerance '
                        '(Homogenou... is not of the shape GCS writes there; the traits it holds '
                        "are not read"]


def test_gu14_traits_that_are_not_a_list_are_warned_about() -> None:
    data = character()
    data["traits"] = {"name": "Perfect Balance"}
    c = armourpen.load_gcs(data)
    assert c.perfect_balance is False
    assert texts(c) == ['traits: {"name": "Perfect Balance"} is not a list of traits; no trait '
                        "is read"]


def test_gu14_a_bad_value_in_a_disabled_trait_or_container_is_silent() -> None:
    c = load(trait("Injury Tolerance", modifier("Unliving", levels="x"), disabled=True),
             trait("Template", disabled=True, children=[
                 trait("Perfect Balance", modifiers=5)]))
    assert (c.injury_tolerance, c.perfect_balance, c.warnings) == ((), False, ())


def test_gu14_a_bad_value_in_a_disabled_modifier_is_silent() -> None:
    c = load(trait("Damage Resistance", modifier("Hardened", levels="two", disabled=True),
                   modifier("Kinds", children=[modifier("Tough Skin", levels=[], disabled=True)]),
                   features=[DR_ALL]))
    assert (c.hardened, c.warnings) == (0, ())
    hardened = {**modifier("Hardened", levels="two"), "disabled": "yes"}
    c = load(trait("Damage Resistance", hardened, features=[DR_ALL]))
    assert c.hardened == 1  # "yes" is not false: the modifier is read, without its levels
    assert [t.split(": ")[1].split(" ")[0] for t in texts(c)] == [
        "modifiers[0].disabled", "modifiers[0].levels"]


def test_gu14_a_nested_trait_is_named_by_its_path() -> None:
    c = load(trait("Template", children=[trait("Advantages", children=[
        trait("Damage Resistance", modifier("Hardened", levels=-2), features=[DR_ALL])])]))
    assert texts(c)[0].startswith(
        "traits[0].children[0].children[0] (Damage Resistance): modifiers[0].levels -2 ")


def test_gu14_a_feature_of_another_shape_on_a_dr_trait_is_warned_about() -> None:
    c = load(trait("Damage Resistance", features=[DR_ALL, "dr_bonus", {"type": 7}]))
    assert [t.split(":")[1].split(" is")[0] for t in texts(c)] == [
        ' features[1] "dr_bonus"', " features[2].type 7"]


def test_ap2_traits_nested_past_the_depth_cap_refuse_the_file_naming_the_place() -> None:
    deep: dict[str, Any] = trait("Injury Tolerance (Unliving)")
    for _ in range(400):
        deep = trait("Box", children=[deep])
    with pytest.raises(LimitError) as info:
        load(trait("Perfect Balance"), deep)
    assert info.value.field == "Ogre.gcs: traits[1]" + ".children[0]" * 15
    assert "max_depth" in info.value.allowed


def test_gu14_worn_equipment_of_another_shape_beside_hardened_dr_is_warned_about() -> None:
    hardened = trait("DR", modifier("Hardened"), features=[DR_ALL])
    armour = {"description": "Mail", "equipped": "yes", "features": [DR_ALL]}
    c = load(hardened, equipment=[armour])
    assert c.hardened == 1
    assert texts(c) == ['equipment[0] (Mail): equipped "yes" is not of the shape GCS writes '
                        "there; armourpen cannot tell whether it adds DR beside Hardened DR"]
    assert load(equipment=[armour]).warnings == ()  # no Hardened: worn armour does not matter
    assert load(hardened, equipment=7).warnings[0].text.startswith("equipment: 7 is not a list")


def test_a_profile_of_another_shape_gives_the_file_name() -> None:
    data = character()
    data["profile"] = ["Ogre"]
    c = armourpen.load_gcs(data, name="Cave Ogre.gcs")
    assert (c.name, c.warnings) == ("Cave Ogre", ())


def test_attributes_other_than_hp_st_ht_of_any_shape_are_ignored() -> None:
    data = character(hp=15)
    data["attributes"][1:1] = [7, None, {"attr_id": 3}, {"attr_id": "dx", "calc": "x"}, []]
    assert armourpen.load_gcs(data).hp == 15


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_ap2_an_attribute_that_is_no_finite_number_is_one_error(value: float) -> None:
    data = character()
    data["attributes"][4]["calc"]["value"] = value  # hp
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(data, name="Ogre.gcs")
    assert info.value.field == "Ogre.gcs: attributes[4].calc.value"


def test_gu4_a_location_natural_dr_of_another_shape_loads_with_a_warning() -> None:
    locations = [location("skull", "3-10", 2, dr_bonus="2"), location("torso", "11-18")]
    c = armourpen.load_gcs(character(locations=locations))
    assert c.body.locations[0].natural_dr == 0
    assert c.body.locations[0].dr_all == 2  # calc.dr, which holds it, as written
    assert texts(c) == ["Humanoid, Skull: settings.body_type.locations[0].dr_bonus '2' is not a "
                        "whole number of DR; read as no natural DR (the file's calc.dr, which "
                        "holds it, is used as written)"]


def test_gu10_a_location_table_name_of_another_shape_gives_its_id() -> None:
    locations = [location("torso", "3-18", table_name=None)]
    locations[0]["table_name"] = {"en": "Torso"}
    c = armourpen.load_gcs(character(locations=locations))
    assert (c.body.locations[0].table_name, c.warnings) == ("torso", ())


def test_gu10_a_sub_table_armourpen_cannot_read_is_left_out_with_a_warning() -> None:
    bad = {"roll": "1d", "locations": [{"id": "finger", "calc": {"roll_range": "6-1"}}]}
    locations = [location("torso", "3-17"), location("hand", "18", sub_table=bad)]
    c = armourpen.load_gcs(character(locations=locations), name="Ogre.gcs")
    assert c.body.locations[1].sub_table is None
    assert texts(c) == ["Humanoid, Hand sub-table: settings.body_type.locations[1].sub_table is "
                        "not a body type armourpen reads (allowed: a roll range from low to high, "
                        "e.g. \"3-4\"); left out, so its locations cannot be aimed at"]
    locations[1]["sub_table"] = ["finger"]
    assert "is not a body type" in armourpen.load_gcs(character(locations=locations)) \
        .warnings[0].text


def test_gu10_sub_tables_nested_deeper_than_gcs_makes_are_left_out() -> None:
    sub: dict[str, Any] = {"roll": "1d", "locations": [location("finger", "1-6")]}
    for _ in range(5):  # 6 sub-tables, within the file's depth cap
        sub = {"roll": "1d", "locations": [location("part", "1-6", sub_table=sub)]}
    c = armourpen.load_gcs(character(locations=[location("torso", "3-18", sub_table=sub)]))
    depth, body = 0, c.body
    while body.locations[0].sub_table is not None:
        depth, body = depth + 1, body.locations[0].sub_table
    assert depth == 4
    assert "at most 4 sub-tables" in texts(c)[0]


def test_a_sample_file_whose_every_trait_is_replaced_by_another_shape_loads() -> None:
    doc = sample_data("Boneyard.gcs")
    original = armourpen.load_gcs(copy.deepcopy(doc))
    doc["traits"] = [None if i % 2 else [t] for i, t in enumerate(doc["traits"])]
    doc["equipment"] = "none"
    c = armourpen.load_gcs(doc)
    assert figures(c) == figures(original)
    assert c.injury_tolerance == ()


# ---- kinds found in the public GCS library (small fixtures of their structure) ----

def test_gu4_injury_reduction_as_dungeon_fantasy_writes_damage_reduction_is_warned_about() -> None:
    # the Dungeon Fantasy Monsters Jelly: "Injury Reduction", levels 4, a trait of its own
    c = load(trait("Injury Reduction", levels=4, can_level=True), trait("Homogenous"))
    assert c.injury_tolerance == ("homogenous",)
    assert texts(c) == ["Injury Reduction: divides the injury of every hit (Powers p. 52); "
                        "not modelled"]


@pytest.mark.parametrize("name", ["Cutting Striker (Tail)", "Crushing Striker (Tail)",
                                  "Striker (Crushing; Tail)", "Extra Arms (Tail)"])
def test_gu14_a_striker_or_extra_arms_of_any_kind_on_the_tail_makes_it_a_limb(name: str) -> None:
    # Dungeon Fantasy writes "Cutting Striker (Mandibles)"; the Basic Set "Extra Arms"
    assert load(trait(name)).tail_is_limb is True
    assert load(trait(name.replace("Tail", "Mandibles"))).tail_is_limb is False


def test_gu3_dr_below_0_in_the_file_is_read_as_0_with_a_warning(tmp_path: FilePath) -> None:
    # GCS adds DR bonuses as they are, negative ones too; DR is never below 0 (GU-3)
    locations = [location("torso", "3-18", {"all": -2, "crushing": 5}),
                 location("skull", "-", {"all": 4, "crushing": -6})]
    c = armourpen.load_gcs(character(locations=locations))
    assert texts(c) == [
        "Torso: DR -2 against all in the file is below 0 (a negative DR bonus); armourpen "
        "reads it as 0",
        "Skull: DR -2 against crushing in the file is below 0 (a negative DR bonus); armourpen "
        "reads it as 0",
    ]
    (tmp_path / "Ogre.gcs").write_text(json.dumps(character(locations=locations)))
    for where, damage, dr in (("torso", "2d pi", 0), ("torso", "2d cr", 3), ("skull", "2d cr", 0),
                              ("skull", "2d pi", 4)):
        scenario = armourpen.load_scenario({
            "rules": "gurps", "attack": {"damage": damage, "roll": 7, "location": where},
            "line": [{"target": "Ogre", "gcs": "Ogre.gcs"}]}, base=tmp_path)
        target = armourpen.resolve(scenario).to_dict()["targets"][0]
        assert (target["own_dr"], target["penetrating"]) == (dr, 7 - dr), (where, damage)
