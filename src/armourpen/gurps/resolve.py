"""The GURPS rule set's entry point: roll (or take the fixed roll), basic damage, the chain."""

from __future__ import annotations

from armourpen.explain import Caution, Step, join_steps
from armourpen.gurps.chain import resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.dice import fresh_seed, roll_damage
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.gurps.scenario import GurpsScenario


def resolve_gurps(scenario: GurpsScenario) -> GurpsOutcome:
    """Resolve a GURPS scenario.

    Without a fixed ``roll`` the dice are rolled with the scenario's ``seed``, or with a fresh seed
    that the outcome reports so that the roll can be replayed.
    """
    attack = scenario.attack
    damage = attack.damage
    if attack.roll is not None:
        roll, dice, seed = attack.roll, None, None
        roll_steps: tuple[Step, ...] = (Step("GU-1", f"{damage}: fixed roll {roll}"),)
    else:
        seed = attack.seed if attack.seed is not None else fresh_seed()
        rolled = roll_damage(damage, seed)
        roll, dice = rolled.total, rolled.dice
        adds = f" {damage.adds:+d}" if damage.adds else ""
        roll_steps = (
            Step(
                "GU-1",
                f"{damage}: rolled {' '.join(map(str, dice))}{adds} = {roll} (seed {seed})",
            ),
        )
    basic = basic_damage(damage, roll)
    chain = resolve_chain(scenario, basic.value)
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
        steps=join_steps(roll_steps, basic.steps, chain.steps),
        warnings=(*scenario.warnings, *chain.warnings, *notes),
        dice=dice,
        seed=seed,
        ranged=attack.ranged,
        location=attack.location,
        settings={"fractional_dr0": scenario.settings.fractional_dr0.value},
    )
