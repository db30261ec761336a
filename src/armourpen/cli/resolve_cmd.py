"""``armourpen resolve``: one scenario file, or the quick flags for the common case."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    WHOLE,
    command,
    complete_catalog,
    complete_direction,
    completer,
)
from armourpen.errors import InputError, ScenarioError

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
@click.option("--damage", help="GURPS: the damage, e.g. '7d(2) pi-' (GU-1); the other GURPS flags "
              "describe one target.")
@click.option("--roll", type=WHOLE, help="GURPS: the dice's total, instead of rolling them.")
@click.option("--seed", type=WHOLE, help="GURPS: the seed of the dice (and of a random hit "
              "location): the seed an outcome printed replays its roll.")
@click.option("--hp", type=WHOLE, help="GURPS: the target's HP.")
@click.option("--dr", type=WHOLE, help="GURPS: the target's DR (default 0).")
@click.option("--location", shell_complete=completer(lambda: _locations()),
              help="GURPS: the hit location (default torso), or random (GU-10).")
@click.option("--cover-dr", type=WHOLE, help="GURPS: a thin slab of cover of this DR in front of "
              "the target (GU-6).")
@click.option("--skill", type=WHOLE, help="GURPS: the shooter's effective skill: a 3d attack roll "
              "decides whether the target is hit (GU-15).")
@click.option("--attack-roll", type=WHOLE, help="GURPS: the 3d attack roll, instead of rolling "
              "it (with --skill, GU-15).")
@click.option("--shots", help="GURPS: a burst (GU-19): the shots fired, or AxB for A shots of B "
              "projectiles (a shotgun's 3x9, GU-20); with --skill and --rcl.")
@click.option("--rcl", type=WHOLE, help="GURPS: the weapon's Recoil (GU-19), with --shots.")
@click.option("--defense", help="GURPS: the target's active defense when the attack roll hits it, "
              "KIND:LEVEL[:ROLL], e.g. dodge:9 (GU-24); with --skill.")
@click.option("--shield", help="GURPS: the target's shield by name, e.g. medium (GU-25; armourpen "
              "catalog list shields); with --defense.")
@click.option("--distance", help="GURPS: an explosion (damage 'ex'): the target's distance from its "
              "centre, e.g. 3 or '3 yd' (GU-21, GU-22).")
@click.option("--half-damage", help="GURPS: the weapon's 1/2D range, e.g. '100 yd' or 100 (yards): "
              "past it the damage is halved (GU-23); with --target-range.")
@click.option("--target-range", help="GURPS: how far the target is from the shooter, e.g. '150 yd' "
              "(GU-23), against the weapon's 1/2D.")
@click.option("--gcs", "gcs", type=PATH, metavar="FILE", help="GURPS: the shooter's GCS character "
              "file; the attack is its weapon --gcs-weapon (keys given beside it override the "
              "sheet's).")
@click.option("--gcs-weapon", help="GURPS: the name of a weapon of the --gcs file (armourpen gcs "
              "show FILE --weapons lists them).")
@click.option("--usage", help="GURPS: the --gcs-weapon's usage (Swing, Burst, ...), where it has "
              "several.")
@click.option("--then", "then", type=PATH, metavar="FILE", help="GURPS: a running fight: start "
              "each card where the last outcome (FILE, from resolve --json) left it: its layers' "
              "DR left, HP left and shield where the outcome gives them.")
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
    damage: str | None,
    roll: int | None,
    seed: int | None,
    hp: int | None,
    dr: int | None,
    location: str | None,
    cover_dr: int | None,
    skill: int | None,
    attack_roll: int | None,
    shots: str | None,
    rcl: int | None,
    defense: str | None,
    shield: str | None,
    distance: str | None,
    half_damage: str | None,
    target_range: str | None,
    gcs: Path | None,
    gcs_weapon: str | None,
    usage: str | None,
    then: Path | None,
    catalog: Sequence[Path],
    no_user_catalog: bool,
    allow_outside_files: bool,
    as_json: bool,
) -> None:
    """Resolve one attack against its line of fire and explain every step.

    PEN/AV's quick flags: --weapon and --range or --contact, with --armour, --cover, --vehicle...
    GURPS's: --damage (or --gcs FILE --gcs-weapon NAME) with --hp (and --roll or --seed, --dr,
    --location, --cover-dr, --skill, --attack-roll, --shots, --rcl, --defense, --shield,
    --distance, --half-damage, --target-range) for one target.
    --seed also replays the roll of a GURPS scenario file that printed it, and re-rolls an
    example:NAME (its own rolls left out)."""
    import armourpen

    # a flag typed where it would do nothing is refused, not ignored: --from, --target and
    # --no-contact count as given only when typed, not by their defaults
    switch = "--contact" if contact else _typed_only("contact", "--no-contact")
    penav = {"--weapon": weapon, "--range": range_, switch or "--contact": switch,
             "--armour": armour or None, "--cover": cover or None,
             "--from": _typed_only("from_", from_), "--ammo": ammo,
             "--optional-rule": optional_rule or None, "--vehicle": vehicle, "--face": face,
             "--elevation": elevation, "--azimuth": azimuth}
    gurps = {"--damage": damage, "--roll": roll, "--hp": hp, "--dr": dr, "--location": location,
             "--cover-dr": cover_dr, "--skill": skill, "--attack-roll": attack_roll,
             "--shots": shots, "--rcl": rcl, "--defense": defense, "--shield": shield,
             "--distance": distance,
             "--half-damage": half_damage, "--target-range": target_range,
             "--gcs": None if gcs is None else str(gcs), "--gcs-weapon": gcs_weapon,
             "--usage": usage}
    penav_used = [flag for flag, value in penav.items() if value is not None]
    gurps_used = [flag for flag, value in gurps.items() if value is not None]
    if scenario is not None:
        both = {**penav, **gurps, "--target": _typed_only("target", target)}
        given = [flag for flag, value in both.items() if value is not None]
        if given:
            from armourpen.cli.quick_flags import stray_word

            stray = stray_word(str(scenario), {f: both[f] for f in given})
            if stray is not None:
                raise stray
            raise ScenarioError(given[0], _typed(given[0], both[given[0]]),
                                "give a scenario file or quick flags, not both")
        if seed is not None and _gurps_example(scenario):
            from armourpen.cli.quick_flags import reseed_example

            sc = reseed_example(str(scenario), seed, _example_loader(catalog, no_user_catalog))
        else:
            sc = load_scenario_file(scenario, catalog, no_user_catalog, allow_outside_files)
    elif gurps_used:
        if weapon is not None and gcs is not None:
            raise InputError("--weapon", weapon, "PEN/AV's catalog attack, not with --gcs: a "
                             "sheet's weapon is --gcs-weapon NAME")
        if penav_used:
            raise ScenarioError(penav_used[0], _typed(penav_used[0], penav[penav_used[0]]),
                                "not with the GURPS flags (" + ", ".join(gurps_used)
                                + "): PEN/AV's and GURPS's quick flags are apart")
        from armourpen.cli.quick_flags import gurps_quick

        sc = gurps_quick({**gurps, "--seed": seed}, target)
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

    sc = _then(sc, then)
    if not rule_set_of(sc).rolls_dice:
        if seed is not None:
            raise InputError("--seed", seed, "only for GURPS, whose dice it seeds: PEN/AV rolls "
                             "no dice")
        print_outcome(armourpen.resolve(sc), as_json)
        return
    if seed is None:  # drawn here, shown in the outcome: any roll can be replayed
        from armourpen import fresh_seed

        outcome = armourpen.resolve(sc, fresh_seed())
    else:
        with flag_error(only=("seed",)):
            outcome = armourpen.resolve(sc, seed)
        used = getattr(outcome, "seed", None)
        if used != seed:  # the scenario fixes its roll (attack.roll, attack.seed): --seed is idle
            raise InputError("--seed", seed, (
                "not with a scenario that gives every roll (attack.roll, attack.rolls, "
                "attack.attack_roll): nothing is left to roll" if used is None else
                f"not with a scenario that fixes its roll (attack.seed = {used})")
                + ": leave out one of them")
    print_outcome(outcome, as_json)


def _then(sc: Any, last: Path | None) -> Any:
    """The scenario started where the last outcome left each card (a running fight)."""
    import json

    if last is None:
        return sc
    from armourpen import DEFAULT_LIMITS, next_shot

    try:
        size = last.stat().st_size
        DEFAULT_LIMITS.check("max_file_bytes", size, "bytes", "--then")
        data = json.loads(last.read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError("--then", str(last), f"a readable file ({e.strerror})") from None
    except (ValueError, UnicodeDecodeError):
        raise InputError("--then", str(last), "the JSON of resolve --json") from None
    return next_shot(sc, data)


def _typed_only(name: str, value: str) -> str | None:
    """``value``, or None where it is the option's default (not typed)."""
    from click.core import ParameterSource

    source = click.get_current_context().get_parameter_source(name)
    return None if source is ParameterSource.DEFAULT else value


def _typed(flag: str, value: object) -> object:
    """A flag's value as the user typed it, for a message: a repeated flag's first value (not
    Python's tuple of them all), a switch by its name (``--contact``, not ``true``)."""
    if isinstance(value, tuple):
        return value[0]
    return flag if value is True else value


def _locations() -> list[str]:
    from armourpen import GURPS_ATTACK_LOCATIONS

    return list(GURPS_ATTACK_LOCATIONS)


def _gurps_example(scenario: Path) -> bool:
    """Whether ``scenario`` is a shipped GURPS example (``example:agent-gray``), which --seed
    re-rolls; a user's own file keeps its fixed rolls, and --seed beside them is refused."""
    from armourpen.scenario import EXAMPLE_PREFIX, read_scenario_file

    if not str(scenario).startswith(EXAMPLE_PREFIX):
        return False
    return read_scenario_file(scenario).get("rules") == "gurps"


def _example_loader(catalog: Sequence[Path], no_user_catalog: bool) -> Callable[[Any], Any]:
    """How a shipped example's tree, its rolls left out, is read: as load_scenario_file does."""
    from armourpen.rulesets import rules_of
    from armourpen.scenario import load_scenario

    def load(data: Any) -> Any:
        cat = load_catalog(catalog, no_user_catalog) if rules_of(data).uses_catalog else None
        return load_scenario(data, cat, limits=data.limits)

    return load
