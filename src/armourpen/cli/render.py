"""The Rich backend of the neutral layout (:mod:`armourpen.layout`): outcome first, then how."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armourpen.explain import Caution, Step
from armourpen.layout import Badge, Layout, Span, Tone

TONE_STYLES: dict[Tone, str] = {
    Tone.PLAIN: "",
    Tone.STRONG: "bold",
    Tone.HARM: "red",
    Tone.REDUCED: "yellow",
    Tone.SAFE: "green",
    Tone.MUTED: "dim",
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
