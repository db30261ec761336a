"""GU-11: shock, the DX and IQ penalty on the turn after an injury."""

from __future__ import annotations

from armourpen.explain import Explained

MAX_SHOCK = 4
MAX_DOUBLE_SHOCK = 8


def shock(injury: int, hp: int, double: bool = False, explain: bool = True) -> Explained[int]:
    """Minus the injury, or for HP 20 and more minus floor(injury / floor(HP/10)); at worst -4.

    ``double`` (a crushing hit to the groin of a target marked ``groin_double_shock``) doubles it,
    at worst -8.
    """
    if injury <= 0:
        return Explained(0)
    base = injury // (hp // 10) if hp >= 20 else injury
    raw, cap = (2 * base, MAX_DOUBLE_SHOCK) if double else (base, MAX_SHOCK)
    value = min(raw, cap)
    if not explain:
        return Explained(-value)
    how = f"HP {hp} >= 20: injury {injury} // (HP/10 = {hp // 10}) = {base}" if hp >= 20 else (
        f"injury {injury}")
    if double:
        how += f", doubled for a crushing hit to the groin = {raw}"
    if value == 0:
        return Explained.of(0, "GU-11", f"{how}: no shock")
    capped = f" (at most -{cap})" if raw > cap else ""
    return Explained.of(-value, "GU-11", f"{how}: shock -{value}{capped} to DX and IQ next turn")
