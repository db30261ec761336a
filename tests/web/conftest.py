"""Fixtures of the web tests: the app with the built-in catalog, and a client for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web.web_helpers import SCRIPT_NAME, TEST_HOSTS

from armourpen.catalog import Catalog
from armourpen.web import create_app


@pytest.fixture(scope="session")
def client() -> TestClient:
    return TestClient(create_app(allow_hosts=TEST_HOSTS))


@pytest.fixture(scope="session")
def hostile_catalog(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The built-in catalog plus a user file whose names hold HTML."""
    path = Path(tmp_path_factory.mktemp("catalog")) / "hostile.toml"
    path.write_text(
        "[[attack]]\n"
        f'name = "{SCRIPT_NAME}"\n'
        "pen = 9\n"
        'range_column = "rifle"\n'
        'ammo = "ball"\n'
        "\n[[armour]]\n"
        'name = "<b>bold</b> & plate"\n'
        "av = 7\n",
        encoding="utf-8",
    )
    return Catalog.load([path], user_dir=False)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What ``armourpen serve`` asked uvicorn to run (nothing is served)."""
    import uvicorn

    seen: dict[str, Any] = {}

    def run(app: Any, **options: Any) -> None:
        seen.update(options, app=app)

    monkeypatch.setattr(uvicorn, "run", run)
    return seen
