"""The weapons of a GCS character file, as GCS computed them, and finding one by name.

A weapon hangs on a trait, a piece of equipment (containers included), other equipment, a skill
or a spell (GCS's ``weapons`` lists). Each is read from the file's computed fields: the damage
(``calc.damage``, else built from the ``damage`` fields when it needs no ST, a per-die modifier
folded into the adds as GCS resolves it), the skill level
(``calc.level``), the rate of fire, recoil, shots and range (``calc.*`` where GCS wrote a
resolved value, else the weapon's own); nothing is recomputed. The reading is lenient, as the rest
of a sheet beside what a shot needs is (:mod:`armourpen.gcs.lenient`): a value of another shape is
left out, and no weapon's value refuses the file. Its text may hold any character (GCS writes
a carriage return in usage notes): every text is escaped here (a terminal escape shows as
``\x1b``, a line break as ``\n``), so that nothing a file says reaches a terminal or page raw,
and a damage holding one has no rule. A weapon whose damage has no rule behind it
(GU-1), or of a disabled trait (or one a disabled container holds), is kept, with the reason
armourpen cannot use it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

from armourpen.errors import MISSING, NotationError, ScenarioError, printable
from armourpen.gcs.lenient import read_leniently
from armourpen.gurps.notation import Damage
from armourpen.limits import Limits

YARDS_PER_MILE = 1760
MAX_CANDIDATES_SHOWN = 20  # an error lists at most this many weapons, and counts the rest


class Carrier(StrEnum):
    """What carries a weapon in a GCS file, as the file's lists name them."""

    TRAIT = "trait"
    EQUIPMENT = "equipment"
    OTHER_EQUIPMENT = "other equipment"
    SKILL = "skill"
    SPELL = "spell"


@dataclass(frozen=True, slots=True)
class GcsWeapon:
    """One weapon (one usage) of a character, as GCS computed it.

    ``damage`` is the text GCS shows; ``parsed`` its GU-1 reading, or None with ``problem`` saying
    why armourpen cannot use it (no rule behind the string, a disabled trait). What resolve makes
    of the weapon as a whole (its skill, RoF and Rcl too) is :func:`armourpen.gcs.weapon_uses`'s
    to say: ``usable`` is only that the reading found nothing against it. ``skill`` is
    ``calc.level`` (None when the file gives none: GCS leaves out a level of 0).
    ``rate_of_fire``, ``recoil`` and ``shots`` are as GCS writes them (``"3x9"``, ``"2"``);
    ``half_damage_range`` and ``max_range`` are in yards, read from ``range`` (``"10/100"``,
    ``"700/2,100"``; None where it gives none in yards).
    """

    id: str
    carrier: Carrier
    name: str
    usage: str
    ranged: bool
    damage: str
    parsed: Damage | None
    problem: str | None = None
    skill: int | None = None
    rate_of_fire: str = ""
    recoil: str = ""
    shots: str = ""
    range: str = ""
    half_damage_range: Fraction | None = None
    max_range: Fraction | None = None
    plain_name: str = ""  # a skill's or spell's name without its specialization, found by it too
    disabled: bool = False  # its trait, or a container holding it, is disabled: never an attack
    level: str = ""  # calc.level that gives no skill: not whole (12.5), past 19 digits (1e+308)
    parry: int | None = None  # GU-24: GCS's calc.parry and calc.block (None: it gives none)
    block: int | None = None

    @property
    def usable(self) -> bool:
        return self.problem is None

    @property
    def label(self) -> str:
        """``Thompson (Burst)``: the name, and the usage where there is one."""
        return f"{self.name} ({self.usage})" if self.usage else self.name

    def to_dict(self) -> dict[str, Any]:
        from armourpen.serialize import number

        return {
            "id": self.id,
            "carrier": self.carrier.value,
            "name": self.name,
            "usage": self.usage,
            "ranged": self.ranged,
            "damage": self.damage,
            "skill": self.skill,
            "rate_of_fire": self.rate_of_fire,
            "recoil": self.recoil,
            "shots": self.shots,
            "range": self.range,
            "half_damage_range": None if self.half_damage_range is None
            else number(self.half_damage_range),
            "max_range": None if self.max_range is None else number(self.max_range),
            "usable": self.usable,
            "problem": self.problem,
        }


# ---- the file's weapons, read leniently ----


class _Part(BaseModel):
    # built on a sheet's first validation: a GURPS scenario without a GCS file never builds them
    model_config = ConfigDict(extra="ignore", frozen=True, defer_build=True)


_Number = StrictInt | StrictFloat


class _DamageData(_Part):
    type: StrictStr = ""
    st: StrictStr = ""
    base: StrictStr = ""
    base_leveled: StrictStr = ""
    armor_divisor: _Number = 1
    fragmentation: StrictStr = ""
    fragmentation_armor_divisor: _Number = 1
    fragmentation_type: StrictStr = ""
    modifier_per_die: _Number = 0


class _CalcData(_Part):
    level: _Number | None = None
    damage: StrictStr | None = None
    range: StrictStr | None = None
    rate_of_fire: StrictStr | None = None
    recoil: StrictStr | None = None
    shots: StrictStr | None = None
    parry: StrictStr | None = None  # GCS's Parry and Block with this weapon, e.g. "12", "11F"
    block: StrictStr | None = None


class _WeaponData(_Part):
    id: StrictStr = ""
    damage: _DamageData = _DamageData()
    usage: StrictStr = ""
    range: StrictStr = ""
    rate_of_fire: StrictStr = ""
    recoil: StrictStr = ""
    shots: StrictStr = ""
    calc: _CalcData = _CalcData()


class _Carrier(_Part):
    name: StrictStr = ""
    description: StrictStr = ""
    specialization: StrictStr = ""
    disabled: StrictBool = False
    weapons: list[_WeaponData] = Field(default_factory=list)
    children: list[_Carrier] = Field(default_factory=list)


class _Sheet(_Part):
    traits: list[_Carrier] = Field(default_factory=list)
    equipment: list[_Carrier] = Field(default_factory=list)
    other_equipment: list[_Carrier] = Field(default_factory=list)
    skills: list[_Carrier] = Field(default_factory=list)
    spells: list[_Carrier] = Field(default_factory=list)


_LISTS = (("traits", Carrier.TRAIT), ("equipment", Carrier.EQUIPMENT),
          ("other_equipment", Carrier.OTHER_EQUIPMENT), ("skills", Carrier.SKILL),
          ("spells", Carrier.SPELL))


def read_weapons(data: Mapping[str, object], limits: Limits) -> tuple[GcsWeapon, ...]:
    """Every weapon of a file (already parsed and checked against the GCS caps), in file order."""
    sheet, _ = read_leniently(_Sheet, data)
    out: list[GcsWeapon] = []

    def walk(entries: Sequence[_Carrier], kind: Carrier, off: str | None) -> None:
        """``off``: why every weapon here is disabled (a disabled container holds them)."""
        for c in entries:
            name = c.description if kind in (Carrier.EQUIPMENT, Carrier.OTHER_EQUIPMENT) else c.name
            plain = ""
            if c.specialization:
                plain, name = name, f"{name} ({c.specialization})"
            # a disabled trait, and all a disabled container holds, gives nothing: GCS lists no
            # weapon of it, and the traits read for a target skip it too (armourpen.gcs.traits)
            own, held = off, off
            if off is None and kind is Carrier.TRAIT and c.disabled:
                shown = printable(c.name.strip())[:limits.max_text_chars] or "(unnamed)"
                own = f"its trait {shown} is disabled on the sheet"
                held = f"it lies in the trait {shown}, which is disabled on the sheet"
            out.extend(_weapon(w, kind, name, plain, limits, own) for w in c.weapons)
            walk(c.children, kind, held)

    for key, kind in _LISTS:
        walk(getattr(sheet, key), kind, None)
    return tuple(out)


def _weapon(w: _WeaponData, kind: Carrier, name: str, plain: str, limits: Limits,
            disabled: str | None = None) -> GcsWeapon:
    cap = limits.max_text_chars
    damage, problem = _damage_text(w)
    calc = w.calc
    shown = {
        "name": name, "usage": w.usage, "damage": damage,
        "range": calc.range if calc.range is not None else w.range,
        "rate_of_fire": calc.rate_of_fire if calc.rate_of_fire is not None else w.rate_of_fire,
        "recoil": calc.recoil if calc.recoil is not None else w.recoil,
        "shots": calc.shots if calc.shots is not None else w.shots,
    }
    too_long = [k for k, v in shown.items() if len(v) > cap]
    # what a file says reaches terminals and pages: escaped, and cut where it is over the cap
    text = {k: printable(v.strip())[:cap] for k, v in shown.items()}
    parsed: Damage | None = None
    if disabled is not None:
        problem = f"{disabled} (GCS offers no weapon of a disabled trait)"
    elif too_long:
        problem = f"its {', '.join(too_long)} is longer than {cap} characters"
    elif problem is None:
        try:
            parsed = Damage.parse(text["damage"])
        except NotationError as exc:
            problem = (f"damage {text['damage']!r} has no rule behind it (GU-1: at position "
                       f"{exc.position}, expected {exc.expected})")
    half, longest = _range(text["range"])
    skill, level = _level(calc.level)
    return GcsWeapon(
        id=printable(w.id)[:cap], carrier=kind, name=text["name"], usage=text["usage"],
        ranged=w.id.startswith("W"),  # GCS's ids: W a ranged weapon, w a melee one
        damage=text["damage"], parsed=parsed, problem=problem,
        skill=skill, level=level,
        rate_of_fire=text["rate_of_fire"], recoil=text["recoil"], shots=text["shots"],
        range=text["range"], half_damage_range=half, max_range=longest,
        plain_name=printable(plain.strip())[:cap], disabled=disabled is not None,
        parry=None if disabled else defense_level(calc.parry),
        block=None if disabled else defense_level(calc.block),
    )


def defense_level(text: str | None) -> int | None:
    """The level a GCS ``calc.parry`` or ``calc.block`` gives (GU-24): its leading whole number
    (``"11F"``: 11, fencing; ``"-"``, ``"No"``: none)."""
    if text is None:
        return None
    digits = re.match(r"\s*(-?\d{1,3})", text)
    return None if digits is None else int(digits.group(1))


def _level(level: int | float | None) -> tuple[int | None, str]:
    """The skill a ``calc.level`` gives, or, for a level that is no whole number of at most 19
    digits as a file's integers are (``12.5``, ``1e308``), None and the level as shown: a whole
    float is no bigger a skill than an integer can be (1e308 would be one of 309 digits)."""
    if level is None or isinstance(level, int):
        return level, ""
    if level == int(level) and abs(level) < 2**63:
        return int(level), ""
    return None, f"{level:g}"


def _damage_text(w: _WeaponData) -> tuple[str, str | None]:
    """The damage as GCS computed it (``calc.damage``), else as its fields write it when they do
    not depend on the wielder; or why there is none."""
    if w.calc.damage is not None:
        return w.calc.damage, None
    d = w.damage
    if d.st:
        return "", f"its damage depends on ST ({d.st}) and the file gives no calc.damage"
    if d.base_leveled:
        return "", "its damage depends on the trait's level and the file gives no calc.damage"
    if not d.base:
        return "", "the file gives it no damage"
    out = d.base.strip()
    if d.modifier_per_die:
        out = _per_die_folded(out, d.modifier_per_die)
    if d.armor_divisor != 1:
        out += f"({_figure(d.armor_divisor)})"
    out += f" {d.type.strip()}"
    if d.fragmentation.strip():
        frag = d.fragmentation.strip()
        if d.fragmentation_armor_divisor != 1:
            frag += f"({_figure(d.fragmentation_armor_divisor)})"
        out += f" [{frag} {d.fragmentation_type.strip()}]"
    return out.strip(), None


def _figure(x: int | float) -> str:
    return f"{x:g}"


# GCS's dice spec: count, d, sides (6 alone is GURPS's), adds, multiplier ("2d+1x3")
_DICE = re.compile(r"^(\d{1,7})[dD](6?)\s*(?:([+-])\s*(\d{1,7}))?\s*(?:[xX]\s*(\d{1,7}))?$",
                   re.ASCII)


def _per_die_folded(base: str, per_die: int | float) -> str:
    """``base`` with ``per_die`` folded into its adds as GCS resolves it: the modifier times the
    number of dice, truncated to a whole number (``1d`` with +2 per die is ``1d+2``, ``3d+1``
    with +0.5 is ``3d+2``); dice GCS's own way does not cover are written with it beside them,
    which no rule reads."""
    m = _DICE.match(base)
    if m is None:
        return f"{base} ({per_die:+g} per die)"
    count, _six, sign, adds, times = m.groups()
    # as decimals (GCS keeps 4), not as the float's binary: 0.3 x 10 is 3, not 2.999...
    folded = int(Fraction(str(per_die)) * int(count))  # int() truncates toward zero, as GCS
    total = (-1 if sign == "-" else 1) * int(adds or 0) + folded
    return f"{count}d" + (f"{total:+d}" if total else "") + (f"x{times}" if times else "")


# "10/100", "700/2,100", "100", "5-100", "10/100 mi": 1/2D, then Max (GCS's WeaponRange). A number
# is read one way only ("1,000.5", ".5"), so that a long run of digits cannot backtrack.
_NUMBER = r"(?:\d[\d,]*(?:\.\d+)?|\.\d+)"
_RANGE = re.compile(rf"^(?:(x?)({_NUMBER})\s*/\s*)?(?:(x?){_NUMBER}\s*-\s*)?(x?)({_NUMBER})"
                    r"(\s*mi\.?)?$", re.ASCII | re.IGNORECASE)
_RANGE_CHARS = 40  # GCS's ranges are short ("1,000/2,000 mi."); a longer text is no range


def _range(text: str) -> tuple[Fraction | None, Fraction | None]:
    """1/2D and Max in yards, where the range gives them as numbers (a muscle-powered ``x1``,
    unresolved, ``Sight`` or ``Spec.`` give none)."""
    if len(text) > _RANGE_CHARS:  # checked first: the pattern need not even look at it
        return None, None
    m = _RANGE.match(text.strip())
    if m is None:
        return None, None
    half_x, half, _min_x, max_x, longest, miles = m.groups()
    scale = YARDS_PER_MILE if miles else 1

    def yards(x: str | None, times: str | None) -> Fraction | None:
        return None if x is None or times else Fraction(x.replace(",", "")) * scale

    return yards(half, half_x), yards(longest, max_x)


# ---- finding a weapon ----


def find_weapon(weapons: Sequence[GcsWeapon], name: str, usage: str | None, source: str,
                field: str = "attack.weapon") -> GcsWeapon:
    """The one weapon named ``name`` with ``usage`` (any where None); none or several is an error
    listing the candidates with their usages, a typo's with the names it is close to.

    ``name`` is the name or description of what carries the weapon, a skill's name without its
    specialization, the weapon's ``id``, or its label as ``gcs show --weapons`` and every list of
    candidates print it (``Natural Attacks (Punch)``: that usage). Failing those, a part of a name
    at the start of a word (``disdain``, ``punch``) is enough when one weapon has it.
    """
    key = " ".join(name.split()).casefold()
    named = [w for w in weapons if key in (w.name.casefold(), w.id.casefold())
             or (w.plain_name and key == w.plain_name.casefold())]
    if not named:  # the label as listed: that usage of that weapon
        named = [w for w in weapons if key == w.label.casefold()]
        if named and usage is None:
            usage = named[0].usage
    if not named and key:
        named = _by_part(weapons, key)
    if not named:
        raise ScenarioError(field, name, _near(weapons, key) + f"a weapon of {source}: "
                            + _listed(weapons))
    if usage is not None:
        used = [w for w in named if w.usage.casefold() == usage.strip().casefold()]
        if not used:
            raise ScenarioError("attack.usage", usage, f"a usage of {name}: " + _listed(named))
        named = used
    if len({w.name for w in named}) > 1:  # a part several weapons share
        raise ScenarioError(field, name, f"one weapon: several have '{name}' in their name; "
                            "give more of the name, as listed: " + _listed(named))
    if len(named) > 1:
        where = "attack.usage" if usage is None else field
        raise ScenarioError(where, usage if usage is not None else MISSING,
                            ("" if usage is not None else "`usage` is required: ")
                            + f"one weapon: {name} has several; say which with usage (or the "
                            f"weapon's id): " + _listed(named))
    return named[0]


def _by_part(weapons: Sequence[GcsWeapon], key: str) -> list[GcsWeapon]:
    """The weapons whose label has ``key`` at the start of a word (``punch`` in ``Hook Sword
    (Hilt Punch)``); a part inside a word (``unch``) is no name anyone types on purpose."""
    part = re.compile(r"(?<!\w)" + re.escape(key))
    return [w for w in weapons if part.search(w.label.casefold())]


def _near(weapons: Sequence[GcsWeapon], key: str) -> str:
    """``did you mean Hook Sword?; `` for a typo close to a weapon's name, label or one of its
    words; empty when nothing is close."""
    from difflib import get_close_matches

    seen: dict[str, str] = {}  # each name a weapon is found by, casefolded, as it is written
    for w in weapons:
        seen.setdefault(w.name.casefold(), w.name)
        seen.setdefault(w.label.casefold(), w.label)
    close = get_close_matches(key, list(seen), n=3, cutoff=0.75)
    for w in weapons:  # a typo of one word of a label (``kik``)
        if len(close) >= 3:
            break
        words = re.findall(r"\w+", w.label.casefold())
        if get_close_matches(key, words, n=1, cutoff=0.75) and w.label.casefold() not in close:
            close.append(w.label.casefold())
    if not close:
        return ""
    return "did you mean " + ", ".join(seen[c] for c in close[:3]) + "?; "


def _listed(weapons: Sequence[GcsWeapon]) -> str:
    if not weapons:
        return "the file has no weapons"
    shown = [f"{w.label} [{w.id}]" for w in weapons[:MAX_CANDIDATES_SHOWN]]
    more = len(weapons) - MAX_CANDIDATES_SHOWN
    return "; ".join(shown) + (f"; and {more} more" if more > 0 else "")
