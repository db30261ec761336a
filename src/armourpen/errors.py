"""The error family (AP-2).

Every failure caused by what a user typed is an :class:`InputError`: it names the field, the value
and what is allowed, and front ends turn it into one line (CLI exit 2, HTTP 4xx). Anything else that
escapes is a bug (CLI exit 1).
"""

from __future__ import annotations

from collections.abc import Sequence


class ArmourpenError(Exception):
    """Root of every error armourpen raises on purpose."""


class InputError(ArmourpenError, ValueError):
    """Bad input: names the field, the offending value and what is allowed (AP-2)."""

    def __init__(self, field: str, value: object, allowed: str) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        super().__init__(f"{field}: {value!r} is not allowed; {allowed}")


class ScenarioError(InputError):
    """A scenario (file, mapping or quick flags) does not follow the schema."""


class CatalogError(InputError):
    """A catalog file (built-in or user-supplied) is malformed or clashes with another."""


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
