"""What text a user gives may hold: names on one line, every character visible (AP-2).

A name holding a character that shows nothing looks like another name, or like what the user
meant, yet is not; a control character or a terminal escape may never reach a terminal raw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armourpen.errors import SHOWS_NOTHING, InputError

if TYPE_CHECKING:
    pass
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def bad_text(text: str, *, key: bool) -> str | None:
    if text.isprintable():  # the common case, in C: text-direction controls are not printable
        return None
    for c in text:
        if c in _BIDI:
            return f"a text-direction control character ({character_name(c)})"
        if not c.isprintable() and (key or c not in "\n\t"):
            if _is_format(c):
                return f"an invisible character ({character_name(c)})"
            if "\ud800" <= c <= "\udfff":  # half of a UTF-16 pair, which no UTF-8 text can hold
                return f"a lone surrogate (U+{ord(c):04X}), which is no character"
            return "a control character or terminal escape"
    return None


VISIBLE_RULE = ("in visible characters (no zero-width spaces or joiners, byte-order marks, "
                "text-direction controls or other characters that show nothing)")


def _is_format(c: str) -> bool:
    import unicodedata  # only for text that is not plainly printable

    return unicodedata.category(c) == "Cf"


def character_name(c: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: a character named so that a message shows what it is."""
    import unicodedata

    return f"U+{ord(c):04X} {unicodedata.name(c, '(unnamed)')}"


def invisible(text: str) -> str | None:
    """The first character of ``text`` that shows nothing (named by :func:`character_name`), or
    None: a name holding one looks like another name, or like what the user meant, yet is not."""
    if text.isprintable() and (text.isascii() or SHOWS_NOTHING.isdisjoint(text)):
        return None  # the common case, in C (no ASCII character is in SHOWS_NOTHING)
    for c in text:  # the format characters (Cf: zero-width spaces, joiners, the byte-order mark,
        # the soft hyphen, text-direction controls) and those Python counts as printable
        if c in SHOWS_NOTHING or _is_format(c):
            return character_name(c)
    return None


def refuse_invisible(field: str, text: str, what: str, error: type[InputError] = InputError) -> None:
    """Refuse ``text`` (``what`` the field takes, as the message says) if any character of it
    shows nothing: names, flags and searches all say so alike (AP-2)."""
    shown = invisible(text)
    if shown is not None:
        raise error(field, text, f"allowed: {what} {VISIBLE_RULE}; this one holds {shown}, "
                    "which shows nothing")


NAME_RULE = "a name: text on one line, with at least one visible character"
_LINE_BREAKS = frozenset("\n\r\t\v\f")


class EmptyName(ValueError):
    """A name left empty (``""``, a new card's box): nothing was given, so it reads as required,
    not as a value refused."""


def one_line(text: str) -> str:
    """``text`` if it names something: not blank, on one line, every character visible (else a
    ValueError; :class:`EmptyName` for ``""``)."""
    if text.isascii() and text.isprintable() and text.strip():
        return text  # the common case, in C: printable ASCII is on one line, and all of it shows
    if not text:
        raise EmptyName("a name is required")
    if not text.strip() or not _LINE_BREAKS.isdisjoint(text):
        raise ValueError(NAME_RULE)
    shown = invisible(text)
    if shown is not None:
        raise ValueError(f"a name {VISIBLE_RULE}; this one holds {shown}, which shows nothing")
    return text

