"""Reading a GURPS scenario (a mapping, from TOML or JSON) into frozen values.

:mod:`armourpen.gurps.schema` validates the keys and types with pydantic; this module checks what
spans keys (a roll within the dice, the first target's hit chance, a location the target has) and
builds the values of :mod:`armourpen.gurps.model`. A problem is a :class:`ScenarioError` naming
the path (``line[1].dr``), the value and what is allowed (AP-2): every problem the schema finds,
in all sections and entries at once; past the schema, the first.

A target read from a GCS character file (``gcs = "Ogre.gcs"``) is built by the GCS reader the
caller passes (:class:`CharacterReader`), and so is an attack taken from a weapon of one
(:class:`WeaponReader`): :func:`armourpen.gcs.scenario.parse_gurps` passes those of
:mod:`armourpen.gcs`, which knows this rule set and is not known by it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError

from armourpen.distance import Distance
from armourpen.errors import MISSING, InputError, NotationError, ScenarioError
from armourpen.explain import Caution, Ruling, Step
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.defense import DefenseKind
from armourpen.gurps.defense_reader import read_defense, read_shield
from armourpen.gurps.locations import Lacking, Location, Random, missing_locations
from armourpen.gurps.materials import MATERIALS, material_dr, material_range
from armourpen.gurps.model import (
    AttackWeapon,
    BlastPlace,
    Cover,
    GurpsAttack,
    GurpsScenario,
    GurpsSettings,
    LineEntry,
    Target,
    first_target_card,
)
from armourpen.gurps.notation import MAX_ADDS, MAX_DICE, Damage
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.projectiles import (
    MAX_BURST_WORK,
    concentrated_damage,
    concentration,
    counted,
    read_shots,
)
from armourpen.gurps.schema import (
    AttackEntry,
    CoverEntry,
    CoverSpec,
    DrByLocation,
    GcsAttackEntry,
    GcsTargetEntry,
    ScenarioFile,
    TargetEntry,
    entry_kind,
)
from armourpen.validation import errors_of, from_validation_error, joined
from armourpen.values import check_target_names

__all__ = ["CharacterReader", "ReadTarget", "ReadWeapon", "WeaponReader", "distance_yards",
           "hit_chance", "pain_threshold", "parse_gurps", "read_attack", "tolerances"]


@dataclass(frozen=True, slots=True)
class ReadTarget:
    """A target a GCS character file gives, with the steps and warnings of its reading."""

    target: Target
    steps: tuple[Step, ...] = ()
    warnings: tuple[Caution, ...] = ()
    defenses: tuple[tuple[DefenseKind, int], ...] = ()  # the sheet's Dodge, Parry, Block (GU-24)


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
    step_entries: list[int | None] = field(default_factory=list)  # beside steps: the entry each
    # is about (None: the attack)
    warnings: list[Caution] = field(default_factory=list)
    given: list[frozenset[str]] = field(default_factory=list)  # the keys each cover card gives

    @property
    def who(self) -> bool:
        """Whether the rolls decide who is hit (``attack.skill``, GU-16)."""
        return self.attack.skill is not None

    @property
    def has_target(self) -> bool:
        """Whether the first target card has been read (a range, and GU-8's hit chance 1, are
        its alone)."""
        return first_target_card(self.entries) is not None


def parse_gurps(
    data: Mapping[str, Any], *, characters: CharacterReader | None = None,
    weapons: WeaponReader | None = None,
) -> GurpsScenario:
    """Validate a whole scenario mapping (``rules = "gurps"``) into a :class:`GurpsScenario`.

    A :class:`armourpen.reading.CheckedTree` (what ``load_scenario`` passes) is not walked again.
    ``characters`` reads the targets given by GCS character files, ``weapons`` an attack taken
    from one; without them a scenario names none (``armourpen.load_scenario`` reads them).
    """
    top, typed, models = _validated(data)
    entry, attack, read_steps = _attack(typed, weapons)
    line = _Line(attack, characters)
    line.steps.extend(read_steps)
    line.step_entries.extend([None] * len(read_steps))
    for i, (raw, model) in enumerate(zip(top.line, models, strict=True)):
        line.entries.append(_entry(raw, model, i, line))
        line.step_entries += [i] * (len(line.steps) - len(line.step_entries))  # read for entry i
    _check_line(line, entry)
    if attack.explosive:
        _check_blast(line)
    if attack.shots is not None and attack.shots.total * len(top.line) > MAX_BURST_WORK:
        raise ScenarioError("attack.shots", str(attack.shots), f"shots x line entries at most "
                            f"{MAX_BURST_WORK:,}: each landed shot goes down the line")
    if line.who:
        attack = replace(attack, aim=_aim(line, entry))
        _check_occupants(line)
    scenario = GurpsScenario(
        attack=attack,
        line=_with_unnamed(line, len(top.line)) if line.who else tuple(line.entries),
        settings=GurpsSettings(top.settings.fractional_dr0),
        warnings=tuple(line.warnings),
        steps=tuple(line.steps),
        step_entries=tuple(line.step_entries),
    )
    if attack.shots is not None:
        _check_hits(scenario)
    return scenario


def _check_hits(scenario: GurpsScenario) -> None:
    """A burst's damage rolls (GU-19), read once the line says whether it is at extremely close
    range (GU-20): there only the A shots count and each hit rolls the dice and adds x B // 2, so
    the rolls are of that damage, and that damage must be one GU-1 can roll."""
    attack = scenario.attack
    assert attack.shots is not None
    shots, damage = attack.shots, attack.damage
    close = scenario.close_range.value
    why = ""
    if close:
        times = concentration(shots)
        dice, adds = damage.dice * times, damage.adds * times
        if dice > MAX_DICE or abs(adds) > MAX_ADDS:
            raise ScenarioError("attack.shots", str(shots), f"at extremely close range (GU-20) "
                                f"each hit rolls {damage}'s dice and adds x {times}: at most "
                                f"{MAX_DICE} dice and adds from -{MAX_ADDS} to +{MAX_ADDS} "
                                f"(here {dice}d{adds:+d}); fewer projectiles, or no range")
        damage = concentrated_damage(damage, times)
        why = f", each hit {damage} at extremely close range (GU-20)"
    most = counted(shots, close)
    if len(attack.rolls) > most:
        only = f" (only the {most} shots count at extremely close range, GU-20)" if close else ""
        raise ScenarioError("attack.rolls", list(attack.rolls),
                            f"at most one roll per shot: {most}{only}")
    for i, r in enumerate(attack.rolls):
        if not damage.min_roll <= r <= damage.max_roll:
            raise ScenarioError(f"attack.rolls[{i}]", r, f"{damage} rolls from {damage.min_roll} "
                                f"to {damage.max_roll} (dice total with adds{why})")


def _model(model: type[BaseModel], raw: Mapping[str, Any], here: str = "") -> Any:
    """``raw`` validated by ``model``; its first problem is one error naming the path."""
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        raise from_validation_error(exc, here, model=model) from None


_Entry = TargetEntry | GcsTargetEntry | CoverEntry


def _validated(data: Mapping[str, Any]
               ) -> tuple[ScenarioFile, AttackEntry | GcsAttackEntry, list[_Entry | None]]:
    """The file's sections and entries, each validated by its model; every problem they have is
    told at once (AP-2), as PEN/AV's one model tells them."""
    if not isinstance(data, Mapping):
        raise ScenarioError("scenario", data, "a table of keys (rules, settings, attack, line)")
    from armourpen.reading import CheckedTree
    from armourpen.trees import check_tree

    if not isinstance(data, CheckedTree):
        check_tree(data, limits=None)  # numbers, keys and text, wherever the mapping came from
    found = _Problems()
    top: ScenarioFile | None = found.check(ScenarioFile, data, "")
    # with the top level wrong, its sections are still checked, as far as they are there
    raw_attack = top.attack if top is not None else data.get("attack", _ABSENT)
    raw_line = top.line if top is not None else data.get("line")
    attack, explosive = _attack_model(raw_attack, found)
    models = [_entry_model(raw, i, explosive, found)
              for i, raw in enumerate(raw_line if isinstance(raw_line, list) else [])]
    if found.errors:
        raise joined(found.errors, found.more)
    assert top is not None and attack is not None
    if top.optional_rules:
        raise ScenarioError(
            "optional_rules", top.optional_rules, "the GURPS rule set has no optional rules: []"
        )
    return top, attack, models


def read_attack(raw: object, weapons: WeaponReader | None = None) -> GurpsAttack:
    """A scenario's ``attack`` alone, read and checked as :func:`parse_gurps` reads it (what the
    line must hold for it, a blast's distances, is the line's to check)."""
    found = _Problems()
    model, _ = _attack_model(raw, found)
    if found.errors:
        raise joined(found.errors, found.more)
    if model is None:
        raise ScenarioError("attack", MISSING, "`attack` is required")
    return _attack(model, weapons)[1]


_ABSENT = object()


@dataclass(slots=True)
class _Problems:
    """The problems found so far in the parts of one file, and how many more past each bound."""

    errors: list[InputError] = field(default_factory=list)
    more: int = 0

    def check(self, model: type[BaseModel], raw: Mapping[str, Any], here: str) -> Any:
        """``raw`` validated by ``model``, or None with its problems kept."""
        try:
            return model.model_validate(dict(raw))
        except ValidationError as exc:
            errors, more = errors_of(exc, here, model=model)
            self.errors.extend(errors)
            self.more += more
            return None


def _attack_model(raw: object, found: _Problems
                  ) -> tuple[AttackEntry | GcsAttackEntry | None, bool | None]:
    """The attack validated (None: missing or wrong), and whether it is an explosion (None: not
    known before a GCS sheet is read, or its damage does not parse)."""
    if raw is _ABSENT:  # the top level says it is required
        return None, None
    if not isinstance(raw, Mapping):
        found.errors.append(_not_an_attack(raw))
        return None, None
    if "gcs" in raw:
        return found.check(GcsAttackEntry, raw, "attack"), None
    attack = found.check(AttackEntry, raw, "attack")
    return attack, None if attack is None else _explosive(attack.damage)


def _entry_model(raw: object, i: int, explosive: bool | None, found: _Problems) -> _Entry | None:
    """Entry ``i`` validated by the model of its kind. A target card with cover is one only in
    an explosion (GU-21): where that is not known yet, it is validated once the attack is read
    (None), as is an entry found wrong."""
    kind = entry_kind(raw)
    both = kind in ("target", "gcs") and isinstance(raw, Mapping) and "cover" in raw
    if kind is None or (both and explosive is False):
        found.errors.append(ScenarioError(f"line[{i}]", raw, _ENTRY_ALLOWED))
        return None
    if both and explosive is None:
        return None
    assert isinstance(raw, Mapping)
    model: _Entry | None = found.check(_ENTRY_MODELS[kind], raw, f"line[{i}]")
    return model


_ENTRY_MODELS: dict[str, type[BaseModel]] = {"cover": CoverEntry, "gcs": GcsTargetEntry,
                                             "target": TargetEntry}


def _explosive(text: str) -> bool | None:
    """Whether a typed attack's damage is an explosion (None: it does not parse; said later)."""
    try:
        return Damage.parse(text).explosive
    except NotationError:
        return None


def _not_an_attack(raw: object) -> ScenarioError:
    return ScenarioError("attack", raw, "allowed: a table / object with the keys "
                         + ", ".join(AttackEntry.model_fields) + "; or gcs and weapon (an "
                         "attack from a GCS character file's weapon)")


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
                   environment=getattr(a, "environment", None) or "air",
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


def _aim(line: _Line, a: AttackEntry | GcsAttackEntry) -> str:
    """The aimed target's name (GU-16): ``attack.aim``, or the first target card's."""
    targets = [e for e in line.entries if isinstance(e, Target)]
    names = ", ".join(t.name for t in targets)
    if a.aim is None:
        first = first_target_card(line.entries)
        assert first is not None  # _check_line: a line has a target card
        aimed = first
    else:
        found = [t for t in targets if t.name == a.aim]
        if not found:
            cover = any(isinstance(e, Cover) and e.name == a.aim for e in line.entries)
            what = f"{a.aim} is a cover, " if cover else ""
            raise ScenarioError("attack.aim", a.aim, f"the name of a target card ({what}one of "
                                f"{names})")
        aimed = found[0]
    if aimed.skill is not None and aimed.skill != a.skill:
        raise ScenarioError(f"line[{aimed.index}].skill", aimed.skill, f"the skill against the "
                            f"aimed target is attack.skill ({a.skill}): leave it out or give "
                            "the same")
    return aimed.name


def _check_occupants(line: _Line) -> None:
    """Each ``inside`` names a cover before its card; a vehicle's occupants are at least the cards
    inside it, and it has an SM (GU-17)."""
    inside: dict[str, list[Target]] = {}
    for e in line.entries:
        if not isinstance(e, Target) or e.inside is None:
            continue
        before = [c for c in line.entries[:e.index] if isinstance(c, Cover) and c.name == e.inside]
        if not before:
            later = any(isinstance(c, Cover) and c.name == e.inside
                        for c in line.entries[e.index:])
            covers = ", ".join(c.name for c in line.entries[:e.index] if isinstance(c, Cover))
            why = f"{e.inside} comes after it" if later else f"one of: {covers or 'none'}"
            raise ScenarioError(f"line[{e.index}].inside", e.inside, "the name of a cover card "
                                f"before this card (a vehicle or building, GU-17): {why}")
        inside.setdefault(e.inside, []).append(e)
    for c, given in zip((e for e in line.entries if isinstance(e, Cover)), line.given, strict=True):
        here = f"line[{c.index}].cover"
        listed = inside.get(c.name, [])
        if c.occupants is not None and c.occupants < len(listed):
            raise ScenarioError(f"{here}.occupants", c.occupants, f"at least the {len(listed)} "
                                "cards inside it (" + ", ".join(t.name for t in listed) + ")")
        vehicle = c.occupants is not None or listed
        if vehicle and c.sm is None:
            raise ScenarioError(f"{here}.sm", MISSING, "`sm` is required: the Size Modifier of a "
                                "vehicle or building, from -10 to +30, for the Occupant Hit "
                                "Table (GU-17)")
        if not vehicle and "sm" in given:
            raise ScenarioError(f"{here}.sm", c.sm, "an SM only for a cover that holds people "
                                "(occupants, or cards inside it, GU-17)")


UNNAMED_HP = 10
"""An occupant no card lists is taken as an unarmoured person of HP 10 (GU-17 gives no figures)."""


def _with_unnamed(line: _Line, n: int) -> tuple[LineEntry, ...]:
    """The line with, right after each vehicle whose occupants are more than its cards inside, one
    target standing for the occupants no card lists (GU-17); its index follows the file's."""
    out: list[LineEntry] = []
    extra = 0
    for e in line.entries:
        if isinstance(e, Cover) and e.occupants is None and any(
                isinstance(t, Target) and t.inside == e.name for t in line.entries):
            e = replace(e, occupants=sum(isinstance(t, Target) and t.inside == e.name
                                         for t in line.entries))
            line.entries[e.index] = e
        out.append(e)
        if isinstance(e, Cover) and e.occupants is not None:
            listed = sum(isinstance(t, Target) and t.inside == e.name for t in line.entries)
            if e.occupants > listed:
                out.append(Target(f"unnamed occupant of {e.name}", UNNAMED_HP,
                                  location=line.attack.location, index=n + extra,
                                  inside=e.name, unnamed=True))
                extra += 1
    return tuple(out)


def distance_yards(raw: int | float | str, where: str) -> Fraction:
    """A distance in yards (GU-23), read as armourpen reads every distance (a bare number is
    yards: metres and yards are the same number in its tables)."""
    return Distance.parse(raw, where, rule=Ruling.GU_23).metres


def _range(raw: int | float | str | None, i: int, line: _Line) -> Fraction | None:
    """A target card's range (GU-23): only the first target card's, which decides the shot."""
    if raw is None:
        return None
    if line.has_target:
        raise ScenarioError(f"line[{i}].range", raw, "a range on the first target card only: it "
                            "decides the whole shot's damage (GU-23)")
    return distance_yards(raw, f"line[{i}].range")


_ENTRY_ALLOWED = ("each entry of the line has either `target = \"name\"` (with hp, dr, ..., or a "
                  "GCS file: gcs = \"Ogre.gcs\") or `cover = { name, dr, hp?, slab?, "
                  "injury_tolerance? }`")


def _entry(raw: object, model: _Entry | None, i: int, line: _Line) -> LineEntry:
    """Entry ``i``: ``model`` is ``raw`` validated, or None where that waited for the attack."""
    here = f"line[{i}]"
    if not isinstance(raw, Mapping) or (("cover" in raw) == ("target" in raw) and (
            "target" not in raw or not line.attack.explosive)):
        # a target card lists its cover only in an explosion (GU-21)
        raise ScenarioError(here, raw, _ENTRY_ALLOWED)
    if model is None:
        model = _model(GcsTargetEntry if "gcs" in raw else TargetEntry, raw, here)
    if isinstance(model, CoverEntry):
        line.given.append(frozenset(model.cover.model_fields_set))
        return _cover(model.cover, i, line)
    if isinstance(model, GcsTargetEntry):
        return _gcs_target(model, i, line)
    return _target(model, i, line)


def _check_blast(line: _Line) -> None:
    """An explosion's cards (GU-21): targets only, each with its own cover; one at most threw
    himself on the explosive, one at most has it inside him, and never both (the explosive
    inside one target is not under another's body)."""
    for e in line.entries:
        if isinstance(e, Cover):
            raise ScenarioError(f"line[{e.index}].cover", e.name, "in an explosion the cards are "
                                "not a line: give each target card the cover between it and the "
                                "blast, cover = [...] (GU-21)")
    selfless = [t for t in line.entries if isinstance(t, Target) and t.blast is not None
                and t.blast.situation == "threw_self"]
    if len(selfless) > 1:
        raise ScenarioError(f"line[{selfless[1].index}].situation", "threw_self", "one target at "
                            f"most threw himself on the explosive ({selfless[0].name} did)")
    inside = [t for t in line.entries if isinstance(t, Target) and t.blast is not None
              and t.blast.situation == "inside"]
    if len(inside) > 1:
        raise ScenarioError(f"line[{inside[1].index}].situation", "inside", "one target at most "
                            f"has the explosive inside him ({inside[0].name} has, GU-21)")
    if inside and selfless:
        first, second = sorted((inside[0], selfless[0]), key=lambda t: t.index)
        said = {"inside": "has the explosive inside him", "threw_self": "threw himself on it"}
        assert second.blast is not None and first.blast is not None
        raise ScenarioError(
            f"line[{second.index}].situation", second.blast.situation,
            f"caught or struck: {first.name} {said[first.blast.situation]}, and an explosive "
            "inside one target cannot have another thrown on it (GU-21)")


def _check_line(line: _Line, a: AttackEntry | GcsAttackEntry) -> None:
    """What spans the line: a target at least, names told apart, a seed that serves."""
    targets = [e for e in line.entries if isinstance(e, Target)]
    if not targets:
        raise ScenarioError("line", "(no target)", "at least one entry with `target = \"name\"`")
    check_target_names([(t.index, t.name) for t in targets])
    if (a.roll is not None and a.seed is not None and a.skill is None
            and not any(t.random_location and t.location_roll is None for t in targets)
            and (line.attack.fragments is None or not line.attack.explosive)):
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
    situation = t.situation or "caught"
    if t.distance is None:
        if situation == "caught":
            raise ScenarioError(f"{here}.distance", MISSING, "`distance` is required in an "
                                "explosion: yards from its centre (GU-21), e.g. 3 or '3 yd'")
        distance = Fraction(0)
    else:
        distance = Distance.parse(t.distance, f"{here}.distance", rule=Ruling.GU_21).metres
        if distance < 0:
            raise ScenarioError(f"{here}.distance", t.distance, "0 or more yards (GU-21)")
        if situation != "caught" and distance != 0:
            raise ScenarioError(f"{here}.distance", t.distance, f"0 or left out: a target "
                                f"{situation} is at the explosive (GU-21)")
    if situation == "inside" and t.cover:
        raise ScenarioError(f"{here}.cover", t.cover, "no cover for a target with the explosive "
                            "inside him: no DR protects him (GU-21); leave cover out")
    cover = tuple(_cover(c, i, line, f"{here}.cover[{j}]") for j, c in enumerate(t.cover or ()))
    return BlastPlace(distance, t.posture or "standing", t.sm or 0, situation, cover)


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
    target = replace(read.target, range=far, blast=blast,
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


def _cover(c: CoverSpec, i: int, line: _Line, where: str | None = None) -> Cover:
    here = f"line[{i}].cover" if where is None else where
    given = c.model_fields_set
    slab = c.slab
    if c.material is not None:
        name, dr, slab = _material(c, here, line)
    else:
        for key in ("inches", "grade", "dr_per_inch"):
            if key in given:
                raise ScenarioError(f"{here}.{key}", getattr(c, key), "only with material "
                                    "(cover by material, GU-18)")
        if c.name is None:
            raise ScenarioError(f"{here}.name", MISSING, "`name` is required")
        if c.dr is None:
            raise ScenarioError(f"{here}.dr", MISSING, "`dr` is required")
        name, dr = c.name, c.dr
    if not line.who:
        for key in ("occupants", "sm"):
            if key in given:
                raise ScenarioError(f"{here}.{key}", getattr(c, key), _WHO_ONLY)
    if slab:
        ignored = [
            k for k in ("hp", "dr_back", "injury_tolerance") if getattr(c, k) is not None
        ]
        if ignored:
            line.warnings.append(Caution(
                Ruling.GU_6, f"{name}: a thin slab counts its DR alone; " + ", ".join(ignored)
                + " ignored"
            ))
    elif c.hp is None:
        raise ScenarioError(
            f"{here}.hp", MISSING,
            "cover that is not a thin slab needs hp (GU-6), or set slab = true",
        )
    return Cover(
        name=name,
        dr=dr,
        dr_back=dr if c.dr_back is None else c.dr_back,
        hp=c.hp,
        slab=slab,
        injury_tolerance=(
            InjuryTolerance.HOMOGENOUS if c.injury_tolerance is None else c.injury_tolerance
        ),
        index=i,
        occupants=c.occupants,
        sm=c.sm,
    )


_MATERIALS = ", ".join(MATERIALS)


def _material(c: CoverSpec, here: str, line: _Line) -> tuple[str, int, bool]:
    """Cover by material (GU-18): its name, its DR, and whether it is a thin slab (unless the card
    says slab = false)."""
    assert c.material is not None
    material = " ".join(c.material.lower().split())
    if material not in MATERIALS:
        raise ScenarioError(f"{here}.material", c.material, f"one of {_MATERIALS} "
                            "(case-insensitive, GU-18)")
    if c.dr is not None:
        raise ScenarioError(f"{here}.dr", c.dr, "dr or material with inches, not both (GU-18)")
    if c.inches is None:
        raise ScenarioError(f"{here}.inches", MISSING, "`inches` is required: the thickness of a "
                            "material cover in inches, more than 0, at most 1000 (GU-18)")
    per = None
    if c.dr_per_inch is not None:
        if c.grade is not None:
            raise ScenarioError(f"{here}.grade", c.grade, "grade or dr_per_inch, not both (GU-18)")
        per = Fraction(repr(c.dr_per_inch)) if isinstance(c.dr_per_inch, float) \
            else Fraction(c.dr_per_inch)
        low, high = MATERIALS[material]
        if not low <= per <= high:
            raise ScenarioError(f"{here}.dr_per_inch", c.dr_per_inch, f"DR per inch of "
                                f"{material}: {material_range(material)} (GU-18)")
    inches = Fraction(repr(c.inches)) if isinstance(c.inches, float) else Fraction(c.inches)
    dr = material_dr(material, inches, c.grade or "low", per)
    line.steps.extend(dr.steps)
    slab = c.slab if "slab" in c.model_fields_set else True
    return (c.name or material), dr.value, slab
