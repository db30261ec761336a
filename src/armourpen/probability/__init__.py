"""Odds for GURPS scenarios: exact (integer-weight distributions) and Monte Carlo (numpy).

The public route is :func:`armourpen.odds` and :func:`armourpen.sample`, which pick the rule set's
engines: :func:`armourpen.probability.exact.odds` and
:func:`armourpen.probability.montecarlo.sample`. This package names those two engines ``odds`` and
``sample`` (the same functions, not wrappers), loaded on first use so that importing it stays light
(Monte Carlo needs numpy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armourpen.probability.exact import odds as odds
    from armourpen.probability.montecarlo import sample as sample

__all__ = ["odds", "sample"]

_ENGINES = {"odds": "armourpen.probability.exact", "sample": "armourpen.probability.montecarlo"}


def __getattr__(name: str) -> Any:
    if name in _ENGINES:
        import importlib

        return getattr(importlib.import_module(_ENGINES[name]), name)
    raise AttributeError(f"module 'armourpen.probability' has no attribute {name!r}")
