"""The line of a GURPS scenario as it is read: the entries so far, the steps and warnings of the
reading, and what a GCS character file gives a target card (the reader the caller passes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from armourpen.explain import Caution, Step
from armourpen.gurps.defense import DefenseKind
from armourpen.gurps.model import (
    GurpsAttack,
    LineEntry,
    Target,
    first_target_card,
)
from armourpen.gurps.schema import (
    GcsTargetEntry,
)


@dataclass(frozen=True, slots=True)
class ReadTarget:
    """A target a GCS character file gives, with the steps and warnings of its reading."""

    target: Target
    steps: tuple[Step, ...] = ()
    warnings: tuple[Caution, ...] = ()
    defenses: tuple[tuple[DefenseKind, int], ...] = ()  # the sheet's Dodge, Parry, Block (GU-24)


class CharacterReader(Protocol):
    """Builds the target of a line entry that names a GCS character file (``gcs``).

    ``index`` is the entry's place in the line; ``first`` says that no target stands before it
    (its hit chance must be 1, GU-8: :func:`hit_chance`). The entry's other keys override the
    file's figures.
    """

    def __call__(self, entry: GcsTargetEntry, index: int, attack: GurpsAttack,
                 first: bool) -> ReadTarget: ...


@dataclass(slots=True)
class _Line:
    """The line as it is read: its entries so far, and the steps and warnings of the reading."""

    attack: GurpsAttack
    characters: CharacterReader | None
    entries: list[LineEntry] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # each names the entry it is about
    warnings: list[Caution] = field(default_factory=list)
    given: list[frozenset[str]] = field(default_factory=list)  # the keys each cover card gives

    @property
    def who(self) -> bool:
        """Whether the rolls decide who is hit (``attack.skill``, GU-16)."""
        return self.attack.skill is not None

    @property
    def has_target(self) -> bool:
        """Whether the first target card has been read (a range, and GU-8's hit chance 1, are
        its alone)."""
        return first_target_card(self.entries) is not None
