"""The work of tabulating one shot's odds (GU-2 to GU-14): the basic damage table and the chain
over every value and hit pattern, counted in the units of ``max_odds_work``.

It sits below both the engine that tabulates (:mod:`~armourpen.probability.fast`) and the
estimates of every kind of odds (:mod:`~armourpen.probability.cost`), which both ask for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario
    from armourpen.probability.model import Model, Placement

WORD = 30
"""Bits per word of a CPython integer."""
UNITS_PER_WORD_OP = 0.02
"""Units of odds work per word operation of big-integer arithmetic (about 4 ns each: a unit is
0.2 microseconds)."""


def words(bits: float) -> float:
    """The words of an integer of ``bits`` bits."""
    return bits / WORD + 1


def dice_table(dice: int) -> int:
    """Units of building the basic damage table of ``dice`` dice (GU-2) beyond what
    :func:`~armourpen.probability.model.odds_work` counts per value: nothing up to
    :data:`~armourpen.probability.dice._KRONECKER_MAX_DICE` dice (one big power, a few
    milliseconds), beyond it a window of prefix sums per die over ``5 x dice + 1`` integers of up
    to ``2.6 x dice`` bits."""
    from armourpen.probability.dice import _KRONECKER_MAX_DICE

    if dice <= _KRONECKER_MAX_DICE:
        return 0
    return int(dice * (5 * dice + 1) * (4 + UNITS_PER_WORD_OP * 3 * words(2.6 * dice / 2)))


def shot_work(scenario: GurpsScenario, model: Model,
              places: Sequence[tuple[Placement, ...]]) -> int:
    """The tabulation of one shot's odds, exact or sampled: the chain over every value and
    pattern (:func:`~armourpen.probability.model.odds_work`) and the basic damage table."""
    from armourpen.probability.model import odds_work

    return odds_work(scenario, model, places) + dice_table(scenario.attack.damage.dice)
