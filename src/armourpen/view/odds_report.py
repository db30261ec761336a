"""Exact odds and Monte Carlo estimates as a report (:class:`armourpen.layout.Report`) that every
readable front end draws: per target a summary line, its hits under a burst or fragments, its
injury chart and what the injury does; an explosion's figure for everyone; then the notes."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.layout import Block, Chart, Report, Span, Tone, percent
from armourpen.view.odds import (
    counted,
    effect_chances,
    folded_rows,
    hits_chances,
    injury_bars,
    joint_text,
)

if TYPE_CHECKING:
    from armourpen.probability.montecarlo import MonteCarloResult
    from armourpen.probability.result import OddsResult

BAR_WIDTH = 30
"""An injury chart's longest bar, in characters."""

Chance = Fraction | float  # exact odds stay Fractions up to the text (see percent)


def injury_chart(pmf: Sequence[tuple[int, Chance]], se: dict[int, float] | None = None) -> Chart:
    """A small horizontal bar chart of an injury distribution: bars of block characters, grouped
    as every front end groups them (:func:`armourpen.view.odds.injury_bars`); ``se``, an
    estimate's standard error per injury."""
    bars = injury_bars(pmf)
    top = float(max((b.chance for b in bars), default=0.0)) or 1.0
    eighths = " ▏▎▍▌▋▊▉█"
    rows: list[tuple[str, str, str]] = []
    for b in bars:
        units = round(float(b.chance) / top * BAR_WIDTH * 8)
        bar = "█" * (units // 8) + (eighths[units % 8] if units % 8 else "")
        if b.chance and not bar:
            bar = "▏"
        chance = percent(b.chance, estimate=se is not None)
        if se is not None and b.value is not None and b.value in se:
            chance += f" ± {float(se[b.value]) * 100:.2f}"
        rows.append((b.label, bar, chance))
    return Chart(tuple(rows), tuple(b.harm for b in bars))


def _line(*spans: Span) -> tuple[Span, ...]:
    return spans


def _effect_lines(
    major: Chance, knockdown: Chance, crippled: Chance, shock: Sequence[tuple[int, Chance]],
    locations: Sequence[tuple[str, Chance]], random: bool, estimate: bool = False,
    knockdown_at: Sequence[tuple[int, Chance]] = (),
) -> list[Block]:
    """What the injury does (GU-10 to GU-12), and where the shot lands when that is rolled."""

    def shown(p: Chance) -> str:
        return percent(p, estimate=estimate)

    lines: list[Block] = [
        _line(Span("".join(f"  {e.name} {shown(e.chance)} ({e.rule})"
                           for e in effect_chances(major, knockdown, crippled)))),
        _line(Span("  shock (GU-11): " + ", ".join(f"{k} {shown(p)}" for k, p in shock if p))),
    ]
    if any(p for _, p in knockdown_at):
        lines.append(_line(Span("  knockdown roll at (GU-12): "
                                + ", ".join(f"HT{k:+d} {shown(p)}" for k, p in knockdown_at
                                            if p))))
    if random:
        lines.append(_line(Span("  hit location (GU-10): "
                                + ", ".join(f"{k} {shown(p)}" for k, p in locations if p))))
    return lines


def odds_report(result: OddsResult) -> Report:
    """Exact odds: per target a summary line, the hits of a burst or of fragments and the injury
    chart; an explosion's figure for everyone; then the notes."""
    blocks: list[Block] = [_line(Span(result.damage, Tone.STRONG),
                                 Span(": exact odds over every roll"), Span(counted(result)))]
    for t in result.targets:
        blocks.append(())
        blocks.append(_line(
            Span(t.name, Tone.TITLE),
            Span(f"  reached {percent(t.p_reached)}"),
            Span(f"  hit {percent(t.p_hit)}"),
            Span(f"  overpenetrates {percent(t.p_overpenetrates)}"),
            Span("  expected injury "),
            Span(f"{float(t.expected_injury):.3f}", Tone.STRONG),
        ))
        if t.p_defended is not None and t.p_struck_shield is not None:  # GU-24, GU-25
            shield = t.expected_shield_injury or 0
            blocks.append(_line(Span(f"  defense (GU-24, GU-25): defended {percent(t.p_defended)}, "
                                     f"shield struck {percent(t.p_struck_shield)}, expected "
                                     f"shield injury {float(shield):.3f}")))
        hits = hits_chances(result, t)
        if hits is not None:
            blocks.append(_line(Span(f"  {hits.label} ({hits.rule}): " + ", ".join(
                f"{k} {percent(p)}" for k, p in folded_rows(hits.chances))
                + f"; expected {float(hits.expected):.3f}")))
        blocks.append(injury_chart(list(t.injury_pmf.items())))
        blocks.extend(_effect_lines(
            t.p_major_wound, t.p_knockdown_roll, t.p_crippled, list(t.shock_pmf.items()),
            list(t.location_pmf.items()), random=len(t.location_pmf) > 1,
            knockdown_at=list(t.knockdown_pmf.items()),
        ))
    joint = joint_text(result)
    if joint is not None:
        blocks.extend([(), _line(Span(joint, Tone.STRONG))])
    blocks.extend(_line(Span(str(s), Tone.MUTED)) for s in result.steps)
    return Report(tuple(blocks))


def samples_report(result: MonteCarloResult) -> Report:
    """Monte Carlo estimates, each with its standard error (±, in the same unit)."""
    blocks: list[Block] = [_line(
        Span(result.damage, Tone.STRONG),
        Span(f": Monte Carlo, {result.samples:,} samples, seed {result.seed} (± one standard "
             "error)"),
    )]
    for t in result.targets:
        blocks.append(())
        blocks.append(_line(
            Span(t.name, Tone.TITLE),
            Span(f"  reached {percent(t.p_reached.value, estimate=True)}"
                 f" ± {t.p_reached.se * 100:.2f}"),
            Span(f"  hit {percent(t.p_hit.value, estimate=True)} ± {t.p_hit.se * 100:.2f}"),
            Span(f"  overpenetrates {percent(t.p_overpenetrates.value, estimate=True)}"
                 f" ± {t.p_overpenetrates.se * 100:.2f}"),
            Span("  expected injury "),
            Span(f"{t.expected_injury.value:.3f}", Tone.STRONG),
            Span(f" ± {t.expected_injury.se:.3f}"),
        ))
        blocks.append(injury_chart([(k, e.value) for k, e in t.injury_pmf],
                                   {k: e.se for k, e in t.injury_pmf}))
        blocks.extend(_effect_lines(
            t.p_major_wound.value, t.p_knockdown_roll.value, t.p_crippled.value,
            [(k, e.value) for k, e in t.shock_pmf], [(k, e.value) for k, e in t.location_pmf],
            random=len(t.location_pmf) > 1, estimate=True,
            knockdown_at=[(k, e.value) for k, e in t.knockdown_pmf],
        ))
    return Report(tuple(blocks))
