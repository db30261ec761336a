"""What the calculator page shows of an outcome: the library's view model (:mod:`armourpen.view`).

One card per entry of the line, in line order, each with its steps, badges, figures and (GURPS)
exact odds; the page only renders them.
"""

from __future__ import annotations

from armourpen.view.outcome import OutcomeView, outcome_view
from armourpen.view.outcome import chance as percent

__all__ = ["OutcomeView", "outcome_view", "percent"]
