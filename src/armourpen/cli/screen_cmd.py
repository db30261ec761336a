"""``armourpen screen``: the printable GM screen as a PDF (see :mod:`armourpen.charts.screen`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import (
    AmmoName,
    ArmourNames,
    AttackNames,
    CatalogFiles,
    CoverNames,
    DefenceNames,
    NoUserCatalog,
    OptionalRules,
)
from armourpen.errors import InputError


@guarded
def screen(
    out: Annotated[Path, typer.Option("--out", "-o", help="The PDF file to write.", metavar="FILE",
                                      show_default=False)],
    attack: AttackNames = None,
    armour: ArmourNames = None,
    cover: CoverNames = None,
    defence: DefenceNames = None,
    from_: Annotated[
        list[str] | None,
        typer.Option("--from", help="front|rear|left|right|above|below (repeatable; PA-9). "
                     "Default: front."),
    ] = None,
    ammo: AmmoName = None,
    optional_rule: OptionalRules = None,
    paper: Annotated[str, typer.Option(help="a4 or letter, landscape.")] = "a4",
    catalog: CatalogFiles = None,
    no_user_catalog: NoUserCatalog = False,
) -> None:
    """A printable GM screen: a page of attacks x range bands per AV met, and the thickness page."""
    from armourpen.charts.screen import PAPERS
    from armourpen.cli.chart_cmd import sweep_inputs
    from armourpen.cli.options import flag_error
    from armourpen.cli.outfile import check_writable, out_format, write_whole
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS

    out_format(out, ("pdf",))
    check_writable(out)
    if paper.strip().lower() not in PAPERS:
        raise InputError("--paper", paper, "allowed: " + ", ".join(PAPERS))
    from armourpen.charts.screen import screen_pdf
    from armourpen.grid import sweep

    cat, attacks, defences = sweep_inputs(catalog, no_user_catalog, attack, armour, cover, defence,
                                          every_armour=True)
    with flag_error(TABLE_FLAGS, only=PARAMETERS):
        res = sweep(attacks, defences, directions=from_ or ["front"],
                    optional_rules=optional_rule or [], catalog=cat, ammo=ammo)
    write_whole(out, screen_pdf(res, paper, field="--paper"))


def register(app: typer.Typer) -> None:
    app.command("screen")(screen)
