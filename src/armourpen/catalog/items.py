"""The catalog's value types: frozen, on the personal scale, each with where it came from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from armourpen.errors import CatalogError
from armourpen.values import HORIZONTAL, Direction, faces_problem
from armourpen.values import MAX_NAME_CHARS as MAX_NAME_CHARS  # where the catalog's code reads it


class RangeColumn(StrEnum):
    """Which column of the PEN and DC range table an attack uses (PA-4)."""

    HANDGUN = "handgun"
    RIFLE = "rifle"
    NONE = "none"


# Items are frozen dataclasses (docs/decisions/0001-value-types.md): each equals only an item of
# its own kind, never a plain tuple, and none is read by position.


@dataclass(frozen=True, slots=True)
class AmmoType:
    """An ammunition type (PA-6): data, with PEN and DC modifiers that are 0 unless set."""

    name: str
    pen_mod: int = 0
    dc_mod: int = 0
    aliases: tuple[str, ...] = ()
    note: str = ""
    source: str = "built-in"


@dataclass(frozen=True, slots=True)
class AttackProfile:
    """One attack: PEN on the personal scale (SPEN x 5 when ``structural``)."""

    name: str
    pen: int
    range_column: RangeColumn
    structural: bool = False
    dc: int | None = None
    ammo: str = "ball"
    high_velocity: bool = False
    tied_range_m: int | None = None  # PA-13: the PEN holds at this range only
    aliases: tuple[str, ...] = ()
    note: str = ""
    source: str = "built-in"
    reach: str | None = None  # the last band it reaches (a band key, PA-3); None: every band
    reach_note: str = ""  # where the reach comes from: the text gives none for melee, thrown, shot


@dataclass(frozen=True, slots=True)
class ArmourItem:
    """Worn armour, a helmet, a shield or a plate of steel, with its AV (personal scale)."""

    name: str
    av: int
    structural: bool = False
    rigid: bool = False  # rigid, semi-rigid or bulky: at most one worn (PA-8)
    kind: str = "armour"  # armour | vest | helmet | shield | plate | material | class
    thickness_mm: Fraction | None = None  # RHA equivalent, where the table gives it
    aliases: tuple[str, ...] = ()
    note: str = ""
    source: str = "built-in"


@dataclass(frozen=True, slots=True)
class CoverItem:
    """A piece of cover. ``av`` is None for the table's rows without a value (PA-13)."""

    name: str
    av: int | None
    structural: bool = False
    covers: frozenset[Direction] = HORIZONTAL
    aliases: tuple[str, ...] = ()
    note: str = ""
    source: str = "built-in"


@dataclass(frozen=True, slots=True)
class Plate:
    """A vehicle plate (PA-10): actual RHA thickness in mm, or actual SAV; slope back from vertical."""

    thickness_mm: Fraction | None = None
    sav: Fraction | None = None
    slope: Fraction = Fraction(0)
    composite: bool = False
    stated_sav: Fraction | None = None  # the effective SAV a source prints, checked against ours
    source: str = ""  # where the figure comes from: a URL, or a book with its page
    note: str = ""  # what the source says beyond the figure (a composite face's shaped-charge figure)


@dataclass(frozen=True, slots=True)
class Vehicle:
    """A vehicle with named faces (front, side, rear, top, bottom, turret_*), each a plate."""

    name: str
    faces: Mapping[str, Plate]
    aliases: tuple[str, ...] = ()
    note: str = ""
    source: str = "built-in"
    extra: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Every vehicle has the faces the rules look up (PA-9), whoever builds it.
        problem = faces_problem(self.faces)
        if problem is not None:
            raise CatalogError(f"vehicle {self.name!r}.faces", ", ".join(self.faces), problem)


CatalogItem = AmmoType | AttackProfile | ArmourItem | CoverItem | Vehicle
