"""GU-5, GU-7, GU-8: the shot through a line of targets and cover.

Each target faces the basic damage against the effective cover DRs of everything in front of it
plus its own effective DR. The shot passes an object when the basic damage exceeds the cover DRs of
that object and of everything in front of it; otherwise it stops there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from armourpen.errors import InputError
from armourpen.explain import Caution, Explained, Step
from armourpen.gurps.cover import cover_dr
from armourpen.gurps.damage import (
    SKULL_DR,
    InjuryTolerance,
    Location,
    Wounding,
    apply_divisor,
    fmt,
    injury,
    wounding_modifier,
)
from armourpen.gurps.notation import Damage, DamageType
from armourpen.gurps.scenario import Cover, GurpsScenario, Target
from armourpen.serialize import exact, number


@dataclass(frozen=True, slots=True)
class TargetResult:
    """What happened to one target.

    ``effective_dr`` is everything the target faces: ``dr_in_front`` (the cover DRs before it)
    plus ``own_dr`` (its own DR after the divisor). ``cover_dr`` is what it adds for those behind
    (0 when the attack cannot go on, GU-5). A target the shot never reached, or missed (GU-8), has
    no figures: they are None (``null`` in JSON), never 0.
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

    @classmethod
    def untouched(cls, target: Target, reached: bool) -> TargetResult:
        """A target the shot did not reach, or reached and missed (GU-8): no figures."""
        return cls(target.name, target.index, reached, False, None, None, None, None, False,
                   hit_chance=target.hit_chance)

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "index": self.index,
            "reached": self.reached,
            "hit": self.hit,
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
        }


@dataclass(frozen=True, slots=True)
class CoverResult:
    """What one piece of cover did: its effective cover DR and whether the shot passed it."""

    name: str
    index: int
    reached: bool
    cover_dr: int | None  # None when the shot never reached it
    overpenetrates: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "index": self.index,
            "reached": self.reached,
            "cover_dr": self.cover_dr,
            "overpenetrates": self.overpenetrates,
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
        return Explained.of(False, "GU-5", "a melee attack cannot overpenetrate: it stops in the "
                            "first thing it hits")
    t = damage.type
    if t.is_piercing or t is DamageType.IMP or (t is DamageType.BURN and damage.tbb):
        kind = "tight-beam burning" if t is DamageType.BURN else t.value
        return Explained.of(True, "GU-5", f"a ranged {kind} attack can overpenetrate")
    name = "burn without tbb" if t is DamageType.BURN else t.value
    return Explained.of(
        False, "GU-5", f"{name} cannot overpenetrate: it stops in the first thing it hits"
    )


@dataclass(frozen=True, slots=True)
class _Prepared:
    """What does not depend on the roll: per entry, own DR, wounding and cover DR."""

    eligible: Explained[bool]
    own: tuple[Explained[int] | None, ...]
    wounding: tuple[Wounding | None, ...]
    cover: tuple[Explained[int], ...]


def _prefixed(name: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(Step(s.rule, f"{name}: {s.text}") for s in steps)


@lru_cache(maxsize=256)
def _prepare(scenario: GurpsScenario) -> _Prepared:
    damage = scenario.attack.damage
    reading = scenario.settings.fractional_dr0
    own: list[Explained[int] | None] = []
    wounds: list[Wounding | None] = []
    covers: list[Explained[int]] = []
    for e in scenario.line:
        if isinstance(e, Target):
            skull = (
                e.location is Location.SKULL
                and e.injury_tolerance is not InjuryTolerance.HOMOGENOUS
            )
            dr_in = e.dr + (SKULL_DR if skull else 0)
            eff = apply_divisor(dr_in, damage.divisor, reading)
            if skull:
                skull_step = Step("GU-4", f"skull: DR {e.dr} + natural DR {SKULL_DR} = {dr_in}")
                eff = Explained(eff.value, (skull_step, *eff.steps))
            own.append(Explained(eff.value, _prefixed(e.name, eff.steps)))
            w = wounding_modifier(damage.type, damage.tbb, e.location, e.injury_tolerance)
            wounds.append(Wounding(w.modifier, _prefixed(e.name, w.steps), w.warnings))
            c = cover_dr(dr_in, e.dr_back, e.hp, e.injury_tolerance, damage.divisor,
                         reading=reading)
        else:
            own.append(None)
            wounds.append(None)
            c = cover_dr(e.dr, e.dr_back, e.hp, e.injury_tolerance, damage.divisor, e.slab,
                         reading)
        covers.append(Explained(c.value, _prefixed(e.name, c.steps)))
    return _Prepared(
        overpenetration_eligible(damage, scenario.attack.ranged),
        tuple(own),
        tuple(wounds),
        tuple(covers),
    )


def resolve_chain(
    scenario: GurpsScenario, basic_damage: int, hits: tuple[bool, ...] | None = None
) -> ChainResult:
    """Follow a shot of ``basic_damage`` (after multiplier and GU-2 minimum) down the line.

    ``hits[i]`` says whether the i-th target (covers not counted) is hit when the shot reaches it;
    None means all are. A target that is missed (GU-8) takes nothing and adds no cover DR.
    """
    n_targets = sum(1 for e in scenario.line if isinstance(e, Target))
    if hits is not None and len(hits) != n_targets:
        raise InputError("hits", hits, f"one flag per target: {n_targets} of them")
    prep = _prepare(scenario)
    eligible = prep.eligible.value
    steps: list[Step] = list(prep.eligible.steps)
    warnings: list[Caution] = []
    targets: list[TargetResult] = []
    covers: list[CoverResult] = []
    in_front = 0  # sum of effective cover DRs passed so far
    stopped_in: str | None = None
    reached = True
    k = 0  # target number
    first = True
    for i, e in enumerate(scenario.line):
        if isinstance(e, Cover):
            if not reached:
                covers.append(CoverResult(e.name, e.index, False, None, False))
                continue
            c = prep.cover[i]
            passes = eligible and basic_damage > in_front + c.value
            if eligible:
                steps.extend(c.steps)
                steps.append(_pass_step(e.name, basic_damage, in_front, c.value, passes))
            else:
                steps.append(Step("GU-5", f"{e.name}: the shot stops here"))
            covers.append(CoverResult(e.name, e.index, True, c.value if eligible else 0, passes))
            if eligible:
                in_front += c.value
            first = False
            if not passes:
                reached, stopped_in = False, e.name
            continue

        hit = True if hits is None else bool(hits[k])
        k += 1
        if not reached:
            steps.append(Step("GU-7", f"{e.name}: not reached (the shot stopped in {stopped_in})"))
            targets.append(TargetResult.untouched(e, reached=False))
            continue
        if not hit:
            steps.append(
                Step("GU-8", f"{e.name}: missed (hit chance {fmt(e.hit_chance)}); "
                     "the shot goes on and this target adds no cover DR")
            )
            targets.append(TargetResult.untouched(e, reached=True))
            continue
        steps.append(_hit_step(e, first, hits is None))
        first = False
        own = prep.own[i]
        wound = prep.wounding[i]
        assert own is not None and wound is not None
        steps.extend(own.steps)
        total_dr = in_front + own.value
        penetrating = max(0, basic_damage - total_dr)
        if in_front:
            steps.append(
                Step("GU-7", f"{e.name}: DR faced = cover DR {in_front} in front + own DR "
                     f"{own.value} = {total_dr}")
            )
        steps.append(
            Step("GU-4", f"{e.name}: penetrating = max(0, {basic_damage} - {total_dr}) "
                 f"= {penetrating}")
        )
        if penetrating:
            steps.extend(wound.steps)
            warnings.extend(Caution(w.rule, f"{e.name}: {w.text}") for w in wound.warnings)
        hurt = injury(penetrating, wound.modifier, scenario.attack.damage.type, e.injury_tolerance)
        steps.extend(_prefixed(e.name, hurt.steps))
        if eligible:
            c = prep.cover[i]
            passes = basic_damage > in_front + c.value
            steps.extend(c.steps)
            steps.append(_pass_step(e.name, basic_damage, in_front, c.value, passes))
            in_front += c.value
            cdr = c.value
        else:
            passes, cdr = False, 0
        targets.append(
            TargetResult(
                e.name, e.index, True, True, total_dr, penetrating, hurt.value, cdr, passes,
                own_dr=own.value, dr_in_front=total_dr - own.value, wounding=wound.modifier,
                hit_chance=e.hit_chance,
            )
        )
        if not passes:
            reached, stopped_in = False, e.name
            if not eligible:
                steps.append(Step("GU-5", f"{e.name}: the shot stops here"))
    return ChainResult(tuple(targets), tuple(covers), stopped_in, eligible, tuple(steps),
                       tuple(warnings))


def _hit_step(t: Target, first: bool, assumed: bool) -> Step:
    if first:
        return Step("GU-8", f"{t.name}: the shot hits (first in the line)")
    if t.hit_chance == 1:
        return Step("GU-8", f"{t.name}: hit (hit chance 1, as for a target immediately behind)")
    if assumed:
        return Step("GU-8", f"{t.name}: hit chance {fmt(t.hit_chance)}; this outcome assumes it "
                    "is hit")
    return Step("GU-8", f"{t.name}: hit (hit chance {fmt(t.hit_chance)})")


def _pass_step(name: str, basic: int, in_front: int, own_cover: int, passes: bool) -> Step:
    total = in_front + own_cover
    sums = f"{in_front} + {own_cover} = {total}" if in_front else f"{total}"
    if passes:
        return Step("GU-7", f"{name}: basic damage {basic} > cover DR {sums}: the shot "
                    "overpenetrates")
    return Step("GU-7", f"{name}: basic damage {basic} does not exceed cover DR {sums}: the shot "
                "stops here")
