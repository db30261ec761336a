"""The catalog's items as plain JSON-ready data, with what the PEN/AV rules say about them.

The catalog itself knows no rule set; a vehicle face's notation in the text's form
(``SAV 12 (5) 60°``) and the warnings about a source's stated figures come from PA-10, so the
JSON of an item (``armourpen catalog show --json``, the web API) is built here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from armourpen.catalog.catalog import kind_of
from armourpen.catalog.items import (
    AmmoType,
    ArmourItem,
    AttackProfile,
    CatalogItem,
    CoverItem,
    Plate,
)
from armourpen.penav.vehicle import face_notations, stated_warnings
from armourpen.serialize import number
from armourpen.values import STRUCTURAL_FACTOR, Direction


def _plate_dict(p: Plate) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if p.thickness_mm is not None:
        out["thickness_mm"] = number(p.thickness_mm)
    if p.sav is not None:
        out["sav"] = number(p.sav)
    out["slope"] = number(p.slope)
    out["composite"] = p.composite
    if p.stated_sav is not None:
        out["stated_sav"] = number(p.stated_sav)
    if p.source:
        out["source"] = p.source
    if p.note:
        out["note"] = p.note
    return out


def item_dict(item: CatalogItem) -> dict[str, Any]:
    """An item as plain JSON-ready data, with its kind and, where structural, both scales."""
    out: dict[str, Any] = {"kind": kind_of(item), "name": item.name}
    if isinstance(item, AttackProfile):
        out["pen"] = item.pen
        if item.structural:
            out["spen"] = number(Fraction(item.pen, STRUCTURAL_FACTOR))
        out.update(
            range_column=item.range_column.value,
            structural=item.structural,
            dc=item.dc,
            ammo=item.ammo,
            high_velocity=item.high_velocity,
            tied_range_m=item.tied_range_m,
            reach=item.reach,
            reach_note=item.reach_note,
        )
    elif isinstance(item, ArmourItem):
        out["av"] = item.av
        if item.structural:
            out["sav"] = number(Fraction(item.av, STRUCTURAL_FACTOR))
        out.update(
            structural=item.structural,
            rigid=item.rigid,
            armour_kind=item.kind,
            thickness_mm=None if item.thickness_mm is None else number(item.thickness_mm),
        )
    elif isinstance(item, CoverItem):
        out["av"] = item.av
        if item.structural and item.av is not None:
            out["sav"] = number(Fraction(item.av, STRUCTURAL_FACTOR))
        out.update(
            structural=item.structural,
            covers=[d.value for d in Direction if d in item.covers],
        )
    elif isinstance(item, AmmoType):
        out.update(pen_mod=item.pen_mod, dc_mod=item.dc_mod)
    else:
        notations = dict(face_notations(item))
        out["faces"] = {
            face: {**_plate_dict(p), "notation": notations[face]} for face, p in item.faces.items()
        }
        warnings = stated_warnings(item)
        if warnings:
            out["warnings"] = [w.to_dict() for w in warnings]
        if item.extra:
            out["extra"] = dict(item.extra)
    out.update(aliases=list(item.aliases), note=item.note, source=item.source)
    return out
