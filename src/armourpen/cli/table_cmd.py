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
    limits,
    load_catalog,
    no_user_catalog,
    optional_rules,
    show,
)
from armourpen.cli.params import apply, command, complete_direction, completer
from armourpen.errors import InputError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armourpen.grid import SweepResult
    from armourpen.layout import Column

FORMATS = ("text", "csv", "json", "markdown")
_SHORT = {
    "contact": "C", "point_blank": "PB", "close": "Cl", "short": "S", "medium": "M", "long": "L",
    "very_long": "VL", "far": "F", "very_far": "VF", "distant": "D", "very_distant": "VD",
}
_STYLE = {"✓": "bold red", "≈": "bold yellow", "·": "green"}


def _charts(res: SweepResult) -> list[tuple[int, list[int], int]]:
    """(defence, directions, representative direction): directions with the same AV share a chart."""
    charts = []
    for j in range(len(res.defences)):
        groups: dict[int, list[int]] = {}
        for l in range(len(res.directions)):  # noqa: E741
            groups.setdefault(int(res.av[j, l]), []).append(l)
        for ls in groups.values():
            charts.append((j, ls, ls[0]))
    return charts


def _title(res: SweepResult, j: int, ls: list[int]) -> str:
    d = res.defences[j]
    av = int(res.av[j, ls[0]])
    shown = f"AV {av}" + (f" (SAV {av / 5:g})" if d.structural else "")
    dirs = ", ".join(res.directions[l].value for l in ls)  # noqa: E741
    return f"{d.name}: {shown}, from {dirs}"


def _pen(res: SweepResult, i: int) -> str:
    a = res.attacks[i]
    return f"{a.pen}" + (f" (SPEN {a.pen / 5:g})" if a.structural else "")


def _symbols() -> list[str]:
    """The chart symbol of each outcome code."""
    from armourpen.grid import CODE_RESULTS, SYMBOLS

    return [SYMBOLS[r] for r in CODE_RESULTS]


def _legend() -> str:
    from armourpen.grid import LEGEND

    return "   ".join(f"{s} {text}" for s, text in LEGEND.items())


def _chart_tables(res: SweepResult) -> list[tuple[str, list[Column], list[list[str]]]]:
    """Each chart's title, columns and rows (attack, PEN, a symbol per band or distance)."""
    from armourpen.layout import Align, Column

    symbols = _symbols()
    banded = all(d is None for d in res.distances)
    columns = [Column("attack"), Column("PEN", Align.RIGHT)] + [
        Column(_SHORT[res.bands[k].value] if banded else res.column_label(k), Align.CENTER)
        for k in range(len(res.bands))
    ]
    charts = []
    for j, ls, l in _charts(res):  # noqa: E741
        codes = res.outcome[:, j, :, l].tolist()
        rows = [[res.attacks[i].name, _pen(res, i), *(symbols[c] for c in codes[i])]
                for i in range(len(res.attacks))]
        charts.append((_title(res, j, ls), columns, rows))
    return charts


def _band_key(res: SweepResult) -> str | None:
    """The key to the band columns, when the columns are bands."""
    if not all(d is None for d in res.distances):
        return None
    return "bands: " + ", ".join(f"{_SHORT[b.value]} {b.label}" for b in res.bands)


def render_chart(res: SweepResult) -> RenderableType:
    """The Rich charts: one per defence and group of directions that meet the same AV."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = [Text(_legend(), style="bold")]
    key = _band_key(res)
    if key is not None:
        parts.append(Text(key, style="dim"))
    for title, columns, rows in _chart_tables(res):
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

    lines = [_legend()]
    key = _band_key(res)
    if key is not None:
        lines.append(key)
    for title, columns, rows in _chart_tables(res):
        lines.extend(["", title, *table(columns, rows)])
    lines.extend(f"warning: {w}" for w in res.warnings)
    return "\n".join(lines)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(res: SweepResult) -> str:
    """The charts as Markdown tables, headed by the legend."""
    from armourpen.grid import LEGEND

    symbols = _symbols()
    lines = ["Legend: " + ", ".join(f"`{s}` {t}" for s, t in LEGEND.items()), ""]
    labels = [res.bands[k].label if res.distances[k] is None else res.column_label(k)
              for k in range(len(res.bands))]
    for j, ls, l in _charts(res):  # noqa: E741
        lines.append(f"### {_md(_title(res, j, ls))}")
        lines.append("")
        lines.append("| attack | PEN | " + " | ".join(labels) + " |")
        lines.append("|---|---:|" + ":---:|" * len(labels))
        codes = res.outcome[:, j, :, l].tolist()
        for i in range(len(res.attacks)):
            cells = [symbols[c] for c in codes[i]]
            lines.append(f"| {_md(res.attacks[i].name)} | {_pen(res, i)} | " + " | ".join(cells)
                         + " |")
        lines.append("")
    for w in res.warnings:
        lines.append(f"> warning: {_md(str(w))}")
    return "\n".join(lines).rstrip() + "\n"


def render_csv(res: SweepResult) -> str:
    """One row per cell, header :data:`armourpen.grid.ROW_FIELDS`; empty where there is no value."""
    import csv
    import io

    from armourpen.grid import ROW_FIELDS

    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(ROW_FIELDS), lineterminator="\n")
    writer.writeheader()
    writer.writerows(res.rows())
    return buf.getvalue()


def _bands() -> list[str]:
    from armourpen.penav.ranges import Band

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
) -> None:
    """Chart which attacks defeat which armour and cover at each range band."""
    import armourpen
    from armourpen.tables import PARAMETERS

    fmt = format_.strip().lower()
    if fmt not in FORMATS:
        raise InputError("--format", format_, "allowed: " + ", ".join(FORMATS))
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

