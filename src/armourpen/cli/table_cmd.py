"""``armourpen table``: which attacks defeat which armour at each range band (a sweep, charted).

The text output is one chart per defence and direction group (rows: attacks; columns: bands or
distances; ✓ penetrates, ≈ penetrates with -4, · stopped). ``--format csv`` and ``--format json``
export the long-format rows (one per cell); ``--format markdown`` prints the same charts as
Markdown tables, ready to print for a GM screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

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
    load_catalog,
    no_user_catalog,
    optional_rules,
    show,
)
from armourpen.cli.params import apply, command, complete_direction, completer, limits
from armourpen.errors import InputError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armourpen import SweepResult
    from armourpen.layout import Column
    from armourpen.view.sweep import SweepView

FORMATS = ("text", "csv", "json", "markdown")
_STYLE = {"✓": "bold red", "≈": "bold yellow", "·": "green"}


def _legend(view: SweepView) -> str:
    return "   ".join(f"{b.symbol} {meaning}" for b, meaning in view.legend)


def _chart_tables(view: SweepView) -> list[tuple[str, list[Column], list[list[str]]]]:
    """Each chart's title, columns and rows (attack, PEN, a symbol per band or distance)."""
    from armourpen.layout import Align, Column

    columns = [Column("attack"), Column("PEN", Align.RIGHT)] + [
        Column(c.short, Align.CENTER) for c in view.columns]
    return [(chart.title, columns,
             [[row.name, row.pen, *(b.symbol for b in row.cells)] for row in chart.rows])
            for chart in view.charts]


def render_chart(res: SweepResult) -> RenderableType:
    """The Rich charts: one per defence and group of directions that meet the same AV."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from armourpen.view.sweep import sweep_view

    view = sweep_view(res)
    parts: list[RenderableType] = [Text(_legend(view), style="bold")]
    if view.band_key is not None:
        parts.append(Text(view.band_key, style="dim"))
    for title, columns, rows in _chart_tables(view):
        # The title is its own line so that it wraps at the console's width, not the table's.
        table = Table(show_edge=False, pad_edge=False)
        table.add_column(columns[0].title, overflow="fold")
        table.add_column(columns[1].title, justify="right", no_wrap=True)
        for c in columns[2:]:
            table.add_column(c.title, justify="center", no_wrap=True)
        for row in rows:
            table.add_row(*row[:2], *(Text(sym, style=_STYLE[sym]) for sym in row[2:]))
        parts.extend([Text(""), Text(title, style="bold"), table])
    if res.warnings:
        parts.append(Text("\n".join(f"warning: {w}" for w in res.warnings), style="yellow"))
    return Group(*parts)


def render_plain(res: SweepResult) -> str:
    """The same charts as plain text: the legend, the band key, each chart under its title."""
    from armourpen.cli.plain import table
    from armourpen.view.sweep import sweep_view

    view = sweep_view(res)
    lines = [_legend(view)]
    if view.band_key is not None:
        lines.append(view.band_key)
    for title, columns, rows in _chart_tables(view):
        lines.extend(["", title, *table(columns, rows)])
    lines.extend(f"warning: {w}" for w in res.warnings)
    return "\n".join(lines)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(res: SweepResult) -> str:
    """The charts as Markdown tables, headed by the legend."""
    from armourpen.view.sweep import sweep_view

    view = sweep_view(res)
    lines = ["Legend: " + ", ".join(f"`{b.symbol}` {meaning}" for b, meaning in view.legend), ""]
    labels = [c.label for c in view.columns]
    for chart in view.charts:
        lines.append(f"### {_md(chart.title)}")
        lines.append("")
        lines.append("| attack | PEN | " + " | ".join(labels) + " |")
        lines.append("|---|---:|" + ":---:|" * len(labels))
        for row in chart.rows:
            lines.append(f"| {_md(row.name)} | {row.pen} | "
                         + " | ".join(b.symbol for b in row.cells) + " |")
        lines.append("")
    for w in view.warnings:
        lines.append(f"> warning: {_md(w)}")
    return "\n".join(lines).rstrip() + "\n"


def render_csv(res: SweepResult) -> str:
    """One row per cell, header :attr:`SweepResult.row_fields`; empty where there is no value."""
    import csv
    import io

    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(res.row_fields), lineterminator="\n")
    writer.writeheader()
    writer.writerows(res.rows())
    return buf.getvalue()


def _bands() -> list[str]:
    from armourpen import RangeBand as Band

    return [b.value for b in Band]


@command("table")
@apply(attack_names, armour_names, cover_names, defence_names)
@click.option("--band", multiple=True, shell_complete=completer(_bands),
              help="Range band key, e.g. long, very_long (repeatable). Default: all 11.")
@click.option("--range", "range_", multiple=True,
              help="Distances instead of bands, e.g. 150m (repeatable).")
@click.option("--from", "from_", multiple=True, shell_complete=complete_direction,
              help="front|rear|left|right|above|below (repeatable; PA-9). Default: front.")
@apply(ammo_name, optional_rules, catalog_files, no_user_catalog)
@click.option("--format", "-f", "format_", default="text", shell_complete=completer(lambda: FORMATS),
              help="text (the chart), csv or json (one row per cell), markdown (the charts as "
                   "tables).")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON (--format json).")
def table(
    attack: Sequence[str],
    armour: Sequence[str],
    cover: Sequence[str],
    defence: Sequence[str],
    band: Sequence[str],
    range_: Sequence[str],
    from_: Sequence[str],
    ammo: str | None,
    optional_rule: Sequence[str],
    catalog: Sequence[Path],
    no_user_catalog: bool,
    format_: str,
    as_json: bool,
) -> None:
    """Chart which attacks defeat which armour and cover at each range band."""
    import armourpen
    from armourpen.tables import PARAMETERS

    fmt = format_.strip().lower()
    if fmt not in FORMATS:
        raise InputError("--format", format_, "allowed: " + ", ".join(FORMATS))
    if as_json:
        if fmt not in ("text", "json"):
            raise InputError("--format", format_, "not with --json (which is --format json): "
                             "give one")
        fmt = "json"
    cat = load_catalog(catalog, no_user_catalog)
    with flag_error(TABLE_FLAGS, only=PARAMETERS):
        res = armourpen.table(
            attacks=attack, armour=armour, cover=cover, defences=defence, bands=band,
            distances=range_, directions=from_ or ("front",), ammo=ammo,
            optional_rules=optional_rule, catalog=cat, limits=limits(),
        )
    _print(res, fmt)


# armourpen.table's parameters -> the options of this command (and of chart and screen)
TABLE_FLAGS = {"attacks": "--attack", "defences": "--defence", "bands": "--band",
          "distances": "--range", "directions": "--from", "optional_rules": "--optional-rule"}


def _print(res: SweepResult, fmt: str) -> None:
    if fmt == "json":
        echo_json(res)
    elif fmt == "csv":
        click.echo(render_csv(res), nl=False)
    elif fmt == "markdown":
        click.echo(render_markdown(res), nl=False)
    else:
        show(lambda: render_chart(res), lambda: render_plain(res))

