"""What a target card's defense and shield did in one shot (GU-24, GU-25), as the outcome gives
it: the figures of :mod:`armourpen.gurps.defense` and :mod:`armourpen.gurps.shields` together."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armourpen.gurps.defense import DefenseRoll, Result
from armourpen.gurps.shields import ShieldHit


@dataclass(frozen=True, slots=True)
class Guard:
    """What a card's defense and shield did (GU-24, GU-25): the defense roll (None: it made
    none), whether it defended, whether its shield was struck, what the shield took and its state,
    and whether the blow punched through. Only a card with ``defense`` or ``shield`` has one, so
    no other card's JSON changes."""

    defense: DefenseRoll | None = None
    struck_shield: bool = False
    shield: ShieldHit | None = None
    shield_hp: int | None = None
    shield_cover_dr: int | None = None
    punched_through: bool = False
    punch_roll: int | None = None

    @property
    def defended(self) -> bool:
        return self.defense is not None and self.defense.result is not Result.HIT

    def to_dict(self) -> dict[str, Any]:
        s = self.shield
        return {
            "defense": None if self.defense is None else self.defense.to_dict(),
            "defended": self.defended,
            "struck_shield": self.struck_shield,
            "shield_injury": None if s is None else s.injury,
            "shield_hp_left": self.shield_hp if s is None else s.hp_left,
            "shield_state": None if s is None else s.state,
            "shield_cover_dr": self.shield_cover_dr,
            "punched_through": self.punched_through,
            "punch_roll": self.punch_roll,
        }
