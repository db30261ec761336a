"""Batch sweeps under PEN/AV: whole grids of attacks x defences x range bands x directions at once.

A sweep is the vectorized twin of :func:`armourpen.resolve` for one target behind its cover: every
cell is the outcome ``resolve`` gives for one attack profile at one band (or distance), against one
defence (cover items and worn armour, layered by PA-7) attacked from one direction (PA-9). The
tests prove the two equal cell for cell.

The work splits along the grid's axes: effective PEN depends only on (attack, band) (PA-1, PA-3 to
PA-6) and the defence's AV only on (defence, direction) (PA-7, PA-9), so both are small arrays and
the comparison (PA-2) is one broadcast over the whole grid.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from armourpen.catalog.items import MAX_NAME_CHARS, ArmourItem, AttackProfile, CoverItem, RangeColumn
from armourpen.errors import MISSING, InputError, UnknownNameError
from armourpen.explain import Caution, Ruling
from armourpen.layout import Badge, Tone
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.penav.ammo import BALL_AS_SP_BANDS, OPTIONAL_RULES, RIFLE_BALL_AS_SP
from armourpen.penav.direction import Direction
from armourpen.penav.layout import BADGES
from armourpen.penav.penetration import Result
from armourpen.penav.ranges import RANGE_TABLE, Band, Distance, band_for, band_for_metres, beyond_reach
from armourpen.penav.scale import MAX_VALUE, structural
from armourpen.penav.wearing import Worn, wearing_warnings
from armourpen.serialize import number

if TYPE_CHECKING:
    from armourpen.catalog import Catalog

__all__ = [
    "CODE_RESULTS",
    "OUT_OF_REACH",
    "SYMBOLS",
    "Defence",
    "DefenceLayer",
    "SweepCell",
    "SweepResult",
    "sweep",
]

ALL_DIRECTIONS: frozenset[Direction] = frozenset(Direction)
"""Worn armour counts from every direction (PA-9)."""

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

_BAND_ORDER: tuple[Band, ...] = tuple(Band)
_COLUMN_ORDER: tuple[RangeColumn, ...] = (RangeColumn.HANDGUN, RangeColumn.RIFLE, RangeColumn.NONE)


# --- defences ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DefenceLayer:
    """One layer of a defence, AV on the personal scale, with the directions it protects from."""

    name: str
    av: int
    kind: str = "armour"  # armour (worn: every direction) | cover
    covers: frozenset[Direction] = ALL_DIRECTIONS
    structural: bool = False
    rigid: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("armour", "cover"):
            raise InputError(f"{self.name}.kind", self.kind, "allowed: armour, cover")
        if isinstance(self.av, bool) or not isinstance(self.av, int) or not 0 <= self.av <= MAX_VALUE:
            raise InputError(f"{self.name}.av", self.av,
                             f"allowed: a whole number 0 to {MAX_VALUE} on the personal scale (PA-1)")
        if self.kind == "armour" and self.covers != ALL_DIRECTIONS:
            raise InputError(f"{self.name}.covers", sorted(d.value for d in self.covers),
                             "worn armour counts from every direction (PA-9)")

    @classmethod
    def from_armour(cls, item: ArmourItem) -> DefenceLayer:
        return cls(item.name, item.av, "armour", ALL_DIRECTIONS, item.structural, item.rigid)

    @classmethod
    def from_cover(cls, item: CoverItem, field: str = "cover") -> DefenceLayer:
        if item.av is None:  # the catalog's cover() refuses these with the nearby items (PA-13)
            raise InputError(field, item.name, "the text gives it no AV (PA-13)")
        return cls(item.name, item.av, "cover", item.covers, item.structural)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "av": self.av, "kind": self.kind,
                             "covers": [x.value for x in Direction if x in self.covers]}
        if self.structural:
            d["sav"] = number(structural(self.av))
        return d


def _lookup_layer(name: str, catalog: Catalog, field: str) -> DefenceLayer:
    """A catalog armour or cover item by name (names are unique across kinds)."""
    from armourpen.catalog import kind_of

    try:
        item = catalog.get(name, field=field)
    except UnknownNameError:
        suggestions = [*catalog.suggest(name, "armour", 3), *catalog.suggest(name, "cover", 3)]
        raise UnknownNameError(field, name, "armour or cover item", suggestions) from None
    if isinstance(item, ArmourItem):
        return DefenceLayer.from_armour(item)
    if isinstance(item, CoverItem):
        return DefenceLayer.from_cover(catalog.cover(name, field), field)
    raise InputError(field, name, f"{item.name!r} is a {kind_of(item)} item; a defence is made of "
                     "armour and cover items")


@dataclass(frozen=True, slots=True)
class Defence:
    """A named combination of cover and worn armour, e.g. ``Sandbag wall, single layer + US PASGT vest``.

    The layers stand in the order given (cover in front of what the target wears); the order does
    not change the layered AV (PA-7). A defence with no layers is a bare target (AV 0).
    """

    name: str
    layers: tuple[DefenceLayer, ...] = ()

    @classmethod
    def from_names(
        cls, names: Sequence[str], catalog: Catalog, name: str | None = None, field: str = "defence"
    ) -> Defence:
        """Cover and armour items of the catalog, by name, layered together."""
        if isinstance(names, str):
            names = [names]
        layers = tuple(_lookup_layer(n, catalog, f"{field}[{i}]") for i, n in enumerate(names))
        return cls(name if name is not None else " + ".join(layer.name for layer in layers), layers)

    @classmethod
    def parse(cls, text: str, catalog: Catalog, field: str = "defence") -> Defence:
        """``"Sandbag wall, single layer + US PASGT vest"``: catalog names joined by ``+``."""
        parts = text.split("+")
        if not text.strip() or any(not p.strip() for p in parts):
            raise InputError(field, text, "catalog armour or cover names joined by '+', e.g. "
                             "'Sandbag wall, single layer + US PASGT vest'")
        names: list[str] = []
        i = 0
        while i < len(parts):
            # The longest run of parts that names an item: a user's item may have '+' in its name.
            # Runs longer than any name are not tried, so the work grows with the parts, no faster.
            runs = [(i + 1, parts[i].strip())]
            text = parts[i]
            for j in range(i + 2, len(parts) + 1):
                text += "+" + parts[j - 1]
                if len(text.strip()) > MAX_NAME_CHARS:
                    break
                runs.append((j, text.strip()))
            i, name = next((j, run) for j, run in reversed(runs)
                           if j == i + 1 or catalog.find(run) is not None)
            names.append(name)
        return cls.from_names(names, catalog, field=field)

    @property
    def worn(self) -> tuple[DefenceLayer, ...]:
        return tuple(layer for layer in self.layers if layer.kind == "armour")

    @property
    def structural(self) -> bool:
        return any(layer.structural for layer in self.layers)

    def av(self, direction: Direction) -> int:
        """The layered AV against an attack from ``direction`` (PA-9, then PA-7), one at a time."""
        from armourpen.penav.layering import Layer, layered_av

        facing = [Layer(x.name, x.av) for x in self.layers if direction in x.covers]
        return layered_av(facing).value

    def warnings(self) -> tuple[Caution, ...]:
        """What PA-8 says about the worn layers."""
        worn = [Worn(x.name, x.rigid) for x in self.worn]
        return wearing_warnings(self.name, worn) if worn else ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "layers": [x.to_dict() for x in self.layers]}


# --- the result -------------------------------------------------------------------------------


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


# --- the engine -------------------------------------------------------------------------------


def _attacks(attacks: Sequence[AttackProfile | str], catalog: Catalog) -> tuple[AttackProfile, ...]:
    out = []
    for i, a in enumerate(attacks):
        out.append(a if isinstance(a, AttackProfile) else catalog.attack(a, f"attacks[{i}]"))
    if not out:
        raise InputError("attacks", MISSING, "`attacks` is required: at least one attack profile")
    return tuple(out)


def _defences(defences: Sequence[Defence | str], catalog: Catalog) -> tuple[Defence, ...]:
    out = []
    for i, d in enumerate(defences):
        out.append(d if isinstance(d, Defence) else Defence.parse(d, catalog, f"defences[{i}]"))
    if not out:
        raise InputError("defences", MISSING, "`defences` is required: at least one defence")
    return tuple(out)


def _columns(
    bands: Sequence[str] | None, distances: Sequence[str | int | float] | None
) -> tuple[tuple[Band, ...], tuple[Distance | None, ...]]:
    if bands is not None and distances is not None:
        raise InputError("distances", list(distances), "give bands or distances, not both")
    if distances is not None:
        ds = tuple(Distance.parse(x, f"distances[{i}]") for i, x in enumerate(distances))
        if not ds:
            raise InputError("distances", MISSING, "`distances` is required: at least one distance")
        return tuple(band_for(x) for x in ds), ds
    if bands is None:
        return _BAND_ORDER, (None,) * len(_BAND_ORDER)
    out: list[Band] = []
    for i, b in enumerate(bands):
        key = b.strip().lower().replace(" ", "_").replace("-", "_")
        try:
            out.append(Band(key))
        except ValueError:
            raise InputError(f"bands[{i}]", b, "allowed: " + ", ".join(x.value for x in Band)) \
                from None
    if not out:
        raise InputError("bands", MISSING, "`bands` is required: at least one band")
    _once(out, "bands", bands)
    return tuple(out), (None,) * len(out)


def _directions(directions: Sequence[str]) -> tuple[Direction, ...]:
    out = tuple(Direction.parse(d, f"directions[{i}]") for i, d in enumerate(directions))
    if not out:
        raise InputError("directions", MISSING, "`directions` is required: at least one direction")
    _once(out, "directions", directions)
    return out


def _axes(catalog: Catalog, attacks: object, defences: object, bands: object, distances: object,
          directions: object, optional_rules: object) -> tuple[
        tuple[AttackProfile, ...], tuple[Defence, ...], tuple[Band, ...],
        tuple[Distance | None, ...], tuple[Direction, ...], frozenset[str]]:
    """The axes of a sweep from its arguments, each of the type it takes (ArgumentTypeError)."""
    from armourpen import arguments

    attack_args = arguments.entries("attacks", attacks, "attack profiles or their names",
                                    arguments.text_or(AttackProfile, "an AttackProfile or a name"))
    defence_args = arguments.entries("defences", defences, "defences or names joined by '+'",
                                     arguments.text_or(Defence, "a Defence or names joined by '+'"))
    band_args = None if bands is None else arguments.texts("bands", bands, "range bands")
    distance_args = None if distances is None else arguments.entries(
        "distances", distances, "distances", distance_entry)
    direction_args = arguments.texts("directions", directions, "directions")
    rule_args = arguments.texts("optional_rules", optional_rules, "optional rules")
    profs = _attacks(attack_args, catalog)
    defs = _defences(defence_args, catalog)
    band_axis, distance_axis = _columns(band_args, distance_args)
    return (profs, defs, band_axis, distance_axis, _directions(direction_args),
            _optional(rule_args))


def distance_entry(field: str, value: object) -> str | int | float:
    """A distance argument as a plain value: a text such as ``"150 m"`` or a number of metres."""
    from armourpen import arguments

    if isinstance(value, str):
        return arguments.text(field, value)
    return arguments.number(field, value, "a distance such as '150 m' (a str), or a number of "
                            "metres (an int or a float)")


def _once(values: Sequence[object], field: str, shown: Sequence[object]) -> None:
    """Refuse a value given twice: a repeat would be merged or dropped in silence."""
    for i, v in enumerate(values):
        if v in values[:i]:
            raise InputError(f"{field}[{i}]", shown[i], f"{shown[i]} is given twice; give each once")


def _optional(rules: Sequence[str]) -> frozenset[str]:
    for i, r in enumerate(rules):
        if r not in OPTIONAL_RULES:
            raise InputError(f"optional_rules[{i}]", r, "allowed: " + ", ".join(sorted(OPTIONAL_RULES)))
    _once(rules, "optional_rules", rules)
    return frozenset(rules)


def _range_tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """PEN and DC modifiers indexed [column, band] (PA-3, PA-4, PA-5); ``none`` is all zeros."""
    pen = np.zeros((len(_COLUMN_ORDER), len(_BAND_ORDER)), dtype=np.int32)
    dc = np.zeros_like(pen)
    for b, band in enumerate(_BAND_ORDER):
        hp, hd, rp, rd = RANGE_TABLE[band]
        pen[0, b], dc[0, b], pen[1, b], dc[1, b] = hp, hd, rp, rd
    return pen, dc


def _tied_range_warnings(attacks: Sequence[AttackProfile], bands: Sequence[Band]) -> list[Caution]:
    out = []
    for a in attacks:
        if a.tied_range_m is None:
            continue
        tied = band_for_metres(a.tied_range_m)
        other = [b.label for b in dict.fromkeys(bands) if b is not tied]
        if other:
            out.append(Caution(Ruling.PA_13, f"{a.name} holds at {a.tied_range_m} m ({tied.label}) "
                               f"only; used here at {', '.join(other)}"))
    return out


def check_listed(limits: Limits, cells: int, field: str = "table") -> None:
    """Refuse, before the sweep, a table that would list more than ``max_table_cells`` cells
    (attacks x defences x columns x directions): the sweep is quick, its answer is not."""
    limits.check("max_table_cells", cells,
                 "cells to list (attacks x defences x columns x directions)", field)


def sweep(
    attacks: Sequence[AttackProfile | str],
    defences: Sequence[Defence | str],
    bands: Sequence[Band | str] | None = None,
    distances: Sequence[str | int | float] | None = None,
    directions: Sequence[Direction | str] = (Direction.FRONT,),
    optional_rules: Sequence[str] = (),
    catalog: Catalog | None = None,
    ammo: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> SweepResult:
    """Resolve every attack against every defence at every band (or distance) from every direction.

    ``attacks`` are catalog profiles or their names; ``defences`` are :class:`Defence` values or
    catalog names joined by ``+``. Without ``bands`` or ``distances`` every band is swept, Contact
    included. ``ammo`` loads every attack with that ammunition type, as a scenario's
    ``attack.ammo`` does. Names are looked up in ``catalog`` (default: the built-in catalog only,
    as for scenarios; pass ``Catalog.load()`` for the user's files). Several values are given as
    a list or tuple, even one (``["long"]``).
    """
    from armourpen import arguments

    ammo = arguments.optional_text("ammo", ammo, "the name of an ammunition type (a str)")
    catalog = arguments.catalog(catalog)
    limits = arguments.limits(limits)
    if catalog is None:
        from armourpen.catalog import Catalog

        catalog = Catalog.builtin()
    profs, defs, band_axis, distance_axis, dirs, rules = _axes(
        catalog, attacks, defences, bands, distances, directions, optional_rules)
    cells = len(profs) * len(defs) * len(band_axis) * len(dirs)
    limits.check("max_sweep_cells", cells, "cells (attacks x defences x columns x directions)",
                 "sweep")

    # --- effective PEN and DC per (attack, band): PA-1, PA-3 to PA-6 ---
    soft_point = catalog.ammo("sp", "ammo")
    override = None if ammo is None else catalog.ammo(ammo, "ammo")
    loaded = [override if override is not None else catalog.ammo(p.ammo, "ammo") for p in profs]
    ammo_names: list[str] = []
    ammo_slot: dict[str, int] = {}

    def slot(name: str) -> int:
        if name not in ammo_slot:
            ammo_slot[name] = len(ammo_names)
            ammo_names.append(name)
        return ammo_slot[name]

    loaded_slot = np.array([slot(x.name) for x in loaded], dtype=np.int32)
    sp_slot = slot(soft_point.name)
    base_pen = np.array([p.pen for p in profs], dtype=np.int32)
    loaded_pen = np.array([x.pen_mod for x in loaded], dtype=np.int32)
    loaded_dc = np.array([x.dc_mod for x in loaded], dtype=np.int32)
    column = np.array([_COLUMN_ORDER.index(p.range_column) for p in profs], dtype=np.intp)
    band_idx = np.array([_BAND_ORDER.index(b) for b in band_axis], dtype=np.intp)
    # PA-6: the optional rule turns high-velocity rifle Ball into SP from Contact to Medium.
    qualifies = np.array(
        [RIFLE_BALL_AS_SP in rules and p.high_velocity and p.range_column is RangeColumn.RIFLE
         and x.name.lower() == "ball" for p, x in zip(profs, loaded, strict=True)],
        dtype=bool,
    )
    in_sp_bands = np.array([b in BALL_AS_SP_BANDS for b in band_axis], dtype=bool)
    as_sp = qualifies[:, None] & in_sp_bands[None, :]
    range_pen, range_dc = _range_tables()
    cols, bs = column[:, None], band_idx[None, :]
    pen_mod = np.where(as_sp, np.int32(soft_point.pen_mod), loaded_pen[:, None])
    dc_mod = np.where(as_sp, np.int32(soft_point.dc_mod), loaded_dc[:, None]) + range_dc[cols, bs]
    pen = np.maximum(base_pen[:, None] + pen_mod + range_pen[cols, bs], 0).astype(np.int32)
    dc_mod = dc_mod.astype(np.int32)
    base_dc = np.array([-1 if p.dc is None else p.dc for p in profs], dtype=np.int32)
    dc = np.where(base_dc[:, None] >= 0, np.maximum(base_dc[:, None] + dc_mod, 0), -1).astype(np.int32)
    ammo_index = np.where(as_sp, np.int32(sp_slot), loaded_slot[:, None]).astype(np.int32)

    # --- layered AV per (defence, direction): PA-9 then PA-7 ---
    n_layers = max(1, max(len(d.layers) for d in defs))
    layer_av = np.zeros((len(defs), n_layers), dtype=np.int32)
    covers = np.zeros((len(defs), n_layers, len(dirs)), dtype=bool)
    for j, d in enumerate(defs):
        for m, layer in enumerate(d.layers):
            layer_av[j, m] = layer.av
            covers[j, m] = [x in layer.covers for x in dirs]
    facing = np.where(covers, layer_av[:, :, None], 0)  # a layer that does not cover adds nothing
    # The highest AV, +1 for each further layer of AV 1 or more (absent layers count as AV 0).
    positive = (facing >= 1).sum(axis=1, dtype=np.int32)
    av = (facing.max(axis=1) + np.maximum(positive - 1, 0)).astype(np.int32)

    # --- PA-2 over the whole grid: [attack, defence, band, direction] ---
    p4 = pen[:, None, :, None]
    a4 = av[None, :, None, :]
    outcome = np.greater_equal(p4, a4).view(np.int8) + np.greater(p4, a4).view(np.int8)
    # PA-3: a column past an attack's reach (melee: Contact only) has no outcome.
    reached = ~np.array([[beyond_reach(p, b) for b in band_axis] for p in profs], dtype=bool)
    outcome = np.where(reached[:, None, :, None], outcome, np.int8(OUT_OF_REACH)).astype(np.int8)

    for arr in (pen, av, outcome, ammo_index, dc_mod, dc, reached):
        arr.flags.writeable = False  # the result is a value: its arrays are read-only
    warnings = _tied_range_warnings(profs, band_axis)
    for d in defs:
        warnings.extend(d.warnings())
    return SweepResult(
        attacks=profs,
        defences=defs,
        bands=band_axis,
        distances=distance_axis,
        directions=dirs,
        optional_rules=rules,
        pen=pen,
        av=av,
        outcome=outcome,
        ammo_index=ammo_index,
        ammo_names=tuple(ammo_names),
        dc_modifier=dc_mod,
        dc=dc,
        warnings=tuple(warnings),
        reached=reached,
    )
