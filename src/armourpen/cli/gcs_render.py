"""The Rich rendering of a GCS character as a GURPS target: figures, hit locations, warnings."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armourpen.cli.render import warnings_text
from armourpen.gcs import GcsBody, GcsCharacter, GcsLocation


def dr_text(loc: GcsLocation) -> str:
    """``4`` or ``4, burning 6``: the DR against all, then the whole DR against each kind."""
    return ", ".join([str(loc.dr_all), *(f"{k} {v}" for k, v in loc.dr_by_kind.items())])


def _traits(c: GcsCharacter) -> str:
    parts = [
        "injury tolerance: " + (", ".join(c.injury_tolerance) or "none"),
        f"hardened: {c.hardened}",
        f"perfect balance: {'yes' if c.perfect_balance else 'no'}",
    ]
    if c.vulnerabilities:
        parts.append("vulnerabilities: " + ", ".join(
            f"x{v.multiplier if v.multiplier is not None else '?'} {v.against}"
            for v in c.vulnerabilities))
    return "; ".join(parts)


def _locations(body: GcsBody, title: str) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False)
    table.add_column(f"roll ({body.roll})", justify="right")
    table.add_column("location")
    table.add_column("id", style="dim")
    table.add_column("DR", justify="right")
    for loc in body.locations:
        table.add_row(loc.roll or "-", loc.table_name, loc.id, dr_text(loc))
    return table


def render_gcs(c: GcsCharacter) -> RenderableType:
    """The figures a shot needs, the body's table (and sub-tables), then the warnings."""
    head = Text.assemble(
        (c.name, "bold"), f": HP {c.hp}, ST {c.st}, HT {c.ht}; body type ",
        (c.body.name or "(unnamed)", "bold"),
    )
    parts: list[RenderableType] = [head, Text(_traits(c)), _locations(c.body, "Hit locations")]
    for loc in c.body.locations:
        if loc.sub_table is not None:
            parts.append(_locations(loc.sub_table, f"{loc.table_name}: sub-table"))
    warn = warnings_text(c.warnings)
    if warn is not None:
        parts.append(warn)
    return Group(*parts)
