"""The odds as every front end shows them: injury bars under one grouping rule, effects by name."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

MAX_BARS = 16
"""An injury chart has at most this many bars, the bar of no injury counted; more values than
that are grouped into equal ranges of injury."""

Chance = Fraction | float  # exact odds stay Fractions up to the text; estimates are floats


class Bar(NamedTuple):
    """One bar of an injury chart: the injury (or a range of it), its chance, and whether it harms.

    ``value`` is the injury when the bar is one value (None for a range): an estimate's standard
    error is given per value.
    """

    label: str
    chance: Chance
    harm: bool
    value: int | None


def injury_bars(pmf: Sequence[tuple[int, Chance]], max_bars: int = MAX_BARS) -> tuple[Bar, ...]:
    """An injury distribution as bars: one per value, or, past ``max_bars``, the bar of 0 and the
    other values in equal ranges so that there are ``max_bars`` bars at most."""
    pmf = sorted(pmf)
    if len(pmf) <= max_bars:
        return tuple(Bar(str(k), p, k != 0, k) for k, p in pmf)
    bars: list[Bar] = []
    zero = [p for k, p in pmf if k == 0]
    rest = [(k, p) for k, p in pmf if k != 0]
    if zero:
        bars.append(Bar("0", zero[0], False, 0))
    lo, hi = rest[0][0], rest[-1][0]
    width = -(-(hi - lo + 1) // (max_bars - len(bars)))
    for start in range(lo, hi + 1, width):
        end = min(start + width - 1, hi)
        p = sum((q for k, q in rest if start <= k <= end), Fraction(0))
        if start == end:
            bars.append(Bar(str(start), p, True, start))
        else:
            bars.append(Bar(f"{start}-{end}", p, True, None))
    return tuple(bars)


class EffectChance(NamedTuple):
    """The chance of one thing the injury does, under its one name and ruling."""

    name: str
    rule: str
    chance: Chance

    @property
    def label(self) -> str:
        return f"{self.name} ({self.rule})"


def effect_chances(major: Chance, knockdown: Chance, crippled: Chance
                   ) -> tuple[EffectChance, ...]:
    """The chances of what the injury does (GU-10, GU-12), in the order shown.

    ``crippled`` is named "crippled or blinded": the odds count a blinded eye with a crippled limb
    or extremity (GU-10).
    """
    return (EffectChance("major wound", "GU-12", major),
            EffectChance("knockdown roll", "GU-12", knockdown),
            EffectChance("crippled or blinded", "GU-10", crippled))
