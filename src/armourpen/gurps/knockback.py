"""GU-13: knockback, how far a blow pushes the target and the roll to stay standing."""

from __future__ import annotations

from dataclasses import dataclass

from armourpen.explain import Explained, Ruling
from armourpen.gurps.notation import DamageType

PERFECT_BALANCE = 4


@dataclass(frozen=True, slots=True)
class Knockback:
    """Yards pushed, and the DX (or Acrobatics, Judo) modifier to stay standing (None: no roll)."""

    yards: int = 0
    dx_modifier: int | None = None


NO_KNOCKBACK = Knockback()


def knockback(
    damage_type: DamageType,
    damage: int,
    penetrating: int,
    st: int,
    perfect_balance: bool = False,
    explain: bool = True,
) -> Explained[Knockback]:
    """One yard per full (ST - 2) of ``damage`` for crushing, kb, and cutting that fails to penetrate.

    ``damage`` is the basic damage that reaches the target (knockback comes before DR). ST 2 or
    less moves the target one yard per point (the divisor is at least 1). The roll to stay
    standing is at -1 per yard after the first, +4 with Perfect Balance.
    """
    if damage_type is DamageType.CUT and penetrating > 0:
        if not explain:
            return Explained(NO_KNOCKBACK)
        return Explained.of(NO_KNOCKBACK, Ruling.GU_13, "cutting that penetrates DR: no knockback")
    if damage_type not in (DamageType.CR, DamageType.CUT, DamageType.KB):
        return Explained(NO_KNOCKBACK)
    per = max(1, st - 2)
    yards = max(0, damage) // per
    modifier = -(yards - 1) + (PERFECT_BALANCE if perfect_balance else 0)
    value = Knockback(yards, modifier) if yards else NO_KNOCKBACK
    if not explain:
        return Explained(value)
    shown = f"ST {st} - 2 = {st - 2}" + (", at least 1" if st - 2 < 1 else "")
    kind = "cutting stopped by DR" if damage_type is DamageType.CUT else damage_type.value
    if yards == 0:
        return Explained.of(value, Ruling.GU_13, f"{kind}: {damage} is less than {shown}: no knockback")
    balance = ", +4 for Perfect Balance" if perfect_balance else ""
    unit = "yard" if yards == 1 else "yards"
    return Explained.of(
        value,
        Ruling.GU_13,
        f"{kind}: {damage} // ({shown}) = {yards} {unit} of knockback; DX roll at {modifier:+d} "
        f"to stay standing (-1 per yard after the first{balance})",
    )
