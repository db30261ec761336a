"""Timing a reader on hostile input against the same reader on benign input of the same size,
measured in the same run (CPU time, so that other processes on the machine count for little)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

RATIO = 20  # hostile input may cost this many times benign input of its size, not more


def cpu_seconds(work: Callable[[], object]) -> float:
    """The CPU time ``work`` takes; an error it raises (a refusal) ends it like an answer."""
    start = time.process_time()
    with contextlib.suppress(ValueError):  # InputError is one: a refusal is an answer too
        work()
    return time.process_time() - start


def baseline(benign: Callable[[], object]) -> float:
    """The CPU time of benign work: the better of two runs, so that a pause of the machine in one
    run does not decide it."""
    return min(cpu_seconds(benign), cpu_seconds(benign))


def assert_linear(base: float, hostile: Callable[[], object], ratio: float = RATIO) -> None:
    """``hostile`` takes at most ``ratio`` times ``base`` (a :func:`baseline`), in the better of
    two runs if the first takes longer."""
    took = cpu_seconds(hostile)
    if took > ratio * base:
        took = min(took, cpu_seconds(hostile))
    assert took <= ratio * base, f"{took:.3f} s against {base:.3f} s for benign input"
