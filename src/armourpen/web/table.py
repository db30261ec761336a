"""The GM's penetration chart as the ``/table`` page shows it: one chart per defence.

Rows are attacks (with their PEN), columns the range bands (or distances), each cell the outcome's
badge (the symbol and, for screen readers and the colour-blind, its word): the same chart as
``armourpen table`` prints, from the same view model (:mod:`armourpen.view.sweep`).
"""

from __future__ import annotations

from armourpen.view.sweep import SweepView, sweep_view

charts = sweep_view

__all__ = ["SweepView", "charts"]
