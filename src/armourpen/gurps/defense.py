"""GU-24: the active defense (Basic Set pp. 374-377): Dodge, Block or Parry against a hit.

The card the attack roll hit (the aimed card, GU-15) rolls 3d against its level + its shield's DB
(GU-25): 3 and 4 always succeed, 17 and 18 always fail; the margin is level + DB - roll (a 3 or 4
above it succeeds by 0). A success by more than the DB: not hit (a dodged shot flies on as a
missed one, GU-16; a blocked or parried one stops). A success by the DB or less: the shield was
struck (GU-25). A failure: hit. Against a burst (GU-19) a dodge avoids one hit plus one per point of
margin, a block or parry one hit. The exact odds count the roll's 216 ways with the same function.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from armourpen.explain import Explained, Ruling
from armourpen.gurps.attack_roll import THREE_D_WAYS, succeeds

MIN_LEVEL = -50
MAX_LEVEL = 50


class DefenseKind(StrEnum):
    DODGE = "dodge"
    BLOCK = "block"
    PARRY = "parry"


class Result(StrEnum):
    """What the defense did: ``hit`` (failed), ``defended`` (by more than the DB),
    ``struck_shield`` (by the DB or less)."""

    HIT = "hit"
    DEFENDED = "defended"
    STRUCK_SHIELD = "struck_shield"


@dataclass(frozen=True, slots=True)
class Defense:
    """A card's active defense: its kind, its level (every modifier but the shield's DB; with
    ``db_included`` a GCS sheet's, which already holds it) and a given 3d roll (None: rolled)."""

    kind: DefenseKind
    level: int
    roll: int | None = None
    db_included: bool = False


@dataclass(frozen=True, slots=True)
class DefenseRoll:
    """The defense as rolled: the number rolled against, the roll, the margin, the result."""

    kind: DefenseKind
    number: int
    roll: int
    margin: int | None  # None: failed
    result: Result
    flies_on: bool = True  # a dodged hit flies on; a burst's further dodged hits went with the first

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind.value, "number": self.number, "roll": self.roll,
                "margin": self.margin, "result": self.result.value}


@dataclass(slots=True)
class DefenseState:
    """The aimed card's defense as a shot, or a burst's landed shots, meet it: rolled once
    (GU-24), the hits it still stops (a burst: dodge 1 + margin, block or parry 1), and the
    shield's HP as the hits leave it (GU-25: each hit faces the shield as it was before the burst;
    its HP after every hit is reported)."""

    roll: DefenseRoll
    left: int
    shield_hp: int | None = None


def defense_number(defense: Defense, db: int) -> int:
    """What the 3d is rolled against: level + DB, or a sheet's level that already holds it."""
    return defense.level if defense.db_included else defense.level + db


def outcome_of(roll: int, number: int, db: int, shield: bool) -> tuple[Result, int | None]:
    """GU-24 for one roll: the result and the margin (None on a failure). Without a shield every
    success defends (armourpen's reading: nothing can be struck in its place)."""
    if not succeeds(roll, number):
        return Result.HIT, None
    margin = max(0, number - roll)
    if shield and margin <= db:
        return Result.STRUCK_SHIELD, margin
    return Result.DEFENDED, margin


def defend(defense: Defense, db: int, shield: bool, roll: int, who: str) -> Explained[DefenseRoll]:
    """Roll ``defense`` (GU-24): ``roll`` against level + DB, with the step that says what it did."""
    number = defense_number(defense, db)
    result, margin = outcome_of(roll, number, db, shield)
    plus = "" if defense.db_included else f" (level {defense.level} + DB {db})"
    if defense.db_included and db:
        plus = f" (the sheet's level, DB {db} included)"
    text = f"{who}: {defense.kind.value} 3d rolled {roll} against {number}{plus}: "
    if result is Result.HIT:
        text += "failed: hit"
    elif result is Result.STRUCK_SHIELD:
        text += f"success by {margin}, not more than DB {db}: the blow struck the shield (GU-25)"
    elif defense.kind is DefenseKind.DODGE:
        text += f"success by {margin}: dodged, the shot flies on as a missed one (GU-16)"
    else:
        done = "blocked" if defense.kind is DefenseKind.BLOCK else "parried"
        text += f"success by {margin}: {done}, the blow stops"
    return Explained.of(DefenseRoll(defense.kind, number, roll, margin, result), Ruling.GU_24,
                        text)


def burst_stopped(kind: DefenseKind, margin: int, hits: int) -> int:
    """GU-24 against a burst: the hits a successful defense stops (dodge: 1 + margin, block or
    parry: 1), never more than the hits."""
    return min(hits, 1 + margin if kind is DefenseKind.DODGE else 1)


def result_ways(number: int, db: int, shield: bool) -> dict[Result, int]:
    """The 216 ways of 3d by result (GU-24), for the exact odds."""
    out = dict.fromkeys(Result, 0)
    for roll, ways in THREE_D_WAYS:
        out[outcome_of(roll, number, db, shield)[0]] += ways
    return out
