"""Distances as armourpen reads them everywhere: a number and a unit (m, yd, ft, km; a bare number
is metres), in table units where metres and yards are the same number (PA-3; GURPS's yards, GU-23).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from armourpen.errors import RangeError
from armourpen.explain import Ruling
from armourpen.numeric import MAX_NUMBER_CHARS
from armourpen.values import MAX_DISTANCE

_UNITS: dict[str, Fraction] = {
    "m": Fraction(1),
    "yd": Fraction(1),  # the table gives metres and yards the same numbers (PA-3)
    "ft": Fraction(1, 3),  # feet are divided by 3 (PA-3)
    "km": Fraction(1000),
}
_TABLE_UNITS = frozenset({"m", "yd"})  # the units of _UNITS worth 1: nothing to multiply
_UNIT_ALIASES = {
    "": "m", "m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m",
    "yd": "yd", "yds": "yd", "yard": "yd", "yards": "yd",
    "ft": "ft", "feet": "ft", "foot": "ft",
    "km": "km",
}
# re.ASCII: \d would also match the digits of other scripts, which Fraction() reads too
_DISTANCE_RE = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-zA-Z]*)\s*$", re.ASCII)


@dataclass(frozen=True, slots=True)
class Distance:
    """A distance as given (value and unit) and in table units (metres or yards)."""

    value: Fraction
    unit: str
    metres: Fraction

    @classmethod
    def parse(cls, text: str | int | float, field: str = "attack.range", *,
              rule: Ruling = Ruling.PA_3) -> Distance:
        """``"150 m"``, ``"150m"``, ``"0.15 km"``, ``"300 ft"``, ``"80 yd"``, or a bare number (metres,
        the same number as yards). ``rule`` is the ruling the errors cite."""
        if isinstance(text, bool):
            raise RangeError(field, text, "a distance such as '150 m' (units m, yd, ft, km)")
        raw = str(text) if isinstance(text, int | float) else text
        m = _DISTANCE_RE.match(raw)
        number, unit_word = m.groups() if m else ("", "")
        unit = _UNIT_ALIASES.get(unit_word.lower())
        if m is None or unit is None:
            raise RangeError(
                field, text, "a distance such as '150 m', with unit m, yd, ft or km (bare = metres)"
            )
        if len(number) > MAX_NUMBER_CHARS:  # converting it would cost more than it can mean
            raise RangeError(field, text, f"a distance such as '150 m', in at most "
                             f"{MAX_NUMBER_CHARS} digits")
        # digits alone (ASCII: see the pattern) are read as a whole number, at a quarter of the cost
        value = Fraction(int(number)) if number.isdigit() else Fraction(number)
        if value.numerator < 0:
            raise RangeError(field, text, f"distances cannot be negative ({rule})")
        metres = value if unit in _TABLE_UNITS else value * _UNITS[unit]
        if metres.numerator > MAX_DISTANCE * metres.denominator:  # (as in band_for_metres)
            raise RangeError(
                field, text, f"beyond Very Distant: at most {MAX_DISTANCE} m/yd ({rule})"
            )
        return cls(value, unit, metres)

    def __str__(self) -> str:
        v = self.value
        shown = str(v.numerator) if v.denominator == 1 else f"{float(v):g}"
        return f"{shown} {self.unit}"
