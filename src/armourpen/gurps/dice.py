"""Rolling GURPS damage (GU-1), kept apart from parsing: a roll needs an explicit seed."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from armourpen.gurps.notation import Damage

MAX_SEED = 2**63 - 1


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The d6 results of one roll of ``damage``, with the seed that replays it."""

    damage: Damage
    dice: tuple[int, ...]
    seed: int

    @property
    def total(self) -> int:
        """The dice total with adds, before the multiplier and the GU-2 minimum."""
        return sum(self.dice) + self.damage.adds


def roll_damage(damage: Damage, seed: int, rng: random.Random | None = None) -> DiceRoll:
    """Roll ``damage``'s dice with a seeded generator; the same seed gives the same dice.

    ``rng`` (seeded with ``seed`` by the caller) lets the same stream go on to roll other things,
    such as hit locations.
    """
    rng = random.Random(seed) if rng is None else rng
    return DiceRoll(damage, tuple(rng.randint(1, 6) for _ in range(damage.dice)), seed)


def fresh_seed() -> int:
    """A new seed from the operating system, for rolls the user did not fix (reported back)."""
    return secrets.randbelow(2**32)
