"""GU-3 for GCS files: the per-kind keys of a location's ``calc.dr`` as damage types.

GCS keeps a location's DR as ``{"all": 4, "burning": 2}``: ``all`` counts against every attack and
each other key (a DR bonus's specialization, lower-cased) adds to it against that kind of attack
(DR 6 against burning here). The kinds are free text; armourpen maps the ones that name a damage
type of the notation, and lists the others in the warnings (their DR is never applied).
"""

from __future__ import annotations

from armourpen.gurps.notation import DamageType

_PIERCING = frozenset(
    {DamageType.PI_MINUS, DamageType.PI, DamageType.PI_PLUS, DamageType.PI_PLUS_PLUS}
)
KIND_TYPES: dict[str, frozenset[DamageType]] = {
    "crushing": frozenset({DamageType.CR}),
    "cr": frozenset({DamageType.CR}),
    "cutting": frozenset({DamageType.CUT}),
    "cut": frozenset({DamageType.CUT}),
    "impaling": frozenset({DamageType.IMP}),
    "imp": frozenset({DamageType.IMP}),
    "piercing": _PIERCING,
    "small piercing": frozenset({DamageType.PI_MINUS}),
    "pi-": frozenset({DamageType.PI_MINUS}),
    "pi": frozenset({DamageType.PI}),
    "large piercing": frozenset({DamageType.PI_PLUS}),
    "pi+": frozenset({DamageType.PI_PLUS}),
    "huge piercing": frozenset({DamageType.PI_PLUS_PLUS}),
    "pi++": frozenset({DamageType.PI_PLUS_PLUS}),
    "burning": frozenset({DamageType.BURN}),
    "burn": frozenset({DamageType.BURN}),
    "fire": frozenset({DamageType.BURN}),
    "heat": frozenset({DamageType.BURN}),
    "corrosion": frozenset({DamageType.COR}),
    "corrosive": frozenset({DamageType.COR}),
    "cor": frozenset({DamageType.COR}),
    "acid": frozenset({DamageType.COR}),
    "toxic": frozenset({DamageType.TOX}),
    "tox": frozenset({DamageType.TOX}),
    "fatigue": frozenset({DamageType.FAT}),
    "fat": frozenset({DamageType.FAT}),
}
# Kinds narrower than the damage type they map to: armourpen cannot tell a fire from a laser.
BROADENED: dict[str, str] = {
    "fire": "every burning attack",
    "heat": "every burning attack",
    "acid": "every corrosion attack",
}


def kind_key(kind: str) -> str:
    """A ``calc.dr`` key as looked up here: lower case, single spaces (``+`` and ``-`` kept)."""
    return " ".join(kind.lower().split())


def damage_types(kind: str) -> frozenset[DamageType]:
    """The damage types a ``calc.dr`` key counts against; empty when it names none."""
    return KIND_TYPES.get(kind_key(kind), frozenset())
