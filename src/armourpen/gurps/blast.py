"""Resolving an explosion (GU-21, GU-22): one roll for the blast, each target at its place.

The blast's dice are rolled once (or ``attack.roll`` is taken); each target then takes it divided
for its distance, through its own cover and its large-area DR (GU-21), and the fragments attack it
(GU-22): the 3d roll, then each fragment's damage and hit location, target by target in card order,
all from the one seeded stream. The effects of GU-9 to GU-14 follow from the total injury, taken as
a large-area injury to the torso (an explosive inside a target: an injury to the vitals); a
fragment that cripples a limb cripples it. The explosion's armour divisor meets only a target
struck directly or with the explosive inside him; fragments bring their own bracket's divisor.
The functions that work a target out for one blast value serve the exact odds too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from armourpen.explain import Explained, Ruling, Step, about
from armourpen.gurps.attack_roll import attack_roll, roll_3d
from armourpen.gurps.burst import Stream
from armourpen.gurps.chain import ChainResult, TargetResult, target_prep
from armourpen.gurps.cover import cover_dr
from armourpen.gurps.damage import apply_divisor, basic_damage, fmt, injury, wounding_modifier
from armourpen.gurps.effects import Effects, injury_effects
from armourpen.gurps.explosion import (
    blast_armour_divisor,
    blast_divisor,
    blast_radius,
    body_cover,
    divided,
    inside_wounding,
    large_area_dr,
)
from armourpen.gurps.fragments import fragment_reach, fragment_skill, fragments_landed
from armourpen.gurps.locations import Location, counts_as, lands_on, roll_location
from armourpen.gurps.model import GurpsScenario, Target
from armourpen.gurps.notation import Damage, Divisor
from armourpen.gurps.situations import Environment, Situation
from armourpen.gurps.traits import hardened_divisor
from armourpen.serialize import exact, number


@dataclass(frozen=True, slots=True)
class BlastAt:
    """The blast at one target for one basic damage value (GU-21): the divisor, the damage after
    it (before DR), the cover DR and large-area DR it faces, and the injury with its effects."""

    reached: bool
    divisor: Fraction | None
    damage: int
    cover_dr: int
    large_area_dr: int | None
    penetrating: int
    effects: Effects

    @property
    def arriving(self) -> int:
        """What reaches the target past its cover: what pushes it (GU-13)."""
        return max(0, self.damage - self.cover_dr)


@dataclass(frozen=True, slots=True)
class Fragment:
    """One fragment that hit: its roll, basic damage, location, penetrating damage and effects."""

    roll: int
    basic: int
    location: Location
    penetrating: int
    effects: Effects


@dataclass(frozen=True, slots=True)
class TargetBlast:
    """What the explosion did to one target (the JSON's explosion keys of its card)."""

    blast: BlastAt
    fragment_skill: int | None
    fragment_roll: int | None
    fragments: tuple[Fragment, ...]
    total: Effects
    distance: Fraction = Fraction(0)
    situation: Situation = Situation.CAUGHT
    """Where the target stood (GU-21): shown in its row; the JSON has them in the scenario."""

    def to_dict(self) -> dict[str, Any]:
        b = self.blast
        return {
            "blast_divisor": None if b.divisor is None else number(b.divisor),
            "blast_divisor_exact": None if b.divisor is None else exact(b.divisor),
            "blast_damage": b.damage,
            "blast_cover_dr": b.cover_dr,
            "large_area_dr": b.large_area_dr,
            "blast_injury": b.effects.injury,
            "fragment_skill": self.fragment_skill,
            "fragment_roll": self.fragment_roll,
            "fragment_hits": len(self.fragments),
            "fragment_injuries": [f.effects.injury for f in self.fragments],
            "fragment_locations": [f.location.value for f in self.fragments],
        }


@dataclass(frozen=True, slots=True)
class Explosion:
    """A resolved explosion: the radius, the fragments and their reach, each target's figures."""

    environment: Environment
    airburst: bool
    radius: int
    fragments: Damage | None
    targets: tuple[TargetBlast, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"environment": self.environment, "airburst": self.airburst,
                "blast_radius": self.radius,
                "fragments": None if self.fragments is None else str(self.fragments),
                "fragment_reach": None if self.fragments is None else
                fragment_reach(self.fragments)}

    def target_dict(self, k: int) -> dict[str, Any]:
        return self.targets[k].to_dict()


def shield_of(scenario: GurpsScenario) -> tuple[str, int] | None:
    """The one who threw himself on the explosive, and the DR he adds for everyone else."""
    for t in scenario.targets:
        if t.blast is not None and t.blast.situation == Situation.THREW_SELF:
            return t.name, body_cover(t)
    return None


def cover_in_front(scenario: GurpsScenario, t: Target, divisor: Divisor | None = None,
                   what: str = "") -> Explained[int]:
    """The DR of the cover between the blast and ``t`` (GU-21, as for a shot, GU-6), the body of
    whoever threw himself on it included. ``divisor`` is the armour divisor it is met with: by
    default the blast's where it applies (GU-21); the fragments bring their own (``what``
    names them in the steps)."""
    assert t.blast is not None
    if divisor is None:
        divisor = blast_armour_divisor(scenario.attack.damage, t.blast.situation).value
    reading = scenario.settings.fractional_dr0
    total = 0
    steps: list[Step] = []
    for c in t.blast.cover:
        dr = cover_dr(c.dr, c.dr_back, c.hp, c.injury_tolerance, divisor, c.slab, reading)
        steps.extend(Step(s.rule, f"{t.name}: {what}{c.name}: {s.text}") for s in dr.steps)
        total += dr.value
    shield = shield_of(scenario)
    if shield is not None and shield[0] != t.name and t.blast.situation != Situation.INSIDE:
        steps.append(Step(Ruling.GU_21, f"{t.name}: {what}{shield[0]} threw himself on the explosive: his "
                          f"torso DR and HP cover the others, +{shield[1]}"))
        total += shield[1]
    if len(steps) > 1 or t.blast.cover:
        steps.append(Step(Ruling.GU_21, f"{t.name}: {what}cover DR between the blast and it: "
                          f"{total}"))
    return Explained(total, tuple(steps))


def fragment_cover(scenario: GurpsScenario, t: Target, fragments: Damage,
                   blast_cover: Explained[int]) -> Explained[int]:
    """The cover DR the fragments meet before ``t`` (GU-22): the blast's cover met with the
    fragments' own armour divisor instead of the blast's (GU-21). ``blast_cover`` where the two
    divisors are the same (no new steps then)."""
    assert t.blast is not None
    blast_div = blast_armour_divisor(scenario.attack.damage, t.blast.situation).value
    if fragments.divisor == blast_div or not t.blast.cover:
        return blast_cover
    return cover_in_front(scenario, t, fragments.divisor, "fragments: ")


def blast_at(scenario: GurpsScenario, t: Target, basic: int, cover: int,
             explain: bool = True) -> Explained[BlastAt]:
    """The blast of basic damage ``basic`` at target ``t`` behind ``cover`` DR (GU-21)."""
    assert t.blast is not None
    damage = scenario.attack.damage
    place = t.blast
    steps: list[Step] = []
    name = t.name
    if place.situation == Situation.CAUGHT and place.distance > blast_radius(damage):
        if explain:
            steps.append(Step(Ruling.GU_21, f"{name}: {fmt(place.distance)} yd is beyond the blast's "
                              f"{blast_radius(damage)} yd (2 x {damage.dice * damage.multiplier}"
                              " dice): no blast damage"))
        return Explained(BlastAt(False, None, 0, cover, None, 0, Effects()), tuple(steps))
    div = blast_divisor(place.distance, scenario.attack.environment, place.situation)
    value = divided(basic, div.value)
    if explain:
        steps.extend(Step(s.rule, f"{name}: {s.text}") for s in div.steps)
        steps.append(Step(Ruling.GU_21, f"{name}: blast damage {basic} / {fmt(div.value)} = "
                          f"{value} (rounded down)"))
    reading = scenario.settings.fractional_dr0
    inside = place.situation == Situation.INSIDE
    where, counts = Location.TORSO, Location.TORSO
    if inside:
        # an attack on the vitals: no DR at all, so no divisor to meet (GU-21)
        eff: Explained[int] = Explained(0)
        why = "the explosive inside him: an attack on the vitals, no DR protects"
        wounding = inside_wounding(damage, t)
        where, counts = Location.VITALS, counts_as(Location.VITALS, t.lacking).value
    else:
        if place.situation == Situation.THREW_SELF:
            dr = t.dr_for(Location.TORSO)[0]
            why = f"on the explosive: his own (torso) DR {dr}"
        else:
            la = large_area_dr(t)
            dr = la.value
            why = la.steps[0].text
        ad = blast_armour_divisor(damage, place.situation)
        if place.situation == Situation.STRUCK:  # struck directly: the divisor meets his armour (GU-14)
            ad = hardened_divisor(ad.value, t.hardened)
        met = apply_divisor(dr, ad.value, reading)
        eff = Explained(met.value, ad.steps + met.steps)
        wounding = wounding_modifier(damage.type, damage.tbb, Location.TORSO, t.injury_tolerance)
    penetrating = max(0, value - cover - eff.value)
    hurt = injury(penetrating, wounding.modifier, damage.type, t.injury_tolerance,
                  t.vulnerability)
    fx = injury_effects(damage.type, t, where, counts, penetrating, hurt.value,
                        max(0, value - cover), explain)
    if explain:
        steps.append(Step(Ruling.GU_21, f"{name}: {why}"))
        steps.extend(Step(s.rule, f"{name}: {s.text}") for s in eff.steps)
        if inside:
            steps.extend(Step(s.rule, f"{name}: {s.text}") for s in wounding.steps)
        faced = f"(cover DR {cover} + DR {eff.value})" if cover else f"DR {eff.value}"
        steps.append(Step(Ruling.GU_4, f"{name}: blast penetrating = max(0, {value} - {faced}) = "
                          f"{penetrating}"))
        steps.extend(Step(s.rule, f"{name}: {s.text}") for s in hurt.steps)
        steps.extend(Step(s.rule, f"{name}: blast: {s.text}") for s in fx.steps)
    return Explained(BlastAt(True, div.value, value, cover, eff.value, penetrating, fx.value),
                     tuple(steps))


def fragment_hit(scenario: GurpsScenario, t: Target, fragments: Damage, roll: int,
                 where: Location, cover: int, explain: bool = True) -> Explained[Fragment]:
    """One fragment of roll ``roll`` hitting ``t`` at ``where`` behind ``cover`` DR (GU-22), met
    with the fragments' own armour divisor; the one fragment of an explosive inside ``t`` meets
    no DR (GU-21)."""
    reading = scenario.settings.fractional_dr0
    basic = basic_damage(fragments, roll).value
    landed = lands_on(where, t.lacking).value
    prep = target_prep(fragments, reading, t, landed)
    inside = t.blast is not None and t.blast.situation == Situation.INSIDE
    own = 0 if inside else prep.own.value
    penetrating = max(0, basic - cover - own)
    hurt = injury(penetrating, prep.wounding.modifier, fragments.type, t.injury_tolerance,
                  t.vulnerability)
    fx = injury_effects(fragments.type, t, landed, prep.counts_as.value, penetrating, hurt.value,
                        max(0, basic - cover), explain)
    steps: tuple[Step, ...] = ()
    if explain:
        faced = f"(cover DR {cover} + DR {own})" if cover else f"DR {own}"
        through = (f"no DR, the explosive inside him (GU-21): penetrating {penetrating}" if inside
                   else f"penetrating max(0, {basic} - {faced}) = {penetrating}")
        steps = (Step(Ruling.GU_22, f"{t.name}: a fragment, {fragments}: basic damage {basic} at the "
                      f"{landed.value}: {through}, injury {fx.value.injury}"),)
    return Explained(Fragment(roll, basic, landed, penetrating, fx.value), steps)


def sure_fragment(t: Target) -> bool:
    """Struck directly, on the explosive or with it inside: one fragment without a roll (GU-22)."""
    return t.blast is not None and t.blast.situation != Situation.CAUGHT


def fragment_reached(scenario: GurpsScenario, t: Target) -> Explained[int] | None:
    """The fragments' skill against ``t`` (GU-22), or None: no fragments, out of reach, or a
    fragment without a roll."""
    fragments = scenario.attack.fragments
    assert t.blast is not None
    if fragments is None or sure_fragment(t) or t.blast.distance > fragment_reach(fragments):
        return None
    return fragment_skill(t.blast.distance, t.blast.sm, t.blast.posture,
                          scenario.attack.airburst)


def on_the_total(scenario: GurpsScenario, t: Target, blast: BlastAt,
                 fragments: tuple[Fragment, ...], explain: bool = True) -> Explained[Effects]:
    """What the blast and the fragments do together: the blast is one hit, a large-area injury
    to the torso (GU-21), each fragment another at its own location (GU-22). They are gathered
    as a burst's hits are (GU-19): injuries summed, shock on the sum, a major wound and the
    knockdown roll judged per hit (GU-12: injury over HP/2 from one hit), crippling and blinding
    by the fragment that did it, knockback from the blast's damage past the cover (GU-13)."""
    if not fragments:
        return Explained(blast.effects, ())
    from armourpen.gurps.rapid_fire import burst_effects

    hits = [blast.effects] if blast.damage > 0 else []
    hits.extend(f.effects for f in fragments)
    together = burst_effects(hits, scenario.attack.damage.type, t.hp, t.knockback_st,
                             t.perfect_balance, t.pain_threshold, blast.arriving,
                             blast.penetrating, t.name, Ruling.GU_22)
    return Explained(together.value, together.steps if explain else ())


@dataclass(frozen=True, slots=True)
class BlastResult:
    """What :func:`resolve_blast` gives: the explosion, the cards as results, the steps (each
    naming the card it is about), the roll, the basic damage and the dice."""

    explosion: Explosion
    line: ChainResult
    steps: tuple[Step, ...]
    roll: int
    basic: int
    dice: tuple[int, ...] | None


def resolve_blast(scenario: GurpsScenario, stream: Stream) -> BlastResult:
    """The explosion of ``scenario`` with rolls drawn from ``stream``."""
    from armourpen.gurps.dice import roll_damage

    attack = scenario.attack
    damage = attack.damage
    steps: list[Step] = []
    dice: tuple[int, ...] | None = None
    if attack.roll is not None:
        roll = attack.roll
        steps.append(Step(Ruling.GU_21, f"{damage}: fixed roll {roll}, the one roll for the blast"))
    else:
        rolled = roll_damage(damage, 0, stream.need("the blast's roll"))
        roll, dice = rolled.total, rolled.dice
        adds = f" {damage.adds:+d}" if damage.adds else ""
        steps.append(Step(Ruling.GU_21, f"{damage}: rolled {' '.join(map(str, dice))}{adds} = {roll} "
                          f"(seed {stream.seed}), the one roll for the blast"))
    basic = basic_damage(damage, roll)
    steps.extend(basic.steps)
    radius = blast_radius(damage)
    steps.append(Step(Ruling.GU_21, f"the blast reaches {radius} yd (2 x "
                      f"{damage.dice * damage.multiplier} dice) in {attack.environment}"))
    if attack.fragments is not None:
        steps.append(Step(Ruling.GU_22, f"fragments {attack.fragments} reach "
                          f"{fragment_reach(attack.fragments)} yd (5 x their dice)"))
    results: list[TargetResult] = []
    records: list[TargetBlast] = []
    for t in scenario.targets:
        before = len(steps)
        record = _one_target(scenario, t, basic.value, stream, steps)
        records.append(record)
        steps[before:] = about(steps[before:], t.index)
        b = record.blast
        hit = b.damage > 0 or bool(record.fragments)
        reached = b.reached or record.fragment_skill is not None or bool(record.fragments)
        dr = None if b.large_area_dr is None else b.large_area_dr + b.cover_dr
        results.append(TargetResult(
            t.name, t.index, reached, hit, dr,
            b.penetrating + sum(f.penetrating for f in record.fragments),
            record.total.injury, None, False, own_dr=b.large_area_dr, dr_in_front=b.cover_dr,
            location=None if not hit else Location.VITALS if record.situation == Situation.INSIDE
            else Location.TORSO, effects=record.total,
        ))
    explosion = Explosion(attack.environment, attack.airburst, radius, attack.fragments,
                          tuple(records))
    chain = ChainResult(tuple(results), (), None, False, ())
    return BlastResult(explosion, chain, tuple(steps), roll, basic.value, dice)


def _one_target(scenario: GurpsScenario, t: Target, basic: int, stream: Stream,
                steps: list[Step]) -> TargetBlast:
    """The blast and the fragments at one target (GU-21, GU-22), rolls drawn as needed."""
    assert t.blast is not None
    damage = scenario.attack.damage
    if t.blast.situation == Situation.THREW_SELF:
        top = basic_damage(damage, damage.max_roll).value
        steps.append(Step(Ruling.GU_21, f"{t.name}: threw himself on the explosive: the maximum, "
                          f"{top}, undivided"))
        basic = top
    cover = cover_in_front(scenario, t)
    steps.extend(cover.steps)
    blast = blast_at(scenario, t, basic, cover.value)
    steps.extend(blast.steps)
    frags: list[Fragment] = []
    skill = fragment_reached(scenario, t)
    fragments = scenario.attack.fragments
    frag_cover = cover
    if fragments is not None:
        frag_cover = fragment_cover(scenario, t, fragments, cover)
        if frag_cover is not cover:
            steps.extend(frag_cover.steps)
    froll: int | None = None
    count = 0
    if fragments is not None and sure_fragment(t):
        steps.append(Step(Ruling.GU_22, f"{t.name}: struck by one fragment without a roll"))
        count = 1
    elif fragments is not None and skill is None:
        steps.append(Step(Ruling.GU_22, f"{t.name}: beyond the fragments' reach"))
    elif skill is not None:
        steps.extend(Step(s.rule, f"{t.name}: {s.text}") for s in skill.steps)
        froll = roll_3d(stream.need(f"the fragments' roll against {t.name}"))
        hit = attack_roll(froll, skill.value, f"{t.name}: fragments", Ruling.GU_22)
        steps.extend(hit.steps)
        if hit.value:
            count = fragments_landed(skill.value - froll)
            steps.append(Step(Ruling.GU_22, f"{t.name}: 1 + floor(margin {max(0, skill.value - froll)}"
                              f" / 3) = {count} fragment{'s' if count > 1 else ''}"))
    for j in range(count):
        assert fragments is not None
        rng = stream.need(f"fragment {j + 1} against {t.name}")
        froll_damage = roll_damage_total(fragments, rng)
        where = roll_location(rng, t.body)
        steps.append(Step(Ruling.GU_10, f"{t.name}: fragment {j + 1}: hit location {where} on the "
                          f"{where.body} table: {where.location.value}"))
        hit_ = fragment_hit(scenario, t, fragments, froll_damage, where.location,
                            frag_cover.value)
        steps.extend(hit_.steps)
        frags.append(hit_.value)
    total = on_the_total(scenario, t, blast.value, tuple(frags))
    steps.extend(total.steps)
    return TargetBlast(blast.value, None if skill is None else skill.value, froll, tuple(frags),
                       total.value, t.blast.distance, t.blast.situation)


def roll_damage_total(damage: Damage, rng: random.Random) -> int:
    """A fragment's dice rolled from the stream, with its adds."""
    return sum(rng.randint(1, 6) for _ in range(damage.dice)) + damage.adds
