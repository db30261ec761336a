"""``armourpen odds``: exact odds (or Monte Carlo estimates) for every target of a GURPS scenario."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from armourpen.cli.options import (
    catalog_files,
    console,
    echo_json,
    json_flag,
    load_scenario_file,
    no_user_catalog,
    outside_files,
    show,
)
from armourpen.cli.params import PATH, WHOLE, command, limits
from armourpen.errors import InputError, ScenarioError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armourpen import MonteCarloResult, OddsResult
    from armourpen.scenario import Scenario

PROGRESS_FROM = 2_000_000  # samples; shorter runs finish before a bar would help


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
    from armourpen.view.odds_report import odds_report, samples_report

    report = odds_report(result) if isinstance(result, Exact) else samples_report(result)

    def rich() -> RenderableType:
        from armourpen.cli.render import render_report

        return render_report(report)

    def plain() -> str:
        from armourpen.cli.plain import render_report

        return render_report(report)

    show(rich, plain)

