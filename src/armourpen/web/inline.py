"""Which requests the server answers on its own event loop, without a worker process.

Handing a request to a worker (:mod:`armourpen.web.work`) costs more than resolving a small
scenario: on 2 cores it took half the throughput of ``/api/resolve``. So a request that is cheap
by construction is answered inline, and everything else goes to the workers:

- its route is one of :data:`INLINE_ROUTES` (``POST /api/resolve``: one outcome, no odds);
- its body is at most :data:`INLINE_BODY_BYTES` bytes, so that reading, checking and validating
  it (linear in its size, :mod:`armourpen.reading`) is bounded before anything is read;
- the work its scenario asks for, estimated before any is done (:func:`armourpen.resolve_work`,
  the rule sets' own estimates, which their caps count), is at most :data:`INLINE_WORK`.

The first two are known before the body is parsed (:func:`sent_inline`); the last once the
scenario is read, and a scenario over it is handed to the workers then (:class:`ToWorkers`), the
body read again there. A refusal (AP-2) of a body sent inline is answered inline: it is found
while reading, within the same bound. ``bench/web_inline.py`` sends the adversarial bodies of the
tests to this path and prints the event loop's worst time per body against
:data:`LOOP_BOUND_MS`; ``docs/decisions/0004-inline-requests.md`` says why.

Inline answers take no share of the workers (:class:`armourpen.web.work.FairShare`): each is
bounded, and a client sending many of them only queues behind the others on the event loop.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

INLINE_ROUTES = frozenset({("POST", "/api/resolve")})
"""The routes whose light requests are answered inline: resolve (the odds, sweeps, charts, pages
and uploads are worked out by the workers, whatever their size)."""
INLINE_BODY_BYTES = 2048
"""A body sent inline is at most this many bytes: a scenario of a shot through a few layers to a
few targets is 150 to 600 bytes; a body of 2 KiB is read and validated in about a millisecond."""
INLINE_WORK = 500
"""A scenario sent inline asks for at most this much work (:func:`armourpen.resolve_work`, in
units of a PEN/AV layer faced, about 5 microseconds: PEN/AV's layers faced and entries, GURPS's
entries met by each shot or fragment and dice rolled): about 2.5 milliseconds."""
LOOP_BOUND_MS = 5.0
"""What a request answered inline may hold the event loop, at most, on a quiet 2-core machine
(``bench/web_inline.py`` prints each adversarial body's worst time against it)."""
SCOPE_KEY = "armourpen.inline"
"""Set in a request's ASGI scope when it is answered inline (the route weighs its work then)."""


class ToWorkers(Exception):
    """Raised by a route answering inline whose scenario's work is over :data:`INLINE_WORK`,
    before any of it is done: the server hands the request to the workers instead."""


def sent_inline(method: str, path: str, size: int) -> bool:
    """Whether a request is answered inline, as far as its line and body size tell (its work is
    weighed by the route, :func:`weigh`)."""
    return (method, path) in INLINE_ROUTES and size <= INLINE_BODY_BYTES


def weigh(scope: MutableMapping[str, Any], work: int) -> None:
    """Raise :class:`ToWorkers` when the request is answered inline and ``work`` is over the
    bound (a request a worker answers is never handed on)."""
    if work > INLINE_WORK and scope.get(SCOPE_KEY):
        raise ToWorkers


async def answered_inline(app: ASGIApp, scope: Scope, body: bytes, receive: Receive, send: Send
                          ) -> bool:
    """Answer a request here, on the event loop, by ``app`` (the routes, without the hand-off);
    False when its route found its work over the bound before doing any (nothing is sent then),
    for the workers to answer it."""
    given = False

    async def replayed() -> Message:  # the body already read, then the client's channel
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    try:
        await app({**scope, SCOPE_KEY: True}, replayed, send)
    except ToWorkers:
        return False
    return True
