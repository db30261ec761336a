"""Values given to the Python API whose class would answer the checks for them (issue 30 item
10): a set where a list is read, a ``str`` or ``int`` subclass whose own methods lie. Each is
read as the plain value it holds, or refused naming the field (AP-2)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import armourpen
from armourpen.errors import InputError

GURPS: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "3d cr"},
                         "line": [{"target": "A", "dr": 0, "hp": 10}]}
PENAV: dict[str, Any] = {"rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150m"},
                         "line": [{"target": "A", "armour": ["NIJ Type III"]}]}


class Entry(dict[str, Any]):
    """A line entry that can be put in a set (a dict cannot)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return id(self)


class PrintableLiar(str):
    """Holds a terminal escape, says it is printable."""

    __slots__ = ()

    def isprintable(self) -> bool:
        return True

    def __str__(self) -> str:
        return "A"

    def __repr__(self) -> str:
        return "'A'"


class InRangeLiar(int):
    """Any number, which says it is within every bound."""

    def __lt__(self, other: object) -> bool:
        return True

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return False

    def __ge__(self, other: object) -> bool:
        return True


def _refused(data: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(data)
    return info.value


def test_ap2_a_line_of_fire_given_as_a_set_is_refused() -> None:
    # a set has no order; a line of fire has one (the shooter out): before, it was read in the
    # order its hashing gave
    data = copy.deepcopy(GURPS)
    data["line"] = {Entry(target="A", dr=0, hp=10), Entry(target="B", dr=0, hp=10)}
    err = _refused(data)
    assert err.field == "line" and "a set has no order" in err.allowed


@pytest.mark.parametrize("kind", [set, frozenset])
def test_ap2_worn_armour_given_as_a_set_is_refused(kind: type[Any]) -> None:
    data = copy.deepcopy(PENAV)
    data["line"][0]["armour"] = kind(["NIJ Type III", "NIJ Type IIA"])
    err = _refused(data)
    assert err.field == "line[0].armour" and "a set has no order" in err.allowed


def test_ap2_a_str_subclass_cannot_hide_an_escape_from_the_check() -> None:
    data = copy.deepcopy(GURPS)
    data["line"][0]["target"] = PrintableLiar("A\x1b[2J")
    err = _refused(data)
    # the characters it holds are named, escaped, not what its __repr__ says
    assert err.field == "line[0].target" and err.value == "A\x1b[2J"
    assert "terminal escape" in err.allowed


def test_ap2_a_str_subclass_key_cannot_hide_an_escape_from_the_check() -> None:
    data = copy.deepcopy(GURPS)
    data["line"][0][PrintableLiar("x\x1b[2J")] = 1
    err = _refused(data)
    assert "terminal escape" in err.allowed


def test_ap2_an_int_subclass_cannot_say_it_is_in_range() -> None:
    # 2**70 has 22 digits: beyond the 19 any number in a scenario may have
    data = copy.deepcopy(GURPS)
    data["line"][0]["hp"] = InRangeLiar(2**70)
    err = _refused(data)
    assert err.field == "line[0].hp" and err.value == 2**70


def test_an_honest_subclass_is_read_as_the_value_it_holds() -> None:
    data = copy.deepcopy(GURPS)
    data["line"][0]["hp"] = InRangeLiar(10)
    data["line"][0]["target"] = PrintableLiar("Agent")
    scenario = armourpen.load_scenario(data)
    target = scenario.line[0]
    assert type(target.hp) is int and target.hp == 10  # type: ignore[union-attr]
    assert type(target.name) is str and str.__str__(target.name) == "Agent"
