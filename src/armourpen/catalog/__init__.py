"""The catalog: attack profiles, armour, cover, vehicles and ammunition types, looked up by name.

The shipped tables live in ``data/*.toml`` and are parsed on first use; users add their own files
with ``--catalog FILE`` or in ``<user config dir>/armourpen/catalog/``.
"""

from __future__ import annotations

from armourpen.catalog.catalog import KINDS, Catalog, kind_of, parse_kind, user_catalog_dir
from armourpen.catalog.items import (
    AmmoType,
    ArmourItem,
    AttackProfile,
    CatalogItem,
    CoverItem,
    Plate,
    RangeColumn,
    Vehicle,
)
from armourpen.catalog.search import Match, name_key, names_begin

__all__ = [
    "KINDS",
    "AmmoType",
    "ArmourItem",
    "AttackProfile",
    "Catalog",
    "CatalogItem",
    "CoverItem",
    "Match",
    "Plate",
    "RangeColumn",
    "Vehicle",
    "kind_of",
    "name_key",
    "names_begin",
    "parse_kind",
    "user_catalog_dir",
]
