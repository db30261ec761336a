"""Shared fixtures: the built-in catalog, a resolver for scenario mappings, and private folders.

The user's config and cache folders (platformdirs: XDG on Linux, and ``ARMOURPEN_CACHE_DIR``)
point at temporary folders before anything is imported, so no test ever reads or writes the
developer's real catalog files or cache.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Property tests share two busy cores with other work: no deadline (a slow example under load is
# not a failure), no health check that measures time, and modest example counts. A test that
# wants more or fewer says so with its own @settings, which start from this profile;
# HYPOTHESIS_PROFILE=thorough gives the tests that set no count of their own 1000 examples.
settings.register_profile("armourpen", deadline=None, max_examples=100,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", settings.get_profile("armourpen"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "armourpen"))

_PRIVATE = Path(tempfile.mkdtemp(prefix="armourpen-tests-"))
for _var, _sub in (("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
                   ("ARMOURPEN_CACHE_DIR", "cache/armourpen"), ("HOME", "home")):
    os.environ[_var] = str(_PRIVATE / _sub)

import armourpen  # noqa: E402  (after the folders above are set)
from armourpen.catalog import Catalog, user_catalog_dir  # noqa: E402


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return Catalog.builtin()


@pytest.fixture
def user_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user catalog folder of this test's own (the folder `Catalog.load` reads)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = user_catalog_dir()
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def run(catalog: Catalog) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Resolve a scenario mapping against the built-in catalog and return its JSON data."""

    def _run(data: dict[str, Any]) -> dict[str, Any]:
        return armourpen.resolve(armourpen.load_scenario(data, catalog)).to_dict()

    return _run


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every tree check_tree walks from now on (the built-in catalog loaded before)."""
    import armourpen.reading
    import armourpen.trees

    Catalog.builtin()
    walked: list[object] = []
    real = armourpen.trees.check_tree

    def counted(data: object, **options: Any) -> None:
        walked.append(data)
        real(data, **options)

    # the readers' own calls, and those that import it from its module when they run
    monkeypatch.setattr(armourpen.reading, "check_tree", counted)
    monkeypatch.setattr(armourpen.trees, "check_tree", counted)
    return walked


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests by what they are (markers.py): ``-m "not slow"`` is the quick run."""
    from markers import slow_reason

    for item in items:
        obj = getattr(item, "obj", None)
        reason = slow_reason(Path(str(item.path)),
                             bool(getattr(obj, "is_hypothesis_test", False)))
        if reason is None:
            continue
        item.add_marker(pytest.mark.slow)
        if reason == "browser":
            item.add_marker(pytest.mark.browser)
