"""The PEN/AV rule set's entry point: a frozen scenario in, an explained outcome out."""

from __future__ import annotations

from armourpen.explain import Step
from armourpen.penav.attack import effective_attack
from armourpen.penav.line import resolve_line
from armourpen.penav.model import PenavScenario
from armourpen.penav.outcome import PenavOutcome


def resolve_penav(scenario: PenavScenario) -> PenavOutcome:
    """Apply PA-1 to PA-13 to one attack and its line of fire."""
    eff = effective_attack(scenario.attack, scenario.optional_rules)
    targets, warnings = resolve_line(scenario, eff.summary.pen, eff.summary.structural)
    steps: list[Step] = list(eff.steps)
    for t in targets:
        steps.extend(t.steps)
    return PenavOutcome(
        attack=eff.summary,
        targets=targets,
        warnings=(*scenario.notes, *eff.warnings, *warnings),
        steps=tuple(steps),
    )
