"""The effective attack: scale (PA-1), band (PA-3), column (PA-4), DC (PA-5) and ammunition (PA-6)."""

from __future__ import annotations

from dataclasses import dataclass

from armourpen.catalog.items import RangeColumn
from armourpen.explain import Caution, Ruling, Step
from armourpen.penav.ammo import ammo_in_use, modifier_step
from armourpen.penav.model import Attack
from armourpen.penav.outcome import AttackSummary
from armourpen.penav.ranges import (
    Band,
    band_for_metres,
    band_span,
    beyond_reach,
    range_modifier,
    reach_of,
)
from armourpen.penav.scale import shown_value, structural


@dataclass(frozen=True, slots=True)
class EffectiveAttack:
    """The attack after range and ammunition (PA-3 to PA-6), with its steps and warnings."""

    summary: AttackSummary
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def effective_attack(attack: Attack, optional_rules: frozenset[str]) -> EffectiveAttack:
    """PEN and DC after range and ammunition, on the personal scale, with every step."""
    profile = attack.profile
    steps: list[Step] = []
    warnings: list[Caution] = []
    if profile.structural:
        steps.append(
            Step(Ruling.PA_1, f"{profile.name}: SPEN {shown_value(structural(profile.pen))} "
                 f"= PEN {profile.pen} on the personal scale (x5)")
        )
    else:
        steps.append(Step(Ruling.PA_1, f"{profile.name}: PEN {profile.pen}"))

    band = attack.band
    label = band.label
    distance = None if attack.distance is None else str(attack.distance)
    if band is Band.CONTACT:
        steps.append(Step(Ruling.PA_3, "range: Contact (the weapon touches the target)"))
    else:
        assert distance is not None
        steps.append(Step(Ruling.PA_3, f"range: {distance} is {label} {band_span(band)}"))
    reach = reach_of(profile)
    if reach is not None:
        how_far = "Contact only" if reach is Band.CONTACT else f"{reach.label} at most"
        why = f" ({profile.reach_note})" if profile.reach_note else ""
        steps.append(Step(Ruling.PA_3, f"{profile.name} reaches {how_far}{why}"))
        if beyond_reach(profile, band):
            # the text gives such attacks no range rule (PA-4): the shot is resolved as asked,
            # and the GM told, as the GM's chart marks the band out of reach
            warnings.append(Caution(
                Ruling.PA_3, f"{profile.name} reaches {how_far}; resolved here at {label} as asked "
                "(the text gives it no range rule, PA-4; the GM's chart shows this band out of "
                "reach)"))
    if profile.tied_range_m is not None:
        tied = band_for_metres(profile.tied_range_m)
        if tied is not band:
            warnings.append(Caution(
                Ruling.PA_13, f"{profile.name} holds at {profile.tied_range_m} m ({tied.label}) only; "
                f"used here at {label}"
            ))

    ammo = ammo_in_use(profile, attack.ammo, attack.soft_point, band, optional_rules)
    steps.extend(ammo.steps)
    used = ammo.value
    steps.append(modifier_step(used))

    range_column = profile.range_column
    mod = range_modifier(band, range_column)
    if range_column is RangeColumn.NONE:
        steps.append(
            Step(Ruling.PA_4, f"range column: none; the rules give no range modifier for "
                 f"{profile.name}")
        )
    else:
        column = "Handgun/SMG" if range_column is RangeColumn.HANDGUN else "Rifle/MG"
        steps.append(
            Step(Ruling.PA_4, f"{column} column at {label}: PEN {_signed(mod.pen)}, "
                 f"DC {_signed(mod.dc)}")
        )

    raw = profile.pen + used.pen_mod + mod.pen
    pen = max(0, raw)
    parts = [f"PEN {profile.pen}"]
    if used.pen_mod:
        parts.append(f"{_signed(used.pen_mod)} ({used.name})")
    if mod.pen:
        parts.append(f"{_signed(mod.pen)} (range)")
    text = " ".join(parts) + f" = PEN {raw}"
    if raw < 0:
        text += ", which cannot go below 0: PEN 0"
    steps.append(Step(Ruling.PA_3, "effective " + text))

    dc_mod = mod.dc + used.dc_mod
    dc: int | None = None
    if profile.dc is not None:
        dc = max(0, profile.dc + dc_mod)
        steps.append(Step(Ruling.PA_5, f"DC {profile.dc} {_signed(dc_mod)} = DC {dc}"
                          + (" (never below 0)" if profile.dc + dc_mod < 0 else "")))
    else:
        steps.append(
            Step(Ruling.PA_5, f"DC modifier {_signed(dc_mod)} (the profile gives no base DC)")
        )

    summary = AttackSummary(
        name=profile.name,
        base_pen=profile.pen,
        pen=pen,
        range_band=band,
        range_column=range_column,
        dc_modifier=dc_mod,
        base_dc=profile.dc,
        dc=dc,
        ammo=used.name,
        distance=distance,
        direction=attack.direction,
        structural=profile.structural,
    )
    return EffectiveAttack(summary, tuple(steps), tuple(warnings))

