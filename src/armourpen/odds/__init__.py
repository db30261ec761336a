"""Odds for GURPS scenarios: exact (integer-weight distributions) and Monte Carlo (numpy).

:func:`odds` gives exact odds; :func:`sample` estimates them by sampling. Both are imported lazily
so that ``import armourpen`` stays light.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from armourpen.gurps.scenario import GurpsScenario
    from armourpen.odds.montecarlo import MonteCarloResult, Progress
    from armourpen.odds.result import OddsResult

__all__ = ["odds", "sample"]


def odds(scenario: GurpsScenario) -> OddsResult:
    """Exact odds for every target of ``scenario`` (see :func:`armourpen.odds.exact.odds`)."""
    from armourpen.odds.exact import odds as _odds

    return _odds(scenario)


def sample(
    scenario: GurpsScenario,
    samples: int,
    seed: int,
    *,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> MonteCarloResult:
    """Monte Carlo estimates with standard errors (see :mod:`armourpen.odds.montecarlo`)."""
    from armourpen.odds.montecarlo import DEFAULT_CHUNK
    from armourpen.odds.montecarlo import sample as _sample

    return _sample(
        scenario, samples, seed, chunk=DEFAULT_CHUNK if chunk is None else chunk,
        progress=progress,
    )


class _CallableModule(types.ModuleType):
    # Importing this package sets the attribute ``armourpen.odds`` to the package itself, over the
    # API function of the same name; calling the package keeps ``armourpen.odds(scenario)`` working.
    def __call__(self, scenario: GurpsScenario) -> OddsResult:
        return odds(scenario)


sys.modules[__name__].__class__ = _CallableModule
