"""The GURPS rule set's entry point: roll (or take the fixed roll), basic damage, the chain."""

from __future__ import annotations

import random

from armourpen.errors import MISSING, InputError
from armourpen.explain import Caution, Step, join_steps
from armourpen.gurps.chain import HitLocation, resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.dice import roll_damage
from armourpen.gurps.locations import RANDOM, roll_location
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.gurps.roll import seed_from


def seed_for(scenario: GurpsScenario, seed: int | random.Random | None) -> int | None:
    """The seed the dice and random hit locations are rolled with: the scenario's own, else
    ``seed`` (None: a fixed roll and no random location).

    A ``random.Random`` gives a seed drawn from it, so that the roll can still be replayed.
    """
    attack = scenario.attack
    if attack.roll is not None and not scenario.random_locations:
        return None
    if attack.seed is not None:
        return attack.seed
    if seed is None:
        what = "no fixed roll" if attack.roll is None else "random hit locations (GU-10)"
        raise InputError("seed", MISSING, f"the scenario has {what} and no seed: give "
                         "attack.roll or attack.seed, or a seed (a whole number or a "
                         "random.Random) to resolve")
    return seed_from(seed)


def resolve_gurps(scenario: GurpsScenario, seed: int | random.Random | None = None) -> GurpsOutcome:
    """Resolve a GURPS scenario.

    A fixed ``roll`` in the scenario is used as it is. Otherwise the dice are rolled with the
    scenario's ``seed``, or with ``seed`` (a number, or a ``random.Random`` to draw one from); the
    outcome reports the seed, so that the roll can be replayed. Nothing is drawn in secret.
    Random hit locations (GU-10) are rolled from the same stream after the dice, one per target in
    line order.
    """
    attack = scenario.attack
    damage = attack.damage
    seed_used = seed_for(scenario, seed)
    rng = random.Random(seed_used)
    if attack.roll is not None:
        roll, dice = attack.roll, None
        roll_steps: tuple[Step, ...] = (Step("GU-1", f"{damage}: fixed roll {roll}"),)
        if seed_used is not None:
            roll_steps += (Step("GU-10", f"random hit locations rolled with seed {seed_used}"),)
    else:
        assert seed_used is not None
        rolled = roll_damage(damage, seed_used, rng)
        roll, dice = rolled.total, rolled.dice
        adds = f" {damage.adds:+d}" if damage.adds else ""
        roll_steps = (
            Step(
                "GU-1",
                f"{damage}: rolled {' '.join(map(str, dice))}{adds} = {roll} (seed {seed_used})",
            ),
        )
    basic = basic_damage(damage, roll)
    locations: list[HitLocation] = []
    for t in scenario.targets:
        if t.location == RANDOM:
            locations.append(roll_location(rng, t.body))
        else:
            locations.append(t.location)
    chain = resolve_chain(scenario, basic.value, None, locations)
    unhit = [t.name for t in scenario.targets if t.hit_chance != 1]
    notes: tuple[Caution, ...] = ()
    if unhit:
        notes = (Caution("GU-8", "hit chances below 1 (" + ", ".join(unhit)
                         + ") are assumed to hit here; the odds give the chances"),)
    return GurpsOutcome(
        damage=damage,
        roll=roll,
        basic_damage=basic.value,
        chain=chain,
        steps=join_steps(scenario.steps, roll_steps, basic.steps, chain.steps),
        step_entries=(*_read_for(scenario), *(None for _ in (*roll_steps, *basic.steps)),
                      *chain.step_entries),
        warnings=(*scenario.warnings, *chain.warnings, *notes),
        dice=dice,
        seed=seed_used,
        ranged=attack.ranged,
        location=attack.location,
        settings={"fractional_dr0": scenario.settings.fractional_dr0.value},
    )


def _read_for(scenario: GurpsScenario) -> tuple[int | None, ...]:
    """Whose each step of reading the scenario is: its line entry (None where not recorded)."""
    if len(scenario.step_entries) == len(scenario.steps):
        return scenario.step_entries
    return (None,) * len(scenario.steps)
