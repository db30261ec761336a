"""Odds for GURPS scenarios: exact (integer-weight distributions) and Monte Carlo (numpy).

:func:`odds` gives exact odds; :func:`sample` estimates them by sampling. Both are imported lazily
so that ``import armourpen`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armourpen.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from armourpen.gurps.scenario import GurpsScenario
    from armourpen.probability.montecarlo import MonteCarloResult, Progress
    from armourpen.probability.result import OddsResult

__all__ = ["odds", "sample"]


def odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Exact odds for every target of ``scenario`` (see :func:`armourpen.probability.exact.odds`)."""
    from armourpen.probability.exact import odds as _odds

    return _odds(scenario, limits=limits)


def sample(
    scenario: GurpsScenario,
    samples: int,
    seed: int,
    *,
    chunk: int | None = None,
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> MonteCarloResult:
    """Monte Carlo estimates with standard errors (see :mod:`armourpen.probability.montecarlo`)."""
    from armourpen.probability.montecarlo import DEFAULT_CHUNK
    from armourpen.probability.montecarlo import sample as _sample

    return _sample(
        scenario, samples, seed, chunk=DEFAULT_CHUNK if chunk is None else chunk,
        progress=progress, limits=limits,
    )
