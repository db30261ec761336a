"""The layout of a GCS character (hit locations with roll ranges and DR, traits, warnings)."""

from __future__ import annotations

from armourpen.gcs.layout import layout, weapons_answer, weapons_layout

__all__ = ["layout", "weapons_answer", "weapons_layout"]
