"""The routes of the web app, their error handlers, the static files and the OpenAPI description:
the app a worker process runs (:func:`plain_app`), which :func:`armourpen.web.create_app` wraps
with the guard, the size cap and the hand-off to the workers. Every asset is in the package
(``static/``), so the pages work offline.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from armourpen.web.state import WebState

if TYPE_CHECKING:
    from fastapi import FastAPI
    from starlette.routing import BaseRoute

    from armourpen import Catalog
    from armourpen.limits import Limits

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


def plain_app(catalog: Catalog, limits: Limits, lifespan: Any = None) -> FastAPI:
    """The routes, their error handlers and the static files, doing the work where they run (a
    worker process runs this app; :func:`create_app` wraps it)."""
    from fastapi import FastAPI
    from fastapi.staticfiles import StaticFiles

    import armourpen
    from armourpen.web import api, docs, errors, pages

    # FastAPI's own /docs and /redoc load scripts from other hosts: web.docs serves /docs offline
    app = FastAPI(title="armourpen", version=armourpen.__version__, description=DESCRIPTION,
                  docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.armourpen = WebState(catalog, limits)
    errors.install(app)
    app.add_middleware(errors.Contained)  # the innermost: any exception of a route, as AP-2
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(docs.router)
    # before /static, which would take its paths
    app.mount(docs.ASSETS_URL, StaticFiles(directory=docs.assets_dir()), name="docs-assets")
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    _describe(app)
    return app


def routes() -> list[BaseRoute]:
    """The API's and the pages' routes, as declared (RequestGuard reads their parameters; an app
    holds an included router as one nested route, not as these)."""
    from armourpen.web import api, docs, pages

    return [*api.router.routes, *pages.router.routes, *docs.router.routes]


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
