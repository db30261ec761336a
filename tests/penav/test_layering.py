"""PA-7 layering, PA-8 wearing limits and PA-2 outcomes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from armourpen.penav.layering import Layer, Origin, layered_av
from armourpen.penav.penetration import Result, compare
from armourpen.penav.wearing import Worn, wearing_warnings


def L(*avs: int) -> list[Layer]:
    return [Layer(f"layer{i}", av) for i, av in enumerate(avs)]


def test_pa7_no_layers_is_av0() -> None:
    assert layered_av([]).value == 0


def test_pa7_single_layer_is_its_own_av() -> None:
    assert layered_av(L(6)).value == 6


def test_pa7_highest_plus_one_per_further_layer() -> None:
    # base 6 (NIJ III) + 1 (AV 2) + 1 (AV 4) = 8
    assert layered_av(L(2, 6, 4)).value == 8


def test_pa7_layer_of_av0_adds_nothing() -> None:
    # base 5, AV 0 clothing adds nothing, AV 1 adds one: 6
    assert layered_av(L(0, 5, 0, 1)).value == 6
    assert layered_av(L(0, 0, 0)).value == 0


def test_pa7_repeated_layers_each_add_one() -> None:
    # two vests of AV 5: 5 + 1 = 6; three: 7
    assert layered_av(L(5, 5)).value == 6
    assert layered_av(L(5, 5, 5)).value == 7


def test_pa7_cover_above_armour_is_the_base() -> None:
    # Medium concrete wall 18 in front of a flak vest 5: 18 + 1 = 19
    out = layered_av([Layer("Medium concrete wall (30cm)", 18, Origin.COVER),
                      Layer("vest", 5, Origin.ARMOUR)])
    assert out.value == 19
    assert out.steps[0].rule == "PA-7"
    assert "Medium concrete wall" in out.steps[0].text


def test_pa2_three_ways() -> None:
    assert compare(5, 6).value is Result.STOPPED
    assert compare(6, 6).value is Result.PENETRATED_REDUCED
    assert compare(7, 6).value is Result.PENETRATED
    assert Result.PENETRATED.wound_modifier == 0
    assert Result.PENETRATED_REDUCED.wound_modifier == -4
    assert Result.STOPPED.wound_modifier is None
    assert "non-lethal" in compare(0, 1).steps[0].text


def test_pa8_more_than_three_layers_warns() -> None:
    assert wearing_warnings("Gray", [Worn(f"w{i}", False) for i in range(3)]) == ()
    (w,) = wearing_warnings("Gray", [Worn(f"w{i}", False) for i in range(4)])
    assert w.rule == "PA-8" and "4 layers" in w.text


def test_pa8_more_than_one_rigid_layer_warns() -> None:
    assert wearing_warnings("Gray", [Worn("plate", True), Worn("cloth", False)]) == ()
    (w,) = wearing_warnings("Gray", [Worn("plate", True), Worn("helmet", True)])
    assert w.rule == "PA-8" and "rigid" in w.text


avs = st.integers(min_value=0, max_value=1000)


@given(st.lists(avs, max_size=8), avs)
def test_pa7_adding_a_layer_never_lowers_av(layers: list[int], extra: int) -> None:
    assert layered_av(L(*layers, extra)).value >= layered_av(L(*layers)).value


@given(st.lists(avs, min_size=1, max_size=8))
def test_pa7_order_does_not_matter(layers: list[int]) -> None:
    assert layered_av(L(*layers)).value == layered_av(L(*reversed(layers))).value


_RANK = {Result.STOPPED: 0, Result.PENETRATED_REDUCED: 1, Result.PENETRATED: 2}


@given(avs, avs, avs)
def test_pa2_outcome_is_monotone_in_pen(pen: int, more: int, av: int) -> None:
    assert _RANK[compare(pen + more, av).value] >= _RANK[compare(pen, av).value]
