"""How ``armourpen serve`` holds against one client that floods, on loopback (issue 30, 6 to 8).

Starts a server (uvicorn with the project's connection protocol and worker pool, 2 workers, a
queue of 8) from the source tree given (``--src``: this checkout's by default, another's to compare)
on a free port, and measures, each for a bounded time or count:

- fairness: one address (127.0.0.1) keeps ten heavy requests in flight while eight other
  addresses (127.0.0.2 to .9) each send a quick request after another; prints how many of the
  others' requests were answered 200, 503 or otherwise, and their worst latency;
- connections: many addresses each open as many idle connections as they are let, then a new
  address asks for a page; prints its status;
- a head of 10 MB: the status, and how many of its bytes the server took before answering;
- estimate(calibre=5e-324, mass=1e6, velocity=1e4): the status, and whether a traceback shows;
- the workers' address-space limit, as /proc shows it.

    python bench/web_holds.py [--src PATH] [--seconds 20]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("/api/chart/matrix?band=long&format=svg&armour=NIJ+Type+III&armour=NIJ+Type+IIIA"
         "&armour=NIJ+Type+IV&armour=NIJ+Type+II")
QUICK = json.dumps({"rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
                    "line": [{"target": "Gray", "armour": ["NIJ Type III"]}]}).encode()
SERVE = """
from armourpen.web import create_app
from armourpen.web.server import ServerSettings, run
if __name__ == "__main__":
    settings = ServerSettings(workers=2, queue=8, time_budget=10.0)
    run(create_app(server=settings), "127.0.0.1", {port}, settings)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def request(port: int, method: str, path: str, body: bytes | None = None,
            source: str = "127.0.0.1") -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, body, {"Content-Type": "application/json"})
        r = conn.getresponse()
        return r.status, r.read()
    except OSError:
        return 0, b""
    finally:
        conn.close()


def start(src: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(src)}
    proc = subprocess.Popen([sys.executable, "-c", SERVE.format(port=port)], env=env,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if request(port, "GET", "/static/style.css")[0] == 200:
            request(port, "POST", "/api/resolve", QUICK)  # the workers up
            return proc, port
        time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not start")


def fairness(port: int, seconds: float) -> None:
    stop = time.monotonic() + seconds
    flood: dict[int, int] = {}
    others: dict[int, int] = {}
    worst = [0.0]
    lock = threading.Lock()

    def flooder() -> None:
        while time.monotonic() < stop:
            status, _ = request(port, "GET", HEAVY)
            with lock:
                flood[status] = flood.get(status, 0) + 1
            if status == 503:
                time.sleep(0.05)

    def other(source: str) -> None:
        time.sleep(1.0)  # the flood first
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            status, _ = request(port, "POST", "/api/resolve", QUICK, source)
            with lock:
                others[status] = others.get(status, 0) + 1
                worst[0] = max(worst[0], time.perf_counter() - t0)
            time.sleep(0.2)

    threads = [threading.Thread(target=flooder) for _ in range(10)]
    threads += [threading.Thread(target=other, args=(f"127.0.0.{i}",)) for i in range(2, 10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    total = sum(others.values())
    print(f"fair_others_requests: {total}")
    print(f"fair_others_503: {others.get(503, 0)}")
    print(f"fair_others_200: {others.get(200, 0)}")
    print(f"fair_others_other: {total - others.get(503, 0) - others.get(200, 0)} {others}")
    print(f"fair_others_worst_s: {worst[0]:.2f}")
    print(f"fair_flooder: {dict(sorted(flood.items()))}")


def connections(port: int) -> None:
    held: list[socket.socket] = []
    try:
        for a in range(2, 34):  # 32 addresses, each as many connections as it is let (up to 32)
            for _ in range(32):
                s = socket.socket()
                s.settimeout(5)
                s.bind((f"127.0.1.{a}", 0))
                s.connect(("127.0.0.1", port))
                held.append(s)
        time.sleep(0.5)
        status, _ = request(port, "GET", "/api/thickness?mm=60", source="127.0.2.1")
        print(f"conn_new_address_status: {status}")
    finally:
        for s in held:
            s.close()


def big_head(port: int, size: int = 10 << 20) -> None:
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    sent = 0
    try:
        sock.sendall(b"GET /api/thickness?mm=60 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
        chunk = b"a" * 65536
        with contextlib.suppress(OSError):
            while sent < size:
                sock.sendall(chunk)
                sent += len(chunk)
            sock.sendall(b"\r\n\r\n")
        got = b""
        with contextlib.suppress(OSError):
            while chunk := sock.recv(65536):
                got += chunk
                if b"\r\n\r\n" in got:
                    break
        status = got.split(b" ", 2)[1].decode() if got.startswith(b"HTTP/") else "(none)"
        print(f"head_10mb_status: {status}")
        print(f"head_10mb_bytes_taken: {sent}")
    finally:
        sock.close()


def overflow(port: int) -> None:
    body = json.dumps({"calibre": 5e-324, "mass": 1e6, "velocity": 1e4}).encode()
    status, raw = request(port, "POST", "/api/estimate", body)
    print(f"overflow_status: {status}")
    print(f"overflow_traceback_shown: {b'Traceback' in raw}")
    print(f"overflow_body: {raw[:120]!r}")


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
            if stat and int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def memory_limit(server: int) -> None:
    limits = []
    for forkserver in children(server):
        for worker in children(forkserver):
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{worker}/limits").read_text().splitlines():
                    if line.startswith("Max address space"):
                        limits.append(line.split()[3])
    print(f"worker_address_space_limit: {limits}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    proc, port = start(args.src)
    try:
        memory_limit(proc.pid)
        overflow(port)
        big_head(port)
        fairness(port, args.seconds)
        connections(port)
    finally:
        proc.terminate()
        proc.wait(60)


if __name__ == "__main__":
    main()
