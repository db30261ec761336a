"""Reading a GURPS scenario (a mapping, from TOML or JSON) into frozen values.

:mod:`armourpen.gurps.schema` validates the keys and types with pydantic; this module checks what
spans keys (a roll within the dice, the first target's hit chance, a location the target has) and
builds the values of :mod:`armourpen.gurps.model`. The first problem becomes one
:class:`ScenarioError` naming the path (``line[1].dr``), the value and what is allowed (AP-2).

A target read from a GCS character file (``gcs = "Ogre.gcs"``) is built by the GCS reader the
caller passes (:class:`CharacterReader`): :func:`armourpen.gcs.scenario.parse_gurps` passes the
one of :mod:`armourpen.gcs`, which knows this rule set and is not known by it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError

from armourpen.errors import MISSING, NotationError, ScenarioError
from armourpen.explain import Caution, Step
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.locations import Lacking, Location, Random, missing_locations
from armourpen.gurps.model import Cover, GurpsAttack, GurpsScenario, GurpsSettings, LineEntry, Target
from armourpen.gurps.notation import Damage
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.schema import (
    AttackEntry,
    CoverEntry,
    CoverSpec,
    DrByLocation,
    GcsTargetEntry,
    ScenarioFile,
    TargetEntry,
)
from armourpen.validation import from_validation_error
from armourpen.values import check_target_names

__all__ = ["CharacterReader", "ReadTarget", "hit_chance", "pain_threshold", "parse_gurps",
           "tolerances"]


@dataclass(frozen=True, slots=True)
class ReadTarget:
    """A target a GCS character file gives, with the steps and warnings of its reading."""

    target: Target
    steps: tuple[Step, ...] = ()
    warnings: tuple[Caution, ...] = ()


class CharacterReader(Protocol):
    """Builds the target of a line entry that names a GCS character file (``gcs``).

    ``index`` is the entry's place in the line; ``first`` says that no target stands before it
    (its hit chance must be 1, GU-8: :func:`hit_chance`). The entry's other keys override the
    file's figures.
    """

    def __call__(self, entry: GcsTargetEntry, index: int, attack: GurpsAttack,
                 first: bool) -> ReadTarget: ...


@dataclass(slots=True)
class _Line:
    """The line as it is read: its entries so far, and the steps and warnings of the reading."""

    attack: GurpsAttack
    characters: CharacterReader | None
    entries: list[LineEntry] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    step_entries: list[int] = field(default_factory=list)  # beside steps: the entry each is about
    warnings: list[Caution] = field(default_factory=list)

    @property
    def has_target(self) -> bool:
        return any(isinstance(e, Target) for e in self.entries)


def parse_gurps(
    data: Mapping[str, Any], *, characters: CharacterReader | None = None,
) -> GurpsScenario:
    """Validate a whole scenario mapping (``rules = "gurps"``) into a :class:`GurpsScenario`.

    A :class:`armourpen.reading.CheckedTree` (what ``load_scenario`` passes) is not walked again.
    ``characters`` reads the targets given by GCS character files; without
    it a scenario names none (``armourpen.load_scenario`` reads them).
    """
    top = _validated(data)
    attack = _attack(top.attack)
    line = _Line(attack, characters)
    for i, raw in enumerate(top.line):
        line.entries.append(_entry(raw, i, line))
        line.step_entries += [i] * (len(line.steps) - len(line.step_entries))  # read for entry i
    _check_line(line, top.attack)
    return GurpsScenario(
        attack=attack,
        line=tuple(line.entries),
        settings=GurpsSettings(top.settings.fractional_dr0),
        warnings=tuple(line.warnings),
        steps=tuple(line.steps),
        step_entries=tuple(line.step_entries),
    )


def _model(model: type[BaseModel], raw: Mapping[str, Any], here: str = "") -> Any:
    """``raw`` validated by ``model``; its first problem is one error naming the path."""
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        raise from_validation_error(exc, here, model=model) from None


def _validated(data: Mapping[str, Any]) -> ScenarioFile:
    if not isinstance(data, Mapping):
        raise ScenarioError("scenario", data, "a table of keys (rules, settings, attack, line)")
    from armourpen.reading import CheckedTree, check_tree

    if not isinstance(data, CheckedTree):
        check_tree(data, limits=None)  # numbers, keys and text, wherever the mapping came from
    top: ScenarioFile = _model(ScenarioFile, data)
    if top.optional_rules:
        raise ScenarioError(
            "optional_rules", top.optional_rules, "the GURPS rule set has no optional rules: []"
        )
    return top


def _attack(a: AttackEntry) -> GurpsAttack:
    try:
        damage = Damage.parse(a.damage)
    except NotationError as exc:
        raise NotationError(exc.text, exc.position, exc.expected, field="attack.damage") from None
    if a.roll is not None and not damage.min_roll <= a.roll <= damage.max_roll:
        raise ScenarioError(
            "attack.roll",
            a.roll,
            f"{damage} rolls from {damage.min_roll} to {damage.max_roll} (dice total with adds)",
        )
    return GurpsAttack(damage, a.roll, a.seed, a.ranged, a.location)


_ENTRY_ALLOWED = ("each entry of the line has either `target = \"name\"` (with hp, dr, ..., or a "
                  "GCS file: gcs = \"Ogre.gcs\") or `cover = { name, dr, hp?, slab?, "
                  "injury_tolerance? }`")


def _entry(raw: object, i: int, line: _Line) -> LineEntry:
    here = f"line[{i}]"
    if not isinstance(raw, Mapping) or ("cover" in raw) == ("target" in raw):
        raise ScenarioError(here, raw, _ENTRY_ALLOWED)
    if "cover" in raw:
        c: CoverEntry = _model(CoverEntry, raw, here)
        return _cover(c.cover, i, line.warnings)
    if "gcs" in raw:
        return _gcs_target(_model(GcsTargetEntry, raw, here), i, line)
    return _target(_model(TargetEntry, raw, here), i, line)


def _check_line(line: _Line, a: AttackEntry) -> None:
    """What spans the line: a target at least, names told apart, a seed that serves."""
    targets = [e for e in line.entries if isinstance(e, Target)]
    if not targets:
        raise ScenarioError("line", "(no target)", "at least one entry with `target = \"name\"`")
    check_target_names([(t.index, t.name) for t in targets])
    if a.roll is not None and a.seed is not None and not any(t.random_location for t in targets):
        raise ScenarioError(
            "attack.seed", a.seed,
            "give a fixed roll or a seed, not both (with a fixed roll, a seed only rolls random "
            "hit locations, GU-10)",
        )


def _target(t: TargetEntry, i: int, line: _Line) -> Target:
    here = f"line[{i}]"
    chance = hit_chance(t.hit_chance, f"{here}.hit_chance", not line.has_target)
    kind, lacking = tolerances(t.injury_tolerance, f"{here}.injury_tolerance")
    location = line.attack.location if t.location is None else t.location
    _check_location(location, lacking, "attack.location" if t.location is None
                    else f"{here}.location", t.target)
    given_back = t.dr if t.dr_back is None else t.dr_back
    dr, dr_back, dr_at = _dr_by_location(t.dr, given_back)
    table = isinstance(t.dr, dict) or isinstance(given_back, dict)
    if table:
        line.steps.append(_dr_table_step(t.target, dr, dr_back, dr_at))
    return Target(
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
    )


def _gcs_target(t: GcsTargetEntry, i: int, line: _Line) -> Target:
    """A target read from a GCS character file, by the caller's reader."""
    if line.characters is None:
        raise ScenarioError(f"line[{i}].gcs", "(a GCS character)", "no GCS character here: this "
                            "reader reads none (armourpen.load_scenario reads them)")
    read = line.characters(t, i, line.attack, not line.has_target)
    where = "attack.location" if t.location is None else f"line[{i}].location"
    _check_location(read.target.location, read.target.lacking, where, t.target)
    line.steps.extend(read.steps)
    line.warnings.extend(read.warnings)
    return read.target


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
    from armourpen.reading import exact_number

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
    dr: int | DrByLocation, dr_back: int | DrByLocation
) -> tuple[int, int, tuple[tuple[Location, int, int], ...]]:
    """DR in and out wherever no table says otherwise, and (location, in, out) for every location a
    table lists (GU-3): a whole number counts everywhere; a table gives DR 0 where it is silent."""
    ins = dr if isinstance(dr, dict) else {}
    outs = dr_back if isinstance(dr_back, dict) else {}
    dr_else = 0 if isinstance(dr, dict) else dr
    back_else = 0 if isinstance(dr_back, dict) else dr_back
    listed = [where for where in Location if where in ins or where in outs]
    return dr_else, back_else, tuple((where, ins.get(where, dr_else), outs.get(where, back_else))
                                     for where in listed)


def _dr_table_step(name: str, dr: int, dr_back: int,
                   dr_at: tuple[tuple[Location, int, int], ...]) -> Step:
    def pair(a: int, b: int) -> str:
        return str(a) if a == b else f"{a} in, {b} out"

    listed = ", ".join(f"{where.value} {pair(a, b)}" for where, a, b in dr_at) or "none listed"
    return Step("GU-3", f"{name}: DR by location: {listed}; every other location "
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


def _cover(c: CoverSpec, i: int, warnings: list[Caution]) -> Cover:
    here = f"line[{i}].cover"
    if c.slab:
        ignored = [
            k for k in ("hp", "dr_back", "injury_tolerance") if getattr(c, k) is not None
        ]
        if ignored:
            warnings.append(Caution(
                "GU-6", f"{c.name}: a thin slab counts its DR alone; " + ", ".join(ignored)
                + " ignored"
            ))
    elif c.hp is None:
        raise ScenarioError(
            f"{here}.hp", MISSING,
            "cover that is not a thin slab needs hp (GU-6), or set slab = true",
        )
    return Cover(
        name=c.name,
        dr=c.dr,
        dr_back=c.dr if c.dr_back is None else c.dr_back,
        hp=c.hp,
        slab=c.slab,
        injury_tolerance=(
            InjuryTolerance.HOMOGENOUS if c.injury_tolerance is None else c.injury_tolerance
        ),
        index=i,
    )
