"""GU-19: rapid fire (Basic Set p. 373), and what a burst's hits do together.

``attack.shots = N`` and ``attack.rcl = R``: the skill gains the rapid-fire bonus for N shots, and a
hit lands 1 + floor(margin / R) shots, at least 1 and at most N. Each landed shot rolls its own
damage and location and goes down the line by itself (GU-7, GU-8, GU-16); what a target suffers is
the sum of its hits' injuries: a major wound is judged per hit (GU-12), shock on the sum (still at
most -4, GU-11), knockback on the sum of basic damage (GU-13). A burst whose roll fails missed with
every shot; it is tried against other cards as one shot (GU-16).
"""

from __future__ import annotations

from collections.abc import Sequence

from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.effects import Effects
from armourpen.gurps.knockback import knockback
from armourpen.gurps.notation import DamageType
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.shock import shock

# (shots at most, bonus) up to 49 shots; from 50 on, +6 and +1 each time the shots double again
_BONUS = ((4, 0), (8, 1), (12, 2), (16, 3), (24, 4), (49, 5))


def rof_bonus(shots: int) -> int:
    """The rapid-fire bonus to skill for ``shots`` shots (GU-19): 1-4 +0, 5-8 +1, 9-12 +2, 13-16
    +3, 17-24 +4, 25-49 +5, 50-99 +6, 100-199 +7, 200-399 +8, ..."""
    if shots < 1:
        raise ValueError(f"shots must be 1 or more, not {shots}")
    for most, bonus in _BONUS:
        if shots <= most:
            return bonus
    return 6 + (shots // 50).bit_length() - 1


def rof_step(shots: int, label: str, skill: int) -> Explained[int]:
    """The skill with the rapid-fire bonus, and the step that says so (GU-19, GU-20)."""
    bonus = rof_bonus(shots)
    text = f"{label}: rapid-fire bonus {bonus:+d}: skill {skill} {bonus:+d} = {skill + bonus}"
    return Explained.of(skill + bonus, Ruling.GU_19, text)


def shots_landed(margin: int, rcl: int, shots: int) -> int:
    """GU-19: a hit lands 1 + floor(margin / Rcl) shots, at least 1 and at most ``shots``.

    A roll of 3 or 4 hits whatever the skill: a negative margin still lands one shot."""
    if rcl < 1 or shots < 1:
        raise ValueError(f"rcl and shots must be 1 or more, not {rcl} and {shots}")
    return max(1, min(shots, 1 + margin // rcl))


def landed_step(margin: int, rcl: int, shots: int) -> Explained[int]:
    landed = shots_landed(margin, rcl, shots)
    raw = 1 + margin // rcl
    why = f"1 + floor({margin} / Rcl {rcl}) = {raw}"
    if raw < 1:
        why += ", at least 1"
    elif raw > shots:
        why += f", at most the {shots} fired"
    return Explained.of(landed, Ruling.GU_19, f"shots landed: {why}: {landed}")


def burst_effects(
    hits: Sequence[Effects],
    damage_type: DamageType,
    hp: int,
    st: int,
    perfect_balance: bool,
    pain: PainThreshold,
    arriving: int,
    penetrating: int,
    name: str,
    rule: Ruling = Ruling.GU_19,
) -> Explained[Effects]:
    """What a target's hits do together (GU-19; an explosion's blast and fragments, GU-22, under
    ``rule``): injuries summed; a major wound, a knockdown roll and crippling judged per hit (the
    worst roll called for kept, GU-12); shock on the sum, at most -4 (GU-11); knockback on
    ``arriving``, the sum of the basic damage that reached it (GU-13)."""
    total = sum(h.injury for h in hits)
    steps: list[Step] = []
    injuries = " + ".join(str(h.injury) for h in hits)
    steps.append(Step(rule, f"{name}: {len(hits)} hit{'' if len(hits) == 1 else 's'}: injury "
                      f"{injuries} = {total}"))
    sh = shock(total, hp, False, True, pain)
    steps.extend(Step(s.rule, f"{name}: on the sum: {s.text}") for s in sh.steps)
    rolls = [h.knockdown_ht_modifier for h in hits if h.knockdown_ht_modifier is not None]
    major = any(h.major_wound for h in hits)
    if major:
        steps.append(Step(rule, f"{name}: a major wound from one hit (judged per hit, GU-12)"))
    pushed = knockback(damage_type, arriving, penetrating, st, perfect_balance)
    steps.extend(Step(s.rule, f"{name}: on the sum of basic damage: {s.text}")
                 for s in pushed.steps)
    return Explained(
        Effects(
            injury=total,
            blunt_trauma=sum(h.blunt_trauma for h in hits),
            shock=sh.value,
            major_wound=major,
            knockdown_ht_modifier=min(rolls) if rolls else None,
            crippled=any(h.crippled for h in hits),
            eyes_blinded=min(2, sum(h.eyes_blinded for h in hits)),
            knockback_yards=pushed.value.yards,
            knockback_dx_modifier=pushed.value.dx_modifier,
        ),
        tuple(steps),
    )
