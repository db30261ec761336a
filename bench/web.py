"""The HTTP API under load: ``POST /api/resolve`` against plain FastAPI endpoints, on loopback.

Two servers run side by side on the same stack (uvicorn with armourpen's connection rules,
``armourpen.web.server.run``): the armourpen app as ``armourpen serve`` runs it (each request's
work handed to its worker processes), and a small FastAPI app of two endpoints: the baseline,
which validates a pydantic body of the scenario's shape and returns it (what any FastAPI endpoint
taking that body costs), and a bare one returning a constant JSON object. N clients (threads, each
with its own keep-alive connection) send requests for a bounded time, to one endpoint then the
next, rounds interleaved (the machine is shared and noisy, so the ratios are what count).
Prints `name: value` lines: requests per second of each, p50/p99 latency, the errors (any status
other than 200 or a failed connection; goal 0), and resolve's ratio to each. The goal: resolve at
>= 0.7x the baseline with p99 under 20 ms at 8 clients (the milliseconds measured on a quiet
machine, printed beside the ratio of resolve's p99 to the baseline's of the same run); the ratio
to the bare endpoint is reported. A light ``/api/resolve`` is answered on the server's event loop
(``armourpen.web.inline``), so the last figure is resolve's p99 at the same clients while every
worker runs heavy work (exact odds of 300 dice at 5 targets, sent back to back by one more client
per worker): the light requests do not wait for the workers.

    python bench/web.py [--clients 8] [--seconds 3] [--rounds 3] [--workers 2]
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
from typing import Any

from pydantic import BaseModel

from armourpen.web.server import ServerSettings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import line

# The text's example: a 7.62x51mm NATO round at 150 m through Gray's NIJ Type III vest to the VIP.
SCENARIO = {
    "rules": "penav",
    "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
    "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}],
}
# Heavy work for the workers: exact odds of 300 dice at 5 targets (about 0.4 s of CPU each).
HEAVY = {
    "rules": "gurps",
    "attack": {"damage": "300d pi"},
    "line": [{"target": f"t{i}", "hp": 10 + i % 3, "dr": i % 4} for i in range(5)],
}


class Attack(BaseModel):
    weapon: str
    range: str


class Entry(BaseModel):
    target: str
    armour: list[str] = []


class Body(BaseModel):
    """The shape of SCENARIO, for the baseline endpoint."""

    rules: str
    attack: Attack
    line: list[Entry]


def plain_fastapi() -> Any:
    """The baseline and bare endpoints: FastAPI as its documentation shows it."""
    from fastapi import FastAPI

    app = FastAPI()

    @app.post("/echo")
    async def echo(body: Body) -> Body:
        return body

    @app.post("/const")
    async def const() -> dict[str, bool]:
        return {"ok": True}

    return app


def serve(kind: str, port: int, workers: int) -> None:
    """Run one of the two servers in this process (the bench starts each in a subprocess), both
    as ``armourpen serve`` runs its app: uvicorn, its parsers, the connection rules."""
    from armourpen.web.server import ServerSettings, run

    settings = ServerSettings(workers=workers)
    if kind == "armourpen":  # with its workers (0: the work done on the server's event loop)
        from armourpen.web import create_app

        app = create_app(server=settings)
    else:
        app = plain_fastapi()
    run(app, "127.0.0.1", port, settings)


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


def start(kind: str, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--workers", str(workers),
                             "--serve", kind, str(port)])
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


def server_cpu(pid: int) -> float | None:
    """CPU seconds used so far by the server ``pid`` and every process under it (its workers),
    from /proc (None where there is none): what a request costs the server whatever else the
    machine runs, so that the ratio of two servers' costs holds on a shared machine."""
    import os

    proc = Path("/proc")
    if not proc.is_dir():
        return None
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(entry.name)] = int(fields[1])
        ticks[int(entry.name)] = int(fields[11]) + int(fields[12])  # utime, stime
    total = 0
    for child in ticks:
        p = child
        while p and p != pid:
            p = parents.get(p, 0)
        if p == pid:
            total += ticks[child]
    return total / os.sysconf("SC_CLK_TCK")


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=3.0, help="per round and server")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=ServerSettings().workers,
                        help="armourpen serve --workers (0 measures the work without the hand-off "
                        "to a worker process, as no server should run it)")
    parser.add_argument("--serve", nargs=2, metavar=("KIND", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]), args.workers)
        return
    app, app_port = start("armourpen", args.workers)
    try:
        plain, plain_port = start("plain", args.workers)
    except RuntimeError:  # not the first server left running
        app.terminate()
        raise
    body = json.dumps(SCENARIO).encode()
    targets = (("resolve", app_port, "/api/resolve", body),
               ("baseline", plain_port, "/echo", body),
               ("bare", plain_port, "/const", b"{}"))
    try:
        for _, port, path, payload in targets:  # warm up each
            load(port, path, payload, args.clients, 0.5)
        rates: dict[str, list[float]] = {name: [] for name, *_ in targets}
        times: dict[str, list[float]] = {name: [] for name, *_ in targets}
        errors = dict.fromkeys(rates, 0)
        cpu: dict[str, list[float]] = {name: [] for name in rates}  # server CPU, done
        pids = {app_port: app.pid, plain_port: plain.pid}
        for _ in range(args.rounds):
            for name, port, path, payload in targets:
                c0 = server_cpu(pids[port])
                t0 = time.perf_counter()
                n, lat, err = load(port, path, payload, args.clients, args.seconds)
                rates[name].append(n / (time.perf_counter() - t0))
                c1 = server_cpu(pids[port])
                if c0 is not None and c1 is not None:
                    cpu[name] += [c1 - c0, n]
                times[name].extend(lat)
                errors[name] += err
        busy = under_heavy(app_port, body, args) if args.workers else None
    finally:
        for proc in (app, plain):
            proc.terminate()
            proc.wait(timeout=10)
    report(args, rates, times, errors, cpu, busy)


def report(args: argparse.Namespace, rates: dict[str, list[float]],
           times: dict[str, list[float]], errors: dict[str, int], cpu: dict[str, list[float]],
           busy: tuple[int, list[float], int, int] | None) -> None:
    """The figures, one `name: value` line each."""
    line("server", server_parts())
    line("clients", str(args.clients))
    line("workers", str(args.workers))
    line("seconds_per_round", f"{args.seconds:g} x {args.rounds} rounds per server")
    for name in rates:
        line(f"{name}_requests_per_s", f"{statistics.median(rates[name]):.0f}")
        line(f"{name}_p50_ms", f"{percentile(times[name], 0.50) * 1000:.2f}")
        line(f"{name}_p99_ms", f"{percentile(times[name], 0.99) * 1000:.2f}")
        line(f"{name}_errors", str(errors[name]))
    resolve = statistics.median(rates["resolve"])
    p99 = percentile(times["resolve"], 0.99) * 1000
    line("resolve_over_baseline", f"{resolve / statistics.median(rates['baseline']):.2f} "
         "(goal >= 0.7)")
    base_p99 = percentile(times["baseline"], 0.99) * 1000
    line("resolve_p99_over_baseline_p99", f"{p99 / base_p99:.2f} (resolve_p99_ms {p99:.2f}: "
         "goal < 20 at 8 clients, measured on a quiet machine)")
    line("resolve_over_bare", f"{resolve / statistics.median(rates['bare']):.2f}")
    per_request = {name: sum(xs[::2]) / max(1, sum(xs[1::2])) * 1e6 for name, xs in cpu.items()
                   if xs}
    for name, us in per_request.items():
        line(f"{name}_server_cpu_us_per_request", f"{us:.0f} (the server and its workers)")
    if "resolve" in per_request:
        line("baseline_cpu_over_resolve_cpu", f"{per_request['baseline'] / per_request['resolve']:.2f}"
             " (the throughput ratio where the server's CPU is what runs out; the machine's load "
             "counts little in it)")
    if busy is not None:
        n, lat, err, heavy_done = busy
        line("light_under_heavy_requests_per_s", f"{n / args.seconds:.0f}")
        line("light_under_heavy_p99_ms", f"{percentile(lat, 0.99) * 1000:.2f} (resolve at "
             f"{args.clients} clients while each of the {args.workers} workers runs heavy odds; "
             f"{heavy_done} heavy answers meanwhile)")
        line("light_under_heavy_errors", str(err))


def under_heavy(port: int, body: bytes, args: argparse.Namespace
                ) -> tuple[int, list[float], int, int]:
    """Light requests (resolve) from ``args.clients`` clients while one more client per worker
    keeps it busy with heavy work: the light requests done, their latencies, their errors, and
    the heavy answers had meanwhile."""
    heavy = json.dumps(HEAVY).encode()
    done = [0]
    stop = threading.Event()

    def keep_busy() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while not stop.is_set():
            try:
                conn.request("POST", "/api/odds", heavy, {"Content-Type": "application/json"})
                conn.getresponse().read()
                done[0] += 1
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.close()

    threads = [threading.Thread(target=keep_busy) for _ in range(args.workers)]
    for t in threads:
        t.start()
    time.sleep(1.0)  # every worker at work
    try:
        n, lat, err = load(port, "/api/resolve", body, args.clients, args.seconds)
        heavy_done = done[0]
    finally:
        stop.set()
        for t in threads:
            t.join()
    return n, lat, err, heavy_done


if __name__ == "__main__":
    main()
