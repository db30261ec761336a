"""Numbers as users give them: the parsers' hooks that stand a :class:`BadNumber` where a number
cannot be a value (not finite, too many digits, read as 0 though it is not), so that the walk of
the tree (:mod:`armourpen.trees`) names its place; and :func:`exact_number`, a number typed as
text read exactly, at a cost that never grows with what the user typed.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.errors import InputError

if TYPE_CHECKING:
    pass
MAX_DIGITS = 19  # a whole number beyond 2**63 has no meaning in any scenario or catalog


class BadNumber:
    """A number a parser met that cannot be a value: not finite, or too many digits.

    It stands in the parsed tree where the number was, so that the error can name its field.
    """

    __slots__ = ("allowed", "text")

    def __init__(self, text: str, allowed: str) -> None:
        self.text = text
        self.allowed = allowed

    def __repr__(self) -> str:
        if len(self.text) <= 40:
            return self.text
        return f"{self.text[:20]}...{self.text[-10:]} ({len(self.text)} characters)"


REWRITTEN = ".0"
NOT_FINITE = "allowed: a finite number (no NaN or infinity)"
TOO_LONG = "allowed: a number below 2**63 (at most 19 digits)"
_UNDERFLOW = "allowed: 0 or a number of size 1e-300 or more (this one reads as 0)"


def _whole_digits(text: str) -> int:
    whole = re.split(r"[.eE]", text, maxsplit=1)[0]
    return sum(c.isdigit() for c in whole)


def parse_float(text: str) -> float | BadNumber:
    if len(text) <= MAX_DIGITS:  # the common case: a short text holds at most 19 digits, and
        value = float(text)  # read as neither 0 nor infinity it needs none of the checks below
        if value and math.isfinite(value):
            return value
    if _whole_digits(text) > MAX_DIGITS:
        # an integer that parse_toml rewrote as a float is shown as the user wrote it
        return BadNumber(text.removesuffix(REWRITTEN), TOO_LONG)
    value = float(text)
    if value == 0 and any(c in "123456789" for c in re.split(r"[eE]", text, maxsplit=1)[0]):
        return BadNumber(text, _UNDERFLOW)  # 1e-400 would be read as 0 without a word
    return value if math.isfinite(value) else BadNumber(text, NOT_FINITE)


def parse_int(text: str) -> int | BadNumber:
    if len(text) <= MAX_DIGITS:  # the common case: at most 19 characters, so 19 digits
        return int(text)
    if _whole_digits(text) > MAX_DIGITS:
        return BadNumber(text, TOO_LONG)
    return int(text)


# --- numbers typed as text --------------------------------------------------------------------

MAX_NUMBER_CHARS = 40  # a number typed as text: no exact quantity in the rules needs more
# re.ASCII: \d would also match the digits of other scripts, which Fraction() reads too. Patterns
# are compiled on first use (re caches them), not at import: a one-shot command may never need them.
_DECIMAL = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE](?P<exp>[+-]?\d{1,3}))?"
_RATIO = r"[+-]?\d+\s*/\s*\d+"


def exact_number(
    value: object,
    field: str,
    *,
    allowed: str = "a number",
    ratio: bool = False,
    error: type[InputError] = InputError,
) -> Fraction:
    """A number given as an int, a finite float or text (``12``, ``-0.5``, ``2.5e-3``, and with
    ``ratio`` ``1/3``), exactly; anything else, a non-finite value, more than 40 characters or
    an exponent beyond 30 is refused naming ``field`` and ``allowed`` (never converted at a
    cost that grows with what the user typed)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise error(field, value, f"allowed: {allowed}")
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise error(field, value, f"allowed: {allowed}")
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(field, value, f"allowed: {allowed} (finite)")
        return Fraction(repr(value))  # 0.3 is 3/10, as written
    text = value.strip()
    if len(text) > MAX_NUMBER_CHARS:
        raise error(field, value, f"allowed: {allowed}, in at most {MAX_NUMBER_CHARS} characters")
    m = re.fullmatch(_DECIMAL, text, re.ASCII)
    if m is not None:
        if m.group("exp") is not None and abs(int(m.group("exp"))) > 30:
            raise error(field, value, f"allowed: {allowed}, with an exponent from -30 to 30")
        return Fraction(text)
    if ratio and re.fullmatch(_RATIO, text, re.ASCII):
        numerator, denominator = (int(part) for part in text.split("/"))
        if denominator == 0:
            raise error(field, value, f"allowed: {allowed} (no division by 0)")
        return Fraction(numerator, denominator)
    raise error(field, value, f"allowed: {allowed}")


