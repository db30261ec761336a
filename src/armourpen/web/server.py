"""How the server holds under load: its settings, and the connections uvicorn keeps.

The work of a request runs in worker processes (:mod:`armourpen.web.work`) within a time budget;
this module bounds what the connections themselves may hold. uvicorn waits forever for a request
whose headers never end, and times an idle connection out only after a response, so a client could
hold sockets open until no one else gets one, and httptools holds a request's head whatever its
size. :func:`held_protocol` adds to uvicorn's own protocol class (httptools or h11) a timeout on a
request's head and on an idle connection, a cap on a head's bytes (431, counted here before the
parser holds them), and bounds the open connections, overall and per client address, such that a
new address always gets one: when every connection is taken, the address holding the most gives
up its longest idle one. uvicorn's plain-text 400 is answered in the AP-2 JSON shape. It relies
on uvicorn's protocol attributes (``cycle``, ``client``, ``transport``, ``loop``,
``on_response_complete``, ``send_400_response``; httptools' ``on_headers_complete`` and
``on_message_complete``): pyproject.toml bounds uvicorn's
version, and the tests run it over both parsers.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from armourpen.errors import InputError

if TYPE_CHECKING:
    import asyncio

MAX_WORKERS = 64
MIB = 1 << 20
LOW = {"queue": 0, "workers": 0, "worker_memory": 512, "max_head_bytes": 1024}
"""The least each whole-number setting may be (1 where not named)."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What one request and one connection may hold (``armourpen serve`` and ``create_app``)."""

    workers: int = 2
    """Worker processes that do the requests' work (``--workers``); 0: the server's own process
    does it, one request at a time, without a time budget (the Python API only)."""
    queue: int = 8
    """Requests that may wait for a worker; past ``workers + queue`` in flight: 503. The workers
    and the queue are shared between client addresses (:class:`armourpen.web.work.FairShare`)."""
    time_budget: float = 10.0
    """Seconds one request may take from its arrival, waiting for a worker included; past them
    it is answered and its work stopped (``--time-budget``)."""
    body_timeout: float = 30.0
    """Seconds a client has to send a request's body."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's line and headers, once connected or answered."""
    idle_timeout: float = 5.0
    """Seconds an answered connection is kept open for the next request (keep-alive)."""
    max_connections: int = 256
    """Connections open at once, from every client; when all are taken, a new address still gets
    one: the address holding the most closes its longest idle connection."""
    max_client_connections: int = 16
    """Connections open at once from one client address (a browser opens about 6 per server)."""
    max_head_bytes: int = 65536
    """Bytes of a request's line and headers; past them: 431, and the connection is closed."""
    worker_memory: int = 2048
    """MiB of address space each worker process may take (``--worker-memory``); work that needs
    more is refused (422) rather than making the host swap."""
    preempt_after: float = 0.5
    """Seconds a request waits, its client holding less than its fair share of the workers, before
    the work of a client holding more than its share is stopped (503) to make room."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "int":
                top = MAX_WORKERS if f.name == "workers" else 1 << 20
                low = LOW.get(f.name, 1)
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


HEAD_ENDS = (b"\r\n\r\n", b"\n\n")
"""Where a request's head ends (a blank line; the parsers take a bare LF too)."""


class HeldConnections:
    """What :func:`held_protocol` adds to uvicorn's protocol class (a mixin before it)."""

    settings: ServerSettings
    by_client: dict[str, list[HeldConnections]]  # the open connections of each address, of one server
    # uvicorn's own
    client: tuple[str, int] | None
    transport: Any
    loop: Any
    cycle: Any

    _client_key: str | None = None
    _head_timer: asyncio.TimerHandle | None = None
    _partial = False
    _idle_since = 0.0
    # A head's bytes are counted from its first byte to the blank line that ends it, before the
    # parser is given them: httptools holds a head of any size, h11 answers a large one 400.
    _in_head = True
    _head_bytes = 0
    _tail = b""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]  # uvicorn's, after this in the MRO
        s, by_client = self.settings, self.by_client
        key = self.client[0] if self.client else ""
        mine = len(by_client.get(key, ()))
        total = sum(len(held) for held in by_client.values())
        if mine >= s.max_client_connections:
            self._refuse(InputError("connections", mine, "a retry later: the server keeps at "
                                    f"most {s.max_client_connections} open from one address"))
            return
        if total >= s.max_connections and not self._make_room(key, mine):
            self._refuse(InputError("connections", total, "a retry later: the server keeps at "
                                    f"most {s.max_connections} open"))
            return
        self._client_key = key
        by_client.setdefault(key, []).append(self)
        self._arm()

    def _make_room(self, key: str, mine: int) -> bool:
        """Every connection taken: an address below its fair share (the bound over the addresses
        connected, this one counted) has the address holding the most close its longest idle
        connection, or one still sending its head. False when there is none to close."""
        by_client = self.by_client
        share = max(1, self.settings.max_connections // (len(by_client) + (key not in by_client)))
        if mine >= share:
            return False
        most = max(by_client, key=lambda k: len(by_client[k]))
        if len(by_client[most]) <= share:
            return False
        waiting = [c for c in by_client[most] if c._between_requests()]
        if not waiting:
            return False
        # idle ones first (a keep-alive the client may reopen), the longest idle of them
        victim = min(waiting, key=lambda c: (c._partial, c._idle_since))
        victim._close_for_another()
        return True

    def _between_requests(self) -> bool:
        """No request of this connection is being answered (idle, or its head still coming)."""
        cycle = self.cycle
        return self._client_key is not None and (cycle is None or cycle.response_complete)

    def _close_for_another(self) -> None:
        """Closed to make room for another address's connection (counted out at once)."""
        self._forget()
        if self._partial:
            self.transport.write(error_response(503, InputError(
                "connections", "(all taken)", "a retry later: this connection was closed for "
                "another client's, the server holding the most from this address"),
                ((b"retry-after", b"1"),)))
        self.transport.close()

    def _refuse(self, error: InputError) -> None:
        self.transport.write(error_response(503, error, ((b"retry-after", b"1"),)))
        self.transport.close()

    def _forget(self) -> None:
        key, self._client_key = self._client_key, None
        if key is not None:
            held = self.by_client.get(key, [])
            if self in held:
                held.remove(self)
            if not held:
                self.by_client.pop(key, None)

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        if self._head_timer is not None:
            self._head_timer.cancel()
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        self._partial = True
        if self._in_head and not self._head_counted(data):
            return
        super().data_received(data)  # type: ignore[misc]

    def _head_counted(self, data: bytes) -> bool:
        """Count ``data`` into the head being received; False (answered 431) past the cap."""
        seen = self._tail + data
        ends = [i + len(end) for end in HEAD_ENDS if (i := seen.find(end)) >= 0]
        used = (min(ends) - len(self._tail)) if ends else len(data)
        self._head_bytes += used
        cap = self.settings.max_head_bytes
        if self._head_bytes > cap:
            self.transport.write(error_response(431, InputError(
                "headers", f"more than {cap} bytes", f"a request line and headers of at most "
                f"{cap} bytes ({cap // 1024} KiB) in all")))
            self.transport.close()
            self._in_head = False
            return False
        if ends:
            self._in_head, self._tail = False, b""
        else:
            self._tail = seen[-3:]
        return True

    def _head_begins(self) -> None:
        self._in_head, self._head_bytes, self._tail = True, 0, b""

    def on_message_complete(self) -> None:
        # httptools: what follows in the stream (a pipelined request) is a head again
        super().on_message_complete()  # type: ignore[misc]
        self._head_begins()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()  # type: ignore[misc]
        self._in_head = False

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._arm()

    def _arm(self) -> None:
        """Time the next request's head from now (a connection made, or answered)."""
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._partial = False
        self._idle_since = self.loop.time()
        if not hasattr(super(), "on_message_complete"):  # h11: one request at a time
            self._head_begins()
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
                                        {"settings": settings, "by_client": {}})
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
                # h11's own cap on a head (a 400) only past ours (a 431), which counts first
                h11_max_incomplete_event_size=settings.max_head_bytes + 65536,
                timeout_keep_alive=math.ceil(settings.idle_timeout))  # uvicorn takes whole seconds
