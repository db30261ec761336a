"""The web extra's bounds on the frameworks whose behaviour the app relies on hold what is installed.

FastAPI and uvicorn are bounded above in pyproject.toml (the guard reads FastAPI's declared route
parameters; the server extends uvicorn's protocol classes): a version past the bound is one the
suite has not run against, so an environment holding one fails here, by name, rather than in
some far-off test.
"""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def web_requirement(name: str) -> Requirement:
    extra = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]["web"]
    found = [r for r in map(Requirement, extra) if r.name == name]
    assert len(found) == 1, f"{name} is listed once in the web extra"
    return found[0]


@pytest.mark.parametrize("name", ["fastapi", "uvicorn"])
def test_web_framework_has_an_upper_bound(name: str) -> None:
    specs = web_requirement(name).specifier
    assert any(s.operator in ("<", "<=", "~=", "==") for s in specs), str(specs)
    # a version far past any tested one is refused by the bound
    assert not specs.contains(Version("1000.0"))


@pytest.mark.parametrize("name", ["fastapi", "uvicorn"])
def test_installed_web_framework_is_within_its_bounds(name: str) -> None:
    installed = importlib.metadata.version(name)
    specs = web_requirement(name).specifier
    assert specs.contains(installed, prereleases=True), f"{name} {installed} outside {specs}"
