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


# --- no public value is a tuple ------------------------------------------------------------------

# The one tuple the walk may meet: the registry's entries, which issue 31 item 4 rewrites as typed
# plugins (rulesets.py is being changed there).
NOT_YET_VALUES = frozenset({"armourpen.rulesets.RuleSet"})
_FRONT_ENDS = ("armourpen.web", "armourpen.cli", "armourpen.charts", "armourpen.__main__")


def _classes_by_name() -> dict[str, list[type]]:
    """Every class armourpen's non-front-end modules define, by name: an annotation written under
    ``TYPE_CHECKING`` is found here by its name (every class of that name is walked)."""
    import importlib
    import inspect
    import pkgutil

    import armourpen

    found: dict[str, list[type]] = {}
    for info in pkgutil.walk_packages(armourpen.__path__, "armourpen."):
        if info.name.startswith(_FRONT_ENDS):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                found.setdefault(name, []).append(value)
    return found


def _annotations(thing: object) -> list[tuple[str, object]]:
    """The annotations of a class (its fields, its methods' and properties') or a function, each
    with the module whose names it is written in."""
    import inspect

    out: list[tuple[str, object]] = []
    if inspect.isclass(thing):
        for klass in thing.__mro__:
            if klass.__module__ == "builtins" or not klass.__module__.startswith("armourpen"):
                continue
            module = klass.__module__
            out.extend((module, a) for a in inspect.get_annotations(klass).values())
            for name, member in vars(klass).items():
                if name.startswith("_") and name != "__init__":
                    continue
                member = getattr(member, "fget", None) or getattr(member, "__func__", member)
                if inspect.isfunction(member):
                    out.extend((module, a) for a in inspect.get_annotations(member).values())
    elif callable(thing):
        import typing

        for f in (thing, *typing.get_overloads(thing)):  # what each overload says it returns
            out.extend((getattr(f, "__module__", "") or "", a)
                       for a in inspect.get_annotations(f).values())  # type: ignore[arg-type]
    return out


def _public_classes() -> dict[str, type]:
    """The classes the public API reaches: armourpen's exports (a value's type, and the types of
    what a mapping or tuple export holds), the classes named in their annotations and fields,
    theirs in turn, and every class of every module of armourpen.view."""
    import importlib
    import inspect
    import pkgutil
    import re
    import sys

    import armourpen
    import armourpen.view

    by_name = _classes_by_name()
    todo: list[object] = []
    for name in armourpen.__all__:
        value = getattr(armourpen, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            todo.append(value)
            continue
        todo.append(type(value))
        inner = value.values() if isinstance(value, dict) else value
        if isinstance(inner, tuple | list | frozenset) or isinstance(value, dict):
            todo.extend(type(v) for v in inner)
    for info in pkgutil.walk_packages(armourpen.view.__path__, "armourpen.view."):
        module = importlib.import_module(info.name)
        todo.extend(v for v in vars(module).values()
                    if inspect.isclass(v) and v.__module__ == module.__name__)
    seen: dict[str, type] = {}
    done: set[int] = set()
    while todo:
        thing = todo.pop()
        if id(thing) in done:
            continue
        done.add(id(thing))
        if inspect.isclass(thing):
            if not thing.__module__.startswith("armourpen"):
                continue
            seen[f"{thing.__module__}.{thing.__qualname__}"] = thing
        for where, annotation in _annotations(thing):
            words = re.findall(r"[A-Za-z_]\w*", annotation if isinstance(annotation, str)
                               else repr(annotation))
            names = vars(sys.modules[where]) if where in sys.modules else {}
            for word in words:
                here = names.get(word)
                todo.extend([here] if inspect.isclass(here) else by_name.get(word, []))
    return seen


def test_no_class_of_the_public_api_or_the_view_model_is_a_tuple() -> None:
    # docs/decisions/0001-value-types.md: a value is a frozen slotted dataclass or an enum, never
    # read by position; a tuple subclass (a named tuple) equals any tuple of its fields
    reached = _public_classes()
    # the walk reaches what the API returns and the view model holds, several levels down
    for name in ("armourpen.penav.outcome.PenavOutcome", "armourpen.penav.outcome.TargetOutcome",
                 "armourpen.catalog.items.AttackProfile", "armourpen.distance.Distance",
                 "armourpen.view.odds.EffectChance", "armourpen.view.odds.HitsChances",
                 "armourpen.view.outcome.OutcomeView", "armourpen.layout.Badge",
                 "armourpen.view.sweep.SweepView", "armourpen.explain.Step"):
        assert name in reached, name
    tuples = sorted(name for name, cls in reached.items()
                    if issubclass(cls, tuple) and name not in NOT_YET_VALUES)
    assert tuples == []


def _former_named_tuples() -> list[object]:
    from armourpen.distance import Distance
    from armourpen.layout import Badge, Tone
    from armourpen.penav.wearing import Worn
    from armourpen.view.odds import EffectChance

    return [Distance.parse("300 ft"), Worn("vest", rigid=False),
            Badge("stopped", "stopped", "x", Tone.SAFE),
            EffectChance("major wound", Ruling.GU_12, Fraction(1, 2))]


@pytest.mark.parametrize("value", _former_named_tuples())
def test_a_former_named_tuple_equals_only_its_own_kind(value: object) -> None:
    import importlib

    assert dataclasses.is_dataclass(value) and not isinstance(value, type)
    fields = tuple(getattr(value, f.name) for f in dataclasses.fields(value))
    assert not equal(value, fields)
    names = {**vars(importlib.import_module(type(value).__module__)), "Fraction": Fraction,
             "Ruling": Ruling}
    if "<" not in repr(value):  # where its fields are simple (an enum's repr does not evaluate)
        assert eval(repr(value), names) == value
    with pytest.raises(TypeError):
        iter(value)  # type: ignore[call-overload]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, dataclasses.fields(value)[0].name, None)
