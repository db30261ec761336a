"""Interactive API docs at ``/docs``: Swagger UI over ``/openapi.json``, from files in the installed
packages alone, so that the page works offline.

FastAPI's own ``/docs`` loads Swagger UI's script and style from a CDN and a favicon from
FastAPI's site; here the same page (FastAPI's ``get_swagger_ui_html``) takes them from the
distribution that ``fastapi-offline`` ships (``/static/docs/``), and the favicon is none.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

DOCS_URL = "/docs"
ASSETS_URL = "/static/docs"

router = APIRouter(include_in_schema=False)


def assets_dir() -> Path:
    """Swagger UI's script and style as fastapi-offline installs them (its package data)."""
    return Path(str(files("fastapi_offline").joinpath("static")))


@router.get(DOCS_URL, response_class=HTMLResponse)
def docs() -> HTMLResponse:
    """Swagger UI: every route of the API, its parameters and bodies, and "Try it out"."""
    from fastapi.openapi.docs import get_swagger_ui_html

    page = get_swagger_ui_html(
        openapi_url="/openapi.json", title="armourpen: HTTP API (Swagger UI)",
        swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
        swagger_favicon_url="data:,",  # no request for one (the other pages ask for none either)
        # the schemas' section would list every part of both scenario formats: folded away
        swagger_ui_parameters={"defaultModelsExpandDepth": 0, "tryItOutEnabled": True,
                               "displayRequestDuration": True},
    )
    page.headers["Content-Security-Policy"] = policy(bytes(page.body))
    return page


def policy(page: bytes) -> str:
    """The page's policy: Swagger UI starts from a script in the page, allowed by its hash."""
    import base64
    import hashlib
    import re

    from armourpen.web.guard import page_policy

    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(m).digest()).decode()}'"
              for m in re.findall(rb"<script>(.*?)</script>", page, re.S)]
    return page_policy(scripts=hashes)
