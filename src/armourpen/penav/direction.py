"""PA-9: the direction an attack comes from, and what covers which direction."""

from __future__ import annotations

from enum import StrEnum

from armourpen.errors import InputError


class Direction(StrEnum):
    """Where the attack comes from, seen from the target."""

    FRONT = "front"
    REAR = "rear"
    LEFT = "left"
    RIGHT = "right"
    ABOVE = "above"
    BELOW = "below"

    @classmethod
    def parse(cls, text: str, field: str = "from") -> Direction:
        try:
            return cls(text.strip().lower())
        except (ValueError, AttributeError):
            raise InputError(field, text, "allowed: " + ", ".join(d.value for d in cls)) from None


HORIZONTAL: frozenset[Direction] = frozenset(
    {Direction.FRONT, Direction.REAR, Direction.LEFT, Direction.RIGHT}
)
"""What walls, doors, sandbags and the like cover by default (PA-9)."""

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
    if direction in (Direction.FRONT, Direction.REAR):
        return "front to back"
    if direction in (Direction.LEFT, Direction.RIGHT):
        return "side to side"
    return "top to bottom"
