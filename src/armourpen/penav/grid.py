"""Batch sweeps under PEN/AV, the engine: whole grids of attacks x defences x range bands x
directions at once.

A sweep is the vectorized twin of :func:`armourpen.resolve` for one target behind its cover: every
cell is the outcome ``resolve`` gives for one attack profile at one band (or distance), against one
defence (cover items and worn armour, layered by PA-7) attacked from one direction (PA-9). The
tests prove the two equal cell for cell.

The work splits along the grid's axes: effective PEN depends only on (attack, band) (PA-1, PA-3 to
PA-6) and the defence's AV only on (defence, direction) (PA-7, PA-9), so both are small arrays and
the comparison (PA-2) is one broadcast over the whole grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from armourpen.catalog.items import AttackProfile, RangeColumn
from armourpen.errors import MISSING, InputError
from armourpen.explain import Caution, Ruling
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.penav.ammo import BALL_AS_SP_BANDS, OPTIONAL_RULES, RIFLE_BALL_AS_SP
from armourpen.penav.defences import Defence
from armourpen.penav.direction import Direction
from armourpen.penav.ranges import RANGE_TABLE, Band, Distance, band_for, band_for_metres, beyond_reach
from armourpen.penav.sweep_result import OUT_OF_REACH, SweepResult

if TYPE_CHECKING:
    from armourpen.catalog import Catalog


_BAND_ORDER: tuple[Band, ...] = tuple(Band)
_COLUMN_ORDER: tuple[RangeColumn, ...] = (RangeColumn.HANDGUN, RangeColumn.RIFLE, RangeColumn.NONE)


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
