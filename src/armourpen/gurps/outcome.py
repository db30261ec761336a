"""The outcome of a GURPS scenario: the roll, basic damage, every target and cover, the steps."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from armourpen.explain import Caution, Step
from armourpen.gurps.chain import ChainResult, CoverResult, TargetResult
from armourpen.gurps.locations import Location, Random
from armourpen.gurps.model import AttackWeapon
from armourpen.gurps.notation import Damage
from armourpen.serialize import number

if TYPE_CHECKING:
    from armourpen.gurps.blast import Explosion
    from armourpen.gurps.burst import Burst


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """Who is hit (GU-15, GU-16): the skill against the aimed target, after -4 per person in the
    way, the 3d attack roll and whether it hit."""

    skill: int
    aim: str
    effective_skill: int
    roll: int
    hit: bool

    def to_dict(self) -> dict[str, Any]:
        return {"skill": self.skill, "aim": self.aim, "effective_skill": self.effective_skill,
                "attack_roll": self.roll, "attack_hit": self.hit}


@dataclass(frozen=True, slots=True)
class GurpsOutcome:
    """A resolved GURPS scenario. ``seed`` replays a rolled ``dice``; both are None for a fixed roll."""

    damage: Damage
    roll: int
    basic_damage: int
    chain: ChainResult
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...]
    dice: tuple[int, ...] | None = None
    seed: int | None = None
    ranged: bool = True
    location: Location | Random = Location.TORSO
    settings: dict[str, str] | None = None
    attack_roll: AttackRoll | None = None  # who is hit (GU-15 to GU-17): None when GU-8 decides
    half_damage_range: Fraction | None = None
    half_damage: bool | None = None
    weapon: AttackWeapon | None = None
    """GU-23: the attack's 1/2D range (yards) and whether ``basic_damage`` was halved; the JSON
    shows them only for an attack with a 1/2D range; ``weapon``, the sheet's weapon the attack was
    taken from, only for such an attack."""
    burst: Burst | None = None
    """A burst (GU-19, GU-20): the shots, the margin, the shots landed and each one's roll; each
    target's hits. Only a burst's JSON shows them; ``roll``, ``dice`` and ``basic_damage`` are
    then the first shot's."""
    explosion: Explosion | None = None
    """An explosion (GU-21, GU-22): its radius and fragments; each target's blast and fragment
    figures. Only an explosion's JSON shows them."""

    rules: ClassVar[str] = "gurps"

    @property
    def targets(self) -> tuple[TargetResult, ...]:
        return self.chain.targets

    @property
    def covers(self) -> tuple[CoverResult, ...]:
        return self.chain.covers

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": "gurps",
            "attack": {
                "damage": str(self.damage),
                "roll": self.roll,
                "dice": None if self.dice is None else list(self.dice),
                "seed": self.seed,
                "basic_damage": self.basic_damage,
                "ranged": self.ranged,
                "location": str(self.location),
                "can_overpenetrate": self.chain.can_overpenetrate,
                **({} if self.attack_roll is None else self.attack_roll.to_dict()),
                **self._half_damage(),
                **({} if self.weapon is None else {"weapon": self.weapon.to_dict()}),
                **({} if self.burst is None else self.burst.to_dict()),
                **({} if self.explosion is None else self.explosion.to_dict()),
            },
            "targets": [self._target(k, t) for k, t in enumerate(self.chain.targets)],
            "covers": [c.to_dict() for c in self.chain.covers],
            "stopped_in": self.chain.stopped_in,
            "settings": dict(self.settings or {}),
            "warnings": [w.to_dict() for w in self.warnings],
            "steps": [s.to_dict() for s in self.steps],
        }

    def _target(self, k: int, t: TargetResult) -> dict[str, Any]:
        out = t.to_dict(who=self.attack_roll is not None)
        if self.burst is not None:
            out.update(self.burst.target_dict(k))
        if self.explosion is not None:
            out.update(self.explosion.target_dict(k))
        return out

    def _half_damage(self) -> dict[str, Any]:
        if self.half_damage_range is None:
            return {}
        return {"half_damage_range": number(self.half_damage_range),
                "half_damage": self.half_damage}
