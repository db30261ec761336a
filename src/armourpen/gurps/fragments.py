"""GU-22: fragmentation (Basic Set p. 415).

Fragments (``[2d cut]``, or ``fragments = "2d"``: cutting) reach 5 x the fragment dice in yards.
Each target in reach is attacked at skill 15, plus the range penalty of the Size and Speed/Range
Table (p. 550) for its distance, plus its SM, plus its posture: crouching, kneeling or sitting -2;
crawling or lying -2, and -2 more from a blast on the ground farther than 0 yards; an airburst
ignores posture. A success lands one fragment and one more per full 3 points of margin; a target
struck directly is hit by one fragment without a roll. Each fragment rolls its own damage and
location (GU-10).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.explain import Explained, Ruling
from armourpen.gurps.damage import fmt
from armourpen.gurps.situations import Posture

if TYPE_CHECKING:
    from armourpen.gurps.notation import Damage

FRAGMENT_SKILL = 15
MARGIN_PER_FRAGMENT = 3

# The Size and Speed/Range Table's range column (p. 550): up to this many yards, this penalty;
# beyond 100 yards it goes on in the same 1.5-2-3-5-7-10 steps
_STEPS = (Fraction(3, 2), 2, 3, 5, 7, 10)


def range_penalty(yards: Fraction) -> int:
    """The range penalty for ``yards`` (p. 550): 2 yd 0, 3 yd -1, 5 -2, 7 -3, 10 -4, 15 -5,
    20 -6, 30 -7, 50 -8, 70 -9, 100 -10, ... (the first row at or beyond the distance)."""
    penalty, scale = 0, 1
    while True:
        for step in _STEPS:
            most = step * scale
            if most < 2:
                continue
            if yards <= most:
                return penalty
            penalty -= 1
        scale *= 10


def fragment_reach(fragments: Damage) -> int:
    """Yards the fragments reach: 5 x their dice (the multiplier counted, as for the blast)."""
    return 5 * fragments.dice * fragments.multiplier


def posture_modifier(posture: Posture, distance: Fraction, airburst: bool) -> int:
    """GU-22: crouching, kneeling, sitting -2; crawling or prone -2, and -2 more from a blast on
    the ground farther than 0 yards; an airburst ignores posture."""
    if airburst or posture == Posture.STANDING:
        return 0
    if posture in (Posture.CROUCHING, Posture.KNEELING, Posture.SITTING):
        return -2
    return -4 if distance > 0 else -2


def fragment_skill(distance: Fraction, sm: int, posture: Posture, airburst: bool
                   ) -> Explained[int]:
    """The skill the fragments attack a target with (GU-22)."""
    rng = range_penalty(distance)
    pose = posture_modifier(posture, distance, airburst)
    skill = FRAGMENT_SKILL + rng + sm + pose
    why = "airburst: posture ignored" if airburst and posture != Posture.STANDING else (
        f"{posture} {pose:+d}")
    return Explained.of(skill, Ruling.GU_22, f"fragments: skill {FRAGMENT_SKILL}, range "
                        f"{fmt(distance)} yd {rng:+d}, SM {sm:+d}, {why}: {skill}")


def fragments_landed(margin: int) -> int:
    """A success lands one fragment and one more per full 3 points of margin (GU-22); a roll of 3
    or 4 succeeds whatever the skill, and lands one."""
    return 1 + max(0, margin) // MARGIN_PER_FRAGMENT
