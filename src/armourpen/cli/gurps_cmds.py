"""``armourpen roll`` (GU-1): parse and roll GURPS damage."""

from __future__ import annotations

from typing import Annotated

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import Json, echo_json


@guarded
def roll(
    damage: Annotated[str, typer.Argument(help="GURPS damage, e.g. '7d(2) pi-' or '3d-1 cr'.")],
    seed: Annotated[
        int | None, typer.Option(help="Seed for a replayable roll (a fresh one if not given).")
    ] = None,
    as_json: Json = False,
) -> None:
    """Roll GURPS damage: the dice, the basic damage (GU-2) and the canonical notation (GU-1)."""
    from armourpen.errors import InputError
    from armourpen.gurps.damage import basic_damage
    from armourpen.gurps.dice import MAX_SEED, fresh_seed, roll_damage
    from armourpen.gurps.notation import Damage

    parsed = Damage.parse(damage)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise InputError("--seed", seed, f"a whole number from 0 to {MAX_SEED}")
    used = fresh_seed() if seed is None else seed
    rolled = roll_damage(parsed, used)
    basic = basic_damage(parsed, rolled.total)
    if as_json:
        out = {
            "damage": str(parsed),
            "dice": list(rolled.dice),
            "adds": parsed.adds,
            "multiplier": parsed.multiplier,
            "roll": rolled.total,
            "basic_damage": basic.value,
            "seed": used,
            "steps": [s.to_dict() for s in basic.steps],
        }
        echo_json(out)
        return
    adds = f" {parsed.adds:+d}" if parsed.adds else ""
    mult = f" x{parsed.multiplier}" if parsed.multiplier != 1 else ""
    typer.echo(f"{parsed}  (seed {used})")
    typer.echo(f"dice: {' '.join(map(str, rolled.dice))}{adds} = {rolled.total}{mult}")
    typer.echo(f"basic damage: {basic.value}")
    for s in basic.steps:
        typer.echo(f"  {s}")


def register(app: typer.Typer) -> None:
    app.command("roll")(roll)
