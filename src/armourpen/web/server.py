"""How the server holds under load: its settings, and the connections uvicorn keeps.

The work of a request runs in worker processes (:mod:`armourpen.web.work`) within a time budget;
this module bounds what the connections themselves may hold. uvicorn waits forever for a request
whose headers never end, and times an idle connection out only after a response, so a client could
hold sockets open until no one else gets one. :func:`held_protocol` adds to uvicorn's own protocol
class (httptools or h11) a timeout on a request's head and on an idle connection, and bounds the
open connections, overall and per client address; uvicorn's plain-text 400 is answered in the
AP-2 JSON shape. It relies on uvicorn's protocol attributes (``cycle``, ``client``, ``transport``,
``loop``, ``on_response_complete``, ``send_400_response``): pyproject.toml bounds uvicorn's
version, and the tests run it over both parsers.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from armourpen.errors import InputError

if TYPE_CHECKING:
    import asyncio

MAX_WORKERS = 64


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What one request and one connection may hold (``armourpen serve`` and ``create_app``)."""

    workers: int = 2
    """Worker processes that do the requests' work (``--workers``); 0: the server's own process
    does it, one request at a time, without a time budget (the Python API only)."""
    queue: int = 8
    """Requests that may wait for a worker; past ``workers + queue`` in flight: 503."""
    time_budget: float = 10.0
    """Seconds of work one request may take; past it, the work is stopped (``--time-budget``)."""
    body_timeout: float = 30.0
    """Seconds a client has to send a request's body."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's line and headers, once connected or answered."""
    idle_timeout: float = 5.0
    """Seconds an answered connection is kept open for the next request (keep-alive)."""
    max_connections: int = 256
    """Connections open at once, from every client."""
    max_client_connections: int = 32
    """Connections open at once from one client address (a browser opens about 6 per server)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "int":
                top = MAX_WORKERS if f.name == "workers" else 1 << 20
                low = 0 if f.name in ("queue", "workers") else 1
                if type(value) is not int or not low <= value <= top:
                    raise InputError(f.name, value, f"allowed: a whole number from {low} to {top}")
            elif not (type(value) in (int, float) and math.isfinite(value) and 0 < value <= 86_400):
                raise InputError(f.name, value, "allowed: a number of seconds above 0, at most "
                                 "86400 (a day)")

    @property
    def in_flight(self) -> int:
        """Requests worked on or waiting at once."""
        return self.workers + self.queue


def error_response(status: int, error: InputError, extra: tuple[tuple[bytes, bytes], ...] = ()
                   ) -> bytes:
    """A whole HTTP/1.1 response of an AP-2 body, closing the connection (written by the
    protocol itself, outside any app)."""
    from http import HTTPStatus

    from armourpen.web.errors import body

    payload = json.dumps(body(error), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode(),
            b"content-type: application/json", b"content-length: " + str(len(payload)).encode(),
            b"connection: close", *(name + b": " + value for name, value in extra)]
    return b"\r\n".join(head) + b"\r\n\r\n" + payload


class HeldConnections:
    """What :func:`held_protocol` adds to uvicorn's protocol class (a mixin before it)."""

    settings: ServerSettings
    by_client: Counter[str]  # the open connections of each client address, of one server
    # uvicorn's own
    client: tuple[str, int] | None
    transport: Any
    loop: Any
    cycle: Any

    _client_key: str | None = None
    _head_timer: asyncio.TimerHandle | None = None
    _partial = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]  # uvicorn's, after this in the MRO
        s, by_client = self.settings, self.by_client
        key = self.client[0] if self.client else ""
        if by_client.total() >= s.max_connections:
            self._refuse(InputError("connections", by_client.total(), "a retry later: the "
                                    f"server keeps at most {s.max_connections} open"))
        elif by_client[key] >= s.max_client_connections:
            self._refuse(InputError("connections", by_client[key], "a retry later: the server "
                                    f"keeps at most {s.max_client_connections} open from one "
                                    "address"))
        else:
            self._client_key = key
            by_client[key] += 1
            self._arm()

    def _refuse(self, error: InputError) -> None:
        self.transport.write(error_response(503, error, ((b"retry-after", b"1"),)))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        key, self._client_key = self._client_key, None
        if key is not None:
            self.by_client[key] -= 1
            if self.by_client[key] <= 0:
                del self.by_client[key]
        if self._head_timer is not None:
            self._head_timer.cancel()
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        self._partial = True
        super().data_received(data)  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._arm()

    def _arm(self) -> None:
        """Time the next request's head from now (a connection made, or answered)."""
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._partial = False
        self._head_timer = self.loop.call_later(self.settings.header_timeout, self._head_expired)

    def _head_expired(self) -> None:
        self._head_timer = None
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            return  # a request is being answered: the app times its body and its work
        if self.transport.is_closing():
            return
        if self._partial:  # a request begun and not ended in time: say so
            self.transport.write(error_response(408, InputError(
                "request", "(headers unfinished)", "a request's line and headers within "
                f"{self.settings.header_timeout:g} s")))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        del msg  # uvicorn's words, which it logs
        self.transport.write(error_response(400, InputError(
            "request", "(unreadable)", "an HTTP/1.1 request whose line and headers can be read")))
        self.transport.close()


def held_protocol(settings: ServerSettings, base: type[asyncio.Protocol] | None = None
                  ) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class (``base``: the one uvicorn would pick) holding connections
    to ``settings``, with counts of its own (one server's)."""
    if base is None:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol

        base = AutoHTTPProtocol
    held: type[asyncio.Protocol] = type("HeldProtocol", (HeldConnections, base),
                                        {"settings": settings, "by_client": Counter()})
    return held


def run(app: Any, host: str, port: int, settings: ServerSettings, *, http: str = "auto") -> None:
    """Serve ``app`` with uvicorn, its connections held to ``settings`` (``http``: the parser,
    ``auto``, ``httptools`` or ``h11``)."""
    import uvicorn
    from uvicorn.config import HTTP_PROTOCOLS
    from uvicorn.importer import import_from_string

    base = import_from_string(HTTP_PROTOCOLS[http])
    uvicorn.run(app, host=host, port=port, log_level="warning",
                http=held_protocol(settings, base),
                timeout_keep_alive=math.ceil(settings.idle_timeout))  # uvicorn takes whole seconds
