"""GU-14: the target's traits that change the damage rules: Hardened DR and Injury Tolerance kinds.

Vulnerability is applied where injury is computed (:func:`armourpen.gurps.damage.injury`); the
kinds that take a body part away (No Brain, No Vitals, No Head, ...) are in
:mod:`armourpen.gurps.locations`. This module holds Hardened DR and what the other kinds change.
"""

from __future__ import annotations

from armourpen.explain import Explained, Ruling
from armourpen.gurps.locations import Lacking
from armourpen.gurps.notation import Divisor

# Hardened DR's ladder (Basic Set p. 47), from "ignores DR" down to no divisor.
LADDER: tuple[Divisor, ...] = (
    Divisor.INFINITE,
    Divisor.HUNDRED,
    Divisor.TEN,
    Divisor.FIVE,
    Divisor.THREE,
    Divisor.TWO,
    Divisor.NONE,
)
MAX_HARDENED = len(LADDER) - 1  # six levels take any divisor down to none


def hardened_divisor(divisor: Divisor, levels: int) -> Explained[Divisor]:
    """The attack's armour divisor against DR with ``levels`` of Hardened.

    Each level moves the divisor one step down the ladder (ignores DR), 100, 10, 5, 3, 2, 1.
    Fractional divisors (0.5, 0.2, 0.1) are not on the ladder and already favour the armour:
    Hardened leaves them alone. A divisor between two steps (1.5, 4) takes its first step to the
    ladder's next value below it.
    """
    if levels == 0 or divisor == Divisor.NONE:
        return Explained(divisor)
    if divisor.is_fractional:
        return Explained.of(
            divisor, Ruling.GU_14,
            f"Hardened {levels}: a fractional divisor ({divisor.value}) is not on the ladder; unchanged",
        )
    if divisor in LADDER:
        step = LADDER.index(divisor) + levels
    else:  # the first ladder value below it is one step down
        below = next(i for i, d in enumerate(LADDER)
                     if d.fraction is not None and d.value_fraction < divisor.value_fraction)
        step = below + levels - 1
    after = LADDER[min(step, MAX_HARDENED)]
    shown = "none" if after == Divisor.NONE else f"({after.value})"
    return Explained.of(
        after, Ruling.GU_14, f"Hardened {levels}: armour divisor ({divisor.value}) becomes {shown}"
    )


# What the kinds of Injury Tolerance that the effects do not otherwise use change (GU-14).
LACKING_NOTES: dict[Lacking, str] = {
    Lacking.NO_BLOOD: "no_blood: no bleeding (not modelled here); nothing else changes",
    Lacking.NO_EYES: "no_eyes: no eyes to hit or to blind",
    Lacking.NO_HEAD: "no_head: no skull, face or eyes (random hits there land on the torso)",
    Lacking.NO_NECK: "no_neck: no neck (random hits there land on the torso)",
    Lacking.NO_BRAIN: "no_brain: skull and eye hits count as face hits (no x4, no -10 knockdown)",
    Lacking.NO_VITALS: "no_vitals: vitals and groin hits count as torso hits",
}
