"""One reading of a PEN/AV scenario for files and quick parameters: a file validated into the input
model and the same model filled without validation (as :func:`armourpen.quick_scenario` fills it)
build the same frozen scenario with the same errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

import armourpen
from armourpen.catalog import Catalog
from armourpen.penav import scenario as schema
from armourpen.penav import spec
from armourpen.penav.model import Armour, Cover, Target
from armourpen.values import Direction


def _unvalidated(value: Any) -> Any:
    """The same input model filled as the quick parameters fill it (``model_construct``, nothing
    validated again), derived field by field from a validated one."""
    if isinstance(value, list):
        return [_unvalidated(v) for v in value]
    if isinstance(value, BaseModel):
        return type(value).model_construct(**{k: _unvalidated(v) for k, v in value.__dict__.items()})
    return value


def test_a_line_entry_is_a_cover_entry_or_a_target_entry_never_both() -> None:
    # the input model keeps a cover's keys and a target's apart: build reads each by its kind
    cover, target = schema.CoverEntry, schema.TargetEntry
    assert set(cover.model_fields) == {"cover", "covers"}
    assert set(target.model_fields) == {"target", "armour", "body", "vehicle", "face", "plate"}
    for entry, key in (({"cover": "Steel door", "armour": ["NIJ Type III"]}, "armour"),
                       ({"target": "A", "covers": ["front"]}, "covers"),
                       ({"cover": "Steel door", "plate": {"sav": 2}}, "plate")):
        with pytest.raises(armourpen.InputError) as info:
            armourpen.load_scenario({"attack": {"weapon": "Sword", "contact": True},
                                     "line": [entry, {"target": "B"}]})
        assert info.value.field == f"line[0].{key}"


def test_a_checked_file_builds_what_the_same_model_unvalidated_builds(catalog: Catalog) -> None:
    data = {
        "optional_rules": ["rifle_ball_as_sp"],
        "attack": {"weapon": "8.8 cm KwK 36 L/56 APCBC", "range": "1000m", "from": "left",
                   "elevation": 5.5, "azimuth": -20, "ammo": "ap"},
        "line": [
            {"cover": "Sandbag wall, single layer", "covers": ["front", "left"]},
            {"cover": {"name": "Door", "av": 2, "covers": ["left"]}},
            {"cover": {"name": "Plate", "thickness_mm": 10, "slope": 30, "composite": True}},
            {"target": "A", "armour": ["NIJ Type III", {"name": "Coat", "av": 1, "rigid": True}],
             "body": "none"},
            {"target": "B", "plate": {"thickness_mm": 20.5, "slope": 45}},
            {"target": "C", "vehicle": "T-34 (1941)", "face": "turret_front"},
        ],
    }
    line: list[schema.CoverEntry | schema.TargetEntry] = [
        schema.CoverEntry.model_construct(cover="Sandbag wall, single layer",
                                          covers=["front", "left"]),
        schema.CoverEntry.model_construct(
            cover=schema.CoverSpec.model_construct(name="Door", av=2, covers=["left"])),
        schema.CoverEntry.model_construct(cover=schema.CoverSpec.model_construct(
            name="Plate", thickness_mm=10, slope=30, composite=True)),
        schema.TargetEntry.model_construct(
            target="A", body="none",
            armour=["NIJ Type III", schema.ArmourSpec.model_construct(name="Coat", av=1,
                                                                      rigid=True)]),
        schema.TargetEntry.model_construct(
            target="B", plate=schema.PlateSpec.model_construct(thickness_mm=20.5, slope=45)),
        schema.TargetEntry.model_construct(target="C", vehicle="T-34 (1941)",
                                           face="turret_front"),
    ]
    unvalidated = schema.ScenarioSpec.model_construct(
        attack=schema.AttackSpec.model_construct(weapon="8.8 cm KwK 36 L/56 APCBC",
                                                 range="1000m", from_="left", elevation=5.5,
                                                 azimuth=-20, ammo="ap"),
        line=line, optional_rules=["rifle_ball_as_sp"])
    built = spec.build(unvalidated, catalog)
    assert armourpen.load_scenario(data, catalog) == built
    sandbags, a = built.line[0], built.line[3]
    assert isinstance(sandbags, Cover) and sandbags.covers == {Direction.FRONT, Direction.LEFT}
    assert isinstance(a, Target) and a.armour[1] == Armour("Coat", 1, True, False)
    assert a.armour[0] == Armour("NIJ Type III", 6, False, False)


QUICK_AND_FILE: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (dict(weapon="7.62x51mm NATO", range="150m", armour=["NIJ Type III"]),
     {"attack": {"weapon": "7.62x51mm NATO", "range": "150m"},
      "line": [{"target": "target", "armour": ["NIJ Type III"]}]}),
    (dict(weapon="9mm Parabellum pistol", range="10m", cover=["Sandbag wall, single layer"],
          from_="above", target="Gray"),
     {"attack": {"weapon": "9mm Parabellum pistol", "range": "10m", "from": "above"},
      "line": [{"cover": "Sandbag wall, single layer"}, {"target": "Gray"}]}),
    (dict(weapon="Sword", contact=True, armour=["Chain mail"]),
     {"attack": {"weapon": "Sword", "contact": True},
      "line": [{"target": "target", "armour": ["Chain mail"]}]}),
    (dict(weapon="8.8 cm KwK 36 L/56 APCBC", range="1000m", vehicle="T-34 (1941)", from_="left",
          elevation=10, azimuth=-20.5, optional_rules=["rifle_ball_as_sp"], ammo="ap"),
     {"attack": {"weapon": "8.8 cm KwK 36 L/56 APCBC", "range": "1000m", "from": "left",
                 "elevation": 10, "azimuth": -20.5, "ammo": "ap"},
      "optional_rules": ["rifle_ball_as_sp"],
      "line": [{"target": "target", "vehicle": "T-34 (1941)"}]}),
]


@pytest.mark.parametrize(("quick", "data"), QUICK_AND_FILE)
def test_quick_parameters_build_what_the_same_scenario_file_builds(
    catalog: Catalog, quick: dict[str, Any], data: dict[str, Any]
) -> None:
    assert armourpen.quick_scenario(**quick, catalog=catalog) == armourpen.load_scenario(data,
                                                                                        catalog)


def test_pa2_quick_example_worked_by_hand(catalog: Catalog) -> None:
    # 7.62x51mm NATO (PEN 7, rifle column) at 150 m: Very Long, -1 PEN (PA-4) -> PEN 6 against
    # NIJ Type III AV 6: PEN = AV, penetrates with -4 to the wound roll (PA-2).
    sc = armourpen.quick_scenario(weapon="7.62x51mm NATO", range="150m", armour=["NIJ Type III"],
                                  catalog=catalog)
    target = armourpen.resolve(sc).targets[0]
    assert (target.av, target.result.value, target.wound_modifier) == (6, "penetrated_reduced", -4)


@pytest.mark.parametrize(
    ("quick", "data", "parameter", "key"),
    [
        (dict(armour=["PASGT vest", "NIJ Type 3"]),
         {"line": [{"target": "target", "armour": ["PASGT vest", "NIJ Type 3"]}]},
         "armour[1]", "line[0].armour[1]"),
        (dict(from_="up"), {"attack": {"from": "up"}}, "from_", "attack.from"),
        (dict(elevation=95), {"attack": {"elevation": 95}}, "elevation", "attack.elevation"),
        (dict(optional_rules=["x"]), {"optional_rules": ["x"]}, "optional_rules[0]",
         "optional_rules[0]"),
        (dict(cover=["Brick wall"]), {"line": [{"cover": "Brick wall"}, {"target": "target"}]},
         "cover[0]", "line[0].cover"),
        (dict(target=" "), {"line": [{"target": " "}]}, "target", "line[0].target"),
        (dict(target="a\nb"), {"line": [{"target": "a\nb"}]}, "target", "line[0].target"),
        (dict(ammo=""), {"attack": {"ammo": ""}}, "ammo", "attack.ammo"),
        (dict(weapon="x" * 201), {"attack": {"weapon": "x" * 201}}, "weapon", "attack.weapon"),
        (dict(optional_rules=["rifle_ball_as_sp", "rifle_ball_as_sp"]),
         {"optional_rules": ["rifle_ball_as_sp", "rifle_ball_as_sp"]}, "optional_rules[1]",
         "optional_rules[1]"),
    ],
)
def test_ap2_quick_and_file_errors_agree_but_name_what_each_caller_typed(
    catalog: Catalog, quick: dict[str, Any], data: dict[str, Any], parameter: str, key: str
) -> None:
    base_quick: dict[str, Any] = dict(weapon="7.62x51mm NATO", range="50m")
    base_file: dict[str, Any] = {"attack": {"weapon": "7.62x51mm NATO", "range": "50m"},
                                 "line": [{"target": "target"}]}
    with pytest.raises(armourpen.InputError) as by_quick:
        armourpen.quick_scenario(**{**base_quick, **quick}, catalog=catalog)
    file_data = {**base_file, **data, "attack": {**base_file["attack"], **data.get("attack", {})}}
    with pytest.raises(armourpen.InputError) as by_file:
        armourpen.load_scenario(file_data, catalog)
    assert (by_quick.value.field, by_file.value.field) == (parameter, key)
    assert by_quick.value.value == by_file.value.value
    assert by_quick.value.allowed == by_file.value.allowed


@pytest.mark.parametrize(
    ("quick", "data", "parameter", "key"),
    [
        (dict(range=True), {"attack": {"range": True}}, "range", "attack.range"),
        (dict(elevation=True), {"attack": {"elevation": True}}, "elevation", "attack.elevation"),
        (dict(weapon=7), {"attack": {"weapon": 7}}, "weapon", "attack.weapon"),
    ],
)
def test_ap2_a_quick_parameter_of_the_wrong_type_is_a_type_error_saying_what_a_file_is_told(
    catalog: Catalog, quick: dict[str, Any], data: dict[str, Any], parameter: str, key: str
) -> None:
    # the same value in a scenario file is the user's input (an InputError); as a Python argument
    # it is the program's error (an ArgumentTypeError), told what is allowed in the same words
    with pytest.raises(armourpen.ArgumentTypeError) as by_quick:
        armourpen.quick_scenario(**{"weapon": "7.62x51mm NATO", "range": "50m", **quick},
                                 catalog=catalog)
    file_data = {"attack": {"weapon": "7.62x51mm NATO", "range": "50m", **data["attack"]},
                 "line": [{"target": "target"}]}
    with pytest.raises(armourpen.InputError) as by_file:
        armourpen.load_scenario(file_data, catalog)
    assert (by_quick.value.field, by_file.value.field) == (parameter, key)
    assert by_quick.value.value == by_file.value.value
    assert by_quick.value.allowed.removeprefix("allowed: ") in by_file.value.allowed


@pytest.mark.parametrize(
    ("given", "parameter", "allowed"),
    [
        (dict(weapon=7), "weapon", "a string"),
        (dict(range=True), "range", "for a weapon touching the target, contact = true"),
        (dict(armour="NIJ Type III"), "armour", "a list"),
        (dict(armour=["NIJ Type III", 3]), "armour[1]", "a string"),
        (dict(contact="yes"), "contact", "True or False"),
        (dict(elevation="10"), "elevation", "a number"),
        (dict(vehicle=["T-34"]), "vehicle", "a string"),
        (dict(armour={"NIJ Type III"}), "armour", "a list or tuple"),
        (dict(from_=None), "from_", "a str"),
    ],
)
def test_ap2_quick_parameters_of_the_wrong_type_name_the_parameter(
    catalog: Catalog, given: dict[str, Any], parameter: str, allowed: str
) -> None:
    with pytest.raises(armourpen.ArgumentTypeError) as info:
        armourpen.quick_scenario(**{"weapon": "7.62x51mm NATO", "range": "50m", **given},
                                 catalog=catalog)
    assert info.value.field == parameter
    assert allowed in info.value.allowed


@pytest.mark.parametrize(
    ("given", "parameter", "allowed"),
    [
        (dict(armour=["x" * 201]), "armour[0]", "at most 200 characters"),
        (dict(elevation=float("nan")), "elevation", "a finite number"),
        (dict(azimuth=float("inf")), "azimuth", "a finite number"),
        (dict(target="a\x1b[2Jb"), "target", "plain text"),
    ],
)
def test_ap2_quick_parameters_of_the_right_type_and_a_bad_value_are_input_errors(
    catalog: Catalog, given: dict[str, Any], parameter: str, allowed: str
) -> None:
    # what a user may have typed into the CLI's quick flags (--elevation nan) is bad input
    with pytest.raises(armourpen.InputError) as info:
        armourpen.quick_scenario(**{"weapon": "7.62x51mm NATO", "range": "50m", **given},
                                 catalog=catalog)
    assert info.value.field == parameter
    assert allowed in info.value.allowed


def test_ap2_a_line_of_cover_alone_is_refused_for_want_of_a_target(catalog: Catalog) -> None:
    with pytest.raises(armourpen.InputError) as info:
        armourpen.load_scenario({"attack": {"weapon": "7.62x51mm NATO", "range": "50m"},
                                 "line": [{"cover": "Steel door"}]}, catalog)
    assert (info.value.field, info.value.value) == ("line", "(no target)")
    assert "at least one target" in info.value.allowed


_NUMBERS = st.sampled_from([0, 1, 2, 3, 5, 6, 8, 12, 2.0, 1, 3, 4, -1, 0.5, 40])
_DIRECTIONS = st.sampled_from([["front"], ["left"], ["front", "left"], ["above"], ["rear"],
                               ["front", "front"], ["x"], []])
_COVER = st.one_of(
    st.sampled_from(["Steel door", "Sandbag wall, single layer", "Brick wall", "NIJ Type III"]),
    st.fixed_dictionaries({"name": st.just("Door"), "av": _NUMBERS},
                          optional={"covers": _DIRECTIONS, "sav": _NUMBERS}),
    st.fixed_dictionaries({"thickness_mm": st.integers(1, 80)},
                          optional={"slope": st.integers(0, 80), "composite": st.booleans(),
                                    "av": _NUMBERS}),
)
_TARGET = st.one_of(
    st.fixed_dictionaries({}, optional={
        "armour": st.lists(st.one_of(
            st.sampled_from(["NIJ Type III", "NIJ Type IIIA", "Steel door", "nosuch"]),
            st.fixed_dictionaries({"av": _NUMBERS}, optional={"sav": _NUMBERS,
                                                              "rigid": st.booleans()})),
            max_size=2),
        "body": st.sampled_from(["human", "none"]), "face": st.just("front")}),
    st.fixed_dictionaries({"vehicle": st.sampled_from(["T-34 (1941)", "T-34 (1941)", "Steel door"])},
                          optional={"face": st.sampled_from(["front", "turret_front", "nose"])}),
    st.fixed_dictionaries({"plate": st.fixed_dictionaries({}, optional={
        "thickness_mm": st.integers(1, 80), "sav": _NUMBERS, "slope": st.integers(0, 80)})},
        optional={"armour": st.just(["NIJ Type III"])}),
)
_ENTRY = st.one_of(
    st.builds(lambda cover, covers: {"cover": cover, **covers}, _COVER,
              st.fixed_dictionaries({}, optional={"covers": _DIRECTIONS})),
    st.builds(lambda name, target: {"target": name, **target}, st.sampled_from(["A", "B"]),
              _TARGET),
)
_ATTACK = st.one_of(
    st.fixed_dictionaries({"weapon": st.sampled_from(["7.62x51mm NATO", "8.8 cm KwK 36 L/56 APCBC",
                                                      "Sword", "9mm Parabellum pistol", "Brick wall"])},
                          optional={"dc": _NUMBERS}),
    st.fixed_dictionaries({"pen": _NUMBERS},
                          optional={"range_column": st.sampled_from(["handgun", "rifle", "none"])}),
    st.fixed_dictionaries({"spen": st.sampled_from([1, 2, 0.5, 2.2, 200])},
                          optional={"dc": _NUMBERS}),
).flatmap(lambda attack: st.one_of(
    st.fixed_dictionaries({"range": st.sampled_from(["150 m", "2 km", "301 ft", "12", "0.5",
                                                      "80 yd", "5000 m"])}),
    st.just({"contact": True}),
).flatmap(lambda reach: st.fixed_dictionaries({}, optional={
    "from": st.sampled_from(["front", "above", "Left ", "rear", "below", "right", "up"]),
    "elevation": st.integers(-90, 90), "azimuth": st.integers(-89, 89),
    "ammo": st.sampled_from(["ap", "sp", "ball", "ap", "hollow"]),
}).map(lambda more: {**attack, **reach, **more})))


@settings(max_examples=150)
@given(attack=_ATTACK, line=st.lists(_ENTRY, max_size=2).flatmap(
    lambda entries: _TARGET.map(lambda last: [*entries, {"target": "last", **last}])),
       rules=st.sampled_from([[]] * 6 + [["rifle_ball_as_sp"], ["nosuch"], ["rifle_ball_as_sp"] * 2]))
def test_a_checked_file_builds_and_refuses_as_the_same_model_unvalidated_does(
    attack: dict[str, Any], line: list[dict[str, Any]], rules: list[str]
) -> None:
    try:
        model = schema.ScenarioSpec.model_validate(
            {"attack": attack, "line": line, "optional_rules": rules})
    except ValidationError:
        event("refused by the schema")
        return  # refused before build, which is what is compared here
    catalog = Catalog.builtin()
    outcomes: list[object] = []
    for given_spec in (model, _unvalidated(model)):
        try:
            outcomes.append(spec.build(given_spec, catalog))
            event("built")
        except armourpen.InputError as exc:
            outcomes.append((type(exc), exc.field, exc.value, exc.allowed))
            event(f"refused by build: {exc.field}")
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(("entry", "field", "value"), [
    ({"cover": {"name": "Door", "av": 2, "covers": ["left"]}, "covers": ["front"]},
     "line[0].covers", ["front"]),
    ({"target": "T", "vehicle": "T-34 (1941)", "armour": ["NIJ Type III"]}, "line[0].armour",
     ["NIJ Type III"]),
    ({"cover": "Steel door", "covers": ["front", "front"]}, "line[0].covers[1]", "front"),
])
def test_ap2_a_file_is_refused_showing_its_lists_as_it_wrote_them(
    catalog: Catalog, entry: dict[str, Any], field: str, value: object
) -> None:
    with pytest.raises(armourpen.InputError) as info:
        armourpen.load_scenario({"attack": {"weapon": "Sword", "contact": True},
                                 "line": [entry, {"target": "A"}]}, catalog)
    assert (info.value.field, info.value.value) == (field, value)
    assert type(info.value.value) is type(value)
