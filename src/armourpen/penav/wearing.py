"""PA-8: how much armour one person can wear (warnings, never errors)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from armourpen.explain import Caution

MAX_WORN_LAYERS = 3
MAX_RIGID_LAYERS = 1


class Worn(NamedTuple):
    """A worn layer as PA-8 sees it."""

    name: str
    rigid: bool


class Wearable(Protocol):
    """Anything worn with a name that is rigid or not: a :class:`Worn`, a scenario's armour."""

    @property
    def name(self) -> str: ...

    @property
    def rigid(self) -> bool: ...


def wearing_warnings(wearer: str, worn: Sequence[Wearable]) -> tuple[Caution, ...]:
    """Warn when more than three layers, or more than one rigid or bulky layer, are worn."""
    out: list[Caution] = []
    if len(worn) > MAX_WORN_LAYERS:
        out.append(Caution(
            "PA-8", f"{wearer} wears {len(worn)} layers; the text allows two or three within reason"
        ))
    rigid = [w.name for w in worn if w.rigid]
    if len(rigid) > MAX_RIGID_LAYERS:
        out.append(Caution(
            "PA-8", f"{wearer} wears {len(rigid)} rigid or bulky layers ({', '.join(rigid)}); "
            "only one is reasonable"
        ))
    return tuple(out)
