"""docs/web.md's curl examples: one for every route the OpenAPI description lists, and each one
answered 200 by the app, with a body its description's 200 schema holds.

The lines are read as curl reads them (``-X``, ``-H``, ``-d``, ``--data-binary @FILE``,
``-F file=@FILE``); ``Ogre.gcs`` is a small character file written for the run.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest
from fastapi.testclient import TestClient
from gcs.gcs_helpers import character

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"
SECTION = "### Every route with curl"
BASE = "http://127.0.0.1:8000"


@dataclass
class Curl:
    line: str
    method: str = "GET"
    url: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    data: str | None = None  # a body given inline, or "@FILE"
    form: dict[str, str] = field(default_factory=dict)  # -F name=@FILE


def examples() -> list[Curl]:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(re.escape(SECTION) + r".*?```sh\n(.*?)```", text, re.S)
    assert block is not None, f"{SECTION} and its sh block in {DOC.name}"
    out = []
    for line in block.group(1).replace("\\\n", " ").splitlines():
        if line.strip():
            out.append(parse(line))
    return out


def parse(line: str) -> Curl:
    words = shlex.split(line)
    assert words[0] == "curl", line
    curl = Curl(line)
    it = iter(words[1:])
    for word in it:
        if word == "-X":
            curl.method = next(it)
        elif word == "-H":
            key, _, value = next(it).partition(":")
            curl.headers[key.strip()] = value.strip()
        elif word in ("-d", "--data", "--data-binary"):
            curl.data = next(it)
            curl.method = "POST" if curl.method == "GET" else curl.method
        elif word == "-F":
            name, _, value = next(it).partition("=")
            curl.form[name] = value
        else:
            assert not word.startswith("-"), f"an option the test does not read: {word}"
            curl.url = word
    assert curl.url.startswith(BASE), line
    return curl


def operation(curl: Curl, paths: dict[str, Any]) -> tuple[str, str]:
    """The OpenAPI path (a template) and method the example calls."""
    path = unquote(urlsplit(curl.url).path)
    for template in paths:
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^?]+", re.escape(template))
        if re.fullmatch(pattern, path) and curl.method.lower() in paths[template]:
            return template, curl.method.lower()
    raise AssertionError(f"no route of the API answers {curl.method} {path}")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("curl")
    (folder / "Ogre.gcs").write_text(json.dumps(character(name="Ogre", hp=20, st=20)),
                                     encoding="utf-8")
    return folder


def call(client: TestClient, curl: Curl, files: Path) -> Any:
    split = urlsplit(curl.url)
    target = split.path + (f"?{split.query}" if split.query else "")
    kwargs: dict[str, Any] = {"headers": curl.headers}
    if curl.data is not None:
        kwargs["content"] = ((files / curl.data[1:]).read_bytes() if curl.data.startswith("@")
                             else curl.data.encode())
    if curl.form:
        kwargs["files"] = {name: (value[1:], (files / value[1:]).read_bytes())
                           for name, value in curl.form.items()}
    return client.request(curl.method, target, **kwargs)


@pytest.fixture(scope="module")
def local(client: TestClient) -> TestClient:
    """The app as curl reaches it: at the address ``armourpen serve`` prints."""
    return TestClient(client.app, base_url=BASE)


def test_every_route_of_the_api_has_a_curl_example(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    shown = {operation(c, paths) for c in examples()}
    every = {(path, method) for path, ops in paths.items() for method in ops}
    assert every - shown == set()


def resolved(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the document's components beside it, for its ``$ref``s."""
    return {**schema, "components": spec["components"]}


@pytest.mark.parametrize("curl", examples(), ids=lambda c: c.line[:70])
def test_each_curl_example_is_answered_with_its_described_200(local: TestClient, curl: Curl,
                                                              files: Path) -> None:
    got = call(local, curl, files)
    assert got.status_code == 200, got.text[:500]
    spec = local.get("/openapi.json").json()
    path, method = operation(curl, spec["paths"])
    content = spec["paths"][path][method]["responses"]["200"]["content"]
    kind = got.headers["content-type"].split(";")[0]
    assert kind in content, (kind, list(content))
    if kind == "application/json":
        jsonschema.validate(got.json(), resolved(spec, content[kind]["schema"]))
    elif kind == "text/plain":  # /api/resolve/text: the CLI's plain outcome, head line first
        assert got.text.startswith("3d pi, ranged, torso: roll 10, basic damage 10\n")
    else:
        assert "<svg" in got.text[:500] and got.text.rstrip().endswith("</svg>")
