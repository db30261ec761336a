"""A neutral layout of an outcome, for any readable front end (Rich, plain text, HTML).

A rule set says what to show (:class:`Layout`: a head line, a table whose rows carry a badge for the
outcome, the warnings and the steps); a backend decides how. Nothing here imports a renderer, so a
plain-text backend for pipes needs no Rich, and the web page can show the same table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from armourpen.explain import Caution, Step


class Tone(StrEnum):
    """How a piece of text should stand out; a backend maps tones to its styles."""

    PLAIN = "plain"
    STRONG = "strong"  # the key figure of the head line
    HARM = "harm"  # the shot does full harm (penetrates, injures)
    REDUCED = "reduced"  # harm, reduced (PEN = AV) or passing on
    SAFE = "safe"  # stopped, no injury
    MUTED = "muted"  # not reached, missed, row numbers
    TITLE = "title"  # a name heading its own lines (a target in the odds)


class Align(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    CENTER = "center"


# The parts of a layout are value types (docs/decisions/0001-value-types.md): frozen, slotted
# dataclasses, each equal only to its own kind and never read by position.


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of text with its tone."""

    text: str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True, slots=True)
class Badge:
    """What happened to one row, as a machine key, a word and a one-character symbol.

    ``key`` is the outcome's JSON key (``penetrated_reduced``); ``word`` is for people
    (``penetrates, wound roll -4``); ``symbol`` is for narrow charts (``≈``).
    """

    key: str
    word: str
    symbol: str
    tone: Tone


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the table: its title and how its cells line up."""

    title: str
    align: Align = Align.LEFT


Cell = Span | Badge


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table; one of its cells is the row's badge.

    ``entry`` is the index in the line of fire of the entry the row shows, when the rule set's
    outcome knows it (a front end never reads it back from a cell).
    """

    cells: tuple[Cell, ...]
    entry: int | None = None

    @property
    def badge(self) -> Badge | None:
        return next((c for c in self.cells if isinstance(c, Badge)), None)


@dataclass(frozen=True, slots=True)
class Layout:
    """An outcome as a front end shows it: what happened first, then warnings, then how (AP-1).

    ``notes`` are lines shown under the table (e.g. what each target's injury does).
    """

    head: tuple[Span, ...]
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    warnings: tuple[Caution, ...] = ()
    steps: tuple[Step, ...] = ()
    notes: tuple[tuple[Span, ...], ...] = ()

    def head_text(self) -> str:
        return "".join(s.text for s in self.head)


@dataclass(frozen=True, slots=True)
class Table:
    """A table of text in a report: its columns and its rows of cells."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Chart:
    """Bars of chances in a report: per row its label, its bar of block characters and its chance
    as text, and whether the row harms (a backend draws harm and no harm apart)."""

    rows: tuple[tuple[str, str, str], ...]
    harm: tuple[bool, ...]


Block = tuple[Span, ...] | Table | Chart
"""A line of spans, a table or a chart."""


@dataclass(frozen=True, slots=True)
class Report:
    """An answer that is not one outcome's line (exact odds, Monte Carlo, the PEN estimator) as a
    front end shows it: its blocks in order, which each backend draws."""

    blocks: tuple[Block, ...]


def text(value: object, tone: Tone = Tone.PLAIN) -> Span:
    """A cell of plain text (``""`` for None)."""
    return Span("" if value is None else str(value), tone)


def percent(p: Fraction | float, *, trim: bool = False, estimate: bool = False) -> str:
    """A chance for people, with two decimals (``trim``: ``50%`` rather than ``50.00%``).

    ``0%`` and ``100%`` only for a chance of exactly 0 or 1; anything merely close says
    ``<0.01%`` or ``>99.99%``. Give exact chances as Fractions: as a float, a chance of
    1 - 6**-50 is already 1.0. An ``estimate`` (Monte Carlo) of 0 or 1 is no certainty: it shows
    as ``0.00%`` or ``100.00%``.
    """
    if p in (0, 1):
        return f"{int(p) * 100}.00%" if estimate else f"{int(p) * 100}%"
    x = float(p) * 100
    if x < 0.01:
        return "<0.01%"
    if x > 99.99:
        return ">99.99%"
    text = f"{x:.2f}%"
    return text.replace(".00%", "%") if trim else text
