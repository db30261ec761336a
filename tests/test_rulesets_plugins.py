"""The rule sets are modules the registry imports directly (issue 31 item 4): the tools see every
call, each module is light until used, and a GURPS scenario goes nowhere near the GCS reader
unless it names a GCS file."""

from __future__ import annotations

import json
import subprocess
import sys

import grimp

from armourpen.catalog import Catalog
from armourpen.rulesets import RULE_SETS, rule_set


def _no_catalog() -> Catalog:
    raise AssertionError("the catalog was asked for")


def test_the_registry_imports_each_rule_set_module_directly() -> None:
    graph = grimp.build_graph("armourpen")
    for module in ("armourpen.penav.plugin", "armourpen.gurps.plugin",
                   "armourpen.probability.engine"):
        assert graph.direct_import_exists(importer="armourpen.rulesets", imported=module)
    assert {r.module.KEY for r in RULE_SETS.values()} == set(RULE_SETS)


def test_gu1_a_gurps_form_hint_is_the_rule_sets_and_needs_no_catalog() -> None:
    # 2d+1 rolls 2 + 1 = 3 to 12 + 1 = 13 (GU-1, GU-2)
    hints, errors = rule_set("gurps").hints({"damage": "2d+1 pi"}, _no_catalog)
    assert (hints, errors) == ({"attack.damage": "2d+1 pi: rolls 3 to 13"}, [])
    hints, errors = rule_set("gurps").hints({"damage": "2q"}, _no_catalog)
    assert hints == {} and [e.field for e in errors] == ["attack.damage"]


def test_pa3_a_penav_hint_asks_for_the_catalog_only_when_a_weapon_is_named() -> None:
    # contact is its own band (PA-3); without a weapon or a column no modifier is shown
    hints, errors = rule_set("penav").hints({"contact": True}, _no_catalog)
    assert (hints, errors) == ({"attack.range": "Contact"}, [])


def test_a_gurps_scenario_without_a_gcs_file_imports_nothing_of_gcs() -> None:
    code = (
        "import json, sys, armourpen\n"
        "s = armourpen.load_scenario({'rules': 'gurps', 'attack': {'damage': '2d cr', 'roll': 7},"
        " 'line': [{'target': 'T', 'hp': 10}]})\n"
        "armourpen.resolve(s)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('armourpen.gcs'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert json.loads(done.stdout) == []
