"""Exact odds of GU-26 for a single shot: each cover card's injury and state over every roll.

The shot is followed down the line by the rule code itself (:func:`~armourpen.gurps.chain.
resolve_chain`) once per basic damage value and hit pattern: what a cover takes depends on the
cover DR in front of it, which the pattern decides, and on the basic damage alone. Placements of
one target give it one cover DR (:func:`~armourpen.probability.model.placements`), so the first
location of each stands for all of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armourpen.probability.result import CoverOdds

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario


def cover_odds(scenario: GurpsScenario) -> tuple[CoverOdds, ...]:
    """GU-26 over every roll of a single shot whose hits are GU-8's (no burst, no explosion, no
    rolls deciding who is hit: those give none yet)."""
    from armourpen.gurps.chain import resolve_chain
    from armourpen.gurps.locations import Location
    from armourpen.gurps.model import Cover
    from armourpen.probability.model import scenario_patterns
    from armourpen.probability.totals import basic_damage_distribution

    attack = scenario.attack
    covers = [e for e in scenario.line if isinstance(e, Cover)]
    if not covers or scenario.who_is_hit or attack.shots is not None or attack.explosive:
        return ()
    values, weights = basic_damage_distribution(attack.damage, scenario.half_damage.value)
    patterns = scenario_patterns(scenario)
    reached = [0] * len(covers)
    injuries: list[dict[int, int]] = [{} for _ in covers]
    states: list[dict[str, int]] = [{} for _ in covers]
    targets = scenario.targets
    for pweight, pattern in patterns.patterns:
        if pweight == 0:
            continue
        hits = tuple(s is not None for s in pattern)
        where = tuple(s.locations[0][0] if s is not None else
                      (t.location if isinstance(t.location, Location) else Location.TORSO)
                      for s, t in zip(pattern, targets, strict=True))
        for value, weight in zip(values, weights, strict=True):
            w = pweight * weight
            for k, c in enumerate(resolve_chain(scenario, value, hits, where).covers):
                hurt = 0 if c.damage is None else c.damage.injury
                injuries[k][hurt] = injuries[k].get(hurt, 0) + w
                if c.reached:
                    reached[k] += w
                if c.damage is not None and c.damage.state is not None:
                    word = c.damage.state.state.value
                    states[k][word] = states[k].get(word, 0) + w
    denominator = 6**attack.damage.dice * patterns.denominator
    return tuple(CoverOdds(c.name, denominator, reached[k], tuple(sorted(injuries[k].items())),
                           tuple(states[k].items())) for k, c in enumerate(covers))
