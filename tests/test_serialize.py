"""The one JSON language (armourpen.serialize): numbers, exact fractions, enum keys, records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from armourpen.explain import Caution, Step
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
    assert plain((Step("PA-2", "x"), Caution("PA-8", "y"))) == [
        {"rule": "PA-2", "text": "x"}, {"rule": "PA-8", "text": "y"}]
    assert plain({1: Path("a/b")}) == {"1": "a/b"}
    with pytest.raises(TypeError):
        plain(object())


def test_dumps_keeps_unicode_and_refuses_nan() -> None:
    assert json.loads(dumps({"slope": "60°"})) == {"slope": "60°"}
    assert "60°" in dumps({"slope": "60°"})
    with pytest.raises(ValueError):
        dumps(float("nan"))


def test_caution_prints_like_a_step() -> None:
    assert str(Caution("PA-8", "Gray wears 4 layers")) == "[PA-8] Gray wears 4 layers"
