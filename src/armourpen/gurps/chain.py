"""GU-5, GU-7, GU-8: the shot through a line of targets and cover.

Each target faces the basic damage against the effective cover DRs of everything in front of it
plus its own effective DR. The shot passes an object when the basic damage exceeds the cover DRs of
that object and of everything in front of it; otherwise it stops there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Protocol

from armourpen.errors import InputError
from armourpen.explain import Caution, Explained, Ruling, Step, about
from armourpen.gurps.condition import PersonState
from armourpen.gurps.cover import cover_dr
from armourpen.gurps.damage import (
    SKULL_DR,
    Dr0Reading,
    InjuryTolerance,
    Wounding,
    apply_divisor,
    fmt,
    injury,
    wounding_modifier,
)
from armourpen.gurps.defense import DefenseKind, DefenseRoll, Result
from armourpen.gurps.effects import NULL_EFFECTS, Effects, injury_effects
from armourpen.gurps.guard import Guard
from armourpen.gurps.layers import Faced, LayerLeft, after_blow, face_layers, untouched
from armourpen.gurps.locations import RANDOM, Location, LocationRoll, Random, counts_as, lands_on
from armourpen.gurps.model import Cover, GurpsScenario, Target
from armourpen.gurps.notation import Damage, DamageType
from armourpen.gurps.objects import ObjectDamage, object_damage
from armourpen.gurps.shields import Shield, punch_through_location, shield_cover_dr, shield_damage
from armourpen.gurps.traits import LACKING_NOTES, hardened_divisor
from armourpen.gurps.wrong_target import HitBy
from armourpen.serialize import exact, number


@dataclass(frozen=True, slots=True)
class TargetResult:
    """What happened to one target.

    ``effective_dr`` is everything the target faces: ``dr_in_front`` (the cover DRs before it)
    plus ``own_dr`` (its own DR after the divisor). ``cover_dr`` is what it adds for those behind
    (None when the attack cannot go on, GU-5: no cover DR applies). A target the shot never
    reached, or missed (GU-8), has no figures: they are None (``null`` in JSON), never 0.
    ``injury`` is final: blunt trauma included, after the limb and extremity cap; ``effects``
    says what it does (GU-9 to GU-13).
    ``location`` is where the shot hit, ``location_roll`` the roll that chose it.
    """

    name: str
    index: int
    reached: bool
    hit: bool
    effective_dr: int | None
    penetrating: int | None
    injury: int | None
    cover_dr: int | None
    overpenetrates: bool
    own_dr: int | None = None
    dr_in_front: int | None = None
    wounding: Fraction | None = None
    hit_chance: Fraction = Fraction(1)
    location: Location | None = None
    location_roll: LocationRoll | None = None
    effects: Effects | None = None
    hit_by: HitBy | None = None  # who is hit (GU-16, GU-17): what hit it, and the roll that did
    hit_roll: int | None = None
    inside: str | None = None
    unnamed: bool = False  # stands for the occupants no card lists (GU-17)
    state: PersonState | None = None  # GU-27: what is left of it (a card with hp_left or ht)
    layers: tuple[LayerLeft, ...] | None = None  # GU-28: a layered card's layers after the shot
    guard: Guard | None = None  # GU-24, GU-25: its defense and shield, for a card that has one

    @classmethod
    def untouched(cls, target: Target, reached: bool) -> TargetResult:
        """A target the shot did not reach, or reached and missed (GU-8): no figures."""
        where = target.location
        layers = target.layers_for(where) if isinstance(where, Location) else target.layers
        return cls(target.name, target.index, reached, False, None, None, None, None, False,
                   hit_chance=target.hit_chance, inside=target.inside,
                   unnamed=target.unnamed, layers=untouched(layers) if layers else None)

    def to_dict(self, who: bool = False) -> dict[str, Any]:
        """The target's JSON; ``who`` adds what hit it (GU-16, GU-17), when the rolls decide."""
        return {
            "name": self.name,
            "index": self.index,
            "reached": self.reached,
            "hit": self.hit,
            **({"hit_by": self.hit_by, "hit_roll": self.hit_roll, "inside": self.inside,
                "unnamed": self.unnamed} if who else {}),
            "hit_chance": number(self.hit_chance),
            "hit_chance_exact": exact(self.hit_chance),
            "effective_dr": self.effective_dr,
            "own_dr": self.own_dr,
            "dr_in_front": self.dr_in_front,
            "penetrating": self.penetrating,
            "wounding_modifier": None if self.wounding is None else number(self.wounding),
            "wounding_modifier_exact": None if self.wounding is None else exact(self.wounding),
            "injury": self.injury,
            "cover_dr": self.cover_dr,
            "overpenetrates": self.overpenetrates,
            "location": None if self.location is None else self.location.value,
            "location_roll": None if self.location_roll is None else self.location_roll.total,
            **(NULL_EFFECTS if self.effects is None else self.effects.to_dict()),
            **({} if self.state is None else self.state.to_dict()),
            **({} if self.layers is None else {"layers": [x.to_dict() for x in self.layers]}),
            **({} if self.guard is None else self.guard.to_dict()),
        }


@dataclass(frozen=True, slots=True)
class CoverResult:
    """What one piece of cover did: its effective cover DR and whether the shot passed it."""

    name: str
    index: int
    reached: bool
    cover_dr: int | None  # None when the shot never reached it
    overpenetrates: bool
    damage: ObjectDamage | None = None  # GU-26: what the shot did to it (None: not reached)
    hp: int | None = None  # its HP (GU-26), reached or not

    def to_dict(self) -> dict[str, Any]:
        d = self.damage
        state = None if d is None or d.state is None else d.state.state.value
        return {
            "name": self.name,
            "index": self.index,
            "reached": self.reached,
            "cover_dr": self.cover_dr,
            "overpenetrates": self.overpenetrates,
            "hp": self.hp,
            "injury": None if d is None else d.injury,
            "hp_left": None if d is None else d.hp_left,
            "state": state,
            "ht": None if d is None else d.ht,  # GU-26: what its HT rolls are made against
        }


@dataclass(frozen=True, slots=True)
class ChainResult:
    """The whole line: targets and covers in line order, where the shot stopped, the steps."""

    targets: tuple[TargetResult, ...]
    covers: tuple[CoverResult, ...]
    stopped_in: str | None
    can_overpenetrate: bool
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...] = ()


def overpenetration_eligible(damage: Damage, ranged: bool) -> Explained[bool]:
    """GU-5: ranged piercing, impaling or tight-beam burning attacks may pass through."""
    if not ranged:
        return Explained.of(False, Ruling.GU_5, "a melee attack cannot overpenetrate: it stops in the "
                            "first thing it hits")
    t = damage.type
    if t.is_piercing or t is DamageType.IMP or (t is DamageType.BURN and damage.tbb):
        kind = "tight-beam burning" if t is DamageType.BURN else t.value
        return Explained.of(True, Ruling.GU_5, f"a ranged {kind} attack can overpenetrate")
    name = "burn without tbb" if t is DamageType.BURN else t.value
    return Explained.of(
        False, Ruling.GU_5, f"{name} cannot overpenetrate: it stops in the first thing it hits"
    )


@dataclass(frozen=True, slots=True)
class TargetPrep:
    """What does not depend on the roll for a target hit at one location (steps name the target).

    ``counts_as`` is the location whose rules apply (GU-14); ``own`` its DR after the divisor
    (Hardened and the skull included); ``cover`` what it adds for those behind (GU-6).
    """

    counts_as: Explained[Location]
    own: Explained[int]
    wounding: Wounding
    cover: Explained[int]
    layers: Faced | None = None  # GU-28: the layers faced one by one, when the card has them


@dataclass(frozen=True, slots=True)
class LinePrep:
    """What does not depend on the roll or the locations: eligibility and the covers' DR."""

    eligible: Explained[bool]
    cover: tuple[Explained[int] | None, ...]


def _prefixed(name: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(Step(s.rule, f"{name}: {s.text}") for s in steps)


@lru_cache(maxsize=4096)
def target_prep(damage: Damage, reading: Dr0Reading, target: Target, hit: Location) -> TargetPrep:
    """Own DR, wounding modifier and cover DR of ``target`` hit at ``hit`` (GU-3, GU-4, GU-6, GU-14)."""
    rules = target.rules_for(hit)
    treated = counts_as(rules.value, target.lacking)
    where = treated.value
    layers = target.layers_for(hit)
    # GU-28: as cover a layered card is one object, the sum of its layers; the Hardened its
    # layers all share (the lowest) steps that object's divisor, so one layer is the plain DR
    shared = min((x.hardened for x in layers), default=0)
    divisor = hardened_divisor(damage.divisor, target.hardened + shared)
    dr, dr_back = target.dr_for(hit)
    # Toxic damage gets none of the skull's special effects, its natural DR 2 included (GU-12).
    skull = (where is Location.SKULL and target.injury_tolerance is not InjuryTolerance.HOMOGENOUS
             and damage.type is not DamageType.TOX)
    natural = skull and not target.skull_dr_included
    # The shot passes the skull where it enters and where it leaves: its natural DR counts on
    # both sides of the cover DR (GU-4, GU-6).
    dr_in = dr + (SKULL_DR if natural else 0)
    dr_out = dr_back + (SKULL_DR if natural else 0)
    faced: Faced | None = None
    if layers:  # GU-28: each layer its own divisor; the skull's natural DR 2 under the innermost
        facing = face_layers(layers, damage, reading, target.hardened, target.dr_times,
                             dr_in - dr)
        faced = facing.value
        eff = Explained(faced.total, facing.steps)
        own_steps = eff.steps
    else:
        eff = apply_divisor(dr_in, divisor.value, reading)
        own_steps = divisor.steps + eff.steps
    if target.dr_times != 1 and faced is None:  # GU-20: the projectiles together, at extremely close range
        times = target.dr_times
        own_steps += (Step(Ruling.GU_20, f"effective DR {eff.value} x {times} = {eff.value * times} "
                           "(the projectiles together, at extremely close range)"),)
        eff = Explained(eff.value * times, eff.steps)
    cover_steps: tuple[Step, ...] = ()
    if natural:
        own_steps = (Step(Ruling.GU_4, f"skull: DR {dr} + natural DR {SKULL_DR} = {dr_in}"),
                     *own_steps)
        cover_steps = (Step(Ruling.GU_6, f"skull: the shot leaves through the skull too: DR {dr_back} "
                            f"+ natural DR {SKULL_DR} = {dr_out} where it leaves"),)
    elif skull:
        own_steps = (Step(Ruling.GU_4, f"skull: DR {dr} from the character file already counts the "
                          "skull's natural DR; not added again"), *own_steps)
        cover_steps = (Step(Ruling.GU_6, f"skull: DR {dr_back} where the shot leaves, the skull's "
                            "natural DR included (the shot passes the skull on both sides)"),)
    elif where is Location.SKULL and damage.type is DamageType.TOX:
        why = ("no natural DR 2" if not target.skull_dr_included else
               f"DR {dr} from the character file counts the skull's natural DR, kept as it is")
        own_steps = (Step(Ruling.GU_12, f"skull: toxic damage, {why}"), *own_steps)
    if target.dr_table:
        listed = any(spot is hit for spot, _, _ in target.dr_at)
        why = "from the table of DR by location" if listed else \
            "(the table of DR by location does not list it)"
        own_steps = (Step(Ruling.GU_3, f"DR at the {hit.value}: {dr} in, {dr_back} out {why}"),
                     *own_steps)
    w = wounding_modifier(damage.type, damage.tbb, where, target.injury_tolerance)
    c = cover_dr(dr_in, dr_out, target.hp, target.injury_tolerance, divisor.value,
                 reading=reading)
    name = target.name
    return TargetPrep(
        Explained(where, _prefixed(name, rules.steps + treated.steps)),
        Explained(eff.value, _prefixed(name, own_steps)),
        Wounding(w.modifier, _prefixed(name, w.steps), w.warnings),
        Explained(c.value, _prefixed(name, divisor.steps + cover_steps + c.steps)),
        faced,
    )


@lru_cache(maxsize=256)
def line_prep(scenario: GurpsScenario) -> LinePrep:
    damage = scenario.attack.damage
    reading = scenario.settings.fractional_dr0
    covers: list[Explained[int] | None] = []
    for e in scenario.line:
        if isinstance(e, Target):
            covers.append(None)
            continue
        c = cover_dr(e.dr, e.dr_back, e.hp, e.injury_tolerance, damage.divisor, e.slab, reading)
        covers.append(Explained(c.value, _prefixed(e.name, c.steps)))
    return LinePrep(overpenetration_eligible(damage, scenario.attack.ranged), tuple(covers))


HitLocation = Location | LocationRoll


class Decider(Protocol):
    """Who is hit, decided as the shot goes (GU-16, GU-17): asked when the shot reaches the k-th
    target (whether it is hit, and the steps that say so) and when it passes a cover."""

    def target(self, k: int, target: Target) -> tuple[bool, tuple[Step, ...]]: ...

    def cover(self, cover: Cover) -> tuple[Step, ...]: ...

    def defended(self, k: int) -> DefenseRoll | None:
        """The defense the k-th target rolled when the shot reached it (GU-24), if any."""

    def punch_roll(self, k: int, target: Target) -> int:
        """The 1d of a blow that punched through the k-th target's shield (GU-25)."""

    def shield_hp(self, k: int) -> int | None:
        """The k-th target's shield's HP before this hit (GU-25: a burst's hits in turn)."""

    def shield_left(self, k: int, hp: int) -> None:
        """The k-th target's shield's HP after this hit."""


def resolve_chain(
    scenario: GurpsScenario,
    basic_damage: int,
    hits: tuple[bool, ...] | None = None,
    locations: Sequence[HitLocation] | None = None,
    decide: Decider | None = None,
) -> ChainResult:
    """Follow a shot of ``basic_damage`` (after multiplier and GU-2 minimum) down the line.

    ``hits[i]`` says whether the i-th target (covers not counted) is hit when the shot reaches it;
    None means all are. A target that is missed (GU-8) takes nothing and adds no cover DR.
    ``locations[i]`` is where the i-th target is hit (a location, or the roll that chose it); None
    means each target's own location, which must then not be random (GU-10). ``decide``, when
    given, says who is hit as the shot reaches each target (``hits`` is then not used).
    """
    n_targets = len(scenario.targets)
    if hits is not None and len(hits) != n_targets:
        raise InputError("hits", hits, f"one flag per target: {n_targets} of them")
    if locations is not None and len(locations) != n_targets:
        raise InputError("locations", locations, f"one location per target: {n_targets} of them")
    prep = line_prep(scenario)
    shot = _Shot(scenario.attack.damage, scenario.settings.fractional_dr0, basic_damage,
                 prep.eligible.value, hits is None, list(prep.eligible.steps))
    k = 0  # target number
    for i, e in enumerate(scenario.line):
        mark = len(shot.steps)  # the steps from here on are about entry e
        if isinstance(e, Cover):
            _through_cover(shot, e, prep.cover[i])
            if decide is not None and shot.reached:
                shot.steps.extend(decide.cover(e))
        else:
            hit = True if hits is None else bool(hits[k])
            why: tuple[Step, ...] | None = None
            guard: Guard | None = None
            if decide is not None and shot.reached:
                hit, why = decide.target(k, e)
            where = e.location if locations is None else locations[k]
            if decide is not None and shot.reached and (e.defense or e.shield) is not None:
                hit, where, guard = _guarded(shot, e, k, decide, hit, where, why)
                why = ()
            shot.targets.append(_at_target(shot, e, hit, where, why, guard))
            k += 1
        shot.steps[mark:] = about(shot.steps[mark:], e.index)
    return ChainResult(tuple(shot.targets), tuple(shot.covers), shot.stopped_in, shot.eligible,
                       tuple(shot.steps), tuple(shot.warnings))


@dataclass(slots=True)
class _Shot:
    """The shot as it goes down the line (GU-7): the cover DR it has passed, where it stopped,
    what it did so far and the steps that say so."""

    damage: Damage
    reading: Dr0Reading
    basic: int  # basic damage
    eligible: bool  # it can overpenetrate (GU-5)
    assumed: bool  # every target is taken as hit (no hits given, GU-8)
    steps: list[Step]
    warnings: list[Caution] = field(default_factory=list)
    targets: list[TargetResult] = field(default_factory=list)
    covers: list[CoverResult] = field(default_factory=list)
    in_front: int = 0  # sum of effective cover DRs passed so far
    stopped_in: str | None = None
    first: bool = True  # nothing has been hit yet

    @property
    def reached(self) -> bool:
        return self.stopped_in is None


def _through_cover(shot: _Shot, e: Cover, c: Explained[int] | None) -> None:
    """The shot at a piece of cover: it passes when it beats all cover DR so far (GU-6, GU-7)."""
    if not shot.reached:
        shot.covers.append(CoverResult(e.name, e.index, False, None, False, hp=e.hp))
        return
    assert c is not None
    passes = shot.eligible and shot.basic > shot.in_front + c.value
    hurt = object_damage(shot.damage, shot.basic, shot.in_front, e.dr,
                         e.injury_tolerance if e.tolerance_given else None, e.hp, e.hp_left,
                         e.ht, e.injury_tolerance, shot.reading)
    if shot.eligible:
        shot.steps.extend(c.steps)
        shot.steps.append(_pass_step(e.name, shot.basic, shot.in_front, c.value, passes))
    else:
        shot.steps.append(Step(Ruling.GU_5, f"{e.name}: the shot stops here"))
    shot.steps.extend(_prefixed(e.name, hurt.steps))
    shot.covers.append(CoverResult(e.name, e.index, True, c.value if shot.eligible else None,
                                   passes, hurt.value, e.hp))
    if shot.eligible:
        shot.in_front += c.value
    shot.first = False
    if not passes:
        shot.stopped_in = e.name


def _hp_before(shield: Shield | None) -> int | None:
    """The shield's HP before the shot (GU-25): its HP left when given, else its HP."""
    if shield is None:
        return None
    return shield.hp if shield.hp_left is None else shield.hp_left


def _guarded(shot: _Shot, e: Target, k: int, decide: Decider, hit: bool,
             where: HitLocation | Random, why: tuple[Step, ...] | None,
             ) -> tuple[bool, HitLocation | Random, Guard]:
    """GU-24, GU-25 at a card that defended: a block or parry that defends stops the shot; a
    success by the DB or less struck the shield, which takes the damage that reaches it and is
    cover in front of its bearer: a blow beyond its cover DR punches through to him, at the
    location 1d chooses; otherwise the shot stops in the shield (whatever the damage type)."""
    roll = decide.defended(k)
    shield = e.shield
    shot.steps.extend(why or ())
    if roll is None or roll.result is Result.HIT:
        return hit, where, Guard(roll, shield_hp=_hp_before(shield))
    if roll.result is Result.DEFENDED:
        if roll.kind is not DefenseKind.DODGE or not roll.flies_on:
            shot.stopped_in = e.name
        return False, where, Guard(roll, shield_hp=_hp_before(shield))
    assert shield is not None
    reaching = max(0, shot.basic - shot.in_front)
    took = shield_damage(shield, shot.damage, reaching, decide.shield_hp(k), reading=shot.reading)
    decide.shield_left(k, took.value.hp_left)
    shot.steps.extend(_prefixed(e.name, took.steps))
    c = shield_cover_dr(shield, shot.damage, shot.reading)
    shot.steps.extend(_prefixed(e.name, c.steps))
    through = shot.basic > shot.in_front + c.value
    total = shot.in_front + c.value
    shot.steps.append(Step(Ruling.GU_25, f"{e.name}'s shield: basic damage {shot.basic} "
                           + (f"> cover DR {total}: the blow punches through to its bearer"
                              if through else f"does not exceed cover DR {total}: the blow "
                              "stops in the shield")))
    guard = Guard(roll, True, took.value, shield_cover_dr=c.value, punched_through=through)
    if not through:
        shot.stopped_in = f"{e.name}'s shield"
        return False, where, guard
    shot.in_front += c.value
    d6 = decide.punch_roll(k, e)
    aimed = where.location if isinstance(where, LocationRoll) else where
    assert isinstance(aimed, Location)
    landed = punch_through_location(d6, aimed)
    shot.steps.extend(_prefixed(e.name, landed.steps))
    return True, landed.value, Guard(roll, True, took.value, shield_cover_dr=c.value,
                                     punched_through=True, punch_roll=d6)


def _at_target(shot: _Shot, e: Target, hit: bool, where: HitLocation | Random,
               why: tuple[Step, ...] | None = None, guard: Guard | None = None) -> TargetResult:
    """The shot at a target: not reached (GU-7), missed (GU-8), or hit where it lands (GU-10),
    wounded (GU-3, GU-4, GU-9 to GU-14) and passed or not (GU-6, GU-7). ``why`` says who is hit
    when the rolls decide it (GU-16, GU-17), in place of GU-8's hit chance."""
    if not shot.reached and guard is None:
        shot.steps.append(Step(Ruling.GU_7, f"{e.name}: not reached (the shot stopped in "
                               f"{shot.stopped_in})"))
        return replace(TargetResult.untouched(e, reached=False),
                       guard=None if (e.defense or e.shield) is None else Guard())
    if not shot.reached:  # its block or parry, or its shield, stopped the shot (GU-24, GU-25);
        # a blow that stopped in the shield did not reach the bearer (as the odds count it)
        assert guard is not None
        return replace(TargetResult.untouched(e, reached=not guard.struck_shield), guard=guard)
    if why is not None:
        shot.steps.extend(why)
    if not hit:
        if why is None:
            shot.steps.append(
                Step(Ruling.GU_8, f"{e.name}: missed (hit chance {fmt(e.hit_chance)}); "
                     "the shot goes on and this target adds no cover DR")
            )
        return replace(TargetResult.untouched(e, reached=True), guard=guard)
    if why is None:
        shot.steps.append(_hit_step(e, shot.first, shot.assumed))
    shot.first = False
    landed, rolled = _landing(shot.steps, e, where)
    tp = target_prep(shot.damage, shot.reading, e, landed)
    shot.steps.extend(Step(Ruling.GU_14, f"{e.name}: {LACKING_NOTES[kind]}")
                      for kind in sorted(e.lacking))
    shot.steps.extend(tp.counts_as.steps)
    shot.steps.extend(tp.own.steps)
    total_dr = shot.in_front + tp.own.value
    penetrating = _penetrating(shot, e.name, tp.own.value, total_dr)
    fx = _wounded(shot, e, landed, tp, penetrating)
    worn: tuple[LayerLeft, ...] | None = None
    if tp.layers is not None:  # GU-28: what each layer stopped, and what it lost
        after = after_blow(tp.layers, shot.basic - shot.in_front, e.name)
        shot.steps.extend(after.steps)
        worn = after.value
    if e.unnamed:
        # GU-17: no card says what an occupant no card lists adds, nor what stands behind it
        passes, cdr = False, None
        shot.steps.append(Step(Ruling.GU_17, f"{e.name}: the shot stops in an occupant no card lists"))
    else:
        passes, cdr = _pass_on(shot, e.name, tp.cover)
    if not passes:
        shot.stopped_in = e.name
        if not shot.eligible:
            shot.steps.append(Step(Ruling.GU_5, f"{e.name}: the shot stops here"))
    return TargetResult(
        e.name, e.index, True, True, total_dr, penetrating, fx.injury, cdr, passes,
        own_dr=tp.own.value, dr_in_front=total_dr - tp.own.value, wounding=tp.wounding.modifier,
        hit_chance=e.hit_chance, location=landed, location_roll=rolled, effects=fx,
        inside=e.inside, unnamed=e.unnamed, layers=worn, guard=guard,
    )


def _landing(steps: list[Step], e: Target, where: HitLocation | Random
             ) -> tuple[Location, LocationRoll | None]:
    """Where the hit lands (GU-10, GU-14), and the roll that chose it."""
    if where == RANDOM:
        raise ValueError(f"{e.name}: a random hit location must be rolled first (GU-10)")
    rolled = where if isinstance(where, LocationRoll) else None
    aimed = where.location if isinstance(where, LocationRoll) else where
    assert isinstance(aimed, Location)
    if rolled is not None:
        steps.append(Step(Ruling.GU_10, f"{e.name}: hit location {rolled} on the {rolled.body} "
                          f"table: {rolled.location.value}"))
    elif e.random_location:
        steps.append(Step(Ruling.GU_10, f"{e.name}: hit location {aimed.value} (random: "
                          f"{e.body.ranges(aimed)} on 3d6)"))
    landed = lands_on(aimed, e.lacking)
    steps.extend(_prefixed(e.name, landed.steps))
    return landed.value, rolled


def _penetrating(shot: _Shot, name: str, own: int, total_dr: int) -> int:
    """The damage that gets through the cover in front and the target's own DR (GU-4, GU-7)."""
    if shot.damage.type is DamageType.KB:
        shot.steps.append(Step(Ruling.GU_13, f"{name}: kb pushes and does no damage: penetrating 0"))
        return 0
    penetrating = max(0, shot.basic - total_dr)
    if shot.in_front:
        shot.steps.append(
            Step(Ruling.GU_7, f"{name}: DR faced = cover DR {shot.in_front} in front + own DR "
                 f"{own} = {total_dr}")
        )
    shot.steps.append(
        Step(Ruling.GU_4, f"{name}: penetrating = max(0, {shot.basic} - {total_dr}) = {penetrating}")
    )
    return penetrating


def _wounded(shot: _Shot, e: Target, landed: Location, tp: TargetPrep, penetrating: int
             ) -> Effects:
    """The injury and what it does (GU-4, GU-9 to GU-14)."""
    wound = tp.wounding
    if penetrating:
        shot.steps.extend(wound.steps)
        shot.warnings.extend(Caution(w.rule, f"{e.name}: {w.text}") for w in wound.warnings)
    hurt = injury(penetrating, wound.modifier, shot.damage.type, e.injury_tolerance,
                  e.vulnerability)
    shot.steps.extend(_prefixed(e.name, hurt.steps))
    arriving = shot.basic - shot.in_front
    flexible = None if tp.layers is None else tp.layers.flexible_stop(arriving)
    fx = injury_effects(shot.damage.type, e, landed, tp.counts_as.value, penetrating, hurt.value,
                        arriving, flexible=flexible)
    shot.steps.extend(_prefixed(e.name, fx.steps))
    return fx.value


def _pass_on(shot: _Shot, name: str, c: Explained[int]) -> tuple[bool, int | None]:
    """Whether the shot goes on past a target it hit, and the cover DR the target adds (GU-6,
    GU-7); an attack that cannot overpenetrate stops, and no cover DR applies (GU-5)."""
    if not shot.eligible:
        return False, None
    passes = shot.basic > shot.in_front + c.value
    shot.steps.extend(c.steps)
    shot.steps.append(_pass_step(name, shot.basic, shot.in_front, c.value, passes))
    shot.in_front += c.value
    return passes, c.value


def _hit_step(t: Target, first: bool, assumed: bool) -> Step:
    if first:
        return Step(Ruling.GU_8, f"{t.name}: the shot hits (first in the line)")
    if t.hit_chance == 1:
        return Step(Ruling.GU_8, f"{t.name}: hit (hit chance 1, as for a target immediately behind)")
    if assumed:
        return Step(Ruling.GU_8, f"{t.name}: hit chance {fmt(t.hit_chance)}; this outcome assumes it "
                    "is hit")
    return Step(Ruling.GU_8, f"{t.name}: hit (hit chance {fmt(t.hit_chance)})")


def _pass_step(name: str, basic: int, in_front: int, own_cover: int, passes: bool) -> Step:
    total = in_front + own_cover
    sums = f"{in_front} + {own_cover} = {total}" if in_front else f"{total}"
    if passes:
        return Step(Ruling.GU_7, f"{name}: basic damage {basic} > cover DR {sums}: the shot "
                    "overpenetrates")
    return Step(Ruling.GU_7, f"{name}: basic damage {basic} does not exceed cover DR {sums}: the shot "
                "stops here")
