"""A catalog search hit as the front ends show it: the item's fields, and why it matched.

The item types, the kinds and an item's fields as data come from the public API
(:mod:`armourpen`: ``CATALOG_KINDS``, ``catalog_kind``, ``catalog_item_dict``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armourpen.penav.catalog_view import item_dict

if TYPE_CHECKING:
    from armourpen.catalog import Match

__all__ = ["hit_dict"]


def hit_dict(hit: Match) -> dict[str, Any]:
    """A search hit as data: the item's fields, and ``matched_by``, why it matched (``by``: name,
    alias, note, spelling or all; ``text``: the alias or the name spelt close, else empty), as
    the readable output's "matched by" column says it."""
    return {**item_dict(hit.item), "matched_by": {"by": hit.by, "text": hit.text}}
