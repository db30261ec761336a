"""Reading a GURPS scenario (a mapping, from TOML or JSON) into frozen values.

:mod:`armourpen.gurps.schema` validates the keys and types with pydantic; this module checks what
spans keys (a roll within the dice, the first target's hit chance, a location the target has) and
builds the values of :mod:`armourpen.gurps.model`. The parts are read in the modules named after
them: the attack (:mod:`~armourpen.gurps.read_attack`), a target card
(:mod:`~armourpen.gurps.read_target`), a cover card (:mod:`~armourpen.gurps.read_cover`), into the
line as it is read (:mod:`~armourpen.gurps.read_line`); this module reads the file and checks what
spans the line. A problem is a :class:`ScenarioError` naming
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
from typing import Any

from pydantic import BaseModel, ValidationError

from armourpen.errors import MISSING, InputError, NotationError, ScenarioError
from armourpen.explain import about
from armourpen.gurps.model import (
    Cover,
    GurpsAttack,
    GurpsScenario,
    GurpsSettings,
    LineEntry,
    Target,
    first_target_card,
)
from armourpen.gurps.notation import MAX_ADDS, MAX_DICE, Damage
from armourpen.gurps.projectiles import (
    MAX_BURST_WORK,
    concentrated_damage,
    concentration,
    counted,
)
from armourpen.gurps.read_attack import (
    ReadWeapon,
    WeaponReader,
    _attack,
    _model,
    distance_yards,
)
from armourpen.gurps.read_cover import _cover
from armourpen.gurps.read_line import CharacterReader, ReadTarget, _Line
from armourpen.gurps.read_target import (
    _gcs_target,
    _target,
    hit_chance,
    pain_threshold,
    tolerances,
)
from armourpen.gurps.schema import (
    AttackEntry,
    CoverEntry,
    GcsAttackEntry,
    GcsTargetEntry,
    ScenarioFile,
    TargetEntry,
    entry_kind,
)
from armourpen.gurps.situations import Situation
from armourpen.validation import errors_of, joined
from armourpen.values import check_target_names

__all__ = ["CharacterReader", "ReadTarget", "ReadWeapon", "WeaponReader", "distance_yards",
           "hit_chance", "pain_threshold", "parse_gurps", "read_attack", "tolerances"]


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
    for i, (raw, model) in enumerate(zip(top.line, models, strict=True)):
        mark = len(line.steps)
        line.entries.append(_entry(raw, model, i, line))
        line.steps[mark:] = about(line.steps[mark:], i)  # read for entry i
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


def _aim(line: _Line, a: AttackEntry | GcsAttackEntry) -> str:
    """The aimed target's name (GU-16): ``attack.aim``, or the first target card's."""
    targets = [e for e in line.entries if isinstance(e, Target)]
    names = ", ".join(t.name for t in targets)
    if a.aim is None:
        first = first_target_card(line.entries)
        assert first is not None  # _check_line: a line has a target card
        aimed = first
    else:
        # exactly as typed first, then in any case (two cards may differ only in case)
        found = [t for t in targets if t.name == a.aim] or [
            t for t in targets if t.name.casefold() == a.aim.casefold()]
        if not found:
            cover = any(isinstance(e, Cover) and e.name.casefold() == a.aim.casefold()
                        for e in line.entries)
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
                and t.blast.situation == Situation.THREW_SELF]
    if len(selfless) > 1:
        raise ScenarioError(f"line[{selfless[1].index}].situation", "threw_self", "one target at "
                            f"most threw himself on the explosive ({selfless[0].name} did)")
    inside = [t for t in line.entries if isinstance(t, Target) and t.blast is not None
              and t.blast.situation == Situation.INSIDE]
    if len(inside) > 1:
        raise ScenarioError(f"line[{inside[1].index}].situation", "inside", "one target at most "
                            f"has the explosive inside him ({inside[0].name} has, GU-21)")
    if inside and selfless:
        first, second = sorted((inside[0], selfless[0]), key=lambda t: t.index)
        said = {Situation.INSIDE: "has the explosive inside him",
                Situation.THREW_SELF: "threw himself on it"}
        assert second.blast is not None and first.blast is not None
        raise ScenarioError(
            f"line[{second.index}].situation", second.blast.situation.value,
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
            and not any(t.vitality is not None for t in targets)  # GU-27: it draws HT rolls
            and (line.attack.fragments is None or not line.attack.explosive)):
        raise ScenarioError(
            "attack.seed", a.seed,
            "give a fixed roll or a seed, not both (with a fixed roll, a seed only rolls random "
            "hit locations, GU-10)",
        )
