"""GU-10: limbs, extremities and eyes: the most injury they take, crippling and blinding."""

from __future__ import annotations

from dataclasses import dataclass

from armourpen.explain import Explained, Ruling
from armourpen.gurps.locations import EXTREMITIES, LIMBS, Location
from armourpen.gurps.notation import DamageType


def injury_cap(location: Location, hp: int) -> int | None:
    """The most injury one hit does to a limb (floor(HP/2) + 1) or an extremity (floor(HP/3) + 1)."""
    if location in LIMBS:
        return hp // 2 + 1
    if location in EXTREMITIES:
        return hp // 3 + 1
    return None


def capped_injury(location: Location, hp: int, injury: int, explain: bool = True) -> Explained[int]:
    """GU-10: injury beyond what cripples a limb or extremity is lost."""
    cap = injury_cap(location, hp)
    if cap is None or injury <= cap:
        return Explained(injury)
    if not explain:
        return Explained(cap)
    share = "HP/2" if location in LIMBS else "HP/3"
    return Explained.of(
        cap,
        Ruling.GU_10,
        f"{location.value}: injury over {share} cripples and the rest is lost: {injury} -> "
        f"{cap} ({injury - cap} lost)",
    )


@dataclass(frozen=True, slots=True)
class Crippling:
    """A crippled limb or extremity, or blinded eyes (0, 1 or 2)."""

    crippled: bool = False
    eyes_blinded: int = 0


NOT_CRIPPLED = Crippling()


def crippling(
    location: Location,
    damage_type: DamageType,
    hp: int,
    injury: int,
    has_eyes: bool = True,
    explain: bool = True,
) -> Explained[Crippling]:
    """GU-10 on the location hit: arm or leg over HP/2, hand or foot over HP/3, eye over HP/10.

    Toxic damage gets none of the eye's effects (GU-12); a target without eyes has none to blind.
    The face's blinding by corrosion follows a major wound: see :func:`face_blinding`.
    """
    if injury <= 0:
        return Explained(NOT_CRIPPLED)
    if location in LIMBS or location in EXTREMITIES:
        limb = location in LIMBS
        over = 2 * injury > hp if limb else 3 * injury > hp
        value = Crippling(True) if over else NOT_CRIPPLED
        if not explain:
            return Explained(value)
        share = "HP/2" if limb else "HP/3"
        said = f"> {share} (HP {hp}): crippled" if over else (
            f"is not over {share} (HP {hp}): not crippled")
        return Explained.of(value, Ruling.GU_10, f"{location.value}: injury {injury} {said}")
    if location is Location.EYE and has_eyes:
        if damage_type is DamageType.TOX:
            if not explain:
                return Explained(NOT_CRIPPLED)
            return Explained.of(
                NOT_CRIPPLED, Ruling.GU_12, "eye: toxic damage gets none of the eye's effects"
            )
        blind = 10 * injury > hp
        value = Crippling(True, 1) if blind else NOT_CRIPPLED
        if not explain:
            return Explained(value)
        said = f"> HP/10 (HP {hp}): the eye is blinded" if blind else (
            f"is not over HP/10 (HP {hp}): not blinded")
        return Explained.of(value, Ruling.GU_10, f"eye: injury {injury} {said}")
    return Explained(NOT_CRIPPLED)


def face_blinding(
    counts_as: Location,
    damage_type: DamageType,
    hp: int,
    injury: int,
    major: bool,
    has_eyes: bool,
    explain: bool = True,
) -> Explained[Crippling]:
    """GU-10: corrosion to the face blinds one eye on a major wound, both on injury over HP."""
    if counts_as is not Location.FACE or damage_type is not DamageType.COR or not major:
        return Explained(NOT_CRIPPLED)
    if not has_eyes:
        if not explain:
            return Explained(NOT_CRIPPLED)
        return Explained.of(NOT_CRIPPLED, Ruling.GU_14, "face, corrosion: no eyes to blind")
    both = injury > hp
    value = Crippling(True, 2 if both else 1)
    if not explain:
        return Explained(value)
    if both:
        return Explained.of(
            value, Ruling.GU_10, f"face, corrosion: injury {injury} > HP {hp} blinds both eyes"
        )
    return Explained.of(value, Ruling.GU_10, "face, corrosion: a major wound blinds one eye")
