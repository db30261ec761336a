"""The odds engines of the GURPS rule set as the registry (:mod:`armourpen.rulesets`) sees them:
exact odds (:mod:`.exact`) and Monte Carlo (:mod:`.montecarlo`, numpy), each loaded when first
used, so that importing this module costs a one-shot command nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armourpen.errors import ArgumentTypeError

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario
    from armourpen.probability.montecarlo import MonteCarloResult
    from armourpen.probability.result import OddsResult


def _scenario(value: object) -> GurpsScenario:
    from armourpen.gurps.model import GurpsScenario

    if not isinstance(value, GurpsScenario):
        raise ArgumentTypeError("scenario", value, "allowed: a GURPS scenario")
    return value


def odds(scenario: object, **options: Any) -> OddsResult:
    """Exact odds of every target (:func:`armourpen.probability.exact.odds`)."""
    from armourpen.probability.exact import odds as exact

    return exact(_scenario(scenario), **options)


def sample(scenario: object, samples: int, seed: int, **options: Any) -> MonteCarloResult:
    """Monte Carlo estimates (:func:`armourpen.probability.montecarlo.sample`)."""
    from armourpen.probability.montecarlo import sample as montecarlo

    return montecarlo(_scenario(scenario), samples, seed, **options)
