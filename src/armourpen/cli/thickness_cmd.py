"""``armourpen thickness``: the thickness curve (PA-11) both ways, with its neighbouring points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from armourpen.cli.options import echo_json, flag_error, json_flag, show
from armourpen.cli.params import WHOLE, command

if TYPE_CHECKING:
    from armourpen import ThicknessReport

# the API's parameter -> what the user typed here
_FLAGS = {"mm": "thickness"}


def _render(report: ThicknessReport) -> None:
    from armourpen import av_text as fmt
    from armourpen import mm_text as fmt_mm
    from armourpen import structural_text
    from armourpen.layout import Align, Column

    av_text = fmt(report.mm_av, show_structural=True)
    back_av = fmt(report.av, show_structural=True)
    if report.given == "mm":  # the figure asked for first, in bold at a terminal
        first = (f"{fmt_mm(report.mm)} mm of RHA -> {av_text}", "  (floor: the highest AV it reaches)")
        second = f"{back_av} -> {fmt_mm(report.av_mm)} mm of RHA"
    else:
        first = (f"{back_av} -> {fmt_mm(report.av_mm)} mm of RHA", "")
        second = f"{fmt_mm(report.mm)} mm of RHA -> {av_text}"
    lines = [second]
    nxt = report.next_point
    if nxt is not None:
        lines.append(f"the next AV, {fmt(nxt.av, show_structural=True)}, needs {fmt_mm(nxt.mm)} mm")
    lines.append("Neighbouring points of the curve (PA-11):")
    columns = [Column("AV", Align.RIGHT), Column("SAV", Align.RIGHT),
               Column("mm RHA", Align.RIGHT), Column("")]
    rows = []
    here_av, here_mm = (report.mm_av, report.mm) if report.given == "mm" else (report.av,
                                                                              report.av_mm)
    for p in report.neighbours:
        if not report.on_point and p is report.neighbours[-1]:
            # the value itself lies between the points: show it in its place
            rows.append([str(here_av), structural_text(here_av), fmt_mm(here_mm),
                         "<- this value (between points)"])
        mark = "<- this value" if p.at else ("" if p.table_point else "past the table")
        rows.append([str(p.av), structural_text(p.av), fmt_mm(p.mm), mark])
    steps = ["Steps:", *(f"  {s}" for s in report.steps)]

    def rich() -> Any:
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        table = Table()
        for c in columns:
            table.add_column(c.title, justify=c.align.value)
        for row in rows:
            table.add_row(*row)
        return Group(Text.assemble((first[0], "bold"), first[1]), *map(Text, lines), table,
                     *map(Text, steps))

    def plain() -> str:
        from armourpen.cli.plain import table

        return "\n".join([first[0] + first[1], *lines, *table(columns, rows), *steps])

    show(rich, plain, highlight=False)


@command("thickness")
@click.argument("value", required=False,
          help="A thickness of RHA: 120mm, 78.75mm, 4cm, 2in (bare number: mm).")
@click.option("--av", type=WHOLE, help="A personal AV, 3 to 1000.")
@click.option("--sav", help="A structural AV, e.g. 12 or 6.8.")
@json_flag
def thickness(value: str | None, av: int | None, sav: str | None, as_json: bool) -> None:
    """The thickness curve (PA-11): mm of RHA to AV (SAV shown) and back, with its neighbours."""
    import armourpen
    from armourpen.errors import MISSING, InputError

    if value is None and av is None and sav is None:  # in the command's words, not the API's
        raise InputError("thickness", MISSING, "a thickness (e.g. 120mm), --av or --sav is "
                         "required: give exactly one")
    given = [(f, v) for f, v in (("thickness", value), ("--av", av), ("--sav", sav))
             if v is not None]
    if len(given) > 1:
        (first, typed), *others = given
        raise InputError(first, typed, "not with " + " or ".join(
            f"{f} {v}" for f, v in others) + ": give exactly one of a thickness (e.g. 120mm), "
            "--av or --sav")
    with flag_error(_FLAGS):
        report = armourpen.thickness(value, av=av, sav=sav)
    if as_json:
        echo_json(report)
    else:
        _render(report)

