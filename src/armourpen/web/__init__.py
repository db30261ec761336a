"""The web calculator and the HTTP API (the ``web`` extra: FastAPI, uvicorn, Jinja2).

``create_app()`` builds the app; ``armourpen serve`` runs it. The core package never imports this.
"""

from __future__ import annotations

from armourpen.web.app import create_app

__all__ = ["create_app"]
