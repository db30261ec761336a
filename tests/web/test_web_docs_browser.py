"""``/docs`` in Chromium: Swagger UI's "Try it out" comes filled in with each route's worked
example (web/examples.py: docs/web.md's curl bodies, a value for every parameter), and Execute
answers 200 for every route as it stands, without a thing typed.

Without Chromium these tests are skipped, unless ``ARMOURPEN_REQUIRE_BROWSER=1`` (CI).
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from web.web_helpers import serving

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not CHROMIUM.exists():
    if os.environ.get("ARMOURPEN_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"{CHROMIUM} is missing: install it with apt-get install chromium")
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving("--workers", "1", "--no-user-catalog") as url:
        yield url


def test_every_routes_try_it_out_executes_as_prefilled_with_200(server: str,
                                                                 tmp_path: Path) -> None:
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 1280, "height": 2000})
        try:
            pg = ctx.new_page()
            pg.goto(server + "/docs")
            pg.wait_for_selector(".opblock")
            ids = pg.eval_on_selector_all(".opblock", "els => els.map((e) => e.id)")
            import json

            with urllib.request.urlopen(server + "/openapi.json", timeout=10) as r:
                paths = json.load(r)["paths"]
            assert len(ids) == sum(len(ops) for ops in paths.values())  # every route
            statuses = {}
            for op_id in ids:
                op = pg.locator(f"#{op_id}")
                op.locator(".opblock-summary-control").click()
                op.locator("button.execute").click()  # "Try it out" is on (tryItOutEnabled)
                status = op.locator(".live-responses-table tbody .response-col_status").first
                status.wait_for(timeout=30_000)
                statuses[op_id] = status.inner_text().strip()
                if "resolve_api_resolve_post" in op_id:  # the body as filled in: docs/web.md's
                    assert '"weapon": "7.62x51mm NATO"' in op.locator("textarea").first.input_value()
                op.locator(".opblock-summary-control").click()
            assert {k: v for k, v in statuses.items() if v != "200"} == {}
        finally:
            ctx.close()
