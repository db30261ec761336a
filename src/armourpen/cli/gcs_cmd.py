"""``armourpen gcs show FILE``: what a GCS character file gives a GURPS target."""

from __future__ import annotations

from pathlib import Path

import click

from armourpen.cli.options import echo_json, json_flag, show_layout
from armourpen.cli.params import PATH, Group, limits

gcs = Group("gcs", help="Read GCS (GURPS Character Sheet) character files as GURPS targets.")


@gcs.command("show")
@click.argument("file", type=PATH, help="A .gcs character file (GCS 5).")
@click.option("--weapons", "weapons", is_flag=True,
              help="List the sheet's weapons (usage, damage, skill, RoF, Rcl, 1/2D) instead, "
                   "marking those armourpen cannot use, with why.")
@json_flag
def show(file: Path, weapons: bool, as_json: bool) -> None:
    """Show HP, ST, HT, the body's hit locations with roll ranges and DR, traits and warnings."""
    from armourpen import load_gcs

    character = load_gcs(file, limits=limits())  # ARMOURPEN_MAX_GCS_BYTES
    if weapons:
        from armourpen import gcs_weapons_answer as weapons_answer
        from armourpen import gcs_weapons_layout as weapons_layout

        if as_json:
            echo_json(weapons_answer(character))
            return
        show_layout(weapons_layout(character))
        return
    if as_json:
        echo_json(character)
        return
    from armourpen import gcs_layout as layout

    show_layout(layout(character))

