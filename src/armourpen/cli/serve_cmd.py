"""``armourpen serve``: the web calculator and the HTTP API (the ``web`` extra), with uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from armourpen.cli.options import catalog_files, limits, load_catalog, no_user_catalog
from armourpen.cli.params import WHOLE, command
from armourpen.errors import InputError

if TYPE_CHECKING:
    from armourpen.catalog import Catalog


@command("serve")
@click.option("--host", default="127.0.0.1", help="The address to listen on (loopback by default).")
@click.option("--port", type=WHOLE, default=8000, help="The port to listen on.")
@click.option("--cors", is_flag=True, help="Let pages of any origin call the API (GET, POST).")
@catalog_files
@no_user_catalog
def serve(host: str, port: int, cors: bool, catalog: tuple[Path, ...], no_user_catalog: bool) -> None:
    """Serve the calculator page and the HTTP API (prints the URL; Ctrl-C stops it)."""
    if not 0 <= port <= 65535:
        raise InputError("--port", port, "a port number from 0 to 65535")
    try:
        import uvicorn

        from armourpen.web import create_app
    except ImportError:
        raise InputError("serve", "(the web extra)", "the web app needs the web extra: "
                         "pip install 'armourpen[web]'") from None
    _check_listen(host, port)
    _private_matplotlib_folder()
    app = create_app(_catalog(catalog, no_user_catalog), limits=limits(), cors=cors)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"armourpen: serving on http://{shown}:{port}/ (the API: http://{shown}:{port}/api)")
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    except SystemExit as exc:  # uvicorn's own exit when it cannot start (3, our output failure)
        if exc.code:
            raise InputError("--port", port, f"a port free to listen on at {host}") from None
        raise


def _private_matplotlib_folder() -> None:
    """Give matplotlib a private temporary folder, removed when the server stops, unless the
    operator chose one (``MPLCONFIGDIR``): it writes its font cache there, not under the home of
    whoever runs the server, and finds no ``matplotlibrc`` of theirs. Set before matplotlib is
    imported, and inherited by worker processes."""
    import atexit
    import os
    import shutil
    import tempfile

    if os.environ.get("MPLCONFIGDIR"):
        return
    folder = tempfile.mkdtemp(prefix="armourpen-matplotlib-")  # this user's only (0700)
    os.environ["MPLCONFIGDIR"] = folder
    atexit.register(shutil.rmtree, folder, ignore_errors=True)


def _catalog(files: tuple[Path, ...], no_user_catalog: bool) -> Catalog:
    """The catalogs; a file that cannot be read (a stray one in the user catalog folder) is
    reported once here and PEN/AV requests are refused with the same words, while GURPS, which
    names no catalog item, is served (as the CLI resolves a GURPS scenario then)."""
    from armourpen.web.state import UnreadCatalog

    try:
        return load_catalog(files, no_user_catalog)
    except InputError as exc:
        click.echo(f"armourpen: warning: {exc}\narmourpen: warning: PEN/AV requests are refused "
                   "with that message until the catalog file is fixed or moved away "
                   "(--no-user-catalog leaves out the user folder's); GURPS is served", err=True)
        return UnreadCatalog(exc)


def _check_listen(host: str, port: int) -> None:
    """Refuse a host this machine cannot listen on, or a port taken, before serving (AP-2)."""
    import socket

    if not host or not host.isprintable() or any(c.isspace() for c in host):
        raise InputError("--host", host, "a host name or address, e.g. 127.0.0.1 or localhost")
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InputError("--host", host, f"a host name or address of this machine ({reason})") \
            from None
    try:
        with socket.socket(family, kind) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        raise InputError("--port", port, f"a port this machine can listen on at {host} "
                         f"({exc.strerror or exc})") from None
