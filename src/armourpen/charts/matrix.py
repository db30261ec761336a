"""The ``matrix`` chart: attacks x defences at one band (or distance), each cell an outcome (PA-2).

Rows are attacks with their effective PEN there, columns are defences with their layered AV from
the chosen direction; each cell holds the outcome (penetrates, penetrates with -4, stopped) and the
margin PEN - AV. The data is one sweep (:mod:`armourpen.penav.grid`), the engine behind ``table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.explain import Caution, Ruling
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.penav.direction import Direction
from armourpen.penav.penetration import Result
from armourpen.penav.ranges import Band
from armourpen.penav.scale import structural_number

if TYPE_CHECKING:
    from armourpen.catalog import AttackProfile, Catalog
    from armourpen.penav.defences import Defence
    from armourpen.penav.sweep_result import SweepResult

LEGEND: dict[Result, str] = {
    Result.PENETRATED: "penetrates (PEN > AV)",
    Result.PENETRATED_REDUCED: "penetrates, wound roll -4 (PEN = AV)",
    Result.STOPPED: "stopped (PEN < AV)",
}
OUT_OF_REACH_TEXT = "out of reach (melee: Contact only; shot as far as the catalog gives)"
"""What a cell past the attack's reach (PA-3) says: it has no outcome and no margin."""


@dataclass(frozen=True, slots=True)
class Axis:
    """A row (attack, with its effective PEN) or a column (defence, with its layered AV)."""

    name: str
    value: int
    structural: bool

    def shown(self, prefix: str) -> str:
        """``PEN 7`` or ``AV 60 (SAV 12)`` (PA-1)."""
        s = f"{prefix} {self.value}"
        return s + f" (S{prefix} {structural_number(self.value)})" if self.structural else s


@dataclass(frozen=True, slots=True)
class MatrixChart:
    """Outcome of every attack (rows) against every defence (columns) at one band or distance."""

    attacks: tuple[Axis, ...]
    defences: tuple[Axis, ...]
    results: tuple[tuple[Result | None, ...], ...]  # [attack][defence]; None: out of reach
    band: Band
    distance: str | None
    direction: Direction
    optional_rules: tuple[str, ...] = ()
    warnings: tuple[Caution, ...] = ()

    kind = "matrix"
    rulings = (Ruling.PA_1, Ruling.PA_2, Ruling.PA_3, Ruling.PA_4, Ruling.PA_6, Ruling.PA_7, Ruling.PA_9)

    @property
    def where(self) -> str:
        """``Very Long (150 m)`` or ``Long``: the column the matrix is drawn at."""
        return self.band.label + (f" ({self.distance})" if self.distance else "")

    @property
    def title(self) -> str:
        return f"Who defeats what at {self.where}, attack from {self.direction.value}"

    def margin(self, i: int, j: int) -> int | None:
        """PEN - AV of attack ``i`` against defence ``j`` (> 0 penetrates, 0 with -4, < 0 stopped);
        None where the attack does not reach the column (PA-3)."""
        if self.results[i][j] is None:
            return None
        return self.attacks[i].value - self.defences[j].value

    @classmethod
    def from_sweep(cls, res: SweepResult, column: int = 0, direction: int = 0) -> MatrixChart:
        """The matrix of one column (band or distance) and one direction of a sweep."""
        pen = res.pen[:, column].tolist()
        av = res.av[:, direction].tolist()
        codes = res.outcome[:, :, column, direction].tolist()
        from armourpen.penav.sweep_result import CODE_RESULTS, OUT_OF_REACH

        distance = res.distances[column]
        return cls(
            attacks=tuple(Axis(a.name, pen[i], a.structural) for i, a in enumerate(res.attacks)),
            defences=tuple(Axis(d.name, av[j], d.structural) for j, d in enumerate(res.defences)),
            results=tuple(tuple(None if c == OUT_OF_REACH else CODE_RESULTS[c] for c in row)
                          for row in codes),
            band=res.bands[column],
            distance=None if distance is None else str(distance),
            direction=res.directions[direction],
            optional_rules=tuple(sorted(res.optional_rules)),
            warnings=res.warnings,
        )

    def to_dict(self) -> dict[str, Any]:
        from armourpen.penav.sweep_result import OUT_OF_REACH_KEY

        def axis(x: Axis, key: str) -> dict[str, Any]:
            return {"name": x.name, key: x.value,
                    f"s{key}": structural_number(x.value) if x.structural else None}

        def outcome(r: Result | None) -> str:
            return OUT_OF_REACH_KEY if r is None else r.value

        return {
            "kind": self.kind,
            "title": self.title,
            "band": self.band.value,
            "distance": self.distance,
            "from": self.direction.value,
            "optional_rules": list(self.optional_rules),
            "attacks": [axis(a, "pen") for a in self.attacks],
            "defences": [axis(d, "av") for d in self.defences],
            "cells": [
                {"attack": a.name, "defence": d.name, "pen": a.value, "av": d.value,
                 "margin": self.margin(i, j), "outcome": outcome(self.results[i][j])}
                for i, a in enumerate(self.attacks) for j, d in enumerate(self.defences)
            ],
            "legend": {r.value: text for r, text in LEGEND.items()}
            | ({OUT_OF_REACH_KEY: OUT_OF_REACH_TEXT}
               if any(r is None for row in self.results for r in row) else {}),
            "rulings": list(self.rulings),
            "warnings": [w.to_dict() for w in self.warnings],
        }


def matrix_chart(
    attacks: Sequence[AttackProfile | str],
    defences: Sequence[Defence | str],
    *,
    band: Band | str | None = None,
    distance: str | int | float | None = None,
    direction: Direction | str = Direction.FRONT,
    ammo: str | None = None,
    optional_rules: Sequence[str] = (),
    catalog: Catalog | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> MatrixChart:
    """Sweep the attacks against the defences at one band or distance and chart it: its data
    lists every cell, within ``max_table_cells``."""
    from armourpen import arguments
    from armourpen.catalog import AttackProfile
    from armourpen.errors import MISSING, InputError
    from armourpen.limits import check_listed
    from armourpen.penav.defences import Defence
    from armourpen.penav.grid import distance_entry, sweep
    from armourpen.values import Direction

    attacks = arguments.entries("attacks", attacks, "attack profiles or their names",
                                arguments.text_or(AttackProfile, "an AttackProfile or a name"))
    defences = arguments.entries("defences", defences, "defences or names joined by '+'",
                                 arguments.text_or(Defence, "a Defence or names joined by '+'"))
    limits = arguments.limits(limits)
    band = arguments.optional_text("band", band, "a range band (a str)")
    distance = None if distance is None else distance_entry("distance", distance)
    direction = arguments.text_or(Direction, "a direction (a str)")("direction", direction)
    if band is None and distance is None:
        raise InputError("band", MISSING, "`band` or `distance` is required: one band or one "
                         "distance for a matrix")
    if band is not None and distance is not None:
        raise InputError("band", band, "give one band or one distance for a matrix, not both")
    check_listed(limits, len(attacks) * len(defences), "attacks")
    res = sweep(attacks, defences, bands=None if band is None else [band],
                distances=None if distance is None else [distance], directions=[direction],
                optional_rules=optional_rules, catalog=catalog, ammo=ammo, limits=limits)
    return MatrixChart.from_sweep(res)
