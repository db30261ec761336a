"""GU-16: firing past people, and hitting the wrong target (Basic Set p. 389).

``attack.skill`` is the shooter's effective skill against the aimed target; each target card
between the shooter and it costs -4 unless it does not obscure (``obscures = false``) or sits inside
a vehicle (GU-17). Then the shot travels the line from the shooter outward, and each target card it
reaches is hit or not by :func:`card_try`, in one of three situations (:class:`Mode`):

- ``AIMED``: the aimed roll hit and the aimed card is still ahead: cards in front of it are shot
  past (not hit, no DR added), and the aimed card is hit;
- ``SEEKING``: the aimed roll missed and no card is hit yet: every other card is tried against the
  lower of 9 and the skill against it; the first success is hit;
- ``BEHIND``: a card was hit: a card immediately behind a hit card is hit without a roll (GU-8),
  every other card is tried against the lower of 9 and its skill, and each success is hit.

A card inside a vehicle or building is hit only through that cover's occupant roll (GU-17), unless
it is the one aimed at. The same functions serve ``resolve`` (one roll at a time, as the shot
reaches each card: :class:`Shooter`) and the exact odds (every branch weighed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum

from armourpen.errors import MISSING, InputError
from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.attack_roll import attack_roll
from armourpen.gurps.defense import (
    DefenseKind,
    DefenseRoll,
    DefenseState,
    Result,
    burst_stopped,
    defend,
)
from armourpen.gurps.model import Cover, GurpsScenario, Target
from armourpen.gurps.occupants import occupant_number

WRONG_TARGET_SKILL = 9
"""A card tried by a shot that missed, or that went on past a hit card, is hit on the lower of 9
and the skill against it (p. 389)."""

OBSCURING_PENALTY = 4


class HitBy(StrEnum):
    """What hit a target when the rolls decide who is hit (GU-15 to GU-17)."""

    AIMED = "aimed"  # the aimed roll (GU-15)
    WRONG_TARGET = "wrong_target"  # a wrong-target roll (GU-16)
    BEHIND = "behind"  # immediately behind a target that was hit: no roll (GU-8)
    OCCUPANT = "occupant"  # its vehicle's occupant roll (GU-17)


class Mode(Enum):
    """Where the shot stands in the process of GU-16 (see the module's text)."""

    AIMED = "aimed"
    SEEKING = "seeking"
    BEHIND = "behind"


@dataclass(frozen=True, slots=True)
class Card:
    """What GU-16 needs of a target card: whether it is aimed at, inside a vehicle (and whether
    it stands for the occupants no card lists), immediately behind, and the skill against it."""

    name: str
    aimed: bool
    inside: str | None
    immediately_behind: bool
    skill: int
    unnamed: bool = False

    @property
    def by_occupant_roll(self) -> bool:
        """Hit only through its vehicle's occupant roll (GU-17)."""
        return self.inside is not None and not self.aimed


@dataclass(frozen=True, slots=True)
class Try:
    """How a card reached by the shot is decided: a roll of 3d against ``number``, or no roll and
    ``sure``. ``hit_by`` names what a hit is; ``why`` says it for the step."""

    number: int | None
    sure: bool
    hit_by: HitBy | None
    why: str


def cards(scenario: GurpsScenario) -> tuple[Card, ...]:
    """Each target of ``scenario`` (line order) as GU-16 sees it."""
    attack = scenario.attack
    assert attack.skill is not None
    return tuple(
        Card(t.name, t.name == attack.aim and not t.unnamed, t.inside, t.immediately_behind,
             attack.skill if t.skill is None else t.skill, t.unnamed)
        for t in scenario.targets
    )


def effective_skill(scenario: GurpsScenario) -> Explained[int]:
    """The skill of the aimed roll: ``attack.skill``, -4 per target card in the way that obscures
    the aimed one (GU-16)."""
    attack = scenario.attack
    assert attack.skill is not None
    aimed = next(t for t in scenario.targets if t.name == attack.aim and not t.unnamed)
    in_way, clear = [], []
    for t in scenario.targets:
        if t.index >= aimed.index or t.unnamed:
            continue
        if not t.obscures:
            clear.append(f"{t.name} (obscures = false)")
        elif t.inside is not None:
            clear.append(f"{t.name} (inside {t.inside})")
        else:
            in_way.append(t.name)
    skill = attack.skill - OBSCURING_PENALTY * len(in_way)
    text = f"aimed at {aimed.name}: skill {attack.skill}"
    if in_way:
        text += (f", -{OBSCURING_PENALTY} for each person in the way ({', '.join(in_way)}): "
                 f"{attack.skill} - {OBSCURING_PENALTY * len(in_way)} = {skill}")
    else:
        text += ", nobody in the way"
    if clear:
        text += "; no penalty for " + ", ".join(clear)
    return Explained.of(skill, Ruling.GU_16, text)


def card_try(mode: Mode, card: Card, prev_hit: bool, chosen: bool) -> Try:
    """How a card that the shot reaches is decided (GU-16, GU-17). ``prev_hit``: the nearest
    target card in front of it was hit; ``chosen``: its vehicle's occupant roll chose it."""
    if card.by_occupant_roll:
        if chosen:
            return Try(None, True, HitBy.OCCUPANT, f"the occupant roll of {card.inside} chose it")
        return Try(None, False, None, f"inside {card.inside}, not the occupant chosen (GU-17)")
    if mode is Mode.AIMED:
        if card.aimed:
            return Try(None, True, HitBy.AIMED, "the aimed roll hit")
        return Try(None, False, None, "shot past (the aimed roll hit)")
    if mode is Mode.SEEKING:
        if card.aimed:
            return Try(None, False, None, "the aimed roll missed")
        return Try(min(WRONG_TARGET_SKILL, card.skill), False, HitBy.WRONG_TARGET,
                   "the aimed roll missed: tried as the wrong target")
    if card.immediately_behind and prev_hit:
        return Try(None, True, HitBy.BEHIND, "immediately behind a target that was hit (GU-8)")
    return Try(min(WRONG_TARGET_SKILL, card.skill), False, HitBy.WRONG_TARGET,
               "behind a target that was hit: tried as the wrong target")


def front_hit(card: Card, hit: bool, prev_hit: bool) -> bool:
    """Whether the nearest target card in front of the next card was hit (GU-8, GU-16), once the
    shot is past ``card`` (``hit``: whether it hit it). The stand-in for a vehicle's occupants no
    card lists is no card (:func:`~armourpen.gurps.model.first_target_card`): past it, the card in
    front is still the one before."""
    return prev_hit if card.unnamed else hit


def next_mode(mode: Mode, card: Card, hit: bool) -> Mode:
    """The situation after ``card``: a hit puts the shot behind a hit target, except an occupant
    hit in front of the aimed card, when the aimed roll hit (the shot goes on at the aimed one)."""
    if not hit or (mode is Mode.AIMED and not card.aimed):
        return mode
    return Mode.BEHIND


def occupant_roll(scenario: GurpsScenario, cover: Cover) -> Explained[int] | None:
    """The number a passed vehicle's occupant roll is made against (GU-17), or None: no roll
    (not a vehicle, or the aimed card sits in it)."""
    if cover.occupants is None or cover.sm is None:
        return None
    if any(t.inside == cover.name and t.name == scenario.attack.aim for t in scenario.targets):
        return None
    return occupant_number(cover.occupants, cover.sm)


def occupants_of(scenario: GurpsScenario, cover: Cover) -> tuple[int, ...]:
    """The target numbers (line order among targets) of ``cover``'s listed occupants."""
    return tuple(k for k, t in enumerate(scenario.targets)
                 if t.inside == cover.name and not t.unnamed)


def unnamed_of(scenario: GurpsScenario, cover: Cover) -> int | None:
    """The target number standing for ``cover``'s unlisted occupants, if it has any."""
    for k, t in enumerate(scenario.targets):
        if t.unnamed and t.inside == cover.name:
            return k
    return None


Roller = Callable[[str], int]
"""Rolls 3d for the roll it names (``"aimed"``, a card's or a cover's name): resolve draws from
the seeded stream; a test gives each roll."""

Chooser = Callable[[str, int], int]
"""Chooses one of ``n`` occupants of the named cover alike (0 to n - 1)."""


@dataclass(slots=True)
class Shooter:
    """GU-16 and GU-17 as ``resolve`` plays them: the aimed roll first, then each further roll
    as the shot reaches the card or passes the vehicle that needs it (the chain asks)."""

    scenario: GurpsScenario
    roll: Roller
    choose: Chooser
    given_roll: int | None = None
    mode: Mode = Mode.SEEKING
    prev_hit: bool = False
    chosen: int | None = None
    steps: list[Step] = field(default_factory=list)  # the aimed roll's
    hit_by: dict[int, HitBy] = field(default_factory=dict)
    hit_roll: dict[int, int] = field(default_factory=dict)
    aimed_roll: int = 0
    chosen_roll: int = 0
    aimed_hit: bool = False
    skill: int = 0
    rof: int | None = None  # a burst's shots: the rapid-fire bonus is added (GU-19)
    drawn: bool = False  # ``given_roll`` was drawn from the seed (a burst rolls it first), not given
    defenses: dict[int, DefenseRoll] = field(default_factory=dict)  # GU-24: this shot's
    guarded: dict[int, DefenseState] = field(default_factory=dict)  # shared by a burst's shots
    _cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        self._cards = cards(self.scenario)
        eff = effective_skill(self.scenario)
        self.skill = eff.value
        self.steps.extend(eff.steps)
        if self.rof is not None:
            from armourpen.gurps.rapid_fire import rof_step

            bonus = rof_step(self.rof, f"{self.rof} shots", self.skill)
            self.skill = bonus.value
            self.steps.extend(bonus.steps)
        rolled = self.roll("aimed") if self.given_roll is None else self.given_roll
        given = " (given)" if self.given_roll is not None and not self.drawn else ""
        hit = attack_roll(rolled, self.skill, f"the attack roll{given}")
        self.steps.extend(hit.steps)
        self.aimed_roll, self.aimed_hit = rolled, hit.value
        self.mode = Mode.AIMED if hit.value else Mode.SEEKING

    def again(self) -> Shooter:
        """The next landed shot of the same burst (GU-19): the same attack roll against the same
        skill, the rapid-fire bonus included, so it starts where this one started (the aimed
        roll hit) and never re-judges that roll; its own further rolls of who is hit are drawn
        as it reaches each card."""
        return Shooter(self.scenario, self.roll, self.choose, self.aimed_roll, rof=self.rof,
                       drawn=self.drawn, guarded=self.guarded)

    def target(self, k: int, target: Target) -> tuple[bool, tuple[Step, ...]]:
        """Whether the shot, reaching target ``k``, hits it, and the steps that say so."""
        card = self._cards[k]
        t = card_try(self.mode, card, self.prev_hit, self.chosen == k)
        rule = Ruling.GU_17 if card.by_occupant_roll else Ruling.GU_16
        if t.number is None:
            hit = t.sure
            steps = [Step(rule, f"{card.name}: {t.why}: " + ("hit" if hit else "not hit"))]
        else:
            rolled = self.roll(card.name)
            try_ = attack_roll(rolled, t.number, f"{card.name}: {t.why} on "
                               f"min({WRONG_TARGET_SKILL}, skill {card.skill}) = {t.number}", Ruling.GU_16)
            hit = try_.value
            steps = list(try_.steps)
            self.hit_roll[k] = rolled
        dodged = False
        if hit and t.hit_by is HitBy.AIMED and target.defense is not None:
            hit, dodged = self._defend(k, target, steps)
        if hit:
            assert t.hit_by is not None
            self.hit_by[k] = t.hit_by
            if t.hit_by is HitBy.AIMED:
                self.hit_roll[k] = self.aimed_roll
            elif t.hit_by is HitBy.OCCUPANT:
                self.hit_roll[k] = self.chosen_roll
        elif k not in self.defenses or dodged:  # a block or parry stops it (GU-24)
            steps.append(Step(rule, f"{card.name}: the shot goes on and this target adds no "
                              "cover DR"))
        if card.by_occupant_roll and self.chosen == k:
            self.chosen = None
        self.mode = Mode.SEEKING if dodged else next_mode(self.mode, card, hit)
        self.prev_hit = front_hit(card, hit, self.prev_hit)
        return hit, tuple(steps)

    def _defend(self, k: int, target: Target, steps: list[Step]) -> tuple[bool, bool]:
        """GU-24: the aimed card, hit by the attack roll, defends: whether it is still hit (the
        shield struck counts: the chain decides whether the blow reaches the bearer) and whether
        it dodged (the shot flies on as a missed one, GU-16)."""
        defense = target.defense
        assert defense is not None
        shield = target.shield
        state = self.guarded.get(k)
        if state is None:
            rolled = self.roll(f"{target.name}'s {defense.kind.value}") if defense.roll is None \
                else defense.roll
            done = defend(defense, 0 if shield is None else shield.working_db,
                          shield is not None, rolled, target.name)
            steps.extend(done.steps)
            roll = done.value
            stops = 0 if roll.margin is None else 1
            if self.rof is not None and roll.margin is not None:
                stops = burst_stopped(defense.kind, roll.margin, self.rof)
                steps.append(Step(Ruling.GU_24, f"{target.name}: against a burst the "
                                  f"{defense.kind.value} stops {stops} hit(s)"
                                  + (" (1 + its margin)" if defense.kind is DefenseKind.DODGE
                                     else "")))
            state = DefenseState(roll, stops, None if shield is None else
                                 shield.hp if shield.hp_left is None else shield.hp_left)
            self.guarded[k] = state
        elif state.left > 0:
            more = (": avoided, it flew on with the first one as one missed shot (GU-19)"
                    if defense.kind is DefenseKind.DODGE and state.roll.result is Result.DEFENDED
                    else "")
            steps.append(Step(Ruling.GU_24, f"{target.name}: the {defense.kind.value} rolled once "
                              f"against the burst stops this hit too ({state.left} left){more}"))
        elif state.roll.result is not Result.HIT:
            steps.append(Step(Ruling.GU_24, f"{target.name}: the {defense.kind.value} has stopped "
                              "every hit it could: hit"))
        roll = state.roll
        if state.left <= 0 or roll.result is Result.HIT:
            self.defenses[k] = replace(roll, result=Result.HIT)
            return True, False
        first = state.left == (0 if roll.margin is None else
                               burst_stopped(defense.kind, roll.margin, self.rof or 1))
        state.left -= 1
        self.defenses[k] = roll if first else replace(roll, flies_on=False)
        if roll.result is Result.STRUCK_SHIELD:
            return True, False
        return False, defense.kind is DefenseKind.DODGE and first

    def shield_hp(self, k: int) -> int | None:
        """The HP of target ``k``'s shield before this hit (GU-25), None: no shield rolled."""
        state = self.guarded.get(k)
        return None if state is None else state.shield_hp

    def shield_left(self, k: int, hp: int) -> None:
        """Target ``k``'s shield after this hit (GU-25): the next hit of a burst starts there."""
        self.guarded[k].shield_hp = hp

    def defended(self, k: int) -> DefenseRoll | None:
        """The defense target ``k`` rolled (GU-24), if it did."""
        return self.defenses.get(k)

    def punch_roll(self, k: int, target: Target) -> int:  # noqa: ARG002
        """The 1d of a blow that punched through ``target``'s shield (GU-25): given, or drawn."""
        shield = target.shield
        if shield is not None and shield.location_roll is not None:
            return shield.location_roll
        return self.choose(f"{target.name}'s shield", 6) + 1

    def cover(self, cover: Cover) -> tuple[Step, ...]:
        """The occupant roll of a vehicle or building the shot passes (GU-17), if it has one."""
        number = occupant_roll(self.scenario, cover)
        if number is None:
            return ()
        rolled = self.roll(cover.name)
        hit = attack_roll(rolled, number.value, f"{cover.name}: occupant roll", Ruling.GU_17)
        steps = [*number.steps, *hit.steps]
        if not hit.value:
            return (*steps, Step(Ruling.GU_17, f"{cover.name}: no occupant hit"))
        assert cover.occupants is not None
        listed = occupants_of(self.scenario, cover)
        pick = self.choose(cover.name, cover.occupants)
        if pick < len(listed):
            self.chosen = listed[pick]
            who = self.scenario.targets[self.chosen].name
        else:
            self.chosen = unnamed_of(self.scenario, cover)
            who = "an occupant no card lists"
        self.chosen_roll = rolled
        steps.append(Step(Ruling.GU_17, f"{cover.name}: one of its {cover.occupants} occupants is hit, "
                          f"each alike (chosen: {pick + 1} of {cover.occupants}): {who}"))
        return tuple(steps)


def seeded(rng: random.Random | None,
           later: Callable[[], random.Random] | None = None) -> tuple[Roller, Chooser]:
    """Rolls and choices drawn from ``rng`` as they are needed, or, without it, from the stream
    ``later`` gives when the first is needed (a scenario whose rolls are fixed, resolved with a
    seed); without either a roll is an error (fixed rolls and no seed)."""
    from armourpen.gurps.attack_roll import roll_3d

    def stream(missing: str) -> random.Random:
        if rng is not None:
            return rng
        if later is not None:
            return later()
        raise InputError("attack.seed", MISSING, "`attack.seed` is required: " + missing)

    def roll(what: str) -> int:
        return roll_3d(stream(f"the roll for {what} (GU-16, GU-17) is not given; give "
                              "attack.seed, or a seed to resolve"))

    def choose(what: str, n: int) -> int:
        return stream(f"the occupant of {what} hit (GU-17) is chosen at random; give "
                      "attack.seed, or a seed").randrange(n)

    return roll, choose


