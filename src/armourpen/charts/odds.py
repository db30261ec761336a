"""The ``odds`` chart: the injury distribution of every target of a GURPS scenario, exactly.

One panel per target in the line: the chance of each injury (0 includes not reached and not hit),
with the chance that the shot reaches the target and goes on past it, and the mean injury. The
numbers are those of :func:`armourpen.odds` (GU-7, GU-8), as exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armourpen.explain import Caution
from armourpen.serialize import exact, number

if TYPE_CHECKING:
    from armourpen.probability.result import OddsResult, TargetOdds
    from armourpen.scenario import Scenario


@dataclass(frozen=True, slots=True)
class InjuryBars:
    """One target's panel: the injury distribution and the chances printed above it."""

    name: str
    injury: tuple[tuple[int, Fraction], ...]  # (injury, probability), ascending
    p_reached: Fraction
    p_hit: Fraction
    p_overpenetrates: Fraction
    expected_injury: Fraction

    @classmethod
    def from_target(cls, t: TargetOdds) -> InjuryBars:
        return cls(t.name, tuple(t.injury_pmf.items()), t.p_reached, t.p_hit, t.p_overpenetrates,
                   t.expected_injury)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "p_reached": exact(self.p_reached),
            "p_hit": exact(self.p_hit),
            "p_overpenetrates": exact(self.p_overpenetrates),
            "injury_pmf": {str(k): exact(p) for k, p in self.injury},
            "expected_injury": number(self.expected_injury),
            "expected_injury_exact": exact(self.expected_injury),
        }


@dataclass(frozen=True, slots=True)
class OddsChart:
    """The exact injury distributions of a scenario's targets."""

    damage: str
    targets: tuple[InjuryBars, ...]
    patterns: int = 1
    warnings: tuple[Caution, ...] = ()

    kind = "odds"
    rulings = ("GU-1", "GU-3", "GU-4", "GU-6", "GU-7", "GU-8")

    @property
    def title(self) -> str:
        return f"{self.damage}: injury to each target, exact odds"

    @classmethod
    def from_odds(cls, result: OddsResult) -> OddsChart:
        return cls(result.damage, tuple(InjuryBars.from_target(t) for t in result.targets),
                   result.patterns)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title,
            "damage": self.damage,
            "patterns": self.patterns,
            "targets": [t.to_dict() for t in self.targets],
            "rulings": list(self.rulings),
            "warnings": [w.to_dict() for w in self.warnings],
        }


def odds_chart(scenario: Scenario) -> OddsChart:
    """The exact odds of a scenario whose rule set weighs chances (:func:`armourpen.odds`), charted."""
    from armourpen import odds

    return OddsChart.from_odds(odds(scenario))
