"""The rule-set registry is typed: every call returns what it says (checked by `mypy --strict
tests`, which reads the assert_type calls below), and no public call returns Any."""

from __future__ import annotations

import inspect
from typing import Any, assert_type

import armourpen
from armourpen import rulesets
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.layout import Layout
from armourpen.penav.model import PenavScenario
from armourpen.penav.outcome import PenavOutcome
from armourpen.probability.montecarlo import MonteCarloResult
from armourpen.probability.result import OddsResult
from armourpen.rulesets import RuleSet, rule_set

GRAY = {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 20},
        "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}, {"target": "VIP", "hp": 10}]}
PENAV = {"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
         "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}]}


def test_each_call_of_a_rule_set_gives_the_type_it_declares() -> None:
    gurps = rule_set("gurps")
    scenario = assert_type(gurps.parse(GRAY), PenavScenario | GurpsScenario)
    assert isinstance(scenario, GurpsScenario)
    outcome = assert_type(gurps.resolve(scenario, 1), PenavOutcome | GurpsOutcome)
    assert isinstance(outcome, GurpsOutcome)
    assert isinstance(assert_type(gurps.layout(outcome), Layout), Layout)
    assert isinstance(assert_type(gurps.odds(scenario), OddsResult), OddsResult)
    assert isinstance(assert_type(gurps.sample(scenario, 10, 1), MonteCarloResult), MonteCarloResult)
    assert isinstance(assert_type(gurps.schema(), dict[str, Any]), dict)
    penav = rule_set("penav")
    scenario = penav.parse(PENAV)
    assert isinstance(scenario, PenavScenario)
    assert isinstance(penav.resolve(scenario), PenavOutcome)


def test_no_public_call_of_the_registry_returns_any() -> None:
    calls = [f for name, f in vars(rulesets).items()
             if inspect.isfunction(f) and not name.startswith("_") and f.__module__ == rulesets.__name__]
    calls += [f for name, f in vars(RuleSet).items() if inspect.isfunction(f) and not name.startswith("_")]
    assert {f.__name__ for f in calls} >= {"rule_set", "rules_of", "rules_of_scenario", "parse",
                                           "resolve", "schema", "layout", "odds", "sample"}
    for f in calls:
        returned = inspect.signature(f).return_annotation
        # the annotations are text (from __future__ import annotations): Any alone or in a union
        # is refused; the JSON Schema's dict[str, Any] is kept (a JSON object holds any JSON)
        assert returned is not inspect.Signature.empty, f.__name__
        assert "Any" not in str(returned).replace("dict[str, Any]", "dict"), (f.__name__, returned)


def test_the_public_api_gives_the_registrys_types() -> None:
    scenario = armourpen.load_scenario(PENAV)
    outcome = assert_type(armourpen.resolve(scenario), PenavOutcome | GurpsOutcome)
    assert isinstance(outcome, PenavOutcome)
