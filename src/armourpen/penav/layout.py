"""How a PEN/AV outcome is shown: the attack on the head line, a row per target with its badge;
and how the PEN estimator's report is shown (:func:`estimate_report`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armourpen.layout import (
    Align,
    Badge,
    Block,
    Column,
    Layout,
    Report,
    Row,
    Span,
    Table,
    Tone,
    text,
)
from armourpen.penav.outcome import PenavOutcome
from armourpen.penav.penetration import Result
from armourpen.penav.scale import shown_value, structural

if TYPE_CHECKING:
    from armourpen.penav.estimate import Estimate

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


def _pen(pen: int, structural: bool) -> str:
    return f"PEN {pen} (SPEN {pen / 5:g})" if structural else f"PEN {pen}"


def estimate_report(report: Estimate) -> Report:
    """The estimator's answer (PA-1, PA-4, PA-11): the PEN suggested and the text's interval, the
    range column, then the band figures, the nearest rows of the text, the steps and warnings."""
    interval = ("no interval: outside the text's rows" if report.low is None else
                f"the text would give PEN {report.low} to {report.high}")
    head = (f"{_pen(report.pen, report.structural)}  ({interval}); range column "
            f"{report.column.value}; DC: none (the text gives none)")
    bands = Table(
        (Column("band"), Column("PEN", Align.RIGHT), Column("DC mod", Align.RIGHT)),
        tuple((f.band.label, str(f.pen), f"{f.dc_modifier:+d}") for f in report.bands),
    )
    near = Table(
        (Column("nearest rows of the text"), Column("PEN", Align.RIGHT),
         Column("calibre", Align.RIGHT), Column("mass", Align.RIGHT),
         Column("velocity", Align.RIGHT), Column("bullet")),
        tuple((r.name, str(r.pen), f"{r.ballistics.calibre_mm:g} mm",
               f"{r.ballistics.mass_g:g} g", f"{r.ballistics.velocity_mps:g} m/s",
               r.ballistics.bullet.value) for r in report.nearest),
    )
    lines = ["Steps:", *(f"  {s}" for s in report.steps),
             *(f"Warning: {w}" for w in report.warnings)]
    blocks: list[Block] = [(Span(head, Tone.STRONG),), bands, near]
    blocks.extend((Span(line),) for line in lines)
    return Report(tuple(blocks))
