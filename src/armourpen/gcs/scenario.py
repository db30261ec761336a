"""The GURPS rule set's scenario reader, with targets read from GCS character files.

:func:`armourpen.gurps.scenario.parse_gurps` reads a scenario; a target that names a GCS file
(``{ target = "Ogre", gcs = "Ogre.gcs" }``) is read here: the file (or its JSON, or a character
already read) becomes a :class:`~armourpen.gurps.model.Target` (:mod:`armourpen.gcs.target`), and
the keys written beside ``gcs`` override it. An attack that names a GCS file and one of its weapons
(``attack = { gcs = "Agent.gcs", weapon = "Thompson M1928A1", usage = "Burst" }``) takes the
weapon's damage and 1/2D range from it (:mod:`armourpen.gcs.weapons`), its skill (GU-15), its RoF
as the shots (GU-19, GU-20; a RoF of 1 is a single shot) and its Rcl, unless keys beside ``gcs``
give them. GCS knows the GURPS rule
set; the rule set does not know GCS.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armourpen.errors import (
    MISSING,
    WITHHELD,
    FileName,
    GcsError,
    InputError,
    NotationError,
    ScenarioError,
)
from armourpen.explain import Ruling, Step
from armourpen.gcs.model import GcsCharacter
from armourpen.gcs.reader import parse_mapping, read_path
from armourpen.gcs.target import Overrides, from_character
from armourpen.gcs.weapons import GcsWeapon, find_weapon
from armourpen.gurps.attack_roll import MAX_SKILL, MIN_SKILL
from armourpen.gurps.condition import Vitality
from armourpen.gurps.damage import fmt
from armourpen.gurps.locations import HUMANOID, RANDOM, Location, Random
from armourpen.gurps.model import AttackWeapon, GurpsAttack, GurpsScenario, Target
from armourpen.gurps.notation import Damage
from armourpen.gurps.projectiles import read_shots
from armourpen.gurps.scenario import ReadTarget, ReadWeapon, hit_chance, pain_threshold, tolerances
from armourpen.gurps.scenario import parse_gurps as parse_scenario
from armourpen.gurps.schema import GcsAttackEntry, GcsTargetEntry
from armourpen.limits import DEFAULT_LIMITS, Limits


def parse_gurps(
    data: Mapping[str, Any], base: Path | None = None, limits: Limits = DEFAULT_LIMITS,
    *, allow_outside_files: bool = False,
) -> GurpsScenario:
    """Validate a whole scenario mapping (``rules = "gurps"``) into a :class:`GurpsScenario`.

    A target's ``gcs`` file is found relative to ``base`` (the scenario file's folder) and read
    within ``limits``; it must lie in ``base`` or below it unless ``allow_outside_files``, and
    a refusal of its content repeats no value from it. Without ``base`` no file may be named
    (``gcs`` holds the file's JSON, or a value :func:`armourpen.load_gcs` returned).
    A :class:`armourpen.reading.CheckedTree` (what ``load_scenario`` passes) is not walked again.
    """
    characters = Characters(base, allow_outside_files, limits)
    return parse_scenario(data, characters=characters, weapons=characters.weapon)


@dataclass(frozen=True, slots=True)
class Characters:
    """Reads the targets of a scenario given by GCS character files
    (a :class:`~armourpen.gurps.scenario.CharacterReader`): files in ``base`` or below it unless
    ``outside`` (None: no file may be named), within ``limits``."""

    base: Path | None
    outside: bool
    limits: Limits

    def __call__(self, entry: GcsTargetEntry, index: int, attack: GurpsAttack,
                 first: bool) -> ReadTarget:
        here = f"line[{index}]"
        pain_threshold(entry.high_pain_threshold, entry.low_pain_threshold, here)  # not both
        character, source = self.character(entry.gcs, f"{here}.gcs")
        if entry.gcs_name is not None:  # the file's JSON, sent with its name (the calculator's)
            if not isinstance(entry.gcs, Mapping):
                raise ScenarioError(f"{here}.gcs_name", entry.gcs_name, "only with gcs as the "
                                    "file's JSON: a path or a character read already names its "
                                    "file")
            source = entry.gcs_name
        chance = hit_chance(entry.hit_chance, f"{here}.hit_chance", first)
        kinds: tuple[str, ...] | None = None
        if entry.injury_tolerance is not None:
            # one of each, at most one body; the file's reading keeps the names
            tolerances(entry.injury_tolerance, f"{here}.injury_tolerance")
            names = [entry.injury_tolerance] if isinstance(entry.injury_tolerance, str) \
                else entry.injury_tolerance
            kinds = tuple(n for n in names if n != "none")
        # in an explosion the blast meets every location (its large-area DR, GU-21) and each
        # fragment lands on one rolled (GU-22): the file's DR is read for all, as for a random hit
        location: str | Location | Random = RANDOM if attack.explosive else attack.location
        where = "attack.location"
        if entry.location is not None:
            location, where = entry.location, f"{here}.location"
        read = from_character(
            character, entry.target, source, here, attack.damage, location,
            Overrides(entry.hp, entry.st, entry.dr, entry.dr_back, entry.hardened,
                      entry.perfect_balance, kinds, entry.high_pain_threshold,
                      entry.low_pain_threshold),
            field=where,
        )
        target = Target(
            name=entry.target,
            hp=read.hp,
            dr=read.dr,
            dr_back=read.dr_back,
            injury_tolerance=read.injury_tolerance,
            hit_chance=chance,
            location=read.location,
            index=index,
            st=read.st,
            flexible=entry.flexible,
            vulnerability=entry.vulnerability,
            hardened=read.hardened,
            perfect_balance=read.perfect_balance,
            groin_double_shock=entry.groin_double_shock,
            pain_threshold=read.pain_threshold,
            lacking=read.lacking,
            body=HUMANOID if read.body is None else read.body,
            dr_at=read.dr_at,
            skull_dr_included=read.skull_dr_included,
            rules=read.rules,
            # GU-27: the sheet's HT and the traits that change its HT rolls, used when the card
            # asks (a key beside gcs overrides each)
            vitality=Vitality(ht=character.ht, hard_to_kill=character.hard_to_kill,
                              hard_to_subdue=character.hard_to_subdue,
                              easy_to_kill=character.easy_to_kill, fitness=character.fitness),
        )
        from armourpen.gurps.defense import DefenseKind

        return ReadTarget(target, read.steps, read.warnings, tuple(
            (DefenseKind(kind), level) for kind, level in character.defenses().items()))

    def weapon(self, entry: GcsAttackEntry) -> ReadWeapon:
        """The weapon an attack names in a GCS file (a :class:`~armourpen.gurps.scenario.
        WeaponReader`): its damage as GCS computed it and its 1/2D range, unless the attack
        gives them."""
        character, source = self.character(entry.gcs, "attack.gcs")
        if entry.gcs_name is not None:  # the file's JSON, sent with its name (the calculator's)
            if not isinstance(entry.gcs, Mapping):
                raise ScenarioError("attack.gcs_name", entry.gcs_name, "only with gcs as the "
                                    "file's JSON: a path or a character read already names its "
                                    "file")
            source = entry.gcs_name
        w = find_weapon(character.weapons, entry.weapon, entry.usage, source)
        return read_weapon(entry, w, source)

    def character(self, raw: object, where: str) -> tuple[GcsCharacter, str]:
        """The GCS character a target names, and how steps name it: a file relative to ``base``,
        the file's JSON itself, or from Python a value already read (:func:`armourpen.load_gcs`,
        e.g. an upload's)."""
        if isinstance(raw, GcsCharacter):
            return raw, source_of(raw)
        if isinstance(raw, Mapping):
            return self._json(raw, where), where
        if not isinstance(raw, str) or not raw.strip():
            raise ScenarioError(where, raw, _GCS_ALLOWED)
        if self.base is None:
            raise ScenarioError(where, raw, "here, a GCS file's JSON (an object): this scenario "
                                "was not read from a file, so it names no files (from Python, "
                                "give load_scenario(..., base=folder))")
        path = Path(raw) if Path(raw).is_absolute() else self.base / raw
        if not self.outside:
            _within(path, self.base, raw, where)
        try:
            return read_path(path, field=where, limits=self.limits), raw
        except GcsError as exc:
            if isinstance(exc.value, FileName) or exc.value in (str(path), MISSING):
                raise  # about the file itself (not there, not JSON) or a key it lacks: no content
            # the file may be any file the user can read: its path and the field, never its content
            raise GcsError(exc.field, WITHHELD, exc.allowed) from None

    def _json(self, raw: Mapping[str, Any], where: str) -> GcsCharacter:
        try:
            return parse_mapping(raw, where, field=where, limits=self.limits)
        except InputError as exc:  # a GcsError, or a LimitError naming a field of the file
            # the file's JSON written in the scenario: its fields are named by their path in it
            # (line[0].gcs.settings), not as a file's are (Ogre.gcs: settings)
            inside = exc.field.removeprefix(f"{where}: ")
            if inside == exc.field:
                raise
            raise exc.at(f"{where}.{inside}") from None


def source_of(character: GcsCharacter) -> str:
    """How steps and errors name a character read already: its file, else its data."""
    return character.source or f"{character.name}'s GCS data"


class SheetRefusal(ScenarioError):
    """Resolve's refusal of what a sheet's weapon gives an attack (one line, as any error), and
    what a listing of the sheet's weapons says of it: ``why``, after the weapon's label, and
    ``key``, the key beside gcs that supplies what is missing (skill, shots, rcl), None where
    none does (its damage has no rule behind it, its trait is disabled)."""

    def __init__(self, field: str, value: object, allowed: str, why: str,
                 key: str | None = None) -> None:
        super().__init__(field, value, allowed)
        self.why = why
        self.key = key


def _gap(key: str, where: str, why: str) -> SheetRefusal:
    """``attack.KEY`` missing: the sheet gives it in no rule's terms (``why``)."""
    return SheetRefusal(f"attack.{key}", MISSING, f"`attack.{key}` is required: {where} {why}; "
                        f"give {key} beside gcs", why, key)


def read_weapon(entry: GcsAttackEntry, w: GcsWeapon, source: str) -> ReadWeapon:
    """What weapon ``w`` of the sheet ``source`` gives the attack ``entry`` (its damage, 1/2D,
    skill, shots and Rcl, those beside gcs first), or one :class:`SheetRefusal`."""
    # damage beside gcs stands in for the sheet's, never for a weapon the sheet disables
    if w.problem is not None and (entry.damage is None or w.disabled):
        raise SheetRefusal("attack.weapon", w.label, f"a weapon armourpen can use: {source}: "
                           f"{w.label}: {w.problem}", w.problem)
    damage = w.damage if entry.damage is None else entry.damage
    told = [f"damage {damage}" + (" (given beside gcs)" if entry.damage is not None else "")]
    if w.skill is not None:
        told.append(f"skill {w.skill}")
    told += [f"{what} {value}" for what, value in
             (("RoF", w.rate_of_fire), ("Rcl", w.recoil), ("range", w.range)) if value]
    if w.half_damage_range is not None:
        told.append(f"1/2D {fmt(w.half_damage_range)} yd")
    kind = "ranged" if w.ranged else "melee"
    steps = [Step(Ruling.GU_1, f"attack from {source}: {w.label}, a {kind} weapon: "
                  + ", ".join(told))]
    skill = shots = rcl = None
    if not _explosive(damage):  # a blast reaches every card at its distance (GU-21): no roll
        skill, shots, rcl, taken = _roll_figures(entry, w, source)
        steps.append(Step(Ruling.GU_15, f"attack from {source}: " + "; ".join(taken)))
    return ReadWeapon(
        damage=damage, half_damage_range=w.half_damage_range, ranged=w.ranged,
        weapon=AttackWeapon(source, w.name, w.usage, w.damage, w.skill, w.rate_of_fire,
                            w.recoil),
        steps=tuple(steps), skill=skill, shots=shots, rcl=rcl,
    )


def _explosive(damage: str) -> bool:
    try:
        return Damage.parse(damage).explosive
    except NotationError as exc:  # damage given beside gcs (the sheet's has a rule behind it)
        raise NotationError(exc.text, exc.position, exc.expected, field="attack.damage") from None


def _roll_figures(entry: GcsAttackEntry, w: GcsWeapon, source: str
                  ) -> tuple[int | None, str | None, int | None, list[str]]:
    """The skill (GU-15), shots (GU-19, GU-20) and Rcl an attack from ``w`` takes: those given
    beside gcs, else the sheet's; and what was taken, for the step.

    A RoF of 1 (or none, a melee weapon's) is a single shot: no burst. A RoF the rules cannot
    read (``1/3`` for two modes, ``Jet``) needs ``shots`` beside gcs; so does a burst whose Rcl
    the sheet gives in no rule's terms (``rcl``). A trailing ``!`` (full automatic only) fires
    the whole RoF."""
    where = f"{source}: {w.label}"
    taken: list[str] = []
    skill = entry.skill
    if skill is None:
        if w.skill is None and w.level:
            raise _gap("skill", where, f"gives skill level {w.level} (calc.level), not a whole "
                       f"number from {MIN_SKILL} to {MAX_SKILL} (GU-15)")
        if w.skill is None:
            raise _gap("skill", where, "gives no skill (GCS wrote no calc.level), and the attack "
                       "roll needs the shooter's effective skill (GU-15)")
        if not MIN_SKILL <= w.skill <= MAX_SKILL:
            raise _gap("skill", where, f"gives skill {w.skill}, outside {MIN_SKILL} to "
                       f"{MAX_SKILL} (GU-15)")
        skill = w.skill
        taken.append(f"skill {skill} (calc.level)")
    else:
        taken.append(f"skill {skill} (given beside gcs)")
    shots: str | None
    if entry.shots is not None:
        shots = str(entry.shots)
        taken.append(f"shots {shots} (given beside gcs)")
    else:
        rof = w.rate_of_fire.strip().removesuffix("!").strip()
        if rof in ("", "1"):
            shots = None
            taken.append(f"a single shot (RoF {w.rate_of_fire})" if rof else "a single shot")
        else:
            try:
                shots = str(read_shots(rof))
            except ScenarioError as exc:
                raise _gap("shots", where, f"gives RoF {w.rate_of_fire!r}, which is not "
                           f"{exc.allowed}") from None
            taken.append(f"shots {shots} (its RoF {w.rate_of_fire}, GU-19"
                         + (", GU-20)" if "x" in shots else ")"))
    rcl = entry.rcl
    if rcl is not None:
        taken.append(f"Rcl {rcl} (given beside gcs)")
    elif shots is not None:
        text = w.recoil.strip()
        # ASCII digits only: str.isdigit() also takes '²', which int() refuses
        if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_RCL):
            raise _gap("rcl", where, f"gives Rcl {text!r}, and a burst needs a whole number "
                       f"from 1 to {MAX_RCL} (GU-19)")
        rcl = int(text)
        taken.append(f"Rcl {rcl} (GU-19)")
    return skill, shots, rcl, taken


MAX_RCL = 1000  # a sheet's Rcl above any weapon's is a typo in the file


def _within(path: Path, base: Path, raw: str, where: str) -> None:
    """Refuse a file outside the scenario's folder (``..``, an absolute path, a link leading out):
    a scenario from elsewhere must not read the user's other files."""
    try:
        inside = path.resolve().is_relative_to(base.resolve())
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL character
        inside = False
    if not inside:
        folder = base.absolute()
        raise ScenarioError(where, raw, f"a file in the scenario's folder ({folder}) or below it; "
                            "another is read only when allowed (--allow-outside-files, or "
                            "allow_outside_files=True in Python)")


_GCS_ALLOWED = "a GCS character file (.gcs) as a path relative to the scenario file, or its JSON"
