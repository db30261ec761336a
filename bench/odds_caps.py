"""Exact odds' caps against what the work really costs: estimate beside measured, per path.

For each scenario (a shot, who is hit, a burst, an explosion; small to beyond the caps) it prints
the estimate (:mod:`armourpen.probability.cost`: units of ``max_odds_work``, bytes of
``max_answer_bytes``) and, run in a child process with the caps raised, the measured cost of
``armourpen odds --json``: seconds (the odds and their JSON), peak memory (ru_maxrss) and the
answer's bytes. ``us/unit`` is the measured microseconds per unit of estimated work, which the
caps' docstrings promise to be about 0.2 or less; ``answer`` the measured bytes over the estimate
(at most 1: the estimate is an upper bound). Cases that would run longer than ``--timeout`` seconds
or take more than ``--memory`` MB are stopped and shown as such.

    python bench/odds_caps.py [--timeout 60] [--memory 3000] [--only NAME]
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import line

CHILD = r"""
import json, resource, sys, time
import armourpen
from armourpen.limits import Limits
from armourpen.serialize import dumps
sc = armourpen.load_scenario(json.loads(sys.argv[1]))
start = time.perf_counter()
text = dumps(armourpen.odds(sc, limits=Limits(max_odds_work=10**18, max_answer_bytes=10**18)))
took = time.perf_counter() - start
print(json.dumps({"s": took, "bytes": len(text.encode()),
                  "kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def _line(targets: int, **extra: Any) -> list[dict[str, Any]]:
    return [{"target": f"t{i}", "hp": 10 + i % 3, "dr": i % 4, **extra} for i in range(targets)]


def _case(damage: str, line: list[dict[str, Any]], **attack: Any) -> dict[str, Any]:
    return {"rules": "gurps", "attack": {"damage": damage, **attack}, "line": line}


def _blast(damage: str, targets: int, distance: float = 1, **extra: Any) -> dict[str, Any]:
    return _case(damage, [{"target": f"t{i}", "hp": 10, "distance": distance + i % 3, **extra}
                          for i in range(targets)])


CASES: dict[str, dict[str, Any]] = {
    # one shot (GU-7, GU-8): the threshold twin and the chain (crushing cannot overpenetrate)
    "shot 40d pi, 3 targets": _case("40d pi", _line(3)),
    "shot 300d pi, 5 targets": _case("300d pi", _line(5)),
    "shot 200d pi, random location": _case("200d pi", _line(1, location="random")),
    "shot 1000d pi, random location": _case("1000d pi", _line(1, location="random")),
    "shot 1000d pi, 2 targets": _case("1000d pi", _line(2)),
    "shot 20d cr, 6 targets, 3 uncertain": _case("20d cr", [
        {"target": f"t{i}", "hp": 10, "hit_chance": "1/2" if i % 2 else 1} for i in range(6)]),
    # who is hit (GU-15 to GU-17)
    "who 7d pi, 8 cards": _case("7d pi", _line(8), skill=14, aim="t3"),
    "who 100d pi, 20 cards": _case("100d pi", _line(20), skill=12, aim="t5"),
    "who 1000d pi, 3 cards": _case("1000d pi", _line(3), skill=12, aim="t1"),
    # bursts (GU-19, GU-20)
    "burst 3d pi x20, random location": _case("3d pi", _line(1, location="random"),
                                              skill=14, shots=20, rcl=2),
    "burst 40d pi x10 Rcl 1": _case("40d pi", _line(1), skill=12, shots=10, rcl=1),
    "burst 100d pi x10 Rcl 1": _case("100d pi", _line(1), skill=12, shots=10, rcl=1),
    "burst 199d pi x10 Rcl 1": _case("199d pi", _line(1), skill=12, shots=10, rcl=1),
    "burst 10d pi x100, 5 targets": _case("10d pi", _line(5), skill=12, shots=100, rcl=1),
    "burst 10d pi x10000, 20 targets": _case("10d pi", _line(20), skill=12, shots=10000,
                                             rcl=1),
    # explosions (GU-21, GU-22)
    "blast 6dx4 [3d], 10 targets": _blast("6dx4 cr ex [3d cut]", 10),
    "blast 100dx100 [2d], 2 targets": _blast("100dx100 cr ex [2d cut]", 2, 0),
    "blast 100dx100 [2d], 10 targets": _blast("100dx100 cr ex [2d cut]", 10, 0),
    "blast 6d [20d] SM 10, 0.5 yd": _blast("6d cr ex [20d cut]", 1, 0.5, sm=10),
    "blast 6d [100d] SM 30, 0.5 yd": _blast("6d cr ex [100d cut]", 1, 0.5, sm=30),
    "blast 6dx2 [1000dx100], 1 target": _blast("6dx2 cr ex [1000dx100 cut]", 1),
}


def estimate(data: dict[str, Any]) -> tuple[int, int, str]:
    """The estimated (work, answer bytes) of the odds of ``data``, and the default caps' verdict."""
    import armourpen
    from armourpen.probability import cost

    seen: list[Any] = []
    real = cost.refuse

    burst = "shots" in data["attack"]

    def spy(_limits: Any, c: Any, smaller: str) -> None:
        seen.append(c)
        if not burst or "shots" in smaller:  # a burst's one shot first, then the burst's powers
            raise StopIteration

    cost.refuse = spy  # type: ignore[assignment]
    sc = armourpen.load_scenario(data)
    from armourpen.limits import Limits

    try:
        armourpen.odds(sc, limits=Limits(max_odds_work=10**18, max_answer_bytes=10**18))
    except StopIteration:
        pass
    finally:
        cost.refuse = real
    try:
        armourpen.odds(sc)
        verdict = "within the default caps"
    except armourpen.InputError as exc:
        verdict = "refused: " + exc.value  # type: ignore[operator]
    return sum(c.work for c in seen), seen[-1].answer, verdict


def measure(data: dict[str, Any], timeout: float, memory_mb: int) -> dict[str, Any] | str:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))

    try:
        done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(data)], capture_output=True,
                              text=True, timeout=timeout, preexec_fn=cap, check=False)
    except subprocess.TimeoutExpired:
        return f"stopped after {timeout:g} s"
    if done.returncode:
        return "failed: " + (done.stderr.strip().splitlines() or ["?"])[-1][:80]
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--memory", type=int, default=3000, help="MB of address space per case")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    for name, data in CASES.items():
        if args.only not in name:
            continue
        work, answer, verdict = estimate(data)
        got = measure(data, args.timeout, args.memory)
        name = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
        if isinstance(got, str):
            line(name, f"estimate {work:,} units, {answer:,} B; measured {got}; {verdict}")
            continue
        per_unit = got["s"] * 1e6 / max(work, 1)
        line(name, f"estimate {work:,} units, {answer:,} B; measured {got['s']:.2f} s, "
             f"{got['kb'] // 1024} MB peak, {got['bytes']:,} B; {per_unit:.3f} us/unit, answer "
             f"{got['bytes'] / max(answer, 1):.2f} of the estimate; {verdict}")


if __name__ == "__main__":
    main()
