"""Where an explosion goes off and how each target meets it (GU-21, GU-22): the names a scenario
file writes, as values. They import nothing of the rule set, so the frozen scenario values
(:mod:`armourpen.gurps.model`) and the rules of :mod:`armourpen.gurps.explosion` both hold them."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Environment", "Posture", "Situation"]


class Environment(StrEnum):
    """Where an explosion goes off (GU-21)."""

    AIR = "air"
    WATER = "water"
    VACUUM = "vacuum"


class Posture(StrEnum):
    """A target's posture in an explosion, for the fragments (GU-22)."""

    STANDING = "standing"
    CROUCHING = "crouching"
    KNEELING = "kneeling"
    SITTING = "sitting"
    CRAWLING = "crawling"
    PRONE = "prone"


class Situation(StrEnum):
    """How a target meets an explosion (GU-21): caught in it, struck directly, threw himself on
    it, or the explosive went off inside him."""

    CAUGHT = "caught"
    STRUCK = "struck"
    THREW_SELF = "threw_self"
    INSIDE = "inside"
