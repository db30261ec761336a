"""PA-7: layering armour and cover."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from armourpen.explain import Explained, Ruling
from armourpen.penav.scale import fmt


class Origin(StrEnum):
    """What a layer of the line of fire is (the ``origin`` of each layer in the JSON)."""

    COVER = "cover"
    ARMOUR = "armour"
    BODY = "body"
    PLATE = "plate"
    VEHICLE = "vehicle"


@dataclass(frozen=True, slots=True)
class Layer:
    """One layer the shot must pass, with its AV already on the personal scale (PA-1)."""

    name: str
    av: int
    origin: Origin = Origin.COVER
    structural: bool = False  # shown with its SAV

    def label(self) -> str:
        if not self.structural:  # the common case, without a call
            return f"{self.name} AV {self.av}"
        return f"{self.name} {fmt(self.av, 'AV', self.structural)}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "av": self.av, "origin": self.origin.value}


def labels(layers: Iterable[Layer]) -> str:
    """The layers' labels, comma-separated (each explanation lists the layers so)."""
    return ", ".join([layer.label() for layer in layers])


def layered_av(layers: Sequence[Layer]) -> Explained[int]:
    """The highest AV, +1 for each further layer of AV 1 or more (PA-7)."""
    if not layers:
        return Explained.of(0, Ruling.PA_7, "nothing stands in the way: AV 0")
    if len(layers) == 1:
        base = layers[0]
        return Explained.of(base.av, Ruling.PA_7, f"one layer: {base.label()} -> AV {base.av}")
    avs = [layer.av for layer in layers]
    highest = max(avs)
    base_index = avs.index(highest)  # the first of the highest
    base = layers[base_index]
    others = [*layers[:base_index], *layers[base_index + 1:]]
    adding = [layer for layer in others if layer.av >= 1]
    total = highest + len(adding)
    parts = [f"base {base.label()}"]
    if adding:
        parts.append(f"+1 for each of {len(adding)} further layer(s) of AV 1 or more ("
                     f"{labels(adding)})")
    if len(adding) < len(others):
        idle = [layer.name for layer in others if layer.av < 1]
        parts.append(f"no bonus for AV 0 layer(s) ({', '.join(idle)})")
    return Explained.of(total, Ruling.PA_7, "layering: " + "; ".join(parts) + f" -> AV {total}")
