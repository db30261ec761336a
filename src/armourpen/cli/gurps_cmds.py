"""``armourpen roll`` (GU-1): parse and roll GURPS damage."""

from __future__ import annotations

import click

from armourpen.cli.options import echo_json, flag_error, json_flag
from armourpen.cli.params import WHOLE, command


@command("roll")
@click.argument("damage", help="GURPS damage, e.g. '7d(2) pi-' or '3d-1 cr'.")
@click.option("--seed", type=WHOLE, help="Seed for a replayable roll (a fresh one if not given).")
@json_flag
def roll(damage: str, seed: int | None, as_json: bool) -> None:
    """Roll GURPS damage: the dice, the basic damage (GU-2) and the canonical notation (GU-1)."""
    import armourpen
    from armourpen import dice_text, fresh_seed

    with flag_error(only=("seed",)):
        rolled = armourpen.roll(damage, fresh_seed() if seed is None else seed)
    if as_json:
        echo_json(rolled)
        return
    d = rolled.damage
    adds = f" {d.adds:+d}" if d.adds else ""
    mult = f" x{d.multiplier}" if d.multiplier != 1 else ""
    click.echo(f"{d}  (seed {rolled.seed})")
    # the first dice and how many, as the outcome's head line (--json keeps them all)
    click.echo(f"dice: {dice_text(rolled.dice)}{adds} = {rolled.roll}{mult}")
    click.echo(f"basic damage: {rolled.basic_damage}")
    for s in rolled.steps:
        click.echo(f"  {s}")

