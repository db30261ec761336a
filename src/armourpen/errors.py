"""The error family (AP-2).

Every failure caused by what a user typed is an :class:`InputError`: it names the field, the value
and what is allowed, and front ends turn it into one line (CLI exit 2, HTTP 4xx). A Python API
argument of a type the API does not take is an :class:`ArgumentTypeError` (a ``TypeError``), and
a setting no user types that is out of its range an :class:`ArgumentValueError`: programming
errors, which front ends never pass on. Anything else that escapes is a bug (CLI exit 1).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Sequence
from typing import Any

MAX_SHOWN = 100  # characters of a user's value that a message repeats
MAX_PATH_SHOWN = 4096  # a file's path is repeated whole up to the longest a system takes
_LONG_NUMBER = 10**40  # beyond this an integer is described, not written out
_SPELLED = {None: "null", True: "true", False: "false"}


# What shows nothing where it stands yet counts as printable (Unicode's default-ignorable code
# points outside the format characters, which are not printable): the combining grapheme joiner,
# the Hangul and Khmer fillers, Mongolian free variation selectors and the variation selectors.
SHOWS_NOTHING = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(map(chr, [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]))
)


def _escaped(c: str) -> str:
    if c in SHOWS_NOTHING:
        return f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"
    return c if c.isprintable() else repr(c)[1:-1]


def printable(text: str) -> str:
    """``text`` with every control, format, invisible or line-breaking character escaped
    (``\\x1b``, ``\\n``, ``\\u200b``): nothing a user typed reaches a terminal raw or unseen, and a
    message stays on one line."""
    if text.isprintable() and SHOWS_NOTHING.isdisjoint(text):
        return text
    return "".join(map(_escaped, text))


class FileName(str):
    """A file's path as the value of an error: repeated whole (to :data:`MAX_PATH_SHOWN`, then
    its end), since the end of a path is what names the file."""

    __slots__ = ()


class MissingFile(FileName):
    """The path of a file that does not exist: its message reads ``no such file: PATH``."""

    __slots__ = ()


class _Missing(str):
    """The value of a field the user left out: its message says what is required (``allowed``)
    instead of repeating a value that was never typed."""

    __slots__ = ()


MISSING: str = _Missing("(missing)")
"""The value of an error about something not given (a required key, flag or argument): the
message is ``FIELD: ALLOWED`` (``line[0].dr: `dr` is required``); the value, as JSON, stays
``"(missing)"``."""


def is_missing(value: object) -> bool:
    """Whether ``value`` stands for something not given (:data:`MISSING`)."""
    return isinstance(value, _Missing)


class _Withheld:
    """A value a message does not repeat: one read from a file that may be any file the user can
    read (a scenario's ``gcs``), whose content must not reach a terminal or a log."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "a value read from the file (not shown)"


WITHHELD: Any = _Withheld()
"""The value of an error about what a file holds, which is not shown (see :class:`_Withheld`)."""


class _Shown(reprlib.Repr):
    """``repr`` bounded in length and depth, safe for any value a user can send."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = MAX_SHOWN
        self.maxother = MAX_SHOWN
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6

    def repr1(self, x: Any, level: int) -> str:
        # true, false and null as a JSON or TOML file spells them (and a web form sends them)
        if x is None or isinstance(x, bool):
            return _SPELLED[x]
        return super().repr1(x, level)

    def repr_int(self, x: int, level: int) -> str:  # noqa: ARG002 (reprlib's signature)
        if -_LONG_NUMBER < x < _LONG_NUMBER:
            return repr(x)
        # str() of a huge integer is slow and refused past 4300 digits: describe it instead
        digits = int(abs(x).bit_length() * 0.30103) + 1
        return f"<a number of about {digits} digits>"

    def repr_str(self, x: str, level: int) -> str:  # noqa: ARG002 (reprlib's signature)
        if len(x) <= self.maxstring:
            return repr(x)
        return repr(x[: self.maxstring]) + f"... ({len(x)} characters)"

    def repr_FileName(self, x: FileName, level: int) -> str:  # noqa: ARG002 (reprlib's signature)
        text = str(x)
        if len(text) <= MAX_PATH_SHOWN:
            return repr(text)
        return f"({len(text)} characters) ..." + repr(text[-MAX_SHOWN:])

    repr_MissingFile = repr_FileName
    # a checked tree's tables and lists (armourpen.reading) are shown as the dicts and lists they are
    repr_FrozenList = reprlib.Repr.repr_list
    repr_FrozenTable = repr_CheckedTree = reprlib.Repr.repr_dict

    def repr_instance(self, x: object, level: int) -> str:  # noqa: ARG002 (reprlib's signature)
        try:
            text = repr(x)
        except Exception:  # a value whose repr fails is still reported
            text = f"<{type(x).__name__}>"
        return text if len(text) <= self.maxother else text[: self.maxother] + "..."


_SHOWN = _Shown()


def shown(value: Any) -> str:
    """A user's value as a message repeats it: like ``repr``, but bounded and escaped."""
    try:
        return printable(_SHOWN.repr(value))
    except RecursionError:
        return f"<a deeply nested {type(value).__name__}>"


class ArmourpenError(Exception):
    """Root of every error armourpen raises on purpose."""


class InputError(ArmourpenError, ValueError):
    """Bad input: names the field, the offending value and what is allowed (AP-2)."""

    def __init__(self, field: str, value: object, allowed: str, *,
                 also: Sequence[InputError] = ()) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        self.also = tuple(also)  # the other problems of the same input, each with its own line
        super().__init__(_with_also(message(field, value, allowed), self.also))

    def at(self, field: str, allowed: str | None = None) -> InputError:
        """The same error (same class, value and allowed) blamed on ``field``.

        Front ends use it to name what the user typed: the CLI's ``--armour #2`` or a web form's
        field, for the API parameter ``armour[1]``; ``allowed``, when given, says what is allowed
        in their words.
        """
        moved = type(self).__new__(type(self))
        moved.__dict__.update(self.__dict__)
        moved.field = field
        if allowed is not None:
            moved.allowed = allowed
        moved.args = (_with_also(message(field, moved.value, moved.allowed), moved.also),)
        return moved

    def with_also(self, also: Sequence[InputError]) -> InputError:
        """The same error with ``also`` as the other problems of the same input."""
        moved = self.at(self.field)
        moved.also = tuple(also)
        moved.args = (_with_also(message(moved.field, moved.value, moved.allowed), moved.also),)
        return moved

    def each(self, change: Callable[[InputError], InputError]) -> InputError:
        """This error and each of its other problems changed by ``change`` (a front end naming
        every field in its own words, not the first alone)."""
        return change(self.with_also(())).with_also([change(e) for e in self.also])

    def lines(self) -> list[str]:
        """The message of each problem, this one first (a front end shows one a line)."""
        return [message(self.field, self.value, self.allowed), *(str(e) for e in self.also)]


def _with_also(first: str, also: Sequence[InputError]) -> str:
    """The messages of several problems on one line, ``|`` between them."""
    return " | ".join([first, *(str(e) for e in also)])


def message(field: str, value: object, allowed: str) -> str:
    """The AP-2 line: the field, the value (escaped and bounded) and what is allowed; for
    something not given (:data:`MISSING`), the field and what it requires; for a file that does
    not exist, its path."""
    if isinstance(value, _Missing):
        return f"{printable(field)}: {printable(allowed)}"
    if isinstance(value, MissingFile):
        return f"{printable(field)}: {printable(allowed)}: {path_shown(value)}"
    return f"{printable(field)}: {shown(value)} is not allowed; {printable(allowed)}"


def path_shown(path: str) -> str:
    """A path as a shell shows it: bare when it is plain (``nothere.toml``), else quoted."""
    text = shown(path)
    bare = text[1:-1]
    if text[:1] == text[-1:] == "'" and bare and all(c.isalnum() or c in "._-/+~" for c in bare):
        return bare
    return text


class ArgumentError(ArmourpenError):
    """A Python API argument the API does not take: names the argument, the value (bounded) with
    its type, and what the argument takes. A programming error, not bad input: front ends check
    what their users type before they call the API."""

    def __init__(self, field: str, value: object, allowed: str) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        kind = printable(type(value).__name__)[:MAX_SHOWN]
        super().__init__(f"{printable(field)}: {shown(value)} (type {kind}) is not allowed; "
                         f"{printable(allowed)}")


class ArgumentTypeError(ArgumentError, TypeError):
    """A Python API argument of a type the API does not take (``table(attacks="7.62")``)."""


class ArgumentValueError(ArgumentError, ValueError):
    """A Python API argument of the right type whose value no call may take, where the value is
    a setting no user types (``Limits(max_odds_work=0)``); a value a user may have typed (a name,
    a range, a seed) is refused as an :class:`InputError`, which front ends answer."""


class ScenarioError(InputError):
    """A scenario (file, mapping or quick flags) does not follow the schema."""


class CatalogError(InputError):
    """A catalog file (built-in or user-supplied) is malformed or clashes with another."""


class GcsError(InputError):
    """A GCS character file (``.gcs``) that cannot be read: names the file and the field."""


class UnknownNameError(InputError):
    """A name that no catalog item has; carries the closest names as suggestions."""

    def __init__(self, field: str, value: str, kind: str, suggestions: Sequence[str]) -> None:
        self.kind = kind
        self.suggestions = tuple(suggestions)
        if self.suggestions:
            allowed = f"no {kind} has that name; did you mean " + ", ".join(
                repr(s) for s in self.suggestions
            ) + "?"
        else:
            allowed = f"no {kind} has that name (see `armourpen catalog list`)"
        super().__init__(field, value, allowed)


class RangeError(InputError):
    """A distance that is malformed, negative or beyond Very Distant (PA-3)."""


class NotationError(InputError):
    """A GURPS damage string that does not parse (GU-1): says where and what was expected."""

    def __init__(self, text: str, position: int, expected: str, field: str = "damage") -> None:
        self.text = text
        self.position = position
        self.expected = expected
        super().__init__(field, text, f"at position {position}: expected {expected}")
