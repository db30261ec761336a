"""``armourpen estimate``: a suggested PEN, range column and band figures for a round from its
ballistics, fitted to the text's own rows (PA-1, PA-4, PA-11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from armourpen.cli.options import echo_json, flag_error, json_flag, show
from armourpen.cli.params import command

if TYPE_CHECKING:
    from armourpen import Estimate

_BULLETS = ("ball", "lead", "soft", "ap", "sub_calibre")


def _pen(pen: int, structural: bool) -> str:
    return f"PEN {pen} (SPEN {pen / 5:g})" if structural else f"PEN {pen}"


def _render(report: Estimate) -> None:
    from armourpen.layout import Align, Column

    interval = ("no interval: outside the text's rows" if report.low is None else
                f"the text would give PEN {report.low} to {report.high}")
    head = (f"{_pen(report.pen, report.structural)}  ({interval}); range column "
            f"{report.column.value}; DC: none (the text gives none)")
    bands = [Column("band"), Column("PEN", Align.RIGHT), Column("DC mod", Align.RIGHT)]
    band_rows = [[f.band.label, str(f.pen), f"{f.dc_modifier:+d}"] for f in report.bands]
    near = [Column("nearest rows of the text"), Column("PEN", Align.RIGHT),
            Column("calibre", Align.RIGHT), Column("mass", Align.RIGHT),
            Column("velocity", Align.RIGHT), Column("bullet")]
    near_rows = [[r.name, str(r.pen), f"{r.ballistics.calibre_mm:g} mm",
                  f"{r.ballistics.mass_g:g} g", f"{r.ballistics.velocity_mps:g} m/s",
                  r.ballistics.bullet.value] for r in report.nearest]
    steps = ["Steps:", *(f"  {s}" for s in report.steps),
             *(f"Warning: {w}" for w in report.warnings)]

    def rich() -> Any:
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        tables = []
        for columns, rows in ((bands, band_rows), (near, near_rows)):
            table = Table()
            for c in columns:
                table.add_column(c.title, justify=c.align.value)
            for row in rows:
                table.add_row(*row)
            tables.append(table)
        return Group(Text(head, style="bold"), *tables, *map(Text, steps))

    def plain() -> str:
        from armourpen.cli.plain import table

        return "\n".join([head, *table(bands, band_rows), "", *table(near, near_rows), *steps])

    show(rich, plain, highlight=False)


@command("estimate")
@click.option("--calibre", required=True,
              help="The calibre (a sub-calibre round's penetrator): 6.5mm, .308in, 2cm; a bare "
                   "number is mm from 1 and inches under 1: .308 is .308in.")
@click.option("--mass", required=True, help="The bullet's mass: 9g, 147gr, 10.2kg (bare: g).")
@click.option("--velocity", required=True,
              help="The muzzle velocity: 820m/s, 2700fps, 1.6km/s (bare: m/s).")
@click.option("--bullet", default="ball", show_default=True,
              help="How it is built: " + ", ".join(_BULLETS) + ".")
@click.option("--handgun", "column", flag_value="handgun", default=None,
              help="Use the Handgun/SMG range column (PA-4).")
@click.option("--rifle", "column", flag_value="rifle", help="Use the Rifle/MG range column (PA-4).")
@json_flag
def estimate(calibre: str, mass: str, velocity: str, bullet: str, column: str | None,
             as_json: bool) -> None:
    """Suggest a PEN for a round from its ballistics, fitted to the text's own rows."""
    import armourpen

    with flag_error({"column": "--handgun/--rifle"}):
        report = armourpen.estimate(calibre=calibre, mass=mass, velocity=velocity,
                                    bullet=bullet, column=column)
    if as_json:
        echo_json(report)
    else:
        _render(report)
