"""A roll of GURPS damage as a value (GU-1, GU-2): what ``armourpen roll`` shows and prints."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from armourpen.errors import InputError
from armourpen.explain import Step
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.dice import MAX_SEED, roll_damage
from armourpen.gurps.notation import Damage

SEED_RANGE = 2**32  # seeds drawn from a random.Random: short enough to type back in


def seed_from(seed: int | random.Random, field: str = "seed") -> int:
    """A replayable seed: the number itself, or one drawn from a ``random.Random``."""
    if isinstance(seed, random.Random):
        return seed.randrange(SEED_RANGE)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InputError(field, seed, f"a whole number from 0 to {MAX_SEED}, or a random.Random")
    return seed


@dataclass(frozen=True, slots=True)
class Rolled:
    """One roll: the dice, their total with adds, the basic damage (GU-2) and the seed."""

    damage: Damage
    dice: tuple[int, ...]
    seed: int
    basic_damage: int
    steps: tuple[Step, ...]

    @property
    def roll(self) -> int:
        """The dice total with adds, before the multiplier and the minimum."""
        return sum(self.dice) + self.damage.adds

    def to_dict(self) -> dict[str, Any]:
        return {
            "damage": str(self.damage),
            "dice": list(self.dice),
            "adds": self.damage.adds,
            "multiplier": self.damage.multiplier,
            "roll": self.roll,
            "basic_damage": self.basic_damage,
            "seed": self.seed,
            "steps": [s.to_dict() for s in self.steps],
        }


def roll(damage: str | Damage, seed: int | random.Random) -> Rolled:
    """Parse ``damage`` (GU-1) and roll it with ``seed`` (a number, or a ``random.Random`` to draw
    one from; the result keeps the seed, so the roll can be replayed)."""
    from armourpen import arguments

    if not isinstance(damage, Damage):
        damage = arguments.text("damage", damage, "a damage string such as '3d+1 cut' (a str), or "
                                "a Damage")
    if not isinstance(seed, random.Random):
        seed = arguments.whole("seed", seed, "a whole number (an int), or a random.Random")
    parsed = damage if isinstance(damage, Damage) else Damage.parse(damage)
    used = seed_from(seed)
    rolled = roll_damage(parsed, used)
    basic = basic_damage(parsed, rolled.total)
    return Rolled(parsed, rolled.dice, used, basic.value, basic.steps)
