"""PA-3, PA-4, PA-5: distances, range bands and the PEN and DC range table.

:class:`~armourpen.distance.Distance` (how a distance is read) is shared with GURPS and re-exported
here.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from armourpen.catalog.items import AttackProfile, RangeColumn
from armourpen.distance import Distance as Distance  # read here, and shared with GURPS (GU-23)
from armourpen.values import MAX_DISTANCE


class Band(StrEnum):
    """The range bands, keyed as in machine output (PA-3)."""

    CONTACT = "contact"
    POINT_BLANK = "point_blank"
    CLOSE = "close"
    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"
    VERY_LONG = "very_long"
    FAR = "far"
    VERY_FAR = "very_far"
    DISTANT = "distant"
    VERY_DISTANT = "very_distant"

    @property
    def label(self) -> str:
        return _TITLES[self]


_TITLES = {
    Band.CONTACT: "Contact",
    Band.POINT_BLANK: "Point Blank",
    Band.CLOSE: "Close",
    Band.SHORT: "Short",
    Band.MEDIUM: "Medium",
    Band.LONG: "Long",
    Band.VERY_LONG: "Very Long",
    Band.FAR: "Far",
    Band.VERY_FAR: "Very Far",
    Band.DISTANT: "Distant",
    Band.VERY_DISTANT: "Very Distant",
}

# Upper bounds in metres (or yards: the table uses the same numbers), inclusive (PA-3).
BAND_LIMITS: tuple[tuple[Band, int], ...] = (
    (Band.POINT_BLANK, 1),
    (Band.CLOSE, 12),
    (Band.SHORT, 25),
    (Band.MEDIUM, 50),
    (Band.LONG, 100),
    (Band.VERY_LONG, 200),
    (Band.FAR, 400),
    (Band.VERY_FAR, 800),
    (Band.DISTANT, 1600),
    (Band.VERY_DISTANT, MAX_DISTANCE),
)

# The PEN and DC range table: band -> (handgun PEN, handgun DC, rifle PEN, rifle DC).
RANGE_TABLE: dict[Band, tuple[int, int, int, int]] = {
    Band.CONTACT: (0, 1, 0, 1),
    Band.POINT_BLANK: (0, 0, 0, 0),
    Band.CLOSE: (0, 0, 0, 0),
    Band.SHORT: (0, 0, 0, 0),
    Band.MEDIUM: (0, 0, 0, 0),
    Band.LONG: (-1, 0, 0, 0),
    Band.VERY_LONG: (-2, -1, -1, -1),
    Band.FAR: (-3, -1, -2, -1),
    Band.VERY_FAR: (-4, -1, -3, -1),
    Band.DISTANT: (-5, -1, -4, -1),
    Band.VERY_DISTANT: (-6, -2, -5, -2),
}


def band_for(distance: Distance) -> Band:
    """The first band whose upper bound is at least the distance (PA-3)."""
    return band_for_metres(distance.metres)


def band_for_metres(metres: Fraction | int) -> Band:
    """The band of a distance in metres (or yards) within 0..3200."""
    # compared in whole numbers, n/d <= limit as n <= limit * d: comparing a Fraction with an int
    # costs several times as much, and a distance may be compared with every band
    n, d = metres.numerator, metres.denominator
    for band, limit in BAND_LIMITS:
        if n <= limit * d:
            return band
    raise ValueError(f"{metres} m is beyond Very Distant")


@functools.cache  # one text per band, asked for by every resolve
def band_span(band: Band) -> str:
    """The band's interval as the ruling writes it, e.g. ``(100, 200] m/yd``."""
    if band is Band.CONTACT:
        return "touching the target"
    bounds = [0] + [limit for _, limit in BAND_LIMITS]
    i = [b for b, _ in BAND_LIMITS].index(band)
    left = "[" if i == 0 else "("
    return f"{left}{bounds[i]}, {bounds[i + 1]}] m/yd"


@dataclass(frozen=True, slots=True)
class RangeModifier:
    """The PEN and DC modifiers of one band in one column."""

    band: Band
    column: RangeColumn
    pen: int
    dc: int


def range_modifier(band: Band, column: RangeColumn) -> RangeModifier:
    """The table's cell for a band and column (PA-3, PA-4, PA-5); ``none`` has no modifier."""
    if column is RangeColumn.NONE:
        return RangeModifier(band, column, 0, 0)
    hp, hd, rp, rd = RANGE_TABLE[band]
    if column is RangeColumn.HANDGUN:
        return RangeModifier(band, column, hp, hd)
    return RangeModifier(band, column, rp, rd)


def reach_of(profile: AttackProfile) -> Band | None:
    """The last band an attack reaches (the catalog's ``reach``), or None where it reaches every
    band. The text gives no reach (PA-3, PA-4): melee touches the target, so its catalog profiles
    reach Contact only; the catalog's shot profiles carry a reach with the source it comes from."""
    return None if profile.reach is None else Band(profile.reach)


def beyond_reach(profile: AttackProfile, band: Band) -> bool:
    """Whether ``band`` lies past the last band the attack reaches."""
    reach = reach_of(profile)
    return reach is not None and _ORDER.index(band) > _ORDER.index(reach)


_ORDER: tuple[Band, ...] = tuple(Band)
