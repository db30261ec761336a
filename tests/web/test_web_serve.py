"""``armourpen serve``: starts uvicorn on loopback by default and prints the URL."""

from __future__ import annotations

from typing import Any

import pytest
from cli.cli_helpers import cli


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What uvicorn was asked to run (nothing is served)."""
    import uvicorn

    seen: dict[str, Any] = {}

    def run(app: Any, **options: Any) -> None:
        seen.update(options, app=app)

    monkeypatch.setattr(uvicorn, "run", run)
    return seen


def test_serve_defaults_to_loopback(capsys: pytest.CaptureFixture[str],
                                    started: dict[str, Any]) -> None:
    code, out, _ = cli(capsys, "serve")
    assert code == 0
    assert (started["host"], started["port"]) == ("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in out
    from fastapi.testclient import TestClient

    client = TestClient(started["app"])
    assert client.get("/api/catalog/NIJ Type III").json()["av"] == 6
    assert "access-control-allow-origin" not in client.get(
        "/api/catalog", headers={"Origin": "https://x.example"}).headers


def test_serve_options(capsys: pytest.CaptureFixture[str], started: dict[str, Any]) -> None:
    code, out, _ = cli(capsys, "serve", "--host", "::1", "--port", "8123", "--cors")
    assert code == 0 and "http://[::1]:8123/" in out
    from fastapi.testclient import TestClient

    got = TestClient(started["app"]).get("/api/catalog", headers={"Origin": "https://x.example"})
    assert got.headers["access-control-allow-origin"] == "*"


def test_ap2_serve_bad_port(capsys: pytest.CaptureFixture[str], started: dict[str, Any]) -> None:
    code, _, err = cli(capsys, "serve", "--port", "70000")
    assert code == 2 and "--port: 70000 is not allowed" in err
    assert not started
