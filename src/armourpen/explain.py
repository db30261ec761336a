"""Explained values (AP-1): every rule returns its result with the steps that produced it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Generic, TypeVar

T = TypeVar("T")


class Ruling(StrEnum):
    """The id of each ruling in RULINGS.md (how armourpen reads the rule texts): the ids a step, a
    warning or an explanation cites. tests/test_rulings.py holds this list to the file's."""

    PA_1 = "PA-1"
    PA_2 = "PA-2"
    PA_3 = "PA-3"
    PA_4 = "PA-4"
    PA_5 = "PA-5"
    PA_6 = "PA-6"
    PA_7 = "PA-7"
    PA_8 = "PA-8"
    PA_9 = "PA-9"
    PA_10 = "PA-10"
    PA_11 = "PA-11"
    PA_12 = "PA-12"
    PA_13 = "PA-13"
    GU_1 = "GU-1"
    GU_2 = "GU-2"
    GU_3 = "GU-3"
    GU_4 = "GU-4"
    GU_5 = "GU-5"
    GU_6 = "GU-6"
    GU_7 = "GU-7"
    GU_8 = "GU-8"
    GU_9 = "GU-9"
    GU_10 = "GU-10"
    GU_11 = "GU-11"
    GU_12 = "GU-12"
    GU_13 = "GU-13"
    GU_14 = "GU-14"
    GU_15 = "GU-15"
    GU_16 = "GU-16"
    GU_17 = "GU-17"
    GU_18 = "GU-18"
    GU_19 = "GU-19"
    GU_20 = "GU-20"
    GU_21 = "GU-21"
    GU_22 = "GU-22"
    GU_23 = "GU-23"
    GU_24 = "GU-24"
    GU_25 = "GU-25"
    GU_26 = "GU-26"
    GU_27 = "GU-27"
    GU_28 = "GU-28"
    AP_1 = "AP-1"
    AP_2 = "AP-2"

    def __repr__(self) -> str:  # evaluates back, as a value's repr does
        return f"Ruling.{self.name}"


# Steps, warnings and explained values are frozen dataclasses, not tuples: each compares equal only
# to a value of its own type (a Step never equals a Caution with the same rule and text, nor a
# plain tuple), and none is indexable by position (docs/decisions/0001-value-types.md). Steps and
# warnings give their JSON by ``to_dict()``.


@dataclass(frozen=True, slots=True)
class Step:
    """One line of an explanation: the ruling it applies (e.g. ``"PA-7"``) and what happened.

    ``entry`` is the index of the line entry the step is about (None: the attack, or no one
    entry), which a front end groups the steps by, never their text. It is where the step is
    shown, not what it says: it is in neither the JSON nor the equality of steps.
    """

    rule: Ruling
    text: str
    entry: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # an id given as text is held as its member, so a misspelt one fails here, not in print
        object.__setattr__(self, "rule", Ruling(self.rule))

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule.value, "text": self.text}  # plain text, as JSON holds it

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(frozen=True, slots=True)
class Caution:
    """A warning in an outcome: the ruling it comes from and what the user should know.

    Warnings never stop a calculation (e.g. PA-8 wearing limits); they travel beside the steps.
    """

    rule: Ruling
    text: str

    def __post_init__(self) -> None:
        # an id given as text is held as its member, so a misspelt one fails here, not in print
        object.__setattr__(self, "rule", Ruling(self.rule))

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule.value, "text": self.text}  # plain text, as JSON holds it

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(frozen=True, slots=True)
class Explained(Generic[T]):
    """A value and the steps that led to it."""

    value: T
    steps: tuple[Step, ...] = ()

    @classmethod
    def of(cls, value: T, rule: Ruling, text: str) -> Explained[T]:
        return cls(value, (Step(rule, text),))

    def then(self, value: T, rule: Ruling, text: str) -> Explained[T]:
        """The next value, keeping the steps so far."""
        return Explained(value, (*self.steps, Step(rule, text)))


def about(steps: Iterable[Step], entry: int) -> tuple[Step, ...]:
    """``steps`` as steps about line entry ``entry``, where they name no entry already."""
    return tuple(s if s.entry is not None else replace(s, entry=entry) for s in steps)


def join_steps(*groups: Iterable[Step]) -> tuple[Step, ...]:
    """Concatenate step sequences in order."""
    out: list[Step] = []
    for g in groups:
        out.extend(g)
    return tuple(out)
