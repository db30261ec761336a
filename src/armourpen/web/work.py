"""The requests' work, off the event loop: worker processes, a bound, a time budget.

A request that computes (every POST, and the pages and charts that work out a sweep, odds or a
search) is read by the server, then handed whole (its line, headers and body bytes) to a worker
process, which runs the app on it and hands back the response's messages: parsing, checking and
computing all happen there, so the event loop stays free for every other client and static file.

- At most ``workers + queue`` requests are in flight; past that the answer is 503 with
  ``Retry-After`` (and the AP-2 body), at once.
- A body that does not arrive whole within ``body_timeout`` is answered 408.
- Work over ``time_budget`` seconds is stopped: its worker process is terminated and replaced,
  and the answer is 422, as for any other cap on the work a request asks for.
- Work whose client hangs up is stopped the same way.
- A large answer is never held whole twice: the worker writes its body (from
  :data:`SPOOL_FROM` bytes) to a temporary file as the app sends it and hands back the file's
  name, not the bytes (no pickled copy on either side); the server sends the file in chunks of
  :data:`CHUNK` bytes and removes it. Its size is bounded before the work by the caps of each
  answer (``max_answer_bytes``, ``max_table_cells``).

The pool is pebble's ``ProcessPool`` (a per-task timeout, and cancelling a running task
terminates its worker), started on the first request that needs it, with the ``forkserver``
method where there is one (a fork of the threaded server could inherit a held lock). Each worker
gets the app's catalog (as its plain data) and caps once, when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import tempfile
import threading
from typing import TYPE_CHECKING, Any

from starlette.requests import ClientDisconnect

from armourpen.errors import InputError
from armourpen.web.body import ASGIApp, Message, Receive, Scope, Send, received_body
from armourpen.web.errors import response, status_of
from armourpen.web.server import ServerSettings

if TYPE_CHECKING:
    from pebble import ProcessPool

    from armourpen import Catalog
    from armourpen.limits import Limits

WORK_PAGES = frozenset({"/", "/table", "/charts"})
"""Pages that work out a scenario's odds or a sweep (``GET``), as against static ones."""
WORK_PREFIXES = ("/api/chart/", "/api/catalog")
"""API paths whose ``GET`` draws a chart or searches the catalog."""
SCOPE_KEYS = ("type", "asgi", "http_version", "method", "scheme", "path", "raw_path", "root_path",
              "query_string", "headers", "client", "server")
"""What a worker is told of a request (plain values, as sent between processes)."""
RETRY_AFTER = (b"retry-after", b"1")
SPOOL_FROM = 1 << 20
"""A response body of this many bytes or more is handed back from a worker in a file."""
CHUNK = 1 << 18
"""Bytes of a handed-back file sent at a time."""
PRELOAD = ["armourpen.web.work", "armourpen.web.routes", "armourpen.charts", "matplotlib.pyplot"]
"""Imported once by the process the workers are forked from, not by each worker."""


def is_work(method: str, path: str) -> bool:
    """Whether a request computes (and runs in a worker): every POST (each POST route computes),
    and the pages, charts and catalog lookups fetched with GET (or HEAD)."""
    if method == "POST":
        return True
    return method in ("GET", "HEAD") and (path in WORK_PAGES or path.startswith(WORK_PREFIXES))


class WorkPool:
    """The app's worker processes and the count of requests in flight."""

    def __init__(self, catalog: Catalog, limits: Limits, settings: ServerSettings) -> None:
        self.catalog = catalog
        self.limits = limits
        self.settings = settings
        self.in_flight = 0
        self._pool: ProcessPool | None = None
        self._starting = threading.Lock()

    def started(self) -> ProcessPool:
        """The pool, started on first use (an app built but never asked to work starts none).

        Starting waits for the first workers' process to import the app: the server does it at
        its start, or a first request in a thread, never on the event loop.
        """
        with self._starting:
            return self._pool or self._start()

    def _start(self) -> ProcessPool:
        from pebble import ProcessPool

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods
                                              else "spawn")
        if "forkserver" in methods:  # each worker starts with these imported
            context.set_forkserver_preload(PRELOAD)
        self._pool = ProcessPool(max_workers=self.settings.workers, context=context,
                                 initializer=start_worker, initargs=worker_args(
                                     self.catalog, self.limits))
        # pebble starts its workers with the first task: one that does nothing, now
        self._pool.schedule(int).result()
        return self._pool

    def close(self) -> None:
        """Stop the workers (at the server's shutdown, or when the app is collected)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.stop()  # type: ignore[no-untyped-call]  # pebble leaves it untyped
            pool.join(timeout=10)

    def close_later(self) -> None:
        """:meth:`close` in a thread of its own: for an app collected without its shutdown, whose
        collection may run in any thread, pebble's own among them, which cannot wait for itself."""
        if self._pool is not None:
            threading.Thread(target=self.close, name="armourpen-pool-close", daemon=True).start()

    async def answer(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
        """Have a worker answer the request, within the bound and the time budget."""
        s = self.settings
        if self.in_flight >= s.in_flight:
            await refuse(scope, send, 503, InputError(
                "server", f"{self.in_flight} requests in progress",
                f"a retry in a second (Retry-After): {s.workers} worker(s) take at most "
                f"{s.in_flight} requests at once (armourpen serve --workers sets how many)"),
                (RETRY_AFTER,))
            return
        self.in_flight += 1
        try:
            await self._answer(scope, body, receive, send)
        finally:
            self.in_flight -= 1

    async def _answer(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
        from pebble import ProcessExpired

        request = {key: scope[key] for key in SCOPE_KEYS if key in scope}
        request["headers"] = [(bytes(k), bytes(v)) for k, v in scope.get("headers") or ()]
        pool = self._pool
        if pool is None:
            pool = await asyncio.to_thread(self.started)
        try:
            future = pool.schedule(work, args=(request, body), timeout=self.settings.time_budget)
        except RuntimeError:  # the pool broke (a worker that cannot start): a fresh one next time
            self.close()
            raise
        done = asyncio.wrap_future(future)
        gone = asyncio.ensure_future(hung_up(receive))
        try:
            await asyncio.wait((done, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not done.done():  # the client left (or the server stops): stop the work
                future.cancel()  # type: ignore[no-untyped-call]  # pebble: ends its worker
            gone.cancel()
        if not done.done() or done.cancelled():
            return
        try:
            messages: list[Message] = done.result()
        except TimeoutError:
            budget = self.settings.time_budget
            await refuse(scope, send, 422, InputError(
                "time_budget", f"more than {budget:g} s of work",
                f"a request whose work ends within the server's time budget ({budget:g} s; "
                "armourpen serve --time-budget sets it): ask for less work"))
            return
        except ProcessExpired as exc:  # the worker died (killed, out of memory): not the client's
            await refuse(scope, send, 500, InputError(
                "server", f"a worker that stopped ({exc})", "a request the server could finish; "
                "the server log may say why"))
            return
        try:
            for i, message in enumerate(messages):
                path = message.get("spooled")
                if path is None:
                    await send(message)
                else:
                    messages[i] = {}  # sent (or not): removed below either way
                    await send_file(path, bool(message.get("more_body")), send)
        finally:
            for message in messages:
                if message.get("spooled"):
                    _remove(message["spooled"])


async def send_file(path: str, more_body: bool, send: Send) -> None:
    """A body handed back in the file ``path`` (:func:`spooled`), sent in chunks, then removed."""
    try:
        with open(path, "rb") as f:
            chunk = await asyncio.to_thread(f.read, CHUNK)
            while True:
                after = await asyncio.to_thread(f.read, CHUNK)
                await send({"type": "http.response.body", "body": chunk,
                            "more_body": bool(after) or more_body})
                if not after:
                    return
                chunk = after
    finally:
        _remove(path)


def _remove(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


async def hung_up(receive: Receive) -> None:
    """Returns when the client has gone (the server's ``http.disconnect``, once the body is read)."""
    while (await receive())["type"] != "http.disconnect":
        pass


async def refuse(scope: Scope, send: Send, status: int, error: InputError,
                 headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    """An AP-2 answer sent from the server itself (no worker involved)."""
    answer = response(error, status)
    answer.raw_headers.extend(headers)

    async def nothing() -> Message:  # the answer reads nothing more of the request
        return {"type": "http.disconnect"}

    await answer(scope, nothing, send)


class Offload:
    """ASGI middleware: the requests that compute (:func:`is_work`) are answered by the pool."""

    def __init__(self, app: ASGIApp, pool: WorkPool) -> None:
        self.app = app
        self.pool = pool

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_work(scope["method"], scope["path"]):
            await self.app(scope, receive, send)
            return
        wait = self.pool.settings.body_timeout
        try:
            async with asyncio.timeout(wait):
                body = await received_body(receive)
        except TimeoutError:
            await refuse(scope, send, 408, InputError(
                "body", "(unfinished)", f"the whole body within {wait:g} s"),
                ((b"connection", b"close"),))
            return
        except ClientDisconnect:
            return
        except InputError as exc:  # the size cap, counted as the body came
            await refuse(scope, send, status_of(exc), exc, ((b"connection", b"close"),))
            return
        await self.pool.answer(scope, body, receive, send)


# --- in the worker process ----------------------------------------------------------------------

_worker: tuple[asyncio.AbstractEventLoop, ASGIApp] | None = None


def worker_args(catalog: Catalog, limits: Limits) -> tuple[Any, ...]:
    """What a worker is started with: the catalog as plain data (or why it could not be read)."""
    from armourpen import encode_catalog
    from armourpen.web.state import UnreadCatalog

    if isinstance(catalog, UnreadCatalog):
        p = catalog.problem
        return None, (p.field, p.value, p.allowed), limits
    return encode_catalog(catalog), None, limits


def start_worker(catalog: Any, problem: tuple[str, object, str] | None, limits: Limits) -> None:
    """A worker's start: its own app (without the pool) and event loop, kept for every request."""
    global _worker  # one app per worker process, made once
    from armourpen import Catalog, decode_catalog
    from armourpen.web.routes import plain_app
    from armourpen.web.state import UnreadCatalog

    held = (UnreadCatalog(InputError(*problem)) if problem is not None
            else decode_catalog(catalog, Catalog.restore))
    _worker = (asyncio.new_event_loop(), plain_app(held, limits))
    # The calculator's first outcomes, before any request's time budget runs: what the rules
    # load on first use is loaded now
    from armourpen.web.form import GURPS_DEFAULT, PENAV_DEFAULT

    for scenario in (PENAV_DEFAULT, GURPS_DEFAULT):
        work({"type": "http", "method": "POST", "path": "/ui/outcome", "headers": [
            (b"content-type", b"application/json")], "query_string": b""},
             json.dumps(scenario).encode())


def work(request: Scope, body: bytes) -> list[Message]:
    """The response's messages to one request (run in a worker)."""
    assert _worker is not None, "start_worker runs first"
    loop, app = _worker
    sent: list[Message] = []
    given = False

    async def receive() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # the server watches for the client's leaving, not the app
        raise AssertionError("unreachable")

    async def send(message: Message) -> None:
        sent.append(spooled(message))

    loop.run_until_complete(app(dict(request), receive, send))
    return sent


def spooled(message: Message) -> Message:
    """``message``, or when it is a body of :data:`SPOOL_FROM` bytes or more, the same message
    with the body written to a temporary file and only the file's name kept (``spooled``)."""
    body = message.get("body", b"")
    if message["type"] != "http.response.body" or len(body) < SPOOL_FROM:
        return message
    fd, path = tempfile.mkstemp(prefix="armourpen-answer-")
    with os.fdopen(fd, "wb") as f:
        f.write(body)
    return {"type": "http.response.body", "spooled": path,
            "more_body": bool(message.get("more_body"))}
