"""What a GURPS scenario lets its writer choose, as the lists a front end offers.

Each list is taken from the rule set's own values (never written out again), in the order the
rules give them; the scenario schema (:mod:`armourpen.gurps.schema`) accepts exactly these.
"""

from __future__ import annotations

from armourpen.gurps.damage import Dr0Reading, InjuryTolerance
from armourpen.gurps.explosion import ENVIRONMENT_NAMES as _ENVIRONMENTS
from armourpen.gurps.explosion import POSTURES as _POSTURES
from armourpen.gurps.explosion import SITUATIONS as _SITUATIONS
from armourpen.gurps.locations import HUMANOID_LOCATIONS, RANDOM, Lacking
from armourpen.gurps.materials import GRADES
from armourpen.gurps.materials import MATERIALS as _MATERIALS
from armourpen.gurps.notation import DamageType

# The damage types of a damage string (GU-1, GU-4): "pi-", "pi", ..., "kb".
DAMAGE_TYPES: tuple[str, ...] = tuple(t.value for t in DamageType)
# Where a hand-written target is hit (GU-4, GU-10): the keys of a table of DR by location (GU-3).
HIT_LOCATIONS: tuple[str, ...] = tuple(loc.value for loc in HUMANOID_LOCATIONS)
# Where an attack is aimed: a location, or "random" to roll the body's table (GU-10).
ATTACK_LOCATIONS: tuple[str, ...] = (*HIT_LOCATIONS, RANDOM)
# The kinds of Injury Tolerance a target may list (GU-4, GU-14): "none", the body's kind, the
# parts it lacks.
INJURY_TOLERANCES: tuple[str, ...] = (*(t.value for t in InjuryTolerance),
                                      *(k.value for k in Lacking))
# The kinds of Injury Tolerance of cover (GU-6): a body's kind only.
COVER_INJURY_TOLERANCES: tuple[str, ...] = tuple(t.value for t in InjuryTolerance)
# The readings of DR 0 against a fractional armour divisor (GU-3), ``settings.fractional_dr0``.
DR0_READINGS: tuple[str, ...] = tuple(r.value for r in Dr0Reading)
# The materials of cover by material (GU-18), named as the table names them, and the ends of a
# material's range of DR per inch (``grade``).
MATERIALS: tuple[str, ...] = tuple(_MATERIALS)
MATERIAL_GRADES: tuple[str, ...] = GRADES
ENVIRONMENTS: tuple[str, ...] = _ENVIRONMENTS
"""Where an explosion goes off (GU-21): each with its own reach."""
POSTURES: tuple[str, ...] = _POSTURES
"""How a target caught in an explosion stands (GU-21)."""
SITUATIONS: tuple[str, ...] = _SITUATIONS
"""Where a target stands to an explosion (GU-21): caught, struck, threw himself on it, inside."""

DEFENSES: tuple[str, ...] = ("dodge", "block", "parry")
"""A target card's active defenses (GU-24)."""
SHIELDS: tuple[str, ...] = ("buckler", "small", "medium", "large")
"""The Basic Set's shields a card may name (GU-25; their figures: ``armourpen catalog list
shields``); a test holds it to the rule's table."""

__all__ = ["ATTACK_LOCATIONS", "COVER_INJURY_TOLERANCES", "DAMAGE_TYPES", "DEFENSES",
           "DR0_READINGS", "ENVIRONMENTS", "HIT_LOCATIONS", "INJURY_TOLERANCES", "MATERIALS",
           "MATERIAL_GRADES", "POSTURES", "SHIELDS", "SITUATIONS"]
