"""One translator of pydantic's validation errors into AP-2: the field as typed, the value, and
what is allowed, in our words (never pydantic's "Input should be ...").

Scenario files, catalog files and GCS files all go through :func:`problem`. The field path is
found by walking the model along pydantic's error location: pydantic inserts a tag for the branch
of a union it tried (``str``, ``CoverSpec``, ``function-after[...]``), and the walk knows where
those stand, so a user's key is kept exactly as typed whatever its spelling (``Weapon``, ``str``,
``a[b]``).
"""

from __future__ import annotations

import difflib
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, StrictStr, StringConstraints, Tag, ValidationError
from pydantic.fields import FieldInfo

from armourpen.errors import MISSING, InputError, ScenarioError
from armourpen.text import EmptyName, one_line
from armourpen.values import MAX_NAME_CHARS

Loc = tuple[int | str, ...]


Name = Annotated[StrictStr, StringConstraints(max_length=MAX_NAME_CHARS), AfterValidator(one_line)]
"""What names a thing in a scenario (a target, a piece of cover, a catalog item to look up):
never empty or blank (nothing falls back to a default in silence), on one line, at most 200
characters."""


class KeyProblem(ValueError):
    """A model-level check that concerns one key (so the error can name it and its value)."""

    def __init__(self, message: str, key: str | None = None, value: object = None) -> None:
        super().__init__(message)
        self.key = key
        self.value = value  # what to show; by default the key's value


def field_path(loc: Sequence[int | str], prefix: str = "") -> str:
    """``("line", 1, "cover")`` -> ``line[1].cover``."""
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


# --- walking the model along pydantic's location -----------------------------------------------


def _strip(ann: Any) -> Any:
    """The annotation without ``Annotated[...]`` and without ``None`` in an optional."""
    while True:
        origin = typing.get_origin(ann)
        if origin is typing.Annotated:
            ann = typing.get_args(ann)[0]
        elif origin in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(ann) if a is not type(None)]
            if len(members) != 1:
                return ann
            ann = members[0]
        else:
            return ann


def _members(ann: Any) -> list[tuple[str | None, Any]] | None:
    """The branches of a union (None left out) with their tags, or None when ``ann`` is no union.

    A branch of a tagged union carries ``Tag("...")``, which pydantic puts in the location."""
    if typing.get_origin(ann) not in (typing.Union, types.UnionType):
        return None
    out: list[tuple[str | None, Any]] = []
    for a in typing.get_args(ann):
        if a is type(None):
            continue
        tags = typing.get_args(a)[1:] if typing.get_origin(a) is typing.Annotated else ()
        out.append((next((t.tag for t in tags if isinstance(t, Tag)), None), _strip(a)))
    return out


def _is_model(ann: Any) -> bool:
    return isinstance(ann, type) and issubclass(ann, BaseModel)


_CONTAINER_TAGS = {"list": list, "dict": dict, "tuple": tuple, "set": set, "frozenset": frozenset}


def _branch(members: list[tuple[str | None, Any]], tag: str) -> Any:
    """The union branch pydantic's ``tag`` names: its own tag, a model by its class name, or a
    kind of container."""
    for t, m in members:
        if t == tag or (t is None and _is_model(m) and m.__name__ == tag):
            return m
    kind = tag.split("[", 1)[0]
    for _, m in members:
        origin = typing.get_origin(m) or m
        if _CONTAINER_TAGS.get(kind) is origin:
            return m
    return Any  # a scalar branch (str, int, a literal, a validator): nothing below it


def _field_annotation(model: type[BaseModel], key: str) -> Any:
    for name, f in model.model_fields.items():
        if key in (name, f.alias):
            return f.annotation
    return None


def walk(model: type[BaseModel], loc: Sequence[int | str]) -> tuple[Loc, type[BaseModel] | None]:
    """The user's path in ``loc`` (union tags left out), and the model holding its last key."""
    path, owner, _ = _walk(model, loc)
    return path, owner


def _walk(model: type[BaseModel], loc: Sequence[int | str]
          ) -> tuple[Loc, type[BaseModel] | None, Any]:
    """:func:`walk`, and the annotation of what ``loc`` ends at (a union's branch, by its tag)."""
    parts = tuple(loc)
    # the walk depends on the keys and tags, not on which entry of a list: one walk per shape
    kept, owner, ann = _walk_shape(model, tuple(0 if isinstance(p, int) else p for p in parts))
    return tuple(parts[i] for i in kept), owner, ann


@functools.lru_cache(maxsize=4096)
def _walk_shape(model: type[BaseModel], parts: tuple[int | str, ...]
                ) -> tuple[tuple[int, ...], type[BaseModel] | None, Any]:
    """The walk of :func:`_walk` along ``parts``: which parts are the user's (their indices),
    the model holding the last key, and the annotation the walk ends at."""
    out: list[int] = []
    ann: Any = model
    owner: type[BaseModel] | None = None
    i = 0
    while i < len(parts):
        part = parts[i]
        ann = _strip(ann)
        members = _members(ann)
        if members is not None and isinstance(part, str):
            ann = _branch(members, part)  # pydantic's tag for the branch it tried
            i += 1
            continue
        origin = typing.get_origin(ann)
        if _is_model(ann):
            owner = ann
            found = _field_annotation(ann, part) if isinstance(part, str) else None
            ann = Any if found is None else found
        elif origin in (list, tuple, set, frozenset) or (
            isinstance(origin, type) and issubclass(origin, Sequence)
        ):
            owner = None
            args = typing.get_args(ann)
            ann = args[0] if args else Any
        elif origin is dict or (isinstance(origin, type) and issubclass(origin, Mapping)):
            owner = None
            args = typing.get_args(ann)
            if i + 1 < len(parts) and parts[i + 1] == "[key]":  # the key itself is wrong
                out.append(i)
                i += 2
                ann = args[0] if args else Any
                continue
            ann = args[1] if len(args) == 2 else Any
        else:
            owner = None
            ann = Any
        out.append(i)
        i += 1
    return tuple(out), owner, ann


def _keys_of(model: type[BaseModel], loc: Sequence[int | str]) -> str | None:
    """``a table / object with the keys name, av, ...`` when ``loc`` ends at a model, else None."""
    ann = _strip(_walk(model, loc)[2])
    if not (isinstance(ann, type) and issubclass(ann, BaseModel)):
        return None
    return "a table / object with the keys " + ", ".join(
        f.alias or name for name, f in ann.model_fields.items())


def _field_at(model: type[BaseModel], loc: Sequence[int | str]) -> FieldInfo | None:
    """The model field the last key of pydantic's location ``loc`` names (None for an entry of a
    list or a key of a table)."""
    path, owner = walk(model, loc)
    if owner is None or not path or not isinstance(path[-1], str):
        return None
    return next((f for name, f in owner.model_fields.items() if path[-1] in (name, f.alias)), None)


def allowed_keys(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The keys allowed in the table that holds the last key of pydantic's location ``loc``."""
    _, owner = walk(model, loc)
    if owner is None:
        return []
    return [f.alias or name for name, f in owner.model_fields.items()]


# --- what is allowed, in our words -------------------------------------------------------------

_BY_KIND = {
    "int": "a whole number (integer)",
    "float": "a number",
    "bool": "true or false",
    "string": "a string",
    "str": "a string",
    "list": 'a list, e.g. ["a", "b"]',
    "tuple": 'a list, e.g. ["a", "b"]',
    "set": 'a list, e.g. ["a", "b"]',
    "dict": "a table / object of keys",
    "model": "a table / object of keys",
    "mapping": "a table / object of keys",
}


def _options(expected: object) -> str:
    """``"'a', 'b' or 'c'"`` (pydantic's list of choices) -> ``a, b, c``."""
    found = re.findall(r"'([^']*)'", str(expected))
    return ", ".join(found) if found else str(expected)


def _plural(n: object, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _allowed_text(err: Mapping[str, Any]) -> str:
    """What is allowed, for one pydantic error (without the leading ``allowed: ``)."""
    kind = str(err.get("type", ""))
    ctx: Mapping[str, Any] = err.get("ctx") or {}
    msg = str(err.get("msg", ""))
    bounds: dict[str, Callable[[], str]] = {
        "greater_than": lambda: f"more than {ctx.get('gt')}",
        "greater_than_equal": lambda: f"{ctx.get('ge')} or more",
        "less_than": lambda: f"less than {ctx.get('lt')}",
        "less_than_equal": lambda: f"at most {ctx.get('le')}",
        "string_too_short": lambda: f"at least {_plural(ctx.get('min_length'), 'character')}",
        "string_too_long": lambda: f"at most {_plural(ctx.get('max_length'), 'character')}",
        "too_short": lambda: f"at least {_plural(ctx.get('min_length'), 'entry')}".replace(
            "entrys", "entries"),
        "too_long": lambda: f"at most {_plural(ctx.get('max_length'), 'entry')}".replace(
            "entrys", "entries"),
        "literal_error": lambda: _options(ctx.get("expected", msg)),
        "enum": lambda: _options(ctx.get("expected", msg)),
        "finite_number": lambda: "a finite number",
        "string_pattern_mismatch": lambda: f"text matching {ctx.get('pattern')}",
        "union_tag_invalid": lambda: f"one of {_options(ctx.get('expected_tags'))}",
        "union_tag_not_found": lambda: f"an entry with the key {ctx.get('discriminator')}",
    }
    if kind in bounds:
        return bounds[kind]()
    prefix = kind.split("_", 1)[0]
    if prefix in _BY_KIND:
        return _BY_KIND[prefix]
    # anything else: pydantic's words, with its own phrasing taken out
    text = msg.removeprefix("Input should be ").removeprefix("Value error, ")
    return text[:1].lower() + text[1:] if text else "a valid value"


def _allowed_for(model: type[BaseModel], err: Mapping[str, Any]) -> str:
    """:func:`_allowed_text`, naming the keys where a table of known keys belongs."""
    if str(err.get("type", "")) in ("model_type", "model_attributes_type", "dict_type"):
        keys = _keys_of(model, err.get("loc", ()))
        if keys is not None:
            return keys
    return _allowed_text(err)


@dataclass(frozen=True, slots=True)
class Problem:
    """One validation error in AP-2 terms: where (the user's path), the value, what is allowed.
    """

    loc: Loc
    value: object
    allowed: str
    cause: InputError | None = None  # our own error raised inside a validator


# The deepest error is the most specific (a union's other branches fail higher up); at equal
# depth, unknown and missing keys and our own checks say the most.
_PRIORITY = {"extra_forbidden": 2, "missing": 2, "value_error": 2}


_BOUNDS = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")


MAX_PROBLEMS = 10
"""How many problems of one input a message lists; past them it counts the rest."""


def problems(exc: ValidationError, model: type[BaseModel],
             hints: Mapping[str, str] | None = None,
             limit: int = MAX_PROBLEMS) -> tuple[list[Problem], int]:
    """Every problem of ``exc``, one per place of the input (at most ``limit``, the most telling
    first, then in the input's order), and how many places more are wrong.

    The deepest error is the most telling (a union's other branches fail higher up); a place
    told also tells the union branches tried on the way to it. Each error is walked once and the
    errors are ordered once, so a list of many bad entries costs what its size does, whatever
    ``limit`` is."""
    located = [(walk(model, e.get("loc", ()))[0], e) for e in exc.errors(include_url=False)]
    at_place: dict[Loc, list[Any]] = {}
    for where, e in located:
        at_place.setdefault(where, []).append(e)
    order = sorted(range(len(located)), key=lambda i: (
        -len(located[i][0]), -_PRIORITY.get(str(located[i][1].get("type")), 0), i))
    out: list[Problem] = []
    told: list[Loc] = []
    for i in order:
        where, err = located[i]
        if any(_on_the_way(where, at) for at in told):
            continue
        if len(out) == limit:
            # this place, and every other place not on the way to it or to one told
            return out, 1 + sum(1 for place in at_place if where[: len(place)] != place
                                and not any(_on_the_way(place, at) for at in told))
        out.append(_problem(where, err, at_place[where], model, hints))
        told.append(where)
    return out, 0


def _on_the_way(where: Loc, loc: Loc) -> bool:
    return loc[: len(where)] == where


def _problem(loc: Loc, err: Any, here: Sequence[Any], model: type[BaseModel],
             hints: Mapping[str, str] | None) -> Problem:
    """The problem at the place ``loc`` of the user's input, from the most telling of pydantic's
    errors there (``err``) and every error at that place (``here``)."""
    raw_loc = err.get("loc", ())
    kind = str(err.get("type", ""))
    value = err.get("input")
    kinds_here = {str(e.get("type", "")).split("_", 1)[0] for e in here}
    bounded = [e for e in here if str(e.get("type")) in _BOUNDS]
    if bounded:  # the value has a right type, and is out of bounds there
        err, kind, here = bounded[0], str(bounded[0].get("type")), bounded[:1]
    if len(here) > 1 and not {"extra", "missing", "value"} & kinds_here:
        # a value that fits none of a union's types: the field's own description says what it
        # takes, if it has one; else name the types (int or float: a number)
        field = _field_at(model, raw_loc)
        numeric = "int" in kinds_here and bool({"float", "finite"} & kinds_here)
        options = ["a number" if numeric and str(e.get("type", "")).split("_", 1)[0] in
                   ("int", "float", "finite") else _allowed_for(model, e) for e in here]
        allowed = "allowed: " + (field.description if field is not None and field.description
                                 else ", or ".join(dict.fromkeys(options)))
    else:
        allowed = "allowed: " + _allowed_for(model, err)
    if kind == "extra_forbidden":
        value = loc[-1] if loc else value
        keys = allowed_keys(model, raw_loc)
        allowed = "unknown key (check the spelling; unknown keys are errors, AP-2)"
        if keys:
            allowed = "unknown key; the keys allowed here: " + ", ".join(keys) + _did_you_mean(
                value, keys)
    elif kind == "missing":
        value = MISSING
        allowed = f"`{loc[-1]}` is required" if loc else "this key is required"
    key = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if hints and key in hints and kind in _BOUNDS:  # out of bounds: say what the bounds mean
        allowed = "allowed: " + hints[key]
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, EmptyName):  # a name box left empty: required, not "'' is not allowed"
        value, allowed = MISSING, str(cause)
    if isinstance(cause, KeyProblem):
        allowed = str(cause)
        if cause.key is not None and isinstance(value, Mapping):
            loc = (*loc, cause.key)
            value = value.get(cause.key) if cause.value is None else cause.value
        else:
            value = MISSING if value is None or isinstance(value, Mapping) else value
    return Problem(loc, value, allowed, cause if isinstance(cause, InputError) else None)


def _did_you_mean(key: object, keys: Sequence[str]) -> str:
    """``; did you mean `skill`?`` for a near miss of an allowed key, as the flags suggest."""
    if not isinstance(key, str):
        return ""
    near = difflib.get_close_matches(key.lower(), keys, n=1, cutoff=0.6)
    return f"; did you mean `{near[0]}`?" if near else ""


def from_validation_error(
    exc: ValidationError,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    *,
    model: type[BaseModel],
    hints: Mapping[str, str] | None = None,
) -> InputError:
    """The errors of validating ``model`` as one AP-2 InputError naming the full path from
    ``prefix``: the most telling first, every other place of the input in ``also`` (up to
    :data:`MAX_PROBLEMS`, then how many more)."""
    return joined(*errors_of(exc, prefix, error, model=model, hints=hints))


def errors_of(
    exc: ValidationError,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    *,
    model: type[BaseModel],
    hints: Mapping[str, str] | None = None,
) -> tuple[list[InputError], int]:
    """Each problem of validating ``model`` as its own error naming the full path from
    ``prefix`` (at most :data:`MAX_PROBLEMS`), and how many places more are wrong: for an input
    validated in parts, whose problems :func:`joined` tells at once."""
    found, more = problems(exc, model, hints)
    return [_as_error(p, prefix, error, "") for p in found], more


def joined(found: Sequence[InputError], more: int = 0) -> InputError:
    """The problems of one input's parts as one error, as :func:`from_validation_error` tells
    those of one model: the first, the others in ``also`` (each part's own ``also`` too), at most
    :data:`MAX_PROBLEMS`, then how many more."""
    flat = [e for part in found for e in (part.with_also(()), *part.also)]
    more += max(0, len(flat) - MAX_PROBLEMS)
    flat = flat[:MAX_PROBLEMS]
    if more:
        flat[-1] = flat[-1].at(flat[-1].field, flat[-1].allowed + more_text(more))
    return flat[0].with_also(flat[1:])


def _as_error(p: Problem, prefix: str, error: type[InputError], more: str) -> InputError:
    if p.cause is not None:
        return error(field_path(p.loc, prefix) if p.loc else p.cause.field, p.cause.value,
                     p.cause.allowed + more)
    return error(field_path(p.loc, prefix), p.value, p.allowed + more)


def more_text(more: int) -> str:
    """`` (and 2 more problems)``: how many other places of the input are wrong too."""
    return f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
