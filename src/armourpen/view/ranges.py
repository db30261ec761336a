"""The range bands a front end names and lays out: the bands, a distance, its band, an attack's
range column and the modifier the two give."""

from __future__ import annotations

from armourpen.catalog.items import RangeColumn
from armourpen.penav.ranges import Band, Distance, band_for, range_modifier

__all__ = ["Band", "Distance", "RangeColumn", "band_for", "range_modifier"]
