"""Exact odds for a GURPS scenario: every roll of the dice and every hit pattern, no sampling.

The basic damage distribution is built with integer weights (:mod:`armourpen.probability.dice`); the
chain is evaluated once per distinct basic damage value and hit pattern (GU-7, GU-8); the weights
are summed per target and become Fractions only when read. A fixed ``roll`` in the scenario is
ignored: odds are over every roll, and a step says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import compress
from typing import TYPE_CHECKING

from armourpen.explain import Step
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.dice import basic_damage_weights
from armourpen.probability.model import Model, hit_patterns, odds_work
from armourpen.probability.result import OddsResult, TargetOdds, merge_weights

if TYPE_CHECKING:
    from armourpen.gurps.notation import Damage
    from armourpen.gurps.scenario import GurpsScenario


def basic_damage_distribution(damage: Damage) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """GU-2 basic damage of ``damage``: ``(values, weights)`` out of 6 ** dice."""
    from armourpen.gurps.notation import DamageType

    minimum = 0 if damage.type is DamageType.CR else 1
    return basic_damage_weights(damage.dice, damage.adds, damage.multiplier, minimum)


def odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Exact odds for each target of ``scenario``: reached, overpenetrates, injury distribution.

    The work is estimated first (:func:`~armourpen.probability.model.odds_work`) and refused
    beyond ``limits.max_odds_work``.
    """
    from armourpen.probability.fast import model_for

    model = model_for(scenario)
    limits.check("max_odds_work", odds_work(scenario, model), "units of odds work", "scenario")

    steps: list[Step] = []
    roll = scenario.attack.roll
    if roll is not None:
        steps.append(
            Step("GU-2", f"the scenario's fixed roll {roll} is ignored: odds cover every roll")
        )
    chances = [Fraction(t.hit_chance) for t in scenario.targets]
    return exact_odds(scenario.attack.damage, model, chances, tuple(steps))


def exact_odds(
    damage: Damage,
    model: Model,
    chances: Sequence[Fraction],
    steps: tuple[Step, ...] = (),
) -> OddsResult:
    """The engine: ``damage``'s basic damage pushed through ``model`` under every hit pattern."""
    values, weights = basic_damage_distribution(damage)
    patterns = hit_patterns(chances)
    n = len(model.names)
    reached = [0] * n
    over = [0] * n
    injuries: list[dict[int, int]] = [{} for _ in range(n)]
    for pweight, hits in patterns.patterns:
        if pweight == 0:
            continue
        for i, col in enumerate(model.columns(values, hits)):
            reached[i] += pweight * sum(compress(weights, col.reached))
            over[i] += pweight * sum(compress(weights, col.overpenetrates))
            part: dict[int, int] = {}
            get = part.get
            for inj, w in zip(col.injury, weights, strict=True):
                part[inj] = get(inj, 0) + w
            merge_weights(injuries[i], part, pweight)
    dice_denominator = 6**damage.dice
    denominator = dice_denominator * patterns.denominator
    targets = tuple(
        TargetOdds(
            name,
            denominator,
            reached[i],
            over[i],
            tuple(sorted(injuries[i].items())),
            Fraction(chances[i]),
        )
        for i, name in enumerate(model.names)
    )
    all_steps = list(steps)
    if patterns.uncertain:
        all_steps.append(
            Step(
                "GU-8",
                f"{len(patterns.patterns)} hit patterns enumerated over the "
                f"{len(patterns.uncertain)} target(s) whose hit chance is below 1",
            )
        )
    return OddsResult(
        str(damage),
        targets,
        tuple(zip(values, weights, strict=True)),
        dice_denominator,
        len(patterns.patterns),
        tuple(all_steps),
    )
