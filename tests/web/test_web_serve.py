"""``armourpen serve``: starts uvicorn on loopback by default and prints the URL."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli

SERVED = "http://127.0.0.1:8000"
"""The address ``armourpen serve`` serves by default, which the served app answers to."""


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on at ``host`` now (the system's choice for port 0)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_defaults_to_loopback(capsys: pytest.CaptureFixture[str], started: dict[str, Any],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # the default port is what is checked here, not whether this machine has it free (another
    # program may listen on 8000): the probe of the port (tested with a port taken in
    # tests/cli/test_output_channels.py) is told what it would have probed, and binds nothing
    from armourpen.cli import serve_cmd

    probed: list[tuple[str, int]] = []
    def probe(host: str, port: int) -> int:
        probed.append((host, port))
        return port

    monkeypatch.setattr(serve_cmd, "_check_listen", probe)
    code, out, _ = cli(capsys, "serve")
    assert code == 0 and probed == [("127.0.0.1", 8000)]
    assert (started["host"], started["port"]) == ("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in out
    from fastapi.testclient import TestClient

    client = TestClient(started["app"], base_url=SERVED)
    assert client.get("/api/catalog/NIJ Type III").json()["av"] == 6
    assert "access-control-allow-origin" not in client.get(
        "/api/catalog", headers={"Origin": "https://x.example"}).headers


def test_serve_options(capsys: pytest.CaptureFixture[str], started: dict[str, Any]) -> None:
    port = free_port("::1")
    code, out, _ = cli(capsys, "serve", "--host", "::1", "--port", str(port), "--cors")
    assert code == 0 and f"http://[::1]:{port}/" in out and started["port"] == port
    from fastapi.testclient import TestClient

    got = TestClient(started["app"], base_url=SERVED).get("/api/catalog", headers={"Origin": "https://x.example"})
    assert got.headers["access-control-allow-origin"] == "*"


def test_serve_cors_origin_names_the_pages_that_may_call_it(
    capsys: pytest.CaptureFixture[str], started: dict[str, Any],
) -> None:
    code, _, _ = cli(capsys, "serve", "--port", "0", "--cors", "https://foundry.example:30000",
                     "--cors", "https://vtt.example")
    assert code == 0
    from fastapi.testclient import TestClient

    client = TestClient(started["app"], base_url=SERVED)
    ask = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true"}
    for origin in ("https://foundry.example:30000", "https://vtt.example"):
        got = client.options("/api/resolve", headers={**ask, "Origin": origin})
        assert got.headers["access-control-allow-origin"] == origin
        assert got.headers["access-control-allow-private-network"] == "true"
    assert client.options("/api/resolve", headers={**ask, "Origin": "https://x.example"}
                          ).status_code == 400


def test_ap2_serve_cors_bad_origin(capsys: pytest.CaptureFixture[str],
                                   started: dict[str, Any]) -> None:
    code, _, err = cli(capsys, "serve", "--port", "0", "--cors", "foundry.example:30000")
    assert code == 2 and "--cors: 'foundry.example:30000' is not allowed" in err
    assert not started


def test_ap2_serve_bad_port(capsys: pytest.CaptureFixture[str], started: dict[str, Any]) -> None:
    code, _, err = cli(capsys, "serve", "--port", "70000")
    assert code == 2 and "--port: 70000 is not allowed" in err
    assert not started


def test_ap2_a_stray_user_catalog_file_is_reported_once_and_gurps_is_served(
    capsys: pytest.CaptureFixture[str], started: dict[str, Any], user_catalogs: Path,
) -> None:
    (user_catalogs / "stray.toml").write_text("[[armour]\nname = 'x'\n", encoding="utf-8")
    code, out, err = cli(capsys, "serve", "--port", "0")  # port 0: always free to probe
    # it serves all the same, on the free port the OS chose for port 0
    assert code == 0 and re.search(r"http://127\.0\.0\.1:[1-9][0-9]*/", out), out
    said = err.splitlines()[0]
    assert said.startswith("armourpen: warning: user catalog folder: ")
    assert "stray.toml' is not allowed; allowed: valid TOML" in said
    assert err.count("stray.toml") == 1 and "GURPS is served" in err
    folder = str(user_catalogs)
    assert folder in said  # the console names the file
    from fastapi.testclient import TestClient

    client = TestClient(started["app"], base_url=SERVED)
    # GURPS names no catalog item: the Basic Set's Agent Gray takes 8 injury (GU-7)
    gray = {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 20},
            "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}]}
    answer = client.post("/api/resolve", json=gray)
    assert answer.status_code == 200 and answer.json()["targets"][0]["injury"] == 8
    page = client.get("/?rules=gurps")
    assert page.status_code == 200 and "catalog-problem" not in page.text
    # PEN/AV needs the catalog: refused, never a 5xx, pointing at the server's console; the
    # clients are not shown the server's paths nor what the file holds
    nato = {"rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
            "line": [{"target": "Gray", "armour": ["NIJ Type III"]}]}
    told = "the server's console says which one it could not read"
    for refused in (client.post("/api/resolve", json=nato), client.get("/api/catalog"),
                    client.get("/api/catalog/NIJ Type III"),
                    client.post("/api/table", json={"armour": ["NIJ"]})):
        assert refused.status_code == 422
        assert refused.json()["field"] == "catalog" and told in refused.json()["error"]
        assert folder not in refused.text and "stray" not in refused.text
        assert "Expected ']]'" not in refused.text
    ui = client.post("/ui/outcome", json=nato)
    assert told in ui.json()["errors"][0]["error"] and "stray" not in ui.text
    page = client.get("/")
    assert page.status_code == 200 and "stray" not in page.text
    shown = " ".join(html.unescape(page.text).split())
    assert "PEN/AV shots cannot be worked out until it is fixed" in shown and told in shown
    table = client.get("/table")
    assert table.status_code == 200 and told in html.unescape(table.text)
    assert "stray" not in table.text


def test_ap2_a_bad_catalog_file_given_to_serve_is_reported_too(
    capsys: pytest.CaptureFixture[str], started: dict[str, Any], tmp_path: Path,
) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('[[attack]]\nname = "Mine"\npen = 5\n', encoding="utf-8")  # no range column
    code, _, err = cli(capsys, "serve", "--catalog", str(bad), "--no-user-catalog", "--port",
                       "0")
    assert code == 0 and err.count("mine.toml") == 1
    from fastapi.testclient import TestClient

    refused = TestClient(started["app"], base_url=SERVED).get("/api/catalog?kind=attack")
    assert refused.status_code == 422 and "mine.toml" not in refused.text


_SERVE_A_CHART = """
import os, sys
import uvicorn
from fastapi.testclient import TestClient
from armourpen.cli.app import main

def run(app, **options):
    client = TestClient(app, base_url="http://127.0.0.1")
    got = client.get("/api/chart/slope", params={"av": 30, "format": "svg"})
    assert got.status_code == 200, got.text
    import matplotlib
    print(os.environ["MPLCONFIGDIR"])
    print(matplotlib.get_cachedir())

uvicorn.run = run
sys.argv = ["armourpen", "serve", "--no-user-catalog", "--port", "0"]
main()
"""


def test_serve_gives_matplotlib_a_private_folder_outside_the_home_and_removes_it(
        tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("MPLCONFIGDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")}
    env["HOME"] = str(home)
    done = subprocess.run([sys.executable, "-c", _SERVE_A_CHART], env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    folder, cache = done.stdout.split()[-2:]
    assert cache == folder and not Path(folder).is_relative_to(home)
    assert not Path(folder).exists()  # removed when the server stopped
    assert list(home.rglob("*matplotlib*")) == []
