"""What several web tests share."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

SCRIPT_NAME = "<script>alert('pwned')</script> rifle"
"""A user's attack profile named like an injection: it must show as text everywhere."""

TEST_HOSTS = ("testserver",)
"""The host name TestClient sends: the tests' apps answer to it as a served one would to a name
given with ``armourpen serve --allow-host`` (any other name is refused, DNS rebinding)."""

JSON_TYPE = {"Content-Type": "application/json"}
"""The header of a JSON body sent as raw bytes (``content=``): the API reads no other type."""


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on at ``host`` now (the system's choice for port 0)."""
    import socket

    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(*options: str, ready: str = "/api/schema/gurps") -> Iterator[str]:
    """``armourpen serve OPTIONS`` on a free loopback port, as a user starts it, once ``ready``
    answers: its base URL. Stopped on leaving."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "armourpen", "serve", "--port", str(port),
                             *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):  # bounded: about 20 s at most, and the server's own end is seen
            try:
                with urllib.request.urlopen(url + ready, timeout=2):
                    break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(proc.stderr.read() if proc.stderr else "serve ended") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
