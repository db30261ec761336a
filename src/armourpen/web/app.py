"""The web app: the HTTP API under ``/api``, the calculator at ``/``, the GM's chart at ``/table``.

:func:`create_app` builds a FastAPI app around one catalog and one set of caps; ``armourpen serve``
runs it with uvicorn: the requests that compute are answered by worker processes, each of which
runs the routes of :mod:`armourpen.web.routes`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from typing import TYPE_CHECKING

from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.web.routes import plain_app, routes
from armourpen.web.server import ServerSettings

if TYPE_CHECKING:
    from fastapi import FastAPI

    from armourpen import Catalog


def create_app(
    catalog: Catalog | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    cors: bool | Iterable[str] = False,
    server: ServerSettings | None = None,
    allow_hosts: Iterable[str] = (),
    frame_ancestors: Iterable[str] = (),
) -> FastAPI:
    """The app, looking names up in ``catalog`` (the built-in one by default) within ``limits``.

    ``cors`` lets pages of other origins call the API with GET and POST (for browser-based tools,
    a virtual tabletop's macro): ``True`` any origin, or a list of origins
    (``["https://foundry.example:30000"]``), whose preflights are answered, Chrome's private-network
    one too (``Access-Control-Allow-Private-Network``; docs/vtt.md), and whose requests alone pass.
    ``server``: the worker processes that do the requests' work, the bound on requests in flight,
    the time budget of each (:class:`~armourpen.web.server.ServerSettings`; the workers start with
    the first request that needs them, and stop at the app's shutdown or when it is collected).
    With ``workers=0`` the work is done in the server's own process, one request at a time and
    without a time budget (for tests that look inside the work, and for embedding).
    ``allow_hosts``: the names the server answers to (the ``Host`` header) besides its IP
    addresses and ``localhost``; any other name is refused, for a page of another site may have
    made its name point at this machine (DNS rebinding; see :mod:`armourpen.web.guard`).
    ``frame_ancestors``: origins whose pages may show these pages in a frame (a virtual tabletop,
    ``https://foundry.example:30000``) besides the server's own; by default none other may.
    """
    import asyncio
    import weakref
    from contextlib import asynccontextmanager

    from starlette.routing import Router

    from armourpen.web.body import BodyLimit
    from armourpen.web.guard import RequestGuard, allowed_host_names, cors_origins, frame_origins
    from armourpen.web.work import Offload, WorkPool

    frames = frame_origins(frame_ancestors)  # refused before anything is built
    origins = cors_origins(cors)
    if catalog is None:
        from armourpen import Catalog

        catalog = Catalog.builtin()
    pool = WorkPool(catalog, limits, server or ServerSettings())

    @asynccontextmanager
    async def lifespan(_: object) -> AsyncIterator[None]:
        if pool.settings.workers:  # the workers ready before the first request
            await asyncio.to_thread(pool.started)
        yield
        pool.close()

    app = plain_app(catalog, limits, lifespan=lifespan)
    if pool.settings.workers:
        weakref.finalize(app, pool.close_later)  # an app used without its lifespan (a test's client)
        app.add_middleware(Offload, pool=pool)  # inside the size cap, which reads the body under it
    app.add_middleware(BodyLimit, limits=limits)
    # outside the size cap and the workers: a request refused here costs neither a read nor a worker
    app.add_middleware(RequestGuard, router=Router(routes=routes()),
                       hosts=allowed_host_names(allow_hosts), cors=origins, frame_ancestors=frames)
    if origins:
        from armourpen.web.guard import cors_middleware

        app.add_middleware(cors_middleware(), allow_origins=list(origins),
                           allow_methods=["GET", "POST"], allow_headers=["Content-Type"],
                           allow_private_network=True)
    return app
