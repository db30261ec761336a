"""The GURPS tables a GM looks up, as the rule code holds them: the humanoid hit location table
(GU-10, :data:`armourpen.gurps.locations.HUMANOID`) and the materials of cover with their DR per
inch (GU-18, :data:`armourpen.gurps.materials.MATERIALS`), and the Basic Set's shields (GU-25,
:data:`armourpen.gurps.shields.SHIELDS`). Read from those values, never copied,
so ``armourpen catalog list locations|materials|shields`` says what the rules use."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from armourpen.gurps.locations import HUMANOID, HUMANOID_LOCATIONS
from armourpen.gurps.materials import MATERIALS, material_range
from armourpen.gurps.notation import Damage
from armourpen.gurps.shields import SHIELDS, shield_cover_dr


def locations() -> list[dict[str, Any]]:
    """Each humanoid hit location in the order of GU-4: the 3d rolls that hit it on the random
    table (``""``: hit only when aimed at) and its chance, exact, as ``"n/216"`` reduced."""
    weights = dict(HUMANOID.weights())
    rows = []
    for where in HUMANOID_LOCATIONS:
        ways = weights.get(where, 0)
        chance = Fraction(ways, HUMANOID.denominator)
        rows.append({"location": where.value, "rolls": HUMANOID.ranges(where),
                     "chance": f"{chance.numerator}/{chance.denominator}",
                     "random": ways > 0})
    return rows


def materials() -> list[dict[str, Any]]:
    """Each material of GU-18's table with its DR per inch, low and high (as numbers: a half is
    0.5), in the table's order."""
    return [{"material": name, "dr_per_inch": material_range(name),
             "dr_per_inch_low": _number(low), "dr_per_inch_high": _number(high)}
            for name, (low, high) in MATERIALS.items()]


def shields() -> list[dict[str, Any]]:
    """Each shield of the Basic Set's table a card may name (GU-25): DB, DR, HP, its cover DR
    (DR + HP/4, GU-6) and the page its figures come from."""
    plain = Damage.parse("1d cr")  # no armour divisor: the cover DR as the table gives it
    return [{"shield": name, "db": s.db, "dr": s.dr, "hp": s.hp,
             "cover_dr": shield_cover_dr(s, plain).value, "page": s.page}
            for name, s in SHIELDS.items()]


def _number(value: Fraction) -> int | float:
    """A whole DR as an int, a fraction of one (wood's 1/2) as its decimal, exact here."""
    return value.numerator if value.denominator == 1 else float(value)
