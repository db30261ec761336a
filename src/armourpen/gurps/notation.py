"""GU-1: GURPS damage notation, e.g. ``7d(2) pi-``, ``3d-1 pi+``, ``2dx3(5) pi``, ``6d burn tbb``.

Grammar (case-insensitive; spaces are allowed around the parts, and one space is canonical)::

    damage   := dice [adds] [mult] [divisor] type [" tbb"] [" ex"] [" [" fragment "]"]
    fragment := dice [adds] [mult] [divisor] [type]   no type: cutting (GU-22), as in ``[2d]``
    dice     := N "d"                       N in 1..1000
    adds     := ("+" | "-") A               A in 0..1000
    mult     := ("x" | "×" | "*") M         M in 1..100
    divisor  := "(" D ")"                   D from 0.1 to 100, at most 4 decimals; inf ∞ -1
    type     := pi- | pi | pi+ | pi++ | imp | cut | cr | burn | cor | tox | fat | kb

``tbb`` (tight-beam burning) is allowed only after ``burn``. ``ex`` marks an explosion (GU-21)
and the bracket the fragments it throws (GU-22), both as GCS writes them (``6dx2 cr ex [2d
cut]``); they are read here, and :meth:`Damage.unresolved` says which rule they need. Positions in
errors count characters from 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

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


@dataclass(frozen=True, slots=True)
class Divisor:
    """An armour divisor (GU-1, GU-3): D as an exact fraction from 0.1 to 100 with at most four
    decimals (as GCS writes them: ``(2)``, ``(1.5)``, ``(0.5)``), or ``None``: ignores DR.

    The usual ones are named: ``Divisor.NONE`` (no divisor, D = 1), ``TWO`` ... ``HUNDRED``,
    ``HALF``, ``FIFTH``, ``TENTH`` and ``INFINITE``; ``value`` is D as written in notation.
    """

    fraction: Fraction | None

    NONE: ClassVar[Divisor]
    TWO: ClassVar[Divisor]
    THREE: ClassVar[Divisor]
    FIVE: ClassVar[Divisor]
    TEN: ClassVar[Divisor]
    HUNDRED: ClassVar[Divisor]
    HALF: ClassVar[Divisor]
    FIFTH: ClassVar[Divisor]
    TENTH: ClassVar[Divisor]
    INFINITE: ClassVar[Divisor]
    STANDARD: ClassVar[tuple[Divisor, ...]]

    def __post_init__(self) -> None:
        f = self.fraction
        if f is None:
            return
        if not isinstance(f, Fraction) or not MIN_DIVISOR <= f <= MAX_DIVISOR \
                or _DECIMALS % f.denominator:
            raise InputError("divisor", f"{f}", _DIVISOR_EXPECTED)

    @property
    def value(self) -> str:
        """D as notation writes it: ``"2"``, ``"1.5"``, ``"0.5"``, or ``"inf"``."""
        if self.fraction is None:
            return "inf"
        return _decimal(self.fraction)

    @property
    def ignores_dr(self) -> bool:
        return self.fraction is None

    @property
    def is_fractional(self) -> bool:
        """A divisor below 1, which multiplies DR instead of dividing it."""
        return self.fraction is not None and self.fraction < 1

    @property
    def value_fraction(self) -> Fraction:
        """D as an exact fraction (not defined for ``INFINITE``)."""
        if self.fraction is None:
            raise ValueError("an infinite divisor has no finite value")
        return self.fraction

    @property
    def dr_factor(self) -> Fraction:
        """What DR is multiplied by: 1/D, and 0 when DR is ignored."""
        if self.fraction is None:
            return Fraction(0)
        return 1 / self.fraction

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return "Divisor.INFINITE" if self.fraction is None else f"Divisor(Fraction({self.value!r}))"


MIN_DIVISOR = Fraction(1, 10)
MAX_DIVISOR = Fraction(100)
_DECIMALS = 10_000  # at most four decimals, GCS's own precision: D x 10^4 is whole


def _decimal(q: Fraction) -> str:
    """A fraction of at most four decimals written out exactly, without trailing zeros."""
    whole, rest = divmod(q.numerator * _DECIMALS // q.denominator, _DECIMALS)
    return str(whole) if not rest else f"{whole}.{rest:04d}".rstrip("0")


Divisor.NONE = Divisor(Fraction(1))
Divisor.TWO = Divisor(Fraction(2))
Divisor.THREE = Divisor(Fraction(3))
Divisor.FIVE = Divisor(Fraction(5))
Divisor.TEN = Divisor(Fraction(10))
Divisor.HUNDRED = Divisor(Fraction(100))
Divisor.HALF = Divisor(Fraction(1, 2))
Divisor.FIFTH = Divisor(Fraction(1, 5))
Divisor.TENTH = Divisor(Fraction(1, 10))
Divisor.INFINITE = Divisor(None)
Divisor.STANDARD = (Divisor.NONE, Divisor.TWO, Divisor.THREE, Divisor.FIVE, Divisor.TEN,
                    Divisor.HUNDRED, Divisor.HALF, Divisor.FIFTH, Divisor.TENTH, Divisor.INFINITE)

_INFINITE_WORDS = frozenset({"inf", "∞", "-1"})
# a number of at most four decimals; its value is checked against 0.1 to 100 after
_DIVISOR_RE = re.compile(r"(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})", re.ASCII)
_DIVISOR_EXPECTED = ("an armour divisor from 0.1 to 100 with at most four decimals (2, 3, 1.5, "
                     "0.5, ...) or inf (also ∞ or -1)")
# Longest first, so that "pi++" is not read as "pi" followed by junk.
_TYPE_WORDS = sorted((t.value for t in DamageType), key=len, reverse=True)
_TYPE_EXPECTED = "a damage type: " + ", ".join(t.value for t in DamageType)
_MAX_WORD_SHOWN = 30  # characters of a run-on type word an error quotes


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage:
    """A parsed damage expression. Build it with :meth:`parse`; ``str()`` is canonical."""

    dice: int
    type: DamageType
    adds: int = 0
    multiplier: int = 1
    divisor: Divisor = Divisor.NONE
    tbb: bool = False
    explosive: bool = False  # ``ex``: an explosion (GU-21)
    fragments: Damage | None = None  # ``[2d cut]``: the fragments it throws (GU-22)

    def __post_init__(self) -> None:
        if not 1 <= self.dice <= MAX_DICE:
            raise InputError("dice", self.dice, f"from 1 to {MAX_DICE} dice (GU-1 cap)")
        if not -MAX_ADDS <= self.adds <= MAX_ADDS:
            raise InputError("adds", self.adds, f"from -{MAX_ADDS} to +{MAX_ADDS}")
        if not 1 <= self.multiplier <= MAX_MULTIPLIER:
            raise InputError("multiplier", self.multiplier, f"from 1 to {MAX_MULTIPLIER}")
        if self.tbb and self.type is not DamageType.BURN:
            raise InputError("tbb", self.tbb, "tight beam (tbb) applies to burn damage only")
        if self.fragments is not None and (self.fragments.explosive
                                           or self.fragments.fragments is not None):
            raise InputError("fragments", str(self.fragments),
                             "fragments of plain damage, e.g. '2d cut' (no ex, no fragments)")

    def unresolved(self) -> str | None:
        """What in this damage the rules do not resolve, as the end of a sentence: fragments
        without an explosion (GU-22 throws them only from a blast); None when all is resolved."""
        if self.fragments is not None and not self.explosive:
            return f"fragments ([{self.fragments}]) without an explosion (ex, GU-22)"
        return None

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
        if self.divisor != Divisor.NONE:
            out += f"({self.divisor.value})"
        out += f" {self.type.value}"
        if self.tbb:
            out += " tbb"
        if self.explosive:
            out += " ex"
        if self.fragments is not None:
            out += f" [{self.fragments}]"
        return out

    def __repr__(self) -> str:
        return f"Damage.parse({str(self)!r})"


def _meant(text: str) -> str:
    """`` (here: '3d+2 pi')``: the damage without the sides, when it reads as damage; with a
    type added when it lacks only that (``3d6`` suggests ``3d cr``, never ``3d``, which is
    refused); nothing when something else is wrong too."""
    for meant, here in ((text, "here:"), (f"{text} cr", "here, with a damage type: e.g.")):
        try:
            Damage.parse(meant)
        except NotationError:
            continue
        return f" ({here} {meant!r})"
    return ""


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
                            f"and written {dice}d, not {dice}d6" + _meant(meant))

    def parse(self) -> Damage:
        self.skip_spaces()
        damage = self.plain()
        explosive = tbb = False
        while True:
            self.skip_spaces()
            if self.i == len(self.low):
                break
            if not tbb and self.word("tbb"):
                if damage.type is not DamageType.BURN:
                    raise self.fail("the end (tbb applies to burn damage only)", self.i - 3)
                tbb = True
            elif not explosive and self.word("ex"):
                explosive = True
            elif self.peek() == "[":
                fragments = self.fragments()
                self.skip_spaces()
                if self.i != len(self.low):
                    raise self.fail("the end after the fragments' ']'")
                return Damage(dice=damage.dice, adds=damage.adds, multiplier=damage.multiplier,
                              divisor=damage.divisor, type=damage.type, tbb=tbb,
                              explosive=explosive, fragments=fragments)
            else:
                can_tbb = damage.type is DamageType.BURN and not tbb
                raise self.fail("'tbb', 'ex', '[fragments]' or the end" if can_tbb else
                                "'ex', '[fragments]' or the end")
        return Damage(dice=damage.dice, adds=damage.adds, multiplier=damage.multiplier,
                      divisor=damage.divisor, type=damage.type, tbb=tbb, explosive=explosive)

    def word(self, word: str) -> bool:
        """Read ``word`` if it stands here as a whole word (followed by a space, ``[`` or the end)."""
        end = self.i + len(word)
        if self.low.startswith(word, self.i) and (end == len(self.low) or self.low[end].isspace()
                                                   or self.low[end] == "["):
            self.i = end
            return True
        return False

    def fragments(self) -> Damage:
        """``[2d cut]``: the fragments' damage, plain (GU-22)."""
        self.i += 1
        self.skip_spaces()
        damage = self.plain(untyped=DamageType.CUT)  # the Basic Set writes [2d]: cutting (GU-22)
        self.skip_spaces()
        if self.peek() != "]":
            raise self.fail("']' to close the fragments")
        self.i += 1
        return damage

    def plain(self, untyped: DamageType | None = None) -> Damage:
        """Dice, adds, multiplier, divisor and type: a damage without tbb, ex or fragments;
        ``untyped`` is the type when none is written before a ``]``."""
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
            divisor = self.divisor()
        kind = untyped if untyped is not None and self.peek() == "]" else self.damage_type()
        return Damage(dice=dice, adds=adds, multiplier=multiplier, divisor=divisor, type=kind)

    def divisor(self) -> Divisor:
        self.i += 1
        self.skip_spaces()
        start = self.i
        while self.i < len(self.low) and self.low[self.i] not in ") \t\r\n":
            self.i += 1
        word = self.low[start : self.i]
        if word in _INFINITE_WORDS:
            divisor = Divisor.INFINITE
        elif _DIVISOR_RE.fullmatch(word) and MIN_DIVISOR <= Fraction(word) <= MAX_DIVISOR:
            divisor = Divisor(Fraction(word))
        else:
            raise self.fail(_DIVISOR_EXPECTED, start)
        self.skip_spaces()
        if self.peek() != ")":
            raise self.fail("')' to close the armour divisor")
        self.i += 1
        self.skip_spaces()
        return divisor

    def damage_type(self) -> DamageType:
        start = self.i
        run_on = False
        for word in _TYPE_WORDS:
            if self.low.startswith(word, start):
                end = start + len(word)
                if end < len(self.low) and not (self.low[end].isspace()
                                                or self.low[end] in "[]"):
                    run_on = True  # e.g. "cutx", "burn/point": not a whole word
                    continue
                self.i = end
                return DamageType(word)
        if run_on:
            # a type running on into more ("burn/point"): its first letter is no error, the word is
            end = start
            while end < len(self.low) and not (self.low[end].isspace() or self.low[end] in "[]"):
                end += 1
            word = self.text[start:end]
            shown = word if len(word) <= _MAX_WORD_SHOWN else word[:_MAX_WORD_SHOWN] + "..."
            raise NotationError(self.text, start + 1,
                                f"{_TYPE_EXPECTED}, as a word of its own, found {shown!r}")
        if start == len(self.low) or self.low[start] not in "+-x×*(":
            raise self.fail(_TYPE_EXPECTED, start)
        raise self.fail("the parts in the order Nd, +A/-A, xM, (D), then " + _TYPE_EXPECTED, start)
