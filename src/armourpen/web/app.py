"""The web app: the HTTP API under ``/api``, the calculator at ``/``, the GM's chart at ``/table``.

:func:`create_app` builds a FastAPI app around one catalog and one set of caps; ``armourpen serve``
runs it with uvicorn. Every asset is in the package (``static/``), so the pages work offline.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.web.server import ServerSettings
from armourpen.web.state import WebState

if TYPE_CHECKING:
    from fastapi import FastAPI

    from armourpen import Catalog

STATIC_DIR = Path(__file__).resolve().parent / "static"

DESCRIPTION = """\
Resolve shots against armour, cover, vehicles and the people behind them (PEN/AV and GURPS).

Every answer is exactly the JSON of the matching `armourpen` command with `--json`. Bad input of
any kind is a 4xx whose body is `{"error", "field", "value", "allowed"}` (AP-2): 400 a body that
is not JSON, 404 no such item, 413 a body over the size cap, 415 a body not sent as
`application/json`, 421 a `Host` header that names no address of this server, 422 any other bad
value or a request for more work than the caps allow (or than the server's time budget); 408 a body
not sent in time, 503 (with `Retry-After`) a server whose workers are all busy.
"""


def create_app(
    catalog: Catalog | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    cors: bool = False,
    server: ServerSettings | None = None,
    allow_hosts: Iterable[str] = (),
) -> FastAPI:
    """The app, looking names up in ``catalog`` (the built-in one by default) within ``limits``.

    ``cors`` lets pages of any origin call the API with GET and POST (for browser-based tools).
    ``server``: the worker processes that do the requests' work, the bound on requests in flight,
    the time budget of each (:class:`~armourpen.web.server.ServerSettings`; the workers start with
    the first request that needs them, and stop at the app's shutdown or when it is collected).
    With ``workers=0`` the work is done in the server's own process, one request at a time and
    without a time budget (for tests that look inside the work, and for embedding).
    ``allow_hosts``: the names the server answers to (the ``Host`` header) besides its IP
    addresses and ``localhost``; any other name is refused, for a page of another site may have
    made its name point at this machine (DNS rebinding; see :mod:`armourpen.web.guard`).
    """
    import asyncio
    import weakref
    from contextlib import asynccontextmanager

    from armourpen.web.body import BodyLimit
    from armourpen.web.guard import RequestGuard, allowed_host_names
    from armourpen.web.work import Offload, WorkPool

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
        weakref.finalize(app, pool.close)  # an app used without its lifespan (a test's client)
        app.add_middleware(Offload, pool=pool)  # inside the size cap, which reads the body under it
    app.add_middleware(BodyLimit, limits=limits)
    # outside the size cap and the workers: a request refused here costs neither a read nor a worker
    app.add_middleware(RequestGuard, router=app.router, hosts=allowed_host_names(allow_hosts),
                       cors=cors)
    if cors:
        from armourpen.web.guard import cors_middleware

        app.add_middleware(cors_middleware(), allow_origins=["*"], allow_methods=["GET", "POST"],
                           allow_headers=["Content-Type"])
    return app


def plain_app(catalog: Catalog, limits: Limits, lifespan: Any = None) -> FastAPI:
    """The routes, their error handlers and the static files, doing the work where they run (a
    worker process runs this app; :func:`create_app` wraps it)."""
    from fastapi import FastAPI
    from fastapi.staticfiles import StaticFiles

    import armourpen
    from armourpen.web import api, errors, pages

    # No /docs or /redoc: their pages load scripts from other hosts; /api describes the API here.
    app = FastAPI(title="armourpen", version=armourpen.__version__, description=DESCRIPTION,
                  docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.armourpen = WebState(catalog, limits)
    errors.install(app)
    # The routes go on the app's own router, in order: an included router is matched through a
    # nested one on every request, a cost each small API request would pay, and its routes are
    # not the app's routes to look up (RequestGuard reads their parameters).
    app.router.routes.extend(api.router.routes)
    app.router.routes.extend(pages.router.routes)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    _describe(app)
    return app


def _describe(app: FastAPI) -> None:
    """Add the scenario, table and roll schemas the routes name to the OpenAPI description."""
    from fastapi.openapi.utils import get_openapi

    from armourpen.web.api import components

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version,
                                 description=app.description, routes=app.routes)
            schema.setdefault("components", {}).setdefault("schemas", {}).update(components())
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
