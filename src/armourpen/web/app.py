"""The web app: the HTTP API under ``/api``, the calculator at ``/``, the GM's chart at ``/table``.

:func:`create_app` builds a FastAPI app around one catalog and one set of caps; ``armourpen serve``
runs it with uvicorn. Every asset is in the package (``static/``), so the pages work offline.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.web.state import WebState

if TYPE_CHECKING:
    from fastapi import FastAPI

    from armourpen.catalog import Catalog

STATIC_DIR = Path(__file__).resolve().parent / "static"

DESCRIPTION = """\
Resolve shots against armour, cover, vehicles and the people behind them (PEN/AV and GURPS).

Every answer is exactly the JSON of the matching `armourpen` command with `--json`. Bad input of
any kind is a 4xx whose body is `{"error", "field", "value", "allowed"}` (AP-2): 400 a body that
is not JSON, 404 no such item, 413 a body over the size cap, 415 a body not sent as
`application/json`, 421 a `Host` header that names no address of this server, 422 any other bad
value or a request for more work than the caps allow.
"""


def create_app(
    catalog: Catalog | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    cors: bool = False,
    allow_hosts: Iterable[str] = (),
) -> FastAPI:
    """The app, looking names up in ``catalog`` (the built-in one by default) within ``limits``.

    ``cors`` lets pages of any origin call the API with GET and POST (for browser-based tools).
    ``allow_hosts``: the names the server answers to (the ``Host`` header) besides its IP
    addresses and ``localhost``; any other name is refused, for a page of another site may have
    made its name point at this machine (DNS rebinding; see :mod:`armourpen.web.guard`).
    """
    from fastapi import FastAPI
    from fastapi.staticfiles import StaticFiles

    import armourpen
    from armourpen.web import api, errors, pages
    from armourpen.web.body import BodyLimit
    from armourpen.web.guard import RequestGuard, allowed_host_names

    if catalog is None:
        from armourpen.catalog import Catalog

        catalog = Catalog.builtin()
    # No /docs or /redoc: their pages load scripts from other hosts; /api describes the API here.
    app = FastAPI(title="armourpen", version=armourpen.__version__, description=DESCRIPTION,
                  docs_url=None, redoc_url=None)
    app.state.armourpen = WebState(catalog, limits)
    errors.install(app)
    # The routes go on the app's own router, in order: an included router is matched through a
    # nested one on every request, a cost each small API request would pay, and its routes are
    # not the app's routes to look up (RequestGuard reads their parameters).
    app.router.routes.extend(api.router.routes)
    app.router.routes.extend(pages.router.routes)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.add_middleware(BodyLimit, limits=limits)
    app.add_middleware(RequestGuard, router=app.router, hosts=allowed_host_names(allow_hosts),
                       cors=cors)
    if cors:
        from armourpen.web.guard import cors_middleware

        app.add_middleware(cors_middleware(), allow_origins=["*"], allow_methods=["GET", "POST"],
                           allow_headers=["Content-Type"])
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
