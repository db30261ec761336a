"""The outcome of a PEN/AV scenario: the effective attack, each target's result, steps and warnings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.explain import Caution, Step
from armourpen.penav.layering import Layer
from armourpen.penav.penetration import Result
from armourpen.penav.scale import structural_number
from armourpen.serialize import json_ready

if TYPE_CHECKING:
    from armourpen.catalog.items import RangeColumn
    from armourpen.penav.direction import Direction
    from armourpen.penav.ranges import Band

# The outcome's parts are value types (docs/decisions/0001-value-types.md): frozen, slotted
# dataclasses, each equal only to its own kind and never read by position. Each gives its JSON by
# ``to_dict()``, which every serializer of :mod:`armourpen.serialize` writes.


@dataclass(frozen=True, slots=True)
class AttackSummary:
    """The attack after range, ammunition and scale (personal PEN)."""

    name: str
    base_pen: int
    pen: int
    range_band: Band
    range_column: RangeColumn
    dc_modifier: int
    base_dc: int | None
    dc: int | None
    ammo: str
    distance: str | None
    direction: Direction
    structural: bool

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "name": self.name,
            "pen": self.pen,
            "base_pen": self.base_pen,
            "range_band": self.range_band.value,
            "range_column": self.range_column.value,
            "distance": self.distance,
            "dc_modifier": self.dc_modifier,
            "dc": self.dc,
            "ammo": self.ammo,
            "from": self.direction.value,
        }
        if self.structural:
            d["spen"] = structural_number(self.pen)
        return d



@dataclass(frozen=True, slots=True)
class TargetOutcome:
    """One target: its AV facing the shot (everything in front layered, PA-12) and the result."""

    name: str
    av: int | None  # None when the shot never got there
    result: Result
    layers: tuple[Layer, ...]
    steps: tuple[Step, ...]
    structural: bool = False

    @property
    def wound_modifier(self) -> int | None:
        return self.result.wound_modifier

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "name": self.name,
            "av": self.av,
            "outcome": self.result.value,
            "wound_modifier": self.wound_modifier,
            "layers": [layer.to_dict() for layer in self.layers],
        }
        if self.structural and self.av is not None:
            d["sav"] = structural_number(self.av)
        return d


@json_ready  # text, whole numbers and None (a structural figure not whole is a float)
@dataclass(frozen=True, slots=True)
class PenavOutcome:
    """Everything ``resolve`` found, with ``to_dict()`` equal to the CLI's ``--json``."""

    attack: AttackSummary
    targets: tuple[TargetOutcome, ...]
    warnings: tuple[Caution, ...]
    steps: tuple[Step, ...]
    rules: str = "penav"

    @property
    def attack_steps(self) -> tuple[Step, ...]:
        """The steps about the attack: ``steps`` is these, then each target's own in line order
        (as :func:`armourpen.penav.resolve.resolve_penav` joins them)."""
        own = sum(len(t.steps) for t in self.targets)
        return self.steps[: len(self.steps) - own]

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "attack": self.attack.to_dict(),
            "targets": [t.to_dict() for t in self.targets],
            "warnings": [w.to_dict() for w in self.warnings],
            "steps": [s.to_dict() for s in self.steps],
        }
