"""PA-6: ammunition types and the optional rule that treats high-velocity rifle Ball as SP."""

from __future__ import annotations

from armourpen.catalog.items import AmmoType, AttackProfile, RangeColumn
from armourpen.explain import Explained, Ruling, Step
from armourpen.penav.ranges import Band

RIFLE_BALL_AS_SP = "rifle_ball_as_sp"
OPTIONAL_RULES = frozenset({RIFLE_BALL_AS_SP})

# Contact through Medium (PA-6): where a fast rifle bullet yaws and fragments.
BALL_AS_SP_BANDS = frozenset(
    {Band.CONTACT, Band.POINT_BLANK, Band.CLOSE, Band.SHORT, Band.MEDIUM}
)


# Why every type of the built-in catalog is PEN +0, DC +0 (PA-6): what the text itself says.
NO_MODIFIERS = (
    "the text sets none: its Ammunition chapter, which would, is not part of it; an "
    "armour-piercing round is an attack of its own, with its own PEN (7.62x51mm NATO AP: PEN 9)"
)


def modifiers_text(ammo: AmmoType) -> str:
    """An ammunition type's modifiers, and why they are 0 when they are (PA-6)."""
    text = f"PEN {ammo.pen_mod:+d}, DC {ammo.dc_mod:+d}"
    if ammo.pen_mod == ammo.dc_mod == 0:
        text += " (no ammunition)" if ammo.name == "none" else f" ({NO_MODIFIERS})"
    return text


def modifier_step(ammo: AmmoType) -> Step:
    """The step that says what the ammunition in use changes (PA-6)."""
    return Step(Ruling.PA_6, f"{ammo.name} ammunition: {modifiers_text(ammo)}")


def ammo_in_use(
    profile: AttackProfile,
    loaded: AmmoType,
    soft_point: AmmoType,
    band: Band,
    optional_rules: frozenset[str],
) -> Explained[AmmoType]:
    """The ammunition type that applies at this band, after the optional rule if it is on."""
    rule_on = RIFLE_BALL_AS_SP in optional_rules
    qualifies = (
        profile.high_velocity
        and profile.range_column is RangeColumn.RIFLE
        and loaded.name.lower() == "ball"
    )
    if not qualifies:
        text = f"ammunition: {loaded.name}"
        if rule_on and loaded.name.lower() == "ball":
            text += " (the Ball-as-SP rule is on but applies only to high-velocity rifle profiles)"
        return Explained.of(loaded, Ruling.PA_6, text)
    if not rule_on:
        return Explained.of(
            loaded, Ruling.PA_6, f"ammunition: {loaded.name} (optional Ball-as-SP rule off)"
        )
    if band not in BALL_AS_SP_BANDS:
        return Explained.of(
            loaded,
            Ruling.PA_6,
            f"ammunition: {loaded.name}; the Ball-as-SP rule covers Contact to Medium only, "
            f"not {band.label}",
        )
    return Explained.of(
        soft_point,
        Ruling.PA_6,
        f"optional rule: high-velocity rifle Ball at {band.label} is treated as "
        f"{soft_point.name} (Contact to Medium)",
    )
