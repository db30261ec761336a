"""PA-2: PEN against AV."""

from __future__ import annotations

from enum import StrEnum

from armourpen.explain import Explained, Ruling


class Result(StrEnum):
    """What happened to one target (machine keys as in ``--json``)."""

    PENETRATED = "penetrated"
    PENETRATED_REDUCED = "penetrated_reduced"
    STOPPED = "stopped"
    NOT_REACHED = "not_reached"

    @property
    def wound_modifier(self) -> int | None:
        """0 for a full penetration, -4 when PEN equals AV, None when nothing got through."""
        return _WOUND_MODIFIERS.get(self)

    @property
    def goes_on(self) -> bool:
        """Whether the shot continues past this target (PA-12)."""
        return self in _WOUND_MODIFIERS  # penetrated, fully or with -4


# Made once: both are asked for every target of every shot.
_WOUND_MODIFIERS = {Result.PENETRATED: 0, Result.PENETRATED_REDUCED: -4}


def compare(pen: int, av: int) -> Explained[Result]:
    """Three ways (PA-2): less stops, equal penetrates with -4 to the wound roll, more penetrates."""
    if pen < av:
        return Explained.of(
            Result.STOPPED,
            Ruling.PA_2,
            f"PEN {pen} < AV {av}: stopped, no penetration (non-lethal damage may still apply)",
        )
    if pen == av:
        return Explained.of(
            Result.PENETRATED_REDUCED,
            Ruling.PA_2,
            f"PEN {pen} = AV {av}: penetrates with -4 to the wound roll",
        )
    return Explained.of(
        Result.PENETRATED, Ruling.PA_2, f"PEN {pen} > AV {av}: penetrates with full wound potential"
    )
