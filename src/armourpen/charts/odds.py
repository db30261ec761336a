"""The ``odds`` chart: the injury distribution of every target of a GURPS scenario, exactly.

One panel per target in the line: the chance of each injury (0 includes not reached and not hit),
with the chances that the shot reaches the target, hits it and goes on past it, and the mean
injury. The chart is the exact odds of :func:`armourpen.odds` (GU-7, GU-8) and nothing else: its
data is their ``to_dict()``, so it says what ``armourpen odds --json`` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.explain import Caution

if TYPE_CHECKING:
    from armourpen.probability.result import OddsResult, TargetOdds
    from armourpen.scenario import Scenario


@dataclass(frozen=True, slots=True)
class OddsChart:
    """The exact injury distributions of a scenario's targets, one panel each."""

    result: OddsResult
    warnings: tuple[Caution, ...] = ()

    kind = "odds"
    rulings = ("GU-1", "GU-3", "GU-4", "GU-6", "GU-7", "GU-8")

    @property
    def targets(self) -> tuple[TargetOdds, ...]:
        return self.result.targets

    @property
    def title(self) -> str:
        return f"{self.result.damage}: injury to each target, exact odds"

    def to_dict(self) -> dict[str, Any]:
        odds = self.result.to_dict()
        return {
            "kind": self.kind,
            "title": self.title,
            "damage": odds["damage"],
            "patterns": odds["patterns"],
            "targets": odds["targets"],
            "rulings": list(self.rulings),
            "warnings": [w.to_dict() for w in self.warnings],
        }


def odds_chart(scenario: Scenario) -> OddsChart:
    """The exact odds of a scenario whose rule set weighs chances (:func:`armourpen.odds`), charted."""
    from armourpen import odds

    return OddsChart(odds(scenario))
