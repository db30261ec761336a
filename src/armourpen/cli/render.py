"""Rich renderings of PEN/AV outcomes: the result first, then the explanation step by step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armourpen.explain import Caution, Step

if TYPE_CHECKING:
    from armourpen.penav.outcome import PenavOutcome

_STYLE = {
    "penetrated": ("bold red", "penetrates"),
    "penetrated_reduced": ("bold yellow", "penetrates, wound roll -4"),
    "stopped": ("bold green", "stopped"),
    "not_reached": ("dim", "not reached"),
}


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


def outcome_group(
    head: RenderableType, table: RenderableType, warnings: tuple[Caution, ...],
    steps: tuple[Step, ...],
) -> Group:
    """The layout every outcome shares: what happened first, then warnings, then how (AP-1)."""
    parts: list[RenderableType] = [head, table]
    warn = warnings_text(warnings)
    if warn is not None:
        parts.append(warn)
    parts.append(steps_table(steps))
    return Group(*parts)


def render_penav(outcome: PenavOutcome) -> RenderableType:
    a = outcome.attack
    where = "contact" if a.distance is None else a.distance
    head = Text.assemble(
        (a.name, "bold"),
        f" at {where} ({a.range_band.replace('_', ' ')}), from {a.direction}: ",
        (f"PEN {a.pen}", "bold"),
        f", ammo {a.ammo}, DC modifier {a.dc_modifier:+d}",
        f", DC {a.dc}" if a.dc is not None else "",
    )
    table = Table(show_edge=False)
    table.add_column("target")
    table.add_column("AV", justify="right")
    table.add_column("outcome")
    table.add_column("wound", justify="right")
    for t in outcome.targets:
        style, word = _STYLE[t.result.value]
        av = "-" if t.av is None else str(t.av)
        if t.structural and t.av is not None:
            av += f" (SAV {t.av / 5:g})"
        wound = "" if t.wound_modifier is None else f"{t.wound_modifier:+d}"
        table.add_row(t.name, av, Text(word, style=style), wound)
    return outcome_group(head, table, outcome.warnings, outcome.steps)
