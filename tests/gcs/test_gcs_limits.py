"""GCS files are read in time and memory linear in the file, and what armourpen says of one is
bounded, whatever the file holds (AP-2): caps checked before the work (objects and arrays, hit
locations, names), replacements filled in once, warnings counted and cut; a file is held to the
rules of scenario files (a key given twice, numbers, attributes no character can have)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

import pytest
from gcs.gcs_helpers import DR_ALL, character, location, modifier, trait
from linear import assert_linear, baseline

import armourpen
from armourpen.errors import GcsError
from armourpen.gcs.reader import MAX_WARNING_CHARS, MAX_WARNINGS
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits


def _bytes(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode()


def _traits(entries: str) -> bytes:
    """A file whose traits are ``entries`` (JSON text, without the brackets)."""
    return json.dumps(character(traits=[])).replace('"traits": []', f'"traits": [{entries}]').encode()


def _padded(data: dict[str, Any], size: int) -> bytes:
    """The file, grown to ``size`` bytes by a portrait (as GCS keeps one, base64)."""
    data = dict(data, profile={"name": "Tester", "portrait": ""})
    room = size - len(_bytes(data))
    data["profile"]["portrait"] = "A" * room
    return _bytes(data)


# --- caps -----------------------------------------------------------------------------------


def test_ap2_a_file_of_more_objects_than_the_cap_is_refused_before_it_is_read() -> None:
    cap = DEFAULT_LIMITS.max_gcs_objects
    text = _traits(",".join(["{}"] * cap))
    with pytest.raises(LimitError) as info:
        armourpen.load_gcs(text)
    assert "max_gcs_objects" in info.value.allowed and "ARMOURPEN_MAX_GCS_OBJECTS" in str(info.value)
    # as a mapping (a scenario's JSON, from Python) too; a raised cap reads it
    with pytest.raises(LimitError):
        armourpen.load_gcs(character(traits=[{} for _ in range(cap)]))
    # (each object is a value too: the cap on values is raised with it)
    raised = Limits(max_gcs_objects=cap + 100, max_gcs_values=2 * cap)
    assert armourpen.load_gcs(text, limits=raised).hp == 12


def test_ap2_brackets_within_the_files_text_are_no_objects() -> None:
    note = "{[" * DEFAULT_LIMITS.max_gcs_objects
    assert armourpen.load_gcs(_bytes(character(traits=[trait("Box", local_notes=note)]))).hp == 12


def test_ap2_a_body_of_more_locations_than_the_cap_is_refused_naming_it() -> None:
    cap = DEFAULT_LIMITS.max_gcs_locations
    many = [location("torso", "3-18")] + [location(f"l{i}", "-") for i in range(cap)]
    with pytest.raises(LimitError) as info:
        armourpen.load_gcs(character(locations=many))
    assert info.value.field == "(GCS data): settings.body_type.locations"
    assert "max_gcs_locations" in info.value.allowed
    # the sub-tables' locations count with the body's
    sub = {"roll": "1d", "locations": [location(f"s{i}", "-") for i in range(cap)]}
    with pytest.raises(LimitError):
        armourpen.load_gcs(character(locations=[location("torso", "3-18", sub_table=sub)]))
    c = armourpen.load_gcs(character(locations=many), limits=Limits(max_gcs_locations=cap + 1))
    assert len(c.body.locations) == cap + 1


@pytest.mark.parametrize(("where", "field"), [
    (("profile", "name"), "profile.name"),
    (("settings", "body_type", "locations", 5, "id"), "settings.body_type.locations[5].id"),
    (("settings", "body_type", "locations", 5, "table_name"),
     "settings.body_type.locations[5].table_name"),
    (("settings", "body_type", "name"), "settings.body_type.name"),
    (("traits", 0, "name"), "traits[0].name"),
    (("traits", 0, "modifiers", 0, "name"), "traits[0].modifiers[0].name"),
])
def test_ap2_a_name_longer_than_max_text_chars_is_refused_naming_it(
    where: tuple[Any, ...], field: str
) -> None:
    data = character(traits=[trait("DR", modifier("Hardened"), features=[DR_ALL])])
    node: Any = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = "x" * (DEFAULT_LIMITS.max_text_chars + 1)
    with pytest.raises(LimitError) as info:
        armourpen.load_gcs(data)
    assert info.value.field == f"(GCS data): {field}" and "max_text_chars" in info.value.allowed


def test_ap2_long_notes_are_read_and_cut_where_they_are_shown() -> None:
    notes = "n" * 100_000
    c = armourpen.load_gcs(character(traits=[trait("Vulnerability", modifier("Wounding x2"),
                                                   modifier("Fire", local_notes=notes))]))
    assert c.vulnerabilities[0].multiplier == 2
    assert c.vulnerabilities[0].against.startswith("Fire (nnn")
    assert len(c.vulnerabilities[0].against) < 1_000
    assert all(len(w.text) <= MAX_WARNING_CHARS for w in c.warnings)


# --- replacements -----------------------------------------------------------------------------


def test_gu14_replacements_that_name_each_other_are_filled_in_once() -> None:
    # each value names the next key twice: filled in again and again, it would double at each step
    reps = {f"k{i}": f"@k{i + 1}@@k{i + 1}@" for i in range(60)}
    c = armourpen.load_gcs(character(traits=[
        trait("Vulnerability (@k0@)", modifier("Wounding x2"), replacements=reps)]))
    assert c.vulnerabilities[0].against == "@k1@@k1@"


def test_gu14_a_replacement_key_may_follow_text_between_at_signs() -> None:
    c = armourpen.load_gcs(character(traits=[
        trait("Vulnerability (a@b@Attack@)", modifier("Wounding x3"),
              replacements={"Attack": "Fire", "Fire": "never read again"})]))
    assert c.vulnerabilities[0].against == "a@bFire"


def test_ap2_a_name_too_long_once_its_replacements_are_filled_in_is_refused() -> None:
    reps = {"k": "x" * 100}
    with pytest.raises(LimitError) as info:
        armourpen.load_gcs(character(traits=[trait("@k@ @k@ @k@", replacements=reps)]))
    assert info.value.field == "(GCS data): traits[0].name (with its replacements)"


# --- warnings ---------------------------------------------------------------------------------


def test_gu10_a_roll_range_claimed_twice_gives_one_warning_per_pair_of_locations() -> None:
    locations = [location("torso", "3-18"), location("skull", "3-5"), location("face", "5-7")]
    texts = [w.text for w in armourpen.load_gcs(character(locations=locations)).warnings]
    assert texts == [
        "Humanoid: rolls 3-5 are listed for both Torso and Skull; the first listed, Torso, "
        "takes them",
        "Humanoid: rolls 5-7 are listed for both Torso and Face; the first listed, Torso, "
        "takes them",
    ]


def test_ap2_the_warnings_of_a_file_are_bounded_in_number_and_length() -> None:
    cap = DEFAULT_LIMITS.max_gcs_locations
    # every location claims every roll of 10d99 (the table's widest): one warning per location
    locations = [location(f"l{i}", "1-999", table_name=f"{i:03}" + "L" * 197) for i in range(cap)]
    c = armourpen.load_gcs(character(locations=locations, roll="10d99"))
    assert len(c.warnings) == MAX_WARNINGS + 1
    # each location reaches beyond the dice (10-990), and each but the first overlaps the first
    more = 2 * cap - 1 - MAX_WARNINGS
    assert c.warnings[-1].text == f"and {more:,} more warnings about this file, not shown"
    assert all(len(w.text) <= MAX_WARNING_CHARS for w in c.warnings)
    assert len(json.dumps(c.to_dict())) < 20 * len(_bytes(character(locations=locations)))


# --- the rules of scenario files --------------------------------------------------------------


def test_ap2_a_key_given_twice_is_refused_naming_it() -> None:
    text = _bytes(character()).replace(b'"version": 5', b'"version": 5, "version": 5')
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(text)
    assert info.value.field == "(uploaded file): version" and "given twice" in info.value.allowed


@pytest.mark.parametrize(("attr", "value", "allowed"), [
    ("hp", 1e300, "from 0 to 2**63 - 1"),
    ("hp", -1, "from 0 to 2**63 - 1"),
    ("st", -1, "from 0 to 2**63 - 1"),
    ("ht", -3.0, "from 0 to 2**63 - 1"),
    ("hp", 12.5, "a whole number"),
])
def test_ap2_attributes_no_character_can_have_are_refused(attr: str, value: Any, allowed: str) -> None:
    data = character()
    index = next(i for i, a in enumerate(data["attributes"]) if a["attr_id"] == attr)
    data["attributes"][index]["calc"]["value"] = value
    for source in (data, _bytes(data)):
        with pytest.raises(GcsError) as info:
            armourpen.load_gcs(source)
        assert info.value.field.endswith(f": attributes[{index}].calc.value")
        assert allowed in info.value.allowed and attr in info.value.allowed


@pytest.mark.parametrize("text", [b"1e400", b"NaN", b"-Infinity", b"1" * 30])
def test_ap2_a_number_out_of_bounds_anywhere_is_refused_naming_it(text: bytes) -> None:
    raw = _bytes(character()).replace(b'"total_points": 100', b'"total_points": ' + text)
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(raw)
    assert info.value.field == "(uploaded file): total_points"


# --- time -------------------------------------------------------------------------------------

SIZE = 1 << 20  # hostile files of 1 MB against a benign one: a character of many traits


@functools.cache
def _benign() -> float:
    dr = trait("Damage Resistance", modifier("Hardened"), features=[DR_ALL])
    many = character(traits=[dict(dr, local_notes=f"n{i}") for i in range(SIZE // 200)])
    return baseline(lambda: armourpen.load_gcs(_padded(many, SIZE)))


def _fill(unit: str, size: int = SIZE) -> str:
    return unit * (size // len(unit))


def _hostile(kind: str) -> bytes:
    if kind == "malformed traits":
        bad = {"name": "Damage Resistance", "features": 7, "modifiers": "x", "children": 1}
        return _bytes(character(traits=[bad] * (SIZE // 80)))
    if kind == "replacements naming each other":
        reps = {f"k{i}": f"@k{i + 1}@" * 20 for i in range(SIZE // 200)}
        return _bytes(character(traits=[trait("@k0@" * 40, replacements=reps)]))
    if kind == "overlapping rolls":
        cap = DEFAULT_LIMITS.max_gcs_locations
        locations = [location(f"l{i}", "1-999") for i in range(cap)]
        return _padded(character(locations=locations, roll="10d99"), SIZE)
    if kind == "empty objects":
        return _traits(_fill("{},")[:-1])
    assert kind == "escaped quotes and brackets"
    return _traits('"' + _fill('\\"['))


@pytest.mark.parametrize("kind", ["malformed traits", "replacements naming each other",
                                  "overlapping rolls", "empty objects",
                                  "escaped quotes and brackets"])
def test_ap2_the_gcs_reader_is_linear_on_hostile_files(kind: str) -> None:
    raw = _hostile(kind)
    assert len(raw) <= 2 * SIZE
    assert_linear(_benign(), lambda: armourpen.load_gcs(raw))


def test_ap2_a_file_of_the_size_cap_is_read_in_time_linear_in_it() -> None:
    cap = DEFAULT_LIMITS.max_gcs_bytes
    base = baseline(lambda: armourpen.load_gcs(_padded(character(), cap)))
    for text in (_traits(_fill("{},", cap - 2_000)[:-1]), _traits('"' + _fill('\\"[', cap - 2_000))):
        with pytest.raises((LimitError, GcsError)):  # too many objects; an open string
            armourpen.load_gcs(text)
        assert_linear(base, lambda: armourpen.load_gcs(text))  # noqa: B023 (run at once)


def test_ap2_a_gcs_files_json_in_a_scenario_is_held_to_its_caps_naming_the_place() -> None:
    data = character(traits=[trait("x" * (DEFAULT_LIMITS.max_text_chars + 1))])
    scenario: dict[str, Any] = {
        "rules": "gurps", "attack": {"damage": "3d pi", "roll": 10, "location": "torso"},
        "line": [{"target": "Ogre", "gcs": data}]}
    with pytest.raises(LimitError) as info:
        armourpen.load_scenario(scenario)
    assert info.value.field == "line[0].gcs.traits[0].name"
    data = character()
    data["attributes"][0]["calc"]["value"] = -1  # st
    scenario["line"][0]["gcs"] = data
    with pytest.raises(GcsError) as err:
        armourpen.load_scenario(scenario)
    assert err.value.field == "line[0].gcs.attributes[0].calc.value"


def test_gu23_a_weapons_range_is_read_in_time_linear_in_it() -> None:
    # three runs of digits that the range's three numbers could each take a part of, then a
    # character no range ends with: a pattern that reads a number two ways tried every split
    # (3 s a weapon at 183 characters). Ten times the text may cost about ten times as much.
    from armourpen.gcs.weapons import _RANGE, _range

    def hostile(runs: int) -> str:
        return "1" * runs + "/" + "1" * runs + "-" + "1" * runs + "x"

    def match(text: str) -> Callable[[], object]:
        return lambda: [_RANGE.match(text) for _ in range(10)]

    assert _RANGE.match(hostile(500)[:-1]) is not None and _RANGE.match(hostile(500)) is None
    assert_linear(baseline(match(hostile(500))), match(hostile(5_000)), ratio=30)
    assert _range(hostile(60)) == (None, None)


def test_ap2_a_file_of_more_values_than_the_cap_is_refused_before_the_lenient_read() -> None:
    # numbers where traits should be: each cost about 60 us and 3 KB to leave out, and 5 million
    # fit in 16 MB; now every value is counted first (objects alone stay under max_gcs_objects)
    cap = DEFAULT_LIMITS.max_gcs_values
    text = _traits(",".join(["1"] * cap))
    with pytest.raises(LimitError) as info:
        armourpen.load_gcs(text)
    assert "max_gcs_values" in info.value.allowed and "ARMOURPEN_MAX_GCS_VALUES" in str(info.value)
    small = Limits(max_gcs_values=1_000)
    assert armourpen.load_gcs(_traits(",".join(["1"] * 500)), limits=small).hp == 12
    with pytest.raises(LimitError):
        armourpen.load_gcs(_traits(",".join(["1"] * 1_000)), limits=small)


def test_ap2_values_left_out_of_one_trait_are_linear_in_their_number() -> None:
    # a trait whose features are all numbers: each value left out looked at every feature of its
    # trait again (quadratic: 1 ms a value at 10,000). Ten times the values: about ten times the
    # CPU time, allowed thirty
    def hostile(n: int) -> bytes:
        return _bytes(character(traits=[{"name": "x", "features": [1] * n}]))

    small, large = hostile(1_000), hostile(10_000)
    assert_linear(baseline(lambda: armourpen.load_gcs(small)),
                  lambda: armourpen.load_gcs(large), ratio=30)
