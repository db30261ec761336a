"""The HTTP API under load: ``POST /api/resolve`` against a bare FastAPI endpoint, on loopback.

Two uvicorn servers run side by side: the armourpen app as ``armourpen serve`` runs it (each
request's work handed to its worker processes, its connections held by its timeouts and bounds),
and a FastAPI app whose one endpoint returns a constant JSON object, on plain uvicorn. N clients
(threads, each with its own keep-alive connection) send requests for a bounded time, to one server
then the other, rounds interleaved (the machine is shared and noisy, so the ratio is what counts).
Prints `name: value` lines: requests per second of both, their ratio (goal >= 0.5), p50/p99
latency, and the errors (goal 0): any status other than 200 or a failed connection.

    python bench/web.py [--clients 8] [--seconds 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import line

# The text's example: a 7.62x51mm NATO round at 150 m through Gray's NIJ Type III vest to the VIP.
SCENARIO = {
    "rules": "penav",
    "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
    "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}],
}


def serve(kind: str, port: int) -> None:
    """Run one of the two servers in this process (the bench starts each in a subprocess)."""
    import uvicorn

    if kind == "armourpen":  # as armourpen serve runs it: its workers, its connection rules
        from armourpen.web import create_app
        from armourpen.web.server import ServerSettings, run

        settings = ServerSettings()
        run(create_app(server=settings), "127.0.0.1", port, settings)
        return
    else:
        from fastapi import FastAPI

        app = FastAPI()

        @app.post("/const")
        async def const() -> dict[str, bool]:
            return {"ok": True}

    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


def server_parts() -> str:
    """What uvicorn runs on here: it takes httptools and uvloop when they are installed (the web
    extra installs both), else its pure-Python h11 and asyncio. Both servers run on the same."""
    import importlib.metadata
    import importlib.util

    http = "httptools" if importlib.util.find_spec("httptools") else "h11"
    loop = "uvloop" if importlib.util.find_spec("uvloop") and sys.platform != "win32" else "asyncio"
    return f"uvicorn {importlib.metadata.version('uvicorn')} ({http}, {loop})"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(kind: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--serve", kind, str(port)])
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=2).close()
            return proc, port
        except OSError:
            time.sleep(0.05)
    proc.terminate()
    raise RuntimeError(f"the {kind} server did not start")


def load(port: int, path: str, body: bytes, clients: int, seconds: float
         ) -> tuple[int, list[float], int]:
    """Requests done, their latencies (s) and the errors, from ``clients`` threads."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    stop = time.perf_counter() + seconds
    headers = {"Content-Type": "application/json"}

    def client(n: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop:
            t0 = time.perf_counter()
            try:
                conn.request("POST", path, body, headers)
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                ok = False
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            if ok:
                latencies[n].append(time.perf_counter() - t0)
            else:
                errors[n] += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done = [x for xs in latencies for x in xs]
    return len(done), done, sum(errors)


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=3.0, help="per round and server")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--serve", nargs=2, metavar=("KIND", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return
    app, app_port = start("armourpen")
    bare, bare_port = start("bare")
    body = json.dumps(SCENARIO).encode()
    try:
        load(app_port, "/api/resolve", body, args.clients, 0.5)  # warm up both
        load(bare_port, "/const", b"{}", args.clients, 0.5)
        rates: dict[str, list[float]] = {"resolve": [], "baseline": []}
        times: dict[str, list[float]] = {"resolve": [], "baseline": []}
        errors = {"resolve": 0, "baseline": 0}
        for _ in range(args.rounds):
            for name, port, path, payload in (("resolve", app_port, "/api/resolve", body),
                                              ("baseline", bare_port, "/const", b"{}")):
                t0 = time.perf_counter()
                n, lat, err = load(port, path, payload, args.clients, args.seconds)
                rates[name].append(n / (time.perf_counter() - t0))
                times[name].extend(lat)
                errors[name] += err
    finally:
        for proc in (app, bare):
            proc.terminate()
            proc.wait(timeout=10)
    line("server", server_parts())
    line("clients", str(args.clients))
    line("seconds_per_round", f"{args.seconds:g} x {args.rounds} rounds per server")
    for name in ("resolve", "baseline"):
        line(f"{name}_requests_per_s", f"{statistics.median(rates[name]):.0f}")
        line(f"{name}_p50_ms", f"{percentile(times[name], 0.50) * 1000:.2f}")
        line(f"{name}_p99_ms", f"{percentile(times[name], 0.99) * 1000:.2f}")
        line(f"{name}_errors", str(errors[name]))
    ratio = statistics.median(rates["resolve"]) / statistics.median(rates["baseline"])
    line("resolve_over_baseline", f"{ratio:.2f} (goal >= 0.5)")


if __name__ == "__main__":
    main()
