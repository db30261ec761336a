"""Exact odds for a GURPS scenario: every roll of the dice and every hit pattern, no sampling.

The basic damage distribution is built with integer weights (:mod:`armourpen.probability.dice`); the
chain is evaluated once per distinct basic damage value and hit pattern (GU-7, GU-8); the weights
are summed per target and become Fractions only when read. A fixed ``roll`` in the scenario is
ignored: odds are over every roll, and a step says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from armourpen.explain import Step
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.dice import basic_damage_weights
from armourpen.probability.model import HitPatterns, Model, Wound, hit_patterns
from armourpen.probability.result import OddsResult, TargetOdds

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


@lru_cache(maxsize=1024)
def basic_damage_pairs(damage: Damage, halved: bool = False) -> tuple[tuple[int, int], ...]:
    """GU-2 basic damage of ``damage`` as ``(value, weight)`` pairs out of 6 ** dice (GU-23:
    ``halved`` beyond 1/2D)."""
    return tuple(zip(*basic_damage_distribution(damage, halved), strict=True))


def odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Exact odds for each target of ``scenario``: reached, overpenetrates, injury and its effects.

    Random hit locations (GU-10) are weighed by their 3d6 chances; the fixed roll of a scenario
    is ignored (odds cover every roll), and a step says so. The work is estimated first
    (:func:`~armourpen.probability.model.odds_work`) and refused beyond ``limits.max_odds_work``.
    """
    from armourpen.probability.fast import plan

    planned = plan(scenario, limits)  # refused there beyond the cap, before enumerating

    steps: list[Step] = list(scenario.steps)
    half = scenario.half_damage
    steps.extend(half.steps)
    roll = scenario.attack.roll
    if roll is not None:
        steps.append(
            Step("GU-2", f"the scenario's fixed roll {roll} is ignored: odds cover every roll")
        )
    tables: dict[str, list[str]] = {}
    for t in scenario.targets:
        if t.random_location:
            tables.setdefault(f"{t.body.dice}d6 ({t.body.name} table)", []).append(t.name)
    for table, names in tables.items():
        steps.append(
            Step("GU-10", f"every hit location weighed by its chance on {table} for "
                 + ", ".join(names))
        )
    return exact_odds(scenario.attack.damage, planned.model, planned.patterns, tuple(steps),
                      halved=half.value)


def exact_odds(
    damage: Damage,
    model: Model,
    patterns: HitPatterns | Sequence[Fraction],
    steps: tuple[Step, ...] = (),
    *,
    halved: bool = False,
) -> OddsResult:
    """The engine: ``damage``'s basic damage pushed through ``model`` under every pattern.

    ``patterns`` may be plain hit chances (every target hit at one location); ``halved``: the
    basic damage is halved beyond 1/2D (GU-23).
    """
    values, weights = basic_damage_distribution(damage, halved)
    if not isinstance(patterns, HitPatterns):
        patterns = hit_patterns(patterns)
    n = len(model.names)
    reached = [0] * n
    over = [0] * n
    wounds: list[dict[Wound, int]] = [{} for _ in range(n)]
    places: list[dict[str, int]] = [{} for _ in range(n)]
    for pweight, states in patterns.patterns:
        if pweight == 0:
            continue
        for i, sums in enumerate(model.tally(values, weights, states)):
            reached[i] += pweight * sums.reached
            over[i] += pweight * sums.overpenetrates
            state = states[i]
            # The pattern's weight counts every location of this target's placement: share it.
            share = pweight // state.weight if state is not None else pweight
            acc = wounds[i]
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
                    places[i][key] = places[i].get(key, 0) + factor * sums.reached
    dice_denominator = 6**damage.dice
    denominator = dice_denominator * patterns.denominator
    targets = tuple(
        TargetOdds(
            name,
            denominator,
            reached[i],
            over[i],
            tuple((k, w) for k, w in wounds[i].items() if w),
            patterns.chances[i],
            tuple(places[i].items()),
        )
        for i, name in enumerate(model.names)
    )
    all_steps = list(steps)
    if patterns.uncertain:
        placed = any(sum(state is not None for _, state in opts) > 1 for opts in patterns.options)
        all_steps.append(
            Step(
                "GU-8",
                f"{len(patterns.patterns)} hit patterns enumerated over the "
                f"{len(patterns.uncertain)} target(s) whose hit chance is below 1"
                if not placed else
                f"{len(patterns.patterns)} patterns of hits and hit locations enumerated over "
                f"the {len(patterns.uncertain)} target(s) whose hit chance is below 1 or whose "
                "random location changes the cover DR",
            )
        )
    return OddsResult(
        str(damage),
        targets,
        basic_damage_pairs(damage, halved),
        dice_denominator,
        len(patterns.patterns),
        tuple(all_steps),
    )
