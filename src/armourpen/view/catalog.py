"""What the front ends show of catalog items: an item's fields as data, its kind, the kinds.

The CLI's ``catalog`` commands and the web app's catalog routes render these; the item types
themselves come from the public API (:mod:`armourpen`).
"""

from __future__ import annotations

from armourpen.catalog import kind_of, parse_kind
from armourpen.catalog.catalog import KINDS
from armourpen.penav.ammo import modifiers_text
from armourpen.penav.catalog_view import item_dict

__all__ = ["KINDS", "item_dict", "kind_of", "modifiers_text", "parse_kind"]
