"""``armourpen serve``: the web calculator and the HTTP API (the ``web`` extra), with uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from armourpen.cli.options import catalog_files, install_line, load_catalog, no_user_catalog
from armourpen.cli.params import NUMBER, WHOLE, command, limits
from armourpen.errors import MISSING, InputError

if TYPE_CHECKING:
    from armourpen import Catalog


@command("serve")
@click.option("--host", default="127.0.0.1", help="The address to listen on (loopback by default; "
              "0.0.0.0 opens it to every device on the network, with no login).")
@click.option("--port", type=WHOLE, default=8000, help="The port to listen on.")
@click.option("--cors", "cors", multiple=True, is_flag=False, flag_value="*", metavar="[ORIGIN]",
              help="Let pages of ORIGIN call the API (GET, POST; repeatable), e.g. a hosted "
              "Foundry's https://foundry.example:30000 (its private-network preflight is "
              "answered); alone, pages of any origin.")
@click.option("--workers", type=WHOLE, default=2, show_default=True,
              help="Worker processes that do the requests' work (several requests at once).")
@click.option("--time-budget", type=NUMBER, default=10.0, show_default=True,
              help="Seconds one request may take from its arrival, waiting included; work "
              "still running then is stopped (422).")
@click.option("--worker-memory", type=WHOLE, default=2048, show_default=True, metavar="MIB",
              help="MiB of memory each worker may take; work needing more is refused (422).")
@click.option("--frame-ancestor", "frame_ancestor", multiple=True, metavar="ORIGIN",
              help="Let pages of this origin show the calculator in a frame (a virtual tabletop, "
              "https://foundry.example:30000; repeatable); by default only the server's own.")
@click.option("--allow-host", "allow_host", multiple=True, metavar="NAME",
              help="Answer to this host name too (repeatable); besides the --host name, IP "
              "addresses and localhost, any other name in a request's Host header is refused.")
@catalog_files
@no_user_catalog
def serve(host: str, port: int, cors: tuple[str, ...], workers: int, time_budget: float,
          worker_memory: int, frame_ancestor: tuple[str, ...], allow_host: tuple[str, ...],
          catalog: tuple[Path, ...], no_user_catalog: bool) -> None:
    """Serve the calculator page and the HTTP API (prints the URL; Ctrl-C stops it)."""
    if not 0 <= port <= 65535:
        raise InputError("--port", port, "a port number from 0 to 65535")
    _check_output()
    try:
        import uvicorn  # noqa: F401 (the web extra is there)

        from armourpen.web import create_app
        from armourpen.web.server import MAX_WORKERS, ServerSettings, run
    except ImportError:
        raise InputError("serve", MISSING, "the web app needs the web extra: "
                         + install_line("web")) from None
    if not 1 <= workers <= MAX_WORKERS:  # 0 (no worker) is the Python API's alone
        raise InputError("--workers", workers, f"a whole number from 1 to {MAX_WORKERS}")
    try:
        settings = ServerSettings(workers=workers, time_budget=time_budget,
                                  worker_memory=worker_memory)
    except InputError as exc:
        raise exc.at("--" + exc.field.replace("_", "-")) from None
    from armourpen.web.guard import (
        allowed_host_names,
        cors_origins,
        frame_origins,
        host_name,
        is_ip,
    )

    hosts = allowed_host_names(allow_host, "--allow-host")  # refused before anything is read
    frames = frame_origins(frame_ancestor, "--frame-ancestor")
    origins = cors_origins(cors, "--cors")
    # port 0: the OS chooses a free one, found by the probe, so the URL printed is the real one
    port = _check_listen(host, port)
    if not is_ip(host):  # the name it listens on is answered to as well
        hosts |= {host_name(host)}
    exposed = _exposed(host, port)
    _private_matplotlib_folder()  # before the workers start: they inherit it
    app = create_app(_catalog(catalog, no_user_catalog), limits=limits(), cors=origins,
                     server=settings, allow_hosts=hosts, frame_ancestors=frames)
    if exposed:
        _warn_exposed(host, exposed, origins)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"armourpen: serving on http://{shown}:{port}/ (the API: http://{shown}:{port}/api)")
    try:
        run(app, host, port, settings)
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
                   "until the catalog file is fixed or moved away (--no-user-catalog leaves out "
                   "the user folder's), with a message that names no file; GURPS is served",
                   err=True)
        return UnreadCatalog(exc)


def _check_output() -> None:
    """Standard output closed (``>&-``): the address cannot be shown, so nothing is served and
    the command ends as any whose output cannot be written (3), before it listens."""
    import errno
    import sys

    if sys.stdout is None:
        from armourpen.cli.app import OutputFailed

        raise OutputFailed(OSError(errno.EBADF, "standard output is closed"))


def _exposed(host: str, port: int) -> list[str]:
    """The addresses ``host`` listens on that are not loopback (what other machines can reach)."""
    import ipaddress
    import socket

    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    out: list[str] = []
    for *_, address in found:
        ip = ipaddress.ip_address(str(address[0]).partition("%")[0])
        if not ip.is_loopback and str(ip) not in out:
            out.append(str(ip))
    return out


def _warn_exposed(host: str, addresses: list[str], cors: tuple[str, ...]) -> None:
    """What listening beyond this machine exposes, and how to narrow it, on stderr."""
    import ipaddress

    every = any(ipaddress.ip_address(a).is_unspecified for a in addresses)
    where = "every network interface of this machine" if every else ", ".join(addresses)
    lines = [
        f"serving on {host} ({where}): every device that can reach it on the network can use "
        "the calculator and the HTTP API, with no login, and make it compute",
        "to restrict it: bind to the one address the players' network reaches (--host "
        "192.168.1.20, say), let only that network through the firewall to this port, name the "
        "host the players' browsers use with --allow-host NAME (other names are refused), "
        + ("and leave out --cors (now on: any site's page can call the API)" if "*" in cors
           else "and keep --cors to the origins that need it (now: " + ", ".join(cors) + ")"
           if cors else "and keep --cors off"),
    ]
    for line in lines:
        click.echo(f"armourpen: warning: {line}", err=True)


def _check_listen(host: str, port: int) -> int:
    """Refuse a host this machine cannot listen on, or a port taken, before serving (AP-2); the
    port to serve on: ``port``, or for 0 the free one the OS gave the probe (so the URL printed
    names it; another program could take it in the moment between, and then serving stops with
    the error of a port taken)."""
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
            chosen: int = probe.getsockname()[1]
    except OSError as exc:
        raise InputError("--port", port, f"a port this machine can listen on at {host} "
                         f"({exc.strerror or exc})") from None
    return chosen
