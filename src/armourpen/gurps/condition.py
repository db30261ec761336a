"""GU-27: what is left of a person (Basic Set pp. 419-420, 423, 348).

HP left after the shot, the state it brings (reeling, at 0 or less, death checks at each multiple
of -HP the shot crosses, dead at -5 x HP, the body destroyed at -10 x HP), and the HT rolls it
calls for, each with its modifier: Hard to Kill and Easy to Kill on death checks, Hard to Subdue on
the consciousness roll, fitness on both.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from armourpen.errors import InputError
from armourpen.explain import Explained, Ruling, Step

DEFAULT_HT = 10
MIN_HT, MAX_HT = 1, 30
MAX_LEVEL = 20  # Hard to Kill, Hard to Subdue, Easy to Kill: a cap like every other
DEAD_AT = 5  # multiples of HP below zero: dead
DESTROYED_AT = 10  # multiples of HP below zero: the body destroyed
FITNESS: dict[str, int] = {"very_fit": 2, "fit": 1, "unfit": -1, "very_unfit": -2}


class Condition(StrEnum):
    """What the Basic Set calls the state a person is in after the shot (GU-27)."""

    FINE = "fine"
    REELING = "reeling"
    COLLAPSING = "collapsing"  # 0 HP or less, conscious (or the roll not yet made)
    RISKING_DEATH = "risking death"  # death checks called for, not yet rolled
    UNCONSCIOUS = "unconscious"
    MORTALLY_WOUNDED = "mortally wounded"
    DEAD = "dead"
    DESTROYED = "body destroyed"


@dataclass(frozen=True, slots=True)
class Vitality:
    """What a card gives for GU-27: HT, HP before the shot (its HP when None) and the traits
    that change the HT rolls (``fitness``: Very Fit +2, Fit +1, Unfit -1, Very Unfit -2)."""

    ht: int = DEFAULT_HT
    hp_left: int | None = None
    hard_to_kill: int = 0
    hard_to_subdue: int = 0
    easy_to_kill: int = 0
    fitness: int = 0


def ht_succeeds(roll: int, target: int) -> bool:
    """p. 348: 3 and 4 always succeed, 17 and 18 always fail, else at or below the target."""
    return roll <= 4 or (roll <= target and roll < 17)


def failed_by(roll: int, target: int) -> int:
    """How much a failed HT roll failed by; an automatic failure at or under the target fails by
    1 (the least a failure can be)."""
    return max(1, roll - target)


@dataclass(frozen=True, slots=True)
class HtRoll:
    """One HT roll the shot calls for: ``kind`` "death" (at ``at`` x HP) or "consciousness";
    ``roll`` None until drawn."""

    kind: str
    at: int
    ht: int
    modifier: int
    roll: int | None = None

    @property
    def target(self) -> int:
        return self.ht + self.modifier

    @property
    def success(self) -> bool | None:
        return None if self.roll is None else ht_succeeds(self.roll, self.target)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"for": self.kind, "ht": self.ht, "modifier": self.modifier,
                               "roll": self.roll, "success": self.success}
        if self.kind == "death":
            out["at_hp_multiple"] = self.at
        return out


def ht_rolls(hp: int, before: int, after: int, v: Vitality) -> Explained[tuple[HtRoll, ...]]:
    """The HT rolls a shot taking a person of ``hp`` from ``before`` to ``after`` HP calls for
    (GU-27), in the order they are made: the death checks at each multiple -1 to -4 x HP crossed,
    then the consciousness roll of his next turn. None once he is dead outright (-5 x HP, or any
    injury at HP 0), and none when the shot did him no injury."""
    if after >= before or hp == 0 or after <= -DEAD_AT * hp:
        return Explained(())
    steps: list[Step] = []
    rolls: list[HtRoll] = []
    death_mod = v.hard_to_kill + v.fitness - v.easy_to_kill
    for m in range(1, DEAD_AT):
        if after <= -m * hp < before:
            rolls.append(HtRoll("death", -m, v.ht, death_mod))
            mods = _mods(v.hard_to_kill, v.fitness, -v.easy_to_kill, "Hard to Kill",
                         "Easy to Kill")
            steps.append(Step(Ruling.GU_27, f"crossed {-m * hp} ({-m} x HP): a death check, HT "
                              f"{v.ht}{mods} = {v.ht + death_mod}; failed by 1 or 2: mortally "
                              "wounded, by more: dead"))
    if after <= 0:
        below = (-after) // hp
        mod = -below + v.hard_to_subdue + v.fitness
        rolls.append(HtRoll("consciousness", after, v.ht, mod))
        steps.append(Step(Ruling.GU_27, f"{after} HP, 0 or less: a HT roll to stay conscious at "
                          f"{-below:+d} (full multiples of HP below zero)"
                          f"{_mods(v.hard_to_subdue, v.fitness, 0, 'Hard to Subdue', '')} = "
                          f"{v.ht + mod}"))
    return Explained(tuple(rolls), tuple(steps))


def _mods(trait: int, fitness: int, easy: int, name: str, easy_name: str) -> str:
    parts = []
    if trait:
        parts.append(f" {trait:+d} {name}")
    if fitness:
        parts.append(f" {fitness:+d} fitness")
    if easy:
        parts.append(f" {easy:+d} {easy_name}")
    return "".join(parts)


def condition(  # noqa: PLR0911 (GU-27's ladder: one return per state)
    hp: int, before: int, after: int, rolls: tuple[HtRoll, ...]
) -> Explained[Condition]:
    """GU-27: the person's condition from HP left and the HT rolls (drawn or not)."""
    if hp == 0 and after < before:
        return Explained.of(Condition.DEAD, Ruling.GU_27,
                            "HP 0: every multiple of HP is 0, so any injury kills")
    if after <= -DESTROYED_AT * hp:
        return Explained.of(Condition.DESTROYED, Ruling.GU_27,
                            f"{after} HP, at or below -10 x HP: the body is destroyed")
    if after <= -DEAD_AT * hp:
        return Explained.of(Condition.DEAD, Ruling.GU_27, f"{after} HP, at or below -5 x HP: dead")
    deaths = [r for r in rolls if r.kind == "death"]
    worst = max((failed_by(r.roll, r.target) for r in deaths
                 if r.roll is not None and not ht_succeeds(r.roll, r.target)), default=0)
    if worst > 2:
        return Explained.of(Condition.DEAD, Ruling.GU_27, f"a death check failed by {worst}: dead")
    if worst:
        return Explained.of(Condition.MORTALLY_WOUNDED, Ruling.GU_27,
                            f"a death check failed by {worst}: mortally wounded (p. 423)")
    if any(r.roll is None for r in deaths):
        return Explained.of(Condition.RISKING_DEATH, Ruling.GU_27,
                            "death checks called for, not rolled: risking death")
    awake = [r for r in rolls if r.kind == "consciousness"]
    if any(r.roll is not None and not ht_succeeds(r.roll, r.target) for r in awake):
        return Explained.of(Condition.UNCONSCIOUS, Ruling.GU_27,
                            "the consciousness roll failed: unconscious")
    if after <= 0:
        return Explained.of(Condition.COLLAPSING, Ruling.GU_27,
                            f"{after} HP, 0 or less: collapsing (a HT roll each turn to stay "
                            "conscious)")
    if 3 * after < hp:
        return Explained.of(Condition.REELING, Ruling.GU_27,
                            f"{after} HP, below 1/3 of HP {hp}: reeling (half Move and Dodge)")
    return Explained.of(Condition.FINE, Ruling.GU_27, f"{after} HP left of {hp}")


@dataclass(frozen=True, slots=True)
class PersonState:
    """What is left of a person after the shot (GU-27)."""

    hp_left: int
    condition: Condition
    rolls: tuple[HtRoll, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"hp_left": self.hp_left, "condition": self.condition.value,
                "ht_rolls": [r.to_dict() for r in self.rolls]}


def person_state(hp: int, injury: int, v: Vitality, draws: tuple[int, ...] | None
                 ) -> Explained[PersonState]:
    """GU-27 for a person of ``hp`` taking ``injury``: HP left, the HT rolls (``draws`` their
    3d results in order, None: not drawn) and the condition."""
    before = hp if v.hp_left is None else v.hp_left
    after = before - injury
    steps = [Step(Ruling.GU_27, f"HP left {before} - injury {injury} = {after}")]
    called = ht_rolls(hp, before, after, v)
    steps.extend(called.steps)
    rolls = called.value
    if draws is not None:
        rolls = tuple(HtRoll(r.kind, r.at, r.ht, r.modifier, draws[k] if k < len(draws) else None)
                      for k, r in enumerate(rolls))
        for r in rolls:
            if r.roll is None:
                continue
            word = "succeeds" if r.success else "fails"
            steps.append(Step(Ruling.GU_27, f"{r.kind} HT roll against {r.target}: rolled "
                              f"{r.roll}, {word}"))
    state = condition(hp, before, after, rolls)
    steps.extend(state.steps)
    return Explained(PersonState(after, state.value, rolls), tuple(steps))


def _three_d6() -> dict[int, int]:
    out: dict[int, int] = {}
    for dice in product(range(1, 7), repeat=3):
        out[sum(dice)] = out.get(sum(dice), 0) + 1
    return out


THREE_D6 = _three_d6()


def _split(target: int) -> tuple[Fraction, Fraction, Fraction]:
    """One HT roll against ``target``: (success, failed by 1 or 2, failed by more), out of 3d6."""
    ok = low = high = 0
    for roll, n in THREE_D6.items():
        if ht_succeeds(roll, target):
            ok += n
        elif failed_by(roll, target) <= 2:
            low += n
        else:
            high += n
    return Fraction(ok, 216), Fraction(low, 216), Fraction(high, 216)


@lru_cache(maxsize=4096)
def chances(hp: int, before: int, injury: int, v: Vitality) -> tuple[Fraction, Fraction, Fraction]:
    """Exactly, over the HT rolls: (unconscious and alive, mortally wounded and not dead, dead)
    for a person of ``hp`` taking ``injury`` (GU-27). The rolls are independent: he dies when a
    death check fails by 3 or more, is mortally wounded when one fails by 1 or 2 and none by
    more, and is unconscious, alive, when the consciousness roll fails."""
    after = before - injury
    state = condition(hp, before, after, ()).value
    if state in (Condition.DEAD, Condition.DESTROYED):
        return Fraction(0), Fraction(0), Fraction(1)
    called = ht_rolls(hp, before, after, v).value
    survive = clean = Fraction(1)
    awake_fails = Fraction(0)
    for r in called:
        ok, low, high = _split(r.target)
        if r.kind == "death":
            survive *= 1 - high
            clean *= ok
        else:
            awake_fails = low + high
    return survive * awake_fails, survive - clean, 1 - survive


def check_hp_left(hp_left: int | None, hp: int, where: str) -> None:
    """``hp_left`` (GU-26, GU-27): at most HP, at least -10 x HP; else an AP-2 error."""
    if hp_left is not None and not -DESTROYED_AT * hp <= hp_left <= hp:
        raise InputError(where, hp_left, f"HP left from {-DESTROYED_AT * hp} (-10 x HP) to the "
                         f"HP {hp}")


def read_vitality(hp: int, hp_left: int | None, ht: int | None, hard_to_kill: int | None,
                  hard_to_subdue: int | None, easy_to_kill: int | None, fitness: str | None,
                  where: str, sheet: Vitality | None = None) -> Vitality | None:
    """A card's GU-27 keys as a :class:`Vitality`, each over the sheet's (a GCS file: its HT),
    or None when the card gives none of them (no condition is then reported)."""
    check_hp_left(hp_left, hp, f"{where}.hp_left")
    keys = (hp_left, ht, hard_to_kill, hard_to_subdue, easy_to_kill, fitness)
    if all(k is None for k in keys):
        return None
    base = sheet or Vitality()

    def pick(given: int | None, kept: int) -> int:
        return kept if given is None else given

    return Vitality(
        ht=pick(ht, base.ht), hp_left=hp_left if hp_left is not None else base.hp_left,
        hard_to_kill=pick(hard_to_kill, base.hard_to_kill),
        hard_to_subdue=pick(hard_to_subdue, base.hard_to_subdue),
        easy_to_kill=pick(easy_to_kill, base.easy_to_kill),
        fitness=base.fitness if fitness is None else FITNESS[fitness])
