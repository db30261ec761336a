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
        shortest = _shortest(paths)
        left_out.update(shortest)
        # what an earlier round left out that lies within one left out now is named by it alone
        unread = [u for u in unread if not _within(u.path, paths)]
        unread.extend(Unread(path, _at(original, path)) for path in shortest)
        current = _without(current, _tree(shortest))
    return model(), (Unread((), "(too many values of unexpected shapes)"),)


def _within(path: Path, paths: set[Path]) -> bool:
    """Whether ``path`` lies within one of ``paths`` (is it, or begins with it)."""
    return any(path[:k] in paths for k in range(len(path) + 1))


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
    """The paths that lie within no other, so that a value is left out once (each path's own
    beginnings are looked up: linear in the paths, however many values are left out)."""
    return sorted(
        (p for p in paths if not any(p[:k] in paths for k in range(len(p)))),
        key=path_text,
    )


def _at(data: object, path: Path) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


_Tree = dict[str | int, "_Tree | None"]  # the paths left out, by their parts (None: this one)


def _tree(paths: Sequence[Path]) -> _Tree:
    """``paths`` (none within another) as a tree of their parts."""
    root: _Tree = {}
    for path in paths:
        node = root
        for part in path[:-1]:
            node = node.setdefault(part, {})  # type: ignore[assignment]
        if path:
            node[path[-1]] = None
    return root


def _without(data: object, tree: _Tree) -> object:
    """``data`` without the values at the paths of ``tree`` (copying only what lies on the way,
    each once): a key is removed, so its field takes its default; an entry of a list becomes an
    empty object. An empty tree holding nothing stands for the whole value."""
    if not tree:
        return {}
    if isinstance(data, Mapping):
        out = dict(data)
        for head, rest in tree.items():
            if rest is None:
                out.pop(str(head), None)
            else:
                out[str(head)] = _without(data[head], rest)
        return out
    if isinstance(data, list):
        items = list(data)
        for head, rest in tree.items():
            if isinstance(head, int):
                items[head] = {} if rest is None else _without(data[head], rest)
        return items
    return data  # pragma: no cover - paths come from _reachable
