"""Exact odds of a burst (GU-19, GU-20): the landed shots' distributions convolved, no sampling.

Given the attack roll, the landed shots are alike and apart: each rolls its own damage, location
and further rolls of who is hit. So one landed shot's odds are worked out once (the aimed roll hit:
:func:`~armourpen.probability.who.who_odds` started at ``Mode.AIMED``), and so are those of the one
shot of a burst that missed (started at ``Mode.SEEKING``). For k landed shots a target's hits and
summed injury are the k-th powers of the one shot's polynomials (integer weights, multiplied by
Kronecker substitution in Python's big integers), mixed over k by the 216 rolls of 3d that land k.
The chances of a major wound, a knockdown roll and crippling (judged per hit) come from the chance
that no landed shot does it; shock is read off the summed injury (GU-11 on the sum).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armourpen.explain import Ruling, Step
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.result import OddsResult, TargetOdds
from armourpen.serialize import exact, number

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario, Target


def convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The product of two polynomials of non-negative integer coefficients (lowest first),
    exactly: each packed into one big integer, multiplied once, unpacked."""
    if not a or not b:
        return []
    bits = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    step = (bits + 7) // 8  # whole bytes per coefficient: packing and unpacking by bytes
    width = step * 8

    def pack(p: Sequence[int]) -> int:
        return int.from_bytes(b"".join(c.to_bytes(step, "little") for c in p), "little")

    product = pack(a) * pack(b)
    n = len(a) + len(b) - 1
    raw = product.to_bytes(n * step, "little")
    del width
    return [int.from_bytes(raw[i * step:(i + 1) * step], "little") for i in range(n)]


def landing_ways(skill: int, rcl: int, shots: int) -> tuple[int, list[int]]:
    """Of the 216 rolls of 3d: the ways the burst misses, and the ways it lands k shots (index k,
    GU-15, GU-19)."""
    from armourpen.gurps.attack_roll import THREE_D_WAYS, succeeds
    from armourpen.gurps.rapid_fire import shots_landed

    ways = [0] * (shots + 1)
    miss = 0
    for roll, w in THREE_D_WAYS:
        if succeeds(roll, skill):
            ways[shots_landed(skill - roll, rcl, shots)] += w
        else:
            miss += w
    return miss, ways


@dataclass(frozen=True, slots=True)
class BurstTargetOdds(TargetOdds):
    """One target's exact odds under a burst: ``hits_weights`` (hits, weight) and the summed
    injury's weights over ``denominator``; a major wound, a knockdown roll (its worst modifier)
    and crippling as per hit (GU-12), shock on the sum (GU-11, GU-19)."""

    hits_weights: tuple[tuple[int, int], ...] = ()
    summed_injury: tuple[tuple[int, int], ...] = ()
    shock_weights: tuple[tuple[int, int], ...] = ()
    major_weight: int = 0
    crippled_weight: int = 0
    knockdown_weights: tuple[tuple[int, int], ...] = ()

    @property
    def injury_weights(self) -> tuple[tuple[int, int], ...]:
        return self.summed_injury

    @property
    def hits_pmf(self) -> dict[int, Fraction]:
        """Hits on this target -> exact probability (GU-19)."""
        return {k: Fraction(w, self.denominator) for k, w in self.hits_weights if w}

    @property
    def expected_hits(self) -> Fraction:
        return Fraction(sum(k * w for k, w in self.hits_weights), self.denominator)

    @property
    def shock_pmf(self) -> dict[int, Fraction]:
        return {k: Fraction(w, self.denominator) for k, w in self.shock_weights if w}

    @property
    def p_major_wound(self) -> Fraction:
        return Fraction(self.major_weight, self.denominator)

    @property
    def p_crippled(self) -> Fraction:
        return Fraction(self.crippled_weight, self.denominator)

    @property
    def knockdown_pmf(self) -> dict[int, Fraction]:
        return {k: Fraction(w, self.denominator) for k, w in self.knockdown_weights if w}

    def to_dict(self) -> dict[str, Any]:
        out = TargetOdds.to_dict(self)
        out["hits_pmf"] = {str(k): exact(v) for k, v in self.hits_pmf.items()}
        out["expected_hits"] = number(self.expected_hits)
        out["expected_hits_exact"] = exact(self.expected_hits)
        return out


def burst_odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Each target's exact odds under the burst of ``scenario`` (GU-19, GU-20)."""
    from armourpen.gurps.projectiles import counted
    from armourpen.gurps.rapid_fire import rof_step
    from armourpen.gurps.wrong_target import Mode, effective_skill

    attack = scenario.attack
    assert attack.shots is not None and attack.rcl is not None
    aimed = next((t for t in scenario.targets if t.name == attack.aim and t.defense is not None),
                 None)
    if aimed is not None:  # one defense roll for the whole burst (GU-24): not weighed yet
        from armourpen.errors import InputError

        raise InputError(f"line[{aimed.index}].defense", aimed.defense.kind.value if
                         aimed.defense else "", "exact odds of a defense against a burst are not "
                         "computed yet: resolve it, or give the odds a single shot")
    # at extremely close range only the A shots count, and each hit is the projectiles together
    # (GU-20): the landed shots are weighed as resolve fires them, in the concentrated scenario
    close = scenario.close_range.value
    n = counted(attack.shots, close)
    written, rcl = attack.damage, attack.rcl
    bonus_of = f"{n if close else attack.shots} shots"
    together = scenario.hits_together()
    scenario = together.value
    skill = effective_skill(scenario)
    bonus = rof_step(n, bonus_of, skill.value)
    miss, ways = landing_ways(bonus.value, rcl, n)
    top = max((k for k, w in enumerate(ways) if w), default=0)
    limits.check("max_odds_work", top * top * 64, "units of odds work", "attack.shots")
    one = _reduced(_per_shot(scenario, Mode.AIMED, limits)) if top else None
    past = _reduced(_per_shot(scenario, Mode.SEEKING, limits)) if miss else None
    _check(scenario, one, past, top, limits)  # before any shot's odds is raised to a power
    da = one.denominator if one is not None else 1
    ds = past.denominator if past is not None else 1
    den = 216 * da**top * ds
    targets = []
    for i, t in enumerate(scenario.targets):
        a = None if one is None else one.targets[i]
        s = None if past is None else past.targets[i]
        targets.append(_target(t, a, s, miss, ways, top, da, ds, den))
    steps = [*(one or past).steps, *together.steps, *bonus.steps, Step(  # type: ignore[union-attr]
        Ruling.GU_19, f"the burst weighed over the 216 attack rolls: it misses on {miss} of them; "
        + ", ".join(f"{k} shot{'s' if k > 1 else ''} land on {w}" for k, w in enumerate(ways)
                    if w) + "; each landed shot alike, convolved exactly")]
    damage = scenario.attack.damage  # the dice each landed hit rolls
    basic = (one or past).basic_damage  # type: ignore[union-attr]
    return OddsResult(str(written), tuple(targets), basic, 6**damage.dice, top, tuple(steps))


def _check(scenario: GurpsScenario, one: _Shot | None, past: _Shot | None, top: int,
           limits: Limits) -> None:
    """Refuse the burst's powers and answer beyond ``limits`` (estimated from the one shot's odds,
    :func:`armourpen.probability.cost.burst_cost`)."""
    from armourpen.probability.cost import burst_cost, refuse

    refuse(limits, burst_cost(scenario.targets,
                              None if one is None else (one.denominator, one.targets),
                              None if past is None else (past.denominator, past.targets), top),
           "fewer shots, targets or dice")


def _per_shot(scenario: GurpsScenario, mode: Any, limits: Limits) -> OddsResult:
    from armourpen.probability.who import who_odds

    return who_odds(scenario, limits=limits, start=mode)


@dataclass(frozen=True, slots=True)
class _Shot:
    """One shot's odds per target, its weights reduced to the smallest common denominator."""

    denominator: int
    targets: tuple[TargetOdds, ...]
    steps: tuple[Step, ...]
    basic_damage: tuple[tuple[int, int], ...]


def _reduced(odds: OddsResult) -> _Shot:
    from math import gcd

    g = odds.targets[0].denominator if odds.targets else 1
    for t in odds.targets:
        for w in (t.reached_weight, t.overpenetrates_weight, t.hit_weight or 0):
            g = gcd(g, w)
        for _, w in t.wound_weights:
            g = gcd(g, w)
    from dataclasses import replace

    shrunk = tuple(replace(t, denominator=t.denominator // g, reached_weight=t.reached_weight // g,
                           overpenetrates_weight=t.overpenetrates_weight // g,
                           hit_weight=None if t.hit_weight is None else t.hit_weight // g,
                           wound_weights=tuple((k, w // g) for k, w in t.wound_weights),
                           location_weights=())
                   for t in odds.targets)
    den = shrunk[0].denominator if shrunk else 1
    return _Shot(den, shrunk, odds.steps, odds.basic_damage)


def none_of(a_none: int, s_none: int, miss: int, ways: Sequence[int], top: int, da: int,
             ds: int) -> int:
    """The weight (over 216 x da**top x ds) that no landed shot does a thing: each landed shot
    avoids it with ``a_none`` of ``da``, the one shot of a missed burst with ``s_none`` of ``ds``."""
    total: int = miss * da**top * s_none
    for k in range(1, top + 1):
        if ways[k]:
            total += ways[k] * a_none**k * da ** (top - k) * ds
    return total


def mixed(poly_a: list[int] | None, poly_s: list[int] | None, miss: int, ways: Sequence[int],
           top: int, da: int) -> list[int]:
    """Sum over k of the ways k land x poly_a**k x da**(top - k) x ds, plus the miss's ways x
    poly_s x da**top: the weights over 216 x da**top x ds."""
    acc: list[int] = []

    def add(p: Sequence[int], factor: int) -> None:
        if len(acc) < len(p):
            acc.extend([0] * (len(p) - len(acc)))
        for j, c in enumerate(p):
            if c:
                acc[j] += c * factor

    ds = sum(poly_s) if poly_s is not None else 1
    if poly_a is not None:
        power: list[int] = [1]
        for k in range(1, top + 1):
            power = convolve(power, poly_a)
            if ways[k]:
                add(power, ways[k] * da ** (top - k) * ds)
    if poly_s is not None and miss:
        add(poly_s, miss * da**top)
    return acc


def poly_of(pairs: Sequence[tuple[int, int]]) -> list[int]:
    out = [0] * (max((k for k, _ in pairs), default=0) + 1)
    for k, w in pairs:
        out[k] += w
    return out


def _target(t: Target, a: TargetOdds | None, s: TargetOdds | None, miss: int,
            ways: Sequence[int], top: int, da: int, ds: int, den: int) -> BurstTargetOdds:
    from armourpen.gurps.shock import shock

    def none(pick: Any) -> int:
        return none_of(da - pick(a) if a is not None else da,
                        ds - pick(s) if s is not None else ds, miss, ways, top, da, ds)

    def hit_w(o: TargetOdds) -> int:
        return o.hit_weight or 0

    def wound_w(part: int) -> Any:
        return lambda o: sum(w for wound, w in o.wound_weights if wound[part])

    poly_a = None if a is None else poly_of(a.injury_weights)
    poly_s = None if s is None else poly_of(s.injury_weights)
    injury = mixed(poly_a, poly_s, miss, ways, top, da)
    hits_a = None if a is None else [da - hit_w(a), hit_w(a)]
    hits_s = None if s is None else [ds - hit_w(s), hit_w(s)]
    hits = mixed(hits_a, hits_s, miss, ways, top, da)
    shocks: dict[int, int] = {}
    for total, w in enumerate(injury):
        if w:
            key = shock(total, t.hp, False, False, t.pain_threshold).value
            shocks[key] = shocks.get(key, 0) + w
    # the worst knockdown roll called for: P(worst = m) = P(all >= m or none) - P(all > m or none)
    mods = sorted({m for o in (a, s) if o is not None for m in o.knockdown_pmf})
    knock: list[tuple[int, int]] = []

    def not_below(m: int | None) -> Any:
        def weight(o: TargetOdds) -> int:  # weight of a roll called for at a modifier below m
            return sum(w for wound, w in o.wound_weights
                       if wound[3] is not None and (m is None or wound[3] < m))
        return weight

    for j, m in enumerate(mods):
        higher = mods[j + 1] if j + 1 < len(mods) else None
        at_least = none(not_below(m))
        above = none(not_below(higher)) if higher is not None else none(not_below(None))
        knock.append((m, at_least - above))
    return BurstTargetOdds(
        t.name, den, den - none(lambda o: o.reached_weight),
        den - none(lambda o: o.overpenetrates_weight), (), Fraction(1), (),
        den - hits[0] if hits else 0,
        hits_weights=tuple((k, w) for k, w in enumerate(hits) if w),
        summed_injury=tuple((k, w) for k, w in enumerate(injury) if w),
        shock_weights=tuple(sorted(shocks.items())),
        major_weight=den - none(wound_w(2)),
        crippled_weight=den - none(wound_w(4)),
        knockdown_weights=tuple(knock),
    )
