"""Explained values (AP-1): every rule returns its result with the steps that produced it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")


# Steps, warnings and explained values are named tuples rather than frozen dataclasses: as immutable
# and typed, with the same reprs, and made many times faster when the module is imported, which
# every one-shot command pays for (bench/startup.py). Steps and warnings give their JSON by
# ``to_dict()``.


class Step(NamedTuple):
    """One line of an explanation: the ruling it applies (e.g. ``"PA-7"``) and what happened."""

    rule: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


class Caution(NamedTuple):
    """A warning in an outcome: the ruling it comes from and what the user should know.

    Warnings never stop a calculation (e.g. PA-8 wearing limits); they travel beside the steps.
    """

    rule: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


class Explained(NamedTuple, Generic[T]):
    """A value and the steps that led to it."""

    value: T
    steps: tuple[Step, ...] = ()

    @classmethod
    def of(cls, value: T, rule: str, text: str) -> Explained[T]:
        # made by tuple.__new__, as _make() makes them: without the generated __new__ of each,
        # the most frequent call of every rule costs half as much
        return _new_tuple(cls, (value, (_new_tuple(Step, (rule, text)),)))

    def then(self, value: T, rule: str, text: str) -> Explained[T]:
        """The next value, keeping the steps so far."""
        return Explained(value, (*self.steps, Step(rule, text)))


_new_tuple = tuple.__new__


def join_steps(*groups: Iterable[Step]) -> tuple[Step, ...]:
    """Concatenate step sequences in order."""
    out: list[Step] = []
    for g in groups:
        out.extend(g)
    return tuple(out)
