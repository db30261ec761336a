"""What ``armourpen resolve`` makes of its GURPS quick flags and of a stray word among them, and
how ``--seed`` re-rolls a shipped example (issue 34).

The GURPS quick flags fill the same scenario keys as a file does (``armourpen.load_scenario``), so
every value is checked by the one reader and its error names the flag that gave it (AP-2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from armourpen.errors import MISSING, InputError

if TYPE_CHECKING:
    from armourpen.reading import CheckedTree
    from armourpen.scenario import Scenario

# the GURPS scenario's keys -> the quick flag that fills them
GURPS_FLAGS = {"attack.damage": "--damage", "attack.roll": "--roll", "attack.seed": "--seed",
               "attack.location": "--location", "line[0].target": "--target",
               "line[0].hp": "--hp", "line[0].dr": "--dr", "line[1].target": "--target",
               "line[1].hp": "--hp", "line[1].dr": "--dr", "line[0].cover.dr": "--cover-dr",
               "attack.skill": "--skill", "attack.attack_roll": "--attack-roll",
               "attack.shots": "--shots", "attack.rcl": "--rcl",
               "line[0].distance": "--distance", "line[1].distance": "--distance",
               "attack.half_damage_range": "--half-damage", "line[0].range": "--target-range",
               "line[1].range": "--target-range", "attack.gcs": "--gcs",
               "attack.weapon": "--gcs-weapon", "attack.usage": "--usage",
               "line[0].defense": "--defense", "line[1].defense": "--defense",
               "line[0].shield": "--shield", "line[1].shield": "--shield"}


def gurps_quick(flags: Mapping[str, Any], target: str) -> Scenario:
    """The GURPS scenario of the quick flags (keyed by the flag, as typed: ``--shots``): one
    attack, typed with ``--damage`` or taken from a sheet's weapon (``--gcs FILE --gcs-weapon
    NAME``), and one target, behind a thin slab of cover when ``--cover-dr`` is given; errors
    name the flags."""
    import armourpen

    given = {flag: value for flag, value in flags.items() if value is not None}
    attack = _attack(given)
    if "--hp" not in given:
        with_ = "--gcs" if "--gcs" in given else "--damage"
        raise InputError("--hp", MISSING, f"required with {with_}: the target's HP")
    for flag, key in (("--roll", "roll"), ("--seed", "seed"), ("--location", "location"),
                      ("--skill", "skill"), ("--attack-roll", "attack_roll"),
                      ("--shots", "shots"), ("--rcl", "rcl"),
                      ("--half-damage", "half_damage_range")):
        if flag in given:
            attack[key] = given[flag]
    line: list[dict[str, Any]] = []
    if "--cover-dr" in given:
        line.append({"cover": {"name": "cover", "dr": given["--cover-dr"], "slab": True}})
    card: dict[str, Any] = {"target": target, "hp": given["--hp"]}
    for flag, key in (("--dr", "dr"), ("--distance", "distance"), ("--target-range", "range"),
                      ("--shield", "shield")):
        if flag in given:
            card[key] = given[flag]
    if "--defense" in given:
        card["defense"] = defense_flag(given["--defense"])
    line.append(card)
    try:
        # the user typed the sheet's path: it is read wherever it is, as `gcs show FILE` reads it
        return armourpen.load_scenario({"rules": "gurps", "attack": attack, "line": line},
                                       base=Path.cwd(), allow_outside_files=True)
    except InputError as exc:
        raise exc.each(_at_flag) from None


def _attack(given: Mapping[str, Any]) -> dict[str, Any]:
    """The attack's keys: typed with --damage, or a sheet's weapon (--gcs, --gcs-weapon)."""
    sheet = given.get("--gcs")
    if sheet is None:
        for flag in ("--gcs-weapon", "--usage"):
            if flag in given:
                raise InputError(flag, given[flag], "only with --gcs FILE: the character file "
                                 "whose weapon it names")
        if "--damage" not in given:
            raise InputError("--damage", MISSING, "required with the GURPS flags: the damage, "
                             "e.g. '7d(2) pi-' (GU-1), or a sheet's weapon with --gcs FILE "
                             "--gcs-weapon NAME")
        attack: dict[str, Any] = {"damage": given["--damage"]}
    else:
        if "--gcs-weapon" not in given:
            raise InputError("--gcs-weapon", MISSING, "required with --gcs: the name of one of "
                             "the sheet's weapons (armourpen gcs show FILE --weapons lists them)")
        attack = {"gcs": str(sheet), "weapon": given["--gcs-weapon"]}
        for flag, key in (("--usage", "usage"), ("--damage", "damage")):
            if flag in given:
                attack[key] = given[flag]
    return attack


def defense_flag(text: str) -> dict[str, Any]:
    """``--defense KIND:LEVEL[:ROLL]`` (GU-24) as the card's ``defense`` keys; the reader checks
    the kind and the figures."""
    parts = text.split(":")
    allowed = ("KIND:LEVEL or KIND:LEVEL:ROLL, e.g. dodge:9 or block:10:11 (KIND dodge, block or "
               "parry; LEVEL every modifier but the shield's DB; ROLL a given 3d, GU-24)")
    if len(parts) not in (2, 3) or not all(p.strip().lstrip("-").isdigit() for p in parts[1:]):
        raise InputError("--defense", text, allowed)
    out: dict[str, Any] = {"kind": parts[0], "level": int(parts[1])}
    if len(parts) == 3:
        out["roll"] = int(parts[2])
    return out


def _at_flag(exc: InputError) -> InputError:
    """An error of a scenario key, blamed on the flag that filled it."""
    for key, flag in GURPS_FLAGS.items():
        if exc.field == key or exc.field.startswith(key + "."):
            return exc.at(flag)
    return exc


def stray_word(word: str, given: Mapping[str, object]) -> InputError | None:
    """The error for a word that Click read as the scenario file but that was meant as the rest
    of a flag's value (``--range 10 yards``: ``yards``), or None when ``word`` can be a file.

    A word is stray when no file has that name, it is not ``example:NAME`` and it comes right
    after a flag's value; that flag is named with its whole value quoted."""
    from armourpen.scenario import EXAMPLE_PREFIX

    if word.startswith(EXAMPLE_PREFIX) or Path(word).exists():
        return None
    typed = click.get_current_context().meta.get(_typed_key(), ())
    before = _flag_before(tuple(typed), word, given)
    if before is None:  # not after a flag's value: a file that is missing, said as before
        return None
    flag, value = before
    how = f"it follows {flag} {value}: quote the whole value, {flag} \"{value} {word}\""
    return InputError("scenario", word, "read as a scenario file, and there is none by that name "
                      f"(a word after a flag's value is taken as the scenario); {how}")


def _typed_key() -> str:
    from armourpen.cli.params import TYPED

    return TYPED


def _flag_before(typed: Sequence[str], word: str,
                 given: Mapping[str, object]) -> tuple[str, str] | None:
    """The flag and value typed right before ``word`` (``--range``, ``10``), if it is one of the
    flags ``given`` (``--range=10`` spelt either way)."""
    if word not in typed:
        return None
    i = typed.index(word)
    if i >= 1 and "=" in typed[i - 1] and typed[i - 1].startswith("--"):
        flag, _, value = typed[i - 1].partition("=")
        return (flag, value) if flag in given else None
    if i >= 2 and typed[i - 2] in given and not typed[i - 1].startswith("-"):
        return typed[i - 2], typed[i - 1]
    return None


# the keys of a GURPS scenario that fix a roll the dice would otherwise make
_ATTACK_ROLLS = ("roll", "rolls", "attack_roll", "seed")
_CARD_ROLLS = ("location_roll",)


def reseed_example(name: str, seed: int, load: Callable[[CheckedTree], Scenario]) -> Scenario:
    """A shipped example with its own fixed rolls left out, so that ``seed`` rolls them anew
    (``armourpen resolve example:agent-gray --seed 3``), and a note on stderr saying which were
    left out. ``load`` reads a checked tree as ``load_scenario_file`` does."""
    from armourpen.cli.params import limits
    from armourpen.reading import checked_tree
    from armourpen.scenario import read_scenario_file

    caps = limits()
    data = dict(read_scenario_file(name, caps))
    dropped: list[str] = []
    attack = data.get("attack")
    if isinstance(attack, dict):
        attack = dict(attack)
        for key in _ATTACK_ROLLS:
            if key in attack:
                dropped.append(f"attack.{key} = {attack.pop(key)!r}")
        data["attack"] = attack
    line = data.get("line")
    if isinstance(line, list):
        cards = []
        for i, card in enumerate(line):
            if isinstance(card, dict):
                card = dict(card)
                for key in _CARD_ROLLS:
                    if key in card:
                        dropped.append(f"line[{i}].{key} = {card.pop(key)!r}")
                for key, roll in (("defense", "roll"), ("shield", "location_roll")):
                    part = card.get(key)  # GU-24, GU-25: the defense's 3d, the shield's 1d
                    if isinstance(part, dict) and roll in part:
                        part = dict(part)
                        dropped.append(f"line[{i}].{key}.{roll} = {part.pop(roll)!r}")
                        card[key] = part
            cards.append(card)
        data["line"] = cards
    scenario = load(checked_tree(data, limits=caps))
    from armourpen.errors import printable

    left_out = ("its own rolls left out (" + ", ".join(dropped) + ")" if dropped
                else "it fixes no roll of its own")
    click.echo(f"armourpen: note: --seed {seed} re-rolls {printable(name)}: {left_out}",
               err=True)
    return scenario
