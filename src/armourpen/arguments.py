"""The Python API's checks of its arguments: those of the plain types (:mod:`armourpen.checks`,
where the rule is written) and of armourpen's own values, a :class:`~armourpen.limits.Limits` and a
:class:`~armourpen.catalog.Catalog`.

A wrong type is a programming error, refused at the boundary as one :class:`ArgumentTypeError`
naming the argument, the value and what it takes, never as an ``AttributeError`` from deep inside.
A value of the right type is then checked as user input (an ``InputError``), since front ends pass
on what their users typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armourpen.checks import (
    NUMBER,
    TEXT,
    WHOLE,
    callable_or_none,
    entries,
    flag,
    instance,
    number,
    optional_text,
    optional_whole,
    text,
    text_or,
    texts,
    whole,
)
from armourpen.limits import Limits, checked

if TYPE_CHECKING:
    from armourpen.catalog.catalog import Catalog

__all__ = [
    "NUMBER",
    "TEXT",
    "WHOLE",
    "callable_or_none",
    "catalog",
    "entries",
    "flag",
    "instance",
    "limits",
    "number",
    "optional_text",
    "optional_whole",
    "text",
    "text_or",
    "texts",
    "whole",
]


def limits(value: object, field: str = "limits") -> Limits:
    """A :class:`~armourpen.limits.Limits`."""
    return checked(value, field)


def catalog(value: object, field: str = "catalog") -> Catalog | None:
    """A :class:`~armourpen.catalog.Catalog`, or None (the built-in one)."""
    if value is None:
        return None
    # imported here: `import armourpen` reads no catalog code until a catalog is asked for
    from armourpen.catalog.catalog import Catalog

    return instance(field, value, Catalog, "a Catalog (Catalog.builtin(), Catalog.load(...)), "
                    "or None for the built-in one")
