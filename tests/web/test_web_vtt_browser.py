"""docs/vtt.md's Foundry macro, run in Chromium as Foundry runs a script macro, from a page of one
origin (``http://127.0.0.2:PORT``, a stub of Foundry's ``game.user.targets``, ``ChatMessage`` and
``ui.notifications``) against ``armourpen serve --cors`` on another (``http://127.0.0.1:PORT2``).

What a loopback test cannot show: a page on a public HTTPS origin reaching the GM's machine. Both
origins here are loopback, so Chromium sends no private-network preflight and asks no Local Network
Access permission (tests/web/test_web_requests_guarded.py sends that preflight itself). What it
shows: the macro file itself, its CORS preflight answered for the origin named and refused for
another, and the chat text, checked against ``to_dict()`` of the same scenario in Python.

Without Chromium these tests are skipped, unless ``ARMOURPEN_REQUIRE_BROWSER=1`` (CI).
"""

from __future__ import annotations

import http.server
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web.web_helpers import serving

import armourpen

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MACRO = Path(__file__).resolve().parents[2] / "docs" / "vtt" / "foundry-macro.js"
SERVER_LINE = 'const SERVER = "http://127.0.0.1:8000";'

if not CHROMIUM.exists():
    if os.environ.get("ARMOURPEN_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"{CHROMIUM} is missing: install it with apt-get install chromium")
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import BrowserContext, Request, sync_playwright  # noqa: E402

# The tokens the GM targets, in the order targeted (no shooter selected: the line's order).
# Agent Gray's figures are the GM's own flags; the VIP's HP is the GURPS system's (actor data).
TOKENS = [
    {"name": "Agent Gray", "document": {"flags": {"armourpen": {"hp": 12, "dr": 8}}},
     "actor": {"system": {"HP": {"max": 99}}}},  # the flags win over the sheet's HP
    {"name": "VIP <b>", "document": {"flags": {}}, "actor": {"system": {"HP": {"max": 10}}}},
]
LINE = [{"target": "Agent Gray", "hp": 12, "dr": 8}, {"target": "VIP <b>", "hp": 10}]
"""The line the macro should send: each token's figures as a scenario's target."""

STUB = """<!doctype html><meta charset="utf-8"><title>Foundry (a stub)</title>
<script>
window.chat = []; window.notes = [];
window.game = {user: {targets: new Set(%(tokens)s)}};
window.ChatMessage = {
  create: async (data) => { window.chat.push(data); return data; },
  getSpeaker: () => ({alias: "Gamemaster"}),
};
window.ui = {notifications: {
  warn: (text) => window.notes.push(["warn", text]),
  error: (text) => window.notes.push(["error", text]),
}};
// Foundry runs a script macro as the body of an async function
window.runMacro = (code) => new (Object.getPrototypeOf(async function () {}).constructor)(code)();
</script>"""



@pytest.fixture(scope="module")
def foundry() -> Iterator[tuple[str, str]]:
    """The stub Foundry page, served on 127.0.0.2 (another origin than the server's), and the
    same page as another origin the server does not name (``localhost``)."""
    import json

    page = (STUB % {"tokens": json.dumps(TOKENS)}).encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *_: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.2", 0), Page)
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    for s in (site, other):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    try:
        yield (f"http://127.0.0.2:{site.server_address[1]}",
               f"http://localhost:{other.server_address[1]}")
    finally:
        for s in (site, other):
            s.shutdown()
            s.server_close()


@pytest.fixture(scope="module")
def server(foundry: tuple[str, str]) -> Iterator[str]:
    """``armourpen serve --cors ORIGIN`` (the stub Foundry's origin) on a free loopback port."""
    with serving("--workers", "1", "--cors", foundry[0], "--no-user-catalog") as url:
        yield url


@pytest.fixture(scope="module")
def context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")), executable_path=str(CHROMIUM),
            headless=True, args=ARGS)
        try:
            yield ctx
        finally:
            ctx.close()


def macro_for(server: str) -> str:
    """The docs' macro as the GM sets it up: its one SERVER line names the server."""
    code = MACRO.read_text(encoding="utf-8")
    assert code.count(SERVER_LINE) == 1
    return code.replace(SERVER_LINE, f'const SERVER = "{server}";')


def text_of(html: str) -> str:
    """The chat message as it reads: tags dropped, lines at paragraphs and list items."""
    import html as entities

    return entities.unescape(re.sub(r"<[^>]+>", "", re.sub(r"</(p|li)>", "\n", html))).strip()


def expected_chat(outcome: dict[str, Any]) -> str:
    """The chat text worked out from ``to_dict()``: the roll and its seed, then one line a target
    (its location, injury and effects, as docs/vtt.md words them)."""
    a = outcome["attack"]
    lines = [f"armourpen: {a['damage']} rolled {a['roll']} (seed {a['seed']})"]
    for t in outcome["targets"]:
        parts = [f"injury {t['injury']}"] + [
            f"shock {t['shock']}" if e == "shock" else e.replace("_", " ") for e in t["effects"]]
        lines.append(f"{t['name']} ({t['location']}): {', '.join(parts)}"
                     + ("; goes through" if t["overpenetrates"] else ""))
    return "\n".join(lines)


def test_the_foundry_macro_posts_the_targets_and_chats_the_outcome_of_to_dict(
    context: BrowserContext, foundry: tuple[str, str], server: str,
) -> None:
    pg = context.new_page()
    sent: list[Any] = []

    def seen(request: Request) -> None:
        if request.method == "POST":
            sent.append(request.post_data_json)

    pg.on("request", seen)
    pg.goto(foundry[0] + "/")
    pg.evaluate("(code) => runMacro(code)", macro_for(server))
    chat = pg.evaluate("window.chat")
    assert pg.evaluate("window.notes") == [] and len(chat) == 1, pg.evaluate("window.notes")
    assert chat[0]["speaker"] == {"alias": "Gamemaster"}
    assert "VIP &#60;b&#62;" in chat[0]["content"]  # a token's name is text, never markup
    # what the macro sent: the tokens' figures, a fresh roll (no seed: the server draws one)
    assert sent == [{"rules": "gurps", "attack": {"damage": "7d(2) pi-"}, "line": LINE}]
    said = text_of(chat[0]["content"])
    seed = int(re.search(r"\(seed (\d+)\)", said).group(1))  # type: ignore[union-attr]
    # the same scenario through the Python API, replayed with the seed the chat shows
    outcome = armourpen.resolve(armourpen.load_scenario(
        {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "seed": seed}, "line": LINE})).to_dict()
    assert said == expected_chat(outcome)
    assert [t["name"] for t in outcome["targets"]] == ["Agent Gray", "VIP <b>"]
    pg.close()


def test_a_page_of_an_origin_the_server_does_not_name_gets_no_answer(
    context: BrowserContext, foundry: tuple[str, str], server: str,
) -> None:
    pg = context.new_page()
    statuses: list[tuple[str, int]] = []
    pg.on("response", lambda r: statuses.append((r.request.method, r.status))
          if "/api/" in r.url else None)
    pg.goto(foundry[1] + "/")  # http://localhost:PORT: not the origin given to --cors
    pg.evaluate("(code) => runMacro(code)", macro_for(server))
    assert pg.evaluate("window.chat") == []
    notes = pg.evaluate("window.notes")
    assert len(notes) == 1 and notes[0][0] == "error" and "--cors ORIGIN" in notes[0][1]
    # its preflight refused (400; Playwright does not report preflights: the answer itself is
    # test_web_requests_guarded.py's), the browser never sent the POST
    assert not any(m == "POST" for m, _ in statuses)
    pg.close()


def test_a_no_cors_text_plain_post_is_refused_before_it_is_read(
    context: BrowserContext, foundry: tuple[str, str], server: str,
) -> None:
    # a "simple" request needs no preflight, so it would bypass CORS: today's Chromium says it is a
    # no-cors request of another site (Sec-Fetch-*), refused before its body is read (403); a
    # browser that does not say so finds a body not sent as JSON refused (415, the API reads
    # JSON only: test_web_requests_guarded.py)
    pg = context.new_page()
    statuses: list[int] = []
    pg.on("response", lambda r: statuses.append(r.status) if "/api/resolve" in r.url else None)
    pg.goto(foundry[0] + "/")
    kind = pg.evaluate("""([url, body]) => fetch(url, {method: "POST", mode: "no-cors",
        headers: {"Content-Type": "text/plain"}, body: JSON.stringify(body)}).then((r) => r.type)""",
        [server + "/api/resolve",
         {"rules": "gurps", "attack": {"damage": "3d pi"}, "line": [{"target": "A", "hp": 10}]}])
    assert kind == "opaque"  # the page could not read an answer anyway
    pg.wait_for_timeout(200)
    assert statuses == [403]
    pg.close()
