"""What the front ends show of catalog items: an item's fields as data, its kind, the kinds.

The CLI's ``catalog`` commands and the web app's catalog routes render these; the item types
themselves come from the public API (:mod:`armourpen`).
"""

from __future__ import annotations

from typing import Any

from armourpen.catalog import Match, kind_of, parse_kind
from armourpen.catalog.catalog import KINDS
from armourpen.penav.ammo import modifiers_text
from armourpen.penav.catalog_view import item_dict

__all__ = ["KINDS", "Match", "hit_dict", "item_dict", "kind_of", "modifiers_text", "parse_kind"]


def hit_dict(hit: Match) -> dict[str, Any]:
    """A search hit as data: the item's fields, and ``matched_by``, why it matched (``by``: name,
    alias, note, spelling or all; ``text``: the alias or the name spelt close, else empty), as
    the readable output's "matched by" column says it."""
    return {**item_dict(hit.item), "matched_by": {"by": hit.by, "text": hit.text}}
