"""Exact odds for a GURPS scenario: every roll of the dice and every hit pattern, no sampling.

The basic damage distribution is built with integer weights (:mod:`armourpen.probability.dice`); the
chain is evaluated once per distinct basic damage value and hit pattern (GU-7, GU-8); the weights
are summed per target and become Fractions only when read. A fixed ``roll`` in the scenario is
ignored: odds are over every roll, and a step says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from armourpen.explain import Ruling, Step
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.model import HitPatterns, Model, hit_patterns
from armourpen.probability.result import OddsResult
from armourpen.probability.totals import Totals, odds_steps
from armourpen.probability.totals import basic_damage_distribution as basic_damage_distribution

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.notation import Damage


@lru_cache(maxsize=1024)
def basic_damage_pairs(damage: Damage, halved: bool = False) -> tuple[tuple[int, int], ...]:
    """GU-2 basic damage of ``damage`` as ``(value, weight)`` pairs out of 6 ** dice (GU-23:
    ``halved`` beyond 1/2D)."""
    return tuple(zip(*basic_damage_distribution(damage, halved), strict=True))


def odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Exact odds (:func:`_odds`), what is left of each target card that asks (GU-27), and each
    cover card's damage (GU-26)."""
    from armourpen.probability.objects import cover_odds

    result = with_conditions(scenario, _odds(scenario, limits=limits))
    covers = cover_odds(scenario)
    return replace(result, covers=covers) if covers else result


def with_conditions(scenario: GurpsScenario, result: OddsResult) -> OddsResult:
    """Each target card that gives GU-27's keys carries them into its odds, which then give
    ``p_unconscious``, ``p_mortal`` and ``p_dead`` over its injury and its HT rolls."""
    given = {t.name: (t.hp, t.vitality) for t in scenario.targets if t.vitality is not None}
    if not given:
        return result
    return replace(result, targets=tuple(replace(t, vitality=given[t.name])
                                         if t.name in given else t for t in result.targets))


def _odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Exact odds for each target of ``scenario``: reached, overpenetrates, injury and its effects.

    Random hit locations (GU-10) are weighed by their 3d6 chances; the fixed roll of a scenario
    is ignored (odds cover every roll), and a step says so. The work is estimated first
    (:func:`~armourpen.probability.model.odds_work`) and refused beyond ``limits.max_odds_work``.
    """
    from armourpen.probability.fast import plan

    if scenario.attack.explosive:
        from armourpen.probability.blast import blast_odds
        from armourpen.probability.cost import blast_cost, refuse

        # before the basic damage table, the fragments' tables and their powers (GU-21, GU-22)
        refuse(limits, blast_cost(scenario), "fewer targets, fewer dice or smaller fragments")
        return blast_odds(scenario, limits=limits)
    if scenario.attack.shots is not None:
        from armourpen.probability.burst import burst_odds

        return burst_odds(scenario, limits=limits)
    if scenario.who_is_hit:
        from armourpen.probability.who import who_odds

        return who_odds(scenario, limits=limits)
    _check(scenario, limits)
    planned = plan(scenario, limits)  # refused there beyond the cap, before enumerating

    return exact_odds(scenario.attack.damage, planned.model, planned.patterns,
                      tuple(odds_steps(scenario)), halved=scenario.half_damage.value)


def _check(scenario: GurpsScenario, limits: Limits) -> None:
    """Refuse one shot's exact odds beyond ``limits`` before any work: the tabulation, the basic
    damage table and the answer (:mod:`armourpen.probability.cost`)."""
    from armourpen.probability.cost import Cost, refuse, shot_rows
    from armourpen.probability.fast import model_for
    from armourpen.probability.model import placements
    from armourpen.probability.tabulation import shot_work

    places = placements(scenario)
    model = model_for(scenario, places)
    refuse(limits, Cost(shot_work(scenario, model, places), 0)
           + shot_rows(scenario, places, model),
           "fewer targets or dice, or a Monte Carlo estimate: --samples N, samples=N")


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
    totals = Totals(len(model.names))
    for pweight, states in patterns.patterns:
        if pweight == 0:
            continue
        for i, sums in enumerate(model.tally(values, weights, states)):
            totals.add(i, pweight, states[i], sums)
    dice_denominator = 6**damage.dice
    targets = totals.odds(model.names, dice_denominator * patterns.denominator, patterns.chances)
    all_steps = list(steps)
    if patterns.uncertain:
        placed = any(sum(state is not None for _, state in opts) > 1 for opts in patterns.options)
        all_steps.append(
            Step(
                Ruling.GU_8,
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
