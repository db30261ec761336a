"""GU-9: blunt trauma, the injury that flexible armour passes on when it stops an attack."""

from __future__ import annotations

from armourpen.explain import Explained, Ruling
from armourpen.gurps.notation import DamageType

# Damage types whose stopped damage becomes blunt trauma, with the points per HP of it.
PER_HP: dict[DamageType, int] = {
    DamageType.CR: 5,
    DamageType.CUT: 10,
    DamageType.IMP: 10,
    DamageType.PI_MINUS: 10,
    DamageType.PI: 10,
    DamageType.PI_PLUS: 10,
    DamageType.PI_PLUS_PLUS: 10,
}


def blunt_trauma(
    damage_type: DamageType,
    flexible: bool,
    armour_dr: int,
    penetrating: int,
    stopped: int,
    explain: bool = True,
) -> Explained[int]:
    """1 HP per full 5 (crushing) or 10 (cut, imp, pi) points that flexible DR stops entirely.

    ``stopped`` is the damage that reached the armour (the basic damage, less the cover DR in front
    of the target); it all stops when nothing penetrates. One point through and there is none. No
    wounding or location modifier applies. Armour with no DR stops nothing and passes nothing on.
    ``explain=False`` skips the step (the odds need the number alone).
    """
    per = PER_HP.get(damage_type)
    if not flexible or per is None or armour_dr == 0:
        return Explained(0)
    value = 0 if penetrating > 0 else max(0, stopped) // per
    if not explain:
        return Explained(value)
    if penetrating > 0:
        return Explained.of(0, Ruling.GU_9, f"{penetrating} through the flexible DR: no blunt trauma")
    return Explained.of(
        value,
        Ruling.GU_9,
        f"the flexible DR stops all {stopped}: 1 HP per full {per} ({damage_type.value}) "
        f"= {value} blunt trauma",
    )
