"""GU-14 for GCS files: which of a character's traits change what a shot does, read by name.

Only enabled traits count, nested ones included (a trait inside a disabled container is disabled,
as in GCS); only enabled modifiers count (a modifier container is always enabled, its children
each on their own). Names are compared without case or punctuation, after the trait's own
replacements (``@Attack@``) are filled in.

- **Injury Tolerance** gives its kinds from its modifiers (``Unliving``, ``No Brain``, ...) or from
  the name (``Injury Tolerance (Diffuse)``); a trait named after a kind (``Unliving``, ``No Neck``,
  as Dungeon Fantasy writes them) gives that kind.
- **Hardened** is a modifier of the traits that give DR (those with ``dr_bonus`` features); its
  ``levels`` (default 1) are the level. DR traits that disagree give the lowest level, with a
  warning: armourpen applies one level to all of a target's DR.
- **High** and **Low Pain Threshold** give the target's pain threshold (GU-11, GU-12); a file with
  both is read as neither, with a warning.
- **Perfect Balance** and **Vulnerability** (``Wounding xN`` and the attack named by the other
  modifiers or the name) are read as they are; an **Extra Arm** or **Striker** that names the tail
  (of any kind: ``Cutting Striker (Tail)``) makes the tail a limb.
- Traits that change injury, shock, knockdown or knockback but that armourpen does not model
  (Damage Reduction, Supernatural Durability, ...), and DR modifiers that
  the file's DR per location cannot show (Directional, Flexible, Limited without a damage kind), give
  a warning. Every other trait is irrelevant to a shot and silently ignored.
- A value of a shape armourpen does not expect is left out of its entry, which is read without it
  (:mod:`armourpen.gcs.lenient`), with a warning where it could change the shot: in an enabled
  trait that armourpen reads (by its name, or one that gives DR or is Hardened) outside its
  disabled modifiers, a trait's
  ``name`` or ``children`` (what they are cannot be told), an entry of ``traits`` that is no
  object, and worn equipment beside Hardened DR. Elsewhere it is left out silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from armourpen.explain import Caution, Ruling
from armourpen.gcs.lenient import Path, Unread, path_text
from armourpen.gcs.model import INJURY_TOLERANCE_KINDS, Vulnerability
from armourpen.gcs.schema import EquipmentData, FeatureData, ModifierData, SheetData, TraitData
from armourpen.gurps.pain import PainThreshold
from armourpen.limits import Limits

_KIND_WORDS: tuple[tuple[str, str], ...] = (
    ("unliving", "unliving"),
    ("homogenous", "homogenous"),
    ("homogeneous", "homogenous"),
    ("diffuse", "diffuse"),
    ("no brain", "no_brain"),
    ("no vitals", "no_vitals"),
    ("no blood", "no_blood"),
    ("no eyes", "no_eyes"),
    ("no head", "no_head"),
    ("no neck", "no_neck"),
)

# Traits that change what armourpen computes but that it does not model: (name, ruling, what).
_UNMODELLED: tuple[tuple[str, Ruling, str], ...] = (
    ("damage reduction", Ruling.GU_4, "divides the injury of every hit (Powers p. 52)"),
    # Dungeon Fantasy's name for it (Dungeon Fantasy Monsters' Jelly has Injury Reduction 4)
    ("injury reduction", Ruling.GU_4, "divides the injury of every hit (Powers p. 52)"),
    ("supernatural durability", Ruling.GU_4,
     "injury only from its weakness, the rest cannot take it below 1 HP (Basic Set p. 89)"),
    ("knockback resistance", Ruling.GU_13, "less or no knockback"),
)
_PAIN = (("high pain threshold", PainThreshold.HIGH), ("low pain threshold", PainThreshold.LOW))
# GU-27: the traits that change a HT roll to stay conscious or alive (Basic Set pp. 55, 58, 134,
# 158), each read with its level; "very fit" and "very unfit" before the words they begin with
_VITALITY = ("hard to kill", "hard to subdue", "easy to kill")
_FITNESS = (("very fit", 2), ("very unfit", -2), ("fit", 1), ("unfit", -1))
_DR_MODIFIERS: tuple[tuple[str, Ruling, str], ...] = (
    ("directional", Ruling.GU_3,
     "protects from one direction only, but the file's DR per location counts it from every side"),
    ("flexible", Ruling.GU_9,
     "is flexible, so blunt trauma applies when it stops a blow: say flexible = true in the "
     "scenario"),
)
# The beginnings of the names of every trait that read_traits reads.
_READ_NAMES: tuple[str, ...] = (
    "injury tolerance", *(phrase for phrase, _ in _KIND_WORDS), "perfect balance",
    *(phrase for phrase, _ in _PAIN), "vulnerability",
    *(phrase for phrase, _, _ in _UNMODELLED), "damage resistance",
)
_FREQUENCY = re.compile(r"^(very )?(rare|occasional|common)( attack)?( form)?$")
_MULTIPLIER = re.compile(r"(?:^|\b)(?:wounding )?x ?(\d{1,2})\b", re.ASCII)


def words(text: str) -> str:
    """Lower case, punctuation as spaces, one space between words: for comparing names."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def _replaced(text: str, replacements: dict[str, str]) -> str:
    """``text`` with each ``@key@`` of ``replacements`` filled in, in one pass: a value put in is
    never read again for keys (values that name each other would double at each step)."""
    if not replacements or "@" not in text:
        return text
    out: list[str] = []
    i = 0
    while (start := text.find("@", i)) >= 0 and (end := text.find("@", start + 1)) >= 0:
        value = replacements.get(text[start + 1 : end])
        if value is None:  # not a key: its closing @ may open one
            out.append(text[i:end])
            i = end
        else:
            out.append(text[i:start])
            out.append(value)
            i = end + 1
    out.append(text[i:])
    return "".join(out)


def check_texts(sheet: SheetData, source: str, limits: Limits) -> None:
    """Refuse a name of a trait, modifier or piece of equipment, or a replacement, beyond
    ``limits.max_text_chars``, as a scenario's names are; a trait's or modifier's name with the
    replacements filled in too. Notes may be longer: they are cut where they are shown."""
    def check(text: str, field: str) -> None:
        limits.check("max_text_chars", len(text), "characters", f"{source}: {field}")

    def modifiers(mods: Sequence[ModifierData], at: str, replacements: dict[str, str]) -> None:
        for i, m in enumerate(mods):
            here = f"{at}[{i}]"
            check(m.name, f"{here}.name")
            check(_replaced(m.name, replacements), f"{here}.name (with the trait's replacements)")
            for j, f in enumerate(m.features):
                check(f.type, f"{here}.features[{j}].type")
                check(f.dr_kind, f"{here}.features[{j}].specialization")
            if m.children:
                modifiers(m.children, f"{here}.children", replacements)

    def traits(entries: Sequence[TraitData], at: str) -> None:
        for i, t in enumerate(entries):
            here = f"{at}[{i}]"
            check(t.name, f"{here}.name")
            for key, value in t.replacements.items():
                check(key, f"{here}.replacements")
                check(value, f"{here}.replacements.{key}")
            check(_replaced(t.name, t.replacements), f"{here}.name (with its replacements)")
            for j, f in enumerate(t.features):
                check(f.type, f"{here}.features[{j}].type")
                check(f.dr_kind, f"{here}.features[{j}].specialization")
            modifiers(t.modifiers, f"{here}.modifiers", t.replacements)
            traits(t.children, f"{here}.children")

    def equipment(entries: Sequence[EquipmentData], at: str) -> None:
        for i, e in enumerate(entries):
            here = f"{at}[{i}]"
            check(e.description, f"{here}.description")
            modifiers(e.modifiers, f"{here}.modifiers", {})
            equipment(e.children, f"{here}.children")

    check(sheet.profile.name, "profile.name")
    traits(sheet.traits, "traits")
    equipment(sheet.equipment, "equipment")


MAX_NOTES_SHOWN = 200  # characters of a note that a warning or a vulnerability quotes


def _cut(notes: str) -> str:
    return notes if len(notes) <= MAX_NOTES_SHOWN else notes[: MAX_NOTES_SHOWN - 3] + "..."


def _starts(name: str, phrase: str) -> bool:
    return name == phrase or name.startswith(phrase + " ")


def _limb_trait(name: str) -> bool:
    """An Extra Arm(s) or a Striker, whatever its kind: the Basic Set writes ``Striker
    (Crushing)``, Dungeon Fantasy ``Cutting Striker (Mandibles)``."""
    return _starts(name, "extra arm") or _starts(name, "extra arms") or "striker" in name.split()


def _enabled_modifiers(modifiers: Sequence[ModifierData]) -> Iterator[ModifierData]:
    for m in modifiers:
        if m.children:
            yield from _enabled_modifiers(m.children)  # a container is always enabled
        elif not m.disabled:
            yield m


def enabled_traits(traits: Sequence[TraitData]) -> Iterator[TraitData]:
    """Every enabled trait, containers and what they hold, in file order."""
    for t in traits:
        if t.disabled:
            continue
        yield t
        yield from enabled_traits(t.children)


def _gives_dr(features: Sequence[FeatureData]) -> bool:
    return any(f.type == "dr_bonus" for f in features)


@dataclass
class TraitReading:
    """What the traits give: the fields of :class:`~armourpen.gcs.model.GcsCharacter` they fill."""

    injury_tolerance: tuple[str, ...] = ()
    hardened: int = 0
    perfect_balance: bool = False
    pain_threshold: PainThreshold = PainThreshold.NORMAL
    vulnerabilities: tuple[Vulnerability, ...] = ()
    warnings: list[Caution] = field(default_factory=list)
    tail_is_limb: bool = False
    hard_to_kill: int = 0  # GU-27: the traits that change the HT rolls, with their levels
    hard_to_subdue: int = 0
    easy_to_kill: int = 0
    fitness: int = 0  # Very Fit +2, Fit +1, Unfit -1, Very Unfit -2


def read_traits(traits: Sequence[TraitData], equipment: Sequence[EquipmentData]) -> TraitReading:
    """Read the traits (and, for Hardened, the worn equipment) as the module says."""
    out = TraitReading()
    kinds: set[str] = set()
    hardened: list[tuple[str, int]] = []  # (trait, level) for every trait that gives DR
    vulnerabilities: list[Vulnerability] = []
    pains: dict[PainThreshold, str] = {}  # the pain thresholds the file gives, by trait name
    for t in enabled_traits(traits):
        raw = _replaced(t.name, t.replacements)
        name = words(raw)
        mods = [(words(_replaced(m.name, t.replacements)), m) for m in _enabled_modifiers(t.modifiers)]
        _vitality(out, name, t.levels)
        if _starts(name, "injury tolerance"):
            kinds |= _injury_tolerance(raw, name, mods, out.warnings)
        elif kind := next((k for phrase, k in _KIND_WORDS if _starts(name, phrase)), None):
            kinds.add(kind)  # Dungeon Fantasy writes each kind as a trait of its own
        elif _starts(name, "perfect balance"):
            out.perfect_balance = True
        elif pain := next((p for phrase, p in _PAIN if _starts(name, phrase)), None):
            pains[pain] = raw
        elif _starts(name, "vulnerability"):
            vulnerabilities.append(_vulnerability(raw, mods, t, out.warnings))
        elif _limb_trait(name):
            said = " ".join([name, words(t.notes), *(m for m, _ in mods)]).split()
            out.tail_is_limb |= "tail" in said or "tails" in said
        for phrase, rule, what in _UNMODELLED:
            if _starts(name, phrase):
                out.warnings.append(Caution(rule, f"{raw}: {what}; not modelled"))
        features = [*t.features, *(f for _, m in mods for f in m.features)]
        if _gives_dr(features):
            hardened.append((raw, _hardened(mods)))
            _dr_modifiers(raw, mods, features, out.warnings)
        elif _starts(name, "damage resistance") and not t.children:
            out.warnings.append(Caution(
                Ruling.GU_3,
                f"{raw}: gives no DR in the file's locations (it has no DR features"
                + _notes(mods) + "); armourpen uses the file's DR per location, without it",
            ))
    out.injury_tolerance = tuple(k for k in INJURY_TOLERANCE_KINDS if k in kinds)
    out.hardened = _hardened_level(hardened, _armour_dr(equipment), out.warnings)
    out.vulnerabilities = tuple(vulnerabilities)
    out.pain_threshold = _pain_threshold(pains, out.warnings)
    return out


def _vitality(out: TraitReading, name: str, levels: int | float | None) -> None:
    """GU-27: Hard to Kill, Hard to Subdue, Easy to Kill (each with its level, 1 when the sheet
    gives none) and Fit, Very Fit, Unfit, Very Unfit, as they change the HT rolls."""
    if trait := next((v for v in _VITALITY if _starts(name, v)), None):
        key = trait.replace(" ", "_")
        setattr(out, key, getattr(out, key) + (1 if levels is None else int(levels)))
    elif fit := next((f for phrase, f in _FITNESS if name == phrase), None):
        out.fitness = fit


def _pain_threshold(pains: dict[PainThreshold, str], warnings: list[Caution]) -> PainThreshold:
    if len(pains) == 1:
        return next(iter(pains))
    if pains:
        warnings.append(Caution(
            Ruling.GU_11, f"{pains[PainThreshold.HIGH]} and {pains[PainThreshold.LOW]}: a character has "
            "one or the other; read as neither (say high_pain_threshold or low_pain_threshold in "
            "the scenario)",
        ))
    return PainThreshold.NORMAL


def _notes(mods: Sequence[tuple[str, ModifierData]]) -> str:
    shown = [m.name + (f": {_cut(m.notes)}" if m.notes else "") for _, m in mods]
    return f"; {', '.join(shown)}" if shown else ""


def _injury_tolerance(
    raw: str, name: str, mods: Sequence[tuple[str, ModifierData]], warnings: list[Caution]
) -> set[str]:
    kinds = set()
    rest = f" {name.removeprefix('injury tolerance')} "
    for phrase, kind in _KIND_WORDS:
        if f" {phrase} " in rest:
            kinds.add(kind)
    for mod_name, mod in mods:
        for phrase, kind in _KIND_WORDS:
            if _starts(mod_name, phrase):
                kinds.add(kind)
        if _starts(mod_name, "damage reduction"):
            warnings.append(Caution(
                Ruling.GU_4, f"{raw}: {mod.name}: divides the injury of every hit (Powers p. 52); "
                "not modelled",
            ))
    return kinds


def _vulnerability(
    raw: str, mods: Sequence[tuple[str, ModifierData]], trait: TraitData,
    warnings: list[Caution],
) -> Vulnerability:
    multiplier: int | None = None
    against: list[str] = []
    inner = re.search(r"\((.*)\)", raw)
    if inner:
        text = inner.group(1).strip()
        m = _MULTIPLIER.search(words(text))
        if m:
            multiplier = int(m.group(1))
            text = re.sub(r"[,;]?\s*(wounding\s*)?[x×]\s*\d+", "", text, flags=re.IGNORECASE).strip()
        if text:
            against.append(text)
    for mod_name, mod in mods:
        m = _MULTIPLIER.fullmatch(mod_name)
        if m:
            multiplier = int(m.group(1))
        elif _FREQUENCY.match(mod_name) or "@" in mod.name:
            if mod.notes:
                against.append(_cut(mod.notes))
        else:
            against.append(mod.name.strip() + (f" ({_cut(mod.notes)})" if mod.notes else ""))
    if not against and trait.notes:
        against.append(_cut(trait.notes))
    shown = ", ".join(dict.fromkeys(a for a in against if a)) or "(not named in the file)"
    if len(shown) > 3 * MAX_NOTES_SHOWN:  # a vulnerability of many modifiers is cut where shown
        shown = shown[: 3 * MAX_NOTES_SHOWN - 3] + "..."
    factor = f"x{multiplier}" if multiplier is not None else "(multiplier not given in the file)"
    warnings.append(Caution(
        Ruling.GU_14,
        f"{raw}: wounding {factor} against {shown}; applied only where the scenario says "
        "vulnerability",
    ))
    return Vulnerability(multiplier, shown)


def _hardened(mods: Sequence[tuple[str, ModifierData]]) -> int:
    level = 0
    for mod_name, mod in mods:
        if _starts(mod_name, "hardened"):
            level += 1 if mod.levels is None else int(mod.levels)
    return level


def _dr_modifiers(
    raw: str, mods: Sequence[tuple[str, ModifierData]], features: Sequence[FeatureData],
    warnings: list[Caution],
) -> None:
    for mod_name, mod in mods:
        for phrase, rule, what in _DR_MODIFIERS:
            if _starts(mod_name, phrase):
                notes = f" ({_cut(mod.notes)})" if mod.notes else ""
                warnings.append(Caution(rule, f"{raw}: {mod.name}{notes}: this DR {what}"))
        if _starts(mod_name, "limited"):
            dr = [f for f in features if f.type == "dr_bonus"]
            if any(not f.dr_kind.strip() or words(f.dr_kind) == "all" for f in dr):
                notes = f" ({_cut(mod.notes)})" if mod.notes else ""
                warnings.append(Caution(
                    Ruling.GU_3,
                    f"{raw}: {mod.name}{notes}: the file counts this DR against every attack, "
                    "and so does armourpen",
                ))


def _armour_dr(equipment: Sequence[EquipmentData]) -> bool:
    """Whether worn equipment adds DR (GCS counts equipped items and what they hold)."""
    for e in equipment:
        if not e.equipped:
            continue
        features = [*e.features, *(f for m in _enabled_modifiers(e.modifiers) for f in m.features)]
        if _gives_dr(features) or _armour_dr(e.children):
            return True
    return False


def _hardened_level(
    levels: Sequence[tuple[str, int]], armour: bool, warnings: list[Caution]
) -> int:
    if not levels:
        return 0
    lowest = min(level for _, level in levels)
    if len({level for _, level in levels}) > 1:
        shown = ", ".join(f"{name} {level}" for name, level in levels)
        warnings.append(Caution(
            Ruling.GU_14,
            f"the traits that give DR have different Hardened levels ({shown}); armourpen applies "
            f"one level to all of a location's DR and takes the lowest, {lowest}",
        ))
    if lowest and armour:
        warnings.append(Caution(
            Ruling.GU_14,
            f"worn armour adds DR beside Hardened {lowest} DR; armourpen applies Hardened "
            f"{lowest} to all of a location's DR, the armour's included",
        ))
    return lowest


def _read_by_armourpen(t: TraitData) -> bool:
    """Whether :func:`read_traits` reads the trait: by its name, or as one that gives DR or is
    Hardened."""
    name = words(_replaced(t.name, t.replacements))
    mods = list(_enabled_modifiers(t.modifiers))
    features = [*t.features, *(f for m in mods for f in m.features)]
    return (any(_starts(name, phrase) for phrase in _READ_NAMES) or _limb_trait(name)
            or _gives_dr(features)
            or any(_starts(words(m.name), "hardened") for m in mods))


def _read_by_once(t: TraitData, read_by: dict[int, bool]) -> bool:
    known = read_by.get(id(t))
    if known is None:
        known = read_by[id(t)] = _read_by_armourpen(t)
    return known


def unread_warnings(
    sheet: SheetData, unread: Sequence[Unread], reading: TraitReading
) -> list[Caution]:
    """A warning for each value left out of the traits or equipment where it could change the
    shot (see the module); ``profile.name`` left out gives the file's name instead, silently."""
    out: list[Caution] = []
    read_by: dict[int, bool] = {}  # a trait's answer, once: many values of one trait left out
    for u in unread:                # would each walk all its features again (quadratic)
        if not u.path:
            warning: Caution | None = Caution(
                Ruling.GU_14, f"the traits and equipment could not be read {u.shown}; none is read")
        elif u.path[:1] == ("traits",):
            warning = _unread_trait(sheet.traits, u, read_by)
        elif u.path[:1] == ("equipment",) and reading.hardened:
            warning = _unread_equipment(sheet.equipment, u)
        else:
            warning = None
        if warning is not None:
            out.append(warning)
    return out


def _entries(
    top: Sequence[TraitData] | Sequence[EquipmentData], path: Path
) -> tuple[list[TraitData | EquipmentData], Path, Path]:
    """The entries on the way to ``path`` (``traits[2].children[0]``...), the path of the last
    and what is left of ``path`` within it."""
    first = path[1] if len(path) > 1 else None
    if not isinstance(first, int):
        return [], path[:1], path[1:]
    chain: list[TraitData | EquipmentData] = [top[first]]
    k = 2
    while k + 1 < len(path) and path[k] == "children":
        index = path[k + 1]
        if not isinstance(index, int):
            break
        chain.append(chain[-1].children[index])
        k += 2
    return chain, path[:k], path[k:]


def _unread_trait(traits: Sequence[TraitData], u: Unread,
                  read_by: dict[int, bool]) -> Caution | None:
    chain, at, field = _entries(traits, u.path)
    if not chain:
        return Caution(Ruling.GU_14, f"traits: {u.shown} is not a list of traits; no trait is read")
    trait = chain[-1]
    assert isinstance(trait, TraitData)
    if any(isinstance(t, TraitData) and t.disabled for t in chain):
        return None  # a disabled trait, or one in a disabled container, is never read
    if not field:
        return Caution(Ruling.GU_14, f"{path_text(at)}: {u.shown} is not a trait (an object); left out")
    if _in_disabled_modifier(trait, field):
        return None  # a disabled modifier is never read either
    name = printable_name(_replaced(trait.name, trait.replacements))
    if field[0] == "children" and len(field) == 1:
        what = "the traits it holds are not read"
    elif field[0] == "name" or _read_by_once(trait, read_by):
        what = "the trait is read without it"
    else:
        return None  # a trait armourpen never reads
    return Caution(
        Ruling.GU_14, f"{path_text(at)} {name}: {path_text(field)} {u.shown} is not of the shape GCS "
        f"writes there; {what}",
    )


def _in_disabled_modifier(trait: TraitData, field: Path) -> bool:
    """Whether ``field`` (within ``trait``) lies in a disabled modifier (not a container)."""
    index = field[1] if field[:1] == ("modifiers",) and len(field) > 1 else None
    if not isinstance(index, int):
        return False
    mod = trait.modifiers[index]
    k = 2
    while k + 1 < len(field) and field[k] == "children":
        child = field[k + 1]
        if not isinstance(child, int):
            break
        mod = mod.children[child]
        k += 2
    return mod.disabled and not mod.children


def _unread_equipment(equipment: Sequence[EquipmentData], u: Unread) -> Caution | None:
    chain, at, field = _entries(equipment, u.path)
    if not chain:
        return Caution(Ruling.GU_14, f"equipment: {u.shown} is not a list of equipment; armourpen "
                       "cannot tell whether worn armour adds DR beside Hardened DR")
    item = chain[-1]
    assert isinstance(item, EquipmentData)
    if any(isinstance(e, EquipmentData) and not e.equipped for e in chain[:-1]):
        return None  # within equipment not worn
    name = printable_name(item.description)
    return Caution(
        Ruling.GU_14, f"{path_text(at)} {name}: {path_text(field) or 'the entry'} {u.shown} is not "
        "of the shape GCS writes there; armourpen cannot tell whether it adds DR beside "
        "Hardened DR",
    )


def printable_name(name: str) -> str:
    """A trait's or item's name as a warning quotes it."""
    return f"({name.strip()})" if name.strip() else "(unnamed)"
