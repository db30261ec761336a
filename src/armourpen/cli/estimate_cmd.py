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


def _render(report: Estimate) -> None:
    """The library's report of the estimate (:func:`armourpen.estimate_report`), drawn."""
    from armourpen import estimate_report

    shown = estimate_report(report)

    def rich() -> Any:
        from armourpen.cli.render import render_report

        return render_report(shown)

    def plain() -> str:
        from armourpen.cli.plain import render_report

        return render_report(shown)

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
