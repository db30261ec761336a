"""High and Low Pain Threshold (Basic Set pp. 59, 142): how a target feels its injuries.

High Pain Threshold: never a shock penalty (GU-11), and +3 on the HT roll against knockdown and
stunning (GU-12). Low Pain Threshold: shock penalties doubled, at worst -8 instead of -4, and -4 on
that HT roll. The roll is still called for where the injury is enough to cause shock, whether or
not the target feels it. A target has one of the two at most.
"""

from __future__ import annotations

from enum import StrEnum


class PainThreshold(StrEnum):
    """A target's pain threshold: the trait it has, if any."""

    NORMAL = "normal"
    HIGH = "high"
    LOW = "low"

    @property
    def trait(self) -> str:
        """The trait's name and page, as steps cite it."""
        return {PainThreshold.HIGH: "High Pain Threshold (Basic Set p. 59)",
                PainThreshold.LOW: "Low Pain Threshold (Basic Set p. 142)"}.get(self, "")

    @property
    def knockdown_modifier(self) -> int:
        """What the trait adds to the HT roll against knockdown and stunning (GU-12)."""
        return {PainThreshold.HIGH: 3, PainThreshold.LOW: -4}.get(self, 0)
