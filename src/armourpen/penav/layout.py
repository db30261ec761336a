"""How a PEN/AV outcome is shown: the attack on the head line, a row per target with its badge."""

from __future__ import annotations

from armourpen.layout import Align, Badge, Column, Layout, Row, Span, Tone, text
from armourpen.penav.outcome import PenavOutcome
from armourpen.penav.penetration import Result
from armourpen.penav.scale import shown_value, structural

BADGES: dict[Result, Badge] = {
    Result.PENETRATED: Badge("penetrated", "penetrates", "✓", Tone.HARM),
    Result.PENETRATED_REDUCED: Badge("penetrated_reduced", "penetrates, wound roll -4", "≈",
                                     Tone.REDUCED),
    Result.STOPPED: Badge("stopped", "stopped", "·", Tone.SAFE),
    Result.NOT_REACHED: Badge("not_reached", "not reached", "–", Tone.MUTED),
}
"""Each outcome (PA-2, PA-12) as a word for people and a symbol for charts."""


def layout(outcome: PenavOutcome) -> Layout:
    """The head line (attack after range and ammunition), then one row per target."""
    a = outcome.attack
    where = "contact" if a.distance is None else a.distance
    head = (
        Span(a.name, Tone.STRONG),
        Span(f" at {where} ({a.range_band.replace('_', ' ')}), from {a.direction}: "),
        Span(f"PEN {a.pen}", Tone.STRONG),
        Span(f", ammo {a.ammo}, DC modifier {a.dc_modifier:+d}"
             + (f", DC {a.dc}" if a.dc is not None else "")),
    )
    rows = []
    for t in outcome.targets:
        av = "-" if t.av is None else str(t.av)
        if t.structural and t.av is not None:
            av += f" (SAV {shown_value(structural(t.av))})"
        wound = "" if t.wound_modifier is None else f"{t.wound_modifier:+d}"
        rows.append(Row((text(t.name), text(av), BADGES[t.result], text(wound))))
    return Layout(
        head=head,
        columns=(Column("target"), Column("AV", Align.RIGHT), Column("outcome"),
                 Column("wound", Align.RIGHT)),
        rows=tuple(rows),
        warnings=outcome.warnings,
        steps=outcome.steps,
    )
