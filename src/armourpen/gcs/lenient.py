"""Reading the parts of a GCS file that a shot does not need, whatever their shape.

A trait, modifier, feature or piece of equipment is written by hand as often as by GCS, and files
from other GCS releases hold shapes armourpen does not expect (a number where text was, a list
where an object was, null). None of that may refuse a file: :func:`read_leniently` validates the
data against a model whose every field has a default, leaves out each value that does not fit
(an entry of a list that is not an object becomes an empty one, so the others keep their places)
and validates again, until it fits. What it left out is returned, each value with its path in the
file, for the warnings to name (see :func:`armourpen.gcs.traits.unread_warnings`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel, ValidationError

Path = tuple[str | int, ...]
M = TypeVar("M", bound=BaseModel)
_MAX_ROUNDS = 64  # each round leaves out at least one value; real files need one or two


@dataclass(frozen=True, slots=True)
class Unread:
    """A value of the file left out because it is not of the shape armourpen reads there."""

    path: Path
    value: object

    @property
    def shown(self) -> str:
        """The value as JSON, cut short: it is quoted in a warning."""
        try:
            text = json.dumps(self.value, ensure_ascii=False, default=repr)
        except (ValueError, RecursionError):  # nested too deeply for the encoder
            text = type(self.value).__name__
        return text if len(text) <= 40 else text[:37] + "..."


def path_text(path: Path) -> str:
    """``("traits", 2, "modifiers", 0, "levels")`` -> ``traits[2].modifiers[0].levels`` (a path
    nested deeper than any file GCS writes is cut in its middle)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out if len(out) <= 120 else f"{out[:40]}...{out[-60:]}"


def read_leniently(model: type[M], data: Mapping[str, object]) -> tuple[M, tuple[Unread, ...]]:
    """``data`` as ``model``, leaving out every value that does not fit, and those values.

    Every field of ``model`` and of the models it holds must have a default (so an empty object
    always fits) and every list must hold models.
    """
    original: dict[str, object] = dict(data)  # left as it is; values are quoted from it
    current: object = original
    unread: list[Unread] = []
    left_out: set[Path] = set()
    for _ in range(_MAX_ROUNDS):
        try:
            return model.model_validate(current), tuple(unread)
        except ValidationError as exc:
            paths = {_reachable(current, err["loc"]) for err in exc.errors()}
        # an empty object where the error stays (a trait nested too deeply to validate at all):
        # what holds it is left out instead
        paths = {_new(p, left_out) for p in paths}
        for path in _shortest(paths):
            left_out.add(path)
            unread = [u for u in unread if u.path[: len(path)] != path]  # now within this one
            unread.append(Unread(path, _at(original, path)))
            current = _without(current, path)
    return model(), (Unread((), "(too many values of unexpected shapes)"),)


def _new(path: Path, left_out: set[Path]) -> Path:
    while path and path in left_out:
        path = path[:-1]
    return path


def _reachable(data: object, loc: Sequence[str | int]) -> Path:
    """The part of an error's location that exists in the data (pydantic adds the names of the
    members of a union it tried, which are no keys of the file)."""
    path: list[str | int] = []
    for part in loc:
        in_map = isinstance(data, Mapping) and isinstance(part, str) and part in data
        in_list = isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if not (in_map or in_list):
            break
        data = data[part]  # type: ignore[index]
        path.append(part)
    return tuple(path)


def _shortest(paths: set[Path]) -> list[Path]:
    """The paths that lie within no other, so that a value is left out once."""
    return sorted(
        (p for p in paths if not any(q != p and p[: len(q)] == q for q in paths)),
        key=path_text,
    )


def _at(data: object, path: Path) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


def _without(data: object, path: Path) -> object:
    """``data`` without the value at ``path`` (copying only what lies on the way): a key is
    removed, so its field takes its default; an entry of a list becomes an empty object."""
    if not path:
        return {}
    head, rest = path[0], path[1:]
    if isinstance(data, Mapping):
        out = dict(data)
        if rest:
            out[str(head)] = _without(data[head], rest)
        else:
            del out[str(head)]
        return out
    if isinstance(data, list) and isinstance(head, int):
        items = list(data)
        items[head] = _without(data[head], rest) if rest else {}
        return items
    return data  # pragma: no cover - paths come from _reachable
