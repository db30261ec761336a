"""The calculator's form as data: a scenario mapping split into what the form edits and the rest.

The page's whole state is a scenario mapping (in the URL as ``?s=<JSON>``). The form edits the
common keys; every other key of the attack, of an entry or of an armour item is kept beside it
(``extra``) and written back unchanged, so that a shared scenario loses nothing the form cannot
show (a plate's slope, a target's settings).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

PENAV_DEFAULT: dict[str, Any] = {
    "rules": "penav",
    "attack": {"weapon": "7.62x51mm NATO", "range": "150 m", "from": "front"},
    "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}],
}
"""The first page a GM sees: the text's own example (PEN 6 against AV 6: penetrates, -4)."""

GURPS_DEFAULT: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-", "roll": 20},
    "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}, {"target": "VIP", "hp": 10}],
}
"""The Basic Set's Agent Gray example (GU-7)."""

DIRECTIONS = ("front", "rear", "left", "right", "above", "below")

_PENAV_ATTACK = ("weapon", "name", "pen", "range_column", "dc", "high_velocity", "range",
                 "contact", "from", "ammo", "elevation", "azimuth")
_GURPS_ATTACK = ("damage", "roll", "seed", "ranged", "location", "half_damage_range", "skill",
                 "aim", "attack_roll", "shots", "rcl", "fragments", "environment", "airburst",
                 "gcs", "weapon")  # gcs: the shooter's file, by its name
_KNOWN = {
    "penav-cover": ("cover",),
    "person": ("target", "armour", "body"),
    "vehicle": ("target", "vehicle", "face"),
    "target": ("target", "hp", "dr", "dr_back", "injury_tolerance", "hit_chance", "location", "st",
               "hardened", "vulnerability", "perfect_balance", "flexible", "groin_double_shock",
               "high_pain_threshold", "low_pain_threshold", "gcs", "range", "skill", "obscures",
               "immediately_behind", "inside", "location_roll", "distance", "posture", "sm",
               "situation"),
    "gurps-cover": ("cover",),
}
_TRAITS = ("perfect_balance", "flexible", "groin_double_shock", "high_pain_threshold",
           "low_pain_threshold")
FILE_TRAITS = ("perfect_balance", "high_pain_threshold", "low_pain_threshold")
"""The traits a GCS file gives, which a card beside the file sets to the file's, yes or no
(``false`` takes the file's away); the others are the scenario's alone: a box."""
SHEET_KEYS = ("target", "hp", "dr", "dr_back", "st", "injury_tolerance", "hardened", *FILE_TRAITS)
"""What a GCS file gives a target card: its name, its figures (and the DR by location, ``dr.*``)
and its traits. Beside a file, a value of these overrides the file's (docs/gcs.md)."""
SHEET_ATTACK_KEYS = ("damage", "skill", "shots", "rcl", "half_damage_range", "ranged")
"""What a weapon of the shooter's sheet gives the attack (docs/gcs.md)."""
_GURPS_COVER = ("name", "dr", "dr_back", "hp", "slab", "injury_tolerance", "occupants", "sm",
                "material", "inches", "grade", "dr_per_inch")


def text(value: object) -> str:
    """A value as the form's text box shows it ("" for none)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def choices(names: Iterable[str], current: str) -> tuple[tuple[str, str], ...]:
    """A list's options as (value, text): ``names`` that are set, and ``current`` when it is not
    among them."""
    out = [n for n in names if n]
    if current and current not in out:
        out.append(current)
    return tuple((n, n) for n in out)


def extra_json(data: dict[str, Any], known: tuple[str, ...]) -> str:
    """The keys the form does not edit, as JSON for a ``data-extra`` attribute."""
    return json.dumps({k: v for k, v in data.items() if k not in known}, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Item:
    """A named thing with an optional value: an armour item, a cover (catalog name or inline)."""

    name: str
    value: str = ""
    extra: str = "{}"

    @classmethod
    def of(cls, raw: object, value_key: str = "av") -> Item:
        if isinstance(raw, dict):
            return cls(text(raw.get("name")), text(raw.get(value_key)),
                       extra_json(raw, ("name", value_key)))
        return cls(text(raw))


@dataclass(frozen=True, slots=True)
class BlastCover:
    """One cover between an explosion and a target (GU-21): a name, its DR and whether it is a
    thin slab (its DR alone, GU-6); its other keys (a material, HP) kept as they are."""

    name: str = ""
    dr: str = ""
    slab: bool = False
    extra: str = "{}"

    @classmethod
    def of(cls, raw: dict[str, Any]) -> BlastCover:
        return cls(text(raw.get("name")), text(raw.get("dr")), raw.get("slab") is True,
                   extra_json(raw, ("name", "dr", "slab")))


@dataclass(frozen=True, slots=True)
class CardForm:
    """One entry of the line as the form shows it."""

    kind: str  # penav-cover, person, vehicle (PEN/AV); target, gurps-cover (GURPS)
    values: dict[str, str] = field(default_factory=dict)
    items: tuple[Item, ...] = ()
    extra: str = "{}"
    covers_before: tuple[str, ...] = ()
    """A GURPS target's: the names of the cover cards before it, which it may sit inside (GU-17)."""
    blast_cover: tuple[BlastCover, ...] = ()
    """A GURPS target's in an explosion: the cover between the blast and it (GU-21)."""

    @property
    def inside_choices(self) -> tuple[tuple[str, str], ...]:
        """The covers a GURPS target may sit inside (GU-17), as (value, text), the one it names
        kept on offer when it is not before it (for the error to stand beside it)."""
        return choices(self.covers_before, self.values.get("inside", ""))

    @property
    def who_set(self) -> bool:
        """The card sets a key of who is hit (GU-16, GU-17)."""
        v = self.values
        return bool(v.get("skill") or v.get("inside")) or v.get("obscures") == "false" \
            or v.get("immediately_behind") == "true"

    @property
    def material_choices(self) -> tuple[tuple[str, str], ...]:
        """A GURPS cover's materials (GU-18), as (value, text), the one it names kept as written;
        each text gives the material's DR per inch, as `catalog list materials` lists it."""
        from armourpen.view.gurps_tables import materials

        per_inch = {m["material"]: m["dr_per_inch"] for m in materials()}
        return tuple((value, f"{text}: DR {per_inch[value]} per inch" if value in per_inch
                      else text)
                     for value, text in choices(per_inch, self.values.get("material", "")))

    @property
    def guard_set(self) -> bool:
        """The card defends or carries a shield (GU-24, GU-25)."""
        return bool(self.values.get("defense_kind") or self.values.get("shield"))

    @property
    def blast_set(self) -> bool:
        """The card says where it stands around an explosion (GU-21, GU-22)."""
        return any(self.values.get(k) for k in ("distance", "posture", "sm", "situation")) \
            or bool(self.blast_cover)

    @property
    def traits_set(self) -> bool:
        """The card sets a trait (GU-14): one on, a figure, or a file's trait taken away."""
        v = self.values
        return bool(v.get("hardened") or v.get("vulnerability")) \
            or any(v.get(k) == "true" for k in _TRAITS) \
            or (bool(v.get("gcs")) and any(v.get(k) == "false" for k in FILE_TRAITS))

    @property
    def preset(self) -> frozenset[str]:
        """The keys whose values came with the page (an example's, a default's, a shared
        address's), not written over a GCS file: a file chosen for the card replaces them (its
        name with the file's, the figures left empty for the file's), as they were never the
        user's to override it with. Beside a file the card already names (an address keeps a
        file's name, not the file), the values were written over that file, and are kept."""
        if self.kind != "target" or self.values.get("gcs"):
            return frozenset()
        return frozenset(k for k, v in self.values.items()
                         if v and (k in SHEET_KEYS or k.startswith("dr.")))

    @property
    def preset_extra(self) -> str:
        """As :attr:`preset`, the keys kept beside the form (``extra``: a DR by kind, several
        injury tolerances) that a file chosen replaces, as JSON for a data attribute."""
        if self.kind != "target" or self.values.get("gcs"):
            return "[]"
        kept = json.loads(self.extra)
        return json.dumps([k for k in SHEET_KEYS if k in kept])

    @property
    def title(self) -> str:
        return {"penav-cover": "Cover", "person": "Person", "vehicle": "Vehicle",
                "target": "Target", "gurps-cover": "Cover"}[self.kind]


def card_of(entry: object, rules: str) -> CardForm:
    """The card of one line entry (anything unexpected shows as an empty card of its kind)."""
    e = entry if isinstance(entry, dict) else {}
    if rules == "gurps":
        if "cover" in e and "target" not in e:  # a target's cover is what shields it (GU-21)
            return _gurps_cover_card(e)
        known = _KNOWN["target"]
        own_cover = e.get("cover")
        blast_cover: tuple[BlastCover, ...] = ()
        if isinstance(own_cover, list) and all(isinstance(c, dict) for c in own_cover):
            blast_cover, known = tuple(BlastCover.of(c) for c in own_cover), (*known, "cover")
        if isinstance(e.get("injury_tolerance"), list):  # several kinds: kept as they are
            known = tuple(k for k in known if k != "injury_tolerance")
        table = _dr_table(e.get("dr"))
        if isinstance(e.get("dr"), dict) and table is None:  # not what the table shows: kept
            known = tuple(k for k in known if k != "dr")
        if isinstance(e.get("dr_back"), dict):  # DR out by location: kept as it is
            known = tuple(k for k in known if k != "dr_back")
        values = {k: text(e.get(k)) for k in known if k not in ("gcs", "cover")}
        guard, guarded = _guard_values(e)  # GU-24, GU-25: the fields that show them
        values.update(guard)
        known = (*known, *guarded)
        if table is not None:  # the folded table of DR by location (GU-3)
            values["dr"], values["dr_table"] = "", "true"
            values.update((f"dr.{where}", text(v)) for where, v in table.items())
        gcs = e.get("gcs")
        if isinstance(gcs, dict):  # the file's JSON itself (an upload)
            values["gcs_data"] = json.dumps(gcs, ensure_ascii=False)
            profile = gcs.get("profile")
            values["gcs"] = text(profile.get("name")) if isinstance(profile, dict) else "GCS data"
        elif gcs is not None:  # a name only (an address keeps no file): to be chosen again
            values["gcs"] = text(gcs)
        return CardForm("target", values, (), extra_json(e, known), blast_cover=blast_cover)
    if "cover" in e:
        return CardForm("penav-cover", {}, (Item.of(e["cover"]),), extra_json(e, ("cover",)))
    if "vehicle" in e:
        return CardForm("vehicle", {k: text(e.get(k)) for k in _KNOWN["vehicle"]}, (),
                        extra_json(e, _KNOWN["vehicle"]))
    armour = e.get("armour")
    items = tuple(Item.of(a) for a in armour) if isinstance(armour, list) else ()
    return CardForm("person", {"target": text(e.get("target")), "body": text(e.get("body"))},
                    items, extra_json(e, _KNOWN["person"]))


def _guard_values(e: dict[str, Any]) -> tuple[dict[str, str], tuple[str, ...]]:
    """A card's defense and shield (GU-24, GU-25) as the form's fields, and the keys they show;
    a value of another shape stays among the card's other keys, as it was written."""
    values: dict[str, str] = {}
    shown: list[str] = []
    d = e.get("defense")
    if isinstance(d, dict) and set(d) <= {"kind", "level", "roll"}:
        values.update({f"defense_{k}": text(d.get(k)) for k in ("kind", "level", "roll")})
        shown.append("defense")
    sh = e.get("shield")
    if isinstance(sh, str):
        values["shield"] = sh
        shown.append("shield")
    elif isinstance(sh, dict) and set(sh) <= {"name", "location_roll"} and "name" in sh:
        values["shield"], values["shield_location_roll"] = text(sh["name"]), text(
            sh.get("location_roll"))
        shown.append("shield")
    return values, tuple(shown)


def _gurps_cover_card(e: dict[str, Any]) -> CardForm:
    """A GURPS cover entry's card."""
    spec = e["cover"] if isinstance(e["cover"], dict) else {}
    values = {k: text(spec.get(k)) for k in _GURPS_COVER}
    if spec.get("material") is not None and "slab" not in spec:
        values["slab"] = "true"  # cover by material is a thin slab unless it says not (GU-18)
    extra = {k: v for k, v in e.items() if k != "cover"}
    extra_cover = {k: v for k, v in spec.items() if k not in _GURPS_COVER}
    if extra_cover:
        extra["cover"] = extra_cover
    return CardForm("gurps-cover", values, (), json.dumps(extra, ensure_ascii=False))


def _dr_table(dr: object) -> dict[str, int] | None:
    """A target's ``dr`` as the card's table of DR by location shows it, or None when it is not
    a table of humanoid locations to whole numbers."""
    from armourpen import GURPS_HIT_LOCATIONS

    names = set(GURPS_HIT_LOCATIONS)
    if not isinstance(dr, dict) or not all(
        k in names and isinstance(v, int) and not isinstance(v, bool) for k, v in dr.items()
    ):
        return None
    return dict(dr)


@dataclass(frozen=True, slots=True)
class FormState:
    """The whole form: the rule set, the attack's fields, the cards."""

    rules: str
    attack: dict[str, str]
    cards: tuple[CardForm, ...]
    attack_extra: str = "{}"
    extra: str = "{}"
    optional_rules: tuple[str, ...] = ()

    @property
    def aim_choices(self) -> tuple[tuple[str, str], ...]:
        """The GURPS target cards the attack may aim at (GU-16), as (value, text); a name no card
        has stays on offer, for the error to stand beside it."""
        names = [c.values.get("target", "") for c in self.cards if c.kind == "target"]
        return choices(names, self.attack.get("aim", ""))

    @property
    def attack_preset(self) -> frozenset[str]:
        """The GURPS attack's keys that a weapon of the shooter's sheet gives and whose values
        came with the page (as :attr:`CardForm.preset`): a file or a weapon chosen clears them.
        So is the roll that came with the page: the sheet gives no roll, but one the GM did not
        type is the page's damage's, and does not stay for the weapon's (as for a damage typed,
        GU-2). Beside a sheet the address names, they were written over it, and are kept."""
        if self.attack.get("gcs"):
            return frozenset()
        return frozenset(k for k in (*SHEET_ATTACK_KEYS, "roll") if self.attack.get(k))

    @property
    def burst_set(self) -> bool:
        """The attack fires more than one shot (GU-19, GU-20)."""
        return bool(self.attack.get("shots") or self.attack.get("rcl"))

    @property
    def explosion_set(self) -> bool:
        """The attack is an explosion (``ex``, GU-21) or says what one needs."""
        a = self.attack
        return "ex" in a.get("damage", "").replace("[", " ").split() \
            or bool(a.get("fragments") or a.get("environment")) or a.get("airburst") == "true"

    @property
    def inline(self) -> bool:
        """The PEN/AV attack is typed in (``pen``) rather than taken from the catalog."""
        return bool(self.attack.get("pen")) and not self.attack.get("weapon")


def form_state(data: dict[str, Any]) -> FormState:
    """The form showing a scenario mapping (PEN/AV unless it says ``rules = "gurps"``)."""
    rules = "gurps" if data.get("rules") == "gurps" else "penav"
    attack = data.get("attack") if isinstance(data.get("attack"), dict) else {}
    assert isinstance(attack, dict)
    keys = _GURPS_ATTACK if rules == "gurps" else _PENAV_ATTACK
    line = data.get("line") if isinstance(data.get("line"), list) else []
    assert isinstance(line, list)
    optional = data.get("optional_rules")
    return FormState(
        rules=rules,
        attack={k: text(attack.get(k)) for k in keys},
        cards=_with_covers_before(tuple(card_of(e, rules) for e in line)),
        attack_extra=extra_json(attack, keys),
        extra=extra_json(data, ("rules", "attack", "line", "optional_rules")),
        optional_rules=tuple(str(o) for o in optional) if isinstance(optional, list) else (),
    )


def cover_name(card: CardForm) -> str:
    """The name a GURPS cover card goes by: its own, or its material's (GU-18)."""
    return card.values.get("name") or " ".join(card.values.get("material", "").lower().split())


def _with_covers_before(cards: tuple[CardForm, ...]) -> tuple[CardForm, ...]:
    """The cards, each GURPS target knowing the cover cards before it (its ``inside`` choices)."""
    out: list[CardForm] = []
    covers: list[str] = []
    for c in cards:
        if c.kind == "gurps-cover":
            covers.append(cover_name(c))
        elif c.kind == "target":
            c = replace(c, covers_before=tuple(n for n in covers if n))
        out.append(c)
    return tuple(out)
