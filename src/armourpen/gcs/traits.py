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
  makes the tail a limb.
- Traits that change injury, shock, knockdown or knockback but that armourpen does not model
  (Damage Reduction, Supernatural Durability, ...), and DR modifiers that
  the file's DR per location cannot show (Directional, Flexible, Limited without a damage kind), give
  a warning. Every other trait is irrelevant to a shot and silently ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from armourpen.explain import Caution
from armourpen.gcs.model import INJURY_TOLERANCE_KINDS, Vulnerability
from armourpen.gcs.schema import EquipmentData, FeatureData, ModifierData, TraitData
from armourpen.gurps.pain import PainThreshold

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
_UNMODELLED: tuple[tuple[str, str, str], ...] = (
    ("damage reduction", "GU-4", "divides the injury of every hit (Powers p. 52)"),
    ("supernatural durability", "GU-4",
     "injury only from its weakness, the rest cannot take it below 1 HP (Basic Set p. 89)"),
    ("knockback resistance", "GU-13", "less or no knockback"),
)
_PAIN = (("high pain threshold", PainThreshold.HIGH), ("low pain threshold", PainThreshold.LOW))
_DR_MODIFIERS: tuple[tuple[str, str, str], ...] = (
    ("directional", "GU-3",
     "protects from one direction only, but the file's DR per location counts it from every side"),
    ("flexible", "GU-9",
     "is flexible, so blunt trauma applies when it stops a blow: say flexible = true in the "
     "scenario"),
)
_FREQUENCY = re.compile(r"^(very )?(rare|occasional|common)( attack)?( form)?$")
_MULTIPLIER = re.compile(r"(?:^|\b)(?:wounding )?x ?(\d{1,2})\b", re.ASCII)


def words(text: str) -> str:
    """Lower case, punctuation as spaces, one space between words: for comparing names."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def _replaced(text: str, replacements: dict[str, str]) -> str:
    for key, value in replacements.items():
        text = text.replace(f"@{key}@", value)
    return text


def _starts(name: str, phrase: str) -> bool:
    return name == phrase or name.startswith(phrase + " ")


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
        elif _starts(name, "striker") or _starts(name, "extra arm"):
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
                "GU-3",
                f"{raw}: gives no DR in the file's locations (it has no DR features"
                + _notes(mods) + "); armourpen uses the file's DR per location, without it",
            ))
    out.injury_tolerance = tuple(k for k in INJURY_TOLERANCE_KINDS if k in kinds)
    out.hardened = _hardened_level(hardened, _armour_dr(equipment), out.warnings)
    out.vulnerabilities = tuple(vulnerabilities)
    out.pain_threshold = _pain_threshold(pains, out.warnings)
    return out


def _pain_threshold(pains: dict[PainThreshold, str], warnings: list[Caution]) -> PainThreshold:
    if len(pains) == 1:
        return next(iter(pains))
    if pains:
        warnings.append(Caution(
            "GU-11", f"{pains[PainThreshold.HIGH]} and {pains[PainThreshold.LOW]}: a character has "
            "one or the other; read as neither (say high_pain_threshold or low_pain_threshold in "
            "the scenario)",
        ))
    return PainThreshold.NORMAL


def _notes(mods: Sequence[tuple[str, ModifierData]]) -> str:
    shown = [m.name + (f": {m.notes}" if m.notes else "") for _, m in mods]
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
                "GU-4", f"{raw}: {mod.name}: divides the injury of every hit (Powers p. 52); "
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
                against.append(mod.notes)
        else:
            against.append(mod.name.strip() + (f" ({mod.notes})" if mod.notes else ""))
    if not against and trait.notes:
        against.append(trait.notes)
    shown = ", ".join(dict.fromkeys(a for a in against if a)) or "(not named in the file)"
    factor = f"x{multiplier}" if multiplier is not None else "(multiplier not given in the file)"
    warnings.append(Caution(
        "GU-14",
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
                notes = f" ({mod.notes})" if mod.notes else ""
                warnings.append(Caution(rule, f"{raw}: {mod.name}{notes}: this DR {what}"))
        if _starts(mod_name, "limited"):
            dr = [f for f in features if f.type == "dr_bonus"]
            if any(not f.dr_kind.strip() or words(f.dr_kind) == "all" for f in dr):
                notes = f" ({mod.notes})" if mod.notes else ""
                warnings.append(Caution(
                    "GU-3",
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
            "GU-14",
            f"the traits that give DR have different Hardened levels ({shown}); armourpen applies "
            f"one level to all of a location's DR and takes the lowest, {lowest}",
        ))
    if lowest and armour:
        warnings.append(Caution(
            "GU-14",
            f"worn armour adds DR beside Hardened {lowest} DR; armourpen applies Hardened "
            f"{lowest} to all of a location's DR, the armour's included",
        ))
    return lowest
