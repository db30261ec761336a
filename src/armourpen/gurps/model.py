"""The frozen values of a GURPS scenario: the attack and the line of targets and cover."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

from armourpen.explain import Caution, Explained, Ruling, Step
from armourpen.gurps.condition import Vitality
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance
from armourpen.gurps.defense import Defense
from armourpen.gurps.half_damage import half_damage
from armourpen.gurps.layers import Layer
from armourpen.gurps.locations import HUMANOID, RANDOM, BodyType, Lacking, Location, Random
from armourpen.gurps.notation import Damage
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.projectiles import (
    Shots,
    close_range,
    concentrated_damage,
    concentration,
    together_steps,
)
from armourpen.gurps.shields import Shield
from armourpen.gurps.situations import Environment, Posture, Situation


@dataclass(frozen=True, slots=True)
class AttackWeapon:
    """The weapon of a character sheet an attack was taken from (a GCS file).

    ``source`` names the file, ``name`` what carries the weapon, ``damage_string`` the damage as
    the sheet gives it. ``skill`` (GU-15), ``rate_of_fire`` (GU-19, GU-20) and ``recoil`` (GU-19)
    are the sheet's, as GCS writes them, for the rules that take them.
    """

    source: str
    name: str
    usage: str
    damage_string: str
    skill: int | None = None
    rate_of_fire: str = ""
    recoil: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"source": self.source, "name": self.name, "usage": self.usage,
                "damage_string": self.damage_string}


@dataclass(frozen=True, slots=True)
class GurpsAttack:
    """The attack: its damage and either a fixed roll or a seed (or neither: a fresh roll).

    ``half_damage_range`` is the weapon's 1/2D in yards (GU-23); ``weapon`` the character
    sheet's weapon the attack was taken from, if any.
    """

    damage: Damage
    roll: int | None = None
    seed: int | None = None
    ranged: bool = True
    location: Location | Random = Location.TORSO
    skill: int | None = None  # GU-16: the shooter's effective skill against ``aim``; None: GU-8
    aim: str | None = None  # the aimed target's name (GU-16), given with ``skill``
    attack_roll: int | None = None  # a fixed 3d attack roll (GU-15); None: rolled from the seed
    half_damage_range: Fraction | None = None
    weapon: AttackWeapon | None = None
    # a burst (GU-19, GU-20): the shots fired, the weapon's Rcl, and the damage rolls of the
    # landed shots in order (those not given are rolled)
    shots: Shots | None = None
    rcl: int | None = None
    rolls: tuple[int, ...] = ()
    # an explosion (GU-21, GU-22): where it goes off, whether in the air, its fragments
    environment: Environment = Environment.AIR
    airburst: bool = False
    fragments: Damage | None = None

    @property
    def explosive(self) -> bool:
        """Whether the damage is an explosion (``ex``, GU-21): targets stand around it."""
        return self.damage.explosive


@dataclass(frozen=True, slots=True)
class BlastPlace:
    """Where a target stands in an explosion (GU-21, GU-22): yards from the centre, posture, Size
    Modifier, situation (caught in it, struck directly, threw himself on it, the explosive inside
    him) and the cover between the blast and it."""

    distance: Fraction = Fraction(0)
    posture: Posture = Posture.STANDING
    sm: int = 0
    situation: Situation = Situation.CAUGHT
    cover: tuple[Cover, ...] = ()


@dataclass(frozen=True, slots=True)
class Target:
    """A person, creature or machine in the line of fire (it takes injury).

    ``index`` is its position in the line; ``hit_chance`` is exact (GU-8). ``location`` is where
    the shot hits it, or ``"random"`` to roll on ``body``'s table (GU-10). ``injury_tolerance`` is
    the body's kind (GU-4) and ``lacking`` the parts it has not (GU-14); ``st`` (knockback, GU-13)
    defaults to HP. ``range`` is its distance from the shooter in yards (GU-23).
    """

    name: str
    hp: int
    dr: int = 0
    dr_back: int = 0
    injury_tolerance: InjuryTolerance = InjuryTolerance.NONE
    hit_chance: Fraction = Fraction(1)
    location: Location | Random = Location.TORSO
    index: int = 0
    st: int | None = None
    flexible: bool = False
    vulnerability: int = 1
    hardened: int = 0
    perfect_balance: bool = False
    groin_double_shock: bool = False
    pain_threshold: PainThreshold = PainThreshold.NORMAL
    lacking: frozenset[Lacking] = frozenset()
    body: BodyType = HUMANOID
    dr_at: tuple[tuple[Location, int, int], ...] = ()
    skull_dr_included: bool = False
    rules: tuple[tuple[Location, Location, str], ...] = ()
    dr_table: bool = False
    # who is hit (GU-16, GU-17): the shooter's skill against it (None: the attack's), whether it
    # obscures those behind it, whether it stands immediately behind the card in front of it, the
    # name of the vehicle or building it sits in, and whether it stands for the occupants no card
    # lists (the shot stops in it)
    skill: int | None = None
    obscures: bool = True
    immediately_behind: bool = False
    inside: str | None = None
    unnamed: bool = False
    range: Fraction | None = None  # GU-23: yards from the shooter, on the first target card
    location_roll: int | None = None  # GU-10: the GM's own roll for a random location
    blast: BlastPlace | None = None  # in an explosion (GU-21): where it stands
    # GU-20 at extremely close range: its effective DR (after the divisor) times half the
    # projectiles of a shot; set by the rule (GurpsScenario.hits_together), never read from a file
    dr_times: int = 1
    # GU-24, GU-25: the card's active defense, if the aimed card defends, and its shield
    defense: Defense | None = None
    shield: Shield | None = None
    # GU-27: HT, HP before the shot and the traits of the HT rolls; None: the card gives neither
    # hp_left nor ht, and no condition is reported
    vitality: Vitality | None = None
    # GU-28: the card's DR in layers, outermost first (``dr`` is then their sum), and per location
    # where a table of DR by location gives layers
    layers: tuple[Layer, ...] = ()
    layers_at: tuple[tuple[Location, tuple[Layer, ...]], ...] = ()

    def layers_for(self, hit: Location) -> tuple[Layer, ...]:
        """The layers of DR where the shot enters at ``hit`` (GU-28); () for a single DR."""
        for where, layers in self.layers_at:
            if where is hit:
                return layers
        if self.dr_at and any(where is hit for where, _, _ in self.dr_at):
            return ()
        return self.layers

    def dr_for(self, hit: Location) -> tuple[int, int]:
        """The DR where the shot enters and where it leaves, hit at ``hit``.

        ``dr_at`` gives them per location (a GCS file's body, or a scenario's table of DR by
        location: ``dr_table``, GU-3); elsewhere ``dr``/``dr_back``.
        """
        for where, dr, back in self.dr_at:
            if where is hit:
                return dr, back
        return self.dr, self.dr_back

    def rules_for(self, hit: Location) -> Explained[Location]:
        """The location whose wounding and crippling rules ``hit`` follows (a wing: an arm).

        ``rules`` maps the locations of other body types (GU-10, Basic Set p. 552) with the reading
        to report; a humanoid location follows its own rules.
        """
        for where, treated, why in self.rules:
            if where is hit:
                return Explained.of(treated, Ruling.GU_10, f"{hit.value}: {why}")
        return Explained(hit)

    @property
    def knockback_st(self) -> int:
        """ST for knockback: ``st``, or HP when not given (GU-13)."""
        return self.hp if self.st is None else self.st

    @property
    def random_location(self) -> bool:
        return self.location == RANDOM


@dataclass(frozen=True, slots=True)
class Cover:
    """An object in the line of fire that only stops damage (GU-6): a wall, a door, a car."""

    name: str
    dr: int
    dr_back: int = 0
    hp: int | None = None
    slab: bool = False
    injury_tolerance: InjuryTolerance = InjuryTolerance.HOMOGENOUS
    index: int = 0
    occupants: int | None = None  # a vehicle or building: how many people are inside (GU-17)
    sm: int | None = None  # its Size Modifier, for the Occupant Hit Table (GU-17)
    # GU-26: HP before the shot (its HP when None), its HT (by its kind when None), and whether
    # the card gave its Injury Tolerance (none given: its damage takes the torso's modifiers)
    hp_left: int | None = None
    ht: int | None = None
    tolerance_given: bool = True


LineEntry = Target | Cover


def first_target_card(line: Iterable[LineEntry]) -> Target | None:
    """The first target card of ``line`` (None: it has none), the one place that decides it.

    It is the first target the scenario lists. What stands for a vehicle's occupants no card lists
    (GU-17) is no card, so never the first one, even in front of every listed card: the first
    card's ``range`` decides GU-23's 1/2D and GU-20's extremely close range for the whole shot, and
    it is the card aimed at when ``attack.aim`` is left out (GU-16).
    """
    return next((e for e in line if isinstance(e, Target) and not e.unnamed), None)


@dataclass(frozen=True, slots=True)
class GurpsSettings:
    """Readings a table may choose; ``fractional_dr0`` is GU-3's DR 0 against (0.5), (0.2), (0.1)."""

    fractional_dr0: Dr0Reading = Dr0Reading.BECOMES_1


@dataclass(frozen=True, slots=True)
class GurpsScenario:
    """A validated GURPS scenario: the attack and the line from the shooter outward."""

    rules: ClassVar[str] = "gurps"

    attack: GurpsAttack
    line: tuple[LineEntry, ...]
    settings: GurpsSettings = GurpsSettings()
    warnings: tuple[Caution, ...] = field(default=())
    steps: tuple[Step, ...] = field(default=())  # what was read to build the line (GCS files),
    # each naming the line entry it is about (None: the attack)

    @property
    def targets(self) -> tuple[Target, ...]:
        """The targets in line order, covers left out (the order ``hits`` refers to)."""
        return tuple(e for e in self.line if isinstance(e, Target))

    @property
    def first_target(self) -> Target | None:
        """The first target card (:func:`first_target_card`): never the stand-in for a vehicle's
        unlisted occupants, whose range is nobody's."""
        return first_target_card(self.line)

    @property
    def half_damage(self) -> Explained[bool]:
        """Whether the shot's basic damage is halved: the first target card at the attack's 1/2D
        range or farther (GU-23)."""
        first = self.first_target
        return half_damage(self.attack.half_damage_range, None if first is None else first.range,
                           "" if first is None else first.name)

    @property
    def close_range(self) -> Explained[bool]:
        """Whether a burst of several projectiles a shot is at extremely close range: the first
        target card under a tenth of the attack's 1/2D (GU-20)."""
        first = self.first_target
        return close_range(self.attack.shots, self.attack.half_damage_range,
                           None if first is None else first.range,
                           "" if first is None else first.name)

    def hits_together(self) -> Explained[GurpsScenario]:
        """The scenario each landed hit of a burst follows down the line (GU-20): at extremely
        close range, the damage's dice and adds and every target's effective DR multiplied by
        B // 2; otherwise this scenario. Cover DR (GU-6) is not multiplied: the ruling names the
        target's effective DR only."""
        shots, close = self.attack.shots, self.close_range
        if shots is None or not close.value:
            return Explained(self, close.steps)
        times = concentration(shots)
        steps = (*close.steps, *together_steps(shots, self.attack.damage, times))
        if times == 1:
            return Explained(self, steps)
        damage = concentrated_damage(self.attack.damage, times)
        line = tuple(replace(e, dr_times=times) if isinstance(e, Target) else e
                     for e in self.line)
        return Explained(replace(self, attack=replace(self.attack, damage=damage), line=line),
                         steps)

    @property
    def hit_chances(self) -> tuple[Fraction, ...]:
        return tuple(t.hit_chance for t in self.targets)

    @property
    def who_is_hit(self) -> bool:
        """Whether the rolls decide who is hit (GU-15 to GU-17: ``attack.skill``), not the given
        hit chances (GU-8)."""
        return self.attack.skill is not None

    @property
    def random_locations(self) -> bool:
        """Whether any target's hit location is rolled (GU-10): random, and not the GM's roll."""
        return any(t.random_location and t.location_roll is None for t in self.targets)
