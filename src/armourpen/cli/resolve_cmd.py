"""``armourpen resolve``: one scenario file, or the quick flags for the common case."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from armourpen.cli.options import (
    catalog_files,
    echo_json,
    flag_error,
    json_flag,
    load_catalog,
    load_scenario_file,
    no_user_catalog,
    outside_files,
    show_layout,
)
from armourpen.cli.params import (
    NUMBER,
    PATH,
    command,
    complete_catalog,
    complete_direction,
)
from armourpen.errors import ScenarioError

# quick_scenario's parameters whose option is not simply --NAME
_FLAGS = {"optional_rules": "--optional-rule"}


def print_outcome(outcome: Any, as_json: bool) -> None:
    """``--json``, or the rule set's layout (Rich at a terminal, plain text otherwise)."""
    if as_json:
        echo_json(outcome)
        return
    from armourpen.rulesets import rule_set_of

    show_layout(rule_set_of(outcome).layout(outcome))


@command("resolve")
@click.argument("scenario", required=False, type=PATH, help="A scenario file (.toml or .json).")
@click.option("--weapon", shell_complete=complete_catalog("attack"),
              help="Attack profile from the catalog.")
@click.option("--range", "range_", help="Distance, e.g. 150m, 80yd, 300ft, 1.2km.")
@click.option("--contact/--no-contact", default=False,
              help="The weapon touches the target (PA-3).")
@click.option("--armour", multiple=True, shell_complete=complete_catalog("armour"),
              help="Worn armour (repeat for layers).")
@click.option("--cover", multiple=True, shell_complete=complete_catalog("cover"),
              help="Cover in front of the target (repeatable).")
@click.option("--from", "from_", default="front", shell_complete=complete_direction,
              help="front|rear|left|right|above|below (PA-9).")
@click.option("--ammo", shell_complete=complete_catalog("ammo"), help="Ammunition type (PA-6).")
@click.option("--optional-rule", multiple=True,
              help="Optional rule to turn on, e.g. rifle_ball_as_sp.")
@click.option("--target", default="target", help="Name of the target.")
@click.option("--vehicle", shell_complete=complete_catalog("vehicle"),
              help="The target is this catalog vehicle (PA-10).")
@click.option("--face", help="The vehicle face hit (default: from the direction).")
@click.option("--elevation", type=NUMBER,
              help="Degrees above the horizontal, seen from the target.")
@click.option("--azimuth", type=NUMBER, help="Degrees off square to the plate (PA-10).")
@catalog_files
@no_user_catalog
@outside_files
@json_flag
def resolve(
    scenario: Path | None,
    weapon: str | None,
    range_: str | None,
    contact: bool,
    armour: Sequence[str],
    cover: Sequence[str],
    from_: str,
    ammo: str | None,
    optional_rule: Sequence[str],
    target: str,
    vehicle: str | None,
    face: str | None,
    elevation: float | None,
    azimuth: float | None,
    catalog: Sequence[Path],
    no_user_catalog: bool,
    allow_outside_files: bool,
    as_json: bool,
) -> None:
    """Resolve one attack against its line of fire and explain every step."""
    import armourpen

    flags_used = any([weapon, range_, contact, armour, cover, ammo, optional_rule, vehicle, face]) \
        or elevation is not None or azimuth is not None
    if scenario is not None:
        if flags_used:
            raise ScenarioError("--weapon", weapon or "(quick flags)",
                                "give a scenario file or quick flags, not both")
        sc = load_scenario_file(scenario, catalog, no_user_catalog, allow_outside_files)
    else:
        from armourpen import QUICK_PARAMETERS as PARAMETERS

        cat = load_catalog(catalog, no_user_catalog)
        with flag_error(_FLAGS, only=PARAMETERS):
            sc = armourpen.quick_scenario(
                weapon=weapon, range=range_, contact=contact, armour=armour, cover=cover,
                from_=from_, ammo=ammo, optional_rules=optional_rule,
                target=target, vehicle=vehicle, face=face, elevation=elevation, azimuth=azimuth,
                catalog=cat,
            )
    from armourpen.rulesets import rule_set_of

    seed = None
    if rule_set_of(sc).rolls_dice:  # drawn here, shown in the outcome: any roll can be replayed
        from armourpen import fresh_seed

        seed = fresh_seed()
    print_outcome(armourpen.resolve(sc, seed), as_json)

