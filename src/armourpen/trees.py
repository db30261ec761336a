"""The walk of a parsed tree (AP-2): what no scenario or catalog may hold anywhere, refused with
its place named (``line[1].hp``): nesting beyond the cap, a key given twice, a number that is not
finite or has too many digits, control characters or terminal escapes in keys and strings. The
walk is iterative, so any depth is safe to check; :mod:`armourpen.reading` walks every tree it
parses with it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from armourpen.errors import InputError, ScenarioError
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.numeric import NOT_FINITE, TOO_LONG, BadNumber
from armourpen.text import bad_text

if TYPE_CHECKING:
    pass



def nesting_error(depth: int, limits: Limits, field: str) -> InputError:
    return LimitError(field, f"arrays or tables nested {depth} deep",
                 f"at most {limits.max_depth} deep (max_depth); " + limits.how_to_raise("max_depth"))



class Duplicated(dict[str, Any]):
    """A JSON object in which ``key`` was given twice (reported with its path by check_tree)."""

    key: str = ""


def object_of_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    dup = Duplicated(out)
    dup.key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    return dup


# --- trees -----------------------------------------------------------------------------------


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part



# A node waiting to be checked: the value, its depth, and the node and key or index it sits under
# (the path is spelled out from these only when the value is refused).
_Node: TypeAlias = tuple[Any, int, "_Node | None", "str | int"]


def _path_of(node: _Node) -> str:
    parts: list[str | int] = []
    at: _Node | None = node
    while at is not None and at[2] is not None:
        parts.append(at[3])
        at = at[2]
    path = ""
    for part in reversed(parts):
        path = _join(path, part)
    return path


def check_tree(  # noqa: C901, PLR0912 (one branch per kind of value a file may hold)
    data: Any,
    *,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    limits: Limits | None = DEFAULT_LIMITS,
    any_text: bool = False,
) -> None:
    """Refuse, naming the place, what no scenario or catalog may hold anywhere: nesting beyond
    the cap (none with ``limits=None``: the rule sets' parsers check values only, the readers
    nesting too), a duplicated key, a number that is not finite or has more than 19 digits, and
    control characters or terminal escapes in keys and strings. Fields are named by their path
    (``line[1].hp``) after ``prefix``. The walk is iterative: any depth is safe to check.

    ``any_text``: keys and strings may hold any character (a GCS file's notes hold the carriage
    returns GCS writes). Only a reader that escapes every text it keeps
    (:func:`armourpen.errors.printable`) passes it: nothing is refused for what is never shown
    raw. The object of a ``gcs`` key is a GCS file's JSON held in a scenario (a target's or an
    attack's, as the calculator sends it): it is walked so too, after the rest, as the GCS reader
    reads the file."""
    max_depth = limits.max_depth if limits is not None else float("inf")

    def fail(node: _Node, value: object, allowed: str, key: str | None = None) -> InputError:
        path = _path_of(node) if key is None else _join(_path_of(node), key)
        return error(prefix + (path or "(top level)"), value, allowed)

    def too_deep(node: _Node) -> InputError:
        assert limits is not None
        return nesting_error(node[1] + 1, limits, prefix + (_path_of(node) or "(top level)"))

    stack: list[_Node] = [(data, 0, None, "")]
    # a `gcs` key's object is a GCS character file's JSON (a scenario's target or attack, the
    # calculator's): its text is kept as the file's is, for the GCS reader, which escapes it
    gcs_files: list[_Node] = []
    while True:
        while stack:
            entry = stack.pop()
            value, depth = entry[0], entry[1]
            kind = type(value)  # the built-in types a parser returns first, without ABC checks
            if kind is str:
                if not (any_text or value.isprintable()):
                    bad = bad_text(value, key=False)
                    if bad is not None:
                        raise fail(entry, value, f"the text holds {bad}; give plain text")
            elif kind is int:
                if not -(2**63) <= value < 2**63:
                    raise fail(entry, value, TOO_LONG)
            elif kind is bool or value is None:
                continue
            elif kind is float:
                if not math.isfinite(value):
                    raise fail(entry, value, NOT_FINITE)
            elif kind is dict or isinstance(value, Mapping):
                if depth >= max_depth:
                    raise too_deep(entry)
                if isinstance(value, Duplicated):
                    raise fail(entry, value.key,
                               "a key given twice in one object; give each key once", value.key)
                children: list[_Node] = []
                for k, v in value.items():
                    if type(k) is not str:
                        if not isinstance(k, str):
                            raise fail(entry, k, "keys are text")
                        k = str.__str__(k)  # the characters it holds, not what its class says
                    bad = None if any_text or k.isprintable() else bad_text(k, key=True)
                    if bad is not None:
                        raise fail(entry, k, f"a key holds {bad}; keys are plain text", k)
                    t = type(v)  # the bulk: plain text, numbers, flags, passed here at once
                    if not ((t is str and (any_text or v.isprintable())) or t is bool or v is None
                            or (t is int and -(2**63) <= v < 2**63)
                            or (t is float and v - v == 0)):  # finite: inf - inf and NaN are NaN
                        if k == "gcs" and not any_text and isinstance(v, Mapping):
                            gcs_files.append((v, depth + 1, entry, k))
                        else:
                            children.append((v, depth + 1, entry, k))
                stack.extend(reversed(children))  # so that problems are found in reading order
            elif kind is list or isinstance(value, list | tuple):
                if depth >= max_depth:
                    raise too_deep(entry)
                for i in range(len(value) - 1, -1, -1):  # last first: found in reading order
                    v = value[i]
                    t = type(v)  # as for a mapping's values
                    if not ((t is str and (any_text or v.isprintable())) or t is bool or v is None
                            or (t is int and -(2**63) <= v < 2**63)
                            or (t is float and v - v == 0)):
                        stack.append((v, depth + 1, entry, i))
            else:
                _check_other(entry, fail, any_text)

        if any_text or not gcs_files:
            return
        any_text, stack = True, gcs_files[::-1]


def _check_other(
    entry: _Node, fail: Callable[[_Node, object, str], InputError], any_text: bool,
) -> None:
    """A value of a type other than the built-in ones a parser returns (subclasses included).

    A subclass of ``str``, ``int`` or ``float`` is checked as the plain value it holds (read
    through the built-in type's own method), so that none of its methods can answer the check
    for it (an ``isprintable`` that says True of an escape, comparisons that say any number is
    in range); the value the rule sets then read is the plain one too (pydantic copies it).
    A set is refused: it has no order, and a list in a scenario (a line of fire, worn armour) has
    one that the answer follows."""
    from collections.abc import Set

    value = entry[0]
    if isinstance(value, BadNumber):
        raise fail(entry, value, value.allowed)
    if isinstance(value, bool):
        return
    if isinstance(value, float):
        if not math.isfinite(float.__float__(value)):
            raise fail(entry, value, NOT_FINITE)
    elif isinstance(value, int):
        if not -(2**63) <= int.__int__(value) < 2**63:
            raise fail(entry, int.__int__(value), TOO_LONG)
    elif isinstance(value, str):
        plain = str.__str__(value)
        bad = None if any_text else bad_text(plain, key=False)
        if bad is not None:
            raise fail(entry, plain, f"the text holds {bad}; give plain text")
    elif isinstance(value, Set):
        raise fail(entry, value, "a list (a set has no order; the lists of a scenario have one, "
                   "which the answer follows: a line of fire from the shooter out, armour from "
                   "the outside in)")

