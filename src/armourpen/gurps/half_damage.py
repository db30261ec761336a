"""GU-23: half damage range (Basic Set p. 269).

An attack with a 1/2D range whose target card is at that range or farther has its basic damage
halved, rounded down (at least 1, crushing at least 0), before DR. The shot's damage is judged
where it strikes first: the first target card's ``range`` decides it for the whole shot.
"""

from __future__ import annotations

from fractions import Fraction

from armourpen.explain import Explained, Ruling
from armourpen.gurps.damage import fmt
from armourpen.gurps.notation import DamageType


def half_damage(half_damage_range: Fraction | None, target_range: Fraction | None,
                name: str) -> Explained[bool]:
    """Whether the basic damage is halved: the target (``name``) at ``target_range`` yards or
    farther than the attack's 1/2D range; no step when neither is given."""
    if half_damage_range is None and target_range is None:
        return Explained(False)
    if half_damage_range is None:
        return Explained.of(False, Ruling.GU_23, f"{name} at {fmt(target_range or 0)} yd: the attack "
                            "has no 1/2D range, full damage")
    if target_range is None:
        return Explained.of(False, Ruling.GU_23, f"1/2D {fmt(half_damage_range)} yd: {name} has no "
                            "range given, full damage")
    if target_range >= half_damage_range:
        return Explained.of(True, Ruling.GU_23, f"{name} at {fmt(target_range)} yd, at or beyond 1/2D "
                            f"{fmt(half_damage_range)} yd: basic damage halved")
    return Explained.of(False, Ruling.GU_23, f"{name} at {fmt(target_range)} yd, within 1/2D "
                        f"{fmt(half_damage_range)} yd: full damage")


def halved(basic: int, damage_type: DamageType) -> Explained[int]:
    """Basic damage halved, rounded down: at least 1, crushing at least 0 (GU-23, GU-2)."""
    floor = 0 if damage_type is DamageType.CR else 1
    value = max(floor, basic // 2)
    raised = "" if value == basic // 2 else f", raised to the minimum {floor}"
    return Explained.of(value, Ruling.GU_23, f"basic damage {basic} / 2 = {value} (rounded down"
                        f"{raised}), before DR")
