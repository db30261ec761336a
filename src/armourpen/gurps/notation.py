"""GU-1: GURPS damage notation, e.g. ``7d(2) pi-``, ``3d-1 pi+``, ``2dx3(5) pi``, ``6d burn tbb``.

Grammar (case-insensitive; spaces are allowed around the parts, and one space is canonical)::

    damage   := dice [adds] [mult] [divisor] type [" tbb"]
    dice     := N "d"                       N in 1..1000
    adds     := ("+" | "-") A               A in 0..1000
    mult     := ("x" | "×" | "*") M         M in 1..100
    divisor  := "(" D ")"                   D in 2 3 5 10 100 0.5 0.2 0.1 inf ∞ -1
    type     := pi- | pi | pi+ | pi++ | imp | cut | cr | burn | cor | tox | fat | kb

``tbb`` (tight-beam burning) is allowed only after ``burn``. Positions in errors count characters
from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from armourpen.errors import InputError, NotationError

MAX_DICE = 1000
MAX_ADDS = 1000
MAX_MULTIPLIER = 100
_MAX_DIGITS = 7  # longer digit runs are rejected before int() sees them


class DamageType(StrEnum):
    """The damage types of GU-1, written as the Basic Set abbreviates them."""

    PI_MINUS = "pi-"
    PI = "pi"
    PI_PLUS = "pi+"
    PI_PLUS_PLUS = "pi++"
    IMP = "imp"
    CUT = "cut"
    CR = "cr"
    BURN = "burn"
    COR = "cor"
    TOX = "tox"
    FAT = "fat"
    KB = "kb"  # knockback only, no injury (GU-13)

    @property
    def is_piercing(self) -> bool:
        return self in _PIERCING


_PIERCING = frozenset(
    {DamageType.PI_MINUS, DamageType.PI, DamageType.PI_PLUS, DamageType.PI_PLUS_PLUS}
)


class Divisor(StrEnum):
    """An armour divisor (GU-1, GU-3). ``NONE`` is no divisor; ``INFINITE`` ignores DR."""

    NONE = "1"
    TWO = "2"
    THREE = "3"
    FIVE = "5"
    TEN = "10"
    HUNDRED = "100"
    HALF = "0.5"
    FIFTH = "0.2"
    TENTH = "0.1"
    INFINITE = "inf"

    @property
    def ignores_dr(self) -> bool:
        return self is Divisor.INFINITE

    @property
    def is_fractional(self) -> bool:
        """A divisor below 1, which multiplies DR instead of dividing it."""
        return self in (Divisor.HALF, Divisor.FIFTH, Divisor.TENTH)

    @property
    def value_fraction(self) -> Fraction:
        """D as an exact fraction (not defined for ``INFINITE``)."""
        if self is Divisor.INFINITE:
            raise ValueError("an infinite divisor has no finite value")
        return Fraction(self.value)

    @property
    def dr_factor(self) -> Fraction:
        """What DR is multiplied by: 1/D, and 0 when DR is ignored."""
        if self is Divisor.INFINITE:
            return Fraction(0)
        return 1 / Fraction(self.value)


_DIVISOR_WORDS: dict[str, Divisor] = {
    "2": Divisor.TWO,
    "3": Divisor.THREE,
    "5": Divisor.FIVE,
    "10": Divisor.TEN,
    "100": Divisor.HUNDRED,
    "0.5": Divisor.HALF,
    "0.2": Divisor.FIFTH,
    "0.1": Divisor.TENTH,
    "inf": Divisor.INFINITE,
    "∞": Divisor.INFINITE,
    "-1": Divisor.INFINITE,
}
_DIVISOR_EXPECTED = "an armour divisor: 2, 3, 5, 10, 100, 0.5, 0.2, 0.1 or inf (also ∞ or -1)"
# Longest first, so that "pi++" is not read as "pi" followed by junk.
_TYPE_WORDS = sorted((t.value for t in DamageType), key=len, reverse=True)
_TYPE_EXPECTED = "a damage type: " + ", ".join(t.value for t in DamageType)


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage:
    """A parsed damage expression. Build it with :meth:`parse`; ``str()`` is canonical."""

    dice: int
    type: DamageType
    adds: int = 0
    multiplier: int = 1
    divisor: Divisor = Divisor.NONE
    tbb: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.dice <= MAX_DICE:
            raise InputError("dice", self.dice, f"from 1 to {MAX_DICE} dice (GU-1 cap)")
        if not -MAX_ADDS <= self.adds <= MAX_ADDS:
            raise InputError("adds", self.adds, f"from -{MAX_ADDS} to +{MAX_ADDS}")
        if not 1 <= self.multiplier <= MAX_MULTIPLIER:
            raise InputError("multiplier", self.multiplier, f"from 1 to {MAX_MULTIPLIER}")
        if self.tbb and self.type is not DamageType.BURN:
            raise InputError("tbb", self.tbb, "tight beam (tbb) applies to burn damage only")

    @classmethod
    def parse(cls, text: str) -> Damage:
        """Parse GU-1 notation; a malformed string raises :class:`NotationError`."""
        return _Parser(text).parse()

    @property
    def min_roll(self) -> int:
        """The lowest dice total with adds."""
        return self.dice + self.adds

    @property
    def max_roll(self) -> int:
        """The highest dice total with adds."""
        return 6 * self.dice + self.adds

    def __str__(self) -> str:
        out = f"{self.dice}d"
        if self.adds:
            out += f"{self.adds:+d}"
        if self.multiplier != 1:
            out += f"x{self.multiplier}"
        if self.divisor is not Divisor.NONE:
            out += f"({self.divisor.value})"
        out += f" {self.type.value}"
        if self.tbb:
            out += " tbb"
        return out

    def __repr__(self) -> str:
        return f"Damage.parse({str(self)!r})"


class _Parser:
    """A hand-written scanner: every failure names the position (from 1) and what was expected."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise NotationError(repr(text), 1, "a damage string such as '7d(2) pi-'")
        self.text = text
        # Lower-case character by character so that positions stay those of the text.
        self.low = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
        self.i = 0

    def fail(self, expected: str, at: int | None = None) -> NotationError:
        pos = self.i if at is None else at
        found = repr(self.text[pos]) if pos < len(self.text) else "the end"
        return NotationError(self.text, pos + 1, f"{expected}, found {found}")

    def peek(self) -> str:
        return self.low[self.i] if self.i < len(self.low) else ""

    def skip_spaces(self) -> bool:
        start = self.i
        while self.i < len(self.low) and self.low[self.i].isspace():
            self.i += 1
        return self.i > start

    def number(self, what: str, low: int, high: int) -> int:
        start = self.i
        while self.i < len(self.low) and self.low[self.i] in "0123456789":
            self.i += 1
        digits = self.low[start : self.i]
        if not digits:
            raise self.fail(what, start)
        if len(digits) > _MAX_DIGITS or not low <= int(digits) <= high:
            raise NotationError(self.text, start + 1, f"{what} from {low} to {high} (GU-1 cap)")
        return int(digits)

    def refuse_sides(self, dice: int) -> None:
        """``3d6``: GURPS writes no sides (its dice are all six-sided), so say what was meant."""
        end = self.i
        while end < len(self.low) and self.low[end] in "0123456789":
            end += 1
        if end > self.i:
            meant = (self.text[: self.i] + self.text[end:]).strip()
            raise self.fail(f"what follows the dice, not their sides: GURPS dice are six-sided "
                            f"and written {dice}d, not {dice}d6 (here: {meant!r})")

    def parse(self) -> Damage:
        self.skip_spaces()
        dice = self.number("a number of dice", 1, MAX_DICE)
        if self.peek() != "d":
            raise self.fail("'d' after the number of dice")
        self.i += 1
        self.refuse_sides(dice)
        self.skip_spaces()
        adds = 0
        if self.peek() in ("+", "-"):
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
            self.skip_spaces()
            adds = sign * self.number("a number to add", 0, MAX_ADDS)
            self.skip_spaces()
        multiplier = 1
        if self.peek() in ("x", "×", "*"):
            self.i += 1
            self.skip_spaces()
            multiplier = self.number("a multiplier", 1, MAX_MULTIPLIER)
            self.skip_spaces()
        divisor = Divisor.NONE
        if self.peek() == "(":
            self.i += 1
            self.skip_spaces()
            start = self.i
            while self.i < len(self.low) and self.low[self.i] not in ") \t\r\n":
                self.i += 1
            word = self.low[start : self.i]
            if word not in _DIVISOR_WORDS:
                raise self.fail(_DIVISOR_EXPECTED, start)
            divisor = _DIVISOR_WORDS[word]
            self.skip_spaces()
            if self.peek() != ")":
                raise self.fail("')' to close the armour divisor")
            self.i += 1
            self.skip_spaces()
        damage_type = self.damage_type()
        tbb = False
        if self.skip_spaces() and self.low.startswith("tbb", self.i):
            if damage_type is not DamageType.BURN:
                raise self.fail("the end (tbb applies to burn damage only)")
            self.i += 3
            tbb = True
            if self.i < len(self.low) and not self.low[self.i].isspace():
                raise self.fail("the end after 'tbb'")
            self.skip_spaces()
        if self.i != len(self.low):
            can_tbb = damage_type is DamageType.BURN and not tbb
            raise self.fail("'tbb' or the end" if can_tbb else "the end")
        return Damage(
            dice=dice,
            adds=adds,
            multiplier=multiplier,
            divisor=divisor,
            type=damage_type,
            tbb=tbb,
        )

    def damage_type(self) -> DamageType:
        start = self.i
        for word in _TYPE_WORDS:
            if self.low.startswith(word, start):
                end = start + len(word)
                if end < len(self.low) and not self.low[end].isspace():
                    continue  # e.g. "cutx": not a whole word
                self.i = end
                return DamageType(word)
        if start == len(self.low) or self.low[start] not in "+-x×*(":
            raise self.fail(_TYPE_EXPECTED, start)
        raise self.fail("the parts in the order Nd, +A/-A, xM, (D), then " + _TYPE_EXPECTED, start)
