"""What a front end offers for an explosion (GU-21, GU-22): the rule set's own lists."""

from armourpen.gurps.explosion import ENVIRONMENT_NAMES, POSTURES, SITUATIONS

ENVIRONMENT_CHOICES: tuple[str, ...] = ENVIRONMENT_NAMES

__all__ = ["ENVIRONMENT_CHOICES", "POSTURES", "SITUATIONS"]
