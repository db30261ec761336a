"""The inline path cannot be abused: adversarial bodies sent to ``POST /api/resolve``, each timed
on the event loop against the written bound (``armourpen.web.inline.LOOP_BOUND_MS``).

The app is built as ``armourpen serve`` builds it (the guard, the size cap, the hand-off to the
workers), its pool replaced by one that answers at once without working: what is timed is what the
server's event loop does with each body, whether it answers it inline (light work, or a refusal)
or hands it on (too big, or too much work: then the time is that of finding it so). Each body is
sent ``--repeat`` times after one warm-up and the worst is printed, as CPU time of the loop's
thread (what the machine being shared counts little in) beside wall time.

The bodies: those of ``tests/test_linear_readers.py`` (1 MB of hostile JSON: over the inline
body bound, so never parsed inline) and the same cut to the bound (parsed inline, at its largest);
the kinds of ``tests/hostile.py`` (a non-finite or huge number, nesting past the cap, a key of
control characters) at every place of its two scenarios; and small bodies asking for the most work
(bursts of many shots, many dice, long armoured lines, blasts with many fragment dice).

    python bench/web_inline.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from _common import line

from armourpen.web.inline import INLINE_BODY_BYTES, INLINE_WORK, LOOP_BOUND_MS


def bodies() -> dict[str, bytes]:
    """Every adversarial body, by name."""
    from hostile import CONTROLS, GURPS, PENAV, deep, field, places, put, to_json
    from test_linear_readers import HOSTILE_JSON

    out: dict[str, bytes] = {}
    for name, text in HOSTILE_JSON.items():
        out[f"linear: {name} (1 MB)"] = text.encode()
        out[f"linear: {name} (cut to the bound)"] = text.encode()[:INLINE_BODY_BYTES]
    kinds: dict[str, Any] = {"NaN": float("nan"), "Infinity": float("inf"), "10**19": 10**19,
                             "-10**400": -(10**400), "10**4000": 10**4000,
                             "nesting 33": deep(33), "nesting 150": deep(150)}
    for base_name, base in (("penav", PENAV), ("gurps", GURPS)):
        for path in places(base):
            for kind, value in kinds.items():
                out[f"hostile {base_name}: {kind} at {field(path)}"] = to_json(
                    put(base, path, value)).encode()
        tables = [(), *(p for p in places(base) if isinstance(_at(base, p), dict))]
        for path in tables:
            for control in CONTROLS:
                data = json.loads(json.dumps(base))
                _at(data, path)["a" + control + "b"] = 1
                out[f"hostile {base_name}: key {control!r} in {field(path) or 'the top'}"] = \
                    json.dumps(data).encode()
    for name, data in heavy().items():
        out[f"work: {name}"] = json.dumps(data).encode()
    return out


def heavy() -> dict[str, dict[str, Any]]:
    """Small bodies asking for the most work, and the heaviest that is still light."""
    def gurps(attack: dict[str, Any], line: list[dict[str, Any]]) -> dict[str, Any]:
        return {"rules": "gurps", "attack": {"seed": 1, **attack}, "line": line}

    targets = [{"target": f"T{i}", "hp": 10} for i in range(21)]
    vests = [{"target": f"T{i}", "armour": ["NIJ Type III", "NIJ Type IIIA"]} for i in range(30)]
    blasts = [{"target": f"T{i}", "hp": 10, "distance": "1 yd", "sm": 30} for i in range(30)]
    return {
        "a burst of 10,000 shots at 20 targets": gurps(
            {"damage": "7d pi", "skill": 20, "shots": 10000, "rcl": 1}, targets[:20]),
        "a burst of 5 shots of 7d at 3 targets (610 units)": gurps(
            {"damage": "7d pi", "skill": 20, "shots": 5, "rcl": 1}, targets[:3]),
        "a burst of 4 shots of 7d at 3 targets (488 units)": gurps(
            {"damage": "7d pi", "skill": 20, "shots": 4, "rcl": 1}, targets[:3]),
        "1000 dice (the most) at 21 targets": gurps({"damage": "1000d cr"}, targets),
        "1000 dice (the most) at 8 targets (487 units)": gurps({"damage": "1000d cr"},
                                                                targets[:8]),
        "6d at 12 targets (482 units)": gurps({"damage": "6d cr"}, targets[:12]),
        "a blast of 1000d with 1000d fragments at 30 targets of SM +30": gurps(
            {"damage": "1000d cr ex [1000d]"}, blasts),
        "a blast of 6d with 2d fragments at 1 target of SM +30 (647 units)": gurps(
            {"damage": "6d cr ex [2d]"}, blasts[:1]),
        "a blast of 6d at 12 targets of SM +30 (482 units)": gurps(
            {"damage": "6d cr ex"}, blasts[:12]),
        "30 targets in two vests each": {
            "rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
            "line": vests},
        "15 targets in two vests each (570 units)": {
            "rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
            "line": vests[:15]},
        "14 targets in two vests each (497 units)": {
            "rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
            "line": vests[:14]},
    }


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def app() -> tuple[Any, list[bytes]]:
    """The served app, its pool answering at once without working (what it was handed, kept)."""
    from armourpen.web import create_app, work
    from armourpen.web.server import ServerSettings

    handed: list[bytes] = []

    class Handed(work.WorkPool):
        async def answer(self, scope: Any, body: bytes, receive: Any,  # noqa: ARG002
                         send: Any) -> None:
            handed.append(body)
            await send({"type": "http.response.start", "status": 299, "headers": []})
            await send({"type": "http.response.body", "body": b""})

    work.WorkPool = Handed  # type: ignore[misc]  # this process serves nothing else
    return create_app(server=ServerSettings(workers=1)), handed


def once(loop: asyncio.AbstractEventLoop, served: Any, body: bytes) -> tuple[float, float, int]:
    """CPU and wall seconds of one request on the event loop, and its status."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/resolve", "raw_path": b"/api/resolve",
             "root_path": "", "query_string": b"", "client": ("127.0.0.1", 5000),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(body)).encode())]}
    status = [0]
    given = [False]

    async def receive() -> dict[str, Any]:
        if not given[0]:
            given[0] = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # the client stays
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status[0] = message["status"]

    cpu, wall = time.thread_time(), time.perf_counter()
    loop.run_until_complete(served(scope, receive, send))
    return time.thread_time() - cpu, time.perf_counter() - wall, status[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    served, handed = app()
    loop = asyncio.new_event_loop()
    line("bounds", f"a body of at most {INLINE_BODY_BYTES} bytes and {INLINE_WORK} units of "
         f"work is answered inline; the loop held at most {LOOP_BOUND_MS:g} ms each")
    worst_inline = worst_handed = 0.0
    over = 0
    for i, (name, body) in enumerate(bodies().items()):
        once(loop, served, body)  # warm up (first use of a model, a cache)
        before = len(handed)
        runs = [once(loop, served, body) for _ in range(args.repeat)]
        inline = len(handed) == before
        cpu = max(r[0] for r in runs) * 1000
        wall = statistics.median(r[1] for r in runs) * 1000
        status = runs[-1][2]
        where = ("to the workers" if not inline else "answered inline" if status == 200
                 else f"refused {status}")
        verdict = "within" if cpu <= LOOP_BOUND_MS else "OVER"
        over += cpu > LOOP_BOUND_MS
        if inline:
            worst_inline = max(worst_inline, cpu)
        else:
            worst_handed = max(worst_handed, cpu)
        line(f"body_{i:03d}", f"{cpu:.2f} ms CPU worst, {verdict} {LOOP_BOUND_MS:g} ms; "
             f"{wall:.2f} ms wall median; {len(body):,} bytes, {where}: {name}")
    line("worst_inline_answer_ms", f"{worst_inline:.2f} (bound {LOOP_BOUND_MS:g})")
    line("worst_before_hand_off_ms", f"{worst_handed:.2f} (bound {LOOP_BOUND_MS:g})")
    line("bodies_over_the_bound", str(over))


if __name__ == "__main__":
    main()
