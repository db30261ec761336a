"""What the PEN estimator reads: a round's ballistics (:class:`Ballistics`), a row of the text's
tables with them (:class:`TableRow`), and the classes the text draws between them (the calibre
that makes a round a gun's, the velocity that puts it in the rifle column, PA-1, PA-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from armourpen.catalog.items import RangeColumn
from armourpen.penav.ranges import band_for_metres, range_modifier
from armourpen.serialize import number


class Bullet(StrEnum):
    """How the bullet is built: only a hard core changes the law (PA-6)."""

    BALL = "ball"
    LEAD = "lead"
    SOFT = "soft"
    AP = "ap"
    SUB_CALIBRE = "sub_calibre"

    @property
    def hard(self) -> bool:
        return self in (Bullet.AP, Bullet.SUB_CALIBRE)


STRUCTURAL_CALIBRE_MM = 20.0
"""From this calibre on a round is a gun's (autocannon and up): shown on the structural scale
(PA-1), with no range column (PA-4)."""

SMALL_ARMS_TOP_MM = 18.5
"""The widest round of the text's small-arms table (the 12-gauge slug): the small-arms law alone
up to here."""

GUN_BOTTOM_MM = 30.0
"""The narrowest gun of the text's autocannon table (30x173mm): the gun law alone from here."""

RIFLE_VELOCITY_MPS = 700.0
"""Without a column given, a round at least this fast uses the rifle column: every handgun and SMG
row of the data is slower, every rifle row faster (PA-4)."""

PERSONAL_TABLE_MAX = 20
"""The small-arms table ends at PEN 20; past it the answer is given as SPEN too (PA-1)."""

NEAREST = 3
"""How many rows of the text's tables an estimate shows beside it."""


@dataclass(frozen=True, slots=True)
class Ballistics:
    """A round: its calibre (a sub-calibre round's penetrator), mass, muzzle velocity and bullet."""

    calibre_mm: float
    mass_g: float
    velocity_mps: float
    bullet: Bullet = Bullet.BALL

    @property
    def energy_j(self) -> float:
        """Kinetic energy at the muzzle, E = m v^2 / 2 (joules)."""
        return self.mass_g / 1000 * self.velocity_mps**2 / 2

    @property
    def energy_per_mm(self) -> float:
        """E/d, joules per millimetre of calibre: what the small-arms law grows with."""
        return self.energy_j / self.calibre_mm

    @property
    def structural(self) -> bool:
        return self.calibre_mm >= STRUCTURAL_CALIBRE_MM


@dataclass(frozen=True, slots=True)
class TableRow:
    """A row of the text's tables with sourced ballistics: its PEN, and the range it is given at
    (``.50 BMG M8 API-T at 500m``) where the text ties it to one (PA-13). A row of the autocannon
    and artillery table is ``structural``: the text gives it as SPEN ``pen / 5`` (PA-1)."""

    name: str
    pen: int
    ballistics: Ballistics
    at_range_m: int | None = None
    construction: str = ""
    source: str = ""
    structural: bool = False

    @property
    def column(self) -> RangeColumn:
        return RangeColumn.NONE if self.structural else default_column(self.ballistics)

    @property
    def figure(self) -> str:
        """The row's figure as the text prints it: ``PEN 7`` or ``SPEN 16``."""
        return f"SPEN {self.pen // 5}" if self.structural else f"PEN {self.pen}"

    @property
    def muzzle_pen(self) -> int:
        """The PEN at the muzzle: a row given at a range gets back its range modifier (PA-4)."""
        if self.at_range_m is None:
            return self.pen
        return self.pen - range_modifier(band_for_metres(self.at_range_m), self.column).pen

    def to_dict(self) -> dict[str, Any]:
        b = self.ballistics
        return {"name": self.name, "pen": self.pen,
                "spen": self.pen // 5 if self.structural else None, "at_range_m": self.at_range_m,
                "muzzle_pen": self.muzzle_pen, "bullet": b.bullet.value,
                "calibre_mm": number(b.calibre_mm), "mass_g": number(b.mass_g),
                "velocity_mps": number(b.velocity_mps), "energy_j": round(b.energy_j, 1),
                "construction": self.construction, "source": self.source}


def default_column(b: Ballistics) -> RangeColumn:
    """The range column a round uses when none is given (PA-4)."""
    if b.structural:
        return RangeColumn.NONE
    return RangeColumn.RIFLE if b.velocity_mps >= RIFLE_VELOCITY_MPS else RangeColumn.HANDGUN
