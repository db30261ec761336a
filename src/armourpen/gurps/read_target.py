"""Reading a target card of a GURPS scenario, typed or from a GCS character file: its DR (a table
by location, GU-3), Injury Tolerance (GU-4, GU-14), hit chance (GU-8), range (GU-23), the keys of
who is hit (GU-16, GU-17), where it stands in an explosion (GU-21, GU-22) and its defense and
shield (GU-24, GU-25)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from armourpen.distance import Distance
from armourpen.errors import MISSING, ScenarioError
from armourpen.explain import Ruling, Step
from armourpen.gurps.condition import read_vitality
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.defense import DefenseKind
from armourpen.gurps.defense_reader import read_defense, read_shield
from armourpen.gurps.locations import Lacking, Location, Random, missing_locations
from armourpen.gurps.model import (
    BlastPlace,
    Target,
)
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.read_attack import _BLAST_ONLY, _NOT_IN_BLAST, _WHO_ONLY, distance_yards
from armourpen.gurps.read_cover import _cover
from armourpen.gurps.read_layers import layered
from armourpen.gurps.read_line import _Line
from armourpen.gurps.schema import (
    GcsTargetEntry,
    TargetEntry,
)
from armourpen.gurps.situations import Posture, Situation

_WHO_TARGET_KEYS = ("skill", "obscures", "immediately_behind", "inside")


def _who_keys(t: TargetEntry | GcsTargetEntry, here: str, line: _Line) -> dict[str, Any]:
    """The who-is-hit keys of a target card (GU-16, GU-17): only with attack.skill, and then
    never with a hit_chance."""
    given = t.model_fields_set
    if not line.who:
        for key in _WHO_TARGET_KEYS:
            if key in given:
                raise ScenarioError(f"{here}.{key}", getattr(t, key), _WHO_ONLY)
        return {}
    if "hit_chance" in given:
        raise ScenarioError(f"{here}.hit_chance", t.hit_chance, "no hit_chance with attack.skill: "
                            "the rolls decide who is hit (GU-16); leave it out")
    return {key: getattr(t, key) for key in _WHO_TARGET_KEYS}


def _range(raw: int | float | str | None, i: int, line: _Line) -> Fraction | None:
    """A target card's range (GU-23): only the first target card's, which decides the shot."""
    if raw is None:
        return None
    if line.has_target:
        raise ScenarioError(f"line[{i}].range", raw, "a range on the first target card only: it "
                            "decides the whole shot's damage (GU-23)")
    return distance_yards(raw, f"line[{i}].range")


def _target(t: TargetEntry, i: int, line: _Line) -> Target:
    here = f"line[{i}]"
    chance = hit_chance(t.hit_chance, f"{here}.hit_chance", not line.has_target)
    kind, lacking = tolerances(t.injury_tolerance, f"{here}.injury_tolerance")
    location = line.attack.location if t.location is None else t.location
    _check_location(location, lacking, "attack.location" if t.location is None
                    else f"{here}.location", t.target)
    plain_dr, layers, layers_at = layered(t, here)  # GU-28
    given_back = plain_dr if t.dr_back is None else t.dr_back
    dr, dr_back, dr_at = _dr_by_location(plain_dr, given_back)
    table = isinstance(t.dr, dict) or isinstance(given_back, dict)
    if table:
        line.steps.append(_dr_table_step(t.target, dr, dr_back, dr_at))
    far = _range(t.range, i, line)
    blast = _blast_place(t, i, line)
    target = Target(
        name=t.target,
        hp=t.hp,
        dr=dr,
        dr_back=dr_back,
        dr_at=dr_at,
        dr_table=table,
        injury_tolerance=kind,
        hit_chance=chance,
        location=location,
        index=i,
        st=t.st,
        flexible=t.flexible,
        vulnerability=t.vulnerability,
        hardened=t.hardened,
        perfect_balance=t.perfect_balance,
        groin_double_shock=t.groin_double_shock,
        pain_threshold=pain_threshold(t.high_pain_threshold, t.low_pain_threshold, here)
        or PainThreshold.NORMAL,
        lacking=lacking,
        **_who_keys(t, here, line),
        range=far,
        blast=blast,
        vitality=read_vitality(t.hp, t.hp_left, t.ht, t.hard_to_kill, t.hard_to_subdue,
                               t.easy_to_kill, t.fitness, here),
        layers=layers,
        layers_at=layers_at,
        **_guard_keys(t, here, line),
    )
    return with_location_roll(target, t.location_roll, here)


def _guard_keys(t: TargetEntry | GcsTargetEntry, here: str, line: _Line,
                sheet: dict[DefenseKind, int] | None = None) -> dict[str, Any]:
    """A card's defense and shield (GU-24, GU-25), read by :mod:`~armourpen.gurps.defense_reader`."""
    defense = read_defense(t.defense, here, who=line.who, explosive=line.attack.explosive,
                           sheet=sheet)
    return {"defense": defense, "shield": read_shield(t.shield, here, defense is not None)}


_BLAST_KEYS = ("distance", "posture", "sm", "situation", "cover")


def _blast_place(t: TargetEntry | GcsTargetEntry, i: int, line: _Line) -> BlastPlace | None:
    """Where a target card stands in an explosion (GU-21, GU-22); its keys only there."""
    here = f"line[{i}]"
    given = t.model_fields_set
    if not line.attack.explosive:
        for key in _BLAST_KEYS:
            if key in given:
                raise ScenarioError(f"{here}.{key}", getattr(t, key), _BLAST_ONLY)
        return None
    for key in ("hit_chance", "location", "range"):
        if key in given:
            raise ScenarioError(f"{here}.{key}", getattr(t, key), _NOT_IN_BLAST)
    situation = Situation(t.situation or Situation.CAUGHT)
    if t.distance is None:
        if situation == Situation.CAUGHT:
            raise ScenarioError(f"{here}.distance", MISSING, "`distance` is required in an "
                                "explosion: yards from its centre (GU-21), e.g. 3 or '3 yd'")
        distance = Fraction(0)
    else:
        distance = Distance.parse(t.distance, f"{here}.distance", rule=Ruling.GU_21).metres
        if distance < 0:
            raise ScenarioError(f"{here}.distance", t.distance, "0 or more yards (GU-21)")
        if situation != Situation.CAUGHT and distance != 0:
            raise ScenarioError(f"{here}.distance", t.distance, f"0 or left out: a target "
                                f"{situation} is at the explosive (GU-21)")
    if situation == Situation.INSIDE and t.cover:
        raise ScenarioError(f"{here}.cover", t.cover, "no cover for a target with the explosive "
                            "inside him: no DR protects him (GU-21); leave cover out")
    cover = tuple(_cover(c, i, line, f"{here}.cover[{j}]") for j, c in enumerate(t.cover or ()))
    return BlastPlace(distance, Posture(t.posture or Posture.STANDING), t.sm or 0, situation,
                      cover)


def _gcs_target(t: GcsTargetEntry, i: int, line: _Line) -> Target:
    """A target read from a GCS character file, by the caller's reader."""
    if line.characters is None:
        raise ScenarioError(f"line[{i}].gcs", "(a GCS character)", "no GCS character here: this "
                            "reader reads none (armourpen.load_scenario reads them)")
    who = _who_keys(t, f"line[{i}]", line)
    read = line.characters(t, i, line.attack, not line.has_target)
    if who:
        read = replace(read, target=replace(read.target, **who))
    where = "attack.location" if t.location is None else f"line[{i}].location"
    _check_location(read.target.location, read.target.lacking, where, t.target)
    far = _range(t.range, i, line)
    blast = _blast_place(t, i, line)  # a character caught in an explosion stands as any card
    line.steps.extend(read.steps)
    line.warnings.extend(read.warnings)
    vitality = read_vitality(read.target.hp, t.hp_left, t.ht, t.hard_to_kill, t.hard_to_subdue,
                             t.easy_to_kill, t.fitness, f"line[{i}]", read.target.vitality)
    target = replace(read.target, range=far, blast=blast, vitality=vitality,
                     **_guard_keys(t, f"line[{i}]", line, dict(read.defenses)))
    return with_location_roll(target, t.location_roll, f"line[{i}]")


def with_location_roll(target: Target, roll: int | None, here: str) -> Target:
    """``target`` with the GM's own roll for its random hit location (GU-10): a total of its
    body's dice, and only where the location is random (a fixed location has no roll)."""
    if roll is None:
        return target
    field = f"{here}.location_roll"
    if not target.random_location:
        raise ScenarioError(field, roll, "only with a random hit location (location = "
                            "\"random\", on the card or the attack, GU-10)")
    low, high = target.body.dice, 6 * target.body.dice
    if not low <= roll <= high:
        raise ScenarioError(field, roll, f"a roll of the {target.body.name} table's "
                            f"{target.body.dice}d6: {low} to {high} (GU-10)")
    return replace(target, location_roll=roll)


def pain_threshold(high: bool | None, low: bool | None, here: str) -> PainThreshold | None:
    """The pain threshold the keys give (None: neither is true); both true is an error."""
    if high and low:
        raise ScenarioError(f"{here}.low_pain_threshold", True, "allowed: false when "
                            "high_pain_threshold is true (a target has High or Low Pain "
                            "Threshold, not both)")
    return PainThreshold.HIGH if high else PainThreshold.LOW if low else None


_PROBABILITY = "a probability from 0 to 1 (e.g. 0.3 or '1/3')"


def hit_chance(raw: object, where: str, first: bool) -> Fraction:
    """The hit chance exactly as written (0.3 is 3/10); the first target's is 1 (GU-8)."""
    from armourpen.numeric import exact_number

    value = exact_number(raw, where, allowed=_PROBABILITY, ratio=True, error=ScenarioError)
    if not 0 <= value <= 1:
        raise ScenarioError(where, raw, f"allowed: {_PROBABILITY}")
    if value != 1 and first:
        raise ScenarioError(
            where,
            raw,
            "the first target is the one the shot hits: 1 (GU-8 chances are for those behind it)",
        )
    return value


def _dr_by_location(
    dr: int | Mapping[Location, int], dr_back: int | Mapping[Location, int]
) -> tuple[int, int, tuple[tuple[Location, int, int], ...]]:
    """DR in and out wherever no table says otherwise, and (location, in, out) for every location a
    table lists (GU-3): a whole number counts everywhere; a table gives DR 0 where it is silent."""
    ins = dr if isinstance(dr, Mapping) else {}
    outs = dr_back if isinstance(dr_back, Mapping) else {}
    dr_else = 0 if isinstance(dr, Mapping) else dr
    back_else = 0 if isinstance(dr_back, Mapping) else dr_back
    listed = [where for where in Location if where in ins or where in outs]
    return dr_else, back_else, tuple((where, ins.get(where, dr_else), outs.get(where, back_else))
                                     for where in listed)


def _dr_table_step(name: str, dr: int, dr_back: int,
                   dr_at: tuple[tuple[Location, int, int], ...]) -> Step:
    def pair(a: int, b: int) -> str:
        return str(a) if a == b else f"{a} in, {b} out"

    listed = ", ".join(f"{where.value} {pair(a, b)}" for where, a, b in dr_at) or "none listed"
    return Step(Ruling.GU_3, f"{name}: DR by location: {listed}; every other location "
                f"{pair(dr, dr_back)} (a table gives DR 0 where it does not list a location)")


_BODIES = {t.value: t for t in InjuryTolerance if t is not InjuryTolerance.NONE}


def tolerances(raw: str | list[str], where: str) -> tuple[InjuryTolerance, frozenset[Lacking]]:
    """One kind or a list (GU-14): at most one of unliving, homogenous, diffuse; no repeats."""
    names = [raw] if isinstance(raw, str) else list(raw)
    if len(set(names)) != len(names):
        raise ScenarioError(where, names, "each kind of Injury Tolerance once")
    if InjuryTolerance.NONE in names and len(names) > 1:
        raise ScenarioError(where, names, '"none" alone, or a list of kinds without it')
    kinds = [_BODIES[n] for n in names if n in _BODIES]
    if len(kinds) > 1:
        raise ScenarioError(
            where, names, "at most one of unliving, homogenous and diffuse (they exclude each other)"
        )
    lacking = frozenset(Lacking(n) for n in names if n not in _BODIES and n != InjuryTolerance.NONE)
    return (kinds[0] if kinds else InjuryTolerance.NONE), lacking


def _check_location(
    location: Location | Random, lacking: frozenset[Lacking], where: str, name: str
) -> None:
    """An aimed hit at a part the target lacks is impossible (GU-14); a random one lands elsewhere."""
    missing = missing_locations(lacking)
    if isinstance(location, Location) and location in missing:
        kinds = ", ".join(sorted(k.value for k in lacking))
        gone = ", ".join(sorted(m.value for m in missing))
        raise ScenarioError(
            where, location.value,
            f"a location that {name} has ({kinds}: no {gone}), or \"random\"",
        )
