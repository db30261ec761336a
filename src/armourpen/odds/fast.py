"""Choosing the model for a scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armourpen.odds.model import ChainModel, Model

if TYPE_CHECKING:
    from armourpen.gurps.scenario import GurpsScenario


def model_for(scenario: GurpsScenario) -> Model:
    return ChainModel.of(scenario)
