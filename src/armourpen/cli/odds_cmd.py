"""``armourpen odds``: exact odds (or Monte Carlo estimates) for every target of a GURPS scenario."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import click

from armourpen.cli.options import (
    catalog_files,
    console,
    echo_json,
    json_flag,
    limits,
    load_scenario_file,
    no_user_catalog,
    outside_files,
    show,
)
from armourpen.cli.params import PATH, WHOLE, command
from armourpen.errors import InputError, ScenarioError
from armourpen.layout import percent

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armourpen import MonteCarloResult, OddsResult
    from armourpen.scenario import Scenario

BAR_WIDTH = 30
PROGRESS_FROM = 2_000_000  # samples; shorter runs finish before a bar would help


Chance = Fraction | float  # exact odds stay Fractions up to the text (see percent)


# The readable odds as parts that both backends draw: a line of (text, style) pieces, or a chart.
Line = list[tuple[str, str]]


@dataclass(frozen=True)
class Chart:
    """An injury chart: rows of (injury, bar of block characters, chance), and whether each
    row's injury harms (drawn red; no injury green)."""

    rows: list[tuple[str, str, str]]
    harm: list[bool]


Part = Line | Chart


def injury_chart(pmf: Sequence[tuple[int, Chance]], se: dict[int, float] | None = None) -> Chart:
    """A small horizontal bar chart of an injury distribution: bars of block characters, grouped
    as every front end groups them (:func:`armourpen.view.odds.injury_bars`)."""
    from armourpen.view.odds import injury_bars

    bars = injury_bars(pmf)
    top = float(max((b.chance for b in bars), default=0.0)) or 1.0
    eighths = " ▏▎▍▌▋▊▉█"
    chart = Chart([], [])
    for b in bars:
        units = round(float(b.chance) / top * BAR_WIDTH * 8)
        bar = "█" * (units // 8) + (eighths[units % 8] if units % 8 else "")
        if b.chance and not bar:
            bar = "▏"
        chance = percent(b.chance, estimate=se is not None)
        if se is not None and b.value is not None and b.value in se:
            chance += f" ± {float(se[b.value]) * 100:.2f}"
        chart.rows.append((b.label, bar, chance))
        chart.harm.append(b.harm)
    return chart


def _effect_lines(
    major: Chance, knockdown: Chance, crippled: Chance, shock: Sequence[tuple[int, Chance]],
    locations: Sequence[tuple[str, Chance]], random: bool, estimate: bool = False,
    knockdown_at: Sequence[tuple[int, Chance]] = (),
) -> list[Part]:
    """What the injury does (GU-10 to GU-12), and where the shot lands when that is rolled."""

    from armourpen.view.odds import effect_chances

    def shown(p: Chance) -> str:
        return percent(p, estimate=estimate)

    lines: list[Part] = [
        [("".join(f"  {e.name} {shown(e.chance)} ({e.rule})"
                  for e in effect_chances(major, knockdown, crippled)), "")],
        [("  shock (GU-11): " + ", ".join(f"{k} {shown(p)}" for k, p in shock if p), "")],
    ]
    if any(p for _, p in knockdown_at):
        lines.append([("  knockdown roll at (GU-12): "
                       + ", ".join(f"HT{k:+d} {shown(p)}" for k, p in knockdown_at if p), "")])
    if random:
        lines.append([("  hit location (GU-10): "
                       + ", ".join(f"{k} {shown(p)}" for k, p in locations if p), "")])
    return lines


def odds_parts(result: OddsResult) -> list[Part]:
    """Exact odds: per target a summary line, the hits of a burst or of fragments and the injury
    chart; an explosion's figure for everyone; then the notes."""
    from armourpen.view.odds import counted, hits_chances, joint_text

    parts: list[Part] = [[
        (result.damage, "bold"), (": exact odds over every roll", ""),
        (counted(result), ""),
    ]]
    for t in result.targets:
        parts.append([])
        parts.append([
            (t.name, "bold cyan"),
            (f"  reached {percent(t.p_reached)}", ""),
            (f"  hit {percent(t.p_hit)}", ""),
            (f"  overpenetrates {percent(t.p_overpenetrates)}", ""),
            ("  expected injury ", ""),
            (f"{float(t.expected_injury):.3f}", "bold"),
        ])
        hits = hits_chances(result, t)
        if hits is not None:
            parts.append([(f"  {hits.label} ({hits.rule}): " + ", ".join(
                f"{k} {percent(p)}" for k, p in hits.chances)
                + f"; expected {float(hits.expected):.3f}", "")])
        parts.append(injury_chart(list(t.injury_pmf.items())))
        parts.extend(_effect_lines(
            t.p_major_wound, t.p_knockdown_roll, t.p_crippled, list(t.shock_pmf.items()),
            list(t.location_pmf.items()), random=len(t.location_pmf) > 1,
            knockdown_at=list(t.knockdown_pmf.items()),
        ))
    joint = joint_text(result)
    if joint is not None:
        parts.extend([[], [(joint, "bold")]])
    parts.extend([(str(s), "dim")] for s in result.steps)
    return parts


def samples_parts(result: MonteCarloResult) -> list[Part]:
    """Monte Carlo estimates, each with its standard error (±, in the same unit)."""
    parts: list[Part] = [[
        (result.damage, "bold"),
        (f": Monte Carlo, {result.samples:,} samples, seed {result.seed} (± one standard error)",
         ""),
    ]]
    for t in result.targets:
        parts.append([])
        parts.append([
            (t.name, "bold cyan"),
            (f"  reached {percent(t.p_reached.value, estimate=True)}"
             f" ± {t.p_reached.se * 100:.2f}", ""),
            (f"  hit {percent(t.p_hit.value, estimate=True)} ± {t.p_hit.se * 100:.2f}", ""),
            (f"  overpenetrates {percent(t.p_overpenetrates.value, estimate=True)}"
             f" ± {t.p_overpenetrates.se * 100:.2f}", ""),
            ("  expected injury ", ""),
            (f"{t.expected_injury.value:.3f}", "bold"),
            (f" ± {t.expected_injury.se:.3f}", ""),
        ])
        parts.append(injury_chart([(k, e.value) for k, e in t.injury_pmf],
                                  {k: e.se for k, e in t.injury_pmf}))
        parts.extend(_effect_lines(
            t.p_major_wound.value, t.p_knockdown_roll.value, t.p_crippled.value,
            [(k, e.value) for k, e in t.shock_pmf], [(k, e.value) for k, e in t.location_pmf],
            random=len(t.location_pmf) > 1, estimate=True,
            knockdown_at=[(k, e.value) for k, e in t.knockdown_pmf],
        ))
    return parts


def render_rich(parts: list[Part]) -> RenderableType:
    """The parts for a terminal: styled lines, charts as Rich tables with coloured bars."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    out: list[RenderableType] = []
    for part in parts:
        if not isinstance(part, Chart):
            out.append(Text.assemble(*part))
            continue
        table = Table(show_header=True, box=None, padding=(0, 1), pad_edge=False)
        table.add_column("injury", justify="right", style="bold")
        table.add_column("", min_width=BAR_WIDTH)
        table.add_column("chance", justify="right")
        for (label, bar, chance), harm in zip(part.rows, part.harm, strict=True):
            table.add_row(label, Text(bar, "red" if harm else "green"), chance)
        out.append(table)
    return Group(*out)


def render_plain(parts: list[Part]) -> str:
    """The parts as plain text: the same lines, charts as aligned columns."""
    from armourpen.cli.plain import table
    from armourpen.layout import Align, Column

    columns = (Column("injury", Align.RIGHT), Column(""), Column("chance", Align.RIGHT))
    lines: list[str] = []
    for part in parts:
        if isinstance(part, Chart):
            chart = table(columns, part.rows)
            lines.extend([chart[0], *chart[2:]])  # the titles without a rule, as at a terminal
        else:
            lines.append("".join(text for text, _ in part))
    return "\n".join(lines)


def _sample_with_progress(sc: Scenario, samples: int, seed: int) -> MonteCarloResult:
    from armourpen import sample

    caps = limits()
    if samples < PROGRESS_FROM or not sys.stderr.isatty():
        return sample(sc, samples, seed, limits=caps)
    from rich.progress import Progress

    with Progress(console=console(stderr=True), transient=True) as bar:
        task = bar.add_task("sampling", total=samples)
        return sample(sc, samples, seed, limits=caps,
                      progress=lambda done, _: bar.update(task, completed=done))


@command("odds")
@click.argument("scenario", type=PATH, help="A GURPS scenario file (.toml or .json).")
@click.option("--samples", type=WHOLE, show_default=False,
              help="Estimate by sampling this many shots instead of exactly.")
@click.option("--seed", type=WHOLE, help="Seed for --samples (the same seed, the same answer).")
@catalog_files
@no_user_catalog
@outside_files
@json_flag
def odds(scenario: Path, samples: int | None, seed: int | None, catalog: Sequence[Path],
         no_user_catalog: bool, allow_outside_files: bool, as_json: bool) -> None:
    """The chances of every target in the line: reached, overpenetrated, injury (GU-7, GU-8)."""
    sc = load_scenario_file(scenario, catalog, no_user_catalog, allow_outside_files)
    if samples is None:
        if seed is not None:
            raise ScenarioError("--seed", seed, "a seed goes with --samples N")
        from armourpen import odds as exact

        result: OddsResult | MonteCarloResult = exact(sc, limits=limits())
    else:
        if seed is None:
            from armourpen import fresh_seed

            seed = fresh_seed()
        try:
            result = _sample_with_progress(sc, samples, seed)
        except InputError as exc:
            if exc.field in ("samples", "seed"):  # name the flag the user typed
                raise InputError(f"--{exc.field}", exc.value, exc.allowed) from None
            raise
    if as_json:
        echo_json(result)
        return

    from armourpen import OddsResult as Exact

    parts = odds_parts(result) if isinstance(result, Exact) else samples_parts(result)
    show(lambda: render_rich(parts), lambda: render_plain(parts))

