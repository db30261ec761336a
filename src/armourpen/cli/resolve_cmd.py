"""``armourpen resolve``: one scenario file, or the quick flags for the common case."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import (
    CatalogFiles,
    Json,
    NoUserCatalog,
    console,
    echo_json,
    flag_error,
    load_catalog,
    load_scenario_file,
)
from armourpen.errors import ScenarioError

# quick_scenario's parameters whose option is not simply --NAME
_FLAGS = {"optional_rules": "--optional-rule"}


def print_outcome(outcome: Any, as_json: bool) -> None:
    """``--json``, or the rule set's layout through the Rich backend."""
    if as_json:
        echo_json(outcome)
        return
    from armourpen.cli.render import render_layout
    from armourpen.rulesets import rule_set_of

    console().print(render_layout(rule_set_of(outcome).layout(outcome)))


@guarded
def resolve(
    scenario: Annotated[
        Path | None, typer.Argument(help="A scenario file (.toml or .json).", show_default=False)
    ] = None,
    weapon: Annotated[str | None, typer.Option(help="Attack profile from the catalog.")] = None,
    range_: Annotated[
        str | None, typer.Option("--range", help="Distance, e.g. 150m, 80yd, 300ft, 1.2km.")
    ] = None,
    contact: Annotated[bool, typer.Option(help="The weapon touches the target (PA-3).")] = False,
    armour: Annotated[
        list[str] | None, typer.Option(help="Worn armour (repeat for layers).")
    ] = None,
    cover: Annotated[
        list[str] | None, typer.Option(help="Cover in front of the target (repeatable).")
    ] = None,
    from_: Annotated[
        str, typer.Option("--from", help="front|rear|left|right|above|below (PA-9).")
    ] = "front",
    ammo: Annotated[str | None, typer.Option(help="Ammunition type (PA-6).")] = None,
    optional_rule: Annotated[
        list[str] | None, typer.Option(help="Optional rule to turn on, e.g. rifle_ball_as_sp.")
    ] = None,
    target: Annotated[str, typer.Option(help="Name of the target.")] = "target",
    vehicle: Annotated[
        str | None, typer.Option(help="The target is this catalog vehicle (PA-10).")
    ] = None,
    face: Annotated[
        str | None, typer.Option(help="The vehicle face hit (default: from the direction).")
    ] = None,
    elevation: Annotated[
        float | None, typer.Option(help="Degrees above the horizontal, seen from the target.")
    ] = None,
    azimuth: Annotated[
        float | None, typer.Option(help="Degrees off square to the plate (PA-10).")
    ] = None,
    catalog: CatalogFiles = None,
    no_user_catalog: NoUserCatalog = False,
    as_json: Json = False,
) -> None:
    """Resolve one attack against its line of fire and explain every step."""
    import armourpen

    flags_used = any([weapon, range_, contact, armour, cover, ammo, optional_rule, vehicle, face]) \
        or elevation is not None or azimuth is not None
    if scenario is not None:
        if flags_used:
            raise ScenarioError("--weapon", weapon or "(quick flags)",
                                "give a scenario file or quick flags, not both")
        sc = load_scenario_file(scenario, catalog, no_user_catalog)
    else:
        from armourpen.penav.quick import PARAMETERS

        cat = load_catalog(catalog, no_user_catalog)
        with flag_error(_FLAGS, only=PARAMETERS):
            sc = armourpen.quick_scenario(
                weapon=weapon, range=range_, contact=contact, armour=armour or (),
                cover=cover or (), from_=from_, ammo=ammo, optional_rules=optional_rule or (),
                target=target, vehicle=vehicle, face=face, elevation=elevation, azimuth=azimuth,
                catalog=cat,
            )
    from armourpen.rulesets import rule_set_of

    seed = None
    if rule_set_of(sc).rolls_dice:  # drawn here, shown in the outcome: any roll can be replayed
        from armourpen.gurps.dice import fresh_seed

        seed = fresh_seed()
    print_outcome(armourpen.resolve(sc, seed), as_json)


def register(app: typer.Typer) -> None:
    app.command("resolve")(resolve)
