"""PA-8: how much armour one person can wear (warnings, never errors)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from armourpen.explain import Caution, Ruling

if TYPE_CHECKING:  # a scenario's worn armour, read as a Worn is
    from armourpen.penav.model import Armour

MAX_WORN_LAYERS = 3
MAX_RIGID_LAYERS = 1


@dataclass(frozen=True, slots=True)
class Worn:
    """A worn layer as PA-8 sees it."""

    name: str
    rigid: bool


def wearing_warnings(wearer: str, worn: Sequence[Worn | Armour]) -> tuple[Caution, ...]:
    """Warn when more than three layers, or more than one rigid or bulky layer, are worn."""
    out: list[Caution] = []
    if len(worn) > MAX_WORN_LAYERS:
        out.append(Caution(
            Ruling.PA_8, f"{wearer} wears {len(worn)} layers; the text allows two or three within reason"
        ))
    rigid = [w.name for w in worn if w.rigid]
    if len(rigid) > MAX_RIGID_LAYERS:
        out.append(Caution(
            Ruling.PA_8, f"{wearer} wears {len(rigid)} rigid or bulky layers ({', '.join(rigid)}); "
            "only one is reasonable, and each item listed is layered as covering the spot hit: "
            "list only what covers it (a vest and a helmet are no two layers)"
        ))
    return tuple(out)
