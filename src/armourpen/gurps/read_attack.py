"""Reading a GURPS scenario's ``attack`` (typed, or taken from a weapon of a GCS character file):
its damage and 1/2D (GU-1, GU-23), a burst's keys (GU-19, GU-20), an explosion's (GU-21, GU-22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError

from armourpen.distance import Distance
from armourpen.errors import MISSING, NotationError, ScenarioError
from armourpen.explain import Ruling, Step
from armourpen.gurps.model import (
    AttackWeapon,
    GurpsAttack,
)
from armourpen.gurps.notation import Damage
from armourpen.gurps.projectiles import (
    MAX_BURST_WORK,
    read_shots,
)
from armourpen.gurps.schema import (
    AttackEntry,
    GcsAttackEntry,
)
from armourpen.gurps.situations import Environment
from armourpen.validation import from_validation_error


@dataclass(frozen=True, slots=True)
class ReadWeapon:
    """What a weapon of a GCS character file gives an attack: its damage as the sheet writes it
    (already known to have a rule behind it, GU-1), its 1/2D range in yards (GU-23), whether it
    is a ranged weapon (GU-5), the weapon, and the steps of its reading."""

    damage: str
    half_damage_range: Fraction | None
    ranged: bool
    weapon: AttackWeapon
    steps: tuple[Step, ...] = ()
    skill: int | None = None  # GU-15: the sheet's level, or the one given beside gcs
    shots: str | None = None  # GU-19, GU-20: None fires a single shot
    rcl: int | None = None


class WeaponReader(Protocol):
    """Reads the weapon an attack names in a GCS character file (``attack.gcs``)."""

    def __call__(self, entry: GcsAttackEntry) -> ReadWeapon: ...


def _model(model: type[BaseModel], raw: Mapping[str, Any], here: str = "") -> Any:
    """``raw`` validated by ``model``; its first problem is one error naming the path."""
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        raise from_validation_error(exc, here, model=model) from None


def _attack(a: AttackEntry | GcsAttackEntry, weapons: WeaponReader | None
            ) -> tuple[AttackEntry | GcsAttackEntry, GurpsAttack, tuple[Step, ...]]:
    """The attack: typed, or taken from a weapon of a GCS file (``gcs``) by ``weapons``."""
    if isinstance(a, AttackEntry):
        return a, _typed_attack(a, a.damage, None, a.ranged, None), ()
    g = a
    if weapons is None:
        raise ScenarioError("attack.gcs", "(a GCS character)", "no GCS character here: this "
                            "reader reads none (armourpen.load_scenario reads them)")
    read = weapons(g)
    # the attack as if typed: the keys given beside gcs, and the sheet's for the rest, so that an
    # attack from a sheet is read (and checked) exactly as the same attack typed
    typed: dict[str, Any] = {k: getattr(g, k) for k in g.model_fields_set
                             if k not in ("gcs", "gcs_name", "weapon", "usage")}
    typed["damage"] = read.damage if g.damage is None else g.damage
    typed["ranged"] = read.ranged if g.ranged is None else g.ranged
    for key in ("skill", "shots", "rcl"):
        if getattr(read, key) is not None:
            typed[key] = getattr(read, key)
    t: AttackEntry = _model(AttackEntry, typed, "attack")
    return t, _typed_attack(t, t.damage, read.half_damage_range, t.ranged, read.weapon), \
        read.steps


def _typed_attack(a: AttackEntry, text: str, sheet_half: Fraction | None,
                  ranged: bool, weapon: AttackWeapon | None) -> GurpsAttack:
    try:
        damage = Damage.parse(text)
    except NotationError as exc:
        raise NotationError(exc.text, exc.position, exc.expected, field="attack.damage") from None
    if getattr(a, "shots", None) is not None and damage.explosive:
        raise ScenarioError("attack.shots", getattr(a, "shots", None), "no shots with an "
                            "explosion (ex): the blast is rolled once (GU-21); leave shots out")
    unresolved = damage.unresolved()
    if unresolved is not None:
        raise ScenarioError("attack.damage", text, f"damage the rules resolve: {unresolved} "
                            "is read but not resolved")
    if a.roll is not None and not damage.min_roll <= a.roll <= damage.max_roll:
        raise ScenarioError(
            "attack.roll",
            a.roll,
            f"{damage} rolls from {damage.min_roll} to {damage.max_roll} (dice total with adds)",
        )
    if a.skill is None:
        for key in ("aim", "attack_roll"):
            if getattr(a, key) is not None:
                raise ScenarioError(f"attack.{key}", getattr(a, key), _WHO_ONLY)
    half = sheet_half if a.half_damage_range is None else distance_yards(
        a.half_damage_range, "attack.half_damage_range")
    attack = GurpsAttack(damage, a.roll, a.seed, ranged, a.location, a.skill, a.aim,
                         a.attack_roll, half, weapon)
    return _explosion(a, _burst(a, attack))


_BLAST_ONLY = "allowed only in an explosion: damage marked ex (GU-21, GU-22)"
_NOT_IN_BLAST = ("not in an explosion (damage marked ex): the blast reaches every target card at "
                 "its distance (GU-21); leave it out")


def _explosion(a: AttackEntry, attack: GurpsAttack) -> GurpsAttack:
    """An explosion's keys (GU-21, GU-22): fragments, environment, airburst (a GCS weapon's
    attack has none of them: its damage's bracket gives the fragments)."""
    damage = attack.damage
    fragments = damage.fragments
    given = getattr(a, "fragments", None)
    if given is not None:
        if fragments is not None:
            raise ScenarioError("attack.fragments", given, "fragments once: in the key or "
                                f"in the damage's bracket ([{fragments}]), not both")
        fragments = _fragments(given)
    if not damage.explosive:
        for key in ("fragments", "environment", "airburst"):
            if getattr(a, key, None) is not None:
                raise ScenarioError(f"attack.{key}", getattr(a, key), _BLAST_ONLY)
        return attack
    given = a.model_fields_set
    for key in ("skill", "aim", "attack_roll", "half_damage_range", "location"):
        if key in given:
            raise ScenarioError(f"attack.{key}", getattr(a, key), _NOT_IN_BLAST)
    return replace(attack, fragments=fragments,
                   environment=Environment(getattr(a, "environment", None) or Environment.AIR),
                   airburst=bool(getattr(a, "airburst", None)))


def _fragments(text: str) -> Damage:
    """``attack.fragments``: plain damage, cutting when it names no type (GU-22)."""
    try:
        found = Damage.parse(text)
    except NotationError:
        try:
            found = Damage.parse(f"{text} cut")
        except NotationError:
            raise ScenarioError("attack.fragments", text, "the fragments' damage, e.g. \"2d\" "
                                "(cutting) or \"3d cut\" (GU-22)") from None
    if found.explosive or found.fragments is not None:
        raise ScenarioError("attack.fragments", text, "plain damage: no ex, no fragments (GU-22)")
    return found


_BURST_ONLY = "allowed only with attack.shots, in a burst (GU-19)"


def _burst(a: AttackEntry, attack: GurpsAttack) -> GurpsAttack:
    """A burst's keys (GU-19, GU-20): shots with rcl and skill, its damage rolls."""
    if a.shots is None:
        for key in ("rcl", "rolls"):
            if getattr(a, key) is not None:
                raise ScenarioError(f"attack.{key}", getattr(a, key), _BURST_ONLY)
        return attack
    shots = read_shots(a.shots)
    damage = attack.damage
    if a.skill is None:
        raise ScenarioError("attack.skill", MISSING, "`attack.skill` is required with "
                            "attack.shots: the attack roll decides the shots landed (GU-19)")
    if a.rcl is None:
        raise ScenarioError("attack.rcl", MISSING, "`attack.rcl` is required with attack.shots: "
                            "the weapon's Recoil, 1 or more (GU-19)")
    if a.roll is not None:
        raise ScenarioError("attack.roll", a.roll, "no single roll in a burst: give attack.rolls, "
                            "one damage roll per landed shot in order (GU-19)")
    rolls = tuple(a.rolls or ())
    if len(rolls) > shots.total:
        raise ScenarioError("attack.rolls", a.rolls, f"at most one roll per shot: {shots.total}")
    work = shots.total * (damage.dice + 1)
    if work > MAX_BURST_WORK:
        raise ScenarioError("attack.shots", a.shots, f"shots x (dice + 1) at most "
                            f"{MAX_BURST_WORK:,} (here {work:,}): each landed shot is rolled and "
                            "followed down the line")
    return replace(attack, shots=shots, rcl=a.rcl, rolls=rolls)


_WHO_ONLY = ("allowed only with attack.skill, when the rolls decide who is hit (GU-15 to GU-17); "
             "without it each target's hit_chance counts (GU-8)")


def distance_yards(raw: int | float | str, where: str) -> Fraction:
    """A distance in yards (GU-23), read as armourpen reads every distance (a bare number is
    yards: metres and yards are the same number in its tables)."""
    return Distance.parse(raw, where, rule=Ruling.GU_23).metres
