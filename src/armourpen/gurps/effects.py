"""What an injury does to the target that takes it (GU-9 to GU-14), gathered for one hit.

Each family of effects is a rule in its own module: blunt trauma (:mod:`.blunt_trauma`, GU-9),
limbs, extremities and eyes (:mod:`.crippling`, GU-10), shock (:mod:`.shock`, GU-11), major wounds
and knockdown (:mod:`.major_wounds`, GU-12) and knockback (:mod:`.knockback`, GU-13). This module
applies them in order to one target hit at one location and returns the result with its steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.blunt_trauma import blunt_trauma
from armourpen.gurps.crippling import capped_injury, crippling, face_blinding
from armourpen.gurps.damage import InjuryTolerance, diffuse_cap
from armourpen.gurps.knockback import knockback
from armourpen.gurps.locations import Location, missing_locations
from armourpen.gurps.major_wounds import knockdown_modifier, major_wound
from armourpen.gurps.notation import DamageType
from armourpen.gurps.shock import causes_shock, shock

if TYPE_CHECKING:
    from armourpen.gurps.model import Target

# The vocabulary of ``Effects.names``, in the order they are listed.
EFFECT_NAMES = (
    "blunt_trauma",
    "shock",
    "major_wound",
    "knockdown_roll",
    "crippled",
    "blinded_eye",
    "blinded_both",
    "knockback",
)


@dataclass(frozen=True, slots=True)
class Effects:
    """What one hit does to a target: its final injury and everything that injury causes.

    ``injury`` includes ``blunt_trauma`` and is after the limb and extremity cap (GU-10).
    ``knockdown_ht_modifier`` and ``knockback_dx_modifier`` are None when no roll is called for.
    """

    injury: int = 0
    blunt_trauma: int = 0
    shock: int = 0
    major_wound: bool = False
    knockdown_ht_modifier: int | None = None
    crippled: bool = False
    eyes_blinded: int = 0
    knockback_yards: int = 0
    knockback_dx_modifier: int | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The effects that happened, from :data:`EFFECT_NAMES`."""
        out = []
        if self.blunt_trauma:
            out.append("blunt_trauma")
        if self.shock:
            out.append("shock")
        if self.major_wound:
            out.append("major_wound")
        if self.knockdown_ht_modifier is not None:
            out.append("knockdown_roll")
        if self.crippled:
            out.append("crippled")
        if self.eyes_blinded == 1:
            out.append("blinded_eye")
        if self.eyes_blinded == 2:
            out.append("blinded_both")
        if self.knockback_yards:
            out.append("knockback")
        return tuple(out)

    def words(self, crippled_at: Sequence[str] = ()) -> tuple[tuple[str, str], ...]:
        """What happened, each effect as its key and its one wording with its ruling: the words
        of every front end (the terminal's notes, the web's badges, the charts). ``crippled``
        covers a blinded eye (GU-10); ``crippled_at``, the locations whose hits crippled, names
        the limb (``leg crippled``), once each."""
        parts: list[tuple[str, str]] = []
        if self.blunt_trauma:
            parts.append(("blunt_trauma", f"blunt trauma {self.blunt_trauma} HP (GU-9)"))
        if self.shock:
            parts.append(("shock", f"shock {self.shock} DX/IQ (GU-11)"))
        if self.eyes_blinded:
            eyes = "one eye" if self.eyes_blinded == 1 else "both eyes"
            parts.append(("crippled", f"{eyes} blinded (GU-10)"))
        elif self.crippled:
            limbs = ", ".join(dict.fromkeys(crippled_at))
            parts.append(("crippled", f"{limbs} crippled (GU-10)" if limbs else "crippled (GU-10)"))
        if self.major_wound:
            parts.append(("major_wound", "major wound (GU-12)"))
        if self.knockdown_ht_modifier is not None:
            parts.append(("knockdown", f"HT{self.knockdown_ht_modifier:+d} or knocked down and "
                                       "stunned (GU-12)"))
        if self.knockback_yards:
            unit = "yard" if self.knockback_yards == 1 else "yards"
            parts.append(("knockback", f"knocked back {self.knockback_yards} {unit}, "
                                       f"DX{self.knockback_dx_modifier or 0:+d} or falls (GU-13)"))
        return tuple(parts)

    def summary(self, crippled_at: Sequence[str] = ()) -> str:
        """One line for people, each effect with its ruling (:meth:`words`); empty when nothing
        happened."""
        return "; ".join(words for _, words in self.words(crippled_at))

    def to_dict(self) -> dict[str, Any]:
        return {
            "blunt_trauma": self.blunt_trauma,
            "shock": self.shock,
            "major_wound": self.major_wound,
            "knockdown_ht_modifier": self.knockdown_ht_modifier,
            "crippled": self.crippled,
            "knockback_yards": self.knockback_yards,
            "knockback_dx_modifier": self.knockback_dx_modifier,
            "effects": list(self.names),
        }


NO_EFFECTS = Effects()
# A target the shot did not reach or missed has no figures (null in JSON) and no effects.
NULL_EFFECTS: dict[str, object] = {
    **dict.fromkeys(k for k in NO_EFFECTS.to_dict() if k != "effects"),
    "effects": [],
}


def double_shock(target: Target, counts_as: Location, damage_type: DamageType) -> bool:
    """GU-14: a crushing hit to the groin of a target marked ``groin_double_shock``.

    The groin must count as the groin (not under No Vitals) and the target must heed locations
    (Homogenous and Diffuse targets ignore them).
    """
    return (
        target.groin_double_shock
        and damage_type is DamageType.CR
        and counts_as is Location.GROIN
        and target.injury_tolerance not in (InjuryTolerance.HOMOGENOUS, InjuryTolerance.DIFFUSE)
    )


def injury_effects(
    damage_type: DamageType,
    target: Target,
    hit: Location,
    counts_as: Location,
    penetrating: int,
    injury: int,
    arriving: int,
    explain: bool = True,
    flexible: bool | None = None,
) -> Explained[Effects]:
    """Everything ``injury`` (GU-4, before the limb cap) does to ``target`` hit at ``hit``.

    ``counts_as`` is the location whose rules apply after No Brain and No Vitals (GU-14);
    ``arriving`` is the basic damage that reached the target, less the cover DR in front of it
    (what flexible armour stops, GU-9, and what pushes, GU-13). ``explain=False`` gives the
    numbers without the steps (what the odds need). ``flexible``, when given, replaces the
    card's flag: layered DR is flexible for this blow when every layer that stopped it is (GU-28).
    """
    steps: list[Step] = []
    has_eyes = Location.EYE not in missing_locations(target.lacking)
    armour_dr = target.dr_for(hit)[0]
    flexible = target.flexible if flexible is None else flexible
    hit = target.rules_for(hit).value  # a wing is crippled as an arm (GU-10)

    bt = 0
    if penetrating == 0:
        trauma = blunt_trauma(damage_type, flexible, armour_dr, penetrating, arriving,
                              explain)
        steps.extend(trauma.steps)
        bt = trauma.value
        if bt and target.injury_tolerance is InjuryTolerance.DIFFUSE:
            cap = diffuse_cap(damage_type)
            if bt > cap:
                if explain:
                    steps.append(Step(Ruling.GU_4, f"Diffuse: blunt trauma {bt} capped at {cap}"))
                bt = cap
        total = bt
    else:
        if flexible and explain:
            steps.extend(blunt_trauma(damage_type, True, armour_dr, penetrating, arriving).steps)
        total = injury

    hp = target.hp
    capped = capped_injury(hit, hp, total, explain)
    steps.extend(capped.steps)
    total = capped.value
    bt = min(bt, total)

    cripple = crippling(hit, damage_type, hp, total, has_eyes, explain)
    steps.extend(cripple.steps)
    major = major_wound(total, hp, cripple.value.crippled, explain)
    steps.extend(major.steps)
    blind = face_blinding(counts_as, damage_type, hp, total, major.value, has_eyes, explain)
    steps.extend(blind.steps)
    crippled = cripple.value.crippled or blind.value.crippled
    eyes = max(cripple.value.eyes_blinded, blind.value.eyes_blinded)

    pain = target.pain_threshold
    shocked = shock(total, hp, double_shock(target, counts_as, damage_type), explain, pain)
    steps.extend(shocked.steps)
    knockdown = knockdown_modifier(
        counts_as, damage_type, target.injury_tolerance, major.value, causes_shock(total, hp),
        explain, pain,
    )
    steps.extend(knockdown.steps)
    pushed = knockback(damage_type, arriving, penetrating, target.knockback_st,
                       target.perfect_balance, explain)
    steps.extend(pushed.steps)

    return Explained(
        Effects(
            injury=total,
            blunt_trauma=bt,
            shock=shocked.value,
            major_wound=major.value,
            knockdown_ht_modifier=knockdown.value,
            crippled=crippled,
            eyes_blinded=eyes,
            knockback_yards=pushed.value.yards,
            knockback_dx_modifier=pushed.value.dx_modifier,
        ),
        tuple(steps),
    )
