"""The requests' work, off the event loop: worker processes, a bound, a time budget.

A request that computes (every POST, and the pages and charts that work out a sweep, odds or a
search) is read by the server, then handed whole (its line, headers and body bytes) to a worker
process, which runs the app on it and hands back the response's messages: parsing, checking and
computing happen there, so the event loop stays free for every other client and static file (but
for light ones, bounded before they start, answered on it: :mod:`armourpen.web.inline`).

- At most ``workers + queue`` requests are in flight, shared fairly between client addresses
  (:class:`FairShare`): a request is answered 503 with ``Retry-After`` (and the AP-2 body) at once
  when there is no room, or when its address holds its share of the queue already. A client alone
  may take the whole queue; a request of another address takes back a place of the client holding
  more than its share (that request is answered 503), and a worker too if none frees within
  ``preempt_after`` seconds.
- A body that does not arrive whole within ``body_timeout`` is answered 408.
- ``time_budget`` counts from when the request arrived (its body read), waiting included: a
  request that cannot start within it is answered 503 then; work still running at its end is
  stopped (its worker process terminated and replaced) and answered 422 when it had at least half
  the budget to work, as for any other cap on the work a request asks for, else 503 (the wait took
  the budget).
- Work whose client hangs up is stopped the same way.
- Any exception of the work is an AP-2 answer (:mod:`armourpen.web.errors`); a worker's memory is
  bounded (``worker_memory``, its address space), so work too big for it is a ``MemoryError``
  there (422), not a host that swaps.
- A large answer is never held whole twice: the worker writes its body (from
  :data:`SPOOL_FROM` bytes) to a temporary file as the app sends it and hands back the file's
  name, not the bytes (no pickled copy on either side); the server sends the file in chunks of
  :data:`CHUNK` bytes and removes it. Its size is bounded before the work by the caps of each
  answer (``max_answer_bytes``, ``max_table_cells``).

The pool is pebble's ``ProcessPool`` (cancelling a running task terminates its worker), started
on the first request that needs it, with the ``forkserver`` method where there is one (a fork of
the threaded server could inherit a held lock); a task is handed to it only when a worker is free,
so its own queue stays empty and the order is :class:`FairShare`'s. Each worker gets the app's
catalog (as its plain data), caps and memory bound once, when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from starlette.requests import ClientDisconnect

from armourpen.errors import InputError
from armourpen.web.body import ASGIApp, Message, Receive, Scope, Send, received_body
from armourpen.web.errors import body as errors_body
from armourpen.web.errors import contained, response, status_of
from armourpen.web.inline import answered_inline, sent_inline
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
PRELOAD = ["armourpen.web.work", "armourpen.web.routes", "armourpen.charts", "matplotlib.pyplot",
           "armourpen.web.api", "armourpen.web.pages", "armourpen.web.docs", "armourpen.web.form",
           "armourpen.penav.resolve", "armourpen.penav.scenario", "armourpen.gurps.resolve",
           "armourpen.gurps.scenario", "armourpen.gcs.scenario", "armourpen.probability.exact",
           "armourpen.probability.fast", "armourpen.view.outcome", "armourpen.view.odds",
           "armourpen.catalog.loader", "armourpen.catalog.cache", "fastapi.openapi.docs",
           "armourpen.web.warm"]
"""Imported once by the process the workers are forked from, not by each worker: a worker stopped
(its client gone, its budget spent, its work taken back for another client) is replaced in a
fraction of a second rather than the seconds its imports would take."""
SPOOL_FROM = 1 << 20
"""A response body of this many bytes or more is handed back from a worker in a file."""
CHUNK = 1 << 18
"""Bytes of a handed-back file sent at a time."""


def is_work(method: str, path: str) -> bool:
    """Whether a request computes (and runs in a worker): every POST (each POST route computes),
    and the pages, charts and catalog lookups fetched with GET (or HEAD)."""
    if method == "POST":
        return True
    return method in ("GET", "HEAD") and (path in WORK_PAGES or path.startswith(WORK_PREFIXES))


Signal = Literal["start", "evict", "preempt"]


@dataclass(eq=False)
class Ticket:
    """One request's place: waiting for a worker, then running."""

    client: str
    arrived: float
    loop: asyncio.AbstractEventLoop | None = None
    started: float = 0.0
    turn: asyncio.Future[Signal] | None = None
    """Told ``start`` (a worker is free) or ``evict`` (the place was given to another address)."""
    stop: asyncio.Future[Signal] | None = None
    """Told ``preempt`` (the worker is given to an address below its share)."""

    def tell(self, what: Signal) -> None:
        future = self.stop if what == "preempt" else self.turn
        if future is None or self.loop is None:
            return

        def told() -> None:
            if not future.done():
                future.set_result(what)

        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            told()
        else:  # an app served from several event loops (a test's clients)
            self.loop.call_soon_threadsafe(told)


@dataclass
class FairShare:
    """Who gets the workers and the places in the queue, between client addresses.

    A client address's share is the workers, or the queue, over the addresses with a request in
    flight (at least one). A client may hold more than its share only while no other address
    waits: a lone client (a benchmark, a GM's own browser) is never held back, and one that
    floods is held to its share once another address comes. Its state changes only through these
    methods, each returning what the requests concerned are to be told; it reads no clock.
    """

    workers: int
    queue: int
    waiting: list[Ticket] = field(default_factory=list)
    running: list[Ticket] = field(default_factory=list)

    def _clients(self, extra: str | None = None) -> int:
        names = {t.client for t in self.waiting} | {t.client for t in self.running}
        if extra is not None:
            names.add(extra)
        return max(1, len(names))

    def shares(self, extra: str | None = None) -> tuple[int, int]:
        """Each address's share of the workers and of the queue."""
        n = self._clients(extra)
        return max(1, self.workers // n), (max(1, self.queue // n) if self.queue else 0)

    def admit(self, ticket: Ticket) -> list[tuple[Ticket, Signal]] | None:
        """Take ``ticket`` (None: refused, no room within its address's share)."""
        if len(self.running) < self.workers and not self.waiting:
            self.running.append(ticket)
            return [(ticket, "start")]
        told: list[tuple[Ticket, Signal]] = []
        if len(self.waiting) >= self.queue:  # full: a place of an address over its share
            worker_share, queue_share = self.shares(ticket.client)
            share = worker_share + queue_share
            held = Counter(t.client for t in (*self.running, *self.waiting))
            over = {t.client for t in self.waiting if held[t.client] > share}
            if held[ticket.client] >= share or not over:
                return None
            most = max(over, key=lambda c: held[c])
            victim = next(t for t in reversed(self.waiting) if t.client == most)  # its newest
            self.waiting.remove(victim)
            told.append((victim, "evict"))
        self.waiting.append(ticket)
        return told + self.dispatch()

    def dispatch(self) -> list[tuple[Ticket, Signal]]:
        """Free workers to the waiting requests: the address running the fewest first, then the
        earliest arrived."""
        told: list[tuple[Ticket, Signal]] = []
        while self.waiting and len(self.running) < self.workers:
            runs = Counter(t.client for t in self.running)
            ticket = min(self.waiting, key=lambda t: runs[t.client])  # min keeps arrival order
            self.waiting.remove(ticket)
            self.running.append(ticket)
            told.append((ticket, "start"))
        return told

    def preempt(self) -> list[tuple[Ticket, Signal]]:
        """An address waiting below its share of the workers while another runs more than its
        share: the latter's newest work is stopped, and the worker given on."""
        worker_share, _ = self.shares()
        runs = Counter(t.client for t in self.running)
        if not any(runs[t.client] < worker_share for t in self.waiting) or not runs:
            return []
        most, count = runs.most_common(1)[0]
        if count <= worker_share:
            return []
        victim = next(t for t in reversed(self.running) if t.client == most)
        self.running.remove(victim)
        return [(victim, "preempt"), *self.dispatch()]

    def release(self, ticket: Ticket) -> list[tuple[Ticket, Signal]]:
        """``ticket`` is done (answered, or its client gone): its place goes on."""
        for held in (self.running, self.waiting):
            if ticket in held:
                held.remove(ticket)
        return self.dispatch()


class WorkPool:
    """The app's worker processes and the count of requests in flight."""

    def __init__(self, catalog: Catalog, limits: Limits, settings: ServerSettings) -> None:
        self.catalog = catalog
        self.limits = limits
        self.settings = settings
        self.fair = FairShare(settings.workers, settings.queue)
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
                                     self.catalog, self.limits, self.settings.worker_memory))
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

    @property
    def in_flight(self) -> int:
        """Requests worked on or waiting."""
        return len(self.fair.running) + len(self.fair.waiting)

    def _tell(self, told: list[tuple[Ticket, Signal]]) -> None:
        for ticket, what in told:
            ticket.tell(what)

    def _preempt(self) -> None:
        self._tell(self.fair.preempt())

    async def answer(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
        """Have a worker answer the request, within its address's share and the time budget."""
        s = self.settings
        loop = asyncio.get_running_loop()
        client = scope.get("client")
        ticket = Ticket(str(client[0]) if client else "", loop.time(), loop,
                        turn=loop.create_future(), stop=loop.create_future())
        told = self.fair.admit(ticket)
        if told is None:
            mine = sum(t.client == ticket.client for t in (*self.fair.running, *self.fair.waiting))
            await refuse(scope, send, 503, InputError(
                "server", f"{self.in_flight} requests in progress, {mine} of them this client's",
                f"a retry in a second (Retry-After): {s.workers} worker(s) take at most "
                f"{s.in_flight} requests at once, shared between clients (armourpen serve "
                "--workers sets how many)"), (RETRY_AFTER,))
            return
        self._tell(told)
        gone = asyncio.ensure_future(hung_up(receive))
        try:
            await self._answer(ticket, scope, body, gone, send)
        finally:
            gone.cancel()
            self._tell(self.fair.release(ticket))

    async def _turn(self, ticket: Ticket, scope: Scope, gone: asyncio.Future[None], send: Send
                    ) -> bool:
        """Wait for a worker; False when the request is answered (or its client gone) instead."""
        assert ticket.turn is not None
        if ticket.turn.done():
            return True
        s, loop = self.settings, asyncio.get_running_loop()
        check = loop.call_later(s.preempt_after, self._preempt)  # a worker taken back for it
        try:
            await asyncio.wait((ticket.turn, gone), timeout=ticket.arrived + s.time_budget
                               - loop.time(), return_when=asyncio.FIRST_COMPLETED)
        finally:
            check.cancel()
        if gone.done():
            return False
        if ticket.turn.done() and ticket.turn.result() == "start":
            return True
        waited = loop.time() - ticket.arrived
        await refuse(scope, send, 503, InputError(
            "server", f"{waited:.1f} s waiting for a worker", (
                "a retry in a second (Retry-After): the request's place was given to another "
                "client's, this client holding more than its share" if ticket.turn.done() else
                "a retry in a second (Retry-After): no worker was free within the time budget "
                f"({s.time_budget:g} s, counted from the request's arrival)")), (RETRY_AFTER,))
        return False

    async def _answer(self, ticket: Ticket, scope: Scope, body: bytes, gone: asyncio.Future[None],
                      send: Send) -> None:
        from pebble import ProcessExpired

        s, loop = self.settings, asyncio.get_running_loop()
        deadline = ticket.arrived + s.time_budget
        assert ticket.turn is not None and ticket.stop is not None
        if not await self._turn(ticket, scope, gone, send):
            return
        request = {key: scope[key] for key in SCOPE_KEYS if key in scope}
        request["headers"] = [(bytes(k), bytes(v)) for k, v in scope.get("headers") or ()]
        pool = self._pool
        if pool is None:
            pool = await asyncio.to_thread(self.started)
        try:
            future = pool.schedule(work, args=(request, body))
        except RuntimeError:  # the pool broke (a worker that cannot start): a fresh one next time
            self.close()
            raise
        done = asyncio.wrap_future(future)

        def watch() -> None:  # when the worker takes it (a replaced worker comes up first)
            if future.running() or future.done():
                ticket.started = ticket.started or loop.time()
            else:
                watching[0] = loop.call_later(0.02, watch)

        watching = [loop.call_soon(watch)]
        try:
            await asyncio.wait((done, gone, ticket.stop), timeout=max(0.0, deadline - loop.time()),
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            watching[0].cancel()
            if not done.done():  # the client left, the budget ran out, or the server stops
                future.cancel()  # type: ignore[no-untyped-call]  # pebble: ends its worker
        if gone.done() or done.cancelled():
            return
        if ticket.stop.done() or not done.done():
            await self._stopped(ticket, scope, send)
            return
        try:
            messages: list[Message] = done.result()
        except ProcessExpired as exc:  # the worker died (killed): not the client's doing
            await refuse(scope, send, 500, InputError(
                "server", f"a worker that stopped ({exc})", "a request the server could finish; "
                "the server log may say why"))
            return
        except Exception as exc:  # the answer could not come back (a result pebble cannot send)
            error, status = contained(exc)
            await refuse(scope, send, status, error)
            return
        await send_messages(messages, send)

    async def _stopped(self, ticket: Ticket, scope: Scope, send: Send) -> None:
        """The answer to work stopped: taken back for another client, or at its time budget (422
        when it had at least half the budget to work, else 503: the wait took it)."""
        s, loop = self.settings, asyncio.get_running_loop()
        worked = loop.time() - ticket.started if ticket.started else 0.0
        assert ticket.stop is not None
        budget = s.time_budget
        if ticket.stop.done():
            await refuse(scope, send, 503, InputError(
                "server", f"{worked:.1f} s of work stopped", "a retry in a second (Retry-After): "
                "the work was stopped to give another client its share of the workers, this "
                "client holding more than its share"), (RETRY_AFTER,))
        elif worked >= budget / 2:
            await refuse(scope, send, 422, InputError(
                "time_budget", f"more than {worked:.1f} s of work",
                f"a request whose work ends within the server's time budget ({budget:g} s; "
                "armourpen serve --time-budget sets it): ask for less work"))
        else:
            await refuse(scope, send, 503, InputError(
                "server", f"{budget - worked:.1f} s waiting for a worker", "a retry in a "
                f"second (Retry-After): the wait left {worked:.1f} s of the time budget "
                f"({budget:g} s, counted from the request's arrival) for the work"),
                (RETRY_AFTER,))


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
    """ASGI middleware: the requests that compute (:func:`is_work`) are answered by the pool,
    but for the light ones answered on the event loop (:mod:`armourpen.web.inline`)."""

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
        if sent_inline(scope["method"], scope["path"], len(body)) and await answered_inline(
                self.app, scope, body, receive, send):
            return
        await self.pool.answer(scope, body, receive, send)


# --- in the worker process ----------------------------------------------------------------------

_worker: tuple[asyncio.AbstractEventLoop, ASGIApp] | None = None


def worker_args(catalog: Catalog, limits: Limits, memory: int) -> tuple[Any, ...]:
    """What a worker is started with: the catalog as plain data (or why it could not be read),
    the caps, its memory bound (MiB)."""
    from armourpen import encode_catalog
    from armourpen.web.state import UnreadCatalog

    if isinstance(catalog, UnreadCatalog):
        p = catalog.problem
        return None, (p.field, p.value, p.allowed), limits, memory
    return encode_catalog(catalog), None, limits, memory


def bound_memory(mib: int) -> None:
    """Bound this process's address space to ``mib`` MiB (where the system can): an allocation
    past it is a ``MemoryError`` here, answered 422, and the host never swaps for one request."""
    try:
        import resource
    except ImportError:  # not on Windows: the bound is not kept there
        return
    from armourpen.web import errors

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = mib * (1 << 20)
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    errors.MEMORY_BOUND = want


def start_worker(catalog: Any, problem: tuple[str, object, str] | None, limits: Limits,
                 memory: int) -> None:
    """A worker's start: its memory bound, its own app (without the pool) and event loop, kept
    for every request."""
    global _worker  # one app per worker process, made once
    from armourpen import Catalog, decode_catalog
    from armourpen.web.routes import plain_app
    from armourpen.web.state import UnreadCatalog

    bound_memory(memory)
    held = (UnreadCatalog(InputError(*problem)) if problem is not None
            else decode_catalog(catalog, Catalog.restore))
    _worker = (asyncio.new_event_loop(), plain_app(held, limits))
    warm(*_worker)


def warm(loop: asyncio.AbstractEventLoop, app: ASGIApp) -> None:
    """The calculator's first outcomes, before any request's time budget runs: what the rules
    load on first use is loaded now (by a worker as it starts, and first by the process the
    workers are forked from, :mod:`armourpen.web.warm`, so that a replaced worker is soon ready)."""
    from armourpen.web.form import GURPS_DEFAULT, PENAV_DEFAULT

    for scenario in (PENAV_DEFAULT, GURPS_DEFAULT):
        answer(loop, app, {"type": "http", "method": "POST", "path": "/ui/outcome", "headers": [
            (b"content-type", b"application/json")], "query_string": b""},
            json.dumps(scenario).encode())


def work(request: Scope, body: bytes) -> list[Message]:
    """The response's messages to one request (run in a worker)."""
    assert _worker is not None, "start_worker runs first"
    return answer(*_worker, request, body)


def answer(loop: asyncio.AbstractEventLoop, app: ASGIApp, request: Scope, body: bytes
           ) -> list[Message]:
    """The response's messages of ``app`` to one request, run on ``loop``."""
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

    try:
        loop.run_until_complete(app(dict(request), receive, send))
    except Exception as exc:  # raised after the answer began (Contained answers the others)
        error, status = contained(exc)
        payload = json.dumps(errors_body(error), ensure_ascii=False,
                             separators=(",", ":")).encode("utf-8")
        return [{"type": "http.response.start", "status": status, "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode())]},
                {"type": "http.response.body", "body": payload, "more_body": False}]
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


async def send_messages(messages: list[Message], send: Send) -> None:
    """A worker's response messages sent on, a body handed back in a file (:func:`spooled`) read
    from it in chunks; every such file is removed, sent or not."""
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
