"""Shared fixtures: the built-in catalog, and a resolver for scenario mappings."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from typing import Any

import pytest

# Keep the built-in catalog's cache (armourpen.catalog.cache) out of the user's real cache folder.
os.environ.setdefault("ARMOURPEN_CACHE_DIR", tempfile.mkdtemp(prefix="armourpen-cache-"))

import armourpen
from armourpen.catalog import Catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return Catalog.builtin()


@pytest.fixture
def run(catalog: Catalog) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Resolve a scenario mapping against the built-in catalog and return its JSON data."""

    def _run(data: dict[str, Any]) -> dict[str, Any]:
        return armourpen.resolve(armourpen.load_scenario(data, catalog)).to_dict()

    return _run
