"""GU-20: multiple projectiles (Basic Set pp. 373, 409).

A rate of fire written ``AxB`` (a shotgun's 3x9) fires A shots of B projectiles each; A x B counts
as the shots for the rapid-fire bonus and for the shots landed (GU-19). ``attack.shots`` is a whole
number or such a string; this module reads it.

At extremely close range (the first target card's ``range`` under a tenth of the attack's 1/2D,
GU-23) the projectiles have not spread: only the A shots count, and each hit is the B projectiles
together: its damage dice and adds, and each target's effective DR (after the divisor), are
multiplied by B // 2 (:func:`close_range`, :func:`concentration`; the scenario each hit follows
is :meth:`armourpen.gurps.model.GurpsScenario.hits_together`). The first target card decides for
the whole shot, as it does for 1/2D (GU-23).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.errors import ScenarioError
from armourpen.explain import Explained, Ruling, Step

if TYPE_CHECKING:
    from armourpen.gurps.notation import Damage

MAX_SHOTS = 10_000
"""The most shots (A x B) one attack may fire: a minigun's RoF 100 for several seconds is far
below it; more is a typo."""

MAX_BURST_WORK = 200_000
"""A burst's shots x (damage dice + 1), and its shots x line entries: each landed shot is rolled
and followed down the line, with its steps."""

_AXB = re.compile(r"\s*([0-9]{1,5})\s*[xX×]\s*([0-9]{1,5})\s*")
AXB = _AXB.pattern
"""What "AxB" may look like (GU-20), for the JSON Schema."""
_ALLOWED = (f"a whole number of shots from 1 to {MAX_SHOTS:,}, or \"AxB\" for A shots of B "
            f"projectiles (a shotgun's \"3x9\"), A x B from 1 to {MAX_SHOTS:,} (GU-19, GU-20)")


@dataclass(frozen=True, slots=True)
class Shots:
    """What an attack fires: ``count`` shots of ``projectiles`` each (GU-20); ``total`` is what
    the rapid-fire rules count (GU-19)."""

    count: int
    projectiles: int = 1

    @property
    def total(self) -> int:
        return self.count * self.projectiles

    def __str__(self) -> str:
        return str(self.count) if self.projectiles == 1 else f"{self.count}x{self.projectiles}"


def read_shots(raw: int | str, field: str = "attack.shots") -> Shots:
    """``attack.shots`` as a scenario writes it: ``10`` or ``"3x9"``; anything else, or a total
    out of 1 to :data:`MAX_SHOTS`, is one error naming the field."""
    if isinstance(raw, bool):
        raise ScenarioError(field, raw, _ALLOWED)
    if isinstance(raw, int):
        shots = Shots(raw)
    else:
        found = _AXB.fullmatch(raw) if isinstance(raw, str) else None
        if found is None:
            # ASCII digits only: str.isdigit() also takes '²', which int() refuses
            text = raw.strip() if isinstance(raw, str) else ""
            if text.isascii() and text.isdigit() and len(text) <= 6:
                shots = Shots(int(text))
            else:
                raise ScenarioError(field, raw, _ALLOWED)
        else:
            shots = Shots(int(found[1]), int(found[2]))
    if shots.count < 1 or shots.projectiles < 1 or shots.total > MAX_SHOTS:
        raise ScenarioError(field, raw, _ALLOWED)
    return shots


CLOSE_RANGE = Fraction(1, 10)
"""Extremely close range: under this fraction of the attack's 1/2D (GU-20, p. 409)."""


def close_range(shots: Shots | None, half_damage_range: Fraction | None,
                target_range: Fraction | None, name: str) -> Explained[bool]:
    """Whether the projectiles have not spread (GU-20): several projectiles a shot (B of 2 or
    more), ``name`` (the first target card) at ``target_range`` yards, under a tenth of the
    attack's 1/2D. No step unless the attack fires several projectiles and both ranges are
    given: a B of 1 (or none) changes nothing."""
    if shots is None or shots.projectiles < 2 or half_damage_range is None \
            or target_range is None:
        return Explained(False)
    from armourpen.gurps.damage import fmt

    tenth = half_damage_range * CLOSE_RANGE
    at = f"{name} at {fmt(target_range)} yd"
    if target_range < tenth:
        return Explained.of(True, Ruling.GU_20, f"{at}, under a tenth of 1/2D {fmt(half_damage_range)} "
                            f"yd ({fmt(tenth)} yd): extremely close range, the "
                            f"{shots.projectiles} projectiles of each shot have not spread")
    return Explained.of(False, Ruling.GU_20, f"{at}, not under a tenth of 1/2D "
                        f"{fmt(half_damage_range)} yd ({fmt(tenth)} yd): the projectiles spread")


def counted(shots: Shots, close: bool) -> int:
    """The shots the rapid-fire bonus and the shots landed count (GU-19, GU-20): A x B, or only
    the A shots at extremely close range."""
    return shots.count if close else shots.total


def concentration(shots: Shots) -> int:
    """What a hit at extremely close range multiplies its dice, adds and DR by: half of B,
    rounded down (GU-20); 1 for a B of 1, 2 or 3."""
    return max(1, shots.projectiles // 2)


def concentrated_damage(damage: Damage, times: int) -> Damage:
    """``damage`` with its dice and adds multiplied by ``times`` (GU-20): 1d+1 x 4 is 4d+4. The
    multiplier, the divisor and the type stay as written."""
    return replace(damage, dice=damage.dice * times, adds=damage.adds * times)


def together_steps(shots: Shots, damage: Damage, times: int) -> tuple[Step, ...]:
    """What extremely close range does to each hit of ``shots`` (GU-20), once the close range
    is found: only the A shots count, and the dice, adds and effective DR are ``times`` over."""
    if times == 1:
        return (Step(Ruling.GU_20, f"only the {shots.count} shots count; half of {shots.projectiles} "
                     "projectiles, rounded down, is 1: damage and DR as written"),)
    return (Step(Ruling.GU_20, f"only the {shots.count} shots count; each hit is "
                 f"{shots.projectiles} // 2 = {times} times {damage}: it rolls "
                 f"{concentrated_damage(damage, times)}, and each target's effective DR is "
                 f"multiplied by {times}"),)
