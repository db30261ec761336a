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
    echo_json,
    load_catalog,
    load_scenario_file,
)
from armourpen.errors import InputError, ScenarioError

_FLAG_FOR = {
    "attack.weapon": "--weapon",
    "attack.range": "--range",
    "attack.from": "--from",
    "attack.ammo": "--ammo",
    "attack.elevation": "--elevation",
    "attack.azimuth": "--azimuth",
}


def _as_flag_error(exc: InputError, n_covers: int) -> InputError:
    """Name the quick flag the user typed rather than the scenario key it became."""
    import re

    field = _FLAG_FOR.get(exc.field, exc.field)
    if m := re.fullmatch(r"line\[(\d+)\]\.cover", exc.field):
        field = f"--cover #{int(m.group(1)) + 1}"
    elif m := re.fullmatch(r"line\[\d+\]\.armour\[(\d+)\]", exc.field):
        field = f"--armour #{int(m.group(1)) + 1}"
    elif re.fullmatch(r"line\[\d+\]\.(vehicle|face|face\..*)", exc.field):
        field = "--" + exc.field.split(".", 1)[1].split(".")[0]
    elif m := re.fullmatch(r"optional_rules\[(\d+)\]", exc.field):
        field = f"--optional-rule #{int(m.group(1)) + 1}"
    if field == exc.field:
        return exc
    return type(exc)(field, exc.value, exc.allowed) if type(exc) in (InputError, ScenarioError) \
        else InputError(field, exc.value, exc.allowed)


def print_outcome(outcome: Any, as_json: bool) -> None:
    """``--json``, or the rule set's layout through the Rich backend."""
    if as_json:
        echo_json(outcome)
        return
    from rich.console import Console

    from armourpen.cli.render import render_layout
    from armourpen.rulesets import rule_set_of

    Console().print(render_layout(rule_set_of(outcome).layout(outcome)))


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
        cat = load_catalog(catalog, no_user_catalog)
        if weapon is None:
            raise ScenarioError("--weapon", "(missing)",
                                "give a scenario file, or --weapon NAME with --range or --contact")
        from armourpen.scenario import penav_from_flags

        data = penav_from_flags(
            weapon=weapon, range_=range_, contact=contact, armour=armour or [],
            cover=cover or [], direction=from_, ammo=ammo,
            optional_rules=optional_rule or [], target=target, vehicle=vehicle, face=face,
            elevation=elevation, azimuth=azimuth,
        )
        try:
            sc = armourpen.load_scenario(data, cat)
        except InputError as exc:
            raise _as_flag_error(exc, len(cover or [])) from None
    from armourpen.rulesets import rule_set_of

    seed = None
    if rule_set_of(sc).rolls_dice:  # drawn here, shown in the outcome: any roll can be replayed
        from armourpen.gurps.dice import fresh_seed

        seed = fresh_seed()
    print_outcome(armourpen.resolve(sc, seed), as_json)


def register(app: typer.Typer) -> None:
    app.command("resolve")(resolve)
