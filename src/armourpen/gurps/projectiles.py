"""GU-20: multiple projectiles (Basic Set pp. 373, 409).

A rate of fire written ``AxB`` (a shotgun's 3x9) fires A shots of B projectiles each; A x B counts
as the shots for the rapid-fire bonus and for the shots landed (GU-19). ``attack.shots`` is a whole
number or such a string; this module reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from armourpen.errors import ScenarioError

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
