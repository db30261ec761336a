"""The GURPS rule set's entry point: roll (or take the fixed roll), basic damage, the chain."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from armourpen.errors import MISSING, InputError
from armourpen.explain import Caution, Ruling, Step, join_steps
from armourpen.gurps.aftermath import needs_draws, settle
from armourpen.gurps.chain import ChainResult, HitLocation, resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.dice import roll_damage
from armourpen.gurps.half_damage import halved
from armourpen.gurps.locations import RANDOM, fixed_location, roll_location
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.outcome import AttackRoll, GurpsOutcome
from armourpen.gurps.roll import seed_from

if TYPE_CHECKING:
    from armourpen.gurps.blast import Explosion
    from armourpen.gurps.burst import Burst, Stream


def seed_for(scenario: GurpsScenario, seed: int | random.Random | None) -> int | None:
    """The seed the dice and random hit locations are rolled with: the scenario's own, else
    ``seed`` (None: a fixed roll and no random location).

    A ``random.Random`` gives a seed drawn from it, so that the roll can still be replayed.
    """
    attack = scenario.attack
    fixed = attack.roll is not None and (not scenario.who_is_hit or attack.attack_roll is not None)
    if fixed and not scenario.random_locations and (not scenario.who_is_hit or attack.seed is None):
        if attack.seed is not None and needs_draws(scenario):
            return attack.seed  # it draws the HT rolls (GU-27), if the shot calls for any
        return None  # with who is hit, a seed given rolls the further rolls (GU-16, GU-17)
    if attack.seed is not None:
        return attack.seed
    if seed is None:
        what, fix = "no fixed roll", "attack.roll"
        if attack.roll is not None and scenario.who_is_hit and attack.attack_roll is None:
            what, fix = "no fixed attack roll (GU-15)", "attack.attack_roll"
        elif attack.roll is not None:
            what = "random hit locations (GU-10)"
        raise InputError("seed", MISSING, f"the scenario has {what} and no seed: give {fix} or "
                         "attack.seed, or a seed (a whole number or a random.Random) to "
                         "resolve")
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
    if attack.shots is not None:
        return _burst(scenario, seed)
    if attack.explosive:
        return _blast(scenario, seed)
    seed_used = seed_for(scenario, seed)
    rng = random.Random(seed_used)
    if attack.roll is not None:
        roll, dice = attack.roll, None
        roll_steps = _fixed_roll_steps(scenario, roll, seed_used)
    else:
        assert seed_used is not None
        rolled = roll_damage(damage, seed_used, rng)
        roll, dice = rolled.total, rolled.dice
        adds = f" {damage.adds:+d}" if damage.adds else ""
        roll_steps = (
            Step(
                Ruling.GU_1,
                f"{damage}: rolled {' '.join(map(str, dice))}{adds} = {roll} (seed {seed_used})",
            ),
        )
    basic = basic_damage(damage, roll)
    half = scenario.half_damage
    basic_value, half_steps = basic.value, half.steps
    if half.value:
        cut = halved(basic.value, damage.type)
        basic_value, half_steps = cut.value, half_steps + cut.steps
    locations: list[HitLocation] = []
    for t in scenario.targets:
        if t.location == RANDOM and t.location_roll is not None:  # the GM's: nothing is drawn
            locations.append(fixed_location(t.location_roll, t.body))
        elif t.location == RANDOM:
            locations.append(roll_location(rng, t.body))
        else:
            locations.append(t.location)
    if scenario.who_is_hit:
        return _who_is_hit(scenario, seed_used, rng, basic_value, roll, dice,
                           join_steps(roll_steps, basic.steps, half_steps), locations,
                           seed if seed_used is None else None)
    chain = resolve_chain(scenario, basic_value, None, locations)
    # only who the shot reached is assumed hit: one it stopped short of is no assumption
    unhit = [t.name for t in chain.targets if t.hit_chance != 1 and t.reached and t.hit]
    notes: tuple[Caution, ...] = ()
    if unhit:
        notes = (Caution(Ruling.GU_8, "hit chances below 1 (" + ", ".join(unhit)
                         + ") are assumed to hit here; the odds give the chances"),)
    drawn: list[int] = []
    source = _late_source(rng if seed_used is not None else None, rng, seed, drawn)
    own = join_steps(roll_steps, basic.steps, half_steps)
    out = _outcome(scenario, chain, roll=roll, basic=basic_value, dice=dice, seed=seed_used,
                   steps=join_steps(own, chain.steps), notes=notes, source=source)
    if drawn:  # the HT rolls were the only rolls: the seed that replays them
        step = Step(Ruling.GU_27, f"the HT rolls (GU-27) drawn with seed {drawn[0]}")
        out = replace(out, seed=drawn[0], steps=(*out.steps, step))
    return out


def _fixed_roll_steps(scenario: GurpsScenario, roll: int, seed_used: int | None
                      ) -> tuple[Step, ...]:
    """A fixed damage roll, and what the seed then rolls."""
    steps: tuple[Step, ...] = (Step(Ruling.GU_1, f"{scenario.attack.damage}: fixed roll {roll}"),)
    if seed_used is not None and scenario.who_is_hit:
        steps += (Step(Ruling.GU_16, f"the further rolls (GU-10, GU-15 to GU-17) rolled "
                       f"with seed {seed_used}"),)
    elif seed_used is not None and scenario.random_locations:
        steps += (Step(Ruling.GU_10, f"random hit locations rolled with seed {seed_used}"),)
    elif seed_used is not None:
        steps += (Step(Ruling.GU_27, f"the HT rolls (GU-27) drawn with seed {seed_used}"),)
    return steps


def _late_source(stream: random.Random | None, rng: random.Random,
                 seed: int | random.Random | None, drawn: list[int]
                 ) -> Callable[[], random.Random | None]:
    """Where GU-27's HT rolls are drawn from: the shot's ``stream``, else ``rng`` seeded from a
    seed drawn from ``seed`` (put in ``drawn``, to be reported), else nowhere (None)."""
    def source() -> random.Random | None:
        if stream is not None:
            return stream
        if seed is None:
            return None
        drawn.append(seed_from(seed))
        rng.seed(drawn[0])
        return rng
    return source


def _outcome(scenario: GurpsScenario, chain: ChainResult, *, roll: int, basic: int,
             dice: tuple[int, ...] | None, seed: int | None, steps: tuple[Step, ...],
             notes: tuple[Caution, ...] = (),
             attack_roll: AttackRoll | None = None, burst: Burst | None = None,
             explosion: Explosion | None = None,
             source: Callable[[], random.Random | None] | None = None) -> GurpsOutcome:
    """The outcome every kind of shot shares: the attack as read, the scenario's own steps and
    warnings before the shot's, and what only some shots have (who is hit, a burst, an
    explosion). Last, what is left of each target card that asks (GU-27), its HT rolls drawn
    from ``source`` after every other roll."""
    attack = scenario.attack
    if source is not None and needs_draws(scenario):  # who is hit settles its own (GU-16)
        chain, left = settle(scenario, chain, source)
        steps = (*steps, *left)
    return GurpsOutcome(
        damage=attack.damage,
        roll=roll,
        basic_damage=basic,
        chain=chain,
        steps=join_steps(scenario.steps, steps),
        warnings=(*scenario.warnings, *chain.warnings, *notes),
        dice=dice,
        seed=seed,
        ranged=attack.ranged,
        location=attack.location,
        half_damage=None if attack.half_damage_range is None else scenario.half_damage.value,
        half_damage_range=attack.half_damage_range,
        weapon=attack.weapon,
        settings={"fractional_dr0": scenario.settings.fractional_dr0.value},
        attack_roll=attack_roll,
        burst=burst,
        explosion=explosion,
    )


def _burst(scenario: GurpsScenario, seed: int | random.Random | None) -> GurpsOutcome:
    """A burst (GU-19, GU-20): rolled from the scenario's seed, else ``seed``; without either,
    every roll must be given (attack.attack_roll, attack.rolls, no random location)."""
    from armourpen.gurps.burst import resolve_burst

    attack = scenario.attack
    stream = _stream(scenario, seed)
    fired = resolve_burst(scenario, stream)
    return _seeded(stream, _outcome(scenario, fired.line, roll=fired.roll, basic=fired.basic, dice=fired.dice,
                    seed=stream.seed if stream.used else None, steps=fired.steps,
                    attack_roll=AttackRoll(attack.skill or 0, attack.aim or "", fired.skill,
                                           fired.attack_roll, fired.hit),
                    burst=fired.burst, source=_from_stream(stream)))


def _blast(scenario: GurpsScenario, seed: int | random.Random | None) -> GurpsOutcome:
    """An explosion (GU-21, GU-22): rolled from the scenario's seed, else ``seed``; without either,
    the blast's roll must be given and no fragment rolled."""
    from armourpen.gurps.blast import resolve_blast

    stream = _stream(scenario, seed)
    blast = resolve_blast(scenario, stream)
    return _seeded(stream, _outcome(scenario, blast.line, roll=blast.roll, basic=blast.basic, dice=blast.dice,
                    seed=stream.seed if stream.used else None, steps=blast.steps,
                    explosion=blast.explosion, source=_from_stream(stream)))


def _seeded(stream: Stream, out: GurpsOutcome) -> GurpsOutcome:
    """The outcome with its stream's seed, when only GU-27's HT rolls drew from it."""
    return replace(out, seed=stream.seed) if stream.used and out.seed is None else out


def _from_stream(stream: Stream) -> Callable[[], random.Random | None]:
    """GU-27's HT rolls from a burst's or an explosion's stream, after its other rolls (None:
    no seed, they stay undrawn)."""
    def source() -> random.Random | None:
        if stream.rng is not None:
            stream.used = True
        return stream.rng
    return source


def _stream(scenario: GurpsScenario, seed: int | random.Random | None) -> Stream:
    """The rolls of a burst or an explosion: from the scenario's seed, else ``seed``."""
    from armourpen.gurps.burst import Stream

    own = scenario.attack.seed
    return Stream(own if own is not None else None if seed is None else seed_from(seed))


def _who_is_hit(scenario: GurpsScenario, seed_used: int | None, rng: random.Random,
                basic: int, roll: int, dice: tuple[int, ...] | None,
                attack_steps: tuple[Step, ...], locations: list[HitLocation],
                seed: int | random.Random | None = None) -> GurpsOutcome:
    """Resolve with the rolls deciding who is hit (GU-15 to GU-17): the aimed roll (given or
    drawn after the damage dice and hit locations), then each further roll as the shot reaches the
    card or passes the vehicle that needs it, from the same stream.

    ``seed``: the rolls are all fixed, but the caller gave a seed: a further roll the shot turns
    out to need is drawn from it (and the outcome reports it); none is drawn otherwise."""
    from armourpen.gurps.wrong_target import Shooter, seeded

    attack = scenario.attack
    assert attack.skill is not None and attack.aim is not None
    drawn: list[int] = []  # the seed drawn from ``seed`` when a further roll is first needed

    def later() -> random.Random:
        if not drawn:
            assert seed is not None
            drawn.append(seed_from(seed))
            rng.seed(drawn[0])
        return rng

    roller, chooser = seeded(None if seed_used is None else rng,
                             None if seed is None else later)
    shooter = Shooter(scenario, roller, chooser, attack.attack_roll)
    chain = resolve_chain(scenario, basic, None, locations, decide=shooter)

    def source() -> random.Random | None:
        """GU-27's HT rolls: after every other roll, from the same stream."""
        return rng if seed_used is not None or drawn else later() if seed is not None else None

    if needs_draws(scenario):  # drawn now, so that the seed they need is known below
        chain, left = settle(scenario, chain, source)
        chain = replace(chain, steps=(*chain.steps, *left))
    if drawn:
        seed_used = drawn[0]
        attack_steps += (Step(Ruling.GU_16, f"the further rolls (GU-15 to GU-17) rolled with seed "
                              f"{seed_used}"),)
    # an occupant no card lists is an entry of the outcome only when it is hit (GU-17): its
    # steps go with it (the odds list it always, with its chance of being hit)
    gone = {t.index for t in chain.targets if t.unnamed and not t.hit}
    targets = tuple(replace(t, hit_by=shooter.hit_by.get(k), hit_roll=shooter.hit_roll.get(k))
                    for k, t in enumerate(chain.targets) if t.index not in gone)
    chain = replace(chain, targets=targets,
                    steps=tuple(s for s in chain.steps if s.entry not in gone))
    own = (*attack_steps, *shooter.steps)
    return _outcome(scenario, chain, roll=roll, basic=basic, dice=dice, seed=seed_used,
                    steps=join_steps(own, chain.steps),
                    attack_roll=AttackRoll(attack.skill, attack.aim, shooter.skill,
                                           shooter.aimed_roll, shooter.aimed_hit))
