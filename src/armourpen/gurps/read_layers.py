"""Reading a target card's layers of DR (GU-28): a list outermost first, alone or as an entry of
a table of DR by location."""

from __future__ import annotations

from armourpen.errors import ScenarioError
from armourpen.gurps.layers import Ablation, Layer, total_dr
from armourpen.gurps.locations import Location
from armourpen.gurps.schema import LayerSpec, TargetEntry

Layered = tuple[int | dict[Location, int], tuple[Layer, ...],
                tuple[tuple[Location, tuple[Layer, ...]], ...]]


def _layers_of(specs: list[LayerSpec]) -> tuple[Layer, ...]:
    return tuple(Layer(x.dr, x.hardened, x.flexible, x.crushing,
                       None if x.ablation is None else Ablation(x.ablation)) for x in specs)


def layered(t: TargetEntry, here: str) -> Layered:
    """A card's DR as one figure per place (a layered place counts the sum of its layers, GU-6,
    GU-28), the card's layers and the layers of each location a table gives them for."""
    if isinstance(t.dr, int):
        return t.dr, (), ()
    if (isinstance(t.dr, list) or any(isinstance(v, list) for v in t.dr.values())) and t.flexible:
        raise ScenarioError(f"{here}.flexible", True, "with layers of DR, mark each layer "
                            "flexible instead (GU-28: blunt trauma needs every layer that stopped "
                            "the blow to be flexible)")
    if isinstance(t.dr, list):
        layers = _layers_of(t.dr)
        return total_dr(layers), layers, ()
    sums: dict[Location, int] = {}
    at: list[tuple[Location, tuple[Layer, ...]]] = []
    for where, v in t.dr.items():
        if isinstance(v, list):
            at.append((Location(where), _layers_of(v)))
            sums[Location(where)] = total_dr(at[-1][1])
        else:
            sums[Location(where)] = v
    return sums, (), tuple(at)
