"""GU-15: the attack roll (Basic Set pp. 344, 348), 3d against the effective skill.

3 and 4 always hit, 17 and 18 always miss; otherwise a roll at or below the skill hits. Every roll
of the who-is-hit rulings (GU-16, GU-17) is this one. The odds count its 216 ways exactly.
"""

from __future__ import annotations

import random
from functools import lru_cache

from armourpen.explain import Explained, Ruling

THREE_D_WAYS: tuple[tuple[int, int], ...] = (
    (3, 1), (4, 3), (5, 6), (6, 10), (7, 15), (8, 21), (9, 25), (10, 27),
    (11, 27), (12, 25), (13, 21), (14, 15), (15, 10), (16, 6), (17, 3), (18, 1),
)
"""Each total of 3d with the number of its ways out of 216."""

THREE_D = 216
MIN_SKILL = -50
MAX_SKILL = 50


def succeeds(roll: int, skill: int) -> bool:
    """GU-15: 3 and 4 always succeed, 17 and 18 always fail, else a roll at or below ``skill``."""
    if roll <= 4:
        return True
    if roll >= 17:
        return False
    return roll <= skill


@lru_cache(maxsize=256)
def success_ways(skill: int) -> int:
    """How many of the 216 rolls of 3d succeed against ``skill`` (GU-15)."""
    return sum(ways for roll, ways in THREE_D_WAYS if succeeds(roll, skill))


def roll_3d(rng: random.Random) -> int:
    """One roll of 3d from ``rng`` (seeded by the caller, so that it can be replayed)."""
    return rng.randint(1, 6) + rng.randint(1, 6) + rng.randint(1, 6)


def attack_roll(roll: int, skill: int, what: str, rule: Ruling = Ruling.GU_15) -> Explained[bool]:
    """Whether ``roll`` succeeds against ``skill``, with the step that says why (GU-15; ``rule``
    is the ruling that calls for the roll)."""
    hit = succeeds(roll, skill)
    if roll <= 4:
        why = f"{roll} always succeeds"
    elif roll >= 17:
        why = f"{roll} always fails"
    else:
        margin = skill - roll
        why = (f"{roll} <= {skill}: success by {margin}" if hit
               else f"{roll} > {skill}: failure by {-margin}")
    return Explained.of(hit, rule, f"{what}: 3d rolled {roll} against {skill}: {why}")
