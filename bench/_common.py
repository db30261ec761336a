"""Shared helpers for the bench scripts: median timings and `name: value` lines."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def per_call(fn: Callable[[], Any], rounds: int = 7, min_time: float = 0.2) -> float:
    """Median seconds per call of ``fn``: each round repeats it for at least ``min_time``."""
    fn()  # warm up (imports, caches of the interpreter)
    return statistics.median(per_call_once(fn, min_time) for _ in range(rounds))


def interleaved(fns: dict[str, Callable[[], Any]], rounds: int = 7,
                min_time: float = 0.2) -> dict[str, float]:
    """Median seconds per call of each function, rounds alternated (a noisy machine hits both)."""
    for fn in fns.values():
        fn()
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            samples[name].append(per_call_once(fn, min_time))
    return {name: statistics.median(ts) for name, ts in samples.items()}


def per_call_once(fn: Callable[[], Any], min_time: float) -> float:
    """Seconds per call of ``fn``, repeated for at least ``min_time``."""
    n = 0
    start = time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / n


def line(name: str, value: str) -> None:
    """One figure, `name: value`."""
    print(f"{name}: {value}", flush=True)
