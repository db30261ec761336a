"""One JSON language for every front end: the API's ``to_dict()`` and every ``--json`` use it.

- numbers stay numbers: a whole value is an ``int``, any other a ``float`` (:func:`number`);
- exact probabilities are reduced ``"n/d"`` strings (:func:`exact`), beside a float where useful;
- enums are their lower-case keys (``"very_long"``, ``"penetrated_reduced"``);
- steps and warnings are ``{"rule", "text"}`` records; values with ``to_dict()`` give that;
- tuples and sets become lists, mappings objects with string keys; dataclasses and named tuples
  become objects of their fields.

:func:`plain` turns any such value into JSON-ready data and :func:`dumps` prints it, so the CLI's
``--json`` is by construction the API's ``to_dict()``.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

if TYPE_CHECKING:
    pass

Json: TypeAlias = bool | int | float | str | list[Any] | dict[str, Any] | None


def number(x: int | float | Fraction) -> int | float:
    """A number for JSON: ``Fraction(12)`` -> ``12``, ``Fraction(26, 5)`` -> ``5.2``."""
    if isinstance(x, bool):
        raise TypeError("a bool is not a number here")
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else float(x)
    if math.isfinite(x) and x == int(x) and abs(x) < 2**53:
        return int(x)
    return x


def exact(q: Fraction | int) -> str:
    """An exact value as a reduced ``"n/d"`` string (``"1/1"`` and ``"0/1"`` included)."""
    f = Fraction(q)
    return f"{f.numerator}/{f.denominator}"


_ATOMS = frozenset({str, int, bool, type(None)})
_READY: set[type] = set()

T = TypeVar("T", bound=type)


def json_ready(cls: T) -> T:
    """Declare that ``cls().to_dict()`` is JSON data by construction: dicts with text keys, lists,
    text, whole numbers, booleans, None and floats that are not whole, nothing else. :func:`plain`
    then takes it as it is: walking an outcome again only to find it plain cost an HTTP answer
    as much as printing it (tests/test_serialize.py checks each such type against the walk)."""
    _READY.add(cls)
    return cls


def plain(value: object) -> Json:
    """JSON-ready data for any value armourpen returns (see the module's rules)."""
    # Exact built-in types first: the bulk of every outcome, and the web app serializes many. The
    # atoms inside a dict or a list are kept where they stand, without a call each.
    kind = type(value)
    if kind in _ATOMS:
        return value  # type: ignore[return-value]  # (mypy cannot narrow by a set of types)
    if kind in _READY:
        return value.to_dict()  # type: ignore[attr-defined, no-any-return]
    if kind is dict:
        return {k if type(k) is str else str(plain(k)): v if type(v) in _ATOMS else plain(v)
                for k, v in value.items()}  # type: ignore[attr-defined]
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else plain(v) for v in value]  # type: ignore[attr-defined]
    return _plain_other(value)


def _plain_other(value: object) -> Json:  # noqa: PLR0911 (one return per kind of value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return number(value)
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, Fraction):
        return exact(value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return plain(to_dict())
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=str)
    names = getattr(type(value), "_fields", None)
    if isinstance(value, tuple) and names is not None:  # a named tuple is a record, as a dataclass
        return {name: plain(getattr(value, name)) for name in names}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, PurePath):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"no JSON form for {type(value).__name__}")


def dumps(value: object) -> str:
    """The JSON text every ``--json`` prints: indented, UTF-8 characters kept."""
    return json.dumps(plain(value), indent=2, ensure_ascii=False, allow_nan=False)


# Made once: json.dumps would build an encoder per call. plain() returns a fresh tree, which holds
# no cycle to look for.
_COMPACT = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"),
                            check_circular=False)


def compact(value: object) -> str:
    """The same JSON as :func:`dumps`, without spaces or line breaks (what the HTTP API answers)."""
    return _COMPACT.encode(plain(value))
