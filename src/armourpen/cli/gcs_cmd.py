"""``armourpen gcs show FILE``: what a GCS character file gives a GURPS target."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import Json, console, echo_json

gcs_app = typer.Typer(
    name="gcs",
    help="Read GCS (GURPS Character Sheet) character files as GURPS targets.",
    no_args_is_help=True,
)


@gcs_app.command("show")
@guarded
def show(
    file: Annotated[Path, typer.Argument(help="A .gcs character file (GCS 5).", show_default=False)],
    json: Json = False,
) -> None:
    """Show HP, ST, HT, the body's hit locations with roll ranges and DR, traits and warnings."""
    from armourpen.gcs import load_gcs

    character = load_gcs(file)
    if json:
        echo_json(character)
        return
    from armourpen.cli.render import render_layout
    from armourpen.gcs.layout import layout

    console().print(render_layout(layout(character)))


def register(app: typer.Typer) -> None:
    app.add_typer(gcs_app, name="gcs")
