"""What a web page can make a browser send, and the request shapes the routes do not check.

A page of another site can make its visitor's browser POST ``text/plain``, a form or
``multipart/form-data`` to the server without a CORS preflight, and can make a name of its own
point at the server's address (DNS rebinding): JSON is read only as ``application/json``, a GCS file
in another form only from the server's own origin, and the ``Host`` must name the server. Also:
a lone surrogate is bad input, HEAD works where GET does, a one-value parameter given twice is
an error, and the server's own 400s are AP-2 bodies.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli
from fastapi.testclient import TestClient
from gcs.gcs_helpers import character
from web.web_helpers import JSON_TYPE, TEST_HOSTS

from armourpen.scenario import read_scenario_file
from armourpen.web import create_app

GRAY = {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 20},
        "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}]}
"""7d(2) pi- rolling 20 against DR 8 (armour divisor 2: DR 4): 16 penetrating, x0.5 = 8 (GU-7)."""

# A good body for every POST route, sent as JSON.
GOOD_BODIES: dict[str, Any] = {
    "/api/resolve": GRAY,
    "/api/resolve/text": GRAY,
    "/api/odds": read_scenario_file("example:agent-gray"),
    "/api/table": {"attacks": ["7.62x51mm NATO"], "armour": ["NIJ Type III"]},
    "/api/roll": {"damage": "1d cr", "seed": 7},
    "/api/estimate": {"calibre": "6.5mm", "mass": "9g", "velocity": 820},
    "/api/chart/odds": read_scenario_file("example:agent-gray"),
    "/api/gcs": character(name="Ogre", hp=20, st=20, ht=13),
    "/ui/outcome": GRAY,
}

# What a page can send to another origin without a preflight (and a type no route reads).
SIMPLE_TYPES = ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x", None, "application/json; charset=latin-1",
                "text/json", "application/vnd.api+json"]


def ap2(response: Any, status: int, field: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = json.loads(response.content.decode("utf-8"))
    assert set(body) == {"error", "field", "value", "allowed"}
    assert body["field"] == field and body["error"].startswith(f"{field}: ")
    return body


def post_routes() -> set[str]:
    from starlette.routing import Route

    from armourpen.web.routes import routes

    return {r.path for r in routes() if isinstance(r, Route) and "POST" in (r.methods or ())}


def test_every_post_route_is_checked_here() -> None:
    assert post_routes() == set(GOOD_BODIES)


# --- content types ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOOD_BODIES))
def test_every_post_route_reads_its_body_sent_as_application_json(client: TestClient,
                                                                   path: str) -> None:
    for kind in ("application/json", "application/json; charset=utf-8",
                 "Application/JSON; Charset=UTF-8"):
        got = client.post(path, content=json.dumps(GOOD_BODIES[path]),
                          headers={"Content-Type": kind})
        assert got.status_code == 200, (kind, got.text)


@pytest.mark.parametrize("kind", SIMPLE_TYPES)
@pytest.mark.parametrize("path", sorted(set(GOOD_BODIES) - {"/api/gcs"}))
def test_a_body_not_sent_as_application_json_is_refused_unread_with_415(
    client: TestClient, path: str, kind: str | None,
) -> None:
    headers = {} if kind is None else {"Content-Type": kind}
    got = client.post(path, content=json.dumps(GOOD_BODIES[path]), headers=headers)
    body = ap2(got, 415, "Content-Type")
    assert body["value"] == kind  # null when no Content-Type was sent
    assert body["allowed"].startswith("application/json")


def test_a_form_post_is_refused_with_415(client: TestClient) -> None:
    got = client.post("/api/resolve", data={"rules": "gurps"})
    assert ap2(got, 415, "Content-Type")["value"] == "application/x-www-form-urlencoded"


def test_the_gcs_file_is_read_alike_as_json_multipart_or_octet_stream(client: TestClient) -> None:
    ogre = GOOD_BODIES["/api/gcs"]
    raw = json.dumps(ogre).encode()
    as_json = client.post("/api/gcs", content=raw, headers=JSON_TYPE)
    assert as_json.status_code == 200
    assert (as_json.json()["name"], as_json.json()["hp"], as_json.json()["st"]) == ("Ogre", 20, 20)
    # curl -F file=@Ogre.gcs and curl --data-binary with octet-stream send no Origin
    as_form = client.post("/api/gcs", files={"file": ("Ogre.gcs", raw)})
    as_bytes = client.post("/api/gcs", content=raw,
                           headers={"Content-Type": "application/octet-stream"})
    # the server's own page: the same origin, as a browser says it
    own = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    from_own_page = client.post("/api/gcs", files={"file": ("Ogre.gcs", raw)}, headers=own)
    for got in (as_form, as_bytes, from_own_page):
        assert (got.status_code, got.content) == (200, as_json.content)


@pytest.mark.parametrize("headers", [
    {"Origin": "https://evil.example"},
    {"Origin": "null"},  # a sandboxed frame or a file: page
    {"Origin": "http://testserver:8001"},  # another port is another origin
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},  # another port or subdomain of the same site
    {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"},
])
@pytest.mark.parametrize("form", ["multipart", "octet-stream"])
def test_a_gcs_file_sent_as_a_form_by_another_origin_is_refused_with_403(
    headers: dict[str, str], form: str,
) -> None:
    raw = json.dumps(GOOD_BODIES["/api/gcs"]).encode()
    for cors in (False, True):  # --cors lets other origins send JSON, never a form
        client = TestClient(create_app(cors=cors, allow_hosts=TEST_HOSTS))
        if form == "multipart":
            got = client.post("/api/gcs", files={"file": ("x.gcs", raw)}, headers=headers)
        else:
            got = client.post("/api/gcs", content=raw, headers={
                **headers, "Content-Type": "application/octet-stream"})
        field = "Sec-Fetch-Site" if "Sec-Fetch-Site" in headers else "Origin"
        body = ap2(got, 403, field)
        assert body["value"] == headers[field]


@pytest.mark.parametrize("kind", ["text/plain", None, "application/x-www-form-urlencoded"])
def test_a_gcs_file_in_another_form_is_refused_with_415(client: TestClient,
                                                       kind: str | None) -> None:
    raw = json.dumps(GOOD_BODIES["/api/gcs"]).encode()
    got = client.post("/api/gcs", content=raw, headers={} if kind is None else {"Content-Type": kind})
    body = ap2(got, 415, "Content-Type")
    assert "multipart/form-data" in body["allowed"] and "application/json" in body["allowed"]


def test_with_cors_another_origin_still_sends_json() -> None:
    open_ = TestClient(create_app(cors=True, allow_hosts=TEST_HOSTS))
    got = open_.post("/api/resolve", json=GRAY, headers={"Origin": "https://tool.example"})
    assert got.status_code == 200 and got.json()["targets"][0]["injury"] == 8
    assert got.headers["access-control-allow-origin"] == "*"
    ap2(open_.post("/api/resolve", content=json.dumps(GRAY), headers={
        "Origin": "https://tool.example", "Content-Type": "text/plain"}), 415, "Content-Type")
    # the preflight a page sends first: JSON passes; another method or header is refused, as JSON
    ask = {"Origin": "https://tool.example", "Access-Control-Request-Method": "POST",
           "Access-Control-Request-Headers": "content-type"}
    assert open_.options("/api/resolve", headers=ask).status_code == 200
    body = ap2(open_.options("/api/resolve", headers={
        **ask, "Access-Control-Request-Method": "PUT"}), 400, "Access-Control-Request-Method")
    assert body["value"] == "PUT"
    ap2(open_.options("/api/resolve", headers={
        **ask, "Access-Control-Request-Headers": "x-token"}), 400, "Access-Control-Request-Headers")
    # a public page asking to reach a private address (Chrome's Private Network Access): --cors
    # lets every origin in, so its preflight is answered with the leave to reach this one too
    pna = open_.options("/api/resolve", headers={
        **ask, "Access-Control-Request-Private-Network": "true"})
    assert pna.status_code == 200 and pna.headers["access-control-allow-private-network"] == "true"


FOUNDRY = "https://foundry.example:30000"
PNA_ASK = {"Origin": FOUNDRY, "Access-Control-Request-Method": "POST",
           "Access-Control-Request-Headers": "content-type",
           "Access-Control-Request-Private-Network": "true"}


def test_cors_origin_answers_chromes_private_network_preflight_for_it_alone() -> None:
    named = TestClient(create_app(cors=[FOUNDRY], allow_hosts=TEST_HOSTS))
    got = named.options("/api/resolve", headers=PNA_ASK)
    assert got.status_code == 200
    assert got.headers["access-control-allow-private-network"] == "true"
    assert got.headers["access-control-allow-origin"] == FOUNDRY  # not *: the one origin named
    assert "Access-Control-Request-Private-Network" in got.headers["vary"]
    # another origin's preflight: refused, and with no leave to reach the private network
    other = named.options("/api/resolve", headers={**PNA_ASK, "Origin": "https://evil.example"})
    assert ap2(other, 400, "Origin")["value"] == "https://evil.example"
    assert "access-control-allow-private-network" not in other.headers
    assert "access-control-allow-origin" not in other.headers
    # without --cors no preflight is answered at all (no CORS headers, no private network)
    plain = TestClient(create_app(allow_hosts=TEST_HOSTS)).options("/api/resolve", headers=PNA_ASK)
    assert not any(k.startswith("access-control-") for k in plain.headers)


def test_cors_origin_lets_its_pages_post_json_and_refuses_other_origins_with_403() -> None:
    named = TestClient(create_app(cors=[FOUNDRY], allow_hosts=TEST_HOSTS))
    fetch = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
    got = named.post("/api/resolve", json=GRAY, headers={**fetch, "Origin": FOUNDRY})
    assert got.status_code == 200 and got.json()["targets"][0]["injury"] == 8
    assert got.headers["access-control-allow-origin"] == FOUNDRY
    # a page of an origin not named does not make the server work (the browser would not let
    # it read the answer either)
    body = ap2(named.post("/api/resolve", json=GRAY, headers={
        **fetch, "Origin": "https://evil.example"}), 403, "Origin")
    assert FOUNDRY in body["allowed"] and "--cors ORIGIN" in body["allowed"]
    # a simple (no-cors) text/plain post, which needs no preflight, stays refused
    ap2(named.post("/api/resolve", content=json.dumps(GRAY), headers={
        "Origin": FOUNDRY, "Content-Type": "text/plain"}), 415, "Content-Type")


@pytest.mark.parametrize("origin", ["https://foundry.example/", "foundry.example",
                                    "https://*.owlbear.rodeo", "ftp://x.example"])
def test_ap2_cors_origin_must_be_an_origin(origin: str) -> None:
    from armourpen.errors import InputError

    with pytest.raises(InputError) as info:
        create_app(cors=[origin], allow_hosts=TEST_HOSTS)
    assert info.value.field == "cors" and info.value.value == origin


@pytest.mark.parametrize(("content", "kind"), [
    (b"abc", "multipart/form-data"),  # no boundary
    (b"--x\r\nContent-Disposition: form-data; name=\"file\"\r\n", "multipart/form-data; boundary=x"),
    (b"garbage", "multipart/form-data; boundary=x"),
])
def test_a_malformed_multipart_body_is_a_400_json_body(client: TestClient, content: bytes,
                                                      kind: str) -> None:
    got = client.post("/api/gcs", content=content, headers={"Content-Type": kind})
    assert got.status_code in (400, 422), got.text
    body = json.loads(got.content)
    assert set(body) == {"error", "field", "value", "allowed"}


def test_a_multipart_body_needs_one_file_field_named_file(client: TestClient) -> None:
    raw = json.dumps(GOOD_BODIES["/api/gcs"]).encode()
    ap2(client.post("/api/gcs", files={"upload": ("x.gcs", raw)}), 422, "file")
    ap2(client.post("/api/gcs", data={"file": "text"}, files={"other": ("x", b"")}), 422, "file")
    body = ap2(client.post("/api/gcs", files=[("file", ("a.gcs", raw)), ("file", ("b.gcs", raw))]),
               400, "body")
    assert "multipart/form-data" in body["allowed"]


def test_the_openapi_description_names_the_gcs_upload_forms(client: TestClient) -> None:
    described = client.get("/openapi.json").json()
    body = described["paths"]["/api/gcs"]["post"]["requestBody"]
    assert set(body["content"]) == {"application/json", "multipart/form-data",
                                    "application/octet-stream"}
    assert body["content"]["multipart/form-data"]["schema"]["required"] == ["file"]
    assert {"403", "415"} <= set(described["paths"]["/api/gcs"]["post"]["responses"])
    assert "415" in described["paths"]["/api/resolve"]["post"]["responses"]


# --- what another site's page may ask --------------------------------------------------------

CHART = "/api/chart/slope?thickness=60mm&format=svg"


@pytest.mark.parametrize(("method", "path", "site", "mode", "dest"), [
    ("GET", CHART, "cross-site", "no-cors", "image"),  # <img src>
    ("GET", "/", "cross-site", "navigate", "iframe"),  # a frame (clickjacking too)
    ("GET", "/api/catalog", "cross-site", "cors", "empty"),  # fetch() without --cors
    ("GET", "/api/catalog", "same-site", "cors", "empty"),  # another port of localhost
    ("POST", "/api/resolve", "cross-site", "no-cors", "empty"),  # a text/plain POST
    ("POST", "/api/resolve", "cross-site", "navigate", "document"),  # a form submitted
    ("GET", "/static/calc.js", "cross-site", "no-cors", "script"),
])
def test_a_request_of_another_sites_page_is_refused_with_403(
    client: TestClient, method: str, path: str, site: str, mode: str, dest: str,
) -> None:
    headers = {"Sec-Fetch-Site": site, "Sec-Fetch-Mode": mode, "Sec-Fetch-Dest": dest}
    got = client.request(method, path, headers=headers, content=json.dumps(GRAY))
    assert ap2(got, 403, "Sec-Fetch-Site")["value"] == site


def test_a_link_from_another_site_opens_a_page_and_the_servers_own_requests_pass(
    client: TestClient,
) -> None:
    link = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
    assert client.get("/?rules=gurps", headers=link).status_code == 200
    assert client.get(CHART, headers=link).status_code == 200
    own = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
    assert client.post("/ui/outcome", json=GRAY, headers=own).status_code == 200
    typed = {"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
    assert client.get("/api/catalog/NIJ Type III", headers=typed).json()["av"] == 6


def test_with_cors_another_sites_cors_requests_pass_and_its_images_do_not() -> None:
    open_ = TestClient(create_app(cors=True, allow_hosts=TEST_HOSTS))
    fetch = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty",
             "Origin": "https://tool.example"}
    got = open_.post("/api/resolve", json=GRAY, headers=fetch)
    assert got.status_code == 200 and got.json()["targets"][0]["injury"] == 8
    image = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    ap2(open_.get(CHART, headers=image), 403, "Sec-Fetch-Site")


# --- the Host header ----------------------------------------------------------------------------

ANSWERED = ["127.0.0.1", "127.0.0.1:8000", "[::1]:8000", "[::1]", "192.168.1.20:8000",
            "10.0.0.7", "localhost", "localhost:8000", "LOCALHOST", "localhost.:8000"]
REFUSED = ["evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io",
           "testserver", "127.0.0.1:http", "[::1", "[::1]x", "", "a b"]


@pytest.mark.parametrize("host", ANSWERED)
def test_a_loopback_app_answers_to_ip_addresses_and_localhost(host: str) -> None:
    plain = TestClient(create_app())
    assert plain.get("/api/schema/penav", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", REFUSED)
def test_a_host_naming_no_address_of_the_server_is_refused_with_421(host: str) -> None:
    plain = TestClient(create_app())
    for path in ("/api/schema/penav", "/", "/static/calc.js"):
        body = ap2(plain.get(path, headers={"Host": host}), 421, "Host")
        assert body["value"] == host and "--allow-host" in body["allowed"]
    ap2(plain.post("/api/resolve", json=GRAY, headers={"Host": host}), 421, "Host")


def test_an_allowed_host_name_is_answered_in_any_case_and_with_any_port() -> None:
    named = TestClient(create_app(allow_hosts=["GM-Laptop.local"]))
    for host in ("gm-laptop.local", "GM-LAPTOP.LOCAL:8000", "gm-laptop.local."):
        assert named.get("/api/schema/penav", headers={"Host": host}).status_code == 200
    ap2(named.get("/api/schema/penav", headers={"Host": "other.local"}), 421, "Host")


@pytest.mark.parametrize("names", ["gm-laptop.local", ["gm.local:8000"], ["a b"], [""], [b"x"]])
def test_create_app_refuses_allow_hosts_that_are_not_host_names(names: Any) -> None:
    from armourpen.errors import InputError

    with pytest.raises(InputError) as refused:
        create_app(allow_hosts=names)
    assert refused.value.field == "allow_hosts"


# --- armourpen serve ----------------------------------------------------------------------------


def test_serve_answers_to_its_host_name_and_to_allow_host(
    capsys: pytest.CaptureFixture[str], started: dict[str, Any],
) -> None:
    code, _, err = cli(capsys, "serve", "--host", "localhost", "--port", "0",
                       "--allow-host", "gm-laptop.local", "--allow-host", "table.lan")
    assert code == 0 and "warning" not in err  # localhost is loopback: nothing exposed
    served = TestClient(started["app"])
    for host in ("localhost:0", "gm-laptop.local:8000", "table.lan", "127.0.0.1"):
        assert served.get("/api/schema/penav", headers={"Host": host}).status_code == 200
    ap2(served.get("/api/schema/penav", headers={"Host": "evil.example"}), 421, "Host")


@pytest.mark.parametrize("name", ["a b", "gm.local:8000", "http://gm.local", "", "gm/x"])
def test_serve_refuses_an_allow_host_that_is_no_host_name(
    capsys: pytest.CaptureFixture[str], started: dict[str, Any], name: str,
) -> None:
    code, _, err = cli(capsys, "serve", "--allow-host", name)
    assert code == 2 and err.startswith("armourpen: error: --allow-host: ")
    assert err.count("\n") == 1 and not started


def test_serve_on_every_interface_warns_what_that_exposes_and_how_to_restrict_it(
    capsys: pytest.CaptureFixture[str], started: dict[str, Any],
) -> None:
    code, out, err = cli(capsys, "serve", "--host", "0.0.0.0", "--port", "0")
    # port 0: the OS chose a free one, and the URL names it
    assert code == 0 and started["host"] == "0.0.0.0"
    assert re.search(r"http://0\.0\.0\.0:[1-9][0-9]*/", out), out
    said = " ".join(err.split())
    assert "every network interface" in said and "no login" in said
    assert "every device that can reach it on the network" in said
    for how in ("--host", "firewall", "--allow-host", "keep --cors off"):
        assert how in said
    assert all(line.startswith("armourpen: warning: ") for line in err.splitlines())
    code, _, err = cli(capsys, "serve", "--host", "0.0.0.0", "--port", "0", "--cors")
    assert "leave out --cors" in " ".join(err.split())


def test_serve_on_loopback_warns_of_nothing(capsys: pytest.CaptureFixture[str],
                                           started: dict[str, Any]) -> None:
    code, _, err = cli(capsys, "serve", "--port", "0")
    assert (code, err, started["host"]) == (0, "", "127.0.0.1")


def run_serve(*args: str, **options: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "armourpen", "serve", *args], text=True,
                            stderr=subprocess.PIPE, **options)


def test_serve_with_stdout_closed_ends_with_3_and_one_line_before_serving() -> None:
    # README's exit codes: output that cannot be written is 3; the address is serve's output
    proc = run_serve("--port", "0", stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    try:
        _, err = proc.communicate(timeout=120)  # a server that kept serving is stopped here
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 3
    assert err == "armourpen: error: cannot write the output: standard output is closed\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _exchange(port: int, request: bytes) -> bytes:
    """The bytes a real server sends back for ``request`` (it closes the connection after)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(request)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.fixture(scope="module")
def real_server() -> Any:
    port = _free_port()
    proc = run_serve("--port", str(port), "--allow-host", "gm-laptop.local",
                     stdout=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else "serve ended"
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_a_real_server_answers_head_with_get_headers_and_no_body(real_server: int) -> None:
    get = _exchange(real_server, b"GET /api/schema/penav HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Connection: close\r\n\r\n")
    # HEAD then GET on one connection: a body sent after HEAD would be read as the next answer
    both = _exchange(real_server, b"HEAD /api/schema/penav HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b"GET /api/schema/penav HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Connection: close\r\n\r\n")
    head, _, after = both.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    length = next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    assert length in get
    assert after.startswith(b"HTTP/1.1 200")  # the next answer follows the headers at once
    assert after.endswith(get.partition(b"\r\n\r\n")[2])


def test_a_real_server_refuses_a_foreign_host_and_answers_an_allowed_one(real_server: int) -> None:
    refused = _exchange(real_server, b"GET /api/catalog HTTP/1.1\r\nHost: evil.example:8000\r\n"
                        b"Connection: close\r\n\r\n")
    status, _, rest = refused.partition(b"\r\n")
    assert status.startswith(b"HTTP/1.1 421")
    assert json.loads(rest.partition(b"\r\n\r\n")[2])["field"] == "Host"
    allowed = _exchange(real_server, b"GET /api/schema/penav HTTP/1.1\r\nHost: gm-laptop.local\r\n"
                        b"Connection: close\r\n\r\n")
    assert allowed.startswith(b"HTTP/1.1 200")


# --- a lone surrogate ---------------------------------------------------------------------------

SURROGATE = '"\\ud800"'  # JSON's escape of a lone surrogate, which no UTF-8 text can hold


def _first_string_marked(value: Any) -> tuple[Any, bool]:
    """``value`` with its first string value (not a key) replaced by ``MARK``."""
    if isinstance(value, str):
        return MARK, True
    if isinstance(value, dict | list):
        items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
        out = dict(value) if isinstance(value, dict) else list(value)
        for k, v in items:
            marked, done = _first_string_marked(v)
            if done:
                out[k] = marked
                return out, True
    return value, False


MARK = "@surrogate@"


def _with_surrogate(path: str) -> list[str]:
    """Bodies of ``path`` holding a lone surrogate: in a key, in a value, nested deeper."""
    good = json.dumps(GOOD_BODIES[path])
    key = "{" + SURROGATE + ": 1, " + good[1:]
    value = json.dumps(_first_string_marked(GOOD_BODIES[path])[0]).replace(f'"{MARK}"', SURROGATE)
    nested = good[:-1] + ', "x": {"y": [' + SURROGATE + "]}}"
    low = '{"rules": "gurps", "attack": {"damage": "1d"}, "line": [{"target": "\\udfff"}]}'
    assert SURROGATE in value
    return [key, value, nested, low]


@pytest.mark.parametrize("path", sorted(GOOD_BODIES))
def test_a_lone_surrogate_anywhere_in_a_json_body_is_a_4xx_utf8_json_body(
    client: TestClient, path: str,
) -> None:
    for text in _with_surrogate(path):
        got = client.post(path, content=text.encode("ascii"), headers=JSON_TYPE)
        body = json.loads(got.content.decode("utf-8"))  # UTF-8: the surrogate shown escaped
        if path == "/ui/outcome" and got.status_code == 200:  # the form shows the errors
            errors = body["errors"]
        elif path == "/api/gcs" and got.status_code == 200:
            continue  # the GCS reader skips what it does not read (here, an unknown key or id)
        else:
            assert 400 <= got.status_code < 500, (text, got.status_code)
            errors = [body]
        assert errors and all(set(e) == {"error", "field", "value", "allowed"} for e in errors)


def test_a_lone_surrogate_is_shown_escaped_and_named(client: TestClient) -> None:
    got = client.post("/api/roll", content=b'{"damage": "\\ud800"}', headers=JSON_TYPE)
    body = json.loads(got.content.decode("utf-8"))
    assert got.status_code in (400, 422) and body["field"] == "damage"
    assert body["value"] == "\\ud800" and "\\ud800" in body["error"]
    assert "a lone surrogate (U+D800)" in body["allowed"]  # named as what it is, not a control


@pytest.mark.parametrize("url", [
    "/api/catalog?q=%ED%A0%80", "/api/catalog/%ED%A0%80", "/api/thickness?mm=%ED%A0%80",
    "/api/schema/%ED%A0%80", "/api/chart/slope?thickness=%ED%A0%80",
    "/api/chart/pen-range?attack=%ED%A0%80", "/?s=%7B%22rules%22%3A%22%5Cud800%22%7D",
    "/?s=%7B%22%5Cud800%22%3A1%7D", "/charts?kind=slope&thickness=%ED%A0%80",
    "/table?attack=%ED%A0%80", "/%ED%A0%80",
])
def test_a_lone_surrogate_in_a_query_or_path_is_no_5xx(client: TestClient, url: str) -> None:
    got = client.get(url)
    assert got.status_code < 500
    got.content.decode("utf-8")


@pytest.mark.parametrize(("name", "text"), [
    ("s.json", '{"rules": "gurps", "attack": {"damage": "\\ud800"}, '
     '"line": [{"target": "x", "dr": 1, "hp": 10}]}'),
    ("s.toml", 'rules = "gurps"\n[attack]\ndamage = "\\ud800"\n'),  # TOML refuses it too
])
def test_the_cli_refuses_a_scenario_file_with_a_lone_surrogate_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str,
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="ascii")
    code, out, err = cli(capsys, "resolve", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("armourpen: error: ")
    assert "\\ud800" in err if name.endswith(".json") else "not a Unicode scalar value" in err


# --- HEAD, repeated parameters ------------------------------------------------------------------

GET_URLS = {
    "/": "/", "/table": "/table", "/charts": "/charts?kind=slope", "/api": "/api", "/docs": "/docs",
    "/api/catalog": "/api/catalog?kind=armour", "/api/catalog/{name:path}": "/api/catalog/NIJ Type III",
    "/api/thickness": "/api/thickness?mm=120mm", "/api/schema/{rules}": "/api/schema/gurps",
    "/api/chart/pen-range": "/api/chart/pen-range?attack=9mm", "/api/chart/matrix":
    "/api/chart/matrix?attack=9mm&armour=NIJ&band=long", "/api/chart/slope":
    "/api/chart/slope?thickness=60mm&format=svg",
}


def test_every_get_route_is_checked_for_head_here() -> None:
    from fastapi.routing import APIRoute

    from armourpen.web.routes import routes

    gets = {r.path for r in routes() if isinstance(r, APIRoute) and "GET" in (r.methods or ())}
    assert gets == set(GET_URLS)


@pytest.mark.parametrize("url", [*GET_URLS.values(), "/static/calc.js", "/openapi.json"])
def test_head_answers_where_get_does_with_its_headers_and_no_body(client: TestClient,
                                                                  url: str) -> None:
    get, head = client.get(url), client.head(url)
    assert get.status_code == head.status_code == 200
    assert head.content == b""
    for key in ("content-type", "content-length"):
        assert head.headers[key] == get.headers[key]


def test_head_of_a_post_route_is_still_405(client: TestClient) -> None:
    got = client.head("/api/resolve")
    assert got.status_code == 405 and got.headers["allow"] == "POST"


def test_a_405_of_a_get_route_names_head_among_the_methods_allowed(client: TestClient) -> None:
    got = client.delete("/api/catalog")
    assert got.status_code == 405 and got.headers["allow"] == "GET, HEAD"
    assert ap2(got, 405, "method")["allowed"] == "allowed: GET, HEAD"


@pytest.mark.parametrize(("url", "name"), [
    ("/api/thickness?mm=10&mm=20", "mm"), ("/api/catalog?kind=attack&kind=armour", "kind"),
    ("/api/chart/pen-range?attack=9mm&from=front&from=rear", "from"),
    ("/api/chart/matrix?attack=9mm&band=long&band=short", "band"),
    ("/api/odds?samples=10&samples=20", "samples"), ("/api/gcs?name=a&name=b", "name"),
    ("/?rules=gurps&rules=penav", "rules"), ("/table?from=front&from=rear", "from"),
    ("/charts?kind=slope&kind=matrix", "kind"),
])
def test_a_one_value_parameter_given_twice_is_a_422_naming_it(client: TestClient, url: str,
                                                              name: str) -> None:
    got = client.post(url, json={}) if url.startswith(("/api/odds", "/api/gcs")) else client.get(url)
    body = ap2(got, 422, name)
    assert "one value" in body["allowed"] and "2 times" in body["allowed"]


def test_ap2_a_parameter_given_twice_shows_its_values_as_typed(client: TestClient) -> None:
    body = client.get("/api/thickness?mm=10&mm=20").json()
    assert body["error"] == ("mm: '20' is not allowed; one value (the parameter mm is given 2 "
                             "times, first as '10'; it takes one)")
    assert body["value"] == "20"


def test_a_list_parameter_may_repeat(client: TestClient) -> None:
    got = client.get("/api/chart/pen-range?attack=7.62x51mm NATO&attack=9mm Parabellum pistol")
    assert got.status_code == 200 and len(got.json()["attacks"]) == 2
    page = client.get("/table?armour=NIJ Type III&armour=NIJ Type IIIA")
    assert page.status_code == 200


# --- issue 30: headers every answer carries, one Host, exceptions as AP-2 (items 8 and 9) -------

PAGES = ["/", "/table", "/charts", "/?example=agent-gray"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_send_a_content_security_policy_nosniff_and_a_referrer_policy(
        client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    policy = [p.strip() for p in r.headers["content-security-policy"].split(";")]
    # scripts from the server's own files alone (no inline script runs); framed by its own pages
    assert "script-src 'self'" in policy and "default-src 'self'" in policy
    assert "object-src 'none'" in policy and "frame-ancestors 'self'" in policy
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    # the page holds no script the policy would block: every <script> is a file or JSON data
    html = r.text
    for start in range(html.count("<script")):
        tag = html.split("<script")[start + 1].split(">", 1)[0]
        assert "src=" in tag or 'type="application/json"' in tag, tag


def test_api_answers_say_nosniff_and_carry_no_page_policy(client: TestClient) -> None:
    for r in (client.get("/api/thickness?mm=60"), client.get("/api/nope"),
              client.get("/static/style.css")):
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        assert "content-security-policy" not in r.headers


def test_the_docs_page_allows_its_one_inline_script_by_hash(client: TestClient) -> None:
    import base64
    import hashlib
    import re

    r = client.get("/docs")
    scripts = re.findall(r"<script>(.*?)</script>", r.text, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    policy = r.headers["content-security-policy"]
    assert f"script-src 'self' 'sha256-{digest}';" in policy
    assert r.headers["x-content-type-options"] == "nosniff"


FRAME = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}


def test_named_origins_may_frame_the_pages() -> None:
    vtt = "https://foundry.example:30000"
    framed = TestClient(create_app(allow_hosts=TEST_HOSTS, frame_ancestors=[vtt, "https://*.owlbear.rodeo"]))
    r = framed.get("/", headers=FRAME)
    assert r.status_code == 200
    assert ("frame-ancestors 'self' https://foundry.example:30000 https://*.owlbear.rodeo"
            in r.headers["content-security-policy"])
    # an <img> of another site is still refused
    img = framed.get("/", headers={**FRAME, "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"})
    assert img.status_code == 403


def test_without_named_origins_another_sites_frame_is_refused(client: TestClient) -> None:
    ap2(client.get("/", headers=FRAME), 403, "Sec-Fetch-Site")


@pytest.mark.parametrize("origins", ["https://vtt.example", ["vtt.example"], ["ftp://vtt.example"],
                                     ["https://vtt.example/path"], ["https://"], ["https://a b"]])
def test_create_app_refuses_frame_ancestors_that_are_not_origins(origins: Any) -> None:
    from armourpen.errors import InputError

    with pytest.raises(InputError) as caught:
        create_app(frame_ancestors=origins)
    assert caught.value.field == "frame_ancestors"


def test_serve_refuses_a_frame_ancestor_that_is_no_origin(
        capsys: pytest.CaptureFixture[str], started: dict[str, Any]) -> None:
    code, _, err = cli(capsys, "serve", "--frame-ancestor", "foundry.example")
    assert code == 2 and err.startswith("armourpen: error: --frame-ancestor: 'foundry.example'")
    assert err.count("\n") == 1 and not started


def test_serve_passes_its_frame_ancestors_to_the_pages(
        capsys: pytest.CaptureFixture[str], started: dict[str, Any]) -> None:
    code, _, _ = cli(capsys, "serve", "--frame-ancestor", "http://localhost:30000")
    assert code == 0
    page = TestClient(started["app"], base_url="http://localhost").get("/")
    assert "frame-ancestors 'self' http://localhost:30000" in page.headers["content-security-policy"]


def test_a_request_with_two_host_headers_is_refused_400(real_server: int) -> None:
    raw = _exchange(real_server, b"GET /api/schema/penav HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Host: evil.example\r\nConnection: close\r\n\r\n")
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400")
    answer = json.loads(body)
    assert answer["field"] == "Host" and answer["allowed"] == "one Host header"
    assert answer["value"] == "127.0.0.1, evil.example"


def test_a_memory_error_of_the_work_is_a_422_saying_ask_for_less(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import armourpen
    from armourpen.web import errors
    from armourpen.web.server import ServerSettings

    def too_big(*_: Any, **__: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(armourpen, "thickness", too_big)
    monkeypatch.setattr(errors, "MEMORY_BOUND", 2048 << 20)  # as a worker sets it
    inline = TestClient(create_app(allow_hosts=TEST_HOSTS, server=ServerSettings(workers=0)))
    body = ap2(inline.get("/api/thickness?mm=60"), 422, "work")
    assert "2048 MiB" in body["allowed"] and "--worker-memory" in body["allowed"]
    assert "fewer dice" in body["allowed"] and "--samples" in body["allowed"]


def test_an_internal_error_is_one_line_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import armourpen
    from armourpen.web.server import ServerSettings

    def broken(*_: Any, **__: Any) -> Any:
        raise KeyError("detail-for-the-log")

    monkeypatch.setattr(armourpen, "thickness", broken)
    inline = TestClient(create_app(allow_hosts=TEST_HOSTS, server=ServerSettings(workers=0)))
    r = inline.get("/api/thickness?mm=60")
    body = ap2(r, 500, "server")
    assert "KeyError" in body["error"] and "Traceback" not in r.text and "detail-for-the-log" not in r.text
    assert "KeyError" in caplog.text  # the server's log has it
