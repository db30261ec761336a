"""``armourpen roll`` (GU-1) and the Rich rendering of GURPS outcomes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from armourpen.cli.app import guarded
from armourpen.cli.options import Json, echo_json

if TYPE_CHECKING:
    from armourpen.gurps.outcome import GurpsOutcome


def render_gurps_outcome(outcome: GurpsOutcome) -> RenderableType:
    """The outcome first (a table of the line), then one line per step with its ruling id."""
    from armourpen.cli.render import outcome_group

    roll = f"roll {outcome.roll}"
    if outcome.dice is not None:
        roll = f"dice {' '.join(map(str, outcome.dice))} -> {roll} (seed {outcome.seed})"
    head = Text.assemble(
        (str(outcome.damage), "bold"),
        f", {'ranged' if outcome.ranged else 'melee'}, {outcome.location.value}: {roll}, ",
        (f"basic damage {outcome.basic_damage}", "bold"),
    )
    table = Table(show_edge=False)
    table.add_column("#", justify="right", style="dim")
    table.add_column("in the line")
    table.add_column("DR faced", justify="right")
    table.add_column("penetrating", justify="right")
    table.add_column("injury", justify="right")
    table.add_column("cover DR", justify="right")
    table.add_column("shot")
    rows: list[tuple[int, list[RenderableType]]] = []
    for t in outcome.chain.targets:
        if not t.reached:
            cells: list[RenderableType] = [t.name, "", "", "", "", Text("not reached", "dim")]
        elif not t.hit:
            cells = [t.name, "", "", "", "", Text("misses it (GU-8)", "dim")]
        else:
            faced = str(t.effective_dr)
            if t.dr_in_front:
                faced = f"{t.dr_in_front} + {t.own_dr} = {t.effective_dr}"
            shot = _shot_word(t.overpenetrates, outcome.chain.can_overpenetrate)
            cells = [
                t.name,
                faced,
                str(t.penetrating),
                Text(str(t.injury), "bold red" if t.injury else "green"),
                str(t.cover_dr) if outcome.chain.can_overpenetrate else "",
                shot,
            ]
        rows.append((t.index, cells))
    for c in outcome.chain.covers:
        if not c.reached:
            cells = [f"cover: {c.name}", "", "", "", "", Text("not reached", "dim")]
        else:
            cells = [
                f"cover: {c.name}",
                "",
                "",
                "",
                str(c.cover_dr) if outcome.chain.can_overpenetrate else "",
                _shot_word(c.overpenetrates, outcome.chain.can_overpenetrate),
            ]
        rows.append((c.index, cells))
    for index, cells in sorted(rows, key=lambda r: r[0]):
        table.add_row(str(index), *cells)
    return outcome_group(head, table, outcome.warnings, outcome.steps)


def _shot_word(passes: bool, can: bool) -> Text:
    if passes:
        return Text("goes through", "bold yellow")
    return Text("stops here", "green" if can else "dim")


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
