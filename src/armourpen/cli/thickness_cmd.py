"""``armourpen thickness``: the thickness curve (PA-11) both ways, with its neighbouring points."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from armourpen.cli.options import console, echo_json, flag_error, json_flag
from armourpen.cli.params import WHOLE, command

if TYPE_CHECKING:
    from armourpen.penav.thickness import ThicknessReport

# the API's parameter -> what the user typed here
_FLAGS = {"mm": "thickness"}


def _render(report: ThicknessReport) -> None:
    from rich.table import Table
    from rich.text import Text

    from armourpen.penav.scale import fmt
    from armourpen.penav.thickness import fmt_mm

    con = console(highlight=False)
    av_text = fmt(report.mm_av, show_structural=True)
    back_av = fmt(report.av, show_structural=True)
    if report.given == "mm":
        con.print(Text.assemble((f"{fmt_mm(report.mm)} mm of RHA -> {av_text}", "bold"),
                                "  (floor: the highest AV it reaches)"))
        con.print(f"{back_av} -> {fmt_mm(report.av_mm)} mm of RHA")
    else:
        con.print(Text(f"{back_av} -> {fmt_mm(report.av_mm)} mm of RHA", "bold"))
        con.print(f"{fmt_mm(report.mm)} mm of RHA -> {av_text}")
    nxt = report.next_point
    if nxt is not None:
        con.print(f"the next AV, {fmt(nxt.av, show_structural=True)}, needs {fmt_mm(nxt.mm)} mm")
    con.print("Neighbouring points of the curve (PA-11):")
    table = Table()
    table.add_column("AV", justify="right")
    table.add_column("SAV", justify="right")
    table.add_column("mm RHA", justify="right")
    table.add_column("")
    here_av, here_mm = (report.mm_av, report.mm) if report.given == "mm" else (report.av,
                                                                              report.av_mm)
    for p in report.neighbours:
        if not report.on_point and p is report.neighbours[-1]:
            # the value itself lies between the points: show it in its place
            table.add_row(str(here_av), f"{here_av / 5:g}", fmt_mm(here_mm),
                          "<- this value (between points)")
        mark = "<- this value" if p.at else ("" if p.table_point else "past the table")
        table.add_row(str(p.av), f"{p.av / 5:g}", fmt_mm(p.mm), mark)
    con.print(table)
    con.print("Steps:")
    for s in report.steps:
        con.print(f"  {s}")


@command("thickness")
@click.argument("value", required=False,
          help="A thickness of RHA: 120mm, 78.75mm, 4cm, 2in (bare number: mm).")
@click.option("--av", type=WHOLE, help="A personal AV, 3 to 1000.")
@click.option("--sav", help="A structural AV, e.g. 12 or 6.8.")
@json_flag
def thickness(value: str | None, av: int | None, sav: str | None, as_json: bool) -> None:
    """The thickness curve (PA-11): mm of RHA to AV (SAV shown) and back, with its neighbours."""
    import armourpen

    with flag_error(_FLAGS):
        report = armourpen.thickness(value, av=av, sav=sav)
    if as_json:
        echo_json(report)
    else:
        _render(report)

