"""GU-25: damage to shields (Basic Set p. 484), and the Basic Set's shields by name.

A shield adds its DB to every active defense (GU-24). A defense that succeeds by no more than the
DB means the blow struck the shield: the shield takes the basic damage beyond its DR as a
Homogenous object (GU-4, GU-26, HT 12), and it is cover (GU-6) of DR + HP/4 in front of its bearer:
a blow beyond that punches through to him, at a location chosen by 1d (1-2 the shield arm, 3-6 the
location aimed at). The shield's DR counts once in its cover DR (p. 484), not on both sides.
"""

from __future__ import annotations

from dataclasses import dataclass

from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.cover import cover_dr
from armourpen.gurps.damage import Dr0Reading, InjuryTolerance, apply_divisor, injury
from armourpen.gurps.damage import wounding_modifier as _wounding
from armourpen.gurps.locations import Location
from armourpen.gurps.notation import Damage
from armourpen.gurps.objects import object_state

SHIELD_HT = 12
"""GU-26: a Homogenous object's HT, the shield's (GU-25)."""

MAX_DB = 10
MAX_SHIELD_FIGURE = 100_000


@dataclass(frozen=True, slots=True)
class Shield:
    """A shield: its Defense Bonus, DR and HP; ``name`` and ``page`` when taken from the table;
    ``location_roll`` the 1d of a blow that punched through (None: rolled); ``hp_left`` its HP
    before the shot (None: its HP; a running fight starts it where the last shot left it)."""

    db: int
    dr: int
    hp: int
    name: str = ""
    page: str = ""
    location_roll: int | None = None
    hp_left: int | None = None

    @property
    def working_db(self) -> int:
        """GU-25: a shield destroyed before the shot (-5 x HP or less, GU-26) gives no DB; one
        that only calls for a HT roll keeps it (armourpen rolls none: the GM says)."""
        if self.hp_left is not None and self.hp_left <= -5 * self.hp:
            return 0
        return self.db

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name or None, "db": self.db, "dr": self.dr, "hp": self.hp,
                "page": self.page or None}


# The Basic Set's shields (its Shields table, p. 287; the optional Damage to Shields rule, p. 484,
# uses their DR/HP). The medium shield's DR 7 and HP 40 are GU-25's own example. An improvised
# shield has no DR/HP in the table and a force shield none that GU-25 can use: neither is listed.
SHIELDS: dict[str, Shield] = {
    "buckler": Shield(1, 5, 20, "buckler", "B287"),
    "small": Shield(1, 6, 30, "small", "B287"),
    "medium": Shield(2, 7, 40, "medium", "B287"),
    "large": Shield(3, 9, 60, "large", "B287"),
}


def shield_cover_dr(shield: Shield, damage: Damage,
                    reading: Dr0Reading = Dr0Reading.BECOMES_1) -> Explained[int]:
    """GU-25 with GU-6: the shield as cover, DR + HP/4 (Homogenous), its DR counted once, after
    the armour divisor (a medium shield: 7 + 40/4 = 17)."""
    c = cover_dr(shield.dr, 0, shield.hp, InjuryTolerance.HOMOGENOUS, damage.divisor,
                 reading=reading)
    return Explained(c.value, (Step(Ruling.GU_25, f"the shield is cover in front of its bearer, "
                                    f"its DR {shield.dr} counted once (p. 484)"), *c.steps))


@dataclass(frozen=True, slots=True)
class ShieldHit:
    """What one blow did to the shield: the damage through its DR, its injury, HP after, state."""

    penetrating: int
    injury: int
    hp_left: int
    state: str


def shield_state(hp: int, before: int, after: int) -> Explained[str]:
    """The state of a shield of ``hp`` HP brought from ``before`` to ``after`` HP left: GU-26's
    words for an object (:func:`~armourpen.gurps.objects.object_state`), and GU-25's -10 x HP, at
    which it falls apart. A HT roll is reported, never rolled (GU-26)."""
    if hp > 0 and after <= -10 * hp:
        return Explained.of("falls apart", Ruling.GU_25, f"HP left {after} <= -10 x {hp}: the "
                            "shield falls apart")
    status = object_state(hp, before, after)
    return Explained(status.value.state.value, status.steps)


def shield_damage(shield: Shield, damage: Damage, basic: int, hp_before: int | None = None,
                  reading: Dr0Reading = Dr0Reading.BECOMES_1) -> Explained[ShieldHit]:
    """GU-25: the shield struck by ``basic`` damage takes what passes its DR (after the divisor),
    times its Homogenous wounding modifier (GU-4), off its HP (``hp_before``, its HP by default).
    ``3d+6 imp`` rolling 20 on a medium shield: 20 - 7 = 13, x 1/2 = 6 (floor)."""
    before = shield.hp if hp_before is None else hp_before
    eff = apply_divisor(shield.dr, damage.divisor, reading, what="shield DR")
    penetrating = max(0, basic - eff.value)
    steps = [*eff.steps, Step(Ruling.GU_25, f"shield: damage {basic} - DR {eff.value} = "
                              f"{penetrating} through its DR")]
    hurt = 0
    if penetrating:
        w = _wounding(damage.type, damage.tbb, Location.TORSO, InjuryTolerance.HOMOGENOUS)
        got = injury(penetrating, w.modifier, damage.type, InjuryTolerance.HOMOGENOUS)
        hurt = got.value
        steps += [Step(s.rule, f"shield: {s.text}") for s in (*w.steps, *got.steps)]
    after = before - hurt
    state = shield_state(shield.hp, before, after)
    steps.append(Step(Ruling.GU_25, f"shield: injury {hurt}, HP {before} -> {after}"))
    steps += [Step(s.rule, f"shield: {s.text}") for s in state.steps]
    return Explained(ShieldHit(penetrating, hurt, after, state.value), tuple(steps))


def punch_through_location(roll: int, aimed: Location) -> Explained[Location]:
    """GU-25: where a blow that punched through the shield lands: 1d of 1-2 the shield arm (an
    arm: armourpen has one arm location), 3-6 the location aimed at."""
    if roll <= 2:
        return Explained.of(Location.ARM, Ruling.GU_25,
                            f"punched through: 1d rolled {roll}: the shield arm")
    return Explained.of(aimed, Ruling.GU_25, f"punched through: 1d rolled {roll}: the location "
                        f"aimed at ({aimed.value})")

