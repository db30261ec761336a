"""Imported by the process the workers are forked from (``work.PRELOAD``): the calculator's first
outcomes worked out once there, with the built-in catalog, so that each worker forked from it
finds the rules' tables, the schemas and the templates loaded, and a worker replaced (its work
stopped) is ready in a tenth of a second rather than half a second. A failure here costs only
that time: each worker warms itself up with its own catalog all the same.
"""

from __future__ import annotations

import contextlib


def _warm_up() -> None:
    import asyncio

    from armourpen import Catalog
    from armourpen.limits import DEFAULT_LIMITS
    from armourpen.web.routes import plain_app
    from armourpen.web.work import warm

    loop = asyncio.new_event_loop()
    try:
        warm(loop, plain_app(Catalog.builtin(), DEFAULT_LIMITS))
    finally:
        loop.close()


with contextlib.suppress(Exception):  # a warm-up only: the workers warm up themselves
    _warm_up()
