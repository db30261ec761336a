"""What a PEN/AV sweep answers: the resolved grid (:class:`SweepResult`), its cells, their codes.

Outcome codes and the symbols a table or chart shows for them live here with the grid they fill
(:mod:`armourpen.penav.grid` is the engine that fills it).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import numpy.typing as npt

from armourpen.catalog.items import AttackProfile
from armourpen.explain import Caution
from armourpen.layout import Badge, Tone
from armourpen.penav.direction import Direction
from armourpen.penav.layout import BADGES
from armourpen.penav.penetration import Result
from armourpen.penav.ranges import Band, Distance
from armourpen.penav.scale import structural
from armourpen.serialize import number

if TYPE_CHECKING:
    from armourpen.penav.defences import Defence

CODE_RESULTS: tuple[Result, Result, Result] = (
    Result.STOPPED,
    Result.PENETRATED_REDUCED,
    Result.PENETRATED,
)
"""Outcome codes in :attr:`SweepResult.outcome`: 0 stopped, 1 PEN = AV, 2 PEN > AV (PA-2)."""

SYMBOLS: dict[Result, str] = {r: BADGES[r].symbol for r in CODE_RESULTS}
"""The chart's symbols (the badges of PEN/AV outcomes): penetrates, with -4, stopped."""

OUT_OF_REACH = 3
"""The outcome code of a cell past the attack's reach (PA-3): no outcome, shown as ``–``."""
OUT_OF_REACH_KEY = "out_of_reach"
"""A cell's ``outcome`` past the attack's reach, in rows and JSON."""
OUT_OF_REACH_SYMBOL = "–"
OUT_OF_REACH_BADGE = Badge(OUT_OF_REACH_KEY, "out of reach", OUT_OF_REACH_SYMBOL, Tone.MUTED)
"""How a chart shows such a cell."""

LEGEND: dict[str, str] = {
    "✓": "penetrates (PEN > AV)",
    "≈": "penetrates, wound roll -4 (PEN = AV)",
    "·": "stopped (PEN < AV)",
    OUT_OF_REACH_SYMBOL: "out of reach (melee reaches Contact only; shot as far as the catalog "
                         "gives)",
}

@dataclass(frozen=True, slots=True)
class SweepCell:
    """One cell of a sweep: what ``resolve`` would say for one target behind this defence."""

    attack: str
    defence: str
    band: Band
    distance: str | None
    direction: Direction
    pen: int
    av: int
    result: Result | None  # None: past the attack's reach (PA-3)
    ammo: str
    dc_modifier: int
    dc: int | None
    pen_structural: bool = False
    av_structural: bool = False

    @property
    def reached(self) -> bool:
        return self.result is not None

    @property
    def symbol(self) -> str:
        return OUT_OF_REACH_SYMBOL if self.result is None else SYMBOLS[self.result]

    @property
    def wound_modifier(self) -> int | None:
        return None if self.result is None else self.result.wound_modifier

    def to_dict(self) -> dict[str, Any]:
        if self.result is None:  # the attack does not get there: no PEN, DC or ammunition
            return {**_unreached(self.attack, self.defence, self.band, self.distance,
                                 self.direction, self.av,
                                 number(structural(self.av)) if self.av_structural else None)}
        return {
            "attack": self.attack,
            "defence": self.defence,
            "band": self.band.value,
            "distance": self.distance,
            "from": self.direction.value,
            "pen": self.pen,
            "spen": number(structural(self.pen)) if self.pen_structural else None,
            "av": self.av,
            "sav": number(structural(self.av)) if self.av_structural else None,
            "outcome": self.result.value,
            "symbol": self.symbol,
            "wound_modifier": self.wound_modifier,
            "ammo": self.ammo,
            "dc_modifier": self.dc_modifier,
            "dc": self.dc,
        }


def _unreached(attack: str, defence: str, band: Band, distance: str | None, direction: Direction,
               av: int, sav: object) -> dict[str, Any]:
    """A row past the attack's reach: the defence's AV stands, the attack has no PEN there."""
    return {
        "attack": attack, "defence": defence, "band": band.value, "distance": distance,
        "from": direction.value, "pen": None, "spen": None, "av": av, "sav": sav,
        "outcome": OUT_OF_REACH_KEY, "symbol": OUT_OF_REACH_SYMBOL, "wound_modifier": None,
        "ammo": None, "dc_modifier": None, "dc": None,
    }


ROW_FIELDS: tuple[str, ...] = (
    "attack", "defence", "band", "distance", "from", "pen", "spen", "av", "sav", "outcome",
    "symbol", "wound_modifier", "ammo", "dc_modifier", "dc",
)
"""The keys of :meth:`SweepResult.rows`, in order (the CSV header)."""


@dataclass(frozen=True)
class SweepResult:
    """A resolved grid. Axes: attack ``i``, defence ``j``, column ``k`` (band or distance), direction ``l``.

    - ``pen[i, k]``: effective PEN on the personal scale (never below 0, PA-3);
    - ``av[j, l]``: the defence's layered AV from that direction (PA-7, PA-9);
    - ``outcome[i, j, k, l]``: 0 stopped, 1 penetrates with -4, 2 penetrates (see ``CODE_RESULTS``),
      3 past the attack's reach (:data:`OUT_OF_REACH`, PA-3);
    - ``reached[i, k]``: whether attack ``i`` reaches column ``k`` (its catalog ``reach``);
    - ``ammo_index[i, k]``: index into ``ammo_names`` of the ammunition used (PA-6);
    - ``dc_modifier[i, k]`` and ``dc[i, k]`` (-1 where the profile gives no base DC, PA-5).
    """

    row_fields: ClassVar[tuple[str, ...]] = ROW_FIELDS
    """The keys of :meth:`rows`, in order (the CSV header)."""

    attacks: tuple[AttackProfile, ...]
    defences: tuple[Defence, ...]
    bands: tuple[Band, ...]
    distances: tuple[Distance | None, ...]
    directions: tuple[Direction, ...]
    optional_rules: frozenset[str]
    pen: npt.NDArray[np.int32]
    av: npt.NDArray[np.int32]
    outcome: npt.NDArray[np.int8]
    ammo_index: npt.NDArray[np.int32]
    ammo_names: tuple[str, ...]
    dc_modifier: npt.NDArray[np.int32]
    dc: npt.NDArray[np.int32]
    reached: npt.NDArray[np.bool_]
    warnings: tuple[Caution, ...] = field(default=())

    @property
    def shape(self) -> tuple[int, int, int, int]:
        a, d, b, r = self.outcome.shape
        return (a, d, b, r)

    @property
    def size(self) -> int:
        return int(self.outcome.size)

    def column_label(self, k: int) -> str:
        """The band's key, or the distance as given."""
        d = self.distances[k]
        return self.bands[k].value if d is None else str(d)

    def result(self, i: int, j: int, k: int, l: int) -> Result | None:  # noqa: E741
        """The outcome of a cell (PA-2), or None past the attack's reach (PA-3)."""
        code = int(self.outcome[i, j, k, l])
        return None if code == OUT_OF_REACH else CODE_RESULTS[code]

    def cell(self, i: int, j: int, k: int, l: int) -> SweepCell:  # noqa: E741
        """One cell as a value (attack i, defence j, band or distance k, direction l)."""
        attack = self.attacks[i]
        dc = int(self.dc[i, k])
        distance = self.distances[k]
        return SweepCell(
            attack=attack.name,
            defence=self.defences[j].name,
            band=self.bands[k],
            distance=None if distance is None else str(distance),
            direction=self.directions[l],
            pen=int(self.pen[i, k]),
            av=int(self.av[j, l]),
            result=self.result(i, j, k, l),
            ammo=self.ammo_names[int(self.ammo_index[i, k])],
            dc_modifier=int(self.dc_modifier[i, k]),
            dc=None if attack.dc is None else dc,
            pen_structural=attack.structural,
            av_structural=self.defences[j].structural,
        )

    def cells(self) -> Iterator[SweepCell]:
        """Every cell, attack-major (the order of :meth:`rows`)."""
        a, d, b, r = self.shape
        for i, j, k, l in itertools.product(range(a), range(d), range(b), range(r)):  # noqa: E741
            yield self.cell(i, j, k, l)

    def rows(self) -> list[dict[str, Any]]:
        """Long-format records, one per cell, with the keys of :data:`ROW_FIELDS`."""
        _, d, b, r = self.shape
        pen = self.pen.tolist()
        av = self.av.tolist()
        out_codes = self.outcome.tolist()
        ammo = self.ammo_index.tolist()
        dcm = self.dc_modifier.tolist()
        dcv = self.dc.tolist()
        cols = [self.distances[k] for k in range(b)]
        names_d = [x.name for x in self.defences]
        sav = [
            [number(structural(v)) if x.structural else None for v in av[j]]
            for j, x in enumerate(self.defences)
        ]
        rows: list[dict[str, Any]] = []
        for i, attack in enumerate(self.attacks):
            pen_i, codes_i = pen[i], out_codes[i]
            for j in range(d):
                codes_ij, av_j, sav_j = codes_i[j], av[j], sav[j]
                for k in range(b):
                    p = pen_i[k]
                    spen = number(structural(p)) if attack.structural else None
                    col = cols[k]
                    for l in range(r):  # noqa: E741
                        code = codes_ij[k][l]
                        if code == OUT_OF_REACH:
                            rows.append(_unreached(
                                attack.name, names_d[j], self.bands[k],
                                None if col is None else str(col), self.directions[l], av_j[l],
                                sav_j[l]))
                            continue
                        res = CODE_RESULTS[code]
                        rows.append({
                            "attack": attack.name,
                            "defence": names_d[j],
                            "band": self.bands[k].value,
                            "distance": None if col is None else str(col),
                            "from": self.directions[l].value,
                            "pen": p,
                            "spen": spen,
                            "av": av_j[l],
                            "sav": sav_j[l],
                            "outcome": res.value,
                            "symbol": SYMBOLS[res],
                            "wound_modifier": res.wound_modifier,
                            "ammo": self.ammo_names[ammo[i][k]],
                            "dc_modifier": dcm[i][k],
                            "dc": None if attack.dc is None else dcv[i][k],
                        })
        return rows

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: the axes, the legend, every cell as a row, and the warnings."""
        return {
            "rules": "penav",
            "attacks": [
                {"name": x.name, "pen": x.pen, "range_column": x.range_column.value,
                 "structural": x.structural, "reach": x.reach}
                for x in self.attacks
            ],
            "defences": [x.to_dict() for x in self.defences],
            "columns": [
                {"band": self.bands[k].value,
                 "distance": None if self.distances[k] is None else str(self.distances[k])}
                for k in range(len(self.bands))
            ],
            "directions": [d.value for d in self.directions],
            "optional_rules": sorted(self.optional_rules),
            "legend": {k: v for k, v in LEGEND.items()
                       if k != OUT_OF_REACH_SYMBOL or not self.reached.all()},
            "cells": self.rows(),
            "warnings": [w.to_dict() for w in self.warnings],
        }


