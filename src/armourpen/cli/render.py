"""The Rich backend of the neutral layout (:mod:`armourpen.layout`): outcome first, then how."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armourpen.explain import Caution, Step
from armourpen.layout import Badge, Chart, Layout, Report, Span, Tone
from armourpen.layout import Table as TableBlock

TONE_STYLES: dict[Tone, str] = {
    Tone.PLAIN: "",
    Tone.STRONG: "bold",
    Tone.HARM: "red",
    Tone.REDUCED: "yellow",
    Tone.SAFE: "green",
    Tone.MUTED: "dim",
    Tone.TITLE: "bold cyan",
}


def _style(tone: Tone, badge: bool = False) -> str:
    style = TONE_STYLES[tone]
    return f"bold {style}" if badge and tone not in (Tone.PLAIN, Tone.MUTED) else style


def cell(c: Span | Badge) -> Text:
    """A layout cell as Rich text: a badge shows its word, bold in its tone."""
    if isinstance(c, Badge):
        return Text(c.word, _style(c.tone, badge=True))
    return Text(c.text, _style(c.tone, badge=c.tone in (Tone.HARM,)))


def steps_table(steps: tuple[Step, ...]) -> Table:
    """One line per step, its ruling id first (AP-1)."""
    table = Table(title="How", title_justify="left", show_header=False, box=None, pad_edge=False)
    table.add_column("rule", style="cyan", no_wrap=True)
    table.add_column("step")
    for s in steps:
        table.add_row(s.rule, s.text)
    return table


def warnings_text(warnings: tuple[Caution, ...]) -> RenderableType | None:
    if not warnings:
        return None
    return Text("\n".join(f"warning: {w}" for w in warnings), style="yellow")


def render_layout(layout: Layout) -> RenderableType:
    """The head line, the table with a badge per row, the warnings, then the steps."""
    head = Text.assemble(*((s.text, _style(s.tone)) for s in layout.head))
    table = Table(show_edge=False)
    for column in layout.columns:
        table.add_column(column.title, justify=column.align.value)
    for row in layout.rows:
        table.add_row(*(cell(c) for c in row.cells))
    parts: list[RenderableType] = [head, table]
    parts.extend(Text.assemble(*((s.text, _style(s.tone)) for s in line)) for line in layout.notes)
    warn = warnings_text(layout.warnings)
    if warn is not None:
        parts.append(warn)
    if layout.steps:  # an outcome always has steps; a layout of data (a GCS file) has none
        parts.append(steps_table(layout.steps))
    return Group(*parts)


CHART_BAR_WIDTH = 30  # the chart's bars are at most this long (armourpen.view.odds_report)


def _chart(chart: Chart) -> Table:
    table = Table(show_header=True, box=None, padding=(0, 1), pad_edge=False)
    table.add_column("injury", justify="right", style="bold")
    table.add_column("", min_width=CHART_BAR_WIDTH)
    table.add_column("chance", justify="right")
    for (label, bar, chance), harm in zip(chart.rows, chart.harm, strict=True):
        table.add_row(label, Text(bar, "red" if harm else "green"), chance)
    return table


def render_report(report: Report) -> RenderableType:
    """A report's blocks for a terminal: styled lines, tables, charts with coloured bars."""
    out: list[RenderableType] = []
    for block in report.blocks:
        if isinstance(block, TableBlock):
            table = Table()
            for c in block.columns:
                table.add_column(c.title, justify=c.align.value)
            for row in block.rows:
                table.add_row(*row)
            out.append(table)
        elif isinstance(block, Chart):
            out.append(_chart(block))
        else:
            out.append(Text.assemble(*((s.text, TONE_STYLES[s.tone]) for s in block)))
    return Group(*out)
