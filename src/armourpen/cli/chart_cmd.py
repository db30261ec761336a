"""``armourpen chart KIND``: draw a chart to PNG, SVG or PDF, or print its data (``--json``).

Each kind is a subcommand that parses its options, asks :mod:`armourpen.charts` for the chart
value and writes the file; the drawing and the data live in the charts package.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from armourpen.cli.options import (
    ammo_name,
    armour_names,
    attack_names,
    catalog_files,
    cover_names,
    defence_names,
    echo_json,
    flag_error,
    json_flag,
    load_catalog,
    need_extra,
    no_user_catalog,
    optional_rules,
    outside_files,
    wrote,
)
from armourpen.cli.params import (
    OUT_FILE,
    PATH,
    WHOLE,
    Group,
    apply,
    complete_catalog,
    complete_direction,
    limits,
)
from armourpen.errors import MISSING, InputError

if TYPE_CHECKING:
    from armourpen.charts.model import Chart

chart_group = Group(
    "chart", field="KIND",
    help="Draw a chart (PNG, SVG or PDF by the --out file's extension) or print its data (--json).",
)

out_option = click.option("--out", "-o", type=OUT_FILE, metavar="FILE", show_default=False,
                          help="The file to write: .png, .svg or .pdf.")
from_option = click.option("--from", "from_", default="front", shell_complete=complete_direction,
                           help="front|rear|left|right|above|below (PA-9).")
sources = apply(catalog_files, no_user_catalog)
output = apply(out_option, json_flag)


def _start(out: Path | None, as_json: bool) -> str | None:
    """Check --out before any work: the format by its extension, and that it can be written."""
    from armourpen.cli.outfile import check_writable, out_format

    if out is None:
        if not as_json:
            raise InputError("--out", MISSING, "required: a file to write (.png, .svg or .pdf), or --json")
        return None
    fmt = out_format(out, ("png", "svg", "pdf"))
    check_writable(out)
    need_extra("charts", "matplotlib")  # before the work: the drawing needs it
    return fmt


def _finish(chart: Chart, out: Path | None, fmt: str | None, as_json: bool) -> None:
    if as_json:
        echo_json(chart)
    if out is None or fmt is None:
        return
    from armourpen.charts import render
    from armourpen.cli.outfile import write_whole

    write_whole(out, render(chart, fmt, limits=limits(), field=_DRAWN_FIELD.get(chart.kind, "--out")))
    wrote(out, as_json)


# what a refusal to draw names: what makes the picture large
_DRAWN_FIELD = {"matrix": "--attack", "pen-range": "--attack", "odds": "line"}


def sweep_inputs(catalog: Sequence[Path], no_user_catalog: bool, attack: Sequence[str],
                 armour: Sequence[str], cover: Sequence[str], defence: Sequence[str], *,
                 every_armour: bool) -> tuple[Any, list[Any], list[Any]]:
    """The catalog, attacks and defences selected as ``armourpen table`` selects them."""
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS, defences_for, pick_attacks

    cat = load_catalog(catalog, no_user_catalog)
    with flag_error(TABLE_FLAGS, only=PARAMETERS):
        attacks = pick_attacks(cat, attack, "attacks")
        if not (armour or cover or defence) and not every_armour:
            return cat, attacks, []
        return cat, attacks, defences_for(cat, armour or [], cover or [], defence or [])


@chart_group.command("pen-range")
@click.option("--attack", "-a", multiple=True, shell_complete=complete_catalog("attack"),
              help="Attack profile: a name, or text its names contain (repeatable); at least one.")
@click.option("--armour", multiple=True, shell_complete=complete_catalog("armour"),
              help="Armour whose AV is drawn as a line: a name, or text its names contain "
                   "(repeatable).")
@apply(cover_names, defence_names, from_option, ammo_name, optional_rules, sources, output)
def pen_range(
    attack: Sequence[str],
    armour: Sequence[str],
    cover: Sequence[str],
    defence: Sequence[str],
    from_: str,
    ammo: str | None,
    optional_rule: Sequence[str],
    catalog: Sequence[Path],
    no_user_catalog: bool,
    out: Path | None,
    as_json: bool,
) -> None:
    """Effective PEN (and DC modifier) against distance, with the AV of armour and cover as lines."""
    from armourpen.charts import pen_range_chart
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS as TABLE_PARAMETERS

    fmt = _start(out, as_json)
    if not attack:
        raise InputError("--attack", MISSING, "required: one or more attack profiles to chart")
    cat, attacks, defences = sweep_inputs(catalog, no_user_catalog, attack, armour, cover, defence,
                                           every_armour=False)
    with flag_error(TABLE_FLAGS, only=TABLE_PARAMETERS):
        chart = pen_range_chart(attacks, defences, from_, ammo=ammo,
                                optional_rules=optional_rule or [], catalog=cat, limits=limits())
    _finish(chart, out, fmt, as_json)


@chart_group.command("matrix")
@apply(attack_names, armour_names, cover_names, defence_names)
@click.option("--band", help="The range band, e.g. long (PA-3).")
@click.option("--range", "range_", help="A distance instead of a band, e.g. 150m.")
@apply(from_option, ammo_name, optional_rules, sources, output)
def matrix(
    attack: Sequence[str],
    armour: Sequence[str],
    cover: Sequence[str],
    defence: Sequence[str],
    band: str | None,
    range_: str | None,
    from_: str,
    ammo: str | None,
    optional_rule: Sequence[str],
    catalog: Sequence[Path],
    no_user_catalog: bool,
    out: Path | None,
    as_json: bool,
) -> None:
    """Attacks x defences at one band or distance: each cell's outcome and PEN - AV margin."""
    from armourpen.charts import matrix_chart
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS as TABLE_PARAMETERS

    fmt = _start(out, as_json)
    if band is None and range_ is None:
        raise InputError("--band", MISSING, "`--band` or `--range` is required: one --band (e.g. "
                         "long) or one --range (e.g. 150m)")
    if band is not None and range_ is not None:
        raise InputError("--band", band,
                         "give one --band (e.g. long) or one --range (e.g. 150m), not both")
    cat, attacks, defences = sweep_inputs(catalog, no_user_catalog, attack, armour, cover, defence,
                                           every_armour=True)
    with flag_error(TABLE_FLAGS, only=TABLE_PARAMETERS):
        chart = matrix_chart(attacks, defences, band=band, distance=range_, direction=from_,
                             ammo=ammo, optional_rules=optional_rule or [], catalog=cat,
                             limits=limits())
    _finish(chart, out, fmt, as_json)


@chart_group.command("odds")
@click.argument("scenario", type=PATH, help="A GURPS scenario file (.toml or .json), or example:NAME.")
@apply(sources, outside_files, output)
def odds(scenario: Path, catalog: Sequence[Path], no_user_catalog: bool, allow_outside_files: bool,
         out: Path | None, as_json: bool) -> None:
    """The injury distribution of every target of a GURPS scenario, from the exact odds."""
    from armourpen.charts import odds_chart
    from armourpen.cli.options import load_scenario_file

    fmt = _start(out, as_json)
    chart = odds_chart(load_scenario_file(scenario, catalog, no_user_catalog, allow_outside_files),
                       limits=limits(), to_draw=out is not None)
    _finish(chart, out, fmt, as_json)


@chart_group.command("slope")
@click.option("--thickness", help="The plate's actual thickness of RHA: 60mm, 4cm, 2in.")
@click.option("--av", type=WHOLE, help="Or its actual personal AV, 3 to 1000.")
@output
def slope(thickness: str | None, av: int | None, out: Path | None, as_json: bool) -> None:
    """A plate's effective AV and thickness against the angle of incidence (PA-10, PA-11)."""
    from armourpen import parse_thickness
    from armourpen.charts import slope_chart

    fmt = _start(out, as_json)
    if thickness is None and av is None:
        raise InputError("--thickness", MISSING, "`--thickness` or `--av` is required: the "
                         "plate's --thickness (e.g. 60mm) or its --av")
    if thickness is not None and av is not None:
        raise InputError("--thickness", thickness,
                         "give the plate's --thickness (e.g. 60mm) or its --av, not both")
    if thickness is not None:
        chart = slope_chart(mm=parse_thickness(thickness, "--thickness"), field="--thickness")
    else:
        chart = slope_chart(av=av, field="--av")
    _finish(chart, out, fmt, as_json)
