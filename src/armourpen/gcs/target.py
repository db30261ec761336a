"""A GCS character as a GURPS target of a scenario (``{ target = "Ogre", gcs = "Ogre.gcs" }``).

The file gives HP, ST, the DR of every location, the body's random table, Injury Tolerance,
Hardened and Perfect Balance; keys written beside ``gcs`` override it, and a step says so.

- **DR (GU-3)**: a location's ``calc.dr`` against the attack's damage type: ``all`` plus every
  per-kind key that names that type (:mod:`armourpen.gcs.dr`). The skull's natural DR is already
  in the file's figure and is not added again (GU-4); the file's DR counts where the shot enters
  and where it leaves (GU-6), the skull's on both sides.
- **Locations (GU-10)**: the target is hit where the scenario says, which must be a location of
  the file's body (its ids: ``skull``, ``wing``, ...), or ``random``: a roll on the file's own
  table. Ids of other body types follow the rules the Basic Set gives them (p. 552), each reading
  reported: a wing is a limb; a fin an extremity; a tail an extremity, or a limb when it is a fish's
  (an Ichthyoid body) or an Extra Arm or Striker; a brain is the skull. An id armourpen does not
  know is read as the torso, with a warning.
- **Injury Tolerance (GU-14)**: the file's kinds; where it lists more than one of Unliving,
  Homogenous and Diffuse, the most protective counts (Diffuse, then Homogenous), with a warning.
- **Vulnerability** is listed in the warnings and applies only where the scenario says
  ``vulnerability``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from armourpen.errors import ScenarioError
from armourpen.explain import Caution, Ruling, Step
from armourpen.gcs.dr import damage_types
from armourpen.gcs.model import ALL, GcsCharacter, GcsLocation
from armourpen.gcs.reader import HP_ZERO as HP_ZERO_WARNING
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.locations import RANDOM, BodyType, Lacking, Location, Random
from armourpen.gurps.notation import Damage
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.traits import MAX_HARDENED

# GCS location ids that name a location of GU-4 and GU-10 as they are.
_SAME = {loc.value: loc for loc in Location}
# Ids of other body types: (the location armourpen keeps, or None for those it reads as another).
_READ_AS: dict[str, tuple[Location, str]] = {
    "brain": (Location.SKULL, "the brain is read as the skull (x4, knockdown at -10; its DR is "
                              "the brain's)"),
    "extremity": (Location.HAND, "an extremity is read as a hand (crippled over HP/3)"),
}
_WING = "a wing is a limb (arm, leg) for wounding and crippling (Basic Set p. 552)"
_FIN = "a fin is an extremity (hand, foot) for wounding and crippling (Basic Set p. 552)"
_TAIL_EXTREMITY = ("a tail is an extremity (hand, foot) for wounding and crippling, unless it is "
                   "an Extra Arm, a Striker or a fish tail (Basic Set p. 552)")
_TAIL_LIMB = ("this tail is a limb (arm, leg) for wounding and crippling: {why} (Basic Set "
              "p. 552)")
_PROTECTIVE = (InjuryTolerance.DIFFUSE, InjuryTolerance.HOMOGENOUS, InjuryTolerance.UNLIVING)
T = TypeVar("T")


# What HP 0 means under the rules as armourpen applies them (no rule divides by HP; each threshold
# that is a share of HP is 0, and "over 0" is any injury of 1 or more).
HP_ZERO = (
    "HP 0 in the file: every multiple of HP is 0 (GU-26, GU-27), so its body adds no HP to its "
    "cover DR (GU-6: HP, HP/2 and HP/4 are all 0); any injury of 1 or more is over HP/2, HP/3 "
    "and HP/10, so it is a major wound (GU-12) and cripples the limb, extremity or eye it hits, "
    "which keeps at most 1 injury (GU-10: floor(0/2) + 1 = floor(0/3) + 1 = 1); shock is minus "
    "the injury, at worst -4 (GU-11: HP below 20); and by GU-27 any injury kills (HP left falls "
    "past -5 x HP = 0), which armourpen does not yet work out"
)


@dataclass(frozen=True, slots=True)
class Overrides:
    """The keys written beside ``gcs`` (None: take the file's)."""

    hp: int | None = None
    st: int | None = None
    dr: int | None = None
    dr_back: int | None = None
    hardened: int | None = None
    perfect_balance: bool | None = None
    injury_tolerance: tuple[str, ...] | None = None  # kinds, as the scenario writes them
    high_pain_threshold: bool | None = None
    low_pain_threshold: bool | None = None


@dataclass(frozen=True, slots=True)
class GcsTarget:
    """What a GCS file gives a target: the fields of :class:`~armourpen.gurps.model.Target`
    that come from it, with the steps and warnings that report the reading."""

    hp: int
    st: int
    dr: int
    dr_back: int
    injury_tolerance: InjuryTolerance
    lacking: frozenset[Lacking]
    hardened: int
    perfect_balance: bool
    pain_threshold: PainThreshold
    location: Location | Random
    body: BodyType | None
    dr_at: tuple[tuple[Location, int, int], ...]
    skull_dr_included: bool
    rules: tuple[tuple[Location, Location, str], ...]
    steps: tuple[Step, ...]
    warnings: tuple[Caution, ...]


def location_of(loc_id: str) -> tuple[Location, str | None]:
    """The location a GCS id is hit as, and the reading when it is not a humanoid one.

    Ids armourpen does not know read as the torso (the reading says so).
    """
    if loc_id in _SAME:
        return _SAME[loc_id], None
    if loc_id in _READ_AS:
        return _READ_AS[loc_id]
    return Location.TORSO, f"{loc_id!r} is not a location armourpen knows: read as the torso"


def _rules(character: GcsCharacter) -> tuple[tuple[Location, Location, str], ...]:
    if "ichthyoid" in character.body.name.lower():
        tail = (Location.TAIL, Location.ARM, _TAIL_LIMB.format(why="a fish tail"))
    elif character.tail_is_limb:
        tail = (Location.TAIL, Location.ARM, _TAIL_LIMB.format(why="an Extra Arm or Striker"))
    else:
        tail = (Location.TAIL, Location.HAND, _TAIL_EXTREMITY)
    return ((Location.WING, Location.ARM, _WING), (Location.FIN, Location.HAND, _FIN), tail)


def location_dr(loc: GcsLocation, damage: Damage) -> tuple[int, str]:
    """A location's DR against ``damage``'s type: ``all`` plus the kinds that name the type."""
    total = loc.dr_all
    parts = [str(loc.dr_all)]
    for kind, bonus in loc.dr:
        if kind != ALL and damage.type in damage_types(kind):
            total += bonus
            parts.append(f"{kind} {bonus:+d}")
    shown = str(total) if len(parts) == 1 else f"{' '.join(parts)} = {total}"
    if total < 0:  # a negative DR bonus in the file; the file's warnings say so (GU-3)
        return 0, f"{shown}, below 0: read as 0"
    return total, shown


class _Report:
    """The steps and warnings of one target's reading, each naming the target."""

    def __init__(self, name: str, source: str) -> None:
        self.name, self.source = name, source
        self.steps: list[Step] = []
        self.warnings: list[Caution] = []

    def step(self, rule: Ruling, text: str) -> None:
        self.steps.append(Step(rule, f"{self.name}: {text}"))

    def warn(self, rule: Ruling, text: str) -> None:
        self.warnings.append(Caution(rule, f"{self.name} ({self.source}): {text}"))

    def figure(self, key: str, filed: T, given: T | None, rule: Ruling = Ruling.GU_4) -> T:
        """A key written beside gcs wins over the file's figure; the step says so."""
        if given is None:
            return filed
        if given != filed:
            self.step(rule, f"{key} {_shown(given)} from the scenario overrides the file's "
                      f"{_shown(filed)} ({self.source})")
        return given


def _shown(value: object) -> str:
    """A figure as the scenario file writes it (flags in lower case: ``false``, not ``False``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def from_character(
    character: GcsCharacter,
    name: str,
    source: str,
    here: str,
    damage: Damage,
    location: str | Location | Random,
    given: Overrides,
    field: str = "",
) -> GcsTarget:
    """Read ``character`` as the target ``name`` (line entry ``here``) of a scenario, hit at
    ``location`` (which the scenario gives at ``field``)."""
    field = field or f"{here}.location"
    report = _Report(name, source)
    for w in character.warnings:
        if not (w.text == HP_ZERO_WARNING and given.hp is not None):  # not of the hp given
            report.warn(w.rule, w.text)
    body = character.body
    hp = report.figure("hp", character.hp, given.hp)
    st = report.figure("st", character.st, given.st, rule=Ruling.GU_13)
    report.step(Ruling.GU_4, f"from {source}: HP {character.hp}, ST {character.st}, HT {character.ht}, "
                f"body {body.name or '(unnamed)'} ({body.roll})")

    if hp == 0:  # GCS writes it (a Specter); hp beside gcs is 1 or more
        report.step(Ruling.GU_27, HP_ZERO)

    # Where it is hit: an id of the file's body, or its random table.
    location = _where(character, location, field, report)

    spot = None if location == RANDOM else _aimed(body.locations, str(location))
    dr_at = _dr_by_location(character, damage, report, spot)
    against = f" against {damage.type.value}" if any(
        k != ALL for loc in _flat(body.locations) for k, _ in loc.dr) else ""
    aimed: Location | Random
    rolled: BodyType | None = None
    if location == RANDOM:
        aimed = RANDOM
        on_table = [body.locations[i] for _, _, i in body.table]
        hit = dict.fromkeys(location_of(loc.id)[0] for loc in on_table)
        listed = ", ".join(f"{where.value} {dr_at[where][1]}" for where in hit)
        report.step(Ruling.GU_3, f"DR by location on the random table, from {source}{against}: "
                    f"{listed}")
        rolled = BodyType(
            body.name or "body",
            tuple((low, high, location_of(body.locations[i].id)[0]) for low, high, i in body.table),
            body.dice.count if body.dice is not None else 3,
        )
        for reading in dict.fromkeys(location_of(loc.id)[1] for loc in on_table):
            if reading:
                report.step(Ruling.GU_10, reading)
        if any(loc.sub_table is not None for loc in on_table):
            report.warn(Ruling.GU_10, "sub-tables are not rolled: a hit on a location with a sub-table "
                        "is a hit on that location")
        dr = (dr_at.get(Location.TORSO) or next(iter(dr_at.values())))[0]
    else:
        assert spot is not None  # _where checked the id against the body
        loc, aimed, reading = spot
        if reading:
            report.step(Ruling.GU_10, reading)
        report.step(Ruling.GU_3, f"DR at the {loc.table_name} from {source}{against}: "
                    f"{dr_at[aimed][1]}")
        dr = dr_at[aimed][0]

    dr, dr_back, dr_pairs, skull_included = _dr_sides(dr_at, aimed, dr, given, report)

    kind, lacking = _tolerance(character, given, report)
    hardened = _hardened(character, given, report)
    balance = report.figure("perfect_balance", character.perfect_balance, given.perfect_balance,
                            rule=Ruling.GU_13)
    if character.perfect_balance and given.perfect_balance is None:
        report.step(Ruling.GU_13, f"Perfect Balance from {source}")
    pain = _pain(character.pain_threshold, given, report)
    return GcsTarget(
        hp=hp, st=st, dr=dr, dr_back=dr_back, injury_tolerance=kind, lacking=lacking,
        hardened=hardened, perfect_balance=balance, pain_threshold=pain, location=aimed, body=rolled,
        dr_at=dr_pairs,
        skull_dr_included=skull_included, rules=_rules(character), steps=tuple(report.steps),
        warnings=tuple(report.warnings),
    )


def _dr_sides(
    dr_at: dict[Location, tuple[int, str, str, int]],
    aimed: Location | Random,
    dr: int,
    given: Overrides,
    report: _Report,
) -> tuple[int, int, tuple[tuple[Location, int, int], ...], bool]:
    """(DR in, DR out, (location, in, out) per location, whether the file's DR holds the skull's
    natural DR), after the ``dr`` and ``dr_back`` written beside ``gcs``.

    The file's DR holds a location's natural DR (the skull's), which the shot passes where it
    enters and where it leaves (GU-4, GU-6): the same DR on both sides.
    """
    pairs = tuple((where, d, d) for where, (d, _, _, _) in dr_at.items())
    natural = {where: n for where, (_, _, _, n) in dr_at.items()}
    dr_back = dr
    included = True
    if given.dr is not None:
        report.step(Ruling.GU_3, f"dr {given.dr} from the scenario overrides the file's DR at every "
                    "location (the skull adds its natural DR to it, on both sides)")
        dr, dr_back, pairs, included = given.dr, given.dr, (), False
    if given.dr_back is None:
        return dr, dr_back, pairs, included
    dr_back = given.dr_back
    if not included:
        report.step(Ruling.GU_6, f"dr_back {given.dr_back} from the scenario: the DR where the shot "
                    "leaves, at every location")
        return dr, dr_back, pairs, included
    report.step(Ruling.GU_6, f"dr_back {given.dr_back} from the scenario: the DR where the shot leaves, "
                "at every location, plus the location's natural DR from the file (the skull's)")
    pairs = tuple((where, d, given.dr_back + natural[where]) for where, d, _ in pairs)
    if isinstance(aimed, Location):
        dr_back += natural.get(aimed, 0)
    return dr, dr_back, pairs, included


Spot = tuple[GcsLocation, Location, "str | None"]


def _aimed(
    locations: tuple[GcsLocation, ...], loc_id: str, part_of: Location | None = None
) -> Spot | None:
    """The first location of id ``loc_id`` in file order (a location, then its sub-table), the
    location it is hit as and the reading (GU-10). An id armourpen does not know is hit as the
    torso, or, in a sub-table, as the location whose sub-table it is (``part_of``): a hand's
    fingers are part of the hand."""
    for loc in locations:
        where, reading = location_of(loc.id)
        if part_of is not None and loc.id not in _SAME and loc.id not in _READ_AS:
            where, reading = part_of, (f"{loc.id!r} ({loc.table_name}) is not a location "
                                       f"armourpen knows: it is part of the {part_of.value}, "
                                       f"and hit as the {part_of.value}")
        if loc.id == loc_id:
            return loc, where, reading
        if loc.sub_table is not None:
            found = _aimed(loc.sub_table.locations, loc_id, where)
            if found is not None:
                return found
    return None


def _dr_by_location(
    character: GcsCharacter, damage: Damage, report: _Report, spot: Spot | None = None,
) -> dict[Location, tuple[int, str, str, int]]:
    """(DR, how it adds up, table name, natural DR) per location, each taken from the first id
    that names it: known ids before unknown ones (an unknown id reads as the torso). Sub-tables
    are not rolled (GU-10), so a random hit meets only the locations of the body's own table.

    A shot aimed at a ``spot`` meets that location's own DR (a sub-table's fingers are armoured as
    the file says the fingers are, not as the hand), and no other location is hit: the DR of the
    others is neither taken for it nor compared with it."""
    out: dict[Location, tuple[int, str, str, int]] = {}
    body = character.body
    hit_as: dict[str, Location]
    if spot is not None:  # the locations of that id (a right and a left arm), in file order
        ordered = [loc for loc in _flat(body.locations) if loc.id == spot[0].id]
        hit_as = {spot[0].id: spot[1]}
    else:
        ordered = sorted(body.locations,
                         key=lambda loc: loc.id not in _SAME and loc.id not in _READ_AS)
        hit_as = {loc.id: location_of(loc.id)[0] for loc in ordered}
    for loc in ordered:
        where = hit_as[loc.id]
        dr, shown = location_dr(loc, damage)
        if where not in out:
            out[where] = (dr, shown, loc.table_name, loc.natural_dr)
        elif out[where][0] != dr:
            kept = out[where]
            report.warn(Ruling.GU_3, f"{loc.table_name} (DR {dr}) is hit as the {where.value}, whose "
                        f"DR is {kept[2]}'s, {kept[0]}")
    return out


def _where(
    character: GcsCharacter, location: str | Location | Random, field: str, report: _Report
) -> str | Location | Random:
    """``location`` checked against the file's body: one of its ids, or ``random`` where it has a
    table armourpen can roll or a single location (every hit lands there: a swarm whose roll is
    written ``0``)."""
    body = character.body
    rollable = bool(body.table) and body.dice is not None and body.dice.sides == 6 \
        and body.dice.add == 0
    only = body.locations[0] if len(body.locations) == 1 else None
    if location == RANDOM and not rollable and only is not None:
        report.step(Ruling.GU_10, f"a random hit lands on {only.table_name}, the body's only location "
                    f"(its roll {body.roll!r} gives no table to roll, and needs none)")
        return only.id
    if location == RANDOM:
        if not rollable:
            raise ScenarioError(field, RANDOM, _where_allowed(character, False)
                                + f" (its roll {body.roll!r} gives no table armourpen can roll)")
    elif str(location) not in body_ids(character):
        raise ScenarioError(field, str(location),
                            _where_allowed(character, rollable or only is not None))
    return location


def _flat(locations: tuple[GcsLocation, ...]) -> list[GcsLocation]:
    out: list[GcsLocation] = []
    for loc in locations:
        out.append(loc)
        if loc.sub_table is not None:
            out.extend(_flat(loc.sub_table.locations))
    return out


def body_ids(character: GcsCharacter) -> tuple[str, ...]:
    """The ids a scenario may aim at: every location of the body and of its sub-tables."""
    return tuple(dict.fromkeys(loc.id for loc in _flat(character.body.locations)))


def _where_allowed(character: GcsCharacter, rollable: bool) -> str:
    ids = ", ".join(body_ids(character))
    also = ', or "random"' if rollable else ""
    return (f"a location of {character.name}'s body ({character.body.name or 'unnamed'}): "
            f"{ids}{also}")


def _tolerance(
    character: GcsCharacter, given: Overrides, report: _Report
) -> tuple[InjuryTolerance, frozenset[Lacking]]:
    filed = character.injury_tolerance
    kinds = filed if given.injury_tolerance is None else given.injury_tolerance
    if given.injury_tolerance is not None and tuple(given.injury_tolerance) != filed:
        report.step(Ruling.GU_14, f"injury_tolerance {', '.join(kinds) or 'none'} from the scenario "
                    f"overrides the file's {', '.join(filed) or 'none'} ({report.source})")
    elif kinds:
        report.step(Ruling.GU_14, f"Injury Tolerance from {report.source}: {', '.join(kinds)}")
    bodies = [t for t in _PROTECTIVE if t.value in kinds]
    kind = bodies[0] if bodies else InjuryTolerance.NONE
    if len(bodies) > 1:
        report.warn(Ruling.GU_14, f"{', '.join(b.value for b in bodies)} exclude each other; the most "
                    f"protective, {kind.value}, counts")
    lacking = frozenset(Lacking(k) for k in kinds if k in {m.value for m in Lacking})
    return kind, lacking


def _pain(filed: PainThreshold, given: Overrides, report: _Report) -> PainThreshold:
    """The file's pain threshold, unless a key beside ``gcs`` says otherwise: one set true wins
    (both true is refused before), the file's trait set false is taken away."""
    key = {PainThreshold.HIGH: "high_pain_threshold", PainThreshold.LOW: "low_pain_threshold"}
    said = {PainThreshold.HIGH: given.high_pain_threshold,
            PainThreshold.LOW: given.low_pain_threshold}
    chosen = next((p for p, v in said.items() if v), None)
    if chosen is None:
        chosen = PainThreshold.NORMAL if said.get(filed) is False else filed
        if chosen is not filed:
            report.step(Ruling.GU_11, f"{key[filed]} false from the scenario overrides the file's "
                        f"{filed.trait} ({report.source})")
    elif filed is not PainThreshold.NORMAL and chosen is not filed:
        report.step(Ruling.GU_11, f"{key[chosen]} true from the scenario overrides the file's "
                    f"{filed.trait} ({report.source})")
    if chosen is not PainThreshold.NORMAL and chosen is filed:
        report.step(Ruling.GU_11, f"{chosen.trait} from {report.source}")
    return chosen


def _hardened(character: GcsCharacter, given: Overrides, report: _Report) -> int:
    level = character.hardened
    if given.hardened is not None:
        return report.figure("hardened", level, given.hardened, rule=Ruling.GU_14)
    if level > MAX_HARDENED:
        report.step(Ruling.GU_14, f"Hardened {level} from {report.source}: beyond the ladder's "
                    f"{MAX_HARDENED} steps, which take any divisor to none; {MAX_HARDENED}")
        return MAX_HARDENED
    if level:
        report.step(Ruling.GU_14, f"Hardened {level} from {report.source}")
    return level
