"""Public domain values compare as what they are (docs/decisions/0001-value-types.md): a value
equals only a value of its own type, hashes with it, cannot be read by position, and its repr
evaluates back to an equal value where the value is simple."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from armourpen import load_scenario
from armourpen.explain import Caution, Explained, Ruling, Step
from armourpen.penav.direction import Direction
from armourpen.penav.model import Armour, Body, Cover, PenavScenario, Target


def equal(a: object, b: object) -> bool:
    """``a == b``, between values that mypy knows to be of different types."""
    return a == b


def test_a_step_never_equals_a_caution_with_the_same_rule_and_text() -> None:
    step, caution = Step(Ruling.PA_8, "more than two layers"), Caution(Ruling.PA_8, "more than two layers")
    assert not equal(step, caution)
    assert not equal(caution, step)
    assert len({step, caution}) == 2  # a set keeps both


def test_a_step_or_a_caution_never_equals_a_plain_tuple() -> None:
    assert not equal(Step(Ruling.PA_7, "AV 6"), ("PA-7", "AV 6"))
    assert not equal(Caution(Ruling.PA_7, "AV 6"), ("PA-7", "AV 6"))
    assert not equal(Explained(6, ()), (6, ()))


def test_an_armour_never_equals_a_plain_tuple_of_its_fields() -> None:
    assert not equal(Armour("vest", 6), ("vest", 6, False, False))
    assert not equal(Target("guard"), ("guard", (), Body.HUMAN, None, None, None))


def test_equal_values_are_equal_and_hash_alike() -> None:
    assert Step(Ruling.PA_2, "PEN 7 > AV 6") == Step(Ruling.PA_2, "PEN 7 > AV 6")
    assert hash(Step(Ruling.PA_2, "x")) == hash(Step(Ruling.PA_2, "x"))
    assert Armour("vest", 6, rigid=True) == Armour("vest", 6, rigid=True)
    assert hash(Armour("vest", 6)) == hash(Armour("vest", 6))
    assert Armour("vest", 6) != Armour("vest", 7)
    assert Step(Ruling.PA_2, "x") != Step(Ruling.PA_3, "x")


@pytest.mark.parametrize("value", [
    Step(Ruling.PA_7, "AV 6 + 1 for the helmet"),
    Caution(Ruling.PA_8, "three rigid layers"),
    Explained(Fraction(7, 2), (Step(Ruling.PA_1, "SAV 0.7"),)),
    Armour("vest", 6, rigid=True),
    Cover("wall", 10, structural=True, covers=frozenset({Direction.FRONT})),
    Target("guard", (Armour("vest", 6),), Body.NONE),
])
def test_the_repr_of_a_simple_value_evaluates_back_to_it(value: object) -> None:
    names = {"Step": Step, "Caution": Caution, "Explained": Explained, "Fraction": Fraction,
             "Armour": Armour, "Cover": Cover, "Target": Target, "Body": Body,
             "Direction": Direction, "frozenset": frozenset, "Ruling": Ruling}
    # enums repr as <Body.NONE: 'none'>; their str is what evaluates
    text = repr(value)
    for enum in (Body.NONE, Body.HUMAN, Direction.FRONT):
        text = text.replace(repr(enum), f"{type(enum).__name__}.{enum.name}")
    assert eval(text, names) == value


@pytest.mark.parametrize("value", [Step(Ruling.PA_1, "x"), Caution(Ruling.PA_1, "x"),
                                   Armour("vest", 6), Target("guard")])
def test_no_value_is_read_by_position_or_changed(value: object) -> None:
    with pytest.raises(TypeError):
        value[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        iter(value)  # type: ignore[call-overload]
    first = dataclasses.fields(value)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, first, "other")


def test_no_scenario_is_indexable_by_position() -> None:
    scenario = load_scenario({"rules": "penav", "attack": {"weapon": "7.62x51mm NATO",
                                                           "range": "150 m"},
                              "line": [{"target": "guard", "armour": ["NIJ Type III"]}]})
    assert isinstance(scenario, PenavScenario)
    with pytest.raises(TypeError):
        scenario[0]  # type: ignore[index]
    assert not isinstance(scenario, tuple)
    assert not isinstance(scenario.line[0], tuple)


def test_a_penav_outcome_holds_enums_where_it_held_strings() -> None:
    from armourpen import resolve
    from armourpen.catalog.items import RangeColumn
    from armourpen.penav.layering import Origin
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.penav.ranges import Band

    scenario = load_scenario({"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
                              "line": [{"target": "Gray", "armour": ["NIJ Type III"]},
                                       {"target": "VIP"}]})
    outcome = resolve(scenario)
    assert isinstance(outcome, PenavOutcome)
    a = outcome.attack
    # 150 m is Very Long (PA-3: (100, 200]); the NATO round is a rifle, shot from the front
    assert (a.range_band, a.range_column, a.direction) == (
        Band.VERY_LONG, RangeColumn.RIFLE, Direction.FRONT)
    # the VIP faces the vest twice and Gray's body (PA-12)
    assert sorted(x.origin for x in outcome.targets[1].layers) == sorted(
        [Origin.ARMOUR, Origin.BODY, Origin.ARMOUR])
    # the JSON keeps the plain texts
    assert outcome.to_dict()["attack"]["range_band"] == "very_long"
    assert type(outcome.to_dict()["targets"][1]["layers"][0]["origin"]) is str


def test_a_layer_is_a_value_and_its_label_is_written_once() -> None:
    from armourpen.penav.layering import Layer, Origin, labels

    assert not equal(Layer("vest", 6), ("vest", 6, Origin.COVER, False))
    assert Layer("vest", 6, Origin.ARMOUR) == Layer("vest", 6, Origin.ARMOUR)
    plain, hull = Layer("vest", 6, Origin.ARMOUR), Layer("hull", 50, Origin.VEHICLE, True)
    assert labels([plain, hull]) == f"{plain.label()}, {hull.label()}"
    assert plain.label() == "vest AV 6"
    assert hull.label() == "hull AV 50 (SAV 10)"  # PA-1: 50 personal points are SAV 10
