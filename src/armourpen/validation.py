"""Turn pydantic's validation errors into one AP-2 line: field path, value, what is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from armourpen.errors import InputError, ScenarioError


def field_path(loc: Sequence[int | str], prefix: str = "") -> str:
    """``("line", 1, "cover")`` -> ``line[1].cover``."""
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


_BY_KIND = {
    "int": "allowed: a whole number (integer)",
    "float": "allowed: a number",
    "bool": "allowed: true or false",
    "string": "allowed: a string",
    "list": "allowed: a list, e.g. [\"a\", \"b\"]",
    "dict": "allowed: a table / object of keys",
    "model": "allowed: a table / object of keys",
}


def _allowed(err: Any) -> str:
    kind = str(err.get("type", ""))
    msg = str(err.get("msg", "invalid"))
    if kind == "extra_forbidden":
        return "unknown key (check the spelling; unknown keys are errors, AP-2)"
    if kind == "missing":
        return "this key is required"
    if kind == "literal_error":
        return "allowed: " + msg.removeprefix("Input should be ")
    prefix = kind.split("_", 1)[0]
    if prefix in _BY_KIND:
        return _BY_KIND[prefix]
    return msg[0].lower() + msg[1:] if msg else "invalid"


def _is_union_branch(part: int | str) -> bool:
    # pydantic names union branches in the location ("str", "function-after[...]")
    text = str(part)
    # model names (capitalised) and type tags never name a user's key
    return (text in {"str", "int", "float", "bool", "list[...]", "dict[...]"} or "[" in text
            or text[:1].isupper())


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]


def allowed_keys(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The keys allowed in the table that holds ``loc``'s last key (through lists and unions)."""
    models = [model]
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        models = [
            inner
            for m in models
            for name, f in m.model_fields.items()
            if part in (name, f.alias)
            for inner in _models_in(f.annotation)
        ]
    keys: list[str] = []
    for m in models:
        keys.extend(f.alias or name for name, f in m.model_fields.items())
    return list(dict.fromkeys(keys))


def from_validation_error(
    exc: ValidationError,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    model: type[BaseModel] | None = None,
) -> InputError:
    """The first error, as an AP-2 InputError naming the full path (and the keys allowed there)."""
    errors = exc.errors()

    def where(e: Any) -> list[int | str]:
        return [p for p in e.get("loc", ()) if not _is_union_branch(p)]

    # The deepest error is the most specific (a union's other branches fail higher up); at equal
    # depth, unknown and missing keys and our own value errors say the most.
    priority = {"extra_forbidden": 2, "missing": 2, "value_error": 2}
    err = max(errors, key=lambda e: (len(where(e)), priority.get(str(e.get("type")), 0)))
    loc = where(err)
    value = err.get("input")
    allowed = _allowed(err)
    here = [e for e in errors if where(e) == loc]
    kinds_here = {str(e.get("type", "")).split("_", 1)[0] for e in here}
    if {"int", "float"} <= kinds_here:  # an int-or-float field
        allowed = "allowed: a number"
    elif len(here) > 1 and all(_allowed(e).startswith("allowed: ") for e in here):
        # a value that fits none of a union's types: name them all
        options = list(dict.fromkeys(_allowed(e).removeprefix("allowed: ") for e in here))
        allowed = "allowed: " + ", or ".join(options)
    if err.get("type") == "extra_forbidden":
        value = loc[-1] if loc else value
        keys = allowed_keys(model, loc) if model is not None else []
        if keys:
            allowed = "unknown key; the keys allowed here: " + ", ".join(keys)
    if err.get("type") == "missing":
        value = "(missing)"
    ctx = err.get("ctx") or {}
    cause = ctx.get("error")
    if isinstance(cause, InputError):
        return error(field_path(loc, prefix) if loc else cause.field, cause.value, cause.allowed)
    return error(field_path(loc, prefix), value, allowed)
