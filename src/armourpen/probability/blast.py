"""Exact odds of an explosion (GU-21, GU-22): one roll for the blast, every target's own rolls.

The blast's roll is shared: each target's blast injury is a function of it. Each target's fragments
are its own rolls (the 3d attack, each fragment's damage and location), apart from the blast and
from the other targets'. So a target's total injury is its blast injury (weighed over the blast's
roll) convolved with its fragments' injury (the one fragment's injury, over its dice and the hit
location table, raised to each number of fragments and mixed by the 216 attack rolls; see
:mod:`armourpen.probability.burst`). The effects follow from the total (GU-21); crippling from any
fragment. The ``joint`` figures weigh the shared roll: the chance that nobody is hurt is, for each
blast value, the product over targets of the chance each is not hurt given it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from armourpen.explain import Ruling, Step
from armourpen.gurps.situations import Situation
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.burst import BurstTargetOdds, convolve, mixed, none_of, poly_of
from armourpen.probability.result import OddsResult

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario, Target


def blast_odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Each target's exact odds in the explosion of ``scenario``, and the ``joint`` figures."""
    from armourpen.gurps.blast import blast_at, cover_in_front, fragment_cover
    from armourpen.gurps.damage import basic_damage
    from armourpen.gurps.explosion import divided
    from armourpen.probability.totals import basic_damage_distribution, odds_steps

    attack = scenario.attack
    damage = attack.damage
    values, weights = basic_damage_distribution(damage)
    fragments = attack.fragments
    frag_values = 0 if fragments is None else fragments.dice * 5 + 1
    n = len(scenario.targets)
    limits.check("max_odds_work", n * (len(values) + frag_values * 16 * 8), "units of odds work",
                 "scenario")
    dice = 6**damage.dice
    top_value = max(values)
    targets = []
    blast_injuries: list[list[int]] = []  # per target, per blast value: its blast injury
    zero_fragments: list[Fraction] = []  # per target: the chance its fragments do no injury
    steps = [*odds_steps(scenario)]
    for t in scenario.targets:
        assert t.blast is not None
        blast_cover = cover_in_front(scenario, t)
        selfless = t.blast.situation == Situation.THREW_SELF
        top = basic_damage(damage, damage.max_roll).value if selfless else None
        per_value = []
        reached = False
        poly: dict[int, int] = {}
        no_damage = 0
        blast_major = 0  # the blast is one hit (GU-21): its major wound and knockdown roll
        blast_knock: dict[int, int] = {}
        # the blast depends on the roll only through the damage after the divisor: work each
        # divided value out once
        first = blast_at(scenario, t, values[0] if top is None else top, blast_cover.value,
                         explain=False).value
        seen: dict[int, Any] = {}
        for v, w in zip(values, weights, strict=True):
            key = 0 if top is not None or first.divisor is None else divided(v, first.divisor)
            b = seen.get(key)
            if b is None:
                b = seen[key] = blast_at(scenario, t, v if top is None else top,
                                         blast_cover.value, explain=False).value
            per_value.append(b.effects.injury)
            reached = reached or b.reached
            poly[b.effects.injury] = poly.get(b.effects.injury, 0) + w
            if b.damage == 0:
                no_damage += w
            if b.effects.major_wound:
                blast_major += w
            kd = b.effects.knockdown_ht_modifier
            if kd is not None:
                blast_knock[kd] = blast_knock.get(kd, 0) + w
        blast_injuries.append(per_value)
        # the fragments meet the cover with their own armour divisor, not the blast's (GU-21)
        frag = _fragments(scenario, t, blast_cover.value if fragments is None else
                          fragment_cover(scenario, t, fragments, blast_cover).value)
        total = convolve(poly_of(tuple(poly.items())), frag["injury"])
        fden = frag["den"]
        den = dice * fden
        zero_fragments.append(Fraction(frag["injury"][0], fden))
        shocks = _shock(t, total)
        knock = _worst_knockdown(dice, blast_knock, frag)
        p_frag_none = frag["hits"][0] if frag["hits"] else fden
        targets.append(BurstTargetOdds(
            t.name, den, den if reached or frag["reach"] else 0, 0, (), Fraction(1), (),
            den - no_damage * p_frag_none,
            hits_weights=tuple((k, w * dice) for k, w in enumerate(frag["hits"]) if w),
            summed_injury=tuple((k, w) for k, w in enumerate(total) if w),
            shock_weights=shocks,
            # a major wound judged per hit (GU-12): none from the blast and none from a fragment
            major_weight=den - (dice - blast_major) * frag["no_major"],
            crippled_weight=den - dice * frag["no_cripple"],
            knockdown_weights=knock,
        ))
    nobody = Fraction(0)
    for j, w in enumerate(weights):
        p = Fraction(w, dice)
        for k in range(n):
            p *= zero_fragments[k] if blast_injuries[k][j] == 0 else 0
        nobody += p
    expected = sum((1 - t.injury_pmf.get(0, Fraction(0)) for t in targets), Fraction(0))
    steps.append(Step(Ruling.GU_21, f"the blast weighed over its {len(values)} values, one roll for "
                      f"everyone (up to {top_value}); each target's fragments over their own rolls"))
    return OddsResult(str(damage), tuple(targets), tuple(zip(values, weights, strict=True)),
                      dice, 1, tuple(steps), joint=(nobody, expected))


def _fragments(scenario: GurpsScenario, t: Target, cover: int) -> dict[str, Any]:
    """A target's fragments: the weights of their summed injury and of their number, over one
    denominator, and the weight that none cripples."""
    from armourpen.gurps.attack_roll import THREE_D_WAYS, succeeds
    from armourpen.gurps.blast import fragment_reached, sure_fragment
    from armourpen.gurps.chain import target_prep
    from armourpen.gurps.fragments import fragments_landed
    from armourpen.gurps.locations import lands_on
    from armourpen.probability.dice import basic_damage_weights
    from armourpen.probability.fast import wound_table

    fragments = scenario.attack.fragments
    skill = fragment_reached(scenario, t)
    sure = fragments is not None and sure_fragment(t)
    if fragments is None or (skill is None and not sure):
        return {"injury": [1], "hits": [1], "den": 1, "no_cripple": 1, "no_major": 1,
                "not_below": lambda _m: 1, "knock_mods": (), "reach": False}
    if sure:
        miss, ways = 0, [0, 216]
    else:
        assert skill is not None
        miss, ways = 0, [0]
        for roll, w in THREE_D_WAYS:
            if succeeds(roll, skill.value):
                k = fragments_landed(skill.value - roll)
                ways += [0] * (k + 1 - len(ways))
                ways[k] += w
            else:
                miss += w
    top = len(ways) - 1
    fvalues, fweights = basic_damage_weights(fragments.dice, fragments.adds,
                                             fragments.multiplier, 1)
    body = t.body
    table: dict[Any, int] = {}
    for total in range(body.dice, 6 * body.dice + 1):
        where = body.location(total)
        table[where] = table.get(where, 0) + _ways(body.dice, total)
    per: dict[int, int] = {}
    cripple = major = 0
    knock: dict[int, int] = {}  # one fragment's knockdown roll, by its modifier
    plain = _plain(fragments)
    reading = scenario.settings.fractional_dr0
    inside = t.blast is not None and t.blast.situation == Situation.INSIDE  # no DR for its fragment
    for where, lw in table.items():
        landed = lands_on(where, t.lacking).value
        wt = wound_table(plain, reading, t, landed)
        own = 0 if inside else target_prep(plain, reading, t, landed).own.value
        pens = [max(0, v - cover - own) for v in fvalues]
        through = [p for p in pens if p]
        hurt = iter(wt.penetrating(through))
        stopped = iter(wt.stopped([max(0, v - cover) for v, p in zip(fvalues, pens, strict=True)
                                   if not p]))
        injuries = [next(hurt) if p else next(stopped) for p in pens]
        for wound, w in zip(wt.wounds(injuries), fweights, strict=True):
            per[wound[0]] = per.get(wound[0], 0) + w * lw
            if wound[4]:
                cripple += w * lw
            if wound[2]:
                major += w * lw
            if wound[3] is not None:
                knock[wound[3]] = knock.get(wound[3], 0) + w * lw
    da = 6**fragments.dice * 6**body.dice
    injury = mixed(poly_of(tuple(per.items())), [1], miss, ways, top, da)
    hits = mixed([0, da], [1], miss, ways, top, da)  # each landed fragment is one hit
    def not_below(m: int | None) -> int:
        """The weight that no fragment calls for a knockdown roll below ``m`` (None: for any)."""
        below = sum(w for k, w in knock.items() if m is None or k < m)
        return none_of(da - below, 1, miss, ways, top, da, 1)

    return {"injury": injury, "hits": hits, "den": 216 * da**top,
            "no_cripple": none_of(da - cripple, 1, miss, ways, top, da, 1),
            "no_major": none_of(da - major, 1, miss, ways, top, da, 1),
            "not_below": not_below, "knock_mods": tuple(knock), "reach": True}


def _plain(fragments: Any) -> Any:
    """The fragments' damage without adds or multiplier: a basic value is then its own roll."""
    from dataclasses import replace

    return replace(fragments, adds=0, multiplier=1)


@lru_cache(maxsize=256)
def _ways(dice: int, total: int) -> int:
    """The ways ``dice`` d6 roll ``total``."""
    from itertools import product

    return sum(1 for d in product(range(1, 7), repeat=dice) if sum(d) == total)


def _shock(t: Target, total: list[int]) -> tuple[tuple[int, int], ...]:
    """Shock on the sum of the blast's and the fragments' injuries (GU-11)."""
    from armourpen.gurps.shock import shock

    out: dict[int, int] = {}
    for inj, w in enumerate(total):
        if w:
            key = shock(inj, t.hp, False, False, t.pain_threshold).value
            out[key] = out.get(key, 0) + w
    return tuple(sorted(out.items()))


def _worst_knockdown(dice: int, blast: dict[int, int], frag: dict[str, Any]
                     ) -> tuple[tuple[int, int], ...]:
    """The worst knockdown roll called for by any hit (GU-12), the blast's (over its ``dice``)
    and the fragments' apart from it: P(worst = m) = P(none below m) - P(none at or below m)."""
    mods = sorted(set(blast) | set(frag["knock_mods"]))

    def none_below(m: int | None) -> int:
        below = sum(w for k, w in blast.items() if m is None or k < m)
        return (dice - below) * int(frag["not_below"](m))

    out = []
    for j, m in enumerate(mods):
        higher = mods[j + 1] if j + 1 < len(mods) else None
        out.append((m, none_below(m) - none_below(higher)))
    return tuple(out)
