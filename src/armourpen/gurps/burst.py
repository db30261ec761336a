"""Resolving a burst (GU-19, GU-20): the attack roll, the shots landed, each down the line.

The roll comes first, since it decides how many shots land; then each landed shot in turn rolls
its damage (or takes the next of ``attack.rolls``), the random hit locations, and any further rolls
of who is hit (GU-16, GU-17) as it goes down the line, all from the one seeded stream. A burst
whose roll fails is one shot tried against the other cards (GU-16). What each target took is
gathered by :func:`armourpen.gurps.rapid_fire.burst_effects`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from armourpen.errors import MISSING, InputError
from armourpen.explain import Ruling, Step, about
from armourpen.gurps.attack_roll import roll_3d
from armourpen.gurps.chain import ChainResult, CoverResult, HitLocation, TargetResult, resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.half_damage import halved
from armourpen.gurps.layers import over_hits
from armourpen.gurps.locations import RANDOM, roll_location
from armourpen.gurps.model import Cover, GurpsScenario
from armourpen.gurps.objects import ObjectDamage, combined_damage
from armourpen.gurps.projectiles import counted
from armourpen.gurps.rapid_fire import burst_effects, landed_step, rof_bonus
from armourpen.gurps.wrong_target import Chooser, Roller, Shooter, seeded


@dataclass(frozen=True, slots=True)
class Burst:
    """A resolved burst: what was fired, the bonus, the margin (None: the roll failed), the shots
    landed and each shot's damage roll and basic damage; per target the injuries of its hits and
    where they landed, in line order of the targets."""

    shots: str
    total: int
    rcl: int
    rof_bonus: int
    margin: int | None
    landed: int
    rolls: tuple[int, ...]
    basic_damages: tuple[int, ...]
    injuries: tuple[tuple[int, ...], ...]
    locations: tuple[tuple[str, ...], ...]
    crippled: tuple[tuple[str, ...], ...] = ()
    """Per target, the locations of the hits that crippled a limb or extremity (GU-10), for the
    words (``leg crippled``); not in the JSON, whose ``crippled`` says whether any did."""

    def to_dict(self) -> dict[str, Any]:
        return {"shots": self.shots, "rcl": self.rcl, "rof_bonus": self.rof_bonus,
                "margin": self.margin, "shots_landed": self.landed, "rolls": list(self.rolls),
                "basic_damages": list(self.basic_damages)}

    def target_dict(self, k: int) -> dict[str, Any]:
        injuries = self.injuries[k]
        return {"hits": len(injuries), "injuries": list(injuries),
                "locations": list(self.locations[k])}


@dataclass(frozen=True, slots=True)
class FiredBurst:
    """What :func:`resolve_burst` gives: the burst, the line as the targets took it, the steps
    (each naming the line entry it is about), the first shot's roll, basic damage and dice, and
    the attack roll: the skill with the bonus, the roll, whether it hit."""

    burst: Burst
    line: ChainResult
    steps: tuple[Step, ...]
    roll: int
    basic: int
    dice: tuple[int, ...] | None
    skill: int
    attack_roll: int
    hit: bool


def _prefixed(label: str, steps: tuple[Step, ...] | list[Step]) -> tuple[Step, ...]:
    return tuple(replace(s, text=f"{label}: {s.text}") for s in steps)


class Stream:
    """The seeded rolls; without a seed every roll asked for is an error naming attack.seed.
    ``used`` says whether anything was drawn: a seed that rolled nothing is not reported, as a
    single shot's is not (every roll given, nothing to replay)."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self.rng = None if seed is None else random.Random(seed)
        self.used = False

    def need(self, what: str) -> random.Random:
        if self.rng is None:
            raise InputError("attack.seed", MISSING, f"`attack.seed` is required: {what} "
                             "(GU-19) is not given; give attack.seed, or a seed to resolve")
        self.used = True
        return self.rng

    def who_is_hit(self) -> tuple[Roller, Chooser]:
        """The rolls of who is hit (GU-16, GU-17), drawn from this stream as they are needed."""
        if self.rng is None:
            return seeded(None)
        rng = self.rng

        def drawn() -> random.Random:
            self.used = True
            return rng

        return seeded(None, drawn)


def resolve_burst(scenario: GurpsScenario, stream: Stream) -> FiredBurst:
    """Fire the burst of ``scenario`` (``attack.shots``, GU-19) with rolls drawn from ``stream``:
    each target's figures from its first hit, its injury and effects from all of them (GU-19)."""
    attack = scenario.attack
    assert attack.shots is not None and attack.rcl is not None and attack.skill is not None
    assert attack.aim is not None
    shots, rcl = attack.shots, attack.rcl
    what = f"{shots} ({shots.count} shots of {shots.projectiles} projectiles, GU-20)" \
        if shots.projectiles > 1 else str(shots.total)
    steps: list[Step] = [Step(Ruling.GU_19, f"a burst of {what}, Rcl {rcl}")]
    # at extremely close range only the A shots count, and each hit is the projectiles together
    # (GU-20): every landed shot follows the concentrated scenario down the line
    close = scenario.close_range.value
    together = scenario.hits_together()
    scenario = together.value
    steps.extend(together.steps)
    count = counted(shots, close)
    aimed = attack.attack_roll
    if aimed is None:
        aimed = roll_3d(stream.need("the attack roll"))
    roller, chooser = stream.who_is_hit()
    first = Shooter(scenario, roller, chooser, aimed, rof=count,
                    drawn=attack.attack_roll is None)
    steps.extend(first.steps)
    bonus = rof_bonus(count)
    margin: int | None = None
    if first.aimed_hit:
        margin = first.skill - aimed
        landed = landed_step(margin, rcl, count)
        steps.append(Step(Ruling.GU_19, f"margin of success {first.skill} - {aimed} = {margin}"))
        steps.extend(landed.steps)
        n = landed.value
    else:
        steps.append(Step(Ruling.GU_19, "the burst missed with every shot: it is tried against the "
                          "other cards as one shot (GU-16)"))
        n = 1
    chains: list[ChainResult] = []
    rolls: list[int] = []
    basics: list[int] = []
    first_dice: tuple[int, ...] | None = None
    for i in range(n):
        label = f"shot {i + 1}" if n > 1 or first.aimed_hit else "the shot"
        # every landed shot hit on the one attack roll (GU-19): none re-judges it
        shooter = first if i == 0 else first.again()
        roll, dice, value, chain, own = _fire(scenario, i, label, shooter, stream)
        if i == 0:
            first_dice = dice
        chains.append(chain)
        steps.extend(_prefixed(label, own))
        steps.extend(_prefixed(label, chain.steps))
        rolls.append(roll)
        basics.append(value)
    line, more, injuries, places, lamed = _gathered(scenario, chains, basics)
    steps.extend(more)
    burst = Burst(str(shots), shots.total, rcl, bonus, margin, n if first.aimed_hit else 0,
                  tuple(rolls), tuple(basics), injuries, places, lamed)
    return FiredBurst(burst, line, tuple(steps), rolls[0], basics[0], first_dice, first.skill,
                      aimed, first.aimed_hit)


def _fire(scenario: GurpsScenario, i: int, label: str, shooter: Shooter, stream: Stream
          ) -> tuple[int, tuple[int, ...] | None, int, ChainResult,
                                          list[Step]]:
    """The ``i``-th landed shot: its damage roll (``attack.rolls[i]`` or rolled), basic damage
    (GU-2, GU-23), random hit locations (GU-10), and its way down the line (GU-7, GU-16)."""
    from armourpen.gurps.dice import roll_damage

    damage = scenario.attack.damage
    dice: tuple[int, ...] | None = None
    if i < len(scenario.attack.rolls):
        roll = scenario.attack.rolls[i]
        own = [Step(Ruling.GU_19, f"{damage}: fixed roll {roll} (attack.rolls[{i}])")]
    else:
        rolled = roll_damage(damage, 0, stream.need(f"the damage roll of {label}"))
        roll, dice = rolled.total, rolled.dice
        adds = f" {damage.adds:+d}" if damage.adds else ""
        own = [Step(Ruling.GU_1, f"{damage}: rolled {' '.join(map(str, dice))}{adds} = {roll} "
                    f"(seed {stream.seed})")]
    basic = basic_damage(damage, roll)
    half = scenario.half_damage
    value = basic.value
    own.extend(basic.steps)
    own.extend(half.steps)
    if half.value:
        cut = halved(value, damage.type)
        value = cut.value
        own.extend(cut.steps)
    locations: list[HitLocation] = []
    for t in scenario.targets:
        if t.location == RANDOM:
            locations.append(roll_location(stream.need(f"the hit location of {label}"), t.body))
        else:
            locations.append(t.location)
    chain = resolve_chain(scenario, value, None, locations, decide=shooter)
    targets = tuple(replace(t, hit_by=shooter.hit_by.get(k), hit_roll=shooter.hit_roll.get(k))
                    for k, t in enumerate(chain.targets))
    return roll, dice, value, replace(chain, targets=targets), own


def _gathered(scenario: GurpsScenario, chains: list[ChainResult], basics: list[int]
              ) -> tuple[ChainResult, list[Step], tuple[tuple[int, ...], ...],
                         tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """Each target as the burst left it: its first hit's figures, its hits' injuries summed and
    their effects together (GU-19); a cover reached or passed by any shot."""
    damage_type = scenario.attack.damage.type
    targets: list[TargetResult] = []
    steps: list[Step] = []
    injuries: list[tuple[int, ...]] = []
    places: list[tuple[str, ...]] = []
    lamed: list[tuple[str, ...]] = []
    for k, t in enumerate(scenario.targets):
        results = [c.targets[k] for c in chains]
        hit = [(r, b) for r, b in zip(results, basics, strict=True) if r.hit]
        injuries.append(tuple(r.injury or 0 for r, _ in hit))
        places.append(tuple(r.location.value for r, _ in hit if r.location is not None))
        lamed.append(tuple(r.location.value for r, _ in hit if r.location is not None
                           and r.effects is not None and r.effects.crippled
                           and not r.effects.eyes_blinded))
        if len(hit) < 2:
            one = hit[0][0] if hit else next((r for r in results if r.reached), results[0])
            targets.append(_guarded(one, results))
            continue
        arriving = sum(b - (r.dr_in_front or 0) for r, b in hit)
        penetrating = sum(r.penetrating or 0 for r, _ in hit)
        fx = [r.effects for r, _ in hit if r.effects is not None]
        together = burst_effects(fx, damage_type, t.hp, t.knockback_st, t.perfect_balance,
                                 t.pain_threshold, arriving, penetrating, t.name)
        steps.extend(about(together.steps, t.index))
        worn = [r.layers for r, _ in hit if r.layers is not None]
        targets.append(_guarded(replace(hit[0][0], injury=together.value.injury,
                                        penetrating=penetrating, effects=together.value,
                                        overpenetrates=any(r.overpenetrates for r, _ in hit),
                                        layers=over_hits(worn) if worn else None),
                                results))
    covers = []
    for j, c in enumerate(chains[0].covers):
        each = [ch.covers[j] for ch in chains]
        reached = next((x for x in each if x.reached), c)
        hurt = [x.damage for x in each if x.damage is not None]
        summed_damage: ObjectDamage | None = None
        if len(hurt) > 1:  # GU-26: the hits' injuries summed
            card = scenario.line[c.index]
            summed = combined_damage(hurt, card.hp_left if isinstance(card, Cover) else None)
            steps.extend(about((Step(s.rule, f"{c.name}: {s.text}") for s in summed.steps),
                               c.index))
            summed_damage = summed.value
        covers.append(CoverResult(c.name, c.index, any(x.reached for x in each),
                                  reached.cover_dr, any(x.overpenetrates for x in each),
                                  summed_damage or reached.damage, c.hp))
    first = chains[0]
    line = ChainResult(tuple(targets), tuple(covers), first.stopped_in, first.can_overpenetrate,
                       first.steps, tuple(dict.fromkeys(w for c in chains for w in c.warnings)))
    return line, steps, tuple(injuries), tuple(places), tuple(lamed)


def _guarded(shown: TargetResult, results: list[TargetResult]) -> TargetResult:
    """A target's defense and shield over the burst's shots (GU-24, GU-25): the one defense roll,
    defended or the shield struck by any shot, the shield's injuries summed and its HP and state
    after the last hit that struck it."""
    guards = [r.guard for r in results if r.guard is not None]
    if not guards:
        return shown
    rolled = next((g.defense for g in guards if g.defense is not None), None)
    struck = [g for g in guards if g.struck_shield]
    if not struck:
        defended = next((g for g in guards if g.defended), guards[0])
        return replace(shown, guard=replace(defended, defense=defended.defense or rolled))
    last = struck[-1]
    assert last.shield is not None
    total = sum(g.shield.injury for g in struck if g.shield is not None)
    return replace(shown, guard=replace(
        last, shield=replace(last.shield, injury=total),
        punched_through=any(g.punched_through for g in struck)))
