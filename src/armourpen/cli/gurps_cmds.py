"""``armourpen roll`` (GU-1): parse and roll GURPS damage."""

from __future__ import annotations

from typing import Annotated

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import Json, echo_json, flag_error


@guarded
def roll(
    damage: Annotated[str, typer.Argument(help="GURPS damage, e.g. '7d(2) pi-' or '3d-1 cr'.")],
    seed: Annotated[
        int | None, typer.Option(help="Seed for a replayable roll (a fresh one if not given).")
    ] = None,
    as_json: Json = False,
) -> None:
    """Roll GURPS damage: the dice, the basic damage (GU-2) and the canonical notation (GU-1)."""
    import armourpen
    from armourpen.gurps.dice import fresh_seed

    with flag_error(only=("seed",)):
        rolled = armourpen.roll(damage, fresh_seed() if seed is None else seed)
    if as_json:
        echo_json(rolled)
        return
    d = rolled.damage
    adds = f" {d.adds:+d}" if d.adds else ""
    mult = f" x{d.multiplier}" if d.multiplier != 1 else ""
    typer.echo(f"{d}  (seed {rolled.seed})")
    typer.echo(f"dice: {' '.join(map(str, rolled.dice))}{adds} = {rolled.roll}{mult}")
    typer.echo(f"basic damage: {rolled.basic_damage}")
    for s in rolled.steps:
        typer.echo(f"  {s}")


def register(app: typer.Typer) -> None:
    app.command("roll")(roll)
