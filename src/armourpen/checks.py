"""The checks of the plain types of arguments (text, numbers, flags, lists): one rule for every
public function.

A wrong type is a programming error, refused at the boundary as one :class:`ArgumentTypeError`
naming the argument, the value and what it takes, never as an ``AttributeError`` from deep inside.
A value of the right type is then checked as user input (an ``InputError``), since front ends pass
on what their users typed.

The rule: text is a ``str`` and a whole number an ``int`` (or what Python itself takes as one: an
object with ``__index__``, such as ``numpy.int64``); ``bool`` is never a number and a ``float`` never
a whole number, whatever it holds (``2.0``, NaN). A subclass of ``str``, ``int`` or ``float`` (an
enum member, ``numpy.float64``) is taken as the plain value it holds, so that none of its own
methods (``__eq__``, ``__hash__``, ``__str__``, ``__gt__``) runs inside armourpen. Several names are
a list or tuple: a lone ``str`` is refused rather than read letter by letter, and a set or a
mapping rather than read in an order its hashing decides.

This module imports nothing of armourpen's but its errors, so that every layer may use it (the
limits and the catalog check their own arguments with it); :mod:`armourpen.arguments` adds the checks
of armourpen's own values (a ``Limits``, a ``Catalog``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any, TypeVar

from armourpen.errors import ArgumentTypeError, shown

T = TypeVar("T")

TEXT = "a str"
WHOLE = "a whole number (an int; not a bool or a float)"
NUMBER = "a number (an int or a float; not a bool)"


def text(field: str, value: object, allowed: str = TEXT) -> str:
    """``value`` as a plain ``str``."""
    if type(value) is str:  # the common case, first: names are looked up often
        return value
    if isinstance(value, str):
        return str.__str__(value)  # the characters it holds, whatever its class does
    raise ArgumentTypeError(field, value, "allowed: " + allowed)


def optional_text(field: str, value: object, allowed: str = TEXT) -> str | None:
    """``value`` as a plain ``str``, or None."""
    return None if value is None else text(field, value, allowed + ", or None")


def entries(field: str, value: object, what: str,
            entry: Callable[[str, object], T]) -> tuple[T, ...]:
    """Several values, in order: a list or tuple (any sequence but a ``str`` or bytes), each
    checked by ``entry`` under the name ``field[i]``."""
    if isinstance(value, str):
        raise ArgumentTypeError(field, value, f"allowed: a list or tuple of {what}, e.g. "
                                f"[{shown(str.__str__(value))}] for one (a str alone is no list)")
    if isinstance(value, Set | Mapping):
        raise ArgumentTypeError(field, value, f"allowed: a list or tuple of {what} (a set or a "
                                "mapping has no order of its own, and the answer follows it)")
    if isinstance(value, bytes | bytearray | memoryview) or not isinstance(value, Sequence):
        raise ArgumentTypeError(field, value, f"allowed: a list or tuple of {what}")
    return tuple(entry(f"{field}[{i}]", v) for i, v in enumerate(tuple(value)))


def texts(field: str, value: object, what: str = "names") -> tuple[str, ...]:
    """Several texts, in order: a list or tuple of ``str``."""
    return entries(field, value, what, text)


def text_or(kind: type[T], allowed: str) -> Callable[[str, object], T | str]:
    """The check of an entry that is a ``kind`` or a text (a name) standing for one."""

    def check(field: str, value: object) -> T | str:
        if isinstance(value, kind) and not isinstance(value, str):
            return value
        return text(field, value, allowed)

    return check


def whole(field: str, value: object, allowed: str = WHOLE) -> int:
    """``value`` as a plain ``int``."""
    if not isinstance(value, bool | float | complex | str | bytes):
        if isinstance(value, int):
            return int.__int__(value)
        try:
            return int.__int__(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ArgumentTypeError(field, value, "allowed: " + allowed)


def optional_whole(field: str, value: object, allowed: str = WHOLE) -> int | None:
    """``value`` as a plain ``int``, or None."""
    return None if value is None else whole(field, value, allowed + ", or None")


def number(field: str, value: object, allowed: str = NUMBER) -> int | float:
    """``value`` as a plain ``int`` or ``float`` (NaN and infinity are left to the value checks)."""
    if isinstance(value, float):
        return float.__float__(value)
    return whole(field, value, allowed)


def flag(field: str, value: object) -> bool:
    """``value`` as ``True`` or ``False`` (nothing else is taken as one)."""
    if isinstance(value, bool):
        return value
    raise ArgumentTypeError(field, value, "allowed: True or False")


def instance(field: str, value: object, kind: type[T], allowed: str) -> T:
    """``value`` when it is a ``kind``."""
    if isinstance(value, kind):
        return value
    raise ArgumentTypeError(field, value, "allowed: " + allowed)


def callable_or_none(field: str, value: object, allowed: str) -> Any:
    """A function, or None."""
    if value is None or callable(value):
        return value
    raise ArgumentTypeError(field, value, "allowed: " + allowed)
