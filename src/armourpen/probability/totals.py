"""What every exact odds engine shares: the basic damage distribution, the steps odds begin
with, and the sums of each target's weights (:class:`Totals`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.explain import Ruling, Step
from armourpen.probability.dice import basic_damage_weights
from armourpen.probability.model import State, Sums, Wound
from armourpen.probability.result import TargetOdds

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.notation import Damage


def basic_damage_distribution(damage: Damage, halved: bool = False
                              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """GU-2 basic damage of ``damage``: ``(values, weights)`` out of 6 ** dice; ``halved``: beyond
    1/2D, halved and rounded down before the minimum (GU-23), which is the same as halving after
    it, the minimums being 0 and 1."""
    from armourpen.gurps.notation import DamageType

    minimum = 0 if damage.type is DamageType.CR else 1
    multiplier = Fraction(damage.multiplier, 2) if halved else damage.multiplier
    return basic_damage_weights(damage.dice, damage.adds, multiplier, minimum)



def odds_steps(scenario: GurpsScenario) -> list[Step]:
    """The steps every odds of ``scenario`` begin with: what was read, the fixed rolls ignored
    (odds cover every roll), the hit location tables weighed."""
    steps: list[Step] = list(scenario.steps)
    steps.extend(scenario.half_damage.steps)
    roll = scenario.attack.roll
    if roll is not None:
        steps.append(
            Step(Ruling.GU_2, f"the scenario's fixed roll {roll} is ignored: odds cover every roll")
        )
    if scenario.attack.attack_roll is not None:
        steps.append(Step(Ruling.GU_15, f"the scenario's fixed attack roll "
                          f"{scenario.attack.attack_roll} is ignored: odds cover every roll"))
    for t in scenario.targets:
        if t.random_location and t.location_roll is not None:
            steps.append(Step(Ruling.GU_10, f"{t.name}: the scenario's fixed location roll "
                              f"{t.location_roll} is ignored: odds cover every roll"))
    tables: dict[str, list[str]] = {}
    for t in scenario.targets:
        if t.random_location:
            tables.setdefault(f"{t.body.dice}d6 ({t.body.name} table)", []).append(t.name)
    for table, names in tables.items():
        steps.append(
            Step(Ruling.GU_10, f"every hit location weighed by its chance on {table} for "
                 + ", ".join(names))
        )
    return steps


class Totals:
    """Each target's weights summed over the patterns (or situations) an engine weighs: reached,
    overpenetrates, each wound, each location, and (when the rolls decide who is hit) hit."""

    def __init__(self, n: int) -> None:
        self.reached = [0] * n
        self.over = [0] * n
        self.hit = [0] * n
        self.wounds: list[dict[Wound, int]] = [{} for _ in range(n)]
        self.places: list[dict[str, int]] = [{} for _ in range(n)]
        self.guards: list[tuple[int, int, int] | None] = [None] * n  # GU-24, GU-25

    def guard(self, i: int, weights: tuple[int, int, int]) -> None:
        """Target ``i``'s defense weights: defended, struck the shield, shield injury summed."""
        self.guards[i] = weights

    def add(self, i: int, pweight: int, state: State, sums: Sums) -> None:
        """Target ``i``'s sums under one pattern of weight ``pweight`` (its state ``state``)."""
        self.reached[i] += pweight * sums.reached
        self.over[i] += pweight * sums.overpenetrates
        if state is not None:
            self.hit[i] += pweight * sums.reached
        # The pattern's weight counts every location of this target's placement: share it.
        share = pweight // state.weight if state is not None else pweight
        acc = self.wounds[i]
        get = acc.get
        for where, lweight, part, table in sums.hits:
            factor = share * lweight
            # several codes may mean one wound (the limb cap): add, never overwrite
            if factor == 1:
                for c, w in part.items():
                    wound = table[c]
                    acc[wound] = get(wound, 0) + w
            else:
                for c, w in part.items():
                    wound = table[c]
                    acc[wound] = get(wound, 0) + w * factor
            if where is not None:
                key = where.value
                self.places[i][key] = self.places[i].get(key, 0) + factor * sums.reached

    def odds(self, names: Sequence[str], denominator: int, chances: Sequence[Fraction] | None,
             ) -> tuple[TargetOdds, ...]:
        """Each target's odds out of ``denominator``: with ``chances`` (GU-8) the hit chance
        scales the reach; without them the hit weights count (GU-15 to GU-17)."""
        return tuple(
            TargetOdds(
                name,
                denominator,
                self.reached[i],
                self.over[i],
                tuple((k, w) for k, w in self.wounds[i].items() if w),
                Fraction(1) if chances is None else chances[i],
                tuple(self.places[i].items()),
                None if chances is not None else self.hit[i],
                self.guards[i],
            )
            for i, name in enumerate(names)
        )
