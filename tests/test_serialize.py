"""The one JSON language (armourpen.serialize): numbers, exact fractions, enum keys, records."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armourpen.explain import Caution, Ruling, Step
from armourpen.penav.ranges import Band
from armourpen.serialize import dumps, exact, number, plain


def test_numbers_stay_numbers() -> None:
    assert number(Fraction(60, 5)) == 12 and isinstance(number(Fraction(60, 5)), int)
    assert number(Fraction(26, 5)) == 5.2
    assert number(7.0) == 7 and isinstance(number(7.0), int)
    assert number(0.25) == 0.25
    with pytest.raises(TypeError):
        number(True)


def test_exact_is_a_reduced_n_over_d_string() -> None:
    assert exact(Fraction(2, 6)) == "1/3"
    assert exact(Fraction(1)) == "1/1" and exact(0) == "0/1"


def test_plain_turns_values_into_json_data() -> None:
    @dataclass(frozen=True)
    class Point:
        band: Band
        chance: Fraction
        tags: frozenset[str]

    assert plain(Point(Band.VERY_LONG, Fraction(1, 3), frozenset({"b", "a"}))) == {
        "band": "very_long", "chance": "1/3", "tags": ["a", "b"]}
    assert plain((Step(Ruling.PA_2, "x"), Caution(Ruling.PA_8, "y"))) == [
        {"rule": "PA-2", "text": "x"}, {"rule": "PA-8", "text": "y"}]
    assert plain({1: Path("a/b")}) == {"1": "a/b"}

    class Mark(NamedTuple):
        band: Band
        chance: Fraction

    # a named tuple is a record like a dataclass, an object of its fields; a plain tuple a list
    assert plain(Mark(Band.LONG, Fraction(1, 2))) == {"band": "long", "chance": "1/2"}
    assert plain((Band.LONG, Fraction(1, 2))) == ["long", "1/2"]
    with pytest.raises(TypeError):
        plain(object())


def test_dumps_keeps_unicode_and_refuses_nan() -> None:
    assert json.loads(dumps({"slope": "60°"})) == {"slope": "60°"}
    assert "60°" in dumps({"slope": "60°"})
    with pytest.raises(ValueError):
        dumps(float("nan"))


def test_caution_prints_like_a_step() -> None:
    assert str(Caution(Ruling.PA_8, "Gray wears 4 layers")) == "[PA-8] Gray wears 4 layers"


def _is_json_data(value: object) -> bool:
    """Only what json_ready promises: text keys, lists, text, whole numbers, booleans, None,
    and floats that are not whole (plain() would turn a whole one into an int)."""
    kind = type(value)
    if kind is dict:
        assert isinstance(value, dict)
        return all(type(k) is str and _is_json_data(v) for k, v in value.items())
    if kind is list:
        assert isinstance(value, list)
        return all(_is_json_data(v) for v in value)
    if kind is float:
        assert isinstance(value, float)
        return value != int(value)
    return kind in (str, int, bool, type(None))


STRUCTURAL = {"attack": {"name": "inline gun", "spen": 5.2, "range": "40 m",
                         "range_column": "rifle"},
              "line": [{"cover": {"name": "wall", "sav": 2.4}},
                       {"target": "crew", "armour": [{"name": "flak", "sav": 1.2}]},
                       {"target": "behind"}]}


def test_a_penav_outcome_is_json_data_as_to_dict_gives_it() -> None:
    # PenavOutcome is json_ready: plain() takes its to_dict() as it is, unwalked, so that must
    # already be what the walk would give, for every kind of line (structural figures included)
    import armourpen
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.scenario import example_names, read_scenario_file

    scenarios: list[Mapping[str, Any]] = [read_scenario_file(f"example:{n}")
                                          for n in example_names()]
    scenarios = [s for s in scenarios if s.get("rules", "penav") == "penav"] + [STRUCTURAL]
    assert len(scenarios) >= 4
    for data in scenarios:
        outcome = armourpen.resolve(armourpen.load_scenario(data))
        assert isinstance(outcome, PenavOutcome)
        given = outcome.to_dict()
        assert _is_json_data(given), data
        assert plain(outcome) == given
        assert dumps(outcome) == json.dumps(given, indent=2, ensure_ascii=False)
    assert "spen" in armourpen.resolve(armourpen.load_scenario(STRUCTURAL)).to_dict()["attack"]


def test_json_ready_types_are_taken_as_to_dict_gives_them() -> None:
    from armourpen.serialize import compact, json_ready

    @json_ready
    class Ready:
        def to_dict(self) -> dict[str, object]:
            return {"a": [1, "b", None]}

    class Walked:
        def to_dict(self) -> dict[str, object]:
            return {"band": Band.LONG}

    data = Ready().to_dict()
    assert plain(Ready()) == data and compact(Ready()) == '{"a":[1,"b",null]}'
    assert compact(Walked()) == '{"band":"long"}'
    assert compact({"slope": "60°", "n": 7.0}) == '{"slope":"60°","n":7}'



def _line_of(name: str) -> dict[str, object]:
    """A scenario whose every named thing is called ``name``: each text the scenario writes."""
    return {"attack": {"name": name, "pen": 12, "range": "40 m", "range_column": "rifle"},
            "line": [{"cover": {"name": name, "av": 2}},
                     {"target": name, "armour": [{"name": name, "av": 3}]},
                     {"target": "behind", "armour": [{"name": "vest", "av": 20}]},
                     {"target": f"{name} too"}]}


def _frozen_line_of(name: str) -> object:
    """The same line built from frozen values, as a library user may: names that no scenario
    file may hold (control characters, a lone surrogate) included."""
    from armourpen.catalog.items import AmmoType, AttackProfile, RangeColumn
    from armourpen.penav.direction import HORIZONTAL
    from armourpen.penav.model import Armour, Attack, Cover, PenavScenario, Target
    from armourpen.penav.ranges import Band, Distance

    attack = Attack(AttackProfile(name, 12, RangeColumn.RIFLE), AmmoType("ball"),
                    AmmoType("soft point"), Band.MEDIUM, Distance.parse("40 m"))
    return PenavScenario(attack, (Cover(name, 2, covers=HORIZONTAL),
                                  Target(name, (Armour(name, 3),)),
                                  Target("behind", (Armour("vest", 20),)), Target(f"{name} too")))


def test_a_penav_outcome_is_written_compactly_as_json_writes_its_dict() -> None:
    # the HTTP API's answer: byte for byte what the standard library writes of to_dict(), without
    # spaces, for every kind of line
    import armourpen
    from armourpen.scenario import example_names, read_scenario_file
    from armourpen.serialize import compact, dumps

    scenarios: list[Mapping[str, Any]] = [read_scenario_file(f"example:{n}")
                                          for n in example_names()]
    scenarios = [s for s in scenarios if s.get("rules", "penav") == "penav"]
    scenarios += [STRUCTURAL, _line_of("Gray's vest, 60\u00b0 \u00bd\u201d \u2014 ok")]
    for data in scenarios:
        outcome = armourpen.resolve(armourpen.load_scenario(data))
        written = compact(outcome)
        assert written == json.dumps(outcome.to_dict(), separators=(",", ":"), ensure_ascii=False)
        assert json.loads(written) == json.loads(dumps(outcome))


@pytest.mark.parametrize("name", ['12" gun', "back\\slash", "bell\u0007", "tab\there", "new\nline",
                                  "\u001f", "del\u007f", "lone \ud800", "60\u00b0"])
def test_texts_that_json_escapes_are_escaped_as_the_standard_library_does(name: str) -> None:
    import armourpen
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.serialize import compact

    outcome = armourpen.resolve(_frozen_line_of(name))  # type: ignore[call-overload]
    assert isinstance(outcome, PenavOutcome)
    assert [t.result.value for t in outcome.targets] == [
        "penetrated", "stopped", "not_reached"]  # every kind of text is written
    written = compact(outcome)
    assert written == json.dumps(outcome.to_dict(), separators=(",", ":"), ensure_ascii=False)
    escaped = any(c in name for c in '"\\') or any(ord(c) < 0x20 for c in name)
    assert (json.dumps(name, ensure_ascii=False)[1:-1] != name) == escaped  # the case is as named
    assert (name not in written) == escaped


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=12))
def test_any_text_is_written_as_the_standard_library_writes_it(name: str) -> None:
    import armourpen
    from armourpen.serialize import compact

    outcome = armourpen.resolve(_frozen_line_of(name))  # type: ignore[call-overload]
    assert compact(outcome) == json.dumps(outcome.to_dict(), separators=(",", ":"),
                                          ensure_ascii=False)
