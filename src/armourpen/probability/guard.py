"""GU-24 and GU-25 in the exact odds: the aimed card's defense roll and its shield.

The defense's 3d (216 ways) and the 1d of a blow that punched through (6 ways) are two more roll
slots of the aimed card that defends, so that every weight keeps one denominator. What the
defense did never depends on the damage; whether a blow on the shield reaches the bearer does:
he meets the shot behind the shield's cover DR (DR + HP/4), which the thresholds of the walk
(:mod:`armourpen.probability.who`) then decide as for any cover. ``p_defended`` and
``p_struck_shield`` count the defenses made when the shot reaches the card; the shield's expected
injury sums its injury (GU-25, Homogenous) over the damage that reaches it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from armourpen.gurps.defense import DefenseKind, Result, defense_number, result_ways
from armourpen.gurps.shields import Shield, shield_cover_dr, shield_damage
from armourpen.probability.model import NO_WOUND, Placement, State, Sums, Wound

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.notation import Damage
    from armourpen.probability.model import ChainModel

DEFENSE_SLOT = 216 * 6  # the defense's 3d and the punch-through's 1d


@dataclass(frozen=True, slots=True)
class Guarding:
    """What the walk needs of a card that defends: the kind, the 216 ways by result, the
    shield's cover DR, the shield arm's placement, and the shield and damage for its injury."""

    kind: DefenseKind
    result_ways: Mapping[Result, int]
    cover: int
    arm: Placement
    shield: Shield | None
    damage: Damage
    ways: int = DEFENSE_SLOT

    def weights(self, seen: Mapping[tuple[int, str], int], rest: int, values: Sequence[int],
                weights: Sequence[int]) -> tuple[int, int, int]:
        """(defended, struck the shield, the shield's injury summed), each weighed by the damage
        values that reach the card (beyond ``front``) and the slots after it (``rest``)."""
        defended = struck = hurt = 0
        for (front, what), w in seen.items():
            start = bisect_right(values, front)
            reach = sum(weights[start:])
            if what == "defended":
                defended += w * rest * reach
                continue
            struck += w * rest * reach
            defended += w * rest * reach
            if self.shield is not None:
                for v, vw in zip(values[start:], weights[start:], strict=True):
                    hurt += w * rest * vw * shield_damage(self.shield, self.damage, v - front,
                                                          self.shield.hp_left).value.injury
        return defended, struck, hurt


def guardings(scenario: GurpsScenario, places: Sequence[tuple[Placement, ...]]
              ) -> tuple[Guarding | None, ...]:
    """Each target's :class:`Guarding` (None: it makes no defense roll, not being aimed at or
    having no defense)."""
    from armourpen.gurps.locations import Location
    from armourpen.probability.model import _landed

    damage = scenario.attack.damage
    reading = scenario.settings.fractional_dr0
    out: list[Guarding | None] = []
    for t, _ in zip(scenario.targets, places, strict=True):
        d = t.defense
        if d is None or t.name != scenario.attack.aim or t.unnamed:
            out.append(None)
            continue
        shield = t.shield
        db = 0 if shield is None else shield.working_db
        ways = result_ways(defense_number(d, db), db, shield is not None)
        cover = 0 if shield is None else shield_cover_dr(shield, damage, reading).value
        out.append(Guarding(d.kind, ways, cover, Placement(((_landed(Location.ARM, t), 1),)),
                            shield, damage))
    return tuple(out)


def behind_shield(chain: ChainModel, values: Sequence[int], weights: Sequence[int],
                  pattern: tuple[State, ...], k: int, front: int) -> Sums:
    """The sums of a card hit behind its shield by an attack that cannot overpenetrate (GU-5):
    the chain at the damage beyond the shield's cover DR (what resolve gives it: penetrating and
    knockback from the basic damage less the DR in front), the rest stopped in the shield."""
    start = bisect_right(values, front)
    stopped = sum(weights[:start])
    if start == len(values):
        return Sums(0, 0, tuple((where, lw, {0: sum(weights)}, {0: NO_WOUND})
                                for where, lw, _, _ in chain.tally(values, weights, pattern)[k].hits))
    inner = chain.tally([v - front for v in values[start:]], weights[start:], pattern)[k]
    hits = []
    for where, lw, part, table in inner.hits:
        code = max(table, default=-1) + 1
        kept: dict[int, Wound] = {**table, code: NO_WOUND}
        hits.append((where, lw, {**part, code: stopped}, kept))
    return Sums(inner.reached, inner.overpenetrates, tuple(hits))


