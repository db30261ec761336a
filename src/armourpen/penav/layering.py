"""PA-7: layering armour and cover."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from armourpen.explain import Explained
from armourpen.penav.scale import fmt


class Layer(NamedTuple):
    """One layer the shot must pass, with its AV already on the personal scale (PA-1)."""

    name: str
    av: int
    origin: str = "cover"  # cover | armour | body | plate | vehicle
    structural: bool = False  # shown with its SAV

    def label(self) -> str:
        if not self.structural:  # the common case, without a call
            return f"{self.name} AV {self.av}"
        return f"{self.name} {fmt(self.av, 'AV', self.structural)}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "av": self.av, "origin": self.origin}


def layered_av(layers: Sequence[Layer]) -> Explained[int]:
    """The highest AV, +1 for each further layer of AV 1 or more (PA-7)."""
    if not layers:
        return Explained.of(0, "PA-7", "nothing stands in the way: AV 0")
    base_index = max(range(len(layers)), key=lambda i: layers[i].av)  # first of the highest
    base = layers[base_index]
    others = [layer for i, layer in enumerate(layers) if i != base_index]
    adding = [layer for layer in others if layer.av >= 1]
    idle = [layer for layer in others if layer.av < 1]
    total = base.av + len(adding)
    if len(layers) == 1:
        return Explained.of(total, "PA-7", f"one layer: {base.label()} -> AV {total}")
    parts = [f"base {base.label()}"]
    if adding:
        parts.append(
            f"+1 for each of {len(adding)} further layer(s) of AV 1 or more ("
            + ", ".join(layer.label() for layer in adding)
            + ")"
        )
    if idle:
        parts.append(
            "no bonus for AV 0 layer(s) (" + ", ".join(layer.name for layer in idle) + ")"
        )
    return Explained.of(total, "PA-7", "layering: " + "; ".join(parts) + f" -> AV {total}")
