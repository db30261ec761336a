"""What a front end offers for an explosion (GU-21, GU-22): the rule set's own lists."""

from armourpen.gurps.explosion import ENVIRONMENTS, POSTURES, SITUATIONS

ENVIRONMENT_CHOICES: tuple[str, ...] = tuple(ENVIRONMENTS)

__all__ = ["ENVIRONMENT_CHOICES", "POSTURES", "SITUATIONS"]
