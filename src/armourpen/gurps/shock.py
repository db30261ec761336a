"""GU-11: shock, the DX and IQ penalty on the turn after an injury."""

from __future__ import annotations

from armourpen.explain import Explained, Ruling
from armourpen.gurps.pain import PainThreshold

MAX_SHOCK = 4
MAX_DOUBLE_SHOCK = 8


def causes_shock(injury: int, hp: int) -> bool:
    """Whether ``injury`` is enough to cause a shock penalty (GU-11), whether or not the target
    feels it (High Pain Threshold): what calls for a knockdown roll after a head or vitals hit."""
    return injury >= 1 and (hp < 20 or injury >= hp // 10)


def shock(
    injury: int,
    hp: int,
    double: bool = False,
    explain: bool = True,
    pain: PainThreshold = PainThreshold.NORMAL,
) -> Explained[int]:
    """Minus the injury, or for HP 20 and more minus floor(injury / floor(HP/10)); at worst -4.

    ``double`` (a crushing hit to the groin of a target marked ``groin_double_shock``) doubles it,
    at worst -8. Low Pain Threshold doubles it too, at worst -8 (both: four times, still at worst
    -8); High Pain Threshold takes it away.
    """
    if injury <= 0:
        return Explained(0)
    base = injury // (hp // 10) if hp >= 20 else injury
    low = pain is PainThreshold.LOW
    factor = (2 if double else 1) * (2 if low else 1)
    raw, cap = factor * base, MAX_DOUBLE_SHOCK if factor > 1 else MAX_SHOCK
    value = 0 if pain is PainThreshold.HIGH else min(raw, cap)
    if not explain:
        return Explained(-value)
    how = f"HP {hp} >= 20: injury {injury} // (HP/10 = {hp // 10}) = {base}" if hp >= 20 else (
        f"injury {injury}")
    if double:
        how += ", doubled for a crushing hit to the groin"
    if low:
        how += f", doubled for {pain.trait}"
    if factor > 1:
        how += f" = {raw}"
    if pain is PainThreshold.HIGH and raw:
        return Explained.of(0, Ruling.GU_11, f"{how}: no shock penalty, for {pain.trait}")
    if value == 0:
        return Explained.of(0, Ruling.GU_11, f"{how}: no shock")
    capped = f" (at most -{cap})" if raw > cap else ""
    return Explained.of(-value, Ruling.GU_11, f"{how}: shock -{value}{capped} to DX and IQ next turn")
