"""The GURPS rule set and the GCS reader depend one way: GCS on GURPS, never back, and no module of
either imports itself through others (an import cycle)."""

from __future__ import annotations

from functools import cache

import grimp
import pytest

from armourpen.errors import ScenarioError
from armourpen.gurps.scenario import parse_gurps


@cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("armourpen")


def _modules(package: str) -> set[str]:
    graph = _graph()
    return {package} | graph.find_descendants(package)


def test_the_gurps_rule_set_imports_nothing_of_gcs() -> None:
    graph = _graph()
    found = [(m, n) for m in sorted(_modules("armourpen.gurps"))
             for n in graph.find_modules_directly_imported_by(m) if n.startswith("armourpen.gcs")]
    assert found == []
    # the other way is the one the package has: a GCS file becomes a GURPS target
    assert graph.chain_exists(importer="armourpen.gcs.scenario", imported="armourpen.gurps.model")


def _cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[tuple[str, str]]:
    """Each import of a module of ``modules`` that leads back to it."""
    return [(m, n) for m in sorted(modules) for n in graph.find_modules_directly_imported_by(m)
            if graph.chain_exists(importer=n, imported=m)]


@pytest.mark.parametrize("package", ["armourpen", "armourpen.gurps", "armourpen.gcs"])
def test_no_module_of_the_package_is_part_of_an_import_cycle(package: str) -> None:
    # "armourpen": the whole package, front ends included (issue 20: no cycle anywhere)
    assert _cycles(_graph(), _modules(package)) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for m in ("p.a", "p.b", "p.c", "p.d"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.d", imported="p.a")
    assert _cycles(graph, {"p.a", "p.b", "p.c", "p.d"}) == []
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycles(graph, {"p.a", "p.d"}) == [("p.a", "p.b")]


def test_ap2_the_rule_set_alone_reads_no_gcs_character() -> None:
    # armourpen.load_scenario reads them (armourpen.gcs.scenario); the rule set's own reader
    # says so, naming the entry, rather than failing on an import
    with pytest.raises(ScenarioError) as info:
        parse_gurps({"rules": "gurps", "attack": {"damage": "3d pi"},
                     "line": [{"target": "Ogre", "gcs": "Ogre.gcs"}]})
    assert info.value.field == "line[0].gcs"
    assert "load_scenario" in str(info.value)
