"""How a request body is framed and coded: a zero-padded ``Content-Length`` is read as RFC 9110
says (``1*DIGIT``: ``0030`` is 30), and a coded body (``Content-Encoding: gzip``) is refused with
415 naming the coding, never read as if it were plain JSON (issue 30 item 10)."""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import MutableMapping
from typing import Any

import pytest
from web.test_web_requests_guarded import _exchange, real_server

from armourpen.limits import Limits
from armourpen.web.body import BodyLimit

__all__ = ["real_server"]  # the fixture, imported for the tests below

ROLL = b'{"damage": "3d cr", "seed": 1}'  # 30 bytes


def _post(port: int, length: bytes, body: bytes, extra: bytes = b"") -> tuple[bytes, bytes]:
    answer = _exchange(port, b"POST /api/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                       b"application/json\r\nContent-Length: " + length + b"\r\n" + extra
                       + b"Connection: close\r\n\r\n" + body)
    head, _, rest = answer.partition(b"\r\n\r\n")
    return head.partition(b"\r\n")[0], rest


def test_a_zero_padded_content_length_is_read_as_its_decimal_value(real_server: int) -> None:
    status, plain = _post(real_server, b"30", ROLL)
    assert status == b"HTTP/1.1 200 OK"
    # 0030 is 30 (RFC 9110 8.6: 1*DIGIT), not octal 24 nor a malformed header
    status, padded = _post(real_server, b"0030", ROLL)
    assert status == b"HTTP/1.1 200 OK" and padded == plain
    assert json.loads(padded)["seed"] == 1


def _body_limit(headers: list[tuple[bytes, bytes]], limits: Limits | None = None,
                ) -> tuple[list[dict[str, Any]], bool]:
    sent: list[dict[str, Any]] = []
    passed = False

    async def app(scope: Any, receive: Any, send: Any) -> None:  # noqa: ARG001 (ASGI's signature)
        nonlocal passed
        passed = True

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": ROLL}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {"type": "http", "path": "/api/roll", "headers": headers}
    asyncio.run(BodyLimit(app, limits or Limits())(scope, receive, send))
    return sent, passed


def test_many_leading_zeros_are_still_the_same_length() -> None:
    # 22 digits, 20 of them zeros: before, refused as "not a whole number" for its length alone
    sent, passed = _body_limit([(b"content-length", b"0" * 20 + b"30")])
    assert passed and sent == []
    # beyond the cap, the padding does not hide it: 2**20 + 1 bytes declared
    sent, passed = _body_limit([(b"content-length", b"0" * 20 + b"1048577")])
    assert not passed and sent[0]["status"] == 413
    sent, passed = _body_limit([(b"content-length", b"9" * 30)])
    assert not passed and sent[0]["status"] == 413


@pytest.mark.parametrize("coding", [b"gzip", b"deflate", b"br", b"GZIP", b"gzip, identity"])
def test_ap2_a_coded_body_is_refused_415_naming_the_coding(coding: bytes) -> None:
    sent, passed = _body_limit([(b"content-length", b"30"), (b"content-encoding", coding)])
    assert not passed and sent[0]["status"] == 415
    body = json.loads(sent[1]["body"])
    assert (body["field"], body["value"]) == ("Content-Encoding", coding.decode())


def test_identity_is_no_coding() -> None:
    sent, passed = _body_limit([(b"content-length", b"30"), (b"content-encoding", b"identity")])
    assert passed and sent == []


def test_ap2_a_real_server_refuses_a_gzip_body_415(real_server: int) -> None:
    # before, the gzip bytes were read as a JSON body and refused as "not UTF-8" (400); a coding
    # whose bytes happened to read would have been taken for what the client meant
    packed = gzip.compress(ROLL)
    status, rest = _post(real_server, str(len(packed)).encode(), packed,
                         b"Content-Encoding: gzip\r\n")
    assert status.startswith(b"HTTP/1.1 415")
    assert json.loads(rest)["field"] == "Content-Encoding" and json.loads(rest)["value"] == "gzip"
