"""PA-9: the direction an attack comes from, and what covers which direction."""

from __future__ import annotations

from armourpen.values import HORIZONTAL, Direction

__all__ = ["HORIZONTAL", "HUMAN_BODY_AV", "Direction", "body_axis"]

# PA-9 / cover table: a human body as cover, by the axis the shot travels along.
HUMAN_BODY_AV: dict[Direction, int] = {
    Direction.FRONT: 3,
    Direction.REAR: 3,
    Direction.LEFT: 4,
    Direction.RIGHT: 4,
    Direction.ABOVE: 5,
    Direction.BELOW: 5,
}


def body_axis(direction: Direction) -> str:
    """How the text's cover table names the axis a shot from ``direction`` crosses a body along."""
    return _BODY_AXES[direction]


_BODY_AXES = {Direction.FRONT: "front to back", Direction.REAR: "front to back",
              Direction.LEFT: "side to side", Direction.RIGHT: "side to side",
              Direction.ABOVE: "top to bottom", Direction.BELOW: "top to bottom"}
